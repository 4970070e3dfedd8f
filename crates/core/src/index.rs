//! The dense index: a bijection between the states of one parity half and `0..cells!/2`.
//!
//! `index = blank × (n−1)!/2 + rank / 2`, where `rank` is the Lehmer rank of where the tiles
//! stand: tile `t`'s digit counts the larger tiles that stand before it in reading order, with
//! weight `(n−1−t)!`. (That is the Lehmer code of the tiles' positions, the inverse of their
//! reading order, and has the same parity.) Ranks that differ only in the lowest digit (weight 1!)
//! differ by a swap of the two largest tiles, hence in parity; with the blank's cell fixed, a
//! parity half holds exactly one of each such pair, so halving the rank leaves no gaps. The index
//! depends only on the state, not on the goal; the goal only says which parity half a table
//! covers.
//!
//! Ranking positions rather than the reading order makes every move cheap: a horizontal move
//! changes no tile's place relative to another, and a vertical move makes one tile pass the
//! `W − 1` tiles between its cell and the blank's, which changes the rank by one fixed weight
//! for each of them (see [`crate::Cursor`]).

use crate::State;
use crate::board::{Board, FACTORIAL, TABLE_CELLS};
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
        let (rank, inversions) = self.rank_and_inversions();
        let board = self.board();
        let blank = self.blank();
        let index = blank as u32 * HALF[board.cells() - 1] + rank / 2;
        (index, Parity::of(inversions ^ row_term(board, blank)))
    }

    /// The whole rank (the index holds half of it) and the number of inversions.
    #[inline]
    pub(crate) fn rank_and_inversions(&self) -> (u32, u32) {
        let ranked = rank(self.board(), self.cells().iter().copied());
        (ranked.rank, ranked.digits - self.blank() as u32)
    }

    /// The index and parity of the state written as `digits`, one ASCII digit per cell, without
    /// making the state: `State::from_digits(board, digits)` then [`State::index_and_parity`],
    /// in one pass, for batches of millions of lines. `None` exactly where `from_digits` is.
    ///
    /// ```
    /// use tilebase_core::{Board, State};
    ///
    /// let s: State = "603712458".parse().unwrap();
    /// let board = Board::THREE_BY_THREE;
    /// assert_eq!(State::index_of_digits(board, b"603712458"), Some(s.index_and_parity()));
    /// assert_eq!(State::index_of_digits(board, b"603712455"), None);
    /// ```
    #[inline]
    pub fn index_of_digits(board: Board, digits: &[u8]) -> Option<(u32, Parity)> {
        let n = board.cells();
        if digits.len() != n || n > 10 {
            return None;
        }
        let mut out_of_range = false;
        let mut blank = 0;
        let tiles = digits.iter().enumerate().map(|(i, &digit)| {
            let t = digit.wrapping_sub(b'0');
            out_of_range |= usize::from(t) >= n;
            blank = if t == 0 { i } else { blank };
            t
        });
        let ranked = rank(board, tiles);
        // A repeated tile leaves another missing.
        if out_of_range || ranked.seen != (1 << n) - 1 {
            return None;
        }
        let index = blank as u32 * HALF[n - 1] + ranked.rank / 2;
        let inversions = ranked.digits.wrapping_sub(blank as u32);
        Some((index, Parity::of(inversions ^ row_term(board, blank))))
    }

    /// The state at `index` in the table of the parity half `parity`, or `None` when the index
    /// is past the end. The inverse of [`State::index`].
    pub fn from_index(board: Board, parity: Parity, index: u32) -> Option<State> {
        if index >= board.states() {
            return None;
        }
        let mut cells = [0u8; TABLE_CELLS];
        // One copy of the work per board size, so that every radix is a constant and each
        // division a multiplication: unranking is most of the time `label` takes on a table.
        let blank = match board.cells() {
            2 => unrank::<2>(board, parity, index, &mut cells),
            3 => unrank::<3>(board, parity, index, &mut cells),
            4 => unrank::<4>(board, parity, index, &mut cells),
            5 => unrank::<5>(board, parity, index, &mut cells),
            6 => unrank::<6>(board, parity, index, &mut cells),
            7 => unrank::<7>(board, parity, index, &mut cells),
            8 => unrank::<8>(board, parity, index, &mut cells),
            9 => unrank::<9>(board, parity, index, &mut cells),
            10 => unrank::<10>(board, parity, index, &mut cells),
            11 => unrank::<11>(board, parity, index, &mut cells),
            _ => unrank::<12>(board, parity, index, &mut cells),
        };
        // Every tile of 1..n once and the blank once, by construction.
        Some(State::from_parts(board, blank as u8, cells))
    }

    /// Writes into `cells` the cells of the state at `index` in the table of the parity half
    /// `parity` of `board`, a board of `N` cells: [`State::from_index`] without making the
    /// state, for filling millions of rows, with the board's size a constant (no division left,
    /// each cell written in place). `false`, and `cells` untouched, when the board has not `N`
    /// cells or the index is past the end.
    ///
    /// ```
    /// use tilebase_core::State;
    ///
    /// let s: State = "603712458".parse().unwrap();
    /// let mut cells = [0u8; 9];
    /// assert!(State::write_cells_of_index(s.board(), s.parity(), s.index(), &mut cells));
    /// assert_eq!(&cells[..], s.cells());
    /// assert!(!State::write_cells_of_index(s.board(), s.parity(), 181_440, &mut cells));
    /// ```
    #[inline(always)]
    pub fn write_cells_of_index<const N: usize>(
        board: Board,
        parity: Parity,
        index: u32,
        cells: &mut [u8; N],
    ) -> bool {
        if board.cells() != N || N < 2 || N > TABLE_CELLS || index >= board.states() {
            return false;
        }
        unrank::<N>(board, parity, index, cells);
        true
    }
}

