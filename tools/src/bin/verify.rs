//! `verify`: see `tilebase_tools::verify`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("verify", tilebase_tools::verify::run)
}
