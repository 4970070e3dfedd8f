//! Seeing one goal's puzzle as another's: board symmetries and tile relabellings.
//!
//! Distances do not depend on the tiles' names: renaming the tiles of a state and of its goal
//! alike (the blank stays the blank) changes no distance, since a move is legal or not whatever
//! the tiles are called. Nor on which way up the board is: turning or mirroring the board, state
//! and goal alike, maps moves to moves. So the table of one goal answers for every goal whose
//! blank is in the same class of cells under the board's symmetries: on 3x3, one table for the
//! four corners, one for the four edges, one for the centre. A [`Frame`] is that translation,
//! and [`Board::canonical_goals`] names one goal per class.

use crate::{Board, Move, State, TABLE_CELLS};

/// A symmetry of a board: a rotation or reflection that maps the board onto itself, and with it
/// cells to cells and moves to moves. A square board has eight (four rotations, four
/// reflections); any other, four (the identity, two mirrors and the half turn).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Symmetry {
    /// `cells[c]`: where cell `c` goes.
    cells: [u8; TABLE_CELLS],
    /// `moves[m]`: the direction that `m` becomes.
    moves: [Move; 4],
}

impl Symmetry {
    /// Every symmetry of `board`, the identity first.
    pub fn all(board: Board) -> Vec<Symmetry> {
        Symmetry::each(board).collect()
    }

    /// Every symmetry of `board`, the identity first, made one by one as they are needed.
    fn each(board: Board) -> impl Iterator<Item = Symmetry> {
        // Each symmetry as a linear map of (x, y) about the board's centre: (a b; c d). The
        // last four swap the axes, which only a square board allows.
        const MAPS: [(i32, i32, i32, i32); 8] = [
            (1, 0, 0, 1),
            (-1, 0, 0, 1),
            (1, 0, 0, -1),
            (-1, 0, 0, -1),
            (0, 1, 1, 0),
            (0, -1, 1, 0),
            (0, 1, -1, 0),
            (0, -1, -1, 0),
        ];
        let count = if board.width() == board.height() {
            8
        } else {
            4
        };
        MAPS[..count]
            .iter()
            .map(move |&map| Symmetry::from_map(board, map))
    }

    /// The symmetry of `board` that the linear map `(a b; c d)` of (x, y) about the board's
    /// centre makes.
    fn from_map(board: Board, (a, b, c, d): (i32, i32, i32, i32)) -> Symmetry {
        let (w, h) = (board.width() as i32, board.height() as i32);
        // Doubled coordinates about the centre keep everything in integers.
        let apply = |x: i32, y: i32| {
            let (x2, y2) = (2 * x - (w - 1), 2 * y - (h - 1));
            let (nx2, ny2) = (a * x2 + b * y2, c * x2 + d * y2);
            ((nx2 + (w - 1)) / 2, (ny2 + (h - 1)) / 2)
        };
        let mut cells = [0u8; TABLE_CELLS];
        for (cell, slot) in cells.iter_mut().enumerate().take(board.cells()) {
            let (row, col) = board.row_col(cell);
            let (x, y) = apply(col as i32, row as i32);
            *slot = (y * w + x) as u8;
        }
        let direction = |dx: i32, dy: i32| match (a * dx + b * dy, c * dx + d * dy) {
            (0, -1) => Move::Up,
            (0, 1) => Move::Down,
            (-1, 0) => Move::Left,
            _ => Move::Right,
        };
        Symmetry {
            cells,
            moves: [
                direction(0, -1),
                direction(0, 1),
                direction(-1, 0),
                direction(1, 0),
            ],
        }
    }

    /// Where cell `cell` goes.
    #[inline]
    pub fn cell(&self, cell: usize) -> usize {
        usize::from(self.cells[cell])
    }

    /// The direction that `m` becomes.
    #[inline]
    pub fn direction(&self, m: Move) -> Move {
        self.moves[m as usize]
    }
}

impl Board {
    /// One goal for each class of cells that the board's symmetries map onto one another: the
    /// tiles in order, with the blank in the class's last cell. Between them they answer for
    /// every goal (see [`Frame`]). On 3x3: `123456708` (blank on an edge), `123405678` (in the
    /// centre), `123456780` (in a corner). None on a board without a full table: its goals
    /// are not [`State`]s.
    ///
    /// ```
    /// use tilebase_core::Board;
    ///
    /// let goals: Vec<String> =
    ///     Board::THREE_BY_THREE.canonical_goals().iter().map(|g| g.to_string()).collect();
    /// assert_eq!(goals, ["123405678", "123456708", "123456780"]);
    /// ```
    pub fn canonical_goals(self) -> Vec<State> {
        let mut blanks: Vec<usize> = (0..self.cells()).map(|c| self.class_of(c)).collect();
        blanks.sort_unstable();
        blanks.dedup();
        blanks
            .into_iter()
            .filter_map(|b| self.goal_with_blank(b))
            .collect()
    }

