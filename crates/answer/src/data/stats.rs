//! The whole puzzle of one goal at a glance: from a full table, how many states lie at each
//! distance, the mean, the farthest states and the file's facts; from pattern databases, each
//! pattern's placements, value counts and file. What `stats --json` prints and
//! `/api/stats` answers; the fields are a contract.

use serde::Serialize;
use tilebase_lookup::Storage;
use tilebase_pattern::cells_to_string;

use tilebase_core::Metric;

use crate::answering::Answers;
use crate::data::published::published;
use crate::files::patterns::PatternSource;
use crate::files::relabelled::RelabelSource;
use crate::files::tables::TableSource;

/// The statistics of a goal's answers.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Stats {
    /// From a full table.
    Table(TableStats),
    /// From pattern databases.
    Patterns(PatternStats),
    /// From a relabelled table: the 15-puzzle in the multi-tile metric.
    Relabelled(RelabelStats),
}

/// The 15-puzzle's radius in the multi-tile metric, and how many states lie there: 43 moves,
/// 16 states (Norskog and Davidson, 2010; OEIS A389728). Cited, not computed here: no table of
/// ours holds the 15-puzzle.
pub const FIFTEEN_MTM_RADIUS: (u8, u64, &str) = (
    43,
    16,
    "published: Norskog and Davidson, 2010; OEIS A389728",
);

/// What `stats --board 4x4 --metric mtm --json` prints.
#[derive(Debug, Serialize)]
pub struct RelabelStats {
    /// The board, `4x4`.
    pub board: String,
    /// The goal asked for.
    pub goal: String,
    /// The canonical goal of its class, whose file answers.
    pub class_goal: String,
    /// `mtm`.
    pub metric: &'static str,
    /// The reachable states: 16!/2.
    pub states: u128,
    /// The largest distance from a goal with the blank in a corner, as published; absent for
    /// the other goals, as the two fields after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_distance: Option<u8>,
    /// How many states lie at the largest distance, as published.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub antipode_count: Option<u64>,
    /// Where the radius was published.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<&'static str>,
    /// The relabelled tables that bound the search.
    pub tables: Vec<RelabelFacts>,
}

/// One relabelled table.
#[derive(Debug, Serialize)]
pub struct RelabelFacts {
    /// The label of each cell of the class's goal (tiles with the same label are alike; 0 the
    /// blank's).
    pub labels: Vec<u8>,
    /// Its relabelled states.
    pub states: u64,
    /// Its values and its file.
    #[serde(flatten)]
    pub values: FileValues,
}

/// The values a file of a pattern database or relabelled table holds, and the file: what
/// [`PatternFacts`] and [`RelabelFacts`] share.
#[derive(Debug, Serialize)]
pub struct FileValues {
    /// The largest value.
    pub max_value: u8,
    /// `counts[v]`: entries at value `v`.
    pub counts: Vec<u64>,
    /// The mean value over entries.
    pub mean: f64,
    /// The file.
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
}

impl FileValues {
    /// The values counted by `counts` over `entries` entries, largest `max_value`, of the file
    /// at `path` of `bytes` bytes.
    fn of(max_value: u8, counts: &[u64], entries: u64, path: &std::path::Path, bytes: u64) -> Self {
        FileValues {
            max_value,
            counts: counts.to_vec(),
            mean: mean(counts, entries),
            path: path.display().to_string(),
            bytes,
        }
    }
}

/// What `stats --json` prints for a goal with a full table.
#[derive(Debug, Serialize)]
pub struct TableStats {
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
    /// `at_most[d]`: the share of states at distance `d` or less, the odds that a uniformly
    /// random state (a competition scramble) needs at most `d` moves.
    pub at_most: Vec<f64>,
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
    /// The file's format version.
    pub format_version: u32,
    /// Whether the file is zstd-compressed.
    pub compressed: bool,
    /// The CRC-32 of its table, as its header records it, in hex.
    pub table_crc32: String,
}

/// What `stats --board 4x4 --json` prints.
#[derive(Debug, Serialize)]
pub struct PatternStats {
    /// The board, `4x4`.
    pub board: String,
    /// The goal asked for.
    pub goal: String,
    /// The canonical goal of its class, whose files answer.
    pub class_goal: String,
    /// The partition.
    pub partition: String,
    /// The reachable states: cells!/2 (past 64 bits on 5x5).
    pub states: u128,
    /// One entry per pattern.
    pub patterns: Vec<PatternFacts>,
    /// `stm` or `mtm`.
    pub metric: &'static str,
    /// The largest distance, where a distribution is published (the 15-puzzle's, from a goal
    /// with its blank in a corner); absent otherwise, as the four fields after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_distance: Option<u8>,
    /// `counts[d]`: the number of states at distance `d`, as published.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<u64>>,
    /// `at_most[d]`: the share of states at distance `d` or less.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<Vec<f64>>,
    /// The mean distance over all states, to six decimals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
    /// Where the distribution was published.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<&'static str>,
}

