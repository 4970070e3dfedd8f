//! The 15-puzzle's files found and built as every table is, and answers checked against
//! published lengths and against the moves themselves.

use std::sync::{Arc, Mutex};

use tilebase_core::Move;
use tilebase_fifteen::{
    Answerer, Building, FOUR_BY_FOUR, Partition, Places, Quietly, Solved, Watch, boards_of,
    file_name, find_or_build, tiles_moved, unsolvable_reason,
};
use tilebase_pattern::Pattern;

/// Keeps what it is told.
#[derive(Default)]
struct Notes(Mutex<Vec<String>>);

impl Watch for Notes {
    fn say(&self, message: &str) {
        self.0.lock().unwrap().push(message.to_string());
    }
    fn building(&self, pattern: &Pattern) -> Box<dyn Building + '_> {
        self.say(&format!("building {:?}", pattern.tiles()));
        Box::new(Quietly)
    }
}

fn goal() -> Vec<u8> {
    (1..16).chain([0]).collect()
}

#[test]
fn missing_files_are_built_into_the_cache_then_found_there_or_locally() {
    let local = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let places = Places::new(local.path().to_path_buf(), Some(cache.path().to_path_buf()));
    let notes = Notes::default();
    let set = find_or_build(goal(), Partition::FiveFiveFive, &places, &notes).unwrap();
    let said = notes.0.lock().unwrap().clone();
    assert_eq!(said.len(), 5, "{said:?}");
    assert_eq!(
        said[0],
        format!(
            "no 5-5-5 pattern databases for the class of goal \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 yet: building them into {} (a few seconds, \
             once)",
            cache.path().display()
        )
    );
    assert_eq!(said[1], "building [1, 2, 3, 4, 5]");
    assert!(said[4].starts_with("built in "), "{}", said[4]);
    let names: Vec<_> = set.files.iter().map(|(_, p)| p.clone()).collect();
    assert_eq!(
        names,
        [
            &[1u8, 2, 3, 4, 5][..],
            &[6, 7, 8, 9, 10],
            &[11, 12, 13, 14, 15]
        ]
        .iter()
        .map(|t| cache.path().join(file_name(&goal(), t)))
        .collect::<Vec<_>>()
    );

    // Found in the cache the second time: nothing said, nothing built.
    let quiet = Notes::default();
    let again = find_or_build(goal(), Partition::FiveFiveFive, &places, &quiet).unwrap();
    assert!(quiet.0.lock().unwrap().is_empty());
    assert_eq!(again.files[2].1, names[2]);

    // A file in the local folder comes first.
    let moved = local.path().join(file_name(&goal(), &[6, 7, 8, 9, 10]));
    std::fs::copy(&names[1], &moved).unwrap();
    let local_first = find_or_build(goal(), Partition::FiveFiveFive, &places, &Quietly).unwrap();
    assert_eq!(local_first.files[1].1, moved);

    // A file that holds another pattern than its name says is refused.
    std::fs::copy(&names[0], &moved).unwrap();
    let refused = find_or_build(goal(), Partition::FiveFiveFive, &places, &Quietly)
        .err()
        .unwrap();
    assert_eq!(
        refused,
        format!(
            "{}: holds the pattern of tiles 1,2,3,4,5 for goal \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0, not what its name says: rebuild it with \
             build-db",
            moved.display()
        )
    );
}

#[test]
fn answers_are_optimal_legal_and_in_the_goals_own_frame() {
    let dir = tempfile::tempdir().unwrap();
    let places = Places::new(dir.path().to_path_buf(), None);
    let set = find_or_build(goal(), Partition::FiveFiveFive, &places, &Quietly).unwrap();
    let answerer = Answerer::new(&set).unwrap();
    let mut korf = tilebase_testdata::korf100();
    korf.sort_by_key(|&(_, length)| length);
    let shortest: Vec<_> = korf[..6].to_vec();

    // Korf's instances are posed for the goal with the blank first: the goal here is another
    // of its class (blank in a corner), reached by renaming tiles and turning the board.
    let korf_goal: Vec<u8> = (0..16).collect();
    let korf_set = set.for_goal(&korf_goal).expect("a goal of the same class");
    assert!(Arc::ptr_eq(&korf_set.files[0].0, &set.files[0].0));
    // The blank on an edge, or not a goal at all: another class's files.
    let edge: Vec<u8> = (1..15).chain([0, 15]).collect();
    assert!(set.for_goal(&edge).is_none());
    assert!(set.for_goal(&[0; 16]).is_none());
    assert!(set.for_goal(&[0, 1, 2]).is_none());
    let korf_answerer = Answerer::new(&korf_set).unwrap();
    let states: Vec<Vec<u8>> = shortest.iter().map(|(c, _)| c.to_vec()).collect();
    let batch = korf_answerer.distances(&states, u64::MAX);
    for ((cells, length), distance) in shortest.iter().zip(batch) {
        assert_eq!(distance.unwrap(), Some(usize::from(*length)));
        for threads in [1, 2] {
            let Solved::Moves(moves) = korf_answerer.solve(cells, u64::MAX, threads).unwrap()
            else {
                panic!("solvable");
            };
            assert_eq!(moves.len(), usize::from(*length));
            assert_eq!(boards_of(cells, &moves).last().unwrap(), &korf_goal);
        }
    }

    // One move from the goal; every hint's distance is the neighbour's.
    let one = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
    assert_eq!(
        answerer.solve(&one, u64::MAX, 1).unwrap(),
        Solved::Moves(vec![Move::Right])
    );
    assert_eq!(tiles_moved(&one, &[Move::Right]), [15]);
    let hints = answerer.hints(&one, 1, u64::MAX, 1).unwrap();
    let said: Vec<(char, u8, usize, bool)> = hints
        .iter()
        .map(|h| (h.slide.letter(), h.tile, h.distance, h.optimal(1)))
        .collect();
    assert_eq!(
        said,
        [('U', 11, 2, false), ('L', 14, 2, false), ('R', 15, 0, true)]
    );

    // The other parity half: no search, and the reason.
    let swapped = [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];
    assert!(!answerer.solvable(&swapped));
    assert_eq!(
        answerer.solve(&swapped, u64::MAX, 1).unwrap(),
        Solved::Unsolvable
    );
    assert_eq!(answerer.distance(&swapped, u64::MAX).unwrap(), None);
    assert_eq!(
        unsolvable_reason(&swapped, &goal()),
        "inversions plus the blank's row from the bottom make 1+0 (odd) where goal \
         1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 makes 0+0 (even), and no move on a board 4 wide \
         changes that parity"
    );
    assert_eq!(FOUR_BY_FOUR.cells(), 16);
}
