//! `bench-programs`: times the real programs, whole processes, over seeded inputs, and solves the
//! same states with the `pathfinding` crate's A* and IDA* in the same run, for ratios that hold
//! however fast the machine happens to be.
//!
//! ```text
//! cargo run --release -p tilebase-bench [-- --runs N]
//! ```
//!
//! It builds the programs in release mode first, then prints one table of medians, spreads and
//! the targets of issue 6, ready to paste into BENCHMARKS.md.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use tilebase_bench::{SEED, baseline, random_states};
use tilebase_core::State;
use tilebase_lookup::Database;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("rss") {
        return rss(&args[1..]);
    }
    let runs = match args.as_slice() {
        [] => 11,
        [flag, n] if flag == "--runs" => match n.parse() {
            Ok(n) if n > 0 => n,
            _ => return usage(),
        },
        _ => return usage(),
    };
    match run(runs) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench-programs: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: bench-programs [--runs N]");
    ExitCode::from(2)
}

/// `bench-programs rss PROGRAM ARGS... < input`: runs the program and prints its peak resident
/// memory in KiB. A process of its own, because the kernel reports the largest child so far.
fn rss(command: &[String]) -> ExitCode {
    let Some((program, args)) = command.split_first() else {
        return usage();
    };
    let status = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .status();
    let usage = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN);
    match (status, usage) {
        (Ok(_), Ok(usage)) => {
            println!("{}", usage.max_rss());
            ExitCode::SUCCESS
        }
        _ => ExitCode::FAILURE,
    }
}

/// A figure measured over several runs.
struct Figure {
    name: String,
    runs: Vec<f64>,
    unit: &'static str,
    target: String,
}

impl Figure {
    fn median(&self) -> f64 {
        let mut sorted = self.runs.clone();
        sorted.sort_by(f64::total_cmp);
        sorted[sorted.len() / 2]
    }

    fn spread(&self) -> (f64, f64) {
        let min = self.runs.iter().copied().fold(f64::INFINITY, f64::min);
        let max = self.runs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (min, max)
    }
}

fn run(runs: usize) -> Result<(), String> {
    let bin = build_programs()?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let goal: State = "123804765".parse().unwrap();
    let db_path = dir.path().join("3x3-123804765.tilebase");
    let db_arg = db_path.to_string_lossy().into_owned();

    // Inputs: seeded random solvable states, the same on every run of the benchmark.
    let states = random_states(&goal, 1_000_000, SEED);
    let write_input = |name: &str, n: usize| -> Result<PathBuf, String> {
        let path = dir.path().join(name);
        let mut file = std::io::BufWriter::new(File::create(&path).map_err(|e| e.to_string())?);
        for s in &states[..n] {
            writeln!(file, "{s}").map_err(|e| e.to_string())?;
        }
        file.flush().map_err(|e| e.to_string())?;
        Ok(path)
    };
    let input_10k = write_input("10k.txt", 10_000)?;
    let input_1m = write_input("1m.txt", 1_000_000)?;
    let build_db = bin.join("build-db");
    let query = bin.join("query");

    let mut figures = Vec::new();
    let mut whole = |name: &str,
                     target: &str,
                     program: &Path,
                     args: &[&str],
                     input: Option<&Path>,
                     per: Option<f64>|
     -> Result<(), String> {
        let mut times = Vec::new();
        for _ in 0..runs {
            times.push(time_process(program, args, input)?);
        }
        figures.push(match per {
            None => Figure {
                name: name.into(),
                runs: times.iter().map(|t| t.as_secs_f64() * 1e3).collect(),
                unit: "ms",
                target: target.into(),
            },
            Some(items) => Figure {
                name: name.into(),
                runs: times
                    .iter()
                    .map(|t| items / t.as_secs_f64() / 1e6)
                    .collect(),
                unit: "M states/s",
                target: target.into(),
            },
        });
        Ok(())
    };
    whole(
        "build-db, whole process",
        "≤ 20 ms",
        &build_db,
        &["--out", &db_arg, "--force"],
        None,
        None,
    )?;
    whole(
        "query, one state, whole process",
        "≤ 2 ms",
        &query,
        &["--db", &db_arg, "603712458"],
        None,
        None,
    )?;
    whole(
        "query, 10,000 states with paths, whole process",
        "≤ 10 ms",
        &query,
        &["--db", &db_arg],
        Some(&input_10k),
        None,
    )?;
    whole(
        "query --distance-only, 1,000,000 states",
        "≥ 20",
        &query,
        &["--db", &db_arg, "--distance-only"],
        Some(&input_1m),
        Some(1e6),
    )?;
    whole(
        "query with paths, 1,000,000 states",
        "≥ 2",
        &query,
        &["--db", &db_arg],
        Some(&input_1m),
        Some(1e6),
    )?;

    let mut peak = Vec::new();
    for _ in 0..runs.min(3) {
        peak.push(peak_kib(&query, &["--db", &db_arg], &input_1m)? / 1024.0);
    }
    figures.push(Figure {
        name: "query with paths, 1,000,000 states: peak memory".into(),
        runs: peak,
        unit: "MiB",
        target: "≤ 4".into(),
    });

    // In-process: the breadth-first search alone, ten builds a run after one to warm up.
    std::hint::black_box(tilebase_engine::build_table(&goal));
    let mut builds = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        for _ in 0..10 {
            std::hint::black_box(tilebase_engine::build_table(&goal));
        }
        builds.push(started.elapsed().as_secs_f64() * 1e3 / 10.0);
    }
    figures.push(Figure {
        name: "build_table(), in process".into(),
        runs: builds,
        unit: "ms",
        target: "≤ 4 ms".into(),
    });

    // In-process: tilebase against the pathfinding crate on the same states.
    let db = Database::open(&db_path).map_err(|e| e.to_string())?;
    let sample = &states[..1000];
    let goal_cells: baseline::Position = goal.cells().try_into().unwrap();
    let positions: Vec<baseline::Position> = sample
        .iter()
        .map(|s| s.cells().try_into().unwrap())
        .collect();
    // tilebase answers 100,000 distinct states a run, more than a branch predictor can learn
    // (see `tilebase_bench::FRESH`); the baselines, a thousand times slower, 1,000. Each figure
    // is warmed up by one pass first.
    let fresh = &states[..100_000];
    let mut per_state = |name: &str, target: &str, count: usize, f: &mut dyn FnMut() -> usize| {
        std::hint::black_box(f());
        let mut runs_us = Vec::new();
        for _ in 0..runs {
            let started = Instant::now();
            std::hint::black_box(f());
            runs_us.push(started.elapsed().as_secs_f64() * 1e6 / count as f64);
        }
        figures.push(Figure {
            name: name.into(),
            runs: runs_us,
            unit: "µs",
            target: target.into(),
        });
    };
    // Each solver's answers are checked against the table before they are timed.
    for (p, s) in positions.iter().zip(sample).take(100) {
        let d = u32::from(db.distance(s).map_err(|e| e.to_string())?);
        if baseline::astar_moves(p, &goal_cells) != Some(d)
            || baseline::idastar_moves(p, &goal_cells) != Some(d)
        {
            return Err(format!("the baseline disagrees with the table on {s}"));
        }
    }
    per_state(
        "tilebase solve(), per state",
        "≤ 0.4",
        fresh.len(),
        &mut || {
            fresh
                .iter()
                .map(|s| db.solve(s).map_or(0, |p| p.len()))
                .sum()
        },
    );
    per_state(
        "tilebase distance(), per state",
        "≤ 0.02",
        fresh.len(),
        &mut || {
            fresh
                .iter()
                .map(|s| db.distance(s).map_or(0, usize::from))
                .sum()
        },
    );
    per_state(
        "pathfinding A* (Manhattan), per state",
        "baseline",
        sample.len(),
        &mut || {
            positions
                .iter()
                .map(|p| baseline::astar_moves(p, &goal_cells).unwrap_or(0) as usize)
                .sum()
        },
    );
    per_state(
        "pathfinding IDA* (Manhattan), per state",
        "baseline",
        sample.len(),
        &mut || {
            positions
                .iter()
                .map(|p| baseline::idastar_moves(p, &goal_cells).unwrap_or(0) as usize)
                .sum()
        },
    );

    print_table(&figures, runs);
    fs::remove_file(&db_path).ok();
    Ok(())
}

