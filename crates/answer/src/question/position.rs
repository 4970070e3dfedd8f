//! A position on any board answered, read from any form people and programs write one in.

use std::fmt;

use tilebase_core::{
    Board, MAX_BOARD_CELLS, MAX_CELLS, Method, Move, State, StateError, TABLE_CELLS,
};
use tilebase_pattern::{CellsError, Grid, parse_board_cells};

use crate::question::given::Given;

/// A state of a [`Board`]: which tile is in each cell, row by row, 0 for the blank. Always
/// holds every tile of its board once.
///
/// ```
/// use tilebase_answer::{Board, Position};
///
/// let p = Position::parse(Board::THREE_BY_THREE, "603/712/458")?;
/// assert_eq!(p.to_string(), "603712458");
/// let q = Position::parse(Board::FOUR_BY_FOUR, "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]")?;
/// assert_eq!(q.to_string(), "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15");
/// assert_eq!(
///     Position::parse(Board::FOUR_BY_FOUR, "1,2,3").unwrap_err().to_string(),
///     "3 cells, but a 4x4 board has 16"
/// );
/// # Ok::<(), tilebase_answer::ReadError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position(Repr);

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Repr {
    /// A state of a board with a full table: the lookup crate's own type.
    Table(State),
    /// A state of a larger board.
    Cells {
        board: Board,
        cells: [u8; MAX_BOARD_CELLS],
    },
}

/// Why text or cells are not a position of the board: in the words of the reader of that
/// board's states ([`StateError`] up to 12 cells, [`CellsError`] beyond).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// A board with a full table.
    #[error(transparent)]
    State(#[from] StateError),
    /// A larger board.
    #[error(transparent)]
    Cells(#[from] CellsError),
    /// Over 12 cells, with no board named and no rows written: the boards that many cells fit.
    #[error("{}", shapes(*.cells, .boards))]
    Shape {
        /// Cells given.
        cells: usize,
        /// The boards of that many cells.
        boards: Vec<Board>,
    },
}

fn shapes(cells: usize, boards: &[Board]) -> String {
    match boards {
        [] => format!(
            "{cells} cells: no board has that many (boards have 4 to {} cells, both sides at \
             least 2)",
            MAX_BOARD_CELLS
        ),
        _ => {
            let names: Vec<String> = boards.iter().map(Board::to_string).collect();
            let listed = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => names.join(""),
            };
            format!("{cells} cells fit {listed}: name the board, or write the rows with /")
        }
    }
}

impl Position {
    /// The position with `cells`, row by row, on `board`; refused with the reason when they are
    /// not each of the board's tiles once.
    pub fn new(board: Board, cells: &[u8]) -> Result<Position, ReadError> {
        if board.has_table() {
            Ok(Position(Repr::Table(State::new(board, cells)?)))
        } else {
            check_cells(board, cells)?;
            Ok(Position::of_cells(board, cells))
        }
    }

    /// A position from cells known to be each of the board's tiles once.
    fn of_cells(board: Board, cells: &[u8]) -> Position {
        let mut array = [0u8; MAX_BOARD_CELLS];
        array[..cells.len()].copy_from_slice(cells);
        Position(Repr::Cells {
            board,
            cells: array,
        })
    }

    /// Reads a position of `board` from any form `query` reads: `603712458`,
    /// `6 0 3 7 1 2 4 5 8`, `6,0,3,...`, `[6,0,3,...]`, `603/712/458`; on boards of more than
    /// 10 cells with separators.
    pub fn parse(board: Board, text: &str) -> Result<Position, ReadError> {
        if board.has_table() {
            Ok(Position(Repr::Table(State::parse(board, text)?)))
        } else {
            Ok(Position::of_cells(board, &parse_board_cells(board, text)?))
        }
    }

    /// The commonest form, read fast: one ASCII digit per cell, on a board of up to 10 cells.
    /// `None` for anything else, valid or not: [`Position::parse`] reads every form.
    #[inline]
    pub fn from_digits(board: Board, digits: &[u8]) -> Option<Position> {
        State::from_digits(board, digits).map(Position::from)
    }

