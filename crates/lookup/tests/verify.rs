//! verify: the shipped table passes; hand-made bad tables are caught, with the right entry named.

use tilebase_lookup::{BadEntry, Database, Header, State};

fn shipped_bytes() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../db/3x3-123804765.tilebase"
    ))
    .unwrap()
}

/// The shipped file's header and table.
fn parts() -> (Header, Vec<u8>) {
    let bytes = shipped_bytes();
    let db = Database::from_bytes(&bytes[..]).unwrap();
    (db.header().clone(), db.table().to_vec())
}

fn file(header: &Header, table: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    tilebase_format::write_parts(&mut out, header, table).unwrap();
    out
}

fn state_at(index: u32) -> State {
    let goal: State = "123804765".parse().unwrap();
    State::from_index(goal.board(), goal.parity(), index).unwrap()
}

#[test]
fn the_shipped_table_verifies() {
    let bytes = shipped_bytes();
    let db = Database::from_bytes(&bytes[..]).unwrap();
    let report = db.verify();
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(report.counts, db.header().counts);
    assert_eq!(report.violations, 0);
    assert_eq!(report.first_bad, None);

    let compressed = zstd::encode_all(&bytes[..], 3).unwrap();
    assert!(
        Database::from_compressed(&compressed)
            .unwrap()
            .verify()
            .is_ok()
    );
}

#[test]
fn one_changed_distance_is_named() {
    let (header, table) = parts();
    for index in [0u32, 12_345, 80_690, 181_439] {
        let true_d = table[index as usize];
        for new in [
            0u8,
            1,
            true_d.wrapping_add(2),
            true_d.saturating_sub(2),
            30,
            31,
            200,
        ] {
            if new == true_d {
                continue;
            }
            let mut damaged = table.clone();
            damaged[index as usize] = new;
            let bytes = file(&header, &damaged); // the header still claims the old table
            let report = Database::from_bytes(&bytes[..]).unwrap().verify();
            assert!(!report.is_ok());
            assert!(!report.checksum_ok);
            assert!(report.violations > 0, "entry {index} = {new}");
            assert_eq!(
                report.first_bad,
                Some(BadEntry {
                    index,
                    state: state_at(index),
                    found: new,
                    expected: true_d
                }),
                "entry {index} = {new}"
            );
        }
    }
}

#[test]
fn two_swapped_entries_are_named_by_the_first() {
    let (mut header, table) = parts();
    let (a, b) = (1_000usize, 150_000usize);
    assert_ne!(table[a], table[b]);
    let mut damaged = table.clone();
    damaged.swap(a, b);
    // Even a header rewritten to match the damaged table does not hide the swap: the counts are
    // unchanged by a swap, and the checksum is recomputed here.
    header.table_crc32 = tilebase_format::table_checksum(&damaged);
    let bytes = file(&header, &damaged);
    let report = Database::from_bytes(&bytes[..]).unwrap().verify();
    assert!(report.checksum_ok && report.counts_ok);
    assert!(!report.is_ok());
    let bad = report.first_bad.unwrap();
    assert_eq!(
        (bad.index, bad.found, bad.expected),
        (a as u32, table[b], table[a])
    );
}

#[test]
fn a_changed_count_in_the_header_is_caught() {
    let (header, table) = parts();
    // Two counts changed so that they still add up: the file opens, verify catches it.
    let mut moved = header.clone();
    moved.counts[30] += 1;
    moved.counts[29] -= 1;
    let bytes = file(&moved, &table);
    let report = Database::from_bytes(&bytes[..]).unwrap().verify();
    assert!(!report.is_ok());
    assert!(!report.counts_ok);
    assert!(report.checksum_ok);
    // The table itself is right: no entry is named.
    assert_eq!((report.violations, report.first_bad), (0, None));
    assert_eq!(report.counts, header.counts);

    // One count changed alone: the counts no longer add up, and opening refuses the file.
    let mut one = header.clone();
    one.counts[30] += 1;
    let err = Database::from_bytes(file(&one, &table)).unwrap_err();
    assert!(err.to_string().contains("counts add up to 181441"), "{err}");
}
