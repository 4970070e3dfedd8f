//! A state that keeps its index up to date as it moves.
//!
//! The index is `blank × (n−1)!/2 + rank / 2`, where tile `t`'s digit of `rank` counts the larger
//! tiles that stand before it, with a weight that depends only on `t` (see [`crate::index`]). A
//! horizontal move changes no tile's place relative to another: only the blank's term changes. A
//! vertical move makes one tile pass the `W − 1` tiles between its cell and the blank's; each of
//! them changes one digit by one: the moving tile's if that tile is larger, its own if smaller.
//! So a neighbour's index costs a look-up and an addition per tile passed, instead of a pass over
//! every cell; solving does this at every step.

use crate::index::{self, HALF, row_term};
use crate::state::{NO_TARGET, targets_of};
use crate::{Board, Metric, Move, Parity, State};

/// Slots in the cursor's cell array: more than any board has cells, and a power of two, so that
/// masked indices need no bounds checks.
pub(crate) const SLOTS: usize = 16;
const MASK: usize = SLOTS - 1;

/// A move worked out by [`Cursor::step`], not yet taken.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    to: u8,
    rank: u32,
    /// The index of the state the move leads to.
    pub index: u32,
}

/// A state with its index, kept up to date as it moves.
///
/// ```
/// use tilebase_core::{Cursor, Move, State};
///
/// let state: State = "603712458".parse().unwrap();
/// let cursor = Cursor::new(state);
/// assert_eq!(cursor.index(), state.index());
/// let down = state.slide(Move::Down).unwrap();
/// assert_eq!(cursor.neighbour_index(Move::Down), Some(down.index()));
/// assert_eq!(cursor.slide(Move::Down).unwrap().state(), down);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    board: Board,
    blank: u8,
    /// The cell each move takes the blank to, `NO_TARGET` at the edge: looked up once a move.
    targets: [u8; 4],
    /// `(n−1)!/2`: how far the index moves when the blank moves one cell.
    half: u32,
    /// The board's [`index::passing`] table.
    passing: &'static [[u32; 16]; 16],
    cells: [u8; SLOTS],
    rank: u32,
    index: u32,
    /// The reachability parity, which no move changes.
    parity: Parity,
}

impl Cursor {
    /// A cursor at `state`.
    pub fn new(state: State) -> Cursor {
        let board = state.board();
        let mut cells = [0u8; SLOTS];
        cells[..board.cells()].copy_from_slice(state.cells());
        let half = HALF[board.cells() - 1];
        let (rank, inversions) = state.rank_and_inversions();
        Cursor {
            parity: Parity::of(inversions ^ row_term(board, state.blank())),
            board,
            blank: state.blank() as u8,
            targets: targets_of(board, state.blank()),
            half,
            passing: index::passing(board),
            cells,
            rank,
            index: state.blank() as u32 * half + rank / 2,
        }
    }

    /// A cursor at the state whose cells are `cells` (one byte a cell, 0 the blank), worked out
    /// in one pass over them: `Cursor::new(State::new(board, cells)?)` for batches of millions
    /// of rows. `None` exactly where [`State::new`] refuses the cells (it says why).
    ///
    /// ```
    /// use tilebase_core::{Board, Cursor, State};
    ///
    /// let board = Board::THREE_BY_THREE;
    /// let state = State::new(board, &[6, 0, 3, 7, 1, 2, 4, 5, 8]).unwrap();
    /// assert_eq!(Cursor::of_cells(board, state.cells()), Some(Cursor::new(state)));
    /// assert_eq!(Cursor::of_cells(board, &[6, 0, 3, 7, 1, 2, 4, 5, 5]), None);
    /// ```
    #[inline]
    pub fn of_cells(board: Board, cells: &[u8]) -> Option<Cursor> {
        let n = board.cells();
        if cells.len() != n || !board.has_table() {
            return None;
        }
        let mut slots = [0u8; SLOTS];
        let mut out_of_range = false;
        let mut blank = 0;
        let tiles = cells
            .iter()
            .zip(slots.iter_mut())
            .enumerate()
            .map(|(i, (&tile, slot))| {
                *slot = tile;
                out_of_range |= usize::from(tile) >= n;
                blank = if tile == 0 { i } else { blank };
                tile
            });
        let ranked = index::rank(board, tiles);
        // A repeated tile leaves another missing.
        if out_of_range || ranked.seen != (1 << n) - 1 {
            return None;
        }
        let inversions = ranked.digits.wrapping_sub(blank as u32);
        let parity = Parity::of(inversions ^ row_term(board, blank));
        Some(Cursor::from_parts(board, parity, blank, slots, ranked.rank))
    }

