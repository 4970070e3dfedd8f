//! `build-db`: the one-time breadth-first search that writes a goal's database file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use tilebase_core::{Board, Metric, State};
use tilebase_engine::{SaveError, build_table_with, save};

use crate::exit::{self, parse_args};
use crate::locate::LOCAL_DIR;
use crate::progress::{self, Layers, Quiet};
use crate::select::board_and_goal;

/// Builds the database of a sliding-tile puzzle goal: the optimal distance of every state that
/// can reach it, one byte each, in a file that `query` memory-maps.
#[derive(Debug, Parser)]
#[command(name = "build-db", version)]
pub struct Args {
    /// Board, WxH: W columns and H rows, both at least 2, at most 12 cells [default: 3x3, or
    /// read off --goal]
    #[arg(long, value_name = "WxH")]
    pub board: Option<Board>,
    /// Goal state, in any form query reads (0 is the blank) [default: 123804765 on 3x3, tiles
    /// in order with the blank last on other boards]
    #[arg(long, value_name = "STATE")]
    pub goal: Option<String>,
    /// Build the databases that between them answer for every goal of the board: one for each
    /// class of the blank's cell under the board's symmetries (3 on 3x3), each of the tiles in
    /// order around the blank. --out is then a directory [default: db]
    #[arg(long, conflicts_with = "goal")]
    pub all_goals: bool,
    /// How moves are counted: stm, one tile slides; mtm, a line of tiles slides as one move
    #[arg(long, value_name = "stm|mtm", default_value_t = Metric::Single)]
    pub metric: Metric,
    /// Output file [default: db/BOARD-GOAL.tilebase, with -mtm before .tilebase in the
    /// multi-tile metric, and .zst added when compressed]
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Write the zstd-compressed form, for shipping; query and the library read both
    #[arg(long)]
    pub compress: bool,
    /// Replace the output file if it exists
    #[arg(long)]
    pub force: bool,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Runs `build-db` with the process's arguments.
pub fn main() -> ExitCode {
    // The 15-puzzle gets pattern databases, with flags of their own.
    if crate::fifteen::asked_for(&std::env::args_os().collect::<Vec<_>>()) {
        return crate::fifteen::build::main();
    }
    let args = match parse_args::<Args>("build-db") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
    exit::print_or_report("build-db", run(&args))
}

/// Builds and saves the database or databases the arguments ask for; returns the summary to
/// print.
pub fn run(args: &Args) -> Result<String, String> {
    let (board, goal) = board_and_goal(args.board, args.goal.as_deref())?;
    let file = |goal: &State| tilebase_format::file_name(goal, args.metric, args.compress);
    if !args.all_goals {
        let path = args
            .out
            .clone()
            .unwrap_or_else(|| Path::new(LOCAL_DIR).join(file(&goal)));
        return build_one(args, &goal, &path);
    }
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from(LOCAL_DIR));
    if dir.is_file() {
        return Err(format!(
            "{}: is a file; with --all-goals, --out names a directory",
            dir.display()
        ));
    }
    let goals = board.canonical_goals();
    let paths: Vec<PathBuf> = goals.iter().map(|g| dir.join(file(g))).collect();
    // Every refusal before any build, so that nothing is half done.
    for path in &paths {
        check_absent(args, path)?;
    }
    let started = Instant::now();
    let mut summary = String::new();
    for (goal, path) in goals.iter().zip(&paths) {
        summary.push_str(&build_one(args, goal, path)?);
        summary.push('\n');
    }
    let _ = writeln!(
        summary,
        "{} databases for every goal of the {board} board ({}) in {:.1} ms: each answers for \
         every goal with the blank in the same class of cells",
        goals.len(),
        args.metric,
        ms(started.elapsed())
    );
    Ok(summary)
}

fn check_absent(args: &Args, path: &Path) -> Result<(), String> {
    if !args.force && std::fs::symlink_metadata(path).is_ok() {
        return Err(exists(path));
    }
    Ok(())
}

fn exists(path: &Path) -> String {
    format!(
        "{}: already exists: pass --force to replace it",
        path.display()
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Builds and saves one database; returns its summary.
fn build_one(args: &Args, goal: &State, path: &Path) -> Result<String, String> {
    // Checked before the search too, so that a refusal is instant; save checks again.
    check_absent(args, path)?;
    let started = Instant::now();
    let bar = Layers(progress::bar(
        &format!("building {}", goal.board()),
        u64::from(goal.board().states()),
        "states",
    ));
    let table = build_table_with(goal, args.metric, &bar);
    let searched = started.elapsed();
    progress::finishing(&bar.0, "writing the file");
    let saved = save(path, goal, args.metric, &table, args.compress, args.force);
    bar.0.finish_and_clear();
    let saved = saved.map_err(|e| match e {
        SaveError::Exists { path } => exists(&path),
        other => other.to_string(),
    })?;
    let total = started.elapsed();

    let h = &saved.header;
    let at_max = h.counts[usize::from(h.max_distance)];
    Ok(format!(
        "board   {}\n\
         goal    {goal}\n\
         states  {}\n\
         max     {} moves, reached by {at_max} state{}\n\
         time    {:.1} ms (search {:.1} ms, write {:.1} ms)\n\
         file    {} ({} bytes{})\n\
         metric  {}\n",
        goal.board(),
        h.entry_count,
        h.max_distance,
        if at_max == 1 { "" } else { "s" },
        ms(total),
        ms(searched),
        ms(total - searched),
        saved.path.display(),
        saved.bytes,
        if args.compress { ", zstd" } else { "" },
        match args.metric {
            Metric::Single => "stm (single-tile moves)",
            Metric::Multi => "mtm (multi-tile moves: a line of tiles slides as one)",
        },
    ))
}
