//! Additive pattern databases for boards of any size: the tiles split into groups, and for each
//! group a table of the fewest moves of its own tiles that bring them home from every placement.
//! A move moves one tile, so the groups' values add up to a lower bound (Korf and Felner, 2002).
//!
//! The tables here leave the blank out: a group's tile may step to any neighbouring cell that
//! no other tile of the group holds. With the blank in the abstraction a tile could only step
//! where the blank can reach, which differs only when the group's tiles wall off part of the
//! board: with a few tiles on 36 or more cells, rarely. Leaving it out makes a table
//! `cells^tiles` bytes indexed by each tile's cell in mixed radix, so that a move changes the
//! index by one product and a search keeps it up to date in one addition.
//!
//! On square boards whose goal has the blank on the diagonal, the transposed state, its tiles
//! renamed to match the transposed goal, is as far from the goal as the state is: looking it up
//! in the same tables gives a second lower bound, and the larger of the two is kept.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use tilebase_core::{Board, Move};

use crate::puzzle::{CellsError, MAX, NONE, check_cells};

/// The most groups a partition has: 99 tiles of 10x10 in groups of at least two.
pub const MAX_GROUPS: usize = MAX / 2;

/// The most tiles in one group.
pub const MAX_GROUP_TILES: usize = 8;

/// The most entries of one table: 4 GiB, the largest file this crate writes.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 32;

/// Not yet reached by the breadth-first search that builds a table.
const UNSEEN: u8 = u8::MAX;

/// Why tiles are not a partition of a board's tiles into groups.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartitionError {
    /// A tile given twice, in one group or two.
    #[error("tile {tile} is in two groups")]
    Repeated {
        /// The tile.
        tile: u8,
    },
    /// A tile that is not a tile of the board (0 is the blank, in no group).
    #[error("{tile} is not a tile of a {board} board (1 to {})", .board.cells() - 1)]
    NotATile {
        /// The value.
        tile: u8,
        /// The board.
        board: Board,
    },
    /// A tile in no group.
    #[error("tile {tile} is in no group")]
    Missing {
        /// The tile.
        tile: u8,
    },
    /// Groups' sizes that do not add up to the board's tiles.
    #[error("groups of {total} tiles in all, but a {board} board has {}", .board.cells() - 1)]
    Sizes {
        /// The sizes' sum.
        total: usize,
        /// The board.
        board: Board,
    },
    /// More groups than [`MAX_GROUPS`].
    #[error("{groups} groups: a partition has at most {MAX_GROUPS}")]
    TooManyGroups {
        /// The groups given.
        groups: usize,
    },
    /// An empty group, or one too large for its table.
    #[error(
        "a group of {tiles} tiles: groups have 1 to {MAX_GROUP_TILES} tiles, and \
         {cells}^tiles at most {MAX_TABLE_ENTRIES} entries"
    )]
    GroupSize {
        /// The group's tiles.
        tiles: usize,
        /// The board's cells.
        cells: usize,
    },
}

/// The tiles of a board split into groups, each group's tiles in the order of its table's
/// index (the first the fastest-changing digit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    board: Board,
    groups: Vec<Vec<u8>>,
}

impl Partition {
    /// The partition of `board`'s tiles into `groups`, each tile (1 to cells - 1) once.
    pub fn new(board: Board, groups: Vec<Vec<u8>>) -> Result<Partition, PartitionError> {
        let n = board.cells();
        if groups.len() > MAX_GROUPS {
            return Err(PartitionError::TooManyGroups {
                groups: groups.len(),
            });
        }
        let mut seen = 0u128;
        for group in &groups {
            let entries = (n as u64).checked_pow(group.len() as u32);
            if group.is_empty()
                || group.len() > MAX_GROUP_TILES
                || entries.is_none_or(|e| e > MAX_TABLE_ENTRIES)
            {
                return Err(PartitionError::GroupSize {
                    tiles: group.len(),
                    cells: n,
                });
            }
            for &tile in group {
                if tile == 0 || usize::from(tile) >= n {
                    return Err(PartitionError::NotATile { tile, board });
                }
                if seen & (1 << tile) != 0 {
                    return Err(PartitionError::Repeated { tile });
                }
                seen |= 1 << tile;
            }
        }
        if let Some(tile) = (1..n as u8).find(|&t| seen & (1 << t) == 0) {
            return Err(PartitionError::Missing { tile });
        }
        Ok(Partition { board, groups })
    }

