//! The 15-puzzle (4x4): pattern database files found, built and opened, and the solver over
//! them. Full tables stop at 12 cells; 4x4 answers come from IDA* over additive pattern
//! databases (tilebase-pattern), one set of files per class of the goal's blank (a corner, an
//! edge, inside), as the small boards have one table per class.

pub mod build;
pub mod compare;
pub mod query;
pub mod stats;

use std::path::{Path, PathBuf};
use std::time::Instant;

use tilebase_engine::SavedPattern;
use tilebase_lookup::PatternFile;
use tilebase_pattern::{
    ClassFrame, Encoding, FOUR_BY_FOUR, Partition, Pattern, PatternValues, Solver, cells_to_string,
    parse_cells,
};

use crate::exit::report;
use crate::locate::{LOCAL_DIR, cache_dir};
use crate::progress;

/// Whether `--board` names the 15-puzzle's board, in any way `WxH` is written.
pub fn is_four_by_four(board: &str) -> bool {
    let b = board.trim().to_ascii_lowercase().replace('×', "x");
    b == "4x4"
}

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
        } else if let Some(b) = arg.strip_prefix("--board=") {
            if is_four_by_four(b) {
                return true;
            }
        }
    }
    false
}

/// The goal `--goal` names on 4x4 (the tiles in order, the blank last, by default).
pub fn goal_of(text: Option<&str>) -> Result<Vec<u8>, String> {
    match text {
        None => Ok((1..16).chain([0]).collect()),
        Some(t) => parse_cells(&FOUR_BY_FOUR, t).map_err(|e| format!("--goal {t:?}: {e}")),
    }
}

/// The file name of the pattern database of `tiles` for the canonical goal `canonical`:
/// `4x4-1-2-...-15-0-pdb-1-2-3-4-5-6-7-8.tilebase`.
pub fn file_name(canonical: &[u8], tiles: &[u8]) -> String {
    let join = |v: &[u8]| cells_to_string(v).replace(',', "-");
    format!("4x4-{}-pdb-{}.tilebase", join(canonical), join(tiles))
}

/// About how long a partition's files take to build on a 2-core machine, for the message a
/// first query prints.
fn build_time(partition: Partition) -> &'static str {
    match partition {
        Partition::FiveFiveFive => "a few seconds",
        Partition::SixSixThree => "about 20 seconds",
        Partition::SevenEight => "2 to 3 minutes and 2 GB of memory",
    }
}

/// The opened pattern files of a goal's class, and the frame from the goal to the class's
/// canonical goal.
pub struct PatternSet {
    /// The goal asked for.
    pub goal: Vec<u8>,
    /// From the goal to its class's canonical goal.
    pub frame: ClassFrame,
    /// The partition.
    pub partition: Partition,
    /// The files, one per pattern, with where each was found.
    pub files: Vec<(PatternFile, PathBuf)>,
}

