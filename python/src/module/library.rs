//! The library the module answers from (the shipped 3x3 databases first, then files found or
//! built as `query` finds and builds them), and what finding and building say on Python's
//! `tilebase` logger.

use pyo3::prelude::*;
use tilebase_answer::{Answers, Building, Error, Job, Library, Question, Quietly, Watch};

use super::errors::{Answer, Failure};

/// The module's library, made on first use ([`tilebase::library`]): the 3x3 tables shipped
/// inside first.
pub(super) fn library() -> Answer<&'static Library> {
    tilebase::library().map_err(Failure::Library)
}

/// The answers to `question` as `library` finds them, or builds them where this process builds
/// ([`BUILD_ENV`]), said on the `tilebase` logger.
pub(super) fn find_or_build(library: &Library, question: &Question) -> Result<Answers, Error> {
    if builds() {
        library.open(question, &Logged)
    } else {
        library.find_built(question, &Logged)
    }
}

/// The environment variable that, set to `never`, keeps this process from building files: a
/// missing file is then an error naming it and where it was looked for. `tilebase.ray` sets it
/// in its workers, which read the files the driver found or built.
const BUILD_ENV: &str = "TILEBASE_BUILD";

/// Whether this process builds the files it needs and does not find.
fn builds() -> bool {
    std::env::var_os(BUILD_ENV).is_none_or(|v| v != "never")
}

/// What finding and building files says, on the `tilebase` logger as it happens: a build that
/// starts at level WARNING (Python shows it with no logging set up: the 15-puzzle's 7-8 files
/// take minutes, and a call should not hang in silence), waiting for another process's build
/// likewise, and the rest at INFO (what `query` says on stderr).
struct Logged;

impl Watch for Logged {
    fn say(&self, message: &str) {
        log("info", message);
    }

    fn starting(&self, message: &str) {
        log("warning", message);
    }

    fn waiting(&self, message: &str) {
        log("warning", message);
    }

    fn building(&self, _: &Job<'_>) -> Box<dyn Building + '_> {
        Box::new(Quietly)
    }
}

/// Says `message` on the `tilebase` logger at `level` ("info", "warning"), from any thread. A
/// logger that fails (a handler raising) must not fail the answer.
fn log(level: &str, message: &str) {
    Python::attach(|py| {
        let logged = (|| -> PyResult<()> {
            py.import("logging")?
                .call_method1("getLogger", ("tilebase",))?
                .call_method1(level, (message,))?;
            Ok(())
        })();
        let _ = logged;
    });
}
