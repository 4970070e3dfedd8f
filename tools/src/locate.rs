//! Which database file answers for a goal: `--db` if given; else, under `db/` in the current
//! directory, the goal's own file, then the file of its class's canonical goal (which answers
//! for every goal with the blank in the same class of cells); else the same two in the user's
//! cache; else the canonical one, built on the spot and saved in the cache.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use tilebase_core::{Board, Metric, State};
use tilebase_format::file_name;
use tilebase_lookup::{Database, Goal, Storage};

use crate::exit::report;
use crate::progress;
use crate::select::board_and_goal;

/// The folder, relative to the current directory, where shipped databases are looked for.
pub const LOCAL_DIR: &str = "db";

/// The environment variable that overrides the cache directory.
pub const CACHE_ENV: &str = "TILEBASE_CACHE_DIR";

/// Where built databases are kept: `$TILEBASE_CACHE_DIR` if set, else `tilebase` in the user's
/// cache directory (`$XDG_CACHE_HOME` or `~/.cache` on Linux).
pub fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os(CACHE_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::cache_dir().map(|d| d.join("tilebase")),
    }
}

/// A database and the goal it was opened for: its own, or one it answers for by relabelling
/// the tiles and turning the board.
#[derive(Debug)]
pub struct Source {
    /// The database, shareable: a server answers many goals from one open file.
    pub db: Arc<Database>,
    /// The goal asked for.
    pub goal: State,
    /// The file it was read from; `None` for a table built and kept in memory.
    pub path: Option<PathBuf>,
    /// The goal and its board as answers write them, made on first use.
    names: OnceLock<(String, String)>,
}

impl Source {
    /// The database `db`, answering for `goal`, read from `path`.
    pub fn new(db: Arc<Database>, goal: State, path: Option<PathBuf>) -> Source {
        Source {
            db,
            goal,
            path,
            names: OnceLock::new(),
        }
    }

    /// The goal and its board as answers write them (`123804765`, `3x3`), written once.
    pub fn names(&self) -> (&str, &str) {
        let (goal, board) = self
            .names
            .get_or_init(|| (self.goal.to_string(), self.goal.board().to_string()));
        (goal, board)
    }

    /// The questions about the goal, answered from the database.
    pub fn answers(&self) -> Goal<'_, Storage> {
        // Checked when the source was made: the database answers for the goal.
        self.db
            .for_goal(&self.goal)
            .unwrap_or_else(|_| self.db.own_goal())
    }

    /// The metric of the answers.
    pub fn metric(&self) -> Metric {
        self.db.metric()
    }
}

/// What the flags `--db`, `--board`, `--goal` and `--metric` ask for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wanted<'a> {
    /// `--db`: a file to use.
    pub db: Option<&'a Path>,
    /// `--board`.
    pub board: Option<Board>,
    /// `--goal`, as typed.
    pub goal: Option<&'a str>,
    /// `--metric`; `None` is the single-tile metric, or `--db`'s.
    pub metric: Option<Metric>,
}

/// The flags that choose a database, for programs that need only those.
#[derive(Debug, Clone, clap::Args)]
pub struct Which {
    /// Database file [default: under db/ in the current directory, the goal's own file, else
    /// its class's; else the same in the user's cache; else its class's, built on the spot and
    /// saved in the cache]
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Board, WxH: W columns and H rows [default: read off --goal or --db, else 3x3]
    #[arg(long, value_name = "WxH")]
    pub board: Option<Board>,
    /// Goal state: any goal, answered from its own database or from the one of its class
    /// (see build-db --all-goals) [default: the --db file's; else 123804765 on 3x3, tiles in
    /// order with the blank last on other boards]
    #[arg(long, value_name = "STATE")]
    pub goal: Option<String>,
    /// How moves are counted: stm, one tile slides; mtm, a line of tiles slides as one move
    /// [default: stm, or the --db file's]
    #[arg(long, value_name = "stm|mtm")]
    pub metric: Option<Metric>,
}

impl Which {
    /// What the flags ask for.
    pub fn wanted(&self) -> Wanted<'_> {
        Wanted {
            db: self.db.as_deref(),
            board: self.board,
            goal: self.goal.as_deref(),
            metric: self.metric,
        }
    }
}

/// The database the flags ask for, with the goal to answer for: the file given, checked against
/// the board, goal and metric if they are given too; else found or built by [`find_or_build`].
pub fn open(wanted: Wanted<'_>, program: &str) -> Result<Source, String> {
    match wanted.db {
        Some(path) => open_given(path, wanted),
        None => {
            let (_, goal) = board_and_goal(wanted.board, wanted.goal)?;
            find_or_build(&goal, wanted.metric.unwrap_or_default(), program)
        }
    }
}

