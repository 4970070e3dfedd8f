//! Which database answers for a goal. On 3x3 in the single-tile metric, one of the four
//! databases of `db/` shipped inside the module (the three class databases and the default
//! goal's), so that every 3x3 goal is answered anywhere with no file and no build. Otherwise as `query` finds its file (tools/src/locate.rs): under `db/` in
//! the current directory, the goal's own file, then its class's; else the same in the cache
//! directory; else its class's, built on the spot and saved in the cache.
//!
//! Each file is opened once per process and kept: a program asks about the same few goals over
//! and over, and opening even a mapped file costs more than an answer.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use rustc_hash::FxHashMap;
use tilebase_core::{Board, Metric, State};
use tilebase_format::file_name;
use tilebase_lookup::{Database, Error, Storage};

use crate::input::{self, Given};

/// The folder, relative to the current directory, where databases are looked for first.
pub const LOCAL_DIR: &str = "db";

/// The environment variable that overrides the cache directory.
pub const CACHE_ENV: &str = "TILEBASE_CACHE_DIR";

/// The four 3x3 databases committed in the repository's `db/`: the three class databases
/// (`build-db --all-goals`: the blank in a corner, on an edge, in the centre), which between
/// them answer for every 3x3 goal, and the source articles' goal's, 123804765, the default.
/// The module answers from them as `query` does in the repository, which finds them there: a
/// goal's own file first, else its class's. Most answers are the same from either, move for
/// move; a seeded draw of states is not (it follows the table's order), and `random_states`
/// draws what `random --seed` prints. Copies of `db/` kept beside the crate, so that a source
/// distribution of the Python package holds them too; a test checks that they are the same
/// bytes.
pub const SHIPPED: [(&str, &[u8]); 4] = [
    (
        "3x3-123804765.tilebase",
        include_bytes!("../db/3x3-123804765.tilebase"),
    ),
    (
        "3x3-123456780.tilebase",
        include_bytes!("../db/3x3-123456780.tilebase"),
    ),
    (
        "3x3-123456708.tilebase",
        include_bytes!("../db/3x3-123456708.tilebase"),
    ),
    (
        "3x3-123405678.tilebase",
        include_bytes!("../db/3x3-123405678.tilebase"),
    ),
];

/// A database as this module holds it: a file (mapped, or decompressed into memory), or bytes
/// in memory (a shipped database, or a table built where no cache could hold it).
pub type Db = Database<Storage>;

/// Why no database could answer.
#[derive(Debug)]
pub enum FindError {
    /// A file that could not be opened or read as a database.
    Open(Error),
    /// Anything else, said in words: a file that holds another goal than its name says, a
    /// build that could not be written.
    Other(String),
}

impl std::fmt::Display for FindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FindError::Open(e) => e.fmt(f),
            FindError::Other(message) => f.write_str(message),
        }
    }
}

impl From<Error> for FindError {
    fn from(e: Error) -> FindError {
        FindError::Open(e)
    }
}

/// The shipped databases, opened once.
fn shipped() -> Result<&'static [Arc<Db>], FindError> {
    static OPENED: OnceLock<Result<Vec<Arc<Db>>, String>> = OnceLock::new();
    OPENED
        .get_or_init(|| {
            SHIPPED
                .iter()
                .map(|(name, bytes)| {
                    // A copy in memory (727 KB for the four, made once): one type for every
                    // database the module holds.
                    Database::from_bytes(Storage::Memory(bytes.to_vec()))
                        .map(Arc::new)
                        .map_err(|e| format!("the shipped database {name}: {e}"))
                })
                .collect()
        })
        .as_deref()
        .map_err(|e| FindError::Other(e.clone()))
}

/// Databases found for a goal and metric, and files opened, kept for the process.
#[derive(Default)]
struct Kept {
    /// Looked up at every call that names a goal other than a shipped database's own: a fast
    /// hash.
    found: FxHashMap<(State, Metric), Arc<Db>>,
    opened: HashMap<PathBuf, Arc<Db>>,
}

impl Kept {
    /// Remembers the database that answers for `goal` in `metric`.
    fn remember(&mut self, goal: State, metric: Metric, db: Arc<Db>) {
        if self.found.len() >= KEPT_GOALS {
            self.found.clear();
        }
        self.found.insert((goal, metric), db);
    }
}

