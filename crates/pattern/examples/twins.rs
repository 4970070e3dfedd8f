//! The twinned move sequences of a board: how many, how long they take to find, and how many
//! paths of a given depth from a corner they leave, beside the paths that only never undo
//! their last move (a benchmark, not a test). The 15-puzzle's 12 moves and the 24-puzzle's 10 are
//! read from the sequences the library keeps, not found again.
//!
//! ```text
//! cargo run --release -p tilebase-pattern --example twins -- 4 4 36 10 12 14   # W H DEPTH MOVES...
//! ```
use std::time::Instant;

use tilebase_core::Move;
use tilebase_pattern::{Grid, TWINNED, Twins};

/// Paths of `depth` moves from `cell` that never undo their last move and, with `twins`, never
/// end with a twinned sequence: counted by the states they can be in, not one by one.
fn paths(grid: &Grid, twins: &Twins, cell: usize, depth: usize) -> f64 {
    use std::collections::HashMap;
    let mut layer: HashMap<(u32, usize, Option<Move>), f64> = HashMap::new();
    layer.insert((twins.start(cell), cell, None), 1.0);
    for _ in 0..depth {
        let mut next = HashMap::new();
        for (&(state, cell, back), &count) in &layer {
            for m in Move::ALL {
                let Some(to) = grid.step(cell, m) else {
                    continue;
                };
                let after = twins.step(state, m);
                if Some(m) == back || after == TWINNED {
                    continue;
                }
                *next.entry((after, to, Some(m.opposite()))).or_insert(0.0) += count;
            }
        }
        layer = next;
    }
    layer.values().sum()
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: W H DEPTH MOVES..."))
        .collect();
    let grid = Grid::new(args[0], args[1]).expect("a board");
    let depth = args[2];
    let corner = grid.cells() - 1;
    let all = paths(&grid, &Twins::none(grid.board()), corner, depth);
    println!("{grid}: {all:.3e} paths of {depth} moves from a corner");
    for &moves in &args[3..] {
        let started = Instant::now();
        let twins = Twins::new(grid.board(), moves);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let left = paths(&grid, &twins, corner, depth);
        println!(
            "twins of up to {moves} moves: {} sequences, {} states, made in {ms:.1} ms; \
             {left:.3e} paths left, {:.2} times fewer",
            twins.sequences(),
            twins.states(),
            all / left
        );
    }
}
