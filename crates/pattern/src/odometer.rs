//! Placements walked in rank order, each decoded from the one before.
//!
//! A rank's digits are its tiles' places among the cells the tiles before them leave free
//! ([`Pattern::rank`]); [`Pattern::unrank`] finds them by one division a tile. A walk over
//! every rank (encoding a database's values, checking them) needs none: the next rank moves the
//! last tile to the next free cell above it, and only when it runs out of cells does it go
//! back to the lowest and carry into the tile before, like an odometer's wheels. Most steps
//! move one tile, by one bit search.

use crate::pattern::{MAX_PATTERN_TILES, Pattern};
use tilebase_core::MAX_CELLS;

/// A placement of a pattern and the walk on from it in rank order: its tiles' cells and their
/// Manhattan distance, kept as it steps.
///
/// ```
/// use tilebase_pattern::{Grid, Odometer, Pattern};
///
/// let grid = Grid::new(4, 4).unwrap();
/// let goal: Vec<u8> = (1..16).chain([0]).collect();
/// let pattern = Pattern::new(grid, &goal, &[1, 2, 3]).unwrap();
/// let mut walk = Odometer::new(&pattern, 1_000);
/// let mut cells = [0u8; 3];
/// for rank in 1_000..1_100 {
///     pattern.unrank(rank, &mut cells);
///     assert_eq!(walk.rank(), rank);
///     assert_eq!(walk.cells(), cells);
///     assert_eq!(walk.manhattan(), pattern.manhattan(&cells));
///     walk.advance();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Odometer<'a> {
    pattern: &'a Pattern,
    rank: u64,
    /// Each tile's place among the cells left free by the tiles before it.
    digits: [u8; MAX_PATTERN_TILES],
    cells: [u8; MAX_PATTERN_TILES],
    /// The cells free before each tile is placed.
    free_before: [u32; MAX_PATTERN_TILES],
    /// Each tile's Manhattan distance from home on each cell.
    distance: [[u8; MAX_CELLS]; MAX_PATTERN_TILES],
    manhattan: u32,
}

impl<'a> Odometer<'a> {
    /// The placement of rank `rank` (below [`Pattern::placements`]) of `pattern`.
    pub fn new(pattern: &'a Pattern, rank: u64) -> Odometer<'a> {
        debug_assert!(rank < pattern.placements());
        let k = pattern.tiles().len();
        let mut cells = [0u8; MAX_PATTERN_TILES];
        pattern.unrank(rank, &mut cells);
        let w = pattern.grid().width();
        let mut distance = [[0u8; MAX_CELLS]; MAX_PATTERN_TILES];
        for (row, &home) in distance.iter_mut().zip(pattern.homes()) {
            let home = usize::from(home);
            for (cell, out) in row.iter_mut().enumerate().take(pattern.grid().cells()) {
                *out = ((cell / w).abs_diff(home / w) + (cell % w).abs_diff(home % w)) as u8;
            }
        }
        let mut walk = Odometer {
            pattern,
            rank,
            digits: [0; MAX_PATTERN_TILES],
            cells,
            free_before: [0; MAX_PATTERN_TILES],
            distance,
            manhattan: 0,
        };
        let mut free = pattern.grid().all();
        for (slot, &c) in cells.iter().enumerate().take(k) {
            let c = u32::from(c);
            walk.free_before[slot] = free;
            walk.digits[slot] = (free & ((1 << c) - 1)).count_ones() as u8;
            free &= !(1 << c);
        }
        walk.manhattan = walk.sum();
        walk
    }

    fn sum(&self) -> u32 {
        let k = self.pattern.tiles().len();
        (0..k)
            .map(|s| u32::from(self.distance[s][usize::from(self.cells[s])]))
            .sum()
    }

    /// The placement's rank.
    #[inline]
    pub fn rank(&self) -> u64 {
        self.rank
    }

    /// The cell of each pattern tile, in the pattern's order.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.pattern.tiles().len()]
    }

    /// The pattern tiles' Manhattan distance from home ([`Pattern::manhattan`] of
    /// [`Self::cells`]).
    #[inline]
    pub fn manhattan(&self) -> u32 {
        self.manhattan
    }

    /// Steps to the next rank; returns `false`, staying put, at the last.
    #[inline]
    pub fn advance(&mut self) -> bool {
        let k = self.pattern.tiles().len();
        let n = self.pattern.grid().cells();
        // The last tile whose digit can grow: the tiles after it go back to their lowest.
        let mut slot = k - 1;
        while usize::from(self.digits[slot]) + 1 == n - slot {
            if slot == 0 {
                return false;
            }
            slot -= 1;
        }
        self.rank += 1;
        self.digits[slot] += 1;
        let old = u32::from(self.cells[slot]);
        // The next free cell above the tile's (there is one: its digit was not the last).
        let mut c = (self.free_before[slot] & !((2u32 << old) - 1)).trailing_zeros();
        self.place(slot, c);
        for next in slot + 1..k {
            self.free_before[next] = self.free_before[next - 1] & !(1 << c);
            self.digits[next] = 0;
            c = self.free_before[next].trailing_zeros();
            self.place(next, c);
        }
        true
    }

    #[inline]
    fn place(&mut self, slot: usize, cell: u32) {
        let row = &self.distance[slot];
        let before = row[usize::from(self.cells[slot]).min(MAX_CELLS - 1)];
        let after = row[(cell as usize).min(MAX_CELLS - 1)];
        self.manhattan = self.manhattan + u32::from(after) - u32::from(before);
        self.cells[slot] = cell as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// Every rank of patterns of 3x3 to 5x5 (sampled runs on the large ones) walked from its
    /// start equals `unrank` and `manhattan`, and the walk ends at the last rank.
    #[test]
    fn every_step_equals_unrank() {
        let cases: [(usize, usize, &[u8], u64); 6] = [
            (3, 3, &[1, 2, 3, 4], 0),
            (3, 3, &[8], 0),
            (4, 4, &[9, 10, 11, 12, 13, 14, 15], 57_657_600 - 200_000),
            (4, 4, &[1, 2, 3, 4, 5, 6, 7, 8], 123_456_789),
            (5, 5, &[1, 2, 3, 6, 7, 8], 127_512_000 - 100_000),
            (2, 7, &[1, 2, 3, 4, 5, 6, 7], 0),
        ];
        for (w, h, tiles, from) in cases {
            let grid = Grid::new(w, h).unwrap();
            let goal: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
            let pattern = Pattern::new(grid, &goal, tiles).unwrap();
            let k = tiles.len();
            let mut walk = Odometer::new(&pattern, from);
            let mut cells = [0u8; MAX_PATTERN_TILES];
            let end = pattern.placements().min(from + 300_000);
            for rank in from..end {
                pattern.unrank(rank, &mut cells);
                assert_eq!(walk.rank(), rank, "{tiles:?}");
                assert_eq!(walk.cells(), &cells[..k], "{tiles:?} {rank}");
                assert_eq!(walk.manhattan(), pattern.manhattan(&cells[..k]));
                let stepped = walk.advance();
                assert_eq!(stepped, rank + 1 < pattern.placements(), "{tiles:?} {rank}");
            }
        }
    }
}
