//! The Python module: a thin layer that converts arguments, calls the answering library
//! (`tilebase-answer`, which every front end shares), and maps every error onto a Python
//! exception in one place ([`Failure`]).

use std::borrow::Cow;
use std::ffi::CString;
use std::path::PathBuf;
use std::sync::Arc;

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{
    PyException, PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError,
    PyRuntimeError, PyTypeError, PyUserWarning, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFrozenSet, PyInt, PyList, PySet, PyString};
use tilebase_answer::{
    Answers, Asked, Building, Distances, Error, Given, Int, Job, Method, Path, Position, Question,
    QuestionError, Quietly, RowError, Sample, SolveError, UNSOLVABLE, Watch,
    distances_without_files, label_rows, moves_text, quote, read_board, read_metric, read_pdb,
    sample_without_files,
};

use crate::shipped;

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
    /// The library's refusal.
    Library(Error),
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
            Failure::Library(Error::Lookup(error)) => lookup_error(error),
            // Files that cannot answer as found or built.
            Failure::Library(error @ Error::Files(_)) => DatabaseError::new_err(error.to_string()),
            // A search stopped at the node limit it was given.
            Failure::Library(
                error @ Error::Search {
                    error: SolveError::Exceeded { .. },
                    ..
                },
            ) => PyRuntimeError::new_err(error.to_string()),
            Failure::Library(error) => PyValueError::new_err(error.to_string()),
            Failure::Row(RowError::Lookup { row, error }) => {
                let message = format!("row {row}: {error}");
                match error {
                    tilebase_lookup::Error::Damaged { .. } => DatabaseError::new_err(message),
                    _ => PyValueError::new_err(message),
                }
            }
            Failure::Row(error @ RowError::Files(_)) => DatabaseError::new_err(error.to_string()),
            Failure::Row(error) => PyValueError::new_err(error.to_string()),
            Failure::Python(error) => error,
        }
    }
}

/// The lookup crate's errors: a state or goal the database cannot take is a bad argument; a
/// file that cannot be read is an `OSError` of the kind the system said; a file that is not a
/// sound database is a [`DatabaseError`].
fn lookup_error(error: tilebase_lookup::Error) -> PyErr {
    use tilebase_lookup::Error;
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
        Failure::Library(error)
    }
}

