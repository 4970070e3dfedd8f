//! The databases the service answers from: found (or built) as `query` finds them, each file
//! opened once and shared read-only by every request, and a bound on heavy work.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use arc_swap::ArcSwap;

use rustc_hash::FxHashMap;
use tilebase_core::Board;
use tilebase_lookup::Database;
use tilebase_tools::locate::{self, Source};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::fifteen::{Fifteen, Settings};
use crate::params::Question;

/// Goals remembered with the database that answers for them. Past this many the memory is
/// cleared (the files stay open): any goal of a board can be asked for, and there are millions.
const REMEMBERED_GOALS: usize = 4096;

/// Boards whose tables are this large or larger make heavy work: a build takes seconds and
/// hundreds of megabytes, a scan of the whole table (random, stats) a large part of a second.
/// Only the 12-cell boards (239,500,800 states) are; 5x2's 1,814,400 take milliseconds.
const HEAVY_STATES: u32 = 1 << 24;

/// Whether work over a whole table of `board` is heavy.
pub fn is_heavy(board: Board) -> bool {
    board.states() >= HEAVY_STATES
}

/// The answer when no permit for heavy work is left.
pub const HEAVY_BUSY: &str = "busy: as much heavy work (building or reading whole 12-cell tables, \
                              or building 4x4 pattern databases) is under way as this service \
                              allows at once; try again shortly";

/// Every database opened so far, and the goals they answer for.
pub struct Databases {
    /// The source of each goal asked for: the hot path. Read without a lock and without
    /// touching a reference count, so that requests on different cores write no memory in
    /// common (a read lock's or an `Arc`'s count would bounce between the cores on every
    /// request); replaced whole, rarely, when a goal is first asked for.
    sources: ArcSwap<FxHashMap<Question, Arc<Source>>>,
    /// Each file opened, by path: the same file is never opened twice.
    files: Mutex<HashMap<PathBuf, Arc<tilebase_lookup::Database>>>,
    /// One lock per class of goals (its canonical goal and metric): finding or building the
    /// database of a class happens once at a time, so that concurrent requests for a missing
    /// database build it once.
    classes: Mutex<FxHashMap<Question, Arc<tokio::sync::Mutex<()>>>>,
    /// Permits for heavy work; when none is left, heavy requests are answered 503.
    heavy: Arc<Semaphore>,
    /// The 15-puzzle's side: its pattern files, builds and search permits.
    pub fifteen: Arc<Fifteen>,
    /// Permits for large batches, answered in blocking threads: their answers can be tens of
    /// megabytes, so only so many at once; beyond that, 503.
    batches: Arc<Semaphore>,
}

/// Large batches answered at once, per core.
const BATCHES_PER_CORE: usize = 4;

impl Databases {
    /// No database open yet; at most `max_heavy` pieces of heavy work at once; 4x4 answered as
    /// `fifteen` says.
    pub fn new(max_heavy: usize, fifteen: Settings) -> Databases {
        let heavy = Arc::new(Semaphore::new(max_heavy.min(Semaphore::MAX_PERMITS)));
        Databases {
            sources: ArcSwap::default(),
            files: Mutex::default(),
            classes: Mutex::default(),
            fifteen: Arc::new(Fifteen::new(
                fifteen,
                tilebase_tools::fifteen::places(),
                Arc::clone(&heavy),
            )),
            heavy,
            batches: Arc::new(Semaphore::new(
                BATCHES_PER_CORE * std::thread::available_parallelism().map_or(1, |n| n.get()),
            )),
        }
    }

