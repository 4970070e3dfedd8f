//! `compare --board 4x4`: the field's teaching table on one 15-puzzle state: IDA* with the
//! Manhattan distance, with linear conflicts, and with the pattern databases 5-5-5, 6-6-3, 7-8
//! and 7-8 with its reflection, then that search as A*+IDA*; nodes generated, time, and every
//! answer checked. In the multi-tile metric, IDA* over the relabelled tables that answer it,
//! then the same search as A*+IDA*.

use std::fmt::Write as _;
use std::time::Instant;

use serde::Serialize;
use std::sync::Arc;
use tilebase_answer::{
    Board, DEFAULT_SEARCH_MEMORY, Library, Partition, Position, Question, quote,
};
use tilebase_core::{Metric, Move};

use tilebase_pattern::{
    Classic, Grid, Solution, SolveError, Twins, cells_to_string, solve_classic,
};

use super::Args;
use tilebase_program::exit;
use tilebase_program::progress::Shown;
use tilebase_program::which::words;

use crate::text::thousands;

/// The most nodes a row may generate before it gives up, unless `--max-nodes` says.
const DEFAULT_MAX_NODES: u64 = 20_000_000;

/// One row. The JSON fields are a contract: other programs parse them.
#[derive(Debug, Serialize)]
pub struct Row {
    /// `ida-manhattan`, `ida-linear-conflict`, `ida-5-5-5`, `ida-6-6-3`, `ida-7-8`,
    /// `ida-7-8-reflected-no-twins` (every path searched, twinned move sequences too: the
    /// search as it was before it cut them), `ida-7-8-reflected`, `astar-ida-7-8-reflected`
    /// (that search as A*+IDA*, A* within `--memory`); in the multi-tile metric
    /// `ida-relabelled` and `astar-ida-relabelled`, over the tables the answers use.
    pub algorithm: String,
    /// Length of the path found; `None` if it gave up.
    pub moves: Option<usize>,
    /// Whether the path is legal, reaches the goal, and is as short as the shortest found.
    pub optimal: bool,
    /// The heuristic's value at the start.
    pub start_bound: Option<u32>,
    /// Nodes generated.
    pub generated: u64,
    /// Time taken, in nanoseconds.
    pub nanos: u64,
    /// Whether it gave up (its budget ran out) without a path.
    pub gave_up: bool,
}

