//! Bounds on DeepCubeA's 35- or 48-puzzle states (tests/data), one state at a time on one
//! thread: `cargo run --release -p tilebase-bounds --example deepcubea -- 35 SECONDS [FIRST..LAST]
//! [--patterns]`, the last to add the default pattern databases (built first, timed).

use std::sync::Arc;

use tilebase_bounds::{Budget, Patterns, Puzzle, bound};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let patterns = args.iter().any(|a| a.starts_with("--patterns"));
    // --patterns=N: groups of N tiles.
    let group: Option<usize> = args
        .iter()
        .find_map(|a| a.strip_prefix("--patterns="))
        .and_then(|n| n.parse().ok());
    args.retain(|a| !a.starts_with("--patterns"));
    let (set, width) = match args.first().map(String::as_str) {
        Some("48") => (tilebase_testdata::deepcubea48(), 7),
        _ => (tilebase_testdata::deepcubea35(), 6),
    };
    let seconds: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let (first, last) = args
        .get(2)
        .and_then(|r| r.split_once(".."))
        .map(|(a, b)| (a.parse().unwrap_or(0), b.parse().unwrap_or(50)))
        .unwrap_or((0, 50));
    let board = tilebase_core::Board::new(width, width).expect("a board");
    let mut puzzle = Puzzle::ordered(board);
    if patterns {
        let start = std::time::Instant::now();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let goal = puzzle.goal().to_vec();
        let partition = match group {
            Some(n) => tilebase_bounds::Partition::in_groups_of(board, &goal, n),
            None => tilebase_bounds::Partition::default_for(board, &goal),
        };
        let patterns = Patterns::new(partition, &goal, |homes| {
            let table = tilebase_bounds::Table::build(board, homes, threads, |_, _| {});
            eprintln!("table {homes:?}: {:.1} s", start.elapsed().as_secs_f64());
            table
        })
        .expect("the goal");
        eprintln!(
            "patterns {} built in {:.1} s",
            patterns.partition(),
            start.elapsed().as_secs_f64()
        );
        puzzle = puzzle
            .with_patterns(Arc::new(patterns))
            .expect("the same goal");
    }
    let (mut sum_lower, mut sum_upper, mut sum_deep, mut sum_md, mut sum_h, mut count) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    println!("index\tmanhattan\th\tlower\tlength\tdeepcubea\tnodes\tseconds");
    for state in &set[first.min(set.len())..last.min(set.len())] {
        let md = puzzle.manhattan(&state.cells).expect("a state");
        // Manhattan distance and conflicts alone beside the patterns' sum.
        if let Some(p) = puzzle.patterns() {
            let plain = Puzzle::ordered(board)
                .heuristic(&state.cells)
                .expect("a state");
            eprintln!(
                "{}: conflicts {plain}, patterns {}",
                state.index,
                p.heuristic(&state.cells).expect("a state")
            );
        }
        let h = puzzle.heuristic(&state.cells).expect("a state");
        let b = bound(&puzzle, &state.cells, Budget::seconds(seconds)).expect("a state");
        let length = b.length().unwrap_or(0);
        println!(
            "{}\t{md}\t{h}\t{}\t{length}\t{}\t{}\t{:.2}",
            state.index, b.lower_bound, state.deepcubea_length, b.nodes, b.seconds
        );
        assert!(b.lower_bound <= state.deepcubea_length);
        sum_lower += u64::from(b.lower_bound);
        sum_upper += u64::from(length);
        sum_deep += u64::from(state.deepcubea_length);
        sum_md += u64::from(md);
        sum_h += u64::from(h);
        count += 1;
    }
    let mean = |s: u64| s as f64 / count.max(1) as f64;
    println!(
        "means over {count}: manhattan {:.2}, manhattan+conflicts {:.2}, lower {:.2}, length {:.2}, deepcubea {:.2}",
        mean(sum_md),
        mean(sum_h),
        mean(sum_lower),
        mean(sum_upper),
        mean(sum_deep)
    );
}
