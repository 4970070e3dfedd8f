//! Any goal answered from the database of its class: every answer is checked against a fresh
//! breadth-first search from that very goal, and against that goal's own database.

use tilebase_core::{Board, Metric, Move, Path, State};
use tilebase_engine::{build_table, build_table_in};
use tilebase_lookup::{Database, Error, Goal, Tablebase};

fn database(goal: &State, metric: Metric) -> Database<Vec<u8>> {
    let mut bytes = Vec::new();
    tilebase_format::write(&mut bytes, goal, metric, &build_table_in(goal, metric)).unwrap();
    Database::from_bytes(bytes).unwrap()
}

/// A seeded xorshift: the same goals and states on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(n)) as u32
    }

    /// A goal of `board` with its tiles scrambled and its blank in `blank`.
    fn goal(&mut self, board: Board, blank: usize) -> State {
        let mut tiles: Vec<u8> = (1..board.cells() as u8).collect();
        for i in (1..tiles.len()).rev() {
            tiles.swap(i, self.below(i as u32 + 1) as usize);
        }
        tiles.insert(blank, 0);
        State::new(board, &tiles).unwrap()
    }
}

/// Checks every answer about `goal` from `class_db` against `own`, the goal's own database, and
/// `fresh`, a fresh search from the goal: the distance of every state; and for `sample` states
/// (every `step`th index), the solution move for move, the optimal moves, the hints, and the
/// number of solutions.
fn same_answers<D: AsRef<[u8]>>(via: &Goal<'_, D>, own: &Database<Vec<u8>>, step: usize) {
    let goal = via.goal();
    let fresh = own.table();
    let parity = goal.parity();
    for (index, &d) in (0u32..).zip(fresh) {
        let state = State::from_index(goal.board(), parity, index).unwrap();
        assert_eq!(via.distance(&state).unwrap(), d, "{goal:?} {state:?}");
        if (index as usize).is_multiple_of(step) {
            let path = via.solve(&state).unwrap();
            assert_eq!(path, own.solve(&state).unwrap(), "{goal:?} {state:?}");
            assert_eq!(state.apply(&path), Ok(goal));
            assert_eq!(
                via.optimal_moves(&state).unwrap(),
                own.optimal_moves(&state).unwrap()
            );
            assert_eq!(via.hints(&state).unwrap(), own.hints(&state).unwrap());
            assert_eq!(
                via.count_solutions(&state).unwrap(),
                own.count_solutions(&state).unwrap()
            );
        }
    }
}

/// Every goal of the boards of up to 6 cells, every state: the answers from the database of
/// the goal's class are those of a fresh search from the goal itself.
#[test]
fn every_goal_of_the_small_boards_from_its_class() {
    for board in Board::with_tables().filter(|b| b.cells() <= 6) {
        let classes: Vec<Database<Vec<u8>>> = board
            .canonical_goals()
            .iter()
            .map(|g| database(g, Metric::Single))
            .collect();
        let mut goals = 0;
        for index in 0..board.states() {
            for parity in [tilebase_core::Parity::Even, tilebase_core::Parity::Odd] {
                let goal = State::from_index(board, parity, index).unwrap();
                let class = classes.iter().find(|db| db.answers_for(&goal)).unwrap();
                same_answers(
                    &class.for_goal(&goal).unwrap(),
                    &database(&goal, Metric::Single),
                    1,
                );
                goals += 1;
            }
        }
        // Every arrangement of the board is some goal.
        assert_eq!(goals, 2 * board.states(), "{board}");
    }
}

/// A seeded sample of 3x3 goals, two with the blank in each cell: every state's distance from
/// the shipped databases of the three classes equals a fresh search from the goal, and solutions,
/// optimal moves, hints and solution counts equal those of the goal's own database.
#[test]
fn sampled_3x3_goals_from_the_shipped_class_databases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db");
    let tablebase = Tablebase::open_dir(dir, Board::THREE_BY_THREE, Metric::Single).unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for blank in 0..9 {
        for _ in 0..2 {
            let goal = rng.goal(Board::THREE_BY_THREE, blank);
            let via = tablebase.for_goal(&goal).unwrap();
            assert!(via.is_translated() || via.goal() == via.database().goal());
            same_answers(&via, &database(&goal, Metric::Single), 97);
        }
    }
}

