//! The module's questions, answered natively by the same code the browser runs: the library in
//! memory, builds in memory, files given as bytes, and `query`'s words for what it refuses.
#![cfg(not(target_arch = "wasm32"))]

use std::time::Duration;

use serde_json::{Value, json};
use tilebase_answer::{Ask, Effort};
use tilebase_web::ask::{self, Options};

/// The articles' case: 23 moves to the goal 123804765, the default on 3x3.
#[test]
fn the_articles_case_is_answered_from_a_table_built_in_memory() {
    let none = Options::default();
    assert_eq!(ask::distance("603712458", none), Ok(Some(23)));
    assert_eq!(
        ask::solve("603712458", none).unwrap().as_deref(),
        Some("DDLURRDLLUURDDLURRDLLUR")
    );
    // The other parity half.
    assert_eq!(ask::distance("864072513", none), Ok(None));
    // The table of its class's canonical goal, kept in memory.
    assert_eq!(ask::file_names(), ["3x3-123405678.tilebase"]);
}

#[test]
fn what_query_refuses_the_module_refuses_in_the_same_words() {
    let none = Options::default();
    assert_eq!(
        ask::distance("60371245x", none),
        Err("\"60371245x\": stray character 'x' at column 9".into())
    );
    assert_eq!(
        ask::distance("6 0 3", none),
        Err("\"6 0 3\": 3 cells, but a 3x3 board has 9".into())
    );
    let board = |board| Options {
        board: Some(board),
        ..Options::default()
    };
    assert_eq!(
        ask::distance("1", board("11x10")),
        Err("board \"11x10\": 11x10: at most 100 cells are supported (10x10)".into())
    );
    assert_eq!(
        ask::distance("1", board("9x9")),
        Err("\"1\": 1 cell, but a 9x9 board has 81".into())
    );
}

/// Past 25 cells the page is answered as `query` answers: a lower bound and a solution within
/// the seconds given, `optimal` where they meet; no optimal distance, hints or solutions.
#[test]
fn boards_past_25_cells_are_answered_with_bounds_within_the_seconds_given() {
    let six = Options {
        board: Some("6x6"),
        ..Options::default()
    };
    let ask = |seconds: f64, hints: bool| Ask {
        hints,
        effort: Effort {
            time: Some(Duration::from_secs_f64(seconds)),
            ..Effort::default()
        },
        ..Ask::default()
    };
    // The goal with the blank moved up twice and left once: 3 moves, proven optimal (and so
    // the distance too).
    let near = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,0,23,25,26,27,28,29,\
                24,31,32,33,34,35,30";
    let answer: Value =
        serde_json::from_str(&ask::answer(near, six, ask(5.0, false), false).unwrap()).unwrap();
    assert_eq!(answer["board"], "6x6");
    assert_eq!(
        (
            &answer["lower_bound"],
            &answer["length"],
            &answer["optimal"]
        ),
        (&json!(3), &json!(3), &json!(true))
    );
    assert_eq!(
        (&answer["solution"], &answer["distance"]),
        (&json!("RDD"), &json!(3))
    );
    // DeepCubeA's 35-puzzle state 132 with no time: the heuristic alone, 85, and no solution.
    let far = "1,2,4,6,11,21,7,31,17,23,28,14,10,0,19,22,18,5,8,9,3,29,12,15,13,20,16,26,32,30,\
               33,25,24,34,27,35";
    let answer: Value =
        serde_json::from_str(&ask::answer(far, six, ask(0.0, false), false).unwrap()).unwrap();
    assert_eq!(
        (
            &answer["lower_bound"],
            &answer["length"],
            &answer["optimal"]
        ),
        (&json!(85), &Value::Null, &json!(false))
    );
    assert_eq!(answer["distance"], Value::Null);
    assert_eq!(
        ask::answer(far, six, ask(0.0, true), false),
        Err(
            "hints: 6x6 is past 25 cells, where only bounds are proven (a lower bound and a \
             solution), not every optimal solution or move"
                .into()
        )
    );
    // Pattern databases past 25 cells are built on disk (build-db), which a page has not.
    let chosen = Options {
        pdb: Some("4-4-4-4-4-4-4-4-3"),
        ..six
    };
    let refused = ask::answer(far, chosen, ask(0.0, false), false).unwrap_err();
    assert!(
        refused.ends_with(
            ": --pdb 4-4-4-4-4-4-4-4-3: the tables of boards past 25 cells are built on disk, by \
             `build-db --board 6x6 --pdb 4-4-4-4-4-4-4-4-3 --out db --force`"
        ),
        "{refused}"
    );
    // A position that cannot reach the goal: its parity, at once.
    let swapped = "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,\
                   30,31,32,33,34,35,0";
    let answer: Value =
        serde_json::from_str(&ask::answer(swapped, six, ask(10.0, false), false).unwrap()).unwrap();
    assert_eq!(answer["solvable"], false);
    // A shuffle is drawn on the board, and has its 36 cells.
    let drawn = ask::random(six, None, Some(7)).unwrap();
    assert_eq!(drawn.split(',').count(), 36);
}

