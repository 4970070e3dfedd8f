//! Solves Korf and Felner's 24-puzzle instances with saved 5x5 pattern databases and their
//! reflection, one at a time, the search of each shared among the cores, and says the length,
//! the nodes generated beside Korf and Felner's, and the time of each: a benchmark, not a test.
//!
//! ```text
//! cargo build --release --bin build-db -p tilebase-engine --example solve_korf50
//! target/release/build-db --board 5x5 --out /tmp/pdb5            # 6-6-6-6, about 70 seconds
//! target/release/examples/solve_korf50 /tmp/pdb5/5x5-*-pdb-*.tilebase            # the ten easiest
//! target/release/examples/solve_korf50 --instances 38,40 /tmp/pdb5/5x5-*.tilebase
//! ```
//!
//! `--deepcubea MAX` (or `MIN..MAX`) solves instead the states of DeepCubeA's 24-puzzle test set
//! (50 of them, in `tests/data/deepcubea-puzzle24.tsv`) on which its reference solver generated
//! fewer than MAX nodes (and at least MIN), and sets our nodes beside that solver's.
//!
//! Several partitions, separated by `+`, make a solver that takes the largest of their sums
//! (`solve_korf50 A B C D + E F G H`). `--threads N` shares each search among N threads (default: every core; 1: the serial
//! search). `--twins N` cuts twinned move sequences of up to N moves (0: none) instead of the
//! board's default, from the iteration `--twins-from K` above the root's heuristic on. `--memory MB`
//! searches by A*+IDA* with MB megabytes for A*. `--last`
//! also searches each instance's last iteration alone and says its nodes: the rest were spent
//! proving that no shorter solution exists. The files' goal must be `1,2,...,24,0`; Korf's goal `0,1,...,24` is mapped onto it
//! by turning the board half a turn and renaming each tile t to 25 − t, which keeps every
//! distance.
use std::time::Instant;

use tilebase_lookup::PatternFile;
use tilebase_pattern::{Grid, Pattern, PatternValues, Solver, Twins};

/// The ten instances Korf and Felner's solver generated the fewest nodes on, fewest first.
const EASIEST: [u32; 10] = [38, 40, 25, 32, 44, 37, 30, 13, 1, 28];

fn main() {
    let mut groups: Vec<Vec<PatternFile>> = vec![Vec::new()];
    let mut wanted: Vec<u32> = EASIEST.to_vec();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut twins = None;
    let mut twins_from = tilebase_pattern::TWINS_FROM;
    let mut last = false;
    let mut memory: Option<usize> = None;
    let mut deepcubea: Option<(u64, u64)> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--instances" => {
                wanted = args
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(|n| n.trim().parse().expect("--instances 38,40,..."))
                    .collect();
            }
            "--threads" => {
                threads = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--threads N")
            }
            "--twins" => twins = Some(args.next().and_then(|n| n.parse().ok()).expect("--twins N")),
            "--twins-from" => {
                twins_from = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--twins-from N")
            }
            "--last" => last = true,
            "--deepcubea" => {
                // MAX, or MIN..MAX.
                let text = args.next().unwrap_or_default();
                let (least, most) = text.split_once("..").unwrap_or(("0", &text));
                let nodes = |n: &str| n.parse::<f64>().expect("--deepcubea [MIN..]MAX") as u64;
                deepcubea = Some((nodes(least), nodes(most)));
            }
            "--memory" => {
                memory = args
                    .next()
                    .and_then(|n| n.parse::<usize>().ok())
                    .map(|mb| mb << 20)
            }
            "+" => groups.push(Vec::new()),
            path => groups
                .last_mut()
                .expect("a group")
                .push(PatternFile::open(path).expect("a pattern file")),
        }
    }
    let grid = Grid::new(5, 5).unwrap();
    let goal: Vec<u8> = (1..25).chain([0]).collect();
    let tables: Vec<Vec<(&Pattern, PatternValues<'_>)>> = groups
        .iter()
        .map(|files| files.iter().map(|f| (f.pattern(), f.values())).collect())
        .collect();
    let partitions: Vec<&[(&Pattern, PatternValues<'_>)]> =
        tables.iter().map(Vec::as_slice).collect();
    let twins = match twins {
        Some(0) => Twins::none(grid.board()),
        Some(moves) => Twins::new(grid.board(), moves),
        None => Twins::new(grid.board(), Twins::moves_for(grid.board())),
    };
    let solver = Solver::with_partitions(grid, &goal, &partitions, true)
        .expect("partitions of 5x5's tiles")
        .with_twins(std::sync::Arc::new(twins), twins_from);
    // (number, cells for the goal 1,...,24,0, published length, the reference's nodes)
    let instances: Vec<(u32, [u8; 25], u8, u64)> = match deepcubea {
        Some((least, most)) => tilebase_testdata::deepcubea24()
            .into_iter()
            .filter(|d| (least..most).contains(&d.nodes))
            .map(|d| (d.index, d.cells, d.length, d.nodes))
            .collect(),
        None => {
            let korf = tilebase_testdata::korf50();
            wanted
                .iter()
                .filter_map(|&number| {
                    let found = korf.iter().find(|i| i.number == number);
                    if found.is_none() {
                        eprintln!("no instance {number}");
                    }
                    found
                })
                .map(|i| {
                    let cells = tilebase_testdata::korf50_to_default_goal(&i.cells);
                    (i.number, cells, i.length, i.nodes)
                })
                .collect()
        }
    };
    let reference = if deepcubea.is_some() {
        "DeepCubeA's "
    } else {
        "Korf-Felner"
    };
    println!("instance  length  published  nodes            {reference}      ratio  seconds");
    let (mut all_nodes, mut all_theirs, mut all_seconds) = (0u64, 0u64, 0.0);
    for (number, cells, length, theirs) in instances {
        let started = Instant::now();
        let solution = match memory {
            Some(memory) => solver.solve_hybrid(&cells, threads, memory, u64::MAX),
            None if threads > 1 => solver.solve_parallel(&cells, threads),
            None => solver.solve(&cells, u64::MAX),
        }
        .expect("a solution");
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!(solution.moves.len(), usize::from(length), "{number}");
        println!(
            "{number:>8}  {:>6}  {:>9}  {:>15}  {:>15}  {:>5.3}  {seconds:>7.1}",
            solution.moves.len(),
            length,
            solution.nodes,
            theirs,
            solution.nodes as f64 / theirs as f64,
        );
        if last {
            let below = solver
                .search_below(&cells, &[], length.into(), u64::MAX)
                .expect("the last iteration");
            println!("          last iteration: {} nodes", below.nodes);
        }
        all_nodes += solution.nodes;
        all_theirs += theirs;
        all_seconds += seconds;
    }
    println!(
        "all                          {all_nodes:>15}  {all_theirs:>15}  {:>5.3}  {all_seconds:>7.1}",
        all_nodes as f64 / all_theirs.max(1) as f64
    );
}
