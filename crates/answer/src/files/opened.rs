//! Files opened once per process: a second question about a goal of the same class, or a second
//! front end in the same process, gets the file already open.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tilebase_lookup::{Database, PatternFile, RelabelledFile};

/// Every file opened so far, by path, of each kind.
#[derive(Default)]
pub(crate) struct Opened {
    tables: OpenedFiles<Database>,
    patterns: OpenedFiles<PatternFile>,
    relabelled: OpenedFiles<RelabelledFile>,
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

    /// The pattern database at `path`, opened (and every block of it checked) the first time
    /// only.
    pub(crate) fn pattern(&self, path: &Path) -> Result<Arc<PatternFile>, tilebase_lookup::Error> {
        self.patterns.get(path, |p| PatternFile::open(p))
    }

    /// The relabelled table at `path`, opened (and every block of it checked) the first time
    /// only.
    pub(crate) fn relabelled(
        &self,
        path: &Path,
    ) -> Result<Arc<RelabelledFile>, tilebase_lookup::Error> {
        self.relabelled.get(path, |p| RelabelledFile::open(p))
    }

    /// Forgets the file at `path`, which a build has just replaced: the next question opens the
    /// new one. (Whoever holds the old one keeps reading it: a replaced file stays whole.)
    pub(crate) fn forget(&self, path: &Path) {
        self.tables.lock().remove(path);
        self.patterns.lock().remove(path);
        self.relabelled.lock().remove(path);
    }
}
