//! A pattern: a set of tiles whose placements a pattern database indexes, and the abstract
//! states its breadth-first search runs over.
//!
//! A *placement* puts the pattern's `k` tiles on `k` distinct cells of an `n`-cell board. Its
//! rank is mixed-radix: the first tile's cell (n choices), then the second tile's cell among
//! the cells the first leaves free (n − 1 choices), and so on, so the ranks are dense, 0 to
//! n!/(n − k)! − 1. The database stores one value per placement.
//!
//! Its breadth-first search runs over *abstract states*: a placement and the region of free
//! cells (cells without a pattern tile) that the blank can reach. Other tiles cost nothing to
//! move, so the blank roams its region freely; a pattern tile beside the region may step into
//! it, one move. The region is named by the place of its lowest cell among the n − k free cells
//! in increasing order, so an abstract state's *entry* is `rank × (n − k) + region`; most
//! entries name no region (their cell is not the lowest of its region) and are never reached.

use crate::grid::Grid;
use tilebase_core::MAX_CELLS;

/// Why a pattern was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// The goal does not hold each of 0 to n − 1 once, for the board's n cells.
    #[error("the goal must hold each of 0 to {} once", .cells - 1)]
    Goal {
        /// The board's cells.
        cells: usize,
    },
    /// A tile of the pattern is the blank, off the board or repeated.
    #[error("pattern tiles must be distinct tiles 1 to {}; {tile} is not", .cells - 1)]
    Tile {
        /// The tile refused.
        tile: u8,
        /// The board's cells.
        cells: usize,
    },
    /// No tiles, or so many that the board has no free cell besides the blank's.
    #[error("a pattern has 1 to {} tiles on this board, not {count}", .cells - 2)]
    Size {
        /// The tiles given.
        count: usize,
        /// The board's cells.
        cells: usize,
    },
    /// So many placements that a rank would not fit 32 bits (8 tiles of 17 cells or more).
    #[error(
        "a pattern of {count} tiles on {cells} cells has {placements} placements, more than \
         {MAX_PLACEMENTS}: take fewer tiles"
    )]
    TooLarge {
        /// The tiles given.
        count: usize,
        /// The board's cells.
        cells: usize,
        /// Its placements.
        placements: u64,
    },
}

/// The placements of a pattern of `tiles` tiles on `cells` cells: n!/(n − k)!, saturating (0
/// tiles: 1; more tiles than cells: 0).
///
/// ```
/// assert_eq!(tilebase_pattern::placements(25, 6), 127_512_000);
/// ```
pub fn placements(cells: usize, tiles: usize) -> u64 {
    if tiles > cells {
        return 0;
    }
    (cells + 1 - tiles..=cells).fold(1u64, |p, n| p.saturating_mul(n as u64))
}

/// The most placements a pattern may have: its ranks fit 32 bits, which the build's fast
/// decoding relies on (7 tiles of 25 cells make 2,422,728,000).
pub const MAX_PLACEMENTS: u64 = u32::MAX as u64;

/// The most tiles a pattern may have. 8 tiles on 16 cells make 518,918,400 placements; 9 would
/// make 4.2 billion, past what a memory-mapped table of this machine's kind should hold.
pub const MAX_PATTERN_TILES: usize = 8;

/// A set of tiles of a board and goal: what a pattern database indexes.
///
/// ```
/// use tilebase_pattern::{Grid, Pattern};
///
/// let grid = Grid::new(4, 4).unwrap();
/// let goal: Vec<u8> = (1..16).chain([0]).collect();
/// let pattern = Pattern::new(grid, &goal, &[1, 2, 3, 4, 5]).unwrap();
/// assert_eq!(pattern.placements(), 524_160); // 16 × 15 × 14 × 13 × 12
/// // The goal's placement: each tile at home.
/// assert_eq!(pattern.rank(&[0, 1, 2, 3, 4]), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    grid: Grid,
    tiles: Vec<u8>,
    /// The goal cell of each pattern tile, in the pattern's order.
    homes: Vec<u8>,
    /// The goal cell of the blank.
    blank_home: u8,
    /// The goal, the tile on each cell.
    goal: Vec<u8>,
    /// The weight of each tile's digit in a rank.
    weights: [u64; MAX_PATTERN_TILES],
    placements: u64,
}

