//! `--quiet`: the flag the programs that draw bars or write notes share, and whether it was
//! given. Both [`crate::progress`] (no bar) and [`crate::exit::note`] (no note) ask it.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by `--quiet`: no bar and no note.
static QUIET: AtomicBool = AtomicBool::new(false);

/// The `--quiet` flag of the programs that may draw a bar, flattened into their arguments:
/// [`crate::run`] applies it to every bar and note of the process as it reads them.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct Quiet {
    /// Draw no progress bar (one is drawn on stderr, only when it is a terminal, for jobs that
    /// take over a second) and write no note (what is found, built or resumed); errors are
    /// still written
    #[arg(long, short)]
    pub quiet: bool,
}

impl Quiet {
    /// The flag's id among a program's arguments: its field's name.
    pub const ID: &'static str = "quiet";
}

/// Draws no bar and writes no note from now on (`true`), or draws and writes them where they
/// are shown (`false`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `--quiet` was given.
pub fn is_quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}
