//! `bench-programs`: times the real programs, whole processes, over seeded inputs, and solves the
//! same states with the `pathfinding` crate's A* and IDA* in the same run, for ratios that hold
//! however fast the machine happens to be.
//!
//! ```text
//! cargo run --release -p tilebase-bench [-- [--runs N] [--quick] [--baseline DIR]]
//! ```
//!
//! It builds the programs in release mode first, then prints one table of medians, spreads and
//! the targets of issue 6, ready to paste into BENCHMARKS.md.
//!
//! - `--runs N`: how many runs make each figure (11). The 12-cell boards' figures take at most
//!   5: a build takes seconds; `verify` of the 4x3 table, a minute or more, at most 3.
//! - `--quick`: leaves out the 12-cell boards (`build-db --board 4x3` and `--board 6x2`, and
//!   `verify` of the 4x3 table), for a fast run.
//! - `--baseline DIR`: DIR holds another build's release programs (`build-db`, `query`,
//!   `verify`), such as the previous commit's:
//!
//!   ```text
//!   git worktree add /tmp/base HEAD~1
//!   cargo build --release -p tilebase-tools --bins --manifest-path /tmp/base/Cargo.toml
//!   cargo run --release -p tilebase-bench -- --baseline /tmp/base/target/release
//!   ```
//!
//!   Every whole-process figure is then measured for both builds, run by run in turn (the
//!   baseline, this build, the baseline...), so that the machine's drift falls on both alike,
//!   and the table gains a baseline column and the ratio of the medians. Each build writes and
//!   reads its own databases.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use tilebase_bench::{SEED, baseline, random_arrangements, random_states};
use tilebase_core::State;
use tilebase_lookup::Database;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("rss") {
        return rss(&args[1..]);
    }
    let Some(options) = Options::parse(&args) else {
        return usage();
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench-programs: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: bench-programs [--runs N] [--quick] [--baseline DIR]");
    ExitCode::from(2)
}

/// What the command line asks for.
struct Options {
    runs: usize,
    quick: bool,
    baseline: Option<PathBuf>,
}

impl Options {
    fn parse(args: &[String]) -> Option<Options> {
        let mut options = Options {
            runs: 11,
            quick: false,
            baseline: None,
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--runs" => options.runs = args.next()?.parse().ok().filter(|&n| n > 0)?,
                "--quick" => options.quick = true,
                "--baseline" => options.baseline = Some(args.next()?.into()),
                _ => return None,
            }
        }
        Some(options)
    }
}

/// `bench-programs rss PROGRAM ARGS... < input`: runs the program, its output thrown away, prints
/// its peak resident memory in KiB and its wall time in seconds, and exits with its exit status.
/// A process of its own, because the kernel reports the largest child so far.
fn rss(command: &[String]) -> ExitCode {
    let Some((program, args)) = command.split_first() else {
        return usage();
    };
    let started = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .status();
    let took = started.elapsed();
    let usage = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN);
    match (status, usage) {
        (Ok(status), Ok(usage)) => {
            println!("{} {}", usage.max_rss(), took.as_secs_f64());
            // Ended by a signal: no code, and no run to count.
            ExitCode::from(status.code().map_or(255, |code| code as u8))
        }
        _ => ExitCode::FAILURE,
    }
}

/// The programs every side must have.
const PROGRAMS: [&str; 3] = ["build-db", "query", "verify"];

/// One build's programs, and the folder where its runs write and read their databases: its own,
/// so that a baseline of another format version reads files it understands.
struct Side {
    bin: PathBuf,
    dir: PathBuf,
}

