//! A solution: beam search. Every layer holds the states one move deeper than the last; of their
//! children it keeps the `width` with the least heuristic (all of a layer are equally deep, so
//! that is the least estimated length), dropping repeats. The first layer to hold the goal
//! gives the solution; wider beams give shorter ones.

use rustc_hash::FxHashSet;
use tilebase_core::Move;

use crate::budget::Clock;
use crate::puzzle::Puzzle;
use crate::walker::Walker;
use crate::weighted::weighted;

/// A child of the layer: its heuristic, its parent and move, its hash.
#[derive(Clone, Copy)]
struct Child {
    h: u32,
    /// The parent's index times 4 plus the move.
    from: u32,
    hash: u64,
}

/// The heuristic under which weighted A* tries to finish, and the nodes each try may take.
const ENDGAME: u32 = 24;
const ENDGAME_NODES: u64 = 500_000;
/// The most tries a beam makes.
const ENDGAME_TRIES: usize = 4;
/// Boards of more cells than this try weighted A* near the goal.
const ENDGAME_FROM_CELLS: usize = 25;
/// Weighted A*'s weight on the heuristic, in tenths: five times the heuristic finished every
/// plateau measured on 7x7 within a few hundred thousand nodes; its detours are shortened after.
pub(crate) const ENDGAME_WEIGHT: u32 = 50;

/// The hashes of states seen that a beam keeps at most (128 MB or so).
const FORGET_AFTER: usize = 1 << 23;

/// The most states a beam holds: its back pointers take 4 bytes a state a layer.
pub(crate) const MAX_WIDTH: usize = 1 << 24;

/// A solution from `cells` found by a beam of `width` states, or `None` when the budget ran out
/// first (or the beam, with every state a dead end, emptied: it never does on a board with a
/// cycle).
pub(crate) fn beam(
    puzzle: &Puzzle,
    cells: &[u8],
    width: usize,
    clock: &mut Clock<'_>,
) -> Option<Vec<Move>> {
    let n = cells.len();
    let width = width.clamp(1, MAX_WIDTH);
    if puzzle.goal() == cells {
        return Some(Vec::new());
    }
    // The layer: each state's cells, and the move that made it.
    let mut layer: Vec<u8> = cells.to_vec();
    let mut last: Vec<Option<Move>> = vec![None];
    // Each layer's back pointers, `from` of the children kept.
    let mut back: Vec<Vec<u32>> = Vec::new();
    let mut children: Vec<Child> = Vec::new();
    let mut seen = FxHashSet::default();
    let mut counts: Vec<u32> = Vec::new();
    let mut tried = FxHashSet::default();
    // A narrow beam can wander in circles; no solution it finds would be worth having this
    // deep (a random state of 10x10 is about 500 moves from its goal).
    let deepest = 20 * n + 100;
    loop {
        if back.len() > deepest {
            return None;
        }
        children.clear();
        for (i, (state, &came)) in layer.chunks_exact(n).zip(&last).enumerate() {
            let mut walker = Walker::new(puzzle, state);
            for m in Move::ALL {
                if came == Some(m.opposite()) {
                    continue;
                }
                let Some(to) = walker.target(m) else { continue };
                if !clock.tick() {
                    return None;
                }
                let undo = walker.apply(to);
                let child = Child {
                    h: walker.h(),
                    from: (i * 4 + m as usize) as u32,
                    hash: walker.hash(),
                };
                walker.undo(undo);
                if child.h == 0 {
                    return Some(path(&back, child.from));
                }
                children.push(child);
            }
        }
        if children.is_empty() {
            return None;
        }
        // The least heuristics first: count each value, then take values in order. Children
        // of equal value stay in their parents' order, the better parents first.
        let least = children.iter().map(|c| c.h).min().unwrap_or(0);
        counts.clear();
        for c in &children {
            let i = (c.h - least) as usize;
            if i >= counts.len() {
                counts.resize(i + 1, 0);
            }
            counts[i] += 1;
        }
        let mut start = Vec::with_capacity(counts.len());
        let mut sum = 0u32;
        for &k in &counts {
            start.push(sum);
            sum += k;
        }
        let mut sorted = vec![0u32; children.len()];
        for (j, c) in children.iter().enumerate() {
            let slot = &mut start[(c.h - least) as usize];
            sorted[*slot as usize] = j as u32;
            *slot += 1;
        }
        // Near the goal the heuristic misleads most (a few tiles out of place can need a long
        // detour, and a beam kept to the least heuristic never takes it): weighted A*, which
        // remembers every state, tries to finish from the most promising child.
        // (On boards of up to 25 cells the beams alone do better: the plateaus are small, and a
        // wide beam crosses them.)
        if least <= ENDGAME
            && n > ENDGAME_FROM_CELLS
            && tried.len() < ENDGAME_TRIES
            && let Some(&j) = sorted
                .iter()
                .find(|&&j| !tried.contains(&children[j as usize].hash))
        {
            let child = children[j as usize];
            tried.insert(child.hash);
            let cells = child_cells(puzzle, &layer, n, child.from);
            if let Some(rest) = weighted(puzzle, &cells, ENDGAME_WEIGHT, ENDGAME_NODES, clock) {
                let mut moves = path(&back, child.from);
                moves.extend(rest);
                return Some(moves);
            }
        }
        // Repeats are dropped across layers too: a narrow beam would otherwise circle a
        // plateau of the heuristic for ever. The set is forgotten past a bound on its memory;
        // a beam that wide hardly circles.
        if seen.len() > FORGET_AFTER {
            seen.clear();
        }
        let mut next: Vec<u8> = Vec::with_capacity(width.min(sorted.len()) * n);
        let mut next_last = Vec::with_capacity(width.min(sorted.len()));
        let mut pointers = Vec::with_capacity(width.min(sorted.len()));
        for &j in &sorted {
            if pointers.len() == width {
                break;
            }
            let child = children[j as usize];
            if !seen.insert(child.hash) {
                continue;
            }
            next.extend_from_slice(&child_cells(puzzle, &layer, n, child.from));
            next_last.push(Some(Move::ALL[(child.from % 4) as usize]));
            pointers.push(child.from);
        }
        back.push(pointers);
        layer = next;
        last = next_last;
    }
}

