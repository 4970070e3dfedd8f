//! Files written and read back hold what was written: a full table (plain and zstd-compressed)
//! of a board of up to 9 cells, a pattern database of up to 5 tiles and a relabelled table, of
//! any values the bytes give (or made openable when the second byte says so). A writer refuses
//! values whose file the readers would refuse; a file written opens and holds the values, goal,
//! metric and counts as written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::Board;
use tilebase_core::{Metric, State};
use tilebase_fuzz::{metric, openable, pick};
use tilebase_lookup::{Database, PatternFile, RelabelledFile};
use tilebase_pattern::{Encoding, Grid, Pattern, Relabelling, encode};

fuzz_target!(|data: &[u8]| {
    let [which, how, choice, rest @ ..] = data else {
        return;
    };
    let boards: Vec<Board> = Board::with_tables().filter(|b| b.cells() <= 9).collect();
    let board = pick(&boards, *which);
    let metric = metric(*how);
    let value = |i: usize| rest.get(i % rest.len().max(1)).copied().unwrap_or(0);
    let goal = board
        .default_goal()
        .expect("a board with a table has a goal");

    // A full table: refused when its file would not open, and otherwise read back the same.
    let mut table: Vec<u8> = (0..board.states() as usize).map(value).collect();
    if how & 4 != 0 {
        openable(&mut table, usize::from(*choice), true);
    }
    let mut bytes = Vec::new();
    match tilebase_format::write(&mut bytes, &goal, metric, &table) {
        Err(error) => {
            assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput, "{error}");
            assert!(how & 4 == 0, "a table made openable is written: {error}");
        }
        Ok(_) => full_table(&bytes, &goal, metric, &table, how & 2 != 0),
    }

    // A pattern database: the tiles the choice's bits name (at most 5).
    let grid = Grid::of(board);
    let goal_cells = goal.cells();
    let tiles: Vec<u8> = (1..board.cells() as u8)
        .filter(|t| choice & (1 << (t - 1)) != 0)
        .take(5)
        .collect();
    if let Ok(pattern) = Pattern::new(grid, goal_cells, &tiles) {
        let mut values: Vec<u8> = (0..pattern.placements() as usize).map(value).collect();
        if how & 4 != 0 {
            openable(&mut values, usize::from(*choice), false);
        }
        let table = encode(&pattern, &values, Encoding::Plain).expect("plain takes any byte");
        let mut bytes = Vec::new();
        match tilebase_format::pattern::write(
            &mut bytes,
            &pattern,
            Encoding::Plain,
            &values,
            &table,
        ) {
            Err(error) => {
                assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput, "{error}");
                assert!(how & 4 == 0, "values made openable are written: {error}");
            }
            Ok(_) => {
                let file = PatternFile::from_bytes(&bytes[..]).expect("a file written whole opens");
                assert_eq!(file.pattern(), &pattern);
                assert_eq!(file.values().bytes(), &values[..]);
                assert_eq!(file.header().entry_count, pattern.placements());
            }
        }
    }

    // A relabelled table: each tile's label from the bytes, 1 to 4.
    let labels: Vec<u8> = goal_cells
        .iter()
        .map(|&t| {
            if t == 0 {
                0
            } else {
                1 + value(usize::from(t)) % 4
            }
        })
        .collect();
    if let Ok(relabelling) = Relabelling::new(grid, goal_cells, &labels) {
        let mut values: Vec<u8> = (0..relabelling.states() as usize).map(value).collect();
        if how & 4 != 0 {
            openable(&mut values, usize::from(*choice), false);
        }
        let mut bytes = Vec::new();
        match tilebase_format::relabel::write(&mut bytes, &relabelling, metric, &values) {
            Err(error) => {
                assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput, "{error}");
                assert!(how & 4 == 0, "values made openable are written: {error}");
            }
            Ok(_) => {
                let file =
                    RelabelledFile::from_bytes(&bytes[..]).expect("a file written whole opens");
                assert_eq!((file.values(), file.metric()), (&values[..], metric));
                assert_eq!(file.relabelling().labels(), &labels[..]);
            }
        }
    }
});

/// A full table's file, written whole, opens (and, `compressed`, opens compressed) and holds
/// `table`, `goal` and `metric`, with counts that agree with the table.
fn full_table(bytes: &[u8], goal: &State, metric: Metric, table: &[u8], compressed: bool) {
    let db = Database::from_bytes(bytes).expect("a file written whole opens");
    assert_eq!((db.goal(), db.metric(), db.table()), (*goal, metric, table));
    assert_eq!(db.max_distance(), table.iter().copied().max().unwrap_or(0));
    let counts = &db.header().counts;
    assert_eq!(counts.iter().sum::<u64>(), table.len() as u64);
    for (v, &count) in counts.iter().enumerate() {
        assert_eq!(
            count,
            table.iter().filter(|&&t| usize::from(t) == v).count() as u64
        );
    }
    if compressed {
        let packed = zstd::encode_all(bytes, 1).expect("compressing in memory");
        let unpacked = Database::from_compressed(&packed).expect("a compressed file opens");
        assert_eq!(unpacked.table(), table);
    }
}
