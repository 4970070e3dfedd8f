//! IDA* in the multi-tile metric, bounded by relabelled abstractions ([`Relabelling`]).
//!
//! A multi-tile move slides the blank one or more cells along its row or column, and counts 1.
//! Two moves along the same line in a row are never optimal (they make one move, or none), so
//! after a move along a row only moves along the column follow, and the other way round: the
//! search alternates between the two, at most `height - 1` and `width - 1` children a node.
//!
//! The bound is the largest of the relabelled tables' values, each looked up on the state and,
//! where the board is square and the goal's blank on its main diagonal, on the state's mirror
//! image about that diagonal (tiles renamed so that the goal maps onto itself: the same
//! distance, another relabelled state), as slidy does.
//!
//! [`MultiSolver::solve_parallel`] shares one search among threads, with the serial search's
//! answer ([`parallel`]); [`MultiSolver::solve_hybrid`] turns a long search to A*+IDA* within a
//! memory budget ([`hybrid`]), as the single-tile search does.
//!
//! ```
//! use tilebase_core::Metric;
//! use tilebase_pattern::{Grid, MultiSolver, Relabelling};
//!
//! let grid = Grid::new(3, 3).unwrap();
//! let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
//! let relabelling = Relabelling::new(grid, &goal, &[1, 1, 2, 1, 1, 2, 3, 3, 0]).unwrap();
//! # let values = vec![0u8; relabelling.states() as usize]; // built by tilebase-engine
//! let solver = MultiSolver::new(&goal, &[(&relabelling, &values[..])]).unwrap();
//! // Two tiles slid at once: the blank down two cells, one move.
//! let solved = solver.solve(&[1, 2, 0, 4, 5, 3, 7, 8, 6], u64::MAX).unwrap();
//! assert_eq!(solved.slides.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["D2"]);
//! # let _ = Metric::Multi;
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};

use tilebase_core::{Move, Slide};

use crate::grid::Grid;
use crate::progress;
use crate::relabel::{MAX_LABELS, Relabelling};
use crate::solve::HYBRID_FROM;
use crate::solve::{SolveError, solvable};
use tilebase_core::MAX_CELLS;

mod hybrid;
mod parallel;

/// An optimal multi-tile solution and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiSolution {
    /// The blank's slides, from the state to the goal.
    pub slides: Vec<Slide>,
    /// Nodes generated.
    pub nodes: u64,
    /// The bound at the start state.
    pub start_bound: u32,
}

/// One lookup of the bound: the relabelled table, and the cells and labels it reads a state
/// through.
struct Lookup<'a> {
    relabelling: &'a Relabelling,
    values: &'a [u8],
    /// Where each cell's tile is read into: the cell itself, or its mirror image.
    cell: [u8; MAX_CELLS],
    /// The label a tile gets: its own, or its mirror image's.
    label: [u8; MAX_CELLS],
    /// By direction (`Move as usize`): how far the index moves when the blank moves one cell
    /// that way, where the cells it reads are neighbours in number (±1: the blank's cell is the
    /// index's least significant digit, and every other cell keeps its place among the free
    /// cells); 0 where the index must be worked out again.
    shift: [i32; 4],
}

impl Lookup<'_> {
    /// Each label's cells for `state`, as this lookup reads it.
    fn masks(&self, state: &[u8]) -> Masks {
        let mut masks = [0u32; MAX_LABELS + 1];
        for (c, &t) in state.iter().enumerate() {
            let label = usize::from(self.label[usize::from(t)]).min(MAX_LABELS);
            masks[label] |= 1 << self.cell[c];
        }
        masks
    }

    #[inline]
    fn value(&self, masks: &Masks) -> u8 {
        self.at(self.relabelling.index_of_masks(masks))
    }

    #[inline]
    fn at(&self, index: u32) -> u8 {
        self.values.get(index as usize).copied().unwrap_or(0)
    }

    /// The shifts of a lookup that reads cell `c` as `cell[c]` on `grid`.
    fn shifts(grid: Grid, cell: &[u8; MAX_CELLS]) -> [i32; 4] {
        let mut shift = [0i32; 4];
        for m in Move::ALL {
            let steps: Vec<i32> = (0..grid.cells())
                .filter_map(|from| {
                    let to = grid.step(from, m)?;
                    Some(i32::from(cell[to]) - i32::from(cell[from]))
                })
                .collect();
            if let Some(&d) = steps.first()
                && d.abs() == 1
                && steps.iter().all(|&x| x == d)
            {
                shift[m as usize] = d;
            }
        }
        shift
    }
}

