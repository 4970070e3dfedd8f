//! Relabelled abstractions, the multi-tile metric's bound: exact on the relabelled board, a
//! lower bound of every state's distance, and the full table itself when no two tiles share a
//! label.

use tilebase_core::{Board, Metric, State};
use tilebase_engine::{NoProgress, build_relabelled, build_table_in};
use tilebase_pattern::{Grid, Relabelling};

/// Every `step`th state of `goal`'s board: its relabelled value is at most its distance in
/// `metric`, and equal to it when `exact`; returns how many are equal.
fn bounded(goal: &State, labels: &[u8], metric: Metric, exact: bool, step: usize) -> usize {
    let board = goal.board();
    let grid = Grid::new(board.width(), board.height()).unwrap();
    let relabelling = Relabelling::new(grid, goal.cells(), labels).unwrap();
    let values = build_relabelled(&relabelling, metric, &NoProgress);
    let table = build_table_in(goal, metric);
    let mut equal = 0;
    for index in (0..board.states()).step_by(step) {
        let state = State::from_index(board, goal.parity(), index).unwrap();
        let d = table[index as usize];
        let h = values[relabelling.index_of_tiles(state.cells()) as usize];
        assert!(h <= d, "{state}: {h} over {d}");
        assert!(!exact || h == d, "{state}: {h}, not {d}");
        equal += usize::from(h == d);
    }
    equal
}

#[test]
fn a_relabelling_of_distinct_labels_is_the_full_table() {
    for metric in Metric::ALL {
        let goal: State = "123456780".parse().unwrap();
        bounded(&goal, &[1, 2, 3, 4, 5, 6, 7, 8, 0], metric, true, 1);
        let goal: State = "1230".parse::<State>().unwrap();
        bounded(&goal, &[1, 2, 3, 0], metric, true, 1);
    }
}

#[test]
fn relabellings_bound_every_state_in_both_metrics() {
    let goal: State = "123804765".parse().unwrap();
    for metric in Metric::ALL {
        let equal = bounded(&goal, &[1, 1, 2, 1, 0, 2, 3, 3, 2], metric, false, 1);
        // A bound, not blind: many states are at their distance.
        assert!(equal > 1000, "{metric:?}: {equal}");
    }
    let board = Board::new(4, 3).unwrap();
    let goal = State::new(board, &(1..12).chain([0]).collect::<Vec<u8>>()).unwrap();
    bounded(
        &goal,
        &[1, 1, 2, 2, 1, 3, 3, 2, 4, 4, 3, 0],
        Metric::Multi,
        false,
        997,
    );
}

/// slidy's relabelling of the 15-puzzle (Tomas Rokicki's), built in the multi-tile metric:
/// every one of the 151,351,200 relabelled states reached; saved, checked and proven. Opt-in:
/// about a minute.
#[test]
#[ignore = "builds 151 million entries: cargo test --release -p tilebase-engine --test relabel -- --ignored"]
fn the_fifteen_puzzles_relabelling() {
    let grid = Grid::new(4, 4).unwrap();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let labels = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];
    let relabelling = Relabelling::new(grid, &goal, &labels).unwrap();
    let started = std::time::Instant::now();
    let values = build_relabelled(&relabelling, Metric::Multi, &NoProgress);
    let mut counts = vec![0u64; 256];
    for &v in &values {
        counts[usize::from(v)] += 1;
    }
    let max = counts.iter().rposition(|&n| n > 0).unwrap();
    eprintln!("built in {:.1?}: {:?}", started.elapsed(), &counts[..=max]);
    assert_eq!(counts[255], 0, "every relabelled state reached");
    assert_eq!(counts[0], 1);
    assert_eq!(counts.iter().sum::<u64>(), 151_351_200);
    // Saved, opened with every block checked, and proven entry by entry.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mtm.tilebase");
    let started = std::time::Instant::now();
    tilebase_engine::save_relabelled(&path, &relabelling, Metric::Multi, &values, true).unwrap();
    let file = tilebase_lookup::RelabelledFile::open(&path).unwrap();
    eprintln!("saved and opened in {:.1?}", started.elapsed());
    let started = std::time::Instant::now();
    assert_eq!(file.verify(), None);
    eprintln!("proven in {:.1?}", started.elapsed());
}

/// Applies `slides` to `cells`: `None` if one leaves the board.
fn play(board: Board, cells: &[u8], slides: &[tilebase_core::Slide]) -> Option<Vec<u8>> {
    use tilebase_core::Move;
    let (w, h) = (board.width(), board.height());
    let mut cells = cells.to_vec();
    let mut blank = cells.iter().position(|&t| t == 0)?;
    for slide in slides {
        for _ in 0..slide.cells {
            let (row, col) = (blank / w, blank % w);
            let to = match slide.direction {
                Move::Up if row > 0 => blank - w,
                Move::Down if row + 1 < h => blank + w,
                Move::Left if col > 0 => blank - 1,
                Move::Right if col + 1 < w => blank + 1,
                _ => return None,
            };
            cells.swap(blank, to);
            blank = to;
        }
    }
    Some(cells)
}

