//! The index space of full tables: every state of a board, in the order of
//! [`tilebase_core::State::index`], grouped in chunks whose moves are maps between whole chunks.
//!
//! A state's index is `blank × half + rank / 2`, where the rank is a Lehmer code over the tiles,
//! tile 1's digit the most significant (see `tilebase_core::index`). Split the tiles in two: the
//! `k` small tiles `1..=k` and the large ones. The digits of the small tiles say where the small
//! tiles stand in the reading order (tile 1's digit is its place; tile 2's, its place among the
//! places tile 1 left free; and so on), and being the most significant they form the high part
//! of the rank. The large tiles' digits are the Lehmer code of the order in which the large tiles
//! stand, the low part. So the states with the blank in one cell and the small tiles in the same
//! places are one run of consecutive indices: a *chunk* of `len!/2` states, where `len` is the
//! number of large tiles.
//!
//! Moves act on chunks as wholes:
//! - a horizontal move changes only the blank's cell: chunk to chunk, each state to the same
//!   place in the other;
//! - a vertical move takes one tile `W − 1` places back or forth in the reading order. Where the
//!   small tiles stand afterwards depends only on where they stood, so the whole chunk moves to
//!   one other chunk; and the large tiles' order either stays or has one large tile move past a
//!   few others, which is one small fixed permutation of the low part ([`sequence`]).
//!
//! The breadth-first search works a chunk at a time through these maps, reading tables of a few
//! hundred kilobytes instead of permutations of whole blocks, and writes each chunk of the next
//! layer from the chunks that lead to it, so that chunks can be filled in parallel.

mod sequence;

use tilebase_core::{Metric, State};

use crate::layers::{Frontier, Space};
use sequence::Sequences;

/// The most large tiles a chunk orders: 7! / 2 = 2,520 states a chunk, 40 words of bits, tables
/// of 150 to 200 KB on the 12-cell boards.
const MAX_LARGE: usize = 7;

/// A move of the whole chunk leaves the large tiles' order as it is.
const IDENTITY: u16 = u16::MAX;

/// The vertical move of a chunk with the blank in cell `s` down to `s + W`.
#[derive(Clone, Copy, Debug, Default)]
struct Down {
    /// The high part (small tiles' places) of the chunk reached, in block `s + W`.
    to: u32,
    /// The move of the large tiles' order (a table of [`Sequences`]), or [`IDENTITY`].
    pair: u16,
}

/// A board's full table as chunks, for a goal (whose parity half the table covers) and a metric.
pub(crate) struct FullSpace {
    cells: usize,
    width: usize,
    /// How many cells one move may slide the blank.
    reach: usize,
    /// Chunks per blank cell.
    highs: usize,
    /// States per chunk.
    lows: usize,
    /// 64-bit words per chunk of a bitset.
    words: usize,
    /// `down[s × highs + hi]`: the move down from chunk `hi` of block `s`.
    down: Vec<Down>,
    /// `from_above[s × highs + hi]`: the high part in block `s` whose move down reaches `hi` in
    /// block `s + W`.
    from_above: Vec<u32>,
    /// The parity of the small tiles' digits, per high part.
    high_parity: Vec<u8>,
    /// The parity of the inversions of the states with the blank in each cell.
    block_parity: [u8; 16],
    sequences: Sequences,
    /// The goal's chunk and its place in it.
    goal: (usize, usize),
}

impl FullSpace {
    pub fn new(goal: &State, metric: Metric) -> FullSpace {
        let board = goal.board();
        let (cells, width) = (board.cells(), board.width());
        let tiles = cells - 1;
        let large = tiles.saturating_sub(1).clamp(2, MAX_LARGE).min(tiles);
        let small = tiles - large;
        let sequences = Sequences::new(large, width - 1);
        let lows = sequences.half();
        let highs = (large + 1..=tiles).product::<usize>();
        debug_assert_eq!(highs * lows, board.states() as usize / cells);

        let places: Vec<Vec<u8>> = (0..highs).map(|hi| places(hi, small, tiles)).collect();
        let high_parity = (0..highs)
            .map(|hi| (digits(hi, small, tiles).iter().sum::<usize>() & 1) as u8)
            .collect();
        let sources = cells - width;
        let mut down = vec![Down::default(); sources * highs];
        let mut from_above = vec![0u32; sources * highs];
        for s in 0..sources {
            for (hi, before) in places.iter().enumerate() {
                let d = move_down(before, s, width, tiles, &sequences);
                down[s * highs + hi] = d;
                from_above[s * highs + d.to as usize] = hi as u32;
            }
        }

        // A vertical move makes a tile pass `W − 1` others: on a board of odd width the parity of
        // the inversions never changes; on one of even width it flips with every row.
        let (goal_row, goal_inversions) = (goal.blank() / width, goal.inversions());
        let block_parity = std::array::from_fn(|b| {
            let rows_apart = (b / width).abs_diff(goal_row) as u32;
            ((goal_inversions + if width % 2 == 0 { rows_apart } else { 0 }) & 1) as u8
        });
        let index = goal.index() as usize;
        let half = highs * lows;
        let (block, h) = (index / half, index % half);
        FullSpace {
            cells,
            width,
            reach: match metric {
                Metric::Single => 1,
                Metric::Multi => width.max(board.height()) - 1,
            },
            highs,
            lows,
            words: lows.div_ceil(64),
            down,
            from_above,
            high_parity,
            block_parity,
            sequences,
            goal: (block * highs + h / lows, h % lows),
        }
    }

