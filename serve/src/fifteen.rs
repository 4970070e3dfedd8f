//! The 15-puzzle (4x4): answered as `query --board 4x4` answers it, by IDA* over the pattern
//! databases of the goal's class (`--pdb`: 7-8, 6-6-3 or 5-5-5), found under `db/` and then
//! in the cache exactly as `query` finds them.
//!
//! Files that are missing are built once, in the background, when the first question that needs
//! them arrives; until they are ready, 4x4 questions are answered 503 with `Retry-After` and
//! what is being built, while every other board is answered as usual. Each 4x4 search runs in a
//! blocking thread, holding one of `--max-searches` permits (none left: 503), and gives up after
//! `--max-nodes` nodes. States that need no search (unreadable, or unable to reach the goal by
//! parity) are answered at once, without the files.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tilebase_fifteen::{
    Answerer, FOUR_BY_FOUR, Partition, PatternSet, Places, SolveError, Solved, boards_of,
    build_time, cells_to_string, file_name, parse_cells,
};
use tilebase_pattern::ClassFrame;
use tilebase_tools::exit::quote;
use tilebase_tools::fifteen::query::{json_refused, json_solved, json_unsolvable};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// The most 4x4 states one POST may ask about: each is a search (five with `hint`).
pub const MAX_STATES: usize = 100;

/// The default of `--max-nodes`: more than the 7-8 files need for any state (the hardest, at
/// 80 moves, take about 13 million), and a few seconds of the weaker partitions' searches.
pub const DEFAULT_MAX_NODES: u64 = 100_000_000;

/// After a build failed, 4x4 questions are answered with its error for this long; the next one
/// after that tries again.
const RETRY_FAILED: Duration = Duration::from_secs(30);

/// Goals remembered, each with the opened files of its class (shared among the goals of a
/// class, opened once). Past this many the memory is cleared: any goal can be asked for.
const REMEMBERED_GOALS: usize = 64;

/// How the service answers 4x4.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The partition whose files answer.
    pub pdb: Partition,
    /// 4x4 searches under way at once, at most.
    pub max_searches: usize,
    /// Nodes a search may generate before it gives up.
    pub max_nodes: u64,
    /// For tests: a build waits to start while this file exists.
    pub hold_builds: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            pdb: Partition::SevenEight,
            max_searches: cores(),
            max_nodes: DEFAULT_MAX_NODES,
            hold_builds: None,
        }
    }
}

/// The cores of this machine.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The 4x4 side of the service: the files opened, the builds under way, and the permits for
/// searches.
pub struct Fifteen {
    settings: Settings,
    places: Places,
    /// Permits for searches; when none is left, 4x4 questions that need one are answered 503.
    searches: Arc<Semaphore>,
    /// Permits for heavy work, shared with the full tables' builds: a 4x4 build holds one.
    heavy: Arc<Semaphore>,
    /// The files of each goal asked for, opened.
    sets: Mutex<HashMap<Vec<u8>, Arc<PatternSet>>>,
    /// Each class of goals, by its canonical goal: its build, if one is under way or failed, and
    /// a lock under which its files are opened or a build started, once at a time.
    classes: Mutex<HashMap<Vec<u8>, Class>>,
}

#[derive(Default)]
struct Class {
    open: Arc<tokio::sync::Mutex<()>>,
    build: Option<Build>,
}

