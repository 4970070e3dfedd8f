//! The Python module: a thin layer that converts arguments, calls the lookup crate and this
//! crate's plain half, and maps every error onto a Python exception in one place
//! ([`Failure`]).

use std::borrow::Cow;
use std::ffi::CString;
use std::path::PathBuf;
use std::sync::Arc;

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{
    PyException, PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError,
    PyTypeError, PyUserWarning, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFrozenSet, PyInt, PyList, PySet, PyString};
use rand::RngExt;
use tilebase_core::{Metric, Move, State};
use tilebase_fifteen::{Answerer, FOUR_BY_FOUR, Partition, PatternSet, Solved, cells_to_string};
use tilebase_lookup::{Error, Goal, Storage};

use crate::batch::{self, RowError};
use crate::fifteen;
use crate::find::{self, Db, FindError};
use crate::input::{self, Distances, Given, Int};

pyo3::create_exception!(
    tilebase,
    DatabaseError,
    PyException,
    "A database that cannot answer: a file that is not a tilebase database, is damaged, or holds \
     another goal than its name says."
);

/// Everything that can go wrong, turned into a Python exception by `From<Failure> for PyErr`
/// and nowhere else.
enum Failure {
    /// A bad argument: `ValueError`.
    Value(String),
    /// An argument of the wrong type: `TypeError`.
    Type(String),
    /// The lookup crate's refusal.
    Lookup(Error),
    /// No database could be found or built.
    Find(FindError),
    /// A bad row of a batch.
    Row(RowError),
    /// Python's own exception, passed on.
    Python(PyErr),
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        match failure {
            Failure::Value(message) => PyValueError::new_err(message),
            Failure::Type(message) => PyTypeError::new_err(message),
            Failure::Lookup(error) | Failure::Find(FindError::Open(error)) => lookup_error(error),
            Failure::Find(FindError::Other(message)) => DatabaseError::new_err(message),
            Failure::Row(RowError::Lookup { row, error }) => {
                let message = format!("row {row}: {error}");
                match error {
                    Error::Damaged { .. } => DatabaseError::new_err(message),
                    _ => PyValueError::new_err(message),
                }
            }
            Failure::Row(error) => PyValueError::new_err(error.to_string()),
            Failure::Python(error) => error,
        }
    }
}

/// The lookup crate's errors: a state or goal the database cannot take is a bad argument; a
/// file that cannot be read is an `OSError` of the kind the system said; a file that is not a
/// sound database is a [`DatabaseError`].
fn lookup_error(error: Error) -> PyErr {
    let message = error.to_string();
    match error {
        Error::Unsolvable(_)
        | Error::WrongBoard { .. }
        | Error::OtherClass { .. }
        | Error::NoneAnswers { .. } => PyValueError::new_err(message),
        Error::Io { source, .. } => match source.kind() {
            std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
            std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
            _ => PyOSError::new_err(message),
        },
        Error::IsDirectory { .. } => PyIsADirectoryError::new_err(message),
        Error::NotAFile { .. } => PyOSError::new_err(message),
        _ => DatabaseError::new_err(message),
    }
}

impl From<PyErr> for Failure {
    fn from(error: PyErr) -> Failure {
        Failure::Python(error)
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure::Lookup(error)
    }
}

impl From<FindError> for Failure {
    fn from(error: FindError) -> Failure {
        Failure::Find(error)
    }
}

type Answer<T> = Result<T, Failure>;

/// The most cells a sequence is read for: more than any board has, by far. A longer one is
/// refused by its length alone.
const MOST_CELLS: usize = 64;

