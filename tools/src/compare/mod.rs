//! `compare`: every search algorithm of the source articles on one state, against the table;
//! on 4x4, IDA* with each heuristic of the field (`patterns`).

mod patterns;

use std::io::{self, Write};
use std::time::{Duration, Instant};

use clap::Parser;
use serde::Serialize;
use tilebase_answer::{Method, quote};
use tilebase_core::{Metric, Move, Path, State};
use tilebase_lookup::{Error, Goal};
use tilebase_search::{Algorithm, Budget, Outcome, Stats, astar_with, search};

use tilebase_program::exit;
use tilebase_program::quiet::Quiet;
use tilebase_program::which::Which;

use crate::text::thousands;

/// Runs every search algorithm of the source articles on one state and prints a table: moves
/// found, whether that is optimal (checked against the database), nodes expanded, nodes
/// generated, peak frontier, and time, beside the table's own instant answer. On 4x4 (the
/// 15-puzzle), IDA* with each heuristic of the field, weakest first: Manhattan distance, linear
/// conflicts, and additive pattern databases 5-5-5, 6-6-3, 7-8, and 7-8 with the reflected
/// lookup, then that last search as A*+IDA* within --memory (in the multi-tile metric, IDA*
/// over the relabelled tables, then as A*+IDA*); the moves found, whether they are optimal and
/// legal, the nodes generated, and the time of each.
#[derive(Debug, Parser)]
#[command(name = "compare", version)]
pub struct Args {
    /// The start state
    #[arg(value_name = "STATE")]
    pub state: String,
    /// Which database: --db, --board, --goal, --metric, --pdb (on 4x4, the strongest partition
    /// to run, in the order 5-5-5, 6-6-3, 7-8, whose files take minutes to build the first time).
    #[command(flatten)]
    pub which: Which,
    /// Print one JSON object per algorithm, one per line
    #[arg(long)]
    pub json: bool,
    /// The most nodes any one algorithm may expand (on 4x4, generate) before it gives up
    /// [default: 100000000; on 4x4, 20000000]
    #[arg(long, value_name = "N", value_parser = tilebase_answer::parse_nodes, allow_hyphen_values = true)]
    pub max_nodes: Option<u64>,
    /// On boards of 13 to 25 cells, the bytes A* may take in the A*+IDA* row (`512M`, `2G`),
    /// as `query --memory` [default: 1G]
    #[arg(long, value_name = "SIZE", value_parser = tilebase_answer::parse_size, allow_hyphen_values = true)]
    pub memory: Option<usize>,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// One row of the comparison. The JSON fields are a contract: other programs parse them.
#[derive(Debug, Serialize)]
pub struct Row {
    /// `database`, `astar-database`, or a [`Algorithm`] name.
    pub algorithm: &'static str,
    /// Length of the path found; `None` if it gave up.
    pub moves: Option<usize>,
    /// Whether the path is as short as the table says is possible.
    pub optimal: bool,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Peak size of the frontier.
    pub peak_frontier: u64,
    /// Time taken, in whole microseconds.
    pub micros: u64,
    /// Time taken, in nanoseconds.
    pub nanos: u64,
    /// Whether it gave up (its budget ran out) without a path.
    pub gave_up: bool,
}

/// Runs `compare` as `args` ask: its exit status, or the error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    if args.which.db.is_none() {
        let question = args.which.question(None, Some(&args.state))?;
        if question.board().method() == Method::Patterns {
            return patterns::run(args, &question);
        }
    }
    let answers = args.which.open(None, Some(&args.state), "compare")?;
    if answers.metric() != Metric::Single {
        return Err(format!(
            "the database is of the {} metric; the articles' algorithms count single-tile moves: \
             give a database of the stm metric",
            answers.metric()
        ));
    }
    let Some(db) = answers.table_goal() else {
        return Err(format!("{} has no full table", answers.board()));
    };
    let start = State::parse(db.database().board(), &args.state)
        .map_err(|e| format!("{}: {e}", quote(&args.state)))?;
    let distance = match db.distance(&start) {
        Ok(d) => d,
        Err(Error::Unsolvable(why)) => {
            println!("{start}: unsolvable: {}", why.reason());
            return Ok(exit::UNSOLVABLE);
        }
        Err(e) => return Err(e.to_string()),
    };
    let rows = compare(
        &db,
        &start,
        Budget {
            max_expanded: args.max_nodes.unwrap_or(Budget::default().max_expanded),
        },
    )?;
    let out = io::stdout();
    let mut out = out.lock();
    let written = if args.json {
        rows.iter().try_for_each(|row| {
            serde_json::to_writer(&mut out, row)?;
            out.write_all(b"\n")
        })
    } else {
        write!(out, "{}", table(&db, &start, distance, &rows))
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => Ok(exit::OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(exit::OK),
        Err(e) => Err(format!("writing the table: {e}")),
    }
}