/// IDA* bounded by relabelled tables (with the mirrored lookup on a square board) finds, for
/// every `step`th state, a legal multi-tile solution of exactly the full table's length.
fn solves_at_the_tables_distance(goal: &State, labels: &[&[u8]], step: usize) {
    use tilebase_pattern::MultiSolver;
    let board = goal.board();
    let grid = Grid::new(board.width(), board.height()).unwrap();
    let relabellings: Vec<Relabelling> = labels
        .iter()
        .map(|l| Relabelling::new(grid, goal.cells(), l).unwrap())
        .collect();
    let values: Vec<Vec<u8>> = relabellings
        .iter()
        .map(|r| build_relabelled(r, Metric::Multi, &NoProgress))
        .collect();
    let tables: Vec<(&Relabelling, &[u8])> = relabellings
        .iter()
        .zip(&values)
        .map(|(r, v)| (r, &v[..]))
        .collect();
    let solver = MultiSolver::new(goal.cells(), &tables).unwrap();
    // A*+IDA* from the first node, A* growing until its budget is full: 1 MiB, and 100 kB
    // (1,333 states, soon full).
    let hybrid = MultiSolver::new(goal.cells(), &tables)
        .unwrap()
        .with_hybrid_from(0);
    let table = build_table_in(goal, Metric::Multi);
    let mut solved = 0;
    for index in (0..board.states()).step_by(step) {
        let state = State::from_index(board, goal.parity(), index).unwrap();
        let d = table[index as usize];
        assert!(solver.heuristic(state.cells()) <= u32::from(d), "{state}");
        let solution = solver.solve(state.cells(), u64::MAX).unwrap();
        let legal = |slides: &[tilebase_core::Slide]| {
            assert_eq!(slides.len(), usize::from(d), "{state}");
            let end = play(board, state.cells(), slides);
            assert_eq!(end.as_deref(), Some(goal.cells()), "{state}: {slides:?}");
        };
        legal(&solution.slides);
        // One search shared among threads finds the serial search's solution.
        // Every fifth state sampled: each takes a few milliseconds.
        if solved % 5 != 0 {
            solved += 1;
            continue;
        }
        for threads in [2, 3] {
            let shared = solver.solve_parallel(state.cells(), threads).unwrap();
            assert_eq!(shared.slides, solution.slides, "{state}, {threads} threads");
        }
        for (memory, threads) in [(1 << 20, 1), (1 << 20, 2), (100_000, 2)] {
            let found = hybrid
                .solve_hybrid(state.cells(), threads, memory, u64::MAX)
                .unwrap();
            legal(&found.slides);
        }
        solved += 1;
    }
    assert!(solved > 100);
}

#[test]
fn multi_tile_searches_equal_the_full_tables() {
    let goal: State = "123456780".parse().unwrap();
    solves_at_the_tables_distance(&goal, &[&[1, 1, 2, 1, 1, 2, 3, 3, 0]], 97);
    // The blank off the diagonal: no mirrored lookup, two relabellings.
    let goal: State = "123804765".parse().unwrap();
    solves_at_the_tables_distance(
        &goal,
        &[&[1, 1, 2, 1, 0, 2, 3, 3, 2], &[1, 2, 2, 1, 0, 2, 1, 3, 3]],
        97,
    );
    let board = Board::new(4, 3).unwrap();
    let goal = State::new(board, &(1..12).chain([0]).collect::<Vec<u8>>()).unwrap();
    solves_at_the_tables_distance(&goal, &[&[1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 0]], 1_000_003);
}

/// A goal that is not the board's tiles each once is refused, never indexed out of bounds:
/// short, long, a tile past the board, a tile twice.
#[test]
fn a_multi_tile_solver_refuses_a_goal_that_is_not_the_boards_tiles() {
    use tilebase_pattern::{MultiError, MultiSolver};
    let goal: State = "123456780".parse().unwrap();
    let grid = Grid::new(3, 3).unwrap();
    let relabelling = Relabelling::new(grid, goal.cells(), &[1, 1, 2, 1, 1, 2, 3, 3, 0]).unwrap();
    let values = build_relabelled(&relabelling, Metric::Multi, &NoProgress);
    let tables = [(&relabelling, &values[..])];
    assert!(MultiSolver::new(goal.cells(), &tables).is_ok());
    for bad in [
        &[1, 2, 3, 4, 5, 6, 7, 8][..],
        &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9],
        &[1, 2, 3, 4, 5, 6, 7, 200, 0],
        &[1, 2, 3, 4, 5, 6, 7, 9, 0],
        &[1, 1, 3, 4, 5, 6, 7, 8, 0],
    ] {
        let refused = MultiSolver::new(bad, &tables).err();
        assert_eq!(refused, Some(MultiError::Goal { cells: 9 }), "{bad:?}");
        assert_eq!(
            refused.unwrap().to_string(),
            "the goal is not the tiles 0 to 8 each once"
        );
    }
}

