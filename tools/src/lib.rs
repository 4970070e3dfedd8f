//! The code behind tilebase's command-line programs. Each program in `src/bin/` is a thin `main`
//! over a module here, so the logic is tested like any library code.
#![forbid(unsafe_code)]

pub mod build_db;
pub mod compare;
pub mod exit;
pub mod fifteen;
pub mod files;
pub mod locate;
pub mod progress;
pub mod query;
pub mod random;
pub mod select;
pub mod stats;
pub mod text;
pub mod verify;