impl Pattern {
    /// The pattern of `tiles` on `grid` for `goal` (the tile on each cell, row by row, 0 the
    /// blank).
    pub fn new(grid: Grid, goal: &[u8], tiles: &[u8]) -> Result<Pattern, PatternError> {
        let n = grid.cells();
        let mut home = [u8::MAX; MAX_CELLS];
        if goal.len() != n {
            return Err(PatternError::Goal { cells: n });
        }
        for (cell, &t) in goal.iter().enumerate() {
            if usize::from(t) >= n || home[usize::from(t)] != u8::MAX {
                return Err(PatternError::Goal { cells: n });
            }
            home[usize::from(t)] = cell as u8;
        }
        let k = tiles.len();
        if k == 0 || k > MAX_PATTERN_TILES || k + 2 > n {
            return Err(PatternError::Size { count: k, cells: n });
        }
        let mut seen = 0u32;
        for &t in tiles {
            if t == 0 || usize::from(t) >= n || seen & (1 << t) != 0 {
                return Err(PatternError::Tile { tile: t, cells: n });
            }
            seen |= 1 << t;
        }
        let mut weights = [0u64; MAX_PATTERN_TILES];
        let mut w = 1u64;
        for i in (0..k).rev() {
            weights[i] = w;
            w *= (n - i) as u64;
        }
        if w > MAX_PLACEMENTS {
            return Err(PatternError::TooLarge {
                count: k,
                cells: n,
                placements: w,
            });
        }
        Ok(Pattern {
            grid,
            tiles: tiles.to_vec(),
            homes: tiles.iter().map(|&t| home[usize::from(t)]).collect(),
            blank_home: home[0],
            goal: goal.to_vec(),
            weights,
            placements: w,
        })
    }

    /// The board.
    #[inline]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The pattern's tiles, in its order.
    #[inline]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// Each tile's goal cell, in the pattern's order.
    #[inline]
    pub fn homes(&self) -> &[u8] {
        &self.homes
    }

    /// The goal: the tile on each cell, row by row.
    #[inline]
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The goal cell of the blank.
    #[inline]
    pub fn blank_home(&self) -> usize {
        usize::from(self.blank_home)
    }

    /// The weight of the `slot`-th tile's digit in a rank: how much the rank grows when that
    /// tile's cell moves one place up among the cells left free by the tiles before it.
    #[inline]
    pub fn weight(&self, slot: usize) -> u64 {
        self.weights[slot]
    }

    /// The number of placements: n!/(n − k)!.
    #[inline]
    pub fn placements(&self) -> u64 {
        self.placements
    }

    /// The abstract states: every placement with each region of its free cells, where the
    /// blank may be. A breadth-first search from the goal reaches each once, so this is how
    /// many entries a build expands, and what its progress counts to. The regions depend only
    /// on which cells the tiles cover, not on which tile is where: the sum over the sets of k
    /// cells of their free cells' regions, times the k! orders of the tiles on them.
    ///
    /// ```
    /// use tilebase_pattern::{Grid, Pattern};
    ///
    /// let grid = Grid::new(3, 3).unwrap();
    /// let goal: Vec<u8> = (1..9).chain([0]).collect();
    /// // One tile never splits the free cells: one region per placement.
    /// let one = Pattern::new(grid, &goal, &[5]).unwrap();
    /// assert_eq!(one.abstract_states(), one.placements());
    /// // Three tiles across a corner or a row do, on some placements.
    /// let three = Pattern::new(grid, &goal, &[1, 2, 3]).unwrap();
    /// assert!(three.abstract_states() > three.placements());
    /// ```
    pub fn abstract_states(&self) -> u64 {
        let k = self.tiles.len();
        let all = self.grid.all();
        let mut regions = 0u64;
        for covered in 0..=all {
            if covered.count_ones() as usize != k {
                continue;
            }
            let free = all & !covered;
            let mut rest = free;
            while rest != 0 {
                rest &= !self.grid.region(free, rest & rest.wrapping_neg());
                regions += 1;
            }
        }
        regions * (1..=k as u64).product::<u64>()
    }

    /// The number of free cells (without a pattern tile): n − k. Each placement has that many
    /// region names, so a search's entries number `placements() × regions()`.
    #[inline]
    pub fn regions(&self) -> u64 {
        (self.grid.cells() - self.tiles.len()) as u64
    }

    /// The rank of the placement with the pattern's tiles on `cells` (in the pattern's order).
    #[inline]
    pub fn rank(&self, cells: &[u8]) -> u64 {
        let mut taken = 0u32;
        let mut rank = 0u64;
        for (slot, &c) in cells.iter().enumerate() {
            let below = taken & ((1u32 << c) - 1);
            rank += u64::from(c - below.count_ones() as u8) * self.weights[slot];
            taken |= 1 << c;
        }
        rank
    }

