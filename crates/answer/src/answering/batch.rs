//! The distances of many positions at once: rows of cells (one byte per cell, row by row, the
//! layout of a 2-D `uint8` array), answered on every core.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use tilebase_core::{Board, Cursor, Move, Parity, State, StateError};
use tilebase_lookup::{Error, Goal, Storage};
use tilebase_pattern::SolveError;

use crate::answering::{Answers, Effort};
use crate::files::repair;
use crate::files::tables::TableSource;
use crate::question::Question;
use crate::question::position::{Position, ReadError};

/// The distance written for a position that cannot reach the goal.
pub const UNSOLVABLE: i16 = -1;

/// Rows are handed to the threads in blocks of this many: few enough hand-outs to cost nothing,
/// small enough that the threads finish together.
const BLOCK: usize = 4096;

/// A batch is shared among threads only if each gets at least this many rows: starting a thread
/// costs about as much as answering ten thousand states.
const ROWS_PER_THREAD: usize = 1 << 14;

/// Why a batch was refused: the first bad row.
#[derive(Debug)]
pub enum RowError {
    /// The row is not a position of the board.
    Read {
        /// The row's index, from 0.
        row: usize,
        /// What is wrong, in `query`'s words.
        problem: ReadError,
    },
    /// The table could not answer for the row: only a damaged table does that.
    Lookup {
        /// The row's index, from 0.
        row: usize,
        /// What the lookup said.
        error: Error,
    },
    /// The search for the row gave up.
    Search {
        /// The row's index, from 0.
        row: usize,
        /// Why.
        error: SolveError,
    },
    /// Files that could not answer: pattern files that make no partition.
    Files(String),
    /// A thread stopped before finishing its rows, which nothing here should make happen.
    Worker,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::Read { row, problem } => write!(f, "row {row}: {problem}"),
            RowError::Lookup { row, error } => write!(f, "row {row}: {error}"),
            RowError::Search { row, error } => write!(f, "row {row}: {error}"),
            RowError::Files(message) => f.write_str(message),
            RowError::Worker => f.write_str("a worker thread stopped before the batch was done"),
        }
    }
}

impl std::error::Error for RowError {}

impl RowError {
    /// The same error for a batch that was a piece of a larger one, beginning at row `first`:
    /// the row it names counted from the start of the whole.
    pub fn after(self, first: usize) -> RowError {
        self.renumbered(|row| row + first)
    }

    /// The same error about the row `number(row)`: a batch's row named by another batch's
    /// numbering.
    fn renumbered(self, number: impl Fn(usize) -> usize) -> RowError {
        match self {
            RowError::Read { row, problem } => RowError::Read {
                row: number(row),
                problem,
            },
            RowError::Lookup { row, error } => RowError::Lookup {
                row: number(row),
                error,
            },
            RowError::Search { row, error } => RowError::Search {
                row: number(row),
                error,
            },
            other => other,
        }
    }

    /// The row it is about, if any.
    fn row(&self) -> usize {
        match self {
            RowError::Read { row, .. }
            | RowError::Lookup { row, .. }
            | RowError::Search { row, .. } => *row,
            RowError::Files(_) | RowError::Worker => 0,
        }
    }
}

impl Answers {
    /// Writes into `out` the distance to the goal of each row of `cells` (rows of the board's
    /// cell count, one byte a cell), or [`UNSOLVABLE`], on every core. `out` holds one entry per
    /// row (extra rows or entries are left alone). Refuses the batch at its first bad row;
    /// `out` is then partly written. From a full table, rows are looked up in blocks, each
    /// thread taking the next; by search, every row is read first, then the searches shared
    /// among the cores.
    pub fn distances(&self, cells: &[u8], out: &mut [i16]) -> Result<(), RowError> {
        self.distances_within(cells, out, &Effort::default())
    }