/// A state or goal as Python gives it: a string in any form `query` reads, bytes holding one,
/// or a sequence of ints.
fn given(obj: &Bound<'_, PyAny>, what: &str) -> Answer<Given> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(Given::Text(text.to_cow()?.into_owned()));
    }
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        return match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Given::text(text)),
            Err(_) => Err(Failure::Value(format!(
                "{}: not valid UTF-8",
                input::quote(&String::from_utf8_lossy(bytes))
            ))),
        };
    }
    // A mapping or a set has a length and can be iterated, but has no order of cells.
    let unordered = obj.is_instance_of::<PyDict>()
        || obj.is_instance_of::<PySet>()
        || obj.is_instance_of::<PyFrozenSet>();
    let not_a_state = || {
        Failure::Type(format!(
            "{what} must be a string like \"603712458\" or a sequence of ints, not {}",
            type_name(obj)
        ))
    };
    if unordered {
        return Err(not_a_state());
    }
    let len = obj.len().map_err(|_| not_a_state())?;
    let iter = obj.try_iter().map_err(|_| not_a_state())?;
    let mut values = Vec::with_capacity(len.min(MOST_CELLS));
    for (i, item) in iter.enumerate() {
        let item = item?;
        let value = match item.extract::<i64>() {
            Ok(n) => Int::Small(n),
            Err(_) => {
                // Anything that is an int (Python's `__index__`: NumPy's integers too) but does
                // not fit in 64 bits is out of range, and said in its digits.
                let Ok(int) = item.call_method0("__index__") else {
                    return Err(Failure::Type(format!(
                        "{what}: cell {i} is {}, not an int",
                        type_name(&item)
                    )));
                };
                Int::Big(int.str()?.to_cow()?.into())
            }
        };
        values.push(value);
        if values.len() > MOST_CELLS {
            return Ok(Given::too_many(len.max(values.len()), &values));
        }
    }
    Ok(Given::sequence(&values))
}

/// The name of an object's type, for a message.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .and_then(|name| name.extract::<String>())
        .unwrap_or_else(|_| "an object".into())
}

/// A database and the goal it answers for: what every question needs.
struct Answers {
    db: Arc<Db>,
    goal: State,
}

impl Answers {
    /// The module's functions' database: the one that answers for the goal, board and metric
    /// asked for, shipped, found or built.
    fn find(
        py: Python<'_>,
        goal: Option<&Given>,
        board: Option<&str>,
        metric: Option<&str>,
    ) -> Answer<Answers> {
        let board = board
            .map(input::board)
            .transpose()
            .map_err(Failure::Value)?;
        let metric = metric
            .map(input::metric)
            .transpose()
            .map_err(Failure::Value)?
            .unwrap_or_default();
        let (_, goal) = input::board_and_goal(board, goal).map_err(Failure::Value)?;
        let db = match find::found(&goal, metric) {
            Some(db) => db,
            None => {
                // A build can take seconds on the largest boards: other Python threads run.
                let mut notes = Vec::new();
                let found = py.detach(|| find::find(&goal, metric, &mut notes));
                log(py, &notes)?;
                found?
            }
        };
        Ok(Answers { db, goal })
    }

