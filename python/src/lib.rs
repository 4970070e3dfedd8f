//! tilebase for Python: `import tilebase` answers exact sliding-puzzle questions (distances,
//! optimal solutions, hints, seeded draws of states at a distance, NumPy batches on every core)
//! through the answering library every front end shares, `tilebase-answer`, from the library of
//! the `tilebase` crate, with its 3x3 tables shipped inside.
//!
//! The Python module, in `module.rs`, is built with the `python` feature (maturin turns it on):
//! a thin layer that converts arguments, calls the library, and maps its errors onto Python's
//! exceptions in one place. Without it the crate is empty, so that `cargo test --workspace`
//! needs no Python library to link; CI lints it with the feature on.
// No unsafe code, PyO3's included: its macros (#[pyfunction], #[pyclass], #[pymodule]) expand
// to nothing that this lint refuses in this crate, so `forbid` holds with the `python` feature
// on (CI lints that build).
#![forbid(unsafe_code)]

#[cfg(feature = "python")]
mod module;
