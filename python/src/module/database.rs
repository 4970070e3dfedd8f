//! `tilebase.Database`: a database file opened explicitly (as `query --db PATH`), answering the
//! module's functions from that file, and pickled as its path.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyList;
use tilebase_answer::Error;

use super::errors::{Answer, Failure};
use super::questions::{Questions, asking};

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
pub(super) struct Database {
    pub(super) db: Arc<tilebase_lookup::Database>,
    pub(super) path: PathBuf,
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

asking! {
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
            Questions::read(Some((&self.db, &self.path)), goal, board, metric, None)?
                .random_states(py, distance, count, seed)
        }
    }

    /// tilebase.distance, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").distance("603712458")
    /// 23
    fn distance(state: &Bound<'py, PyAny>, .., memory: Option<&Bound<'py, PyAny>> = None)
        -> Option<u8>;

    /// tilebase.solve, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").solve("283104765")
    /// 'ULDR'
    fn solve(state: &Bound<'py, PyAny>, .., memory: Option<&Bound<'py, PyAny>> = None)
        -> Option<String>;

    /// tilebase.hints, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").hints("123804765")[0]
    /// {'move': 'U', 'tile': 2, 'distance': 1, 'optimal': False}
    fn hints(state: &Bound<'py, PyAny>, ..) -> Bound<'py, PyList>;

    /// tilebase.solutions, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").solutions("283104765")
    /// ['ULDR']
    fn solutions(state: &Bound<'py, PyAny>, .., limit: Option<&Bound<'py, PyAny>> = None)
        -> Option<Vec<String>>;

    /// tilebase.count_solutions, answered from this file.
    ///
    /// >>> tilebase.Database("db/3x3-123804765.tilebase").count_solutions("603712458")
    /// 3
    fn count_solutions(state: &Bound<'py, PyAny>, ..) -> Option<u128>;

    /// tilebase.distances, answered from this file.
    ///
    /// >>> db = tilebase.Database("db/3x3-123804765.tilebase")
    /// >>> db.distances(numpy.array([[1, 2, 3, 8, 0, 4, 7, 6, 5]], numpy.uint8))
    /// array([0], dtype=int16)
    fn distances(cells: &Bound<'py, PyAny>, .., memory: Option<&Bound<'py, PyAny>> = None)
        -> Bound<'py, PyArray1<i16>>;
}
