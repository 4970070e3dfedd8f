//! Judging a solve: every move's distances against the full table's, losses that add up, the
//! speedsolvers' letters, both metrics, the 15-puzzle by search, and the refusals.

use tilebase_answer::{
    AnalyseError, Answers, Letters, Library, Metric, Move, Places, Position, Question, Quietly,
    Slide, read_solution,
};

/// The answers for `board` (and `metric`, `pdb`), from files built into a fresh cache.
fn answers(board: &str, goal: Option<&str>, metric: Option<&str>, pdb: Option<&str>) -> Answers {
    let local = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let places = Places::new(local.path(), Some(cache.path().to_path_buf()));
    let question = Question::read_text(Some(board), goal, metric, pdb).unwrap();
    let answers = Library::new(places).open(&question, &Quietly).unwrap();
    // The files are open: the directories may go.
    drop((local, cache));
    answers
}

/// The blank's slides along `moves`, one cell each.
fn single(moves: &[Move]) -> Vec<Slide> {
    moves.iter().map(|&m| Slide::one(m)).collect()
}

/// A detour into an optimal solution: at every third position, a move away and straight back
/// (where the board allows one that is not the next optimal move).
fn with_detours(answers: &Answers, scramble: &Position) -> Vec<Move> {
    let optimal = answers.solve(scramble).unwrap().unwrap();
    let mut played = Vec::new();
    let mut at = *scramble;
    for (i, &m) in optimal.iter().enumerate() {
        if i % 3 == 0
            && let Some(away) = Move::ALL
                .into_iter()
                .find(|&d| d != m && at.slide(d).is_some())
        {
            played.push(away);
            played.push(away.opposite());
        }
        played.push(m);
        at = at.slide(m).unwrap();
    }
    played
}

#[test]
fn every_move_is_judged_against_the_full_table_and_the_losses_add_up() {
    let answers = answers("3x3", Some("123804765"), None, None);
    for text in ["603712458", "867254301", "123804765", "023145876"] {
        let scramble = answers.read(text).unwrap();
        let Some(distance) = answers.distance(&scramble).unwrap() else {
            continue;
        };
        // The optimal solution: every move optimal, nothing lost.
        let optimal = answers.solve(&scramble).unwrap().unwrap();
        let judged = answers.analyse(&scramble, &single(&optimal)).unwrap();
        assert_eq!(judged.length, usize::from(distance));
        assert_eq!((judged.optimal, judged.lost), (distance, 0));
        assert!(judged.moves.iter().all(|m| m.optimal && m.lost == 0));
        // With detours: each move's distances are the table's, its better moves the table's
        // optimal ones, and the losses add up to the length minus the optimal length.
        let played = with_detours(&answers, &scramble);
        let judged = answers.analyse(&scramble, &single(&played)).unwrap();
        assert_eq!(judged.length, played.len());
        assert_eq!(judged.lost, played.len() - usize::from(distance));
        assert_eq!(
            judged
                .moves
                .iter()
                .map(|m| usize::from(m.lost))
                .sum::<usize>(),
            judged.lost
        );
        let mut at = scramble;
        for (m, judged) in played.iter().zip(&judged.moves) {
            let next = at.slide(*m).unwrap();
            assert_eq!(judged.before, answers.distance(&at).unwrap().unwrap());
            assert_eq!(judged.after, answers.distance(&next).unwrap().unwrap());
            assert_eq!(judged.optimal, judged.after + 1 == judged.before);
            assert_eq!(judged.lost, if judged.optimal { 0 } else { 2 });
            let better: Vec<Slide> = answers
                .hints(&at)
                .unwrap()
                .unwrap()
                .iter()
                .filter(|h| h.optimal)
                .map(|h| h.slide)
                .collect();
            assert_eq!(judged.better, better);
            at = next;
        }
        assert!(judged.optimal_moves() < judged.length || judged.length == 0);
    }
}

#[test]
fn the_speedsolvers_letters_name_the_tiles_direction() {
    let answers = answers("3x3", Some("123456780"), None, None);
    // From the goal, the blank went up twice and left once: it goes back right, then down
    // twice, as the tiles slide left, then up twice.
    let scramble = answers
        .read("123456780")
        .unwrap()
        .slide(Move::Up)
        .and_then(|p| p.slide(Move::Up))
        .and_then(|p| p.slide(Move::Left))
        .unwrap();
    let solution = read_solution("L U2", Letters::Tile).unwrap();
    assert_eq!(solution, read_solution("R D2", Letters::Blank).unwrap());
    assert_eq!(solution, read_solution("lu2", Letters::Tile).unwrap());
    let judged = answers.analyse(&scramble, &solution).unwrap();
    assert_eq!((judged.length, judged.optimal, judged.lost), (3, 3, 0));
    assert_eq!(Letters::Tile.write(judged.moves[0].slide), "L");
    assert_eq!(Letters::Blank.write(judged.moves[0].slide), "R");
}

