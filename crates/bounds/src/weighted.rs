//! Weighted A*: best-first by g + w·h, every state generated remembered. Where a beam sits on a
//! plateau of the heuristic near the goal (a few tiles out of place that need a long detour),
//! this climbs out: every state of the plateau is expanded once, then the next best.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;
use tilebase_core::Move;

use crate::budget::Clock;
use crate::puzzle::Puzzle;
use crate::walker::Walker;

/// A state reached: where its cells are in the arena, its depth, and how it was reached.
struct Node {
    g: u32,
    /// The node it was reached from (`u32::MAX` for the start) and the move.
    parent: u32,
    last: Option<Move>,
}

/// A solution from `cells` by weighted A* with weight `weight` (in tenths: 20 is twice the
/// heuristic), or `None` when `max_nodes` or the clock run out first.
pub(crate) fn weighted(
    puzzle: &Puzzle,
    cells: &[u8],
    weight: u32,
    max_nodes: u64,
    clock: &mut Clock<'_>,
) -> Option<Vec<Move>> {
    let n = cells.len();
    let mut arena: Vec<u8> = cells.to_vec();
    let mut nodes = vec![Node {
        g: 0,
        parent: u32::MAX,
        last: None,
    }];
    let start = Walker::new(puzzle, cells);
    let mut index: FxHashMap<u64, u32> = FxHashMap::default();
    index.insert(start.hash(), 0);
    // Least f first; of equal f, the least h (the deeper).
    let mut open = BinaryHeap::new();
    open.push(Reverse((weight * start.h(), start.h(), 0u32)));
    let mut generated = 0u64;
    while let Some(Reverse((_, h, i))) = open.pop() {
        let node = &nodes[i as usize];
        let (g, last) = (node.g, node.last);
        if h == 0 {
            return Some(moves_to(&nodes, i));
        }
        let state = arena[i as usize * n..(i as usize + 1) * n].to_vec();
        let mut walker = Walker::new(puzzle, &state);
        for m in Move::ALL {
            if last == Some(m.opposite()) {
                continue;
            }
            let Some(to) = walker.target(m) else { continue };
            generated += 1;
            if generated > max_nodes || !clock.tick() {
                return None;
            }
            let undo = walker.apply(to);
            let (child_h, hash) = (walker.h(), walker.hash());
            let known = index.get(&hash).copied();
            let better = match known {
                Some(j) => nodes[j as usize].g > g + 1,
                None => true,
            };
            if better {
                let j = match known {
                    Some(j) => j,
                    None => {
                        let j = nodes.len() as u32;
                        arena.extend_from_slice(&state);
                        let at = arena.len() - n;
                        arena.swap(at + walker_blank(&state), at + to);
                        nodes.push(Node {
                            g: 0,
                            parent: 0,
                            last: None,
                        });
                        index.insert(hash, j);
                        j
                    }
                };
                nodes[j as usize] = Node {
                    g: g + 1,
                    parent: i,
                    last: Some(m),
                };
                open.push(Reverse((10 * (g + 1) + weight * child_h, child_h, j)));
            }
            walker.undo(undo);
        }
    }
    None
}

/// The blank's cell of `cells`.
fn walker_blank(cells: &[u8]) -> usize {
    cells.iter().position(|&t| t == 0).unwrap_or(0)
}

/// The moves from the start to node `i`.
fn moves_to(nodes: &[Node], mut i: u32) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some(m) = nodes[i as usize].last {
        moves.push(m);
        i = nodes[i as usize].parent;
    }
    moves.reverse();
    moves
}

/// Weighted A* alone, for measuring (`examples/`): the solution and the nodes generated.
#[doc(hidden)]
pub fn weighted_solution(
    puzzle: &Puzzle,
    cells: &[u8],
    weight: u32,
    max_nodes: u64,
) -> (Option<Vec<Move>>, u64) {
    let mut clock = Clock::start(crate::Budget::UNLIMITED, None);
    let found = weighted(puzzle, cells, weight, max_nodes, &mut clock);
    (found, clock.nodes)
}
