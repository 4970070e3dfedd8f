//! Vertical moves as permutations of one blank cell's block of the table.
//!
//! A state's index is `blank × half + rank / 2` (see `tilebase_core::index`), where `rank` ranks
//! where the tiles stand in reading order, the blank left out. Read that way, a horizontal move
//! changes nothing but the blank's cell: its neighbour has the same half-rank in the next block.
//! A vertical move from blank cell `s` down to `s + W` takes the tile `W` cells on to the blank's
//! cell: in the tiles' reading order, the window of `W` places starting at place `s` rotates by
//! one, its last tile coming first. Which half-rank that makes depends only on `s` and the
//! half-rank, so each `s` has one permutation of `0..half`, and moving up from `s + W` is its
//! inverse. The breadth-first search applies these permutations to whole layers at once.
//!
//! The permutations are made by enumerating the block's arrangements in index order, placing
//! the tiles from the smallest: tile `t`'s Lehmer digit `d` (the larger tiles before it) puts it
//! in the `d`-th place no smaller tile has taken. The two largest tiles take the last two
//! places, in the order the block's parity asks for.

use tilebase_core::{Board, index};

/// The permutations of a board's vertical moves, for the blocks of one parity half.
pub(crate) struct Rotations<R> {
    half: usize,
    /// `down[s × half + h]`: the half-rank reached when the blank moves down from cell `s`,
    /// from half-rank `h` in block `s` to block `s + W`.
    down: Vec<R>,
    /// The inverses: `up[s × half + h]` for the blank moving up from cell `s + W` to `s`.
    up: Vec<R>,
}

/// A half-rank as the permutations store it: 16 bits wherever they suffice (up to 9 cells), for
/// half the memory, hence half the pages the system must provide.
pub(crate) trait HalfRank: Copy + Default {
    /// The half-rank `h`, which fits.
    fn new(h: u32) -> Self;
    /// The half-rank as an index.
    fn get(self) -> usize;
}

impl HalfRank for u16 {
    #[inline(always)]
    fn new(h: u32) -> u16 {
        h as u16
    }
    #[inline(always)]
    fn get(self) -> usize {
        usize::from(self)
    }
}

impl HalfRank for u32 {
    #[inline(always)]
    fn new(h: u32) -> u32 {
        h
    }
    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
}

impl<R: HalfRank> Rotations<R> {
    /// The permutations of `board` where block `b`'s arrangements have `inversions(b)` parity
    /// (0 or 1): the parity of the tiles' inversions of the states whose blank is in cell `b`.
    pub fn new(board: Board, inversions: impl Fn(usize) -> u32) -> Rotations<R> {
        let cells = board.cells();
        let width = board.width();
        let tiles = cells - 1;
        let half = board.states() as usize / cells;
        let sources = cells - width;
        let mut places = [0u8; 16];
        for (p, place) in places.iter_mut().enumerate() {
            *place = p as u8;
        }
        let parities: [u32; 16] =
            std::array::from_fn(|s| if s < sources { inversions(s) & 1 } else { 0 });
        let mut enumeration = Enumeration {
            tiles,
            width,
            weights: index::tile_weights(board),
            passing: index::passing(board),
            uniform: parities[..sources].iter().all(|&p| p == parities[0]),
            parities,
            order: [0; 16],
            half,
            down: vec![R::default(); sources * half],
        };
        enumeration.place(1, &places[..tiles], 0, 0);
        let down = enumeration.down;
        let mut up = vec![R::default(); down.len()];
        for (perm, inverse) in down.chunks_exact(half).zip(up.chunks_exact_mut(half)) {
            for (h, &to) in (0u32..).zip(perm) {
                inverse[to.get()] = R::new(h);
            }
        }
        Rotations { half, down, up }
    }

    /// The permutation of the blank moving down from cell `s`: entry `h` is the half-rank
    /// reached from half-rank `h`.
    #[inline]
    pub fn down(&self, s: usize) -> &[R] {
        &self.down[s * self.half..(s + 1) * self.half]
    }

    /// The permutation of the blank moving up to cell `s`, the inverse of [`Rotations::down`].
    #[inline]
    pub fn up(&self, s: usize) -> &[R] {
        &self.up[s * self.half..(s + 1) * self.half]
    }
}

