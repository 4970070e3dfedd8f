//! The 15-puzzle (4x4): pattern database files found, built and opened, and the solver over
//! them. Full tables stop at 12 cells; 4x4 answers come from IDA* over additive pattern
//! databases (tilebase-pattern), one set of files per class of the goal's blank (a corner, an
//! edge, inside), as the small boards have one table per class.

pub mod build;
pub mod compare;
pub mod query;
pub mod stats;

use std::path::{Path, PathBuf};

use tilebase_engine::SavedPattern;
use tilebase_fifteen::{Building, Places, Watch};
use tilebase_pattern::{Partition, Pattern, cells_to_string};

pub use tilebase_fifteen::{PatternSet, file_name, is_four_by_four};

use crate::exit::report;
use crate::locate::{LOCAL_DIR, cache_dir};
use crate::progress;

/// Whether the command line asks for the 4x4 board (`--board 4x4` or `--board=4x4`): those
/// runs are answered by this module, the others by the full tables.
pub fn asked_for(args: &[std::ffi::OsString]) -> bool {
    let mut it = args.iter().map(|a| a.to_string_lossy());
    while let Some(arg) = it.next() {
        if arg == "--" {
            return false;
        }
        if arg == "--board" {
            if it.next().is_some_and(|b| is_four_by_four(&b)) {
                return true;
            }
        } else if let Some(b) = arg.strip_prefix("--board=")
            && is_four_by_four(b)
        {
            return true;
        }
    }
    false
}

/// The goal `--goal` names on 4x4 (the tiles in order, the blank last, by default).
pub fn goal_of(text: Option<&str>) -> Result<Vec<u8>, String> {
    match text {
        None => tilebase_fifteen::goal_of(None),
        Some(_) => tilebase_fifteen::goal_of(text).map_err(|e| format!("--{e}")),
    }
}

/// What a program shows of a build: its messages on stderr, a progress bar per file on a
/// terminal.
struct Shown<'a> {
    program: &'a str,
}

/// A progress bar over one file's build.
struct Bar(progress::Layers);

impl Building for Bar {
    fn layer(&self, depth: u32, reached: u64, total: u64) {
        tilebase_engine::Progress::layer(&self.0, depth, reached, total);
    }

    fn writing(&self) {
        progress::finishing(&self.0.0, "writing the file");
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.0.finish_and_clear();
    }
}

impl Watch for Shown<'_> {
    fn say(&self, message: &str) {
        report(self.program, message);
    }

    fn building(&self, pattern: &Pattern) -> Box<dyn Building + '_> {
        Box::new(Bar(progress::Layers(progress::bar(
            &format!(
                "{}: building 4x4 tiles {}",
                self.program,
                cells_to_string(pattern.tiles())
            ),
            pattern.placements(),
            "placements",
        ))))
    }
}

/// Builds the pattern files of `canonical`'s `partition` into `dir`; files that exist are
/// replaced only with `force` (else refused before anything is built). Returns what was saved.
pub fn build_files(
    canonical: &[u8],
    partition: Partition,
    dir: &Path,
    force: bool,
    program: &str,
) -> Result<Vec<SavedPattern>, String> {
    tilebase_fifteen::build_files(canonical, partition, dir, force, &Shown { program })
}

/// The pattern files that answer for `goal` with `partition`: each found under `db/` in the
/// current directory, else in the cache; the missing ones built into the cache (saying so on
/// stderr, with about how long it takes), else into `db/` when there is no cache directory.
pub fn find_or_build(
    goal: Vec<u8>,
    partition: Partition,
    program: &str,
) -> Result<PatternSet, String> {
    tilebase_fifteen::find_or_build(goal, partition, &places(), &Shown { program })
}

/// Where the programs look for pattern files: `db/` in the current directory, then the cache
/// (where missing ones are built).
pub fn places() -> Places {
    Places::new(PathBuf::from(LOCAL_DIR), cache_dir())
}