    /// The default partition of `board` for `goal`: groups of [`default_group_size`] tiles
    /// whose homes are next to each other. The board is read in bands of two rows (the last
    /// band one row when the height is odd), each band a column at a time (its top cell, then
    /// the one below), the bands alternately left to right and right to left so that a group
    /// which carries over from one band to the next stays together at the board's edge; the
    /// tiles are cut into groups in that order, the blank's home skipped.
    ///
    /// ```
    /// use tilebase_bounds::Partition;
    ///
    /// let board = "6x6".parse()?;
    /// let partition = Partition::default_for(board, &board.ordered_cells());
    /// assert_eq!(partition.groups().len(), 7);
    /// assert_eq!(partition.groups()[0], [1, 7, 2, 8, 3]);
    /// assert_eq!(partition.to_string(), "1,7,2,8,3 9,4,10,5,11 6,12,18,24,17 \
    ///     23,16,22,15,21 14,20,13,19,25 31,26,32,27,33 28,34,29,35,30");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn default_for(board: Board, goal: &[u8]) -> Partition {
        Partition::in_groups_of(board, goal, default_group_size(board))
    }

    /// The partition [`Partition::default_for`] makes, with groups of `size` tiles (1 to
    /// [`MAX_GROUP_TILES`], fewer where the board's cells allow fewer).
    pub fn in_groups_of(board: Board, goal: &[u8], size: usize) -> Partition {
        let mut size = size.clamp(1, MAX_GROUP_TILES);
        while (board.cells() as u64)
            .checked_pow(size as u32)
            .is_none_or(|e| e > MAX_TABLE_ENTRIES)
        {
            size -= 1;
        }
        let tiles = layout_order(board, goal);
        let groups = tiles.chunks(size).map(<[u8]>::to_vec).collect();
        Partition::new(board, groups).expect("every tile once, in groups of a valid size")
    }

    /// The tiles in the order of [`Partition::default_for`]'s layout, cut into runs of `sizes`
    /// tiles in the order given: `--pdb 4-4-4-4-4-4-4-4-3` on 6x6. Refused unless the sizes
    /// add up to the board's tiles and each group's table is small enough.
    ///
    /// ```
    /// use tilebase_bounds::Partition;
    /// use tilebase_core::Board;
    ///
    /// let board: Board = "6x6".parse()?;
    /// let goal = board.ordered_cells();
    /// let partition = Partition::in_runs_of(board, &goal, &[4, 4, 4, 4, 4, 4, 4, 4, 3])?;
    /// assert_eq!(partition.groups()[..2], [vec![1, 7, 2, 8], vec![3, 9, 4, 10]]);
    /// assert_eq!(
    ///     Partition::in_runs_of(board, &goal, &[5; 6]).unwrap_err().to_string(),
    ///     "groups of 30 tiles in all, but a 6x6 board has 35"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_runs_of(
        board: Board,
        goal: &[u8],
        sizes: &[usize],
    ) -> Result<Partition, PartitionError> {
        let tiles = layout_order(board, goal);
        let total: usize = sizes.iter().sum();
        if total != tiles.len() {
            return Err(PartitionError::Sizes { total, board });
        }
        let mut rest = &tiles[..];
        let mut groups = Vec::with_capacity(sizes.len());
        for &size in sizes {
            let (group, after) = rest.split_at(size);
            groups.push(group.to_vec());
            rest = after;
        }
        Partition::new(board, groups)
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The groups.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }
}

