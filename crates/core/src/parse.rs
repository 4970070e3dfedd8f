//! Reading states from text, and every way that can fail.
//!
//! Accepted forms: a digit string (`603712458`), cells separated by spaces or by commas
//! (`6 0 3 ...`, `6,0,3,...`, `6, 0, 3, ...`), optionally in brackets (`[6,0,3,...]`), and rows
//! separated by `/` or written on lines of their own (`603/712/458`, `6 0 3/7 1 2/4 5 8`, a grid
//! pasted over three lines). A digit string gives one cell per digit; with separators a cell may
//! have two digits (tiles 10 and 11 of a 12-cell board). The blank may be written `.`, as the
//! programs draw it in a grid (`6 . 3/7 1 2/4 5 8`, `6.3/712/458`).

use std::fmt;

use crate::board::{Board, BoardError, TABLE_CELLS};

/// Why a text or a list of cells is not a state. The message names the problem; callers add
/// the input it came from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// Nothing but white space.
    #[error("empty: a state lists its cells row by row, like 123804765")]
    Empty,
    /// A character that has no place in a state.
    #[error("stray character {found:?} at column {column}")]
    StrayCharacter {
        /// The character.
        found: char,
        /// Where it is, counting characters from 1.
        column: usize,
    },
    /// Two separators in a row, or one at the start or end of a row.
    #[error("empty cell at column {column}: a separator with no cell before it")]
    EmptyCell {
        /// Where the stray separator is, counting characters from 1.
        column: usize,
    },
    /// A row separator `/` with no cells after it.
    #[error("row {row} is empty")]
    EmptyRow {
        /// The row, counting from 1.
        row: usize,
    },
    /// Commas between some cells and spaces between others.
    #[error("commas and spaces both separate cells (column {column}): use one or the other")]
    MixedSeparators {
        /// Where the separator that breaks the pattern is, counting characters from 1.
        column: usize,
    },
    /// A `[` without its `]`.
    #[error("'[' is never closed with ']'")]
    UnclosedBracket,
    /// A value that is not a tile of the board.
    #[error("value {value} is out of range: {} board has tiles 0 to {}", article(*board), board.cells() - 1)]
    OutOfRange {
        /// The value as written.
        value: String,
        /// The board it was read for.
        board: Board,
    },
    /// A tile given twice; then another is missing.
    #[error("{}", repeated(*tile, *missing))]
    RepeatedTile {
        /// The tile given twice.
        tile: u8,
        /// A tile that is missing.
        missing: u8,
    },
    /// Not as many cells as the board has.
    #[error("{}", cell_count_message(*found, *board))]
    WrongCellCount {
        /// Cells given.
        found: usize,
        /// The board they were read for.
        board: Board,
    },
    /// Rows given with `/`, but not as many as the board has.
    #[error("{found} rows, but {} board has {}", article(*board), board.height())]
    WrongRowCount {
        /// Rows given.
        found: usize,
        /// The board they were read for.
        board: Board,
    },
    /// A row given with `/` that is not as wide as the board.
    #[error("row {row} has {found} cell{}, but {} board's rows have {}", plural(*found), article(*board), board.width())]
    WrongRowLength {
        /// The row, counting from 1.
        row: usize,
        /// Cells in it.
        found: usize,
        /// The board it was read for.
        board: Board,
    },
    /// Rows of different lengths, when the board is to be read off the rows.
    #[error("row {row} has {found} cell{} but row 1 has {first}", plural(*found))]
    RaggedRows {
        /// The first row whose length differs from the first row's, counting from 1.
        row: usize,
        /// Cells in it.
        found: usize,
        /// Cells in the first row.
        first: usize,
    },
    /// The rows describe a board that is not valid.
    #[error("the rows make a board that is not valid: {0}")]
    BadShape(BoardError),
    /// A board without a full table, whose states are not [`crate::State`]s.
    #[error(transparent)]
    Board(BoardError),
    /// A cell count that fits two boards (6 cells: 3x2 or 2x3), with nothing to choose between.
    #[error("{cells} cells fit both {wide} and {tall}: name the board, or write the rows with /")]
    AmbiguousBoard {
        /// Cells given.
        cells: usize,
        /// The wide board of that size.
        wide: Board,
        /// The tall board of that size.
        tall: Board,
    },
    /// A cell count no board has.
    #[error("{cells} cell{}: no board has that many (boards have 4 to {TABLE_CELLS} cells)", plural(*cells))]
    NoBoard {
        /// Cells given.
        cells: usize,
    },
}

