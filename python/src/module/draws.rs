//! States drawn uniformly at an exact distance, as the `random` program draws them.

use std::borrow::Cow;
use std::ffi::CString;

use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};
use tilebase_answer::{Distances, Method, quote};

use super::arguments::{type_name, whole_number};
use super::errors::{Answer, Failure};
use super::questions::Questions;

impl Questions {
    /// `count` states at `distance`, drawn with `seed`; `count` 1 when not given.
    pub(super) fn random_states(
        &self,
        py: Python<'_>,
        distance: &Bound<'_, PyAny>,
        count: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> Answer<Vec<String>> {
        let board = self.current()?.board();
        if board.method() != Method::Table {
            return Err(Failure::Value(format!(
                "board {}: states are drawn at an exact distance from full tables, which stop at \
                 12 cells; the 15-puzzle is answered by distance, solve, hints and distances",
                quote(&board.to_string())
            )));
        }
        let distances = if let Ok(text) = distance.cast::<PyString>() {
            text.to_cow()?
                .parse::<Distances>()
                .map_err(Failure::Value)?
        } else if distance.is_instance_of::<PyInt>() {
            match distance.extract::<u8>() {
                Ok(d) => Distances::Range(d, d),
                Err(_) => {
                    return Err(Failure::Value(format!(
                        "distance {distance}: a distance is a number from 0 to 255, a range like \
                         \"20..25\", or \"max\""
                    )));
                }
            }
        } else {
            return Err(Failure::Type(format!(
                "distance must be an int or a string (\"20\", \"20..25\", \"max\"), not {}",
                type_name(distance)
            )));
        };
        let count = match count {
            None => 1,
            Some(count) => whole_number(count, "count")?,
        };
        let seed = match seed {
            None => None,
            Some(seed) => match whole_number(seed, "seed") {
                Ok(s) if s <= u128::from(u64::MAX) => Some(s as u64),
                Err(Failure::Type(message)) => return Err(Failure::Type(message)),
                _ => {
                    return Err(Failure::Value(format!(
                        "seed {seed}: a seed is an int from 0 to 2**64 - 1"
                    )));
                }
            },
        };
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        let drawn = self.with_answers(py, |answers| {
            Ok(py.detach(|| answers.draw(distances, count, seed))?)
        })?;
        if drawn.available < count {
            let message = format!(
                "only {} state{} at that distance: returned every one",
                drawn.available,
                if drawn.available == 1 { "" } else { "s" }
            );
            let message = CString::new(message).unwrap_or_default();
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 2)?;
        }
        Ok(drawn.states.iter().map(|s| s.to_string()).collect())
    }
}

/// `count` different states drawn uniformly at random among those at exactly `distance` moves
/// from the goal, as `random` draws them: the same seed gives the same states as
/// `random --seed`. `distance` is an int, or a string as `random --distance` takes it: "20",
/// "20..25" (both ends included, every state in the range as likely as any other) or "max".
/// If fewer states are that far, all of them are returned, with a UserWarning. Drawn from full
/// tables: not on 4x4 (ValueError).
///
/// >>> tilebase.random_states(24, count=3, seed=5)
/// ['180423657', '048357621', '460715238']
#[pyfunction]
#[pyo3(
    signature = (distance, count=None, seed=None, goal=None, board=None, metric=None),
    text_signature = "(distance, count=1, seed=None, goal=None, board=None, metric='stm')"
)]
pub(super) fn random_states(
    py: Python<'_>,
    distance: &Bound<'_, PyAny>,
    count: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
) -> Answer<Vec<String>> {
    Questions::read(None, goal, board, metric, None)?.random_states(py, distance, count, seed)
}
