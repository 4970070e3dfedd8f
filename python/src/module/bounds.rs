//! Bounds on states of boards past 25 cells (and any other): a lower bound on each one's optimal
//! length and a solution, within a budget, on every core.

use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tilebase_answer::{Answer as Answered, Effort, Position, moves_text};

use super::errors::{Answer, Failure};
use super::questions::{Questions, asking};

impl Questions {
    pub(super) fn bounds<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        seconds: Option<f64>,
        max_nodes: Option<u64>,
    ) -> Answer<Bound<'py, PyList>> {
        let time = match seconds {
            None => None,
            Some(s) if (0.0..1e9).contains(&s) => Some(Duration::from_secs_f64(s)),
            Some(s) => {
                return Err(Failure::Value(format!(
                    "seconds={s}: a number of seconds from 0 up, like 10 or 0.5"
                )));
            }
        };
        let effort = Effort {
            time,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            ..Effort::default()
        };
        let positions = states
            .try_iter()
            .map_err(|_| {
                Failure::Type("states: a list of states (strings or sequences of ints)".into())
            })?
            .enumerate()
            .map(|(i, state)| {
                let state = state?;
                self.position(&state).map_err(|e| match e {
                    Failure::Value(message) => Failure::Value(format!("state {i}: {message}")),
                    other => other,
                })
            })
            .collect::<Answer<Vec<Position>>>()?;
        let metric = self.current()?.metric();
        let answered = self.with_answers(py, |answers| {
            Ok(py.detach(|| answers.bounds_all(&positions, &effort)))
        })?;
        let list = PyList::empty(py);
        for (position, answer) in positions.iter().zip(answered) {
            let dict = PyDict::new(py);
            dict.set_item("state", position.to_string())?;
            match answer.map_err(Failure::Library)? {
                Answered::Bounded(b) => {
                    dict.set_item("solvable", true)?;
                    dict.set_item("lower_bound", b.lower_bound)?;
                    dict.set_item("length", b.length())?;
                    dict.set_item("optimal", b.optimal())?;
                    let solution = b.moves.as_ref().map(|m| moves_text(m, metric));
                    dict.set_item("solution", solution)?;
                    dict.set_item("nodes", b.nodes)?;
                    dict.set_item("seconds", b.seconds)?;
                }
                _ => {
                    dict.set_item("solvable", false)?;
                    for key in [
                        "lower_bound",
                        "length",
                        "optimal",
                        "solution",
                        "nodes",
                        "seconds",
                    ] {
                        dict.set_item(key, py.None())?;
                    }
                }
            }
            list.append(dict)?;
        }
        Ok(list)
    }
}

asking! {
    /// Bounds on each of `states` (a list, each a string or a sequence of ints), as `query`
    /// gives them on boards past 25 cells: a dict per state with "state", "solvable",
    /// "lower_bound" (no solution is shorter), "length" and "solution" (the shortest found, as
    /// `solve` writes one; None when none was found within the budget), "optimal" (the two
    /// meet), "nodes" and "seconds". Each state may take `seconds` (default 10) and `max_nodes`,
    /// whichever runs out first; the states run on every core at once, without the GIL. A
    /// state that cannot reach the goal gets "solvable": False and None elsewhere, at once.
    /// `pdb` chooses pattern databases as `query --pdb` does (on 6x6 "4-4-4-4-4-4-4-4-3":
    /// built on first use into the cache, in about a second), which raise the bounds.
    /// On smaller boards the same search (its bound from Manhattan distance and linear
    /// conflicts) answers too.
    ///
    /// >>> goal = list(range(1, 36)) + [0]
    /// >>> near = goal[:34] + [0, 35]  # the blank one step left of its home
    /// >>> tilebase.bounds([near], board="6x6", seconds=1)[0]["solution"]
    /// 'R'
    #[pyo3(text_signature = "(states, goal=None, board=None, metric='stm', pdb=None, seconds=None, max_nodes=None)")]
    fn bounds(states: &Bound<'py, PyAny>, .., seconds: Option<f64> = None, max_nodes: Option<u64> = None)
        -> Bound<'py, PyList>;
}
