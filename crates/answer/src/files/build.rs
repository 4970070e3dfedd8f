//! Builds asked for by name (`build-db`): how every kind of file is built into a path of the
//! user's choosing ([`build_each`]), and a full table's build. The pattern databases' and
//! relabelled tables' own builds are beside their kinds; builds a question needs are
//! [`crate::Library::open`]'s.

use std::fs::symlink_metadata;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tilebase_core::{Metric, State};
use tilebase_engine::Saved;

use crate::error::Error;
use crate::files::lock;
use crate::files::watch::{Forward, Job, Watch};

/// What `build` makes of each item's file at its path, each built under the lock that makes
/// another process wait for it. A file that exists is replaced only with `force`: else it is
/// refused before anything is built, so that nothing is half done.
pub(crate) fn build_each<W, T>(
    items: &[(W, PathBuf)],
    force: bool,
    watch: &dyn Watch,
    build: impl Fn(&W, &Path) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    // Checked before building too, so that a refusal is instant; saving checks again.
    if !force && let Some((_, path)) = items.iter().find(|(_, p)| symlink_metadata(p).is_ok()) {
        return Err(Error::Exists(path.clone()));
    }
    items
        .iter()
        .map(|(item, path)| {
            let _held = lock::lock(path, watch);
            build(item, path)
        })
        .collect()
}

/// A full table built and saved, and how long it took.
#[derive(Debug)]
pub struct Built {
    /// What was written, and where.
    pub saved: Saved,
    /// The search.
    pub search: Duration,
    /// The search and the writing of the file.
    pub total: Duration,
}

/// Builds the full table of `goal` in `metric` and saves it at `path`, zstd-compressed if
/// `compress`; an existing file is replaced only with `force`, and refused before the search
/// otherwise. Holds the lock on building `path`, as the builds of a question do: another
/// process that needs the file waits for it.
pub fn build_table(
    goal: &State,
    metric: Metric,
    path: &Path,
    compress: bool,
    force: bool,
    watch: &dyn Watch,
) -> Result<Built, Error> {
    let mut built = build_each(&[((), path.to_path_buf())], force, watch, |(), path| {
        let started = Instant::now();
        let building = watch.building(&Job::Table { goal, metric });
        let table = tilebase_engine::build_table_with(goal, metric, &Forward(&*building));
        let search = started.elapsed();
        building.writing(path);
        let saved = tilebase_engine::save(path, goal, metric, &table, compress, force);
        drop(building);
        Ok(Built {
            saved: saved?,
            search,
            total: started.elapsed(),
        })
    })?;
    Ok(built.remove(0))
}
