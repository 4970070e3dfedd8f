//! Weighted A*'s weights against lengths and nodes:
//! `cargo run --release -p tilebase-bounds --example weighted -- 48 COUNT 20,30,50`.

use tilebase_bounds::{Puzzle, weighted_solution};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (set, width) = match args.first().map(String::as_str) {
        Some("48") => (tilebase_testdata::deepcubea48(), 7),
        _ => (tilebase_testdata::deepcubea35(), 6),
    };
    let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let weights: Vec<u32> = args.get(2).map_or(vec![20, 30, 50], |w| {
        w.split(',').filter_map(|x| x.parse().ok()).collect()
    });
    let puzzle = Puzzle::ordered(tilebase_core::Board::new(width, width).expect("a board"));
    for weight in weights {
        let started = std::time::Instant::now();
        let mut total_nodes = 0;
        let lengths: Vec<usize> = set[..count]
            .iter()
            .map(|s| {
                let (found, nodes) = weighted_solution(&puzzle, &s.cells, weight, 20_000_000);
                total_nodes += nodes;
                found.map_or(0, |p| p.len())
            })
            .collect();
        println!(
            "weight {weight}: {lengths:?}, {total_nodes} nodes in {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
    let deep: Vec<u32> = set[..count].iter().map(|s| s.deepcubea_length).collect();
    println!("deepcubea {deep:?}");
}
