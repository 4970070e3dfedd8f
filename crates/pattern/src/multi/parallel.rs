//! One multi-tile search shared among threads: each iteration of IDA* cut, at a small depth,
//! into the subtrees below the states it reaches there, which the threads take in the serial
//! search's order. The solution is the one the serial search finds (from the first subtree, in
//! that order, that holds one), so the answer does not depend on the threads; the node count
//! does. A*+IDA* ([`super::hybrid`]) shares the subtrees below A*'s frontier the same way.

use tilebase_core::{MAX_CELLS, Slide};

use super::{Axis, MultiSolution, MultiSolver, Step, for_each_slide};
use crate::in_order::{Piece, Pieces, search_in_order};
use crate::progress;
use crate::solve::SolveError;

/// A state where a piece of an iteration's work starts: the subtree below it, within the
/// iteration's bound.
#[derive(Clone)]
pub(super) struct Start {
    /// Its cells, as a search holds them.
    pub(super) state: [u8; MAX_CELLS],
    /// The blank's cell.
    pub(super) blank: usize,
    /// The slides from the root to it.
    pub(super) g: u32,
    /// The line the last of them ran along.
    pub(super) last: Axis,
    /// Its bound.
    pub(super) h: u32,
}

/// The states at the cut of an iteration, in the serial search's order: each a piece of work,
/// or a goal met above the cut (its slides).
enum Cut {
    Piece(Start, Vec<Slide>),
    Goal(Vec<Slide>),
}

