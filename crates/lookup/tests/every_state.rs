//! Properties checked over every state of the shipped database (goal 123804765).

use std::collections::BTreeSet;

use tilebase_lookup::{Database, Error, Move, Parity, Path, State};

fn shipped() -> Database {
    Database::open(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../db/3x3-123804765.tilebase"
    ))
    .unwrap()
}

/// For every one of the 181,440 states: `solve()` is a legal path that reaches the goal in
/// exactly `distance()` moves, its first move is the first optimal move in U, D, L, R order,
/// and `count_solutions()` equals the number of paths `all_solutions()` lists.
#[test]
fn every_state_solves_in_exactly_its_distance() {
    let db = shipped();
    let goal = db.goal();
    let mut total_paths = 0u64;
    for index in 0..db.board().states() {
        let state = State::from_index(db.board(), goal.parity(), index).unwrap();
        let d = db.distance(&state).unwrap();
        let path = db.solve(&state).unwrap();
        assert_eq!(path.len(), usize::from(d), "{state:?}");
        assert_eq!(state.apply(&path), Ok(goal), "{state:?} {path:?}");

        let optimal = db.optimal_moves(&state).unwrap();
        assert_eq!(optimal.first(), path.first().copied(), "{state:?}");
        for m in Move::ALL {
            let closer = state
                .slide(m)
                .is_some_and(|next| db.distance(&next).unwrap() + 1 == d);
            assert_eq!(optimal.contains(m), closer, "{state:?} {m:?}");
        }

        let count = db.count_solutions(&state).unwrap();
        let listed = db.all_solutions(&state).unwrap().count() as u64;
        assert_eq!(count, listed, "{state:?}");
        total_paths += count;
    }
    // The number of optimal paths summed over all states, recomputed independently by a plain
    // breadth-first search that counts shortest paths (a Python script, not tilebase's code).
    assert_eq!(total_paths, 521_885);
}

/// Every listed solution of a sample of states is legal, optimal and distinct, and the first is
/// `solve()`'s.
#[test]
fn all_solutions_are_distinct_optimal_paths() {
    let db = shipped();
    let goal = db.goal();
    for index in (0..db.board().states()).step_by(997) {
        let state = State::from_index(db.board(), goal.parity(), index).unwrap();
        let d = usize::from(db.distance(&state).unwrap());
        let all: Vec<Path> = db
            .all_solutions(&state)
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(all[0], db.solve(&state).unwrap());
        let distinct: BTreeSet<String> = all.iter().map(Path::to_string).collect();
        assert_eq!(distinct.len(), all.len(), "{state:?}");
        for path in &all {
            assert_eq!(path.len(), d);
            assert_eq!(state.apply(path), Ok(goal), "{state:?} {path:?}");
        }
        // Listed in lexicographic U < D < L < R order.
        let mut sorted = all.clone();
        sorted.sort_by(|a, b| a.iter().cmp(b.iter()));
        assert_eq!(sorted, all);
    }
}

#[test]
fn the_issue_example_is_answered_exactly() {
    let db = shipped();
    let state: State = "603712458".parse().unwrap();
    assert_eq!(db.distance(&state).unwrap(), 23);
    assert_eq!(db.count_solutions(&state).unwrap(), 3);
    assert_eq!(
        db.solve(&state).unwrap().to_string(),
        "DDLURRDLLUURDDLURRDLLUR"
    );
    let goal = db.goal();
    assert_eq!(db.distance(&goal).unwrap(), 0);
    assert!(db.solve(&goal).unwrap().is_empty());
    assert!(db.optimal_moves(&goal).unwrap().is_empty());
    assert_eq!(db.count_solutions(&goal).unwrap(), 1);
    let all: Vec<_> = db.all_solutions(&goal).unwrap().collect();
    assert_eq!(all.len(), 1);
}

/// Every arrangement of the digits 0 to 8, both parity halves: `answer_of_digits` says what
/// `distance` says (its distance, or that it cannot reach the goal) without making the state,
/// and `distance_of_digits` the distances alone. A translated goal leaves both to `distance`.
#[test]
fn every_arrangement_of_digits_is_answered_as_distance_answers() {
    let db = shipped();
    let goal = db.own_goal();
    let translated = db.for_goal(&"567408321".parse().unwrap()).unwrap();
    let mut unsolvable = 0;
    for parity in [Parity::Even, Parity::Odd] {
        for index in 0..db.board().states() {
            let state = State::from_index(db.board(), parity, index).unwrap();
            let digits: Vec<u8> = state.cells().iter().map(|&c| b'0' + c).collect();
            let expected = match goal.distance(&state) {
                Ok(d) => Some(d),
                Err(Error::Unsolvable(_)) => None,
                Err(e) => panic!("{state}: {e}"),
            };
            unsolvable += usize::from(expected.is_none());
            assert_eq!(goal.answer_of_digits(&digits), Some(expected), "{state}");
            assert_eq!(goal.distance_of_digits(&digits), expected, "{state}");
            assert_eq!(translated.answer_of_digits(&digits), None, "{state}");
        }
    }
    assert_eq!(unsolvable, 181_440);
}
