//! A*+IDA* (Bu and Korf, IJCAI 2019): A* from the root, within a memory budget, then IDA*
//! below each state of A*'s frontier, in order.
//!
//! IDA* reaches a state once for every path to it within the bound; A* keeps each state once,
//! so near the root, where the paths to a state are many, nothing is searched twice. And the
//! frontier is searched in an order of its own: the states with the least room below them (the
//! highest f, then the lowest h) first, so that in the last iteration the cheap subtrees near
//! the goal come before the wide ones, where IDA*'s first solution lies wherever the order of
//! moves puts it. On Korf and Felner's 24-puzzle instances that last iteration is most of
//! IDA*'s nodes.
//!
//! A search starts as plain IDA* and turns to A*+IDA* only once it has generated
//! [`HYBRID_FROM`] nodes: most positions are solved before, with the same solution and nodes as
//! ever. A* then grows before each iteration, by one state for every [`NODES_PER_STATE`] nodes
//! the iteration before generated, until the budget is full, so that it costs a share of the
//! search, not a fixed price.
//!
//! The heuristic is admissible but not consistent (a pattern's value is the least over the
//! blank's regions, and one move can lower it by more than one), so A* opens a state again when
//! it finds a shorter path to it. Below each frontier state, twinned move sequences are cut
//! from that state on: the path to it is A*'s, not one the order of moves would have taken, and
//! a twin reaching across it could cut the only path searched.

use tilebase_core::Move;

use super::{Found, MAX_CELLS, MAX_LOOKUPS, Solution, SolveError, Solver, View};
use crate::astar::{self, FEWEST_STATES, Frontier, States, astar_ida, pack, unpack};
use crate::in_order::{Piece, Pieces, search_in_order};
use crate::progress;

/// The nodes plain IDA* generates before a search turns to A*+IDA*: about a tenth of a second
/// (the 15-puzzle's Korf's 100 take 29,000 on average, and keep their answers).
pub const HYBRID_FROM: u64 = 1 << 21;

/// The memory A*'s states take, a state, at most: the state itself (32 bytes), its place in
/// the hash table (at most 12 bytes: a 4-byte index and a control byte, the table at least 7/16
/// full), its entry in the open list (at most 8 bytes, a list at least half full) and in the
/// frontier (8 bytes). Room for states is made four times larger at a time, and the old room is
/// freed once the new is made: a budget of `memory` bytes holds `memory` × 4/5 of states'
/// worth, so that the moment both are held stays within it.
pub const BYTES_PER_STATE: usize = 60;

/// A state A* reached, its step the blank's move from the parent (`Move as u8`), and the value
/// of each pattern of each lookup, lookup after lookup, when they fit: the expansion's and the
/// search's views then look nothing up again.
type Node = astar::Node<[u8; VALUES]>;

/// The most patterns' values a state keeps ([`Node`]'s `extra`): 4x4's two patterns and 5x5's
/// four, each on the state and its mirror.
const VALUES: usize = 8;

/// A* from a root, resumable ([`States`]), and what its expansions need to know.
struct Astar<'s, 'a> {
    solver: &'s Solver<'a>,
    states: States<[u8; VALUES]>,
    /// The moves searched from the root ([`Solver::root_moves`]).
    root_moves: u8,
    goal: [u64; 2],
    /// Whether the states keep their patterns' values (they fit in [`VALUES`]).
    known: bool,
}

impl<'s, 'a> Astar<'s, 'a> {
    /// A* from `root`, with room for `capacity` states, the root reached.
    fn new(solver: &'s Solver<'a>, root: &[u8; MAX_CELLS], capacity: usize) -> Astar<'s, 'a> {
        let n = solver.grid.cells();
        let known = solver.pattern_values_len() <= VALUES;
        let views = solver.views(root);
        let h = views[..solver.lookups.len()]
            .iter()
            .map(|v| v.sum)
            .max()
            .unwrap_or(0);
        let mut values = [0u8; VALUES];
        if known {
            solver.pattern_values(&views, &mut values);
        }
        let node = Node::root(pack(&root[..n]), h, values);
        Astar {
            solver,
            states: States::new(node, capacity),
            root_moves: solver.root_moves(root),
            goal: pack(&solver.goal[..n]),
            known,
        }
    }

    /// The views of `node`'s `cells`, its values known when it keeps them.
    fn views(&self, cells: &[u8; MAX_CELLS], node: &Node) -> [View; MAX_LOOKUPS] {
        if self.known {
            self.solver.views_knowing(cells, &node.extra)
        } else {
            self.solver.views(cells)
        }
    }
}

impl Frontier for Astar<'_, '_> {
    type Path = Vec<Move>;

    fn grow(&mut self, states: usize, max_nodes: u64) -> (Result<Option<u32>, SolveError>, u64) {
        let solver = self.solver;
        let n = solver.grid.cells();
        let (known, root_moves) = (self.known, self.root_moves);
        // An expansion reaches at most four states.
        self.states
            .grow(self.goal, states, 4, max_nodes, &mut |at, node, each| {
                let cells = unpack(node.key, n);
                let views = if known {
                    solver.views_knowing(&cells, &node.extra)
                } else {
                    solver.views(&cells)
                };
                let blank = solver.blank(&cells);
                let back = (at != 0).then(|| Move::ALL[usize::from(node.step)].opposite());
                for m in Move::ALL {
                    if Some(m) == back || (at == 0 && root_moves & (1 << (m as u8)) == 0) {
                        continue;
                    }
                    let from = solver.steps[blank][m as usize];
                    if from == super::NO_STEP {
                        continue;
                    }
                    let from = usize::from(from);
                    let mut child = cells;
                    child.swap(from, blank);
                    let key = pack(&child[..n]);
                    each(key, m as u8, &|| {
                        let mut values = node.extra;
                        let h = solver.child_heuristic(
                            &views,
                            from,
                            blank,
                            known.then_some(&mut values[..]),
                        );
                        Node {
                            key,
                            parent: at,
                            g: node.g + 1,
                            h: h as u8,
                            step: m as u8,
                            closed: false,
                            extra: values,
                        }
                    });
                }
            })
    }

