//! Answers for one state: its distance, an optimal solution, every optimal solution or how
//! many there are, and hints.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tilebase_answer::{Effort, moves_text};

use super::arguments::{memory as memory_of, whole_number};
use super::errors::Answer;
use super::questions::{Questions, asking};

/// A search's effort with the `memory` argument: no node bound, every core.
pub(super) fn effort(memory: Option<&Bound<'_, PyAny>>) -> Answer<Effort> {
    Ok(Effort {
        memory: memory_of(memory)?,
        ..Effort::default()
    })
}

impl Questions {
    pub(super) fn distance(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        memory: Option<&Bound<'_, PyAny>>,
    ) -> Answer<Option<u8>> {
        let effort = effort(memory)?;
        let position = self.position(state)?;
        self.asked(py, &position, |answers| {
            answers.distance_within(&position, &effort)
        })
    }

    pub(super) fn solve(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        memory: Option<&Bound<'_, PyAny>>,
    ) -> Answer<Option<String>> {
        let effort = effort(memory)?;
        let position = self.position(state)?;
        let metric = self.current()?.metric();
        self.asked(py, &position, |answers| {
            answers
                .solve_within(&position, &effort)
                .map(|path| path.map(|path| moves_text(&path, metric)))
        })
    }

    pub(super) fn solutions(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        limit: Option<&Bound<'_, PyAny>>,
    ) -> Answer<Option<Vec<String>>> {
        let position = self.position(state)?;
        let limit = match limit {
            None => None,
            Some(limit) => {
                Some(usize::try_from(whole_number(limit, "limit")?).unwrap_or(usize::MAX))
            }
        };
        let metric = self.current()?.metric();
        self.asked(py, &position, |answers| {
            answers
                .first_solutions(&position, limit)
                .map(|all| all.map(|all| all.iter().map(|path| moves_text(path, metric)).collect()))
        })
    }

    pub(super) fn count_solutions(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
    ) -> Answer<Option<u128>> {
        let position = self.position(state)?;
        self.asked(py, &position, |answers| answers.count_solutions(&position))
    }

    pub(super) fn hints<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
    ) -> Answer<Bound<'py, PyList>> {
        let position = self.position(state)?;
        let hints = self
            .asked(py, &position, |answers| answers.hints(&position))?
            .unwrap_or_default();
        let list = PyList::empty(py);
        for hint in hints {
            // One move, with the fields and order of `query --hint --json`.
            let dict = PyDict::new(py);
            dict.set_item("move", hint.slide.to_string())?;
            dict.set_item("tile", hint.tile)?;
            dict.set_item("distance", usize::from(hint.distance))?;
            dict.set_item("optimal", hint.optimal)?;
            list.append(dict)?;
        }
        Ok(list)
    }
}

asking! {
    /// The optimal number of moves from `state` to the goal, or None if the state cannot reach it.
    ///
    /// `state` is a string in any form `query` reads ("603712458", "6 0 3 7 1 2 4 5 8",
    /// "603/712/458", "[6,0,3,7,1,2,4,5,8]"...) or a sequence of ints. `goal` likewise; by default
    /// 123804765 on 3x3, the tiles in order with the blank last on other boards. `board` is "WxH"
    /// (default: read off the goal, else 3x3); `metric` is "stm" (single-tile moves) or "mtm".
    /// A bad state raises ValueError naming the problem.
    ///
    /// On the 15-puzzle (board="4x4", or a goal of 16 cells), states are written with separators
    /// ("1,2,...,15,0") or as 16 ints, and answers come from IDA* over the pattern databases `pdb`:
    /// "7-8" (the default: built once, about a minute and 1.6 GB; then milliseconds to a second
    /// a search), "6-6-3" or "5-5-5" (built in seconds, slower searches). Other boards take no
    /// `pdb`.
    ///
    /// `memory` (bytes as an int, or "512M", "2G") is what A* may take in the A*+IDA* search
    /// of boards of more than 16 cells, as `query --memory` sets it: by default 1 GiB there,
    /// and 0 (plain IDA*) on the 15-puzzle; 0 asks for plain IDA* anywhere.
    ///
    /// >>> tilebase.distance("603712458")
    /// 23
    /// >>> tilebase.distance([8, 6, 4, 0, 7, 2, 5, 1, 3]) is None
    /// True
    /// >>> tilebase.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4", pdb="5-5-5")
    /// 1
    #[pyo3(text_signature = "(state, goal=None, board=None, metric='stm', pdb=None, memory=None)")]
    fn distance(state: &Bound<'py, PyAny>, .., memory: Option<&Bound<'py, PyAny>> = None)
        -> Option<u8>;

    /// One optimal solution from `state`, as `query` writes it: the directions in which the blank
    /// moves (U, D, L, R), at each step the first that stays optimal; in the multi-tile metric a
    /// space between moves. "" at the goal; None if the state cannot reach the goal.
    /// `pdb` and `memory` as for distance.
    ///
    /// >>> tilebase.solve("603712458")
    /// 'DDLURRDLLUURDDLURRDLLUR'
    /// >>> tilebase.solve("603712458", metric="mtm")
    /// 'DD L U RR D LL UU R DD L U RR D LL U R'
    #[pyo3(text_signature = "(state, goal=None, board=None, metric='stm', pdb=None, memory=None)")]
    fn solve(state: &Bound<'py, PyAny>, .., memory: Option<&Bound<'py, PyAny>> = None)
        -> Option<String>;

    /// Every move from `state`, as `query --hint --json` lists them: a dict per move with "move"
    /// (the blank's direction; in the multi-tile metric with the number of cells, "U2"), "tile"
    /// (the tile that slides first), "distance" (where the move leaves the state) and "optimal"
    /// (whether it keeps the solution optimal). An empty list if the state cannot reach the goal.
    /// On 4x4 each move's distance is a search of its own; `pdb` as for distance.
    ///
    /// >>> tilebase.hints("603712458")[0]
    /// {'move': 'D', 'tile': 1, 'distance': 22, 'optimal': True}
    #[pyo3(text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)")]
    fn hints(state: &Bound<'py, PyAny>, ..) -> Bound<'py, PyList>;

    /// Every optimal solution from `state`, as `query --all` lists them (each as `solve` writes
    /// one), in U < D < L < R order; the first `limit` when given. None if the state cannot reach
    /// the goal. On 4x4 the search's last iteration runs whole; `pdb` as for distance.
    ///
    /// >>> tilebase.solutions("603712458")
    /// ['DDLURRDLLUURDDLURRDLLUR', 'DDRULDLURDRULDLUURDLDRU', 'DRDLLUURDLDRURDLLURDRUL']
    /// >>> tilebase.solutions("603712458", limit=1)
    /// ['DDLURRDLLUURDDLURRDLLUR']
    #[pyo3(text_signature = "(state, goal=None, board=None, metric='stm', pdb=None, limit=None)")]
    fn solutions(state: &Bound<'py, PyAny>, .., limit: Option<&Bound<'py, PyAny>> = None)
        -> Option<Vec<String>>;

    /// How many optimal solutions `state` has, as `query --count` says; None if it cannot reach
    /// the goal. From a full table each state's count is worked out once (no solution is listed);
    /// on 4x4 the search's last iteration runs whole. `pdb` as for distance.
    ///
    /// >>> tilebase.count_solutions("603712458")
    /// 3
    #[pyo3(text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)")]
    fn count_solutions(state: &Bound<'py, PyAny>, ..) -> Option<u128>;
}
