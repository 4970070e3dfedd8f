//! A*'s states within a memory budget, for the A*+IDA* searches of both metrics
//! ([`crate::Solver::solve_hybrid`], [`crate::MultiSolver::solve_hybrid`]): each state packed
//! into 128 bits, a hash table of them, the open list by f and h, and the frontier that IDA*
//! then searches below, in the order of its room.

use hashbrown::HashTable;
use tilebase_core::MAX_CELLS;

use crate::NODES_PER_STATE;
use crate::in_order::Pieces;
use crate::progress;
use crate::solve::SolveError;

/// The fewest states worth an A* phase: a smaller budget searches with plain IDA*.
pub(crate) const FEWEST_STATES: usize = 1 << 10;

/// A state A* reached: its cells packed 5 bits each (at most 25 cells, [`pack`]), the state it
/// was reached from and by which step (each metric's own record of a move or a slide), its
/// depth and bound, whether it was expanded, and what else the metric keeps of it.
#[derive(Clone, Copy)]
pub(crate) struct Node<X> {
    pub(crate) key: [u64; 2],
    pub(crate) parent: u32,
    pub(crate) g: u8,
    pub(crate) h: u8,
    /// The step from the parent; unused at the root.
    pub(crate) step: u8,
    pub(crate) closed: bool,
    pub(crate) extra: X,
}

impl<X> Node<X> {
    /// The root, `h` from the goal: open, and with `extra`.
    pub(crate) fn root(key: [u64; 2], h: u32, extra: X) -> Node<X> {
        Node {
            key,
            parent: 0,
            g: 0,
            h: h as u8,
            step: 0,
            closed: false,
            extra,
        }
    }
}

/// What an expansion tells [`States::grow`] of each child: its cells packed, the step that
/// reaches it, and how to make its state should it be new.
pub(crate) type Each<'e, X> = dyn FnMut([u64; 2], u8, &dyn Fn() -> Node<X>) + 'e;

