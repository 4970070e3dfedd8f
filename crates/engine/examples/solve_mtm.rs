//! Optimal multi-tile solutions of 15-puzzle positions (goal `1,...,15,0`), one a line on
//! stdin, bounded by slidy's relabelling (Tomas Rokicki's `1 1 2 2 / 3 3 2 2 / 3 3 4 4 /
//! 3 4 4 0`) and its mirror image: each position's length, nodes and seconds. A benchmark of the
//! multi-tile search, not a test, until the files and the programs answer this metric on 4x4.
//!
//! ```text
//! cargo build --release -p tilebase-engine --example solve_mtm
//! target/release/random --board 4x4 --count 10 --seed 1 | target/release/examples/solve_mtm /tmp/mtm.tilebase
//! ```
//!
//! The table is built (20 to 45 s) and saved as a relabelled table file at the path given
//! (`verify` proves it), memory-mapped from there the next time.
//! `TILEBASE_MTM_MORE="l,l,...;l,l,..."` adds relabellings (16 labels by goal cell each, kept
//! at PATH.1, PATH.2, ...), the largest value taken; with `TILEBASE_MTM_ONLY_MORE=1` the added
//! ones alone.
use std::io::BufRead;
use std::time::Instant;

use tilebase_core::Metric;
use tilebase_engine::{NoProgress, build_relabelled, save_relabelled};
use tilebase_lookup::RelabelledFile;
use tilebase_pattern::{Grid, MultiSolver, Relabelling};

/// A relabelled table's file: opened (every block checked) if it is there, else built and
/// saved there first.
fn table(relabelling: &Relabelling, path: &str) -> RelabelledFile {
    match RelabelledFile::open(path) {
        Ok(file) if file.relabelling() == relabelling && file.metric() == Metric::Multi => file,
        _ => {
            let started = Instant::now();
            let values = build_relabelled(relabelling, Metric::Multi, &NoProgress);
            eprintln!("built {path} in {:.1?}", started.elapsed());
            save_relabelled(path.as_ref(), relabelling, Metric::Multi, &values, true)
                .expect("the table saved");
            RelabelledFile::open(path).expect("the table just saved")
        }
    }
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/mtm-4x4.tilebase".into());
    let grid = Grid::new(4, 4).expect("4x4");
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let mut labellings: Vec<Vec<u8>> = vec![vec![1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0]];
    // More relabellings, each as 16 labels by goal cell, separated by `;`.
    if let Ok(more) = std::env::var("TILEBASE_MTM_MORE") {
        for labels in more.split(';').filter(|s| !s.is_empty()) {
            labellings.push(
                labels
                    .split(',')
                    .map(|l| l.trim().parse().expect("a label"))
                    .collect(),
            );
        }
    }
    let relabellings: Vec<Relabelling> = labellings
        .iter()
        .map(|labels| Relabelling::new(grid, &goal, labels).expect("a relabelling"))
        .collect();
    let tables: Vec<RelabelledFile> = relabellings
        .iter()
        .enumerate()
        .map(|(i, r)| {
            table(
                r,
                &if i == 0 {
                    path.clone()
                } else {
                    format!("{path}.{i}")
                },
            )
        })
        .collect();
    let pairs: Vec<(&Relabelling, &[u8])> = relabellings
        .iter()
        .zip(&tables)
        .map(|(r, t)| (r, t.values()))
        .collect();
    // `TILEBASE_MTM_ONLY_MORE=1`: the added relabellings alone, without slidy's.
    let pairs = match std::env::var_os("TILEBASE_MTM_ONLY_MORE") {
        Some(_) if pairs.len() > 1 => &pairs[1..],
        _ => &pairs[..],
    };
    let solver = MultiSolver::new(&goal, pairs).expect("a solver");
    let (mut nodes, mut seconds) = (0u64, 0f64);
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line");
        let cells: Vec<u8> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("a tile"))
            .collect();
        if cells.len() != 16 {
            continue;
        }
        let started = Instant::now();
        let solved = solver.solve(&cells, u64::MAX).expect("solvable");
        let took = started.elapsed().as_secs_f64();
        let moves: Vec<String> = solved.slides.iter().map(|s| s.to_string()).collect();
        println!(
            "{line}: {} moves (bound {}), {} nodes, {took:.3} s: {}",
            solved.slides.len(),
            solved.start_bound,
            solved.nodes,
            moves.join(" ")
        );
        nodes += solved.nodes;
        seconds += took;
    }
    eprintln!(
        "{nodes} nodes, {seconds:.2} s, {:.1} M nodes/s",
        nodes as f64 / seconds / 1e6
    );
}