impl Side {
    fn new(bin: PathBuf, dir: PathBuf) -> Result<Side, String> {
        if let Some(missing) = PROGRAMS.iter().map(|p| bin.join(p)).find(|p| !p.is_file()) {
            return Err(format!(
                "{}: no such program; build that commit's programs with `cargo build --release \
                 -p tilebase-tools --bins` (see --baseline in BENCHMARKS.md)",
                missing.display()
            ));
        }
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Side { bin, dir })
    }

    /// Runs `process` once, through `bench-programs rss`, and measures it.
    fn run(&self, process: &Process) -> Result<Sample, String> {
        let dir = self.dir.to_string_lossy();
        let args: Vec<String> = process
            .args
            .iter()
            .map(|arg| arg.replace("{dir}", &dir))
            .collect();
        let program = self.bin.join(process.program);
        let stdin = match process.input {
            Some(path) => {
                Stdio::from(File::open(path).map_err(|e| format!("{}: {e}", path.display()))?)
            }
            None => Stdio::null(),
        };
        let me = std::env::current_exe().map_err(|e| e.to_string())?;
        let output = Command::new(me)
            .arg("rss")
            .arg(&program)
            .args(&args)
            .stdin(stdin)
            .output()
            .map_err(|e| e.to_string())?;
        let command = || format!("{} {}", program.display(), args.join(" "));
        if output.status.code() != Some(process.code) {
            return Err(format!(
                "{} ended with {}, not exit status {}: {}",
                command(),
                output.status,
                process.code,
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        let printed = String::from_utf8_lossy(&output.stdout);
        match printed
            .split_whitespace()
            .map(str::parse)
            .collect::<Vec<_>>()[..]
        {
            [Ok(peak_kib), Ok(seconds)] => Ok(Sample { seconds, peak_kib }),
            _ => Err(format!("{}: could not measure it: {printed:?}", command())),
        }
    }
}

/// A run of one program. `{dir}` in an argument is the side's own folder.
struct Process<'a> {
    program: &'static str,
    args: &'a [&'a str],
    input: Option<&'a Path>,
    /// How a correct run ends: 0, or 1 when some input cannot reach the goal.
    code: i32,
}

impl<'a> Process<'a> {
    /// A run that ends with exit status 0.
    fn new(program: &'static str, args: &'a [&'a str], input: Option<&'a Path>) -> Process<'a> {
        Process {
            program,
            args,
            input,
            code: 0,
        }
    }
}

/// One run: its wall time and its peak resident memory.
struct Sample {
    seconds: f64,
    peak_kib: f64,
}

/// A figure measured over several runs, and over as many of the baseline's.
struct Figure {
    name: String,
    runs: Vec<f64>,
    baseline: Vec<f64>,
    unit: &'static str,
    target: String,
}

impl Figure {
    fn median(runs: &[f64]) -> f64 {
        let mut sorted = runs.to_vec();
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
    }

    fn spread(&self) -> (f64, f64) {
        let min = self.runs.iter().copied().fold(f64::INFINITY, f64::min);
        let max = self.runs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (min, max)
    }
}

/// The sides measured, and the figures so far.
struct Bench {
    now: Side,
    baseline: Option<Side>,
    figures: Vec<Figure>,
}

/// The runs of one process on each side: the baseline's (none without one), and this build's.
struct Samples {
    baseline: Vec<Sample>,
    now: Vec<Sample>,
}

impl Bench {
    /// Runs `process` `runs` times on each side, in turn, the baseline first.
    fn measure(&self, process: &Process, runs: usize) -> Result<Samples, String> {
        let mut samples = Samples {
            baseline: Vec::new(),
            now: Vec::new(),
        };
        for _ in 0..runs {
            if let Some(side) = &self.baseline {
                samples.baseline.push(side.run(process)?);
            }
            samples.now.push(self.now.run(process)?);
        }
        Ok(samples)
    }

    /// Adds the figure that `unit` makes of each run.
    fn add(&mut self, name: impl Into<String>, target: &str, samples: &Samples, unit: Unit) {
        self.figures.push(Figure {
            name: name.into(),
            runs: samples.now.iter().map(unit.of).collect(),
            baseline: samples.baseline.iter().map(unit.of).collect(),
            unit: unit.name,
            target: target.into(),
        });
    }

    /// Adds a figure measured in process, for this build alone.
    fn add_own(&mut self, name: &str, target: &str, unit: &'static str, runs: Vec<f64>) {
        self.figures.push(Figure {
            name: name.into(),
            runs,
            baseline: Vec::new(),
            unit,
            target: target.into(),
        });
    }
}

