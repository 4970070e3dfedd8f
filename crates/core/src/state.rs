//! A state: which tile is in each cell of a board.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, BoardError, TABLE_CELLS};
use crate::moves::Move;
use crate::parse::{self, StateError};

/// A state of a board: the tile in each cell, row by row, 0 for the blank.
///
/// A `State` always holds every tile of its board exactly once; constructors refuse anything
/// else. It is `Copy` and small (14 bytes), so solvers pass it by value.
///
/// ```
/// use tilebase_core::{Board, Move, State};
///
/// let s: State = "283104765".parse().unwrap();
/// assert_eq!(s.board(), Board::THREE_BY_THREE);
/// assert_eq!(s.blank(), 4);
/// let up = s.slide(Move::Up).unwrap();
/// assert_eq!(up.to_string(), "203184765");
/// assert_eq!(s.slide_tile(Move::Up), Some(8)); // the tile that moved
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    board: Board,
    blank: u8,
    // Cells past the board's last are always 0, so derived equality and hashing are exact.
    cells: [u8; TABLE_CELLS],
}

impl State {
    /// `1230`, the 2x2 board's goal with the tiles in order.
    pub(crate) const TWO_BY_TWO_GOAL: State = {
        let mut cells = [0u8; TABLE_CELLS];
        cells[0] = 1;
        cells[1] = 2;
        cells[2] = 3;
        State::from_parts(Board::TWO_BY_TWO, 3, cells)
    };

    /// A state from its cells, row by row. Refuses a board without a full table, a wrong
    /// number of cells, a value outside `0..cells`, and a repeated tile.
    pub fn new(board: Board, cells: &[u8]) -> Result<State, StateError> {
        if !board.has_table() {
            return Err(StateError::Board(BoardError::NoTable { board }));
        }
        let n = board.cells();
        if cells.len() != n {
            return Err(StateError::WrongCellCount {
                found: cells.len(),
                board,
            });
        }
        let mut seen = 0u16;
        let mut array = [0u8; TABLE_CELLS];
        for (slot, &value) in array.iter_mut().zip(cells) {
            if usize::from(value) >= n {
                return Err(StateError::OutOfRange {
                    value: value.to_string(),
                    board,
                });
            }
            if seen & (1 << value) != 0 {
                let missing = (0..n as u8).find(|&t| !cells.contains(&t)).unwrap_or(0);
                return Err(StateError::RepeatedTile {
                    tile: value,
                    missing,
                });
            }
            seen |= 1 << value;
            *slot = value;
        }
        let blank = cells.iter().position(|&c| c == 0).unwrap_or(0) as u8;
        Ok(State {
            board,
            blank,
            cells: array,
        })
    }

    /// A state from parts already known to be right (every tile once, `blank` the 0's cell,
    /// cells past the board's last 0): for the unranking, which makes them so.
    #[inline]
    pub(crate) const fn from_parts(board: Board, blank: u8, cells: [u8; TABLE_CELLS]) -> State {
        State {
            board,
            blank,
            cells,
        }
    }

    /// Parses a state of a known board from any of the forms people write: `603712458`,
    /// `6 0 3 7 1 2 4 5 8`, `6,0,3,7,1,2,4,5,8`, `[6,0,3,7,1,2,4,5,8]`, `603/712/458`,
    /// `6 0 3/7 1 2/4 5 8`. Rows given with `/` must match the board's shape.
    ///
    /// ```
    /// use tilebase_core::{Board, State};
    ///
    /// let board: Board = "3x2".parse().unwrap();
    /// let s = State::parse(board, "[1, 2, 3, 4, 0, 5]").unwrap();
    /// assert_eq!(s.to_string(), "123405");
    /// let err = State::parse(board, "1234").unwrap_err();
    /// assert_eq!(err.to_string(), "4 cells, but a 3x2 board has 6 (4 cells make a 2x2 board)");
    /// ```
    pub fn parse(board: Board, text: &str) -> Result<State, StateError> {
        if !board.has_table() {
            return Err(StateError::Board(BoardError::NoTable { board }));
        }
        if let Some(state) = State::from_digits(board, text.as_bytes()) {
            return Ok(state);
        }
        let cells = parse::cells(text)?;
        cells.check_shape(board)?;
        State::new(board, cells.values())
    }

