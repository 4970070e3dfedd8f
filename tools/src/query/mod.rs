//! `query`: answers from a database, for states given as arguments or read from stdin.

mod answer;
pub(crate) mod draw;
pub(crate) mod lines;
pub(crate) mod svg;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tilebase_core::State;
use tilebase_lookup::Error;

use crate::exit::{self, parse_args, quote, report};
use crate::locate::{self, Which};
use crate::progress::Quiet;
pub use answer::{Answerer, Input, Mode, Notation};
use lines::Lines;

/// Answers, for each state, its optimal distance to the goal and an optimal solution, instantly,
/// from a database built once. Moves name the direction the blank moves: U, D, L, R.
///
/// Exit status: 0 when every state was answered and solvable, 1 when at least one cannot reach
/// the goal, 2 on any error (an unreadable input, a bad flag, a missing or damaged database).
#[derive(Debug, Parser)]
#[command(name = "query", version)]
pub struct Args {
    /// States to answer, in any common form: 603712458, "6 0 3 7 1 2 4 5 8", 6,0,3,7,1,2,4,5,8,
    /// [6,0,3,7,1,2,4,5,8], 603/712/458. `-` or none: read one state per line from stdin
    #[arg(value_name = "STATE")]
    pub states: Vec<String>,
    /// Which database: --db, --board, --goal, --metric.
    #[command(flatten)]
    pub which: Which,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
    /// The start, as in `--from A --to B`: the same as `query --goal B A`
    #[arg(long, value_name = "STATE", conflicts_with = "states")]
    pub from: Option<String>,
    /// The goal, as in `--from A --to B`: the same as --goal
    #[arg(long, value_name = "STATE", conflicts_with = "goal")]
    pub to: Option<String>,
    /// Print JSON Lines: one object per input, in input order
    #[arg(long)]
    pub json: bool,
    /// Draw every board of the solution as a grid
    #[arg(long)]
    pub boards: bool,
    /// List every optimal solution, not just the first
    #[arg(long)]
    pub all: bool,
    /// List every move from the state, the tile it slides and the distance it leads to,
    /// marking those that keep the solution optimal
    #[arg(long)]
    pub hint: bool,
    /// How solutions are said: blank, the direction the blank moves (U D L R); tile, the
    /// tiles that move (JSON keeps `moves` and adds `tiles`)
    #[arg(long, value_enum, default_value_t = Notation::Blank)]
    pub notation: Notation,
    /// Also write the solution as an animated SVG picture to FILE (for one state)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Print only the state and its distance, one line per input: `-` when unsolvable,
    /// `error` (and a message on stderr) when unreadable. The fastest way through a batch
    #[arg(long, conflicts_with_all = ["json", "boards", "all", "hint", "svg"])]
    pub distance_only: bool,
}

impl Args {
    /// How the answers are written.
    pub fn mode(&self) -> Mode {
        if self.distance_only {
            Mode::DistanceOnly
        } else if self.json {
            Mode::Json {
                all: self.all,
                hint: self.hint,
                notation: self.notation,
            }
        } else {
            Mode::Human {
                boards: self.boards,
                all: self.all,
                hint: self.hint,
                notation: self.notation,
            }
        }
    }

    /// The states to answer: `--from`'s, else the arguments.
    fn inputs(&self) -> Vec<&str> {
        match &self.from {
            Some(from) => vec![from.as_str()],
            None => self.states.iter().map(String::as_str).collect(),
        }
    }
}

/// Answers are gathered in a buffer and written out in pieces of about this size.
const FLUSH_AT: usize = 1 << 16;