    /// A cursor from parts that agree: `cells` (padded with zeros to [`SLOTS`]) hold the tiles
    /// of a state of the parity half `parity` with the blank in `blank`, and `rank` is their
    /// whole rank. For [`crate::Walk`], which knows the rank without computing it.
    #[inline]
    pub(crate) fn from_parts(
        board: Board,
        parity: Parity,
        blank: usize,
        cells: [u8; SLOTS],
        rank: u32,
    ) -> Cursor {
        let half = HALF[board.cells() - 1];
        Cursor {
            board,
            blank: blank as u8,
            targets: targets_of(board, blank),
            half,
            passing: index::passing(board),
            cells,
            rank,
            index: blank as u32 * half + rank / 2,
            parity,
        }
    }

    /// Puts `tile` in `cell`; the caller restores the agreement of cells and rank with
    /// [`Cursor::set_rank`].
    #[inline(always)]
    pub(crate) fn set_cell(&mut self, cell: usize, tile: u8) {
        self.cells[cell & MASK] = tile;
    }

    /// Sets the whole rank, and the index with it; the blank stays.
    #[inline(always)]
    pub(crate) fn set_rank(&mut self, rank: u32) {
        self.rank = rank;
        self.index = u32::from(self.blank) * self.half + rank / 2;
    }

    /// The cell that holds the blank.
    #[inline(always)]
    pub(crate) fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The state.
    #[inline]
    pub fn state(&self) -> State {
        State::from_valid_cells(self.board, self.blank, &self.cells[..self.board.cells()])
    }

    /// The state's parity: equal to `state().parity()`, and the same after every move.
    #[inline]
    pub fn parity(&self) -> Parity {
        self.parity
    }

    /// The state's index: equal to `state().index()`.
    #[inline]
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The index of the state one move `m` away, or `None` at the edge of the board; without
    /// making that state.
    #[inline(always)]
    pub fn neighbour_index(&self, m: Move) -> Option<u32> {
        self.step(m).map(|step| step.index)
    }

    /// The move `m` worked out but not taken: its index, for a look at the table first, and
    /// what [`Cursor::take`] needs to take it without working it out again. `None` at the edge
    /// of the board. Inlined, so that a call with a constant move keeps only that move's code.
    #[inline(always)]
    pub fn step(&self, m: Move) -> Option<Step> {
        let to = self.target(m)?;
        let blank = usize::from(self.blank);
        let rank = match m {
            Move::Left | Move::Right => self.rank,
            // The tile in `to` moves to the blank's cell, passing the tiles between them.
            Move::Up => self.passing(self.rank, to + 1..blank, to, true),
            Move::Down => self.passing(self.rank, blank + 1..to, to, false),
        };
        Some(Step {
            to: to as u8,
            rank,
            index: to as u32 * self.half + rank / 2,
        })
    }

    /// `rank` changed by the tile in cell `from` passing the tiles in `between`: forward (to a
    /// later cell) or back.
    #[inline(always)]
    fn passing(
        &self,
        mut rank: u32,
        between: std::ops::Range<usize>,
        from: usize,
        forward: bool,
    ) -> u32 {
        let changes = &self.passing[usize::from(self.cells[from & MASK]) & 15];
        for cell in between {
            // Wrapping: a term may go below zero before the next brings it back; the sum is the
            // rank of a real state, in range.
            let change = changes[usize::from(self.cells[cell & MASK]) & 15];
            rank = if forward {
                rank.wrapping_add(change)
            } else {
                rank.wrapping_sub(change)
            };
        }
        rank
    }

    /// The indices of the states one move away in `metric`, in the order of [`Cursor::slides`]:
    /// U, D, L, R, and by length within a direction. [`Cursor::for_each_neighbour_index`] as
    /// an iterator.
    ///
    /// ```
    /// use tilebase_core::{Cursor, Metric, State};
    ///
    /// let corner: State = "123456780".parse().unwrap();
    /// let cursor = Cursor::new(corner);
    /// for metric in Metric::ALL {
    ///     let states: Vec<u32> = corner.slides(metric).map(|(_, n)| n.index()).collect();
    ///     assert!(cursor.neighbour_indices(metric).eq(states));
    /// }
    /// ```
    #[inline]
    pub fn neighbour_indices(&self, metric: Metric) -> impl Iterator<Item = u32> + use<> {
        // At most (W − 1) + (H − 1) = 6 neighbours, in the multi-tile metric on a 6x2 board.
        let mut indices = [0u32; 8];
        let mut found = 0;
        self.for_each_neighbour_index(metric, |index| {
            indices[found & 7] = index;
            found += 1;
        });
        indices.into_iter().take(found)
    }

