//! Solvability: which states can reach which, decided by a parity.
//!
//! A move slides one tile past others in reading order: a horizontal move past none, a vertical
//! move past `width - 1`. On a board of odd width that never changes the parity of the number of
//! inversions among the tiles; on a board of even width a vertical move flips it and also moves
//! the blank one row, so the parity of inversions plus the blank's row is what stays. Two states
//! can reach each other exactly when that parity is the same (the other half of the states is
//! unreachable; see the README for the source).

use std::fmt;

use crate::State;

/// The invariant that splits a board's states into two halves that cannot reach each other.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Parity {
    /// An even count.
    Even = 0,
    /// An odd count.
    Odd = 1,
}

impl Parity {
    /// The parity of a number.
    #[inline]
    pub const fn of(n: u32) -> Parity {
        if n & 1 == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    }

    fn word(self) -> &'static str {
        match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        }
    }
}

impl State {
    /// The number of pairs of tiles (blank left out) that stand in the wrong order.
    pub fn inversions(&self) -> u32 {
        let tiles: Vec<u8> = self.cells().iter().copied().filter(|&t| t != 0).collect();
        let mut count = 0;
        for (i, &a) in tiles.iter().enumerate() {
            count += tiles[i + 1..].iter().filter(|&&b| b < a).count() as u32;
        }
        count
    }

    /// The blank's row counted from the bottom, from 1.
    pub fn blank_row_from_bottom(&self) -> usize {
        let board = self.board();
        board.height() - board.row_col(self.blank()).0
    }

    /// The reachability invariant: the parity of the inversions, plus the blank's row from the
    /// bottom on a board of even width. States reach each other exactly when it is equal.
    pub fn parity(&self) -> Parity {
        self.index_and_parity().1
    }

    /// Whether `goal` can be reached from this state, and if not, why not. Both must be on the
    /// same board.
    ///
    /// ```
    /// let state: tilebase_core::State = "864072513".parse().unwrap();
    /// let goal = "123804765".parse().unwrap();
    /// let why = state.check_solvable(&goal).unwrap_err();
    /// assert_eq!(
    ///     why.to_string(),
    ///     "864072513 cannot reach the goal: 22 inversions (even) where goal 123804765 has 7 \
    ///      (odd), and no move on a board 3 wide changes that parity"
    /// );
    /// ```
    pub fn check_solvable(&self, goal: &State) -> Result<(), Unsolvable> {
        debug_assert_eq!(self.board(), goal.board());
        if self.parity() == goal.parity() {
            Ok(())
        } else {
            Err(Unsolvable {
                state: *self,
                goal: *goal,
            })
        }
    }
}

/// A state that cannot reach a goal. Its message says why, in terms of the parity rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unsolvable {
    /// The state.
    pub state: State,
    /// The goal it cannot reach.
    pub goal: State,
}

impl Unsolvable {
    /// Why, without naming the state: the two parities and the rule.
    ///
    /// ```
    /// let state: tilebase_core::State = "864072513".parse().unwrap();
    /// let why = state.check_solvable(&"123804765".parse().unwrap()).unwrap_err();
    /// assert_eq!(
    ///     why.reason(),
    ///     "22 inversions (even) where goal 123804765 has 7 (odd), \
    ///      and no move on a board 3 wide changes that parity"
    /// );
    /// ```
    pub fn reason(&self) -> String {
        let width = self.state.board().width();
        let (s, g) = (&self.state, &self.goal);
        let (si, gi) = (s.inversions(), g.inversions());
        if width % 2 == 1 {
            format!(
                "{si} inversions ({}) where goal {g} has {gi} ({}), \
                 and no move on a board {width} wide changes that parity",
                Parity::of(si).word(),
                Parity::of(gi).word()
            )
        } else {
            let (sr, gr) = (s.blank_row_from_bottom(), g.blank_row_from_bottom());
            format!(
                "inversions plus the blank's row from the bottom make {si}+{sr} ({}) \
                 where goal {g} makes {gi}+{gr} ({}), \
                 and no move on a board {width} wide changes that parity",
                Parity::of(si + sr as u32).word(),
                Parity::of(gi + gr as u32).word()
            )
        }
    }
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cannot reach the goal: {}", self.state, self.reason())
    }
}

impl std::error::Error for Unsolvable {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Move};

    #[test]
    fn parity_matches_inversions_and_rows() {
        let s: State = "864072513".parse().unwrap();
        assert_eq!(s.inversions(), 22);
        assert_eq!(s.parity(), Parity::Even);
        let g: State = "123804765".parse().unwrap();
        assert_eq!(g.inversions(), 7);
        assert_eq!(g.parity(), Parity::Odd);
        // The articles' two goals are in different halves.
        let g2: State = "123456780".parse().unwrap();
        assert_eq!(g2.parity(), Parity::Even);
    }

    #[test]
    fn no_move_changes_parity_on_any_board() {
        for board in Board::with_tables() {
            let goal = board.ordered_goal().unwrap();
            let mut s = goal;
            // A long walk that visits every kind of move.
            for step in 0..200usize {
                let m = Move::ALL[(step * 7 + step / 3) % 4];
                if let Some(next) = s.slide(m) {
                    s = next;
                }
                assert_eq!(s.parity(), goal.parity(), "{board} {s:?}");
            }
        }
    }

    #[test]
    fn even_width_reason_counts_rows() {
        let board: Board = "2x2".parse().unwrap();
        let s = State::parse(board, "21/30").unwrap();
        let why = s
            .check_solvable(&board.ordered_goal().unwrap())
            .unwrap_err();
        assert_eq!(
            why.reason(),
            "inversions plus the blank's row from the bottom make 1+1 (even) where goal 1230 \
             makes 0+1 (odd), and no move on a board 2 wide changes that parity"
        );
    }
}
