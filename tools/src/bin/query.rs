//! `query`: see `tilebase_tools::query`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("query", tilebase_tools::query::run)
}