/// The distance between any two states: symmetric, zero only between equal states, and a
/// solution from either to the other.
#[test]
fn distances_between_pairs_of_states() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db");
    let tablebase = Tablebase::open_dir(dir, Board::THREE_BY_THREE, Metric::Single).unwrap();
    let mut rng = Rng(7);
    for _ in 0..200 {
        let blanks = (rng.below(9) as usize, rng.below(9) as usize);
        let a = rng.goal(Board::THREE_BY_THREE, blanks.0);
        let b = rng.goal(Board::THREE_BY_THREE, blanks.1);
        match (tablebase.distance(&a, &b), tablebase.distance(&b, &a)) {
            (Ok(ab), Ok(ba)) => {
                assert_eq!(ab, ba, "{a:?} {b:?}");
                assert_eq!(ab == 0, a == b);
                let path = tablebase.solve(&a, &b).unwrap();
                assert_eq!((path.len(), a.apply(&path)), (usize::from(ab), Ok(b)));
            }
            (Err(Error::Unsolvable(_)), Err(Error::Unsolvable(_))) => {
                assert_ne!(a.parity(), b.parity());
            }
            other => panic!("{a:?} {b:?}: {other:?}"),
        }
    }
    // The articles' cases, asked as pairs.
    let pair = |a: &str, b: &str| tablebase.distance(&a.parse().unwrap(), &b.parse().unwrap());
    assert_eq!(pair("603712458", "123804765").unwrap(), 23);
    assert_eq!(pair("864072513", "123456780").unwrap(), 23);
    assert_eq!(pair("285361704", "123456780").unwrap(), 25);
}

#[test]
fn a_goal_of_another_class_is_refused_with_the_reason() {
    let goal: State = "123804765".parse().unwrap();
    let db = database(&goal, Metric::Single);
    let corner: State = "123456780".parse().unwrap();
    assert!(!db.answers_for(&corner));
    assert_eq!(
        db.for_goal(&corner).unwrap_err().to_string(),
        "goal 123456780 has its blank in a different class of cells than the database's goal \
         123804765 (blank inside the board), so the database cannot answer for it: build the \
         database of goal 123456780 with build-db"
    );
    let missing = tempfile_dir();
    assert!(
        Tablebase::open_dir(&missing, Board::THREE_BY_THREE, Metric::Single)
            .unwrap_err()
            .to_string()
            .ends_with("build them with build-db --all-goals --board 3x3 --metric stm")
    );
    // Unsolvable is said of the state and the goal asked for, not of their translations.
    let far: State = "876504321".parse().unwrap();
    let state: State = "786504321".parse().unwrap();
    let why = db.for_goal(&far).unwrap().distance(&state).unwrap_err();
    assert!(
        why.to_string().contains("where goal 876504321 has"),
        "{why}"
    );
}

fn tempfile_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tilebase-no-such-dir-{}", std::process::id()))
}

/// The multi-tile metric's distances, counted independently: a plain breadth-first search over
/// states in a hash map, with its own moves (a line of tiles shifts toward the blank), sharing
/// nothing with the builder but the state type.
fn independent_multi_tile_counts(goal: &State) -> Vec<u64> {
    use std::collections::{HashMap, VecDeque};
    let board = goal.board();
    let (w, h) = (board.width() as isize, board.height() as isize);
    let mut seen: HashMap<Vec<u8>, u8> = HashMap::from([(goal.cells().to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.cells().to_vec()]);
    while let Some(cells) = queue.pop_front() {
        let d = seen[&cells];
        let blank = cells.iter().position(|&c| c == 0).unwrap() as isize;
        let (row, col) = (blank / w, blank % w);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let mut next = cells.clone();
            let (mut r, mut c, mut at) = (row, col, blank);
            loop {
                (r, c) = (r + dr, c + dc);
                if r < 0 || r >= h || c < 0 || c >= w {
                    break;
                }
                let to = r * w + c;
                next.swap(at as usize, to as usize);
                at = to;
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next.clone());
                }
            }
        }
    }
    let mut counts = vec![0u64; usize::from(*seen.values().max().unwrap()) + 1];
    for &d in seen.values() {
        counts[usize::from(d)] += 1;
    }
    counts
}