    /// The parity of the large tiles' inversions in chunk `hi` of block `b`: the inversions of
    /// the whole block's states, less the small tiles' digits.
    #[inline]
    fn low_parity(&self, b: usize, hi: usize) -> u8 {
        self.block_parity[b] ^ self.high_parity[hi]
    }

    /// The states of the chunk reached from chunk `hi` of block `b` by the blank moving `rows`
    /// rows down, as the chunk and the maps of the large tiles' order met on the way.
    fn chain_down(&self, b: usize, hi: usize, rows: usize, steps: &mut Vec<(u16, u8)>) -> usize {
        steps.clear();
        let mut hi = hi;
        for r in 0..rows {
            let s = b + r * self.width;
            let d = self.down[s * self.highs + hi];
            if d.pair != IDENTITY {
                steps.push((d.pair, self.low_parity(s, hi)));
            }
            hi = d.to as usize;
        }
        hi
    }
}

/// The digits of the small tiles `1..=small` encoded in `hi`: radices `tiles`, `tiles − 1`, ...
fn digits(mut hi: usize, small: usize, tiles: usize) -> Vec<usize> {
    let mut digits = vec![0; small + 1];
    for t in (1..=small).rev() {
        let radix = tiles - t + 1;
        digits[t] = hi % radix;
        hi /= radix;
    }
    digits
}

/// Where the small tiles stand in the reading order, `places[t − 1]` for tile `t`: each takes
/// the place its digit names among those the smaller ones left free.
fn places(hi: usize, small: usize, tiles: usize) -> Vec<u8> {
    let digits = digits(hi, small, tiles);
    let mut free: Vec<u8> = (0..tiles as u8).collect();
    (1..=small).map(|t| free.remove(digits[t])).collect()
}

/// The high part of the small tiles standing at `places`.
fn high_of(places: &[u8], tiles: usize) -> usize {
    let mut hi = 0;
    for (i, &p) in places.iter().enumerate() {
        let t = i + 1;
        let taken_before = places[..i].iter().filter(|&&q| q < p).count();
        hi = hi * (tiles - t + 1) + usize::from(p) - taken_before;
    }
    hi
}

/// The blank moving down from cell `s`: the tile `W` cells below comes up. In the reading order
/// (the blank left out) it goes from place `s + W − 1` back to place `s`, and the tiles between
/// move one place on.
fn move_down(places: &[u8], s: usize, width: usize, tiles: usize, seq: &Sequences) -> Down {
    let q = s + width - 1;
    let moved: Vec<u8> = places
        .iter()
        .map(|&p| match usize::from(p) {
            p if p == q => s as u8,
            p if (s..q).contains(&p) => p as u8 + 1,
            p => p as u8,
        })
        .collect();
    let small_before = |at: usize| places.iter().filter(|&&p| usize::from(p) < at).count();
    let pair = if places.iter().any(|&p| usize::from(p) == q) {
        IDENTITY
    } else {
        // The large tile at place q is the j-th large one; it becomes the i-th.
        let (i, j) = (s - small_before(s), q - small_before(q));
        if i == j { IDENTITY } else { seq.pair(i, j) }
    };
    Down {
        to: high_of(&moved, tiles) as u32,
        pair,
    }
}

impl Space for FullSpace {
    fn chunks(&self) -> usize {
        self.cells * self.highs
    }

    fn chunk_len(&self) -> usize {
        self.lows
    }

    fn words(&self) -> usize {
        self.words
    }

    fn seed(&self) -> (usize, usize) {
        self.goal
    }

