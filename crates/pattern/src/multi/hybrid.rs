//! A*+IDA* in the multi-tile metric: A* from the root within a memory budget, then IDA* below
//! each state of A*'s frontier, in order, as the single-tile search does it
//! ([`crate::Solver::solve_hybrid`], where the reasons are given). A search starts as plain
//! IDA* and turns to A*+IDA* only once it has generated [`HYBRID_FROM`](crate::HYBRID_FROM)
//! nodes, and A* grows before each iteration by one state for every
//! [`NODES_PER_STATE`] nodes of the iteration before.
//!
//! The relabelled tables' values are exact distances of an abstraction in the same metric,
//! so their largest is consistent: A* never finds a shorter path to a state it has expanded.
//! It opens such a state again all the same, should it happen.

use hashbrown::HashTable;
use tilebase_core::{Move, Slide};

use super::{Axis, MultiSolution, MultiSolver};
use crate::progress;
use crate::solve::SolveError;
use crate::solve::hybrid::{FEWEST_STATES, Open, by_room, hash, pack, unpack};
use crate::{BYTES_PER_STATE, NODES_PER_STATE};

use super::parallel::Piece;

/// A state A* reached: its cells packed 5 bits each, the state it was reached from and by
/// which slide, its depth and bound.
#[derive(Clone, Copy)]
struct Node {
    key: [u64; 2],
    parent: u32,
    g: u8,
    h: u8,
    /// The slide from the parent: its direction (`Move as u8`) in the low bits, its cells
    /// above; unused at the root.
    slide: u8,
    closed: bool,
}

impl Node {
    fn slide(&self) -> Slide {
        Slide {
            direction: Move::ALL[usize::from(self.slide & 3)],
            cells: self.slide >> 2,
        }
    }

    /// The line its slide ran along, if it is not the root.
    fn last(&self, at: u32) -> Axis {
        if at == 0 {
            Axis::Any
        } else if matches!(self.slide().direction, Move::Left | Move::Right) {
            Axis::Row
        } else {
            Axis::Column
        }
    }
}

/// A* from a root, resumable: the states reached, a hash table of them, and the open list.
struct Astar {
    reached: Vec<Node>,
    table: HashTable<u32>,
    open: Open,
    /// The most states it may reach.
    capacity: usize,
    goal: [u64; 2],
}

impl Astar {
    fn new(solver: &MultiSolver<'_>, root: &[u8], capacity: usize) -> Astar {
        let h = solver.heuristic(root);
        let key = pack(root);
        let mut astar = Astar {
            reached: Vec::new(),
            table: HashTable::new(),
            open: Open::new(),
            capacity,
            goal: pack(&solver.goal[..solver.grid.cells()]),
        };
        astar.reserve(FEWEST_STATES);
        astar.reached.push(Node {
            key,
            parent: 0,
            g: 0,
            h: h as u8,
            slide: 0,
            closed: false,
        });
        let reached = &astar.reached;
        astar
            .table
            .insert_unique(hash(key), 0, |&i| hash(reached[i as usize].key));
        astar.open.push(0, h, h);
        astar
    }

    /// Makes room for `states` states (at most the capacity), four times the room there is at
    /// least: the old room and the new, held together for a moment, stay within the budget.
    fn reserve(&mut self, states: usize) {
        let room = self.reached.capacity();
        let wanted = states.min(self.capacity);
        if wanted <= room {
            return;
        }
        let room = wanted.max(4 * room).min(self.capacity);
        self.reached.reserve_exact(room - self.reached.len());
        let reached = &self.reached;
        self.table
            .reserve(room - self.table.len(), |&i| hash(reached[i as usize].key));
    }

    /// Whether no more states fit: an expansion reaches at most a slide's worth of states on
    /// each line, `width + height - 2`.
    fn full(&self, children: usize) -> bool {
        self.reached.len() + children > self.reached.capacity().min(self.capacity)
            || self.open.entries + children > self.capacity
    }

    fn live(&self, i: u32, f: u32) -> bool {
        let n = &self.reached[i as usize];
        !n.closed && u32::from(n.g) + u32::from(n.h) == f
    }