#[derive(Clone, Debug)]
enum Build {
    Running { since: Instant },
    Failed { message: String, at: Instant },
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Fifteen {
    /// Nothing opened yet; files looked for in `places`; builds hold a permit of `heavy`.
    pub fn new(settings: Settings, places: Places, heavy: Arc<Semaphore>) -> Fifteen {
        Fifteen {
            searches: Arc::new(Semaphore::new(
                settings.max_searches.min(Semaphore::MAX_PERMITS),
            )),
            settings,
            places,
            heavy,
            sets: Mutex::default(),
            classes: Mutex::default(),
        }
    }

    /// The partition answered from.
    pub fn partition(&self) -> Partition {
        self.settings.pdb
    }

    /// The nodes a search may generate before it gives up.
    pub fn max_nodes(&self) -> u64 {
        self.settings.max_nodes
    }

    /// A permit for one 4x4 search, or 503 if as many are under way as allowed.
    pub fn search_permit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.searches).try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "busy: as many 4x4 searches are under way as this service allows at once ({}); \
                 try again shortly",
                self.settings.max_searches
            ))
        })
    }

    /// The opened files that answer for `goal`: at once when asked before; else opened, in a
    /// blocking thread, when they are there. When they are not, their build starts in the
    /// background (once) and the answer is 503 until they are ready.
    pub async fn set(self: &Arc<Self>, goal: &[u8]) -> Result<Arc<PatternSet>, ApiError> {
        if let Some(set) = self.remembered(goal) {
            return Ok(set);
        }
        let class = ClassFrame::new(FOUR_BY_FOUR, goal).canonical().to_vec();
        let open = {
            let mut classes = lock(&self.classes);
            let entry = classes.entry(class.clone()).or_default();
            self.refusal(entry, goal)?;
            Arc::clone(&entry.open)
        };
        // Requests for the same class wait here while the first opens its files.
        let guard = open.lock_owned().await;
        if let Some(set) = self.remembered(goal) {
            return Ok(set);
        }
        if let Some(entry) = lock(&self.classes).get_mut(&class) {
            self.refusal(entry, goal)?;
        }
        if self.present(&class) {
            let this = Arc::clone(self);
            let goal = goal.to_vec();
            let work = tokio::task::spawn_blocking(move || {
                let _held = guard;
                this.open(goal)
            });
            return work
                .await
                .map_err(|e| ApiError::internal(format!("opening the 4x4 files failed: {e}")))?;
        }
        let permit = Arc::clone(&self.heavy)
            .try_acquire_owned()
            .map_err(|_| ApiError::busy(crate::databases::HEAVY_BUSY))?;
        let since = Instant::now();
        if let Some(entry) = lock(&self.classes).get_mut(&class) {
            entry.build = Some(Build::Running { since });
        }
        let this = Arc::clone(self);
        let wanted = goal.to_vec();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            this.build(class, wanted);
        });
        drop(guard);
        Err(self.building(goal, since))
    }

    /// The answer while the class's build is under way, or after it failed; `Ok` when there is
    /// none (a failure long enough ago is forgotten: the next question tries again).
    fn refusal(&self, class: &mut Class, goal: &[u8]) -> Result<(), ApiError> {
        match &class.build {
            None => Ok(()),
            Some(Build::Running { since }) => Err(self.building(goal, *since)),
            Some(Build::Failed { at, .. }) if at.elapsed() >= RETRY_FAILED => {
                class.build = None;
                Ok(())
            }
            Some(Build::Failed { message, at }) => Err(ApiError::internal(format!(
                "building the 4x4 pattern databases ({}) for the class of goal {} failed: \
                 {message}; the first 4x4 question after {} s tries again",
                self.settings.pdb,
                cells_to_string(goal),
                RETRY_FAILED.saturating_sub(at.elapsed()).as_secs().max(1)
            ))),
        }
    }

    /// 503 while the files are built: what, since when, about how long it takes.
    fn building(&self, goal: &[u8], since: Instant) -> ApiError {
        let pdb = self.settings.pdb;
        ApiError {
            retry_after: Some(match pdb {
                Partition::FiveFiveFive => 2,
                Partition::SixSixThree => 5,
                Partition::SevenEight => 15,
            }),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the 4x4 pattern databases ({pdb}) for the class of goal {} are being built \
                     ({}, once; started {} s ago): 4x4 questions are answered when they are \
                     ready; try again shortly",
                    cells_to_string(goal),
                    build_time(pdb),
                    since.elapsed().as_secs()
                ),
            )
        }
    }

    /// Whether every file of the class is where `query` looks: `db/`, then the cache.
    fn present(&self, class: &[u8]) -> bool {
        self.settings.pdb.tiles(class).iter().all(|tiles| {
            let name = file_name(class, tiles);
            self.places.local.join(&name).is_file()
                || self
                    .places
                    .cache
                    .as_ref()
                    .is_some_and(|dir| dir.join(&name).is_file())
        })
    }

    /// The files of `goal`, if opened before for it or for another goal of its class (whose
    /// files answer for it too, opened once: no file is mapped or checked again).
    fn remembered(&self, goal: &[u8]) -> Option<Arc<PatternSet>> {
        let sets = lock(&self.sets);
        if let Some(set) = sets.get(goal) {
            return Some(Arc::clone(set));
        }
        let same_class = sets.values().find_map(|set| set.for_goal(goal))?;
        drop(sets);
        Some(self.remember(same_class))
    }

    fn remember(&self, set: PatternSet) -> Arc<PatternSet> {
        let set = Arc::new(set);
        let mut sets = lock(&self.sets);
        if sets.len() >= REMEMBERED_GOALS {
            sets.clear();
        }
        sets.insert(set.goal.clone(), Arc::clone(&set));
        set
    }

    /// Opens the files of `goal`, found as `query` finds them (a file that went missing since
    /// it was seen is built, saying so on stderr, as `query` would).
    fn open(&self, goal: Vec<u8>) -> Result<Arc<PatternSet>, ApiError> {
        let set = tilebase_tools::fifteen::find_or_build(goal, self.settings.pdb, "serve")
            .map_err(|e| ApiError::internal(format!("opening the 4x4 pattern databases: {e}")))?;
        Ok(self.remember(set))
    }

    /// Builds the files of `class` for the question about `goal`, saying on stderr what it
    /// builds as `query` does; then answers from them, or says why it could not.
    fn build(&self, class: Vec<u8>, goal: Vec<u8>) {
        if let Some(hold) = &self.settings.hold_builds {
            while hold.exists() {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let pdb = self.settings.pdb;
        let built =
            std::panic::catch_unwind(|| tilebase_tools::fifteen::find_or_build(goal, pdb, "serve"))
                .unwrap_or_else(|panic| {
                    let what = panic
                        .downcast_ref::<String>()
                        .map(String::as_str)
                        .or_else(|| panic.downcast_ref::<&str>().copied())
                        .unwrap_or("a panic");
                    Err(format!("the build stopped: {what}"))
                });
        let outcome = match built {
            Ok(set) => {
                self.remember(set);
                None
            }
            Err(message) => {
                tilebase_tools::exit::report(
                    "serve",
                    format_args!("building the 4x4 pattern databases ({pdb}) failed: {message}"),
                );
                Some(Build::Failed {
                    message,
                    at: Instant::now(),
                })
            }
        };
        if let Some(entry) = lock(&self.classes).get_mut(&class) {
            entry.build = outcome;
        }
    }
}

/// A 4x4 input, read: the problem with it, or its cells and whether a search is needed.
pub enum Read {
    /// Unreadable: the problem, in `parse_cells`'s words.
    Bad(String),
    /// Cannot reach the goal: answered by parity, with no search.
    Unsolvable(Vec<u8>),
    /// Needs a search.
    Search(Vec<u8>),
}

impl Read {
    /// Reads `text` as a state asked about for `goal`.
    pub fn new(text: &str, goal: &[u8]) -> Read {
        match parse_cells(&FOUR_BY_FOUR, text) {
            Err(e) => Read::Bad(e.to_string()),
            Ok(cells) if !tilebase_pattern::solvable(&FOUR_BY_FOUR, goal, &cells) => {
                Read::Unsolvable(cells)
            }
            Ok(cells) => Read::Search(cells),
        }
    }
}

/// The goal named by `text`, or the default (1,2,...,15,0); 400 if it is not a 4x4 state.
pub fn goal(text: Option<&str>) -> Result<Vec<u8>, ApiError> {
    match text {
        None => Ok(tilebase_fifteen::goal_of(None).unwrap_or_default()),
        Some(text) => parse_cells(&FOUR_BY_FOUR, text)
            .map_err(|e| ApiError::bad_request(format!("goal {}: {e}", quote(text)))),
    }
}

/// Refuses the multi-tile metric, as `query --board 4x4` does.
pub fn metric(text: Option<&str>) -> Result<(), ApiError> {
    match text {
        None => Ok(()),
        Some(text) => match text.parse::<tilebase_core::Metric>() {
            Ok(tilebase_core::Metric::Single) => Ok(()),
            Ok(tilebase_core::Metric::Multi) => Err(ApiError::bad_request(
                "metric mtm: 4x4 is answered in single-tile moves (stm) only",
            )),
            Err(e) => Err(ApiError::bad_request(format!("metric: {e}"))),
        },
    }
}

/// What each answer adds to the six fields.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// `hints`, as `query --json --hint` adds them (a search per move).
    pub hint: bool,
    /// `boards`: every state along the solution, from the state to the goal.
    pub boards: bool,
}

