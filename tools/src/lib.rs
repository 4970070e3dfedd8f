//! tilebase's command-line programs: clap arguments, the terminal (progress bars, one-line
//! errors) and exit codes, over the answering library, `tilebase-answer`. Each program in
//! `src/bin/` is a thin `main` over a module here.
#![forbid(unsafe_code)]

pub mod build_db;
pub mod compare;
pub mod exit;
pub mod files;
pub mod progress;
pub mod query;
pub mod random;
pub mod stats;
pub mod text;
pub mod verify;
pub mod which;