/// The rows for a state of a board answered from pattern databases.
pub fn run(args: &Args, question: &Question) -> Result<u8, String> {
    let board = question.board();
    let grid = Grid::of(board);
    let goal = question.goal().cells().to_vec();
    let max_nodes = args.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
    let start = Position::parse(board, &args.state)
        .map_err(|e| format!("{}: {e}", quote(&args.state)))?
        .cells()
        .to_vec();
    if !tilebase_pattern::solvable(&grid, &goal, &start) {
        println!(
            "{}: unsolvable: it cannot reach goal {} (the other parity half)",
            cells_to_string(&start),
            cells_to_string(&goal)
        );
        return Ok(exit::UNSOLVABLE);
    }
    if question.metric() == Metric::Multi {
        return multi(args, question, &start, &goal);
    }
    let mut found: Vec<(String, Result<Solution, SolveError>, u64)> = Vec::new();
    let timed = |f: &dyn Fn() -> Result<Solution, SolveError>| {
        let started = Instant::now();
        let result = f();
        (result, started.elapsed().as_nanos() as u64)
    };
    for (name, heuristic) in [
        ("ida-manhattan", Classic::Manhattan),
        ("ida-linear-conflict", Classic::LinearConflict),
    ] {
        let (r, t) = timed(&|| solve_classic(&grid, &goal, &start, heuristic, max_nodes));
        found.push((name.to_string(), r, t));
    }
    // On 4x4 the weaker partitions beside the one asked for, the weakest first; elsewhere that
    // one alone.
    let chosen = question
        .pdb()
        .unwrap_or(Partition::default_for(board.cells()));
    let mut partitions: Vec<Partition> = Vec::new();
    if board == Board::FOUR_BY_FOUR && Partition::FIFTEEN.contains(&chosen) {
        partitions.extend(Partition::FIFTEEN.into_iter().take_while(|&p| p != chosen));
    }
    partitions.push(chosen);
    for partition in partitions {
        let answers = Library::standard()
            .open(
                &Question::new(*question.goal(), question.metric(), Some(partition))
                    .map_err(|e| format!("--{e}"))?,
                &Shown { program: "compare" },
            )
            .map_err(words)?;
        let Some(set) = answers.patterns() else {
            return Err(format!("{board} is answered from pattern databases"));
        };
        let frame = set.frame();
        let image = frame.state(&start);
        let reflections: &[bool] = if partition == chosen {
            &[false, true]
        } else {
            &[false]
        };
        let mut solvers = Vec::new();
        for &reflect in reflections {
            let solver = set.solver(reflect).map_err(words)?;
            if reflect && !solver.reflects() {
                continue;
            }
            let name = format!(
                "ida-{}{}",
                partition.name(),
                if reflect { "-reflected" } else { "" }
            );
            solvers.push((name, reflect, solver));
        }
        // The strongest row twice: first searching every path, as before twinned move
        // sequences were cut, so that what cutting them saves shows on any state.
        if partition == chosen
            && let Some((name, reflect, _)) = solvers.last()
        {
            let all = set
                .solver(*reflect)
                .map_err(words)?
                .with_twins(Arc::new(Twins::none(grid.board())), 0);
            let at = solvers.len() - 1;
            solvers.insert(at, (format!("{name}-no-twins"), *reflect, all));
        }
        let strongest = solvers.len();
        for (k, (name, _, solver)) in solvers.into_iter().enumerate() {
            let back = |mut s: Solution| {
                s.moves = s.moves.iter().map(|&m| frame.move_back(m)).collect();
                s
            };
            let (r, t) = timed(&|| solver.solve(&image, max_nodes).map(back));
            found.push((name.clone(), r, t));
            // The strongest search once more as A*+IDA* (on one core, as every row): the same
            // IDA* for its first 2 million nodes, then A* within --memory.
            if partition == chosen && k + 1 == strongest {
                let memory = args.memory.unwrap_or(DEFAULT_SEARCH_MEMORY);
                let (r, t) = timed(&|| solver.solve_hybrid(&image, 1, memory, max_nodes).map(back));
                found.push((format!("astar-{name}"), r, t));
            }
        }
    }
    let shortest = found
        .iter()
        .filter_map(|(_, r, _)| r.as_ref().ok().map(|s| s.moves.len()))
        .min();
    let rows: Vec<Row> = found
        .into_iter()
        .map(|(algorithm, result, nanos)| match result {
            Ok(s) => Row {
                algorithm,
                moves: Some(s.moves.len()),
                optimal: Some(s.moves.len()) == shortest
                    && reaches(&grid, &start, &s.moves).is_some_and(|end| end == goal),
                start_bound: Some(s.start_bound),
                generated: s.nodes,
                nanos,
                gave_up: false,
            },
            Err(SolveError::Exceeded { nodes, .. }) => Row {
                algorithm,
                moves: None,
                optimal: false,
                start_bound: None,
                generated: nodes,
                nanos,
                gave_up: true,
            },
            Err(_) => Row {
                algorithm,
                moves: None,
                optimal: false,
                start_bound: None,
                generated: 0,
                nanos,
                gave_up: true,
            },
        })
        .collect();
    Ok(show(args, board, &start, &goal, shortest, &rows))
}

/// Prints `rows`, as a table or JSON lines: the exit status (an error if a row that finished
/// is not optimal: an answer that is not is a defect).
fn show(
    args: &Args,
    board: Board,
    start: &[u8],
    goal: &[u8],
    shortest: Option<usize>,
    rows: &[Row],
) -> u8 {
    if args.json {
        for row in rows {
            println!("{}", serde_json::to_string(row).unwrap_or_default());
        }
    } else {
        print!("{}", table(board, start, goal, shortest, rows));
    }
    if rows.iter().any(|r| r.moves.is_some() && !r.optimal) {
        exit::ERROR
    } else {
        exit::OK
    }
}

