//! A* with any admissible heuristic.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use tilebase_core::Path;

use crate::space::{Node, Space, reach};
use crate::{Budget, Stats};

/// The heap's order, packed in one word: least f first, then least h (the deepest node), then
/// the oldest. So with the exact distance as heuristic, A* follows the same path as the
/// table's own solution: the first optimal move in U, D, L, R order.
fn priority(g: u32, h: u32, order: u64) -> u64 {
    let f = u64::from((g + h).min(255));
    (f << 56) | (u64::from(h.min(255)) << 48) | (order & ((1 << 48) - 1))
}

/// A* from `start`. With an admissible heuristic the path is optimal; a node reached again by a
/// shorter path is opened again, so consistency is not required.
pub(crate) fn astar(
    space: &Space,
    start: Node,
    budget: Budget,
    mut heuristic: impl FnMut(Node) -> u32,
) -> (Option<Path>, Stats) {
    let mut stats = Stats::default();
    let mut reached = space.rooted(start);
    let mut order = 0u64;
    // Entries: (priority, g, node). The heap is a max-heap, hence the Reverse.
    let mut open = BinaryHeap::from([Reverse((priority(0, heuristic(start), order), 0u32, start))]);
    while let Some(Reverse((_, g, node))) = open.pop() {
        if reached[&node.cells].depth < g {
            continue; // a shorter path to this node was opened since
        }
        if space.is_goal(node) {
            stats.expanded += 1;
            return (Some(space.path_to(&reached, node)), stats);
        }
        if stats.expanded == budget.max_expanded {
            return (None, stats);
        }
        stats.expanded += 1;
        for (m, next) in space.successors(node) {
            stats.generated += 1;
            if !reach(&mut reached, next.cells, m, g + 1) {
                continue;
            }
            order += 1;
            open.push(Reverse((
                priority(g + 1, heuristic(next), order),
                g + 1,
                next,
            )));
        }
        stats.peak(open.len());
    }
    (None, stats)
}
