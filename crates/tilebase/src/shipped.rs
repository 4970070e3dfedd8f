//! The 3x3 tables shipped inside the crate, and the library that answers from them first.
//!
//! The four 3x3 tables of the repository's `db/`: the three class tables (`build-db
//! --all-goals`: the blank in a corner, on an edge, in the centre), which between them answer
//! for every 3x3 goal, and the source articles' goal's, 123804765, the default. The library
//! answers from them as `query` does in the repository, which finds them there: a goal's own
//! table first, else its class's; so every 3x3 goal is answered anywhere, with no file and no
//! build. Copies of `db/` are kept beside the crate, so that the crate (and the Python
//! package's source distribution, which holds it) carries them; a test checks that they are
//! the same bytes.

use std::sync::{Arc, OnceLock};

use tilebase_answer::{Error, Library};
use tilebase_lookup::{Database, Storage};

/// The shipped tables, by file name: the same bytes as the files of that name in the
/// repository's `db/`.
pub const SHIPPED: [(&str, &[u8]); 4] = [
    (
        "3x3-123804765.tilebase",
        include_bytes!("../db/3x3-123804765.tilebase"),
    ),
    (
        "3x3-123456780.tilebase",
        include_bytes!("../db/3x3-123456780.tilebase"),
    ),
    (
        "3x3-123456708.tilebase",
        include_bytes!("../db/3x3-123456708.tilebase"),
    ),
    (
        "3x3-123405678.tilebase",
        include_bytes!("../db/3x3-123405678.tilebase"),
    ),
];

/// The shipped tables, opened in memory (727 KB for the four, made once a process).
pub(crate) fn tables() -> Result<Vec<Arc<Database>>, Error> {
    static TABLES: OnceLock<Result<Vec<Arc<Database>>, String>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            SHIPPED
                .iter()
                .map(|(name, bytes)| {
                    // A copy in memory: one type for every table the library holds.
                    Database::from_bytes(Storage::Memory(bytes.to_vec()))
                        .map(Arc::new)
                        .map_err(|e| format!("the shipped table {name}: {e}"))
                })
                .collect()
        })
        .clone()
        .map_err(Error::Files)
}

/// The process's library of [`crate::Puzzle::open`]: the shipped tables first, then files
/// found as `query` finds them (`db/` in the current directory, then the cache, as they are
/// when each file is looked for), or built into the cache. Made on first use.
pub fn library() -> Result<&'static Library, Error> {
    static LIBRARY: OnceLock<Result<Library, String>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let shipped = tables().map_err(|e| e.to_string())?;
            Ok(Library::new_standard().with_shipped(shipped))
        })
        .as_ref()
        .map_err(|e| Error::Files(e.clone()))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use tilebase_answer::{Asked, Given, Metric, Question, Quietly};

    use super::*;

    /// The shipped copies are the repository's tables, byte for byte: they cannot drift.
    #[test]
    fn the_shipped_tables_are_the_repositorys() {
        let db_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../db");
        for (name, bytes) in SHIPPED {
            let committed = std::fs::read(db_dir.join(name)).expect("the repository's file");
            assert!(
                committed == bytes,
                "crates/tilebase/db/{name} differs from db/{name}"
            );
            let db = Database::from_bytes(bytes).expect("a valid table");
            assert_eq!(
                tilebase_format::file_name(&db.goal(), db.metric(), false),
                name
            );
        }
    }

    /// Every 3x3 goal is answered by a shipped table: its own if shipped, else its class's.
    #[test]
    fn every_3x3_goal_is_answered_by_a_shipped_table() {
        let library = library().unwrap();
        for (goal, holds) in [
            ("123804765", "123804765"),
            ("123456780", "123456780"),
            ("087654321", "123456780"),
            ("123456708", "123456708"),
            ("102345678", "123456708"),
            ("876504321", "123405678"),
            ("123405678", "123405678"),
        ] {
            let given = Given::text(goal);
            let question = Question::read(Asked {
                goal: Some(&given),
                metric: Some(Metric::Single),
                ..Asked::default()
            })
            .unwrap();
            let answers = library.find(&question, &Quietly).unwrap().unwrap();
            let table = answers.table().unwrap();
            assert_eq!(table.database().goal().to_string(), holds);
            assert_eq!(table.path(), None);
        }
    }
}
