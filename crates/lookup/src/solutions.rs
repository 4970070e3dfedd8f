//! Every optimal solution: listed lazily, or counted without listing.

use tilebase_core::{Cursor, MoveSet, Path, State};

use crate::database::Fault;
use crate::{Database, Error};

/// The optimal solutions from one state, in lexicographic U < D < L < R order; made by
/// [`Database::all_solutions`]. Yields an error (then stops) if it meets a damaged entry.
pub struct Solutions<'a, D> {
    db: &'a Database<D>,
    /// The length of every solution.
    distance: u8,
    /// For each state on the current path, the moves closer that are still to be tried.
    stack: Vec<(Cursor, Option<MoveSet>)>,
    path: Path,
    /// The start is the goal: one solution, the empty path, not yet yielded.
    at_goal: bool,
}

impl<'a, D: AsRef<[u8]>> Solutions<'a, D> {
    pub(crate) fn new(db: &'a Database<D>, start: State, distance: u8) -> Self {
        Solutions {
            db,
            distance,
            stack: if distance > 0 {
                vec![(Cursor::new(start), None)]
            } else {
                Vec::new()
            },
            path: Path::with_capacity(usize::from(distance)),
            at_goal: distance == 0,
        }
    }
}

impl<D: AsRef<[u8]>> Iterator for Solutions<'_, D> {
    type Item = Result<Path, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if std::mem::take(&mut self.at_goal) {
            return Some(Ok(Path::new()));
        }
        // Invariant: the path holds one move per stack entry but the first.
        while let Some((state, pending)) = self.stack.last_mut() {
            let d = self.distance - self.path.len() as u8;
            let moves = match pending {
                Some(moves) => *moves,
                None => match self.db.view().moves_closer(state, d) {
                    Ok(moves) => moves,
                    Err(fault) => {
                        self.stack.clear();
                        return Some(Err(self.db.explain(fault)));
                    }
                },
            };
            let Some(m) = moves.first() else {
                self.stack.pop();
                self.path.pop();
                continue;
            };
            *pending = Some(moves.without(m));
            let next = state.slide(m).expect("a move closer is a legal move");
            self.path.push(m);
            if d == 1 {
                let found = self.path.clone();
                self.path.pop();
                return Some(Ok(found));
            }
            self.stack.push((next, None));
        }
        None
    }
}

/// The number of optimal paths from `start` at distance `distance`: the number of paths to each
/// state one layer closer is the sum over its predecessors, so each state on an optimal path is
/// visited once.
pub(crate) fn count<D: AsRef<[u8]>>(
    db: &Database<D>,
    start: State,
    distance: u8,
) -> Result<u64, Fault> {
    let view = db.view();
    let start = Cursor::new(start);
    let mut layer = vec![(start.index(), start, 1u64)];
    let mut next = Vec::new();
    for d in (1..=distance).rev() {
        next.clear();
        for &(_, cursor, paths) in &layer {
            for m in view.moves_closer(&cursor, d)?.iter() {
                let to = cursor.slide(m).expect("a move closer is a legal move");
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