/// Builds the programs in release mode, and returns the folder they are in: this program's own.
fn build_programs() -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "tilebase-tools",
            "--bins",
        ])
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !status.success() {
        return Err("cargo build failed".into());
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    Ok(exe
        .parent()
        .ok_or("no folder for this program")?
        .to_path_buf())
}

/// Runs a program to completion, its output thrown away, and times it.
fn time_process(program: &Path, args: &[&str], input: Option<&Path>) -> Result<Duration, String> {
    let stdin = match input {
        Some(path) => Stdio::from(File::open(path).map_err(|e| e.to_string())?),
        None => Stdio::null(),
    };
    let started = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    let took = started.elapsed();
    if !status.success() {
        return Err(format!(
            "{} {} failed: {status}",
            program.display(),
            args.join(" ")
        ));
    }
    Ok(took)
}

/// The peak resident memory of a run, in KiB, measured by `bench-programs rss`.
fn peak_kib(program: &Path, args: &[&str], input: &Path) -> Result<f64, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let output = Command::new(me)
        .arg("rss")
        .arg(program)
        .args(args)
        .stdin(File::open(input).map_err(|e| e.to_string())?)
        .output()
        .map_err(|e| e.to_string())?;
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .map_err(|_| "could not measure peak memory".to_string())
}

fn print_table(figures: &[Figure], runs: usize) {
    println!("| figure | median | spread (min–max) | target |");
    println!("|---|---:|---:|---:|");
    for f in figures {
        let (min, max) = f.spread();
        println!(
            "| {} | {:.3} {} | {:.3}–{:.3} | {} |",
            f.name,
            f.median(),
            f.unit,
            min,
            max,
            f.target
        );
    }
    let median = |name: &str| {
        figures
            .iter()
            .find(|f| f.name.starts_with(name))
            .map(Figure::median)
            .unwrap_or(f64::NAN)
    };
    let solve = median("tilebase solve()");
    println!();
    println!(
        "tilebase solve() / pathfinding A*: {:.4} (A* takes {:.0}x as long)",
        solve / median("pathfinding A*"),
        median("pathfinding A*") / solve
    );
    println!(
        "tilebase solve() / pathfinding IDA*: {:.4} (IDA* takes {:.0}x as long)",
        solve / median("pathfinding IDA*"),
        median("pathfinding IDA*") / solve
    );
    println!(
        "({runs} runs of each figure; in process, tilebase over 100,000 seeded states, the \
         baselines over the first 1,000 of them)"
    );
}
