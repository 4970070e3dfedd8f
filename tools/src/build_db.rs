//! `build-db`: the one-time breadth-first search that writes a goal's database file, or the
//! 15-puzzle's pattern database files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Parser;
use tilebase_answer::{
    Asked, Board, Error, Given, LOCAL_DIR, Method, Metric, MultiTables, Partition, Position,
    Question, QuestionError, build_bounds_files, build_patterns, build_relabelled, build_table,
};
use tilebase_pattern::{ClassFrame, Grid, cells_to_string};

use tilebase_program::exit;
use tilebase_program::progress::Shown;
use tilebase_program::quiet::Quiet;
use tilebase_program::which::words;

/// Builds the database of a sliding-tile puzzle goal: on boards of up to 12 cells the optimal
/// distance of every state that can reach it, one byte each, in a file that `query`
/// memory-maps; on boards of 13 to 25 cells (4x4, the 15-puzzle; 5x5, the 24-puzzle; ...) the
/// pattern databases of the goal's class, one file per pattern of the partition, which answer
/// for every goal of that class (and of the board turned on its side: 5x3 and 3x5 share files).
#[derive(Debug, Parser)]
#[command(name = "build-db", version)]
pub struct Args {
    /// Board, WxH: W columns and H rows, both at least 2: up to 12 cells (a full table), 13 to
    /// 25 (pattern databases) [default: 3x3, or read off --goal]
    #[arg(long, value_name = "WxH")]
    pub board: Option<Board>,
    /// Goal state, in any form query reads (0 is the blank) [default: 123804765 on 3x3, tiles
    /// in order with the blank last on other boards]
    #[arg(long, value_name = "STATE")]
    pub goal: Option<String>,
    /// Build the databases that between them answer for every goal of the board: one for each
    /// class of the blank's cell under the board's symmetries (3 on 3x3 and on 4x4), each of the
    /// tiles in order around the blank. --out is then a directory [default: db]
    #[arg(long, conflicts_with = "goal")]
    pub all_goals: bool,
    /// How moves are counted: stm, one tile slides; mtm, a line of tiles slides as one move
    /// (full tables, and on 4x4 a relabelled table instead of pattern databases) [default: stm]
    #[arg(long, value_name = "stm|mtm")]
    pub metric: Option<Metric>,
    /// The partition into patterns (the help says what each costs to build)
    #[arg(
        long,
        value_name = "SIZES|TILES",
        help = format!("{} [default: the board's; 7-8 on 4x4]", tilebase_answer::pdb_help())
    )]
    pub pdb: Option<Partition>,
    /// Output file; on boards of over 12 cells a directory [default: db/BOARD-GOAL.tilebase,
    /// with -mtm before .tilebase in the multi-tile metric, and .zst added when compressed; on
    /// boards of over 12 cells, db]
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Write the zstd-compressed form, for shipping; query and the library read both (full
    /// tables only: pattern files are memory-mapped as they are)
    #[arg(long)]
    pub compress: bool,
    /// Replace the output file if it exists
    #[arg(long)]
    pub force: bool,
    /// With --board 4x4 --metric mtm: the strong tables (five labels in place of four: about 3
    /// minutes and 1.1 GB of memory, 1.67 GB on disk, a quarter of the search time), which
    /// every question then uses in place of the standard ones
    #[arg(long)]
    pub strong: bool,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Runs `build-db` as `args` ask: builds, prints the summary and exits 0, or stops with an error.
pub fn run(args: &Args) -> Result<u8, String> {
    let summary = build(args)?;
    print!("{summary}");
    Ok(exit::OK)
}

/// Builds and saves the database or databases the arguments ask for; returns the summary to
/// print.
pub fn build(args: &Args) -> Result<String, String> {
    let given = args.goal.as_deref().map(Given::text);
    let question = Question::read(Asked {
        board: args.board,
        goal: given.as_ref(),
        metric: args.metric,
        pdb: args.pdb,
        state: None,
    })
    .map_err(|e| match e {
        QuestionError::MetricNotAnswered { board, metric } => format!(
            "--metric {metric}: {board} pattern databases count single-tile moves (stm) only"
        ),
        other => format!("--{other}"),
    })?;
    if args.strong
        && !(question.board().method() == Method::Patterns && question.metric() == Metric::Multi)
    {
        return Err(
            "--strong: only the 15-puzzle's multi-tile tables (--board 4x4 --metric mtm) come \
             in two strengths"
                .to_string(),
        );
    }
    match question.board().method() {
        Method::Table => tables(args, &question),
        Method::Patterns if question.metric() == Metric::Multi => relabelled(args, &question),
        Method::Patterns => patterns(args, &question),
        Method::Bounds => bounds(args, &question),
    }
}

/// The pattern databases of a board past 25 cells: `--pdb`'s, else the default ones where the
/// board has them (6x6).
fn bounds(args: &Args, question: &Question) -> Result<String, String> {
    let board = question.board();
    if args.compress || args.all_goals {
        let flag = if args.compress {
            "--compress"
        } else {
            "--all-goals"
        };
        return Err(format!(
            "{flag}: {board} pattern databases are built for the goal asked, and memory-mapped \
             as they are"
        ));
    }
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from(LOCAL_DIR));
    if dir.is_file() {
        return Err(format!(
            "{}: is a file; on {board}, --out names a directory",
            dir.display()
        ));
    }
    let watch = Shown {
        program: "build-db",
    };
    let goal = question.goal();
    let started = Instant::now();
    let (partition, saved) = build_bounds_files(
        board,
        goal.cells(),
        question.pdb(),
        &dir,
        args.force,
        &watch,
    )
    .map_err(refused)?;
    let Some(partition) = partition else {
        return Err(format!(
            "--board {board}: needs no files: query --board {board} answers with bounds (a \
             lower bound and a solution) within --seconds, over Manhattan distance and linear \
             conflicts (pattern databases are built for 6x6, and for a partition chosen with \
             --pdb)"
        ));
    };
    let mut summary = String::new();
    let _ = writeln!(summary, "board     {board}");
    let _ = writeln!(summary, "goal      {goal}");
    let _ = writeln!(
        summary,
        "patterns  {partition} (additive, the blank left out{})",
        if board.width() == board.height() {
            ", with the transposed lookup where the blank's home is on the diagonal"
        } else {
            ""
        }
    );
    for s in &saved {
        let h = &s.header;
        let what = format!("cells {:<20}", cells_to_string(&h.homes));
        saved_line(
            &mut summary,
            &what,
            h.entry_count,
            "entries",
            h.max_value,
            &s.path,
            s.bytes,
        );
    }
    let _ = writeln!(
        summary,
        "time      {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(summary, "metric    stm (single-tile moves)\n");
    Ok(summary)
}

/// A file that exists, refused in the words of the flag that replaces it.
fn refused(error: Error) -> String {
    match error {
        Error::Exists(path) => exists(&path),
        other => words(other),
    }
}

fn exists(path: &Path) -> String {
    format!(
        "{}: already exists: pass --force to replace it",
        path.display()
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The full tables asked for: the goal's, or with `--all-goals` one per class of goals.
fn tables(args: &Args, question: &Question) -> Result<String, String> {
    let metric = question.metric();
    let file = |goal: &Position| match goal.state() {
        Some(state) => tilebase_format::file_name(state, metric, args.compress),
        None => String::new(),
    };
    if !args.all_goals {
        let path = args
            .out
            .clone()
            .unwrap_or_else(|| Path::new(LOCAL_DIR).join(file(question.goal())));
        return build_one(args, question.goal(), metric, &path);
    }
    let board = question.board();
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from(LOCAL_DIR));
    if dir.is_file() {
        return Err(format!(
            "{}: is a file; with --all-goals, --out names a directory",
            dir.display()
        ));
    }
    let goals = Position::canonical_goals(board);
    let paths: Vec<PathBuf> = goals.iter().map(|g| dir.join(file(g))).collect();
    // Every refusal before any build, so that nothing is half done.
    for path in &paths {
        if !args.force && std::fs::symlink_metadata(path).is_ok() {
            return Err(exists(path));
        }
    }
    let started = Instant::now();
    let mut summary = String::new();
    for (goal, path) in goals.iter().zip(&paths) {
        summary.push_str(&build_one(args, goal, metric, path)?);
        summary.push('\n');
    }
    let _ = writeln!(
        summary,
        "{} databases for every goal of the {board} board ({metric}) in {:.1} ms: each answers \
         for every goal with the blank in the same class of cells",
        goals.len(),
        ms(started.elapsed())
    );
    Ok(summary)
}

/// Builds and saves one full table; returns its summary.
fn build_one(args: &Args, goal: &Position, metric: Metric, path: &Path) -> Result<String, String> {
    let Some(state) = goal.state() else {
        return Err(format!("{} has no full table", goal.board()));
    };
    let watch = Shown {
        program: "build-db",
    };
    let built =
        build_table(state, metric, path, args.compress, args.force, &watch).map_err(refused)?;
    let h = &built.saved.header;
    let at_max = h.counts[usize::from(h.max_distance)];
    Ok(format!(
        "board   {}\n\
         goal    {goal}\n\
         states  {}\n\
         max     {} moves, reached by {at_max} state{}\n\
         time    {:.1} ms (search {:.1} ms, write {:.1} ms)\n\
         file    {} ({} bytes{})\n\
         metric  {}\n",
        goal.board(),
        h.entry_count,
        h.max_distance,
        if at_max == 1 { "" } else { "s" },
        ms(built.total),
        ms(built.search),
        ms(built.total - built.search),
        built.saved.path.display(),
        built.saved.bytes,
        if args.compress { ", zstd" } else { "" },
        match metric {
            Metric::Single => "stm (single-tile moves)",
            Metric::Multi => "mtm (multi-tile moves: a line of tiles slides as one)",
        },
    ))
}

/// The multi-tile relabelled table of the 15-puzzle goal's class, or with `--all-goals` of
/// every class.
fn relabelled(args: &Args, question: &Question) -> Result<String, String> {
    let which = if args.strong {
        MultiTables::Strong
    } else {
        MultiTables::Standard
    };
    let metric = "mtm (multi-tile moves: a line of tiles slides as one)";
    class_files(
        args,
        question,
        "tables",
        metric,
        |frame, tall, dir, watch| {
            let canonical = frame.canonical();
            let saved = build_relabelled(tall, canonical, which, dir, args.force, watch)?;
            // The mirror about the main diagonal needs the blank on it: a corner or inside.
            let blank = canonical.iter().position(|&t| t == 0).unwrap_or(0);
            let w = tall.width();
            let mirrored = blank / w == blank % w;
            let mut said = String::new();
            let _ = writeln!(
                said,
                "tables    relabelled{}, labels by goal cell, the largest value taken{}",
                if args.strong { " (strong)" } else { "" },
                if mirrored {
                    ", each also on the mirror image"
                } else {
                    ""
                }
            );
            for s in &saved {
                let h = &s.header;
                let what = format!("labels {}", cells_to_string(&h.labels));
                saved_line(
                    &mut said,
                    &what,
                    h.entry_count,
                    "states",
                    h.max_value,
                    &s.path,
                    s.bytes,
                );
            }
            Ok(said)
        },
    )
}

/// One line of what a build of several files says: what a file holds (`tiles 1,2,3` or
/// `labels ...`), its entries, its largest value, where it was saved and its size.
fn saved_line(
    said: &mut String,
    what: &str,
    entries: impl std::fmt::Display,
    unit: &str,
    max: impl std::fmt::Display,
    path: &std::path::Path,
    bytes: impl std::fmt::Display,
) {
    let _ = writeln!(
        said,
        "  {what} {entries:>11} {unit}, max {max:>2} moves, file {} ({bytes} bytes)",
        path.display()
    );
}

/// The pattern databases of the goal's class, or with `--all-goals` of every class.
fn patterns(args: &Args, question: &Question) -> Result<String, String> {
    let partition = question
        .pdb()
        .unwrap_or(Partition::default_for(question.board().cells()));
    let metric = "stm (single-tile moves)";
    class_files(
        args,
        question,
        "pattern files",
        metric,
        |frame, tall, dir, watch| {
            let canonical = frame.canonical();
            let partition = partition.renamed(|t| frame.tile(t));
            let saved = build_patterns(tall, canonical, partition, dir, args.force, watch)?;
            // The mirror about a diagonal needs a square board and the blank on a diagonal: a
            // corner or inside, not an edge.
            let blank = canonical.iter().position(|&t| t == 0).unwrap_or(0);
            let w = tall.width();
            let (row, col) = (blank / w, blank % w);
            let reflected = tall.height() == w && (row == col || row + col == w - 1);
            let mut said = String::new();
            let _ = writeln!(
                said,
                "patterns  {partition} (additive{})",
                if reflected {
                    ", with the reflected lookup"
                } else {
                    ""
                }
            );
            for s in &saved {
                let h = &s.header;
                let what = format!("tiles {:<24}", cells_to_string(&h.tiles));
                let unit = "placements";
                saved_line(
                    &mut said,
                    &what,
                    h.entry_count,
                    unit,
                    h.max_value,
                    &s.path,
                    s.bytes,
                );
            }
            Ok(said)
        },
    )
}

/// The files of each goal class asked for (the goal's, or with `--all-goals` every class's),
/// each made by `build` from the class's frame, on the board its files are for (the tall form
/// of a board wider than high), into `--out`'s directory; and what is said of each: the board,
/// the goal and the class answered through, what `build` says of its `files`, the time, and
/// the `metric`.
fn class_files(
    args: &Args,
    question: &Question,
    files: &str,
    metric: &str,
    build: impl Fn(&ClassFrame, Board, &Path, &Shown) -> Result<String, Error>,
) -> Result<String, String> {
    let board = question.board();
    if args.compress {
        return Err(format!(
            "--compress: {board} {files} are memory-mapped as they are, not compressed"
        ));
    }
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from(LOCAL_DIR));
    if dir.is_file() {
        return Err(format!(
            "{}: is a file; on {board}, --out names a directory",
            dir.display()
        ));
    }
    let goals = if args.all_goals {
        Position::canonical_goals(board)
    } else {
        vec![*question.goal()]
    };
    let watch = Shown {
        program: "build-db",
    };
    let mut summary = String::new();
    for goal in goals {
        let frame = ClassFrame::new(Grid::of(goal.board()), goal.cells());
        let canonical = frame.canonical();
        // A board wider than high is answered by its tall form's files.
        let tall = goal.board().tall();
        let started = Instant::now();
        let said = build(&frame, tall, &dir, &watch).map_err(refused)?;
        let seconds = started.elapsed().as_secs_f64();
        let _ = writeln!(summary, "board     {board}");
        let _ = writeln!(summary, "goal      {goal}");
        if tall != goal.board() {
            let _ = writeln!(
                summary,
                "class     answered through goal {} of {tall}, the board turned on its side",
                cells_to_string(canonical)
            );
        } else if canonical != goal.cells() {
            let _ = writeln!(
                summary,
                "class     answered through goal {} (the same class of the blank's cell)",
                cells_to_string(canonical)
            );
        }
        summary.push_str(&said);
        let _ = writeln!(summary, "time      {seconds:.1} s");
        let _ = writeln!(summary, "metric    {metric}\n");
    }
    Ok(summary)
}