    /// The questions about the goal, from the database.
    fn goal(&self) -> Answer<Goal<'_, Storage>> {
        Ok(self.db.for_goal(&self.goal)?)
    }

    fn state(&self, state: &Bound<'_, PyAny>) -> Answer<State> {
        let given = given(state, "state")?;
        input::state(self.goal.board(), &given).map_err(Failure::Value)
    }

    fn distance(&self, state: &Bound<'_, PyAny>) -> Answer<Option<u8>> {
        let state = self.state(state)?;
        match self.goal()?.distance(&state) {
            Ok(d) => Ok(Some(d)),
            Err(Error::Unsolvable(_)) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    fn solve(&self, state: &Bound<'_, PyAny>) -> Answer<Option<String>> {
        let state = self.state(state)?;
        let goal = self.goal()?;
        match goal.solve(&state) {
            Ok(path) => Ok(Some(input::moves_text(&path, goal.metric()))),
            Err(Error::Unsolvable(_)) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    fn hints<'py>(&self, py: Python<'py>, state: &Bound<'py, PyAny>) -> Answer<Bound<'py, PyList>> {
        let state = self.state(state)?;
        let hints = match self.goal()?.hints(&state) {
            Ok(hints) => hints,
            Err(Error::Unsolvable(_)) => Vec::new(),
            Err(e) => return Err(e.into()),
        };
        let list = PyList::empty(py);
        for hint in hints {
            let slide = hint.slide.to_string();
            list.append(hint_dict(
                py,
                &slide,
                hint.tile,
                hint.distance.into(),
                hint.optimal,
            )?)?;
        }
        Ok(list)
    }

    fn distances<'py>(
        &self,
        py: Python<'py>,
        cells: &Bound<'py, PyAny>,
    ) -> Answer<Bound<'py, PyArray1<i16>>> {
        let board = self.goal.board();
        let goal = self.goal()?;
        with_rows(
            py,
            cells,
            board.cells(),
            &board.to_string(),
            |slice, out| {
                py.detach(|| batch::distances(&goal, slice, out))
                    .map_err(Failure::Row)
            },
        )
    }

    fn random_states(
        &self,
        py: Python<'_>,
        distance: &Bound<'_, PyAny>,
        count: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> Answer<Vec<String>> {
        let distances = if let Ok(text) = distance.cast::<PyString>() {
            Distances::parse(&text.to_cow()?).map_err(Failure::Value)?
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
        let count = whole_number(count, "count")?;
        let seed = match seed {
            None => rand::rng().random(),
            Some(seed) => match whole_number(seed, "seed") {
                Ok(s) if s <= u128::from(u64::MAX) => s as u64,
                Err(Failure::Type(message)) => return Err(Failure::Type(message)),
                _ => {
                    return Err(Failure::Value(format!(
                        "seed {seed}: a seed is an int from 0 to 2**64 - 1"
                    )));
                }
            },
        };
        let goal = self.goal()?;
        let range = distances
            .resolve(self.db.max_distance(), &self.goal, goal.metric())
            .map_err(Failure::Value)?;
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        let drawn = py.detach(|| goal.draw(range, count, seed));
        if drawn.available < count {
            let message = format!(
                "only {} state{} at that distance: returned every one",
                drawn.available,
                if drawn.available == 1 { "" } else { "s" }
            );
            let message = CString::new(message).unwrap_or_default();
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 2)?;
        }
        Ok(drawn.states.iter().map(State::to_string).collect())
    }
}

/// One move of `hints`, with the fields and order of `query --hint --json`.
fn hint_dict<'py>(
    py: Python<'py>,
    slide: &str,
    tile: u8,
    distance: usize,
    optimal: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("move", slide)?;
    dict.set_item("tile", tile)?;
    dict.set_item("distance", distance)?;
    dict.set_item("optimal", optimal)?;
    Ok(dict)
}

/// Reads `cells`, a 2-D `uint8` array of rows of `width` cells (a state of `board` each), in
/// place when its rows lie one after another in memory, and fills with `answer` an `int16`
/// array of one distance per row.
fn with_rows<'py>(
    py: Python<'py>,
    cells: &Bound<'py, PyAny>,
    width: usize,
    board: &str,
    answer: impl FnOnce(&[u8], &mut [i16]) -> Answer<()>,
) -> Answer<Bound<'py, PyArray1<i16>>> {
    // The array's type cannot be checked without NumPy: say so, rather than fail inside.
    let numpy = py.import("numpy").map_err(|_| {
        Failure::Python(pyo3::exceptions::PyImportError::new_err(
            "tilebase.distances takes a NumPy array: pip install numpy",
        ))
    })?;
    let Ok(array) = cells.cast::<PyUntypedArray>() else {
        return Err(Failure::Type(format!(
            "cells must be a numpy.ndarray of dtype uint8, one state per row, not {}",
            type_name(cells)
        )));
    };
    let dtype = array.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<u8>(py)) {
        return Err(Failure::Type(format!(
            "cells must have dtype uint8, not {dtype}: convert with cells.astype(numpy.uint8) \
             once every value is known to be a tile"
        )));
    }
    let &[rows, found] = array.shape() else {
        return Err(Failure::Value(format!(
            "cells must be 2-D, one state per row, not {}-D (shape {:?})",
            array.ndim(),
            array.shape()
        )));
    };
    if found != width {
        return Err(Failure::Value(format!(
            "each row must hold the {width} cells of a {board} board, not {found}"
        )));
    }
    // Read in place when the rows lie one after another in memory; any other layout
    // (a slice with a step, a transposed or Fortran-ordered array) is copied first.
    let contiguous = if array.is_c_contiguous() {
        cells.clone()
    } else {
        numpy.call_method1("ascontiguousarray", (cells,))?
    };
    let typed = contiguous.cast::<PyArray2<u8>>().map_err(PyErr::from)?;
    let readonly = typed
        .try_readonly()
        .map_err(|e| Failure::Value(format!("cells: {e}")))?;
    let slice = readonly
        .as_slice()
        .map_err(|e| Failure::Value(format!("cells: {e}")))?;
    let mut out = vec![batch::UNSOLVABLE; rows];
    answer(slice, &mut out)?;
    Ok(PyArray1::from_vec(py, out))
}

