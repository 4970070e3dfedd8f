//! The answers the service gives from: the library's (files found or built as `query` finds
//! them, each opened once, the answers of a question asked before found without a lock), and
//! the service's own bounds on the work they take.
//!
//! A full table is found or built while its request waits (a 12-cell build, seconds, holds a
//! permit for heavy work). Pattern databases are opened when they are there; when they are not,
//! their build starts in the background, once, and questions that need them are answered 503
//! with `Retry-After` and what is being built, while every other question is answered as usual.
//! Each search holds one of `--max-searches` permits (none left: 503) and gives up after
//! `--max-nodes` nodes.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tilebase_answer::{
    Answers, BuildCost, Building, Effort, Job, Library, Method, Metric, Partition, Question,
    Quietly, Watch,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::limits::{BATCHES_PER_CORE, HEAVY_STATES, RETRY_FAILED, cores};
use tilebase_program::exit::report;

/// How the service answers from pattern databases.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The partition whose files answer 4x4 (other boards are answered from their defaults).
    pub pdb: Partition,
    /// Searches under way at once, at most.
    pub max_searches: usize,
    /// Nodes a search may generate before it gives up.
    pub max_nodes: u64,
    /// The seconds one state's bounds may take (past 25 cells, and after a search gave up).
    pub seconds: f64,
    /// The memory each search may take for A* in A*+IDA* (`None`: the library's default on
    /// each board; 0: plain IDA*).
    pub memory: Option<usize>,
    /// For tests: a build waits to start while this file exists.
    pub hold_builds: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            pdb: Partition::SEVEN_EIGHT,
            max_searches: cores(),
            max_nodes: crate::limits::DEFAULT_MAX_NODES,
            seconds: crate::limits::DEFAULT_SECONDS,
            memory: None,
            hold_builds: None,
        }
    }
}

/// The library, and the service's bounds on what it does with it.
pub struct Store {
    library: &'static Library,
    settings: Settings,
    /// One lock per class of goals: finding or building the files of a class happens once at
    /// a time, so that concurrent requests for missing files wait for one build.
    classes: Mutex<HashMap<Question, Arc<tokio::sync::Mutex<Class>>>>,
    /// Permits for heavy work; when none is left, heavy requests are answered 503.
    heavy: Arc<Semaphore>,
    /// Permits for searches; when none is left, questions that need one are answered 503.
    searches: Arc<Semaphore>,
    /// Permits for large batches, answered in blocking threads: their answers can be tens of
    /// megabytes, so only so many at once; beyond that, 503.
    batches: Arc<Semaphore>,
}

/// A class's build in the background, if one is under way or failed.
#[derive(Default)]
struct Class {
    build: Option<Build>,
}

#[derive(Clone, Debug)]
enum Build {
    Running { since: Instant },
    Failed { message: String, at: Instant },
}

/// Nothing panics while holding these locks; if something ever did, the maps are still whole.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What finding and building files says, on stderr as `serve`: one line each, no bars (they
/// would interleave with the server's own lines).
struct Said;

impl Watch for Said {
    fn say(&self, message: &str) {
        report("serve", message);
    }

    fn building(&self, _: &Job<'_>) -> Box<dyn Building + '_> {
        Box::new(Quietly)
    }
}

impl Store {
    /// Nothing opened yet; at most `max_heavy` pieces of heavy work at once; searches as
    /// `settings` says.
    pub fn new(max_heavy: usize, settings: Settings) -> Store {
        Store {
            library: Library::standard(),
            classes: Mutex::default(),
            heavy: Arc::new(Semaphore::new(max_heavy.min(Semaphore::MAX_PERMITS))),
            searches: Arc::new(Semaphore::new(
                settings.max_searches.min(Semaphore::MAX_PERMITS),
            )),
            batches: Arc::new(Semaphore::new(BATCHES_PER_CORE * cores())),
            settings,
        }
    }

    /// The question asked by a request's `board`, `goal` and `metric` about `state`: see
    /// [`crate::params::question`]; on a board answered by search, from the service's `--pdb`.
    pub fn question(
        &self,
        state: Option<&str>,
        board: Option<&str>,
        goal: Option<&str>,
        metric: Option<&str>,
    ) -> Result<Question, ApiError> {
        crate::params::question(state, board, goal, metric, self.settings.pdb)
    }

    /// How hard one search may try: `--max-nodes`, on one core (a request holds one permit).
    pub fn effort(&self) -> Effort {
        Effort {
            memory: self.settings.memory,
            time: Some(std::time::Duration::from_secs_f64(self.settings.seconds)),
            ..Effort::bounded(self.settings.max_nodes)
        }
    }

    /// The nodes a search may generate before it gives up.
    pub fn max_nodes(&self) -> u64 {
        self.settings.max_nodes
    }