/// Why a state was not answered: the problem, in the words `query --json` uses for it.
pub struct Unanswered(pub String);

/// Appends the object `query --board 4x4 --json` prints for a state read as `read`, without its
/// newline (and `boards` after it, if asked for). A search is made with `answerer`, which must
/// be there for a state that needs one.
pub fn answer(
    answerer: Option<&Answerer<'_>>,
    read: &Read,
    goal: &[u8],
    options: Options,
    max_nodes: u64,
    out: &mut String,
) -> Result<(), Unanswered> {
    let cells = match read {
        Read::Bad(problem) => return Err(Unanswered(problem.clone())),
        Read::Unsolvable(cells) => {
            out.push_str(&json_unsolvable(cells, goal));
            if options.boards {
                out.pop();
                out.push_str(",\"boards\":null}");
            }
            return Ok(());
        }
        Read::Search(cells) => cells,
    };
    let Some(answerer) = answerer else {
        return Err(Unanswered("no pattern databases to search with".into()));
    };
    let failed = |e: SolveError| {
        Unanswered(format!(
            "{}: {e}: more than this service searches for one state (--max-nodes \
             {max_nodes}); query --board 4x4 answers it with no limit",
            cells_to_string(cells)
        ))
    };
    let moves = match answerer.solve(cells, max_nodes, 1).map_err(failed)? {
        Solved::Moves(moves) => moves,
        // Parity was checked when the state was read; the search agrees.
        Solved::Unsolvable => {
            out.push_str(&json_unsolvable(cells, goal));
            return Ok(());
        }
    };
    let d = moves.len();
    let hints = if options.hint {
        Some(answerer.hints(cells, d, max_nodes, 1).map_err(failed)?)
    } else {
        None
    };
    json_solved(out, cells, goal, &moves, false, hints.as_deref());
    if options.boards {
        out.pop();
        out.push_str(",\"boards\":[");
        for (i, board) in boards_of(cells, &moves).iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push_str(&cells_to_string(board));
            out.push('"');
        }
        out.push_str("]}");
    }
    Ok(())
}

