//! IDA* over additive pattern databases: optimal solutions on boards too large for a table.
//!
//! The heuristic of a state is the sum of a partition's patterns' values (the patterns split
//! the tiles, so their moves are counted once each and the sum is a lower bound). With several
//! partitions, and with a mirror, it is the largest of those sums: each partition's on the
//! state and on the mirrored state (a *lookup* each). Each move changes one tile's cell: in
//! each lookup only that tile's pattern's rank changes, by arithmetic on the weights of the
//! tiles it passes, never recomputed from the whole placement.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use tilebase_core::Move;

use crate::grid::Grid;
use crate::in_order::{self, search_in_order};
use crate::pattern::Pattern;
use crate::progress;
use crate::table::PatternValues;
use tilebase_core::MAX_CELLS;
use tilebase_core::twins::{PathState, TWINNED, Twins};

pub(crate) mod hybrid;

pub use hybrid::{BYTES_PER_STATE, HYBRID_FROM, NODES_PER_STATE};

/// The most patterns a partition may have.
pub const MAX_PATTERNS: usize = 8;

/// The most partitions a solver may take the largest of.
pub const MAX_PARTITIONS: usize = 3;

/// The most lookups a state's heuristic takes: each partition, on the state and its mirror.
const MAX_LOOKUPS: usize = 2 * MAX_PARTITIONS;

/// A partition could not be made into a solver.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// The patterns' boards or goals differ from the solver's.
    #[error("every pattern must be of the same board and goal")]
    Mismatch,
    /// A tile is in two patterns, or in none.
    #[error("the patterns must hold every tile exactly once; tile {0} does not")]
    NotAPartition(u8),
    /// More than [`MAX_PATTERNS`] patterns in a partition.
    #[error("at most {MAX_PATTERNS} patterns")]
    TooMany,
    /// No partition, or more than [`MAX_PARTITIONS`].
    #[error("one to {MAX_PARTITIONS} partitions")]
    Partitions,
}

/// Why a search gave no solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The state cannot reach the goal: its permutation's parity and its blank's distance
    /// from home differ in parity.
    #[error("the state cannot reach the goal (the other parity half)")]
    Unsolvable,
    /// A path to search below has a move that leaves the board: the `at`-th, from 1.
    #[error("move {at} of the path leaves the board")]
    Illegal {
        /// The move's place in the path, from 1.
        at: usize,
    },
    /// The search generated more nodes than it was allowed.
    #[error("gave up after generating {nodes} nodes (bound {bound})")]
    Exceeded {
        /// Nodes generated.
        nodes: u64,
        /// The last bound searched.
        bound: u32,
    },
}

/// An optimal solution and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The blank's moves, from the state to the goal.
    pub moves: Vec<Move>,
    /// Nodes generated (children made, the move back excluded).
    pub nodes: u64,
    /// The heuristic of the start state.
    pub start_bound: u32,
}

/// The mirror of a square board about the diagonal through the goal's blank, with each tile
/// renamed to the tile whose home is its home's image: it maps the goal onto itself and keeps
/// every distance.
#[derive(Clone, Debug)]
struct Mirror {
    cell: [u8; MAX_CELLS],
    tile: [u8; MAX_CELLS],
}

impl Mirror {
    fn new(grid: &Grid, goal: &[u8]) -> Option<Mirror> {
        let w = grid.width();
        if w != grid.height() {
            return None;
        }
        let blank = goal.iter().position(|&t| t == 0)?;
        let (r, c) = grid.row_col(blank);
        let image: fn(usize, usize, usize) -> (usize, usize) = if r == c {
            |r, c, _| (c, r)
        } else if r + c == w - 1 {
            |r, c, w| (w - 1 - c, w - 1 - r)
        } else {
            return None;
        };
        let mut cell = [0u8; MAX_CELLS];
        for (x, out) in cell.iter_mut().enumerate().take(grid.cells()) {
            let (r, c) = grid.row_col(x);
            let (ir, ic) = image(r, c, w);
            *out = (ir * w + ic) as u8;
        }
        let mut tile = [0u8; MAX_CELLS];
        for (x, &t) in goal.iter().enumerate() {
            tile[usize::from(t)] = goal[usize::from(cell[x])];
        }
        Some(Mirror { cell, tile })
    }

    fn state(&self, cells: &[u8]) -> [u8; MAX_CELLS] {
        let mut out = [0u8; MAX_CELLS];
        for (x, &t) in cells.iter().enumerate() {
            out[usize::from(self.cell[x])] = self.tile[usize::from(t)];
        }
        out
    }
}

/// One lookup's view of the search's state: a partition's ranks and values, on the state or
/// on its mirror.
#[derive(Clone, Copy)]
struct View {
    cells: [u8; MAX_CELLS],
    rank: [u64; MAX_PATTERNS],
    manhattan: [u32; MAX_PATTERNS],
    value: [u32; MAX_PATTERNS],
    sum: u32,
}

/// A partition's patterns with their databases, and where each tile is in them.
#[derive(Clone)]
struct Tables<'a> {
    patterns: Vec<(&'a Pattern, PatternValues<'a>)>,
    /// The pattern of each tile, and its place in the pattern's order.
    tile_pattern: [u8; MAX_CELLS],
    tile_slot: [u8; MAX_CELLS],
}

/// One term of the heuristic's maximum: a partition, on the state or on its mirror.
#[derive(Clone, Copy, Debug)]
struct Lookup {
    partition: usize,
    mirrored: bool,
}

/// IDA* over partitions of the tiles into patterns, each with its database.
pub struct Solver<'a> {
    grid: Grid,
    goal: [u8; MAX_CELLS],
    partitions: Vec<Tables<'a>>,
    /// The heuristic's terms, in the order they are looked up: a child is pruned as soon as
    /// one of them is high enough.
    lookups: Vec<Lookup>,
    /// The Manhattan distance of tile t on cell c: `distance[t][c]`.
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
    mirror: Option<Mirror>,
    /// The cell a blank on cell c reaches by each move, `steps[c][m]` (`NO_STEP` off the
    /// board): a table, not [`Grid::step`]'s arithmetic, in the search's inner loop.
    steps: [[u8; 4]; MAX_CELLS],
    /// The move sequences a search for one solution never ends a path with: each has a twin
    /// that reaches the same state in fewer moves, or as many and earlier in move order. Made
    /// on first need (the board's, [`Twins::shared`]), for the iterations [`Self::twins_from`]
    /// says.
    twins: OnceLock<Arc<Twins>>,
    /// How far above the root's heuristic an iteration's bound is before its search cuts
    /// twins: short searches end before, and never wait for the twins to be made.
    twins_from: u32,
    /// No twins: for every optimal solution, where twins are solutions of their own.
    no_twins: Twins,
    /// The nodes plain IDA* generates before [`Self::solve_hybrid`] turns to A*+IDA*.
    hybrid_from: u64,
}