/// Why `found` cells are no state of `board`, and which boards that many cells do make: `16
/// cells, but a 3x3 board has 9 (16 cells make a 4x4 board)`. Shared by every reader of cells,
/// so that a state typed for another board says which one.
pub fn cell_count_message(found: usize, board: Board) -> String {
    let mut message = format!(
        "{found} cell{}, but {} board has {}",
        plural(found),
        article(board),
        board.cells()
    );
    // The squarest first: 16 cells make a 4x4 board before an 8x2.
    let mut boards: Vec<Board> = Board::with_cells(found).collect();
    boards.sort_by_key(|b| b.width().abs_diff(b.height()));
    let names: Vec<String> = boards.iter().map(Board::to_string).collect();
    if let Some((last, others)) = names.split_last() {
        let named = match others {
            [] => last.clone(),
            _ => format!("{} or {last}", others.join(", ")),
        };
        message.push_str(&format!(" ({found} cells make {} board)", article(named)));
    }
    message
}

/// `a 3x3`, `an 8x2`, `an 11x2`: a board's name with the article it is said with.
pub fn article(board: impl fmt::Display) -> String {
    let name = board.to_string();
    let vowel = name.starts_with('8') || name.starts_with("11x");
    format!("{} {name}", if vowel { "an" } else { "a" })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why a state with `tile` twice and `missing` absent is none: `two blanks (tile 6 is
/// missing)`. Shared by every reader of cells.
pub fn repeated(tile: u8, missing: u8) -> String {
    match (tile, missing) {
        (0, m) => format!("two blanks (tile {m} is missing)"),
        (t, 0) => format!("tile {t} appears twice (no blank, 0)"),
        (t, m) => format!("tile {t} appears twice (tile {m} is missing)"),
    }
}

/// Marks a value that can be no board's tile; its text is kept for the message.
const TOO_BIG: u8 = u8::MAX;

/// The cells of a state as read, before they are checked against a board.
#[derive(Debug)]
pub(crate) struct Cells {
    values: [u8; TABLE_CELLS],
    /// Every cell read, including those past `TABLE_CELLS` that are only counted.
    count: usize,
    /// Cells in each row, when rows were written with `/`.
    row_lengths: [usize; TABLE_CELLS],
    /// Rows read, including those past `TABLE_CELLS` that are only counted.
    rows: usize,
    /// The text of the first value too big for any board.
    too_big: Option<String>,
}

impl Cells {
    pub(crate) fn values(&self) -> &[u8] {
        &self.values[..self.count.min(TABLE_CELLS)]
    }

    fn push(&mut self, value: u8) {
        if self.count < TABLE_CELLS {
            self.values[self.count] = value;
        }
        self.count += 1;
        if self.rows <= TABLE_CELLS {
            self.row_lengths[self.rows - 1] += 1;
        }
    }

    /// Checks the cell count, the rows and the value range against a board.
    pub(crate) fn check_shape(&self, board: Board) -> Result<(), StateError> {
        if self.rows > 1 {
            if self.rows != board.height() {
                return Err(StateError::WrongRowCount {
                    found: self.rows,
                    board,
                });
            }
            if let Some(row) = self.row_lengths[..self.rows]
                .iter()
                .position(|&n| n != board.width())
            {
                return Err(StateError::WrongRowLength {
                    row: row + 1,
                    found: self.row_lengths[row],
                    board,
                });
            }
        } else if self.count != board.cells() {
            return Err(StateError::WrongCellCount {
                found: self.count,
                board,
            });
        }
        if let Some(&v) = self
            .values()
            .iter()
            .find(|&&v| usize::from(v) >= board.cells())
        {
            let value = match (v, &self.too_big) {
                (TOO_BIG, Some(text)) => text.clone(),
                _ => v.to_string(),
            };
            return Err(StateError::OutOfRange { value, board });
        }
        Ok(())
    }

    /// The board these cells describe: read off the rows, or named by the cell count.
    pub(crate) fn infer_board(&self) -> Result<Board, StateError> {
        let board = if self.rows > 1 {
            let first = self.row_lengths[0];
            let rows = &self.row_lengths[..self.rows.min(TABLE_CELLS)];
            if let Some(row) = rows.iter().position(|&n| n != first) {
                return Err(StateError::RaggedRows {
                    row: row + 1,
                    found: rows[row],
                    first,
                });
            }
            Board::with_table(first, self.rows).map_err(StateError::BadShape)?
        } else {
            let cells = self.count;
            match Board::from_cell_count(cells) {
                Some(board) => board,
                None => {
                    let shapes: Vec<Board> = Board::with_tables()
                        .filter(|b| b.cells() == cells)
                        .collect();
                    return Err(match shapes[..] {
                        [tall, wide] => StateError::AmbiguousBoard { cells, wide, tall },
                        _ => StateError::NoBoard { cells },
                    });
                }
            }
        };
        self.check_shape(board)?;
        Ok(board)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Separator {
    Space,
    Comma,
}

/// Splits a text into cells and rows, checking only its syntax.
pub(crate) fn cells(text: &str) -> Result<Cells, StateError> {
    let column = |offset: usize| text[..offset].chars().count() + 1;
    let bytes = text.as_bytes();
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');

    // The text within `start..end` without white space around it; empty is an error.
    let trim = |mut start: usize, mut end: usize| {
        while start < end && is_space(bytes[start]) {
            start += 1;
        }
        while end > start && is_space(bytes[end - 1]) {
            end -= 1;
        }
        if start == end {
            return Err(StateError::Empty);
        }
        Ok((start, end))
    };
    let (mut start, mut end) = trim(0, bytes.len())?;
    if bytes[start] == b'[' {
        if bytes[end - 1] != b']' || end - start < 2 {
            return Err(StateError::UnclosedBracket);
        }
        (start, end) = trim(start + 1, end - 1)?;
    }

    // First pass: the numbers, where each one starts, and the separators between them.
    let mut cells = Cells {
        values: [0; TABLE_CELLS],
        count: 0,
        row_lengths: [0; TABLE_CELLS],
        rows: 1,
        too_big: None,
    };
    let mut separator: Option<Separator> = None;
    // Runs of digits with no separator at all are digit strings: one cell per digit. Decided
    // after the scan, so the tokens are kept as ranges first.
    let mut tokens: Vec<(usize, usize, usize)> = Vec::new(); // (start, end, row)
    let mut i = start;
    // What came since the last number: nothing yet, spaces, a comma (with spaces), a row break.
    let mut pending_comma: Option<usize> = None;
    let mut pending_space = false;
    let mut row_start = true;
    while i < end {
        let b = bytes[i];
        match b {
            b'0'..=b'9' | b'-' | b'.' => {
                let token_start = i;
                i += 1;
                // A digit string may hold the blank as '.', as a grid draws it (`6.3`).
                while i < end && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                    i += 1;
                }
                if b == b'-' && i == token_start + 1 {
                    return Err(StateError::StrayCharacter {
                        found: '-',
                        column: column(token_start),
                    });
                }
                if !row_start {
                    let here = if pending_comma.is_some() {
                        Separator::Comma
                    } else if pending_space {
                        Separator::Space
                    } else {
                        // A number straight after a number only happens after a '-'.
                        return Err(StateError::StrayCharacter {
                            found: '-',
                            column: column(token_start),
                        });
                    };
                    match separator {
                        Some(s) if s != here => {
                            return Err(StateError::MixedSeparators {
                                column: column(pending_comma.unwrap_or(token_start - 1)),
                            });
                        }
                        _ => separator = Some(here),
                    }
                } else if let Some(comma) = pending_comma {
                    return Err(StateError::EmptyCell {
                        column: column(comma),
                    });
                }
                tokens.push((token_start, i, cells.rows));
                pending_comma = None;
                pending_space = false;
                row_start = false;
            }
            b' ' | b'\t' | b'\r' => {
                pending_space = true;
                i += 1;
            }
            // A grid pasted over several lines: each line a row. A line break straight after a
            // `/` (or a blank line) adds no row.
            b'\n' if row_start => i += 1,
            b',' => {
                if pending_comma.is_some() || row_start {
                    return Err(StateError::EmptyCell { column: column(i) });
                }
                pending_comma = Some(i);
                i += 1;
            }
            b'/' | b'\n' => {
                if row_start {
                    return Err(StateError::EmptyRow { row: cells.rows });
                }
                if let Some(comma) = pending_comma {
                    return Err(StateError::EmptyCell {
                        column: column(comma),
                    });
                }
                cells.rows += 1;
                pending_space = false;
                row_start = true;
                i += 1;
            }
            _ => {
                let found = text[i..].chars().next().unwrap_or('\u{FFFD}');
                return Err(StateError::StrayCharacter {
                    found,
                    column: column(i),
                });
            }
        }
    }
    if row_start {
        return Err(StateError::EmptyRow { row: cells.rows });
    }
    if let Some(comma) = pending_comma {
        return Err(StateError::EmptyCell {
            column: column(comma),
        });
    }

    let digit_strings = separator.is_none();
    for (token_start, token_end, row) in tokens {
        cells.rows = row;
        let token = &text[token_start..token_end];
        if digit_strings && !token.starts_with('-') {
            for digit in token.bytes() {
                // '.' is the blank; every other byte of the token is a digit.
                cells.push(digit.saturating_sub(b'0'));
            }
        } else if token == "." {
            cells.push(0);
        } else {
            let value = token
                .parse::<u32>()
                .ok()
                .filter(|&v| (v as usize) < TABLE_CELLS);
            match value {
                Some(v) => cells.push(v as u8),
                None => {
                    cells.too_big.get_or_insert_with(|| token.to_owned());
                    cells.push(TOO_BIG);
                }
            }
        }
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use crate::{Board, State, StateError};

    const B: Board = Board::THREE_BY_THREE;

    fn ok(text: &str) -> String {
        State::parse(B, text)
            .unwrap_or_else(|e| panic!("{text:?}: {e}"))
            .to_string()
    }

    fn err(text: &str) -> String {
        State::parse(B, text).unwrap_err().to_string()
    }

    #[test]
    fn every_written_form_reads_the_same_state() {
        for text in [
            "603712458",
            "6 0 3 7 1 2 4 5 8",
            "6,0,3,7,1,2,4,5,8",
            "[6,0,3,7,1,2,4,5,8]",
            "[6, 0, 3, 7, 1, 2, 4, 5, 8]",
            "603/712/458",
            "6 0 3/7 1 2/4 5 8",
            "6 0 3 / 7 1 2 / 4 5 8",
            "6,0,3/7,1,2/4,5,8",
            "  603712458\r\n",
            "\t6  0  3  7  1  2  4  5  8 ",
            // A grid pasted over lines, as the programs draw it (the blank as '.').
            "603\n712\n458",
            "6 0 3\r\n7 1 2\r\n4 5 8\r\n",
            "6 . 3\n7 1 2\n4 5 8\n",
            "603/\n712/\n458",
            "6.3/712/458",
            "6.3712458",
        ] {
            assert_eq!(ok(text), "603712458", "{text:?}");
        }
    }

    #[test]
    fn each_problem_gets_its_own_message() {
        let cases = [
            (
                "",
                "empty: a state lists its cells row by row, like 123804765",
            ),
            (
                "   ",
                "empty: a state lists its cells row by row, like 123804765",
            ),
            (
                "[]",
                "empty: a state lists its cells row by row, like 123804765",
            ),
            (
                "12345678",
                "8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)",
            ),
            (
                "1234567800",
                "10 cells, but a 3x3 board has 9 (10 cells make a 5x2 or 2x5 board)",
            ),
            ("123456781", "tile 1 appears twice (no blank, 0)"),
            ("123400785", "two blanks (tile 6 is missing)"),
            (
                "123456789",
                "value 9 is out of range: a 3x3 board has tiles 0 to 8",
            ),
            (
                "1 2 3 4 5 6 7 8 -1",
                "value -1 is out of range: a 3x3 board has tiles 0 to 8",
            ),
            (
                "1 2 3 4 5 6 7 8 99999999999999999999",
                "value 99999999999999999999 is out of range: a 3x3 board has tiles 0 to 8",
            ),
            ("12345678a", "stray character 'a' at column 9"),
            ("１２３８０４７６５", "stray character '１' at column 1"),
            (
                "1,2,3,4 5,6,7,8,0",
                "commas and spaces both separate cells (column 8): use one or the other",
            ),
            (
                "1 2 3 4,5 6 7 8 0",
                "commas and spaces both separate cells (column 8): use one or the other",
            ),
            (
                "1,2,,3,4,5,6,7,8,0",
                "empty cell at column 5: a separator with no cell before it",
            ),
            (
                ",1,2,3,4,5,6,7,8,0",
                "empty cell at column 1: a separator with no cell before it",
            ),
            (
                "1,2,3,4,5,6,7,8,0,",
                "empty cell at column 18: a separator with no cell before it",
            ),
            ("[1,2,3,4,5,6,7,8,0", "'[' is never closed with ']'"),
            ("1,2,3,4,5,6,7,8,0]", "stray character ']' at column 18"),
            ("123/804/", "row 3 is empty"),
            ("123//804765", "row 2 is empty"),
            (
                "1238/04/765",
                "row 1 has 4 cells, but a 3x3 board's rows have 3",
            ),
            ("12/38/04/76", "4 rows, but a 3x3 board has 3"),
            ("12\n38\n04\n76", "4 rows, but a 3x3 board has 3"),
            ("123\n\n804765", "2 rows, but a 3x3 board has 3"),
            (
                "1 2 3 4 5 6 7 8 ..",
                "value .. is out of range: a 3x3 board has tiles 0 to 8",
            ),
            ("1 2 3 4 5 6 7 8 - 0", "stray character '-' at column 17"),
        ];
        for (text, message) in cases {
            assert_eq!(err(text), message, "{text:?}");
        }
    }

    #[test]
    fn a_megabyte_line_is_refused_by_its_count() {
        let line = "1".repeat(1 << 20);
        assert_eq!(err(&line), "1048576 cells, but a 3x3 board has 9");
    }

    #[test]
    fn board_is_read_off_the_rows_or_the_count() {
        let s: State = "12/30".parse().unwrap();
        assert_eq!(s.board(), "2x2".parse().unwrap());
        let s: State = "1 2 3/4 5 0".parse().unwrap();
        assert_eq!(s.board(), "3x2".parse().unwrap());
        let s: State = "12/34/50".parse().unwrap();
        assert_eq!(s.board(), "2x3".parse().unwrap());
        let s: State = "1 2 3\n4 5 .".parse().unwrap();
        assert_eq!(s.board(), "3x2".parse().unwrap());
        let e = |t: &str| t.parse::<State>().unwrap_err().to_string();
        assert_eq!(
            e("123450"),
            "6 cells fit both 3x2 and 2x3: name the board, or write the rows with /"
        );
        assert_eq!(
            e("1234560"),
            "7 cells: no board has that many (boards have 4 to 12 cells)"
        );
        assert_eq!(e("123/40"), "row 2 has 2 cells but row 1 has 3");
        assert_eq!(
            e("1/0"),
            "the rows make a board that is not valid: 1x2: both sides must be at least 2"
        );
    }

    #[test]
    fn two_digit_tiles_need_separators() {
        let b = Board::new(4, 3).unwrap();
        let s = State::parse(b, "1 2 3 4/5 6 7 8/9 10 11 0").unwrap();
        assert_eq!(s.cells()[9], 10);
        assert!(matches!(
            State::parse(b, "1 2 3 4 5 6 7 8 9 10 11 12"),
            Err(StateError::OutOfRange { .. })
        ));
    }
}
