//! Pattern database files. The first byte chooses what the rest is:
//!
//! - even: any bytes as a file, refused or opened; one opened is read whole and, when it makes
//!   a solver on its own, answers only with legal paths that end at the goal;
//! - odd: the values of the 3x3 partition 1-4 / 5-8 (any values, as a damaged file whose
//!   checksums were written after the damage would hold, or with one 0 when the mode says so),
//!   written as files that are refused when they would not open (not one value 0) and
//!   otherwise open and read back the same; the solver they make, with the reflection or
//!   without, answers every state it finishes within its budget with a legal path that ends at
//!   the goal, whatever the values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::{Board, Position};
use tilebase_fuzz::{leads_to, openable, shuffled};
use tilebase_lookup::PatternFile;
use tilebase_pattern::{Encoding, Grid, Pattern, PatternValues, Solver, encode};

/// Nodes one solve may generate: enough to finish most 3x3 states with any heuristic.
const BUDGET: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        if let Ok(file) = PatternFile::from_bytes(rest) {
            opened(&file, rest);
        }
        return;
    }
    let board = Board::THREE_BY_THREE;
    let grid = Grid::of(board);
    let goal = Position::default_goal(board);
    let goal_cells = goal.cells();
    let patterns = [[1u8, 2, 3, 4], [5, 6, 7, 8]]
        .map(|tiles| Pattern::new(grid, goal_cells, &tiles).expect("a pattern of the 3x3 board"));
    let values: Vec<Vec<u8>> = (0..patterns.len())
        .map(|i| {
            (0..patterns[i].placements() as usize)
                .map(|rank| {
                    rest.get((rank + i * 7) % rest.len().max(1))
                        .copied()
                        .unwrap_or(0)
                })
                .collect::<Vec<u8>>()
        })
        .map(|mut values| {
            if mode & 4 != 0 {
                openable(&mut values, usize::from(mode), false);
            }
            values
        })
        .collect();
    let tables: Vec<Vec<u8>> = patterns
        .iter()
        .zip(&values)
        .map(|(pattern, values)| {
            let table = encode(pattern, values, Encoding::Plain).expect("plain takes any byte");
            written(pattern, values, &table);
            table
        })
        .collect();
    let pairs: Vec<(&Pattern, PatternValues<'_>)> = patterns
        .iter()
        .zip(&tables)
        .map(|(pattern, table)| {
            let values = PatternValues::new(pattern, Encoding::Plain, table).expect("its length");
            (pattern, values)
        })
        .collect();
    let solver = Solver::new(grid, goal_cells, &pairs, mode & 2 != 0)
        .expect("a partition of the 3x3 board makes a solver");
    for chunk in rest.chunks(9).take(4) {
        let start = Position::new(board, &shuffled(9, chunk)).expect("a permutation");
        if let Ok(solution) = solver.solve(start.cells(), BUDGET) {
            assert!(leads_to(&start, &solution.moves, &goal), "{start}");
        }
    }
});

/// Writes `values` as a file: refused when the readers would refuse it (not one value 0), and
/// otherwise a file that opens and reads back the same.
fn written(pattern: &Pattern, values: &[u8], table: &[u8]) {
    let mut bytes = Vec::new();
    let write =
        tilebase_format::pattern::write(&mut bytes, pattern, Encoding::Plain, values, table);
    if values.iter().filter(|&&v| v == 0).count() != 1 {
        let error = write.expect_err("a file whose values have not one 0 is not written");
        assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput, "{error}");
        return;
    }
    write.expect("writing to memory");
    let file = PatternFile::from_bytes(&bytes[..]).expect("a file written whole opens");
    assert_eq!(file.pattern(), pattern);
    assert_eq!(file.values().bytes(), table);
    assert_eq!(file.header().entry_count, pattern.placements());
}

/// Reads an opened file whole, and asks the solver it makes on its own, if it makes one.
fn opened(file: &PatternFile<&[u8]>, bytes: &[u8]) {
    let pattern = file.pattern();
    let values = file.values();
    let manhattan = 0;
    for rank in [0, pattern.placements() / 2, pattern.placements() - 1] {
        let _ = values.value(rank, manhattan);
    }
    let grid = *pattern.grid();
    let goal = pattern.goal();
    let Ok(goal) = Position::new(grid.board(), goal) else {
        return;
    };
    let Ok(solver) = Solver::new(grid, goal.cells(), &[(pattern, values)], false) else {
        return;
    };
    for chunk in bytes.chunks(grid.cells()).take(2) {
        let start =
            Position::new(grid.board(), &shuffled(grid.cells(), chunk)).expect("a permutation");
        if let Ok(solution) = solver.solve(start.cells(), BUDGET) {
            assert!(leads_to(&start, &solution.moves, &goal), "{start}");
        }
    }
}
