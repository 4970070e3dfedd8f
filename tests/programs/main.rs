//! End-to-end tests: the real `build-db` and `query` executables, run as a user runs them, each
//! in a scratch directory with its own cache.

mod analyse;
mod bounds;
mod build_db;
mod builds;
mod compare;
mod fifteen;
mod fifteen_mtm;
mod hostile;
mod label;
mod query;
mod questions;
mod random;
mod repository;
mod support;
mod verify;