/// What a figure of whole processes is in, and how one run makes it.
#[derive(Clone, Copy)]
struct Unit {
    name: &'static str,
    of: fn(&Sample) -> f64,
}

const MS: Unit = Unit {
    name: "ms",
    of: |s| s.seconds * 1e3,
};
const SECONDS: Unit = Unit {
    name: "s",
    of: |s| s.seconds,
};
const MIB: Unit = Unit {
    name: "MiB",
    of: |s| s.peak_kib / 1024.0,
};
/// For a batch of [`LINES`] lines.
const MILLIONS: Unit = Unit {
    name: "M states/s",
    of: |s| LINES as f64 / s.seconds / 1e6,
};

/// How many runs make a figure of a 12-cell board at most: a build takes seconds.
const BIG_RUNS: usize = 5;

/// How many runs make the figure of `verify` of the 4x3 table at most: it takes a minute or more.
const VERIFY_RUNS: usize = 3;

/// The lines of each large batch.
const LINES: usize = 1_000_000;

fn run(options: &Options) -> Result<(), String> {
    let runs = options.runs;
    let bin = build_programs()?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut bench = Bench {
        now: Side::new(bin, dir.path().join("now"))?,
        baseline: match &options.baseline {
            Some(bin) => Some(Side::new(bin.clone(), dir.path().join("baseline"))?),
            None => None,
        },
        figures: Vec::new(),
    };
    let goal: State = "123804765".parse().unwrap();

    // Inputs, the same on every run of the benchmark: seeded random solvable states, and seeded
    // random arrangements, half of which cannot reach the goal.
    let states = random_states(&goal, LINES, SEED);
    let arrangements = random_arrangements(goal.board(), LINES, SEED);
    let write_input = |name: &str, states: &[State]| -> Result<PathBuf, String> {
        let path = dir.path().join(name);
        let mut file = std::io::BufWriter::new(File::create(&path).map_err(|e| e.to_string())?);
        for s in states {
            writeln!(file, "{s}").map_err(|e| e.to_string())?;
        }
        file.flush().map_err(|e| e.to_string())?;
        Ok(path)
    };
    let input_10k = write_input("10k.txt", &states[..10_000])?;
    let input_1m = write_input("1m.txt", &states)?;
    let input_arrangements = write_input("1m-arrangements.txt", &arrangements)?;

    let db = "{dir}/3x3-123804765.tilebase";

    let built = bench.measure(
        &Process::new("build-db", &["--out", db, "--force"], None),
        runs,
    )?;
    bench.add("build-db, whole process", "≤ 20 ms", &built, MS);
    let one = bench.measure(
        &Process::new("query", &["--db", db, "603712458"], None),
        runs,
    )?;
    bench.add("query, one state, whole process", "≤ 2 ms", &one, MS);
    let batch = bench.measure(
        &Process::new("query", &["--db", db], Some(&input_10k)),
        runs,
    )?;
    bench.add(
        "query, 10,000 states with paths, whole process",
        "≤ 10 ms",
        &batch,
        MS,
    );
    let distances = bench.measure(
        &Process::new("query", &["--db", db, "--distance-only"], Some(&input_1m)),
        runs,
    )?;
    bench.add(
        "query --distance-only, 1,000,000 solvable states",
        "≥ 20",
        &distances,
        MILLIONS,
    );
    let mixed = bench.measure(
        &Process {
            // Some cannot reach the goal: exit status 1.
            code: 1,
            ..Process::new(
                "query",
                &["--db", db, "--distance-only"],
                Some(&input_arrangements),
            )
        },
        runs,
    )?;
    bench.add(
        "query --distance-only, 1,000,000 random arrangements (half unsolvable)",
        "≥ 20",
        &mixed,
        MILLIONS,
    );
    let paths = bench.measure(&Process::new("query", &["--db", db], Some(&input_1m)), runs)?;
    bench.add(
        "query with paths, 1,000,000 states",
        "≥ 2",
        &paths,
        MILLIONS,
    );
    bench.add(
        "query with paths, 1,000,000 states: peak memory",
        "≤ 4",
        &paths,
        MIB,
    );

    if !options.quick {
        let big_runs = runs.min(BIG_RUNS);
        let table = "{dir}/4x3.tilebase";
        let built = bench.measure(
            &Process::new(
                "build-db",
                &["--board", "4x3", "--out", table, "--force"],
                None,
            ),
            big_runs,
        )?;
        bench.add("build-db --board 4x3, whole process", "", &built, SECONDS);
        bench.add("build-db --board 4x3: peak memory", "", &built, MIB);
        let checked = bench.measure(
            &Process::new("verify", &[table], None),
            runs.min(VERIFY_RUNS),
        )?;
        bench.add(
            "verify of the 4x3 table, whole process",
            "",
            &checked,
            SECONDS,
        );
        let built = bench.measure(
            &Process::new(
                "build-db",
                &["--board", "6x2", "--out", "{dir}/6x2.tilebase", "--force"],
                None,
            ),
            big_runs,
        )?;
        bench.add("build-db --board 6x2, whole process", "", &built, SECONDS);
        bench.add("build-db --board 6x2: peak memory", "", &built, MIB);
    }

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
    bench.add_own("build_table(), in process", "≤ 4 ms", "ms", builds);

    // In-process: tilebase against the pathfinding crate on the same states.
    let db =
        Database::open(bench.now.dir.join("3x3-123804765.tilebase")).map_err(|e| e.to_string())?;
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
        bench.add_own(name, target, "µs", runs_us);
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
        "reference",
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
        "reference",
        sample.len(),
        &mut || {
            positions
                .iter()
                .map(|p| baseline::idastar_moves(p, &goal_cells).unwrap_or(0) as usize)
                .sum()
        },
    );

    print_table(&bench, options);
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