/// The 15-puzzle's answers: IDA* over the pattern files of the goal's class, found (or
/// built) only once a state needs a search: a typo or a state of the other parity half is
/// answered at once, never after a build of minutes.
struct Fifteen {
    goal: Vec<u8>,
    partition: Partition,
}

/// An optimal solution, and the files that found it.
type Found = (Vec<Move>, PatternSet);

/// How many threads one 15-puzzle search is shared among: every core.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Fifteen {
    /// The pattern files, opened before, found, or built (other Python threads run meanwhile).
    /// A build is said as it starts, at level WARNING (Python shows it with no logging set
    /// up): the 7-8 files take minutes, and a call should not hang in silence.
    fn set(&self, py: Python<'_>) -> Answer<PatternSet> {
        let say = |note: fifteen::Note<'_>| {
            Python::attach(|py| {
                let (level, message) = match note {
                    fifteen::Note::Building(m) => ("warning", m),
                    fifteen::Note::Said(m) => ("info", m),
                };
                // A logger that fails (a handler raising) must not fail the answer.
                let _ = log_at(py, level, message);
            });
        };
        py.detach(|| fifteen::find(self.goal.clone(), self.partition, &say))
            .map_err(|e| Failure::Find(FindError::Other(e)))
    }

    fn answerer(set: &PatternSet) -> Answer<Answerer<'_>> {
        Answerer::new(set).map_err(|e| Failure::Find(FindError::Other(e)))
    }

    fn cells(&self, state: &Bound<'_, PyAny>) -> Answer<Vec<u8>> {
        fifteen::cells(&given(state, "state")?).map_err(Failure::Value)
    }

    fn solvable(&self, cells: &[u8]) -> bool {
        tilebase_pattern::solvable(&FOUR_BY_FOUR, &self.goal, cells)
    }

    /// An optimal solution, found without the GIL (searches take up to a second), and the
    /// files it was found with.
    fn solved(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<(Vec<u8>, Option<Found>)> {
        let cells = self.cells(state)?;
        if !self.solvable(&cells) {
            return Ok((cells, None));
        }
        let set = self.set(py)?;
        let answerer = Self::answerer(&set)?;
        let solved = py
            .detach(|| answerer.solve(&cells, u64::MAX, threads()))
            .map_err(|e| Failure::Value(format!("{}: {e}", cells_to_string(&cells))))?;
        Ok(match solved {
            Solved::Moves(moves) => (cells, Some((moves, set))),
            Solved::Unsolvable => (cells, None),
        })
    }

    fn distance(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<u8>> {
        Ok(self
            .solved(py, state)?
            .1
            .map(|(moves, _)| moves.len() as u8))
    }

    fn solve(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<String>> {
        Ok(self
            .solved(py, state)?
            .1
            .map(|(moves, _)| moves.iter().map(|m| m.letter()).collect()))
    }

    fn hints<'py>(&self, py: Python<'py>, state: &Bound<'py, PyAny>) -> Answer<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        let (cells, Some((moves, set))) = self.solved(py, state)? else {
            return Ok(list);
        };
        let answerer = Self::answerer(&set)?;
        let d = moves.len();
        let hints = py
            .detach(|| answerer.hints(&cells, d, u64::MAX, threads()))
            .map_err(|e| Failure::Value(format!("{}: {e}", cells_to_string(&cells))))?;
        for hint in hints {
            let slide = hint.slide.letter().to_string();
            list.append(hint_dict(
                py,
                &slide,
                hint.tile,
                hint.distance,
                hint.optimal(d),
            )?)?;
        }
        Ok(list)
    }

    fn distances<'py>(
        &self,
        py: Python<'py>,
        cells: &Bound<'py, PyAny>,
    ) -> Answer<Bound<'py, PyArray1<i16>>> {
        with_rows(py, cells, FOUR_BY_FOUR.cells(), "4x4", |slice, out| {
            fifteen::check_rows(slice).map_err(Failure::Row)?;
            let any_solvable = slice
                .chunks_exact(FOUR_BY_FOUR.cells())
                .any(|row| self.solvable(row));
            if !any_solvable {
                return Ok(());
            }
            let set = self.set(py)?;
            let answerer = Self::answerer(&set)?;
            py.detach(|| fifteen::distances(&answerer, slice, out))
                .map_err(Failure::Row)
        })
    }
}

