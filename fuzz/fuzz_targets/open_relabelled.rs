//! Relabelled table files (the tables that bound the 15-puzzle's multi-tile search). The first
//! byte chooses what the rest is:
//!
//! - even: any bytes as a file, refused or opened; one opened is proven entry by entry (or its
//!   first wrong entry named), and when it makes a solver, the solver answers only with legal
//!   slides that end at the goal;
//! - odd: the values of a 3x3 relabelling (tiles 1-3, 4-6 and 7-8 alike; any values, or with
//!   one 0 when the mode says so), written as a file that is refused when it would not open
//!   (not one value 0) and otherwise opens and reads back the same; the solver they make
//!   answers every state it finishes within its budget with legal slides that end at the goal,
//!   whatever the values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::{Board, Metric, Position};
use tilebase_fuzz::{openable, shuffled, slid};
use tilebase_lookup::RelabelledFile;
use tilebase_pattern::{Grid, MultiSolver, Relabelling};

/// Nodes one solve may generate.
const BUDGET: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        if let Ok(file) = RelabelledFile::from_bytes(rest) {
            let _ = file.verify();
            let relabelling = file.relabelling();
            let goal = relabelling.goal().to_vec();
            if let Ok(solver) = MultiSolver::new(&goal, &[(relabelling, file.values())]) {
                ask(&solver, relabelling.grid(), &goal, rest);
            }
        }
        return;
    }
    let board = Board::THREE_BY_THREE;
    let grid = Grid::of(board);
    let goal = Position::default_goal(board).cells().to_vec();
    let labels: Vec<u8> = goal
        .iter()
        .map(|&t| match t {
            0 => 0,
            1..=3 => 1,
            4..=6 => 2,
            _ => 3,
        })
        .collect();
    let relabelling = Relabelling::new(grid, &goal, &labels).expect("a relabelling of 3x3");
    let mut values: Vec<u8> = (0..relabelling.states() as usize)
        .map(|i| rest.get(i % rest.len().max(1)).copied().unwrap_or(0))
        .collect();
    if mode & 4 != 0 {
        openable(&mut values, relabelling.goal_index() as usize, false);
    }
    let metric = if mode & 2 == 0 {
        Metric::Multi
    } else {
        Metric::Single
    };
    let mut bytes = Vec::new();
    let write = tilebase_format::relabel::write(&mut bytes, &relabelling, metric, &values);
    if values.iter().filter(|&&v| v == 0).count() == 1 {
        write.expect("writing to memory");
        let file = RelabelledFile::from_bytes(&bytes[..]).expect("a file written whole opens");
        assert_eq!(file.values(), &values[..]);
        assert_eq!(file.metric(), metric);
        assert_eq!(file.relabelling().labels(), &labels[..]);
    } else {
        let error = write.expect_err("values with not one 0 are not written");
        assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput, "{error}");
    }
    // The solver asks that the goal be at 0.
    values[relabelling.goal_index() as usize] = 0;
    let solver = MultiSolver::new(&goal, &[(&relabelling, &values[..])])
        .expect("a relabelling of the goal with the goal at 0 makes a solver");
    ask(&solver, grid, &goal, rest);
});

/// Solves a few states shuffled by `bytes`: every solution found is legal and ends at `goal`.
fn ask(solver: &MultiSolver<'_>, grid: Grid, goal: &[u8], bytes: &[u8]) {
    let board = grid.board();
    let Ok(goal) = Position::new(board, goal) else {
        return;
    };
    for chunk in bytes.chunks(grid.cells()).take(3) {
        let start = Position::new(board, &shuffled(grid.cells(), chunk)).expect("a permutation");
        if let Ok(solution) = solver.solve(start.cells(), BUDGET) {
            let end = solution
                .slides
                .iter()
                .try_fold(start, |at, &s| slid(&at, s));
            assert_eq!(end, Some(goal), "{start}: {:?}", solution.slides);
        }
    }
}
