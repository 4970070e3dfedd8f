//! Any bytes as a database, plain or compressed, then a few queries: nothing panics, and every
//! solution given is a legal path that ends at the goal, whatever the table holds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_lookup::{Database, State};

fuzz_target!(|data: &[u8]| {
    if let Ok(db) = Database::from_bytes(data) {
        exercise(&db);
    }
    if let Ok(db) = Database::from_compressed(data) {
        exercise(&db);
    }
});

fn exercise<D: AsRef<[u8]>>(db: &Database<D>) {
    let goal = db.goal();
    let board = db.board();
    let _ = db.verify();
    // The goal, and states at a spread of indices.
    let states = [0, 1, board.states() / 2, board.states() - 1]
        .into_iter()
        .filter_map(|i| State::from_index(board, goal.parity(), i))
        .chain([goal]);
    for state in states {
        let _ = db.distance(&state);
        let _ = db.optimal_moves(&state);
        let _ = db.count_solutions(&state);
        if let Ok(path) = db.solve(&state) {
            assert_eq!(state.apply(&path), Ok(goal), "{state:?} {path:?}");
        }
        if let Ok(all) = db.all_solutions(&state) {
            for path in all.take(64).flatten() {
                assert_eq!(state.apply(&path), Ok(goal), "{state:?} {path:?}");
            }
        }
    }
}