/// What a module function asks of: a table, or the 15-puzzle's pattern files.
enum Questions {
    Table(Answers),
    Fifteen(Fifteen),
}

impl Questions {
    /// The database or pattern files that answer for the goal, board, metric and pattern
    /// databases asked for.
    fn find(
        py: Python<'_>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Questions> {
        let goal = goal.map(|g| given(g, "goal")).transpose()?;
        if !fifteen::asked_for(board.as_deref(), goal.as_ref()) {
            if let Some(pdb) = pdb {
                return Err(Failure::Value(format!(
                    "pdb {pdb:?}: only the 15-puzzle (board=\"4x4\") is answered from pattern \
                     databases; every other board from its full table"
                )));
            }
            return Answers::find(py, goal.as_ref(), board.as_deref(), metric.as_deref())
                .map(Questions::Table);
        }
        if let Some(metric) = metric {
            if input::metric(&metric).map_err(Failure::Value)? == Metric::Multi {
                return Err(Failure::Value(
                    "metric mtm: 4x4 is answered in single-tile moves (stm) only".into(),
                ));
            }
        }
        let partition = fifteen::partition(pdb.as_deref()).map_err(Failure::Value)?;
        let goal = fifteen::goal(goal.as_ref()).map_err(Failure::Value)?;
        Ok(Questions::Fifteen(Fifteen { goal, partition }))
    }

    fn distance(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<u8>> {
        match self {
            Questions::Table(a) => a.distance(state),
            Questions::Fifteen(f) => f.distance(py, state),
        }
    }

    fn solve(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<String>> {
        match self {
            Questions::Table(a) => a.solve(state),
            Questions::Fifteen(f) => f.solve(py, state),
        }
    }

    fn hints<'py>(&self, py: Python<'py>, state: &Bound<'py, PyAny>) -> Answer<Bound<'py, PyList>> {
        match self {
            Questions::Table(a) => a.hints(py, state),
            Questions::Fifteen(f) => f.hints(py, state),
        }
    }

    fn distances<'py>(
        &self,
        py: Python<'py>,
        cells: &Bound<'py, PyAny>,
    ) -> Answer<Bound<'py, PyArray1<i16>>> {
        match self {
            Questions::Table(a) => a.distances(py, cells),
            Questions::Fifteen(f) => f.distances(py, cells),
        }
    }