    /// Calls `f` with the index of each state one move away in `metric`, in the order of
    /// [`Cursor::slides`]: U, D, L, R, and by length within a direction. Neither those states
    /// nor their ranks are made: a horizontal slide keeps the rank, and a vertical one changes
    /// it by one fixed weight for each tile passed; a slide of several cells makes several
    /// tiles pass tiles that none of the others moved. This runs for every state of a table
    /// that is verified, hence a loop with `f` inlined rather than an iterator.
    ///
    /// ```
    /// use tilebase_core::{Cursor, Metric, State};
    ///
    /// let state: State = "603712458".parse().unwrap();
    /// let mut indices = Vec::new();
    /// Cursor::new(state).for_each_neighbour_index(Metric::Multi, |index| indices.push(index));
    /// let states: Vec<u32> = state.slides(Metric::Multi).map(|(_, n)| n.index()).collect();
    /// assert_eq!(indices, states);
    /// ```
    #[inline(always)]
    pub fn for_each_neighbour_index(&self, metric: Metric, mut f: impl FnMut(u32)) {
        if metric == Metric::Single {
            for m in Move::ALL {
                if let Some(index) = self.neighbour_index(m) {
                    f(index);
                }
            }
            return;
        }
        let longest = metric.longest_slide(self.board);
        let blank = usize::from(self.blank);
        for m in Move::ALL {
            let (mut at, mut rank) = (blank, self.rank);
            for _ in 0..longest {
                let to = targets_of(self.board, at)[m as usize];
                if to == NO_TARGET {
                    break;
                }
                let to = usize::from(to);
                // The tile in `to` moves to the cell `at`, passing the tiles between them,
                // which are where they were in this cursor's state.
                rank = match m {
                    Move::Left | Move::Right => rank,
                    Move::Up => self.passing(rank, to + 1..at, to, true),
                    Move::Down => self.passing(rank, at + 1..to, to, false),
                };
                f(to as u32 * self.half + rank / 2);
                at = to;
            }
        }
    }

    /// Takes a step worked out by [`Cursor::step`] from this very cursor.
    #[inline(always)]
    pub fn take(&mut self, step: &Step) {
        let (from, to) = (usize::from(self.blank), usize::from(step.to));
        self.cells[from & MASK] = self.cells[to & MASK];
        self.cells[to & MASK] = 0;
        self.blank = step.to;
        self.targets = targets_of(self.board, to);
        self.rank = step.rank;
        self.index = step.index;
    }

    /// The cursor one move `m` away, or `None` at the edge of the board.
    #[inline]
    #[must_use]
    pub fn slide(&self, m: Move) -> Option<Cursor> {
        let mut next = *self;
        next.advance(m).then_some(next)
    }

    /// Moves the blank in direction `m`; returns `false`, leaving the cursor as it was, at the
    /// edge of the board.
    #[inline]
    pub fn advance(&mut self, m: Move) -> bool {
        match self.step(m) {
            Some(step) => {
                self.take(&step);
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    fn target(&self, m: Move) -> Option<usize> {
        let to = self.targets[m as usize];
        (to != NO_TARGET).then_some(usize::from(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `of_cells` is `Cursor::new(State::new(..)?)`: on every arrangement of 3x3's tiles, and
    /// `None` wherever `State::new` refuses the cells (a tile out of range, twice, a cell short
    /// or one too many).
    #[test]
    fn a_cursor_of_cells_is_the_cursor_of_the_state() {
        let board = Board::THREE_BY_THREE;
        let mut cells: Vec<u8> = (0..9).collect();
        let mut arrangements = 0;
        loop {
            let state = State::new(board, &cells).unwrap();
            assert_eq!(Cursor::of_cells(board, &cells), Some(Cursor::new(state)));
            arrangements += 1;
            let Some(i) = (0..8).rev().find(|&i| cells[i] < cells[i + 1]) else {
                break;
            };
            let j = (i + 1..9).rev().find(|&j| cells[j] > cells[i]).unwrap();
            cells.swap(i, j);
            cells[i + 1..].reverse();
        }
        assert_eq!(arrangements, 362_880);
        for bad in [
            &[1, 2, 3, 4, 5, 6, 7, 8, 9][..],
            &[1, 1, 3, 4, 5, 6, 7, 8, 0],
            &[1, 2, 3, 4, 5, 6, 7, 0],
            &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9],
            &[16, 2, 3, 4, 5, 6, 7, 8, 0],
            &[255, 2, 3, 4, 5, 6, 7, 8, 0],
        ] {
            assert!(State::new(board, bad).is_err());
            assert_eq!(Cursor::of_cells(board, bad), None, "{bad:?}");
        }
        let big = Board::new(5, 5).unwrap();
        assert_eq!(Cursor::of_cells(big, &[0; 25]), None);
    }

    /// On every board, a long walk: the cursor's index is the state's after every move, and
    /// every neighbour's index is predicted exactly.
    #[test]
    fn cursor_follows_every_move_on_every_board() {
        for board in Board::with_tables() {
            let mut cursor = Cursor::new(board.ordered_goal().unwrap());
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..5_000 {
                for m in Move::ALL {
                    let expected = cursor.state().slide(m).map(|s| s.index());
                    assert_eq!(
                        cursor.neighbour_index(m),
                        expected,
                        "{board} {cursor:?} {m:?}"
                    );
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = Move::ALL[(seed % 4) as usize];
                if let Some(next) = cursor.slide(m) {
                    assert_eq!(next, Cursor::new(next.state()), "{board} after {m:?}");
                    assert_eq!(next.parity(), next.state().parity());
                    cursor = next;
                }
            }
        }
    }
}
