//! One optimal search cut into pieces that can run anywhere: the iterations of IDA* over the
//! pattern databases, each cut into subtrees ([`Answers::split`]) that are searched one by one
//! ([`Answers::search_below`]), in other threads, processes or machines, and joined by whoever
//! cut them. This is what a distributed search (the Python module's `tilebase.ray.solve`)
//! stands on: the pieces are named by their moves in the position's own frame, so that nothing
//! but a position, a bound and moves travels between machines.

use tilebase_core::{Move, Path};

use crate::answering::{Answers, Searcher};
use crate::error::Error;
use crate::question::position::Position;

/// One iteration of IDA* at `bound`, cut into pieces ([`Answers::split`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The bound of the iteration.
    pub bound: u32,
    /// The blank's moves from the position to each piece's state, in the serial search's
    /// order: searching below each ([`Answers::search_below`]) is the whole iteration.
    pub pieces: Vec<Path>,
    /// A solution met above the cut, if any (the first in the serial order): of `bound` moves,
    /// optimal when no earlier iteration found one.
    pub solution: Option<Path>,
    /// The least bound beyond this one among the children met above the cut (`None` when
    /// none was).
    pub next_bound: Option<u32>,
    /// Nodes generated above the cut.
    pub nodes: u64,
}

/// What the search below one piece found ([`Answers::search_below`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// A solution from the position (the piece's moves first), if one lies below the piece
    /// within the bound.
    pub solution: Option<Path>,
    /// The least bound beyond this one met below the piece (`None` when none was).
    pub next_bound: Option<u32>,
    /// Nodes generated below the piece.
    pub nodes: u64,
}

impl Answers {
    /// The bound of the first iteration of IDA* from `position`: its heuristic, a lower bound
    /// of its distance. `None` when it cannot reach the goal.
    pub fn start_bound(&self, position: &Position) -> Result<Option<u32>, Error> {
        let Some(searcher) = self.pieces_searcher(position, "a start bound")? else {
            return Ok(None);
        };
        Ok(Some(searcher.heuristic(position)))
    }

    /// The iteration of IDA* from `position` at `bound` (the start bound when `None`), cut at
    /// the first depth where at least `at_least` pieces are within the bound. The same
    /// arguments give the same pieces, on any machine. `None` when it cannot reach the goal.
    pub fn split(
        &self,
        position: &Position,
        bound: Option<u32>,
        at_least: usize,
    ) -> Result<Option<Pieces>, Error> {
        let Some(searcher) = self.pieces_searcher(position, "a split")? else {
            return Ok(None);
        };
        let bound = bound.unwrap_or_else(|| searcher.heuristic(position));
        let frame = searcher.frame();
        let image = frame.state(position.cells());
        let split = searcher
            .pieces_solver("a split")?
            .split(&image, bound, at_least)
            .map_err(|error| Error::Search {
                position: *position,
                error,
            })?;
        let back = |moves: &[Move]| moves.iter().map(|&m| frame.move_back(m)).collect::<Path>();
        let solution = split
            .pieces
            .iter()
            .find(|p| p.is_goal())
            .map(|p| back(&p.moves));
        Ok(Some(Pieces {
            bound,
            pieces: split
                .pieces
                .iter()
                .filter(|p| !p.is_goal())
                .map(|p| back(&p.moves))
                .collect(),
            solution,
            next_bound: (split.next_bound != u32::MAX).then_some(split.next_bound),
            nodes: split.nodes,
        }))
    }

    /// Searches, within `bound`, the subtree below the state `moves` reach from `position` (a
    /// piece of [`Self::split`]'s), generating at most `max_nodes` nodes. `None` when it cannot
    /// reach the goal; a move off the board is an error naming it.
    pub fn search_below(
        &self,
        position: &Position,
        moves: &[Move],
        bound: u32,
        max_nodes: u64,
    ) -> Result<Option<Searched>, Error> {
        let Some(searcher) = self.pieces_searcher(position, "a search below a piece")? else {
            return Ok(None);
        };
        let frame = searcher.frame();
        let image = frame.state(position.cells());
        let there: Vec<Move> = moves.iter().map(|&m| frame.move_there(m)).collect();
        let below = searcher
            .pieces_solver("a search below a piece")?
            .search_below(&image, &there, bound, max_nodes)
            .map_err(|error| Error::Search {
                position: *position,
                error,
            })?;
        Ok(Some(Searched {
            solution: below
                .solution
                .map(|moves| moves.iter().map(|&m| frame.move_back(m)).collect()),
            next_bound: (below.next_bound != u32::MAX).then_some(below.next_bound),
            nodes: below.nodes,
        }))
    }

    /// The search over the pattern databases, `None` when `position` cannot reach the goal
    /// (its parity, no search), or the error that says a full table answers without one.
    fn pieces_searcher(
        &self,
        position: &Position,
        what: &'static str,
    ) -> Result<Option<Searcher<'_>>, Error> {
        let searcher = self.searcher().ok_or(Error::NoSearch {
            board: self.board(),
            what,
        })??;
        Ok(searcher.solvable(position).then_some(searcher))
    }
}