/// Writes the cells of the state at `index` (below the board's `board.states()`) in the parity
/// half `parity` of `board`, a board of `N` cells, into `cells[..N]`: its blank's cell.
#[inline(always)]
fn unrank<const N: usize>(board: Board, parity: Parity, index: u32, cells: &mut [u8]) -> usize {
    // (n-1)!/2, a constant; never 0 (no board has fewer than 4 cells, but no division by 0
    // is compiled in either).
    let half = const {
        let half = FACTORIAL[N.saturating_sub(1)] / 2;
        if half == 0 { 1 } else { half }
    };
    let blank = (index / half) as usize;
    let wanted = (parity as u32 ^ row_term(board, blank)) & 1;
    let rest = (index % half) * 2;
    let packed = place::<N>(rest, wanted);
    // The tiles in reading order, four bits each, with a 0 (the blank) let in at its cell.
    let low = (1u64 << (4 * blank)) - 1;
    let packed = (packed & low) | ((packed & !low) << 4);
    for (i, slot) in cells.iter_mut().take(N).enumerate() {
        *slot = ((packed >> (4 * i)) & 0xF) as u8;
    }
    blank
}

/// The tiles of an `N`-cell board in reading order (the blank left out), four bits each, the
/// first in the lowest: the arrangement whose Lehmer rank is `rank` (even), or `rank + 1` when
/// the sum of its digits must have parity `wanted`.
#[inline(always)]
fn place<const N: usize>(rank: u32, wanted: u32) -> u64 {
    // Digits of the rank, tile by tile from the largest: tile t's digit has radix N - t.
    let mut digits = [0u32; TABLE_CELLS];
    let mut rest = rank;
    let mut sum = 0;
    let mut t = N - 1;
    while t >= 1 {
        let radix = (N - t) as u32;
        digits[t] = rest % radix;
        sum += digits[t];
        rest /= radix;
        t -= 1;
    }
    if N >= 3 && sum & 1 != wanted {
        // The weight-1 digit, the second-largest tile's, of an even rank is 0; setting it
        // swaps the two largest tiles.
        digits[N - 2] = 1;
    }
    // Place the tiles from the largest: each stands after exactly `digit` larger ones.
    let mut order = 0u64;
    let mut t = N - 1;
    while t >= 1 {
        let at = 4 * digits[t];
        let low = (1u64 << at) - 1;
        order = (order & low) | ((order & !low) << 4) | ((t as u64) << at);
        t -= 1;
    }
    order
}

