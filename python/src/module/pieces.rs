//! One optimal search in pieces, for other machines (`tilebase.ray.solve`): its first bound
//! (`start_bound`), an iteration cut into pieces (`split`), and the search below one piece
//! (`search_below`).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use tilebase_answer::Path;

use super::errors::{Answer, Failure};
use super::questions::{Questions, asking};

impl Questions {
    fn start_bound(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<u32>> {
        let position = self.position(state)?;
        self.asked(py, &position, |answers| answers.start_bound(&position))
    }

    fn split<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        bound: Option<u32>,
        at_least: usize,
    ) -> Answer<Option<Bound<'py, PyDict>>> {
        let position = self.position(state)?;
        let Some(pieces) = self.asked(py, &position, |answers| {
            answers.split(&position, bound, at_least)
        })?
        else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("bound", pieces.bound)?;
        let paths: Vec<String> = pieces.pieces.iter().map(ToString::to_string).collect();
        dict.set_item("pieces", paths)?;
        dict.set_item("solution", pieces.solution.map(|p| p.to_string()))?;
        dict.set_item("next_bound", pieces.next_bound)?;
        dict.set_item("nodes", pieces.nodes)?;
        Ok(Some(dict))
    }

    fn search_below<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        moves: &str,
        bound: u32,
        max_nodes: Option<u64>,
    ) -> Answer<Option<Bound<'py, PyDict>>> {
        let position = self.position(state)?;
        let path: Path = moves
            .parse()
            .map_err(|e| Failure::Value(format!("moves {moves:?}: {e}")))?;
        let Some(searched) = self.asked(py, &position, |answers| {
            answers.search_below(&position, &path, bound, max_nodes.unwrap_or(u64::MAX))
        })?
        else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("solution", searched.solution.map(|p| p.to_string()))?;
        dict.set_item("next_bound", searched.next_bound)?;
        dict.set_item("nodes", searched.nodes)?;
        Ok(Some(dict))
    }
}

asking! {
    /// The bound of the first iteration of an optimal search from `state` (IDA* over the pattern
    /// databases): its heuristic, a lower bound of its distance. None if the state cannot reach the
    /// goal. Boards answered from full tables (up to 12 cells) have no search, and raise
    /// ValueError. `goal`, `board`, `metric` and `pdb` as for distance.
    ///
    /// With split and search_below, this is how one search runs on many machines
    /// (tilebase.ray.solve): the driver splits each iteration into pieces, workers search below
    /// them, and the driver joins what they found.
    ///
    /// >>> tilebase.start_bound("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4", pdb="5-5-5")
    /// 1
    #[pyo3(text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)")]
    fn start_bound(state: &Bound<'py, PyAny>, ..) -> Option<u32>;

    /// One iteration of the optimal search from `state`, at `bound` (the start bound when None),
    /// cut into pieces of work: a dict with "bound", "pieces" (the blank's moves from the state to
    /// each piece, as strings of U, D, L, R, in the serial search's order; at least `at_least` of
    /// them where the tree is wide enough), "solution" (one met above the cut, else None),
    /// "next_bound" (the least bound past this one met above the cut, else None) and "nodes".
    /// Searching below every piece (search_below) is the whole iteration; the same arguments give
    /// the same pieces on every machine. None if the state cannot reach the goal.
    ///
    /// >>> tilebase.split("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4", pdb="5-5-5")
    /// {'bound': 1, 'pieces': [], 'solution': 'R', 'next_bound': 3, 'nodes': 3}
    #[pyo3(text_signature = "(state, bound=None, at_least=64, goal=None, board=None, metric='stm', pdb=None)")]
    fn split(state: &Bound<'py, PyAny>, bound: Option<u32> = None, at_least: usize = 64, ..)
        -> Option<Bound<'py, PyDict>>;

    /// Searches, within `bound`, the subtree below the state that `moves` (a piece from split, a
    /// string of U, D, L, R) reach from `state`: a dict with "solution" (an optimal solution from
    /// `state`, the piece's moves first, if one lies below the piece within the bound; else None),
    /// "next_bound" (the least bound past this one met below, else None) and "nodes". At most
    /// `max_nodes` nodes, else RuntimeError. None if the state cannot reach the goal. A move off
    /// the board raises ValueError naming it.
    ///
    /// >>> tilebase.search_below("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "L", 3, board="4x4", pdb="5-5-5")
    /// {'solution': None, 'next_bound': 4, 'nodes': 2}
    #[pyo3(text_signature = "(state, moves, bound, goal=None, board=None, metric='stm', pdb=None, max_nodes=None)")]
    fn search_below(
        state: &Bound<'py, PyAny>, moves: &str, bound: u32, .., max_nodes: Option<u64> = None
    ) -> Option<Bound<'py, PyDict>>;
}