/// Runs `query` with the process's arguments.
pub fn main() -> ExitCode {
    // The 15-puzzle is answered by pattern databases, with flags of its own.
    if crate::fifteen::asked_for(&std::env::args_os().collect::<Vec<_>>()) {
        return crate::fifteen::query::main();
    }
    let args = match parse_args::<Args>("query") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
    let inputs = args.inputs();
    let svg_state = match (&args.svg, inputs.as_slice()) {
        (None, _) => None,
        (Some(_), [one]) if *one != "-" => Some(*one),
        (Some(_), _) => {
            report(
                "query",
                "--svg draws the solution of one state: give exactly one, not - or several",
            );
            return ExitCode::from(exit::ERROR);
        }
    };
    let mut wanted = args.which.wanted();
    wanted.goal = args.to.as_deref().or(wanted.goal);
    let source = match locate::open(wanted, "query") {
        Ok(source) => source,
        Err(message) => {
            report("query", message);
            return ExitCode::from(exit::ERROR);
        }
    };
    let mut answerer = Answerer::new(source.answers(), args.mode());
    let mut output = Output {
        buffer: Vec::with_capacity(FLUSH_AT + 4096),
        // A person typing states, or reading them on a terminal, sees each answer at once.
        eager: io::stdin().is_terminal() || io::stdout().is_terminal(),
        sink: io::stdout().lock(),
    };
    match answer_all(&inputs, &mut answerer, &mut output).and_then(|()| output.flush()) {
        Ok(()) => {}
        // `query ... | head`: the reader is gone; stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            report("query", format_args!("writing the answers: {e}"));
            return ExitCode::from(exit::ERROR);
        }
    }
    let mut status = answerer.status();
    if let (Some(file), Some(text)) = (&args.svg, svg_state)
        && let Err((message, code)) = write_svg(&source, text, file)
    {
        report("query", format_args!("--svg {}: {message}", file.display()));
        status = status.max(code);
    }
    ExitCode::from(status)
}

/// Writes the animated solution of the state typed as `text` to `file`, whole or not at all.
/// When there is none, says why, with the exit status that goes with it: an unsolvable state is
/// an answer (1), anything else an error (2).
fn write_svg(
    source: &locate::Source,
    text: &str,
    file: &std::path::Path,
) -> Result<(), (String, u8)> {
    let answers = source.answers();
    let goal = answers.goal();
    // query has already answered or refused this state; here only the reason is wanted.
    let state = State::parse(goal.board(), text).map_err(|e| {
        (
            format!("no solution to draw: {}: {e}", quote(text)),
            exit::ERROR,
        )
    })?;
    let path = answers.solve(&state).map_err(|e| match e {
        Error::Unsolvable(_) => (
            format!("no solution to draw: {state} cannot reach goal {goal}; nothing written"),
            exit::UNSOLVABLE,
        ),
        other => (format!("no solution to draw: {other}"), exit::ERROR),
    })?;
    let picture = svg::render(&state, &goal, &path.slides(answers.metric()));
    crate::files::write_atomically(file, picture.as_bytes())
        .map_err(|e| (e.to_string(), exit::ERROR))
}

/// Where answers go: a buffer, written out when full, or at once when a person is watching.
struct Output<W> {
    buffer: Vec<u8>,
    eager: bool,
    sink: W,
}

impl<W: Write> Output<W> {
    fn answered(&mut self) -> io::Result<()> {
        if self.eager || self.buffer.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.sink.write_all(&self.buffer)?;
        self.buffer.clear();
        self.sink.flush()
    }
}

fn answer_all<W: Write>(
    inputs: &[&str],
    answerer: &mut Answerer,
    output: &mut Output<W>,
) -> io::Result<()> {
    if inputs.is_empty() {
        return answer_stdin(answerer, output);
    }
    for &state in inputs {
        if state == "-" {
            answer_stdin(answerer, output)?;
        } else {
            answerer.answer(Input::argument(state), &mut output.buffer);
            output.answered()?;
        }
    }
    Ok(())
}

/// Answers stdin line by line, streaming: memory stays flat however many lines come.
fn answer_stdin<W: Write>(answerer: &mut Answerer, output: &mut Output<W>) -> io::Result<()> {
    if io::stdin().is_terminal() {
        // Someone typed `query` alone: say why nothing happens yet.
        report(
            "query",
            "reading states from stdin, one per line (Ctrl-D to end)",
        );
    }
    let mut lines = Lines::new(io::stdin().lock());
    let mut number = 0u64;
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(()),
            Err(e) => {
                answerer.fail(format_args!("reading stdin: {e}"));
                return Ok(());
            }
        };
        number += 1;
        answerer.answer(Input::line(line, number), &mut output.buffer);
        output.answered()?;
    }
}
