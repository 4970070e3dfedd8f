//! tilebase for Python: `import tilebase` answers exact sliding-puzzle questions (distances,
//! optimal solutions, hints, seeded draws of states at a distance, NumPy batches on every core)
//! through the answering library every front end shares, `tilebase-answer`.
//!
//! The crate has two halves. The plain Rust one, always built, is the library the module
//! answers from, with the 3x3 databases of `db/` shipped inside it ([`shipped`]); `cargo test`
//! tests it. The Python module itself, in `module.rs`, is built with the `python` feature
//! (maturin turns it on): a thin layer that converts arguments, calls the library, and maps its
//! errors onto Python's exceptions in one place.
// No unsafe code, PyO3's included: its macros (#[pyfunction], #[pyclass], #[pymodule]) expand
// to nothing that this lint refuses in this crate, so `forbid` holds with the `python` feature
// on (CI lints that build).
#![forbid(unsafe_code)]

#[cfg(feature = "python")]
mod module;
pub mod shipped;