/// Groups as `1,2,3 4,5,6`: tiles within a group by commas, groups by spaces.
impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, group) in self.groups.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            for (j, t) in group.iter().enumerate() {
                if j > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{t}")?;
            }
        }
        Ok(())
    }
}

/// The goal's tiles (the blank's home skipped) in the default layout: bands of two rows (the
/// last band one row when the height is odd), each band a column at a time (its top cell, then
/// the one below), the bands alternately left to right and right to left.
fn layout_order(board: Board, goal: &[u8]) -> Vec<u8> {
    let (w, h) = (board.width(), board.height());
    let mut order = Vec::with_capacity(board.cells());
    let mut band = 0;
    let mut top = 0;
    while top < h {
        let rows = if h - top >= 2 { 2 } else { 1 };
        let columns: Vec<usize> = if band % 2 == 0 {
            (0..w).collect()
        } else {
            (0..w).rev().collect()
        };
        for c in columns {
            for r in top..top + rows {
                order.push(goal[r * w + c]);
            }
        }
        top += rows;
        band += 1;
    }
    order.retain(|&t| t != 0);
    order
}

/// The tiles in a group of the default partition on `board`: 5 up to 49 cells (7x7: tables of
/// at most 282 million bytes), 4 up to 64 and 3 past it.
pub fn default_group_size(board: Board) -> usize {
    match board.cells() {
        ..=49 => 5,
        50..=64 => 4,
        _ => 3,
    }
}

/// Where a table's values are kept: in memory, or in a file mapped into memory. Any bytes
/// that may be shared among threads (and across a caught panic, as a server's are).
pub trait Values: AsRef<[u8]> + Send + Sync + std::panic::RefUnwindSafe {}

impl<T: AsRef<[u8]> + Send + Sync + std::panic::RefUnwindSafe> Values for T {}

/// One group's table: for every placement of the group's tiles (each tile's cell a digit, the
/// first the lowest), the fewest moves of those tiles that bring them to the cells given as
/// their homes; [`u8::MAX`] where two tiles share a cell.
#[derive(Clone)]
pub struct Table {
    homes: Vec<u8>,
    values: Arc<dyn Values>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Table(homes {:?})", self.homes)
    }
}

impl Table {
    /// Builds the table of tiles whose homes are `homes` on `board`, a breadth-first search
    /// from the homes on `threads` threads. `progress` is told each distance's count of
    /// placements as it is done.
    pub fn build(
        board: Board,
        homes: &[u8],
        threads: usize,
        progress: impl FnMut(u8, u64),
    ) -> Table {
        Table {
            homes: homes.to_vec(),
            values: Arc::new(build_values(board, homes, threads, progress)),
        }
    }

    /// The table of tiles whose homes are `homes`, its `values` read from storage (a file
    /// mapped into memory, say). `None` when there are not `cells^tiles` values.
    pub fn from_values(board: Board, homes: &[u8], values: Arc<dyn Values>) -> Option<Table> {
        let entries = (board.cells() as u64).checked_pow(homes.len() as u32)?;
        ((*values).as_ref().len() as u64 == entries).then(|| Table {
            homes: homes.to_vec(),
            values,
        })
    }

    /// The home cells, one per tile of the group.
    pub fn homes(&self) -> &[u8] {
        &self.homes
    }

    /// The values, indexed by placement.
    pub fn values(&self) -> &[u8] {
        (*self.values).as_ref()
    }

    #[inline]
    fn get(&self, index: usize) -> u8 {
        self.values()[index]
    }
}