/// The bound above the root's heuristic from which a search cuts twins, by default: by then an
/// iteration takes long enough that making them (milliseconds, once a process) is worth it.
pub const TWINS_FROM: u32 = 6;

/// No cell: a move off the board in [`Solver`]'s `steps`.
const NO_STEP: u8 = u8::MAX;

impl<'a> Solver<'a> {
    /// A solver for `goal` on `grid` whose heuristic sums `patterns`' values; with `reflect`,
    /// also the mirrored state's sum where the goal's blank is on a diagonal of a square board.
    pub fn new(
        grid: Grid,
        goal: &[u8],
        patterns: &[(&'a Pattern, PatternValues<'a>)],
        reflect: bool,
    ) -> Result<Solver<'a>, SolverError> {
        Solver::with_partitions(grid, goal, &[patterns], reflect)
    }

    /// A solver for `goal` on `grid` whose heuristic is the largest of the sums of each of
    /// `partitions`' patterns' values (each partition holding every tile once); with
    /// `reflect`, also of each sum on the mirrored state, where the goal's blank is on a
    /// diagonal of a square board. Partitions of different shapes see different conflicts:
    /// where one is blind (a state that is its own mirror gains nothing from the reflection),
    /// another may not be.
    pub fn with_partitions(
        grid: Grid,
        goal: &[u8],
        partitions: &[&[(&'a Pattern, PatternValues<'a>)]],
        reflect: bool,
    ) -> Result<Solver<'a>, SolverError> {
        if partitions.is_empty() || partitions.len() > MAX_PARTITIONS {
            return Err(SolverError::Partitions);
        }
        let n = grid.cells();
        if goal.len() != n {
            return Err(SolverError::Mismatch);
        }
        let tables = partitions
            .iter()
            .map(|patterns| Tables::new(grid, goal, patterns))
            .collect::<Result<Vec<_>, _>>()?;
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        for (home, &t) in goal.iter().enumerate() {
            let (hr, hc) = grid.row_col(home);
            for (c, d) in distance[usize::from(t)].iter_mut().enumerate().take(n) {
                let (r, cc) = grid.row_col(c);
                *d = (hr.abs_diff(r) + hc.abs_diff(cc)) as u8;
            }
        }
        let mut g = [0u8; MAX_CELLS];
        g[..n].copy_from_slice(goal);
        let mut steps = [[NO_STEP; 4]; MAX_CELLS];
        for (c, out) in steps.iter_mut().enumerate().take(n) {
            for m in Move::ALL {
                if let Some(to) = grid.step(c, m) {
                    out[m as usize] = to as u8;
                }
            }
        }
        let mirror = if reflect {
            Mirror::new(&grid, goal)
        } else {
            None
        };
        let lookups = (0..tables.len())
            .flat_map(|partition| {
                let mirrored = mirror.is_some().then_some(Lookup {
                    partition,
                    mirrored: true,
                });
                [
                    Some(Lookup {
                        partition,
                        mirrored: false,
                    }),
                    mirrored,
                ]
            })
            .flatten()
            .collect();
        Ok(Solver {
            steps,
            twins: OnceLock::new(),
            twins_from: TWINS_FROM,
            no_twins: Twins::none(grid.board()),
            hybrid_from: HYBRID_FROM,
            grid,
            goal: g,
            partitions: tables,
            lookups,
            distance,
            mirror,
        })
    }

    /// The solver with `twins` in place of the board's ([`Twins::shared`]), cut in every
    /// iteration from `from` above the root's heuristic on ([`TWINS_FROM`] by default):
    /// `Twins::none` searches every path.
    pub fn with_twins(mut self, twins: Arc<Twins>, from: u32) -> Solver<'a> {
        self.twins = OnceLock::from(twins);
        self.twins_from = from;
        self
    }

    /// The solver with [`Self::solve_hybrid`] turning to A*+IDA* after `nodes` nodes of plain
    /// IDA* ([`HYBRID_FROM`] by default; 0: from the start, A* growing from the root alone).
    pub fn with_hybrid_from(mut self, nodes: u64) -> Solver<'a> {
        self.hybrid_from = nodes;
        self
    }

    /// The twinned sequences the search cuts (made here on first need).
    pub fn twins(&self) -> &Twins {
        self.twins.get_or_init(|| Twins::shared(self.grid.board()))
    }

    /// The twins the iteration at `bound` from a root of heuristic `root` cuts: none in the
    /// first iterations, where searches are short.
    fn twins_at(&self, root: u32, bound: u32) -> &Twins {
        if bound >= root.saturating_add(self.twins_from) {
            self.twins()
        } else {
            &self.no_twins
        }
    }

    /// Whether the mirrored lookup is used (the goal's blank is on a diagonal of a square
    /// board, and it was asked for).
    pub fn reflects(&self) -> bool {
        self.mirror.is_some()
    }

    /// The partitions' count.
    pub fn partitions(&self) -> usize {
        self.partitions.len()
    }

    /// The view of `lookup` on `cells` (the state's own cells, mirrored here if the lookup
    /// is).
    fn view(&self, lookup: Lookup, cells: &[u8; MAX_CELLS]) -> View {
        self.view_knowing(lookup, cells, None)
    }

    /// [`Self::view`], its patterns' values taken from `known` (one a pattern, in order) when
    /// given rather than looked up: each look-up is a cache miss.
    fn view_knowing(&self, lookup: Lookup, cells: &[u8; MAX_CELLS], known: Option<&[u8]>) -> View {
        let cells = match (&self.mirror, lookup.mirrored) {
            (Some(m), true) => m.state(&cells[..self.grid.cells()]),
            _ => *cells,
        };
        let tables = &self.partitions[lookup.partition];
        let mut view = View {
            cells,
            rank: [0; MAX_PATTERNS],
            manhattan: [0; MAX_PATTERNS],
            value: [0; MAX_PATTERNS],
            sum: 0,
        };
        // One pass over the cells: each tile's cell into its pattern's placement, and its
        // distance from home (a table, not the divisions of `Pattern::manhattan`).
        let mut at = [[0u8; crate::MAX_PATTERN_TILES]; MAX_PATTERNS];
        for (x, &t) in cells.iter().enumerate().take(self.grid.cells()) {
            if t != 0 {
                let t = usize::from(t);
                let p = usize::from(tables.tile_pattern[t]) % MAX_PATTERNS;
                at[p][usize::from(tables.tile_slot[t])] = x as u8;
                view.manhattan[p] += u32::from(self.distance[t][x]);
            }
        }
        for (p, (pattern, values)) in tables.patterns.iter().enumerate() {
            let k = pattern.tiles().len();
            view.rank[p] = pattern.rank(&at[p][..k]);
            view.value[p] = match known {
                Some(known) => u32::from(known[p]),
                None => values.value(view.rank[p], view.manhattan[p]),
            };
            view.sum += view.value[p];
        }
        view
    }

    /// The heuristic of `cells`: the largest of the partitions' sums, on the state and, with
    /// the mirror, on the mirrored state. Never more than the distance, never less than the
    /// Manhattan distance.
    pub fn heuristic(&self, cells: &[u8]) -> u32 {
        self.sums(cells).max().unwrap_or(0)
    }

    /// The heuristic of `cells` by each lookup, in order: for each partition, its sum on the
    /// state and then (with the mirror) on the mirrored state.
    pub fn lookups(&self, cells: &[u8]) -> Vec<u32> {
        self.sums(cells).collect()
    }

    /// Each lookup's sum on `cells`, in the lookups' order.
    fn sums(&self, cells: &[u8]) -> impl Iterator<Item = u32> + '_ {
        let mut state = [0u8; MAX_CELLS];
        state[..cells.len()].copy_from_slice(cells);
        self.lookups
            .iter()
            .map(move |&lookup| self.view(lookup, &state).sum)
    }

    /// Whether `cells` can reach the goal. `cells` must hold each tile once.
    pub fn solvable(&self, cells: &[u8]) -> bool {
        solvable(&self.grid, &self.goal[..self.grid.cells()], cells)
    }

    /// An optimal solution of `cells` (the tile on each cell, row by row), generating at most
    /// `max_nodes` nodes. `cells` must hold each tile once.
    pub fn solve(&self, cells: &[u8], max_nodes: u64) -> Result<Solution, SolveError> {
        if !self.solvable(cells) {
            return Err(SolveError::Unsolvable);
        }
        let mut state = [0u8; MAX_CELLS];
        state[..cells.len()].copy_from_slice(cells);
        let mut search = self.search_from(&state);
        search.max_nodes = max_nodes;
        let h = search.views[..search.count]
            .iter()
            .map(|v| v.sum)
            .max()
            .unwrap_or(0);
        let mut bound = h;
        loop {
            search.next_bound = u32::MAX;
            progress::begin(bound);
            search.cut_twins(self.twins_at(h, bound), &[]);
            let found = search.dfs(0, bound, h, None);
            if !matches!(found, Found::No) {
                progress::rest(search.nodes);
            }
            match found {
                Found::Yes => {
                    return Ok(Solution {
                        moves: search.path,
                        nodes: search.nodes,
                        start_bound: h,
                    });
                }
                Found::Stopped => {
                    return Err(SolveError::Exceeded {
                        nodes: search.nodes,
                        bound,
                    });
                }
                Found::No => bound = search.next_bound,
            }
        }
    }

    /// Every optimal solution of `cells` (of `length` moves, its distance: found first by
    /// [`Self::solve`]), in U, D, L, R order, each told to `each` as it is found; the search
    /// stops early when `each` returns `false`, and gives up past `max_nodes` nodes. Returns
    /// the nodes generated. The last iteration of IDA* searched whole: every path of `length`
    /// moves within the bound is a solution, and no solution leaves the bound, since the
    /// heuristic never overestimates.
    pub fn each_optimal(
        &self,
        cells: &[u8],
        length: u32,
        max_nodes: u64,
        each: &mut dyn FnMut(&[Move]) -> bool,
    ) -> Result<u64, SolveError> {
        if !self.solvable(cells) {
            return Err(SolveError::Unsolvable);
        }
        let mut state = [0u8; MAX_CELLS];
        state[..cells.len()].copy_from_slice(cells);
        let mut search = self.search_from(&state);
        // Mirrored subtrees hold mirrored solutions, and twinned paths solutions of their
        // own: all are wanted.
        search.root_moves = 0b1111;
        let h = search.views[..search.count]
            .iter()
            .map(|v| v.sum)
            .max()
            .unwrap_or(0);
        search.each = Some(each);
        search.max_nodes = max_nodes;
        progress::begin(length);
        search.dfs(0, length, h, None);
        progress::rest(search.nodes);
        if search.nodes > max_nodes {
            return Err(SolveError::Exceeded {
                nodes: search.nodes,
                bound: length,
            });
        }
        Ok(search.nodes)
    }

    /// Optimal solutions of every state of `states` (as [`Self::solve`], each within
    /// `max_nodes`), in their order, solved on every core: each thread takes the next state
    /// not yet taken, so a long search does not hold up the others' share.
    ///
    pub fn solve_all<S: AsRef<[u8]> + Sync>(
        &self,
        states: &[S],
        max_nodes: u64,
    ) -> Vec<Result<Solution, SolveError>> {
        self.solve_all_within(states, max_nodes, 0)
    }

    /// [`Self::solve_all`], each search by A*+IDA* ([`Self::solve_hybrid`]) with an equal share
    /// of `memory` bytes (0: plain IDA*), so that the searches under way at once take at most
    /// `memory` together.
    pub fn solve_all_within<S: AsRef<[u8]> + Sync>(
        &self,
        states: &[S],
        max_nodes: u64,
        memory: usize,
    ) -> Vec<Result<Solution, SolveError>> {
        use std::sync::Mutex;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(states.len());
        if threads <= 1 {
            return states
                .iter()
                .map(|s| self.solve_hybrid(s.as_ref(), 1, memory, max_nodes))
                .collect();
        }
        let memory = memory / threads;
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<Result<Solution, SolveError>>>> =
            Mutex::new(vec![None; states.len()]);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(state) = states.get(i) else { break };
                        let result = self.solve_hybrid(state.as_ref(), 1, memory, max_nodes);
                        results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
                    }
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_iter()
            .map(|r| r.expect("every state was solved"))
            .collect()
    }

    /// [`Self::solve`] with no node limit, one state's search shared among `threads`: each
    /// iteration of IDA* is cut, at a small depth, into the subtrees below the states it
    /// reaches there, which the threads take in the serial search's order. The solution is the
    /// one the serial search finds (from the first subtree, in that order, that holds one), so
    /// the answer does not depend on the threads; the node count does.
    pub fn solve_parallel(&self, cells: &[u8], threads: usize) -> Result<Solution, SolveError> {
        self.solve_parallel_until(cells, threads, u64::MAX)
    }

    /// [`Self::solve_parallel`], giving up ([`SolveError::Exceeded`], with the bound of the
    /// iteration it would search next) once an iteration ends without a solution past `until`
    /// nodes in all: the iterations below that bound hold none.
    fn solve_parallel_until(
        &self,
        cells: &[u8],
        threads: usize,
        until: u64,
    ) -> Result<Solution, SolveError> {
        if threads <= 1 {
            return self.solve(cells, until);
        }
        if !self.solvable(cells) {
            return Err(SolveError::Unsolvable);
        }
        let start_bound = self.heuristic(cells);
        let mut bound = start_bound;
        let mut nodes = 0u64;
        loop {
            progress::begin(bound);
            // The pieces of work: the states at the cut, in the serial search's order, deep
            // enough for every thread to have many.
            let Split {
                pieces,
                mut next_bound,
                nodes: cut_nodes,
            } = self.split(cells, bound, 32 * threads)?;
            nodes += cut_nodes;
            progress::add(cut_nodes);
            let twins = self.twins_at(start_bound, bound);
            let below = search_in_order(pieces.len(), threads, u64::MAX, &|i, stop, _| {
                let piece = &pieces[i];
                if piece.is_goal() {
                    return in_order::Piece {
                        found: Some(piece.moves.clone()),
                        next_bound: u32::MAX,
                        nodes: 0,
                        exceeded: false,
                    };
                }
                let mut search = self.search_from(&piece.cells);
                search.root = self.blank(cells);
                search.cut_twins(twins, &piece.moves);
                search.abort = Some(stop);
                let back = piece.moves.last().map(|m| m.opposite());
                let result = search.dfs(piece.moves.len() as u32, bound, piece.h, back);
                progress::rest(search.nodes);
                in_order::Piece {
                    found: matches!(result, Found::Yes).then(|| {
                        let mut moves = piece.moves.clone();
                        moves.extend_from_slice(&search.path);
                        moves
                    }),
                    next_bound: search.next_bound,
                    nodes: search.nodes,
                    exceeded: false,
                }
            });
            nodes += below.nodes;
            next_bound = next_bound.min(below.next_bound);
            if let Some(moves) = below.found {
                return Ok(Solution {
                    moves,
                    nodes,
                    start_bound,
                });
            }
            if next_bound == u32::MAX {
                // Nothing left to search: cannot happen for a solvable state.
                return Err(SolveError::Unsolvable);
            }
            bound = next_bound;
            if nodes > until {
                return Err(SolveError::Exceeded { nodes, bound });
            }
        }
    }

    /// The iteration of IDA* at `bound` from `cells`, cut into pieces of work: the states at
    /// the first depth where at least `at_least` are within the bound (or depth 12, or none
    /// left), in the serial search's order, with the goals met above the cut. Searching every
    /// piece with [`Self::search_below`] is the whole iteration: the pieces can be searched
    /// anywhere (threads, processes, machines) and their results joined. The cut depends only
    /// on `cells`, `bound` and `at_least`, so two calls give the same pieces.
    pub fn split(&self, cells: &[u8], bound: u32, at_least: usize) -> Result<Split, SolveError> {
        if !self.solvable(cells) {
            return Err(SolveError::Unsolvable);
        }
        let mut root = [0u8; MAX_CELLS];
        root[..cells.len()].copy_from_slice(cells);
        let twins = self.twins_at(self.heuristic(cells), bound);
        let start = twins.start(self.blank(cells));
        let mut depth = 1;
        loop {
            let mut split = Split {
                pieces: Vec::new(),
                next_bound: u32::MAX,
                nodes: 0,
            };
            let mut path = Vec::new();
            self.cut(
                &root,
                twins,
                start,
                0,
                None,
                bound,
                depth,
                &mut path,
                &mut split.pieces,
                &mut split.next_bound,
                &mut split.nodes,
            );
            let open = split.pieces.iter().filter(|p| !p.is_goal()).count();
            if open >= at_least || depth >= 12 || open == 0 {
                return Ok(split);
            }
            depth += 1;
        }
    }

    /// Searches, within `bound`, the subtree below the state that `moves` reach from `cells`
    /// (a piece of [`Self::split`]'s, or any legal path), generating at most `max_nodes`
    /// nodes. With no moves it is the whole iteration at `bound`.
    pub fn search_below(
        &self,
        cells: &[u8],
        moves: &[Move],
        bound: u32,
        max_nodes: u64,
    ) -> Result<Below, SolveError> {
        if !self.solvable(cells) {
            return Err(SolveError::Unsolvable);
        }
        let n = self.grid.cells();
        let mut state = [0u8; MAX_CELLS];
        state[..n].copy_from_slice(&cells[..n]);
        let mut blank = state[..n].iter().position(|&t| t == 0).unwrap_or(0);
        for (i, &m) in moves.iter().enumerate() {
            let Some(from) = self.grid.step(blank, m) else {
                return Err(SolveError::Illegal { at: i + 1 });
            };
            state.swap(from, blank);
            blank = from;
        }
        let h = self.heuristic(&state[..n]);
        let mut search = self.search_from(&state);
        search.root = self.blank(cells);
        search.cut_twins(self.twins_at(self.heuristic(cells), bound), moves);
        search.max_nodes = max_nodes;
        let g = moves.len() as u32;
        let found = if g + h > bound {
            search.next_bound = g + h;
            Found::No
        } else {
            search.dfs(g, bound, h, moves.last().map(|m| m.opposite()))
        };
        progress::rest(search.nodes);
        match found {
            Found::Stopped => Err(SolveError::Exceeded {
                nodes: search.nodes,
                bound,
            }),
            Found::Yes => {
                let mut solution = moves.to_vec();
                solution.extend_from_slice(&search.path);
                Ok(Below {
                    solution: Some(solution),
                    next_bound: search.next_bound,
                    nodes: search.nodes,
                })
            }
            Found::No => Ok(Below {
                solution: None,
                next_bound: search.next_bound,
                nodes: search.nodes,
            }),
        }
    }

    /// The moves worth searching from the root `cells`, as a mask of `1 << Move as u8`: all of
    /// them, unless the root is its own mirror image. Then the subtree below a move is the
    /// mirror image of the subtree below the mirrored move, with solutions of the same lengths
    /// (the mirror keeps the goal and every distance), so only the first move of each mirrored
    /// pair is searched: half the search.
    fn root_moves(&self, cells: &[u8; MAX_CELLS]) -> u8 {
        let n = self.grid.cells();
        let Some(mirror) = &self.mirror else {
            return 0b1111;
        };
        if mirror.state(&cells[..n])[..n] != cells[..n] {
            return 0b1111;
        }
        let blank = cells[..n].iter().position(|&t| t == 0).unwrap_or(0);
        let mut mask = 0u8;
        for m in Move::ALL {
            let Some(to) = self.grid.step(blank, m) else {
                continue;
            };
            // The mirrored move: from the blank's image to the image of where it goes.
            let image = Move::ALL.into_iter().find(|&i| {
                self.grid.step(usize::from(mirror.cell[blank]), i)
                    == Some(usize::from(mirror.cell[to]))
            });
            match image {
                Some(i) if (i as u8) < (m as u8) => {}
                _ => mask |= 1 << (m as u8),
            }
        }
        mask
    }

    /// The blank's cell in `cells`.
    fn blank(&self, cells: &[u8]) -> usize {
        cells[..self.grid.cells()]
            .iter()
            .position(|&t| t == 0)
            .unwrap_or(0)
    }

    /// Every lookup's view of `cells`, in the lookups' order (those past the lookups' count
    /// are copies of the first).
    fn views(&self, cells: &[u8; MAX_CELLS]) -> [View; MAX_LOOKUPS] {
        let first = self.view(self.lookups[0], cells);
        let mut views = [first; MAX_LOOKUPS];
        for (view, &lookup) in views.iter_mut().zip(&self.lookups).skip(1) {
            *view = self.view(lookup, cells);
        }
        views
    }

    /// The heuristic of the state that `views` (those of [`Self::views`]) see once the tile on
    /// cell `from` slides onto the blank's cell `to`: in each lookup one tile's pattern's rank
    /// changes, by [`Self::moved_rank`], as in the search's inner loop, with nothing recomputed.
    /// With `values`, the views' patterns' values (one a pattern, lookup after lookup, as
    /// `views` hold them) become the child's.
    fn child_heuristic(
        &self,
        views: &[View; MAX_LOOKUPS],
        from: usize,
        to: usize,
        mut values: Option<&mut [u8]>,
    ) -> u32 {
        let mut h = 0;
        let mut first = 0;
        for (view, &lookup) in views.iter().zip(&self.lookups) {
            let (vf, vt) = match (&self.mirror, lookup.mirrored) {
                (Some(mirror), true) => {
                    (usize::from(mirror.cell[from]), usize::from(mirror.cell[to]))
                }
                _ => (from, to),
            };
            let tables = &self.partitions[lookup.partition];
            let t = view.cells[vf];
            let p = usize::from(tables.tile_pattern[usize::from(t)]) % MAX_PATTERNS;
            let slot = usize::from(tables.tile_slot[usize::from(t)]);
            let rank = Solver::moved_rank(tables, &view.cells, p, slot, view.rank[p], vf, vt);
            let dist = &self.distance[usize::from(t)];
            let manhattan = view.manhattan[p] + u32::from(dist[vt]) - u32::from(dist[vf]);
            let value = tables.patterns[p].1.value(rank, manhattan);
            h = h.max(view.sum - view.value[p] + value);
            if let Some(values) = values.as_deref_mut() {
                values[first + p] = value as u8;
            }
            first += tables.patterns.len();
        }
        h
    }

    /// Every lookup's view of `cells`, as [`Self::views`], its patterns' values taken from
    /// `known` (one a pattern, lookup after lookup) rather than looked up.
    fn views_knowing(&self, cells: &[u8; MAX_CELLS], known: &[u8]) -> [View; MAX_LOOKUPS] {
        let lookup = self.lookups[0];
        let mut views = [self.view_knowing(lookup, cells, Some(known)); MAX_LOOKUPS];
        let mut first = self.partitions[lookup.partition].patterns.len();
        for (view, &lookup) in views.iter_mut().zip(&self.lookups).skip(1) {
            *view = self.view_knowing(lookup, cells, Some(&known[first..]));
            first += self.partitions[lookup.partition].patterns.len();
        }
        views
    }

    /// The values of every pattern of every lookup, lookup after lookup, in `views`.
    fn pattern_values(&self, views: &[View; MAX_LOOKUPS], out: &mut [u8]) {
        let mut first = 0;
        for (view, &lookup) in views.iter().zip(&self.lookups) {
            let k = self.partitions[lookup.partition].patterns.len();
            for (o, &v) in out[first..first + k].iter_mut().zip(&view.value[..k]) {
                *o = v as u8;
            }
            first += k;
        }
    }

    /// How many values [`Self::pattern_values`] writes: each lookup's patterns.
    fn pattern_values_len(&self) -> usize {
        self.lookups
            .iter()
            .map(|l| self.partitions[l.partition].patterns.len())
            .sum()
    }

    /// A search whose root is `cells`, with no node limit.
    fn search_from(&self, cells: &[u8; MAX_CELLS]) -> Search<'_, 'a> {
        self.search_with(cells, self.views(cells))
    }

    /// A search whose root is `cells`, seen by `views`, with no node limit.
    fn search_with(&self, cells: &[u8; MAX_CELLS], views: [View; MAX_LOOKUPS]) -> Search<'_, 'a> {
        let blank = self.blank(cells);
        Search {
            solver: self,
            views,
            count: self.lookups.len(),
            blank,
            root: blank,
            twins: &self.no_twins,
            path_state: self.no_twins.start(blank),
            path: Vec::new(),
            nodes: 0,
            max_nodes: u64::MAX,
            next_bound: u32::MAX,
            abort: None,
            root_moves: self.root_moves(cells),
            each: None,
        }
    }

    /// The states at `depth` below `cells` (reached by `path`, at depth `g`) within `bound`,
    /// in the serial search's order, as pieces of work; a goal met on the way is a piece with
    /// its solution. Children beyond the bound lower `next_bound`, as in the search.
    #[allow(clippy::too_many_arguments)]
    fn cut(
        &self,
        cells: &[u8; MAX_CELLS],
        twins: &Twins,
        path_state: PathState,
        g: u32,
        back: Option<Move>,
        bound: u32,
        depth: u32,
        path: &mut Vec<Move>,
        pieces: &mut Vec<Piece>,
        next_bound: &mut u32,
        nodes: &mut u64,
    ) {
        let n = self.grid.cells();
        let h = self.heuristic(&cells[..n]);
        let at_goal = h == 0 && cells[..n] == self.goal[..n];
        if at_goal || g == depth {
            pieces.push(Piece {
                cells: *cells,
                moves: path.clone(),
                h,
                at_goal,
            });
            return;
        }
        let to = cells[..n].iter().position(|&t| t == 0).unwrap_or(0);
        let moves = if g == 0 {
            self.root_moves(cells)
        } else {
            0b1111
        };
        for m in Move::ALL {
            if Some(m) == back || moves & (1 << (m as u8)) == 0 {
                continue;
            }
            let Some(from) = self.grid.step(to, m) else {
                continue;
            };
            let after = twins.step(path_state, m);
            if after == TWINNED {
                continue;
            }
            *nodes += 1;
            let mut child = *cells;
            child.swap(from, to);
            let f = g + 1 + self.heuristic(&child[..n]);
            if f > bound {
                *next_bound = (*next_bound).min(f);
                continue;
            }
            path.push(m);
            self.cut(
                &child,
                twins,
                after,
                g + 1,
                Some(m.opposite()),
                bound,
                depth,
                path,
                pieces,
                next_bound,
                nodes,
            );
            path.pop();
        }
    }

    /// The new rank of pattern `p` of `tables` in a view whose `cells` are before the move,
    /// when its tile in `slot` moves from cell `from` to the blank's cell `to`.
    #[inline]
    fn moved_rank(
        tables: &Tables<'_>,
        cells: &[u8; MAX_CELLS],
        p: usize,
        slot: usize,
        rank: u64,
        from: usize,
        to: usize,
    ) -> u64 {
        let pattern = tables.patterns[p].0;
        let sign: i64 = if from < to { 1 } else { -1 };
        let (lo, hi) = if from < to { (from, to) } else { (to, from) };
        let mut rank = rank as i64;
        let mut before = 0i64;
        for &t in &cells[lo + 1..hi] {
            if t != 0 && usize::from(tables.tile_pattern[usize::from(t)]) == p {
                let s = usize::from(tables.tile_slot[usize::from(t)]);
                if s < slot {
                    before += 1;
                } else {
                    rank += sign * pattern.weight(s) as i64;
                }
            }
        }
        rank += sign * ((hi - lo) as i64 - before) * pattern.weight(slot) as i64;
        rank as u64
    }
}

