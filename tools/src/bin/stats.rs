//! `stats`: see `tilebase_tools::stats`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("stats", tilebase_tools::stats::run)
}
