//! The shape of a puzzle: its width and height.

use std::fmt;
use std::str::FromStr;

use crate::State;

/// The largest number of cells a board may have. Types are sized for it: an index of a
/// 12-cell board fits a `u32` (12!/2 = 239,500,800) and a tile fits a `u8`.
pub const MAX_CELLS: usize = 12;

/// `FACTORIAL[n]` is n!, for every n a board can need.
pub(crate) const FACTORIAL: [u32; MAX_CELLS + 1] = {
    let mut table = [1u32; MAX_CELLS + 1];
    let mut n = 1;
    while n <= MAX_CELLS {
        table[n] = table[n - 1] * n as u32;
        n += 1;
    }
    table
};

/// A rectangular board of `width` columns and `height` rows.
///
/// Any board with both sides at least 2 and at most [`MAX_CELLS`] cells is valid. States list
/// their cells row by row, left to right.
///
/// ```
/// use tilebase_core::Board;
///
/// let board: Board = "3x2".parse().unwrap();
/// assert_eq!((board.width(), board.height(), board.cells()), (3, 2, 6));
/// assert_eq!(board.states(), 360); // 6!/2
/// assert_eq!(board.to_string(), "3x2");
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
    /// More cells than the types are sized for.
    #[error("{}", too_large(*width, *height))]
    TooLarge {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
}

/// What a board of more than [`MAX_CELLS`] cells is told: boards of up to 25 cells are
/// answered by pattern databases instead of a table, and larger ones not at all.
fn too_large(width: usize, height: usize) -> String {
    if width <= 25 && height <= 25 && width * height <= 25 {
        format!(
            "{width}x{height}: full tables stop at {MAX_CELLS} cells; boards of 13 to 25 cells \
             are answered from pattern databases by query --board {width}x{height} and build-db \
             --board {width}x{height}"
        )
    } else {
        format!("{width}x{height}: at most 25 cells are supported (5x5, the 24-puzzle)")
    }
}

impl Board {
    /// The 3x3 board of the 8-puzzle.
    pub const THREE_BY_THREE: Board = Board {
        width: 3,
        height: 3,
    };

    /// A board of `width` columns and `height` rows.
    pub const fn new(width: usize, height: usize) -> Result<Board, BoardError> {
        if width < 2 || height < 2 {
            return Err(BoardError::TooNarrow { width, height });
        }
        // Checked before multiplying so that huge sides cannot overflow.
        if width > MAX_CELLS || height > MAX_CELLS || width * height > MAX_CELLS {
            return Err(BoardError::TooLarge { width, height });
        }
        Ok(Board {
            width: width as u8,
            height: height as u8,
        })
    }

    /// Every valid board, smallest first (2x2, 2x3, 3x2, ...).
    pub fn all() -> impl Iterator<Item = Board> {
        (4..=MAX_CELLS).flat_map(|cells| {
            (2..=cells / 2)
                .filter(move |w| cells % w == 0)
                .filter_map(move |w| Board::new(w, cells / w).ok())
        })
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

    /// Number of states reachable from any goal: cells!/2, the size of a table.
    #[inline]
    pub const fn states(self) -> u32 {
        FACTORIAL[self.cells()] / 2
    }

    /// The board's row and column of a cell.
    #[inline]
    pub const fn row_col(self, cell: usize) -> (usize, usize) {
        (cell / self.width as usize, cell % self.width as usize)
    }

    /// The goal used when none is given: on 3x3 the source articles' goal, 123804765 (blank in
    /// the centre, tiles clockwise); on every other board [`Board::ordered_goal`].
    ///
    /// ```
    /// use tilebase_core::Board;
    ///
    /// assert_eq!(Board::THREE_BY_THREE.default_goal().to_string(), "123804765");
    /// assert_eq!("3x2".parse::<Board>().unwrap().default_goal().to_string(), "123450");
    /// ```
    pub fn default_goal(self) -> State {
        if self == Board::THREE_BY_THREE {
            State::new(self, &[1, 2, 3, 8, 0, 4, 7, 6, 5]).expect("a valid 3x3 state")
        } else {
            self.ordered_goal()
        }
    }

    /// Tiles in order, blank last: the usual goal of other puzzle programs.
    pub fn ordered_goal(self) -> State {
        let n = self.cells();
        let cells: Vec<u8> = (1..n as u8).chain([0]).collect();
        State::new(self, &cells).expect("tiles in order are a valid state")
    }

    /// The board whose cell count alone names it: 4 cells is 2x2, 9 is 3x3. Other counts fit
    /// two transposed boards (6 is 3x2 or 2x3) or none.
    pub fn from_cell_count(cells: usize) -> Option<Board> {
        match cells {
            4 => Some(Board {
                width: 2,
                height: 2,
            }),
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
    fn all_lists_every_valid_board_once() {
        let names: Vec<String> = Board::all().map(|b| b.to_string()).collect();
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
            err("4x4"),
            BoardError::TooLarge {
                width: 4,
                height: 4
            }
        );
        assert!(matches!(
            err("99999999999999999999999x2"),
            BoardError::TooLarge { .. }
        ));
        assert_eq!(" 3X3 ".parse::<Board>(), Ok(Board::THREE_BY_THREE));
    }
}