/// Each label's cells, the blank's first.
type Masks = [u32; MAX_LABELS + 1];

/// The most lookups a bound takes: four tables, each with its mirror image.
pub const MAX_LOOKUPS: usize = 8;

/// The most children of a node: a slide of one cell to the edge each way along both lines,
/// (width - 1) + (height - 1), at most 12 on a board of at most 25 cells, both sides at least 2.
const MAX_CHILDREN: usize = 16;

/// Why tables cannot bound a multi-tile search of a goal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MultiError {
    /// No table.
    #[error("no relabelled table to bound the search")]
    NoTables,
    /// A board so long that a node has more slides than the search keeps.
    #[error("a board of sides {0} and {1}: at most 18 cells along a row and a column together")]
    TooLong(usize, usize),
    /// More tables than [`MAX_LOOKUPS`] lookups.
    #[error("at most {MAX_LOOKUPS} lookups (each table, and its mirror image where there is one)")]
    TooMany,
    /// A table of another board or goal, or of the wrong size.
    #[error("table {which} is not of this goal's relabelled states")]
    Mismatch {
        /// Which table, from 1.
        which: usize,
    },
    /// A goal that is not the tables' board's tiles, 0 to one less than its cells, each once.
    #[error("the goal is not the tiles 0 to {} each once", .cells - 1)]
    Goal {
        /// The tables' board's cells.
        cells: usize,
    },
}

/// IDA* in the multi-tile metric for one goal, bounded by relabelled tables.
pub struct MultiSolver<'a> {
    grid: Grid,
    goal: [u8; MAX_CELLS],
    lookups: Vec<Lookup<'a>>,
    /// The nodes plain IDA* generates before [`Self::solve_hybrid`] turns to A*+IDA*.
    hybrid_from: u64,
}

