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
//!   (a layer's entries are walked in order, so the entries of a placement come together), and
//!   from the placement decoded before it ([`Expander::seek`]): only the tiles whose digits
//!   changed are placed again;
//! - the region of every cell of every free-cell mask is named in a table made once (for the
//!   masks with n − k cells only: 12,870 of them for 8 tiles of 16 cells, 103 KB; 177,100 for
//!   6 tiles of 25 cells, 2.8 MB), so naming a neighbour's region is one look-up, no flood fill;
//!   and on boards of up to 16 cells the cells of each of a mask's regions too (206 KB more),
//!   so a placement is decoded without gathering its regions;
//! - a move's rank change needs only the tiles on the cells it passes: none for a move along a
//!   row, the w − 1 cells between for a move along a column, read from a cell-to-slot array
//!   rather than found by a loop over all the tiles.

use crate::pattern::{MAX_PATTERN_TILES, Pattern};
use tilebase_core::{MAX_CELLS, MAX_SIDE};

/// No tile: a free cell in [`Placement`]'s cell-to-slot array.
const NO_SLOT: u8 = MAX_PATTERN_TILES as u8;

/// Not a cell: the first place past every board's cells in [`Placement`]'s cell-to-slot
/// array (its slot is [`NO_SLOT`]), and a slot's cell before it is placed.
const NO_CELL: u8 = MAX_CELLS as u8;

/// [`Placement`]'s cell-to-slot array: every cell, then the most cells a move passes, all
/// free, for a move along a row to read.
const SLOTS_OF: usize = MAX_CELLS + MAX_SIDE;

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
/// fast.sort();
/// reference.sort();
/// assert_eq!(fast, reference);
/// ```
#[derive(Clone, Debug)]
pub struct Expander<'a> {
    pattern: &'a Pattern,
    /// For each mask of free cells with n − k cells, by its index ([`Self::names`]): the name
    /// of each cell's region (the place of the region's lowest cell among the free cells),
    /// cell c at bit 4c (boards of up to 16 cells) or 5c. Indexed densely, the table is 103 KB
    /// for 8 tiles of 16 cells and stays in the level-2 cache; indexed by the mask itself, its
    /// 12,870 entries would be spread over 1 MB and most look-ups would miss (on 25 cells,
    /// over 512 MB).
    names: NameTable,
    /// The index of a mask of n − k cells among all such masks (the combinatorial number
    /// system: the sum of C(c, i) over its i-th cell c, from i = 1) is the sum of each byte's
    /// part, `mask_parts[byte's place][cells in the bytes below][byte]`: a look-up a byte.
    /// Four bytes always (those past the board are 0, whose part is 0): no loop, no bound.
    mask_parts: Box<[[[u32; 256]; MAX_CELLS + 1]; 4]>,
    /// The pattern's digit weights, as an array for the hot loop.
    weights: [u64; MAX_PATTERN_TILES],
    /// For each weight w but the last (which is 1), ⌊2^64 / w⌋ + 1: the quotient of a rank r
    /// (below 2^32) by w is the high half of r times it, a multiplication, not a division.
    reciprocals: [u64; MAX_PATTERN_TILES],
    /// The place of the j-th set bit of byte b, `nth_in_byte[b][j]` (8 where there is none).
    nth_in_byte: [[u8; 8]; 256],
    /// What a tile in slot s passed by the tile of slot t does to the rank (mod 2^64, for a
    /// move up; negated for a move down): `passing[t][s]`. An earlier tile passed is one
    /// fewer free cell below the moving tile's new cell: −w(t); a later one gains an earlier
    /// tile below it: +w(s); a free cell ([`NO_SLOT`]) nothing.
    passing: [[u64; MAX_PATTERN_TILES + 1]; MAX_PATTERN_TILES],
    regions: u64,
}

/// The region names of every mask of n − k free cells ([`Expander`]'s `names`): in 64-bit
/// words, 4 bits a cell, where the board has up to 16 cells (names below 16), in 128-bit
/// words, 5 bits a cell, past that. The fewer bytes, the more of the table stays in the
/// caches: the 15-puzzle's 8-tile build takes 4% less time with 64-bit words than with 128.
///
/// On the small boards the table also holds each mask's regions themselves, 16 bits a region,
/// `stride` (the free cells, more than any name) to a mask: a placement then looks its
/// entry's region up (one read of a 206 KB table for the 15-puzzle's 7- and 8-tile patterns,
/// in the level-2 cache) instead of gathering the cells of every region as it is decoded,
/// which took a third of the decoding. Past 16 cells the regions would take 13 MB for 6 tiles
/// of 25 cells; they are gathered.
#[derive(Clone, Debug)]
enum NameTable {
    Small {
        names: Vec<u64>,
        regions: Vec<u16>,
        stride: usize,
    },
    Large(Vec<u128>),
}