    /// [`Answers::distances`], each search within `effort` (its memory shared by the searches
    /// under way at once).
    pub fn distances_within(
        &self,
        cells: &[u8],
        out: &mut [i16],
        effort: &Effort,
    ) -> Result<(), RowError> {
        if let Some(goal) = self.table_goal() {
            return table_distances(&goal, cells, out).map_err(|e| self.named_damage(e));
        }
        let board = self.board();
        let positions = read_rows(board, cells, out.len())?;
        let searcher = match self.searcher() {
            Some(Ok(searcher)) => searcher,
            Some(Err(e)) => return Err(RowError::Files(e.to_string())),
            None => return Err(RowError::Worker),
        };
        // Rows that cannot reach the goal are answered from their parity alone.
        let solvable: Vec<usize> = (0..positions.len())
            .filter(|&i| searcher.solvable(&positions[i]))
            .collect();
        for slot in out.iter_mut().take(positions.len()) {
            *slot = UNSOLVABLE;
        }
        let wanted: Vec<Position> = solvable.iter().map(|&i| positions[i]).collect();
        for (&i, answer) in solvable.iter().zip(searcher.distances(&wanted, effort)) {
            out[i] = match answer {
                Ok(Some(d)) => i16::from(d),
                Ok(None) => UNSOLVABLE,
                Err(crate::Error::Search { error, .. }) => {
                    return Err(RowError::Search { row: i, error });
                }
                Err(e) => return Err(RowError::Files(e.to_string())),
            };
        }
        Ok(())
    }
}

impl Answers {
    /// Writes into `out` the distance to the goal of each row of `cells`, as
    /// [`Answers::distances`] does, and into `after` the distance after each of the blank's
    /// moves from it (up, down, left, right, as [`Move::ALL`]):
    /// [`UNSOLVABLE`] where the move leaves the board or the row cannot reach the goal. `out`
    /// and `after` hold one entry per row; the batch is refused at its first bad row. From a
    /// full table each row's neighbours are made and looked up in the same pass as the row, on
    /// every core; by search, every neighbour is searched in one batch.
    pub fn distances_and_moves(
        &self,
        cells: &[u8],
        out: &mut [i16],
        after: &mut [[i16; 4]],
    ) -> Result<(), RowError> {
        let board = self.board();
        let n = board.cells().max(1);
        let rows = out.len().min(after.len()).min(cells.len() / n);
        let (out, after) = (&mut out[..rows], &mut after[..rows]);
        if let Some(goal) = self.table_goal() {
            return table_distances_and_moves(&goal, cells, out, after)
                .map_err(|e| self.named_damage(e));
        }
        self.distances(cells, out)?;
        let positions = read_rows(board, cells, rows)?;
        // Every legal neighbour in one batch.
        let mut neighbours = Vec::with_capacity(rows * 4 * n);
        let mut whose = Vec::with_capacity(rows * 4);
        for (i, row) in positions.iter().enumerate() {
            for m in Move::ALL {
                if let Some(next) = row.slide(m) {
                    neighbours.extend_from_slice(next.cells());
                    whose.push((i, m as usize));
                }
            }
        }
        let mut reached = vec![UNSOLVABLE; whose.len()];
        // A neighbour's search that gives up is said of its row.
        self.distances(&neighbours, &mut reached)
            .map_err(|e| e.renumbered(|k| whose[k].0))?;
        for slot in after.iter_mut() {
            *slot = [UNSOLVABLE; 4];
        }
        for (&(i, m), &d) in whose.iter().zip(&reached) {
            after[i][m] = d;
        }
        Ok(())
    }

    /// A table's damaged entry named with the table's file and the command that rebuilds it.
    fn named_damage(&self, e: RowError) -> RowError {
        match e {
            RowError::Lookup { row, error } => {
                let file = self.table().and_then(TableSource::file);
                match repair::damaged_entry(file.as_ref(), error) {
                    crate::Error::Lookup(error) => RowError::Lookup { row, error },
                    other => RowError::Files(format!("row {row}: {other}")),
                }
            }
            other => other,
        }
    }
}

/// Writes into `out` the distance to `goal` of each row of `cells` and into `after` the
/// distances after each of the blank's moves from it, on every core.
fn table_distances_and_moves(
    goal: &Goal<'_, Storage>,
    cells: &[u8],
    out: &mut [i16],
    after: &mut [[i16; 4]],
) -> Result<(), RowError> {
    let n = goal.goal().board().cells().max(1);
    let rows = out.len().min(after.len()).min(cells.len() / n);
    share_blocks(
        cells,
        n,
        &mut out[..rows],
        &mut after[..rows],
        |cells, out, after, first| cursor_rows(goal, cells, out, after, first),
    )
}