impl<'a> MultiSolver<'a> {
    /// The solver for `goal` (tiles cell by cell) bounded by `tables`: each a relabelling of
    /// this goal and its values (built in the multi-tile metric by tilebase-engine).
    pub fn new(
        goal: &[u8],
        tables: &[(&'a Relabelling, &'a [u8])],
    ) -> Result<MultiSolver<'a>, MultiError> {
        let Some((first, _)) = tables.first() else {
            return Err(MultiError::NoTables);
        };
        let grid = first.grid();
        if grid.width() + grid.height() - 2 > MAX_CHILDREN {
            return Err(MultiError::TooLong(grid.width(), grid.height()));
        }
        let n = grid.cells();
        let mut home = [usize::MAX; MAX_CELLS];
        if goal.len() != n {
            return Err(MultiError::Goal { cells: n });
        }
        for (c, &t) in goal.iter().enumerate() {
            match home.get_mut(usize::from(t)) {
                Some(at) if usize::from(t) < n && *at == usize::MAX => *at = c,
                _ => return Err(MultiError::Goal { cells: n }),
            }
        }
        let mut own_goal = [0u8; MAX_CELLS];
        own_goal[..n].copy_from_slice(&goal[..n]);
        let (w, h) = (grid.width(), grid.height());
        let blank = home[0];
        let mirrored = w == h && blank / w == blank % w;
        let mut lookups = Vec::new();
        for (which, &(relabelling, values)) in tables.iter().enumerate() {
            let fits = relabelling.grid() == grid
                && values.len() as u64 == relabelling.states()
                && relabelling.index_of_tiles(&goal[..n]) == relabelling.goal_index()
                && values.get(relabelling.goal_index() as usize) == Some(&0);
            if !fits {
                return Err(MultiError::Mismatch { which: which + 1 });
            }
            let mut cell = [0u8; MAX_CELLS];
            let mut label = [0u8; MAX_CELLS];
            for c in 0..n {
                cell[c] = c as u8;
                label[c] = relabelling.label_of()[c];
            }
            lookups.push(Lookup {
                relabelling,
                values,
                cell,
                label,
                shift: Lookup::shifts(grid, &cell),
            });
            if mirrored {
                // The mirror image of cell (r, c) is (c, r); tile t, whose home is cell g, is
                // renamed the tile whose home is g's image.
                let image = |c: usize| (c % w) * w + c / w;
                for (c, slot) in cell.iter_mut().enumerate().take(n) {
                    *slot = image(c) as u8;
                }
                for t in 0..n {
                    let renamed = goal[image(home[t])];
                    label[t] = relabelling.label_of()[usize::from(renamed)];
                }
                lookups.push(Lookup {
                    relabelling,
                    values,
                    cell,
                    label,
                    shift: Lookup::shifts(grid, &cell),
                });
            }
        }
        if lookups.len() > MAX_LOOKUPS {
            return Err(MultiError::TooMany);
        }
        Ok(MultiSolver {
            grid,
            goal: own_goal,
            lookups,
            hybrid_from: HYBRID_FROM,
        })
    }

    /// The solver with [`Self::solve_hybrid`] turning to A*+IDA* after `nodes` nodes of plain
    /// IDA* ([`HYBRID_FROM`] by default).
    pub fn with_hybrid_from(mut self, nodes: u64) -> MultiSolver<'a> {
        self.hybrid_from = nodes;
        self
    }

    /// The bound of `state` (tiles cell by cell): the largest lookup.
    pub fn heuristic(&self, state: &[u8]) -> u32 {
        let masks = self.masks(&state[..self.grid.cells()]);
        self.bound(&masks, u8::MAX).into()
    }

    /// Each lookup's masks of `state`.
    fn masks(&self, state: &[u8]) -> Vec<Masks> {
        self.lookups.iter().map(|l| l.masks(state)).collect()
    }

    /// Each lookup's index of the state whose masks are `masks`.
    fn indices(&self, masks: &[Masks]) -> [u32; MAX_LOOKUPS] {
        let mut index = [0u32; MAX_LOOKUPS];
        for (slot, (lookup, masks)) in index.iter_mut().zip(self.lookups.iter().zip(masks)) {
            *slot = lookup.relabelling.index_of_masks(masks);
        }
        index
    }

    /// A search from `state` (its cells as a search holds them), generating at most
    /// `max_nodes` nodes.
    fn search_from(&self, state: [u8; MAX_CELLS], max_nodes: u64) -> Search<'_, 'a> {
        Search {
            solver: self,
            state,
            masks: self.masks(&state[..self.grid.cells()]),
            path: Vec::new(),
            nodes: 0,
            max_nodes,
            abort: None,
        }
    }

    /// Whether `cells` (as a search holds them) are the goal.
    fn is_goal(&self, cells: &[u8]) -> bool {
        let n = self.grid.cells();
        cells[..n] == self.goal[..n]
    }

    /// The largest lookup, stopping at the first above `enough`.
    #[inline]
    fn bound(&self, masks: &[Masks], enough: u8) -> u8 {
        let mut best = 0;
        for (lookup, masks) in self.lookups.iter().zip(masks) {
            best = best.max(lookup.value(masks));
            if best > enough {
                break;
            }
        }
        best
    }

    /// The state of `cells` (each tile once) as a search holds it, and its blank's cell; an
    /// error when they cannot reach the goal.
    fn start(&self, cells: &[u8]) -> Result<([u8; MAX_CELLS], usize), SolveError> {
        let n = self.grid.cells();
        if cells.len() != n || !solvable(&self.grid, &self.goal[..n], cells) {
            return Err(SolveError::Unsolvable);
        }
        let mut state = [0u8; MAX_CELLS];
        state[..n].copy_from_slice(cells);
        Ok((state, cells.iter().position(|&t| t == 0).unwrap_or(0)))
    }

    /// An optimal multi-tile solution of `cells` (each tile once), generating at most
    /// `max_nodes` nodes.
    pub fn solve(&self, cells: &[u8], max_nodes: u64) -> Result<MultiSolution, SolveError> {
        let (state, blank) = self.start(cells)?;
        let mut search = self.search_from(state, max_nodes);
        let start_bound = u32::from(self.bound(&search.masks, u8::MAX));
        let root = self.indices(&search.masks);
        let mut bound = start_bound;
        loop {
            progress::begin(bound);
            let step = search.dfs(blank, 0, bound, Axis::Any, &root, start_bound);
            if !matches!(step, Step::Next(_)) {
                progress::rest(search.nodes);
            }
            match step {
                Step::Found => {
                    return Ok(MultiSolution {
                        slides: search.path,
                        nodes: search.nodes,
                        start_bound,
                    });
                }
                Step::Next(next) => bound = next,
                Step::Stop => {
                    return Err(SolveError::Exceeded {
                        nodes: search.nodes,
                        bound,
                    });
                }
            }
        }
    }
}