    /// Reads a position given as text or as cells, on `board`.
    pub fn read(board: Board, given: &Given) -> Result<Position, ReadError> {
        let wrong_count = |found| match board.method() {
            Method::Table => ReadError::State(StateError::WrongCellCount { found, board }),
            Method::Patterns | Method::Bounds => {
                ReadError::Cells(CellsError::WrongCellCount { found, board })
            }
        };
        match given {
            Given::Text(text) => Position::parse(board, text),
            // The same checks as the parser's for the cells it reads, and the same messages,
            // except for no cells at all, which the parser calls empty.
            Given::Small(cells) if !cells.is_empty() => Position::new(board, cells),
            Given::TooMany(found, _) => Err(wrong_count(*found)),
            // One value alone would be read as a string of digits: it is one cell.
            _ if given.is_one_value() => Err(wrong_count(1)),
            _ => Position::parse(board, &given.as_text()),
        }
    }

    /// Reads a position whose board is not named: the board its cells make, as `query` reads
    /// `--goal` alone. Sixteen cells written with separators, or given as cells, are the
    /// 15-puzzle's, 25 the 24-puzzle's; rows (separated by `/` or on lines of their own) name
    /// their board; other counts name the board of that many cells, and are refused when two
    /// boards fit.
    pub fn read_anywhere(given: &Given) -> Result<Position, ReadError> {
        if let Given::Text(text) = given {
            return Position::parse_anywhere(text);
        }
        if could_be_sixteen_cells(given)
            && let Ok(position) = Position::read(Board::FOUR_BY_FOUR, given)
        {
            return Ok(position);
        }
        if matches!(given, Given::Small(cells) if cells.len() > TABLE_CELLS)
            || matches!(given, Given::Ints(values) if values.len() > TABLE_CELLS)
        {
            return Position::parse_anywhere(&given.as_text());
        }
        let fast = match given {
            Given::Text(_) => None,
            Given::Small(cells) => tilebase_core::Board::from_cell_count(cells.len())
                .and_then(|board| State::new(board, cells).ok()),
            Given::TooMany(cells, _) => {
                return Err(StateError::NoBoard { cells: *cells }.into());
            }
            Given::Ints(_) => None,
        };
        if fast.is_none() && given.is_one_value() {
            return Err(StateError::NoBoard { cells: 1 }.into());
        }
        match fast {
            Some(state) => Ok(Position::from(state)),
            None => Ok(Position::from(given.as_text().parse::<State>()?)),
        }
    }

    /// [`Position::read_anywhere`] for text.
    pub fn parse_anywhere(text: &str) -> Result<Position, ReadError> {
        // Rows name their board (2x8 as well as 4x4) before a count of 16 names the 15-puzzle.
        if let Some(board) = larger_board(text)? {
            return Position::parse(board, text);
        }
        // A string of digits alone is no 15-puzzle state: its tiles 10 to 15 take two digits.
        if !text.bytes().all(|b| b.is_ascii_digit())
            && let Ok(position) = Position::parse(Board::FOUR_BY_FOUR, text)
        {
            return Ok(position);
        }
        let fast = tilebase_core::Board::from_cell_count(text.len())
            .and_then(|board| State::from_digits(board, text.as_bytes()));
        match fast {
            Some(state) => Ok(Position::from(state)),
            None => Ok(Position::from(text.parse::<State>()?)),
        }
    }

    /// The board.
    pub fn board(&self) -> Board {
        match &self.0 {
            Repr::Table(state) => state.board(),
            Repr::Cells { board, .. } => *board,
        }
    }

    /// The tiles, cell by cell, row by row.
    pub fn cells(&self) -> &[u8] {
        match &self.0 {
            Repr::Table(state) => state.cells(),
            Repr::Cells { board, cells } => &cells[..board.cells()],
        }
    }

    /// The position as a full table knows it, on a board that has one.
    #[inline]
    pub fn state(&self) -> Option<&State> {
        match &self.0 {
            Repr::Table(state) => Some(state),
            Repr::Cells { .. } => None,
        }
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.cells().iter().position(|&t| t == 0).unwrap_or(0)
    }