    /// The commonest form, read fast: exactly one ASCII digit per cell, as in `603712458`, on a
    /// board of up to 10 cells. `None` for anything else, valid or not: [`State::parse`] reads
    /// every form and says what is wrong.
    ///
    /// ```
    /// use tilebase_core::{Board, State};
    ///
    /// let s = State::from_digits(Board::THREE_BY_THREE, b"603712458").unwrap();
    /// assert_eq!(s.blank(), 1);
    /// assert_eq!(State::from_digits(Board::THREE_BY_THREE, b"603712455"), None);
    /// ```
    #[inline]
    pub fn from_digits(board: Board, digits: &[u8]) -> Option<State> {
        let n = board.cells();
        if digits.len() != n || n > 10 {
            return None;
        }
        // One pass and one check at the end: batch input comes through here line after line.
        let mut cells = [0u8; TABLE_CELLS];
        let mut seen = 0u32;
        let mut out_of_range = false;
        let mut blank = 0;
        for (i, (&digit, cell)) in digits.iter().zip(&mut cells).enumerate() {
            let v = digit.wrapping_sub(b'0');
            out_of_range |= usize::from(v) >= n;
            seen |= 1 << (v & 15);
            *cell = v;
            blank = if v == 0 { i } else { blank };
        }
        (!out_of_range && seen == (1 << n) - 1).then_some(State {
            board,
            blank: blank as u8,
            cells,
        })
    }

    /// The board this state is on.
    #[inline]
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The cells, row by row: the tile in each, 0 for the blank.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.board.cells()]
    }

    /// The cell that holds the blank.
    #[inline]
    pub const fn blank(&self) -> usize {
        self.blank as usize
    }

    /// A state from cells known to be valid (taken from another state), without checking.
    #[inline]
    pub(crate) fn from_valid_cells(board: Board, blank: u8, cells: &[u8]) -> State {
        let mut array = [0u8; TABLE_CELLS];
        array[..cells.len()].copy_from_slice(cells);
        State {
            board,
            blank,
            cells: array,
        }
    }

    /// The cell the blank would move to, or `None` at the edge of the board.
    #[inline]
    pub fn target(&self, m: Move) -> Option<usize> {
        target_of(self.board, self.blank as usize, m)
    }

    /// The state after the blank moves in direction `m`, or `None` where the edge stops it.
    #[inline]
    #[must_use]
    pub fn slide(&self, m: Move) -> Option<State> {
        let to = self.target(m)?;
        let mut next = *self;
        next.cells[self.blank as usize] = self.cells[to];
        next.cells[to] = 0;
        next.blank = to as u8;
        Some(next)
    }

    /// The tile that `m` would slide, or `None` where the edge stops the blank. This is how a
    /// solution is said in tile notation.
    #[inline]
    pub fn slide_tile(&self, m: Move) -> Option<u8> {
        self.target(m).map(|to| self.cells[to])
    }

    /// The state after every move of `moves`, or the position in `moves` of the first move that
    /// the edge of the board stops.
    pub fn apply(&self, moves: &[Move]) -> Result<State, usize> {
        moves
            .iter()
            .enumerate()
            .try_fold(*self, |s, (i, &m)| s.slide(m).ok_or(i))
    }

    /// The state drawn as a grid, one row per line, `.` for the blank.
    ///
    /// ```
    /// let s: tilebase_core::State = "603712458".parse().unwrap();
    /// assert_eq!(s.grid().to_string(), "6 . 3\n7 1 2\n4 5 8");
    /// ```
    pub fn grid(&self) -> Grid<'_> {
        Grid(self)
    }
}

/// The cell a blank in `cell` reaches by move `m`, or `None` at the edge of the board. A table,
/// because working out the column needs a division by the width, which costs more than
/// everything else a move does.
#[inline]
pub(crate) fn target_of(board: Board, cell: usize, m: Move) -> Option<usize> {
    let to = targets_of(board, cell)[m as usize];
    (to != NO_TARGET).then_some(to as usize)
}

/// The cells a blank in `cell` reaches by each move, in U, D, L, R order; [`NO_TARGET`] where
/// the edge stops it.
#[inline]
pub(crate) fn targets_of(board: Board, cell: usize) -> [u8; 4] {
    TARGETS[board.width()][board.height()][cell]
}

/// Marks a move that the edge of the board stops.
pub(crate) const NO_TARGET: u8 = u8::MAX;