impl MultiSolver<'_> {
    /// Every optimal multi-tile solution of `cells` (of `length` moves, its distance: found
    /// first by [`Self::solve`]), in U, D, L, R order with the shorter slide first, each told
    /// to `each` as it is found; the search stops early when `each` returns `false`, and gives
    /// up past `max_nodes` nodes. Returns the nodes generated. Two slides along one line in a
    /// row are never optimal (they make one slide, or none), so pruning them loses no optimal
    /// solution.
    pub fn each_optimal(
        &self,
        cells: &[u8],
        length: u32,
        max_nodes: u64,
        each: &mut dyn FnMut(&[Slide]) -> bool,
    ) -> Result<u64, SolveError> {
        let (state, blank) = self.start(cells)?;
        let mut search = self.search_from(state, max_nodes);
        progress::begin(length);
        let step = search.every(blank, 0, length, Axis::Any, each);
        progress::rest(search.nodes);
        match step {
            Step::Stop if search.nodes > max_nodes => Err(SolveError::Exceeded {
                nodes: search.nodes,
                bound: length,
            }),
            _ => Ok(search.nodes),
        }
    }
}

/// Which line the last move ran along.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Axis {
    Any,
    Row,
    Column,
}

enum Step {
    Found,
    /// The least f above the bound.
    Next(u32),
    Stop,
}

/// The lines the blank can slide along from `blank`: up, down, left and right, each with the
/// cells to the edge, the step of a cell's index along it, and its axis.
#[inline]
fn lines(grid: Grid, blank: usize) -> [(Move, usize, isize, Axis); 4] {
    let (w, height) = (grid.width(), grid.height());
    let (row, col) = (blank / w, blank % w);
    [
        (Move::Up, row, -(w as isize), Axis::Column),
        (Move::Down, height - 1 - row, w as isize, Axis::Column),
        (Move::Left, col, -1, Axis::Row),
        (Move::Right, w - 1 - col, 1, Axis::Row),
    ]
}

/// Every slide of the blank from `blank` in the search's order, none along `last`'s line:
/// `each(direction, cells, to, axis, state)` with `state` as the slide leaves it, the blank on
/// `to`. `state` is as it was when this returns.
fn for_each_slide(
    grid: Grid,
    state: &mut [u8; MAX_CELLS],
    blank: usize,
    last: Axis,
    mut each: impl FnMut(Move, usize, usize, Axis, &mut [u8; MAX_CELLS]),
) {
    for (direction, room, step, axis) in lines(grid, blank) {
        if axis == last {
            continue;
        }
        let mut at = blank;
        for cells in 1..=room {
            let to = (at as isize + step) as usize;
            state.swap(at, to);
            at = to;
            each(direction, cells, to, axis, state);
        }
        while at != blank {
            let back = (at as isize - step) as usize;
            state.swap(at, back);
            at = back;
        }
    }
}

