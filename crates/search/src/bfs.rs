//! Breadth-first search, from the start alone or from both ends.

use std::collections::VecDeque;
use std::collections::hash_map::Entry;

use tilebase_core::{Move, Path};

use crate::space::{Node, Reached, ReachedMap, Space};
use crate::{Budget, Stats};

/// Records `next`, reached by `m` at `depth`, unless it was reached before.
#[inline]
fn first_visit(reached: &mut ReachedMap, next: Node, m: Move, depth: u32) -> bool {
    match reached.entry(next.cells) {
        Entry::Occupied(_) => false,
        Entry::Vacant(slot) => {
            slot.insert(Reached { by: m, depth });
            true
        }
    }
}

/// Plain breadth-first search: the first time the goal is generated, its path is a shortest one.
pub(crate) fn bfs(space: &Space, start: Node, budget: Budget) -> (Option<Path>, Stats) {
    let mut stats = Stats::default();
    if space.is_goal(start) {
        return (Some(Path::new()), stats);
    }
    let mut reached = space.rooted(start);
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((node, depth)) = queue.pop_front() {
        if stats.expanded == budget.max_expanded {
            return (None, stats);
        }
        stats.expanded += 1;
        for (m, next) in space.successors(node) {
            stats.generated += 1;
            if !first_visit(&mut reached, next, m, depth + 1) {
                continue;
            }
            if space.is_goal(next) {
                return (Some(space.path_to(&reached, next)), stats);
            }
            queue.push_back((next, depth + 1));
        }
        stats.peak(queue.len());
    }
    (None, stats)
}

/// One side of a bidirectional search.
struct Side {
    reached: ReachedMap,
    layer: Vec<Node>,
    depth: u32,
}

/// Breadth-first search from the start and from the goal at once, a whole layer at a time from
/// whichever side has the smaller frontier. When a layer meets the other side, the shortest
/// meeting of that layer gives a shortest path.
pub(crate) fn bidirectional(space: &Space, start: Node, budget: Budget) -> (Option<Path>, Stats) {
    let mut stats = Stats::default();
    if space.is_goal(start) {
        return (Some(Path::new()), stats);
    }
    let side = |root: Node| Side {
        reached: space.rooted(root),
        layer: vec![root],
        depth: 0,
    };
    let mut forward = side(start);
    let mut backward = side(space.goal);
    while !forward.layer.is_empty() && !backward.layer.is_empty() {
        let (this, other) = if forward.layer.len() <= backward.layer.len() {
            (&mut forward, &mut backward)
        } else {
            (&mut backward, &mut forward)
        };
        let mut next_layer = Vec::new();
        // The best meeting in this layer: (total length, meeting node).
        let mut best: Option<(u32, Node)> = None;
        for &node in &this.layer {
            if stats.expanded == budget.max_expanded {
                return (None, stats);
            }
            stats.expanded += 1;
            for (m, next) in space.successors(node) {
                stats.generated += 1;
                if !first_visit(&mut this.reached, next, m, this.depth + 1) {
                    continue;
                }
                if let Some(there) = other.reached.get(&next.cells) {
                    let total = this.depth + 1 + there.depth;
                    if best.is_none_or(|(b, _)| total < b) {
                        best = Some((total, next));
                    }
                }
                next_layer.push(next);
            }
        }
        this.layer = next_layer;
        this.depth += 1;
        stats.peak(forward.layer.len() + backward.layer.len());
        if let Some((_, meeting)) = best {
            let mut path = space.path_to(&forward.reached, meeting).into_vec();
            // The backward side's moves lead from the goal; undone, they lead to it.
            let mut at = meeting;
            while !space.is_goal(at) {
                let back = backward.reached[&at.cells].by.opposite();
                path.push(back);
                at = space
                    .step(at, back)
                    .expect("a reached node's move can be undone");
            }
            return (Some(path.into()), stats);
        }
    }
    (None, stats)
}
