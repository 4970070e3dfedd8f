//! The boards tilebase answers, and the one rule for which method answers each.

use std::fmt;
use std::str::FromStr;

use tilebase_core::BoardError;
use tilebase_pattern::Grid;

/// The most cells of any board answered: the 15-puzzle's 16.
pub const MAX_CELLS: usize = 16;

/// A board tilebase answers: any board with both sides at least 2 and at most 12 cells (from a
/// full table), and 4x4, the 15-puzzle (from pattern databases). See [`Board::method`].
///
/// ```
/// use tilebase_answer::{Board, Method};
///
/// let board: Board = "4x4".parse()?;
/// assert_eq!((board.cells(), board.method()), (16, Method::Patterns));
/// assert_eq!("3x3".parse::<Board>()?.method(), Method::Table);
/// assert_eq!(
///     "5x5".parse::<Board>().unwrap_err().to_string(),
///     "5x5: at most 12 cells are supported, and 4x4 (the 15-puzzle)"
/// );
/// # Ok::<(), tilebase_core::BoardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    width: u8,
    height: u8,
}

/// How a board's questions are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// A full table of every state's distance, looked up in constant time: boards of up to 12
    /// cells.
    Table,
    /// IDA* over additive pattern databases: the 15-puzzle. Each answer is a search, so front
    /// ends bound it (nodes, permits) and share it among the cores.
    Patterns,
}

impl Board {
    /// The 3x3 board of the 8-puzzle.
    pub const THREE_BY_THREE: Board = Board {
        width: 3,
        height: 3,
    };

    /// The 4x4 board of the 15-puzzle.
    pub const FOUR_BY_FOUR: Board = Board {
        width: 4,
        height: 4,
    };

    /// A board of `width` columns and `height` rows, if tilebase answers it; else the reason,
    /// in the words of [`tilebase_core::Board::new`].
    pub fn new(width: usize, height: usize) -> Result<Board, BoardError> {
        if (width, height) == (4, 4) {
            return Ok(Board::FOUR_BY_FOUR);
        }
        tilebase_core::Board::new(width, height).map(Board::from)
    }

    /// Number of columns.
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Number of cells.
    pub const fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// How the board's questions are answered: the one rule every front end shares.
    pub const fn method(self) -> Method {
        if self.cells() <= tilebase_core::MAX_CELLS {
            Method::Table
        } else {
            Method::Patterns
        }
    }

    /// The board as a full table knows it, when it has one.
    pub fn table(self) -> Option<tilebase_core::Board> {
        tilebase_core::Board::new(self.width(), self.height()).ok()
    }

    /// The board as the pattern databases know it.
    pub fn grid(self) -> Grid {
        // Every board answered has at most 16 cells, which a grid holds.
        Grid::new(self.width(), self.height()).unwrap_or(tilebase_pattern::FOUR_BY_FOUR)
    }

    /// The goal when none is given: 123804765 (the source articles') on 3x3, the tiles in
    /// order with the blank last elsewhere.
    pub fn default_goal(self) -> crate::Position {
        match self.table() {
            Some(board) => crate::Position::from(board.default_goal()),
            None => {
                let n = self.cells() as u8;
                let cells: Vec<u8> = (1..n).chain([0]).collect();
                crate::Position::new(self, &cells).unwrap_or_else(|_| unreachable!())
            }
        }
    }
}

impl Board {
    /// The goals of the board whose answers, between them, answer for every goal: one per class
    /// of the blank's cell under the board's symmetries (3 on 3x3 and on 4x4), each with the
    /// tiles in order around the blank. On 4x4 the blank on the last cell of its class in
    /// reading order (a corner, an edge, inside), as on the boards with full tables.
    pub fn canonical_goals(self) -> Vec<crate::Position> {
        if let Some(board) = self.table() {
            return board
                .canonical_goals()
                .into_iter()
                .map(crate::Position::from)
                .collect();
        }
        let grid = self.grid();
        let n = self.cells();
        let mut goals: Vec<Vec<u8>> = (0..n)
            .map(|blank| {
                let mut goal: Vec<u8> = (1..n as u8).collect();
                goal.insert(blank, 0);
                tilebase_pattern::ClassFrame::new(grid, &goal)
                    .canonical()
                    .to_vec()
            })
            .collect();
        let blank = |goal: &Vec<u8>| goal.iter().position(|&t| t == 0);
        goals.sort_by_key(|goal| std::cmp::Reverse(blank(goal)));
        goals.dedup();
        goals
            .iter()
            .filter_map(|goal| crate::Position::new(self, goal).ok())
            .collect()
    }
}

impl From<tilebase_core::Board> for Board {
    fn from(board: tilebase_core::Board) -> Board {
        Board {
            width: board.width() as u8,
            height: board.height() as u8,
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

    /// `WxH` (also `WXH`, `W×H`), as [`tilebase_core::Board`] reads it, with 4x4 besides.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        match text.parse::<tilebase_core::Board>() {
            Ok(board) => Ok(Board::from(board)),
            Err(BoardError::TooLarge {
                width: 4,
                height: 4,
            }) => Ok(Board::FOUR_BY_FOUR),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_of_a_table_and_the_fifteen_puzzle() {
        for board in tilebase_core::Board::all() {
            let ours = Board::from(board);
            assert_eq!(ours.method(), Method::Table);
            assert_eq!(ours.table(), Some(board));
            assert_eq!(ours.to_string(), board.to_string());
            assert_eq!(ours.to_string().parse::<Board>(), Ok(ours));
        }
        for text in ["4x4", "4X4", " 4×4 "] {
            assert_eq!(text.parse::<Board>(), Ok(Board::FOUR_BY_FOUR), "{text}");
        }
        assert_eq!(Board::FOUR_BY_FOUR.method(), Method::Patterns);
        assert_eq!(Board::FOUR_BY_FOUR.table(), None);
        assert_eq!(Board::FOUR_BY_FOUR.grid(), tilebase_pattern::FOUR_BY_FOUR);
        assert_eq!(
            Board::FOUR_BY_FOUR.default_goal().to_string(),
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
        );
        assert_eq!(
            Board::THREE_BY_THREE.default_goal().to_string(),
            "123804765"
        );
        assert_eq!(
            "7x2".parse::<Board>().unwrap_err().to_string(),
            "7x2: at most 12 cells are supported, and 4x4 (the 15-puzzle)"
        );
        assert!("1x4".parse::<Board>().is_err());
        let classes: Vec<String> = Board::FOUR_BY_FOUR
            .canonical_goals()
            .iter()
            .map(|g| g.to_string())
            .collect();
        assert_eq!(
            classes,
            [
                "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
                "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
                "1,2,3,4,5,6,7,8,9,10,0,11,12,13,14,15"
            ]
        );
        assert_eq!(Board::THREE_BY_THREE.canonical_goals().len(), 3);
    }
}
