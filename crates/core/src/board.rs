//! The shape of a puzzle: its width and height.

use std::fmt;
use std::str::FromStr;

use crate::State;

/// The most cells of a board answered optimally: the 24-puzzle's 25. Boards of up to
/// [`TABLE_CELLS`] are answered from full tables, larger ones from pattern databases, and boards
/// past this, up to [`MAX_BOARD_CELLS`], with proven bounds ([`Board::method`]). Every limit on
/// boards is here, in [`TABLE_CELLS`] and in [`MAX_BOARD_CELLS`].
pub const MAX_CELLS: usize = 25;

/// The most cells of any board tilebase answers: 100, of 10x10. Boards past [`MAX_CELLS`] are
/// answered with a lower bound on the optimal length and a solution ([`Method::Bounds`]).
pub const MAX_BOARD_CELLS: usize = 100;

/// The longest side of a board of at most [`MAX_CELLS`] cells: 12, of the 12x2 board.
pub const MAX_SIDE: usize = MAX_CELLS / 2;

/// The most cells of a board with a full table, and of a [`State`]. Types are sized for it: an
/// index of a 12-cell board fits a `u32` (12!/2 = 239,500,800) and a tile fits a `u8`.
pub const TABLE_CELLS: usize = 12;

/// `FACTORIAL[n]` is n!, for every n a full table can need.
pub(crate) const FACTORIAL: [u32; TABLE_CELLS + 1] = {
    let mut table = [1u32; TABLE_CELLS + 1];
    let mut n = 1;
    while n <= TABLE_CELLS {
        table[n] = table[n - 1] * n as u32;
        n += 1;
    }
    table
};

/// A rectangular board of `width` columns and `height` rows: the one board type of every
/// tilebase crate.
///
/// Any board with both sides at least 2 and at most [`MAX_BOARD_CELLS`] cells is valid. States
/// list their cells row by row, left to right. Boards of up to [`TABLE_CELLS`] cells have a full
/// table and [`State`]s; boards of up to [`MAX_CELLS`] are answered optimally from pattern
/// databases, larger ones with bounds ([`Board::method`]).
///
/// ```
/// use tilebase_core::{Board, Method};
///
/// let board: Board = "3x2".parse().unwrap();
/// assert_eq!((board.width(), board.height(), board.cells()), (3, 2, 6));
/// assert_eq!(board.states(), 360); // 6!/2
/// assert_eq!(board.to_string(), "3x2");
/// assert_eq!((board.method(), Board::FOUR_BY_FOUR.method()), (Method::Table, Method::Patterns));
/// assert_eq!("6x6".parse::<Board>().unwrap().method(), Method::Bounds);
/// assert_eq!(
///     "11x10".parse::<Board>().unwrap_err().to_string(),
///     "11x10: at most 100 cells are supported (10x10)"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    width: u8,
    height: u8,
}

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// Not written as `WxH`.
    #[error("a board is written WxH (columns x rows), like 3x3")]
    Syntax,
    /// A side shorter than 2: no puzzle, or a single line where nothing can be rearranged.
    #[error("{width}x{height}: both sides must be at least 2")]
    TooNarrow {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// More cells than any board answered.
    #[error("{width}x{height}: at most {MAX_BOARD_CELLS} cells are supported (10x10)")]
    TooLarge {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// A board answered from pattern databases, where a full table (or a [`State`]) was
    /// needed.
    #[error(
        "{board}: full tables stop at {TABLE_CELLS} cells; boards of 13 to {MAX_CELLS} cells are \
         answered from pattern databases by query --board {board} and build-db --board {board}"
    )]
    NoTable {
        /// The board.
        board: Board,
    },
}

/// How a board's questions are answered: the one rule every front end shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// A full table of every state's distance, looked up in constant time: boards of up to
    /// [`TABLE_CELLS`] cells.
    Table,
    /// IDA* over additive pattern databases: boards of 13 to [`MAX_CELLS`] cells. Each answer is
    /// a search, so front ends bound it (nodes, permits) and share it among the cores.
    Patterns,
    /// Proven bounds within a budget: boards of more than [`MAX_CELLS`] cells, up to
    /// [`MAX_BOARD_CELLS`]. Each answer is a lower bound on the optimal length and a solution,
    /// "optimal" where the two meet.
    Bounds,
}

impl Board {
    /// The 3x3 board of the 8-puzzle.
    pub const THREE_BY_THREE: Board = Board::sides(3, 3);

    /// The smallest board, 2x2.
    pub const TWO_BY_TWO: Board = Board::sides(2, 2);

    /// The 4x4 board of the 15-puzzle.
    pub const FOUR_BY_FOUR: Board = Board::sides(4, 4);