/// What one pass over the tiles in reading order gives.
pub(crate) struct Ranked {
    /// The Lehmer rank of where the tiles stand.
    pub(crate) rank: u32,
    /// The sum of the digits: the inversions, plus the number of tiles before the blank.
    pub(crate) digits: u32,
    /// Bit `t` set for every tile `t` met.
    pub(crate) seen: usize,
}

/// The rank of the tiles `tiles`, in reading order, the blank as tile 0. No branch, no
/// division: this runs for every state a query or a build touches. The blank reads as tile 0,
/// with weight 0; its digit, which counts the tiles before it, the callers take back out of the
/// sum of digits. Wrapping arithmetic and masked indices: unchecked input (a line of a batch)
/// comes through here before it is known to be a state, and must not panic.
#[inline(always)]
pub(crate) fn rank(board: Board, tiles: impl Iterator<Item = u8>) -> Ranked {
    let weights = &TILE_WEIGHTS[board.cells()];
    let mut ranked = Ranked {
        rank: 0,
        digits: 0,
        seen: 0,
    };
    for tile in tiles {
        let t = usize::from(tile) & 15;
        // Larger tiles already seen stand before this one.
        let digit = u32::from(ONES_IN_12_BITS[(ranked.seen >> (t + 1)) & 0xFFF]);
        ranked.rank = ranked.rank.wrapping_add(digit.wrapping_mul(weights[t]));
        ranked.digits += digit;
        ranked.seen |= 1 << t;
    }
    ranked
}

/// `ONES_IN_12_BITS[m]` is the number of bits set in `m`, for every 12-bit `m`: a table, because
/// the baseline x86-64 target has no popcount instruction and its software fallback would
/// double the cost of an index.
static ONES_IN_12_BITS: [u8; 1 << TABLE_CELLS] = {
    let mut table = [0u8; 1 << TABLE_CELLS];
    let mut m = 1;
    while m < table.len() {
        table[m] = table[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    table
};

/// `TILE_WEIGHTS[n][t]` is the weight of tile `t`'s Lehmer digit on a board of `n` cells:
/// `(n - 1 - t)!`; 0 for the blank, tile 0.
pub(crate) static TILE_WEIGHTS: [[u32; 16]; TABLE_CELLS + 1] = {
    let mut table = [[0u32; 16]; TABLE_CELLS + 1];
    let mut n = 2;
    while n <= TABLE_CELLS {
        let mut t = 1;
        while t < n {
            table[n][t] = FACTORIAL[n - 1 - t];
            t += 1;
        }
        n += 1;
    }
    table
};

/// The weights of the tiles' Lehmer digits on `board`: `(n − 1 − t)!` for tile `t`, 0 for the
/// blank (tile 0) and past the last tile.
///
/// ```
/// use tilebase_core::{Board, index};
///
/// let w = index::tile_weights(Board::THREE_BY_THREE);
/// assert_eq!(&w[..9], &[0, 5040, 720, 120, 24, 6, 2, 1, 1]);
/// ```
#[inline]
pub fn tile_weights(board: Board) -> &'static [u32; 16] {
    &TILE_WEIGHTS[board.cells()]
}

/// How the rank changes on `board` when tile `mover` passes tile `other` towards the end of the
/// reading order, as `passing(board)[mover][other]` (wrapping: a fall is a large number). If
/// `other` is larger, it now stands before the mover, whose digit grows by one; if smaller, the
/// mover no longer stands before it, and its digit shrinks by one. Passing towards the start is
/// the negation. A vertical move makes one tile pass `W − 1` others, so its change of rank is
/// `W − 1` look-ups: a table rather than a comparison, because which way the comparison goes is
/// a coin toss, and a branch on it would be mispredicted at every other move.
///
/// ```
/// use tilebase_core::{Board, index};
///
/// let passing = index::passing(Board::THREE_BY_THREE);
/// assert_eq!(passing[4][8], 24); // 8 now before 4: tile 4's digit (weight 4!) grows
/// assert_eq!(passing[8][4], 24u32.wrapping_neg()); // 8 no longer before 4
/// ```
#[inline]
pub fn passing(board: Board) -> &'static [[u32; 16]; 16] {
    &PASSING[board.cells()]
}

