//! The goal classes that let one set of pattern files answer for many goals (and for a board
//! and its transpose), and states read from text.

use tilebase_core::{Board, Move};

use crate::grid::Grid;
use tilebase_core::MAX_CELLS;

/// The 15-puzzle's board.
pub const FOUR_BY_FOUR: Grid = Grid::of(Board::FOUR_BY_FOUR);

/// A symmetry of the board with a renaming of the tiles, mapping a goal onto the canonical
/// goal of its class: the tiles in order with the blank on the last cell, in reading order, of
/// the blank's class (a corner, an edge or inside on 4x4). A board wider than high is first
/// turned about its diagonal onto its tall form (5x3 onto 3x5), so that the two share files.
/// Distances are kept: a state's image is exactly as far from the canonical goal as the state
/// is from its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassFrame {
    /// The board of the canonical goal: the board's tall form.
    grid: Grid,
    /// The canonical goal.
    canonical: Vec<u8>,
    /// The image of each cell.
    cell: [u8; MAX_CELLS],
    /// The new name of each tile.
    tile: [u8; MAX_CELLS],
    /// Each direction of the blank's moves, in the canonical frame (indexed by `Move as
    /// usize`), and back.
    direction: [Move; 4],
    direction_back: [Move; 4],
}

impl ClassFrame {
    /// The frame that maps `goal` (each tile once) onto its class's canonical goal.
    ///
    /// ```
    /// use tilebase_pattern::{ClassFrame, FOUR_BY_FOUR};
    ///
    /// // Korf's goal, the blank first, is a corner goal: turned half a turn it is 1,2,...,15,0.
    /// let korf: Vec<u8> = (0..16).collect();
    /// let frame = ClassFrame::new(FOUR_BY_FOUR, &korf);
    /// assert_eq!(frame.canonical(), (1..16).chain([0]).collect::<Vec<u8>>());
    /// assert_eq!(frame.state(&korf), frame.canonical());
    /// ```
    pub fn new(board: Grid, goal: &[u8]) -> ClassFrame {
        let n = board.cells();
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
        let (grid, turn) = match Grid::new(board.height(), board.width()) {
            Some(tall) if board.width() > board.height() => {
                // Cell (r, c) onto (c, r) of the tall board.
                let turn: [u8; MAX_CELLS] = std::array::from_fn(|x| {
                    let (r, c) = (x / board.width(), x % board.width());
                    (c * tall.width() + r) as u8
                });
                (tall, turn)
            }
            _ => (board, std::array::from_fn(|x| x as u8)),
        };
        let symmetries: Vec<[u8; MAX_CELLS]> = symmetries(&grid)
            .into_iter()
            .map(|s| std::array::from_fn(|x| s[usize::from(turn[x]) % MAX_CELLS]))
            .collect();
        // The blank's class: every cell a symmetry takes it to; its last is the canonical cell.
        let target = symmetries
            .iter()
            .map(|s| usize::from(s[blank]))
            .max()
            .unwrap_or(blank);
        let sym = symmetries
            .iter()
            .find(|s| usize::from(s[blank]) == target)
            .copied()
            .unwrap_or_else(|| std::array::from_fn(|c| c as u8));
        let mut canonical: Vec<u8> = (1..n as u8).collect();
        canonical.insert(target, 0);
        let mut tile = [0u8; MAX_CELLS];
        for (c, &t) in goal.iter().enumerate() {
            tile[usize::from(t)] = canonical[usize::from(sym[c])];
        }
        let mut direction = [Move::Up; 4];
        let mut direction_back = [Move::Up; 4];
        for m in Move::ALL {
            let Some(a) = (0..n).find(|&a| board.step(a, m).is_some()) else {
                continue;
            };
            let b = board.step(a, m).unwrap_or(a);
            let (ia, ib) = (usize::from(sym[a]), usize::from(sym[b]));
            let image = Move::ALL
                .into_iter()
                .find(|&d| grid.step(ia, d) == Some(ib))
                .unwrap_or(m);
            direction[m as usize] = image;
            direction_back[image as usize] = m;
        }
        ClassFrame {
            grid,
            canonical,
            cell: sym,
            tile,
            direction,
            direction_back,
        }
    }

    /// The canonical goal of the class.
    pub fn canonical(&self) -> &[u8] {
        &self.canonical
    }

    /// The board of the canonical goal: the board's tall form (3x5 for 5x3).
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The new name of tile `t`.
    pub fn tile(&self, t: u8) -> u8 {
        self.tile[usize::from(t) % MAX_CELLS]
    }

    /// The image of a state: each tile renamed and moved to its cell's image.
    pub fn state(&self, cells: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.grid.cells()];
        for (c, &t) in cells.iter().enumerate() {
            out[usize::from(self.cell[c])] = self.tile[usize::from(t)];
        }
        out
    }

    /// A move of the blank in the canonical frame, as a move of the original state.
    pub fn move_back(&self, m: Move) -> Move {
        self.direction_back[m as usize]
    }

    /// A move of the original state, in the canonical frame.
    pub fn move_there(&self, m: Move) -> Move {
        self.direction[m as usize]
    }
}

