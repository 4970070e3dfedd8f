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
//! Several partitions, separated by `+`, make a solver that takes the largest of their sums
//! (`solve_korf A.tilebase B.tilebase + C.tilebase D.tilebase`). `--hard` solves the positions
//! of issue 28 instead (the slowest known for 7-8 with its reflection), and `--mirrors N` N
//! random positions that are their own mirror image, each with its nodes and time. `--twins N`
//! cuts twinned move sequences of up to N moves (0: none) instead of the board's default, from
//! the iteration `--twins-from K` above the root's heuristic on. `--memory MB` searches the
//! positions of `--hard`, `--mirrors` and `--state` by A*+IDA* with MB megabytes for A*.
//!
//! Korf's goal `0,1,...,15` is mapped to tilebase's `1,...,15,0` by turning the board half a
//! turn and renaming each tile t to 16 − t, which keeps every distance.
use std::time::Instant;

use tilebase_lookup::PatternFile;
use tilebase_pattern::{Grid, Pattern, PatternValues, Solver, Twins};

fn to_default_goal(cells: &[u8; 16]) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (c, &t) in cells.iter().enumerate() {
        out[15 - c] = if t == 0 { 0 } else { 16 - t };
    }
    out
}

/// The positions of issue 28, for the goal `1,...,15,0`, with their lengths.
const HARD: [([u8; 16], usize); 5] = [
    ([0, 15, 8, 3, 12, 11, 7, 4, 14, 10, 6, 5, 9, 13, 2, 1], 70),
    ([6, 5, 9, 13, 2, 1, 10, 14, 3, 7, 0, 15, 4, 8, 12, 11], 72),
    ([11, 5, 9, 13, 2, 6, 10, 14, 3, 7, 0, 15, 4, 8, 12, 1], 74),
    ([1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 0], 72),
    ([0, 15, 8, 13, 12, 11, 3, 7, 14, 9, 6, 2, 4, 10, 5, 1], 76),
];

/// `count` random solvable positions that are their own mirror about the main diagonal (the
/// goal `1,...,15,0`), from a fixed seed.
fn mirrors(count: usize) -> Vec<[u8; 16]> {
    let grid = Grid::new(4, 4).unwrap();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let image = |c: usize| (c % 4) * 4 + c / 4;
    let mut out = Vec::new();
    while out.len() < count {
        let mut cells = [0u8; 16];
        // The diagonal's cells hold the diagonal's tiles (and the blank), in any order.
        let mut diagonal = vec![1u8, 6, 11, 0];
        for c in [0, 5, 10, 15] {
            cells[c] = diagonal.remove(next(diagonal.len()));
        }
        // Each pair of mirrored cells holds a pair of mirrored tiles, either way round.
        let mut pairs: Vec<usize> = (0..16).filter(|&c| c % 4 > c / 4).collect();
        for c in (0..16).filter(|&c| c % 4 > c / 4) {
            let home = pairs.remove(next(pairs.len()));
            let (a, b) = if next(2) == 0 {
                (home, image(home))
            } else {
                (image(home), home)
            };
            cells[c] = goal[a];
            cells[image(c)] = goal[b];
        }
        if tilebase_pattern::solvable(&grid, &goal, &cells) {
            out.push(cells);
        }
    }
    out
}

fn main() {
    let mut verbose = false;
    let mut hard = false;
    let mut threads = 1;
    let mut mirrored = None;
    let mut twins: Option<usize> = None;
    let mut twins_from = tilebase_pattern::TWINS_FROM;
    let mut memory: Option<usize> = None;
    let mut given: Vec<[u8; 16]> = Vec::new();
    let mut groups: Vec<Vec<String>> = vec![Vec::new()];
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-v" => verbose = true,
            "--hard" => hard = true,
            "--threads" => {
                threads = args
                    .next()
                    .and_then(|n| n.parse::<usize>().ok())
                    .unwrap_or(1)
            }
            "--twins" => twins = args.next().and_then(|n| n.parse::<usize>().ok()),
            "--twins-from" => {
                twins_from = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--twins-from N")
            }
            "--memory" => {
                memory = args
                    .next()
                    .and_then(|n| n.parse::<usize>().ok())
                    .map(|mb| mb << 20)
            }
            "--mirrors" => mirrored = args.next().and_then(|n| n.parse::<usize>().ok()),
            "+" => groups.push(Vec::new()),
            "--state" => given.push(
                tilebase_pattern::parse_cells(&Grid::new(4, 4).unwrap(), &args.next().unwrap())
                    .expect("a state")
                    .try_into()
                    .unwrap(),
            ),
            _ => groups.last_mut().unwrap().push(arg),
        }
    }
    let files: Vec<Vec<PatternFile>> = groups
        .iter()
        .map(|paths| {
            paths
                .iter()
                .map(|p| PatternFile::open(p).expect("a pattern database"))
                .collect()
        })
        .collect();
    let tables: Vec<Vec<(&Pattern, PatternValues<'_>)>> = files
        .iter()
        .map(|files| files.iter().map(|f| (f.pattern(), f.values())).collect())
        .collect();
    let partitions: Vec<&[(&Pattern, PatternValues<'_>)]> =
        tables.iter().map(Vec::as_slice).collect();
    let grid = Grid::new(4, 4).unwrap();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let mut solver = Solver::with_partitions(grid, &goal, &partitions, true).expect("a partition");
    let twins = match twins {
        Some(0) => Twins::none(grid.board()),
        Some(moves) => Twins::new(grid.board(), moves),
        None => Twins::new(grid.board(), Twins::moves_for(grid.board())),
    };
    solver = solver.with_twins(std::sync::Arc::new(twins), twins_from);
    eprintln!(
        "twins: sequences of up to {} moves, {} of them",
        solver.twins().moves(),
        solver.twins().sequences()
    );
    if hard || mirrored.is_some() || !given.is_empty() {
        let states: Vec<([u8; 16], Option<usize>)> = match mirrored {
            Some(n) => mirrors(n).into_iter().map(|s| (s, None)).collect(),
            None if hard => HARD.iter().map(|&(s, l)| (s, Some(l))).collect(),
            None => given.iter().map(|&s| (s, None)).collect(),
        };
        let hard = true;
        let (mut nodes, mut worst) = (0u64, 0f64);
        let start = Instant::now();
        for (cells, length) in &states {
            let t = Instant::now();
            let solution = match memory {
                Some(memory) => solver.solve_hybrid(cells, threads, memory, u64::MAX),
                None => solver.solve_parallel(cells, threads),
            }
            .expect("solved");
            let seconds = t.elapsed().as_secs_f64();
            if let Some(length) = length {
                assert_eq!(solution.moves.len(), *length);
            }
            nodes += solution.nodes;
            worst = worst.max(seconds);
            if verbose || hard {
                println!(
                    "{} length {:2} h {:2} {:?} nodes {:11} {:.3} s",
                    tilebase_pattern::cells_to_string(cells),
                    solution.moves.len(),
                    solution.start_bound,
                    solver.lookups(cells),
                    solution.nodes,
                    seconds
                );
            }
        }
        println!(
            "{} positions: {nodes} nodes, {:.3} s, the slowest {worst:.3} s",
            states.len(),
            start.elapsed().as_secs_f64()
        );
        return;
    }
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