/// Appends the answer for `text` as a batch has it: the object, or `{"input":...,"error":...}`
/// in its place, as `query --json` answers a line it cannot.
pub fn answer_inline(
    answerer: Option<&Answerer<'_>>,
    text: &str,
    read: &Read,
    goal: &[u8],
    options: Options,
    max_nodes: u64,
    out: &mut String,
) {
    let start = out.len();
    if let Err(Unanswered(problem)) = answer(answerer, read, goal, options, max_nodes, out) {
        out.truncate(start);
        out.push_str(&json_refused(text, &problem));
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

    fn goal() -> Vec<u8> {
        (1..16).chain([0]).collect()
    }

    #[test]
    fn inputs_that_need_no_search_are_answered_without_files() {
        let options = Options {
            hint: true,
            boards: true,
        };
        let mut out = String::new();
        let text = "1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0";
        answer_inline(
            None,
            text,
            &Read::new(text, &goal()),
            &goal(),
            options,
            1,
            &mut out,
        );
        assert_eq!(
            out,
            "{\"state\":\"1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0\",\"goal\":\
             \"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\",\"board\":\"4x4\",\"solvable\":false,\
             \"distance\":null,\"moves\":null,\"boards\":null}"
        );
        out.clear();
        answer_inline(
            None,
            "1,2,2",
            &Read::new("1,2,2", &goal()),
            &goal(),
            options,
            1,
            &mut out,
        );
        assert_eq!(
            out,
            "{\"input\":\"1,2,2\",\"error\":\"3 cells, but a 4x4 board has 16\"}"
        );
    }

    #[test]
    fn goals_and_metrics() {
        assert_eq!(super::goal(None).unwrap(), goal());
        assert_eq!(
            super::goal(Some("1,2")).unwrap_err().message,
            "goal \"1,2\": 2 cells, but a 4x4 board has 16"
        );
        assert!(metric(Some("stm")).is_ok());
        assert_eq!(
            metric(Some("mtm")).unwrap_err().message,
            "metric mtm: 4x4 is answered in single-tile moves (stm) only"
        );
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