/// Every symmetry of the board (4 of a rectangle, 8 of a square) as the image of each cell,
/// the identity first.
fn symmetries(grid: &Grid) -> Vec<[u8; MAX_CELLS]> {
    let (w, h) = (grid.width(), grid.height());
    let mut out = Vec::new();
    for transpose in [false, true] {
        if transpose && w != h {
            continue;
        }
        for (flip_r, flip_c) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut map = [0u8; MAX_CELLS];
            for (c, out) in map.iter_mut().enumerate().take(grid.cells()) {
                let (mut r, mut k) = grid.row_col(c);
                if transpose {
                    (r, k) = (k, r);
                }
                if flip_r {
                    r = h - 1 - r;
                }
                if flip_c {
                    k = w - 1 - k;
                }
                *out = (r * w + k) as u8;
            }
            out.push(map);
        }
    }
    out
}

/// Why text is not a state of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CellsError {
    /// Nothing but white space and separators.
    #[error(
        "empty: a state lists its cells row by row, like 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    )]
    Empty,
    /// A character that has no place in a state.
    #[error("stray character {found:?} at column {column}")]
    StrayCharacter {
        /// The character.
        found: char,
        /// Where, counting characters from 1.
        column: usize,
    },
    /// A value that is not a tile of the board.
    #[error("value {value} is out of range: {} board has tiles 0 to {}", tilebase_core::parse::article(.board), .board.cells() - 1)]
    OutOfRange {
        /// The value as written.
        value: String,
        /// The board.
        board: Board,
    },
    /// Not as many cells as the board has.
    #[error("{}", tilebase_core::parse::cell_count_message(*.found, *.board))]
    WrongCellCount {
        /// Cells given.
        found: usize,
        /// The board.
        board: Board,
    },
    /// A tile given twice; then another is missing.
    #[error("{}", tilebase_core::parse::repeated(*.tile, *.missing))]
    RepeatedTile {
        /// The tile given twice.
        tile: u8,
        /// A tile that is missing.
        missing: u8,
    },
}

/// Reads a state of `grid` written as its cells' numbers, row by row, separated by commas,
/// spaces, and `/` or line breaks between rows, optionally in brackets: `1,2,...,15,0`,
/// `1 2 ... 15 0`, `[1, 2, ..., 15, 0]`, `1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0`, a grid over
/// four lines. The blank is 0, or `.` as a grid draws it.
///
/// ```
/// use tilebase_pattern::{FOUR_BY_FOUR, parse_cells};
///
/// let cells = parse_cells(&FOUR_BY_FOUR, "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]");
/// assert_eq!(cells.unwrap()[14], 0);
/// let err = parse_cells(&FOUR_BY_FOUR, "1,2,3").unwrap_err();
/// assert_eq!(err.to_string(), "3 cells, but a 4x4 board has 16");
/// ```
pub fn parse_cells(grid: &Grid, text: &str) -> Result<Vec<u8>, CellsError> {
    parse_board_cells(grid.board(), text)
}

/// [`parse_cells`] on any board, up to [`tilebase_core::MAX_BOARD_CELLS`] cells.
pub fn parse_board_cells(board: Board, text: &str) -> Result<Vec<u8>, CellsError> {
    let n = board.cells();
    let mut cells = Vec::with_capacity(n);
    let mut number = String::new();
    let flush = |number: &mut String, cells: &mut Vec<u8>| -> Result<(), CellsError> {
        if number.is_empty() {
            return Ok(());
        }
        let value = number.parse::<usize>().ok().filter(|&v| v < n);
        let result = match value {
            Some(v) => {
                cells.push(v as u8);
                Ok(())
            }
            None => Err(CellsError::OutOfRange {
                value: number.clone(),
                board,
            }),
        };
        number.clear();
        result
    };
    for (i, ch) in text.chars().enumerate() {
        match ch {
            '0'..='9' => number.push(ch),
            // The blank as a grid draws it.
            '.' if number.is_empty() => cells.push(0),
            ',' | '/' | '[' | ']' => flush(&mut number, &mut cells)?,
            c if c.is_whitespace() => flush(&mut number, &mut cells)?,
            found => {
                return Err(CellsError::StrayCharacter {
                    found,
                    column: i + 1,
                });
            }
        }
    }
    flush(&mut number, &mut cells)?;
    if cells.is_empty() {
        return Err(CellsError::Empty);
    }
    if cells.len() != n {
        return Err(CellsError::WrongCellCount {
            found: cells.len(),
            board,
        });
    }
    let mut seen = 0u128;
    for &t in &cells {
        if seen & (1 << t) != 0 {
            let missing = (0..n as u8).find(|&m| seen & (1 << m) == 0 && !cells.contains(&m));
            return Err(CellsError::RepeatedTile {
                tile: t,
                missing: missing.unwrap_or(0),
            });
        }
        seen |= 1 << t;
    }
    Ok(cells)
}