    /// The 24-puzzle's board.
    pub const FIVE_BY_FIVE: Board = Board::sides(5, 5);

    /// The board of sides known to be valid.
    const fn sides(width: u8, height: u8) -> Board {
        Board { width, height }
    }

    /// A board of `width` columns and `height` rows.
    pub const fn new(width: usize, height: usize) -> Result<Board, BoardError> {
        if width < 2 || height < 2 {
            return Err(BoardError::TooNarrow { width, height });
        }
        // Checked before multiplying so that huge sides cannot overflow.
        if width > MAX_BOARD_CELLS || height > MAX_BOARD_CELLS || width * height > MAX_BOARD_CELLS {
            return Err(BoardError::TooLarge { width, height });
        }
        Ok(Board {
            width: width as u8,
            height: height as u8,
        })
    }

    /// A board of `width` columns and `height` rows with a full table.
    pub const fn with_table(width: usize, height: usize) -> Result<Board, BoardError> {
        match Board::new(width, height) {
            Ok(board) if !board.has_table() => Err(BoardError::NoTable { board }),
            other => other,
        }
    }

    /// Every board with a full table, smallest first (2x2, 2x3, 3x2, ...).
    pub fn with_tables() -> impl Iterator<Item = Board> {
        (4..=TABLE_CELLS).flat_map(|cells| {
            (2..=cells / 2)
                .filter(move |w| cells % w == 0)
                .filter_map(move |w| Board::new(w, cells / w).ok())
        })
    }

    /// Every board answered from pattern databases, by cells then width: 7x2, 2x7, 5x3, ...
    pub fn with_patterns() -> impl Iterator<Item = Board> {
        (TABLE_CELLS + 1..=MAX_CELLS).flat_map(Board::with_cells)
    }

    /// Every board of `cells` cells, wide before tall: 12 cells make 6x2, 4x3, 3x4 and 2x6;
    /// none has 13 or over [`MAX_BOARD_CELLS`].
    pub fn with_cells(cells: usize) -> impl Iterator<Item = Board> {
        // No side is tried for counts past every board (a megabyte line is a count too).
        let widest = if cells <= MAX_BOARD_CELLS {
            cells / 2
        } else {
            0
        };
        (2..=widest)
            .rev()
            .filter(move |w| cells.is_multiple_of(*w))
            .filter_map(move |w| Board::new(w, cells / w).ok())
    }

    /// Whether the board has a full table (and [`State`]s): at most [`TABLE_CELLS`] cells.
    #[inline]
    pub const fn has_table(self) -> bool {
        self.cells() <= TABLE_CELLS
    }

    /// How the board's questions are answered: the one rule every front end shares.
    pub const fn method(self) -> Method {
        if self.has_table() {
            Method::Table
        } else if self.cells() <= MAX_CELLS {
            Method::Patterns
        } else {
            Method::Bounds
        }
    }

    /// The board whose files answer this one: its tall form (3x5 for 5x3; a square board
    /// itself).
    pub const fn tall(self) -> Board {
        if self.width <= self.height {
            self
        } else {
            Board {
                width: self.height,
                height: self.width,
            }
        }
    }

