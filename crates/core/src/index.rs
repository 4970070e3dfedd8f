//! The dense index: a bijection between the states of one parity half and `0..cells!/2`.
//!
//! `index = blank × (n−1)!/2 + lehmer(tiles) / 2`, where `tiles` is the order of the n−1 tiles
//! read row by row with the blank left out, and `lehmer` its rank among all orders (its Lehmer
//! code read as a factorial-base number). Orders whose ranks differ only in the lowest digit
//! (weight 1!) differ by a swap of the last two tiles, hence in parity; with the blank's cell
//! fixed, a parity half holds exactly one of each such pair, so halving the rank leaves no gaps.
//! The index therefore depends only on the state, not on the goal; the goal only says which
//! parity half a table covers.

use crate::State;
use crate::board::{Board, FACTORIAL, MAX_CELLS};
use crate::parity::Parity;

impl State {
    /// The state's place in its board's table, in `0..board.states()`.
    ///
    /// ```
    /// use tilebase_core::State;
    ///
    /// let s: State = "603712458".parse().unwrap();
    /// let i = s.index();
    /// assert!(i < s.board().states());
    /// assert_eq!(State::from_index(s.board(), s.parity(), i), Some(s));
    /// ```
    #[inline]
    pub fn index(&self) -> u32 {
        self.index_and_parity().0
    }

    /// The index and the parity together, for the price of one pass: the digits of the Lehmer
    /// code count the inversions.
    #[inline]
    pub fn index_and_parity(&self) -> (u32, Parity) {
        let board = self.board();
        let tiles = board.cells() as u32 - 1;
        let mut used = 0u32;
        let mut lehmer = 0u32;
        let mut inversions = 0u32;
        let mut remaining = tiles;
        for &cell in self.cells() {
            if cell == 0 {
                continue;
            }
            let v = u32::from(cell) - 1;
            // Smaller tiles not yet placed: each one comes later, so each is an inversion.
            let digit = v - (used & ((1 << v) - 1)).count_ones();
            lehmer = lehmer * remaining + digit;
            inversions += digit;
            remaining -= 1;
            used |= 1 << v;
        }
        let half = FACTORIAL[tiles as usize] / 2;
        let index = self.blank() as u32 * half + lehmer / 2;
        let parity = inversions ^ row_term(board, self.blank());
        (index, Parity::of(parity))
    }

    /// The state at `index` in the table of the parity half `parity`, or `None` when the index
    /// is past the end. The inverse of [`State::index`].
    pub fn from_index(board: Board, parity: Parity, index: u32) -> Option<State> {
        if index >= board.states() {
            return None;
        }
        let tiles = board.cells() - 1;
        let half = FACTORIAL[tiles] / 2;
        let blank = (index / half) as usize;
        let wanted = (parity as u32 ^ row_term(board, blank)) & 1;

        // Factorial-base digits of 2k, last digit first; digit j has radix tiles - j.
        let mut digits = [0u32; MAX_CELLS];
        let mut rest = (index % half) * 2;
        for (j, digit) in digits[..tiles].iter_mut().enumerate().rev() {
            let radix = (tiles - j) as u32;
            *digit = rest % radix;
            rest /= radix;
        }
        if digits[..tiles].iter().sum::<u32>() & 1 != wanted {
            // The weight-1 digit of an even rank is 0; setting it swaps the last two tiles.
            digits[tiles - 2] = 1;
        }

        let mut cells = [0u8; MAX_CELLS];
        let mut unused = (1u32 << tiles) - 1;
        let mut digit = digits.iter();
        for (cell, slot) in cells[..board.cells()].iter_mut().enumerate() {
            if cell == blank {
                continue;
            }
            let mut skip = *digit.next()?;
            let mut candidates = unused;
            while skip > 0 {
                candidates &= candidates - 1;
                skip -= 1;
            }
            let v = candidates.trailing_zeros();
            unused &= !(1 << v);
            *slot = v as u8 + 1;
        }
        State::new(board, &cells[..board.cells()]).ok()
    }
}

/// The blank's contribution to the parity: its row from the bottom on boards of even width,
/// nothing on boards of odd width.
#[inline]
fn row_term(board: Board, blank: usize) -> u32 {
    if board.width() % 2 == 0 {
        (board.height() - blank / board.width()) as u32 & 1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip_every_index(board: Board) {
        for parity in [Parity::Even, Parity::Odd] {
            for index in 0..board.states() {
                let s = State::from_index(board, parity, index)
                    .unwrap_or_else(|| panic!("{board} {parity:?} {index}: no state"));
                assert_eq!(s.index_and_parity(), (index, parity), "{board} {s:?}");
            }
            assert_eq!(State::from_index(board, parity, board.states()), None);
        }
    }

    /// The index is a bijection on every board of up to 9 cells: every index of both parity
    /// halves unranks to a state of that half that ranks back to it. Since the two halves
    /// together have cells! members, the same count as all arrangements, nothing is left out.
    #[test]
    fn rank_and_unrank_are_inverse_on_every_small_board() {
        for board in Board::all().filter(|b| b.cells() <= 9) {
            round_trip_every_index(board);
        }
    }

    #[test]
    fn ten_and_twelve_cell_boards_round_trip_on_a_stride() {
        for board in Board::all().filter(|b| b.cells() >= 10) {
            for parity in [Parity::Even, Parity::Odd] {
                for index in (0..board.states())
                    .step_by(9973)
                    .chain([board.states() - 1])
                {
                    let s = State::from_index(board, parity, index).unwrap();
                    assert_eq!(s.index_and_parity(), (index, parity));
                }
            }
        }
    }

    #[test]
    fn goals_index_where_expected() {
        // Tiles in order, blank last: Lehmer rank 0, blank in the last cell.
        let g: State = "123456780".parse().unwrap();
        assert_eq!(g.index(), 8 * 20_160);
        let g: State = "123804765".parse().unwrap();
        // Blank in cell 4; tiles 1 2 3 8 4 7 6 5 have Lehmer digits 0 0 0 4 0 2 1 0,
        // rank 4*4! + 2*2! + 1*1! = 101, halved to 50.
        assert_eq!(g.index(), 4 * 20_160 + 50);
    }
}
