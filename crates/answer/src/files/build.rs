//! Builds asked for by name (`build-db`): a full table into a file of the user's choosing, or
//! the pattern files of a goal's class into a directory. Builds a question needs are
//! [`crate::Library::open`]'s.

use std::path::Path;
use std::time::{Duration, Instant};

use tilebase_core::{Metric, State};
use tilebase_engine::{SaveError, Saved};

use crate::error::Error;
use crate::files::lock;
use crate::files::watch::{Forward, Job, Watch};

pub use crate::files::patterns::build_files as build_patterns;

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
    // Checked before the search too, so that a refusal is instant; saving checks again.
    if !force && std::fs::symlink_metadata(path).is_ok() {
        return Err(Error::Exists(path.to_path_buf()));
    }
    let _held = lock::lock(path, watch);
    let started = Instant::now();
    let building = watch.building(&Job::Table { goal, metric });
    let table = tilebase_engine::build_table_with(goal, metric, &Forward(&*building));
    let search = started.elapsed();
    building.writing(path);
    let saved = tilebase_engine::save(path, goal, metric, &table, compress, force);
    drop(building);
    let saved = saved.map_err(|e| match e {
        SaveError::Exists { path } => Error::Exists(path),
        other => Error::Files(other.to_string()),
    })?;
    Ok(Built {
        saved,
        search,
        total: started.elapsed(),
    })
}