    fn random_states(
        &self,
        py: Python<'_>,
        distance: &Bound<'_, PyAny>,
        count: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> Answer<Vec<String>> {
        match self {
            Questions::Table(a) => a.random_states(py, distance, count, seed),
            Questions::Fifteen(_) => Err(Failure::Value(
                "board \"4x4\": states are drawn at an exact distance from full tables, which \
                 stop at 12 cells; the 15-puzzle is answered by distance, solve, hints and \
                 distances"
                    .into(),
            )),
        }
    }
}

/// A whole number of at least 0, as `count` and `seed` take it (saturating far above any use).
fn whole_number(obj: &Bound<'_, PyAny>, what: &str) -> Answer<u128> {
    if !obj.is_instance_of::<PyInt>() {
        return Err(Failure::Type(format!(
            "{what} must be an int, not {}",
            type_name(obj)
        )));
    }
    match obj.extract::<u128>() {
        Ok(n) => Ok(n),
        Err(_) if obj.gt(0)? => Ok(u128::MAX),
        Err(_) => Err(Failure::Value(format!("{what} {obj}: must be 0 or more"))),
    }
}

/// Says what finding a database did (a build, a damaged cache file replaced) on the `tilebase`
/// logger, at level INFO: what `query` says on stderr.
fn log(py: Python<'_>, notes: &[String]) -> PyResult<()> {
    for note in notes {
        log_at(py, "info", note)?;
    }
    Ok(())
}

/// Says `message` on the `tilebase` logger at `level` ("info", "warning").
fn log_at(py: Python<'_>, level: &str, message: &str) -> PyResult<()> {
    py.import("logging")?
        .call_method1("getLogger", ("tilebase",))?
        .call_method1(level, (message,))?;
    Ok(())
}

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
/// "7-8" (the default: built once, 2 to 3 minutes and 2 GB; then milliseconds to a second a
/// search), "6-6-3" or "5-5-5" (built in seconds, slower searches). Other boards take no `pdb`.
///
/// >>> tilebase.distance("603712458")
/// 23
/// >>> tilebase.distance([8, 6, 4, 0, 7, 2, 5, 1, 3]) is None
/// True
/// >>> tilebase.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4", pdb="5-5-5")
/// 1
#[pyfunction]
#[pyo3(
    signature = (state, goal=None, board=None, metric=None, pdb=None),
    text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)"
)]
fn distance(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    goal: Option<&Bound<'_, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Option<u8>> {
    Questions::find(py, goal, board, metric, pdb)?.distance(py, state)
}

/// One optimal solution from `state`, as `query` writes it: the directions in which the blank
/// moves (U, D, L, R), at each step the first that stays optimal; in the multi-tile metric a
/// space between moves. "" at the goal; None if the state cannot reach the goal.
/// `pdb` as for distance (4x4 only).
///
/// >>> tilebase.solve("603712458")
/// 'DDLURRDLLUURDDLURRDLLUR'
/// >>> tilebase.solve("603712458", metric="mtm")
/// 'DD L U RR D LL UU R DD L U RR D LL U R'
#[pyfunction]
#[pyo3(
    signature = (state, goal=None, board=None, metric=None, pdb=None),
    text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)"
)]
fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    goal: Option<&Bound<'_, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Option<String>> {
    Questions::find(py, goal, board, metric, pdb)?.solve(py, state)
}

/// Every move from `state`, as `query --hint --json` lists them: a dict per move with "move"
/// (the blank's direction; in the multi-tile metric with the number of cells, "U2"), "tile"
/// (the tile that slides first), "distance" (where the move leaves the state) and "optimal"
/// (whether it keeps the solution optimal). An empty list if the state cannot reach the goal.
/// On 4x4 each move's distance is a search of its own; `pdb` as for distance.
///
/// >>> tilebase.hints("603712458")[0]
/// {'move': 'D', 'tile': 1, 'distance': 22, 'optimal': True}
#[pyfunction]
#[pyo3(
    signature = (state, goal=None, board=None, metric=None, pdb=None),
    text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)"
)]
fn hints<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    goal: Option<&Bound<'py, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Bound<'py, PyList>> {
    Questions::find(py, goal, board, metric, pdb)?.hints(py, state)
}