/// The values of [`Table::build`]'s table, a byte per placement: a breadth-first search from
/// the homes on `threads` threads, `progress` told each distance's count of placements as it is
/// done.
pub fn build_values(
    board: Board,
    homes: &[u8],
    threads: usize,
    mut progress: impl FnMut(u8, u64),
) -> Vec<u8> {
    let n = board.cells();
    let k = homes.len();
    let entries = n.pow(k as u32);
    let values: Vec<AtomicU8> = std::iter::repeat_with(|| AtomicU8::new(UNSEEN))
        .take(entries)
        .collect();
    let powers: Vec<usize> = (0..k).map(|s| n.pow(s as u32)).collect();
    let neighbours: Vec<[u8; 4]> = (0..n)
        .map(|c| Move::ALL.map(|m| board.step(c, m).map_or(NONE, |to| to as u8)))
        .collect();
    let goal: usize = homes
        .iter()
        .zip(&powers)
        .map(|(&c, &p)| usize::from(c) * p)
        .sum();
    values[goal].store(0, Ordering::Relaxed);
    progress(0, 1);
    let threads = threads.max(1);
    let chunk = entries.div_ceil(threads * 64).max(1 << 16);
    let mut depth = 0u8;
    loop {
        let next = AtomicU64::new(0);
        let cursor = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut found = 0u64;
                    loop {
                        let start = cursor.fetch_add(chunk as u64, Ordering::Relaxed) as usize;
                        if start >= entries {
                            break;
                        }
                        let end = (start + chunk).min(entries);
                        found += expand_range(&values, start..end, depth, n, &powers, &neighbours);
                    }
                    next.fetch_add(found, Ordering::Relaxed);
                });
            }
        });
        let found = next.into_inner();
        if found == 0 {
            break;
        }
        depth += 1;
        progress(depth, found);
    }
    values.into_iter().map(AtomicU8::into_inner).collect()
}

/// Expands the placements in `range` at `depth`: each neighbour not reached yet gets
/// `depth + 1`. Returns how many it gave.
fn expand_range(
    values: &[AtomicU8],
    range: std::ops::Range<usize>,
    depth: u8,
    n: usize,
    powers: &[usize],
    neighbours: &[[u8; 4]],
) -> u64 {
    let k = powers.len();
    let mut found = 0;
    let mut cells = [0usize; MAX_GROUP_TILES];
    for (i, value) in values[range.clone()].iter().enumerate() {
        if value.load(Ordering::Relaxed) != depth {
            continue;
        }
        let index = range.start + i;
        let mut rest = index;
        for cell in cells.iter_mut().take(k) {
            *cell = rest % n;
            rest /= n;
        }
        for s in 0..k {
            let from = cells[s];
            for &to in &neighbours[from] {
                if to == NONE {
                    continue;
                }
                let to = usize::from(to);
                if cells[..k].contains(&to) {
                    continue;
                }
                let next = if to > from {
                    index + (to - from) * powers[s]
                } else {
                    index - (from - to) * powers[s]
                };
                let slot = &values[next];
                if slot.load(Ordering::Relaxed) == UNSEEN {
                    // Two threads may both store here: the same value.
                    slot.store(depth + 1, Ordering::Relaxed);
                    found += 1;
                }
            }
        }
    }
    found
}

/// The tables of a partition, with what a search needs to keep their sum up to date as tiles
/// move: each tile's group and digit, and for the transposed lookup the same of the tile each
/// tile becomes.
#[derive(Clone, Debug)]
pub struct Patterns {
    board: Board,
    goal: Vec<u8>,
    partition: Partition,
    tables: Vec<Table>,
    /// `slot[t]`: tile `t`'s group and its digit's weight; the blank's group is [`NONE`].
    pub(crate) slot: Vec<(u8, u32)>,
    /// For the transposed lookup, when the board and goal allow it: `cell[c]` the transposed
    /// cell, and `slot[t]` the group and weight of the tile `t` becomes.
    pub(crate) mirror: Option<Mirror>,
}

/// The transposition of a square board whose goal has its blank on the diagonal.
#[derive(Clone, Debug)]
pub(crate) struct Mirror {
    pub(crate) cell: Vec<u8>,
    pub(crate) slot: Vec<(u8, u32)>,
}