/// [`table_distances_and_moves`] on this thread; `first` is the first row's index in the
/// batch. Each row is read and ranked in one pass, into a [`Cursor`], whose neighbours'
/// indices cost an addition or a few (a horizontal move changes only the blank's term); a few
/// rows' entries are then read together, as in [`answer_rows`]. For a goal translated into
/// the table's, the cursor is the row's image (the board turned, the tiles renamed: one pass
/// over the bytes), and a move's neighbour is the image's neighbour in the move's image.
fn cursor_rows(
    goal: &Goal<'_, Storage>,
    cells: &[u8],
    out: &mut [i16],
    after: &mut [[i16; 4]],
    first: usize,
) -> Result<(), RowError> {
    let board = goal.goal().board();
    let frame = goal.frame();
    // The parity half of the table's own goal, which the images are ranked against.
    let parity = goal.database().own_goal().goal().parity();
    let n = board.cells();
    let mut image = [0u8; tilebase_core::TABLE_CELLS];
    let image = &mut image[..n];
    // No entry: off the board, or the other parity half.
    const NONE: u32 = u32::MAX;
    const ROWS: usize = 8;
    let mut indices = [[NONE; 5]; ROWS];
    let entries = goal.entries();
    for (b, ((rows, out), after)) in cells
        .chunks(ROWS * n)
        .zip(out.chunks_mut(ROWS))
        .zip(after.chunks_mut(ROWS))
        .enumerate()
    {
        let row_at = |i: usize| first + b * ROWS + i;
        for (i, (row, indices)) in rows.chunks_exact(n).zip(indices.iter_mut()).enumerate() {
            let ranked = match frame {
                None => Cursor::of_cells(board, row),
                Some(frame) if frame.image_of_cells(row, image) => Cursor::of_cells(board, image),
                Some(_) => None,
            };
            let cursor = match ranked {
                Some(cursor) => cursor,
                // Not a state: `State::new` says why.
                None => {
                    let state =
                        State::new(board, row).map_err(|e| Problem::State(e).at(row_at(i)))?;
                    Cursor::new(frame.map_or(state, |frame| frame.state(&state)))
                }
            };
            *indices = [NONE; 5];
            if cursor.parity() == parity {
                indices[0] = cursor.index();
                for m in Move::ALL {
                    let image_move = frame.map_or(m, |frame| frame.direction(m));
                    indices[1 + m as usize] = cursor.neighbour_index(image_move).unwrap_or(NONE);
                }
            }
        }
        for (i, ((slot, after), indices)) in out.iter_mut().zip(after).zip(&indices).enumerate() {
            let look = |index: u32| match index {
                NONE => Ok(UNSOLVABLE),
                index => entries
                    .distance_at(index)
                    .map(i16::from)
                    .map_err(|e| Problem::Lookup(e).at(row_at(i))),
            };
            *slot = look(indices[0])?;
            for (m, d) in after.iter_mut().enumerate() {
                *d = look(indices[1 + m])?;
            }
        }
    }
    Ok(())
}

/// What a batch gets before any file is opened: every row read (the first bad one refused),
/// and [`UNSOLVABLE`] written for each row that cannot reach the goal. Returns whether some row
/// can, and so needs the files: a batch of typos must not cost a build.
pub fn distances_without_files(
    question: &Question,
    cells: &[u8],
    out: &mut [i16],
) -> Result<bool, RowError> {
    let positions = read_rows(question.board(), cells, out.len())?;
    let mut needs_files = false;
    for (position, slot) in positions.iter().zip(out.iter_mut()) {
        if position.unsolvable_reason(question.goal()).is_some() {
            *slot = UNSOLVABLE;
        } else {
            needs_files = true;
        }
    }
    Ok(needs_files)
}

/// Every row of `cells` (at most `rows` of them), read as a position of `board`; the first bad
/// one refused.
pub(crate) fn read_rows(
    board: crate::Board,
    cells: &[u8],
    rows: usize,
) -> Result<Vec<Position>, RowError> {
    cells
        .chunks_exact(board.cells().max(1))
        .take(rows)
        .enumerate()
        .map(|(row, values)| {
            Position::new(board, values).map_err(|problem| RowError::Read { row, problem })
        })
        .collect()
}

/// Writes into `out` the distance to `goal` of each row of `cells`, rows of `goal`'s board's
/// cell count, or [`UNSOLVABLE`], on every core.
fn table_distances(
    goal: &Goal<'_, Storage>,
    cells: &[u8],
    out: &mut [i16],
) -> Result<(), RowError> {
    let n = goal.goal().board().cells().max(1);
    let rows = out.len().min(cells.len() / n);
    // Nothing more a row: `()`s take no room.
    let mut none = vec![(); rows];
    share_blocks(
        cells,
        n,
        &mut out[..rows],
        &mut none,
        |cells, out, _, first| answer_rows(goal, cells, out, first),
    )
}