impl<'a> Tables<'a> {
    /// `patterns` checked to be a partition of `goal`'s tiles on `grid`.
    fn new(
        grid: Grid,
        goal: &[u8],
        patterns: &[(&'a Pattern, PatternValues<'a>)],
    ) -> Result<Tables<'a>, SolverError> {
        if patterns.len() > MAX_PATTERNS {
            return Err(SolverError::TooMany);
        }
        let mut tile_pattern = [u8::MAX; MAX_CELLS];
        let mut tile_slot = [0u8; MAX_CELLS];
        for (p, (pattern, _)) in patterns.iter().enumerate() {
            if *pattern.grid() != grid || goal[pattern.blank_home()] != 0 {
                return Err(SolverError::Mismatch);
            }
            for (slot, (&t, &home)) in pattern.tiles().iter().zip(pattern.homes()).enumerate() {
                if goal[usize::from(home)] != t {
                    return Err(SolverError::Mismatch);
                }
                if tile_pattern[usize::from(t)] != u8::MAX {
                    return Err(SolverError::NotAPartition(t));
                }
                tile_pattern[usize::from(t)] = p as u8;
                tile_slot[usize::from(t)] = slot as u8;
            }
        }
        if let Some(t) = (1..grid.cells() as u8).find(|&t| tile_pattern[usize::from(t)] == u8::MAX)
        {
            return Err(SolverError::NotAPartition(t));
        }
        Ok(Tables {
            patterns: patterns.to_vec(),
            tile_pattern,
            tile_slot,
        })
    }
}

