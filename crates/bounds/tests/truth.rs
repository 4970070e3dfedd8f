//! The bounds against every optimal length tilebase knows: each lower bound at most the optimal
//! length (equal to it when the budget suffices), each solution legal and at least as long.

use std::collections::{HashMap, VecDeque};

use std::sync::Arc;

use tilebase_bounds::{Bounds, Budget, Partition, Patterns, Puzzle, Table, bound, bound_with};
use tilebase_core::{Board, Move};

/// Checks what every answer must hold: the solution replays to the goal, no shorter than the
/// lower bound; the bounds meet exactly when `optimal()` says so.
fn check(puzzle: &Puzzle, cells: &[u8], bounds: &Bounds) {
    if let Some(solution) = &bounds.solution {
        assert_eq!(
            puzzle.replay(cells, solution).as_deref(),
            Some(puzzle.goal()),
            "{cells:?}: {solution}"
        );
        assert!(solution.len() as u32 >= bounds.lower_bound, "{cells:?}");
    }
    assert!(
        bounds.lower_bound >= puzzle.heuristic(cells).unwrap(),
        "{cells:?}"
    );
}

/// Every state's distance from `goal` on `board`, by breadth-first search.
fn distances(board: Board, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut seen = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(state) = queue.pop_front() {
        let d = seen[&state];
        let blank = state.iter().position(|&t| t == 0).unwrap();
        for m in Move::ALL {
            if let Some(to) = board.step(blank, m) {
                let mut next = state.clone();
                next.swap(blank, to);
                seen.entry(next.clone()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    seen
}

#[test]
fn every_eight_puzzle_state_is_bounded_below_its_distance_and_solved_with_time() {
    let board = Board::THREE_BY_THREE;
    let goal = [1, 2, 3, 8, 0, 4, 7, 6, 5];
    let puzzle = Puzzle::new(board, &goal).unwrap();
    let all = distances(board, &goal);
    assert_eq!(all.len(), 181_440);
    assert_eq!(all.values().max(), Some(&30));
    for (i, (cells, &distance)) in all.iter().enumerate() {
        // No search: the heuristic alone, no solution.
        let zero = bound(&puzzle, cells, Budget::ZERO).unwrap();
        assert_eq!(zero.lower_bound, puzzle.heuristic(cells).unwrap());
        assert!(zero.lower_bound <= distance, "{cells:?}");
        assert_eq!((zero.solution.is_none(), zero.nodes), (distance > 0, 0));
        // A small budget: bounds on both sides of the distance.
        let small = bound(&puzzle, cells, Budget::nodes(300)).unwrap();
        check(&puzzle, cells, &small);
        assert!(small.lower_bound <= distance, "{cells:?}");
        assert!(small.length().is_none_or(|l| l >= distance), "{cells:?}");
        // No limit, on one state in eight: the bounds meet at the distance.
        if i % 8 == 0 {
            let whole = bound(&puzzle, cells, Budget::UNLIMITED).unwrap();
            check(&puzzle, cells, &whole);
            assert!(whole.optimal(), "{cells:?}");
            assert_eq!(whole.lower_bound, distance, "{cells:?}");
        }
    }
}

/// The tables of `groups` on `board` for `goal`, built in memory.
fn patterns(board: Board, goal: &[u8], groups: Vec<Vec<u8>>) -> Arc<Patterns> {
    let partition = Partition::new(board, groups).unwrap();
    Arc::new(
        Patterns::new(partition, goal, |homes| {
            Table::build(board, homes, 2, |_, _| {})
        })
        .unwrap(),
    )
}

#[test]
fn a_pattern_database_of_every_tile_is_the_distance() {
    // One group of every tile: the cell no tile holds is the blank, so the table is the puzzle.
    let board: Board = "4x2".parse().unwrap();
    let goal = board.ordered_cells();
    let all = distances(board, &goal);
    assert_eq!(all.len(), 20_160);
    let whole = patterns(board, &goal, vec![(1..8).collect()]);
    for (cells, &distance) in &all {
        assert_eq!(whole.heuristic(cells).unwrap(), distance, "{cells:?}");
    }
    // On a square board the transposed lookup is exact too.
    let board = Board::THREE_BY_THREE;
    let goal = [1, 2, 3, 8, 0, 4, 7, 6, 5];
    let all = distances(board, &goal);
    let groups = patterns(board, &goal, vec![vec![1, 2, 3, 4, 5, 6], vec![7, 8]]);
    let whole = patterns(board, &goal, vec![(1..9).collect()]);
    for (cells, &distance) in all.iter().step_by(7) {
        assert_eq!(whole.heuristic(cells).unwrap(), distance, "{cells:?}");
        assert!(groups.heuristic(cells).unwrap() <= distance, "{cells:?}");
    }
}

#[test]
fn pattern_databases_keep_every_bound_admissible_and_meet_the_distance() {
    let board = Board::THREE_BY_THREE;
    let goal = [1, 2, 3, 8, 0, 4, 7, 6, 5];
    let plain = Puzzle::new(board, &goal).unwrap();
    // Two groups of four, looked up directly and transposed (the blank's home is the centre).
    let puzzle = plain
        .clone()
        .with_patterns(patterns(
            board,
            &goal,
            vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
        ))
        .unwrap();
    let all = distances(board, &goal);
    let (mut raised, mut sum, mut plain_sum) = (0, 0, 0);
    for (i, (cells, &distance)) in all.iter().enumerate() {
        let h = puzzle.heuristic(cells).unwrap();
        assert!(h <= distance, "{cells:?}");
        assert!(h >= plain.heuristic(cells).unwrap(), "{cells:?}");
        raised += u32::from(h > plain.heuristic(cells).unwrap());
        sum += h;
        plain_sum += plain.heuristic(cells).unwrap();
        if i % 16 == 0 {
            let whole = bound(&puzzle, cells, Budget::UNLIMITED).unwrap();
            check(&puzzle, cells, &whole);
            assert_eq!(
                (whole.lower_bound, whole.optimal()),
                (distance, true),
                "{cells:?}"
            );
        }
    }
    // What the tables add over Manhattan distance and linear conflicts, exactly: a larger
    // bound on 50,140 of the 181,440 states, the mean from 15.79 to 16.38.
    assert_eq!((raised, sum, plain_sum), (50_140, 2_971_484, 2_864_160));
    // Tables for another goal are refused.
    let other = patterns(board, &board.ordered_cells(), vec![(1..9).collect()]);
    assert!(plain.with_patterns(other).is_err());
}

#[test]
fn the_fifteen_puzzle_bounds_stay_below_korfs_lengths() {
    let goal: Vec<u8> = (0..16).collect();
    let puzzle = Puzzle::new(Board::FOUR_BY_FOUR, &goal).unwrap();
    for (cells, length) in tilebase_testdata::korf100() {
        let bounds = bound(&puzzle, &cells, Budget::nodes(20_000)).unwrap();
        check(&puzzle, &cells, &bounds);
        assert!(bounds.lower_bound <= u32::from(length), "{cells:?}");
        assert!(
            bounds.length().is_some_and(|l| l >= u32::from(length)),
            "{cells:?}"
        );
    }
}

#[test]
fn deepcubeas_states_are_bounded_by_their_known_lengths() {
    // The 24-puzzle's: optimal lengths known.
    let five = Puzzle::ordered(Board::FIVE_BY_FIVE);
    for state in tilebase_testdata::deepcubea24() {
        let bounds = bound(&five, &state.cells, Budget::nodes(30_000)).unwrap();
        check(&five, &state.cells, &bounds);
        assert!(
            bounds.lower_bound <= u32::from(state.length),
            "{}",
            state.index
        );
        assert!(bounds.length().is_none_or(|l| l >= u32::from(state.length)));
    }
    // With a few million nodes, a solution.
    for state in &tilebase_testdata::deepcubea24()[..4] {
        let bounds = bound(&five, &state.cells, Budget::nodes(3_000_000)).unwrap();
        check(&five, &state.cells, &bounds);
        let length = bounds.length().expect("a solution within 3 million nodes");
        assert!(length >= u32::from(state.length), "{}", state.index);
    }
    // The 35- and 48-puzzles': no bound passes DeepCubeA's solution.
    for (states, side) in [
        (tilebase_testdata::deepcubea35(), 6),
        (tilebase_testdata::deepcubea48(), 7),
    ] {
        let puzzle = Puzzle::ordered(Board::new(side, side).unwrap());
        for state in states.iter().step_by(5) {
            let bounds = bound(&puzzle, &state.cells, Budget::nodes(100_000)).unwrap();
            check(&puzzle, &state.cells, &bounds);
            assert!(
                bounds.lower_bound <= state.deepcubea_length,
                "{}",
                state.index
            );
        }
    }
}

/// A state `moves` random moves from the ordered goal of `board` (fewer when steps cancel).
fn scrambled(board: Board, moves: usize, seed: u64) -> Vec<u8> {
    let mut cells = board.ordered_cells();
    let mut blank = cells.len() - 1;
    let mut x = seed;
    for _ in 0..moves {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        if let Some(to) = board.step(blank, Move::ALL[(x >> 33) as usize % 4]) {
            cells.swap(blank, to);
            blank = to;
        }
    }
    cells
}

#[test]
fn positions_near_the_goal_are_proven_optimal_on_every_large_board() {
    for (name, seed) in [
        ("6x6", 1),
        ("7x7", 2),
        ("8x8", 3),
        ("9x9", 4),
        ("10x10", 5),
        ("50x2", 6),
    ] {
        let board: Board = name.parse().unwrap();
        let puzzle = Puzzle::ordered(board);
        for k in 0..4 {
            let cells = scrambled(board, 24, seed * 10 + k);
            let bounds = bound(&puzzle, &cells, Budget::UNLIMITED).unwrap();
            check(&puzzle, &cells, &bounds);
            assert!(bounds.optimal(), "{name} {cells:?}");
            assert!(bounds.lower_bound <= 24, "{name}");
            // Two threads prove the same.
            let shared = bound_with(&puzzle, &cells, Budget::UNLIMITED, 2, None).unwrap();
            assert_eq!(shared.lower_bound, bounds.lower_bound, "{name}");
            assert!(shared.optimal());
        }
        let goal = bound(&puzzle, puzzle.goal(), Budget::ZERO).unwrap();
        assert_eq!((goal.lower_bound, goal.length()), (0, Some(0)));
    }
}

#[test]
fn the_lower_bound_rises_with_the_budget() {
    let puzzle = Puzzle::ordered("6x6".parse().unwrap());
    let state = &tilebase_testdata::deepcubea35()[0];
    let mut last = 0;
    let mut rises = 0;
    for nodes in [0, 1_000, 100_000, 10_000_000] {
        let bounds = bound(&puzzle, &state.cells, Budget::nodes(nodes)).unwrap();
        check(&puzzle, &state.cells, &bounds);
        assert!(bounds.lower_bound >= last);
        assert!(
            bounds.nodes <= nodes + 1,
            "{} nodes for a budget of {nodes}",
            bounds.nodes
        );
        rises += u32::from(bounds.lower_bound > last);
        last = bounds.lower_bound;
    }
    // From the heuristic (98 here) up at least twice.
    assert!(rises >= 3, "{rises}");
    assert!(last <= state.deepcubea_length);
}

#[test]
fn bad_cells_are_refused_and_the_other_parity_half_named() {
    let board: Board = "6x6".parse().unwrap();
    let puzzle = Puzzle::ordered(board);
    let mut swapped = board.ordered_cells();
    swapped.swap(0, 1);
    assert_eq!(
        bound(&puzzle, &swapped, Budget::UNLIMITED)
            .unwrap_err()
            .to_string(),
        "unsolvable: the tiles' permutation is odd and the blank is 0 moves from its goal cell; \
         moves keep the two of the same parity"
    );
    assert_eq!(
        bound(&puzzle, &[1, 2, 3], Budget::ZERO)
            .unwrap_err()
            .to_string(),
        "3 cells, but a 6x6 board has 36"
    );
    let mut twice = board.ordered_cells();
    twice[0] = 2;
    assert_eq!(
        puzzle.heuristic(&twice).unwrap_err().to_string(),
        "tile 2 appears twice and 1 is missing"
    );
    let mut big = board.ordered_cells();
    big[0] = 36;
    assert_eq!(
        puzzle.heuristic(&big).unwrap_err().to_string(),
        "value 36 is out of range: a 6x6 board has tiles 0 to 35"
    );
}
