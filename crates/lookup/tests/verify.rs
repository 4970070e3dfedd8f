//! verify: the shipped table passes; hand-made bad tables are caught, with the right entry named.

use std::collections::VecDeque;
use std::sync::Mutex;

use tilebase_lookup::{BadEntry, Board, Database, Header, Metric, State};

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

    #[cfg(feature = "zstd")]
    {
        let compressed = zstd::encode_all(&bytes[..], 3).unwrap();
        assert!(
            Database::from_compressed(&compressed)
                .unwrap()
                .verify()
                .is_ok()
        );
    }
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

/// verify_with tells its callback how far it has got: in batches, not once per entry, always
/// out of the table's length, the largest count reaching it; and it finds what verify finds.
#[test]
fn progress_is_reported_in_batches_up_to_every_entry() {
    let bytes = shipped_bytes();
    let db = Database::from_bytes(&bytes[..]).unwrap();
    let calls = Mutex::new(Vec::new());
    let report = db.verify_with(&|done, total| calls.lock().unwrap().push((done, total)));
    assert_eq!(report, db.verify());
    let calls = calls.into_inner().unwrap();
    assert!(!calls.is_empty() && calls.len() <= 300, "{calls:?}");
    for &(done, total) in &calls {
        assert!(total == 181_440 && 0 < done && done <= total, "{calls:?}");
    }
    assert_eq!(calls.iter().map(|&(done, _)| done).max(), Some(181_440));
    // Every call adds a batch that no other call counted.
    let mut done: Vec<u64> = calls.iter().map(|&(done, _)| done).collect();
    done.sort_unstable();
    done.dedup();
    assert_eq!(done.len(), calls.len(), "{calls:?}");
}

/// The distances to `goal` in `metric`, by a breadth-first search written here: a table made
/// without the builder.
fn distances(goal: State, metric: Metric) -> Vec<u8> {
    let board = goal.board();
    let mut table = vec![tilebase_format::UNREACHED; board.states() as usize];
    table[goal.index() as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(state) = queue.pop_front() {
        let next = table[state.index() as usize] + 1;
        for (_, neighbour) in state.slides(metric) {
            let slot = &mut table[neighbour.index() as usize];
            if *slot == tilebase_format::UNREACHED {
                *slot = next;
                queue.push_back(neighbour);
            }
        }
    }
    table
}

/// The local rule applied the plain way, each state made from its index: how many entries of
/// `table` break it, for a table of `goal` in `metric` whose header says `max`.
fn plain_violations(goal: State, metric: Metric, table: &[u8], max: u8) -> u64 {
    let board = goal.board();
    let mut violations = 0;
    for (index, &d) in (0u32..).zip(table) {
        let state = State::from_index(board, goal.parity(), index).unwrap();
        let closest = state
            .slides(metric)
            .map(|(_, n)| table[n.index() as usize])
            .min();
        let ok = d <= max
            && if state == goal {
                d == 0
            } else {
                d > 0 && closest == Some(d - 1)
            };
        violations += u64::from(!ok);
    }
    violations
}

/// On every board of up to 9 cells, in both metrics: a right table verifies, and after changes
/// to a few entries verify counts exactly the states that the plain rule counts and names the
/// first changed entry. (Tables of 3x3 are checked in several batches, on every core.)
#[test]
fn every_small_table_verifies_and_damage_is_counted_exactly() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = move |below: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as usize
    };
    for board in Board::with_tables().filter(|b| b.cells() <= 9) {
        for metric in Metric::ALL {
            let goal = board.default_goal().unwrap();
            let table = distances(goal, metric);
            let header = tilebase_format::header_for(&goal, metric, &table).unwrap();
            let report = Database::from_bytes(file(&header, &table))
                .unwrap()
                .verify();
            assert!(report.is_ok(), "{board} {metric}: {report:?}");
            assert_eq!(report.counts, header.counts);

            let mut damaged = table.clone();
            for _ in 0..4 {
                let at = random(table.len());
                damaged[at] = random(usize::from(header.max_distance) + 3) as u8;
            }
            let Some(first) = damaged.iter().zip(&table).position(|(a, b)| a != b) else {
                continue;
            };
            let report = Database::from_bytes(file(&header, &damaged))
                .unwrap()
                .verify();
            let expected = plain_violations(goal, metric, &damaged, header.max_distance);
            assert!(expected > 0, "{board} {metric}");
            assert_eq!(report.violations, expected, "{board} {metric}");
            assert_eq!(report.first_bad.map(|bad| bad.index), Some(first as u32));
        }
    }
}
