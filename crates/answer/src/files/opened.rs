//! Files opened once per process: a second question about a goal of the same class, or a second
//! front end in the same process, gets the file already open.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tilebase_lookup::{BoundsFile, Database, PatternFile, RelabelledFile};

/// The largest board (in cells) whose pattern databases are read from their memory map; a
/// larger board's, and every board's past 25 cells, are copied into memory held in huge pages
/// (`CheckedFile::open_in_huge_pages`), as their searches last seconds to hours and read them
/// at random: 6 to 12% off the time of Korf and Felner's ten easiest 24-puzzle instances
/// (BENCHMARKS.md). The 15-puzzle's stay mapped: Korf's 100 take 0.12 s, and copying their 288 MB
/// would add as much again (a map is in huge pages anyway where the page cache holds the file in
/// large pieces, as it does once build-db's files are read back: tilebase-lookup's storage).
const MAPPED_UP_TO: usize = 16;

/// Every file opened so far, by path, of each kind.
#[derive(Default)]
pub(crate) struct Opened {
    tables: OpenedFiles<Database>,
    patterns: OpenedFiles<PatternFile>,
    relabelled: OpenedFiles<RelabelledFile>,
    bounds: OpenedFiles<BoundsFile>,
}

/// The files of one kind opened so far, by path: each opened the first time only.
struct OpenedFiles<F>(Mutex<HashMap<PathBuf, Arc<F>>>);

impl<F> Default for OpenedFiles<F> {
    fn default() -> OpenedFiles<F> {
        OpenedFiles(Mutex::default())
    }
}

impl<F> OpenedFiles<F> {
    /// The file at `path`, opened by `open` the first time only.
    fn get(
        &self,
        path: &Path,
        open: impl FnOnce(&Path) -> Result<F, tilebase_lookup::Error>,
    ) -> Result<Arc<F>, tilebase_lookup::Error> {
        if let Some(file) = self.lock().get(path) {
            return Ok(Arc::clone(file));
        }
        let file = Arc::new(open(path)?);
        self.lock().insert(path.to_path_buf(), Arc::clone(&file));
        Ok(file)
    }

    /// Keeps `file` as the file at `path`, replacing any: one given as bytes, or built in
    /// memory.
    fn keep(&self, path: &Path, file: Arc<F>) {
        self.lock().insert(path.to_path_buf(), file);
    }

    fn holds(&self, path: &Path) -> bool {
        self.lock().contains_key(path)
    }

    /// Nothing panics while holding the lock; if something ever did, the map is still whole.
    fn lock(&self) -> MutexGuard<'_, HashMap<PathBuf, Arc<F>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Opened {
    /// The full table at `path`, opened the first time only.
    pub(crate) fn table(&self, path: &Path) -> Result<Arc<Database>, tilebase_lookup::Error> {
        self.tables.get(path, |p| Database::open(p))
    }

    /// The pattern database at `path`, of a board of `cells` cells, opened (and every block of
    /// it checked) the first time only: past [`MAPPED_UP_TO`] cells held in huge pages.
    pub(crate) fn pattern(
        &self,
        path: &Path,
        cells: usize,
    ) -> Result<Arc<PatternFile>, tilebase_lookup::Error> {
        if cells > MAPPED_UP_TO {
            self.patterns
                .get(path, |p| PatternFile::open_in_huge_pages(p))
        } else {
            self.patterns.get(path, |p| PatternFile::open(p))
        }
    }

    /// The relabelled table at `path`, opened (and every block of it checked) the first time
    /// only.
    pub(crate) fn relabelled(
        &self,
        path: &Path,
    ) -> Result<Arc<RelabelledFile>, tilebase_lookup::Error> {
        self.relabelled.get(path, |p| RelabelledFile::open(p))
    }

    /// The pattern database of a board past 25 cells at `path`, opened (and every block of it
    /// checked) the first time only.
    pub(crate) fn bounds(&self, path: &Path) -> Result<Arc<BoundsFile>, tilebase_lookup::Error> {
        self.bounds.get(path, |p| BoundsFile::open_in_huge_pages(p))
    }

    /// Keeps `file` as the full table at `path` (which need not exist on disk).
    pub(crate) fn keep_table(&self, path: &Path, file: Arc<Database>) {
        self.tables.keep(path, file);
    }

    /// Keeps `file` as the pattern database at `path` (which need not exist on disk).
    pub(crate) fn keep_pattern(&self, path: &Path, file: Arc<PatternFile>) {
        self.patterns.keep(path, file);
    }

    /// Keeps `file` as the relabelled table at `path` (which need not exist on disk).
    pub(crate) fn keep_relabelled(&self, path: &Path, file: Arc<RelabelledFile>) {
        self.relabelled.keep(path, file);
    }

    /// Whether a file of any kind is open, or kept, at `path`.
    pub(crate) fn holds(&self, path: &Path) -> bool {
        self.tables.holds(path)
            || self.patterns.holds(path)
            || self.relabelled.holds(path)
            || self.bounds.holds(path)
    }

    /// The bytes of the file open, or kept, at `path`, and their paths: every kind's.
    pub(crate) fn bytes(&self, path: &Path) -> Option<Vec<u8>> {
        let bytes = |file: Option<&[u8]>| file.map(<[u8]>::to_vec);
        bytes(self.tables.lock().get(path).map(|f| f.bytes()))
            .or_else(|| bytes(self.patterns.lock().get(path).map(|f| f.bytes())))
            .or_else(|| bytes(self.relabelled.lock().get(path).map(|f| f.bytes())))
            .or_else(|| bytes(self.bounds.lock().get(path).map(|f| f.bytes())))
    }

    /// The paths of every file open or kept, of every kind, sorted.
    pub(crate) fn paths(&self) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = (self.tables.lock().keys().cloned())
            .chain(self.patterns.lock().keys().cloned())
            .chain(self.relabelled.lock().keys().cloned())
            .chain(self.bounds.lock().keys().cloned())
            .collect();
        paths.sort();
        paths
    }

    /// Forgets the file at `path`, which a build has just replaced: the next question opens the
    /// new one. (Whoever holds the old one keeps reading it: a replaced file stays whole.)
    pub(crate) fn forget(&self, path: &Path) {
        self.tables.lock().remove(path);
        self.patterns.lock().remove(path);
        self.relabelled.lock().remove(path);
        self.bounds.lock().remove(path);
    }
}
