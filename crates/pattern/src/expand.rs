//! The abstract moves of a pattern made fast for its breadth-first search: a placement decoded
//! once for all its region names, each neighbour's region named by one table look-up, each
//! neighbour's rank changed by the few tiles the move passes.
//!
//! [`Pattern::for_each_neighbour`] gives the same neighbours in the same order from an entry;
//! it decodes the entry, flood-fills the blank's region, and for every neighbour recomputes the
//! rank change over all the tiles and flood-fills the new region. A search calls it over a
//! billion times for the 15-puzzle's 8-tile pattern, so here:
//!
//! - a placement is decoded once ([`Expander::placement`]) and serves every region name of it
//!   (a layer's entries are walked in order, so the entries of a placement come together);
//! - the region of every cell of every free-cell mask is named in a table made once (for the
//!   masks with n − k cells only: 12,870 of them for 8 tiles of 16 cells, 103 KB of the
//!   table's 512 KB touched), so naming a neighbour's region is one look-up, no flood fill;
//! - a move's rank change needs only the tiles on the cells it passes: none for a move along a
//!   row, the w − 1 cells between for a move along a column, found by a cell-to-slot array
//!   rather than a loop over all the tiles.

use crate::grid::MAX_GRID_CELLS;
use crate::pattern::{MAX_PATTERN_TILES, Pattern};

/// No tile: a free cell in [`Placement`]'s cell-to-slot array.
const NO_SLOT: u8 = u8::MAX;

/// A pattern's abstract moves, with the tables that make them fast.
///
/// ```
/// use tilebase_pattern::{Expander, Grid, Pattern};
///
/// let grid = Grid::new(3, 3).unwrap();
/// let goal: Vec<u8> = (1..9).chain([0]).collect();
/// let pattern = Pattern::new(grid, &goal, &[1, 2, 3]).unwrap();
/// let expander = Expander::new(&pattern);
/// let entry = pattern.goal_entry();
/// let (rank, name) = (entry / pattern.regions(), (entry % pattern.regions()) as u32);
/// let placement = expander.placement(rank);
/// let mut fast = Vec::new();
/// expander.for_each_neighbour(&placement, name, |e| fast.push(e));
/// let mut reference = Vec::new();
/// pattern.for_each_neighbour(entry, |e| reference.push(e));
/// assert_eq!(fast, reference);
/// ```
#[derive(Clone, Debug)]
pub struct Expander<'a> {
    pattern: &'a Pattern,
    /// For each mask of free cells with n − k cells: the name of each cell's region (the place
    /// of the region's lowest cell among the free cells), 4 bits a cell, cell c at bit 4c.
    names: Vec<u64>,
    /// The pattern's digit weights, as an array for the hot loop.
    weights: [u64; MAX_PATTERN_TILES],
    regions: u64,
}

/// A placement decoded: its tiles' cells, which tile is on each cell, the free cells and
/// their regions' names.
#[derive(Clone, Debug)]
pub struct Placement {
    rank: u64,
    cells: [u8; MAX_PATTERN_TILES],
    /// The slot of the tile on each cell, [`NO_SLOT`] on a free cell.
    slot_of: [u8; MAX_GRID_CELLS],
    free: u16,
    names: u64,
}

impl Placement {
    /// The placement's rank.
    #[inline]
    pub fn rank(&self) -> u64 {
        self.rank
    }

    /// The names that name a region (bit r for name r): the entries of this placement that
    /// are abstract states.
    #[inline]
    pub fn region_names(&self) -> u32 {
        let mut out = 0u32;
        let mut rest = self.free;
        let mut place = 0;
        while rest != 0 {
            let c = rest.trailing_zeros();
            rest &= rest - 1;
            if (self.names >> (4 * c)) & 15 == place {
                out |= 1 << place;
            }
            place += 1;
        }
        out
    }

    /// The cells of the region named `name`.
    #[inline]
    fn region(&self, name: u32) -> u16 {
        let mut out = 0u16;
        let mut rest = self.free;
        while rest != 0 {
            let c = rest.trailing_zeros();
            rest &= rest - 1;
            if (self.names >> (4 * c)) & 15 == u64::from(name) {
                out |= 1 << c;
            }
        }
        out
    }
}

impl<'a> Expander<'a> {
    /// The tables of `pattern`'s moves (512 KB for 16 cells, made in about a millisecond).
    pub fn new(pattern: &'a Pattern) -> Expander<'a> {
        let grid = pattern.grid();
        let n = grid.cells();
        let free_cells = n - pattern.tiles().len();
        let mut names = vec![0u64; 1 << n];
        for (mask, out) in names.iter_mut().enumerate() {
            let mask = mask as u16;
            if mask.count_ones() as usize != free_cells {
                continue;
            }
            let mut rest = mask;
            while rest != 0 {
                let c = rest.trailing_zeros();
                rest &= rest - 1;
                let lowest = grid.region(mask, 1 << c).trailing_zeros();
                let name = (mask & ((1u16 << lowest) - 1)).count_ones();
                *out |= u64::from(name) << (4 * c);
            }
        }
        let mut weights = [0u64; MAX_PATTERN_TILES];
        for (slot, w) in weights.iter_mut().enumerate().take(pattern.tiles().len()) {
            *w = pattern.weight(slot);
        }
        Expander {
            pattern,
            names,
            weights,
            regions: pattern.regions(),
        }
    }

    /// The pattern.
    #[inline]
    pub fn pattern(&self) -> &'a Pattern {
        self.pattern
    }