struct Search<'s, 'a> {
    solver: &'s MultiSolver<'a>,
    state: [u8; MAX_CELLS],
    /// Each lookup's masks of `state`, kept as the blank moves.
    masks: Vec<Masks>,
    path: Vec<Slide>,
    nodes: u64,
    max_nodes: u64,
    /// A piece of work shared among threads stops when a solution turns up in an earlier
    /// piece: the least piece with one so far, and this one.
    abort: Option<(&'s AtomicUsize, usize)>,
}

impl Search<'_, '_> {
    /// The search below the state with the blank at `blank`, `g` moves from the start, whose
    /// lookups' indices are `index` and whose bound `h` its parent found within `bound`. The
    /// children's bounds are found here, in three passes, before any child is searched: first
    /// each child's lookups that read its slide as one between neighbouring cells (their index
    /// is this node's moved by the slide's length: no ranking, and their entries are near this
    /// node's, likely in cache), which prune many children; then the other lookups of the
    /// children left are ranked; then read together, so that the processor overlaps their cache
    /// misses. (Reading every lookup of every child at once was slower: it ranks children that
    /// the cheap lookups prune.)
    fn dfs(
        &mut self,
        blank: usize,
        g: u32,
        bound: u32,
        last: Axis,
        index: &[u32; MAX_LOOKUPS],
        h: u32,
    ) -> Step {
        let grid = self.solver.grid;
        let n = grid.cells();
        if h == 0 && self.state[..n] == self.solver.goal[..n] {
            return Step::Found;
        }
        let lookups = &self.solver.lookups;
        let lines = lines(grid, blank);
        // Each child's indices, bound so far and direction, in the search's order.
        let mut indices = [[0u32; MAX_LOOKUPS]; MAX_CHILDREN];
        let mut bounds = [0u32; MAX_CHILDREN];
        let mut directions = [0usize; MAX_CHILDREN];
        let mut children = 0;
        for &(direction, room, _, axis) in &lines {
            if axis == last {
                continue;
            }
            for cells in 1..=room {
                let mut b = 0u32;
                for (l, lookup) in lookups.iter().enumerate() {
                    let shift = lookup.shift[direction as usize];
                    if shift != 0 {
                        let at = index[l].wrapping_add_signed(shift * cells as i32);
                        indices[children][l] = at;
                        b = b.max(u32::from(lookup.at(at)));
                    }
                }
                bounds[children] = b;
                directions[children] = direction as usize;
                children += 1;
            }
        }
        // The other lookups of the children within the bound: ranked, then read.
        let mut child = 0;
        for &(direction, room, step, axis) in &lines {
            if axis == last {
                continue;
            }
            let mut at = blank;
            for _ in 0..room {
                let to = (at as isize + step) as usize;
                self.slide(at, to);
                at = to;
                if g + 1 + bounds[child] <= bound {
                    for (l, (lookup, masks)) in lookups.iter().zip(&self.masks).enumerate() {
                        if lookup.shift[direction as usize] == 0 {
                            indices[child][l] = lookup.relabelling.index_of_masks(masks);
                        }
                    }
                }
                child += 1;
            }
            self.undo(at, blank, step);
        }
        for ((b, child), &direction) in bounds[..children].iter_mut().zip(&indices).zip(&directions)
        {
            if g + 1 + *b <= bound {
                for (lookup, &at) in lookups.iter().zip(child) {
                    if lookup.shift[direction] == 0 {
                        *b = (*b).max(u32::from(lookup.at(at)));
                    }
                }
            }
        }
        let mut next = u32::MAX;
        let mut child = 0;
        for (direction, room, step, axis) in lines {
            if axis == last {
                continue;
            }
            let mut at = blank;
            for cells in 1..=room {
                at = self.generate(at, step);
                if self.nodes > self.max_nodes {
                    self.undo(at, blank, step);
                    return Step::Stop;
                }
                let h = bounds[child];
                let own = indices[child];
                child += 1;
                if g + 1 + h > bound {
                    next = next.min(g + 1 + h);
                    continue;
                }
                debug_assert!(
                    lookups
                        .iter()
                        .zip(&self.masks)
                        .zip(&own)
                        .all(|((lookup, masks), &i)| lookup.relabelling.index_of_masks(masks) == i)
                );
                self.path.push(Slide {
                    direction,
                    cells: cells as u8,
                });
                match self.dfs(at, g + 1, bound, axis, &own, h) {
                    Step::Found => return Step::Found,
                    Step::Next(f) => next = next.min(f),
                    Step::Stop => {
                        self.path.pop();
                        self.undo(at, blank, step);
                        return Step::Stop;
                    }
                }
                self.path.pop();
            }
            self.undo(at, blank, step);
        }
        Step::Next(next)
    }