/// One pattern database.
#[derive(Debug, Serialize)]
pub struct PatternFacts {
    /// Its tiles.
    pub tiles: Vec<u8>,
    /// Its placements.
    pub placements: u64,
    /// Its values and its file.
    #[serde(flatten)]
    pub values: FileValues,
}

impl Answers {
    /// The statistics of the goal. From a full table this reads the whole table once, to list
    /// the farthest states.
    pub fn stats(&self) -> Stats {
        match (self.table(), self.patterns(), self.relabelled()) {
            (Some(source), _, _) => Stats::Table(table_stats(source)),
            (None, Some(source), _) => Stats::Patterns(pattern_stats(source, self.metric())),
            (None, None, source) => Stats::Relabelled(relabel_stats(self, source)),
        }
    }
}

/// The mean of values counted by `counts` (`counts[v]` of value `v`) over `total`, to six
/// decimals.
fn mean(counts: &[u64], total: u64) -> f64 {
    let sum: u64 = (0u64..).zip(counts).map(|(v, &c)| v * c).sum();
    (sum as f64 / total as f64 * 1e6).round() / 1e6
}

fn table_stats(source: &TableSource) -> TableStats {
    let answers = source.answers();
    let db = answers.database();
    let header = db.header();
    let goal = answers.goal();
    let states = header.entry_count;
    let max = header.max_distance;
    let mut antipodes: Vec<String> = answers
        .states_at(max..=max)
        .map(|s| s.to_string())
        .collect();
    antipodes.sort();
    let path = source.path();
    TableStats {
        board: goal.board().to_string(),
        goal: goal.to_string(),
        metric: db.metric().name(),
        states,
        max_distance: max,
        counts: header.counts.clone(),
        at_most: at_most(&header.counts, states),
        mean: mean(&header.counts, states),
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

/// `at_most[d]`: the share of the `total` states counted by `counts` at distance `d` or less.
fn at_most(counts: &[u64], total: u64) -> Vec<f64> {
    counts
        .iter()
        .scan(0u64, |sum, &c| {
            *sum += c;
            Some(*sum as f64 / total as f64)
        })
        .collect()
}

fn relabel_stats(answers: &Answers, source: Option<&RelabelSource>) -> RelabelStats {
    let goal = answers.goal();
    let cells = goal.board().cells() as u128;
    let tables = source.map_or_else(Vec::new, |source| {
        source
            .files()
            .iter()
            .map(|(file, path)| {
                let h = file.header();
                RelabelFacts {
                    labels: h.labels.clone(),
                    states: h.entry_count,
                    values: FileValues::of(
                        h.max_value,
                        &h.counts,
                        h.entry_count,
                        path,
                        std::fs::metadata(path).map_or(0, |m| m.len()),
                    ),
                }
            })
            .collect()
    });
    // The radius is published for a goal with its blank in a corner.
    let blank = goal.cells().iter().position(|&t| t == 0).unwrap_or(0);
    let w = goal.board().width();
    let (row, col) = (blank / w, blank % w);
    let corner = (row == 0 || row + 1 == goal.board().height()) && (col == 0 || col + 1 == w);
    let (radius, antipodes, cited) = FIFTEEN_MTM_RADIUS;
    RelabelStats {
        board: goal.board().to_string(),
        goal: goal.to_string(),
        class_goal: source.map_or_else(
            || goal.to_string(),
            |s| cells_to_string(s.frame().canonical()),
        ),
        metric: answers.metric().name(),
        states: (1..=cells).product::<u128>() / 2,
        max_distance: corner.then_some(radius),
        antipode_count: corner.then_some(antipodes),
        source: corner.then_some(cited),
        tables,
    }
}

fn pattern_stats(source: &PatternSource, metric: Metric) -> PatternStats {
    let patterns: Vec<PatternFacts> = source
        .files()
        .iter()
        .map(|(file, path)| {
            let h = file.header();
            PatternFacts {
                tiles: h.tiles.clone(),
                placements: h.entry_count,
                values: FileValues::of(
                    h.max_value,
                    &h.counts,
                    h.entry_count,
                    path,
                    file.bytes().len() as u64,
                ),
            }
        })
        .collect();
    let cells = source.goal().board().cells() as u64;
    let states = (1..=cells as u128).product::<u128>() / 2;
    let published = published(source.goal(), metric);
    let total = published.map_or(0, |p| p.counts.iter().sum::<u64>());
    PatternStats {
        board: source.goal().board().to_string(),
        goal: source.goal().to_string(),
        class_goal: cells_to_string(source.frame().canonical()),
        partition: source.partition().name(),
        states,
        patterns,
        metric: metric.name(),
        max_distance: published.map(|p| (p.counts.len() - 1) as u8),
        counts: published.map(|p| p.counts.to_vec()),
        at_most: published.map(|p| at_most(p.counts, total)),
        mean: published.map(|p| mean(p.counts, total)),
        source: published.map(|p| p.source),
    }
}