/// The 15-puzzle by search over pattern databases built in memory, small ones (five patterns of
/// three tiles, built in a moment even unoptimised); a position that cannot reach the goal is
/// answered by its parity, before any is built.
#[test]
fn the_fifteen_puzzle_is_searched_over_patterns_built_in_memory() {
    let fifteen = Options {
        board: Some("4x4"),
        pdb: Some("3-3-3-3-3"),
        ..Options::default()
    };
    let swapped = "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0";
    assert_eq!(ask::distance(swapped, fifteen), Ok(None));
    assert!(ask::file_names().is_empty(), "{:?}", ask::file_names());
    let one = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    assert_eq!(ask::solve(one, fifteen).unwrap().as_deref(), Some("R"));
    assert_eq!(ask::file_names().len(), 5, "{:?}", ask::file_names());
    // The blank moved left, left, up, up from the goal: four tiles each a cell from home, so
    // four moves at least, and exactly one way back.
    let four = "1,2,3,4,5,0,7,8,9,6,11,12,13,10,14,15";
    assert_eq!(ask::distance(four, fifteen), Ok(Some(4)));
    assert_eq!(
        ask::solutions(four, fifteen, None),
        Ok(Some(vec!["DDRR".into()]))
    );
}

/// A file's bytes given back to the module answer as the built one did; a damaged copy is
/// refused, naming the file.
#[test]
fn files_given_as_bytes_are_checked_before_they_answer() {
    let board = Options {
        board: Some("4x2"),
        ..Options::default()
    };
    assert_eq!(ask::distance("12345607", board), Ok(Some(1)));
    let names = ask::file_names();
    assert_eq!(names, ["4x2-12345670.tilebase"]);
    let bytes = ask::file(&names[0]).unwrap();
    assert_eq!(ask::add_file(&names[0], bytes.clone()), Ok(()));
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let refused = ask::add_file(&names[0], damaged).unwrap_err();
    assert!(refused.starts_with("4x2-12345670.tilebase: "), "{refused}");
    assert_eq!(
        ask::add_file("../x.tilebase", bytes),
        Err("\"../x.tilebase\": not the name of a tilebase file (NAME.tilebase, as the cache names it)".into())
    );
}

mod common;

/// The tables the module builds, byte for byte: the browser's test checks the same.
#[test]
fn the_module_builds_the_tables_the_browser_builds() {
    common::check_tables();
}

/// Draws: the same seed, the same position; at a distance, a position at that distance; on 4x4,
/// one that can reach the goal, with no file built.
#[test]
fn positions_are_drawn_as_random_draws_them() {
    let none = Options::default();
    // The goal 123804765's farthest states are 30 moves away.
    let drawn = ask::random(none, Some("30"), Some(7)).unwrap();
    assert_eq!(ask::distance(&drawn, none), Ok(Some(30)));
    assert_eq!(ask::random(none, Some("30"), Some(7)).unwrap(), drawn);
    let fifteen = Options {
        board: Some("4x4"),
        ..Options::default()
    };
    let scramble = ask::random(fifteen, None, Some(1)).unwrap();
    assert_eq!(scramble.split(',').count(), 16);
    assert_eq!(ask::random(fifteen, None, Some(1)).unwrap(), scramble);
    assert!(
        ask::file_names()
            .iter()
            .all(|name| name.starts_with("3x3-"))
    );
    assert_eq!(
        ask::random(none, Some("31"), None),
        Err(
            "no state is at distance 31: the farthest states from goal 123804765 are 30 moves \
             away (stm)"
                .into()
        )
    );
}

/// The page's pattern databases where none are named: small enough to build in a page.
#[test]
fn the_page_builds_patterns_of_six_tiles_at_most() {
    assert_eq!(ask::page_partition(16), "6-6-3");
    assert_eq!(ask::page_partition(25), "5-5-5-5-4");
    assert_eq!(ask::page_partition(13), "6-6");
    assert_eq!(ask::page_partition(20), "5-5-5-4");
}

/// Korf's shortest 15-puzzle instances and short 5x5 positions: the browser's test checks the
/// same.
#[test]
fn the_module_searches_as_the_browser_searches() {
    common::check_searched();
}

/// The 15-puzzle's multi-tile metric needs a 151-million-state table: refused in the browser,
/// saying where it is answered.
#[test]
fn the_fifteen_puzzles_multi_tile_metric_is_left_to_the_programs() {
    let mtm = Options {
        board: Some("4x4"),
        metric: Some("mtm"),
        ..Options::default()
    };
    let refused = ask::distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", mtm).unwrap_err();
    assert!(
        refused.starts_with(
            "metric mtm: the 4x4 board's multi-tile metric needs a table of 151 million states"
        ),
        "{refused}"
    );
    assert!(ask::file_names().is_empty());
}
