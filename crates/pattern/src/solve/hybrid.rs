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

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use hashbrown::HashTable;
use tilebase_core::Move;

use super::{Found, MAX_CELLS, MAX_LOOKUPS, Solution, SolveError, Solver, View, lock};
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

/// The fewest states worth an A* phase: a smaller budget searches with plain IDA*.
pub(crate) const FEWEST_STATES: usize = 1 << 10;

/// A state A* reached: its cells packed 5 bits each (at most 25 cells), the state it was
/// reached from and by which move, its depth and heuristic.
#[derive(Clone, Copy)]
struct Node {
    key: [u64; 2],
    parent: u32,
    g: u8,
    h: u8,
    /// The blank's move from the parent (`Move as u8`); unused at the root.
    moved: u8,
    closed: bool,
    /// The value of each pattern of each lookup, lookup after lookup, when they fit: the
    /// expansion's and the search's views then look nothing up again.
    values: [u8; VALUES],
}

/// The most patterns' values a state keeps ([`Node`]'s `values`): 4x4's two patterns and 5x5's
/// four, each on the state and its mirror.
const VALUES: usize = 8;

/// Cells packed 5 bits each, into 128 bits (boards of up to 25 cells).
pub(crate) fn pack(cells: &[u8]) -> [u64; 2] {
    let mut key = 0u128;
    for (i, &t) in cells.iter().enumerate() {
        key |= u128::from(t) << (5 * i);
    }
    [key as u64, (key >> 64) as u64]
}

/// The cells of `n` packed by [`pack`].
pub(crate) fn unpack(key: [u64; 2], n: usize) -> [u8; MAX_CELLS] {
    let key = u128::from(key[0]) | u128::from(key[1]) << 64;
    let mut cells = [0u8; MAX_CELLS];
    for (i, c) in cells.iter_mut().enumerate().take(n) {
        *c = ((key >> (5 * i)) & 31) as u8;
    }
    cells
}

/// A packed state's hash: its two words mixed (splitmix64's finaliser), every bit of the key
/// reaching every bit of the hash.
pub(crate) fn hash(key: [u64; 2]) -> u64 {
    let mut x = key[0] ^ key[1].rotate_left(29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A*'s open list: a stack of states for each f and h, taken lowest f first and, within it,
/// lowest h (nearest the goal) first. A state whose depth improved is pushed again; its old
/// entry is skipped when met (its f no longer matches).
pub(crate) struct Open {
    buckets: Vec<Vec<u32>>,
    lowest: usize,
    pub(crate) entries: usize,
}

impl Open {
    pub(crate) fn new() -> Open {
        Open {
            buckets: Vec::new(),
            lowest: usize::MAX,
            entries: 0,
        }
    }

    fn slot(f: u32, h: u32) -> usize {
        (f as usize) << 8 | h as usize
    }

    pub(crate) fn push(&mut self, node: u32, f: u32, h: u32) {
        let slot = Open::slot(f, h);
        if slot >= self.buckets.len() {
            self.buckets.resize_with(slot + 1, Vec::new);
        }
        self.buckets[slot].push(node);
        self.lowest = self.lowest.min(slot);
        self.entries += 1;
    }

    /// The next state to expand: stale entries dropped on the way, those for which `live(node,
    /// f)` says the state is closed or no longer at that f.
    pub(crate) fn pop(&mut self, live: impl Fn(u32, u32) -> bool) -> Option<u32> {
        while self.lowest < self.buckets.len() {
            let f = (self.lowest >> 8) as u32;
            while let Some(node) = self.buckets[self.lowest].pop() {
                if live(node, f) {
                    return Some(node);
                }
            }
            self.lowest += 1;
        }
        None
    }

    /// The open states that `live(node, f)` keeps, as (f, h, state) sort keys in order (f in
    /// the top bits): the frontier. Within an (f, h), in the order the states were put there:
    /// no sort is needed, and the order is the same on every run.
    pub(crate) fn frontier(&self, live: impl Fn(u32, u32) -> bool) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.entries);
        for (slot, bucket) in self.buckets.iter().enumerate().skip(self.lowest) {
            let f = (slot >> 8) as u32;
            for &node in bucket {
                if live(node, f) {
                    out.push((slot as u64) << 32 | u64::from(node));
                }
            }
        }
        out
    }
}