/// A placement decoded: its tiles' cells, which tile is on each cell, the free cells and
/// their regions' names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    rank: u64,
    /// The slot of the tile on each cell, [`NO_SLOT`] on a free cell, and on the cells from
    /// [`NO_CELL`] on: where a move along a row reads the cells it passes (none).
    slot_of: [u8; SLOTS_OF],
    /// The cell of each slot's tile.
    cells: [u8; MAX_PATTERN_TILES],
    /// The cells free before each slot's tile is placed: where [`Expander::seek`] starts again.
    free_before: [u32; MAX_PATTERN_TILES],
    occupied: u32,
    free: u32,
    /// The index of the free cells' mask among all masks of as many cells: its row of the
    /// region table on boards of up to 16 cells.
    row: u32,
    /// Past 16 cells, the cells of each region, by name (none for a name that names no
    /// region); on smaller boards all none, the regions read from the table.
    regions: [u32; MAX_CELLS],
}

impl Placement {
    /// The placement's rank.
    #[inline]
    pub fn rank(&self) -> u64 {
        self.rank
    }
}

impl<'a> Expander<'a> {
    /// The tables of `pattern`'s moves (about 420 KB for 8 tiles of 16 cells, made in a few
    /// milliseconds; 2.9 MB for 6 tiles of 25 cells).
    pub fn new(pattern: &'a Pattern) -> Expander<'a> {
        let grid = pattern.grid();
        let n = grid.cells();
        let free_cells = n - pattern.tiles().len();
        // Binomial coefficients C(a, b) for a, b up to 25.
        let mut binomial = [[0u32; MAX_CELLS + 1]; MAX_CELLS + 1];
        for a in 0..=MAX_CELLS {
            binomial[a][0] = 1;
            for b in 1..=a {
                binomial[a][b] = binomial[a - 1][b - 1] + binomial[a - 1][b];
            }
        }
        let mut mask_parts = Box::new([[[0u32; 256]; MAX_CELLS + 1]; 4]);
        for (place, parts) in mask_parts.iter_mut().enumerate() {
            for (before, part) in parts.iter_mut().enumerate() {
                for (byte, out) in part.iter_mut().enumerate() {
                    let mut i = before;
                    for bit in 0..8 {
                        let cell = 8 * place + bit;
                        if byte & (1 << bit) != 0 && cell <= MAX_CELLS && i < MAX_CELLS {
                            i += 1;
                            *out += binomial[cell.min(MAX_CELLS)][i];
                        }
                    }
                }
            }
        }
        let mut names = vec![0u128; binomial[n][free_cells] as usize];
        let name_bits = if n <= 16 { 4 } else { 5 };
        let index = |mask: u32| -> usize {
            let mut before = 0;
            let mut sum = 0;
            for (place, parts) in mask_parts.iter().enumerate() {
                let byte = (mask >> (8 * place)) & 0xff;
                sum += parts[before][byte as usize];
                before += byte.count_ones() as usize;
            }
            sum as usize
        };
        for_each_subset(n, free_cells, |mask| {
            let mut out = 0u128;
            let mut rest = mask;
            while rest != 0 {
                let c = rest.trailing_zeros();
                rest &= rest - 1;
                let lowest = grid.region(mask, 1 << c).trailing_zeros();
                let name = (mask & ((1u32 << lowest) - 1)).count_ones();
                out |= u128::from(name) << (name_bits * c);
            }
            names[index(mask)] = out;
        });
        let names = if n <= 16 {
            // Each name is the count of free cells below its region's lowest: below the
            // free cells.
            let stride = free_cells.max(1);
            let mut regions = vec![0u16; names.len() * stride];
            for_each_subset(n, free_cells, |mask| {
                let row = index(mask);
                let mut rest = mask;
                while rest != 0 {
                    let c = rest.trailing_zeros();
                    rest &= rest - 1;
                    let name = (names[row] >> (4 * c)) & 15;
                    regions[row * stride + name as usize] |= 1 << c;
                }
            });
            NameTable::Small {
                names: names.iter().map(|&x| x as u64).collect(),
                regions,
                stride,
            }
        } else {
            NameTable::Large(names)
        };
        let mut weights = [0u64; MAX_PATTERN_TILES];
        let mut reciprocals = [0u64; MAX_PATTERN_TILES];
        for slot in 0..pattern.tiles().len() {
            weights[slot] = pattern.weight(slot);
            reciprocals[slot] = (u64::MAX / weights[slot]).wrapping_add(1);
        }
        let mut nth_in_byte = [[8u8; 8]; 256];
        for (byte, nth) in nth_in_byte.iter_mut().enumerate() {
            let mut j = 0;
            for bit in 0..8 {
                if byte & (1 << bit) != 0 {
                    nth[j] = bit as u8;
                    j += 1;
                }
            }
        }
        let mut passing = [[0u64; MAX_PATTERN_TILES + 1]; MAX_PATTERN_TILES];
        for (t, row) in passing.iter_mut().enumerate() {
            for (s, out) in row.iter_mut().enumerate().take(MAX_PATTERN_TILES) {
                *out = match s.cmp(&t) {
                    std::cmp::Ordering::Less => weights[t].wrapping_neg(),
                    std::cmp::Ordering::Greater => weights[s],
                    std::cmp::Ordering::Equal => 0,
                };
            }
        }
        Expander {
            pattern,
            names,
            passing,
            mask_parts,
            weights,
            reciprocals,
            nth_in_byte,
            regions: pattern.regions(),
        }
    }

    /// The index of the mask of free cells `free` (which must have n − k cells) in
    /// [`Self::names`].
    #[inline]
    fn index(&self, free: u32) -> usize {
        let p = &*self.mask_parts;
        let [b0, b1, b2, b3] = free.to_le_bytes().map(usize::from);
        // Each byte has at most 8 cells: the counts below index within the 26 rows.
        let c1 = b0.count_ones() as usize;
        let c2 = c1 + b1.count_ones() as usize;
        let c3 = c2 + b2.count_ones() as usize;
        // Up to 16 cells (the 15-puzzle's builds, the longest run), two bytes are the mask.
        let index = if free >> 16 == 0 {
            p[0][0][b0] + p[1][c1][b1]
        } else {
            p[0][0][b0] + p[1][c1][b1] + p[2][c2][b2] + p[3][c3.min(MAX_CELLS)][b3]
        };
        index as usize
    }

    /// The cells of the region named `name` (which must name a region) of `placement`.
    #[inline]
    fn region(&self, placement: &Placement, name: u32) -> u32 {
        match &self.names {
            NameTable::Small {
                regions, stride, ..
            } => u32::from(regions[placement.row as usize * stride + name as usize]),
            NameTable::Large(_) => placement.regions[name as usize],
        }
    }

    /// The names that name a region of `placement` (bit r for name r): the entries of the
    /// placement that are abstract states.
    pub fn region_names(&self, placement: &Placement) -> u32 {
        let mut out = 0u32;
        for name in 0..(self.regions as u32).min(MAX_CELLS as u32) {
            if self.region(placement, name) != 0 {
                out |= 1 << name;
            }
        }
        out
    }

    /// The name of the region of `cell` (one of `free`, which must have n − k cells).
    #[inline]
    fn name_of(&self, free: u32, cell: usize) -> u64 {
        let i = self.index(free);
        match &self.names {
            NameTable::Small { names, .. } => (names[i] >> (4 * cell)) & 15,
            NameTable::Large(names) => ((names[i] >> (5 * cell)) & 31) as u64,
        }
    }

    /// The cell of the `j`-th (from 0) set bit of `mask`, which must have more than `j`.
    #[inline]
    fn nth_one(&self, mask: u32, mut j: u32) -> usize {
        let mut rest = mask;
        let mut base = 0;
        loop {
            let byte = (rest & 0xff) as usize;
            let ones = byte.count_ones();
            if j < ones || rest == 0 {
                return base + usize::from(self.nth_in_byte[byte][(j & 7) as usize]);
            }
            j -= ones;
            rest >>= 8;
            base += 8;
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
        debug_assert!(rank < self.pattern.placements());
        let mut placement = Placement {
            rank,
            slot_of: [NO_SLOT; SLOTS_OF],
            cells: [NO_CELL; MAX_PATTERN_TILES],
            free_before: [0; MAX_PATTERN_TILES],
            occupied: 0,
            free: 0,
            row: 0,
            regions: [0; MAX_CELLS],
        };
        self.decode_from(&mut placement, 0, rank);
        placement
    }

    /// Makes `placement` the placement of rank `rank` (below [`Pattern::placements`]), as
    /// [`Self::placement`] would decode it, keeping what the two ranks share: the tiles
    /// whose digits are the same (the first ones, where the ranks are near) stay where they
    /// are, and only the rest are placed again. A build walks a layer's placements in rank
    /// order, so most steps place one or two tiles.
    #[inline]
    pub fn seek(&self, placement: &mut Placement, rank: u64) {
        debug_assert!(rank < self.pattern.placements());
        let k = self.pattern.tiles().len();
        // The first slot placed again: the ranks' quotients by the weight of the slot before
        // it are equal, so the digits up to that slot are.
        let mut slot = k - 1;
        while slot > 0 {
            let r = self.reciprocals[slot - 1];
            let quotient = |x: u64| ((u128::from(x) * u128::from(r)) >> 64) as u64;
            if quotient(rank) == quotient(placement.rank) {
                break;
            }
            slot -= 1;
        }
        let rest = if slot == 0 {
            rank
        } else {
            let w = self.weights[slot - 1];
            let r = self.reciprocals[slot - 1];
            rank - ((u128::from(rank) * u128::from(r)) >> 64) as u64 * w
        };
        for &c in &placement.cells[slot..k] {
            placement.slot_of[usize::from(c).min(MAX_CELLS)] = NO_SLOT;
        }
        placement.rank = rank;
        self.decode_from(placement, slot, rest);
    }

    /// Places the tiles of slots `first` on (the cells before them as `placement` has them)
    /// by `rest`, the rank's remainder below the weight of slot `first` − 1, and names the
    /// free cells' regions.
    #[inline]
    fn decode_from(&self, placement: &mut Placement, first: usize, mut rest: u64) {
        let k = self.pattern.tiles().len();
        let mut free = if first == 0 {
            self.pattern.grid().all()
        } else {
            placement.free_before[first]
        };
        // Below 2^32 (`MAX_PLACEMENTS`). The quotient by each weight is the high half
        // of a product; the reciprocal rounded up makes it exact for numerators below 2^32.
        for slot in first..k {
            // The last weight is 1 (whose reciprocal would be 2^64): the digit is the rest.
            let digit = if slot + 1 == k {
                rest
            } else {
                ((u128::from(rest) * u128::from(self.reciprocals[slot])) >> 64) as u64
            };
            rest -= digit * self.weights[slot];
            let c = self.nth_one(free, digit as u32);
            placement.free_before[slot] = free;
            placement.cells[slot] = c as u8;
            placement.slot_of[c.min(MAX_CELLS)] = slot as u8;
            free &= !(1 << c);
        }
        let row = self.index(free);
        placement.row = row as u32;
        if let NameTable::Large(names) = &self.names {
            let names = names[row];
            let regions = &mut placement.regions;
            *regions = [0; MAX_CELLS];
            // Most placements leave the free cells in one region, every cell's name 0.
            let mut rest = if names == 0 {
                regions[0] = free;
                0
            } else {
                free
            };
            while rest != 0 {
                let c = rest.trailing_zeros();
                rest &= rest - 1;
                regions[((names >> (5 * c)) as usize & 31).min(MAX_CELLS - 1)] |= 1 << c;
            }
        }
        placement.occupied = self.pattern.grid().all() & !free;
        placement.free = free;
    }

    /// Calls `f` with the entry of every abstract state one move from the state of
    /// `placement` with the blank in the region named `name` (which must name a region): the
    /// entries [`Pattern::for_each_neighbour`] gives, in another order (by the moving tile's
    /// cell rather than its slot).
    ///
    /// Written to branch little: the tiles beside the region are found by one step of a flood
    /// fill, and a move's rank change is a sum over a fixed number of cells by table.
    #[inline]
    pub fn for_each_neighbour(&self, placement: &Placement, name: u32, mut f: impl FnMut(u64)) {
        let grid = self.pattern.grid();
        let passes = grid.width() - 1;
        let region = self.region(placement, name);
        let rank = placement.rank;
        let mut beside = grid.grow(region) & placement.occupied;
        while beside != 0 {
            let from = beside.trailing_zeros() as usize;
            beside &= beside - 1;
            let slot = usize::from(placement.slot_of[from]) & (MAX_PATTERN_TILES - 1);
            let w = self.weights[slot];
            let passing = &self.passing[slot];
            let mut targets = grid.neighbours(from) & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let moved_free = placement.free ^ (1 << from) ^ (1 << to);
                let moved_name = self.name_of(moved_free, from);
                // The tile's digit counts the free cells below its cell among those the tiles
                // before it leave: it moves by the cells passed, less the earlier tiles among
                // them; each later tile passed gains (or loses) one earlier tile below it.
                let mut change = from.abs_diff(to) as u64 * w;
                // A move along a column passes the width − 1 cells after the lower of its two;
                // one along a row passes none, and reads as many free cells past the board.
                let first = if from.abs_diff(to) > 1 {
                    from.min(to) + 1
                } else {
                    usize::from(NO_CELL)
                };
                let passed = &placement.slot_of[first.min(MAX_CELLS)..];
                for &s in &passed[..passes.min(MAX_SIDE - 1)] {
                    // Indices clamped rather than checked: no branch, and never clamped in fact.
                    change = change.wrapping_add(passing[usize::from(s).min(MAX_PATTERN_TILES)]);
                }
                let moved_rank = if to > from {
                    rank.wrapping_add(change)
                } else {
                    rank.wrapping_sub(change)
                };
                f(moved_rank * self.regions + moved_name);
            }
        }
    }
}

/// Calls `f` with every mask of `k` of the cells 0 to `n` − 1, in increasing order (Gosper's
/// hack: the next larger number with as many bits set).
fn for_each_subset(n: usize, k: usize, mut f: impl FnMut(u32)) {
    if k == 0 {
        f(0);
        return;
    }
    let end = 1u64 << n;
    let mut mask = (1u64 << k) - 1;
    while mask < end {
        f(mask as u32);
        let lowest = mask & mask.wrapping_neg();
        let ripple = mask + lowest;
        mask = (((ripple ^ mask) >> 2) / lowest) | ripple;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A placement sought from the one before it equals one decoded afresh, in every field,
    /// whether the ranks are next to each other, near, far or going back: walks over the
    /// ranks of patterns of 3x3 to 5x5 in steps of every size.
    #[test]
    fn seeking_equals_decoding() {
        let cases: [(usize, usize, &[u8]); 5] = [
            (3, 3, &[1, 2, 3, 4]),
            (4, 4, &[1, 2, 3, 4, 5, 6, 7, 8]),
            (4, 4, &[9, 10, 11, 12, 13, 14, 15]),
            (5, 5, &[1, 2, 3, 6, 7, 8]),
            (2, 12, &[1, 2, 3, 4, 5, 6]),
        ];
        for (w, h, tiles) in cases {
            let grid = Grid::new(w, h).unwrap();
            let goal: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
            let pattern = Pattern::new(grid, &goal, tiles).unwrap();
            let expander = Expander::new(&pattern);
            let placements = pattern.placements();
            let mut placement = expander.placement(0);
            // A simple generator's steps: mostly short, now and then long or backwards.
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            let mut rank = 0u64;
            for _ in 0..200_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                rank = match x % 16 {
                    0 => x % placements,
                    1 => rank.saturating_sub(x % 1_000),
                    2..=5 => rank + x % 100,
                    _ => rank + 1,
                } % placements;
                expander.seek(&mut placement, rank);
                assert_eq!(placement, expander.placement(rank), "{tiles:?} {rank}");
            }
        }
    }

    /// Every state's neighbours, in order, equal [`Pattern::for_each_neighbour`]'s, for
    /// patterns of 3x3, 4x3 and (sampled) 4x4 to 5x5 boards, the narrowest and widest
    /// included; the region names are exactly the entries that name a region.
    #[test]
    fn neighbours_equal_the_reference() {
        let cases: [(usize, usize, &[u8], u64); 10] = [
            (3, 3, &[1, 2, 3, 4], 1),
            (3, 3, &[8, 2], 1),
            (4, 3, &[1, 5, 6, 9, 11], 1),
            (4, 4, &[1, 2, 3, 4, 5, 6, 7, 8], 10_007),
            (4, 4, &[9, 10, 11, 12, 13, 14, 15], 1_009),
            (5, 3, &[1, 2, 6, 7, 11, 12, 14], 1_013),
            (12, 2, &[1, 2, 3, 13, 14, 15], 10_009),
            (2, 12, &[1, 2, 3, 4, 5, 6], 10_009),
            (5, 5, &[1, 2, 3, 6, 7, 8], 100_003),
            (5, 5, &[24, 20, 19, 15, 14, 13, 9], 1_000_003),
        ];
        for (w, h, tiles, stride) in cases {
            let grid = Grid::new(w, h).unwrap();
            let goal: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
            let pattern = Pattern::new(grid, &goal, tiles).unwrap();
            let expander = Expander::new(&pattern);
            let regions = pattern.regions();
            for rank in (0..pattern.placements()).step_by(stride as usize) {
                let placement = expander.placement(rank);
                let names = expander.region_names(&placement);
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
                    fast.sort_unstable();
                    reference.sort_unstable();
                    assert_eq!(fast, reference, "{tiles:?} rank {rank} name {name}");
                }
            }
        }
    }
}