    /// The position after the blank moves `m`; `None` off the board.
    pub fn slide(&self, m: Move) -> Option<Position> {
        match &self.0 {
            Repr::Table(state) => state.slide(m).map(Position::from),
            Repr::Cells { board, cells } => {
                let blank = self.blank();
                let to = board.step(blank, m)?;
                let mut cells = *cells;
                cells.swap(blank, to);
                Some(Position(Repr::Cells {
                    board: *board,
                    cells,
                }))
            }
        }
    }

    /// The tile that moves when the blank moves `m`; `None` off the board.
    pub fn slide_tile(&self, m: Move) -> Option<u8> {
        let to = self.board().step(self.blank(), m)?;
        Some(self.cells()[to])
    }

    /// The positions along `moves` from this one, this one first; the list stops at a move off
    /// the board.
    pub fn along(&self, moves: &[Move]) -> Vec<Position> {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        positions.push(*self);
        let mut now = *self;
        for &m in moves {
            match now.slide(m) {
                Some(next) => now = next,
                None => break,
            }
            positions.push(now);
        }
        positions
    }

    /// Whether this position can reach `goal` (of the same board): `None` if it can, else why
    /// not, in words.
    pub fn unsolvable_reason(&self, goal: &Position) -> Option<String> {
        let solvable = match (&self.0, &goal.0) {
            (Repr::Table(state), Repr::Table(goal)) => state.parity() == goal.parity(),
            _ => tilebase_bounds::solvable(self.board(), goal.cells(), self.cells()),
        };
        (!solvable).then(|| self.parity_reason(goal))
    }

    /// Why this position, known to be of the other parity half, cannot reach `goal`: the
    /// parities compared, in words.
    pub(crate) fn parity_reason(&self, goal: &Position) -> String {
        match (&self.0, &goal.0) {
            (Repr::Table(state), Repr::Table(goal)) => tilebase_core::Unsolvable {
                state: *state,
                goal: *goal,
            }
            .reason(),
            _ => even_width_reason(self.cells(), goal.cells(), self.board().width()),
        }
    }
}

impl Position {
    /// The goal when none is given on `board`: 123804765 (the source articles') on 3x3, the
    /// tiles in order with the blank last elsewhere.
    ///
    /// ```
    /// use tilebase_answer::{Board, Position};
    ///
    /// assert_eq!(Position::default_goal(Board::THREE_BY_THREE).to_string(), "123804765");
    /// assert_eq!(
    ///     Position::default_goal(Board::FOUR_BY_FOUR).to_string(),
    ///     "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    /// );
    /// ```
    pub fn default_goal(board: Board) -> Position {
        match board.default_goal() {
            Some(goal) => Position::from(goal),
            None => Position::of_cells(board, &board.ordered_cells()),
        }
    }

    /// The goals of `board` whose answers, between them, answer for every goal: one per class
    /// of the blank's cell under the board's symmetries (3 on 3x3 and on 4x4), each with the
    /// tiles in order around the blank. On boards answered from pattern databases the blank on
    /// the last cell of its class in reading order (on 4x4 a corner, an edge, inside), as on the
    /// boards with full tables, and on the board's tall form (a goal of 3x5 for 5x3), whose
    /// files answer both.
    pub fn canonical_goals(board: Board) -> Vec<Position> {
        // Boards answered with bounds need no files: any goal is answered as it is.
        if board.method() == Method::Bounds {
            return vec![Position::default_goal(board)];
        }
        if board.has_table() {
            return board
                .canonical_goals()
                .into_iter()
                .map(Position::from)
                .collect();
        }
        let tall = board.tall();
        let grid = Grid::of(tall);
        let n = board.cells();
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
            .filter_map(|goal| Position::new(tall, goal).ok())
            .collect()
    }
}

impl From<State> for Position {
    #[inline]
    fn from(state: State) -> Position {
        Position(Repr::Table(state))
    }
}