/// An expansion, for [`States::grow`]: `expand(at, node, each)` tells `each` every child of
/// state `at`.
pub(crate) type Expand<'e, X> = dyn FnMut(u32, &Node<X>, &mut Each<'_, X>) + 'e;

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
fn hash(key: [u64; 2]) -> u64 {
    let mut x = key[0] ^ key[1].rotate_left(29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A*'s open list: a stack of states for each f and h, taken lowest f first and, within it,
/// lowest h (nearest the goal) first. A state whose depth improved is pushed again; its old
/// entry is skipped when met (its f no longer matches).
struct Open {
    buckets: Vec<Vec<u32>>,
    lowest: usize,
    entries: usize,
}

impl Open {
    fn new() -> Open {
        Open {
            buckets: Vec::new(),
            lowest: usize::MAX,
            entries: 0,
        }
    }

    fn slot(f: u32, h: u32) -> usize {
        (f as usize) << 8 | h as usize
    }

    fn push(&mut self, node: u32, f: u32, h: u32) {
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
    fn pop(&mut self, live: impl Fn(u32, u32) -> bool) -> Option<u32> {
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
    fn frontier(&self, live: impl Fn(u32, u32) -> bool) -> Vec<u64> {
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

/// A* from a root, resumable: the states reached (the root first), a hash table of them, and
/// the open list, within room for `capacity` states.
pub(crate) struct States<X> {
    /// The states reached, by number.
    pub(crate) reached: Vec<Node<X>>,
    table: HashTable<u32>,
    open: Open,
    /// The most states it may reach.
    pub(crate) capacity: usize,
}

impl<X: Copy> States<X> {
    /// The store with `root` reached and open, room for `capacity` states.
    pub(crate) fn new(root: Node<X>, capacity: usize) -> States<X> {
        let mut states = States {
            reached: Vec::new(),
            table: HashTable::new(),
            open: Open::new(),
            capacity,
        };
        states.reserve(FEWEST_STATES);
        states.add(root);
        states
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

    /// Whether no more states fit, when an expansion reaches at most `children`.
    fn full(&self, children: usize) -> bool {
        self.reached.len() + children > self.reached.capacity().min(self.capacity)
            || self.open.entries + children > self.capacity
    }

    /// Whether state `i` is open at `f`: not expanded, and its f still `f`.
    fn live(&self, i: u32, f: u32) -> bool {
        let n = &self.reached[i as usize];
        !n.closed && u32::from(n.g) + u32::from(n.h) == f
    }

    /// The next state to expand, in A*'s order (lowest f, then lowest h).
    fn pop(&mut self) -> Option<u32> {
        let reached = &self.reached;
        self.open.pop(|i, f| {
            let n = &reached[i as usize];
            !n.closed && u32::from(n.g) + u32::from(n.h) == f
        })
    }

    /// The number of the state whose cells pack to `key`, if it was reached.
    fn find(&self, key: [u64; 2]) -> Option<u32> {
        let reached = &self.reached;
        self.table
            .find(hash(key), |&i| reached[i as usize].key == key)
            .copied()
    }

    /// Reaches `node` (not reached before): its number. It is open.
    fn add(&mut self, node: Node<X>) -> u32 {
        let i = self.reached.len() as u32;
        self.reached.push(node);
        let reached = &self.reached;
        self.table
            .insert_unique(hash(node.key), i, |&i| hash(reached[i as usize].key));
        self.push_open(i);
        i
    }

    /// Puts state `i` on the open list at its f and h (again, when its depth improved: the old
    /// entry is then skipped).
    fn push_open(&mut self, i: u32) {
        let n = &self.reached[i as usize];
        let h = u32::from(n.h);
        self.open.push(i, u32::from(n.g) + h, h);
    }

    /// The open states, as (f, h, state) sort keys in order (f in the top bits): the frontier.
    pub(crate) fn frontier(&self) -> Vec<u64> {
        self.open.frontier(|i, f| self.live(i, f))
    }

    /// Expands states in A*'s order until `states` are reached (or the capacity), generating at
    /// most `max_nodes` nodes: the number of the state whose cells pack to `goal` if it is taken
    /// from the open list (its path is then a shortest one), and the nodes generated.
    /// `expand(at, node, each)` tells `each` every child of state `at`, at most `children`. A
    /// child reached by a shorter path than before is opened again, as a heuristic that is not
    /// consistent needs (the single-tile metric's: a pattern's value is the least over the
    /// blank's regions, and a move can lower it by more than one).
    pub(crate) fn grow(
        &mut self,
        goal: [u64; 2],
        states: usize,
        children: usize,
        max_nodes: u64,
        expand: &mut Expand<'_, X>,
    ) -> (Result<Option<u32>, SolveError>, u64) {
        let states = states.min(self.capacity);
        self.reserve(states);
        let mut generated = 0u64;
        let mut counted = 0u64;
        let result = loop {
            if self.reached.len() >= states || self.full(children) {
                break Ok(None);
            }
            let Some(at) = self.pop() else {
                // Nothing left open: cannot happen for a solvable state.
                break Err(SolveError::Unsolvable);
            };
            let node = self.reached[at as usize];
            if node.key == goal {
                // Left open, as the frontier holds it.
                self.push_open(at);
                break Ok(Some(at));
            }
            self.reached[at as usize].closed = true;
            let g = node.g + 1;
            expand(at, &node, &mut |key, step, make| {
                generated += 1;
                match self.find(key) {
                    Some(i) => {
                        let other = &mut self.reached[i as usize];
                        if g < other.g {
                            other.closed = false;
                            other.g = g;
                            other.parent = at;
                            other.step = step;
                            self.push_open(i);
                        }
                    }
                    None => {
                        self.add(make());
                    }
                }
            });
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
}

/// An A* whose frontier IDA* then searches below: what [`astar_ida`] needs of each metric's.
pub(crate) trait Frontier {
    /// A solution, as the search writes it.
    type Path;

    /// Expands states in A*'s order until `states` are reached (or the capacity), generating
    /// at most `max_nodes` nodes: the goal's state if it is taken from the open list (its path
    /// is then a shortest one). Returns the nodes generated, too.
    fn grow(&mut self, states: usize, max_nodes: u64) -> (Result<Option<u32>, SolveError>, u64);

    /// The open states, sorted by f, then h ([`States::frontier`]).
    fn frontier(&self) -> Vec<u64>;

    /// The path from the root to state `at`.
    fn path_to(&self, at: u32) -> Self::Path;

    /// One iteration of IDA* within `bound` below each of the states of `frontier` (their
    /// numbers in the low 32 bits), shared among `threads` in order, generating at most
    /// `max_nodes` nodes.
    fn search_below(
        &self,
        frontier: &[u64],
        bound: u32,
        threads: usize,
        max_nodes: u64,
    ) -> Pieces<Self::Path>;
}

/// A*+IDA* from where plain IDA* gave up, at `bound` after `nodes` nodes: before each iteration
/// A* grows by one state for every [`NODES_PER_STATE`] nodes of the iteration before, then the
/// iteration searches below its frontier (those states within the bound, in the order of their
/// room), until a solution: it and the nodes generated in all, at most `max_nodes`.
pub(crate) fn astar_ida<F: Frontier>(
    astar: &mut F,
    mut bound: u32,
    mut nodes: u64,
    max_nodes: u64,
    threads: usize,
) -> Result<(F::Path, u64), SolveError> {
    let exceeded = |nodes: u64, bound: u32| SolveError::Exceeded { nodes, bound };
    let mut last = nodes;
    loop {
        let wanted = usize::try_from(last / NODES_PER_STATE).unwrap_or(usize::MAX);
        let (grown, generated) = astar.grow(wanted, max_nodes - nodes);
        nodes += generated;
        match grown {
            Ok(Some(goal)) => return Ok((astar.path_to(goal), nodes)),
            Ok(None) => {}
            Err(SolveError::Exceeded { bound, .. }) => return Err(exceeded(nodes, bound)),
            Err(e) => return Err(e),
        }
        progress::begin(bound);
        let mut frontier = astar.frontier();
        let (within, beyond) = within_bound(&mut frontier, bound);
        let below = astar.search_below(&frontier[..within], bound, threads, max_nodes - nodes);
        nodes += below.nodes;
        last = below.nodes;
        if let Some(path) = below.found {
            return Ok((path, nodes));
        }
        if below.exceeded {
            return Err(exceeded(nodes, bound));
        }
        bound = below.next_bound.min(beyond);
        if bound == u32::MAX {
            // Nothing left to search: cannot happen for a solvable state.
            return Err(SolveError::Unsolvable);
        }
    }
}

/// The frontier's states within `bound` put first, in the order IDA* searches below them:
/// those with the least room below them first (the highest f, then the lowest h, then as A*
/// reached them), so that in the last iteration the cheapest subtrees, and those nearest the
/// goal, are searched before the wide ones (every other iteration searches them all, in any
/// order). `frontier` is sorted by f, then h ([`States::frontier`]). Returns how many are
/// within the bound, and the least f of the others.
fn within_bound(frontier: &mut [u64], bound: u32) -> (usize, u32) {
    let f_of = |key: u64| (key >> 40) as u32;
    let within = frontier.partition_point(|&k| f_of(k) <= bound);
    let beyond = frontier.get(within).map_or(u32::MAX, |&k| f_of(k));
    by_room(&mut frontier[..within]);
    (within, beyond)
}

/// Puts `frontier`'s keys (sorted by f, then h) in the order of their room: the groups of equal
/// f in the reverse order, the highest f first, each group's own order kept. In place: the
/// frontier can hold most of the budget.
fn by_room(frontier: &mut [u64]) {
    frontier.reverse();
    let mut start = 0;
    while start < frontier.len() {
        let f = frontier[start] >> 40;
        let end = start + frontier[start..].partition_point(|&k| k >> 40 == f);
        frontier[start..end].reverse();
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
