//! A board and a goal as the searches read them: each tile's home cell, its Manhattan distance
//! from every cell, each cell's neighbours, and the lines (rows and columns) linear conflicts
//! are counted in.

use std::fmt;
use std::sync::Arc;

use tilebase_core::{Board, MAX_BOARD_CELLS, Move};

use crate::patterns::Patterns;

/// No neighbour in that direction.
pub(crate) const NONE: u8 = u8::MAX;

/// Why cells are not a state of the board, or cannot reach the goal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CellsError {
    /// Not as many cells as the board has.
    #[error("{found} cells, but a {board} board has {}", .board.cells())]
    WrongCellCount {
        /// Cells given.
        found: usize,
        /// The board.
        board: Board,
    },
    /// A value that is not a tile of the board.
    #[error("value {value} is out of range: a {board} board has tiles 0 to {}", .board.cells() - 1)]
    OutOfRange {
        /// The value.
        value: u8,
        /// The board.
        board: Board,
    },
    /// A tile given twice; then another is missing.
    #[error("tile {tile} appears twice and {missing} is missing")]
    RepeatedTile {
        /// The tile given twice.
        tile: u8,
        /// A tile that is missing.
        missing: u8,
    },
    /// The state is in the other parity class from the goal: no sequence of moves joins them.
    #[error(
        "unsolvable: the tiles' permutation is {} and the blank is {} moves from its goal cell; \
         moves keep the two of the same parity",
        if *.permutation_odd { "odd" } else { "even" },
        .blank_distance
    )]
    Unsolvable {
        /// Whether the permutation taking the goal to the state is odd.
        permutation_odd: bool,
        /// The blank's Manhattan distance from its goal cell.
        blank_distance: usize,
    },
}

/// Checks that `cells` are each of `board`'s tiles once, row by row (0 the blank).
pub fn check_cells(board: Board, cells: &[u8]) -> Result<(), CellsError> {
    let n = board.cells();
    if cells.len() != n {
        return Err(CellsError::WrongCellCount {
            found: cells.len(),
            board,
        });
    }
    let mut seen = 0u128;
    for &t in cells {
        if usize::from(t) >= n {
            return Err(CellsError::OutOfRange { value: t, board });
        }
        if seen & (1 << t) != 0 {
            let missing = (0..n as u8).find(|&m| !cells.contains(&m)).unwrap_or(0);
            return Err(CellsError::RepeatedTile { tile: t, missing });
        }
        seen |= 1 << t;
    }
    Ok(())
}

/// Whether `cells` can reach `goal`, both each of `board`'s tiles once.
///
/// ```
/// use tilebase_bounds::solvable;
///
/// let board: tilebase_core::Board = "6x6".parse()?;
/// let goal = board.ordered_cells();
/// let mut swapped = goal.clone();
/// swapped.swap(0, 1); // two tiles swapped: the other parity half
/// assert!(solvable(board, &goal, &goal));
/// assert!(!solvable(board, &goal, &swapped));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solvable(board: Board, goal: &[u8], cells: &[u8]) -> bool {
    parity(board, goal, cells).is_ok()
}

/// [`CellsError::Unsolvable`] when `cells` and `goal` are in different parity halves.
fn parity(board: Board, goal: &[u8], cells: &[u8]) -> Result<(), CellsError> {
    // Each move swaps the blank with a tile and moves the blank one cell: the parity of the
    // permutation from the goal and that of the blank's distance change together.
    let n = cells.len().min(goal.len());
    let mut home = [0u8; MAX];
    for (c, &t) in goal[..n].iter().enumerate() {
        home[usize::from(t) % MAX] = c as u8;
    }
    let mut seen = [false; MAX];
    let mut odd = false;
    for start in 0..n {
        let mut c = start;
        let mut length = 0;
        while !seen[c] {
            seen[c] = true;
            c = usize::from(home[usize::from(cells[c]) % MAX]) % n;
            length += 1;
        }
        if length > 0 && length % 2 == 0 {
            odd = !odd;
        }
    }
    let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
    let (r, c) = board.row_col(blank);
    let (hr, hc) = board.row_col(usize::from(home[0]));
    let blank_distance = r.abs_diff(hr) + c.abs_diff(hc);
    if odd != (blank_distance % 2 == 1) {
        return Err(CellsError::Unsolvable {
            permutation_odd: odd,
            blank_distance,
        });
    }
    Ok(())
}

/// A board and its goal, with the tables every search reads: made once per goal, cheap to share
/// by reference among threads.
///
/// ```
/// use tilebase_bounds::Puzzle;
/// use tilebase_core::Board;
///
/// let board: Board = "6x6".parse()?;
/// let puzzle = Puzzle::ordered(board);
/// let mut cells = board.ordered_cells();
/// cells.swap(34, 35); // the blank one step left of its home
/// assert_eq!(puzzle.heuristic(&cells)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Puzzle {
    board: Board,
    goal: Vec<u8>,
    /// `home_row[t]` and `home_col[t]`: the row and column of tile `t`'s home; [`NONE`] for
    /// the blank, which is in no line's conflicts.
    pub(crate) home_row: Vec<u8>,
    pub(crate) home_col: Vec<u8>,
    /// `distance[t * n + c]`: tile `t`'s Manhattan distance from cell `c` to its home (0 for
    /// the blank, which the heuristic does not count).
    distance: Vec<u8>,
    /// `neighbours[c][m]`: the cell the blank reaches from `c` by move `m`, or [`NONE`].
    neighbours: Vec<[u8; 4]>,
    /// `key[t * n + c]`: a random word for tile `t` in cell `c`; a state's hash is the xor of
    /// its tiles' words (Zobrist hashing), updated in two xors a move.
    key: Vec<u64>,
    /// Pattern databases for this board and goal, when given.
    patterns: Option<Arc<Patterns>>,
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Puzzle({}, goal {:?})", self.board, self.goal)
    }
}