impl Patterns {
    /// The tables of `partition` for `goal`, built by `build` from each group's home cells
    /// (its tiles' cells in `goal`, in the group's order); `build` may read them from files
    /// instead, or call [`Table::build`].
    pub fn new(
        partition: Partition,
        goal: &[u8],
        mut build: impl FnMut(&[u8]) -> Table,
    ) -> Result<Patterns, CellsError> {
        let board = partition.board();
        check_cells(board, goal)?;
        let n = board.cells();
        let mut home = vec![0u8; n];
        for (c, &t) in goal.iter().enumerate() {
            home[usize::from(t)] = c as u8;
        }
        let mut slot = vec![(NONE, 0u32); n];
        let mut tables = Vec::with_capacity(partition.groups().len());
        for (g, group) in partition.groups().iter().enumerate() {
            let homes: Vec<u8> = group.iter().map(|&t| home[usize::from(t)]).collect();
            let table = build(&homes);
            assert_eq!(table.homes(), homes, "a table for the group's homes");
            tables.push(table);
            for (s, &t) in group.iter().enumerate() {
                slot[usize::from(t)] = (g as u8, n.pow(s as u32) as u32);
            }
        }
        let w = board.width();
        let blank = usize::from(home[0]);
        let mirror = (w == board.height() && blank / w == blank % w).then(|| {
            let cell: Vec<u8> = (0..n).map(|c| ((c % w) * w + c / w) as u8).collect();
            // Tile t, home h, becomes the tile whose home is h transposed.
            let slot = (0..n)
                .map(|t| slot[usize::from(goal[usize::from(cell[usize::from(home[t])])])])
                .collect();
            Mirror { cell, slot }
        });
        Ok(Patterns {
            board,
            goal: goal.to_vec(),
            partition,
            tables,
            slot,
            mirror,
        })
    }