impl From<QuestionError> for Failure {
    fn from(error: QuestionError) -> Failure {
        Failure::Library(Error::Question(error))
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
                quote(&String::from_utf8_lossy(bytes))
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

/// What finding and building files says, on the `tilebase` logger as it happens: a build that
/// starts at level WARNING (Python shows it with no logging set up: the 15-puzzle's 7-8 files
/// take minutes, and a call should not hang in silence), waiting for another process's build
/// likewise, and the rest at INFO (what `query` says on stderr).
struct Logged;

impl Watch for Logged {
    fn say(&self, message: &str) {
        log("info", message);
    }

    fn starting(&self, message: &str) {
        log("warning", message);
    }

    fn waiting(&self, message: &str) {
        log("warning", message);
    }

    fn building(&self, _: &Job<'_>) -> Box<dyn Building + '_> {
        Box::new(Quietly)
    }
}

/// Says `message` on the `tilebase` logger at `level` ("info", "warning"), from any thread. A
/// logger that fails (a handler raising) must not fail the answer.
fn log(level: &str, message: &str) {
    Python::attach(|py| {
        let logged = (|| -> PyResult<()> {
            py.import("logging")?
                .call_method1("getLogger", ("tilebase",))?
                .call_method1(level, (message,))?;
            Ok(())
        })();
        let _ = logged;
    });
}

/// The environment variable that, set to `never`, keeps this process from building files: a
/// missing file is then an error naming it and where it was looked for. `tilebase.ray` sets it
/// in its workers, which read the files the driver found or built.
const BUILD_ENV: &str = "TILEBASE_BUILD";

/// Whether this process builds the files it needs and does not find.
fn builds() -> bool {
    std::env::var_os(BUILD_ENV).is_none_or(|v| v != "never")
}

/// A question and, once a position needs them, its answers: the library's (remembered, lent
/// without a reference count, found, or built), or those of a file given by name.
struct Questions {
    question: Question,
    /// The answers of a file given by name ([`Database`]).
    file: Option<Answers>,
}

impl Questions {
    /// The question the module's functions ask: the goal, board, metric and pattern databases
    /// read as `query` reads its flags.
    fn find(
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Questions> {
        let goal = goal.map(|g| given(g, "goal")).transpose()?;
        let question = Question::read(Asked {
            board: board.as_deref().map(read_board).transpose()?,
            goal: goal.as_ref(),
            metric: metric.as_deref().map(read_metric).transpose()?,
            pdb: pdb.as_deref().map(read_pdb).transpose()?,
        })?;
        Ok(Questions {
            question,
            file: None,
        })
    }

    /// The answers of the file `db`, read from `path`, for the goal asked: checked as
    /// `query --db` checks the file against `--board`, `--metric` and `--goal`.
    fn of_file(
        db: &Arc<tilebase_lookup::Database>,
        path: &std::path::Path,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Questions> {
        if let Some(pdb) = pdb {
            return Err(Failure::Value(format!(
                "pdb {pdb:?}: a Database answers from its own file; pdb chooses the 15-puzzle's \
                 pattern databases, for the module's functions with board=\"4x4\""
            )));
        }
        let goal = goal.map(|g| given(g, "goal")).transpose()?;
        let asked = Asked {
            board: board.as_deref().map(read_board).transpose()?,
            goal: goal.as_ref(),
            metric: metric.as_deref().map(read_metric).transpose()?,
            pdb: None,
        };
        let answers = Answers::of_table(Arc::clone(db), path, asked)?;
        Ok(Questions {
            question: *answers.question(),
            file: Some(answers),
        })
    }

    /// What `answer` makes of the answers: the file's; else the library's, remembered (the
    /// usual case: lent, with no reference counted), found, or built (other Python threads run
    /// meanwhile).
    fn with_answers<T>(
        &self,
        py: Python<'_>,
        answer: impl FnOnce(&Answers) -> Answer<T>,
    ) -> Answer<T> {
        if let Some(answers) = &self.file {
            return answer(answers);
        }
        let library = shipped::library().map_err(|e| Failure::Library(Error::Files(e)))?;
        let mut answer = Some(answer);
        let remembered = library.remembered(&self.question, |answers| {
            answer.take().map(|answer| answer(answers))
        });
        if let Some(Some(answered)) = remembered {
            return answered;
        }
        let answers = py
            .detach(|| {
                if builds() {
                    library.open(&self.question, &Logged)
                } else {
                    library.find_built(&self.question, &Logged)
                }
            })
            .map_err(Failure::Library)?;
        match answer.take() {
            Some(answer) => answer(&answers),
            None => Err(Failure::Library(Error::Files(
                "the answers were asked for twice".into(),
            ))),
        }
    }

    /// The position given, on the question's board, or `query`'s message for it: the input,
    /// then the problem.
    fn position(&self, state: &Bound<'_, PyAny>) -> Answer<Position> {
        let given = given(state, "state")?;
        Position::read(self.question.board(), &given)
            .map_err(|e| Failure::Value(format!("{}: {e}", given.shown())))
    }

    /// Runs `ask` on the answers for `position`: `None` at once when it cannot reach the goal.
    /// A search runs without the GIL.
    fn asked<T: Send>(
        &self,
        py: Python<'_>,
        position: &Position,
        ask: impl FnOnce(&Answers) -> Result<Option<T>, Error> + Send,
    ) -> Answer<Option<T>> {
        // A search's files take up to minutes to build: a state that cannot reach the goal is
        // answered by its parity first. A table answers it as every other state.
        if self.question.board().method() == Method::Patterns
            && position.unsolvable_reason(self.question.goal()).is_some()
        {
            return Ok(None);
        }
        self.with_answers(py, |answers| {
            let answered = match answers.method() {
                Method::Table => ask(answers),
                Method::Patterns => py.detach(|| ask(answers)),
            };
            answered.map_err(Failure::Library)
        })
    }

    fn distance(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<u8>> {
        let position = self.position(state)?;
        self.asked(py, &position, |answers| answers.distance(&position))
    }

    fn solve(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<String>> {
        let position = self.position(state)?;
        let metric = self.question.metric();
        self.asked(py, &position, |answers| {
            answers
                .solve(&position)
                .map(|path| path.map(|path| moves_text(&path, metric)))
        })
    }

    fn solutions(
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
        let metric = self.question.metric();
        self.asked(py, &position, |answers| {
            answers
                .first_solutions(&position, limit)
                .map(|all| all.map(|all| all.iter().map(|path| moves_text(path, metric)).collect()))
        })
    }

    fn sample<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        sampler: &str,
        seed: u64,
    ) -> Answer<Bound<'py, PyArray2<u8>>> {
        let sample: Sample = sampler.parse().map_err(Failure::Value)?;
        sample
            .check(self.question.board())
            .map_err(|e| Failure::Value(e.to_string()))?;
        let flat = match py.detach(|| sample_without_files(self.question.goal(), &sample, n, seed))
        {
            Some(flat) => flat,
            None => self.with_answers(py, |answers| {
                py.detach(|| answers.sample(&sample, n, seed))
                    .map_err(Failure::Library)
            })?,
        };
        let cells = self.question.board().cells();
        let rows = flat.len() / cells;
        Ok(PyArray1::from_vec(py, flat).reshape([rows, cells])?)
    }

    fn label<'py>(
        &self,
        py: Python<'py>,
        cells: &Bound<'py, PyAny>,
        moves: bool,
        optimal_moves: bool,
    ) -> Answer<Bound<'py, PyDict>> {
        let board = self.question.board();
        let mut after: Option<Vec<[i16; 4]>> = None;
        let mut optimal: Option<Vec<u8>> = None;
        let distance = with_rows(
            py,
            cells,
            board.cells(),
            &board.to_string(),
            |slice, out| {
                let positions = slice
                    .chunks(board.cells())
                    .enumerate()
                    .map(|(i, row)| {
                        Position::new(board, row)
                            .map_err(|e| Failure::Value(format!("row {i}: {e}")))
                    })
                    .collect::<Answer<Vec<Position>>>()?;
                self.with_answers(py, |answers| {
                    let (labels, masks) = py
                        .detach(|| {
                            let labels = label_rows(answers, slice, moves)?;
                            let masks = if optimal_moves {
                                Some(tilebase_answer::optimal_moves(
                                    answers, &positions, &labels,
                                )?)
                            } else {
                                None
                            };
                            Ok((labels, masks))
                        })
                        .map_err(Failure::Row)?;
                    out.copy_from_slice(&labels.distance);
                    optimal = masks;
                    after = labels.move_distances;
                    Ok(())
                })
            },
        )?;
        let dict = PyDict::new(py);
        let numpy = py.import("numpy")?;
        dict.set_item("state", numpy.call_method1("ascontiguousarray", (cells,))?)?;
        dict.set_item("distance", distance)?;
        if let Some(after) = after {
            let rows = after.len();
            let flat: Vec<i16> = after.into_iter().flatten().collect();
            dict.set_item(
                "move_distances",
                PyArray1::from_vec(py, flat).reshape([rows, 4])?,
            )?;
        }
        if let Some(optimal) = optimal {
            dict.set_item("optimal_moves", PyArray1::from_vec(py, optimal))?;
        }
        Ok(dict)
    }

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

    fn count_solutions(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> Answer<Option<u128>> {
        let position = self.position(state)?;
        self.asked(py, &position, |answers| answers.count_solutions(&position))
    }

    fn hints<'py>(&self, py: Python<'py>, state: &Bound<'py, PyAny>) -> Answer<Bound<'py, PyList>> {
        let position = self.position(state)?;
        let hints = self
            .asked(py, &position, |answers| answers.hints(&position))?
            .unwrap_or_default();
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
        let board = self.question.board();
        with_rows(
            py,
            cells,
            board.cells(),
            &board.to_string(),
            |slice, out| {
                if self.file.is_none() && board.method() == Method::Patterns {
                    // Every row read first, and those of the other parity half answered: a batch
                    // that needs no search needs no files.
                    let needs_files = distances_without_files(&self.question, slice, out)
                        .map_err(Failure::Row)?;
                    if !needs_files {
                        return Ok(());
                    }
                }
                self.with_answers(py, |answers| {
                    py.detach(|| answers.distances(slice, out))
                        .map_err(Failure::Row)
                })
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
        let board = self.question.board();
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
        let count = whole_number(count, "count")?;
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
    let mut out = vec![UNSOLVABLE; rows];
    answer(slice, &mut out)?;
    Ok(PyArray1::from_vec(py, out))
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
    Questions::find(goal, board, metric, pdb)?.distance(py, state)
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
    Questions::find(goal, board, metric, pdb)?.solve(py, state)
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
    Questions::find(goal, board, metric, pdb)?.hints(py, state)
}

/// Every optimal solution from `state`, as `query --all` lists them (each as `solve` writes
/// one), in U < D < L < R order; the first `limit` when given. None if the state cannot reach
/// the goal. On 4x4 the search's last iteration runs whole; `pdb` as for distance.
///
/// >>> tilebase.solutions("603712458")
/// ['DDLURRDLLUURDDLURRDLLUR', 'DDRULDLURDRULDLUURDLDRU', 'DRDLLUURDLDRURDLLURDRUL']
/// >>> tilebase.solutions("603712458", limit=1)
/// ['DDLURRDLLUURDDLURRDLLUR']
#[pyfunction]
#[pyo3(
    signature = (state, goal=None, board=None, metric=None, pdb=None, limit=None),
    text_signature = "(state, goal=None, board=None, metric='stm', pdb=None, limit=None)"
)]
fn solutions(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    goal: Option<&Bound<'_, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
    limit: Option<&Bound<'_, PyAny>>,
) -> Answer<Option<Vec<String>>> {
    Questions::find(goal, board, metric, pdb)?.solutions(py, state, limit)
}

/// How many optimal solutions `state` has, as `query --count` says; None if it cannot reach
/// the goal. From a full table each state's count is worked out once (no solution is listed);
/// on 4x4 the search's last iteration runs whole. `pdb` as for distance.
///
/// >>> tilebase.count_solutions("603712458")
/// 3
#[pyfunction]
#[pyo3(
    signature = (state, goal=None, board=None, metric=None, pdb=None),
    text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)"
)]
fn count_solutions(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    goal: Option<&Bound<'_, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Option<u128>> {
    Questions::find(goal, board, metric, pdb)?.count_solutions(py, state)
}

/// `n` states drawn by `sampler`, as a uint8 array of shape (n, cells), one state per row (its
/// cells row by row, 0 the blank), as `label --sample` draws them: "uniform" (among every state
/// that can reach the goal, any board), "walk:L" (the end of a random walk of L moves from the
/// goal), "distance:D" (D, "A..B" or "max", from a full table, in `metric`) or "file:PATH". The
/// same seed draws the same states.
///
/// >>> tilebase.sample("3x3", 2, sampler="distance:24", seed=5).shape
/// (2, 9)
#[pyfunction]
#[pyo3(
    signature = (board, n, sampler="uniform", seed=0, goal=None, metric=None, pdb=None),
    text_signature = "(board, n, sampler='uniform', seed=0, goal=None, metric='stm', pdb=None)"
)]
#[allow(clippy::too_many_arguments)]
fn sample<'py>(
    py: Python<'py>,
    board: Cow<'_, str>,
    n: usize,
    sampler: &str,
    seed: u64,
    goal: Option<&Bound<'py, PyAny>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Bound<'py, PyArray2<u8>>> {
    Questions::find(goal, Some(board), metric, pdb)?.sample(py, n, sampler, seed)
}