impl Puzzle {
    /// The puzzle of reaching `goal` on `board`.
    pub fn new(board: Board, goal: &[u8]) -> Result<Puzzle, CellsError> {
        check_cells(board, goal)?;
        let n = board.cells();
        let w = board.width();
        let mut home = vec![0u8; n];
        for (c, &t) in goal.iter().enumerate() {
            home[usize::from(t)] = c as u8;
        }
        let mut home_row: Vec<u8> = home.iter().map(|&c| (usize::from(c) / w) as u8).collect();
        let mut home_col: Vec<u8> = home.iter().map(|&c| (usize::from(c) % w) as u8).collect();
        (home_row[0], home_col[0]) = (NONE, NONE);
        let mut distance = vec![0u8; n * n];
        for t in 1..n {
            let (hr, hc) = board.row_col(usize::from(home[t]));
            for c in 0..n {
                let (r, col) = board.row_col(c);
                distance[t * n + c] = (r.abs_diff(hr) + col.abs_diff(hc)) as u8;
            }
        }
        let neighbours = (0..n)
            .map(|c| Move::ALL.map(|m| board.step(c, m).map_or(NONE, |to| to as u8)))
            .collect();
        // SplitMix64 from a fixed seed: the same hashes on every run, so that searches which
        // break ties by hash give the same answers.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ (n as u64) << 32 ^ w as u64;
        let key = (0..n * n)
            .map(|_| {
                seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        Ok(Puzzle {
            board,
            goal: goal.to_vec(),
            home_row,
            home_col,
            distance,
            neighbours,
            key,
            patterns: None,
        })
    }

    /// The puzzle of reaching the goal with the tiles in order, blank last, on `board`: the goal
    /// of DeepCubeA and of most puzzle programs.
    pub fn ordered(board: Board) -> Puzzle {
        Puzzle::new(board, &board.ordered_cells()).expect("the ordered goal is a state")
    }

    /// The puzzle with `patterns` added to its heuristic (the larger of theirs and Manhattan
    /// distance plus linear conflicts), if they are for its board and goal.
    pub fn with_patterns(mut self, patterns: Arc<Patterns>) -> Result<Puzzle, Arc<Patterns>> {
        if patterns.board() != self.board || patterns.goal() != self.goal {
            return Err(patterns);
        }
        self.patterns = Some(patterns);
        Ok(self)
    }

    /// The pattern databases in the heuristic, if any.
    pub fn patterns(&self) -> Option<&Patterns> {
        self.patterns.as_deref()
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The goal's cells.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The number of cells.
    #[inline]
    pub(crate) fn cells(&self) -> usize {
        self.goal.len()
    }

    /// Checks that `cells` are a state of the board that can reach the goal.
    pub fn check(&self, cells: &[u8]) -> Result<(), CellsError> {
        check_cells(self.board, cells)?;
        parity(self.board, &self.goal, cells)
    }

    /// The Manhattan distance plus linear conflicts of `cells`, or the pattern databases' sum
    /// where larger ([`Puzzle::with_patterns`]): a lower bound on their optimal length, and what
    /// the searches start from.
    pub fn heuristic(&self, cells: &[u8]) -> Result<u32, CellsError> {
        self.check(cells)?;
        Ok(crate::walker::Walker::new(self, cells).h())
    }

    /// The Manhattan distance alone of `cells` (checked as [`Puzzle::heuristic`] checks them).
    pub fn manhattan(&self, cells: &[u8]) -> Result<u32, CellsError> {
        self.check(cells)?;
        Ok(cells
            .iter()
            .enumerate()
            .map(|(c, &t)| u32::from(self.distance(t, c)))
            .sum())
    }

    /// Tile `t`'s Manhattan distance from cell `c` to its home; 0 for the blank.
    #[inline]
    pub(crate) fn distance(&self, t: u8, c: usize) -> u8 {
        self.distance[usize::from(t) * self.cells() + c]
    }

    /// The cell the blank reaches from `c` by `m`, or [`NONE`].
    #[inline]
    pub(crate) fn step(&self, c: usize, m: Move) -> u8 {
        self.neighbours[c][m as usize]
    }

    /// The hash word of tile `t` in cell `c`.
    #[inline]
    pub(crate) fn key(&self, t: u8, c: usize) -> u64 {
        self.key[usize::from(t) * self.cells() + c]
    }

    /// The hash of a state.
    pub(crate) fn hash(&self, cells: &[u8]) -> u64 {
        cells
            .iter()
            .enumerate()
            .fold(0, |h, (c, &t)| h ^ self.key(t, c))
    }

    /// Replays `moves` from `cells`: the cells reached, or `None` if a move leaves the board.
    pub fn replay(&self, cells: &[u8], moves: &[Move]) -> Option<Vec<u8>> {
        let mut cells = cells.to_vec();
        let mut blank = cells.iter().position(|&t| t == 0)?;
        for &m in moves {
            let to = self.step(blank, m);
            if to == NONE {
                return None;
            }
            cells.swap(blank, usize::from(to));
            blank = usize::from(to);
        }
        Some(cells)
    }
}

/// The largest board's cell count, for fixed arrays.
pub(crate) const MAX: usize = MAX_BOARD_CELLS;