/// A* from a root, resumable: the states reached, a hash table of them, and the open list.
struct Astar {
    reached: Vec<Node>,
    table: HashTable<u32>,
    open: Open,
    /// The most states it may reach.
    capacity: usize,
    /// The moves searched from the root ([`Solver::root_moves`]).
    root_moves: u8,
    goal: [u64; 2],
    /// Whether the states keep their patterns' values (they fit in [`VALUES`]).
    known: bool,
}

impl Astar {
    /// A* from `root`, with room for `capacity` states, the root reached.
    fn new(solver: &Solver<'_>, root: &[u8; MAX_CELLS], capacity: usize) -> Astar {
        let n = solver.grid.cells();
        let mut astar = Astar {
            reached: Vec::new(),
            table: HashTable::new(),
            open: Open::new(),
            capacity,
            root_moves: solver.root_moves(root),
            goal: pack(&solver.goal[..n]),
            known: solver.pattern_values_len() <= VALUES,
        };
        let views = solver.views(root);
        let h = views[..solver.lookups.len()]
            .iter()
            .map(|v| v.sum)
            .max()
            .unwrap_or(0);
        let mut values = [0u8; VALUES];
        if astar.known {
            solver.pattern_values(&views, &mut values);
        }
        let key = pack(&root[..n]);
        astar.reserve(FEWEST_STATES);
        astar.reached.push(Node {
            key,
            parent: 0,
            g: 0,
            h: h as u8,
            moved: 0,
            closed: false,
            values,
        });
        let reached = &astar.reached;
        astar
            .table
            .insert_unique(hash(key), 0, |&i| hash(reached[i as usize].key));
        astar.open.push(0, h, h);
        astar
    }

    /// The views of `node`'s `cells`, its values known when it keeps them.
    fn views(
        &self,
        solver: &Solver<'_>,
        cells: &[u8; MAX_CELLS],
        node: &Node,
    ) -> [View; MAX_LOOKUPS] {
        if self.known {
            solver.views_knowing(cells, &node.values)
        } else {
            solver.views(cells)
        }
    }

    /// Makes room for `states` states (at most the capacity): four times the room there is, at
    /// least, so that the old room and the new, held together for a moment, stay within the
    /// budget.
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

    /// Whether no more states fit: an expansion reaches at most four.
    fn full(&self) -> bool {
        self.reached.len() + 4 > self.reached.capacity().min(self.capacity)
            || self.open.entries + 4 > self.capacity
    }