    /// Every state of chunk `c` one move from the layer: the chunks that lead to it, mapped.
    fn gather(&self, c: usize, layer: &Frontier, out: &mut [u64]) -> bool {
        let (b, hi) = (c / self.highs, c % self.highs);
        let (width, highs) = (self.width, self.highs);
        out.fill(0);
        let mut any = false;
        // Horizontal slides keep the small tiles' places and the large tiles' order.
        let column = b % width;
        let row_start = b - column;
        let left = (column.saturating_sub(self.reach) + row_start)..b;
        let right = b + 1..(b + self.reach + 1).min(row_start + width);
        for from in left.chain(right) {
            if let Some(words) = layer.chunk(from * highs + hi) {
                or(words, out);
                any = true;
            }
        }
        let mut steps = Vec::new();
        // From above: the blank came down `rows` rows from block `b − rows × W`.
        let mut above = hi;
        for rows in 1..=self.reach.min(b / width) {
            let s = b - rows * width;
            above = self.from_above[s * highs + above] as usize;
            if let Some(words) = layer.chunk(s * highs + above) {
                let reached = self.chain_down(s, above, rows, &mut steps);
                debug_assert_eq!(reached, hi);
                any = true;
                match steps.as_slice() {
                    [] => or(words, out),
                    &[(p, q)] => map(words, out, self.sequences.forward(p, q)),
                    _ => map_with(words, out, |lo| {
                        steps
                            .iter()
                            .fold(lo, |lo, &(p, q)| self.sequences.forward(p, q)[lo].into())
                    }),
                }
            }
        }
        // From below: the blank came up `rows` rows from block `b + rows × W`; the moves down
        // from here, undone in reverse order.
        let rows_below = (self.cells - 1 - b) / width;
        for rows in 1..=self.reach.min(rows_below) {
            let below = self.chain_down(b, hi, rows, &mut steps);
            let from = b + rows * width;
            if let Some(words) = layer.chunk(from * highs + below) {
                any = true;
                let back = |p: u16, q: u8| {
                    let q_after = q ^ self.sequences.parity_change(p);
                    self.sequences.backward(p, q_after)
                };
                match steps.as_slice() {
                    [] => or(words, out),
                    &[(p, q)] => map(words, out, back(p, q)),
                    _ => map_with(words, out, |lo| {
                        steps
                            .iter()
                            .rev()
                            .fold(lo, |lo, &(p, q)| back(p, q)[lo].into())
                    }),
                }
            }
        }
        any
    }
}

/// ORs `words` into `out`: the chunk's states move as they are.
#[inline]
fn or(words: &[u64], out: &mut [u64]) {
    for (o, &w) in out.iter_mut().zip(words) {
        *o |= w;
    }
}

/// ORs into `out` the bits of `words`, each sent to the place `table` gives: one move of the
/// large tiles' order.
#[inline]
fn map(words: &[u64], out: &mut [u64], table: &[u16]) {
    map_with(words, out, |lo| usize::from(table[lo]))
}

/// ORs into `out` the bits of `words`, each sent to the place `f` gives.
#[inline]
fn map_with(words: &[u64], out: &mut [u64], f: impl Fn(usize) -> usize) {
    for (i, &word) in words.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            let to = f(i * 64 + rest.trailing_zeros() as usize);
            out[to / 64] |= 1 << (to % 64);
            rest &= rest - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_core::{Board, Move, Parity};

    /// The state at place `lo` of chunk `c`, and back.
    fn state(space: &FullSpace, board: Board, parity: Parity, c: usize, lo: usize) -> State {
        let index = (c * space.lows + lo) as u32;
        State::from_index(board, parity, index).unwrap()
    }

    /// Every vertical move of every state of every board of up to 9 cells (and of a sample of
    /// chunks of the larger boards), in both parity halves: the chunk maps give the index of the
    /// state the move really reaches.
    #[test]
    fn chunk_maps_are_the_moves() {
        for board in Board::with_tables() {
            for goal in [board.ordered_goal().unwrap(), board.canonical_goals()[0]] {
                let space = FullSpace::new(&goal, Metric::Single);
                let parity = goal.parity();
                let sample = if board.cells() <= 9 { 1 } else { 97 };
                let mut steps = Vec::new();
                for c in (0..space.chunks()).step_by(sample) {
                    let (b, hi) = (c / space.highs, c % space.highs);
                    if b + space.width >= space.cells {
                        continue;
                    }
                    let to_hi = space.chain_down(b, hi, 1, &mut steps);
                    let to = (b + space.width) * space.highs + to_hi;
                    assert_eq!(space.from_above[b * space.highs + to_hi] as usize, hi);
                    for lo in (0..space.lows).step_by(if sample == 1 { 1 } else { 13 }) {
                        let s = state(&space, board, parity, c, lo);
                        let below = s.slide(Move::Down).unwrap();
                        let lo_to = steps
                            .iter()
                            .fold(lo, |lo, &(p, q)| space.sequences.forward(p, q)[lo].into());
                        assert_eq!(
                            below,
                            state(&space, board, parity, to, lo_to),
                            "{board} chunk {c} place {lo}"
                        );
                    }
                }
            }
        }
    }
}
