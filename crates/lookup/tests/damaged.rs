//! A table with one entry changed: lookups that read it either refuse or stay right.

use tilebase_lookup::{Database, Error, State};

fn shipped_bytes() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../db/3x3-123804765.tilebase"
    ))
    .unwrap()
}

fn table_start(bytes: &[u8]) -> usize {
    let db = Database::from_bytes(bytes).unwrap();
    bytes.len() - db.table().len()
}

#[test]
fn an_entry_above_the_maximum_is_an_error_naming_it() {
    let mut bytes = shipped_bytes();
    let start = table_start(&bytes);
    let state: State = "603712458".parse().unwrap();
    bytes[start + state.index() as usize] = 200;
    let db = Database::from_bytes(&bytes[..]).unwrap(); // opening reads only the header
    let err = db.distance(&state).unwrap_err();
    assert!(
        matches!(err, Error::Damaged { index, .. } if index == state.index()),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("distance 200, above the maximum 30"),
        "{err}"
    );
}

/// Changing one entry to any other value never makes `solve` return a wrong path: it returns an
/// optimal path (one that avoids the damage) or an error.
#[test]
fn solve_never_answers_wrongly_around_a_changed_entry() {
    let clean = shipped_bytes();
    let start = table_start(&clean);
    let good = Database::from_bytes(&clean[..]).unwrap();
    let goal = good.goal();
    for index in (0..good.board().states()).step_by(7919) {
        let damaged_state = State::from_index(good.board(), goal.parity(), index).unwrap();
        let true_d = good.distance(&damaged_state).unwrap();
        for new in [0, 1, 2, 3, 5, 10, 20, 29, 30] {
            if new == true_d {
                continue;
            }
            let mut bytes = clean.clone();
            bytes[start + index as usize] = new;
            let db = Database::from_bytes(&bytes[..]).unwrap();
            // The damaged state's own neighbours are one move from its true distance, so they
            // contradict any other value: solving from it is always refused.
            assert!(
                matches!(db.solve(&damaged_state), Err(Error::Damaged { .. })),
                "{damaged_state:?} with entry {index} = {new}"
            );
            // The damaged state itself, and each of its neighbours.
            let mut starts = vec![damaged_state];
            starts.extend(
                tilebase_lookup::Move::ALL
                    .iter()
                    .filter_map(|&m| damaged_state.slide(m)),
            );
            for s in starts {
                let expected = good.distance(&s).unwrap();
                if let Ok(path) = db.solve(&s) {
                    assert_eq!(
                        path.len(),
                        usize::from(expected),
                        "{s:?} with entry {index} = {new}"
                    );
                    assert_eq!(s.apply(&path), Ok(goal));
                }
            }
        }
    }
}