/// Every row: the table's own answer, then each algorithm, then A* guided by the table.
pub fn compare<D: AsRef<[u8]>>(
    db: &Goal<'_, D>,
    start: &State,
    budget: Budget,
) -> Result<Vec<Row>, String> {
    let goal = db.goal();
    let distance = usize::from(db.distance(start).map_err(|e| e.to_string())?);
    let mut rows = vec![database_row(db, start)?];

    let algorithms = Algorithm::OPTIMAL.into_iter().chain([Algorithm::Dfs {
        // The table's radius: every state is within it, so the depth limit never hides the goal.
        max_depth: u32::from(db.database().max_distance()),
    }]);
    let mut outcomes: Vec<(&'static str, Outcome)> = Vec::new();
    for algorithm in algorithms {
        let outcome = timed(|| search(algorithm, start, &goal, budget))?;
        outcomes.push((algorithm.name(), outcome));
    }
    let guided = timed(|| {
        astar_with(start, &goal, budget, |s| {
            // The states A* meets are reachable from the start, so the table knows them.
            db.distance(s).map_or(u32::MAX, u32::from)
        })
    })?;
    outcomes.push(("astar-database", guided));

    for (algorithm, outcome) in outcomes {
        if let Some(path) = &outcome.path
            && start.apply(path) != Ok(goal)
        {
            return Err(format!("{algorithm} returned an illegal path: {path}"));
        }
        rows.push(row(
            algorithm,
            outcome.path.as_ref(),
            &outcome.stats,
            distance,
        ));
    }
    Ok(rows)
}

/// Runs a search; if it was quick, twice more, and keeps the median time, so that a short run
/// is not judged by the cold caches of its first try. Searches are deterministic: every run
/// counts the same nodes.
fn timed<E: std::fmt::Display>(
    mut run: impl FnMut() -> Result<Outcome, E>,
) -> Result<Outcome, String> {
    let first = run().map_err(|e| e.to_string())?;
    if first.stats.elapsed > Duration::from_millis(200) {
        return Ok(first);
    }
    let mut times = vec![first.stats.elapsed];
    for _ in 0..2 {
        times.push(run().map_err(|e| e.to_string())?.stats.elapsed);
    }
    times.sort();
    let mut outcome = first;
    outcome.stats.elapsed = times[1];
    Ok(outcome)
}

/// The table's own answer, `solve()`: expanded counts the states whose neighbours it looked
/// up, generated the neighbours it looked up (all of the start's, then each state's up to the
/// first that is one move closer). Timed as the median of many calls: one takes well under a
/// microsecond.
fn database_row<D: AsRef<[u8]>>(db: &Goal<'_, D>, start: &State) -> Result<Row, String> {
    let mut times: Vec<Duration> = (0..101)
        .map(|_| {
            let started = Instant::now();
            let path = db.solve(start);
            let took = started.elapsed();
            let _ = std::hint::black_box(path);
            took
        })
        .collect();
    times.sort();
    let path = db.solve(start).map_err(|e| e.to_string())?;
    let mut generated = 0;
    let mut state = *start;
    for (step, &chosen) in path.iter().enumerate() {
        for m in Move::ALL {
            if state.slide(m).is_some() {
                generated += 1;
                if m == chosen && step > 0 {
                    break;
                }
            }
        }
        state = state.slide(chosen).ok_or("the table's path is illegal")?;
    }
    let stats = Stats {
        expanded: path.len() as u64,
        generated,
        peak_frontier: 1,
        elapsed: times[times.len() / 2],
    };
    Ok(row("database", Some(&path), &stats, path.len()))
}

fn row(algorithm: &'static str, path: Option<&Path>, stats: &Stats, distance: usize) -> Row {
    Row {
        algorithm,
        moves: path.map(|p| p.len()),
        optimal: path.is_some_and(|p| p.len() == distance),
        expanded: stats.expanded,
        generated: stats.generated,
        peak_frontier: stats.peak_frontier,
        micros: stats.elapsed.as_micros() as u64,
        nanos: stats.elapsed.as_nanos() as u64,
        gave_up: path.is_none(),
    }
}

/// The human table.
fn table<D: AsRef<[u8]>>(db: &Goal<'_, D>, start: &State, distance: u8, rows: &[Row]) -> String {
    let base = rows[0].nanos.max(1);
    let mut text = format!(
        "{start} -> {} ({} board): the table answers {distance} moves in {}\n\n",
        db.goal(),
        db.goal().board(),
        duration(rows[0].nanos)
    );
    text.push_str(&format!(
        "{:<22} {:>6}  {:<9} {:>11} {:>11} {:>11} {:>10} {:>10}\n",
        "algorithm", "moves", "optimal", "expanded", "generated", "peak front", "time", "vs table"
    ));
    for row in rows {
        let (moves, optimal) = match row.moves {
            None => ("-".to_string(), "gave up".to_string()),
            Some(n) if row.optimal => (n.to_string(), "yes".to_string()),
            Some(n) => (
                n.to_string(),
                format!("no (+{})", n - usize::from(distance)),
            ),
        };
        text.push_str(&format!(
            "{:<22} {:>6}  {:<9} {:>11} {:>11} {:>11} {:>10} {:>10}\n",
            row.algorithm,
            moves,
            optimal,
            thousands(row.expanded),
            thousands(row.generated),
            thousands(row.peak_frontier),
            duration(row.nanos),
            format!("{}x", thousands((row.nanos / base).max(1)))
        ));
    }
    text
}

fn duration(nanos: u64) -> String {
    match nanos {
        n if n < 10_000 => format!("{:.2} µs", n as f64 / 1e3),
        n if n < 1_000_000 => format!("{:.1} µs", n as f64 / 1e3),
        n if n < 1_000_000_000 => format!("{:.1} ms", n as f64 / 1e6),
        n => format!("{:.2} s", n as f64 / 1e9),
    }
}
