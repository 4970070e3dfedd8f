//! Opening files of every kind: plain, compressed, damaged, missing, not files at all.

use std::fs;

#[cfg(feature = "zstd")]
use tilebase_lookup::FormatError;
use tilebase_lookup::{Database, Error, State};

const SHIPPED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../db/3x3-123804765.tilebase"
);

fn shipped_bytes() -> Vec<u8> {
    fs::read(SHIPPED).unwrap()
}

fn sample(db: &Database<impl AsRef<[u8]>>) -> impl Iterator<Item = State> + '_ {
    (0..db.board().states())
        .step_by(101)
        .map(|i| State::from_index(db.board(), db.goal().parity(), i).unwrap())
}

#[test]
#[cfg(feature = "zstd")]
fn compressed_and_plain_give_the_same_answers() {
    let plain = Database::open(SHIPPED).unwrap();
    let compressed = zstd::encode_all(&shipped_bytes()[..], 19).unwrap();
    assert!(compressed.len() < shipped_bytes().len() / 2);
    let from_memory = Database::from_compressed(&compressed).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.tilebase.zst");
    fs::write(&path, &compressed).unwrap();
    let from_file = Database::open(&path).unwrap();
    let loaded = Database::load(&path).unwrap();

    for state in sample(&plain) {
        let expected = plain.solve(&state).unwrap();
        assert_eq!(from_memory.solve(&state).unwrap(), expected);
        assert_eq!(from_file.solve(&state).unwrap(), expected);
        assert_eq!(loaded.solve(&state).unwrap(), expected);
    }
}

