//! `query --board 4x4`: optimal answers for the 15-puzzle, by IDA* over the pattern databases
//! of the goal's class, in every output form `query` has on the other boards.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use rayon::prelude::*;
use tilebase_core::{Metric, Move};
use tilebase_fifteen::{Hint, Solved, boards_of, tiles_moved, unsolvable_reason};
use tilebase_pattern::{FOUR_BY_FOUR, Partition, SolveError, cells_to_string, parse_cells};

use super::{find_or_build, goal_of};
use crate::exit::{self, parse_args, quote, report};
use crate::progress::Quiet;
use crate::query::lines::Lines;
use crate::query::{Notation, draw, svg};

/// Answers 15-puzzle states (`--board 4x4`) with their optimal distance and solution, by IDA*
/// over additive pattern databases (built once, then memory-mapped). Moves name the direction
/// the blank moves: U, D, L, R.
///
/// Exit status: 0 when every state was answered and solvable, 1 when at least one cannot reach
/// the goal, 2 on any error.
#[derive(Debug, Parser)]
#[command(name = "query", version)]
pub struct Args {
    /// States to answer: 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0, "1 2 ... 15 0",
    /// [1, 2, ..., 0], 1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0. `-` or none: one per line from stdin
    #[arg(value_name = "STATE")]
    pub states: Vec<String>,
    /// Board: 4x4
    #[arg(long, value_name = "WxH")]
    pub board: String,
    /// Goal state [default: 1,2,...,15,0]
    #[arg(long, value_name = "STATE")]
    pub goal: Option<String>,
    /// The pattern databases: 7-8 (the strongest), 6-6-3 or 5-5-5 (built in seconds)
    #[arg(long, value_name = "7-8|6-6-3|5-5-5", default_value_t = Partition::SevenEight)]
    pub pdb: Partition,
    /// Not on 4x4: the pattern files are found under db/ and in the cache, by goal and --pdb
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// How moves are counted: stm only on 4x4
    #[arg(long, value_name = "stm|mtm")]
    pub metric: Option<Metric>,
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
    /// Not on 4x4: listing every optimal solution would take a search per solution
    #[arg(long)]
    pub all: bool,
    /// List every move from the state, the tile it slides and the distance it leads to,
    /// marking those that keep the solution optimal
    #[arg(long)]
    pub hint: bool,
    /// How solutions are said: blank, the direction the blank moves; tile, the tiles that move
    #[arg(long, value_enum, default_value_t = Notation::Blank)]
    pub notation: Notation,
    /// Also write the solution as an animated SVG picture to FILE (for one state)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Print only the state and its distance, one line per input: `-` when unsolvable,
    /// `error` (and a message on stderr) when unreadable
    #[arg(long, conflicts_with_all = ["json", "boards", "all", "hint", "svg"])]
    pub distance_only: bool,
    /// Give up on a state after generating this many nodes (an error for that state)
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

/// Lines of stdin answered together: searches differ a thousandfold in length, so the more
/// lines a batch holds, the less a core waits for the batch's longest search; a person typing
/// gets each answer at once instead.
const BATCH: usize = 1024;

/// Runs `query --board 4x4`.
pub fn main() -> ExitCode {
    let args = match parse_args::<Args>("query") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
    match run(&args) {
        Ok(status) => ExitCode::from(status),
        Err(message) => {
            report("query", message);
            ExitCode::from(exit::ERROR)
        }
    }
}

fn run(args: &Args) -> Result<u8, String> {
    if args.db.is_some() {
        return Err("--db names one file; 4x4 answers come from a set of pattern files, found under db/ and in the cache by goal and --pdb".into());
    }
    if args.metric == Some(Metric::Multi) {
        return Err("--metric mtm: 4x4 is answered in single-tile moves (stm) only".into());
    }
    if args.all {
        return Err("--all: every optimal solution of a 4x4 state is not listed (one search each); use --hint for every optimal first move".into());
    }
    let inputs: Vec<&str> = match &args.from {
        Some(from) => vec![from.as_str()],
        None => args.states.iter().map(String::as_str).collect(),
    };
    if args.svg.is_some() && (inputs.len() != 1 || inputs[0] == "-") {
        return Err(
            "--svg draws the solution of one state: give exactly one, not - or several".into(),
        );
    }
    let goal = goal_of(args.to.as_deref().or(args.goal.as_deref()))?;
    if !inputs.is_empty()
        && !inputs.contains(&"-")
        && let Some((answers, svg_status)) = answer_without_files(args, &inputs, &goal)
    {
        let mut status = svg_status;
        let mut out = io::stdout().lock();
        for a in answers {
            status = status.max(a.status);
            if let Some(e) = &a.error {
                report("query", e);
            }
            let _ = out.write_all(a.text.as_bytes());
        }
        let _ = out.flush();
        return Ok(status);
    }
    let set = find_or_build(goal, args.pdb, "query")?;
    let answerer = tilebase_fifteen::Answerer::new(&set)?;
    let answerer = Answerer {
        answerer: &answerer,
        args,
        max_nodes: args.max_nodes.unwrap_or(u64::MAX),
    };
    let mut out = io::stdout().lock();
    let status = std::cell::Cell::new(exit::OK);
    let raise = |code: u8| status.set(status.get().max(code));
    let write = |answers: Vec<Answer>, out: &mut io::StdoutLock<'_>| -> io::Result<()> {
        for a in answers {
            raise(a.status);
            if let Some(e) = &a.error {
                report("query", e);
            }
            out.write_all(a.text.as_bytes())?;
        }
        out.flush()
    };
    let result = (|| -> io::Result<()> {
        let stdin_wanted = inputs.is_empty() || inputs.contains(&"-");
        let given: Vec<(String, Option<u64>)> = inputs
            .iter()
            .filter(|&&s| s != "-")
            .map(|s| (s.to_string(), None))
            .collect();
        write(answerer.answer_all(&given), &mut out)?;
        if stdin_wanted {
            if io::stdin().is_terminal() {
                report(
                    "query",
                    "reading states from stdin, one per line (Ctrl-D to end)",
                );
            }
            let eager = io::stdin().is_terminal();
            let mut lines = Lines::new(io::stdin().lock());
            let mut number = 0u64;
            let mut batch = Vec::with_capacity(BATCH);
            loop {
                let line = match lines.next_line() {
                    Ok(line) => line,
                    Err(e) => {
                        report("query", format_args!("reading stdin: {e}"));
                        raise(exit::ERROR);
                        None
                    }
                };
                let done = line.is_none();
                if let Some(line) = line {
                    number += 1;
                    batch.push((String::from_utf8_lossy(line).into_owned(), Some(number)));
                }
                if !batch.is_empty() && (done || eager || batch.len() == BATCH) {
                    write(answerer.answer_all(&batch), &mut out)?;
                    batch.clear();
                }
                if done {
                    break;
                }
            }
        }
        Ok(())
    })();
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(format!("writing the answers: {e}")),
    }
    if let (Some(file), [one]) = (&args.svg, inputs.as_slice())
        && let Err((message, code)) = answerer.write_svg(one, file)
    {
        report("query", format_args!("--svg {}: {message}", file.display()));
        raise(code);
    }
    Ok(status.get())
}

