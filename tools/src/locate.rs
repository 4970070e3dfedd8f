//! Which database file answers for a goal: `--db` if given; else the file for this board and
//! goal under `db/` in the current directory; else the one in the user's cache; else a new one,
//! built on the spot and saved in the cache.

use std::path::{Path, PathBuf};
use std::time::Instant;

use tilebase_core::{Board, State};
use tilebase_format::file_name;
use tilebase_lookup::{Database, Storage};

use crate::exit::report;
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

/// The default path of the database for `goal` under `db/`.
pub fn local_path(goal: &State) -> PathBuf {
    Path::new(LOCAL_DIR).join(file_name(goal, false))
}

/// The database the flags `--db`, `--board` and `--goal` ask for: the file given, checked
/// against the board and goal if they are given too; else found or built by [`find_or_build`].
pub fn open_database(
    db: Option<&Path>,
    board: Option<Board>,
    goal: Option<&str>,
    program: &str,
) -> Result<Database, String> {
    match db {
        Some(path) => open_given(path, board, goal),
        None => {
            let (_, goal) = board_and_goal(board, goal)?;
            find_or_build(&goal, program)
        }
    }
}

/// Opens the file given with `--db`, checking that it holds the board and goal asked for, if
/// any. The goal is read for the board asked for, else the file's, so that a goal of a board
/// that its cell count does not name (6 cells: 3x2 or 2x3?) needs no `--board`.
pub fn open_given(
    path: &Path,
    board: Option<Board>,
    goal: Option<&str>,
) -> Result<Database, String> {
    let db = Database::open(path).map_err(|e| e.to_string())?;
    let holds = || {
        format!(
            "{}: holds the database of goal {} on a {} board",
            path.display(),
            db.goal(),
            db.board()
        )
    };
    if let Some(board) = board {
        if board != db.board() {
            return Err(format!("{}, not a {board} board as asked", holds()));
        }
    }
    if let Some(text) = goal {
        let (_, goal) = board_and_goal(Some(db.board()), Some(text))?;
        if goal != db.goal() {
            return Err(format!("{}, not goal {goal} as asked", holds()));
        }
    }
    Ok(db)
}

/// Finds the database of `goal` under `db/` or in the cache, or builds and caches it, saying so
/// on stderr as `program`.
pub fn find_or_build(goal: &State, program: &str) -> Result<Database, String> {
    for compressed in [false, true] {
        let local = Path::new(LOCAL_DIR).join(file_name(goal, compressed));
        if local.is_file() {
            return Database::open(&local).map_err(|e| e.to_string());
        }
    }
    let cached = cache_dir().map(|dir| dir.join(file_name(goal, false)));
    if let Some(path) = &cached {
        if path.is_file() {
            match Database::open(path) {
                Ok(db) => return Ok(db),
                // The cache is ours to repair: a damaged file is rebuilt, not a dead end.
                Err(e) => report(program, format_args!("{e}; building it again")),
            }
        }
    }

    let started = Instant::now();
    let table = tilebase_build::build_table(goal);
    let what = format!(
        "no database for goal {goal} ({} board) yet: built it in {:.1} ms",
        goal.board(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let unsaved = match cached {
        Some(path) => match tilebase_build::save(&path, goal, &table, false, true) {
            Ok(saved) => {
                report(
                    program,
                    format_args!("{what}, saved it to {}", saved.path.display()),
                );
                return Database::open(&saved.path).map_err(|e| e.to_string());
            }
            Err(e) => format!("could not save it ({e})"),
        },
        None => "no cache directory to save it in".to_string(),
    };
    report(
        program,
        format_args!("{what}; {unsaved}: answering from memory"),
    );
    let mut bytes = Vec::with_capacity(table.len() + 256);
    tilebase_format::write(&mut bytes, goal, &table).map_err(|e| e.to_string())?;
    Database::from_bytes(Storage::Memory(bytes)).map_err(|e| e.to_string())
}