/// The rows for a state in the multi-tile metric: IDA* over the relabelled tables that answer
/// it (one core, as every row), then the same search as A*+IDA* within --memory (IDA* for its
/// first 2 million nodes, then A*). Moves are counted as slides.
fn multi(args: &Args, question: &Question, start: &[u8], goal: &[u8]) -> Result<u8, String> {
    let board = question.board();
    let grid = Grid::of(board);
    let max_nodes = args.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
    let answers = Library::standard()
        .open(question, &Shown { program: "compare" })
        .map_err(words)?;
    let Some(source) = answers.relabelled() else {
        return Err(format!(
            "{board} in the multi-tile metric is answered from its full table: compare runs \
             the articles' algorithms in the single-tile metric there"
        ));
    };
    let solver = source.solver().map_err(words)?;
    let frame = source.frame();
    let image = frame.state(start);
    let memory = args.memory.unwrap_or(DEFAULT_SEARCH_MEMORY);
    let mut found = Vec::new();
    for (name, hybrid) in [("ida-relabelled", false), ("astar-ida-relabelled", true)] {
        let started = Instant::now();
        let result = if hybrid {
            solver.solve_hybrid(&image, 1, memory, max_nodes)
        } else {
            solver.solve(&image, max_nodes)
        };
        found.push((name, result, started.elapsed().as_nanos() as u64));
    }
    let shortest = found
        .iter()
        .filter_map(|(_, r, _)| r.as_ref().ok().map(|s| s.slides.len()))
        .min();
    let rows: Vec<Row> = found
        .into_iter()
        .map(|(algorithm, result, nanos)| {
            let algorithm = algorithm.to_string();
            match result {
                Ok(s) => {
                    let moves: Vec<Move> = s
                        .slides
                        .iter()
                        .flat_map(|slide| {
                            std::iter::repeat_n(
                                frame.move_back(slide.direction),
                                usize::from(slide.cells),
                            )
                        })
                        .collect();
                    Row {
                        algorithm,
                        moves: Some(s.slides.len()),
                        optimal: Some(s.slides.len()) == shortest
                            && reaches(&grid, start, &moves).is_some_and(|end| end == goal),
                        start_bound: Some(s.start_bound),
                        generated: s.nodes,
                        nanos,
                        gave_up: false,
                    }
                }
                Err(error) => Row {
                    algorithm,
                    moves: None,
                    optimal: false,
                    start_bound: None,
                    generated: match error {
                        SolveError::Exceeded { nodes, .. } => nodes,
                        _ => 0,
                    },
                    nanos,
                    gave_up: true,
                },
            }
        })
        .collect();
    Ok(show(args, board, start, goal, shortest, &rows))
}

fn reaches(grid: &Grid, start: &[u8], moves: &[Move]) -> Option<Vec<u8>> {
    let mut cells = start.to_vec();
    let mut blank = cells.iter().position(|&t| t == 0)?;
    for &m in moves {
        let to = grid.step(blank, m)?;
        cells.swap(blank, to);
        blank = to;
    }
    Some(cells)
}

fn table(board: Board, start: &[u8], goal: &[u8], shortest: Option<usize>, rows: &[Row]) -> String {
    let mut text = format!(
        "{} -> {} ({board} board): {}\n\n",
        cells_to_string(start),
        cells_to_string(goal),
        match shortest {
            Some(d) => format!("{d} moves"),
            None => "every row gave up".to_string(),
        }
    );
    let _ = writeln!(
        text,
        "{:<28} {:>6}  {:<9} {:>6} {:>15} {:>10}",
        "algorithm", "moves", "optimal", "h(0)", "generated", "time"
    );
    for row in rows {
        let (moves, optimal) = match row.moves {
            None => ("-".to_string(), "gave up"),
            Some(n) => (n.to_string(), if row.optimal { "yes" } else { "NO" }),
        };
        let _ = writeln!(
            text,
            "{:<28} {:>6}  {:<9} {:>6} {:>15} {:>10}",
            row.algorithm,
            moves,
            optimal,
            row.start_bound.map_or("-".to_string(), |b| b.to_string()),
            thousands(row.generated),
            duration(row.nanos)
        );
    }
    text
}

fn duration(nanos: u64) -> String {
    match nanos {
        n if n < 1_000_000 => format!("{:.1} µs", n as f64 / 1e3),
        n if n < 1_000_000_000 => format!("{:.1} ms", n as f64 / 1e6),
        n => format!("{:.2} s", n as f64 / 1e9),
    }
}
