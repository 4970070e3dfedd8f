//! `stats`: the whole puzzle of one goal at a glance: how many states lie at each distance,
//! the mean, the farthest states, and the database file's facts; on 4x4, the published
//! distribution and the pattern databases' facts.

use std::fmt::Write as _;
use std::io::{self, Write};

use clap::Parser;
use tilebase_answer::{FileValues, Method, PatternStats, RelabelStats, Stats, TableStats};
use tilebase_pattern::cells_to_string;

use tilebase_program::exit;
use tilebase_program::quiet::Quiet;
use tilebase_program::which::Which;

use crate::text::{plural, thousands};

/// Statistics of a goal's puzzle: the number of states at each distance (a table and a bar
/// chart, with the odds that a random scramble needs at most that many moves), the mean
/// distance, the states at the maximum distance, and the database file's facts. On 4x4 (the
/// 15-puzzle's 10,461,394,944,000 states are not counted one by one: no table holds them), the
/// published distribution (OEIS A089484) for goals with the blank in a corner, then each
/// pattern database's tiles, placements, file and size, the largest value, and the number of
/// placements at each value.
#[derive(Debug, Parser)]
#[command(name = "stats", version)]
pub struct Args {
    /// Which database: --db, --board, --goal, --metric, --pdb.
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

/// Runs `stats` as `args` ask: its exit status, or the error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    let answers = args.which.open(None, None, "stats")?;
    if answers.method() == Method::Bounds {
        let board = answers.board();
        return Err(format!(
            "--board {board}: past 25 cells no table or pattern database holds statistics; \
             query --board {board} gives each state's bounds"
        ));
    }
    let stats = answers.stats();
    let text = if args.json {
        let mut json = serde_json::to_string(&stats).unwrap_or_default();
        json.push('\n');
        json
    } else {
        match &stats {
            Stats::Table(stats) => human(stats, args.count_antipodes),
            Stats::Patterns(stats) => human_patterns(stats),
            Stats::Relabelled(stats) => human_relabelled(stats),
        }
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(exit::OK),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(exit::OK),
        Err(e) => Err(format!("writing the statistics: {e}")),
    }
}

/// The multi-tile statistics of the 15-puzzle for a person: the published radius, and the
/// relabelled table's file and a bar chart of its values.
pub fn human_relabelled(stats: &RelabelStats) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "board      {} (the 15-puzzle), {} states",
        stats.board,
        thousands(stats.states)
    );
    goal_lines(&mut text, &stats.goal, &stats.class_goal);
    let _ = writeln!(
        text,
        "metric     {} (multi-tile moves: a line of tiles slides as one)",
        stats.metric
    );
    if let (Some(max), Some(antipodes), Some(source)) =
        (stats.max_distance, stats.antipode_count, stats.source)
    {
        let _ = writeln!(
            text,
            "max        {max} moves, reached by {antipodes} states ({source})"
        );
    }
    for r in &stats.tables {
        let what = format!(
            "relabelled labels {} by goal cell: {} states",
            cells_to_string(&r.labels),
            thousands(r.states)
        );
        file_values(&mut text, &what, &r.values);
    }
    text
}

/// The pattern databases' statistics for a person: each pattern's tiles, placements, file,
/// and a bar chart of its values.
pub fn human_patterns(stats: &PatternStats) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "board      {}{}, {} states",
        stats.board,
        match stats.board.as_str() {
            "4x4" => " (the 15-puzzle)",
            "5x5" => " (the 24-puzzle)",
            _ => "",
        },
        thousands(stats.states)
    );
    goal_lines(&mut text, &stats.goal, &stats.class_goal);
    let _ = writeln!(
        text,
        "patterns   {} (additive pattern databases)",
        stats.partition
    );
    if let (Some(counts), Some(at_most), Some(max), Some(mean), Some(source)) = (
        &stats.counts,
        &stats.at_most,
        stats.max_distance,
        stats.mean,
        stats.source,
    ) {
        let antipodes = counts.last().copied().unwrap_or(0);
        let _ = writeln!(text, "metric     {} (single-tile moves)", stats.metric);
        let _ = writeln!(
            text,
            "max        {max} moves, reached by {} state{}",
            thousands(antipodes),
            plural(antipodes)
        );
        let _ = writeln!(text, "mean       {mean:.6} moves");
        let _ = writeln!(text, "counts     {source}\n");
        distribution(&mut text, counts, at_most, stats.states);
    }
    for p in &stats.patterns {
        let what = format!(
            "tiles {}: {} placements",
            cells_to_string(&p.tiles),
            thousands(p.placements)
        );
        file_values(&mut text, &what, &p.values);
    }
    text
}

/// The goal, and the goal of its class's files when they answer through another.
fn goal_lines(text: &mut String, goal: &str, class_goal: &str) {
    let _ = writeln!(text, "goal       {goal}");
    if class_goal != goal {
        let _ = writeln!(text, "class      answered through goal {class_goal}");
    }
}

/// One file's part of the statistics: `what` it holds, its values' range and mean, the file,
/// and a bar chart of how many entries hold each value.
fn file_values(text: &mut String, what: &str, values: &FileValues) {
    let _ = writeln!(
        text,
        "\n{what}, values 0 to {}, mean {:.3}\n  file {} ({} bytes)",
        values.max_value,
        values.mean,
        values.path,
        thousands(values.bytes)
    );
    let widest = values.counts.iter().copied().max().unwrap_or(1).max(1);
    for (v, &c) in values.counts.iter().enumerate() {
        let bar = "#".repeat(((c as f64 / widest as f64) * 40.0).round() as usize);
        let line = format!("  {v:>3} {:>13}  {bar}", thousands(c));
        let _ = writeln!(text, "{}", line.trim_end());
    }
}

/// The table of states at each distance: the count, its share, the share at that distance or
/// less (the odds that a random scramble needs at most that many moves), and a bar.
fn distribution(text: &mut String, counts: &[u64], at_most: &[f64], states: impl Into<u128>) {
    let states = states.into() as f64;
    let largest = counts.iter().copied().max().unwrap_or(1).max(1);
    let width = thousands(largest).len().max(12);
    let _ = writeln!(text, "distance {:>width$}   share   at most", "states");
    for (d, (&count, &cumulative)) in counts.iter().zip(at_most).enumerate() {
        let _ = writeln!(
            text,
            "{d:>8} {:>width$} {:>6.2}%  {}  {}",
            thousands(count),
            count as f64 * 100.0 / states,
            odds(cumulative),
            bar(count, largest)
        );
    }
}

/// A share as a percentage, 8 characters wide, with what a small one needs to show (a scramble
/// of at most 40 moves of the 15-puzzle is 1 in 60: 1.67%; of at most 20, 3.3e-5%), and a share
/// short of all that rounds to 100% shown as such (99.99+%).
fn odds(share: f64) -> String {
    let percent = share * 100.0;
    let text = if share >= 1.0 {
        "100.00".to_string()
    } else if percent >= 99.995 {
        "99.99+".to_string()
    } else if percent >= 0.01 || percent == 0.0 {
        format!("{percent:.2}")
    } else {
        format!("{percent:.1e}")
    };
    format!("{text:>7}%")
}

/// Width of the longest bar of the chart, in characters.
const BAR: usize = 40;

/// The statistics for a person: a summary, the table with its bar chart, the farthest states,
/// the file.
pub fn human(stats: &TableStats, count_antipodes: bool) -> String {
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

    distribution(&mut text, &stats.counts, &stats.at_most, stats.states);

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