/// One input's answer: the text to print, its exit status, and an error for stderr.
struct Answer {
    text: String,
    status: u8,
    error: Option<String>,
}

struct Answerer<'a> {
    answerer: &'a tilebase_fifteen::Answerer<'a>,
    args: &'a Args,
    max_nodes: u64,
}

impl Answerer<'_> {
    /// Answers every input on every core; the answers in input order. Fewer inputs than
    /// cores: each search is shared among the cores in turn instead.
    fn answer_all(&self, inputs: &[(String, Option<u64>)]) -> Vec<Answer> {
        if inputs.len() < rayon::current_num_threads() {
            return inputs
                .iter()
                .map(|(text, line)| self.answer(text, *line))
                .collect();
        }
        inputs
            .par_iter()
            .with_max_len(1)
            .map(|(text, line)| self.answer(text, *line))
            .collect()
    }

    fn answer(&self, text: &str, line: Option<u64>) -> Answer {
        let cells = match parse_cells(&FOUR_BY_FOUR, text) {
            Ok(cells) => cells,
            Err(e) => return self.refuse(text, line, &e.to_string()),
        };
        let solved = match self.solve(&cells) {
            Ok(s) => s,
            Err(e) => return self.refuse(text, line, &format!("{}: {e}", cells_to_string(&cells))),
        };
        let state = cells_to_string(&cells);
        let mut out = String::new();
        let moves = match solved {
            Solved::Unsolvable => return unsolvable(self.args, &cells, self.answerer.goal()),
            Solved::Moves(moves) => moves,
        };
        let d = moves.len();
        let letters: String = moves.iter().map(|m| m.letter()).collect();
        if self.args.distance_only {
            return Answer {
                text: format!("{state} {d}\n"),
                status: exit::OK,
                error: None,
            };
        }
        let hints = if self.args.hint {
            match self.hints(&cells, d) {
                Ok(h) => Some(h),
                Err(e) => return self.refuse(text, line, &format!("{state}: {e}")),
            }
        } else {
            None
        };
        if self.args.json {
            let tiles = self.args.notation == Notation::Tile;
            json_solved(
                &mut out,
                &cells,
                self.answerer.goal(),
                &moves,
                tiles,
                hints.as_deref(),
            );
            out.push('\n');
        } else {
            let said = match self.args.notation {
                Notation::Blank => letters,
                Notation::Tile => tiles_moved(&cells, &moves)
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            };
            if d == 0 {
                let _ = writeln!(out, "{state}: 0 moves (the goal)");
            } else {
                let _ = writeln!(
                    out,
                    "{state}: {d} move{}: {said}",
                    if d == 1 { "" } else { "s" }
                );
            }
            // As on the other boards: at the goal, the text lists no moves (JSON does).
            for h in hints.iter().flatten().filter(|_| d > 0) {
                let _ = writeln!(
                    out,
                    "  {:<3} tile {:<2}  {:>2} move{} left{}",
                    h.slide.letter(),
                    h.tile,
                    h.distance,
                    if h.distance == 1 { "" } else { "s" },
                    if h.optimal(d) { "  optimal" } else { "" }
                );
            }
            if self.args.boards {
                out.push_str(&boards_text(&cells, &moves));
            }
        }
        Answer {
            text: out,
            status: exit::OK,
            error: None,
        }
    }

    /// An optimal solution of `cells` in its own frame. Inside a batch that keeps every
    /// core busy, each search runs on one; alone, it is shared among the cores (with no node
    /// limit, the same solution either way).
    fn solve(&self, cells: &[u8]) -> Result<Solved, SolveError> {
        self.answerer.solve(cells, self.max_nodes, self.threads())
    }

    /// Every legal move from `cells` (distance `d`), with the distance it leads to.
    fn hints(&self, cells: &[u8], d: usize) -> Result<Vec<Hint>, SolveError> {
        self.answerer
            .hints(cells, d, self.max_nodes, self.threads())
    }

    fn threads(&self) -> usize {
        if rayon::current_thread_index().is_none() {
            rayon::current_num_threads()
        } else {
            1
        }
    }

    fn refuse(&self, text: &str, line: Option<u64>, problem: &str) -> Answer {
        refuse(self.args, text, line, problem)
    }

    fn write_svg(&self, text: &str, file: &std::path::Path) -> Result<(), (String, u8)> {
        let cells = parse_cells(&FOUR_BY_FOUR, text).map_err(|e| {
            (
                format!("no solution to draw: {}: {e}", quote(text)),
                exit::ERROR,
            )
        })?;
        let moves = match self.solve(&cells) {
            Ok(Solved::Moves(moves)) => moves,
            Ok(Solved::Unsolvable) => {
                return Err((
                    format!(
                        "no solution to draw: {} cannot reach goal {}; nothing written",
                        cells_to_string(&cells),
                        cells_to_string(self.answerer.goal())
                    ),
                    exit::UNSOLVABLE,
                ));
            }
            Err(e) => return Err((format!("no solution to draw: {e}"), exit::ERROR)),
        };
        let boards = boards_of(&cells, &moves);
        let labels: Vec<String> = moves.iter().map(|m| m.letter().to_string()).collect();
        let picture = svg::render_cells(
            (4, 4),
            &boards,
            &cells_to_string(&cells),
            &cells_to_string(self.answerer.goal()),
            &labels,
        );
        crate::files::write_atomically(file, picture.as_bytes())
            .map_err(|e| (e.to_string(), exit::ERROR))
    }
}