    /// `--seconds`: the time one state's bounds may take.
    pub fn seconds(&self) -> f64 {
        self.settings.seconds
    }

    /// The most states one POST may ask bounds of: as many as fit, one after another, in the
    /// request's [`TIMEOUT`](crate::limits::TIMEOUT) less 10 seconds for the rest of its work
    /// (50 of 60), at least one and at most
    /// [`MAX_SEARCHED_STATES`](crate::limits::MAX_SEARCHED_STATES).
    pub fn max_bounded_states(&self) -> usize {
        let room = crate::limits::TIMEOUT.as_secs_f64() - 10.0;
        let fit = room / self.settings.seconds.max(1e-3);
        (fit.floor() as usize).clamp(1, crate::limits::MAX_SEARCHED_STATES)
    }

    /// The library the answers come from: its remembered answers are the hot path, read
    /// without a lock or a reference count.
    pub fn library(&self) -> &'static Library {
        self.library
    }

    /// Whether work over the whole of `question`'s table is heavy: reading or building a
    /// 12-cell table.
    pub fn is_heavy(question: &Question) -> bool {
        u64::from(question.board().states()) >= HEAVY_STATES
    }

    /// A permit for heavy work, or 503 if as much is under way as allowed.
    pub fn heavy_permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.heavy)
            .try_acquire_owned()
            .map_err(|_| ApiError::heavy_busy())
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

    /// A permit for one search on `question`'s board, or 503 if as many are under way as
    /// allowed.
    pub fn search_permit(&self, question: &Question) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.searches).try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "busy: as many {} searches are under way as this service allows at once ({}); \
                 try again shortly",
                question.board(),
                self.settings.max_searches
            ))
        })
    }

    /// The answers to `question`: at once when asked before; else found, in a blocking thread
    /// so that other requests go on meanwhile. A missing full table is built while the request
    /// waits; missing pattern databases are built in the background, and the answer is 503
    /// until they are ready.
    pub async fn answers(&'static self, question: Question) -> Result<Answers, ApiError> {
        if let Some(answers) = self.library.remembered(&question, Answers::clone) {
            return Ok(answers);
        }
        let class = question.class();
        let entry = Arc::clone(lock(&self.classes).entry(class).or_default());
        // Requests for the same class wait here while the first finds or builds its files.
        let mut guard = entry.lock_owned().await;
        if let Some(answers) = self.library.remembered(&question, Answers::clone) {
            return Ok(answers);
        }
        self.refusal(&mut guard, &question)?;
        match question.board().method() {
            // A full table, found or built while the request waits; past 25 cells, the
            // goal's tables made in memory (and 6x6's pattern databases, if built).
            Method::Table | Method::Bounds => {
                let permit = if Self::is_heavy(&question) {
                    Some(self.heavy_permit()?)
                } else {
                    None
                };
                // The lock and the permit go with the work: if the request is dropped (its
                // client gone, or timed out), the build still finishes before another starts.
                let work = tokio::task::spawn_blocking(move || {
                    let _held = (guard, permit);
                    self.library.open(&question, &Said)
                });
                work.await
                    .map_err(|e| ApiError::internal(format!("finding the database failed: {e}")))?
                    .map_err(|e| ApiError::internal(e.to_string()))
            }
            Method::Patterns => {
                let found = tokio::task::spawn_blocking(move || {
                    self.library
                        .find(&question, &Said)
                        .map(|found| (found, guard))
                });
                let (found, mut guard) = found
                    .await
                    .map_err(|e| {
                        ApiError::internal(format!(
                            "opening the {} files failed: {e}",
                            question.board()
                        ))
                    })?
                    .map_err(|e| {
                        ApiError::internal(format!(
                            "opening the {} pattern databases: {e}",
                            question.board()
                        ))
                    })?;
                if let Some(answers) = found {
                    return Ok(answers);
                }
                let permit = self.heavy_permit()?;
                let since = Instant::now();
                guard.build = Some(Build::Running { since });
                drop(guard);
                tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    self.build(question);
                });
                Err(self.building(&question, since))
            }
        }
    }

    /// The answer while the class's build is under way, or after it failed; `Ok` when there is
    /// none (a failure long enough ago is forgotten: the next question tries again).
    fn refusal(&self, class: &mut Class, question: &Question) -> Result<(), ApiError> {
        match &class.build {
            None => Ok(()),
            Some(Build::Running { since }) => Err(self.building(question, *since)),
            Some(Build::Failed { at, .. }) if at.elapsed() >= RETRY_FAILED => {
                class.build = None;
                Ok(())
            }
            Some(Build::Failed { message, at }) => Err(ApiError::internal(format!(
                "building the {} for the class of goal {} failed: {message}; the first {} \
                 question after {} s tries again",
                files(question).0,
                question.goal(),
                question.board(),
                RETRY_FAILED.saturating_sub(at.elapsed()).as_secs().max(1)
            ))),
        }
    }

    /// 503 while the files are built: what, since when, about how long it takes.
    fn building(&self, question: &Question, since: Instant) -> ApiError {
        let board = question.board();
        let (what, cost) = files(question);
        ApiError {
            // Asked again about six times over the build, every 2 to 15 seconds.
            retry_after: Some((cost.seconds() / 6.0).clamp(2.0, 15.0) as u32),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the {what} for the class of goal {} are being built ({}, once; started \
                     {} s ago): {board} questions are answered when they are ready; try again \
                     shortly",
                    question.goal(),
                    cost,
                    since.elapsed().as_secs()
                ),
            )
        }
    }

    /// Builds the files of `question`'s class, saying on stderr what it builds as `query`
    /// does; then remembers the answers, or why they could not be had.
    fn build(&self, question: Question) {
        if let Some(hold) = &self.settings.hold_builds {
            while hold.exists() {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let built = std::panic::catch_unwind(|| self.library.open(&question, &Said))
            .unwrap_or_else(|panic| {
                let what = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("a panic");
                Err(tilebase_answer::Error::Files(format!(
                    "the build stopped: {what}"
                )))
            });
        let outcome = match built {
            Ok(_) => None,
            Err(error) => {
                let message = error.to_string();
                report(
                    "serve",
                    format_args!("building the {} failed: {message}", files(&question).0),
                );
                Some(Build::Failed {
                    message,
                    at: Instant::now(),
                })
            }
        };
        let entry = lock(&self.classes).get(&question.class()).map(Arc::clone);
        if let Some(entry) = entry {
            // The build ran with the class unlocked, so that questions were answered 503
            // meanwhile; its outcome is recorded under the lock (on a blocking thread).
            entry.blocking_lock().build = outcome;
        }
    }
}

/// The files a question of a board answered by search needs, in words (`4x4 pattern databases
/// (7-8)`, `4x4 multi-tile table`), and what building them costs.
fn files(question: &Question) -> (String, BuildCost) {
    let board = question.board();
    if question.metric() == Metric::Multi {
        // slidy's relabelling of the 15-puzzle, 16!/(2!4!5!4!) states, and the rows,
        // 16!/(4!4!4!3!).
        (
            format!("{board} multi-tile tables"),
            BuildCost::of_relabelled(&[151_351_200, 252_252_000]),
        )
    } else {
        let pdb = question
            .pdb()
            .unwrap_or(Partition::default_for(board.cells()));
        (
            format!("{board} pattern databases ({pdb})"),
            BuildCost::of_partition(board.cells(), pdb),
        )
    }
}

/// Set when dropped: a request that ends (its client gone, or its time up) tells its work to
/// stop at the next state.
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// Not set yet.
    pub fn new() -> Cancel {
        Cancel(Arc::new(AtomicBool::new(false)))
    }

    /// The flag, for the work.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

impl Default for Cancel {
    fn default() -> Cancel {
        Cancel::new()
    }
}

impl Drop for Cancel {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Whether the work was told to stop.
pub fn cancelled(flag: &AtomicBool) -> bool {
    flag.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_twelve_cell_boards_are_heavy() {
        let heavy: Vec<String> = tilebase_core::Board::with_tables()
            .filter(|b| {
                Store::is_heavy(
                    &Question::read_text(Some(&b.to_string()), None, None, None).unwrap(),
                )
            })
            .map(|b| b.to_string())
            .collect();
        assert_eq!(heavy, ["2x6", "3x4", "4x3", "6x2"]);
    }

    #[test]
    fn no_permit_is_busy() {
        let store = Store::new(0, Settings::default());
        let busy = store.heavy_permit().unwrap_err();
        assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.retry_after, Some(2));
        let store = Store::new(1, Settings::default());
        let permit = store.heavy_permit().unwrap();
        assert!(store.heavy_permit().is_err());
        drop(permit);
        assert!(store.heavy_permit().is_ok());

        let held: Vec<_> = (0..BATCHES_PER_CORE * cores())
            .map(|_| store.batch_permit().unwrap())
            .collect();
        assert_eq!(
            store.batch_permit().unwrap_err().status,
            StatusCode::SERVICE_UNAVAILABLE
        );
        drop(held);
        assert!(store.batch_permit().is_ok());
    }

    #[test]
    fn dropping_cancels() {
        let cancel = Cancel::new();
        let flag = cancel.flag();
        assert!(!cancelled(&flag));
        drop(cancel);
        assert!(cancelled(&flag));
    }
}
