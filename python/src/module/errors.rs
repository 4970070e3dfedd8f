//! Everything that can go wrong, and the Python exception each is: the one place errors are
//! mapped ([`Failure`] into `PyErr`).

use pyo3::exceptions::{
    PyException, PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError,
    PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use tilebase_answer::{Error, QuestionError, RowError, SolveError};

pyo3::create_exception!(
    tilebase,
    DatabaseError,
    PyException,
    "A database that cannot answer: a file that is not a tilebase database, is damaged, or holds \
     another goal than its name says."
);

/// Everything that can go wrong, turned into a Python exception by `From<Failure> for PyErr`
/// and nowhere else.
pub(super) enum Failure {
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

/// What every function of the module returns: its answer, or what went wrong.
pub(super) type Answer<T> = Result<T, Failure>;

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
