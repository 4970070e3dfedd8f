//! `compare`: see `tilebase_tools::compare`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_tools::compare::main()
}
