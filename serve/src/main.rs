//! `serve`: the tilebase page and JSON API. See `tilebase_serve`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    tilebase_program::run("serve", tilebase_serve::run)
}
