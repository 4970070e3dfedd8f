//! `label`: see `tilebase_tools::label`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_tools::label::main()
}