/// At most this many goals are remembered: a program that asks about goal after goal does not
/// grow without bound. The files stay open in `opened`, which has one entry per file.
const KEPT_GOALS: usize = 4096;

fn kept() -> MutexGuard<'static, Kept> {
    static KEPT: OnceLock<Mutex<Kept>> = OnceLock::new();
    // Nothing panics while holding the lock; if something ever did, the maps are still whole.
    KEPT.get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The database that answers for `goal` in `metric`, if it is shipped or was found before:
/// the answer of [`find`] with no file looked at and nothing built.
pub fn found(goal: &State, metric: Metric) -> Option<Arc<Db>> {
    let shipped = match shipped() {
        Ok(shipped) if goal.board() == Board::THREE_BY_THREE && metric == Metric::Single => shipped,
        _ => return kept().found.get(&(*goal, metric)).map(Arc::clone),
    };
    // The goal's own, else its class's canonical goal's, as `query` looks for files. Which
    // class a goal is in takes a few hundred nanoseconds to work out: remembered.
    if let Some(db) = shipped.iter().find(|db| db.goal() == *goal) {
        return Some(Arc::clone(db));
    }
    let mut kept = kept();
    if let Some(db) = kept.found.get(&(*goal, metric)) {
        return Some(Arc::clone(db));
    }
    let canonical = goal.canonical_goal();
    let db = shipped.iter().find(|db| db.goal() == canonical)?;
    kept.remember(*goal, metric, Arc::clone(db));
    Some(Arc::clone(db))
}

/// The database that answers for `goal` in `metric`: shipped, found, or built. What a build
/// did is added to `notes`, in the words `query` prints on stderr.
pub fn find(goal: &State, metric: Metric, notes: &mut Vec<String>) -> Result<Arc<Db>, FindError> {
    if let Some(db) = found(goal, metric) {
        return Ok(db);
    }
    if goal.board() == Board::THREE_BY_THREE && metric == Metric::Single {
        // Only a shipped database that failed to open leads here: say why.
        shipped()?;
    }
    let db = locate_in(goal, metric, cache_dir().as_deref(), notes)?;
    kept().remember(*goal, metric, Arc::clone(&db));
    Ok(db)
}

/// The file at `path`, opened once per process.
fn open_kept(path: &Path) -> Result<Arc<Db>, Error> {
    if let Some(db) = kept().opened.get(path) {
        return Ok(Arc::clone(db));
    }
    let db = Arc::new(Database::open(path)?);
    kept().opened.insert(path.to_path_buf(), Arc::clone(&db));
    Ok(db)
}

/// Where built databases are kept: `$TILEBASE_CACHE_DIR` if set, else `tilebase` in the user's
/// cache directory (`$XDG_CACHE_HOME` or `~/.cache` on Linux), as for `query`.
pub fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os(CACHE_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::cache_dir().map(|d| d.join("tilebase")),
    }
}

/// The files that can answer for `goal`, best first: its own, then its class's canonical goal's.
fn candidates(goal: &State) -> Vec<State> {
    let canonical = goal.canonical_goal();
    if canonical == *goal {
        vec![*goal]
    } else {
        vec![*goal, canonical]
    }
}