#[test]
#[cfg(feature = "zstd")]
fn damaged_compressed_files_are_refused() {
    let plain = shipped_bytes();
    let compressed = zstd::encode_all(&plain[..], 19).unwrap();
    for len in (0..compressed.len()).step_by(97) {
        assert!(
            Database::from_compressed(&compressed[..len]).is_err(),
            "truncated to {len}"
        );
    }
    // encode_all writes no zstd checksum: a flipped bit decodes to a different table, which the
    // table checksum in the header catches.
    let mut flipped = compressed.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x10;
    assert!(Database::from_compressed(&flipped).is_err());

    // A valid header followed by more bytes than the header accounts for.
    let mut longer = plain.clone();
    longer.extend(std::iter::repeat_n(0u8, 1 << 20));
    let err = Database::from_compressed(&zstd::encode_all(&longer[..], 1).unwrap()).unwrap_err();
    assert!(
        matches!(
            err,
            Error::Format {
                source: FormatError::Length { .. },
                ..
            }
        ),
        "{err}"
    );
    // Cut inside the table.
    let shorter = &plain[..plain.len() - 1000];
    let err = Database::from_compressed(&zstd::encode_all(shorter, 1).unwrap()).unwrap_err();
    assert!(
        matches!(
            err,
            Error::Format {
                source: FormatError::Length { .. },
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn missing_empty_and_directory_paths_are_named_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.tilebase");
    let err = Database::open(&missing).unwrap_err().to_string();
    assert!(err.starts_with(&missing.display().to_string()), "{err}");
    assert!(err.contains("No such file"), "{err}");

    let err = Database::open(dir.path()).unwrap_err();
    assert!(matches!(err, Error::IsDirectory { .. }), "{err}");
    assert!(matches!(
        Database::load(dir.path()),
        Err(Error::IsDirectory { .. })
    ));

    let empty = dir.path().join("empty.tilebase");
    fs::write(&empty, b"").unwrap();
    let err = Database::open(&empty).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "{}: empty file, not a tilebase database: rebuild it with build-db",
            empty.display()
        )
    );
}

#[test]
fn truncated_files_never_open() {
    let bytes = shipped_bytes();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.tilebase");
    for len in (0..200).chain((200..bytes.len()).step_by(4999)) {
        fs::write(&path, &bytes[..len]).unwrap();
        assert!(Database::open(&path).is_err(), "length {len}");
        assert!(Database::from_bytes(&bytes[..len]).is_err(), "length {len}");
    }
}

#[test]
fn states_of_another_board_are_refused() {
    let db = Database::open(SHIPPED).unwrap();
    let small: State = "1230".parse().unwrap();
    assert_eq!(
        db.distance(&small).unwrap_err().to_string(),
        "1230 is a state of a 2x2 board, but this database is for 3x3"
    );
}

/// The length of the preamble and header of the shipped file: where its table starts.
fn table_start(bytes: &[u8]) -> usize {
    bytes.len() - Database::from_bytes(bytes).unwrap().table().len()
}

#[test]
fn every_truncation_inside_the_preamble_and_header_is_refused() {
    let bytes = shipped_bytes();
    for len in 0..=table_start(&bytes) {
        let err = Database::from_bytes(&bytes[..len]).unwrap_err();
        assert!(matches!(err, Error::Format { .. }), "length {len}: {err}");
    }
}

#[test]
fn every_single_bit_flip_in_the_preamble_and_header_is_refused() {
    let bytes = shipped_bytes();
    for byte in 0..table_start(&bytes) {
        for bit in 0..8 {
            let mut damaged = bytes.clone();
            damaged[byte] ^= 1 << bit;
            assert!(
                Database::from_bytes(&damaged[..]).is_err(),
                "byte {byte} bit {bit} went unnoticed"
            );
        }
    }
}

#[test]
fn an_older_or_newer_format_version_says_to_rebuild() {
    let mut bytes = shipped_bytes();
    // Version 1 files, from before the metric was recorded, are refused, not misread.
    bytes[8] = 1;
    assert_eq!(
        Database::from_bytes(&bytes[..]).unwrap_err().to_string(),
        "format version 1, but this tilebase reads versions 2 and 3: rebuild the database with \
         build-db"
    );
    bytes[8] = 4;
    assert_eq!(
        Database::from_bytes(&bytes[..]).unwrap_err().to_string(),
        "format version 4, but this tilebase reads versions 2 and 3: rebuild the database with \
         build-db"
    );
    // A pattern database, of the same version 3: said to be one, not a version to rebuild.
    let grid = tilebase_pattern::Grid::new(3, 3).unwrap();
    let goal: Vec<u8> = (1..9).chain([0]).collect();
    let pattern = tilebase_pattern::Pattern::new(grid, &goal, &[1]).unwrap();
    let values: Vec<u8> = (0..9u64)
        .map(|rank| {
            let mut cell = [0u8];
            pattern.unrank(rank, &mut cell);
            pattern.manhattan(&cell) as u8
        })
        .collect();
    let encoding = tilebase_pattern::Encoding::Halved;
    let table = tilebase_pattern::encode(&pattern, &values, encoding).unwrap();
    let mut file = Vec::new();
    tilebase_format::pattern::write(&mut file, &pattern, encoding, &values, &table).unwrap();
    assert_eq!(
        Database::from_bytes(&file[..]).unwrap_err().to_string(),
        "a pattern database (format version 3), not a full table: it answers 4x4 states through \
         query --board 4x4"
    );
}

/// A table written in format version 2, before the kind of table was recorded, opens and answers
/// as the same table written in version 3.
#[test]
fn a_version_2_file_still_opens() {
    let db = Database::from_bytes(shipped_bytes()).unwrap();
    let mut old = Vec::new();
    tilebase_format::write_parts_v2(&mut old, db.header(), db.table()).unwrap();
    let old_db = Database::from_bytes(&old[..]).unwrap();
    assert_eq!(old_db.format_version(), 2);
    assert_eq!(db.format_version(), tilebase_format::VERSION);
    assert!(old_db.verify().is_ok());
    for state in sample(&db) {
        assert_eq!(old_db.distance(&state).ok(), db.distance(&state).ok());
        assert_eq!(old_db.solve(&state).ok(), db.solve(&state).ok());
    }
}

/// A header rewritten, checksum and all, to claim another goal than the table's: it opens (the
/// header is consistent), verify names the damage, and a solution never comes out wrong.
#[test]
fn a_forged_header_for_another_goal() {
    let bytes = shipped_bytes();
    let db = Database::from_bytes(&bytes[..]).unwrap();
    let mut header = db.header().clone();
    header.goal = vec![1, 2, 3, 8, 4, 0, 7, 6, 5]; // 123840765: one move from the real goal
    let mut forged = Vec::new();
    tilebase_format::write_parts(&mut forged, &header, db.table()).unwrap();
    let forged_db = Database::from_bytes(&forged[..]).unwrap();
    let report = forged_db.verify();
    assert!(!report.is_ok());
    assert!(report.first_bad.is_some());
    for state in sample(&forged_db) {
        if let Ok(path) = forged_db.solve(&state) {
            assert_eq!(state.apply(&path), Ok(forged_db.goal()), "{state:?}");
        }
    }
}
