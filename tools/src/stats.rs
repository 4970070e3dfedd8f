//! `stats`: the whole puzzle of one goal at a glance: how many states lie at each distance,
//! the mean, the farthest states, and the database file's facts.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use serde::Serialize;
use tilebase_lookup::{Goal, Storage};

use crate::exit::{self, parse_args, report};
use crate::locate::{self, Source, Which};
use crate::progress::Quiet;
use crate::text::{plural, thousands};

/// Statistics of a goal's puzzle: the number of states at each distance (a table and a bar
/// chart), the mean distance, the states at the maximum distance, and the database file's
/// facts.
#[derive(Debug, Parser)]
#[command(name = "stats", version)]
pub struct Args {
    /// Which database: --db, --board, --goal, --metric.
    #[command(flatten)]
    pub which: Which,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    /// Count the states at the maximum distance instead of listing them (the JSON still lists
    /// them)
    #[arg(long)]
    pub count_antipodes: bool,
}

/// What `stats --json` prints. The fields are a contract: other programs parse them.
#[derive(Debug, Serialize)]
pub struct Stats {
    /// The board, `WxH`.
    pub board: String,
    /// The goal.
    pub goal: String,
    /// `stm` or `mtm`.
    pub metric: &'static str,
    /// Number of states that can reach the goal.
    pub states: u64,
    /// The largest distance: the goal's radius.
    pub max_distance: u8,
    /// `counts[d]`: the number of states at distance `d`.
    pub counts: Vec<u64>,
    /// The mean distance over all states, to six decimals.
    pub mean: f64,
    /// The states at the maximum distance.
    pub antipodes: Vec<String>,
    /// How many states are at the maximum distance.
    pub antipode_count: u64,
    /// The database that answered.
    pub database: DatabaseFacts,
}

/// The facts of the database file that answered.
#[derive(Debug, Serialize)]
pub struct DatabaseFacts {
    /// Its path; `null` for a table built in memory.
    pub path: Option<String>,
    /// Its goal: the goal asked for, or the one of its class that answers for it.
    pub goal: String,
    /// Whether the answers are translated from another goal's table.
    pub translated: bool,
    /// Its size on disk, in bytes.
    pub bytes: Option<u64>,
    /// The file format's version.
    pub format_version: u32,
    /// Whether the file is zstd-compressed.
    pub compressed: bool,
    /// The CRC-32 of its table, as its header records it, in hex.
    pub table_crc32: String,
}