    /// The cells of the placement of rank `rank` (which must be below [`Self::placements`]),
    /// written into `cells` (one per tile, in the pattern's order); returns the occupied cells.
    #[inline]
    pub fn unrank(&self, mut rank: u64, cells: &mut [u8]) -> u32 {
        let mut free = self.grid.all();
        let n = self.grid.cells() as u64;
        for (slot, out) in cells.iter_mut().enumerate().take(self.tiles.len()) {
            let w = self.weights[slot];
            let digit = rank / w;
            rank -= digit * w;
            debug_assert!(digit < n - slot as u64);
            let c = nth_one(free, digit as u32);
            *out = c as u8;
            free &= !(1 << c);
        }
        !free & self.grid.all()
    }

    /// The pattern tiles' Manhattan distance from home, on `cells`.
    #[inline]
    pub fn manhattan(&self, cells: &[u8]) -> u32 {
        let w = self.grid.width() as i32;
        cells
            .iter()
            .zip(&self.homes)
            .map(|(&c, &h)| {
                let (c, h) = (i32::from(c), i32::from(h));
                ((c / w - h / w).abs() + (c % w - h % w).abs()) as u32
            })
            .sum()
    }

    /// The entry of the abstract state with the tiles on `cells` (ranked `rank`), the free
    /// cells `free`, and the blank in the region that holds `blank_cell`.
    #[inline]
    fn entry_of(&self, rank: u64, free: u32, blank_cell: usize) -> u64 {
        let region = self.grid.region(free, 1 << blank_cell);
        let lowest = region.trailing_zeros();
        let name = (free & ((1u32 << lowest) - 1)).count_ones();
        rank * self.regions() + u64::from(name)
    }

    /// The number of entries of the search: [`Self::placements`] × [`Self::regions`].
    #[inline]
    pub fn entries(&self) -> u64 {
        self.placements * self.regions()
    }

    /// The goal's entry: each tile at home, the blank in its home's region.
    pub fn goal_entry(&self) -> u64 {
        let rank = self.rank(&self.homes);
        let occupied = self.homes.iter().fold(0u32, |m, &c| m | (1 << c));
        self.entry_of(rank, self.grid.all() & !occupied, self.blank_home())
    }

    /// Calls `f` with the entry of every abstract state one pattern-tile move from `entry`:
    /// a pattern tile beside the blank's region steps into it. Moves are reversible, so these
    /// are also the states one move before it.
    #[inline]
    pub fn for_each_neighbour(&self, entry: u64, mut f: impl FnMut(u64)) {
        let regions = self.regions();
        let (rank, name) = (entry / regions, (entry % regions) as u32);
        let mut cells = [0u8; MAX_PATTERN_TILES];
        let occupied = self.unrank(rank, &mut cells);
        let free = self.grid.all() & !occupied;
        let region = self.grid.region(free, 1 << nth_one(free, name));
        let k = self.tiles.len();
        for slot in 0..k {
            let from = usize::from(cells[slot]);
            let mut targets = self.grid.neighbours(from) & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let moved_free = (free | (1 << from)) & !(1 << to);
                let moved_rank = self.moved_rank(rank, &cells[..k], slot, to);
                f(self.entry_of(moved_rank, moved_free, from));
            }
        }
    }

    /// The rank after the `slot`-th tile moves from its cell in `cells` (ranked `rank`) to
    /// the free cell `to`: only that tile's digit and the digits of later tiles whose cells lie
    /// between the two change.
    #[inline]
    pub fn moved_rank(&self, rank: u64, cells: &[u8], slot: usize, to: usize) -> u64 {
        let from = usize::from(cells[slot]);
        let (lo, hi) = if from < to { (from, to) } else { (to, from) };
        // The cells strictly between the two.
        let between = ((1u32 << hi) - 1) & !((1u32 << (lo + 1)) - 1);
        let mut rank = rank as i64;
        let mut before_between = 0i64;
        for (s, &c) in cells.iter().enumerate() {
            if between & (1 << c) == 0 {
                continue;
            }
            if s < slot {
                before_between += 1;
            } else if s > slot {
                // The moving tile passes this later tile: it was below and is now above (or
                // the reverse), so one fewer (more) earlier tile lies below it.
                let sign = if from < to { 1 } else { -1 };
                rank += sign * self.weights[s] as i64;
            }
        }
        let span = (hi - lo) as i64 - before_between;
        let sign = if from < to { 1 } else { -1 };
        rank += sign * span * self.weights[slot] as i64;
        rank as u64
    }
}