    /// Expands states in A*'s order until `states` are reached (or the capacity), generating
    /// at most `max_nodes` nodes: the goal's state if it is taken from the open list (its path
    /// is then a shortest one). Returns the nodes generated, too.
    fn grow(
        &mut self,
        solver: &MultiSolver<'_>,
        states: usize,
        max_nodes: u64,
    ) -> (Result<Option<u32>, SolveError>, u64) {
        let grid = solver.grid;
        let n = grid.cells();
        let children = grid.width() + grid.height() - 2;
        let states = states.min(self.capacity);
        self.reserve(states);
        let mut generated = 0u64;
        let mut counted = 0u64;
        let result = loop {
            if self.reached.len() >= states || self.full(children) {
                break Ok(None);
            }
            let reached = &self.reached;
            let Some(at) = self.open.pop(|i, f| {
                let n = &reached[i as usize];
                !n.closed && u32::from(n.g) + u32::from(n.h) == f
            }) else {
                // Nothing left open: cannot happen for a solvable state.
                break Err(SolveError::Unsolvable);
            };
            let node = self.reached[at as usize];
            if node.key == self.goal {
                // Left open, as the frontier holds it.
                self.open
                    .push(at, u32::from(node.g) + u32::from(node.h), u32::from(node.h));
                break Ok(Some(at));
            }
            self.reached[at as usize].closed = true;
            let mut cells = unpack(node.key, n);
            let blank = cells[..n].iter().position(|&t| t == 0).unwrap_or(0);
            let last = node.last(at);
            for (direction, room, step, axis) in super::lines(grid, blank) {
                if axis == last {
                    continue;
                }
                let mut from = blank;
                for k in 1..=room {
                    let to = (from as isize + step) as usize;
                    cells.swap(from, to);
                    from = to;
                    generated += 1;
                    let key = pack(&cells[..n]);
                    let g = node.g + 1;
                    let slide = direction as u8 | (k as u8) << 2;
                    let reached = &mut self.reached;
                    match self
                        .table
                        .find(hash(key), |&i| reached[i as usize].key == key)
                    {
                        Some(&i) => {
                            let other = &mut reached[i as usize];
                            if g < other.g {
                                other.closed = false;
                                other.g = g;
                                other.parent = at;
                                other.slide = slide;
                                let h = u32::from(other.h);
                                self.open.push(i, u32::from(g) + h, h);
                            }
                        }
                        None => {
                            let h = solver.heuristic(&cells[..n]);
                            let i = reached.len() as u32;
                            reached.push(Node {
                                key,
                                parent: at,
                                g,
                                h: h as u8,
                                slide,
                                closed: false,
                            });
                            self.table
                                .insert_unique(hash(key), i, |&i| hash(reached[i as usize].key));
                            self.open.push(i, u32::from(g) + h, h);
                        }
                    }
                }
                while from != blank {
                    let back = (from as isize - step) as usize;
                    cells.swap(from, back);
                    from = back;
                }
            }
            if generated - counted >= progress::STEP {
                progress::add(generated - counted);
                counted = generated;
            }
            if generated > max_nodes {
                break Err(SolveError::Exceeded {
                    nodes: generated,
                    bound: u32::from(node.g) + u32::from(node.h),
                });
            }
        };
        progress::add(generated - counted);
        (result, generated)
    }

    /// The piece of work below `reached[at]`.
    fn piece(&self, n: usize, at: u32) -> Piece {
        let node = &self.reached[at as usize];
        let state = unpack(node.key, n);
        Piece {
            state,
            blank: state[..n].iter().position(|&t| t == 0).unwrap_or(0),
            g: u32::from(node.g),
            last: node.last(at),
            h: u32::from(node.h),
        }
    }

    /// The slides from the root to `reached[at]`, along A*'s parents.
    fn path_to(&self, mut at: u32) -> Vec<Slide> {
        let mut slides = Vec::new();
        while at != 0 {
            let node = &self.reached[at as usize];
            slides.push(node.slide());
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
        let (mut bound, mut nodes) = match plain {
            Err(SolveError::Exceeded { nodes, bound }) if max_nodes > nodes => (bound, nodes),
            done => return done,
        };
        let (state, _) = self.start(cells)?;
        let start_bound = self.heuristic(cells);
        let mut astar = Astar::new(self, &state[..n], capacity);
        let exceeded = |nodes: u64, bound: u32| SolveError::Exceeded { nodes, bound };
        let mut last = nodes;
        loop {
            let wanted = usize::try_from(last / NODES_PER_STATE).unwrap_or(usize::MAX);
            let (grown, generated) = astar.grow(self, wanted, max_nodes - nodes);
            nodes += generated;
            match grown {
                Ok(Some(goal)) => {
                    return Ok(MultiSolution {
                        slides: astar.path_to(goal),
                        nodes,
                        start_bound,
                    });
                }
                Ok(None) => {}
                Err(SolveError::Exceeded { bound, .. }) => return Err(exceeded(nodes, bound)),
                Err(e) => return Err(e),
            }
            progress::begin(bound);
            let mut frontier = astar.open.frontier(|i, f| astar.live(i, f));
            let f_of = |key: u64| (key >> 40) as u32;
            let within = frontier.partition_point(|&k| f_of(k) <= bound);
            let beyond = frontier.get(within).map_or(u32::MAX, |&k| f_of(k));
            // The states within the bound, those with the least room below them first: in
            // the last iteration the cheapest subtrees, and those nearest the goal, come first.
            let frontier = &mut frontier[..within];
            by_room(frontier);
            let frontier = &*frontier;
            let below = self.search_pieces(
                frontier.len(),
                &|i| astar.piece(n, frontier[i] as u32),
                &|i| astar.path_to(frontier[i] as u32),
                bound,
                threads,
                max_nodes - nodes,
            );
            nodes += below.nodes;
            last = below.nodes;
            match below.result {
                Ok(Some(slides)) => {
                    return Ok(MultiSolution {
                        slides,
                        nodes,
                        start_bound,
                    });
                }
                Ok(None) => {
                    bound = below.next_bound.min(beyond);
                    if bound == u32::MAX {
                        // Nothing left to search: cannot happen for a solvable state.
                        return Err(SolveError::Unsolvable);
                    }
                }
                Err(SolveError::Exceeded { .. }) => return Err(exceeded(nodes, bound)),
                Err(e) => return Err(e),
            }
        }
    }
}
