//! The one way every kind of file is found and built: each file a question needs is looked for
//! at its places in order (shipped, under `db/`, then in the cache), opened once per process,
//! refused unless it holds what its name says; a damaged one in the cache is built again, one of
//! the user's named with the command that rebuilds it; a missing one is built under a lock, so
//! that two processes that need it build it once. What differs between full tables, pattern
//! databases and relabelled tables (their names, what they hold, how they are built) is said by
//! each kind's module; this is what they share.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use web_time::Instant;

use tilebase_lookup::Database;

use crate::error::Error;
use crate::files::lock;
use crate::files::opened::Opened;
use crate::files::places::Places;
use crate::files::repair;
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

/// What [`Finder::look`] found of the files a question needs: each wanted file is found or
/// missing.
pub(crate) struct Looked<W, F> {
    /// Each file found, and where it is, in the order wanted.
    pub(crate) found: Vec<(Arc<F>, PathBuf)>,
    /// What was wanted of each file not found, or found damaged where tilebase repairs it.
    pub(crate) missing: Vec<W>,
    /// Why each damaged file that tilebase repairs was refused.
    pub(crate) damaged: Vec<Error>,
}

impl Finder<'_> {
    /// Where a file named `name` is looked for, in order: under `db/`, then in the cache.
    pub(crate) fn places_of(&self, name: &str) -> Vec<PathBuf> {
        [Some(&self.places.local), self.places.cache.as_ref()]
            .into_iter()
            .flatten()
            .map(|dir| dir.join(name))
            .collect()
    }

    /// Looks for each wanted file at its places, in order: the first place where a file is
    /// there is opened by `open`, which refuses a file that does not hold what its name says.
    /// A file that does not open is, where `repairable` says tilebase repairs it (its cache),
    /// noted as damaged and the next place tried; anywhere else (the user's `db/`) it is an
    /// error naming it with the command that `rebuild` gives, or the I/O error as it was.
    pub(crate) fn look<W, F>(
        &self,
        wanted: Vec<(W, Vec<PathBuf>)>,
        open: impl Fn(&Path, &W) -> Result<Arc<F>, Error>,
        repairable: impl Fn(&Path) -> bool,
        rebuild: impl Fn(&Path, &W) -> String,
    ) -> Result<Looked<W, F>, Error> {
        let mut looked = Looked {
            found: Vec::new(),
            missing: Vec::new(),
            damaged: Vec::new(),
        };
        'wanted: for (what, places) in wanted {
            for path in places.into_iter().filter(|path| self.is_there(path)) {
                match open(&path, &what) {
                    Ok(file) => {
                        looked.found.push((file, path));
                        continue 'wanted;
                    }
                    Err(e) if repairable(&path) => looked.damaged.push(e),
                    Err(e @ Error::Lookup(tilebase_lookup::Error::Io { .. })) => return Err(e),
                    Err(e) => {
                        let command = rebuild(&path, &what);
                        return Err(Error::Files(repair::to_rebuild(&e.to_string(), &command)));
                    }
                }
            }
            looked.missing.push(what);
        }
        Ok(looked)
    }

    /// Whether there is a file at `path`: on disk, or, in memory ([`Places::memory`]), given
    /// or built before.
    pub(crate) fn is_there(&self, path: &Path) -> bool {
        if self.places.memory {
            self.opened.holds(path)
        } else {
            path.is_file()
        }
    }

    /// Says that each damaged file is built again.
    pub(crate) fn rebuilding(&self, damaged: Vec<Error>) {
        for e in damaged {
            self.watch.say(&repair::rebuilding(&e.to_string()));
        }
    }

    /// Builds each missing file of a question (one the watch has been told about), each at the
    /// path `path_of` gives, by `build`, which says where it saved it; opened by `open` as the
    /// files found were. Says how long it took.
    pub(crate) fn build_missing<W, F>(
        &self,
        missing: &[W],
        path_of: impl Fn(&W) -> PathBuf,
        open: impl Fn(&Path, &W) -> Result<Arc<F>, Error>,
        build: impl Fn(&W, &Path) -> Result<PathBuf, Error>,
    ) -> Result<Vec<(Arc<F>, PathBuf)>, Error> {
        let started = Instant::now();
        let mut built = Vec::with_capacity(missing.len());
        for what in missing {
            let path = path_of(what);
            let opened = |path: &Path| Ok((open(path, what)?, path.to_path_buf()));
            built.push(self.build_under_lock(&path, opened, || {
                let saved = build(what, &path)?;
                // Built in memory, it was kept where it is opened from.
                if !self.places.memory {
                    self.opened.forget(&saved);
                }
                opened(&saved)
            })?);
        }
        self.watch.say(&format!(
            "built in {:.1} s",
            started.elapsed().as_secs_f64()
        ));
        Ok(built)
    }

    /// What `build` makes of the file at `path`, built under the lock that makes another
    /// process wait for it; or, when another process built it while this one waited (or it was
    /// damaged, and has been built again), what `reopen` makes of that file, opened afresh. In
    /// memory there is no other process, and no lock.
    pub(crate) fn build_under_lock<T>(
        &self,
        path: &Path,
        reopen: impl FnOnce(&Path) -> Result<T, Error>,
        build: impl FnOnce() -> Result<T, Error>,
    ) -> Result<T, Error> {
        if self.places.memory {
            return build();
        }
        let _held = lock::lock(path, self.watch);
        if path.is_file() {
            self.opened.forget(path);
            if let Ok(found) = reopen(path) {
                return Ok(found);
            }
        }
        build()
    }
}