impl fmt::Display for Position {
    /// As `query` writes states: digits on boards of up to 10 cells, else comma-separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Table(state) => state.fmt(f),
            Repr::Cells { .. } => {
                for (i, t) in self.cells().iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {self})", self.board())
    }
}

/// Each tile of `board` once, or the first problem, as [`parse_cells`] says it (which meets an
/// out-of-range value before it counts the cells).
fn check_cells(board: Board, cells: &[u8]) -> Result<(), CellsError> {
    let n = board.cells();
    if let Some(&value) = cells.iter().find(|&&t| usize::from(t) >= n) {
        return Err(CellsError::OutOfRange {
            value: value.to_string(),
            board,
        });
    }
    if cells.len() != n {
        return Err(CellsError::WrongCellCount {
            found: cells.len(),
            board,
        });
    }
    let mut seen = 0u128;
    for &t in cells {
        if seen & (1 << t) != 0 {
            let missing = (0..n as u8).find(|&m| !cells.contains(&m)).unwrap_or(0);
            return Err(CellsError::RepeatedTile { tile: t, missing });
        }
        seen |= 1 << t;
    }
    Ok(())
}

/// Why `cells` cannot reach `goal` on a board of even `width`, as `query` says it on every
/// such board: the parity of the inversions plus the blank's row from the bottom.
fn even_width_reason(cells: &[u8], goal: &[u8], width: usize) -> String {
    let inversions = |c: &[u8]| -> u32 {
        let tiles: Vec<u8> = c.iter().copied().filter(|&t| t != 0).collect();
        let mut n = 0;
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                n += u32::from(tiles[i] > tiles[j]);
            }
        }
        n
    };
    let rows = cells.len() / width;
    let row_from_bottom = |c: &[u8]| -> u32 {
        (rows - 1 - c.iter().position(|&t| t == 0).unwrap_or(0) / width) as u32
    };
    let word = |n: u32| if n.is_multiple_of(2) { "even" } else { "odd" };
    let (si, sr, gi, gr) = (
        inversions(cells),
        row_from_bottom(cells),
        inversions(goal),
        row_from_bottom(goal),
    );
    let goal_text: Vec<String> = goal.iter().map(u8::to_string).collect();
    format!(
        "inversions plus the blank's row from the bottom make {si}+{sr} ({}) where goal {} makes \
         {gi}+{gr} ({}), and no move on a board {width} wide changes that parity",
        word(si + sr),
        goal_text.join(","),
        word(gi + gr)
    )
}