/// The labels of every row of `cells` (a 2-D uint8 array, one state per row), as a dict of NumPy
/// arrays named as `label`'s columns: "state" (the cells), "distance" (int16, -1 where the state
/// cannot reach the goal) and, with `moves`, "move_distances" (int16, shape (n, 4): the
/// distance after the blank moves up, down, left, right; -1 where it cannot) and, with
/// `optimal_moves`, "optimal_moves" (uint8: bit 0 up, 1 down, 2 left, 3 right, set where the
/// move leaves the state one move nearer; in the multi-tile metric, where sliding one to three
/// tiles that way does). `goal` may be a preset: "blank-first" or
/// "blank-last". Every row on every core, without the GIL; a bad row raises ValueError naming
/// its index.
///
/// >>> labels = tilebase.label(tilebase.sample("3x3", 3, sampler="distance:24", seed=5), board="3x3", moves=True)
/// >>> labels["distance"]
/// array([24, 24, 24], dtype=int16)
#[pyfunction]
#[pyo3(
    signature = (cells, board=None, goal=None, metric=None, moves=false, pdb=None, optimal_moves=false),
    text_signature = "(cells, board=None, goal=None, metric='stm', moves=False, pdb=None, optimal_moves=False)"
)]
#[allow(clippy::too_many_arguments)]
fn label<'py>(
    py: Python<'py>,
    cells: &Bound<'py, PyAny>,
    board: Option<Cow<'_, str>>,
    goal: Option<&Bound<'py, PyAny>>,
    metric: Option<Cow<'_, str>>,
    moves: bool,
    pdb: Option<Cow<'_, str>>,
    optimal_moves: bool,
) -> Answer<Bound<'py, PyDict>> {
    Questions::find(goal, board, metric, pdb)?.label(py, cells, moves, optimal_moves)
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
    Questions::find(goal, board, metric, pdb)?.distances(py, cells)
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
    Questions::find(goal, board, metric, None)?.random_states(py, distance, count, seed)
}

