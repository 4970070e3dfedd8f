//! A board's cells as bit masks: which cells neighbour which, and the region of free cells the
//! blank can reach.

use std::fmt;

use tilebase_core::{Board, MAX_CELLS, Move};

/// The cells of a [`Board`] as bit masks, cells numbered row by row: bit `c` of a `u32` for
/// cell `c` (every board has at most 25 cells). Made once per board; the searches and builds of
/// pattern databases read it at every move.
///
/// ```
/// use tilebase_pattern::Grid;
///
/// let grid = Grid::new(4, 4).unwrap();
/// assert_eq!(grid.cells(), 16);
/// assert_eq!(grid.neighbours(5), 0b0000_0010_0101_0010); // cells 1, 4, 6 and 9
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    board: Board,
    neighbours: [u32; MAX_CELLS],
    /// Every cell of the board.
    all: u32,
    /// The cells not in the first column: where a mask may move left from.
    not_first_column: u32,
    /// The cells not in the last column.
    not_last_column: u32,
}

impl Grid {
    /// The board of `width` columns and `height` rows, if it is a board ([`Board::new`]) of at
    /// most [`MAX_CELLS`] cells.
    pub const fn new(width: usize, height: usize) -> Option<Grid> {
        match Board::new(width, height) {
            Ok(board) if board.cells() <= MAX_CELLS => Some(Grid::of(board)),
            _ => None,
        }
    }

    /// The cells of `board`, which must have at most [`MAX_CELLS`] cells (a bit each of a
    /// `u32`): boards past it are answered with bounds, not pattern databases.
    pub const fn of(board: Board) -> Grid {
        let (width, height) = (board.width(), board.height());
        let cells = width * height;
        let mut neighbours = [0u32; MAX_CELLS];
        let mut not_first_column = 0u32;
        let mut not_last_column = 0u32;
        let mut c = 0;
        while c < cells {
            let (row, col) = (c / width, c % width);
            let mut mask = 0u32;
            if row > 0 {
                mask |= 1 << (c - width);
            }
            if row + 1 < height {
                mask |= 1 << (c + width);
            }
            if col > 0 {
                mask |= 1 << (c - 1);
                not_first_column |= 1 << c;
            }
            if col + 1 < width {
                mask |= 1 << (c + 1);
                not_last_column |= 1 << c;
            }
            neighbours[c] = mask;
            c += 1;
        }
        let all = (1u32 << cells) - 1;
        Grid {
            board,
            neighbours,
            all,
            not_first_column,
            not_last_column,
        }
    }

    /// The board.
    #[inline]
    pub const fn board(&self) -> Board {
        self.board
    }

    /// Columns.
    #[inline]
    pub const fn width(&self) -> usize {
        self.board.width()
    }

    /// Rows.
    #[inline]
    pub const fn height(&self) -> usize {
        self.board.height()
    }

    /// Cells.
    #[inline]
    pub const fn cells(&self) -> usize {
        self.board.cells()
    }

    /// The mask of every cell.
    #[inline]
    pub const fn all(&self) -> u32 {
        self.all
    }

    /// The cells beside `cell` (up, down, left, right), as a mask.
    #[inline]
    pub const fn neighbours(&self, cell: usize) -> u32 {
        self.neighbours[cell]
    }

    /// The cell a move of the blank from `cell` leads to, if it stays on the board.
    #[inline]
    pub const fn step(&self, cell: usize, m: Move) -> Option<usize> {
        let (w, n) = (self.width(), self.cells());
        match m {
            Move::Up if cell >= w => Some(cell - w),
            Move::Down if cell + w < n => Some(cell + w),
            Move::Left if !cell.is_multiple_of(w) => Some(cell - 1),
            Move::Right if cell % w + 1 < w => Some(cell + 1),
            _ => None,
        }
    }

    /// The cells of `within` connected to `from` through cells of `within` (`from` included).
    ///
    /// ```
    /// use tilebase_pattern::Grid;
    ///
    /// let grid = Grid::new(3, 3).unwrap();
    /// // A wall down the middle column: the left column alone is reached from cell 0.
    /// let free = 0b111_111_111 & !0b010_010_010;
    /// assert_eq!(grid.region(free, 1 << 0), 0b001_001_001);
    /// ```
    #[inline]
    pub fn region(&self, within: u32, from: u32) -> u32 {
        let w = self.width() as u32;
        let mut region = from & within;
        loop {
            let grown = region
                | ((region & self.not_first_column) >> 1)
                | ((region & self.not_last_column) << 1)
                | (region >> w)
                | (region << w);
            let grown = grown & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells of `mask` and the cells beside them.
    #[inline]
    pub(crate) fn grow(&self, mask: u32) -> u32 {
        let w = self.width() as u32;
        (mask
            | ((mask & self.not_first_column) >> 1)
            | ((mask & self.not_last_column) << 1)
            | (mask >> w)
            | (mask << w))
            & self.all
    }

    /// The board's cells as (row, column).
    #[inline]
    pub const fn row_col(&self, cell: usize) -> (usize, usize) {
        self.board.row_col(cell)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_neighbours() {
        assert!(Grid::new(6, 5).is_none());
        assert!(Grid::new(13, 2).is_none());
        assert!(Grid::new(1, 4).is_none());
        assert_eq!(Grid::new(5, 5).map(|g| g.all()), Some((1 << 25) - 1));
        assert_eq!(
            Grid::new(12, 2).map(|g| g.neighbours(11)),
            Some(1 << 10 | 1 << 23)
        );
        let g = Grid::new(4, 4).unwrap();
        assert_eq!(g.all(), 0xffff);
        for c in 0..16 {
            let expected: u32 = Move::ALL
                .iter()
                .filter_map(|&m| g.step(c, m))
                .map(|d| 1u32 << d)
                .sum();
            assert_eq!(g.neighbours(c), expected, "cell {c}");
        }
        // Rows do not wrap: cell 3's right is off the board, cell 4's left too.
        assert_eq!(g.step(3, Move::Right), None);
        assert_eq!(g.step(4, Move::Left), None);
    }

    #[test]
    fn a_region_does_not_wrap_around_rows() {
        let g = Grid::new(4, 4).unwrap();
        // Free: cell 3 (end of row 0) and cell 4 (start of row 1): not connected.
        let free = (1 << 3) | (1 << 4);
        assert_eq!(g.region(free, 1 << 3), 1 << 3);
        assert_eq!(g.region(free, 1 << 4), 1 << 4);
        assert_eq!(g.region(g.all(), 1), g.all());
    }
}