static PASSING: [[[u32; 16]; 16]; TABLE_CELLS + 1] = {
    let mut table = [[[0u32; 16]; 16]; TABLE_CELLS + 1];
    let mut n = 0;
    while n <= TABLE_CELLS {
        let w = &TILE_WEIGHTS[n];
        let mut mover = 0;
        while mover < 16 {
            let mut other = 0;
            while other < 16 {
                table[n][mover][other] = if other > mover {
                    w[mover]
                } else {
                    w[other].wrapping_neg()
                };
                other += 1;
            }
            mover += 1;
        }
        n += 1;
    }
    table
};

/// `HALF[tiles]` is `tiles!/2`: the number of orders of the tiles in one parity half.
pub(crate) static HALF: [u32; TABLE_CELLS] = {
    let mut table = [0u32; TABLE_CELLS];
    let mut tiles = 1;
    while tiles < TABLE_CELLS {
        table[tiles] = FACTORIAL[tiles] / 2;
        tiles += 1;
    }
    table
};

/// The blank's contribution to the parity: its row from the bottom on boards of even width,
/// nothing on boards of odd width. Read off a mask per board rather than divided out, since a
/// division by the width costs more than the rest of an index.
#[inline]
pub(crate) fn row_term(board: Board, blank: usize) -> u32 {
    (ROW_TERMS[board.width()][board.height()] >> blank) & 1
}