/// A relabelled table saved, opened (every block checked) and proven entry by entry; a wrong
/// entry written with good checksums is found by the proof, and a flipped byte by the blocks.
#[test]
fn saved_tables_are_checked_and_proven() {
    use tilebase_engine::save_relabelled;
    use tilebase_lookup::RelabelledFile;
    let dir = tempfile::tempdir().unwrap();
    let grid = Grid::new(3, 3).unwrap();
    let goal: Vec<u8> = (1..9).chain([0]).collect();
    for metric in Metric::ALL {
        let relabelling = Relabelling::new(grid, &goal, &[1, 1, 2, 1, 1, 2, 3, 3, 0]).unwrap();
        let values = build_relabelled(&relabelling, metric, &NoProgress);
        let path = dir.path().join("r.tilebase");
        save_relabelled(&path, &relabelling, metric, &values, true).unwrap();
        let file = RelabelledFile::open(&path).unwrap();
        assert_eq!((file.relabelling(), file.metric()), (&relabelling, metric));
        assert_eq!(file.values(), &values[..]);
        assert_eq!(file.verify(), None);
        // One entry one too many, the goal's neighbours aside: the proof names it or a
        // neighbour of it.
        let at = (0..values.len()).find(|&i| values[i] > 3).unwrap();
        let mut wrong = values.clone();
        wrong[at] += 2;
        save_relabelled(&path, &relabelling, metric, &wrong, true).unwrap();
        let fault = RelabelledFile::open(&path)
            .unwrap()
            .verify()
            .expect("a fault");
        assert!(fault.index as usize <= at, "{fault:?}");
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let error = RelabelledFile::open(&path).unwrap_err().to_string();
        assert!(error.contains("block 0"), "{error}");
    }
}

/// How many optimal paths in `metric` lead from `state` to the goal, by the full table: the
/// sum over the moves one closer of the counts where they lead, each state worked out once.
fn count_by_table(
    table: &[u8],
    state: State,
    known: &mut std::collections::HashMap<u32, u64>,
) -> u64 {
    let index = state.index();
    if let Some(&n) = known.get(&index) {
        return n;
    }
    let d = table[index as usize];
    let n = if d == 0 {
        1
    } else {
        state
            .slides(Metric::Multi)
            .filter(|(_, next)| table[next.index() as usize] + 1 == d)
            .map(|(_, next)| count_by_table(table, next, known))
            .sum()
    };
    known.insert(index, n);
    n
}

/// Every optimal multi-tile solution the search lists is legal, of the table's length, listed
/// once, and there are as many as the full table counts; a search told to stop after three
/// stops there.
#[test]
fn every_optimal_multi_tile_solution_is_listed() {
    use tilebase_pattern::MultiSolver;
    let goal: State = "123456780".parse().unwrap();
    let board = goal.board();
    let grid = Grid::new(3, 3).unwrap();
    let relabelling = Relabelling::new(grid, goal.cells(), &[1, 1, 2, 1, 1, 2, 3, 3, 0]).unwrap();
    let values = build_relabelled(&relabelling, Metric::Multi, &NoProgress);
    let solver = MultiSolver::new(goal.cells(), &[(&relabelling, &values[..])]).unwrap();
    let table = build_table_in(&goal, Metric::Multi);
    let mut known = std::collections::HashMap::new();
    let mut many = 0;
    for index in (0..board.states()).step_by(89) {
        let state = State::from_index(board, goal.parity(), index).unwrap();
        let d = u32::from(table[index as usize]);
        let mut all: Vec<Vec<tilebase_core::Slide>> = Vec::new();
        solver
            .each_optimal(state.cells(), d, u64::MAX, &mut |slides| {
                all.push(slides.to_vec());
                true
            })
            .unwrap();
        for slides in &all {
            assert_eq!(slides.len() as u32, d, "{state}");
            let end = play(board, state.cells(), slides);
            assert_eq!(end.as_deref(), Some(goal.cells()), "{state}: {slides:?}");
        }
        let listed = all.len();
        all.sort_by_key(|s| {
            s.iter()
                .map(|m| (m.direction as u8, m.cells))
                .collect::<Vec<_>>()
        });
        all.dedup();
        assert_eq!(all.len(), listed, "{state}: a solution listed twice");
        assert_eq!(
            listed as u64,
            count_by_table(&table, state, &mut known),
            "{state}"
        );
        many += usize::from(listed > 3);
        if listed > 3 {
            let mut told = 0;
            solver
                .each_optimal(state.cells(), d, u64::MAX, &mut |_| {
                    told += 1;
                    told < 3
                })
                .unwrap();
            assert_eq!(told, 3, "{state}");
        }
    }
    assert!(many > 100, "{many}");
    // Past the node bound: an error, not a partial list.
    let far = State::from_index(board, goal.parity(), 1).unwrap();
    let d = u32::from(table[1]);
    assert!(matches!(
        solver.each_optimal(far.cells(), d, 3, &mut |_| true),
        Err(tilebase_pattern::SolveError::Exceeded { .. })
    ));
}
