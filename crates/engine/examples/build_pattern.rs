//! Builds pattern databases of the 15-puzzle (goal `1,2,...,15,0`), or with `--board WxH` of
//! another board (its tiles in order, the blank last), and says how long each took: a
//! benchmark, not a test.
//!
//! ```text
//! cargo build --release -p tilebase-engine --example build_pattern
//! /usr/bin/time -f "%e s %M KB" target/release/examples/build_pattern 1,2,3,4,5,6,7,8 9,10,11,12,13,14,15
//! ```
//!
//! Each argument is a pattern's tiles, comma-separated. With `--save DIR`, each database is
//! saved (4-bit values) as `DIR/pattern-<tiles>.tilebase`, for `solve_korf` to open. Prints, per
//! pattern, the seconds, the value counts and a checksum of the values (to compare builds).
//! With `--layers`, each layer's depth, its seconds, the placements valued so far and the
//! abstract states expanded so far (where a build's time goes).
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use tilebase_engine::{NoProgress, Progress, build_pattern, save_pattern};

/// Prints a line at the end of each layer.
struct Layers {
    last: Mutex<Instant>,
    expanded: AtomicU64,
}

impl Progress for Layers {
    fn layer(&self, depth: u32, reached: u64, total: u64) {
        let mut last = self.last.lock().unwrap();
        let seconds = last.elapsed().as_secs_f64();
        *last = Instant::now();
        let expanded = self.expanded.load(Ordering::Relaxed);
        println!(
            "  layer {depth:>2}: {seconds:7.3} s, {reached:>11} of {total} placements, {expanded:>11} expanded"
        );
    }

    fn expanded(&self, done: u64) {
        self.expanded.fetch_max(done, Ordering::Relaxed);
    }
}
use tilebase_pattern::{Encoding, Grid, Pattern};

fn main() {
    let mut save: Option<PathBuf> = None;
    let mut layers = false;
    let mut size = (4, 4);
    let mut patterns: Vec<Vec<u8>> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--save" {
            save = Some(args.next().expect("--save DIR").into());
            continue;
        }
        if arg == "--layers" {
            layers = true;
            continue;
        }
        if arg == "--board" {
            let board = args.next().expect("--board WxH");
            let (w, h) = board.split_once('x').expect("--board WxH");
            size = (w.parse().expect("a width"), h.parse().expect("a height"));
            continue;
        }
        patterns.push(
            arg.split(',')
                .map(|t| t.trim().parse().expect("a tile number"))
                .collect(),
        );
    }
    let grid = Grid::new(size.0, size.1).expect("a board of 2x2 to 25 cells");
    let goal: Vec<u8> = (1..grid.cells() as u8).chain([0]).collect();
    let all = Instant::now();
    for tiles in &patterns {
        let pattern = Pattern::new(grid, &goal, tiles).expect("a pattern");
        let start = Instant::now();
        let values = if layers {
            let progress = Layers {
                last: Mutex::new(Instant::now()),
                expanded: AtomicU64::new(0),
            };
            build_pattern(&pattern, &progress)
        } else {
            build_pattern(&pattern, &NoProgress)
        };
        let seconds = start.elapsed().as_secs_f64();
        let mut counts = vec![0u64; 64];
        // FNV-1a over the values: equal builds print equal checksums.
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for &v in &values {
            counts[usize::from(v.min(63))] += 1;
            hash = (hash ^ u64::from(v)).wrapping_mul(0x0100_0000_01b3);
        }
        while counts.last() == Some(&0) {
            counts.pop();
        }
        let name = tiles
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("-");
        println!("tiles {name}: {seconds:.2} s, checksum {hash:016x}, counts {counts:?}");
        if let Some(dir) = &save {
            let path = dir.join(format!("pattern-{name}.tilebase"));
            save_pattern(&path, &pattern, &values, Encoding::Halved, true).expect("saved");
            println!("saved {}", path.display());
        }
    }
    println!("all: {:.2} s", all.elapsed().as_secs_f64());
}
