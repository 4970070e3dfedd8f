//! How long the twinned sequences of a board take to find, and how many there are.
use std::time::Instant;
use tilebase_pattern::{Grid, Twins};
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let grid = Grid::new(args[0], args[1]).unwrap();
    for &moves in &args[2..] {
        let t = Instant::now();
        let twins = Twins::new(&grid, moves);
        println!(
            "{grid} {moves} moves: {} sequences, {} states, {:.1} ms",
            twins.sequences(),
            twins.states(),
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