/// Runs `stats` with the process's arguments.
pub fn main() -> ExitCode {
    // The 15-puzzle's pattern databases, described by their own statistics.
    if crate::fifteen::asked_for(&std::env::args_os().collect::<Vec<_>>()) {
        return crate::fifteen::stats::main();
    }
    let args = match parse_args::<Args>("stats") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
    let source = match locate::open(args.which.wanted(), "stats") {
        Ok(source) => source,
        Err(message) => {
            report("stats", message);
            return ExitCode::from(exit::ERROR);
        }
    };
    let stats = gather(&source);
    let text = if args.json {
        let mut json = serde_json::to_string(&stats).unwrap_or_default();
        json.push('\n');
        json
    } else {
        human(&stats, args.count_antipodes)
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::from(exit::OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(exit::OK),
        Err(e) => {
            report("stats", format_args!("writing the statistics: {e}"));
            ExitCode::from(exit::ERROR)
        }
    }
}

/// The statistics of the source's goal.
pub fn gather(source: &Source) -> Stats {
    let answers: Goal<'_, Storage> = source.answers();
    let db = answers.database();
    let header = db.header();
    let goal = answers.goal();
    let states = header.entry_count;
    let max = header.max_distance;
    let total: u64 = (0u64..).zip(&header.counts).map(|(d, &c)| d * c).sum();
    let mean = (total as f64 / states as f64 * 1e6).round() / 1e6;
    let mut antipodes: Vec<String> = answers
        .states_at(max..=max)
        .map(|s| s.to_string())
        .collect();
    antipodes.sort();
    let path = source.path.as_ref();
    Stats {
        board: goal.board().to_string(),
        goal: goal.to_string(),
        metric: db.metric().name(),
        states,
        max_distance: max,
        counts: header.counts.clone(),
        mean,
        antipode_count: header.counts[usize::from(max)],
        antipodes,
        database: DatabaseFacts {
            path: path.map(|p| p.display().to_string()),
            goal: db.goal().to_string(),
            translated: answers.is_translated(),
            bytes: path
                .and_then(|p| std::fs::metadata(p).ok())
                .map(|m| m.len()),
            format_version: db.format_version(),
            compressed: matches!(db.storage(), Storage::Memory(_)) && path.is_some(),
            table_crc32: format!("{:#010x}", header.table_crc32),
        },
    }
}

/// Width of the longest bar of the chart, in characters.
const BAR: usize = 40;

/// The statistics for a person: a summary, the table with its bar chart, the farthest states,
/// the file.
pub fn human(stats: &Stats, count_antipodes: bool) -> String {
    let mut text = String::new();
    let metric = match stats.metric {
        "mtm" => "mtm (multi-tile moves: a line of tiles slides as one move)",
        _ => "stm (single-tile moves)",
    };
    let _ = writeln!(text, "board     {}", stats.board);
    let _ = writeln!(text, "goal      {}", stats.goal);
    let _ = writeln!(text, "metric    {metric}");
    let _ = writeln!(text, "states    {}", thousands(stats.states));
    let _ = writeln!(
        text,
        "max       {} moves, reached by {} state{}",
        stats.max_distance,
        thousands(stats.antipode_count),
        plural(stats.antipode_count)
    );
    let _ = writeln!(text, "mean      {:.6} moves\n", stats.mean);

    let largest = stats.counts.iter().copied().max().unwrap_or(1).max(1);
    let _ = writeln!(text, "distance       states   share");
    for (d, &count) in stats.counts.iter().enumerate() {
        let _ = writeln!(
            text,
            "{d:>8} {:>12} {:>6.2}%  {}",
            thousands(count),
            count as f64 * 100.0 / stats.states as f64,
            bar(count, largest)
        );
    }

    let _ = write!(
        text,
        "\n{} state{} at distance {}",
        thousands(stats.antipode_count),
        plural(stats.antipode_count),
        stats.max_distance
    );
    if count_antipodes {
        text.push_str(" (--count-antipodes: not listed)\n");
    } else {
        text.push_str(":\n");
        for state in &stats.antipodes {
            let _ = writeln!(text, "  {state}");
        }
    }

    let db = &stats.database;
    let _ = writeln!(text);
    match &db.path {
        Some(path) => {
            let _ = writeln!(
                text,
                "database  {path}: {} bytes, format {}, {}",
                db.bytes.map_or("?".into(), thousands),
                db.format_version,
                if db.compressed {
                    "zstd-compressed"
                } else {
                    "plain, memory-mapped"
                }
            );
        }
        None => {
            let _ = writeln!(
                text,
                "database  built in memory, format {}",
                db.format_version
            );
        }
    }
    let _ = writeln!(text, "          table CRC-32 {}", db.table_crc32);
    if db.translated {
        let _ = writeln!(
            text,
            "          its goal is {}: the tiles renamed and the board turned, it answers for {}",
            db.goal, stats.goal
        );
    }
    text
}

/// A bar of `count` against `largest`, in eighths of a character: a non-zero count always shows.
fn bar(count: u64, largest: u64) -> String {
    const EIGHTHS: [char; 8] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];
    let eighths = (count as f64 / largest as f64 * (BAR * 8) as f64).round() as usize;
    let eighths = if count > 0 { eighths.max(1) } else { 0 };
    let mut bar = "█".repeat(eighths / 8);
    if eighths % 8 > 0 {
        bar.push(EIGHTHS[eighths % 8 - 1]);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_are_proportional_and_never_hide_a_count() {
        assert_eq!(bar(0, 100), "");
        assert_eq!(bar(1, 1_000_000), "▏");
        assert_eq!(bar(100, 100).chars().count(), BAR);
        assert_eq!(bar(50, 100).chars().count(), BAR / 2);
    }
}