/// The cells of the child `from` (parent index times 4 plus move) of `layer`.
fn child_cells(puzzle: &Puzzle, layer: &[u8], n: usize, from: u32) -> Vec<u8> {
    let parent = (from / 4) as usize;
    let mut cells = layer[parent * n..(parent + 1) * n].to_vec();
    let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
    let to = usize::from(puzzle.step(blank, Move::ALL[(from % 4) as usize]));
    cells.swap(blank, to);
    cells
}

/// The moves to the child `from` of the last layer, following the back pointers.
fn path(back: &[Vec<u32>], mut from: u32) -> Vec<Move> {
    let mut moves = Vec::with_capacity(back.len() + 1);
    moves.push(Move::ALL[(from % 4) as usize]);
    for layer in back.iter().rev() {
        from = layer[(from / 4) as usize];
        moves.push(Move::ALL[(from % 4) as usize]);
    }
    moves.reverse();
    moves
}

/// A beam's solution alone, for measuring (`examples/`).
#[doc(hidden)]
pub fn beam_solution(puzzle: &Puzzle, cells: &[u8], width: usize) -> Option<Vec<Move>> {
    let mut clock = Clock::start(crate::Budget::UNLIMITED, None);
    beam(puzzle, cells, width, &mut clock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use tilebase_core::Board;

    #[test]
    fn a_beam_finds_a_legal_solution() {
        let board: Board = "6x6".parse().unwrap();
        let puzzle = Puzzle::ordered(board);
        let mut cells = board.ordered_cells();
        let mut blank = 35;
        let mut seed = 11u64;
        for _ in 0..200 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = Move::ALL[(seed >> 33) as usize % 4];
            let to = puzzle.step(blank, m);
            if to != crate::puzzle::NONE {
                cells.swap(blank, usize::from(to));
                blank = usize::from(to);
            }
        }
        for width in [16, 100, 1000] {
            let mut clock = Clock::start(Budget::UNLIMITED, None);
            let path = beam(&puzzle, &cells, width, &mut clock).unwrap();
            assert_eq!(
                puzzle.replay(&cells, &path).unwrap(),
                puzzle.goal(),
                "width {width}"
            );
            assert!(path.len() as u32 >= puzzle.heuristic(&cells).unwrap());
        }
    }
}
