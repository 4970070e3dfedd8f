//! `verify`: the full check of database files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Parser;
use tilebase_lookup::{BoundsFile, Database, PatternFile, Storage};
use tilebase_pattern::{cells_to_string, compare_values};

use tilebase_program::exit::{self, report};
use tilebase_program::progress;
use tilebase_program::quiet::Quiet;

/// Checks database files completely: preamble and header, the table's checksum, and that every
/// entry is its state's optimal distance (the goal at 0; every other state with a neighbour
/// exactly one closer and none closer), independently of how the table was built. A 4x4
/// pattern database file is checked block by block and against a new search of its pattern; a
/// relabelled table block by block and by the same local rule over its relabelled states.
/// Prints a report for each file; exits 0 when every file passes, 2 otherwise, naming the
/// first bad entry.
#[derive(Debug, Parser)]
#[command(name = "verify", version)]
pub struct Args {
    /// Database files, plain or compressed
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Runs `verify` as `args` ask: its exit status, or the error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    let mut status = exit::OK;
    for path in &args.paths {
        match verify(path) {
            Ok((text, ok)) => {
                print!("{text}");
                if !ok {
                    status = exit::ERROR;
                }
            }
            Err(message) => {
                report("verify", message);
                status = exit::ERROR;
            }
        }
    }
    Ok(status)
}

/// The kind of table the file at `path` holds, by its first bytes; `None` if they do not say
/// (the full table's reader then says what is wrong).
fn file_kind(path: &Path) -> Option<tilebase_format::Kind> {
    use std::io::Read;
    // Only a regular file is read here: opening a pipe with no writer would wait for one.
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let mut head = [0u8; tilebase_format::KIND_LEN];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .ok()?;
    tilebase_format::kind(&head).ok()
}

/// The line of a report that says what a file holds: its kind, board and goal, then `what`.
fn holds(text: &mut String, kind: &str, (width, height): (u8, u8), goal: &[u8], what: &str) {
    let goal = cells_to_string(goal);
    let _ = writeln!(
        text,
        "  {kind:<10} board {width}x{height}, goal {goal}, {what}"
    );
}

/// Verifies one pattern database of a board past 25 cells: header, every block's checksum, and
/// every value against a new breadth-first search (and the header's counts against its).
fn verify_bounds(path: &Path) -> Result<(String, bool), String> {
    let started = Instant::now();
    let (file, blocks) = BoundsFile::open_unchecked(path).map_err(|e| e.to_string())?;
    let header = file.header();
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    let bar = progress::bar(&format!("searching {name} again"), 0, "distances");
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let expected =
        tilebase_bounds::patterns::build_values(file.board(), file.homes(), threads, |_, _| {
            bar.inc(1)
        });
    drop(bar);
    let wrong = file
        .values()
        .iter()
        .zip(&expected)
        .position(|(found, expected)| found != expected);
    let mut found_counts = counts(&expected);
    found_counts.truncate(usize::from(u8::MAX));
    while found_counts.last() == Some(&0) {
        found_counts.pop();
    }
    let counts_ok = found_counts == header.counts;
    let mut text = String::new();
    let _ = writeln!(text, "{}", path.display());
    let _ = writeln!(
        text,
        "  format     ok: tilebase format {}, a pattern database of a board past 25 cells, \
         memory-mapped, header {} bytes",
        tilebase_format::VERSION,
        file.bytes().len() - header.entry_count as usize - tilebase_format::PREAMBLE_LEN
    );
    let _ = writeln!(
        text,
        "  pattern    board {}, home cells {}, {} entries, values 0 to {}",
        file.board(),
        cells_to_string(&header.homes),
        header.entry_count,
        header.max_value
    );
    searched_again(
        &mut text,
        &blocks,
        header.block_crc32.len(),
        counts_ok,
        wrong.is_none(),
    );
    let ok = blocks.is_ok() && counts_ok && wrong.is_none();
    match wrong {
        None if ok => {
            let _ = writeln!(text, "verified in {:.1} s", started.elapsed().as_secs_f64());
        }
        Some(entry) => {
            let _ = writeln!(
                text,
                "FAILED: entry {entry} holds {}; its value is {}",
                file.values()[entry],
                expected[entry]
            );
        }
        None => {
            let _ = writeln!(text, "FAILED: every value is right, but the header is not");
        }
    }
    Ok((text, ok))
}

