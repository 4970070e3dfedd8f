//! Every optimal solution: listed lazily, or counted without listing.

use tilebase_core::{Cursor, Path, Slide, State};

use crate::view::Fault;
use crate::{Database, Error, Goal};

/// Every optimal solution of a database's own goal.
impl<D: AsRef<[u8]>> Database<D> {
    /// Every optimal solution from `state`, lazily, in lexicographic U < D < L < R order (the
    /// first is [`Database::solve`]'s). Each item costs O(length) table reads; there can be
    /// many: see [`Database::count_solutions`] first.
    pub fn all_solutions(&self, state: &State) -> Result<Solutions<'_, D>, Error> {
        self.own_goal().all_solutions(state)
    }

    /// The number of optimal solutions from `state`, counted over the states on optimal paths
    /// (not by listing the paths). Saturates at `u64::MAX`.
    pub fn count_solutions(&self, state: &State) -> Result<u64, Error> {
        self.own_goal().count_solutions(state)
    }
}

/// Every optimal solution of any goal a database answers for.
impl<'a, D: AsRef<[u8]>> Goal<'a, D> {
    /// Every optimal solution from `state`, lazily, in lexicographic U < D < L < R order (the
    /// first is [`Goal::solve`]'s). Each item costs O(length) table reads; there can be many:
    /// see [`Goal::count_solutions`] first.
    pub fn all_solutions(&self, state: &State) -> Result<Solutions<'a, D>, Error> {
        let (cursor, d) = self.locate_cursor(state)?;
        Ok(Solutions::new(*self, cursor, d))
    }

    /// The number of optimal solutions from `state`, counted over the states on optimal paths
    /// (not by listing the paths). Saturates at `u64::MAX`.
    pub fn count_solutions(&self, state: &State) -> Result<u64, Error> {
        let (cursor, d) = self.locate_cursor(state)?;
        count(self, cursor, d).map_err(|f| self.database().explain(f))
    }
}

/// The optimal solutions from one state, in lexicographic U < D < L < R order (shorter slides
/// first in the multi-tile metric); made by [`Goal::all_solutions`]. Yields an error (then
/// stops) if it meets a damaged entry.
pub struct Solutions<'a, D> {
    goal: Goal<'a, D>,
    /// The length of every solution, in moves.
    distance: u8,
    /// The start, until its moves are worked out.
    start: Option<Cursor>,
    /// For each state on the current path, the state and the places of the moves closer still
    /// to be tried (see `Goal::take`).
    stack: Vec<(Cursor, u32)>,
    /// The moves that led to the top of the stack: one fewer than the stack's levels.
    slides: Vec<Slide>,
    /// The start is the goal: one solution, the empty path, not yet yielded.
    at_goal: bool,
}

impl<'a, D: AsRef<[u8]>> Solutions<'a, D> {
    pub(crate) fn new(goal: Goal<'a, D>, start: Cursor, distance: u8) -> Self {
        Solutions {
            goal,
            distance,
            start: (distance > 0).then_some(start),
            stack: Vec::with_capacity(usize::from(distance)),
            slides: Vec::with_capacity(usize::from(distance)),
            at_goal: distance == 0,
        }
    }

    /// The moves closer from a state at distance `d`, to be tried in order.
    fn expand(&mut self, cursor: &Cursor, d: u8) -> Result<(), Error> {
        match self.goal.closer(cursor, d) {
            Ok(places) => {
                self.stack.push((*cursor, places));
                Ok(())
            }
            Err(fault) => {
                self.stack.clear();
                Err(self.goal.database().explain(fault))
            }
        }
    }
}

impl<D: AsRef<[u8]>> Iterator for Solutions<'_, D> {
    type Item = Result<Path, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if std::mem::take(&mut self.at_goal) {
            return Some(Ok(Path::new()));
        }
        if let Some(start) = self.start.take()
            && let Err(e) = self.expand(&start, self.distance)
        {
            return Some(Err(e));
        }
        while let Some((cursor, places)) = self.stack.last_mut() {
            if *places == 0 {
                self.stack.pop();
                self.slides.pop();
                continue;
            }
            let place = places.trailing_zeros();
            *places &= *places - 1;
            let (slide, next) = self.goal.take(cursor, place);
            // The state the top's moves leave from is this far from the goal.
            let d = self.distance - self.slides.len() as u8;
            self.slides.push(slide);
            if d == 1 {
                let mut found = Path::with_capacity(self.slides.len());
                for s in &self.slides {
                    s.push_onto(&mut found);
                }
                self.slides.pop();
                return Some(Ok(found));
            }
            if let Err(e) = self.expand(&next, d - 1) {
                return Some(Err(e));
            }
        }
        None
    }
}

/// The number of optimal paths from `start` at distance `distance`: the number of paths to each
/// state one layer closer is the sum over its predecessors, so each state on an optimal path is
/// visited once.
pub(crate) fn count<D: AsRef<[u8]>>(
    goal: &Goal<'_, D>,
    start: Cursor,
    distance: u8,
) -> Result<u64, Fault> {
    let mut layer = vec![(start.index(), start, 1u64)];
    let mut next = Vec::new();
    for d in (1..=distance).rev() {
        next.clear();
        for &(_, cursor, paths) in &layer {
            let mut places = goal.closer(&cursor, d)?;
            while places != 0 {
                let (_, to) = goal.take(&cursor, places.trailing_zeros());
                places &= places - 1;
                next.push((to.index(), to, paths));
            }
        }
        next.sort_unstable_by_key(|&(index, _, _)| index);
        layer.clear();
        for &(index, state, paths) in &next {
            match layer.last_mut() {
                Some((last, _, total)) if *last == index => *total = total.saturating_add(paths),
                _ => layer.push((index, state, paths)),
            }
        }
    }
    Ok(layer
        .iter()
        .fold(0u64, |sum, &(_, _, paths)| sum.saturating_add(paths)))
}