/// What a question asks, as the module reads `goal`, `board`, `metric` and `pdb` (the same
/// defaults and refusals as every function): a dict with "board", "goal" and "metric" as the
/// answers and `label`'s files write them, "pdb" (the pattern databases' partition, None on
/// boards answered from full tables) and "method" ("table" or "search"). Opens no file.
///
/// >>> tilebase.question()
/// {'board': '3x3', 'goal': '123804765', 'metric': 'stm', 'pdb': None, 'method': 'table'}
/// >>> tilebase.question(board="4x4")["pdb"]
/// '7-8'
#[pyfunction]
#[pyo3(
    signature = (goal=None, board=None, metric=None, pdb=None),
    text_signature = "(goal=None, board=None, metric='stm', pdb=None)"
)]
fn question<'py>(
    py: Python<'py>,
    goal: Option<&Bound<'py, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Bound<'py, PyDict>> {
    let question = Questions::find(goal, board, metric, pdb)?.question;
    let board = question.board();
    let dict = PyDict::new(py);
    dict.set_item("board", board.to_string())?;
    dict.set_item("goal", question.goal().to_string())?;
    dict.set_item("metric", question.metric().name())?;
    let (pdb, method) = match board.method() {
        Method::Table => (None, "table"),
        Method::Patterns => (
            Some(
                question
                    .pdb()
                    .unwrap_or(tilebase_answer::Partition::default_for(board.cells()))
                    .to_string(),
            ),
            "search",
        ),
    };
    dict.set_item("pdb", pdb)?;
    dict.set_item("method", method)?;
    Ok(dict)
}

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
#[pyfunction]
#[pyo3(
    signature = (state, goal=None, board=None, metric=None, pdb=None),
    text_signature = "(state, goal=None, board=None, metric='stm', pdb=None)"
)]
fn start_bound(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    goal: Option<&Bound<'_, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Option<u32>> {
    Questions::find(goal, board, metric, pdb)?.start_bound(py, state)
}

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
#[pyfunction]
#[pyo3(
    signature = (state, bound=None, at_least=64, goal=None, board=None, metric=None, pdb=None),
    text_signature = "(state, bound=None, at_least=64, goal=None, board=None, metric='stm', pdb=None)"
)]
#[allow(clippy::too_many_arguments)]
fn split<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    bound: Option<u32>,
    at_least: usize,
    goal: Option<&Bound<'py, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Option<Bound<'py, PyDict>>> {
    Questions::find(goal, board, metric, pdb)?.split(py, state, bound, at_least)
}

