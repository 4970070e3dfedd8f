//! The pattern database files of a goal's class: named by what they hold, looked for under
//! `db/` and then in the cache, and built where missing, as every tilebase table is found.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use tilebase_engine::{Progress, SavedPattern};
use tilebase_lookup::PatternFile;
use tilebase_pattern::{
    ClassFrame, Encoding, FOUR_BY_FOUR, Partition, Pattern, PatternValues, Solver, cells_to_string,
};

/// The file name of the pattern database of `tiles` for the canonical goal `canonical`:
/// `4x4-1-2-...-15-0-pdb-1-2-3-4-5-6-7-8.tilebase`.
///
/// ```
/// let goal: Vec<u8> = (1..16).chain([0]).collect();
/// assert_eq!(
///     tilebase_fifteen::file_name(&goal, &[1, 2, 3, 4, 5]),
///     "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-1-2-3-4-5.tilebase"
/// );
/// ```
pub fn file_name(canonical: &[u8], tiles: &[u8]) -> String {
    let join = |v: &[u8]| cells_to_string(v).replace(',', "-");
    format!("4x4-{}-pdb-{}.tilebase", join(canonical), join(tiles))
}

/// About how long a partition's files take to build on a 2-core machine, for the message a
/// first question prints.
pub fn build_time(partition: Partition) -> &'static str {
    match partition {
        Partition::FiveFiveFive => "a few seconds",
        Partition::SixSixThree => "about 20 seconds",
        Partition::SevenEight => "2 to 3 minutes and 2 GB of memory",
    }
}

/// Told what finding and building files does: a program prints it, draws progress bars, or
/// keeps it to say later.
pub trait Watch: Sync {
    /// Something to say, in the words `query` prints on stderr: what was built, and how long
    /// it took.
    fn say(&self, message: &str);
    /// Files are missing and about to be built, which can take minutes: what, where, and about
    /// how long. By default said as anything else.
    fn starting(&self, message: &str) {
        self.say(message);
    }
    /// The build of `pattern`'s values starts; the returned [`Building`] is told of each layer
    /// and of the file being written, and dropped when the file is saved (or the build failed).
    fn building(&self, pattern: &Pattern) -> Box<dyn Building + '_>;
}

/// One build under way, as a [`Watch`] follows it.
pub trait Building: Sync {
    /// The search has finished the layer at `depth` and reached `reached` of `total` abstract
    /// states (as [`Progress::layer`]).
    fn layer(&self, _depth: u32, _reached: u64, _total: u64) {}
    /// The values are searched: the file is being written.
    fn writing(&self) {}
}

/// A [`Watch`] that says nothing and draws nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quietly;

impl Building for Quietly {}

impl Watch for Quietly {
    fn say(&self, _: &str) {}
    fn building(&self, _: &Pattern) -> Box<dyn Building + '_> {
        Box::new(Quietly)
    }
}

/// Where pattern files are looked for, in order, and where missing ones are built.
#[derive(Clone, Debug)]
pub struct Places {
    /// Looked in first: `db/` in the current directory, for the programs.
    pub local: PathBuf,
    /// Looked in next, and where missing files are built: the cache directory, if there is
    /// one (else they are built in `local`).
    pub cache: Option<PathBuf>,
}

impl Places {
    /// Files looked for in `local`, then in `cache`.
    pub fn new(local: PathBuf, cache: Option<PathBuf>) -> Places {
        Places { local, cache }
    }

    /// Where missing files are built.
    pub fn build_dir(&self) -> &Path {
        self.cache.as_deref().unwrap_or(&self.local)
    }
}

/// The opened pattern files of a goal's class, and the frame from the goal to the class's
/// canonical goal.
#[derive(Clone)]
pub struct PatternSet {
    /// The goal asked for.
    pub goal: Vec<u8>,
    /// From the goal to its class's canonical goal.
    pub frame: ClassFrame,
    /// The partition.
    pub partition: Partition,
    /// The files, one per pattern in the partition's order, with where each was found.
    pub files: Vec<(Arc<PatternFile>, PathBuf)>,
}

