//! Shortening a solution: each stretch of `window` moves is replaced by an optimal path between
//! its two ends when one is shorter, found by IDA* towards the stretch's end as goal.

use std::sync::atomic::AtomicU32;

use tilebase_core::Move;

use crate::budget::{Budget, Clock};
use crate::lower::raise;
use crate::puzzle::Puzzle;

/// `path` from `cells` with every stretch of `window` moves (fewer at the end) made optimal
/// where IDA* proves one shorter within `per_window` nodes; the path as it stands when the
/// clock runs out.
pub(crate) fn shorten(
    puzzle: &Puzzle,
    cells: &[u8],
    mut path: Vec<Move>,
    window: usize,
    per_window: u64,
    clock: &mut Clock<'_>,
) -> Vec<Move> {
    let n = cells.len();
    let board = puzzle.board();
    let mut states = walk(puzzle, cells, &path);
    let mut i = 0;
    while i + 2 <= path.len() {
        if clock.is_out() {
            break;
        }
        let k = window.min(path.len() - i);
        let from = &states[i * n..(i + 1) * n];
        let to = &states[(i + k) * n..(i + k + 1) * n];
        let Ok(target) = Puzzle::new(board, to) else {
            break;
        };
        let mut sub = clock.sub(Budget::nodes(per_window));
        let raised = raise(
            &target,
            from,
            &AtomicU32::new(k as u32),
            false,
            false,
            &mut sub,
        );
        clock.nodes += sub.nodes;
        match raised.solution {
            Some(shorter) if shorter.len() < k => {
                path.splice(i..i + k, shorter);
                states = walk(puzzle, cells, &path);
                // The stretch ending here may now shorten too.
                i = i.saturating_sub(window / 2);
            }
            _ => i += 1,
        }
    }
    path
}

/// The states along `path` from `cells`, flat: the first is `cells`.
fn walk(puzzle: &Puzzle, cells: &[u8], path: &[Move]) -> Vec<u8> {
    let n = cells.len();
    let mut states = Vec::with_capacity((path.len() + 1) * n);
    states.extend_from_slice(cells);
    let mut blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
    for &m in path {
        let at = states.len();
        states.extend_from_within(at - n..at);
        let to = usize::from(puzzle.step(blank, m));
        states.swap(at + blank, at + to);
        blank = to;
    }
    states
}

/// [`shorten`] alone, for measuring (`examples/`).
#[doc(hidden)]
pub fn shorten_solution(
    puzzle: &Puzzle,
    cells: &[u8],
    path: Vec<Move>,
    window: usize,
    per_window: u64,
) -> (Vec<Move>, u64) {
    let mut clock = Clock::start(Budget::UNLIMITED, None);
    let path = shorten(puzzle, cells, path, window, per_window, &mut clock);
    (path, clock.nodes)
}