/// Searches, within `bound`, the subtree below the state that `moves` (a piece from split, a
/// string of U, D, L, R) reach from `state`: a dict with "solution" (an optimal solution from
/// `state`, the piece's moves first, if one lies below the piece within the bound; else None),
/// "next_bound" (the least bound past this one met below, else None) and "nodes". At most
/// `max_nodes` nodes, else RuntimeError. None if the state cannot reach the goal. A move off
/// the board raises ValueError naming it.
///
/// >>> tilebase.search_below("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "L", 3, board="4x4", pdb="5-5-5")
/// {'solution': None, 'next_bound': 4, 'nodes': 2}
#[pyfunction]
#[pyo3(
    signature = (state, moves, bound, goal=None, board=None, metric=None, pdb=None, max_nodes=None),
    text_signature = "(state, moves, bound, goal=None, board=None, metric='stm', pdb=None, max_nodes=None)"
)]
#[allow(clippy::too_many_arguments)]
fn search_below<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    moves: &str,
    bound: u32,
    goal: Option<&Bound<'py, PyAny>>,
    board: Option<Cow<'_, str>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
    max_nodes: Option<u64>,
) -> Answer<Option<Bound<'py, PyDict>>> {
    Questions::find(goal, board, metric, pdb)?.search_below(py, state, moves, bound, max_nodes)
}