    /// The default partition's tables for `goal` ([`Partition::default_for`]), built in memory
    /// on `threads` threads.
    pub fn build_default(
        board: Board,
        goal: &[u8],
        threads: usize,
    ) -> Result<Patterns, CellsError> {
        check_cells(board, goal)?;
        Patterns::new(Partition::default_for(board, goal), goal, |homes| {
            Table::build(board, homes, threads, |_, _| {})
        })
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The goal.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The tables, one per group.
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Group `g`'s value at `index`.
    #[inline]
    pub(crate) fn value(&self, g: usize, index: u32) -> u8 {
        self.tables[g].get(index as usize)
    }

    /// The lower bound of `cells` (a state of the board): the sum over the groups, the larger
    /// of the state's and its transposition's.
    pub fn heuristic(&self, cells: &[u8]) -> Result<u32, CellsError> {
        check_cells(self.board, cells)?;
        let indices = self.indices(cells);
        let direct = self.sum(&indices.0);
        Ok(indices.1.map_or(direct, |m| direct.max(self.sum(&m))))
    }

    /// Each group's index for `cells`, directly and transposed.
    #[allow(clippy::type_complexity)]
    pub(crate) fn indices(&self, cells: &[u8]) -> ([u32; MAX_GROUPS], Option<[u32; MAX_GROUPS]>) {
        let mut direct = [0u32; MAX_GROUPS];
        for (c, &t) in cells.iter().enumerate() {
            let (g, w) = self.slot[usize::from(t)];
            if g != NONE {
                direct[usize::from(g)] += c as u32 * w;
            }
        }
        let mirrored = self.mirror.as_ref().map(|m| {
            let mut index = [0u32; MAX_GROUPS];
            for (c, &t) in cells.iter().enumerate() {
                let (g, w) = m.slot[usize::from(t)];
                if g != NONE {
                    index[usize::from(g)] += u32::from(m.cell[c]) * w;
                }
            }
            index
        });
        (direct, mirrored)
    }

    /// The sum of the groups' values at `indices`.
    pub(crate) fn sum(&self, indices: &[u32; MAX_GROUPS]) -> u32 {
        (0..self.tables.len())
            .map(|g| u32::from(self.value(g, indices[g])))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_take_each_tile_once_in_groups_that_fit() {
        let board: Board = "3x3".parse().unwrap();
        let ok = Partition::new(board, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]).unwrap();
        assert_eq!(ok.to_string(), "1,2,3,4 5,6,7,8");
        let bad = |groups: Vec<Vec<u8>>| Partition::new(board, groups).unwrap_err().to_string();
        assert_eq!(
            bad(vec![vec![1, 2, 3, 4], vec![4, 5, 6, 7, 8]]),
            "tile 4 is in two groups"
        );
        assert_eq!(
            bad(vec![vec![0, 1, 2, 3, 4], vec![5, 6, 7, 8]]),
            "0 is not a tile of a 3x3 board (1 to 8)"
        );
        assert_eq!(
            bad(vec![vec![1, 2, 3, 4], vec![5, 6, 7]]),
            "tile 8 is in no group"
        );
        assert!(bad(vec![vec![1, 2, 3, 4], vec![], vec![5, 6, 7, 8]]).starts_with("a group of 0"));
        let ten: Board = "10x10".parse().unwrap();
        let seven: Vec<u8> = (1..=7).collect();
        let rest: Vec<Vec<u8>> = (8..100).step_by(2).map(|t| vec![t, t + 1]).collect();
        let too_big = Partition::new(ten, [vec![seven], rest].concat()).unwrap_err();
        assert!(matches!(
            too_big,
            PartitionError::GroupSize { tiles: 7, .. }
        ));
        // A tile a group would hold more groups than a lookup has room for.
        let singles: Vec<Vec<u8>> = (1..100).map(|t| vec![t]).collect();
        assert_eq!(
            Partition::new(ten, singles).unwrap_err().to_string(),
            "99 groups: a partition has at most 50"
        );
    }

    #[test]
    fn default_partitions_cover_every_board_in_groups_of_neighbours() {
        for (board, size, groups) in [
            ("6x6", 5, 7),
            ("7x7", 5, 10),
            ("8x8", 4, 16),
            ("10x10", 3, 33),
            ("50x2", 3, 33),
            ("2x50", 3, 33),
            ("13x3", 5, 8),
        ] {
            let board: Board = board.parse().unwrap();
            let goal = board.ordered_cells();
            let partition = Partition::default_for(board, &goal);
            assert_eq!(default_group_size(board), size, "{board}");
            assert_eq!(partition.groups().len(), groups, "{board}");
            // Each group's homes within a small box: neighbours, not a scattered set.
            for group in partition.groups() {
                let rows: Vec<usize> = group
                    .iter()
                    .map(|&t| (t as usize - 1) / board.width())
                    .collect();
                let cols: Vec<usize> = group
                    .iter()
                    .map(|&t| (t as usize - 1) % board.width())
                    .collect();
                let span = |v: &[usize]| v.iter().max().unwrap() - v.iter().min().unwrap();
                assert!(span(&rows) + span(&cols) <= 5, "{board}: {group:?}");
            }
        }
    }

    #[test]
    fn a_table_of_every_tile_is_the_distance_and_values_are_kept_from_storage() {
        // On 2x2 the blank is the one cell no tile holds: the table is the puzzle itself.
        let board: Board = "2x2".parse().unwrap();
        let table = Table::build(board, &[0, 1, 2], 1, |_, _| {});
        // Tiles 1, 2, 3 in cells 0, 1, 2: the goal; one move: tile 3 to cell 3.
        let index = |cells: [usize; 3]| cells[0] + 4 * cells[1] + 16 * cells[2];
        assert_eq!(table.values()[index([0, 1, 2])], 0);
        assert_eq!(table.values()[index([0, 1, 3])], 1);
        assert_eq!(table.values()[index([0, 0, 2])], UNSEEN);
        let counts = table.values().iter().filter(|&&v| v != UNSEEN).count();
        assert_eq!(counts, 12, "one parity half of 4!");
        let stored = Arc::new(table.values().to_vec());
        assert!(Table::from_values(board, &[0, 1, 2], stored.clone()).is_some());
        assert!(Table::from_values(board, &[0, 1], stored).is_none());
    }
}