/// Runs `work` on the rows of `cells` (`n` cells a row) and their entries of `out` and `more`,
/// one entry of each a row, in blocks shared among the cores; `work` is given a block's rows,
/// their entries and the index of its first row. The first bad row of the batch is the error
/// returned.
fn share_blocks<A: Send, B: Send>(
    cells: &[u8],
    n: usize,
    out: &mut [A],
    more: &mut [B],
    work: impl Fn(&[u8], &mut [A], &mut [B], usize) -> Result<(), RowError> + Sync,
) -> Result<(), RowError> {
    let rows = out.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(rows.div_ceil(ROWS_PER_THREAD))
        .max(1);
    if threads == 1 {
        return work(cells, out, more, 0);
    }
    let blocks = Mutex::new(
        cells
            .chunks(BLOCK * n)
            .zip(out.chunks_mut(BLOCK))
            .zip(more.chunks_mut(BLOCK))
            .enumerate(),
    );
    // Blocks are handed out in order, so once a bad row is found every block not yet handed
    // out comes after it: the threads stop taking blocks, and finish the ones they hold, which
    // may hold an earlier bad row. The first bad row of the batch is then the first reported.
    let failed = AtomicBool::new(false);
    let worker = || -> Option<RowError> {
        while !failed.load(Ordering::Relaxed) {
            // Nothing panics while holding the lock; if something ever did, the queue is whole.
            let next = blocks
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .next();
            let (k, ((cells, out), more)) = next?;
            if let Err(e) = work(cells, out, more, k * BLOCK) {
                failed.store(true, Ordering::Relaxed);
                return Some(e);
            }
        }
        None
    };
    let mut errors: Vec<RowError> = Vec::new();
    std::thread::scope(|scope| {
        // A thread that cannot be started leaves its share to the others: the calling thread
        // works too, so the batch is answered whatever happens.
        let helpers: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, worker).ok())
            .collect();
        errors.extend(worker());
        for helper in helpers {
            match helper.join() {
                Ok(error) => errors.extend(error),
                Err(_) => errors.push(RowError::Worker),
            }
        }
    });
    match errors.into_iter().min_by_key(RowError::row) {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// Answers the rows of `cells` into `out`, on this thread; `first` is the first row's index in
/// the batch.
fn answer_rows(
    goal: &Goal<'_, Storage>,
    cells: &[u8],
    out: &mut [i16],
    first: usize,
) -> Result<(), RowError> {
    let board = goal.goal().board();
    let parity = goal.goal().parity();
    let n = board.cells();
    // A few dozen rows at a time: every row's index first, then their entries, so that the
    // reads of a table larger than the caches (240 MB on a 12-cell board) are under way
    // together instead of each waiting for the one before.
    const AHEAD: usize = 32;
    let mut waiting = [(0usize, 0u32); AHEAD];
    let entries = goal.entries();
    for (b, (rows, slots)) in cells
        .chunks(AHEAD * n)
        .zip(out.chunks_mut(AHEAD))
        .enumerate()
    {
        let mut pending = 0;
        for (i, (row, slot)) in rows.chunks_exact(n).zip(slots.iter_mut()).enumerate() {
            match answer_row(goal, board, parity, row) {
                Ok(Found::Distance(d)) => *slot = d,
                Ok(Found::At(index)) => {
                    waiting[pending] = (i, index);
                    pending += 1;
                }
                Err(e) => return Err(e.at(first + b * AHEAD + i)),
            }
        }
        for &(i, index) in &waiting[..pending] {
            slots[i] = match entries.distance_at(index) {
                Ok(d) => i16::from(d),
                Err(e) => return Err(Problem::Lookup(e).at(first + b * AHEAD + i)),
            };
        }
    }
    Ok(())
}

/// A row's answer, or where in the table it is.
enum Found {
    Distance(i16),
    At(u32),
}

/// What went wrong with one row, before its index is known.
enum Problem {
    State(StateError),
    Lookup(Error),
}

impl Problem {
    fn at(self, row: usize) -> RowError {
        match self {
            Problem::State(problem) => RowError::Read {
                row,
                problem: ReadError::State(problem),
            },
            Problem::Lookup(error) => RowError::Lookup { row, error },
        }
    }
}

/// One row's distance, or where its entry is. The common cases take the lookup crate's fast
/// paths for a state written in digits (boards of up to 10 cells): no state is made for the
/// database's own goal (whose table fits the caches, so the entry is read at once), and a state
/// of the other parity half is answered from its parity alone, without the error (and its
/// reason in words) that [`Goal::distance`] makes for it: random arrangements are half of them
/// unsolvable. Anything else (a bad row, a damaged entry, a 12-cell board) takes the general
/// path, which says what is wrong.
#[inline]
fn answer_row(
    goal: &Goal<'_, Storage>,
    board: Board,
    goal_parity: Parity,
    row: &[u8],
) -> Result<Found, Problem> {
    let mut digits = [0u8; 10];
    if row.len() <= digits.len() {
        // Wrapping both ways, so that the digits' reader sees every cell's value as it is.
        for (digit, &cell) in digits.iter_mut().zip(row) {
            *digit = cell.wrapping_add(b'0');
        }
        let digits = &digits[..row.len()];
        if !goal.is_translated() {
            // The state's index and parity worked out once, its entry read: the distance, or
            // the other parity half.
            match goal.answer_of_digits(digits) {
                Some(Some(d)) => return Ok(Found::Distance(i16::from(d))),
                Some(None) => return Ok(Found::Distance(UNSOLVABLE)),
                None => {}
            }
        } else if let Some(state) = State::from_digits(board, digits) {
            if state.parity() != goal_parity {
                return Ok(Found::Distance(UNSOLVABLE));
            }
            if let Ok(index) = goal.entry_index(&state) {
                return Ok(Found::At(index));
            }
        }
    }
    let state = State::new(board, row).map_err(Problem::State)?;
    if state.parity() != goal_parity {
        return Ok(Found::Distance(UNSOLVABLE));
    }
    match goal.entry_index(&state) {
        Ok(index) => Ok(Found::At(index)),
        Err(Error::Unsolvable(_)) => Ok(Found::Distance(UNSOLVABLE)),
        Err(e) => Err(Problem::Lookup(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_lookup::Database;

    fn database(name: &str) -> Database<Storage> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../db")
            .join(name);
        Database::open(path).expect("a valid database")
    }

    /// Every arrangement of the tiles 0 to 8, in lexicographic order.
    fn every_arrangement() -> Vec<u8> {
        let mut cells: Vec<u8> = (0..9).collect();
        let mut all = Vec::with_capacity(362_880 * 9);
        loop {
            all.extend_from_slice(&cells);
            // The next permutation.
            let Some(i) = (0..8).rev().find(|&i| cells[i] < cells[i + 1]) else {
                return all;
            };
            let j = (i + 1..9).rev().find(|&j| cells[j] > cells[i]).unwrap_or(i);
            cells.swap(i, j);
            cells[i + 1..].reverse();
        }
    }

    /// The batch, on several threads, answers every arrangement of 3x3 exactly as one call of
    /// Goal::distance per state does, for the database's own goal and for goals translated
    /// into it: the distance, or -1 exactly where distance says unsolvable.
    #[test]
    fn the_batch_answers_every_arrangement_as_single_calls_do() {
        let cells = every_arrangement();
        assert_eq!(cells.len(), 362_880 * 9);
        let db = database("3x3-123405678.tilebase");
        for goal in ["123405678", "123804765", "876504321"] {
            let goal = db.for_goal(&goal.parse().unwrap()).unwrap();
            let mut out = vec![i16::MIN; 362_880];
            table_distances(&goal, &cells, &mut out).unwrap();
            let mut unsolvable = 0;
            for (row, &d) in cells.chunks_exact(9).zip(&out) {
                let state = State::new(Board::THREE_BY_THREE, row).unwrap();
                match goal.distance(&state) {
                    Ok(expected) => assert_eq!(d, i16::from(expected), "{state}"),
                    Err(Error::Unsolvable(_)) => {
                        assert_eq!(d, UNSOLVABLE, "{state}");
                        unsolvable += 1;
                    }
                    Err(e) => panic!("{state}: {e}"),
                }
            }
            assert_eq!(unsolvable, 181_440);
        }
        // Spot checks against query's answers.
        let goal = db.for_goal(&"123804765".parse().unwrap()).unwrap();
        let mut out = [0i16; 3];
        table_distances(
            &goal,
            &[
                6, 0, 3, 7, 1, 2, 4, 5, 8, 8, 6, 4, 0, 7, 2, 5, 1, 3, 1, 2, 3, 8, 0, 4, 7, 6, 5,
            ],
            &mut out,
        )
        .unwrap();
        assert_eq!(out, [23, UNSOLVABLE, 0]);
    }

    /// With the moves: every arrangement's distance as without them, and each move's the
    /// neighbour's (made by `State::slide`) or -1 off the board and for the other parity half,
    /// for the database's own goal and translated ones (tiles renamed; the board turned or
    /// reflected, its moves with it); a bad row is named as without them, translated or not.
    #[test]
    fn the_moves_are_the_neighbours_distances() {
        let cells = every_arrangement();
        for (file, goal) in [
            ("3x3-123405678", "123405678"),
            ("3x3-123405678", "876504321"),
            ("3x3-123405678", "123804765"),
            ("3x3-123456780", "012345678"),
            ("3x3-123456780", "120345678"),
            ("3x3-123456780", "345678012"),
            ("3x3-123456708", "103245678"),
            ("3x3-123456708", "123450678"),
        ] {
            let db = database(&format!("{file}.tilebase"));
            let goal = db.for_goal(&goal.parse().unwrap()).unwrap();
            assert_eq!(goal.is_translated(), goal.goal() != db.own_goal().goal());
            let mut out = vec![i16::MIN; 362_880];
            let mut after = vec![[i16::MIN; 4]; 362_880];
            table_distances_and_moves(&goal, &cells, &mut out, &mut after).unwrap();
            let mut alone = vec![i16::MIN; 362_880];
            table_distances(&goal, &cells, &mut alone).unwrap();
            assert_eq!(out, alone);
            let mut legal = 0;
            for ((row, &d), after) in cells.chunks_exact(9).zip(&out).zip(&after) {
                let state = State::new(Board::THREE_BY_THREE, row).unwrap();
                for m in Move::ALL {
                    let expected = match state.slide(m) {
                        Some(next) if d != UNSOLVABLE => {
                            legal += 1;
                            i16::from(goal.distance(&next).unwrap())
                        }
                        _ => UNSOLVABLE,
                    };
                    assert_eq!(after[m as usize], expected, "{state} {m:?}");
                }
            }
            // 24 moves from the blank's 9 cells, over the 8! arrangements of the tiles around
            // it, half of them solvable.
            assert_eq!(legal, 24 * 40_320 / 2);
        }
        let db = database("3x3-123405678.tilebase");
        for goal in [
            db.own_goal(),
            db.for_goal(&"876504321".parse().unwrap()).unwrap(),
        ] {
            for (bad, error) in [
                (5, "tile 5 appears twice (no blank, 0)"),
                (9, "value 9 is out of range: a 3x3 board has tiles 0 to 8"),
            ] {
                let mut cells = [1u8, 2, 3, 4, 0, 5, 6, 7, 8].repeat(3 * ROWS_PER_THREAD);
                cells[ROWS_PER_THREAD * 9 + 4] = bad;
                let (mut out, mut after) = (
                    vec![0; 3 * ROWS_PER_THREAD],
                    vec![[0; 4]; 3 * ROWS_PER_THREAD],
                );
                let got = table_distances_and_moves(&goal, &cells, &mut out, &mut after);
                assert_eq!(
                    got.unwrap_err().to_string(),
                    format!("row {ROWS_PER_THREAD}: {error}")
                );
            }
        }
    }

    /// The first bad row is named, wherever it is, however the rows are shared among threads.
    #[test]
    fn the_first_bad_row_is_named() {
        let db = database("3x3-123456780.tilebase");
        let goal = db.own_goal();
        let good = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
        for rows in [1, 5, BLOCK + 3, 4 * ROWS_PER_THREAD + 7] {
            for bad in [0, rows / 2, rows - 1] {
                let mut cells = good.repeat(rows);
                cells[bad * 9 + 8] = 9; // out of range
                if bad + 3 < rows {
                    cells[(rows - 1) * 9] = 0; // a later bad row: two blanks
                }
                let mut out = vec![0i16; rows];
                let error = table_distances(&goal, &cells, &mut out).unwrap_err();
                assert_eq!(
                    error.to_string(),
                    format!("row {bad}: value 9 is out of range: a 3x3 board has tiles 0 to 8")
                );
            }
        }
        let mut out = [0i16; 1];
        let error = table_distances(&goal, &[1, 1, 3, 4, 5, 6, 7, 8, 0], &mut out).unwrap_err();
        assert_eq!(
            error.to_string(),
            "row 0: tile 1 appears twice (tile 2 is missing)"
        );
        // No rows: nothing to answer, nothing refused.
        table_distances(&goal, &[], &mut []).unwrap();
    }
}