/// A piece of an iteration of IDA* cut by [`Solver::split`]: a state at the cut, or a goal met
/// above it, with the moves from the root that reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    cells: [u8; MAX_CELLS],
    /// The blank's moves from the root to the piece's state.
    pub moves: Vec<Move>,
    /// The heuristic of the piece's state.
    pub h: u32,
    /// Whether the piece's state is the goal.
    at_goal: bool,
}

impl Piece {
    /// Whether the piece's state is the goal: its moves are then a solution, of length the
    /// bound the split was made for (a goal within the bound of the iteration that first finds
    /// one is never nearer).
    pub fn is_goal(&self) -> bool {
        self.at_goal
    }
}

/// One iteration of IDA* cut into pieces of work ([`Solver::split`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The pieces, in the serial search's order.
    pub pieces: Vec<Piece>,
    /// The least f beyond the bound among the children met above the cut (`u32::MAX` when
    /// none was): with the pieces' own, the next iteration's bound.
    pub next_bound: u32,
    /// Nodes generated above the cut.
    pub nodes: u64,
}

/// What the search below one piece found ([`Solver::search_below`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Below {
    /// A solution from the root (the piece's moves first), if the piece's subtree holds one
    /// within the bound: the first in the serial search's order.
    pub solution: Option<Vec<Move>>,
    /// The least f beyond the bound met below the piece (`u32::MAX` when none was).
    pub next_bound: u32,
    /// Nodes generated below the piece.
    pub nodes: u64,
}

