//! The searches as independent judges of the table: on random 3x3 states, every state of the
//! boards of 4 and 6 cells and every other state of those of 8, every optimal algorithm finds a
//! legal path exactly as long as the table's distance, and DFS a legal path.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tilebase_core::{Board, State};
use tilebase_lookup::Database;
use tilebase_search::{Algorithm, Budget, SearchError, astar_with, search};

fn database(goal: &State) -> Database<Vec<u8>> {
    let mut bytes = Vec::new();
    tilebase_format::write(
        &mut bytes,
        goal,
        tilebase_core::Metric::Single,
        &tilebase_engine::build_table(goal),
    )
    .unwrap();
    Database::from_bytes(bytes).unwrap()
}

/// Runs every algorithm from `start` and checks each path against the table.
fn judge(db: &Database<Vec<u8>>, start: &State) {
    let goal = db.goal();
    let d = usize::from(db.distance(start).unwrap());
    let algorithms = Algorithm::OPTIMAL.into_iter().chain([Algorithm::Dfs {
        max_depth: u32::from(db.max_distance()),
    }]);
    for algorithm in algorithms {
        let outcome = search(algorithm, start, &goal, Budget::default()).unwrap();
        let path = outcome
            .path
            .unwrap_or_else(|| panic!("{algorithm} gave up on {start:?}: {:?}", outcome.stats));
        assert_eq!(
            start.apply(&path),
            Ok(goal),
            "{algorithm} {start:?}: illegal path {path:?}"
        );
        if algorithm.is_optimal() {
            assert_eq!(path.len(), d, "{algorithm} {start:?}: {path:?}");
        } else {
            assert!(
                path.len() >= d,
                "{algorithm} {start:?} beat the table: {path:?}"
            );
        }
    }
}

/// 300 seeded random states for each of the articles' two goals: 600 in all (every 3x3 state
/// is judged against the table by `verify`'s proof; here the searches are).
fn random_3x3_states(goal: &str, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let db = database(&goal.parse().unwrap());
    for _ in 0..300 {
        let index = rng.random_range(0..db.board().states());
        judge(
            &db,
            &State::from_index(db.board(), db.goal().parity(), index).unwrap(),
        );
    }
}

#[test]
fn random_3x3_states_of_goal_123804765() {
    random_3x3_states("123804765", 0x7113_ba5e);
}

#[test]
fn random_3x3_states_of_goal_123456780() {
    random_3x3_states("123456780", 0x7113_ba5f);
}

/// Every `step`-th state of `board`'s half from index `first`, in index order (every state with
/// step 1).
fn every_state(board: &str, first: u32, step: usize) {
    let board: Board = board.parse().unwrap();
    let db = database(&board.ordered_goal().unwrap());
    for index in (first..board.states()).step_by(step) {
        judge(
            &db,
            &State::from_index(board, db.goal().parity(), index).unwrap(),
        );
    }
}

#[test]
fn every_state_of_the_boards_of_4_and_6_cells() {
    for board in ["2x2", "3x2", "2x3"] {
        every_state(board, 0, 1);
    }
}

/// The 8-cell boards: every other state of each (10,080 of 20,160: the even indices of 4x2, the
/// odd of 2x4), so that the whole test suite stays within minutes.
#[test]
fn every_other_state_of_4x2() {
    every_state("4x2", 0, 2);
}

#[test]
fn every_other_state_of_2x4() {
    every_state("2x4", 1, 2);
}

#[test]
fn every_board_of_up_to_8_cells_is_covered() {
    let covered = ["2x2", "2x3", "3x2", "2x4", "4x2"];
    let all: Vec<String> = Board::with_tables()
        .filter(|b| b.cells() <= 8)
        .map(|b| b.to_string())
        .collect();
    assert_eq!(all, covered);
}

/// The default budget lets every algorithm finish on the hardest 3x3 states: the two 31-move
/// states of goal 123456780 and a sample of the 148 30-move states of goal 123804765.
#[test]
fn the_default_budget_suffices_for_the_farthest_3x3_states() {
    let corner = database(&"123456780".parse().unwrap());
    for far in ["647850321", "867254301"] {
        judge(&corner, &far.parse().unwrap());
    }
    let centre = database(&"123804765".parse().unwrap());
    for far in tilebase_testdata::antipodes_123804765().iter().step_by(15) {
        judge(&centre, far);
    }
}

#[test]
fn astar_with_the_table_walks_straight_down() {
    let db = database(&"123804765".parse().unwrap());
    for text in ["603712458", "283104765", "123804765"] {
        let start: State = text.parse().unwrap();
        let d = db.distance(&start).unwrap();
        let outcome = astar_with(&start, &db.goal(), Budget::default(), |s| {
            u32::from(db.distance(s).unwrap())
        })
        .unwrap();
        // Ties broken toward the oldest node: the table's own solution, move for move.
        assert_eq!(outcome.path.unwrap(), db.solve(&start).unwrap());
        assert_eq!(outcome.stats.expanded, u64::from(d) + 1);
    }
}

#[test]
fn unsolvable_starts_are_refused_before_any_search() {
    let start: State = "864072513".parse().unwrap();
    let goal: State = "123804765".parse().unwrap();
    for algorithm in Algorithm::OPTIMAL {
        assert!(matches!(
            search(algorithm, &start, &goal, Budget::default()),
            Err(SearchError::Unsolvable(_))
        ));
    }
    let small: State = "1230".parse().unwrap();
    assert!(matches!(
        search(Algorithm::Bfs, &small, &goal, Budget::default()),
        Err(SearchError::WrongBoard { .. })
    ));
}

#[test]
fn a_spent_budget_gives_up_without_a_path() {
    let start: State = "603712458".parse().unwrap();
    let goal: State = "123804765".parse().unwrap();
    let budget = Budget { max_expanded: 50 };
    for algorithm in Algorithm::OPTIMAL
        .into_iter()
        .chain([Algorithm::Dfs { max_depth: 30 }])
    {
        let outcome = search(algorithm, &start, &goal, budget).unwrap();
        assert!(outcome.gave_up(), "{algorithm}");
        assert_eq!(outcome.stats.expanded, 50, "{algorithm}");
    }
}

/// The articles' example (004): 283104765 to 123804765, 4 moves, found by every algorithm.
#[test]
fn the_articles_first_example() {
    let start: State = "283104765".parse().unwrap();
    let goal: State = "123804765".parse().unwrap();
    for algorithm in Algorithm::OPTIMAL {
        let outcome = search(algorithm, &start, &goal, Budget::default()).unwrap();
        assert_eq!(outcome.path.unwrap().len(), 4, "{algorithm}");
    }
    let astar = search(Algorithm::AstarManhattan, &start, &goal, Budget::default()).unwrap();
    assert_eq!(astar.path.unwrap().to_string(), "ULDR");
    assert_eq!(astar.stats.expanded, 5);
}