    fn frontier(&self) -> Vec<u64> {
        self.states.frontier()
    }

    fn path_to(&self, at: u32) -> Vec<Move> {
        path_to(&self.states.reached, at)
    }

    fn search_below(
        &self,
        frontier: &[u64],
        bound: u32,
        threads: usize,
        max_nodes: u64,
    ) -> Pieces<Vec<Move>> {
        let solver = self.solver;
        let n = solver.grid.cells();
        let reached = &self.states.reached;
        let start_bound = u32::from(reached[0].h);
        let twins = solver.twins_at(start_bound, bound);
        search_in_order(frontier.len(), threads, max_nodes, &|i, stop, left| {
            let at = frontier[i] as u32;
            let node = &reached[at as usize];
            let cells = unpack(node.key, n);
            let mut search = solver.search_with(&cells, self.views(&cells, node));
            // Twins are cut within each state's subtree: the path from the root to it is A*'s,
            // not one that the search's order would have taken.
            search.cut_twins(twins, &[]);
            search.abort = Some(stop);
            search.max_nodes = left;
            let back = (at != 0).then(|| Move::ALL[usize::from(node.step)].opposite());
            let result = search.dfs(u32::from(node.g), bound, u32::from(node.h), back);
            progress::rest(search.nodes);
            Piece {
                found: matches!(result, Found::Yes).then(|| {
                    let mut moves = path_to(reached, at);
                    moves.extend_from_slice(&search.path);
                    moves
                }),
                next_bound: search.next_bound,
                nodes: search.nodes,
                exceeded: matches!(result, Found::Stopped) && search.nodes > search.max_nodes,
            }
        })
    }
}

/// How much A* grows before an iteration of IDA*: one state for every this many nodes the
/// iteration before generated. A state costs A* about ten nodes of IDA* (a hash-table probe and
/// table look-ups, each a cache miss), so growing costs about as much as the iteration before,
/// a fraction of the next (several times larger); a larger frontier orders the last iteration
/// better (measured on Korf and Felner's instances: 8 did better than 32 or 128).
pub const NODES_PER_STATE: u64 = 8;

impl Solver<'_> {
    /// An optimal solution of `cells` (the tile on each cell, row by row) by A*+IDA*, with at
    /// most `memory` bytes for A*'s states (0: plain IDA*), shared among `threads`, generating
    /// at most `max_nodes` nodes. The answer does not depend on the threads: it is the first
    /// solution in the order of A*'s frontier. Searches that plain IDA* ends within
    /// [`HYBRID_FROM`] nodes ([`Self::with_hybrid_from`]; shared among threads with no node
    /// bound, within the iteration that passes them) are plain IDA*'s ([`Self::solve`],
    /// [`Self::solve_parallel`]), with the same solution.
    ///
    /// A* grows with the search: before each iteration of IDA* it reaches one more state for
    /// every [`NODES_PER_STATE`] nodes the iteration before generated, until `memory` is full.
    /// A*'s states take [`BYTES_PER_STATE`] bytes each, and nothing else this search
    /// allocates grows with them: `memory` bounds what the search adds to the process.
    pub fn solve_hybrid(
        &self,
        cells: &[u8],
        threads: usize,
        memory: usize,
        max_nodes: u64,
    ) -> Result<Solution, SolveError> {
        let n = self.grid.cells();
        let capacity = (memory / 5 * 4 / BYTES_PER_STATE).min(u32::MAX as usize / 2);
        if n > 25 || capacity < FEWEST_STATES {
            return if threads > 1 && max_nodes == u64::MAX {
                self.solve_parallel(cells, threads)
            } else {
                self.solve(cells, max_nodes)
            };
        }
        // Plain IDA* first, shared among the threads as `solve_parallel` shares it (whole
        // iterations, then) when there is no node bound.
        let from = self.hybrid_from;
        let plain = if threads > 1 && max_nodes == u64::MAX {
            self.solve_parallel_until(cells, threads, from)
        } else {
            self.solve(cells, max_nodes.min(from))
        };
        let (bound, nodes) = match plain {
            Err(SolveError::Exceeded { nodes, bound }) if max_nodes > nodes => (bound, nodes),
            done => return done,
        };
        let start_bound = self.heuristic(cells);
        let mut state = [0u8; MAX_CELLS];
        state[..n].copy_from_slice(&cells[..n]);
        let mut astar = Astar::new(self, &state, capacity);
        let (moves, nodes) = astar_ida(&mut astar, bound, nodes, max_nodes, threads)?;
        Ok(Solution {
            moves,
            nodes,
            start_bound,
        })
    }
}

/// The blank's moves from the root to `reached[at]`, along A*'s parents.
fn path_to(reached: &[Node], mut at: u32) -> Vec<Move> {
    let mut moves = Vec::with_capacity(usize::from(reached[at as usize].g));
    while at != 0 {
        let node = &reached[at as usize];
        moves.push(Move::ALL[usize::from(node.step)]);
        at = node.parent;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_takes_what_the_budget_counts() {
        assert_eq!(std::mem::size_of::<Node>(), 32);
        assert_eq!(BYTES_PER_STATE, 32 + 12 + 8 + 8);
    }
}
