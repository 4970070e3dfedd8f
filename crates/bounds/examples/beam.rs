//! Beam widths against solution lengths on DeepCubeA's states:
//! `cargo run --release -p tilebase-bounds --example beam -- 35 COUNT`.

use tilebase_bounds::{Puzzle, beam_solution};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (set, width) = match args.first().map(String::as_str) {
        Some("48") => (tilebase_testdata::deepcubea48(), 7),
        _ => (tilebase_testdata::deepcubea35(), 6),
    };
    let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let puzzle = Puzzle::ordered(tilebase_core::Board::new(width, width).expect("a board"));
    let widths: Vec<usize> = args.get(2).map_or(vec![16, 256, 4096, 65536], |w| {
        w.split(",").filter_map(|x| x.parse().ok()).collect()
    });
    let only: Option<usize> = std::env::var("ONLY").ok().and_then(|s| s.parse().ok());
    for beam in widths {
        let started = std::time::Instant::now();
        let lengths: Vec<usize> = set[..count]
            .iter()
            .enumerate()
            .filter(|(i, _)| only.is_none_or(|o| o == *i))
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .iter()
            .map(|s| beam_solution(&puzzle, &s.cells, beam).map_or(0, |p| p.len()))
            .collect();
        let mean = lengths.iter().sum::<usize>() as f64 / count as f64;
        println!(
            "width {beam}: mean {mean:.2} {lengths:?} in {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
    let deep: Vec<u32> = set[..count].iter().map(|s| s.deepcubea_length).collect();
    println!("deepcubea {deep:?}");
}