/// The answer to an unreadable input: a record in JSON, an `error` line with
/// `--distance-only`, and the reason on stderr except in JSON.
fn refuse(args: &Args, text: &str, line: Option<u64>, problem: &str) -> Answer {
    let where_ = match line {
        Some(n) => format!("line {n}: {}: {problem}", quote(text)),
        None => format!("{}: {problem}", quote(text)),
    };
    let out = if args.json {
        json_refused(text, problem) + "\n"
    } else if args.distance_only {
        format!("{text} error\n")
    } else {
        String::new()
    };
    Answer {
        text: out,
        status: exit::ERROR,
        error: (!args.json).then_some(where_),
    }
}

/// The answer to a state that cannot reach `goal`, with the parity reason: no search.
fn unsolvable(args: &Args, cells: &[u8], goal: &[u8]) -> Answer {
    let state = cells_to_string(cells);
    let text = if args.distance_only {
        format!("{state} -\n")
    } else if args.json {
        json_unsolvable(cells, goal) + "\n"
    } else {
        format!("{state}: unsolvable: {}\n", unsolvable_reason(cells, goal))
    };
    Answer {
        text,
        status: exit::UNSOLVABLE,
        error: None,
    }
}

/// Appends the object `--json` prints for `cells`, solved by `moves` (an optimal solution to
/// `goal`), without its newline: the six fields of every board, then `tiles` (with `tiles`,
/// as `--notation tile` adds them) and `hints` (when given, as `--hint` adds them; none at the
/// goal). `serve` writes its 4x4 answers with it.
pub fn json_solved(
    out: &mut String,
    cells: &[u8],
    goal: &[u8],
    moves: &[Move],
    tiles: bool,
    hints: Option<&[Hint]>,
) {
    let (state, goal) = (cells_to_string(cells), cells_to_string(goal));
    let d = moves.len();
    let letters: String = moves.iter().map(|m| m.letter()).collect();
    let _ = write!(
        out,
        "{{\"state\":\"{state}\",\"goal\":\"{goal}\",\"board\":\"4x4\",\"solvable\":true,\"distance\":{d},\"moves\":\"{letters}\""
    );
    if tiles {
        let list: Vec<String> = tiles_moved(cells, moves)
            .iter()
            .map(u8::to_string)
            .collect();
        let _ = write!(out, ",\"tiles\":[{}]", list.join(","));
    }
    if let Some(hints) = hints {
        out.push_str(",\"hints\":[");
        for (i, h) in hints.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "{{\"move\":\"{}\",\"tile\":{},\"distance\":{},\"optimal\":{}}}",
                h.slide.letter(),
                h.tile,
                h.distance,
                h.optimal(d)
            );
        }
        out.push(']');
    }
    out.push('}');
}