/// A database file, opened explicitly (as `query --db PATH`): plain files are memory-mapped,
/// compressed ones (.tilebase.zst) read into memory. Its methods are the module's functions;
/// `goal` defaults to the file's own goal and may be any goal the file answers for (its
/// blank in the same class of cells); `board` and `metric`, if given, must be the file's.
///
/// >>> db = tilebase.Database("db/3x3-123804765.tilebase")
/// >>> db.distance("603712458")
/// 23
///
/// A Database pickles as its file's absolute path (for `multiprocessing`, Ray and the like):
/// unpickled in another process it opens that file, once per process, however many copies
/// arrive there (they share one memory map).
#[pyclass(frozen, module = "tilebase", name = "Database")]
struct Database {
    db: Arc<tilebase_lookup::Database>,
    path: PathBuf,
}

/// The files this process has opened as a Database, by absolute path: a Database unpickled
/// again and again (one per task of a worker) maps its file once. Weak: a file no Database
/// holds is closed.
static OPENED: std::sync::LazyLock<
    std::sync::Mutex<
        std::collections::HashMap<PathBuf, std::sync::Weak<tilebase_lookup::Database>>,
    >,
> = std::sync::LazyLock::new(Default::default);

/// The database at `path`, from this process's opened files where it is one of them.
fn open_once(
    path: &std::path::Path,
) -> Result<Arc<tilebase_lookup::Database>, tilebase_lookup::Error> {
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut opened = OPENED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(db) = opened.get(&key).and_then(std::sync::Weak::upgrade) {
        return Ok(db);
    }
    let db = Arc::new(tilebase_lookup::Database::open(path)?);
    opened.retain(|_, weak| weak.strong_count() > 0);
    opened.insert(key, Arc::downgrade(&db));
    Ok(db)
}

impl Database {
    /// The questions about the goal asked for, checked against the file as `query --db`
    /// checks.
    fn answers(
        &self,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Questions> {
        Questions::of_file(&self.db, &self.path, goal, board, metric, pdb)
    }
}

#[pymethods]
impl Database {
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> Answer<Database> {
        // A compressed file is decompressed here: seconds for the largest boards.
        let db = py
            .detach(|| open_once(&path))
            .map_err(|e| Failure::Library(Error::Lookup(e)))?;
        Ok(Database { db, path })
    }

    /// Pickled as the class and the file's absolute path: another process opens the same file.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let path =
            std::fs::canonicalize(&slf.get().path).unwrap_or_else(|_| slf.get().path.clone());
        Ok((slf.get_type().into_any(), (path.display().to_string(),)))
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
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Option<u8>> {
        self.answers(goal, board, metric, pdb)?.distance(py, state)
    }

    /// tilebase.solve, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").solve("283104765")
    /// 'ULDR'
    #[pyo3(signature = (state, goal=None, board=None, metric=None, pdb=None))]
    fn solve(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Option<String>> {
        self.answers(goal, board, metric, pdb)?.solve(py, state)
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

    /// tilebase.solutions, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").solutions("283104765")
    /// ['ULDR']
    #[pyo3(signature = (state, goal=None, board=None, metric=None, pdb=None, limit=None))]
    #[allow(clippy::too_many_arguments)]
    fn solutions(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
        limit: Option<&Bound<'_, PyAny>>,
    ) -> Answer<Option<Vec<String>>> {
        self.answers(goal, board, metric, pdb)?
            .solutions(py, state, limit)
    }

    /// tilebase.count_solutions, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").count_solutions("603712458")
    /// 3
    #[pyo3(signature = (state, goal=None, board=None, metric=None, pdb=None))]
    fn count_solutions(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Option<u128>> {
        self.answers(goal, board, metric, pdb)?
            .count_solutions(py, state)
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
#[pyo3(name = "_tilebase")]
fn tilebase(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(hints, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(sample, m)?)?;
    m.add_function(wrap_pyfunction!(label, m)?)?;
    m.add_function(wrap_pyfunction!(distances, m)?)?;
    m.add_function(wrap_pyfunction!(random_states, m)?)?;
    m.add_function(wrap_pyfunction!(question, m)?)?;
    m.add_function(wrap_pyfunction!(start_bound, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(search_below, m)?)?;
    m.add_class::<Database>()?;
    // `add` lists each name in `__all__`, which the package's `__init__` exports.
    m.add("DatabaseError", m.py().get_type::<DatabaseError>())?;
    Ok(())
}