#[test]
fn in_the_multi_tile_metric_a_line_slid_at_once_is_one_move() {
    let answers = answers("3x3", Some("123456780"), Some("mtm"), None);
    assert_eq!(answers.metric(), Metric::Multi);
    let scramble = answers
        .read("123456780")
        .unwrap()
        .slide(Move::Up)
        .and_then(|p| p.slide(Move::Up))
        .unwrap();
    // Two cells at once: one move, optimal.
    let judged = answers
        .analyse(&scramble, &read_solution("D2", Letters::Blank).unwrap())
        .unwrap();
    assert_eq!((judged.length, judged.optimal, judged.lost), (1, 1, 0));
    // One cell, then one more: two moves, the first of which lost 1 (it led to a state as far
    // as the scramble).
    let judged = answers
        .analyse(&scramble, &read_solution("DD", Letters::Blank).unwrap())
        .unwrap();
    assert_eq!((judged.length, judged.optimal, judged.lost), (2, 1, 1));
    assert_eq!(
        (
            judged.moves[0].before,
            judged.moves[0].after,
            judged.moves[0].lost
        ),
        (1, 1, 1)
    );
    assert_eq!(
        judged.moves[0].better,
        [Slide {
            direction: Move::Down,
            cells: 2
        }]
    );
}

#[test]
fn the_fifteen_puzzle_is_judged_by_search() {
    let answers = answers("4x4", None, None, Some("5-5-5"));
    let goal = *answers.goal();
    // Twelve moves from the goal along a walk that does not double back.
    let walk = [
        Move::Up,
        Move::Up,
        Move::Left,
        Move::Down,
        Move::Left,
        Move::Up,
        Move::Up,
        Move::Right,
        Move::Down,
        Move::Left,
        Move::Left,
        Move::Down,
    ];
    let scramble = walk.iter().fold(goal, |p, &m| p.slide(m).unwrap());
    let played = with_detours(&answers, &scramble);
    let judged = answers.analyse(&scramble, &single(&played)).unwrap();
    let distance = answers.distance(&scramble).unwrap().unwrap();
    assert_eq!(judged.optimal, distance);
    assert_eq!(judged.lost, played.len() - usize::from(distance));
    let mut at = scramble;
    for (m, judged) in played.iter().zip(&judged.moves) {
        assert_eq!(judged.before, answers.distance(&at).unwrap().unwrap());
        at = at.slide(*m).unwrap();
        assert_eq!(judged.after, answers.distance(&at).unwrap().unwrap());
    }
}

#[test]
fn bad_solutions_are_named_by_their_first_bad_move() {
    let answers = answers("3x3", Some("123804765"), None, None);
    let scramble = answers.read("123084765").unwrap();
    // The blank is on the left edge: moving left is off the board.
    let error = answers
        .analyse(&scramble, &read_solution("RLL", Letters::Blank).unwrap())
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "move 3 (L) is illegal: the blank on 123084765 cannot move 1 cell left"
    );
    let error = answers
        .analyse(&scramble, &read_solution("U", Letters::Blank).unwrap())
        .unwrap_err();
    assert!(
        matches!(error, AnalyseError::Unfinished { distance: 2, .. }),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "the solution ends at 023184765, 2 moves from the goal, not at the goal"
    );
    let unsolvable = answers.read("213804765").unwrap();
    let error = answers.analyse(&unsolvable, &[]).unwrap_err();
    assert!(error.is_unsolvable(), "{error}");
    assert_eq!(
        read_solution("RX", Letters::Blank).unwrap_err().to_string(),
        "'X' at column 2 is not a move: moves are the letters U, D, L, R, each optionally \
         followed by a count (D3)"
    );
    assert!(read_solution("3R", Letters::Blank).is_err());
    assert!(read_solution("R300", Letters::Blank).is_err());
}

/// Counting optimal solutions adds up each optimal move's count; listing walks them all: the
/// two agree on every 1,000th 3x3 state in both metrics, and on 4x4 (by search) along a walk
/// from the goal, where every solution listed is distinct, legal, optimal and in order.
#[test]
fn counted_solutions_are_the_listed_ones_on_every_board() {
    for metric in ["stm", "mtm"] {
        let answers = answers("3x3", Some("123804765"), Some(metric), None);
        let table = answers.table_goal().unwrap();
        let parity = table.goal().parity();
        let mut several = 0;
        for index in (0..181_440u32).step_by(1000) {
            let board = table.goal().board();
            let state = tilebase_answer::State::from_index(board, parity, index).unwrap();
            let position = Position::from(state);
            let all = answers.all_solutions(&position).unwrap().unwrap();
            let count = answers.count_solutions(&position).unwrap().unwrap();
            assert_eq!(count, all.len() as u128, "{metric} {position}");
            several += usize::from(count > 1);
            let first = answers
                .first_solutions(&position, Some(2))
                .unwrap()
                .unwrap();
            assert_eq!(first[..], all[..all.len().min(2)]);
        }
        assert!(several > 50, "{metric}: {several}");
    }
    let answers = answers("4x4", None, None, Some("5-5-5"));
    let goal = *answers.goal();
    let mut at = goal;
    let walk = [
        Move::Up,
        Move::Left,
        Move::Up,
        Move::Left,
        Move::Down,
        Move::Down,
        Move::Right,
    ];
    for (i, &m) in walk.iter().cycle().take(28).enumerate() {
        at = at.slide(m).unwrap_or(at);
        if i % 4 != 3 {
            continue;
        }
        let distance = usize::from(answers.distance(&at).unwrap().unwrap());
        let all = answers.all_solutions(&at).unwrap().unwrap();
        assert_eq!(
            answers.count_solutions(&at).unwrap(),
            Some(all.len() as u128)
        );
        assert!(all.windows(2).all(|w| {
            w[0].iter()
                .map(|&m| m as u8)
                .lt(w[1].iter().map(|&m| m as u8))
        }));
        for path in &all {
            assert_eq!(path.len(), distance, "{at}");
            let end = path.iter().try_fold(at, |p, &m| p.slide(m)).unwrap();
            assert_eq!(end, goal, "{at}: {path}");
        }
    }
}