/// The object `--json` prints for `cells` when it cannot reach `goal`, without its newline.
pub fn json_unsolvable(cells: &[u8], goal: &[u8]) -> String {
    format!(
        "{{\"state\":\"{}\",\"goal\":\"{}\",\"board\":\"4x4\",\"solvable\":false,\"distance\":null,\"moves\":null}}",
        cells_to_string(cells),
        cells_to_string(goal)
    )
}

/// The object `--json` prints for an input it cannot answer, without its newline: the input
/// as given and the problem.
pub fn json_refused(text: &str, problem: &str) -> String {
    format!(
        "{{\"input\":{},\"error\":{}}}",
        serde_json::to_string(text).unwrap_or_default(),
        serde_json::to_string(problem).unwrap_or_default()
    )
}

/// Answers states given as arguments that need no search (unreadable, or unable to reach the
/// goal), without the pattern files: `None` if any needs a search. A typo must not cost a
/// build of minutes.
fn answer_without_files(args: &Args, inputs: &[&str], goal: &[u8]) -> Option<(Vec<Answer>, u8)> {
    let mut answers = Vec::new();
    let mut svg_status = exit::OK;
    for &text in inputs {
        match parse_cells(&FOUR_BY_FOUR, text) {
            Err(e) => {
                answers.push(refuse(args, text, None, &e.to_string()));
                if let Some(file) = &args.svg {
                    report(
                        "query",
                        format_args!(
                            "--svg {}: no solution to draw: {}: {e}",
                            file.display(),
                            quote(text)
                        ),
                    );
                    svg_status = exit::ERROR;
                }
            }
            Ok(cells) if !tilebase_pattern::solvable(&FOUR_BY_FOUR, goal, &cells) => {
                answers.push(unsolvable(args, &cells, goal));
                if let Some(file) = &args.svg {
                    report(
                        "query",
                        format_args!(
                            "--svg {}: no solution to draw: {} cannot reach goal {}; nothing written",
                            file.display(),
                            cells_to_string(&cells),
                            cells_to_string(goal)
                        ),
                    );
                    svg_status = svg_status.max(exit::UNSOLVABLE);
                }
            }
            Ok(_) => return None,
        }
    }
    Some((answers, svg_status))
}

/// `--boards`: every board of the solution, labelled with its step and move.
fn boards_text(cells: &[u8], moves: &[Move]) -> String {
    let frames = boards_of(cells, moves)
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let label = match k {
                0 => "start".to_string(),
                k => format!("{k} {}", moves[k - 1].letter()),
            };
            (label, draw::grid_text(4, b))
        })
        .collect();
    draw::layout(4, frames)
}