enum Found {
    Yes,
    No,
    Stopped,
}

struct Search<'s, 'a> {
    solver: &'s Solver<'a>,
    /// One view per lookup, in the solver's order.
    views: [View; MAX_LOOKUPS],
    count: usize,
    blank: usize,
    /// The blank's cell at the root of the whole search (a piece's search starts below it,
    /// after the piece's moves).
    root: usize,
    /// The twinned sequences cut, and the state of the path so far among them.
    twins: &'s Twins,
    path_state: PathState,
    path: Vec<Move>,
    nodes: u64,
    max_nodes: u64,
    next_bound: u32,
    /// In a parallel search: the lowest index of a piece of work found to hold a solution,
    /// and this search's index. A search whose index is higher gives up (`Found::Stopped`):
    /// the solution it might find comes later in the serial order.
    abort: Option<(&'s AtomicUsize, usize)>,
    /// The moves searched from the root (depth 0), as [`Solver::root_moves`].
    root_moves: u8,
    /// When every solution is wanted: told each one (the search goes on while it says so)
    /// instead of the search stopping at the first.
    each: Option<&'s mut Each<'s>>,
}

/// What is told each solution when every one is wanted: `false` stops the search.
type Each<'s> = dyn FnMut(&[Move]) -> bool + 's;

impl<'s> Search<'s, '_> {
    /// Cuts `twins` from here on, the path so far being `moves` from the root.
    fn cut_twins(&mut self, twins: &'s Twins, moves: &[Move]) {
        self.twins = twins;
        self.path_state = twins.follow(self.solver.grid.board(), self.root, moves);
    }

