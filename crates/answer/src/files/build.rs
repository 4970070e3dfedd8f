//! Builds asked for by name (`build-db`): how every kind of file is built into a path of the
//! user's choosing ([`build_each`]), and a full table's build. The pattern databases' and
//! relabelled tables' own builds are beside their kinds; builds a question needs are
//! [`crate::Library::open`]'s.

use std::fs::symlink_metadata;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use web_time::Instant;

use tilebase_core::{Metric, State};
use tilebase_engine::{Checkpoint, Saved, Stopped};

use crate::error::Error;
use crate::files::lock;
use crate::files::watch::{Forward, Job, Watch};

/// What `build` makes of each item's file at its path, each built under the lock that makes
/// another process wait for it. A file that exists is replaced only with `force`. Else, when
/// every file exists, they are refused before anything is built; when some do, those `kept`
/// finds whole and holding their item (saved by an earlier run, stopped before the rest) are
/// kept, said through `watch`, and only the others built; one that is not whole is refused.
pub(crate) fn build_each<W, T>(
    items: &[(W, PathBuf)],
    force: bool,
    watch: &dyn Watch,
    kept: impl Fn(&W, &Path) -> Option<T>,
    build: impl Fn(&W, &Path) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let exists = |path: &PathBuf| symlink_metadata(path).is_ok();
    // Checked before building too, so that a refusal is instant; saving checks again.
    let mut found: Vec<Option<T>> = items.iter().map(|_| None).collect();
    if !force {
        if items.iter().all(|(_, p)| exists(p)) {
            return Err(Error::Exists(items[0].1.clone()));
        }
        for ((item, path), found) in items.iter().zip(&mut found) {
            if exists(path) {
                *found = Some(kept(item, path).ok_or_else(|| Error::Exists(path.clone()))?);
            }
        }
    }
    items
        .iter()
        .zip(found)
        .map(|((item, path), found)| match found {
            Some(kept) => {
                watch.say(&format!(
                    "{}: kept, saved whole by an earlier run of this build",
                    path.display()
                ));
                Ok(kept)
            }
            None => {
                let _held = lock::lock(path, watch);
                build(item, path)
            }
        })
        .collect()
}

/// Set by [`stop_builds`]: every build under way saves the last layer it finished and stops.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Builds of this process under way, neither finished nor stopped.
static UNDER_WAY: AtomicUsize = AtomicUsize::new(0);

/// Asks every build of this process under way (of a full table, pattern database or relabelled
/// table) to save the last layer it finished, so that the next build of the same file goes on
/// from there, and to stop; a build writing its file finishes it. For a program about to exit,
/// as the programs do on Ctrl-C: a build stopped this way never returns (its thread waits for
/// the process to end). Returns how many builds were under way; [`builds_under_way`] falls to
/// 0 once each has saved what it had.
pub fn stop_builds() -> usize {
    STOPPING.store(true, Ordering::SeqCst);
    UNDER_WAY.load(Ordering::SeqCst)
}

/// How many builds of this process are under way: neither finished nor, asked by
/// [`stop_builds`], saved and stopped.
pub fn builds_under_way() -> usize {
    UNDER_WAY.load(Ordering::SeqCst)
}

/// A build under way, from its start to its file saved: its checkpoint beside the file, which
/// [`stop_builds`] stops it by.
pub(crate) struct UnderWay {
    pub(crate) checkpoint: Checkpoint,
}

impl UnderWay {
    pub(crate) fn beside(path: &Path) -> UnderWay {
        UNDER_WAY.fetch_add(1, Ordering::SeqCst);
        UnderWay {
            checkpoint: Checkpoint::beside(path).stopped_by(&STOPPING),
        }
    }

    /// Removes the build's checkpoint once the file it led to is `saved` (else it is kept, for
    /// the next run to go on from). One that cannot be removed is harmless: the next build of
    /// the same file reads it, and goes on from its last layer to the same values.
    pub(crate) fn done(&self, saved: bool) {
        if saved {
            let _ = self.checkpoint.remove();
        }
    }

    /// What the search built; stopped, its thread waits for the process to end (see
    /// [`stop_builds`]), its work saved.
    pub(crate) fn built(&self, search: Result<Vec<u8>, Stopped>) -> Vec<u8> {
        match search {
            Ok(values) => values,
            Err(_) => {
                UNDER_WAY.fetch_sub(1, Ordering::SeqCst);
                loop {
                    std::thread::park();
                }
            }
        }
    }
}

impl Drop for UnderWay {
    fn drop(&mut self) {
        UNDER_WAY.fetch_sub(1, Ordering::SeqCst);
    }
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
    let one = [((), path.to_path_buf())];
    let mut built = build_each(
        &one,
        force,
        watch,
        |(), _| None,
        |(), path| {
            let started = Instant::now();
            let job = Job::Table { goal, metric };
            let building = watch.building(&job);
            let under_way = UnderWay::beside(path);
            let checkpoint = &under_way.checkpoint;
            let forward = Forward::new(&*building, watch, &job);
            let search = tilebase_engine::build_table_resuming(goal, metric, &forward, checkpoint);
            let table = under_way.built(search);
            let search = started.elapsed();
            building.writing(path);
            let saved = tilebase_engine::save(path, goal, metric, &table, compress, force);
            drop(building);
            under_way.done(saved.is_ok());
            Ok(Built {
                saved: saved?,
                search,
                total: started.elapsed(),
            })
        },
    )?;
    Ok(built.remove(0))
}