/// `ROW_TERMS[w][h]` has bit `b` set when a blank in cell `b` of a `w`x`h` board adds one to the
/// parity: `w` even and the blank's row from the bottom (counted from 1) odd.
static ROW_TERMS: [[u32; TABLE_CELLS + 1]; TABLE_CELLS + 1] = {
    let mut table = [[0u32; TABLE_CELLS + 1]; TABLE_CELLS + 1];
    let mut w = 2;
    while w <= TABLE_CELLS {
        let mut h = 2;
        while w * h <= TABLE_CELLS {
            let mut mask = 0;
            if w % 2 == 0 {
                let mut b = 0;
                while b < w * h {
                    mask |= ((h - b / w) as u32 & 1) << b;
                    b += 1;
                }
            }
            table[w][h] = mask;
            h += 1;
        }
        w += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip_every_index(board: Board) {
        for parity in [Parity::Even, Parity::Odd] {
            for index in 0..board.states() {
                let s = State::from_index(board, parity, index)
                    .unwrap_or_else(|| panic!("{board} {parity:?} {index}: no state"));
                assert_eq!(s.index_and_parity(), (index, parity), "{board} {s:?}");
                // Made from its parts, unchecked: the same state its cells make.
                assert_eq!(State::new(board, s.cells()), Ok(s), "{board} {index}");
            }
            assert_eq!(State::from_index(board, parity, board.states()), None);
        }
    }

    /// The index is a bijection on every board of up to 9 cells: every index of both parity
    /// halves unranks to a state of that half that ranks back to it. Since the two halves
    /// together have cells! members, the same count as all arrangements, nothing is left out.
    #[test]
    fn rank_and_unrank_are_inverse_on_every_small_board() {
        for board in Board::with_tables().filter(|b| b.cells() <= 9) {
            round_trip_every_index(board);
        }
    }

    #[test]
    fn ten_and_twelve_cell_boards_round_trip_on_a_stride() {
        for board in Board::with_tables().filter(|b| b.cells() >= 10) {
            for parity in [Parity::Even, Parity::Odd] {
                for index in (0..board.states())
                    .step_by(9973)
                    .chain([board.states() - 1])
                {
                    let s = State::from_index(board, parity, index).unwrap();
                    assert_eq!(s.index_and_parity(), (index, parity));
                    assert_eq!(State::new(board, s.cells()), Ok(s));
                }
            }
        }
    }

    /// Writing a state's cells from its index is [`State::from_index`], on every board of up
    /// to 9 cells in both halves (a stride on the larger); a board of another size or an index
    /// past the end leaves the cells as they were.
    #[test]
    fn cells_written_from_an_index_are_its_state() {
        fn check<const N: usize>(board: Board) {
            let stride = if N <= 9 { 1 } else { 997 };
            for parity in [Parity::Even, Parity::Odd] {
                for index in (0..board.states()).step_by(stride) {
                    let mut cells = [0u8; N];
                    assert!(State::write_cells_of_index(
                        board, parity, index, &mut cells
                    ));
                    let s = State::from_index(board, parity, index).unwrap();
                    assert_eq!(&cells[..], s.cells(), "{board} {parity:?} {index}");
                }
                let mut cells = [7u8; N];
                assert!(!State::write_cells_of_index(
                    board,
                    parity,
                    board.states(),
                    &mut cells
                ));
                assert_eq!(cells, [7u8; N]);
                let mut other = [7u8; 5];
                assert!(!State::write_cells_of_index(board, parity, 0, &mut other));
                assert_eq!(other, [7u8; 5]);
            }
        }
        for board in Board::with_tables() {
            match board.cells() {
                4 => check::<4>(board),
                6 => check::<6>(board),
                8 => check::<8>(board),
                9 => check::<9>(board),
                10 => check::<10>(board),
                12 => check::<12>(board),
                n => panic!("{board}: {n} cells, not written by this test"),
            }
        }
    }

    /// Indexing digits is making the state from them and indexing it: for every state of the
    /// boards up to 8 cells in both halves, and for every string of the board's length over
    /// the digits and a few other bytes on 2x2 (repeats, gaps, letters, spaces).
    #[test]
    fn index_of_digits_is_from_digits_then_index() {
        for board in Board::with_tables().filter(|b| b.cells() <= 8) {
            for parity in [Parity::Even, Parity::Odd] {
                for index in 0..board.states() {
                    let s = State::from_index(board, parity, index).unwrap();
                    let digits: Vec<u8> = s.cells().iter().map(|&c| b'0' + c).collect();
                    assert_eq!(
                        State::index_of_digits(board, &digits),
                        Some((index, parity))
                    );
                }
            }
        }
        let board = Board::new(2, 2).unwrap();
        let bytes = b"01234 a/\xff";
        let mut line = [0u8; 4];
        for k in 0..bytes.len().pow(4) {
            let mut rest = k;
            for b in &mut line {
                *b = bytes[rest % bytes.len()];
                rest /= bytes.len();
            }
            let expected = State::from_digits(board, &line).map(|s| s.index_and_parity());
            assert_eq!(State::index_of_digits(board, &line), expected, "{line:?}");
        }
        for len in [0, 3, 5, 11, 12] {
            assert_eq!(State::index_of_digits(board, &vec![b'0'; len]), None);
        }
    }

    #[test]
    fn goals_index_where_expected() {
        // Tiles in order, blank last: rank 0, blank in the last cell.
        let g: State = "123456780".parse().unwrap();
        assert_eq!(g.index(), 8 * 20_160);
        let g: State = "123804765".parse().unwrap();
        // Blank in cell 4; read in order 1 2 3 8 4 7 6 5. Larger tiles before each tile:
        // 4 has 8 (digit 1, weight 4!), 5 has 8 7 6 (3, weight 3!), 6 has 8 7 (2, weight 2!),
        // 7 has 8 (1, weight 1!): rank 24 + 18 + 4 + 1 = 47, halved to 23.
        assert_eq!(g.index(), 4 * 20_160 + 23);
    }
}