    /// Expands states in A*'s order until `states` are reached (or the capacity), generating
    /// at most `max_nodes` nodes: the goal's state if it is taken from the open list (its path
    /// is then a shortest one). Returns the nodes generated, too.
    fn grow(
        &mut self,
        solver: &Solver<'_>,
        states: usize,
        max_nodes: u64,
    ) -> (Result<Option<u32>, SolveError>, u64) {
        let n = solver.grid.cells();
        let states = states.min(self.capacity);
        self.reserve(states);
        let mut generated = 0u64;
        let mut counted = 0u64;
        let result = loop {
            if self.reached.len() >= states || self.full() {
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
            let cells = unpack(node.key, n);
            let views = self.views(solver, &cells, &node);
            let blank = solver.blank(&cells);
            let back = (at != 0).then(|| Move::ALL[usize::from(node.moved)].opposite());
            for m in Move::ALL {
                if Some(m) == back || (at == 0 && self.root_moves & (1 << (m as u8)) == 0) {
                    continue;
                }
                let from = solver.steps[blank][m as usize];
                if from == super::NO_STEP {
                    continue;
                }
                let from = usize::from(from);
                generated += 1;
                let mut child = cells;
                child.swap(from, blank);
                let key = pack(&child[..n]);
                let g = node.g + 1;
                let reached = &mut self.reached;
                match self
                    .table
                    .find(hash(key), |&i| reached[i as usize].key == key)
                {
                    Some(&i) => {
                        let other = &mut reached[i as usize];
                        // A shorter path to a state: it is opened again if it was expanded,
                        // as the heuristic is not consistent (a pattern's value is the least
                        // over the blank's regions, and a move can lower it by more than one).
                        if g < other.g {
                            other.closed = false;
                            other.g = g;
                            other.parent = at;
                            other.moved = m as u8;
                            let h = u32::from(other.h);
                            self.open.push(i, u32::from(g) + h, h);
                        }
                    }
                    None => {
                        let mut values = node.values;
                        let known = self.known.then_some(&mut values[..]);
                        let h = solver.child_heuristic(&views, from, blank, known);
                        let i = reached.len() as u32;
                        reached.push(Node {
                            key,
                            parent: at,
                            g,
                            h: h as u8,
                            moved: m as u8,
                            closed: false,
                            values,
                        });
                        self.table
                            .insert_unique(hash(key), i, |&i| hash(reached[i as usize].key));
                        self.open.push(i, u32::from(g) + h, h);
                    }
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

    /// The open states, as (f, h, state) sort keys in order (f in the top bits): the frontier.
    fn frontier(&self) -> Vec<u64> {
        self.open.frontier(|i, f| {
            let n = &self.reached[i as usize];
            !n.closed && u32::from(n.g) + u32::from(n.h) == f
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
        let (mut bound, mut nodes) = match plain {
            Err(SolveError::Exceeded { nodes, bound }) if max_nodes > nodes => (bound, nodes),
            done => return done,
        };
        let start_bound = self.heuristic(cells);
        let mut state = [0u8; MAX_CELLS];
        state[..n].copy_from_slice(&cells[..n]);
        let mut astar = Astar::new(self, &state, capacity);
        let exceeded = |nodes: u64, bound: u32| SolveError::Exceeded { nodes, bound };
        let mut last = nodes;
        loop {
            let wanted = usize::try_from(last / NODES_PER_STATE).unwrap_or(usize::MAX);
            let (grown, generated) = astar.grow(self, wanted, max_nodes - nodes);
            nodes += generated;
            match grown {
                Ok(Some(goal)) => {
                    return Ok(Solution {
                        moves: path_to(&astar.reached, goal),
                        nodes,
                        start_bound,
                    });
                }
                Ok(None) => {}
                Err(SolveError::Exceeded { bound, .. }) => return Err(exceeded(nodes, bound)),
                Err(e) => return Err(e),
            }
            let mut frontier = astar.frontier();
            let below =
                self.search_frontier(&astar, &mut frontier, bound, threads, max_nodes - nodes);
            nodes += below.nodes;
            last = below.nodes;
            match below.result {
                Ok(Some(moves)) => {
                    return Ok(Solution {
                        moves,
                        nodes,
                        start_bound,
                    });
                }
                Ok(None) => bound = below.next_bound,
                Err(SolveError::Exceeded { .. }) => return Err(exceeded(nodes, bound)),
                Err(e) => return Err(e),
            }
        }
    }

    /// One iteration of IDA* within `bound` below each state of the sorted `frontier` of A*'s
    /// `reached` states whose f is within it, the states shared among `threads` in order: the
    /// first solution in that order, if any, else the next bound.
    fn search_frontier(
        &self,
        astar: &Astar,
        frontier: &mut [u64],
        bound: u32,
        threads: usize,
        max_nodes: u64,
    ) -> Iteration {
        let n = self.grid.cells();
        let reached = &astar.reached;
        let f_of = |key: u64| (key >> 40) as u32;
        let start_bound = u32::from(reached[0].h);
        progress::begin(bound);
        let within = frontier.partition_point(|&k| f_of(k) <= bound);
        // The states within the bound, those with the least room below them first (the
        // highest f, then the lowest h, then as A* reached them): in the last iteration the
        // cheapest subtrees, and those nearest the goal, are searched before the wide ones.
        // Every other iteration searches them all, in any order.
        let beyond = frontier.get(within).map_or(u32::MAX, |&k| f_of(k));
        let frontier = &mut frontier[..within];
        by_room(frontier);
        let frontier = &*frontier;
        let nodes = AtomicU64::new(0);
        let best = AtomicUsize::new(usize::MAX);
        let next = AtomicUsize::new(0);
        let found: Mutex<Vec<(usize, Vec<Move>)>> = Mutex::new(Vec::new());
        let next_bound = Mutex::new(beyond);
        let exceeded = AtomicBool::new(false);
        let twins = self.twins_at(start_bound, bound);
        let work = || {
            let mut my_bound = u32::MAX;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= within || best.load(Ordering::Relaxed) < i {
                    break;
                }
                let spent = nodes.load(Ordering::Relaxed);
                if spent > max_nodes {
                    exceeded.store(true, Ordering::Relaxed);
                    break;
                }
                let at = frontier[i] as u32;
                let node = &reached[at as usize];
                let cells = unpack(node.key, n);
                let mut search = self.search_with(&cells, astar.views(self, &cells, node));
                // Twins are cut within each state's subtree: the path from the root to it is
                // A*'s, not one that the search's order would have taken.
                search.cut_twins(twins, &[]);
                search.abort = Some((&best, i));
                search.max_nodes = max_nodes - spent;
                let back = (at != 0).then(|| Move::ALL[usize::from(node.moved)].opposite());
                let result = search.dfs(u32::from(node.g), bound, u32::from(node.h), back);
                nodes.fetch_add(search.nodes, Ordering::Relaxed);
                progress::rest(search.nodes);
                my_bound = my_bound.min(search.next_bound);
                match result {
                    Found::Yes => {
                        best.fetch_min(i, Ordering::Relaxed);
                        let mut moves = path_to(reached, at);
                        moves.extend_from_slice(&search.path);
                        lock(&found).push((i, moves));
                    }
                    Found::Stopped if search.nodes > search.max_nodes => {
                        exceeded.store(true, Ordering::Relaxed);
                        break;
                    }
                    _ => {}
                }
            }
            let mut b = lock(&next_bound);
            *b = (*b).min(my_bound);
        };
        if threads <= 1 {
            work();
        } else {
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(work);
                }
            });
        }
        let nodes = nodes.into_inner();
        let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
        found.sort_by_key(|(i, _)| *i);
        let next_bound = next_bound.into_inner().unwrap_or_else(|e| e.into_inner());
        let result = if let Some((_, moves)) = found.into_iter().next() {
            Ok(Some(moves))
        } else if exceeded.into_inner() {
            Err(SolveError::Exceeded { nodes, bound })
        } else if next_bound == u32::MAX {
            // Nothing left to search: cannot happen for a solvable state.
            Err(SolveError::Unsolvable)
        } else {
            Ok(None)
        };
        Iteration {
            result,
            next_bound,
            nodes,
        }
    }
}

/// Puts `frontier`'s keys (sorted by f, then h) in the order of their room: the groups of equal
/// f in the reverse order, the highest f first, each group's own order kept. In place: the
/// frontier can hold most of the budget.
pub(crate) fn by_room(frontier: &mut [u64]) {
    frontier.reverse();
    let mut start = 0;
    while start < frontier.len() {
        let f = frontier[start] >> 40;
        let end = start + frontier[start..].partition_point(|&k| k >> 40 == f);
        frontier[start..end].reverse();
        start = end;
    }
}

/// What one iteration of IDA* below A*'s frontier found.
struct Iteration {
    /// The first solution in the frontier's order, or none within the bound.
    result: Result<Option<Vec<Move>>, SolveError>,
    /// The least f beyond the bound met.
    next_bound: u32,
    /// Nodes generated.
    nodes: u64,
}

/// The blank's moves from the root to `reached[at]`, along A*'s parents.
fn path_to(reached: &[Node], mut at: u32) -> Vec<Move> {
    let mut moves = Vec::with_capacity(usize::from(reached[at as usize].g));
    while at != 0 {
        let node = &reached[at as usize];
        moves.push(Move::ALL[usize::from(node.moved)]);
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

    #[test]
    fn the_frontier_is_searched_highest_f_first_each_f_in_its_order() {
        let key = |f: u64, h: u64, at: u64| f << 40 | h << 32 | at;
        let sorted = [
            key(3, 0, 9),
            key(3, 2, 1),
            key(5, 1, 4),
            key(7, 0, 2),
            key(7, 0, 0),
        ];
        let mut frontier = sorted;
        by_room(&mut frontier);
        assert_eq!(
            frontier,
            [
                key(7, 0, 2),
                key(7, 0, 0),
                key(5, 1, 4),
                key(3, 0, 9),
                key(3, 2, 1)
            ]
        );
        by_room(&mut []);
    }

    #[test]
    fn packed_cells_unpack_as_they_were() {
        let cells: Vec<u8> = (0..25).rev().collect();
        let key = pack(&cells);
        assert_eq!(&unpack(key, 25)[..25], &cells[..]);
        let fifteen: Vec<u8> = (0..16).collect();
        assert_eq!(&unpack(pack(&fifteen), 16)[..16], &fifteen[..]);
        assert_ne!(hash(pack(&fifteen)), hash(key));
    }
}
