//! End-to-end tests: the real `build-db` and `query` executables, run as a user runs them.

mod support;
