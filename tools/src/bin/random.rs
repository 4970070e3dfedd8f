//! `random`: see `tilebase_tools::random`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("random", tilebase_tools::random::run)
}