    /// The placement of rank `rank` (below [`Pattern::placements`]), decoded.
    #[inline]
    pub fn placement(&self, rank: u64) -> Placement {
        let mut cells = [0u8; MAX_PATTERN_TILES];
        let occupied = self.pattern.unrank(rank, &mut cells);
        let mut slot_of = [NO_SLOT; MAX_GRID_CELLS];
        for (slot, &c) in cells.iter().enumerate().take(self.pattern.tiles().len()) {
            slot_of[usize::from(c)] = slot as u8;
        }
        let free = self.pattern.grid().all() & !occupied;
        Placement {
            rank,
            cells,
            slot_of,
            free,
            names: self.names[usize::from(free)],
        }
    }

    /// Calls `f` with the entry of every abstract state one move from the state of
    /// `placement` with the blank in the region named `name` (which must name a region), in
    /// the order [`Pattern::for_each_neighbour`] gives them.
    #[inline]
    pub fn for_each_neighbour(&self, placement: &Placement, name: u32, mut f: impl FnMut(u64)) {
        let grid = self.pattern.grid();
        let width = grid.width();
        let region = placement.region(name);
        let k = self.pattern.tiles().len();
        let rank = placement.rank;
        for slot in 0..k {
            let from = usize::from(placement.cells[slot]);
            let mut targets = grid.neighbours(from) & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let moved_free = placement.free ^ (1 << from) ^ (1 << to);
                let moved_name = (self.names[usize::from(moved_free)] >> (4 * from)) & 15;
                // The tile's digit counts the free cells below its cell among those the tiles
                // before it leave: it moves by the cells passed, less the earlier tiles among
                // them; each later tile passed gains (or loses) one earlier tile below it.
                let w = self.weights[slot];
                let moved_rank = if from.abs_diff(to) == 1 {
                    if to > from { rank + w } else { rank - w }
                } else {
                    let (lo, hi) = (from.min(to), from.max(to));
                    let mut passed = 0u64;
                    let mut before = 0u64;
                    for &s in &placement.slot_of[lo + 1..hi] {
                        let s = usize::from(s);
                        if s == usize::from(NO_SLOT) {
                            continue;
                        }
                        if s < slot {
                            before += 1;
                        } else {
                            passed += self.weights[s];
                        }
                    }
                    let change = passed + (width as u64 - before) * w;
                    if to > from { rank + change } else { rank - change }
                };
                f(moved_rank * self.regions + moved_name);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// Every state's neighbours, in order, equal [`Pattern::for_each_neighbour`]'s, for
    /// patterns of 3x3, 4x3 and (sampled) 4x4 boards; the region names are exactly the entries
    /// that name a region.
    #[test]
    fn neighbours_equal_the_reference() {
        let cases: [(usize, usize, &[u8], u64); 5] = [
            (3, 3, &[1, 2, 3, 4], 1),
            (3, 3, &[8, 2], 1),
            (4, 3, &[1, 5, 6, 9, 11], 1),
            (4, 4, &[1, 2, 3, 4, 5, 6, 7, 8], 10_007),
            (4, 4, &[9, 10, 11, 12, 13, 14, 15], 1_009),
        ];
        for (w, h, tiles, stride) in cases {
            let grid = Grid::new(w, h).unwrap();
            let goal: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
            let pattern = Pattern::new(grid, &goal, tiles).unwrap();
            let expander = Expander::new(&pattern);
            let regions = pattern.regions();
            for rank in (0..pattern.placements()).step_by(stride as usize) {
                let placement = expander.placement(rank);
                let names = placement.region_names();
                let mut cells = [0u8; MAX_PATTERN_TILES];
                let free = grid.all() & !pattern.unrank(rank, &mut cells);
                for name in 0..regions as u32 {
                    let mut c = free;
                    for _ in 0..name {
                        c &= c - 1;
                    }
                    let cell = c.trailing_zeros();
                    let lowest = grid.region(free, 1 << cell).trailing_zeros();
                    assert_eq!(names & (1 << name) != 0, lowest == cell, "{rank} {name}");
                    if lowest != cell {
                        continue;
                    }
                    let (mut fast, mut reference) = (Vec::new(), Vec::new());
                    expander.for_each_neighbour(&placement, name, |e| fast.push(e));
                    pattern.for_each_neighbour(rank * regions + u64::from(name), |e| {
                        reference.push(e)
                    });
                    assert_eq!(fast, reference, "{tiles:?} rank {rank} name {name}");
                }
            }
        }
    }
}
