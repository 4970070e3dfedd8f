//! The 3x3 databases shipped inside the module, and the library that answers from them first.
//!
//! The four 3x3 databases committed in the repository's `db/`: the three class databases
//! (`build-db --all-goals`: the blank in a corner, on an edge, in the centre), which between
//! them answer for every 3x3 goal, and the source articles' goal's, 123804765, the default. The
//! module answers from them as `query` does in the repository, which finds them there: a goal's
//! own table first, else its class's; so every 3x3 goal is answered anywhere with no file and no
//! build. Most answers are the same from either, move for move; a seeded draw of states is not
//! (it follows the table's order), and `random_states` draws what `random --seed` prints.
//! Copies of `db/` are kept beside the crate, so that a source distribution of the Python package
//! holds them too; a test checks that they are the same bytes.

use std::sync::{Arc, OnceLock};

use tilebase_answer::Library;
use tilebase_lookup::{Database, Storage};

/// The shipped databases, by file name.
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

/// The module's library: the shipped databases first, then files found as `query` finds them
/// (`db/` in the current directory, then the cache), or built. Made on first use, so that the
/// cache directory is the one of that moment (`$TILEBASE_CACHE_DIR`).
pub fn library() -> Result<&'static Library, String> {
    static LIBRARY: OnceLock<Result<Library, String>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let shipped = SHIPPED
                .iter()
                .map(|(name, bytes)| {
                    // A copy in memory (727 KB for the four, made once): one type for every
                    // database the module holds.
                    Database::from_bytes(Storage::Memory(bytes.to_vec()))
                        .map(Arc::new)
                        .map_err(|e| format!("the shipped database {name}: {e}"))
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(Library::new_standard().with_shipped(shipped))
        })
        .as_ref()
        .map_err(String::clone)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use tilebase_answer::{Asked, Given, Metric, Question, Quietly};

    use super::*;

    /// The shipped copies are the repository's databases, byte for byte: they cannot drift.
    #[test]
    fn the_shipped_databases_are_the_repositorys() {
        let db_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../db");
        for (name, bytes) in SHIPPED {
            let committed = std::fs::read(db_dir.join(name)).expect("the repository's file");
            assert!(
                committed == bytes,
                "python/db/{name} differs from db/{name}"
            );
            let db = Database::from_bytes(bytes).expect("a valid database");
            let state = db.goal();
            assert_eq!(tilebase_format::file_name(&state, db.metric(), false), name);
        }
    }

    /// Every 3x3 goal is answered by a shipped database: its own if shipped, else its class's.
    #[test]
    fn every_3x3_goal_is_answered_by_a_shipped_database() {
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