impl MultiSolver<'_> {
    /// [`Self::solve`] with no node limit, one state's search shared among `threads`: each
    /// iteration of IDA* is cut, at a small depth, into the subtrees below the states it
    /// reaches there, which the threads take in the serial search's order. The solution is the
    /// one the serial search finds, so the answer does not depend on the threads; the node
    /// count does.
    pub fn solve_parallel(
        &self,
        cells: &[u8],
        threads: usize,
    ) -> Result<MultiSolution, SolveError> {
        self.solve_parallel_until(cells, threads, u64::MAX)
    }

    /// [`Self::solve_parallel`], giving up ([`SolveError::Exceeded`], with the bound of the
    /// iteration it would search next) once an iteration ends without a solution past `until`
    /// nodes in all: the iterations below that bound hold none.
    pub(super) fn solve_parallel_until(
        &self,
        cells: &[u8],
        threads: usize,
        until: u64,
    ) -> Result<MultiSolution, SolveError> {
        if threads <= 1 {
            return self.solve(cells, until);
        }
        let (state, blank) = self.start(cells)?;
        let start_bound = self.heuristic(cells);
        let mut bound = start_bound;
        let mut nodes = 0u64;
        loop {
            progress::begin(bound);
            let (cut, next_bound, cut_nodes) = self.split(&state, blank, bound, 32 * threads);
            nodes += cut_nodes;
            progress::add(cut_nodes);
            // A goal above the cut ends the search where the serial one would meet it: after
            // the pieces before it, if none of them holds a solution.
            let goal = cut.iter().position(|c| matches!(c, Cut::Goal(_)));
            let pieces: Vec<(&Start, &Vec<Slide>)> = cut[..goal.unwrap_or(cut.len())]
                .iter()
                .filter_map(|c| match c {
                    Cut::Piece(piece, slides) => Some((piece, slides)),
                    Cut::Goal(_) => None,
                })
                .collect();
            let iteration = self.search_below(
                pieces.len(),
                &|i| pieces[i].0.clone(),
                &|i| pieces[i].1.clone(),
                bound,
                threads,
                u64::MAX,
            );
            nodes += iteration.nodes;
            let found = match (iteration.found, goal) {
                (Some(slides), _) => Some(slides),
                (None, Some(at)) => match &cut[at] {
                    Cut::Goal(slides) => Some(slides.clone()),
                    Cut::Piece(..) => None,
                },
                (None, None) => None,
            };
            if let Some(slides) = found {
                return Ok(MultiSolution {
                    slides,
                    nodes,
                    start_bound,
                });
            }
            bound = next_bound.min(iteration.next_bound);
            if bound == u32::MAX {
                // Nothing left to search: cannot happen for a solvable state.
                return Err(SolveError::Unsolvable);
            }
            if nodes > until {
                return Err(SolveError::Exceeded { nodes, bound });
            }
        }
    }

    /// The iteration at `bound` from `state` cut at the first depth where at least `at_least`
    /// pieces are within the bound (or depth 8, or none left), in the serial search's order;
    /// the least f beyond the bound met above the cut, and the nodes generated there.
    fn split(
        &self,
        state: &[u8; MAX_CELLS],
        blank: usize,
        bound: u32,
        at_least: usize,
    ) -> (Vec<Cut>, u32, u64) {
        let mut depth = 1;
        loop {
            let mut cut = Vec::new();
            let (mut next, mut nodes) = (u32::MAX, 0u64);
            let mut state = *state;
            let mut slides = Vec::new();
            self.cut(
                &mut state,
                blank,
                Axis::Any,
                bound,
                depth,
                &mut slides,
                &mut cut,
                &mut next,
                &mut nodes,
            );
            let open = cut.iter().filter(|c| matches!(c, Cut::Piece(..))).count();
            if open >= at_least || depth >= 8 || open == 0 {
                return (cut, next, nodes);
            }
            depth += 1;
        }
    }

    /// The states of the iteration at `bound` below `state` (reached by `slides`) at `depth`
    /// slides from the root, in the serial search's order, into `cut`.
    #[allow(clippy::too_many_arguments)]
    fn cut(
        &self,
        state: &mut [u8; MAX_CELLS],
        blank: usize,
        last: Axis,
        bound: u32,
        depth: u32,
        slides: &mut Vec<Slide>,
        cut: &mut Vec<Cut>,
        next: &mut u32,
        nodes: &mut u64,
    ) {
        let n = self.grid.cells();
        let g = slides.len() as u32;
        let h = self.heuristic(&state[..n]);
        if g + h > bound {
            *next = (*next).min(g + h);
            return;
        }
        if h == 0 && self.is_goal(&state[..]) {
            cut.push(Cut::Goal(slides.clone()));
            return;
        }
        if g == depth {
            let piece = Start {
                state: *state,
                blank,
                g,
                last,
                h,
            };
            cut.push(Cut::Piece(piece, slides.clone()));
            return;
        }
        for_each_slide(
            self.grid,
            state,
            blank,
            last,
            |direction, cells, to, axis, state| {
                *nodes += 1;
                slides.push(Slide {
                    direction,
                    cells: cells as u8,
                });
                self.cut(state, to, axis, bound, depth, slides, cut, next, nodes);
                slides.pop();
            },
        );
    }

    /// One iteration of IDA* within `bound` below each of `count` states (`start(i)`, reached
    /// from the root by `slides(i)`), shared among `threads` in order, generating at most
    /// `max_nodes` nodes: the first solution in that order, if any, else the next bound.
    pub(super) fn search_below(
        &self,
        count: usize,
        start: &(dyn Fn(usize) -> Start + Sync),
        slides: &(dyn Fn(usize) -> Vec<Slide> + Sync),
        bound: u32,
        threads: usize,
        max_nodes: u64,
    ) -> Pieces<Vec<Slide>> {
        search_in_order(count, threads, max_nodes, &|i, stop, left| {
            let p = start(i);
            let mut search = self.search_from(p.state, left);
            search.abort = Some(stop);
            let index = self.indices(&search.masks);
            let step = search.dfs(p.blank, p.g, bound, p.last, &index, p.h);
            progress::rest(search.nodes);
            let (stop, me) = stop;
            Piece {
                found: matches!(step, Step::Found).then(|| {
                    let mut moves = slides(i);
                    moves.extend_from_slice(&search.path);
                    moves
                }),
                next_bound: match step {
                    Step::Next(f) => f,
                    _ => u32::MAX,
                },
                nodes: search.nodes,
                // Stopped, not for an earlier piece's solution: out of nodes.
                exceeded: matches!(step, Step::Stop)
                    && stop.load(std::sync::atomic::Ordering::Relaxed) > me,
            }
        })
    }
}