    /// Number of columns.
    #[inline]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[inline]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Number of cells, blank included.
    #[inline]
    pub const fn cells(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Number of states reachable from any goal of a board with a full table: cells!/2, the
    /// length of its table. 0 for a board without one ([`Board::has_table`]), whose states no
    /// table holds.
    #[inline]
    pub const fn states(self) -> u32 {
        if self.has_table() {
            FACTORIAL[self.cells()] / 2
        } else {
            0
        }
    }

    /// The board's row and column of a cell.
    #[inline]
    pub const fn row_col(self, cell: usize) -> (usize, usize) {
        (cell / self.width as usize, cell % self.width as usize)
    }

    /// The cell the blank reaches from `cell` by `m`; `None` off the board.
    ///
    /// ```
    /// use tilebase_core::{Board, Move};
    ///
    /// let board: Board = "6x6".parse().unwrap();
    /// assert_eq!(board.step(35, Move::Up), Some(29));
    /// assert_eq!(board.step(35, Move::Right), None);
    /// ```
    #[inline]
    pub const fn step(self, cell: usize, m: crate::Move) -> Option<usize> {
        let (w, h) = (self.width as usize, self.height as usize);
        let (row, col) = (cell / w, cell % w);
        match m {
            crate::Move::Up if row > 0 => Some(cell - w),
            crate::Move::Down if row + 1 < h => Some(cell + w),
            crate::Move::Left if col > 0 => Some(cell - 1),
            crate::Move::Right if col + 1 < w => Some(cell + 1),
            _ => None,
        }
    }

    /// The goal used when none is given, on a board with a full table (`None` on another): on
    /// 3x3 the source articles' goal, 123804765 (blank in the centre, tiles clockwise); on
    /// every other board [`Board::ordered_goal`].
    ///
    /// ```
    /// use tilebase_core::Board;
    ///
    /// assert_eq!(Board::THREE_BY_THREE.default_goal().unwrap().to_string(), "123804765");
    /// assert_eq!("3x2".parse::<Board>().unwrap().default_goal().unwrap().to_string(), "123450");
    /// assert_eq!(Board::FOUR_BY_FOUR.default_goal(), None);
    /// ```
    pub fn default_goal(self) -> Option<State> {
        if self == Board::THREE_BY_THREE {
            State::new(self, &[1, 2, 3, 8, 0, 4, 7, 6, 5]).ok()
        } else {
            self.ordered_goal()
        }
    }

    /// Tiles in order, blank last: the usual goal of other puzzle programs, on a board with a
    /// full table (`None` on another).
    pub fn ordered_goal(self) -> Option<State> {
        State::new(self, &self.ordered_cells()).ok()
    }

    /// The cells of the goal with the tiles in order, blank last, on any board.
    pub fn ordered_cells(self) -> Vec<u8> {
        (1..self.cells() as u8).chain([0]).collect()
    }

    /// The board with a full table whose cell count alone names it: 4 cells is 2x2, 9 is 3x3.
    /// Other counts fit two transposed boards (6 is 3x2 or 2x3) or none.
    pub fn from_cell_count(cells: usize) -> Option<Board> {
        match cells {
            4 => Some(Board::TWO_BY_TWO),
            9 => Some(Board::THREE_BY_THREE),
            _ => None,
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses `WxH` (an `X` or `×` also separates).
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let text = text.trim();
        let (w, h) = text.split_once(['x', 'X', '×']).ok_or(BoardError::Syntax)?;
        let side = |s: &str| -> Result<usize, BoardError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(BoardError::Syntax);
            }
            // Saturate: a 40-digit side is too large, not a syntax error.
            Ok(s.parse().unwrap_or(usize::MAX))
        };
        Board::new(side(w)?, side(h)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_tables_lists_every_board_of_a_table_once() {
        let names: Vec<String> = Board::with_tables().map(|b| b.to_string()).collect();
        assert_eq!(
            names,
            [
                "2x2", "2x3", "3x2", "2x4", "4x2", "3x3", "2x5", "5x2", "2x6", "3x4", "4x3", "6x2"
            ]
        );
    }

    #[test]
    fn states_is_half_the_permutations() {
        let states = |s: &str| s.parse::<Board>().unwrap().states();
        assert_eq!(states("2x2"), 12);
        assert_eq!(states("3x2"), 360);
        assert_eq!(states("4x2"), 20_160);
        assert_eq!(states("3x3"), 181_440);
        assert_eq!(states("5x2"), 1_814_400);
        assert_eq!(states("4x3"), 239_500_800);
    }

    #[test]
    fn bad_boards_are_refused_with_the_reason() {
        let err = |s: &str| s.parse::<Board>().unwrap_err();
        assert_eq!(err("3"), BoardError::Syntax);
        assert_eq!(err("3x"), BoardError::Syntax);
        assert_eq!(err("-3x3"), BoardError::Syntax);
        assert_eq!(
            err("1x9"),
            BoardError::TooNarrow {
                width: 1,
                height: 9
            }
        );
        assert_eq!(
            err("11x10"),
            BoardError::TooLarge {
                width: 11,
                height: 10
            }
        );
        assert_eq!(
            err("51x2"),
            BoardError::TooLarge {
                width: 51,
                height: 2
            }
        );
        assert_eq!("6x5".parse::<Board>().unwrap().method(), Method::Bounds);
        assert_eq!("50x2".parse::<Board>().unwrap().method(), Method::Bounds);
        assert_eq!("10x10".parse::<Board>().unwrap().cells(), 100);
        assert_eq!(
            Board::with_table(4, 4).unwrap_err().to_string(),
            "4x4: full tables stop at 12 cells; boards of 13 to 25 cells are answered from \
             pattern databases by query --board 4x4 and build-db --board 4x4"
        );
        assert_eq!("4x4".parse::<Board>(), Ok(Board::FOUR_BY_FOUR));
        assert_eq!(Board::FOUR_BY_FOUR.states(), 0);
        assert_eq!(Board::FOUR_BY_FOUR.ordered_goal(), None);
        assert_eq!("5x3".parse::<Board>().unwrap().tall().to_string(), "3x5");
        assert!(matches!(
            err("99999999999999999999999x2"),
            BoardError::TooLarge { .. }
        ));
        assert_eq!(" 3X3 ".parse::<Board>(), Ok(Board::THREE_BY_THREE));
    }
}
