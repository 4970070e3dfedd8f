//! The Python module: a thin layer that converts arguments, calls the answering library
//! (`tilebase-answer`, which every front end shares), and maps every error onto a Python
//! exception in one place ([`errors`]).
//!
//! Its parts, by concern: [`errors`] (the exceptions), [`arguments`] (states, goals and whole
//! numbers read), [`library`] (the library answered from, and what it says on the logger),
//! [`questions`] (the question every function asks, and the macro that writes each function
//! taking `goal`, `board`, `metric` and `pdb` once), then the functions: [`one_state`]
//! (answers for one state), [`batches`] (NumPy batches), [`draws`] (states drawn at a
//! distance), [`pieces`] (one search in pieces, for other machines) and [`database`]
//! (`tilebase.Database`, a file opened explicitly). Registered here.

mod arguments;
mod batches;
mod bounds;
mod database;
mod draws;
mod errors;
mod library;
mod one_state;
mod pieces;
mod questions;

use pyo3::prelude::*;

/// Exact, optimal answers about sliding-tile puzzles, from a tablebase: the distance of any
/// state to any goal, an optimal solution, hints, batches of states as NumPy arrays on every
/// core, and puzzles drawn at an exact difficulty. The 3x3 databases ship inside the module, so
/// every 3x3 goal is answered with no file; other boards find or build their database as the
/// `query` program does.
#[pymodule]
#[pyo3(name = "_tilebase")]
fn tilebase(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(one_state::distance, m)?)?;
    m.add_function(wrap_pyfunction!(one_state::solve, m)?)?;
    m.add_function(wrap_pyfunction!(one_state::hints, m)?)?;
    m.add_function(wrap_pyfunction!(one_state::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(one_state::count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(bounds::bounds, m)?)?;
    m.add_function(wrap_pyfunction!(batches::sample, m)?)?;
    m.add_function(wrap_pyfunction!(batches::label, m)?)?;
    m.add_function(wrap_pyfunction!(batches::distances, m)?)?;
    m.add_function(wrap_pyfunction!(draws::random_states, m)?)?;
    m.add_function(wrap_pyfunction!(questions::question, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::start_bound, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::split, m)?)?;
    m.add_function(wrap_pyfunction!(pieces::search_below, m)?)?;
    m.add_class::<database::Database>()?;
    // `add` lists each name in `__all__`, which the package's `__init__` exports.
    m.add("DatabaseError", m.py().get_type::<errors::DatabaseError>())?;
    Ok(())
}