/// The cell of the `n`-th (from 0) set bit of `mask`.
#[inline]
fn nth_one(mut mask: u32, n: u32) -> usize {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fifteen() -> (Grid, Vec<u8>) {
        (Grid::new(4, 4).unwrap(), (1..16).chain([0]).collect())
    }

    #[test]
    fn ranks_are_dense_and_unrank_inverts_them() {
        let grid = Grid::new(3, 3).unwrap();
        let goal: Vec<u8> = (1..9).chain([0]).collect();
        let p = Pattern::new(grid, &goal, &[3, 1, 7]).unwrap();
        assert_eq!(p.placements(), 9 * 8 * 7);
        let mut cells = [0u8; 3];
        let mut seen = vec![false; p.placements() as usize];
        for rank in 0..p.placements() {
            let occupied = p.unrank(rank, &mut cells);
            assert_eq!(occupied.count_ones(), 3);
            assert_eq!(p.rank(&cells), rank);
            seen[rank as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// Every incremental rank equals the rank recomputed from scratch, for every placement of
    /// a 4-tile pattern and every move of each tile to any free cell.
    #[test]
    fn moved_ranks_equal_ranks_from_scratch() {
        let (grid, goal) = fifteen();
        let p = Pattern::new(grid, &goal, &[9, 2, 14, 5]).unwrap();
        let mut cells = [0u8; 4];
        for rank in (0..p.placements()).step_by(7) {
            let occupied = p.unrank(rank, &mut cells);
            for slot in 0..4 {
                for to in 0..16 {
                    if occupied & (1 << to) != 0 {
                        continue;
                    }
                    let mut moved = cells;
                    moved[slot] = to as u8;
                    assert_eq!(p.moved_rank(rank, &cells, slot, to), p.rank(&moved));
                }
            }
        }
    }

    #[test]
    fn bad_patterns_are_refused() {
        let (grid, goal) = fifteen();
        assert!(matches!(
            Pattern::new(grid, &goal, &[0, 1]),
            Err(PatternError::Tile { tile: 0, .. })
        ));
        assert!(matches!(
            Pattern::new(grid, &goal, &[3, 3]),
            Err(PatternError::Tile { tile: 3, .. })
        ));
        assert!(matches!(
            Pattern::new(grid, &goal, &[16]),
            Err(PatternError::Tile { tile: 16, .. })
        ));
        assert!(matches!(
            Pattern::new(grid, &goal, &[1, 2, 3, 4, 5, 6, 7, 8, 9]),
            Err(PatternError::Size { count: 9, .. })
        ));
        assert!(matches!(
            Pattern::new(grid, &goal[1..], &[1]),
            Err(PatternError::Goal { .. })
        ));
        // 8 tiles of 25 cells: 43,609,104,000 placements, past 32-bit ranks; 7 fit.
        let five = Grid::new(5, 5).unwrap();
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        assert_eq!(
            Pattern::new(five, &goal, &[1, 2, 3, 4, 5, 6, 7, 8]),
            Err(PatternError::TooLarge {
                count: 8,
                cells: 25,
                placements: 43_609_104_000
            })
        );
        let seven = Pattern::new(five, &goal, &[1, 2, 3, 4, 5, 6, 7]).unwrap();
        assert_eq!(seven.placements(), 2_422_728_000);
    }

    /// The abstract moves are reversible: each neighbour lists the state it came from.
    #[test]
    fn abstract_moves_are_reversible() {
        let grid = Grid::new(3, 3).unwrap();
        let goal: Vec<u8> = (1..9).chain([0]).collect();
        let p = Pattern::new(grid, &goal, &[1, 2, 3, 4]).unwrap();
        let mut cells = [0u8; 4];
        for entry in 0..p.entries() {
            let (rank, name) = (entry / p.regions(), entry % p.regions());
            let occupied = p.unrank(rank, &mut cells);
            let free = grid.all() & !occupied;
            // Only entries that name a region's lowest cell are states.
            let cell = nth_one(free, name as u32);
            if grid.region(free, 1 << cell).trailing_zeros() as usize != cell {
                continue;
            }
            p.for_each_neighbour(entry, |next| {
                let mut back = false;
                p.for_each_neighbour(next, |e| back |= e == entry);
                assert!(back, "{entry} -> {next}");
            });
        }
    }
}