/// Verifies one relabelled table file: header, every block's checksum (when it opens), the
/// value counts, and every entry by the local rule that only exact distances keep (the goal
/// alone at 0, every other state a neighbour one nearer, no neighbours more than one apart).
fn verify_relabelled(path: &Path) -> Result<(String, bool), String> {
    let started = Instant::now();
    let file = tilebase_lookup::RelabelledFile::open(path).map_err(|e| e.to_string())?;
    let header = file.header();
    let fault = file.verify();
    let counts_ok = counts(file.values()) == header.counts;
    let mut text = String::new();
    let _ = writeln!(text, "{}", path.display());
    let _ = writeln!(
        text,
        "  format     ok: tilebase format {}, a relabelled table ({}), {}",
        tilebase_format::VERSION,
        file.metric().name(),
        match header.block_crc32.len() {
            1 => "the table's one block matches its checksum".to_string(),
            n => format!("all {n} blocks of the table match their checksums"),
        }
    );
    let (labels, states) = (cells_to_string(&header.labels), header.entry_count);
    let (board, goal) = ((header.width, header.height), &header.goal);
    let what = format!(
        "labels {labels}, {states} states, distances 0 to {}",
        header.max_value
    );
    holds(&mut text, "relabelled", board, goal, &what);
    check(
        &mut text,
        "counts",
        counts_ok,
        "every distance has the header's count",
        "the header's counts differ from the table's",
    );
    check(
        &mut text,
        "distances",
        fault.is_none(),
        "the goal alone at 0, every other state one move from one nearer, no neighbours more \
         than one apart: every distance is exact",
        "an entry breaks the rule exact distances keep",
    );
    let ok = counts_ok && fault.is_none();
    match &fault {
        None if ok => {
            let _ = writeln!(text, "verified in {:.1} s", started.elapsed().as_secs_f64());
        }
        Some(f) => {
            let _ = writeln!(
                text,
                "FAILED: entry {} (labels {}): {}",
                f.index,
                cells_to_string(&f.labels),
                f.problem
            );
        }
        None => {
            let _ = writeln!(
                text,
                "FAILED: every distance is exact, but the header's counts are wrong"
            );
        }
    }
    Ok((text, ok))
}

/// Verifies one pattern database file: header, every block's checksum, the value counts, and
/// every placement's value against a new breadth-first search of the pattern (a pattern
/// database keeps one value per placement, the least over the blank's regions, so no local
/// rule over placements alone can prove it; see tilebase-pattern's `verify`).
fn verify_pattern(path: &Path) -> Result<(String, bool), String> {
    let started = Instant::now();
    let (file, blocks) = PatternFile::open_unchecked(path).map_err(|e| e.to_string())?;
    let pattern = file.pattern();
    let header = file.header();
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    let bar = progress::Layers::new(
        &format!("searching {name} again"),
        pattern.abstract_states(),
        "states",
    );
    let expected = tilebase_engine::build_pattern(pattern, &bar);
    drop(bar);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let fault = compare_values(pattern, &file.values(), &expected, threads, &|_| {});
    let counts_ok = counts(&expected) == header.counts;

    let mut text = String::new();
    let _ = writeln!(text, "{}", path.display());
    let _ = writeln!(
        text,
        "  format     ok: tilebase format {}, a pattern database, memory-mapped, header {} bytes",
        tilebase_format::pattern::VERSION,
        file.bytes().len() - header.table_len as usize - tilebase_format::PREAMBLE_LEN
    );
    let (tiles, placements) = (cells_to_string(&header.tiles), header.entry_count);
    let (board, goal) = ((header.width, header.height), &header.goal);
    let what = format!(
        "tiles {tiles}, {placements} placements, values 0 to {}",
        header.max_value
    );
    holds(&mut text, "pattern", board, goal, &what);
    searched_again(
        &mut text,
        &blocks,
        header.block_crc32.len(),
        counts_ok,
        fault.is_none(),
    );
    let ok = blocks.is_ok() && counts_ok && fault.is_none();
    let took = started.elapsed().as_secs_f64();
    match &fault {
        None if ok => {
            let _ = writeln!(text, "verified in {took:.1} s");
        }
        Some(f) => {
            let _ = writeln!(
                text,
                "FAILED: entry {} (tiles {} on cells {}) holds {}; its value is {}",
                f.rank,
                cells_to_string(pattern.tiles()),
                cells_to_string(&f.cells),
                f.found,
                f.expected
            );
        }
        None => {
            let _ = writeln!(
                text,
                "FAILED: every value is right, but the header's {} wrong",
                if blocks.is_err() {
                    "checksums are"
                } else {
                    "counts are"
                }
            );
        }
    }
    Ok((text, ok))
}

