//! The 15-puzzle (4x4) in the module: states and goals read as `query --board 4x4` reads
//! them, the pattern files found or built as `query` finds them (each opened once per process
//! and kept), and batches answered on every core.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use tilebase_fifteen::{
    Answerer, Building, FOUR_BY_FOUR, Partition, PatternSet, Places, Watch, find_or_build,
    is_four_by_four, parse_cells,
};
use tilebase_pattern::{CellsError, ClassFrame, Pattern};

use crate::batch::{RowError, UNSOLVABLE};
use crate::find::{LOCAL_DIR, cache_dir};
use crate::input::Given;

/// Whether a question is about the 15-puzzle: `board="4x4"`, or no board and a goal of 16
/// cells (on the other boards, the board is read off the goal the same way).
pub fn asked_for(board: Option<&str>, goal: Option<&Given>) -> bool {
    match board {
        Some(board) => is_four_by_four(board),
        None => goal.is_some_and(|g| could_be_sixteen_cells(g) && read(g).is_ok()),
    }
}

/// A cheap first look, so that a 3x3 goal is not read twice: a string of digits alone is no
/// 15-puzzle state (its tiles 10 to 15 take two digits, so it has separators).
fn could_be_sixteen_cells(given: &Given) -> bool {
    match given {
        Given::Text(text) => !text.bytes().all(|b| b.is_ascii_digit()),
        Given::Small(cells) => cells.len() == FOUR_BY_FOUR.cells(),
        Given::Ints(_) | Given::TooMany(..) => false,
    }
}

/// A state of the 15-puzzle, or `query`'s message for it: the input, then the problem.
pub fn cells(given: &Given) -> Result<Vec<u8>, String> {
    read(given).map_err(|e| format!("{}: {e}", given.shown()))
}

/// The goal asked for, by default the tiles in order with the blank last.
pub fn goal(given: Option<&Given>) -> Result<Vec<u8>, String> {
    match given {
        None => Ok((1..16).chain([0]).collect()),
        Some(given) => read(given).map_err(|e| format!("goal {}: {e}", given.shown())),
    }
}

/// The pattern databases asked for: `7-8` (the strongest, and the default), `6-6-3` or
/// `5-5-5`.
pub fn partition(text: Option<&str>) -> Result<Partition, String> {
    match text {
        None => Ok(Partition::SevenEight),
        Some(text) => text.parse().map_err(|e| format!("pdb {e}")),
    }
}

fn read(given: &Given) -> Result<Vec<u8>, CellsError> {
    let wrong_count = |found| CellsError::WrongCellCount {
        found,
        grid: FOUR_BY_FOUR,
    };
    match given {
        Given::TooMany(found, _) => Err(wrong_count(*found)),
        // One value alone would be read as a string of digits: it is one cell.
        _ if given.is_one_value() => Err(wrong_count(1)),
        _ => parse_cells(&FOUR_BY_FOUR, &given.as_text()),
    }
}

