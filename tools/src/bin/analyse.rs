//! `analyse`: see `tilebase_tools::analyse`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("analyse", tilebase_tools::analyse::run)
}
