//! `build-db`: see `tilebase_tools::build_db`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("build-db", tilebase_tools::build_db::run)
}
