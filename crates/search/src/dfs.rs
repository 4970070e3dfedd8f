//! Depth-first search with a stack, as the articles write it, plus a depth limit.

use tilebase_core::Path;

use crate::space::{Node, Space, reach};
use crate::{Budget, Stats};

/// Depth-first search: a stack of nodes and the depth each was first reached at. Nothing
/// deeper than `max_depth` is pushed, and a node is pushed again only when reached by a
/// shallower route, so every node within the limit is eventually found. The goal is recognised
/// as soon as it is generated, rather than when it comes off the stack, which spares the
/// subtrees pushed after it. The path is legal and at most `max_depth` long, but the first one
/// found is rarely optimal.
pub(crate) fn dfs(
    space: &Space,
    start: Node,
    max_depth: u32,
    budget: Budget,
) -> (Option<Path>, Stats) {
    let mut stats = Stats::default();
    if space.is_goal(start) {
        return (Some(Path::new()), stats);
    }
    let mut reached = space.rooted(start);
    let mut stack = vec![(start, 0u32)];
    while let Some((node, depth)) = stack.pop() {
        if reached[&node.cells].depth < depth {
            continue; // pushed again from a shallower route since
        }
        if depth == max_depth {
            continue;
        }
        if stats.expanded == budget.max_expanded {
            return (None, stats);
        }
        stats.expanded += 1;
        // Pushed in reverse so that U is popped, hence tried, first.
        for (m, next) in space.successors(node).rev() {
            stats.generated += 1;
            if !reach(&mut reached, next.cells, m, depth + 1) {
                continue;
            }
            if space.is_goal(next) {
                return (Some(space.path_to(&reached, next)), stats);
            }
            stack.push((next, depth + 1));
        }
        stats.peak(stack.len());
    }
    (None, stats)
}