/// Verifies one file; returns the report and whether it passed, or why it does not open.
pub fn verify(path: &Path) -> Result<(String, bool), String> {
    match file_kind(path) {
        Some(tilebase_format::Kind::Pattern) => return verify_pattern(path),
        Some(tilebase_format::Kind::Relabelled) => return verify_relabelled(path),
        Some(tilebase_format::Kind::Bounds) => return verify_bounds(path),
        _ => {}
    }
    let started = Instant::now();
    let db = Database::open(path).map_err(|e| e.to_string())?;
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    let bar = progress::bar(
        &format!("verifying {name}"),
        db.table().len() as u64,
        "entries",
    );
    // Batches finish out of order: the bar shows the furthest count reported.
    let furthest = AtomicU64::new(0);
    let report = db.verify_with(&|done, _| {
        bar.set_position(furthest.fetch_max(done, Ordering::Relaxed).max(done));
    });
    bar.finish_and_clear();
    let header = db.header();
    let mark = |ok: bool| if ok { "ok" } else { "FAILED" };

    let mut text = String::new();
    let storage = match db.storage() {
        Storage::Mapped(_) => "plain, memory-mapped",
        Storage::Memory(_) => "zstd-compressed, decompressed in memory",
        Storage::HugePages(_) => "plain, copied into huge pages",
    };
    let _ = writeln!(text, "{}", path.display());
    let _ = writeln!(
        text,
        "  format     ok: tilebase format {}, {storage}, header {} bytes",
        db.format_version(),
        db.bytes().len() - db.table().len() - tilebase_format::PREAMBLE_LEN
    );
    let _ = writeln!(
        text,
        "  board      {}, goal {}, {} entries, distances 0 to {}, metric {}",
        db.board(),
        db.goal(),
        header.entry_count,
        header.max_distance,
        db.metric()
    );
    let _ = writeln!(
        text,
        "  checksum   {}: {:#010x}{}",
        mark(report.checksum_ok),
        report.table_crc32,
        if report.checksum_ok {
            String::new()
        } else {
            format!(", but the header says {:#010x}", header.table_crc32)
        }
    );
    let counts_detail = if report.counts_ok {
        "every distance has the header's count".to_string()
    } else {
        let d = (0..report.counts.len().max(header.counts.len()))
            .find(|&d| report.counts.get(d) != header.counts.get(d))
            .unwrap_or(0);
        format!(
            "distance {d}: {} states in the table, {} in the header",
            report.counts.get(d).copied().unwrap_or(0),
            header.counts.get(d).copied().unwrap_or(0)
        )
    };
    let _ = writeln!(
        text,
        "  counts     {}: {counts_detail}",
        mark(report.counts_ok)
    );
    let distances = if report.violations == 0 {
        format!(
            "every entry is its state's optimal distance ({} states checked)",
            header.entry_count
        )
    } else {
        format!(
            "{} state{} break the distance invariant",
            report.violations,
            if report.violations == 1 { "" } else { "s" }
        )
    };
    let _ = writeln!(
        text,
        "  distances  {}: {distances}",
        mark(report.violations == 0)
    );

    let took = started.elapsed().as_secs_f64() * 1e3;
    match (&report.first_bad, report.is_ok()) {
        (_, true) => {
            let _ = writeln!(text, "verified in {took:.1} ms");
        }
        (Some(bad), false) => {
            let _ = writeln!(
                text,
                "FAILED: entry {} (state {}) holds {}; its optimal distance is {}",
                bad.index, bad.state, bad.found, bad.expected
            );
        }
        (None, false) => {
            let wrong = match (report.checksum_ok, report.counts_ok) {
                (false, false) => "checksum and counts are",
                (false, true) => "checksum is",
                _ => "counts are",
            };
            let _ = writeln!(
                text,
                "FAILED: every entry is right, but the header's {wrong} wrong"
            );
        }
    }
    Ok((text, report.is_ok()))
}

/// A line of a report: `  WHAT       ok: GOOD`, or `FAILED: BAD`.
/// The report's lines of a table searched again: its blocks' checksums (`blocks` of them),
/// the header's counts against the new search's, and every value against it.
fn searched_again(
    text: &mut String,
    blocks: &Result<(), tilebase_lookup::Error>,
    count: usize,
    counts_ok: bool,
    values_ok: bool,
) {
    let _ = writeln!(
        text,
        "  checksums  {}: {}",
        if blocks.is_ok() { "ok" } else { "FAILED" },
        match blocks {
            Ok(()) if count == 1 => "the table's one block matches".to_string(),
            Ok(()) => format!("all {count} blocks of the table match"),
            Err(e) => e.to_string(),
        }
    );
    check(
        text,
        "counts",
        counts_ok,
        "every value has the header's count (counted in a new search)",
        "the header's counts differ from a new search's",
    );
    check(
        text,
        "values",
        values_ok,
        "every placement holds the value a new breadth-first search gives it",
        "a placement holds a wrong value",
    );
}

fn check(text: &mut String, what: &str, ok: bool, good: &str, bad: &str) {
    let said = if ok { ("ok", good) } else { ("FAILED", bad) };
    let _ = writeln!(text, "  {what:<10} {}: {}", said.0, said.1);
}

/// How many of `values` hold each value, up to the largest held, as headers count them.
fn counts(values: &[u8]) -> Vec<u64> {
    let mut counts = tilebase_format::value_counts(values).to_vec();
    let max = counts.iter().rposition(|&c| c != 0).unwrap_or(0);
    counts.truncate(max + 1);
    counts
}
