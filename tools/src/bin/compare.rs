//! `compare`: see `tilebase_tools::compare`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("compare", tilebase_tools::compare::run)
}
