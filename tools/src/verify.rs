//! `verify`: the full check of database files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Parser;
use tilebase_lookup::{Database, Storage};

use crate::exit::{self, parse_args, report};
use crate::progress::{self, Quiet};

/// Checks database files completely: preamble and header, the table's checksum, and that every
/// entry is its state's optimal distance (the goal at 0; every other state with a neighbour
/// exactly one closer and none closer), independently of how the table was built. Prints a
/// report for each file; exits 0 when every file passes, 2 otherwise, naming the first bad entry.
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

/// Runs `verify` with the process's arguments.
pub fn main() -> ExitCode {
    let args = match parse_args::<Args>("verify") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
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
    ExitCode::from(status)
}

/// Verifies one file; returns the report and whether it passed, or why it does not open.
pub fn verify(path: &Path) -> Result<(String, bool), String> {
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
    };
    let _ = writeln!(text, "{}", path.display());
    let _ = writeln!(
        text,
        "  format     ok: tilebase format {}, {storage}, header {} bytes",
        tilebase_format::VERSION,
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