/// `query`'s search: `db/`, then the cache directory `cache`, then a build saved there.
fn locate_in(
    goal: &State,
    metric: Metric,
    cache: Option<&Path>,
    notes: &mut Vec<String>,
) -> Result<Arc<Db>, FindError> {
    for candidate in candidates(goal) {
        for compressed in [false, true] {
            let local = Path::new(LOCAL_DIR).join(file_name(&candidate, metric, compressed));
            if local.is_file() {
                return check_found(open_kept(&local)?, goal, metric, &local);
            }
        }
    }
    if let Some(dir) = cache {
        for candidate in candidates(goal) {
            let path = dir.join(file_name(&candidate, metric, false));
            if path.is_file() {
                match open_kept(&path) {
                    Ok(db) => return check_found(db, goal, metric, &path),
                    // The cache is ours to repair: a damaged file is rebuilt, not a dead end.
                    Err(e) => notes.push(format!("{e}; building it again")),
                }
            }
        }
    }

    // One table answers for the whole class: build the canonical goal's.
    let canonical = goal.canonical_goal();
    let started = Instant::now();
    let table = tilebase_engine::build_table_in(&canonical, metric);
    let what = format!(
        "no database answers for goal {goal} ({} board, {metric}) yet: built the one of goal \
         {canonical}, which answers for every goal with the blank in the same class of cells, \
         in {:.1} ms",
        goal.board(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let unsaved = match cache {
        Some(dir) => {
            let path = dir.join(file_name(&canonical, metric, false));
            match tilebase_engine::save(&path, &canonical, metric, &table, false, true) {
                Ok(saved) => {
                    notes.push(format!("{what}; saved it to {}", saved.path.display()));
                    kept().opened.remove(&saved.path);
                    return Ok(open_kept(&saved.path)?);
                }
                Err(e) => format!("could not save it ({e})"),
            }
        }
        None => "no cache directory to save it in".to_string(),
    };
    notes.push(format!("{what}; {unsaved}: answering from memory"));
    let mut bytes = Vec::with_capacity(table.len() + 512);
    tilebase_format::write(&mut bytes, &canonical, metric, &table)
        .map_err(|e| FindError::Other(format!("writing the table built in memory: {e}")))?;
    Ok(Arc::new(Database::from_bytes(Storage::Memory(bytes))?))
}

/// A file found by its name holds what its name says, or it is refused with the reason: a file
/// renamed by hand must not answer for the wrong goal.
fn check_found(
    db: Arc<Db>,
    goal: &State,
    metric: Metric,
    path: &Path,
) -> Result<Arc<Db>, FindError> {
    if db.metric() != metric || !db.answers_for(goal) {
        return Err(FindError::Other(format!(
            "{}: holds the database of goal {} ({}), not one that answers for goal {goal} \
             ({metric}) as its name says: rebuild it with build-db",
            path.display(),
            db.goal(),
            db.metric()
        )));
    }
    Ok(db)
}

/// The goal to answer for from a database opened by path, checked as `query --db` checks the
/// file against `--board`, `--metric` and `--goal`: the goal is read for the file's board, and
/// must be one the file answers for.
pub fn check_given(
    db: &Db,
    path: &Path,
    board: Option<Board>,
    metric: Option<Metric>,
    goal: Option<&Given>,
) -> Result<State, String> {
    let holds = || {
        format!(
            "{}: holds the database of goal {} on a {} board ({})",
            path.display(),
            db.goal(),
            db.board(),
            db.metric()
        )
    };
    if let Some(board) = board
        && board != db.board()
    {
        return Err(format!("{}, not a {board} board as asked", holds()));
    }
    if let Some(metric) = metric
        && metric != db.metric()
    {
        return Err(format!("{}, not the {metric} metric as asked", holds()));
    }
    let goal = match goal {
        Some(given) => input::board_and_goal(Some(db.board()), Some(given))?.1,
        None => db.goal(),
    };
    if !db.answers_for(&goal) {
        return Err(format!(
            "{}, which cannot answer for goal {goal}: its blank is in another class of cells",
            holds()
        ));
    }
    Ok(goal)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped copies are the repository's databases, byte for byte: they cannot drift.
    #[test]
    fn the_shipped_databases_are_the_repositorys() {
        let db_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../db");
        for (name, bytes) in SHIPPED {
            let committed = std::fs::read(db_dir.join(name)).expect("the repository's file");
            assert!(
                committed == bytes,
                "python/db/{name} differs from db/{name}"
            );
            let db = Database::from_bytes(bytes).expect("a valid database");
            assert_eq!(file_name(&db.goal(), db.metric(), false), name);
        }
    }

    /// Every 3x3 goal is answered by a shipped database: its own if shipped, else its class's.
    #[test]
    fn every_3x3_goal_is_answered_by_a_shipped_database() {
        let mut notes = Vec::new();
        let articles: State = "123804765".parse().unwrap();
        let db = find(&articles, Metric::Single, &mut notes).unwrap();
        assert_eq!(db.goal(), articles);
        for (goal, holds) in [
            ("123456780", "123456780"),
            ("087654321", "123456780"),
            ("123456708", "123456708"),
            ("102345678", "123456708"),
            ("876504321", "123405678"),
            ("123405678", "123405678"),
        ] {
            let goal: State = goal.parse().unwrap();
            let db = find(&goal, Metric::Single, &mut notes).unwrap();
            assert_eq!(db.goal().to_string(), holds);
            assert!(db.answers_for(&goal));
        }
        assert!(notes.is_empty(), "{notes:?}");
    }

    /// Other boards and metrics are built once into the cache, as query builds them, and then
    /// found there; a file renamed by hand is refused.
    #[test]
    fn other_boards_are_built_into_the_cache_and_found_there() {
        let cache = tempfile::tempdir().unwrap();
        // The cache directory is passed in, not set in the environment, which the tests of
        // one process share.
        let goal: State = "3x2".parse::<Board>().unwrap().ordered_goal();
        let mut notes = Vec::new();
        let built = locate_in(&goal, Metric::Multi, Some(cache.path()), &mut notes).unwrap();
        assert_eq!(built.goal(), goal);
        assert_eq!(built.metric(), Metric::Multi);
        let saved = cache.path().join("3x2-123450-mtm.tilebase");
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].starts_with(
                "no database answers for goal 123450 (3x2 board, mtm) yet: built the one of goal \
             123450, which answers for every goal with the blank in the same class of cells, in "
            ),
            "{}",
            notes[0]
        );
        assert!(
            notes[0].ends_with(&format!("; saved it to {}", saved.display())),
            "{}",
            notes[0]
        );
        notes.clear();
        let again = locate_in(&goal, Metric::Multi, Some(cache.path()), &mut notes).unwrap();
        assert!(Arc::ptr_eq(&built, &again));
        assert!(notes.is_empty());

        // Without a cache directory, the table is built and answered from memory.
        let other: State = "2x2".parse::<Board>().unwrap().ordered_goal();
        let db = locate_in(&other, Metric::Single, None, &mut notes).unwrap();
        assert_eq!(db.max_distance(), 6);
        assert!(notes[0].ends_with("; no cache directory to save it in: answering from memory"));

        // A file whose name says another goal than it holds is refused.
        let wrong = cache.path().join("3x2-123450.tilebase");
        std::fs::copy(&saved, &wrong).unwrap();
        let error = locate_in(&goal, Metric::Single, Some(cache.path()), &mut notes)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            format!(
                "{}: holds the database of goal 123450 (mtm), not one that answers for goal \
                 123450 (stm) as its name says: rebuild it with build-db",
                wrong.display()
            )
        );
    }

    /// A file given by path is checked against the board, metric and goal asked for, in
    /// query --db's words.
    #[test]
    fn a_given_file_is_checked_as_query_checks_it() {
        let path = Path::new("db/3x3-123804765.tilebase");
        let db = Database::from_bytes(Storage::Memory(SHIPPED[0].1.to_vec())).unwrap();
        let goal = |text: &str| Given::text(text);
        assert_eq!(
            check_given(&db, path, None, None, None)
                .unwrap()
                .to_string(),
            "123804765"
        );
        assert_eq!(
            check_given(&db, path, None, None, Some(&goal("876504321")))
                .unwrap()
                .to_string(),
            "876504321"
        );
        let holds = "db/3x3-123804765.tilebase: holds the database of goal 123804765 on a 3x3 \
                     board (stm)";
        assert_eq!(
            check_given(&db, path, Some("3x2".parse().unwrap()), None, None).unwrap_err(),
            format!("{holds}, not a 3x2 board as asked")
        );
        assert_eq!(
            check_given(&db, path, None, Some(Metric::Multi), None).unwrap_err(),
            format!("{holds}, not the mtm metric as asked")
        );
        assert_eq!(
            check_given(&db, path, None, None, Some(&goal("123456780"))).unwrap_err(),
            format!(
                "{holds}, which cannot answer for goal 123456780: its blank is in another class \
                 of cells"
            )
        );
        assert_eq!(
            check_given(&db, path, None, None, Some(&goal("1234"))).unwrap_err(),
            "goal \"1234\": 4 cells, but a 3x3 board has 9"
        );
    }
}