    /// Whether the current state is the goal: every tile home, its Manhattan distance 0 in the
    /// first view (whose patterns hold every tile). A heuristic of 0 alone does not say so
    /// when the values are not a real database's (one damaged, or made up by a test): the
    /// search then goes on, and answers only with a path that ends at the goal.
    fn at_goal(&self) -> bool {
        self.views[0].manhattan.iter().all(|&m| m == 0)
    }

    /// Depth-first search below the current state (at depth `g`, heuristic `h`, reached by
    /// the move whose opposite is `back`) within `bound`.
    ///
    /// A child changes one tile's cell in each view, so only that tile's pattern's rank,
    /// Manhattan distance and value, and the view's sum, change: those are kept in locals and
    /// put back after the child, rather than copying both views (about 300 bytes) per child.
    /// (Computing all the children's heuristics first, for their table look-ups to overlap,
    /// measured no faster on Korf's 100.)
    fn dfs(&mut self, g: u32, bound: u32, h: u32, back: Option<Move>) -> Found {
        if h == 0 && self.at_goal() {
            return match &mut self.each {
                None => Found::Yes,
                Some(each) => {
                    if each(&self.path) {
                        Found::No
                    } else {
                        Found::Stopped
                    }
                }
            };
        }
        let solver = self.solver;
        let to = self.blank;
        // The states after each move, read at once: one row of the twins' table.
        let afters = self.twins.row(self.path_state);
        for m in Move::ALL {
            if Some(m) == back || (g == 0 && self.root_moves & (1 << (m as u8)) == 0) {
                continue;
            }
            let from = solver.steps[to][m as usize];
            if from == NO_STEP {
                continue;
            }
            let from = usize::from(from);
            let after = afters[m as usize];
            if after == TWINNED {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                return Found::Stopped;
            }
            if self.nodes.is_multiple_of(progress::STEP) {
                progress::step();
                if let Some((best, me)) = self.abort
                    && best.load(Ordering::Relaxed) < me
                {
                    return Found::Stopped;
                }
            }
            // The tile on `from` slides onto the blank's cell `to`, in each view; what it
            // changes is saved in `undo`: the view's cells, pattern, rank, Manhattan distance,
            // value and sum.
            let mut undo = [(0usize, 0usize, 0usize, 0u64, 0u32, 0u32, 0u32); MAX_LOOKUPS];
            let mut h_child = 0;
            // The lookups made: once one puts the child beyond the bound, the rest are not
            // needed (the child is not entered) and are skipped.
            let mut made = 0;
            let room = bound.saturating_sub(g + 1);
            for (v, saved) in undo.iter_mut().enumerate().take(self.count) {
                let lookup = solver.lookups[v];
                let (vf, vt) = match (&solver.mirror, lookup.mirrored) {
                    (Some(mirror), true) => {
                        (usize::from(mirror.cell[from]), usize::from(mirror.cell[to]))
                    }
                    _ => (from, to),
                };
                let tables = &solver.partitions[lookup.partition];
                let view = &mut self.views[v];
                let t = view.cells[vf];
                let p = usize::from(tables.tile_pattern[usize::from(t)]) % MAX_PATTERNS;
                let slot = usize::from(tables.tile_slot[usize::from(t)]);
                *saved = (
                    vf,
                    vt,
                    p,
                    view.rank[p],
                    view.manhattan[p],
                    view.value[p],
                    view.sum,
                );
                let rank = Solver::moved_rank(tables, &view.cells, p, slot, view.rank[p], vf, vt);
                let dist = &solver.distance[usize::from(t)];
                let manhattan = view.manhattan[p] + u32::from(dist[vt]) - u32::from(dist[vf]);
                let value = tables.patterns[p].1.value(rank, manhattan);
                view.sum = view.sum - view.value[p] + value;
                view.rank[p] = rank;
                view.manhattan[p] = manhattan;
                view.value[p] = value;
                view.cells[vt] = t;
                view.cells[vf] = 0;
                h_child = h_child.max(view.sum);
                made = v + 1;
                if h_child > room {
                    break;
                }
            }
            let f = g + 1 + h_child;
            if f > bound {
                self.next_bound = self.next_bound.min(f);
            } else {
                let before = self.path_state;
                self.blank = from;
                self.path_state = after;
                self.path.push(m);
                match self.dfs(g + 1, bound, h_child, Some(m.opposite())) {
                    Found::No => {}
                    done => return done,
                }
                self.path.pop();
                self.blank = to;
                self.path_state = before;
            }
            for (v, &(vf, vt, p, rank, manhattan, value, sum)) in undo.iter().enumerate().take(made)
            {
                let view = &mut self.views[v];
                view.cells[vf] = view.cells[vt];
                view.cells[vt] = 0;
                view.rank[p] = rank;
                view.manhattan[p] = manhattan;
                view.value[p] = value;
                view.sum = sum;
            }
        }
        Found::No
    }
}