    /// The last cell of `cell`'s class: where a canonical goal of that class has its blank.
    pub fn class_of(self, cell: usize) -> usize {
        Symmetry::each(self)
            .map(|s| s.cell(cell))
            .max()
            .unwrap_or(cell)
    }

    /// The tiles in order, with the blank in `blank`, on a board with a full table.
    fn goal_with_blank(self, blank: usize) -> Option<State> {
        let mut cells = [0u8; TABLE_CELLS];
        let mut tile = 1;
        for (cell, slot) in cells.iter_mut().enumerate().take(self.cells()) {
            if cell != blank {
                *slot = tile;
                tile += 1;
            }
        }
        State::new(self, &cells[..self.cells()]).ok()
    }
}

impl State {
    /// The canonical goal whose table answers for this state as a goal: the one of
    /// [`Board::canonical_goals`] with the blank in the same class.
    pub fn canonical_goal(&self) -> State {
        // A state's board has a full table: the goal is always made.
        self.board()
            .goal_with_blank(self.board().class_of(self.blank()))
            .unwrap_or(*self)
    }
}

/// The translation from one goal's puzzle to another's: a symmetry of the board, then a
/// renaming of the tiles, chosen so that the first goal becomes the second. Distances are
/// unchanged, so a state's distance to the first goal is its image's distance to the second,
/// and a move of the blank in direction `m` is a move in direction [`Frame::direction`]`(m)`.
///
/// ```
/// use tilebase_core::{Frame, Move, State};
///
/// let goal: State = "123456780".parse().unwrap();   // blank in the bottom-right corner
/// let other: State = "087654321".parse().unwrap();  // blank in the top-left corner
/// let frame = Frame::between(&goal, &other).unwrap();
/// assert_eq!(frame.state(&goal), other);
/// let state: State = "123456708".parse().unwrap();  // one move (R) from goal
/// let image = frame.state(&state);
/// assert_eq!(image.slide(frame.direction(Move::Right)), Some(other));
/// assert_eq!(frame.state_back(&image), state);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Frame {
    board: Board,
    symmetry: Symmetry,
    /// `labels[t]`: the name tile `t` takes. `labels[0] == 0`.
    labels: [u8; TABLE_CELLS],
    /// The inverse of `symmetry.cells`.
    cells_back: [u8; TABLE_CELLS],
    /// The inverse of `labels`.
    labels_back: [u8; TABLE_CELLS],
    /// The inverse of `symmetry.moves`.
    moves_back: [Move; 4],
}

impl Frame {
    /// The frame that makes `from` into `to`, two goals of one board: `None` if no symmetry of
    /// the board takes `from`'s blank to `to`'s cell (their blanks are in different classes, or
    /// the boards differ).
    pub fn between(from: &State, to: &State) -> Option<Frame> {
        let board = from.board();
        if to.board() != board {
            return None;
        }
        let symmetry = Symmetry::each(board).find(|s| s.cell(from.blank()) == to.blank())?;
        let n = board.cells();
        let mut labels = [0u8; TABLE_CELLS];
        let mut cells_back = [0u8; TABLE_CELLS];
        for cell in 0..n {
            let image = symmetry.cell(cell);
            cells_back[image] = cell as u8;
            labels[usize::from(from.cells()[cell])] = to.cells()[image];
        }
        let mut labels_back = [0u8; TABLE_CELLS];
        for tile in 0..n {
            labels_back[usize::from(labels[tile])] = tile as u8;
        }
        let mut moves_back = Move::ALL;
        for m in Move::ALL {
            moves_back[symmetry.direction(m) as usize] = m;
        }
        Some(Frame {
            board,
            symmetry,
            labels,
            cells_back,
            labels_back,
            moves_back,
        })
    }

    /// The image of `state`, a state of the frame's board: the board turned, the tiles renamed.
    #[inline]
    pub fn state(&self, state: &State) -> State {
        debug_assert_eq!(state.board(), self.board);
        let mut cells = [0u8; TABLE_CELLS];
        for (cell, &tile) in state.cells().iter().enumerate() {
            cells[self.symmetry.cell(cell) % TABLE_CELLS] =
                self.labels[usize::from(tile) % TABLE_CELLS];
        }
        // A symmetry and a renaming are bijections that keep the blank: a valid state.
        let blank = self.symmetry.cell(state.blank());
        State::from_valid_cells(self.board, blank as u8, &cells[..self.board.cells()])
    }

