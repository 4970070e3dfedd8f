//! `stats`: see `tilebase_tools::stats`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_tools::stats::main()
}
