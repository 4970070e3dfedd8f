//! tilebase for Python: `import tilebase` answers exact sliding-puzzle questions (distances,
//! optimal solutions, hints, seeded draws of states at a distance) from the lookup crate, and
//! NumPy batches of states on every core.
//!
//! The crate has two halves. The plain Rust one, always built, finds the database that answers
//! (the 3x3 databases of `db/` ship inside the module), reads the arguments as `query` and
//! `random` read their flags, and answers batches on every core; `cargo test` tests it. The
//! Python module itself, in `module.rs`, is built with the `python` feature (maturin turns it
//! on): a thin layer that converts arguments, calls the plain half and the lookup crate, and
//! maps their errors onto Python's exceptions in one place.
// No unsafe code, PyO3's included: its macros (#[pyfunction], #[pyclass], #[pymodule]) expand
// to nothing that this lint refuses in this crate, so `forbid` holds with the `python` feature
// on (CI lints that build).
#![forbid(unsafe_code)]

pub mod batch;
pub mod fifteen;
pub mod find;
pub mod input;
#[cfg(feature = "python")]
mod module;