/// The board of a state of over 12 cells written without naming its board: read off its rows
/// where `/` separates them (`1,2,3/4,5,6/.../13,14,0` is 3x5), else the one board of that many
/// cells (25: 5x5; 16 is 4x4, read before); `None` for 12 cells or fewer, which the full
/// tables' parser reads.
fn larger_board(text: &str) -> Result<Option<Board>, ReadError> {
    let count = |row: &str| {
        row.split(|c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .count()
    };
    // Rows are separated by `/` or written on lines of their own (a pasted grid).
    let rows: Vec<usize> = text
        .split(['/', '\n'])
        .map(count)
        .filter(|&n| n > 0)
        .collect();
    let cells: usize = rows.iter().sum();
    if cells <= TABLE_CELLS || cells > MAX_BOARD_CELLS {
        return Ok(None);
    }
    if rows.len() > 1 && rows.iter().all(|&r| r == rows[0]) {
        return Ok(Board::new(rows[0], rows.len()).ok());
    }
    let boards: Vec<Board> = Board::with_cells(cells).collect();
    // A square count past the 24-puzzle's is the square board's (36: the 35-puzzle, 6x6), as
    // 16 is the 15-puzzle's.
    let side = (1..=10).find(|s| s * s == cells);
    match (&boards[..], side) {
        ([board], _) => Ok(Some(*board)),
        (_, Some(side)) if cells > MAX_CELLS => Ok(Board::new(side, side).ok()),
        _ if cells == Board::FOUR_BY_FOUR.cells() => Ok(None),
        _ => Err(ReadError::Shape { cells, boards }),
    }
}

/// The board a count of cells alone names: the only board of that many cells (4: 2x2, 9: 3x3,
/// 25: the 24-puzzle), and the 15-puzzle for 16 (which 8x2 and 2x8 have too); `None` for counts
/// that fit two boards or none. Rows of a batch of that width are read on it.
pub fn board_of_cell_count(cells: usize) -> Option<Board> {
    if cells == Board::FOUR_BY_FOUR.cells() {
        return Some(Board::FOUR_BY_FOUR);
    }
    let mut boards = Board::with_cells(cells);
    match (boards.next(), boards.next()) {
        (Some(board), None) => Some(board),
        _ => None,
    }
}

/// A cheap first look at cells given as numbers, so that a small board's goal is not read
/// twice (text is looked at by [`Position::parse_anywhere`]).
fn could_be_sixteen_cells(given: &Given) -> bool {
    matches!(given, Given::Small(cells) if cells.len() == Board::FOUR_BY_FOUR.cells())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::given::Int;

    fn ints(v: &[i64]) -> Given {
        Given::sequence(&v.iter().map(|&c| Int::Small(c)).collect::<Vec<_>>())
    }

    /// A state of over 12 cells with no board named: 25 cells are 5x5's, rows written with /
    /// name the board, and other counts say which boards they fit.
    #[test]
    fn larger_boards_are_read_off_the_cells_or_the_rows() {
        let board = |text: &str| Position::parse_anywhere(text).map(|p| p.board().to_string());
        let five: Vec<String> = (1..25).chain([0]).map(|t| t.to_string()).collect();
        assert_eq!(board(&five.join(",")), Ok("5x5".into()));
        assert_eq!(board(&five.join(" ")), Ok("5x5".into()));
        let cells: Vec<i64> = (1..25).chain([0]).collect();
        let read = Position::read_anywhere(&ints(&cells)).map(|p| p.board().to_string());
        assert_eq!(read, Ok("5x5".into()));
        assert_eq!(
            board("1,2,3/4,5,6/7,8,9/10,11,12/13,14,0"),
            Ok("3x5".into())
        );
        assert_eq!(
            board("1,2,3,4,5/6,7,8,9,10/11,12,13,14,0"),
            Ok("5x3".into())
        );
        assert_eq!(
            board("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0")
                .unwrap_err()
                .to_string(),
            "15 cells fit 5x3 and 3x5: name the board, or write the rows with /"
        );
        assert_eq!(
            board("1,2,3,4,5,6,7,8,9,10,11,12,0")
                .unwrap_err()
                .to_string(),
            "13 cells: no board has that many (boards have 4 to 100 cells, both sides at least 2)"
        );
        // Past 25 cells: a count of one board names it, a square count the square board.
        let cells = |n: u8| (1..n).chain([0]).map(|t| t.to_string()).collect::<Vec<_>>();
        assert_eq!(board(&cells(49).join(",")), Ok("7x7".into()));
        assert_eq!(board(&cells(36).join(" ")), Ok("6x6".into()));
        assert_eq!(board(&cells(100).join(",")), Ok("10x10".into()));
        let rows = cells(36).chunks(9).map(|r| r.join(",")).collect::<Vec<_>>();
        assert_eq!(board(&rows.join("/")), Ok("9x4".into()));
        assert_eq!(
            board(&cells(30).join(",")).unwrap_err().to_string(),
            "30 cells fit 15x2, 10x3, 6x5, 5x6, 3x10 and 2x15: name the board, or write the rows \
             with /"
        );
        let six = Position::parse_anywhere(&cells(36).join(",")).unwrap();
        assert_eq!(six, Position::default_goal("6x6".parse().unwrap()));
        let mut swapped = cells(36);
        swapped.swap(0, 1);
        let unsolvable = Position::parse_anywhere(&swapped.join(",")).unwrap();
        assert!(unsolvable.unsolvable_reason(&six).is_some());
        assert_eq!(six.slide(Move::Up).unwrap().blank(), 29);
        assert_eq!(six.slide(Move::Right), None);
        // Sixteen cells stay the 15-puzzle's.
        let sixteen: Vec<String> = (1..16).chain([0]).map(|t| t.to_string()).collect();
        assert_eq!(board(&sixteen.join(",")), Ok("4x4".into()));
    }

    #[test]
    fn positions_are_read_in_the_readers_words() {
        let three = Board::THREE_BY_THREE;
        let read = |board, given: &Given| {
            Position::read(board, given)
                .map(|p| p.to_string())
                .map_err(|e| format!("{}: {e}", given.shown()))
        };
        assert_eq!(
            read(three, &Given::text("603/712/458")).unwrap(),
            "603712458"
        );
        assert_eq!(
            read(three, &Given::text("12345678")).unwrap_err(),
            "\"12345678\": 8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)"
        );
        assert_eq!(
            read(three, &ints(&[1, 2, 3])).unwrap_err(),
            "[1, 2, 3]: 3 cells, but a 3x3 board has 9"
        );
        assert_eq!(
            read(three, &ints(&[1, 2, 3, 4, 5, 6, 7, 8, -1])).unwrap_err(),
            "[1, 2, 3, 4, 5, 6, 7, 8, -1]: value -1 is out of range: a 3x3 board has tiles 0 to 8"
        );
        let four = Board::FOUR_BY_FOUR;
        assert_eq!(
            read(four, &Given::Small(vec![1; 16])).unwrap_err(),
            "[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]: tile 1 appears twice (no blank, 0)"
        );
        assert_eq!(
            read(four, &ints(&[7])).unwrap_err(),
            "[7]: 1 cell, but a 4x4 board has 16"
        );
        let mut row: Vec<u8> = (1..16).chain([0]).collect();
        row[3] = 16;
        assert_eq!(
            Position::new(four, &row).unwrap_err().to_string(),
            "value 16 is out of range: a 4x4 board has tiles 0 to 15"
        );
        row[3] = 0;
        assert_eq!(
            Position::new(four, &row).unwrap_err().to_string(),
            "two blanks (tile 4 is missing)"
        );
    }

    /// A goal with no board: sixteen cells make the 15-puzzle, other counts the board of a full
    /// table with that many, as before.
    #[test]
    fn a_board_is_read_off_the_cells() {
        let anywhere =
            |given: &Given| Position::read_anywhere(given).map(|p| p.board().to_string());
        let fifteen = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0";
        assert_eq!(anywhere(&Given::text(fifteen)).unwrap(), "4x4");
        assert_eq!(
            anywhere(&Given::text("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0")).unwrap(),
            "4x4"
        );
        let cells: Vec<u8> = (1..16).chain([0]).collect();
        assert_eq!(anywhere(&Given::Small(cells)).unwrap(), "4x4");
        assert_eq!(anywhere(&Given::text("123804765")).unwrap(), "3x3");
        assert_eq!(anywhere(&Given::text("12/34/50")).unwrap(), "2x3");
        assert_eq!(
            anywhere(&Given::text("123450")).unwrap_err().to_string(),
            "6 cells fit both 3x2 and 2x3: name the board, or write the rows with /"
        );
        // Sixteen cells that are no 15-puzzle state are refused as before.
        assert_eq!(
            anywhere(&Given::text("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15"))
                .unwrap_err()
                .to_string(),
            "16 cells: no board has that many (boards have 4 to 12 cells)"
        );
        assert_eq!(
            anywhere(&ints(&[7])).unwrap_err().to_string(),
            "1 cell: no board has that many (boards have 4 to 12 cells)"
        );
    }

    #[test]
    fn moves_and_reasons_on_every_board() {
        let four = Board::FOUR_BY_FOUR;
        let goal = Position::default_goal(four);
        let one = goal.slide(Move::Left).unwrap();
        assert_eq!(one.to_string(), "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15");
        assert_eq!(goal.slide_tile(Move::Left), Some(15));
        assert_eq!(goal.slide(Move::Down), None);
        assert_eq!(one.along(&[Move::Right, Move::Right]).len(), 2);
        assert_eq!(one.unsolvable_reason(&goal), None);
        let swapped = Position::parse(four, "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0").unwrap();
        assert_eq!(
            swapped.unsolvable_reason(&goal).unwrap(),
            "inversions plus the blank's row from the bottom make 1+0 (odd) where goal \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 makes 0+0 (even), and no move on a board 4 \
             wide changes that parity"
        );
        let three = Position::parse(Board::THREE_BY_THREE, "864072513").unwrap();
        assert_eq!(
            three
                .unsolvable_reason(&Position::default_goal(Board::THREE_BY_THREE))
                .unwrap(),
            "22 inversions (even) where goal 123804765 has 7 (odd), and no move on a board 3 wide \
             changes that parity"
        );
        assert_eq!(three.slide(Move::Up).unwrap().to_string(), "064872513");
    }
}

#[cfg(test)]
mod board_tests {
    use tilebase_core::{Board, Method};
    use tilebase_pattern::{Grid, Partition};

    use crate::{Position, slow_search_note};

    #[test]
    fn every_board_of_a_table_and_the_fifteen_puzzle() {
        for board in Board::with_tables() {
            assert_eq!(board.method(), Method::Table);
            assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        }
        for text in ["4x4", "4X4", " 4×4 "] {
            assert_eq!(text.parse::<Board>(), Ok(Board::FOUR_BY_FOUR), "{text}");
        }
        assert_eq!(Board::FOUR_BY_FOUR.method(), Method::Patterns);
        assert!(!Board::FOUR_BY_FOUR.has_table());
        assert_eq!(
            Grid::of(Board::FOUR_BY_FOUR),
            tilebase_pattern::FOUR_BY_FOUR
        );
        assert_eq!(
            Position::default_goal(Board::FOUR_BY_FOUR).to_string(),
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
        );
        assert_eq!(
            Position::default_goal(Board::THREE_BY_THREE).to_string(),
            "123804765"
        );
        assert_eq!(
            "11x10".parse::<Board>().unwrap_err().to_string(),
            "11x10: at most 100 cells are supported (10x10)"
        );
        assert_eq!(
            "51x2".parse::<Board>().unwrap_err().to_string(),
            "51x2: at most 100 cells are supported (10x10)"
        );
        assert_eq!("6x5".parse::<Board>().unwrap().method(), Method::Bounds);
        // Every board of 13 to 25 cells with both sides at least 2, and its transpose.
        let named: Vec<String> = Board::with_patterns().map(|b| b.to_string()).collect();
        assert_eq!(
            named.join(" "),
            "7x2 2x7 5x3 3x5 8x2 4x4 2x8 9x2 6x3 3x6 2x9 10x2 5x4 4x5 2x10 7x3 3x7 11x2 2x11 \
             12x2 8x3 6x4 4x6 3x8 2x12 5x5"
        );
        let noted: Vec<String> = Board::with_patterns()
            .filter(|&b| slow_search_note(b).is_some())
            .map(|b| b.to_string())
            .collect();
        assert_eq!(
            noted.join(" "),
            "7x3 3x7 11x2 2x11 12x2 8x3 6x4 4x6 3x8 2x12 5x5"
        );
        assert_eq!(slow_search_note(Board::THREE_BY_THREE), None);
        for board in Board::with_patterns() {
            assert_eq!(board.method(), Method::Patterns);
            assert_eq!(board.to_string().parse::<Board>(), Ok(board));
            assert_eq!(
                Partition::default_for(board.cells()).check(board.cells()),
                Ok(())
            );
            assert!(board.tall().width() <= board.tall().height());
            assert!(!Position::canonical_goals(board).is_empty());
        }
        let wide: Vec<String> = Position::canonical_goals("5x3".parse::<Board>().unwrap())
            .iter()
            .map(|g| format!("{} {g}", g.board()))
            .collect();
        assert_eq!(wide[0], "3x5 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0");
        assert!("1x4".parse::<Board>().is_err());
        let classes: Vec<String> = Position::canonical_goals(Board::FOUR_BY_FOUR)
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
        assert_eq!(Position::canonical_goals(Board::THREE_BY_THREE).len(), 3);
    }
}
