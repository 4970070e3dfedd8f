//! `stats --board 4x4`: the pattern databases of a goal's class described: each pattern's
//! tiles, placements, file, size, and how many placements hold each value.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Parser;
use serde::Serialize;
use tilebase_pattern::{Partition, cells_to_string};

use super::{PatternSet, find_or_build, goal_of};
use crate::exit::{self, parse_args};
use crate::progress::Quiet;
use crate::text::thousands;

/// Describes the pattern databases that answer 15-puzzle states (`--board 4x4`) for a goal:
/// for each pattern, its tiles, placements, file and size, the largest value, and the number
/// of placements at each value. (The 15-puzzle's 10,461,394,944,000 states are not counted
/// one by one: no table holds them.)
#[derive(Debug, Parser)]
#[command(name = "stats", version)]
pub struct Args {
    /// Board: 4x4
    #[arg(long, value_name = "WxH")]
    pub board: String,
    /// Goal state [default: 1,2,...,15,0]
    #[arg(long, value_name = "STATE")]
    pub goal: Option<String>,
    /// The partition: 7-8, 6-6-3 or 5-5-5
    #[arg(long, value_name = "7-8|6-6-3|5-5-5", default_value_t = Partition::SevenEight)]
    pub pdb: Partition,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// What `stats --board 4x4 --json` prints.
#[derive(Debug, Serialize)]
pub struct PatternStats {
    /// `4x4`.
    pub board: &'static str,
    /// The goal asked for.
    pub goal: String,
    /// The canonical goal of its class, whose files answer.
    pub class_goal: String,
    /// The partition.
    pub partition: &'static str,
    /// The reachable states: 16!/2.
    pub states: u64,
    /// One entry per pattern.
    pub patterns: Vec<PatternFacts>,
}

/// One pattern database.
#[derive(Debug, Serialize)]
pub struct PatternFacts {
    /// Its tiles.
    pub tiles: Vec<u8>,
    /// Its placements.
    pub placements: u64,
    /// The largest value.
    pub max_value: u8,
    /// `counts[v]`: placements at value `v`.
    pub counts: Vec<u64>,
    /// The mean value over placements.
    pub mean: f64,
    /// The file.
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
}

/// What `stats --board 4x4 --json` prints for the files of `set` (`serve` answers
/// `/api/stats?board=4x4` with it).
pub fn gather(set: &PatternSet) -> PatternStats {
    let patterns: Vec<PatternFacts> = set
        .files
        .iter()
        .map(|(file, path)| {
            let h = file.header();
            let total: u64 = (0u64..).zip(&h.counts).map(|(v, &c)| v * c).sum();
            PatternFacts {
                tiles: h.tiles.clone(),
                placements: h.entry_count,
                max_value: h.max_value,
                counts: h.counts.clone(),
                mean: (total as f64 / h.entry_count as f64 * 1e6).round() / 1e6,
                path: path.display().to_string(),
                bytes: file.bytes().len() as u64,
            }
        })
        .collect();
    PatternStats {
        board: "4x4",
        goal: cells_to_string(&set.goal),
        class_goal: cells_to_string(set.frame.canonical()),
        partition: set.partition.name(),
        states: 10_461_394_944_000,
        patterns,
    }
}

/// Runs `stats --board 4x4`.
pub fn main() -> ExitCode {
    let args = match parse_args::<Args>("stats") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
    exit::print_or_report("stats", run(&args))
}

fn run(args: &Args) -> Result<String, String> {
    let goal = goal_of(args.goal.as_deref())?;
    let set = find_or_build(goal, args.pdb, "stats")?;
    let stats = gather(&set);
    if args.json {
        return Ok(serde_json::to_string(&stats).unwrap_or_default() + "\n");
    }
    let mut text = String::new();
    let _ = writeln!(
        text,
        "board      4x4 (the 15-puzzle), {} states",
        thousands(stats.states)
    );
    let _ = writeln!(text, "goal       {}", stats.goal);
    if stats.class_goal != stats.goal {
        let _ = writeln!(
            text,
            "class      answered through goal {}",
            stats.class_goal
        );
    }
    let _ = writeln!(
        text,
        "patterns   {} (additive pattern databases)",
        stats.partition
    );
    for p in &stats.patterns {
        let _ = writeln!(
            text,
            "\ntiles {}: {} placements, values 0 to {}, mean {:.3}\n  file {} ({} bytes)",
            cells_to_string(&p.tiles),
            thousands(p.placements),
            p.max_value,
            p.mean,
            p.path,
            thousands(p.bytes)
        );
        let widest = p.counts.iter().copied().max().unwrap_or(1).max(1);
        for (v, &c) in p.counts.iter().enumerate() {
            let bar = "#".repeat(((c as f64 / widest as f64) * 40.0).round() as usize);
            let line = format!("  {v:>3} {:>13}  {bar}", thousands(c));
            let _ = writeln!(text, "{}", line.trim_end());
        }
    }
    Ok(text)
}
