//! `query`: answers for states given as arguments or read from stdin, on every board, written
//! by the library's printer.

pub(crate) mod lines;
mod out;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::Parser;
use tilebase_answer::{
    Answers, Effort, Error, Input, Library, Method, Mode, Position, Printer, Question, draw, quote,
};

use lines::Lines;
use tilebase_program::exit::{self, report};
use tilebase_program::progress::{Searching, Shown};
use tilebase_program::quiet::Quiet;
use tilebase_program::which::{Found, Which, words};

/// Answers, for each state, its optimal distance to the goal and an optimal solution: instantly
/// from a table built once on boards of up to 12 cells, by IDA* over pattern databases on boards
/// of 13 to 25 cells (4x4, the 15-puzzle; 5x5, the 24-puzzle; 5x3, 7x2, ...). Moves name the
/// direction the blank moves: U, D, L, R.
///
/// Exit status: 0 when every state was answered and solvable, 1 when at least one cannot reach
/// the goal, 2 on any error (an unreadable input, a bad flag, a missing or damaged database).
#[derive(Debug, Parser)]
#[command(name = "query", version)]
pub struct Args {
    /// States to answer, in any common form: 603712458, "6 0 3 7 1 2 4 5 8", 6,0,3,7,1,2,4,5,8,
    /// [6,0,3,7,1,2,4,5,8], 603/712/458, a grid over several lines (the blank 0 or .); on
    /// boards of over 9 cells with separators (1,2,...,15,0). With no --board, the first state
    /// names the board (16 cells: 4x4). `-` or none: read one state per line from stdin
    // The help shows the bracketed form as written, which rustdoc would read as a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(value_name = "STATE")]
    pub states: Vec<String>,
    /// Which answers: --db, --board, --goal, --metric, --pdb.
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
    /// Draw every board of the solution as a grid (in JSON: `boards`, every state along it)
    #[arg(long)]
    pub boards: bool,
    /// List every optimal solution, not just the first, in U < D < L < R order (by search the
    /// search's last iteration runs whole: seconds where a distance takes a fraction of one)
    #[arg(long)]
    pub all: bool,
    /// Count the optimal solutions (in JSON: `count`; with --all, the list and the number)
    #[arg(long)]
    pub count: bool,
    /// With --all, list at most N solutions: the first ones
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// List every move from the state, the tile it slides and the distance it leads to,
    /// marking those that keep the solution optimal
    #[arg(long)]
    pub hint: bool,
    /// How solutions are said: blank, the direction the blank moves (U D L R); tile, the
    /// tiles that move (JSON keeps `moves` and adds `tiles`)
    #[arg(long, value_enum, default_value_t = Notation::Blank)]
    pub notation: Notation,
    /// How moves are written: blank, the direction the blank moves (tilebase's, U D L R);
    /// tile, the direction the tiles slide, a count after a repeated letter (slidy's, D3R2).
    /// JSON keeps tilebase's letters
    #[arg(long, value_name = "blank|tile", default_value = "blank")]
    pub moves: tilebase_answer::Letters,
    /// Also write the solution as an animated SVG picture to FILE (for one state)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Print only the state and its distance, one line per input: `-` when unsolvable,
    /// `error` (and a message on stderr) when unreadable. The fastest way through a batch
    #[arg(long, conflicts_with_all = ["json", "boards", "all", "count", "hint", "svg", "notation", "moves"])]
    pub distance_only: bool,
    /// The most nodes a state's search may generate, on boards answered by search: past 25
    /// cells the bounds' budget (with --seconds, whichever runs out first); on 13 to 25 cells
    /// the answer is then the state's bounds (the multi-tile search gives up with an error)
    /// [default: no limit]
    #[arg(long, value_name = "N", value_parser = tilebase_answer::parse_nodes, allow_hyphen_values = true)]
    pub max_nodes: Option<u64>,
    /// The memory the searches may take for A* in A*+IDA*, in bytes or with a unit: 512M, 2G
    /// (the searches of a batch share it); 0 searches by plain IDA* [default: 1G on boards of
    /// more than 16 cells, 0 on the others]
    #[arg(long, value_name = "SIZE", value_parser = tilebase_answer::parse_size, allow_hyphen_values = true)]
    pub memory: Option<usize>,
    /// On boards past 25 cells (6x6 to 10x10), the seconds each state may take: the lower bound
    /// on its optimal length is raised and the shortest solution sought until then (with
    /// --max-nodes, whichever runs out first); 0 gives the heuristic alone. On 13 to 25 cells,
    /// the seconds a solution may take once a search has given up (--max-nodes): the answer is
    /// then its bounds [default: 10]
    #[arg(long, value_name = "S", value_parser = tilebase_answer::parse_seconds, allow_hyphen_values = true)]
    pub seconds: Option<f64>,
    /// On boards past 25 cells, write the bounds to FILE.parquet or FILE.jsonl instead, a row
    /// per state: state, lower_bound, length, optimal, solution, nodes, seconds. The file
    /// appears whole; a run that is stopped is resumed by the same command (the rows done are
    /// kept beside it, in .FILE.rows)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "distance_only", "boards", "svg", "all", "count", "hint"])]
    pub out: Option<PathBuf>,
}