    /// The database that answers `question`, with its goal: at once when it was asked before;
    /// else found under `db/` or in the cache, or built, in a blocking thread so that other
    /// requests go on meanwhile.
    pub async fn source(&'static self, question: Question) -> Result<Arc<Source>, ApiError> {
        if let Some(source) = self.with_remembered(&question, Arc::clone) {
            return Ok(source);
        }
        let class = Question {
            goal: question.goal.canonical_goal(),
            metric: question.metric,
        };
        let lock = self
            .classes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(class)
            .or_default()
            .clone();
        // Requests for the same class wait here while the first finds or builds its file.
        let guard = lock.lock_owned().await;
        if let Some(source) = self.with_remembered(&question, Arc::clone) {
            return Ok(source);
        }
        let permit = if is_heavy(question.board()) {
            Some(self.heavy_permit()?)
        } else {
            None
        };
        // The lock and the permit go with the work: if the request is dropped (its client
        // gone, or timed out), the build still finishes before another may start.
        let work = tokio::task::spawn_blocking(move || {
            let _held = (guard, permit);
            self.find_or_build(question)
        });
        work.await
            .map_err(|e| ApiError::internal(format!("finding the database failed: {e}")))?
    }

    /// A permit for heavy work, or 503 if as much is under way as allowed.
    pub fn heavy_permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.heavy)
            .try_acquire_owned()
            .map_err(|_| ApiError::busy(HEAVY_BUSY))
    }

    /// A permit to answer a large batch, or 503 if as many are under way as allowed.
    pub fn batch_permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.batches).try_acquire_owned().map_err(|_| {
            ApiError::busy(
                "busy: as many large batches are being answered as this service allows at once; \
                 try again shortly",
            )
        })
    }

    /// What `answer` makes of the source of `question`, if that goal was asked about before
    /// (else `None`): the hot path, which neither locks nor counts references; the source is
    /// lent to `answer` for as long as it runs. [`Databases::source`] does the rest.
    pub fn with_remembered<T>(
        &self,
        question: &Question,
        answer: impl FnOnce(&Arc<Source>) -> T,
    ) -> Option<T> {
        self.sources.load().get(question).map(answer)
    }

    fn find_or_build(&self, question: Question) -> Result<Arc<Source>, ApiError> {
        let source =
            locate::find_or_build_with(&question.goal, question.metric, "serve", &mut |path| {
                self.open(path)
            })
            .map(Arc::new)
            .map_err(ApiError::internal)?;
        // Sources are added one class at a time (under its lock), but classes race: `rcu`
        // retries a copy made while another class was added.
        self.sources.rcu(|sources| {
            let mut sources = if sources.len() >= REMEMBERED_GOALS {
                FxHashMap::default()
            } else {
                FxHashMap::clone(sources)
            };
            sources.insert(question, Arc::clone(&source));
            sources
        });
        Ok(source)
    }

    /// The database in the file at `path`, opened the first time only.
    fn open(&self, path: &Path) -> Result<Arc<Database>, String> {
        let mut files = self.files.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(db) = files.get(path) {
            return Ok(Arc::clone(db));
        }
        let db = Arc::new(Database::open(path).map_err(|e| e.to_string())?);
        files.insert(path.to_path_buf(), Arc::clone(&db));
        Ok(db)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_twelve_cell_boards_are_heavy() {
        let heavy: Vec<String> = Board::all()
            .filter(|b| is_heavy(*b))
            .map(|b| b.to_string())
            .collect();
        assert_eq!(heavy, ["2x6", "3x4", "4x3", "6x2"]);
    }

    #[test]
    fn no_permit_is_busy() {
        let databases = Databases::new(0, Settings::default());
        let busy = databases.heavy_permit().unwrap_err();
        assert_eq!(busy.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.retry_after, Some(2));
        let databases = Databases::new(1, Settings::default());
        let permit = databases.heavy_permit().unwrap();
        assert!(databases.heavy_permit().is_err());
        drop(permit);
        assert!(databases.heavy_permit().is_ok());

        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let held: Vec<_> = (0..BATCHES_PER_CORE * cores)
            .map(|_| databases.batch_permit().unwrap())
            .collect();
        assert_eq!(
            databases.batch_permit().unwrap_err().status,
            axum::http::StatusCode::SERVICE_UNAVAILABLE
        );
        drop(held);
        assert!(databases.batch_permit().is_ok());
    }
}