    /// The image of a row of cells of the frame's board, as [`Frame::state`] makes it, into
    /// `out` (as long as `cells`), without making a state: for batches of millions of rows.
    /// `false` if some value is not a tile of the board; a row that is not a state for another
    /// reason (a tile twice) has an image that is not one either.
    ///
    /// ```
    /// use tilebase_core::{Frame, State};
    ///
    /// let (from, to): (State, State) = ("123804765".parse().unwrap(), "123405678".parse().unwrap());
    /// let frame = Frame::between(&from, &to).unwrap();
    /// let state: State = "603712458".parse().unwrap();
    /// let mut image = [0u8; 9];
    /// assert!(frame.image_of_cells(state.cells(), &mut image));
    /// assert_eq!(image, frame.state(&state).cells());
    /// assert!(!frame.image_of_cells(&[9, 1, 2, 3, 4, 5, 6, 7, 0], &mut image));
    /// ```
    #[inline]
    pub fn image_of_cells(&self, cells: &[u8], out: &mut [u8]) -> bool {
        let n = self.board.cells();
        if cells.len() != n || out.len() != n {
            return false;
        }
        let mut in_range = true;
        for (cell, &tile) in cells.iter().enumerate() {
            in_range &= usize::from(tile) < n;
            // Checked reads and writes, never a remainder: a division a cell was a fifth of
            // `label --moves`' time on a translated goal. A symmetry's cell is always in range.
            let label = self.labels.get(usize::from(tile)).copied().unwrap_or(0);
            if let Some(slot) = out.get_mut(self.symmetry.cell(cell)) {
                *slot = label;
            }
        }
        in_range
    }

    /// The state whose image is `image`: [`Frame::state`] undone.
    pub fn state_back(&self, image: &State) -> State {
        debug_assert_eq!(image.board(), self.board);
        let mut cells = [0u8; TABLE_CELLS];
        for (cell, &tile) in image.cells().iter().enumerate() {
            cells[usize::from(self.cells_back[cell]) % TABLE_CELLS] =
                self.labels_back[usize::from(tile) % TABLE_CELLS];
        }
        let blank = self.cells_back[image.blank()];
        State::from_valid_cells(self.board, blank, &cells[..self.board.cells()])
    }

    /// The direction in the image of a move in direction `m`.
    #[inline]
    pub fn direction(&self, m: Move) -> Move {
        self.symmetry.direction(m)
    }

    /// The direction whose image is `m`: [`Frame::direction`] undone.
    #[inline]
    pub fn direction_back(&self, m: Move) -> Move {
        self.moves_back[m as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_bijections_that_carry_moves() {
        for board in Board::with_tables() {
            let all = Symmetry::all(board);
            let expected = if board.width() == board.height() {
                8
            } else {
                4
            };
            assert_eq!(all.len(), expected, "{board}");
            assert_eq!(
                all[0].cells[..board.cells()],
                (0..board.cells() as u8).collect::<Vec<_>>()[..]
            );
            for s in &all {
                let mut image: Vec<usize> = (0..board.cells()).map(|c| s.cell(c)).collect();
                image.sort_unstable();
                assert_eq!(image, (0..board.cells()).collect::<Vec<_>>(), "{board}");
                // A move from a cell lands where the moved direction lands from its image.
                for cell in 0..board.cells() {
                    let state = board.goal_with_blank(cell).unwrap();
                    for m in Move::ALL {
                        let moved = state.slide(m).map(|n| s.cell(n.blank()));
                        let image = board.goal_with_blank(s.cell(cell)).unwrap();
                        let image_moved = image.slide(s.direction(m)).map(|n| n.blank());
                        assert_eq!(moved, image_moved, "{board} cell {cell} {m:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn classes_of_every_board() {
        let classes = |b: &str| {
            let board: Board = b.parse().unwrap();
            board
                .canonical_goals()
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(classes("2x2"), ["1230"]);
        assert_eq!(classes("3x2"), ["123405", "123450"]);
        assert_eq!(classes("2x3"), ["123045", "123450"]);
        assert_eq!(classes("4x2"), ["12345607", "12345670"]);
        assert_eq!(classes("3x3").len(), 3);
    }

    #[test]
    fn a_frame_maps_goal_to_goal_and_back() {
        for board in Board::with_tables().filter(|b| b.cells() <= 9) {
            for blank in 0..board.cells() {
                let goal = board.goal_with_blank(blank).unwrap();
                let canonical = goal.canonical_goal();
                let frame = Frame::between(&goal, &canonical).unwrap();
                assert_eq!(frame.state(&goal), canonical);
                assert_eq!(frame.state_back(&canonical), goal);
                for m in Move::ALL {
                    assert_eq!(frame.direction_back(frame.direction(m)), m);
                    if let Some(next) = goal.slide(m) {
                        assert_eq!(
                            frame.state(&next),
                            canonical.slide(frame.direction(m)).unwrap()
                        );
                    }
                }
            }
        }
        let corner: State = "123456780".parse().unwrap();
        let edge: State = "123456708".parse().unwrap();
        assert_eq!(Frame::between(&corner, &edge), None);
    }
}
