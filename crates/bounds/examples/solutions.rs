//! How the ways to a solution compare on DeepCubeA's states (tests/data), each alone:
//!
//! ```text
//! cargo run --release -p tilebase-bounds --example solutions -- beam 35 COUNT 256,4096
//! cargo run --release -p tilebase-bounds --example solutions -- reverse 48 COUNT 16384
//! cargo run --release -p tilebase-bounds --example solutions -- weighted 48 COUNT 30,50,100
//! cargo run --release -p tilebase-bounds --example solutions -- shorten 35 COUNT 256
//! ```
//!
//! `beam`: a beam of each width; `reverse`: the same from the goal back to the state;
//! `weighted`: weighted A* with each weight (in tenths of the heuristic); `shorten`: a beam of
//! the width given, then its stretches of 16 to 40 moves made optimal. Lengths per state, their
//! mean, nodes and seconds; 0 where none was found.

use std::time::Instant;

use tilebase_bounds::{Puzzle, beam_solution, shorten_solution, weighted_solution};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let way = args.first().map_or("beam", String::as_str);
    let (set, side) = match args.get(1).map(String::as_str) {
        Some("48") => (tilebase_testdata::deepcubea48(), 7),
        _ => (tilebase_testdata::deepcubea35(), 6),
    };
    let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let values: Vec<usize> = args
        .get(3)
        .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_default();
    let puzzle = Puzzle::ordered(tilebase_core::Board::new(side, side).expect("a board"));
    let states = &set[..count.min(set.len())];
    let report = |name: String, lengths: Vec<usize>, nodes: u64, started: Instant| {
        let mean = lengths.iter().sum::<usize>() as f64 / lengths.len().max(1) as f64;
        println!(
            "{name}: mean {mean:.2} {lengths:?}, {nodes} nodes in {:.2} s",
            started.elapsed().as_secs_f64()
        );
    };
    match way {
        "weighted" => {
            for weight in values {
                let started = Instant::now();
                let mut nodes = 0;
                let lengths = states
                    .iter()
                    .map(|s| {
                        let (found, k) =
                            weighted_solution(&puzzle, &s.cells, weight as u32, 20_000_000);
                        nodes += k;
                        found.map_or(0, |p| p.len())
                    })
                    .collect();
                report(format!("weight {weight}"), lengths, nodes, started);
            }
        }
        "shorten" => {
            let width = values.first().copied().unwrap_or(256);
            let paths: Vec<_> = states
                .iter()
                .map(|s| beam_solution(&puzzle, &s.cells, width).unwrap_or_default())
                .collect();
            let lengths = paths.iter().map(Vec::len).collect();
            report(format!("beam {width}"), lengths, 0, Instant::now());
            for (window, per) in [
                (16, 20_000),
                (24, 200_000),
                (32, 1_000_000),
                (40, 5_000_000),
            ] {
                let started = Instant::now();
                let mut nodes = 0;
                let lengths = states
                    .iter()
                    .zip(&paths)
                    .map(|(s, p)| {
                        let (p, k) = shorten_solution(&puzzle, &s.cells, p.clone(), window, per);
                        nodes += k;
                        p.len()
                    })
                    .collect();
                report(
                    format!("window {window} ({per} nodes)"),
                    lengths,
                    nodes,
                    started,
                );
            }
        }
        "reverse" => {
            for width in values {
                let started = Instant::now();
                let goal = puzzle.goal().to_vec();
                let lengths = states
                    .iter()
                    .map(|s| {
                        let back = Puzzle::new(puzzle.board(), &s.cells).expect("a state");
                        beam_solution(&back, &goal, width).map_or(0, |p| p.len())
                    })
                    .collect();
                report(format!("reverse {width}"), lengths, 0, started);
            }
        }
        _ => {
            for width in values {
                let started = Instant::now();
                let lengths = states
                    .iter()
                    .map(|s| beam_solution(&puzzle, &s.cells, width).map_or(0, |p| p.len()))
                    .collect();
                report(format!("width {width}"), lengths, 0, started);
            }
        }
    }
    let deep: Vec<u32> = states.iter().map(|s| s.deepcubea_length).collect();
    println!("deepcubea {deep:?}");
}