/// `TARGETS[w][h][cell][m]`: the cell a blank in `cell` of a `w`x`h` board reaches by move `m`.
static TARGETS: [[[[u8; 4]; TABLE_CELLS]; TABLE_CELLS + 1]; TABLE_CELLS + 1] = {
    let mut table = [[[[NO_TARGET; 4]; TABLE_CELLS]; TABLE_CELLS + 1]; TABLE_CELLS + 1];
    let mut w = 2;
    while w <= TABLE_CELLS {
        let mut h = 2;
        while w * h <= TABLE_CELLS {
            let mut b = 0;
            while b < w * h {
                let t = &mut table[w][h][b];
                if b >= w {
                    t[Move::Up as usize] = (b - w) as u8;
                }
                if b + w < w * h {
                    t[Move::Down as usize] = (b + w) as u8;
                }
                if b % w != 0 {
                    t[Move::Left as usize] = (b - 1) as u8;
                }
                if b % w != w - 1 {
                    t[Move::Right as usize] = (b + 1) as u8;
                }
                b += 1;
            }
            h += 1;
        }
        w += 1;
    }
    table
};

impl fmt::Display for State {
    /// Digits with no separator on boards of up to 10 cells (`603712458`); comma-separated
    /// values on larger boards, where a tile can have two digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.board.cells() <= 10;
        for (i, &c) in self.cells().iter().enumerate() {
            if i > 0 && !digits {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "State({} {self})", self.board)
    }
}

impl FromStr for State {
    type Err = StateError;

    /// Parses a state and infers its board: from the rows when they are written with `/`,
    /// otherwise from the number of cells where only one board has that many (4 cells: 2x2,
    /// 9 cells: 3x3). Use [`State::parse`] when the board is known.
    fn from_str(text: &str) -> Result<State, StateError> {
        let cells = parse::cells(text)?;
        let board = cells.infer_board()?;
        State::new(board, cells.values())
    }
}

/// A state drawn as a grid; see [`State::grid`].
pub struct Grid<'a>(&'a State);

impl fmt::Display for Grid<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.0;
        let width = if state.board.cells() > 10 { 2 } else { 1 };
        for (row, cells) in state.cells().chunks(state.board.width()).enumerate() {
            if row > 0 {
                f.write_str("\n")?;
            }
            for (col, &c) in cells.iter().enumerate() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                if c == 0 {
                    write!(f, "{:>width$}", ".")?;
                } else {
                    write!(f, "{c:>width$}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> State {
        text.parse().unwrap()
    }

    #[test]
    fn slides_stop_at_every_edge() {
        let corner = s("012345678");
        assert_eq!(corner.slide(Move::Up), None);
        assert_eq!(corner.slide(Move::Left), None);
        assert_eq!(corner.slide(Move::Right).unwrap(), s("102345678"));
        assert_eq!(corner.slide(Move::Down).unwrap(), s("312045678"));
        let other = s("876543210");
        assert_eq!(other.slide(Move::Down), None);
        assert_eq!(other.slide(Move::Right), None);
    }

    #[test]
    fn articles_first_case_is_four_moves() {
        // 004: 283104765 reaches 123804765 by moving the blank up, left, down, right.
        let start = s("283104765");
        let moves = [Move::Up, Move::Left, Move::Down, Move::Right];
        assert_eq!(start.apply(&moves), Ok(s("123804765")));
        assert_eq!(start.apply(&[Move::Up, Move::Up, Move::Up]), Err(1));
    }

    #[test]
    fn every_slide_is_undone_by_its_opposite() {
        let start = s("603712458");
        for m in Move::ALL {
            if let Some(next) = start.slide(m) {
                assert_eq!(next.slide(m.opposite()), Some(start));
            }
        }
    }

    #[test]
    fn new_refuses_bad_cells() {
        let b = Board::THREE_BY_THREE;
        assert!(matches!(
            State::new(b, &[1, 2, 3]),
            Err(StateError::WrongCellCount { found: 3, .. })
        ));
        assert_eq!(
            State::new(b, &[1, 2, 3, 4, 5, 6, 7, 8, 9])
                .unwrap_err()
                .to_string(),
            "value 9 is out of range: a 3x3 board has tiles 0 to 8"
        );
        assert_eq!(
            State::new(b, &[1, 1, 3, 4, 5, 6, 7, 8, 0])
                .unwrap_err()
                .to_string(),
            "tile 1 appears twice (tile 2 is missing)"
        );
    }

    #[test]
    fn large_boards_print_with_commas() {
        let b = Board::new(4, 3).unwrap();
        let goal = b.ordered_goal().unwrap();
        assert_eq!(goal.to_string(), "1,2,3,4,5,6,7,8,9,10,11,0");
        assert_eq!(State::parse(b, &goal.to_string()), Ok(goal));
        assert_eq!(
            goal.grid().to_string(),
            " 1  2  3  4\n 5  6  7  8\n 9 10 11  ."
        );
    }
}