/// How a solution is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Notation {
    /// The direction in which the blank moves: `U`, `D`, `L`, `R`.
    #[default]
    Blank,
    /// The tiles that move, in order: `6 3 2 ...`.
    Tile,
}

impl Args {
    /// How the answers are written.
    pub fn mode(&self) -> Mode {
        let notation = match self.notation {
            Notation::Blank => tilebase_answer::Notation::Blank,
            Notation::Tile => tilebase_answer::Notation::Tile,
        };
        if self.distance_only {
            Mode::DistanceOnly
        } else if self.json {
            Mode::Json {
                all: self.all,
                hint: self.hint,
                notation,
                boards: self.boards,
            }
        } else {
            Mode::Human {
                boards: self.boards,
                all: self.all,
                hint: self.hint,
                notation,
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

/// Runs `query` as `args` ask: its exit status, or the error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    if let (Some(from), None) = (&args.from, &args.to) {
        return Err(format!(
            "--from {}: goes with --to, the goal; to answer the state to the default goal, \
             give it alone: query {}",
            quote(from),
            quote(from)
        ));
    }
    match (args.limit, args.all) {
        (Some(limit), false) => {
            return Err(format!(
                "--limit {limit}: lists the first solutions of --all; add --all"
            ));
        }
        (Some(0), true) => {
            return Err("--limit 0: lists no solution; give at least 1, or leave --all out".into());
        }
        _ => {}
    }
    let inputs = args.inputs();
    let svg = match (&args.svg, inputs.as_slice()) {
        (None, _) => None,
        (Some(file), [one]) if *one != "-" => Some((file, *one)),
        (Some(_), _) => {
            return Err(
                "--svg draws the solution of one state: give exactly one, not - or several".into(),
            );
        }
    };
    let mode = args.mode();
    let effort = Effort {
        max_nodes: args.max_nodes.unwrap_or(u64::MAX),
        memory: args.memory,
        time: args.seconds.map(std::time::Duration::from_secs_f64),
        ..Effort::default()
    };
    let mut stdin = Stdin::new();
    // The first state names the board when no flag does (16 cells: the 15-puzzle): an
    // argument, or stdin's first line, read ahead and answered in its turn.
    let unnamed = args.which.db.is_none() && args.which.board.is_none();
    let first = match inputs.first() {
        Some(&"-") | None if unnamed => stdin.first_line(),
        Some(&"-") | None => None,
        Some(state) => Some(state.to_string()),
    };
    // On a board answered by search or bounds, opening the files reads (and on boards over 16
    // cells copies) hundreds of megabytes, and building missing ones takes minutes: arguments
    // that need none of it (not positions of the board, or unable to reach the goal) are
    // answered without opening or building anything.
    let reads_stdin = inputs.is_empty() || inputs.contains(&"-");
    if args.which.db.is_none() {
        let question = args.which.question(args.to.as_deref(), first.as_deref())?;
        refuse_bounds_flags(question.board(), args)?;
        let printer = Printer::without_files(&question, mode);
        if question.board().method() != Method::Table
            && !reads_stdin
            && args.out.is_none()
            && !inputs
                .iter()
                .any(|s| printer.needs_files(&Input::argument(s)))
        {
            return answer(printer, &inputs, &mut stdin, svg, None, &effort);
        }
    }
    let found = args
        .which
        .find(args.to.as_deref(), first.as_deref(), "query")?;
    let board = match &found {
        Found::Answers(answers) => answers.board(),
        Found::Missing(question) => question.board(),
    };
    let out = match &args.out {
        None => None,
        Some(_) if board.method() != Method::Bounds => {
            return Err(format!(
                "--out: writes the bounds of boards past 25 cells (6x6 to 10x10), not {board}'s \
                 answers; `label --sample file:PATH --out FILE.parquet` writes exact distances"
            ));
        }
        Some(file) => Some((file, out::Format::of(file)?)),
    };
    let answers = match found {
        Found::Answers(answers) => answers,
        // Arguments that need no files were answered above: a typo never costs a build.
        Found::Missing(question) => Library::standard()
            .open(&question, &Shown { program: "query" })
            .map_err(words)?,
    };
    if args.max_nodes.is_none()
        && let Some(note) = tilebase_answer::slow_search_note(answers.question().board())
    {
        exit::note("query", format_args!("{note}"));
    }
    // A person at a terminal is told once how to tighten 6x6's bounds: the tables are not
    // built unasked (half a minute and 423 MB), as the bounds hold without them.
    let goal = answers.goal();
    if io::stderr().is_terminal()
        && tilebase_answer::default_bounds_partition(board, goal.cells()).is_some()
        && answers
            .bounds_puzzle()
            .is_some_and(|p| p.patterns().is_none())
    {
        let goal_flag = if goal.cells() == board.ordered_cells() {
            String::new()
        } else {
            format!(" --goal {goal}")
        };
        exit::note(
            "query",
            format_args!(
                "`build-db --board {board}{goal_flag}` builds pattern databases (about half a \
                 minute and 423 MB, once) that tighten these bounds"
            ),
        );
    }
    if let Some((file, format)) = out {
        let inputs = gathered(&inputs, &mut stdin).map_err(|e| format!("reading stdin: {e}"))?;
        return out::write(&answers, &inputs, &effort, file, format, args.quiet.quiet);
    }
    let printer = Printer::new(&answers, mode)
        .with_effort(effort)
        .with_count(args.count)
        .with_limit(args.limit)
        .with_letters(args.moves);
    answer(printer, &inputs, &mut stdin, svg, Some(&answers), &effort)
}

/// Refuses the flags that ask for every optimal solution or move on a board past 25 cells.
fn refuse_bounds_flags(board: tilebase_answer::Board, args: &Args) -> Result<(), String> {
    if board.method() != Method::Bounds {
        return Ok(());
    }
    for (flag, asked) in [
        ("--all", args.all),
        ("--count", args.count),
        ("--hint", args.hint),
    ] {
        if asked {
            return Err(format!(
                "{flag}: {board} is past 25 cells, where query proves bounds (a lower bound \
                 and a solution), not every optimal solution or move"
            ));
        }
    }
    Ok(())
}

/// Every input, each with its line number when it comes from stdin: the arguments in order,
/// `-` (or none) standing for stdin's lines.
fn gathered(inputs: &[&str], stdin: &mut Stdin) -> io::Result<Vec<(String, Option<u64>)>> {
    let mut all = Vec::new();
    let read = |stdin: &mut Stdin, all: &mut Vec<(String, Option<u64>)>| -> io::Result<()> {
        stdin.tell();
        let mut number = 0;
        while let Some(line) = stdin.lines.next_line()? {
            number += 1;
            all.push((String::from_utf8_lossy(line).into_owned(), Some(number)));
        }
        Ok(())
    };
    if inputs.is_empty() {
        read(stdin, &mut all)?;
    }
    for &input in inputs {
        if input == "-" {
            read(stdin, &mut all)?;
        } else {
            all.push((input.to_string(), None));
        }
    }
    Ok(all)
}

/// Stdin's lines, read once however many `-` ask for them.
struct Stdin {
    lines: Lines<io::StdinLock<'static>>,
    /// A person types the states.
    typed: bool,
    /// The person was told that states are read from stdin.
    told: bool,
}

impl Stdin {
    fn new() -> Stdin {
        Stdin {
            lines: Lines::new(io::stdin().lock()),
            typed: io::stdin().is_terminal(),
            told: false,
        }
    }

    /// Says why nothing happens yet to someone who typed `query` alone; once.
    fn tell(&mut self) {
        if self.typed && !self.told {
            exit::note(
                "query",
                "reading states from stdin, one per line (Ctrl-D to end)",
            );
        }
        self.told = true;
    }

    /// The first line, left unread: it is answered in its turn. `None` at the end, or on an
    /// error (which the reading proper reports).
    fn first_line(&mut self) -> Option<String> {
        self.tell();
        let line = self.lines.peek_line().ok()??;
        Some(String::from_utf8_lossy(line).into_owned())
    }
}

/// Answers every input with `printer`, then draws the picture asked for; returns the exit
/// status.
fn answer(
    mut printer: Printer<'_>,
    inputs: &[&str],
    stdin: &mut Stdin,
    svg: Option<(&PathBuf, &str)>,
    answers: Option<&Answers>,
    effort: &Effort,
) -> Result<u8, String> {
    // One state's search may run for minutes: a spinner says how far it is, until its answer
    // is written. (Answers to several states come one after another; a spinner between them
    // would be drawn over.)
    let one = answers.is_some() && !printer.streams() && matches!(inputs, [one] if *one != "-");
    let searching = match printer.question().board().method() {
        Method::Patterns if one => Some(Searching::start("query")),
        Method::Bounds if one => Some(Searching::start_bounds(
            "query",
            effort
                .time
                .map_or(tilebase_answer::DEFAULT_BOUNDS_SECONDS, |t| t.as_secs_f64()),
        )),
        _ => None,
    };
    let mut output = Output {
        buffer: Vec::with_capacity(FLUSH_AT + 4096),
        // A person typing states, or reading them on a terminal, sees each answer at once.
        eager: io::stdin().is_terminal() || io::stdout().is_terminal(),
        sink: io::stdout().lock(),
        searching,
    };
    match answer_all(inputs, stdin, &mut printer, &mut output).and_then(|()| output.flush()) {
        Ok(()) => {}
        // `query ... | head`: the reader is gone; stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(format!("writing the answers: {e}")),
    }
    let mut status = exit::status(printer.outcome());
    if let Some((file, text)) = svg
        && let Err((message, code)) = write_svg(printer.question(), answers, effort, text, file)
    {
        report("query", format_args!("--svg {}: {message}", file.display()));
        status = status.max(code);
    }
    Ok(status)
}

/// Writes the animated solution of the state typed as `text` to `file`, whole or not at all.
/// When there is none, says why, with the exit status that goes with it: an unsolvable state is
/// an answer (1), anything else an error (2). Without `answers`, the state needs none to be
/// refused. A search looks within `effort`, as the answers' did.
fn write_svg(
    question: &Question,
    answers: Option<&Answers>,
    effort: &Effort,
    text: &str,
    file: &std::path::Path,
) -> Result<(), (String, u8)> {
    let goal = question.goal();
    // query has already answered or refused this state; here only the reason is wanted.
    let position = Position::parse(question.board(), text).map_err(|e| {
        (
            format!("no solution to draw: {}: {e}", quote(text)),
            exit::ERROR,
        )
    })?;
    let cannot = || {
        (
            format!("no solution to draw: {position} cannot reach goal {goal}; nothing written"),
            exit::UNSOLVABLE,
        )
    };
    if position.unsolvable_reason(goal).is_some() {
        return Err(cannot());
    }
    let Some(answers) = answers else {
        return Err(cannot());
    };
    if question.board().method() == Method::Bounds {
        let moves = match answers.bounds(&position, effort) {
            Ok(tilebase_answer::Answer::Bounded(b)) => b.moves,
            Ok(_) => return Err(cannot()),
            Err(e) => return Err((format!("no solution to draw: {e}"), exit::ERROR)),
        };
        let moves = moves.ok_or_else(|| {
            (
                "no solution to draw: none was found within the budget".to_string(),
                exit::ERROR,
            )
        })?;
        let picture = draw::svg(&position, goal, &moves.slides(question.metric()));
        return tilebase_program::files::write_atomically(file, picture.as_bytes())
            .map_err(|e| (e.to_string(), exit::ERROR));
    }
    let moves = answers
        .solve_within(&position, effort)
        .map_err(|e| {
            let why = match e {
                // The state was named in its answer's line already.
                Error::Search { error, .. } => error.to_string(),
                other => other.to_string(),
            };
            (format!("no solution to draw: {why}"), exit::ERROR)
        })?
        .ok_or_else(cannot)?;
    let picture = draw::svg(&position, goal, &moves.slides(question.metric()));
    tilebase_program::files::write_atomically(file, picture.as_bytes())
        .map_err(|e| (e.to_string(), exit::ERROR))
}

/// Where answers go: a buffer, written out when full, or at once when a person is watching.
struct Output<W> {
    buffer: Vec<u8>,
    eager: bool,
    sink: W,
    /// The spinner of a long search, taken off before anything is written.
    searching: Option<Searching>,
}

impl<W: Write> Output<W> {
    /// After each answer: its notes reported, and the buffer written out if it is time.
    #[inline]
    fn answered(&mut self, printer: &mut Printer<'_>) -> io::Result<()> {
        // The spinner goes (dropped) before anything is written.
        self.searching = None;
        if printer.has_notes() {
            for note in printer.take_notes() {
                report("query", note);
            }
        }
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

    /// Answers one input: every optimal solution written out as the search finds it where
    /// the printer streams them, else as [`Printer::answer`] does.
    fn answer(&mut self, printer: &mut Printer<'_>, input: Input<'_>) -> io::Result<()> {
        if !printer.streams() {
            printer.answer(input, &mut self.buffer);
            return self.answered(printer);
        }
        let mut failed = None;
        let sink = &mut self.sink;
        printer.answer_streaming(input, &mut self.buffer, &mut |written| {
            let sent = sink.write_all(written).and_then(|()| sink.flush());
            written.clear();
            match sent {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        });
        match failed {
            Some(e) => Err(e),
            None => self.answered(printer),
        }
    }
}

/// Answers the arguments in order, `-` standing for stdin. Arguments in a row are answered
/// together: searches on every core.
fn answer_all<W: Write>(
    inputs: &[&str],
    stdin: &mut Stdin,
    printer: &mut Printer<'_>,
    output: &mut Output<W>,
) -> io::Result<()> {
    if inputs.is_empty() {
        return answer_stdin(stdin, printer, output);
    }
    for run in inputs.split_inclusive(|&s| s == "-") {
        let (given, then_stdin) = match run.split_last() {
            Some((&"-", given)) => (given, true),
            _ => (run, false),
        };
        if printer.batch_size() == 1 {
            for &state in given {
                output.answer(printer, Input::argument(state))?;
            }
        } else if !given.is_empty() {
            let batch: Vec<Input<'_>> = given.iter().map(|s| Input::argument(s)).collect();
            printer.answer_all(&batch, &mut output.buffer);
            output.answered(printer)?;
        }
        if then_stdin {
            answer_stdin(stdin, printer, output)?;
        }
    }
    Ok(())
}

/// Answers stdin line by line, streaming: memory stays flat however many lines come. Lines
/// that are searches are gathered into batches answered on every core (one at a time when a
/// person types them).
fn answer_stdin<W: Write>(
    stdin: &mut Stdin,
    printer: &mut Printer<'_>,
    output: &mut Output<W>,
) -> io::Result<()> {
    stdin.tell();
    let batch_size = if stdin.typed { 1 } else { printer.batch_size() };
    let lines = &mut stdin.lines;
    let mut number = 0u64;
    let mut batch: Vec<(Vec<u8>, u64)> = Vec::new();
    loop {
        let line = match lines.next_line() {
            Ok(line) => line,
            Err(e) => {
                printer.fail(format_args!("reading stdin: {e}"));
                None
            }
        };
        let Some(line) = line else {
            if !batch.is_empty() {
                answer_batch(&batch, printer, output)?;
            }
            return output.answered(printer);
        };
        number += 1;
        if batch_size == 1 {
            output.answer(printer, Input::line(line, number))?;
            continue;
        }
        batch.push((line.to_vec(), number));
        if batch.len() == batch_size {
            answer_batch(&batch, printer, output)?;
            batch.clear();
        }
    }
}

fn answer_batch<W: Write>(
    batch: &[(Vec<u8>, u64)],
    printer: &mut Printer<'_>,
    output: &mut Output<W>,
) -> io::Result<()> {
    let inputs: Vec<Input<'_>> = batch
        .iter()
        .map(|(bytes, number)| Input::line(bytes, *number))
        .collect();
    printer.answer_all(&inputs, &mut output.buffer);
    output.answered(printer)
}