/// A state written as `query` writes 4x4 states: its cells' numbers separated by commas.
pub fn cells_to_string(cells: &[u8]) -> String {
    let mut out = String::with_capacity(cells.len() * 3);
    for (i, t) in cells.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&t.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_goal_maps_onto_its_class_and_moves_follow() {
        let grid = FOUR_BY_FOUR;
        let classes: Vec<Vec<u8>> = (0..16)
            .map(|blank| {
                let mut goal: Vec<u8> = (1..16).collect();
                goal.insert(blank, 0);
                ClassFrame::new(grid, &goal).canonical().to_vec()
            })
            .collect();
        let corner: Vec<u8> = (1..16).chain([0]).collect();
        for blank in [0, 3, 12, 15] {
            assert_eq!(classes[blank], corner);
        }
        for blank in [5, 6, 9, 10] {
            assert_eq!(classes[blank][10], 0);
        }
        for blank in [1, 2, 4, 7, 8, 11, 13, 14] {
            assert_eq!(classes[blank][14], 0);
        }
        // A move of the blank in the state is the mapped move in the image.
        let goal: Vec<u8> = vec![5, 1, 2, 3, 0, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
        let frame = ClassFrame::new(grid, &goal);
        assert_eq!(frame.state(&goal), frame.canonical());
        for m in Move::ALL {
            let Some(to) = grid.step(4, m) else { continue };
            let mut moved = goal.clone();
            moved.swap(4, to);
            let image = frame.state(&goal);
            let b = image.iter().position(|&t| t == 0).unwrap();
            let mut expected = image.clone();
            let bt = grid.step(b, frame.move_there(m)).unwrap();
            expected.swap(b, bt);
            assert_eq!(frame.state(&moved), expected);
            assert_eq!(frame.move_back(frame.move_there(m)), m);
        }
    }

    /// A board wider than high is answered in its tall form: for every goal of 5x3 and 7x2 the
    /// canonical goal is on 3x5 (2x7), the goal maps onto it, and each move of the blank is the
    /// mapped move there; 3x5's own goals map onto the same canonical goals.
    #[test]
    fn a_wide_board_maps_onto_its_tall_form() {
        for (w, h) in [(5, 3), (7, 2), (3, 5)] {
            let board = Grid::new(w, h).unwrap();
            let tall = Grid::new(w.min(h), w.max(h)).unwrap();
            let n = board.cells();
            let mut canonical = Vec::new();
            for blank in 0..n {
                let mut goal: Vec<u8> = (1..n as u8).collect();
                goal.insert(blank, 0);
                let frame = ClassFrame::new(board, &goal);
                assert_eq!(frame.grid(), tall);
                assert_eq!(frame.state(&goal), frame.canonical());
                canonical.push(frame.canonical().to_vec());
                for m in Move::ALL {
                    let Some(to) = board.step(blank, m) else {
                        continue;
                    };
                    let mut moved = goal.clone();
                    moved.swap(blank, to);
                    let image = frame.state(&goal);
                    let b = image.iter().position(|&t| t == 0).unwrap();
                    let mut expected = image.clone();
                    expected.swap(b, tall.step(b, frame.move_there(m)).unwrap());
                    assert_eq!(frame.state(&moved), expected, "{board} {blank} {m:?}");
                    assert_eq!(frame.move_back(frame.move_there(m)), m);
                }
            }
            canonical.sort();
            canonical.dedup();
            // 3x5's classes: the corners, the two kinds of edge cell and the middle column's.
            assert!(canonical.len() <= 6, "{board}: {canonical:?}");
        }
    }

    #[test]
    fn states_are_read_in_every_form_and_refused_with_the_reason() {
        let g = FOUR_BY_FOUR;
        let ordered: Vec<u8> = (1..16).chain([0]).collect();
        for text in [
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]",
            "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0",
        ] {
            assert_eq!(parse_cells(&g, text).unwrap(), ordered, "{text}");
        }
        let err = |t: &str| parse_cells(&g, t).unwrap_err().to_string();
        assert_eq!(err(""), CellsError::Empty.to_string());
        assert_eq!(
            err("1,2,3,4,5,6,7,8,9,10,11,12,13,14,16,0"),
            "value 16 is out of range: a 4x4 board has tiles 0 to 15"
        );
        assert_eq!(
            err("1,2,3,4,5,6,7,8,9,10,11,12,13,14,14,0"),
            "tile 14 appears twice (tile 15 is missing)"
        );
        assert_eq!(err("1,2,x"), "stray character 'x' at column 5");
        assert_eq!(
            err("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"),
            "15 cells, but a 4x4 board has 16 (15 cells make a 5x3 or 3x5 board)"
        );
    }
}