fn print_table(bench: &Bench, options: &Options) {
    let figures = &bench.figures;
    let compared = bench.baseline.is_some();
    if compared {
        println!("| figure | baseline | now | now / baseline | spread now (min–max) | target |");
        println!("|---|---:|---:|---:|---:|---:|");
    } else {
        println!("| figure | median | spread (min–max) | target |");
        println!("|---|---:|---:|---:|");
    }
    for f in figures {
        let (min, max) = f.spread();
        let now = Figure::median(&f.runs);
        let mut cells = vec![f.name.clone(), format!("{now:.3} {}", f.unit)];
        if compared {
            // Figures measured in this process are of this build alone.
            let (baseline, ratio) = if f.baseline.is_empty() {
                (String::new(), String::new())
            } else {
                let baseline = Figure::median(&f.baseline);
                (
                    format!("{baseline:.3} {}", f.unit),
                    format!("{:.3}", now / baseline),
                )
            };
            cells.insert(1, baseline);
            cells.push(ratio);
        }
        cells.push(format!("{min:.3}–{max:.3}"));
        cells.push(f.target.clone());
        println!("| {} |", cells.join(" | "));
    }
    let median = |name: &str| {
        figures
            .iter()
            .find(|f| f.name.starts_with(name))
            .map_or(f64::NAN, |f| Figure::median(&f.runs))
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
    let runs = options.runs;
    let big = if options.quick {
        "the 12-cell boards left out (--quick)".to_string()
    } else {
        format!(
            "{} of the 12-cell boards' builds, {} of verify",
            runs.min(BIG_RUNS),
            runs.min(VERIFY_RUNS)
        )
    };
    println!(
        "({runs} runs of each figure, {big}; in process, tilebase over 100,000 seeded states, \
         the pathfinding crate over the first 1,000 of them)"
    );
    if let Some(side) = &bench.baseline {
        println!(
            "(baseline: the programs in {}, run in turn with this build's; now / baseline below \
             1 is faster or smaller for ms, s and MiB, above 1 is faster for M states/s)",
            side.bin.display()
        );
    }
}
