//! Files opened once per process: a second question about a goal of the same class, or a second
//! front end in the same process, gets the file already open; and the finder that looks for
//! them, for full tables ([`crate::files::tables`]) and pattern databases ([`crate::files::patterns`]) alike.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tilebase_lookup::{Database, PatternFile, RelabelledFile};

use crate::files::places::Places;
use crate::files::watch::Watch;

/// Where files are looked for, what is open, and who is told what is built: the finder of
/// every kind of file.
pub(crate) struct Finder<'a> {
    pub(crate) places: &'a Places,
    /// Tables shipped inside the program, looked at first.
    pub(crate) shipped: &'a [Arc<Database>],
    pub(crate) opened: &'a Opened,
    pub(crate) watch: &'a dyn Watch,
}

/// Every file opened so far, by path.
#[derive(Default)]
pub(crate) struct Opened {
    tables: Mutex<HashMap<PathBuf, Arc<Database>>>,
    patterns: Mutex<HashMap<PathBuf, Arc<PatternFile>>>,
    relabelled: Mutex<HashMap<PathBuf, Arc<RelabelledFile>>>,
}

/// Nothing panics while holding these locks; if something ever did, the maps are still whole.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Opened {
    /// The full table at `path`, opened the first time only.
    pub(crate) fn table(&self, path: &Path) -> Result<Arc<Database>, tilebase_lookup::Error> {
        if let Some(db) = lock(&self.tables).get(path) {
            return Ok(Arc::clone(db));
        }
        let db = Arc::new(Database::open(path)?);
        lock(&self.tables).insert(path.to_path_buf(), Arc::clone(&db));
        Ok(db)
    }

    /// The pattern database at `path`, opened (and every block of it checked) the first time
    /// only.
    pub(crate) fn pattern(&self, path: &Path) -> Result<Arc<PatternFile>, tilebase_lookup::Error> {
        if let Some(file) = lock(&self.patterns).get(path) {
            return Ok(Arc::clone(file));
        }
        let file = Arc::new(PatternFile::open(path)?);
        lock(&self.patterns).insert(path.to_path_buf(), Arc::clone(&file));
        Ok(file)
    }

    /// The relabelled table at `path`, opened (and every block of it checked) the first time
    /// only.
    pub(crate) fn relabelled(
        &self,
        path: &Path,
    ) -> Result<Arc<RelabelledFile>, tilebase_lookup::Error> {
        if let Some(file) = lock(&self.relabelled).get(path) {
            return Ok(Arc::clone(file));
        }
        let file = Arc::new(RelabelledFile::open(path)?);
        lock(&self.relabelled).insert(path.to_path_buf(), Arc::clone(&file));
        Ok(file)
    }

    /// Forgets the file at `path`, which a build has just replaced: the next question opens the
    /// new one. (Whoever holds the old one keeps reading it: a replaced file stays whole.)
    pub(crate) fn forget(&self, path: &Path) {
        lock(&self.tables).remove(path);
        lock(&self.patterns).remove(path);
        lock(&self.relabelled).remove(path);
    }
}