/// Passes on what finding files says, as it happens: a build of the 7-8 files takes minutes,
/// and a program should not wait in silence.
struct Say<'a>(&'a (dyn Fn(Note<'_>) + Sync));

/// What finding files says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note<'a> {
    /// Files are missing and about to be built: what, where, and about how long.
    Building(&'a str),
    /// Anything else: how long the build took.
    Said(&'a str),
}

impl Watch for Say<'_> {
    fn say(&self, message: &str) {
        (self.0)(Note::Said(message));
    }

    fn starting(&self, message: &str) {
        (self.0)(Note::Building(message));
    }

    fn building(&self, _: &Pattern) -> Box<dyn Building + '_> {
        Box::new(tilebase_fifteen::Quietly)
    }
}

/// The files of each class and partition opened so far, kept for the process: a handful at
/// most (three classes, three partitions).
fn opened() -> std::sync::MutexGuard<'static, Vec<Arc<PatternSet>>> {
    static OPENED: OnceLock<Mutex<Vec<Arc<PatternSet>>>> = OnceLock::new();
    // Nothing panics while holding the lock; if something ever did, the list is whole.
    OPENED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The pattern files that answer for `goal` with `partition`: opened before, found under
/// `db/` or in the cache, or built into the cache. What a build does is told to `say` as it
/// happens.
pub fn find(
    goal: Vec<u8>,
    partition: Partition,
    say: &(dyn Fn(Note<'_>) + Sync),
) -> Result<PatternSet, String> {
    find_in(goal, partition, cache_dir(), say)
}

/// [`find`] with the cache directory given.
pub fn find_in(
    goal: Vec<u8>,
    partition: Partition,
    cache: Option<PathBuf>,
    say: &(dyn Fn(Note<'_>) + Sync),
) -> Result<PatternSet, String> {
    let canonical = ClassFrame::new(FOUR_BY_FOUR, &goal).canonical().to_vec();
    let kept = opened()
        .iter()
        .find(|set| set.partition == partition && set.frame.canonical() == canonical)
        .cloned();
    if let Some(set) = kept.and_then(|set| set.for_goal(&goal)) {
        return Ok(set);
    }
    let places = Places::new(PathBuf::from(LOCAL_DIR), cache);
    let set = find_or_build(goal, partition, &places, &Say(say))?;
    opened().push(Arc::new(set.clone()));
    Ok(set)
}

/// Writes into `out` the distance to the goal of each row of `cells` (16 bytes a row), or
/// [`UNSOLVABLE`], searching on every core. Every row is read before any search: the batch
/// is refused at its first bad row.
pub fn distances(answerer: &Answerer<'_>, cells: &[u8], out: &mut [i16]) -> Result<(), RowError> {
    check_rows(cells)?;
    let rows: Vec<&[u8]> = cells
        .chunks_exact(FOUR_BY_FOUR.cells())
        .take(out.len())
        .collect();
    // Rows that cannot reach the goal are answered from their parity alone.
    let solvable: Vec<usize> = (0..rows.len())
        .filter(|&i| answerer.solvable(rows[i]))
        .collect();
    let states: Vec<&[u8]> = solvable.iter().map(|&i| rows[i]).collect();
    for slot in out.iter_mut().take(rows.len()) {
        *slot = UNSOLVABLE;
    }
    for (&i, answer) in solvable.iter().zip(answerer.distances(&states, u64::MAX)) {
        out[i] = match answer {
            Ok(Some(d)) => d as i16,
            Ok(None) => UNSOLVABLE,
            Err(error) => return Err(RowError::Search { row: i, error }),
        };
    }
    Ok(())
}

/// Every row of `cells` (16 bytes a row) is a state of the board, or the first bad one is
/// named.
pub fn check_rows(cells: &[u8]) -> Result<(), RowError> {
    for (row, values) in cells.chunks_exact(FOUR_BY_FOUR.cells()).enumerate() {
        check_row(values).map_err(|problem| RowError::Cells { row, problem })?;
    }
    Ok(())
}

/// A row of a batch is a state of the board: each tile from 0 to 15 once.
fn check_row(values: &[u8]) -> Result<(), CellsError> {
    let text: Vec<String> = values.iter().map(u8::to_string).collect();
    parse_cells(&FOUR_BY_FOUR, &text.join(",")).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> Given {
        Given::text(t)
    }

    #[test]
    fn states_and_goals_are_read_as_query_reads_them() {
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        assert!(asked_for(Some("4x4"), None));
        assert!(asked_for(Some(" 4X4"), None));
        assert!(!asked_for(
            Some("3x3"),
            Some(&text("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"))
        ));
        assert!(asked_for(
            None,
            Some(&text("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"))
        ));
        assert!(asked_for(None, Some(&Given::Small(goal.clone()))));
        assert!(!asked_for(None, Some(&text("123804765"))));
        assert!(!asked_for(None, Some(&text("1,2,3"))));
        assert!(!asked_for(None, None));
        assert_eq!(self::goal(None).unwrap(), goal);
        assert_eq!(
            cells(&text("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")).unwrap()[14],
            0
        );
        assert_eq!(
            cells(&text("1,2,3")).unwrap_err(),
            "\"1,2,3\": 3 cells, but a 4x4 board has 16"
        );
        assert_eq!(
            cells(&Given::Small(vec![1; 16])).unwrap_err(),
            "[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]: tile 1 appears twice (no blank, 0)"
        );
        assert_eq!(
            self::goal(Some(&Given::Small(vec![7]))).unwrap_err(),
            "goal [7]: 1 cell, but a 4x4 board has 16"
        );
        assert_eq!(partition(None).unwrap(), Partition::SevenEight);
        assert_eq!(partition(Some("5-5-5")).unwrap(), Partition::FiveFiveFive);
        assert_eq!(
            partition(Some("4-4")).unwrap_err(),
            "pdb \"4-4\": the partitions are 7-8, 6-6-3 and 5-5-5"
        );
    }

    /// A batch answers as single searches do, -1 where a state cannot reach the goal, and is
    /// refused at its first bad row; files are built once and then kept.
    #[test]
    fn the_batch_answers_as_single_searches_and_names_a_bad_row() {
        let cache = tempfile::tempdir().unwrap();
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let notes = Mutex::new(Vec::new());
        let keep = |note: Note<'_>| {
            notes.lock().unwrap().push(match note {
                Note::Building(m) => format!("building: {m}"),
                Note::Said(m) => m.to_string(),
            })
        };
        let set = find_in(
            goal.clone(),
            Partition::FiveFiveFive,
            Some(cache.path().to_path_buf()),
            &keep,
        )
        .unwrap();
        let said = std::mem::take(&mut *notes.lock().unwrap());
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said[0].starts_with("building: no 5-5-5 pattern databases for the class of goal"));
        assert!(said[1].starts_with("built in "));
        // Another goal of the class: the files already opened, nothing said.
        let turned: Vec<u8> = (0..16).rev().collect();
        let other = find_in(turned, Partition::FiveFiveFive, None, &keep).unwrap();
        assert!(notes.lock().unwrap().is_empty());
        assert!(Arc::ptr_eq(&other.files[0].0, &set.files[0].0));

        let answerer = Answerer::new(&set).unwrap();
        let rows: [[u8; 16]; 3] = [
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],
            [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0],
            [5, 1, 2, 3, 9, 6, 7, 4, 13, 10, 11, 8, 0, 14, 15, 12],
        ];
        let cells: Vec<u8> = rows.concat();
        let mut out = [0i16; 3];
        distances(&answerer, &cells, &mut out).unwrap();
        // The last: the blank up the left column, along the top and down the right: 9 moves.
        assert_eq!(out, [1, UNSOLVABLE, 9]);
        for (row, &d) in rows.iter().zip(&out) {
            let single = answerer.distance(row, u64::MAX).unwrap();
            assert_eq!(single.map_or(UNSOLVABLE, |d| d as i16), d);
        }
        let mut bad = cells.clone();
        bad[16 + 3] = 16;
        bad[32] = 1;
        assert_eq!(
            distances(&answerer, &bad, &mut out)
                .unwrap_err()
                .to_string(),
            "row 1: value 16 is out of range: a 4x4 board has tiles 0 to 15"
        );
    }
}