impl PatternSet {
    /// The solver over the files, with the reflected lookup where the canonical goal allows it
    /// (the blank in a corner or inside; on an edge it is on no diagonal).
    pub fn solver(&self, reflect: bool) -> Result<Solver<'_>, String> {
        let tables: Vec<(&Pattern, PatternValues<'_>)> = self
            .files
            .iter()
            .map(|(f, _)| (f.pattern(), f.values()))
            .collect();
        Solver::new(FOUR_BY_FOUR, self.frame.canonical(), &tables, reflect)
            .map_err(|e| format!("the pattern files do not make a partition: {e}"))
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
    let parts = partition.tiles(canonical);
    let paths: Vec<PathBuf> = parts
        .iter()
        .map(|t| dir.join(file_name(canonical, t)))
        .collect();
    if !force {
        if let Some(p) = paths.iter().find(|p| std::fs::symlink_metadata(p).is_ok()) {
            return Err(format!(
                "{}: already exists: pass --force to replace it",
                p.display()
            ));
        }
    }
    let mut saved = Vec::new();
    for (tiles, path) in parts.iter().zip(&paths) {
        saved.push(build_one(canonical, tiles, path, force, program)?);
    }
    Ok(saved)
}

fn build_one(
    canonical: &[u8],
    tiles: &[u8],
    path: &Path,
    force: bool,
    program: &str,
) -> Result<SavedPattern, String> {
    let pattern =
        Pattern::new(FOUR_BY_FOUR, canonical, tiles).map_err(|e| format!("pattern: {e}"))?;
    let bar = progress::Layers(progress::bar(
        &format!("{program}: building 4x4 tiles {}", cells_to_string(tiles)),
        pattern.placements(),
        "placements",
    ));
    let values = tilebase_engine::build_pattern(&pattern, &bar);
    progress::finishing(&bar.0, "writing the file");
    let saved = tilebase_engine::save_pattern(path, &pattern, &values, Encoding::Halved, force);
    bar.0.finish_and_clear();
    saved.map_err(|e| match e {
        tilebase_engine::SaveError::Exists { path } => {
            format!(
                "{}: already exists: pass --force to replace it",
                path.display()
            )
        }
        other => other.to_string(),
    })
}

/// The pattern files that answer for `goal` with `partition`: each found under `db/` in the
/// current directory, else in the cache; the missing ones built into the cache (saying so on
/// stderr, with about how long it takes), else into `db/` when there is no cache directory.
pub fn find_or_build(
    goal: Vec<u8>,
    partition: Partition,
    program: &str,
) -> Result<PatternSet, String> {
    let frame = ClassFrame::new(FOUR_BY_FOUR, &goal);
    let canonical = frame.canonical().to_vec();
    let cache = cache_dir();
    let mut files = Vec::new();
    let mut missing = Vec::new();
    for tiles in partition.tiles(&canonical) {
        let name = file_name(&canonical, &tiles);
        let local = Path::new(LOCAL_DIR).join(&name);
        let cached = cache.as_ref().map(|d| d.join(&name));
        let found = [Some(local), cached]
            .into_iter()
            .flatten()
            .find(|p| p.is_file());
        match found {
            Some(path) => files.push((open_checked(&path, &canonical, &tiles)?, path)),
            None => missing.push(tiles),
        }
    }
    if !missing.is_empty() {
        let dir = cache.unwrap_or_else(|| PathBuf::from(LOCAL_DIR));
        report(
            program,
            format_args!(
                "no {partition} pattern databases for the class of goal {} yet: building them \
                 into {} ({}, once)",
                cells_to_string(&goal),
                dir.display(),
                build_time(partition)
            ),
        );
        let started = Instant::now();
        for tiles in &missing {
            let path = dir.join(file_name(&canonical, tiles));
            let saved = build_one(&canonical, tiles, &path, true, program)?;
            files.push((open_checked(&saved.path, &canonical, tiles)?, saved.path));
        }
        report(
            program,
            format_args!("built in {:.1} s", started.elapsed().as_secs_f64()),
        );
        // In the partition's order, whatever was found and what was built.
        let order = partition.tiles(&canonical);
        files.sort_by_key(|(f, _)| order.iter().position(|t| t == f.pattern().tiles()));
    }
    Ok(PatternSet {
        goal,
        frame,
        partition,
        files,
    })
}

/// Opens a pattern file found by its name, and refuses it unless it holds what its name says.
fn open_checked(path: &Path, canonical: &[u8], tiles: &[u8]) -> Result<PatternFile, String> {
    let file = PatternFile::open(path).map_err(|e| e.to_string())?;
    if file.pattern().goal() != canonical || file.pattern().tiles() != tiles {
        return Err(format!(
            "{}: holds the pattern of tiles {} for goal {}, not what its name says: rebuild it with build-db",
            path.display(),
            cells_to_string(file.pattern().tiles()),
            cells_to_string(file.pattern().goal())
        ));
    }
    Ok(file)
}
