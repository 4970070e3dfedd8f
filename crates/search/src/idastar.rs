//! Iterative-deepening A* with the Manhattan distance.

use tilebase_core::{Move, Path};

use crate::space::{Node, Space};
use crate::{Budget, Stats};

enum Probe {
    Found,
    /// The least f that exceeded the bound, for the next iteration.
    Exceeded(u32),
    OutOfBudget,
}

struct Walk<'a> {
    space: &'a Space,
    budget: Budget,
    stats: Stats,
    path: Vec<Move>,
}

/// Depth-first searches bounded by f = g + h, the bound raised each time to the least f that
/// exceeded it, until the goal is found. Memory is only the current path; the price is that
/// every iteration expands again what the last one did. The Manhattan distance is updated
/// incrementally: a move changes only the moved tile's term.
pub(crate) fn idastar(space: &Space, start: Node, budget: Budget) -> (Option<Path>, Stats) {
    let mut walk = Walk {
        space,
        budget,
        stats: Stats::default(),
        path: Vec::new(),
    };
    let h = space.manhattan(start);
    let mut bound = h;
    loop {
        match walk.probe(start, 0, h, bound, None) {
            Probe::Found => return (Some(walk.path.into()), walk.stats),
            Probe::OutOfBudget => return (None, walk.stats),
            Probe::Exceeded(u32::MAX) => return (None, walk.stats),
            Probe::Exceeded(next) => bound = next,
        }
    }
}

impl Walk<'_> {
    fn probe(&mut self, node: Node, g: u32, h: u32, bound: u32, last: Option<Move>) -> Probe {
        let f = g + h;
        if f > bound {
            return Probe::Exceeded(f);
        }
        if self.space.is_goal(node) {
            return Probe::Found;
        }
        if self.stats.expanded == self.budget.max_expanded {
            return Probe::OutOfBudget;
        }
        self.stats.expanded += 1;
        let mut least = u32::MAX;
        for (m, next) in self.space.successors(node) {
            if Some(m.opposite()) == last {
                continue; // undoing the last move never helps
            }
            self.stats.generated += 1;
            // The tile that moved went from the blank's new cell to its old one.
            let tile = Space::tile(node.cells, usize::from(next.blank));
            let h_next = h + self.space.tile_distance(tile, usize::from(node.blank))
                - self.space.tile_distance(tile, usize::from(next.blank));
            self.path.push(m);
            self.stats.peak(self.path.len());
            match self.probe(next, g + 1, h_next, bound, Some(m)) {
                Probe::Found => return Probe::Found,
                Probe::OutOfBudget => return Probe::OutOfBudget,
                Probe::Exceeded(f) => least = least.min(f),
            }
            self.path.pop();
        }
        Probe::Exceeded(least)
    }
}
