//! One answer per input, in human or JSON form.

use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;
use tilebase_core::{Board, Path, State};
use tilebase_lookup::{Database, Error};

use super::{Args, draw};
use crate::exit::{self, quote, report};

/// One input: a command-line argument or a line of stdin (without its line ending).
pub struct Input<'a> {
    bytes: &'a [u8],
    line: Option<u64>,
}

impl<'a> Input<'a> {
    /// A state given as an argument.
    pub fn argument(text: &'a str) -> Input<'a> {
        Input {
            bytes: text.as_bytes(),
            line: None,
        }
    }

    /// Line `number` of stdin.
    pub fn line(bytes: &'a [u8], number: u64) -> Input<'a> {
        Input {
            bytes,
            line: Some(number),
        }
    }
}

/// The JSON record of an answered state. Exactly these fields, in this order: other programs
/// parse them. `solutions` is added only under `--all`.
#[derive(Serialize)]
struct Answer<'a> {
    state: String,
    goal: &'a str,
    board: &'a str,
    solvable: bool,
    distance: Option<u8>,
    moves: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
}

/// The JSON record of an input that could not be answered.
#[derive(Serialize)]
struct Refusal<'a> {
    input: &'a str,
    error: String,
}

/// Answers inputs one by one and remembers the exit status they add up to.
pub struct Answerer<'a> {
    db: &'a Database,
    board: Board,
    goal: String,
    board_name: String,
    json: bool,
    boards: bool,
    all: bool,
    /// Flush after every answer, for a person typing states.
    interactive: bool,
    status: u8,
}

impl<'a> Answerer<'a> {
    pub fn new(db: &'a Database, args: &Args, interactive: bool) -> Answerer<'a> {
        Answerer {
            db,
            board: db.board(),
            goal: db.goal().to_string(),
            board_name: db.board().to_string(),
            json: args.json,
            boards: args.boards,
            all: args.all,
            interactive,
            status: exit::OK,
        }
    }

    /// The exit status: 2 if anything failed, else 1 if any state was unsolvable, else 0.
    pub fn status(&self) -> u8 {
        self.status
    }

    /// Reports a failure that is not about one input, such as stdin that cannot be read.
    pub fn fail(&mut self, message: impl Display) {
        report("query", message);
        self.status = exit::ERROR;
    }

    /// Answers one input.
    pub fn answer(&mut self, input: Input<'_>, out: &mut impl Write) -> io::Result<()> {
        let Ok(text) = std::str::from_utf8(input.bytes) else {
            return self.refuse(&input, "not valid UTF-8", out);
        };
        let state = match State::parse(self.board, text) {
            Ok(state) => state,
            Err(e) => return self.refuse(&input, e, out),
        };
        match self.db.solve(&state) {
            Ok(path) => self.solved(&state, &path, out)?,
            Err(Error::Unsolvable(why)) => {
                self.status = self.status.max(exit::UNSOLVABLE);
                if self.json {
                    self.write_json(out, &self.record(&state, None))?;
                } else {
                    writeln!(out, "{state}: unsolvable: {}", why.reason())?;
                }
            }
            Err(e) => return self.refuse(&input, e, out),
        }
        if self.interactive {
            out.flush()?;
        }
        Ok(())
    }

    fn solved(&self, state: &State, path: &Path, out: &mut impl Write) -> io::Result<()> {
        let solutions = if self.all {
            match self.db.all_solutions(state) {
                Ok(all) => Some(
                    all.map(|p| p.map(|p| p.to_string()))
                        .collect::<Result<Vec<String>, Error>>(),
                ),
                Err(e) => Some(Err(e)),
            }
        } else {
            None
        };
        let solutions = match solutions.transpose() {
            Ok(solutions) => solutions,
            // Only a damaged table can fail here, after solve() succeeded.
            Err(e) => {
                report("query", format_args!("{state}: {e}"));
                None
            }
        };
        if self.json {
            let mut record = self.record(state, Some(path));
            record.solutions = solutions;
            return self.write_json(out, &record);
        }
        let d = path.len();
        match (&solutions, d) {
            (_, 0) => writeln!(out, "{state}: 0 moves (the goal)")?,
            (Some(all), _) => {
                let n = all.len();
                writeln!(
                    out,
                    "{state}: {d} move{}, {n} optimal solution{}:",
                    plural(d),
                    plural(n)
                )?;
                for p in all {
                    writeln!(out, "  {p}")?;
                }
            }
            (None, _) => writeln!(out, "{state}: {d} move{}: {path}", plural(d))?,
        }
        if self.boards {
            out.write_all(draw::frames(state, path).as_bytes())?;
        }
        Ok(())
    }

    fn record(&self, state: &State, path: Option<&Path>) -> Answer<'_> {
        Answer {
            state: state.to_string(),
            goal: &self.goal,
            board: &self.board_name,
            solvable: path.is_some(),
            distance: path.map(|p| p.len() as u8),
            moves: path.map(Path::to_string),
            solutions: None,
        }
    }

    fn refuse(
        &mut self,
        input: &Input<'_>,
        problem: impl Display,
        out: &mut impl Write,
    ) -> io::Result<()> {
        self.status = exit::ERROR;
        let text = String::from_utf8_lossy(input.bytes);
        if self.json {
            let refusal = Refusal {
                input: &text,
                error: problem.to_string(),
            };
            return self.write_json(out, &refusal);
        }
        match input.line {
            Some(n) => report(
                "query",
                format_args!("line {n}: {}: {problem}", quote(&text)),
            ),
            None => report("query", format_args!("{}: {problem}", quote(&text))),
        }
        Ok(())
    }

    fn write_json(&self, out: &mut impl Write, record: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut *out, record)?;
        out.write_all(b"\n")
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
