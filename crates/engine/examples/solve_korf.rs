//! Solves Korf's 100 random 15-puzzle instances with saved pattern databases and their
//! reflection, one at a time and then with `Solver::solve_all` on every core, and says how many
//! nodes and seconds it took: a benchmark, not a test.
//!
//! ```text
//! cargo build --release -p tilebase-engine --example build_pattern --example solve_korf
//! target/release/examples/build_pattern --save /tmp/pdb 1,2,3,4,5,6,7,8 9,10,11,12,13,14,15
//! target/release/examples/solve_korf /tmp/pdb/pattern-1-2-3-4-5-6-7-8.tilebase \
//!     /tmp/pdb/pattern-9-10-11-12-13-14-15.tilebase
//! ```
//!
//! Korf's goal `0,1,...,15` is mapped to tilebase's `1,...,15,0` by turning the board half a
//! turn and renaming each tile t to 16 − t, which keeps every distance.
use std::time::Instant;

use tilebase_lookup::PatternFile;
use tilebase_pattern::{Grid, Pattern, PatternValues, Solver};

fn to_default_goal(cells: &[u8; 16]) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (c, &t) in cells.iter().enumerate() {
        out[15 - c] = if t == 0 { 0 } else { 16 - t };
    }
    out
}

fn main() {
    let mut verbose = false;
    let mut paths = Vec::new();
    for arg in std::env::args().skip(1) {
        if arg == "-v" {
            verbose = true;
        } else {
            paths.push(arg);
        }
    }
    let files: Vec<PatternFile> = paths
        .iter()
        .map(|p| PatternFile::open(p).expect("a pattern database"))
        .collect();
    let tables: Vec<(&Pattern, PatternValues<'_>)> =
        files.iter().map(|f| (f.pattern(), f.values())).collect();
    let grid = Grid::new(4, 4).unwrap();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let solver = Solver::new(grid, &goal, &tables, true).expect("a partition");
    let instances: Vec<([u8; 16], u8)> = tilebase_testdata::korf100()
        .iter()
        .map(|(cells, length)| (to_default_goal(cells), *length))
        .collect();
    // One core: each instance in turn.
    let start = Instant::now();
    let mut nodes = 0u64;
    for (i, (cells, length)) in instances.iter().enumerate() {
        let t = Instant::now();
        let solution = solver.solve(cells, u64::MAX).expect("solved");
        assert_eq!(
            solution.moves.len(),
            usize::from(*length),
            "instance {}",
            i + 1
        );
        nodes += solution.nodes;
        if verbose {
            println!(
                "{:3} length {:2} nodes {:10} {:.4} s",
                i + 1,
                length,
                solution.nodes,
                t.elapsed().as_secs_f64()
            );
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("korf 100, one core: {nodes} nodes, {seconds:.3} s");
    // Every core: Solver::solve_all.
    let states: Vec<[u8; 16]> = instances.iter().map(|&(cells, _)| cells).collect();
    let start = Instant::now();
    let solutions = solver.solve_all(&states, u64::MAX);
    let seconds = start.elapsed().as_secs_f64();
    let mut all_nodes = 0u64;
    for (solution, (_, length)) in solutions.iter().zip(&instances) {
        let solution = solution.as_ref().expect("solved");
        assert_eq!(solution.moves.len(), usize::from(*length));
        all_nodes += solution.nodes;
    }
    assert_eq!(all_nodes, nodes);
    println!("korf 100, solve_all: {all_nodes} nodes, {seconds:.3} s");
}