/// Opens the file given with `--db`, checking that it can answer for the board, goal and
/// metric asked for, if any. The goal is read for the board asked for, else the file's, so that
/// a goal of a board that its cell count does not name (6 cells: 3x2 or 2x3?) needs no
/// `--board`.
fn open_given(path: &Path, wanted: Wanted<'_>) -> Result<Source, String> {
    let db = Database::open(path).map_err(|e| e.to_string())?;
    let holds = || {
        format!(
            "{}: holds the database of goal {} on a {} board ({})",
            path.display(),
            db.goal(),
            db.board(),
            db.metric()
        )
    };
    if let Some(board) = wanted.board
        && board != db.board()
    {
        return Err(format!("{}, not a {board} board as asked", holds()));
    }
    if let Some(metric) = wanted.metric
        && metric != db.metric()
    {
        return Err(format!("{}, not the {metric} metric as asked", holds()));
    }
    let goal = match wanted.goal {
        Some(text) => board_and_goal(Some(db.board()), Some(text))?.1,
        None => db.goal(),
    };
    if !db.answers_for(&goal) {
        return Err(format!(
            "{}, which cannot answer for goal {goal}: its blank is in another class of cells",
            holds()
        ));
    }
    Ok(Source::new(Arc::new(db), goal, Some(path.to_path_buf())))
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

/// Finds a database that answers for `goal` under `db/` or in the cache, or builds the one of
/// its class's canonical goal and caches it, saying so on stderr as `program`.
pub fn find_or_build(goal: &State, metric: Metric, program: &str) -> Result<Source, String> {
    find_or_build_with(goal, metric, program, &mut |path| {
        Database::open(path)
            .map(Arc::new)
            .map_err(|e| e.to_string())
    })
}

/// [`find_or_build`], opening each file with `open`: a program that keeps databases open
/// between questions (`serve`) hands back the one it already has for a path, so that each file
/// is opened once. The files looked at, their order and what is built are the same.
pub fn find_or_build_with(
    goal: &State,
    metric: Metric,
    program: &str,
    open: &mut dyn FnMut(&Path) -> Result<Arc<Database>, String>,
) -> Result<Source, String> {
    let source = |db: Arc<Database>, path: PathBuf| Source::new(db, *goal, Some(path));
    for candidate in candidates(goal) {
        for compressed in [false, true] {
            let local = Path::new(LOCAL_DIR).join(file_name(&candidate, metric, compressed));
            if local.is_file() {
                let db = open(&local)?;
                return check_found(db, goal, metric, &local).map(|db| source(db, local));
            }
        }
    }
    let cache = cache_dir();
    if let Some(dir) = &cache {
        for candidate in candidates(goal) {
            let path = dir.join(file_name(&candidate, metric, false));
            if path.is_file() {
                match open(&path) {
                    Ok(db) => {
                        return check_found(db, goal, metric, &path).map(|db| source(db, path));
                    }
                    // The cache is ours to repair: a damaged file is rebuilt, not a dead end.
                    Err(e) => report(program, format_args!("{e}; building it again")),
                }
            }
        }
    }

    // One table answers for the whole class: build the canonical goal's.
    let canonical = goal.canonical_goal();
    let started = Instant::now();
    let bar = progress::Layers(progress::bar(
        &format!("{program}: building {}", canonical.board()),
        u64::from(canonical.board().states()),
        "states",
    ));
    let table = tilebase_engine::build_table_with(&canonical, metric, &bar);
    bar.0.finish_and_clear();
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
                    report(
                        program,
                        format_args!("{what}; saved it to {}", saved.path.display()),
                    );
                    let db = open(&saved.path)?;
                    return Ok(source(db, saved.path));
                }
                Err(e) => format!("could not save it ({e})"),
            }
        }
        None => "no cache directory to save it in".to_string(),
    };
    report(
        program,
        format_args!("{what}; {unsaved}: answering from memory"),
    );
    let mut bytes = Vec::with_capacity(table.len() + 256);
    tilebase_format::write(&mut bytes, &canonical, metric, &table).map_err(|e| e.to_string())?;
    let db = Database::from_bytes(Storage::Memory(bytes)).map_err(|e| e.to_string())?;
    Ok(Source::new(Arc::new(db), *goal, None))
}

/// A file found by its name holds what its name says, or it is refused with the reason: a file
/// renamed by hand must not answer for the wrong goal.
fn check_found(
    db: Arc<Database>,
    goal: &State,
    metric: Metric,
    path: &Path,
) -> Result<Arc<Database>, String> {
    if db.metric() != metric || !db.answers_for(goal) {
        return Err(format!(
            "{}: holds the database of goal {} ({}), not one that answers for goal {goal} ({metric}) \
             as its name says: rebuild it with build-db",
            path.display(),
            db.goal(),
            db.metric()
        ));
    }
    Ok(db)
}
