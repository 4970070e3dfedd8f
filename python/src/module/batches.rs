//! Batches as NumPy arrays: the distance of every row (`distances`), `label`'s columns
//! (`label`), and states drawn as `label --sample` draws them (`sample`). Rows are read in
//! place and answered on every core, without the GIL.

use std::borrow::Cow;

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tilebase_answer::{
    Method, Position, Sample, UNSOLVABLE, board_of_cell_count, distances_without_files, label_rows,
    sample_without_files,
};

use super::arguments::type_name;
use super::errors::{Answer, Failure};
use super::questions::{Questions, asking};

impl Questions {
    pub(super) fn distances<'py>(
        &self,
        py: Python<'py>,
        cells: &Bound<'py, PyAny>,
        memory: Option<&Bound<'py, PyAny>>,
    ) -> Answer<Bound<'py, PyArray1<i16>>> {
        let effort = super::one_state::effort(memory)?;
        self.rows_name_board(cells);
        let board = self.current()?.board();
        with_rows(
            py,
            cells,
            board.cells(),
            &board.to_string(),
            |slice, out| {
                if self.file.is_none() && board.method() == Method::Patterns {
                    // Every row read first, and those of the other parity half answered: a batch
                    // that needs no search needs no files.
                    let needs_files = distances_without_files(&self.current()?, slice, out)
                        .map_err(Failure::Row)?;
                    if !needs_files {
                        return Ok(());
                    }
                }
                self.with_answers(py, |answers| {
                    py.detach(|| answers.distances_within(slice, out, &effort))
                        .map_err(Failure::Row)
                })
            },
        )
    }

    fn label<'py>(
        &self,
        py: Python<'py>,
        cells: &Bound<'py, PyAny>,
        moves: bool,
        optimal_moves: bool,
    ) -> Answer<Bound<'py, PyDict>> {
        self.rows_name_board(cells);
        let board = self.current()?.board();
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

    fn sample<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        sampler: &str,
        seed: Option<u64>,
    ) -> Answer<Bound<'py, PyArray2<u8>>> {
        // `all` is shuffled when a seed is given; the other samplers draw from seed 0 by default.
        let sample = sampler
            .parse::<Sample>()
            .map_err(Failure::Value)?
            .seeded(seed.is_some());
        let seed = seed.unwrap_or(0);
        sample
            .check(self.current()?.board())
            .map_err(|e| Failure::Value(e.to_string()))?;
        let goal = *self.current()?.goal();
        let flat = match py.detach(|| sample_without_files(&goal, &sample, n, seed)) {
            Some(flat) => flat,
            None => self.with_answers(py, |answers| {
                py.detach(|| answers.sample(&sample, n, seed))
                    .map_err(Failure::Library)
            })?,
        };
        let cells = self.current()?.board().cells();
        let rows = flat.len() / cells;
        Ok(PyArray1::from_vec(py, flat).reshape([rows, cells])?)
    }
}

/// Reads `cells`, a 2-D `uint8` array of rows of `width` cells (a state of `board` each), in
/// place when its rows lie one after another in memory, and fills with `answer` an `int16`
/// array of one distance per row.
impl Questions {
    /// When no board was named, rows of a width that names a board alone (4, 9, 16 or 25 cells:
    /// 2x2, 3x3, the 15- and the 24-puzzle) are read on it, as a state of that many cells is.
    fn rows_name_board(&self, cells: &Bound<'_, PyAny>) {
        let Ok((_, width)) = cells
            .getattr("shape")
            .and_then(|shape| shape.extract::<(usize, usize)>())
        else {
            // Not a 2-D array: `with_rows` says what it is.
            return;
        };
        if let Some(board) = board_of_cell_count(width) {
            self.ask_on(board);
        }
    }
}

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

asking! {
    /// The distance of every row of `cells`, a 2-D numpy array of dtype uint8 holding one state
    /// per row (its cells, row by row, 0 for the blank), as an int16 array with -1 where the state
    /// cannot reach the goal. The array is read in place when C-contiguous (other layouts are
    /// copied first); the work runs on every core, without the GIL. A bad row raises ValueError
    /// naming its index; a wrong dtype TypeError; a wrong shape ValueError.
    /// On 4x4 (rows of 16 cells) each row is an IDA* search, the rows shared among the cores;
    /// `pdb` as for distance; `memory` too, shared by the searches under way at once.
    ///
    /// >>> cells = numpy.array([[6, 0, 3, 7, 1, 2, 4, 5, 8], [8, 6, 4, 0, 7, 2, 5, 1, 3]], numpy.uint8)
    /// >>> tilebase.distances(cells)
    /// array([23, -1], dtype=int16)
    #[pyo3(text_signature = "(cells, goal=None, board=None, metric='stm', pdb=None, memory=None)")]
    fn distances(cells: &Bound<'py, PyAny>, .., memory: Option<&Bound<'py, PyAny>> = None)
        -> Bound<'py, PyArray1<i16>>;
}

/// `n` states drawn by `sampler`, as a uint8 array of shape (n, cells), one state per row (its
/// cells row by row, 0 the blank), as `label --sample` draws them: "uniform" (among every state
/// that can reach the goal, any board), "walk:L" (the end of a random walk of L moves from the
/// goal), "distance:D" (D, "A..B" or "max", from a full table, in `metric`), "file:PATH" or
/// "all" (every state that can reach the goal once, from a full table: in the order of their
/// index, shuffled when a seed is given). The same seed draws the same states; "uniform" draws
/// with replacement. The seed is 0 when none is given.
///
/// >>> tilebase.sample("3x3", 2, sampler="distance:24", seed=5).shape
/// (2, 9)
#[pyfunction]
#[pyo3(
    signature = (board, n, sampler="uniform", seed=None, goal=None, metric=None, pdb=None),
    text_signature = "(board, n, sampler='uniform', seed=None, goal=None, metric='stm', pdb=None)"
)]
#[allow(clippy::too_many_arguments)]
pub(super) fn sample<'py>(
    py: Python<'py>,
    board: Cow<'_, str>,
    n: usize,
    sampler: &str,
    seed: Option<u64>,
    goal: Option<&Bound<'py, PyAny>>,
    metric: Option<Cow<'_, str>>,
    pdb: Option<Cow<'_, str>>,
) -> Answer<Bound<'py, PyArray2<u8>>> {
    Questions::read(None, goal, Some(board), metric, pdb)?.sample(py, n, sampler, seed)
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
pub(super) fn label<'py>(
    py: Python<'py>,
    cells: &Bound<'py, PyAny>,
    board: Option<Cow<'_, str>>,
    goal: Option<&Bound<'py, PyAny>>,
    metric: Option<Cow<'_, str>>,
    moves: bool,
    pdb: Option<Cow<'_, str>>,
    optimal_moves: bool,
) -> Answer<Bound<'py, PyDict>> {
    Questions::read(None, goal, board, metric, pdb)?.label(py, cells, moves, optimal_moves)
}