    /// Every path within `bound` that ends at the goal, told to `each`: `Stop` when `each`
    /// said to stop or the nodes ran out, else `Found` (whatever was found).
    fn every(
        &mut self,
        blank: usize,
        g: u32,
        bound: u32,
        last: Axis,
        each: &mut dyn FnMut(&[Slide]) -> bool,
    ) -> Step {
        let grid = self.solver.grid;
        let n = grid.cells();
        let h = u32::from(
            self.solver
                .bound(&self.masks, (bound - g.min(bound)).min(255) as u8),
        );
        if g + h > bound {
            return Step::Found;
        }
        if h == 0 && self.state[..n] == self.solver.goal[..n] {
            return if each(&self.path) {
                Step::Found
            } else {
                Step::Stop
            };
        }
        let lines = lines(grid, blank);
        for (direction, room, step, axis) in lines {
            if axis == last {
                continue;
            }
            let mut at = blank;
            for cells in 1..=room {
                at = self.generate(at, step);
                let stop = self.nodes > self.max_nodes || {
                    self.path.push(Slide {
                        direction,
                        cells: cells as u8,
                    });
                    let step = self.every(at, g + 1, bound, axis, each);
                    self.path.pop();
                    matches!(step, Step::Stop)
                };
                if stop {
                    self.undo(at, blank, step);
                    return Step::Stop;
                }
            }
            self.undo(at, blank, step);
        }
        Step::Found
    }

    /// Slides the blank from `at` one cell along `step`, a node generated (counted, and told
    /// to the progress counters every [`progress::STEP`]): the cell it reaches.
    #[inline]
    fn generate(&mut self, at: usize, step: isize) -> usize {
        let to = (at as isize + step) as usize;
        self.slide(at, to);
        self.nodes += 1;
        if self.nodes.is_multiple_of(progress::STEP) {
            progress::step();
            if let Some((best, me)) = self.abort
                && best.load(Ordering::Relaxed) < me
            {
                // Stopped at the next check of the nodes.
                self.max_nodes = 0;
            }
        }
        to
    }

    /// Slides the blank back from `at` to `blank`, against `step`.
    fn undo(&mut self, mut at: usize, blank: usize, step: isize) {
        while at != blank {
            let back = (at as isize - step) as usize;
            self.slide(at, back);
            at = back;
        }
    }

    /// Moves the blank from `from` to the neighbouring cell `to`, in the state and in each
    /// lookup's masks.
    #[inline]
    fn slide(&mut self, from: usize, to: usize) {
        let tile = usize::from(self.state[to]);
        self.state.swap(from, to);
        for (lookup, masks) in self.solver.lookups.iter().zip(&mut self.masks) {
            let moved = (1u32 << lookup.cell[from]) | (1 << lookup.cell[to]);
            masks[0] ^= moved;
            masks[usize::from(lookup.label[tile]).min(MAX_LABELS)] ^= moved;
        }
    }
}
