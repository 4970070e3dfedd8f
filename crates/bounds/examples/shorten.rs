//! Windows against lengths: a beam's solutions shortened.
//! `cargo run --release -p tilebase-bounds --example shorten -- 35 COUNT WIDTH`.

use tilebase_bounds::{Puzzle, beam_solution, shorten_solution};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (set, width) = match args.first().map(String::as_str) {
        Some("48") => (tilebase_testdata::deepcubea48(), 7),
        _ => (tilebase_testdata::deepcubea35(), 6),
    };
    let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let beam: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(256);
    let puzzle = Puzzle::ordered(tilebase_core::Board::new(width, width).expect("a board"));
    let paths: Vec<_> = set[..count]
        .iter()
        .map(|s| beam_solution(&puzzle, &s.cells, beam).expect("a solution"))
        .collect();
    let mean = |l: &[usize]| l.iter().sum::<usize>() as f64 / l.len() as f64;
    let lengths: Vec<usize> = paths.iter().map(Vec::len).collect();
    println!("beam {beam}: mean {:.2} {lengths:?}", mean(&lengths));
    for (window, per) in [
        (16, 20_000),
        (24, 200_000),
        (32, 1_000_000),
        (40, 5_000_000),
    ] {
        let started = std::time::Instant::now();
        let mut nodes = 0;
        let lengths: Vec<usize> = set[..count]
            .iter()
            .zip(&paths)
            .map(|(s, p)| {
                let (p, k) = shorten_solution(&puzzle, &s.cells, p.clone(), window, per);
                nodes += k;
                p.len()
            })
            .collect();
        println!(
            "window {window} ({per} nodes): mean {:.2} {lengths:?}, {nodes} nodes in {:.2} s",
            mean(&lengths),
            started.elapsed().as_secs_f64()
        );
    }
    let deep: Vec<u32> = set[..count].iter().map(|s| s.deepcubea_length).collect();
    println!("deepcubea {deep:?}");
}
