//! `label`: see `tilebase_tools::label`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("label", tilebase_tools::label::run)
}