/// The distance of every row of `cells`, a 2-D numpy array of dtype uint8 holding one state
/// per row (its cells, row by row, 0 for the blank), as an int16 array with -1 where the state
/// cannot reach the goal. The array is read in place when C-contiguous (other layouts are
/// copied first); the work runs on every core, without the GIL. A bad row raises ValueError
/// naming its index; a wrong dtype TypeError; a wrong shape ValueError.
/// On 4x4 (rows of 16 cells) each row is an IDA* search, the rows shared among the cores;
/// `pdb` as for distance.
///
/// >>> cells = numpy.array([[6, 0, 3, 7, 1, 2, 4, 5, 8], [8, 6, 4, 0, 7, 2, 5, 1, 3]], numpy.uint8)
/// >>> tilebase.distances(cells)
/// array([23, -1], dtype=int16)
#[pyfunction]
#[pyo3(
    signature = (cells, goal=None, board=None, metric=None, pdb=None),
    text_signature = "(cells, goal=None, board=None, metric='stm', pdb=None)"
)]
fn distances<'py>(
    py: Python<'py>,
    cells: &Bound<'py, PyAny>,
    goal: Option<&Bound<'py, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Bound<'py, PyArray1<i16>>> {
    Questions::find(py, goal, board, metric, pdb)?.distances(py, cells)
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
fn random_states(
    py: Python<'_>,
    distance: &Bound<'_, PyAny>,
    count: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    goal: Option<&Bound<'_, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
) -> Answer<Vec<String>> {
    let one = PyInt::new(py, 1).into_any();
    let count = count.unwrap_or(&one);
    Questions::find(py, goal, board, metric, None)?.random_states(py, distance, count, seed)
}

/// A database file, opened explicitly (as `query --db PATH`): plain files are memory-mapped,
/// compressed ones (.tilebase.zst) read into memory. Its methods are the module's functions;
/// `goal` defaults to the file's own goal and may be any goal the file answers for (its
/// blank in the same class of cells); `board` and `metric`, if given, must be the file's.
///
/// >>> db = tilebase.Database("db/3x3-123804765.tilebase")
/// >>> db.distance("603712458")
/// 23
#[pyclass(frozen, module = "tilebase", name = "Database")]
struct Database {
    db: Arc<Db>,
    path: PathBuf,
}

impl Database {
    /// The answers for the goal asked for, checked against the file as `query --db` checks.
    fn answers(
        &self,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Answers> {
        if let Some(pdb) = pdb {
            return Err(Failure::Value(format!(
                "pdb {pdb:?}: a Database answers from its own file; pdb chooses the 15-puzzle's \
                 pattern databases, for the module's functions with board=\"4x4\""
            )));
        }
        let board = board
            .as_deref()
            .map(input::board)
            .transpose()
            .map_err(Failure::Value)?;
        let metric = metric
            .as_deref()
            .map(input::metric)
            .transpose()
            .map_err(Failure::Value)?;
        let goal = goal.map(|g| given(g, "goal")).transpose()?;
        let goal = find::check_given(&self.db, &self.path, board, metric, goal.as_ref())
            .map_err(Failure::Value)?;
        Ok(Answers {
            db: Arc::clone(&self.db),
            goal,
        })
    }
}

#[pymethods]
impl Database {
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> Answer<Database> {
        // A compressed file is decompressed here: seconds for the largest boards.
        let db = py.detach(|| tilebase_lookup::Database::open(&path))?;
        Ok(Database {
            db: Arc::new(db),
            path,
        })
    }

    /// The file's path, as given.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").path
    /// 'db/3x3-123804765.tilebase'
    #[getter]
    fn path(&self) -> String {
        self.path.display().to_string()
    }

    /// The board, "WxH".
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").board
    /// '3x3'
    #[getter]
    fn board(&self) -> String {
        self.db.board().to_string()
    }

    /// The file's own goal.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").goal
    /// '123804765'
    #[getter]
    fn goal(&self) -> String {
        self.db.goal().to_string()
    }

    /// How moves are counted: "stm" (single-tile moves) or "mtm" (multi-tile moves).
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").metric
    /// 'stm'
    #[getter]
    fn metric(&self) -> &'static str {
        self.db.metric().name()
    }

    /// The largest distance in the table: the goal's radius.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").max_distance
    /// 30
    #[getter]
    fn max_distance(&self) -> u8 {
        self.db.max_distance()
    }

    fn __repr__(&self) -> String {
        format!(
            "tilebase.Database({:?}: {} board, goal {}, {})",
            self.path.display().to_string(),
            self.db.board(),
            self.db.goal(),
            self.db.metric().name()
        )
    }

    /// tilebase.distance, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").distance("603712458")
    /// 23
    #[pyo3(signature = (state, goal=None, board=None, metric=None, pdb=None))]
    fn distance(
        &self,
        state: &Bound<'_, PyAny>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Option<u8>> {
        self.answers(goal, board, metric, pdb)?.distance(state)
    }

    /// tilebase.solve, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").solve("283104765")
    /// 'ULDR'
    #[pyo3(signature = (state, goal=None, board=None, metric=None, pdb=None))]
    fn solve(
        &self,
        state: &Bound<'_, PyAny>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Option<String>> {
        self.answers(goal, board, metric, pdb)?.solve(state)
    }

    /// tilebase.hints, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").hints("123804765")[0]
    /// {'move': 'U', 'tile': 2, 'distance': 1, 'optimal': False}
    #[pyo3(signature = (state, goal=None, board=None, metric=None, pdb=None))]
    fn hints<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        goal: Option<&Bound<'py, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Bound<'py, PyList>> {
        self.answers(goal, board, metric, pdb)?.hints(py, state)
    }

    /// tilebase.distances, answered from this file.
    ///
    /// >>> db = tilebase.Database("db/3x3-123804765.tilebase")
    /// >>> db.distances(numpy.array([[1, 2, 3, 8, 0, 4, 7, 6, 5]], numpy.uint8))
    /// array([0], dtype=int16)
    #[pyo3(signature = (cells, goal=None, board=None, metric=None, pdb=None))]
    fn distances<'py>(
        &self,
        py: Python<'py>,
        cells: &Bound<'py, PyAny>,
        goal: Option<&Bound<'py, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Bound<'py, PyArray1<i16>>> {
        self.answers(goal, board, metric, pdb)?.distances(py, cells)
    }

    /// tilebase.random_states, drawn from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123456780.tilebase").random_states("max", count=2, seed=1)
    /// ['867254301', '647850321']
    #[pyo3(
        signature = (distance, count=None, seed=None, goal=None, board=None, metric=None),
        text_signature = "($self, distance, count=1, seed=None, goal=None, board=None, metric=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn random_states(
        &self,
        py: Python<'_>,
        distance: &Bound<'_, PyAny>,
        count: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
    ) -> Answer<Vec<String>> {
        let one = PyInt::new(py, 1).into_any();
        let count = count.unwrap_or(&one);
        self.answers(goal, board, metric, None)?
            .random_states(py, distance, count, seed)
    }
}

/// Exact, optimal answers about sliding-tile puzzles, from a tablebase: the distance of any
/// state to any goal, an optimal solution, hints, batches of states as NumPy arrays on every
/// core, and puzzles drawn at an exact difficulty. The 3x3 databases ship inside the module, so
/// every 3x3 goal is answered with no file; other boards find or build their database as the
/// `query` program does.
#[pymodule]
fn tilebase(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(hints, m)?)?;
    m.add_function(wrap_pyfunction!(distances, m)?)?;
    m.add_function(wrap_pyfunction!(random_states, m)?)?;
    m.add_class::<Database>()?;
    // `add` lists each name in `__all__`, which the package's `__init__` exports.
    m.add("DatabaseError", m.py().get_type::<DatabaseError>())?;
    Ok(())
}
