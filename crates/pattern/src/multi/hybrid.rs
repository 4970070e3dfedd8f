//! A*+IDA* in the multi-tile metric: A* from the root within a memory budget, then IDA* below
//! each state of A*'s frontier, in order, as the single-tile search does it
//! ([`crate::Solver::solve_hybrid`], where the reasons are given). A search starts as plain
//! IDA* and turns to A*+IDA* only once it has generated [`HYBRID_FROM`](crate::HYBRID_FROM)
//! nodes, and A* grows before each iteration by one state for every
//! [`NODES_PER_STATE`](crate::NODES_PER_STATE) nodes of the iteration before.
//!
//! The relabelled tables' values are exact distances of an abstraction in the same metric,
//! so their largest is consistent: A* never finds a shorter path to a state it has expanded.
//! It opens such a state again all the same, should it happen.

use tilebase_core::{Move, Slide};

use super::parallel::Start;
use super::{Axis, MultiSolution, MultiSolver, for_each_slide};
use crate::BYTES_PER_STATE;
use crate::astar::{self, FEWEST_STATES, Frontier, States, astar_ida, pack, unpack};
use crate::in_order::Pieces;
use crate::solve::SolveError;

/// A state A* reached, its step the slide from the parent: its direction (`Move as u8`) in the
/// low bits, its cells above.
type Node = astar::Node<()>;

/// The slide that reached `node`.
fn slide(node: &Node) -> Slide {
    Slide {
        direction: Move::ALL[usize::from(node.step & 3)],
        cells: node.step >> 2,
    }
}

/// The line the slide that reached state `at` ran along: any, at the root.
fn last(node: &Node, at: u32) -> Axis {
    if at == 0 {
        Axis::Any
    } else if matches!(slide(node).direction, Move::Left | Move::Right) {
        Axis::Row
    } else {
        Axis::Column
    }
}

/// A* from a root, resumable ([`States`]), and the goal it looks for.
struct Astar<'s, 'a> {
    solver: &'s MultiSolver<'a>,
    states: States<()>,
    goal: [u64; 2],
}

impl<'s, 'a> Astar<'s, 'a> {
    fn new(solver: &'s MultiSolver<'a>, root: &[u8], capacity: usize) -> Astar<'s, 'a> {
        let node = Node::root(pack(root), solver.heuristic(root), ());
        Astar {
            solver,
            states: States::new(node, capacity),
            goal: pack(&solver.goal[..solver.grid.cells()]),
        }
    }

    /// Where the search below `reached[at]` starts.
    fn start(&self, n: usize, at: u32) -> Start {
        let node = &self.states.reached[at as usize];
        let state = unpack(node.key, n);
        Start {
            state,
            blank: state[..n].iter().position(|&t| t == 0).unwrap_or(0),
            g: u32::from(node.g),
            last: last(node, at),
            h: u32::from(node.h),
        }
    }
}

impl Frontier for Astar<'_, '_> {
    type Path = Vec<Slide>;

    fn grow(&mut self, states: usize, max_nodes: u64) -> (Result<Option<u32>, SolveError>, u64) {
        let solver = self.solver;
        let grid = solver.grid;
        let n = grid.cells();
        // An expansion reaches at most a slide's worth of states along each line.
        let children = grid.width() + grid.height() - 2;
        self.states.grow(
            self.goal,
            states,
            children,
            max_nodes,
            &mut |at, node, each| {
                let mut cells = unpack(node.key, n);
                let blank = cells[..n].iter().position(|&t| t == 0).unwrap_or(0);
                let last = last(node, at);
                for_each_slide(
                    grid,
                    &mut cells,
                    blank,
                    last,
                    |direction, k, _, _, cells| {
                        let key = pack(&cells[..n]);
                        let step = direction as u8 | (k as u8) << 2;
                        each(key, step, &|| Node {
                            key,
                            parent: at,
                            g: node.g + 1,
                            h: solver.heuristic(&cells[..n]) as u8,
                            step,
                            closed: false,
                            extra: (),
                        });
                    },
                );
            },
        )
    }

    fn frontier(&self) -> Vec<u64> {
        self.states.frontier()
    }

    fn search_below(
        &self,
        frontier: &[u64],
        bound: u32,
        threads: usize,
        max_nodes: u64,
    ) -> Pieces<Vec<Slide>> {
        let n = self.solver.grid.cells();
        self.solver.search_below(
            frontier.len(),
            &|i| self.start(n, frontier[i] as u32),
            &|i| self.path_to(frontier[i] as u32),
            bound,
            threads,
            max_nodes,
        )
    }

    /// The slides from the root to `reached[at]`, along A*'s parents.
    fn path_to(&self, mut at: u32) -> Vec<Slide> {
        let mut slides = Vec::new();
        while at != 0 {
            let node = &self.states.reached[at as usize];
            slides.push(slide(node));
            at = node.parent;
        }
        slides.reverse();
        slides
    }
}

impl MultiSolver<'_> {
    /// An optimal solution of `cells` by A*+IDA*, with at most `memory` bytes for A*'s states
    /// (0: plain IDA*), shared among `threads`, generating at most `max_nodes` nodes. Searches
    /// that plain IDA* ends within [`HYBRID_FROM`](crate::HYBRID_FROM) nodes
    /// ([`Self::with_hybrid_from`]) are plain IDA*'s ([`Self::solve`], or
    /// [`Self::solve_parallel`] with more than one thread and no node bound), with the same
    /// solution; past them the solution is the first in the order of A*'s frontier, whatever
    /// the threads. A*'s states take at most [`BYTES_PER_STATE`] bytes each, and nothing else
    /// this search allocates grows with them: `memory` bounds what the search adds.
    pub fn solve_hybrid(
        &self,
        cells: &[u8],
        threads: usize,
        memory: usize,
        max_nodes: u64,
    ) -> Result<MultiSolution, SolveError> {
        let n = self.grid.cells();
        let capacity = (memory / 5 * 4 / BYTES_PER_STATE).min(u32::MAX as usize / 2);
        let shared = threads > 1 && max_nodes == u64::MAX;
        if capacity < FEWEST_STATES {
            return if shared {
                self.solve_parallel(cells, threads)
            } else {
                self.solve(cells, max_nodes)
            };
        }
        let from = self.hybrid_from;
        let plain = if shared {
            self.solve_parallel_until(cells, threads, from)
        } else {
            self.solve(cells, max_nodes.min(from))
        };
        let (bound, nodes) = match plain {
            Err(SolveError::Exceeded { nodes, bound }) if max_nodes > nodes => (bound, nodes),
            done => return done,
        };
        let (state, _) = self.start(cells)?;
        let start_bound = self.heuristic(cells);
        let mut astar = Astar::new(self, &state[..n], capacity);
        let (slides, nodes) = astar_ida(&mut astar, bound, nodes, max_nodes, threads)?;
        Ok(MultiSolution {
            slides,
            nodes,
            start_bound,
        })
    }
}