/// Whether `cells` can reach `goal` on `grid`: each move is one transposition and changes the
/// blank's row plus column by one, so the permutation's parity and the parity of the blank's
/// distance from its home must agree. Both must hold each tile once.
pub fn solvable(grid: &Grid, goal: &[u8], cells: &[u8]) -> bool {
    let n = grid.cells();
    let mut home = [0usize; MAX_CELLS];
    for (c, &t) in goal.iter().enumerate() {
        home[usize::from(t)] = c;
    }
    // The permutation cell -> home of the tile on it; its parity is n minus its cycles.
    let mut seen = 0u32;
    let mut cycles = 0;
    for start in 0..n {
        if seen & (1 << start) != 0 {
            continue;
        }
        cycles += 1;
        let mut c = start;
        while seen & (1 << c) == 0 {
            seen |= 1 << c;
            c = home[usize::from(cells[c])];
        }
    }
    let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
    let ((r, c), (hr, hc)) = (grid.row_col(blank), grid.row_col(home[0]));
    (n - cycles) % 2 == (r.abs_diff(hr) + c.abs_diff(hc)) % 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solver for `goal` whose patterns all value 0: enough to see which moves a search
    /// takes from its root.
    fn blind<'a>(patterns: &'a [Pattern], zeros: &'a [u8], goal: &[u8]) -> Solver<'a> {
        let tables: Vec<(&Pattern, PatternValues<'_>)> = patterns
            .iter()
            .map(|p| {
                let bytes = &zeros[..p.placements() as usize];
                (
                    p,
                    PatternValues::new(p, crate::Encoding::Plain, bytes).unwrap(),
                )
            })
            .collect();
        Solver::new(*patterns[0].grid(), goal, &tables, true).unwrap()
    }

    /// Found by the `open_pattern` fuzz target: values of 0 away from the goal (a damaged
    /// database, or none) made the search take a state of heuristic 0 for the goal and answer
    /// with a path that ends elsewhere. With every value 0 the search is iterative deepening:
    /// its answers are legal, end at the goal and are optimal, serial or parallel.
    #[test]
    fn a_heuristic_of_0_away_from_the_goal_is_not_taken_for_it() {
        let grid = Grid::new(3, 3).unwrap();
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let patterns = [
            Pattern::new(grid, &goal, &[1, 2, 3, 4]).unwrap(),
            Pattern::new(grid, &goal, &[5, 6, 7, 8]).unwrap(),
        ];
        let zeros = vec![0u8; patterns[0].placements() as usize];
        let solver = blind(&patterns, &zeros, &goal);
        // 1 2 3 / 4 0 6 / 7 5 8 is 2 moves away, 1 2 3 / 0 4 6 / 7 5 8 is 3 (R D R) and
        // 0 1 3 / 4 2 6 / 7 5 8 is 4 (R D D R).
        for (cells, length) in [
            ([1, 2, 3, 4, 0, 6, 7, 5, 8], 2),
            ([1, 2, 3, 0, 4, 6, 7, 5, 8], 3),
            ([0, 1, 3, 4, 2, 6, 7, 5, 8], 4),
        ] {
            assert_eq!(solver.heuristic(&cells), 0);
            let ends_at_goal = |moves: &[Move]| {
                let mut at = cells;
                let mut blank = at.iter().position(|&t| t == 0).unwrap();
                for &m in moves {
                    let Some(next) = grid.step(blank, m) else {
                        return false;
                    };
                    at.swap(blank, next);
                    blank = next;
                }
                at == goal
            };
            let serial = solver.solve(&cells, 1_000_000).unwrap();
            assert_eq!(serial.moves.len(), length, "{cells:?}");
            assert!(ends_at_goal(&serial.moves), "{cells:?}: {:?}", serial.moves);
            let parallel = solver.solve_parallel(&cells, 2).unwrap();
            assert_eq!(parallel.moves.len(), length, "{cells:?}");
            assert!(
                ends_at_goal(&parallel.moves),
                "{cells:?}: {:?}",
                parallel.moves
            );
            let split = solver.split(&cells, length as u32, 4).unwrap();
            assert!(
                split
                    .pieces
                    .iter()
                    .all(|p| !p.is_goal() || ends_at_goal(&p.moves))
            );
        }
    }

    #[test]
    fn a_root_that_is_its_own_mirror_searches_one_move_of_each_mirrored_pair() {
        let grid = Grid::new(3, 3).unwrap();
        let (u, d, l, r) = (1 << 0, 1 << 1, 1 << 2, 1 << 3);
        // The blank's home in a corner (mirror about the main diagonal: U is L's image, D
        // is R's) and in the centre; and on the other diagonal (U is R's image, D is L's).
        for (goal, expected) in [
            // 1 2 3 / 4 5 6 / 7 8 0: U and L are mirrored.
            ([1, 2, 3, 4, 5, 6, 7, 8, 0], u),
            // 1 2 3 / 8 0 4 / 7 6 5: all four moves, two pairs.
            ([1, 2, 3, 8, 0, 4, 7, 6, 5], u | d),
            // 1 2 0 / 3 4 5 / 6 7 8, mirrored about the other diagonal: D and L.
            ([1, 2, 0, 3, 4, 5, 6, 7, 8], d),
        ] {
            let patterns = [
                Pattern::new(grid, &goal, &[1, 2, 3, 4]).unwrap(),
                Pattern::new(grid, &goal, &[5, 6, 7, 8]).unwrap(),
            ];
            let zeros = vec![0u8; patterns[0].placements() as usize];
            let solver = blind(&patterns, &zeros, &goal);
            let mut cells = [0u8; MAX_CELLS];
            // The goal is its own mirror: half of its moves.
            cells[..9].copy_from_slice(&goal);
            assert_eq!(solver.root_moves(&cells), expected, "{goal:?}");
            // So is the goal turned about the diagonal and renamed, in the corner's case.
            if goal[8] == 0 {
                cells[..9].copy_from_slice(&[1, 4, 7, 2, 5, 8, 3, 6, 0]);
                assert_eq!(solver.root_moves(&cells), u);
            }
            // Two tiles swapped: not its own mirror, every move.
            cells[..9].copy_from_slice(&goal);
            cells.swap(0, 1);
            let image = solver.mirror.as_ref().unwrap().state(&cells[..9]);
            assert_ne!(image[..9], cells[..9]);
            assert_eq!(solver.root_moves(&cells), u | d | l | r, "{goal:?}");
        }
    }
}