fn counts(table: &[u8]) -> Vec<u64> {
    let mut counts = vec![0u64; usize::from(*table.iter().max().unwrap()) + 1];
    for &d in table {
        counts[usize::from(d)] += 1;
    }
    counts
}

/// In the multi-tile metric, every 3x3 goal has radius 24 (shared/reference/facts.md), and the
/// builder's distribution is the independent count's, for a goal with the blank in each cell,
/// and for every goal of the boards up to 8 cells' canonical goals.
#[test]
fn multi_tile_metric_distributions_and_the_3x3_radius() {
    let mut rng = Rng(0x51de);
    for blank in 0..9 {
        let goal = rng.goal(Board::THREE_BY_THREE, blank);
        let table = build_table_in(&goal, Metric::Multi);
        assert_eq!(table.iter().max(), Some(&24), "{goal:?}");
        assert_eq!(
            counts(&table),
            independent_multi_tile_counts(&goal),
            "{goal:?}"
        );
    }
    for board in Board::with_tables().filter(|b| b.cells() <= 8) {
        for goal in board.canonical_goals() {
            let table = build_table_in(&goal, Metric::Multi);
            assert_eq!(
                counts(&table),
                independent_multi_tile_counts(&goal),
                "{goal:?}"
            );
        }
    }
    // A slide of one tile is a move in both metrics, so no state is farther in the multi-tile
    // metric, and the single-tile metric's table is unchanged by the new builder.
    let goal: State = "123804765".parse().unwrap();
    let single = build_table(&goal);
    let multi = build_table_in(&goal, Metric::Multi);
    assert!(single.iter().zip(&multi).all(|(s, m)| m <= s));
    assert_eq!(build_table_in(&goal, Metric::Single), single);
}

/// Every state of a 3x3 multi-tile database: the solution is legal, its number of moves (runs of
/// one letter) is the distance, and each move leads one closer; the database verifies; and the
/// number of solutions equals the number listed, on a sample.
#[test]
fn every_state_of_a_multi_tile_database() {
    let goal: State = "123804765".parse().unwrap();
    let db = database(&goal, Metric::Multi);
    assert_eq!(db.metric(), Metric::Multi);
    assert!(db.verify().is_ok());
    for (index, &d) in (0u32..).zip(db.table()) {
        let state = State::from_index(goal.board(), goal.parity(), index).unwrap();
        let path: Path = db.solve(&state).unwrap();
        assert_eq!(state.apply(&path), Ok(goal), "{state:?}");
        let slides = path.slides(Metric::Multi);
        assert_eq!(slides.len(), usize::from(d), "{state:?} {path:?}");
        let mut at = state;
        for (k, slide) in slides.iter().enumerate() {
            for _ in 0..slide.cells {
                at = at.slide(slide.direction).unwrap();
            }
            assert_eq!(db.distance(&at).unwrap(), d - 1 - k as u8);
        }
        if index % 401 == 0 {
            let listed = db.all_solutions(&state).unwrap().count() as u64;
            assert_eq!(db.count_solutions(&state).unwrap(), listed, "{state:?}");
            let optimal = db.optimal_moves(&state).unwrap();
            assert_eq!(optimal.is_empty(), d == 0);
            if let Some(first) = path.first() {
                assert!(optimal.contains(*first));
            }
            assert!(
                Move::ALL
                    .iter()
                    .all(|&m| !optimal.contains(m) || state.slide(m).is_some())
            );
        }
    }
}
