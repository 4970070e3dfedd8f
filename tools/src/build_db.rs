//! `build-db`: the one-time breadth-first search that writes a goal's database file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use tilebase_build::{SaveError, build_table, save};
use tilebase_core::Board;

use crate::exit::{self, parse_args, report};
use crate::locate::LOCAL_DIR;
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
    /// Output file [default: db/BOARD-GOAL.tilebase, with .zst added when compressed]
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Write the zstd-compressed form, for shipping; query and the library read both
    #[arg(long)]
    pub compress: bool,
    /// Replace the output file if it exists
    #[arg(long)]
    pub force: bool,
}

/// Runs `build-db` with the process's arguments.
pub fn main() -> ExitCode {
    let args = match parse_args::<Args>("build-db") {
        Ok(args) => args,
        Err(code) => return code,
    };
    match run(&args) {
        Ok(summary) => {
            print!("{summary}");
            ExitCode::from(exit::OK)
        }
        Err(message) => {
            report("build-db", message);
            ExitCode::from(exit::ERROR)
        }
    }
}

/// Builds and saves the database the arguments ask for; returns the summary to print.
pub fn run(args: &Args) -> Result<String, String> {
    let (board, goal) = board_and_goal(args.board, args.goal.as_deref())?;
    let path = args.out.clone().unwrap_or_else(|| {
        Path::new(LOCAL_DIR).join(tilebase_format::file_name(&goal, args.compress))
    });
    let exists = |path: &Path| {
        format!(
            "{}: already exists: pass --force to replace it",
            path.display()
        )
    };
    // Checked before the search too, so that a refusal is instant; save checks again.
    if !args.force && std::fs::symlink_metadata(&path).is_ok() {
        return Err(exists(&path));
    }

    let started = Instant::now();
    let table = build_table(&goal);
    let searched = started.elapsed();
    let saved = save(&path, &goal, &table, args.compress, args.force).map_err(|e| match e {
        SaveError::Exists { path } => exists(&path),
        other => other.to_string(),
    })?;
    let total = started.elapsed();

    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let h = &saved.header;
    Ok(format!(
        "board   {board}\n\
         goal    {goal}\n\
         states  {}\n\
         max     {} moves, reached by {} state{}\n\
         time    {:.1} ms (search {:.1} ms, write {:.1} ms)\n\
         file    {} ({} bytes{})\n",
        h.entry_count,
        h.max_distance,
        h.counts[usize::from(h.max_distance)],
        if h.counts[usize::from(h.max_distance)] == 1 {
            ""
        } else {
            "s"
        },
        ms(total),
        ms(searched),
        ms(total - searched),
        saved.path.display(),
        saved.bytes,
        if args.compress { ", zstd" } else { "" },
    ))
}
