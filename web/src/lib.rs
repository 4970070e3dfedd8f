//! tilebase in the browser: the answering library (`tilebase-answer`, the one `query`, `serve`
//! and the Python module stand on) compiled to WebAssembly with wasm-bindgen. The site's
//! JavaScript draws and handles input; every answer comes from here.
//!
//! The module has no files, threads or cache folder: its library is in memory
//! ([`tilebase_answer::Library::in_memory`]). A table or pattern database a question needs is
//! built in memory on first use (a 3x3 table in well under a second), or given as bytes with
//! [`add_file`] (fetched with the site, or kept by the page from an earlier visit, whose bytes
//! [`file()`] gives). Each export takes a state as `query` reads it and the question's words as
//! `query`'s flags read them (`board`, `goal`, `metric`, `pdb`: `undefined` for the default),
//! and throws an `Error` in `query`'s words for anything `query` refuses.
//!
//! The functions are synchronous: the site calls them in a Web Worker, and its module
//! (`pkg/tilebase.js`) wraps each in a Promise.
#![forbid(unsafe_code)]

pub mod ask;
pub mod progress;

use std::time::Duration;

use tilebase_answer::{Ask, Effort, parse_seconds};
use wasm_bindgen::prelude::*;

use ask::Options;

/// The question's words as [`Options`].
fn options<'a>(
    board: &'a Option<String>,
    goal: &'a Option<String>,
    metric: &'a Option<String>,
    pdb: &'a Option<String>,
) -> Options<'a> {
    Options {
        board: board.as_deref(),
        goal: goal.as_deref(),
        metric: metric.as_deref(),
        pdb: pdb.as_deref(),
    }
}

/// A refusal as JavaScript gets it: an `Error` with `query`'s words.
fn refused(why: String) -> JsError {
    JsError::new(&why)
}

/// The optimal number of moves from `state` to the goal, or `undefined` when the state cannot
/// reach it.
#[wasm_bindgen]
pub fn distance(
    state: &str,
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
) -> Result<Option<u8>, JsError> {
    ask::distance(state, options(&board, &goal, &metric, &pdb)).map_err(refused)
}

/// An optimal solution as the blank's moves (`U`, `D`, `L`, `R`), or `undefined` when the
/// state cannot reach the goal.
#[wasm_bindgen]
pub fn solve(
    state: &str,
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
) -> Result<Option<String>, JsError> {
    ask::solve(state, options(&board, &goal, &metric, &pdb)).map_err(refused)
}

/// Every optimal solution (the first `limit`, when given), or `undefined` when the state
/// cannot reach the goal.
#[wasm_bindgen]
pub fn solutions(
    state: &str,
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
    limit: Option<u32>,
) -> Result<Option<Vec<String>>, JsError> {
    let limit = limit.map(|n| n as usize);
    ask::solutions(state, options(&board, &goal, &metric, &pdb), limit).map_err(refused)
}

/// The JSON object the service's `/api/query` answers (`query --json`'s), as text: `hints`
/// adds every move with the distance it leads to, `all` the optimal solutions (the first
/// `limit`), `count` how many there are, `boards` every state along the solution. On boards
/// past 25 cells, the bounds found within `seconds` (default 10, as `query --seconds`):
/// `lower_bound`, `length`, `optimal`, `solution`.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)] // Each is a flag of `query`'s, as JavaScript passes them.
pub fn answer(
    state: &str,
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
    hints: bool,
    all: bool,
    count: bool,
    limit: Option<u32>,
    boards: bool,
    seconds: Option<f64>,
) -> Result<String, JsError> {
    let time = seconds
        .map(|s| parse_seconds(&s.to_string()).map(Duration::from_secs_f64))
        .transpose()
        .map_err(|why| refused(format!("seconds {why}")))?;
    let ask = Ask {
        solutions: all,
        count,
        limit: limit.map(|n| n as usize),
        hints,
        effort: Effort {
            time,
            ..Effort::default()
        },
    };
    ask::answer(state, options(&board, &goal, &metric, &pdb), ask, boards).map_err(refused)
}

/// `analyse --json`'s object, as text, for `solution` played from `scramble`; `tiles`: the
/// letters are the tiles' directions (slidy's notation), not the blank's.
#[wasm_bindgen]
pub fn analyse(
    scramble: &str,
    solution: &str,
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
    tiles: bool,
) -> Result<String, JsError> {
    let options = options(&board, &goal, &metric, &pdb);
    ask::analyse(scramble, solution, options, tiles).map_err(refused)
}

/// A position drawn uniformly at random among those that can reach the goal, or among those
/// at `distance` (`20`, `20..25`, `max`, as `random --distance` reads it; boards of up to 12
/// cells); the same `seed` (a whole number below 2^53) draws the same position everywhere.
#[wasm_bindgen]
pub fn random(
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
    distance: Option<String>,
    seed: Option<f64>,
) -> Result<String, JsError> {
    let seed = match seed {
        None => None,
        Some(seed) if seed >= 0.0 && seed.fract() == 0.0 && seed < 9_007_199_254_740_992.0 => {
            Some(seed as u64)
        }
        Some(seed) => {
            return Err(refused(format!(
                "seed {seed}: not a whole number from 0 to 2^53 - 1"
            )));
        }
    };
    let options = options(&board, &goal, &metric, &pdb);
    ask::random(options, distance.as_deref(), seed).map_err(refused)
}

/// `stats --json`'s object, as text: the board, goal and metric answered, and on boards of up
/// to 12 cells the distribution of distances (`max_distance`, `counts`).
#[wasm_bindgen]
pub fn stats(
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
) -> Result<String, JsError> {
    ask::stats(options(&board, &goal, &metric, &pdb)).map_err(refused)
}

/// Gives the module a file (a table or pattern database) by the name the cache gives it,
/// checked whole (every block against its checksum) before it is kept: a damaged one is
/// refused, and the page builds or fetches it again.
#[wasm_bindgen(js_name = addFile)]
pub fn add_file(name: &str, bytes: Vec<u8>) -> Result<(), JsError> {
    ask::add_file(name, bytes).map_err(refused)
}

/// The bytes of a file the module holds (given, or built in memory), for the page to keep;
/// `undefined` when it holds none of that name.
#[wasm_bindgen]
pub fn file(name: &str) -> Option<Vec<u8>> {
    ask::file(name)
}

/// The names of the files the module holds, sorted.
#[wasm_bindgen(js_name = fileNames)]
pub fn file_names() -> Vec<String> {
    ask::file_names()
}
