//! Optimal multi-tile solutions of 15-puzzle positions (goal `1,...,15,0`), one a line on
//! stdin, bounded by slidy's relabelling (Tomas Rokicki's `1 1 2 2 / 3 3 2 2 / 3 3 4 4 /
//! 3 4 4 0`) and its mirror image: each position's length, nodes and seconds. A benchmark of the
//! multi-tile search, not a test, until the files and the programs answer this metric on 4x4.
//!
//! ```text
//! cargo build --release -p tilebase-engine --example solve_mtm
//! target/release/random --board 4x4 --count 10 --seed 1 | target/release/examples/solve_mtm /tmp/mtm.bin
//! ```
//!
//! The table is built (20 to 45 s) and kept raw at the path given, read from there the next
//! time. `TILEBASE_MTM_MORE="l,l,...;l,l,..."` adds relabellings (16 labels by goal cell each,
//! kept at PATH.1, PATH.2, ...), the largest value taken; `TILEBASE_HUGE=0` keeps the tables
//! out of huge pages.
use std::io::BufRead;
use std::time::Instant;

use tilebase_core::Metric;
use tilebase_engine::{NoProgress, build_relabelled};
use tilebase_pattern::{Grid, MultiSolver, Relabelling};

/// A relabelled table: read raw from `path` if there, else built and kept there.
fn table(relabelling: &Relabelling, path: &str) -> memmap2::MmapMut {
    let values = match std::fs::read(path) {
        Ok(values) if values.len() as u64 == relabelling.states() => values,
        _ => {
            let started = Instant::now();
            let values = build_relabelled(relabelling, Metric::Multi, &NoProgress);
            eprintln!("built {path} in {:.1?}", started.elapsed());
            std::fs::write(path, &values).expect("the table written");
            values
        }
    };
    // In memory of its own, in huge pages where the system gives them (TILEBASE_HUGE=0: not).
    let mut table = memmap2::MmapMut::map_anon(values.len()).expect("memory");
    if std::env::var("TILEBASE_HUGE").as_deref() != Ok("0") {
        let _ = table.advise(memmap2::Advice::HugePage);
    }
    table.copy_from_slice(&values);
    table
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/mtm-4x4.bin".into());
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
    let tables: Vec<memmap2::MmapMut> = relabellings
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
        .map(|(r, t)| (r, &t[..]))
        .collect();
    let solver = MultiSolver::new(&goal, &pairs).expect("a solver");
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