impl PatternSet {
    /// The same files answering for another goal, if `goal` is in the same class (its
    /// canonical goal is this set's): no file is opened again.
    ///
    /// ```no_run
    /// # use tilebase_fifteen::{Partition, Places, Quietly, find_or_build};
    /// let goal: Vec<u8> = (1..16).chain([0]).collect();
    /// let places = Places::new("db".into(), None);
    /// let set = find_or_build(goal, Partition::FiveFiveFive, &places, &Quietly).unwrap();
    /// // The goal turned half a turn: the blank in another corner, the same files.
    /// let turned: Vec<u8> = (0..16).rev().collect();
    /// assert!(set.for_goal(&turned).is_some());
    /// ```
    pub fn for_goal(&self, goal: &[u8]) -> Option<PatternSet> {
        if goal.len() != FOUR_BY_FOUR.cells() || !is_permutation(goal) {
            return None;
        }
        let frame = ClassFrame::new(FOUR_BY_FOUR, goal);
        (frame.canonical() == self.frame.canonical()).then(|| PatternSet {
            goal: goal.to_vec(),
            frame,
            partition: self.partition,
            files: self.files.clone(),
        })
    }

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
    watch: &dyn Watch,
) -> Result<Vec<SavedPattern>, String> {
    let parts = partition.tiles(canonical);
    let paths: Vec<PathBuf> = parts
        .iter()
        .map(|t| dir.join(file_name(canonical, t)))
        .collect();
    if !force && let Some(p) = paths.iter().find(|p| std::fs::symlink_metadata(p).is_ok()) {
        return Err(format!(
            "{}: already exists: pass --force to replace it",
            p.display()
        ));
    }
    let mut saved = Vec::new();
    for (tiles, path) in parts.iter().zip(&paths) {
        saved.push(build_one(canonical, tiles, path, force, watch)?);
    }
    Ok(saved)
}

fn build_one(
    canonical: &[u8],
    tiles: &[u8],
    path: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<SavedPattern, String> {
    let pattern =
        Pattern::new(FOUR_BY_FOUR, canonical, tiles).map_err(|e| format!("pattern: {e}"))?;
    let building = watch.building(&pattern);
    let values = tilebase_engine::build_pattern(&pattern, &Forward(building.as_ref()));
    building.writing();
    let saved = tilebase_engine::save_pattern(path, &pattern, &values, Encoding::Halved, force);
    drop(building);
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

/// The pattern files that answer for `goal` with `partition`: each found in `places.local`,
/// else in the cache; the missing ones built (saying so through `watch`, with about how long
/// it takes) into the cache, else into `places.local`.
pub fn find_or_build(
    goal: Vec<u8>,
    partition: Partition,
    places: &Places,
    watch: &dyn Watch,
) -> Result<PatternSet, String> {
    let frame = ClassFrame::new(FOUR_BY_FOUR, &goal);
    let canonical = frame.canonical().to_vec();
    let mut files = Vec::new();
    let mut missing = Vec::new();
    for tiles in partition.tiles(&canonical) {
        let name = file_name(&canonical, &tiles);
        let local = places.local.join(&name);
        let cached = places.cache.as_ref().map(|d| d.join(&name));
        let found = [Some(local), cached]
            .into_iter()
            .flatten()
            .find(|p| p.is_file());
        match found {
            Some(path) => files.push((Arc::new(open_checked(&path, &canonical, &tiles)?), path)),
            None => missing.push(tiles),
        }
    }
    if !missing.is_empty() {
        let dir = places.build_dir();
        watch.starting(&format!(
            "no {partition} pattern databases for the class of goal {} yet: building them into \
             {} ({}, once)",
            cells_to_string(&goal),
            dir.display(),
            build_time(partition)
        ));
        let started = Instant::now();
        for tiles in &missing {
            let path = dir.join(file_name(&canonical, tiles));
            let saved = build_one(&canonical, tiles, &path, true, watch)?;
            files.push((
                Arc::new(open_checked(&saved.path, &canonical, tiles)?),
                saved.path,
            ));
        }
        watch.say(&format!(
            "built in {:.1} s",
            started.elapsed().as_secs_f64()
        ));
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

/// Whether `cells` holds each of its tiles, 0 to its length − 1, once.
fn is_permutation(cells: &[u8]) -> bool {
    let mut seen = 0u64;
    cells.len() <= 64
        && cells.iter().all(|&t| {
            let bit = 1u64.checked_shl(u32::from(t)).unwrap_or(0);
            let fresh = usize::from(t) < cells.len() && seen & bit == 0;
            seen |= bit;
            fresh
        })
}

/// Opens a pattern file found by its name, and refuses it unless it holds what its name says.
fn open_checked(path: &Path, canonical: &[u8], tiles: &[u8]) -> Result<PatternFile, String> {
    let file = PatternFile::open(path).map_err(|e| e.to_string())?;
    if file.pattern().goal() != canonical || file.pattern().tiles() != tiles {
        return Err(format!(
            "{}: holds the pattern of tiles {} for goal {}, not what its name says: rebuild it \
             with build-db",
            path.display(),
            cells_to_string(file.pattern().tiles()),
            cells_to_string(file.pattern().goal())
        ));
    }
    Ok(file)
}

/// The engine's [`Progress`], passed on to a [`Building`].
struct Forward<'a>(&'a dyn Building);

impl Progress for Forward<'_> {
    fn layer(&self, depth: u32, reached: u64, total: u64) {
        self.0.layer(depth, reached, total);
    }
}
