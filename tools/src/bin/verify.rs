//! `verify`: see `tilebase_tools::verify`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_tools::verify::main()
}