/// The arrangements of a block, tile by tile, and the permutations they fill in.
struct Enumeration<R> {
    tiles: usize,
    width: usize,
    /// `weights[t]`: the weight `(tiles − t)!` of tile `t`'s Lehmer digit.
    weights: &'static [u32; 16],
    /// How the rank changes when one tile passes another towards the end.
    passing: &'static [[u32; 16]; 16],
    /// The inversion parity of the block the move starts from, per source cell.
    parities: [u32; 16],
    /// Whether every source block has the same parity (always, on a board of odd width).
    uniform: bool,
    /// `order[p]`: the tile at place `p` of the reading order.
    order: [u8; 16],
    half: usize,
    down: Vec<R>,
}

impl<R: HalfRank> Enumeration<R> {
    /// Places `tile` and every larger one in the places `free`, given the rank and the sum of
    /// the digits of the smaller tiles; visits each arrangement in index order.
    fn place(&mut self, tile: usize, free: &[u8], rank: u32, digits: u32) {
        if let [a, b] = *free {
            self.arrangement(usize::from(a), usize::from(b), rank, digits);
            return;
        }
        let mut rest = [0u8; 16];
        rest[..free.len() - 1].copy_from_slice(&free[1..]);
        for digit in 0..free.len() {
            if digit > 0 {
                // `rest` is `free` without its `digit`-th place.
                rest[digit - 1] = free[digit - 1];
            }
            self.order[usize::from(free[digit])] = tile as u8;
            self.place(
                tile + 1,
                &rest[..free.len() - 1],
                rank + digit as u32 * self.weights[tile],
                digits + digit as u32,
            );
        }
    }

    /// One arrangement: every tile but the two largest placed, those two in places `a < b`.
    /// `rank` has the largest-but-one's digit (weight 1) still 0, so it is even; the block's
    /// parity decides that digit: 1 when the largest tile stands first, which flips the parity.
    #[inline(always)]
    fn arrangement(&mut self, a: usize, b: usize, rank: u32, digits: u32) {
        let h = (rank / 2) as usize;
        let (second, largest) = (self.tiles as u8 - 1, self.tiles as u8);
        let mut low = (self.parities[0] ^ digits) & 1;
        self.order[a] = second + low as u8;
        self.order[b] = largest - low as u8;
        for (s, down) in self.down[h..].iter_mut().step_by(self.half).enumerate() {
            if !self.uniform {
                low = (self.parities[s] ^ digits) & 1;
                self.order[a] = second + low as u8;
                self.order[b] = largest - low as u8;
            }
            // The tile at the end of the window passes the others in it towards the start.
            let window = &self.order[s..s + self.width];
            let passing = &self.passing[usize::from(window[self.width - 1]) & 15];
            let mut to = rank + low;
            for &other in &window[..self.width - 1] {
                to = to.wrapping_sub(passing[usize::from(other) & 15]);
            }
            *down = R::new(to / 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_core::{Move, Parity, State};

    /// Checks every entry of every permutation of `board`, in both parity halves, against the
    /// index of the state one vertical move away, found by making the state and moving it.
    fn check<R: HalfRank>(board: Board) {
        let n = board.cells();
        let half = board.states() / n as u32;
        for parity in [Parity::Even, Parity::Odd] {
            let block = |b: usize| {
                State::from_index(board, parity, b as u32 * half)
                    .unwrap()
                    .inversions()
            };
            let rotations = Rotations::<R>::new(board, block);
            for s in 0..n - board.width() {
                for h in 0..half as usize {
                    let state = State::from_index(board, parity, s as u32 * half + h as u32);
                    let below = state.unwrap().slide(Move::Down).unwrap();
                    let to = rotations.down(s)[h].get();
                    let expected = below.index() as usize - (s + board.width()) * half as usize;
                    assert_eq!(to, expected, "{board} {parity:?} {s} {h}");
                    assert_eq!(rotations.up(s)[to].get(), h, "{board} {parity:?} {s} {h}");
                }
            }
        }
    }

    /// Every vertical move of every board of up to 10 cells, stored in 32 bits, and in 16 bits
    /// where a half-rank fits.
    #[test]
    fn every_vertical_move_of_every_small_board() {
        for board in Board::all().filter(|b| b.cells() <= 10) {
            check::<u32>(board);
            if board.states() / board.cells() as u32 <= 1 << 16 {
                check::<u16>(board);
            }
        }
    }
}
