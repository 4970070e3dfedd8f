//! The boards tilebase answers, and the one rule for which method answers each.

use std::fmt;
use std::str::FromStr;

use tilebase_core::BoardError;
use tilebase_pattern::Grid;

/// The most cells of any board answered: the 24-puzzle's 25.
pub const MAX_CELLS: usize = tilebase_pattern::MAX_GRID_CELLS;

/// A board tilebase answers: any board with both sides at least 2 and at most 25 cells, from a
/// full table up to 12 cells, from pattern databases from 13 (the 15-puzzle's 4x4, the
/// 24-puzzle's 5x5, 5x3, 7x2, ...). See [`Board::method`].
///
/// ```
/// use tilebase_answer::{Board, Method};
///
/// let board: Board = "4x4".parse()?;
/// assert_eq!((board.cells(), board.method()), (16, Method::Patterns));
/// assert_eq!("3x3".parse::<Board>()?.method(), Method::Table);
/// assert_eq!("5x5".parse::<Board>()?.method(), Method::Patterns);
/// assert_eq!(
///     "6x5".parse::<Board>().unwrap_err().to_string(),
///     "6x5: at most 25 cells are supported (5x5, the 24-puzzle)"
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
    /// IDA* over additive pattern databases: boards of 13 to 25 cells. Each answer is a
    /// search, so front ends bound it (nodes, permits) and share it among the cores.
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
        match tilebase_core::Board::new(width, height) {
            Ok(board) => Ok(Board::from(board)),
            Err(BoardError::TooLarge { width, height }) if Grid::new(width, height).is_some() => {
                Ok(Board {
                    width: width as u8,
                    height: height as u8,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// The 24-puzzle's board.
    pub const FIVE_BY_FIVE: Board = Board {
        width: 5,
        height: 5,
    };

    /// Every board answered from pattern databases, by cells then width: 7x2, 2x7, 5x3, ...
    pub fn with_patterns() -> impl Iterator<Item = Board> {
        (tilebase_core::MAX_CELLS + 1..=MAX_CELLS).flat_map(|cells| {
            (2..=cells / 2)
                .rev()
                .filter(move |w| cells % w == 0)
                .filter_map(move |w| Board::new(w, cells / w).ok())
        })
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
        // Every board answered has at most 25 cells, which a grid holds.
        Grid::new(self.width(), self.height()).unwrap_or(tilebase_pattern::FOUR_BY_FOUR)
    }

    /// The board whose files answer this one: its tall form (3x5 for 5x3; a square board
    /// itself).
    pub fn tall(self) -> Board {
        Board {
            width: self.width.min(self.height),
            height: self.width.max(self.height),
        }
    }

    /// What a search on this board typically takes, where random states take long enough that
    /// a search without a node bound should be started on purpose: said once, on stderr, by
    /// the programs that search without one. `None` where searches are quick.
    pub fn slow_search_note(self) -> Option<String> {
        if self == Board::FIVE_BY_FIVE {
            return Some(
                "5x5 states far from the goal take minutes to days each (Korf and Felner's 50 \
                 random states: 81 to 114 moves; the ten easiest took 0.4 s to 2 minutes each on \
                 this project's 2-core machine, most of the others take hours); --max-nodes N \
                 bounds a search"
                    .to_string(),
            );
        }
        // Measured with each board's default files (bench/boards.sh): on 7x3, 11x2 and 6x4
        // most random states took over 30 s; 5x4's median 1.3 s.
        (self.cells() >= 21).then(|| {
            format!(
                "{self} states far from the goal often take minutes or more each with its \
                 default pattern databases (on this project's 2-core machine most random {self} \
                 states took over 30 s); --max-nodes N bounds a search"
            )
        })
    }

    /// The default partition into patterns, on a board answered from pattern databases.
    pub fn default_partition(self) -> tilebase_pattern::Partition {
        tilebase_pattern::Partition::default_for(self.cells())
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
    /// tiles in order around the blank. On boards answered from pattern databases the blank on
    /// the last cell of its class in reading order (on 4x4 a corner, an edge, inside), as on the
    /// boards with full tables, and on the board's tall form (a goal of 3x5 for 5x3), whose
    /// files answer both.
    pub fn canonical_goals(self) -> Vec<crate::Position> {
        if let Some(board) = self.table() {
            return board
                .canonical_goals()
                .into_iter()
                .map(crate::Position::from)
                .collect();
        }
        let board = self.tall();
        let grid = board.grid();
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
            .filter_map(|goal| crate::Position::new(board, goal).ok())
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

    /// `WxH` (also `WXH`, `W×H`), as [`tilebase_core::Board`] reads it, with the boards of 13
    /// to 25 cells besides.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        match text.parse::<tilebase_core::Board>() {
            Ok(board) => Ok(Board::from(board)),
            Err(BoardError::TooLarge { width, height }) => Board::new(width, height),
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
            "6x5".parse::<Board>().unwrap_err().to_string(),
            "6x5: at most 25 cells are supported (5x5, the 24-puzzle)"
        );
        assert_eq!(
            "13x2".parse::<Board>().unwrap_err().to_string(),
            "13x2: at most 25 cells are supported (5x5, the 24-puzzle)"
        );
        // Every board of 13 to 25 cells with both sides at least 2, and its transpose.
        let named: Vec<String> = Board::with_patterns().map(|b| b.to_string()).collect();
        assert_eq!(
            named.join(" "),
            "7x2 2x7 5x3 3x5 8x2 4x4 2x8 9x2 6x3 3x6 2x9 10x2 5x4 4x5 2x10 7x3 3x7 11x2 2x11 \
             12x2 8x3 6x4 4x6 3x8 2x12 5x5"
        );
        let noted: Vec<String> = Board::with_patterns()
            .filter(|b| b.slow_search_note().is_some())
            .map(|b| b.to_string())
            .collect();
        assert_eq!(
            noted.join(" "),
            "7x3 3x7 11x2 2x11 12x2 8x3 6x4 4x6 3x8 2x12 5x5"
        );
        assert_eq!(Board::THREE_BY_THREE.slow_search_note(), None);
        for board in Board::with_patterns() {
            assert_eq!(board.method(), Method::Patterns);
            assert_eq!(board.to_string().parse::<Board>(), Ok(board));
            assert_eq!(board.default_partition().check(board.cells()), Ok(()));
            assert!(board.tall().width() <= board.tall().height());
            assert!(!board.canonical_goals().is_empty());
        }
        let wide: Vec<String> = "5x3"
            .parse::<Board>()
            .unwrap()
            .canonical_goals()
            .iter()
            .map(|g| format!("{} {g}", g.board()))
            .collect();
        assert_eq!(wide[0], "3x5 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0");
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
