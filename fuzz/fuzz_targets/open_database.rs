//! Any bytes as a database, plain or compressed, then a few queries, for its own goal and for
//! another of its class: nothing panics, and every solution given is a legal path that ends at
//! the goal, whatever the table holds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_lookup::{Database, Frame, Goal, State};

fuzz_target!(|data: &[u8]| {
    if let Ok(db) = Database::from_bytes(data) {
        exercise(&db);
    }
    if let Ok(db) = Database::from_compressed(data) {
        exercise(&db);
    }
});

fn exercise<D: AsRef<[u8]>>(db: &Database<D>) {
    let _ = db.verify();
    ask(&db.own_goal());
    // The goal mirrored (or turned): another goal of the same class, with translated answers.
    let goal = db.goal();
    if let Some(mirror) = tilebase_core::Symmetry::all(db.board()).get(1) {
        let mut cells = [0u8; 12];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            cells[mirror.cell(cell)] = tile;
        }
        if let Ok(other) = State::new(db.board(), &cells[..goal.cells().len()]) {
            assert!(Frame::between(&other, &goal).is_some());
            if let Ok(view) = db.for_goal(&other) {
                ask(&view);
            }
        }
    }
}

fn ask<D: AsRef<[u8]>>(view: &Goal<'_, D>) {
    let goal = view.goal();
    let board = goal.board();
    // The goal, and states at a spread of indices.
    let states = [0, 1, board.states() / 2, board.states() - 1]
        .into_iter()
        .filter_map(|i| view.state_at(i))
        .chain([goal]);
    for state in states {
        let _ = view.distance(&state);
        let _ = view.optimal_moves(&state);
        let _ = view.hints(&state);
        let _ = view.count_solutions(&state);
        if let Ok(path) = view.solve(&state) {
            assert_eq!(state.apply(&path), Ok(goal), "{state:?} {path:?}");
        }
        if let Ok(all) = view.all_solutions(&state) {
            for path in all.take(64).flatten() {
                assert_eq!(state.apply(&path), Ok(goal), "{state:?} {path:?}");
            }
        }
    }
}
