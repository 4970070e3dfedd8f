//! A solution built piece by piece, as people solve large boards: the rows from the top, each
//! tile placed in turn with the tiles already placed left alone (the last two of a row
//! together), then the last two rows a column at a time (its two tiles together), then the
//! last 2x2 block. Each placement is a breadth-first search over where the blank and the one,
//! two or three tiles being placed stand (every other tile ignored): at most a million
//! states on 10x10. Long (two or three times the optimal length, before shortening) but found
//! for every state that can reach the goal, in a fraction of a second, where weighted A* and
//! beams can wander for ever on a random 10x10 state.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;
use tilebase_core::Move;

use crate::budget::Clock;
use crate::puzzle::{NONE, Puzzle};

/// A solution from `cells` to the puzzle's goal; `None` only when the clock runs out.
pub(crate) fn construct(puzzle: &Puzzle, cells: &[u8], clock: &mut Clock<'_>) -> Option<Vec<Move>> {
    let board = puzzle.board();
    let (w, h) = (board.width(), board.height());
    let n = cells.len();
    let goal = puzzle.goal();
    // The pieces are placed towards the goal with its blank moved to the last cell (right,
    // then down); the moves that take it back end the solution.
    let home = goal.iter().position(|&t| t == 0)?;
    let (hr, hc) = board.row_col(home);
    let to_corner: Vec<Move> = std::iter::repeat_n(Move::Right, w - 1 - hc)
        .chain(std::iter::repeat_n(Move::Down, h - 1 - hr))
        .collect();
    let target = puzzle.replay(goal, &to_corner)?;
    let mut now = cells.to_vec();
    let mut fixed = vec![false; n];
    let mut moves = Vec::new();
    let mut place = |now: &mut Vec<u8>, fixed: &mut Vec<bool>, at: &[usize], blank_too: bool| {
        let tiles: Vec<(u8, usize)> = at.iter().map(|&c| (target[c], c)).collect();
        let found = placement(
            puzzle,
            now,
            fixed,
            &tiles,
            blank_too.then_some(n - 1),
            clock,
        )?;
        let after = puzzle.replay(now, &found)?;
        *now = after;
        moves.extend(found);
        for &c in at {
            fixed[c] = true;
        }
        Some(())
    };
    for r in 0..h.saturating_sub(2) {
        for c in 0..w - 2 {
            place(&mut now, &mut fixed, &[r * w + c], false)?;
        }
        place(&mut now, &mut fixed, &[r * w + w - 2, r * w + w - 1], false)?;
    }
    for c in 0..w - 2 {
        place(
            &mut now,
            &mut fixed,
            &[(h - 2) * w + c, (h - 1) * w + c],
            false,
        )?;
    }
    let last = [
        (h - 2) * w + w - 2,
        (h - 2) * w + w - 1,
        (h - 1) * w + w - 2,
    ];
    place(&mut now, &mut fixed, &last, true)?;
    moves.extend(to_corner.iter().rev().map(|m| m.opposite()));
    Some(moves)
}

/// The fewest moves, never touching a `fixed` cell, that bring each of `tiles` (a tile and its
/// target cell) to its target, and the blank to `blank` when given.
fn placement(
    puzzle: &Puzzle,
    cells: &[u8],
    fixed: &[bool],
    tiles: &[(u8, usize)],
    blank: Option<usize>,
    clock: &mut Clock<'_>,
) -> Option<Vec<Move>> {
    // A state: the blank's cell, then each tile's, a byte each.
    let key = |blank: usize, at: &[usize]| at.iter().fold(blank as u64, |k, &c| k << 8 | c as u64);
    let mut at: Vec<usize> = tiles
        .iter()
        .map(|&(t, _)| cells.iter().position(|&x| x == t).unwrap_or(0))
        .collect();
    let start_blank = cells.iter().position(|&t| t == 0)?;
    let done = |b: usize, at: &[usize]| {
        tiles.iter().zip(at).all(|(&(_, target), &c)| c == target) && blank.is_none_or(|x| x == b)
    };
    // Each state reached: the state it was reached from, and the move.
    let mut from: FxHashMap<u64, (u64, Option<Move>)> = FxHashMap::default();
    let start = key(start_blank, &at);
    from.insert(start, (start, None));
    let mut queue = VecDeque::from([(start_blank, at.clone())]);
    while let Some((b, now)) = queue.pop_front() {
        if done(b, &now) {
            let mut moves = Vec::new();
            let mut k = key(b, &now);
            while let Some(&(parent, Some(m))) = from.get(&k) {
                moves.push(m);
                k = parent;
            }
            moves.reverse();
            return Some(moves);
        }
        let k = key(b, &now);
        for m in Move::ALL {
            let to = puzzle.step(b, m);
            if to == NONE || fixed[usize::from(to)] {
                continue;
            }
            if !clock.tick() {
                return None;
            }
            let to = usize::from(to);
            at.clone_from(&now);
            // The tile on `to`, if it is one of those placed, moves to the blank's cell.
            if let Some(i) = at.iter().position(|&c| c == to) {
                at[i] = b;
            }
            let child = key(to, &at);
            if let std::collections::hash_map::Entry::Vacant(e) = from.entry(child) {
                e.insert((k, Some(m)));
                queue.push_back((to, at.clone()));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use tilebase_core::Board;

    /// A state of `board` shuffled uniformly (as `random` draws them), of the goal's parity.
    fn shuffled(puzzle: &Puzzle, seed: u64) -> Vec<u8> {
        let mut cells = puzzle.goal().to_vec();
        let mut x = seed;
        for i in (1..cells.len()).rev() {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            cells.swap(i, (x >> 33) as usize % (i + 1));
        }
        if puzzle.check(&cells).is_err() {
            // Two tiles (not the blank) swapped: the other parity half.
            let (a, b) = match cells.iter().position(|&t| t == 0) {
                Some(0) | Some(1) => (2, 3),
                _ => (0, 1),
            };
            cells.swap(a, b);
        }
        cells
    }

    #[test]
    fn every_shape_is_built_from_uniform_states_to_any_goal() {
        for (name, seed) in [
            ("10x10", 1),
            ("7x7", 2),
            ("6x6", 3),
            ("50x2", 4),
            ("2x50", 5),
            ("3x3", 6),
            ("2x2", 7),
            ("13x3", 8),
        ] {
            let board: Board = name.parse().unwrap();
            // The ordered goal, and one with the blank inside.
            let ordered = Puzzle::ordered(board);
            let mut inside = board.ordered_cells();
            inside.swap(board.cells() - 1, board.width() + 1);
            for puzzle in [ordered, Puzzle::new(board, &inside).unwrap()] {
                for k in 0..2 {
                    let cells = shuffled(&puzzle, seed * 10 + k);
                    let mut clock = Clock::start(Budget::UNLIMITED, None);
                    let moves = construct(&puzzle, &cells, &mut clock).expect(name);
                    assert_eq!(
                        puzzle.replay(&cells, &moves).as_deref(),
                        Some(puzzle.goal()),
                        "{name}"
                    );
                }
            }
        }
    }
}
