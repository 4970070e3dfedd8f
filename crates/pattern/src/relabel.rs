//! Relabelled abstractions: the bound of the multi-tile metric.
//!
//! Additive pattern databases do not add up in the multi-tile metric (one move can move tiles of
//! several patterns), so the 15-puzzle's multi-tile bound comes from another abstraction: give
//! the tiles a few labels (tiles with the same label are alike) and search the relabelled
//! board, blank included, exactly. Every path of the real board is a path of the relabelled one
//! of the same length, so its distance is a lower bound in either metric. slidy labels the
//! 15-puzzle's tiles by their goal cells `1 1 2 2 / 3 3 2 2 / 3 3 4 4 / 3 4 4 0` (a relabelling
//! found by Tomas Rokicki): 16!/(2!4!5!4!) = 151,351,200 relabelled states, a byte each.
//!
//! A [`Relabelling`] indexes the relabelled states densely: for each label but the last the
//! set of cells holding it, as a combination of the cells still free (the last label takes the
//! cells left), then the blank's cell, the least significant digit.
//!
//! ```
//! use tilebase_pattern::{Grid, Relabelling};
//!
//! let grid = Grid::new(4, 4).unwrap();
//! let goal: Vec<u8> = (1..16).chain([0]).collect();
//! let labels = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];
//! let relabelled = Relabelling::new(grid, &goal, &labels).unwrap();
//! assert_eq!(relabelled.states(), 151_351_200);
//! let index = relabelled.index_of_tiles(&goal);
//! assert_eq!(relabelled.labels_at(index)[..16], labels);
//! ```

use tilebase_core::Metric;

use crate::grid::Grid;
use tilebase_core::MAX_CELLS;

/// The most labels a relabelling may use, the blank's aside.
pub const MAX_LABELS: usize = 8;

/// `BINOMIAL[n][k]`: n choose k, for n and k up to 25.
static BINOMIAL: [[u64; MAX_CELLS + 1]; MAX_CELLS + 1] = {
    let mut table = [[0u64; MAX_CELLS + 1]; MAX_CELLS + 1];
    let mut n = 0;
    while n <= MAX_CELLS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// Why labels are not a relabelling of a goal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RelabelError {
    /// Not one label a cell.
    #[error("{found} labels for a board of {cells} cells")]
    WrongCount {
        /// Labels given.
        found: usize,
        /// Cells of the board.
        cells: usize,
    },
    /// The blank's label, 0, is not exactly on the goal's blank.
    #[error("label 0 must be on the goal's blank, and only there")]
    Blank,
    /// The labels are not 1 to k, each used.
    #[error("the labels must be 1 to k (at most {MAX_LABELS}), each on some cell")]
    Labels,
    /// Too many relabelled states to index in 32 bits.
    #[error("{states} relabelled states: more than a table indexed in 32 bits holds")]
    TooMany {
        /// The relabelled states.
        states: u128,
    },
    /// The goal is not a goal of the board.
    #[error("the goal is not an arrangement of the board's tiles")]
    Goal,
}

/// The tiles of a goal given labels by their goal cells, and the dense index of the relabelled
/// states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relabelling {
    grid: Grid,
    /// The goal's tiles, cell by cell.
    goal: [u8; MAX_CELLS],
    /// Each tile's label (the blank's 0), by tile number.
    label_of: [u8; MAX_CELLS],
    /// The goal's labels, cell by cell.
    goal_labels: [u8; MAX_CELLS],
    /// Labels used, the blank's aside.
    labels: usize,
    /// Cells of each label, by label (index 0 the blank's: 1).
    counts: [u8; MAX_LABELS + 1],
    /// The number of combinations of each label but the last among the cells still free.
    radices: [u64; MAX_LABELS + 1],
    states: u64,
}

impl Relabelling {
    /// The relabelling of `goal` (tile numbers, cell by cell, 0 the blank) giving the tile in
    /// cell `c` the label `labels[c]`: 0 on the blank's cell only, the others 1 to k.
    pub fn new(grid: Grid, goal: &[u8], labels: &[u8]) -> Result<Relabelling, RelabelError> {
        let cells = grid.cells();
        if labels.len() != cells || goal.len() != cells {
            return Err(RelabelError::WrongCount {
                found: labels.len(),
                cells,
            });
        }
        let mut seen = 0u32;
        for &t in goal {
            if usize::from(t) >= cells || seen & (1 << t) != 0 {
                return Err(RelabelError::Goal);
            }
            seen |= 1 << t;
        }
        let mut label_of = [0u8; MAX_CELLS];
        let mut goal_labels = [0u8; MAX_CELLS];
        let mut own_goal = [0u8; MAX_CELLS];
        own_goal[..cells].copy_from_slice(goal);
        let mut counts = [0u8; MAX_LABELS + 1];
        for (c, (&tile, &label)) in goal.iter().zip(labels).enumerate() {
            if (tile == 0) != (label == 0) {
                return Err(RelabelError::Blank);
            }
            if usize::from(label) > MAX_LABELS {
                return Err(RelabelError::Labels);
            }
            label_of[usize::from(tile)] = label;
            goal_labels[c] = label;
            counts[usize::from(label)] += 1;
        }
        let used = counts.iter().rposition(|&n| n > 0).unwrap_or(0);
        if used == 0 || counts[1..=used].contains(&0) {
            return Err(RelabelError::Labels);
        }
        let mut radices = [1u64; MAX_LABELS + 1];
        let mut free = cells - 1;
        let mut states = cells as u128;
        for l in 1..used {
            let n = usize::from(counts[l]);
            radices[l] = BINOMIAL[free][n];
            states *= u128::from(radices[l]);
            free -= n;
        }
        if states > u128::from(u32::MAX) {
            return Err(RelabelError::TooMany { states });
        }
        Ok(Relabelling {
            grid,
            goal: own_goal,
            label_of,
            goal_labels,
            labels: used,
            counts,
            radices,
            states: states as u64,
        })
    }

    /// The board.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The goal's tiles, cell by cell.
    pub fn goal(&self) -> &[u8] {
        &self.goal[..self.grid.cells()]
    }

    /// Each goal cell's label (the blank's 0): what [`Relabelling::new`] was given.
    pub fn labels(&self) -> &[u8] {
        &self.goal_labels[..self.grid.cells()]
    }

    /// How many relabelled states there are: the table's entries.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// Each tile's label, by tile number (the blank's 0).
    pub fn label_of(&self) -> &[u8] {
        &self.label_of[..self.grid.cells()]
    }

    /// The goal's index.
    pub fn goal_index(&self) -> u32 {
        self.index_of_labels(&self.goal_labels[..self.grid.cells()])
    }

    /// The index of a state given by its tiles, cell by cell.
    #[inline]
    pub fn index_of_tiles(&self, tiles: &[u8]) -> u32 {
        let mut labels = [0u8; MAX_CELLS];
        for (slot, &t) in labels.iter_mut().zip(tiles) {
            *slot = self.label_of[usize::from(t)];
        }
        self.index_of_labels(&labels[..tiles.len()])
    }

    /// The index of a relabelled state given by its labels, cell by cell.
    #[inline]
    pub fn index_of_labels(&self, labels: &[u8]) -> u32 {
        let mut masks = [0u32; MAX_LABELS + 1];
        for (c, &l) in labels.iter().enumerate() {
            masks[usize::from(l).min(MAX_LABELS)] |= 1 << c;
        }
        self.index_of_masks(&masks)
    }

    /// The index from each label's cells (`masks[0]` the blank's): for a search that keeps
    /// the masks as it moves rather than relabelling every state.
    #[inline]
    pub fn index_of_masks(&self, masks: &[u32; MAX_LABELS + 1]) -> u32 {
        let blank = masks[0].trailing_zeros();
        let mut free = self.grid.all() & !masks[0];
        let mut ranks = [0u64; MAX_LABELS + 1];
        let small = (self.grid.cells() <= 16).then(Small::get);
        for (rank, &set) in ranks[1..self.labels].iter_mut().zip(&masks[1..self.labels]) {
            *rank = match small {
                Some(small) => u64::from(small.rank(set, free)),
                None => colex_among(set, free),
            };
            free &= !set;
        }
        // The first label's rank the least significant after the blank's cell, the blank's
        // cell the least of all: a slide along a row changes the blank's cell alone (every
        // set keeps its place among the free cells), so the search's lookups after it read
        // the same stretch of the table.
        let mut index = 0u64;
        for (&rank, &radix) in ranks[1..self.labels]
            .iter()
            .zip(&self.radices[1..self.labels])
            .rev()
        {
            index = index * radix + rank;
        }
        (index * self.grid.cells() as u64 + u64::from(blank)) as u32
    }

    /// The relabelled state at `index`, its labels cell by cell (cells past the board's are 0).
    pub fn labels_at(&self, index: u32) -> [u8; MAX_CELLS] {
        let mut digits = [0u64; MAX_LABELS + 1];
        let cells = self.grid.cells() as u64;
        let blank = (u64::from(index) % cells) as usize;
        let mut rest = u64::from(index) / cells;
        for (digit, &radix) in digits[1..self.labels]
            .iter_mut()
            .zip(&self.radices[1..self.labels])
        {
            *digit = rest % radix;
            rest /= radix;
        }
        let mut labels = [0u8; MAX_CELLS];
        let mut free = self.grid.all() & !(1u32 << blank);
        for (l, (&digit, &count)) in digits.iter().zip(&self.counts).enumerate() {
            if l == 0 || l >= self.labels {
                continue;
            }
            // The combination of rank `digit` among the free cells, largest element first.
            let mut rank = digit;
            let mut taken = 0u32;
            let mut below = free.count_ones() as usize;
            for k in (1..=usize::from(count)).rev() {
                while below > 0 && BINOMIAL[below - 1][k] > rank {
                    below -= 1;
                }
                below -= 1;
                rank -= BINOMIAL[below][k];
                taken |= select(free, below);
            }
            let mut cells = taken;
            while cells != 0 {
                labels[cells.trailing_zeros() as usize] = l as u8;
                cells &= cells - 1;
            }
            free &= !taken;
        }
        let mut cells = free;
        while cells != 0 {
            labels[cells.trailing_zeros() as usize] = self.labels as u8;
            cells &= cells - 1;
        }
        labels
    }

    /// Calls `f` with the index of every relabelled state one move from the state of `index`
    /// (whose labels are `labels`, the blank at `blank`) in `metric`: in the multi-tile
    /// metric, a slide of one to all the tiles between the blank and the edge in each
    /// direction. `labels` is as it was after.
    #[inline]
    pub fn for_each_neighbour(
        &self,
        index: u32,
        labels: &mut [u8; MAX_CELLS],
        blank: usize,
        metric: Metric,
        mut f: impl FnMut(u32),
    ) {
        let (w, h) = (self.grid.width(), self.grid.height());
        let (row, col) = (blank / w, blank % w);
        let reach = |before: usize, size: usize, up: bool| -> usize {
            let room = if up { before } else { size - 1 - before };
            match metric {
                Metric::Single => room.min(1),
                Metric::Multi => room,
            }
        };
        let lines: [(usize, isize); 4] = [
            (reach(row, h, true), -(w as isize)),
            (reach(row, h, false), w as isize),
            (reach(col, w, true), -1),
            (reach(col, w, false), 1),
        ];
        for (length, step) in lines {
            if step.unsigned_abs() == 1 {
                // Along a row the tiles keep their order among the cells other than the
                // blank's, so only the blank's cell changes: the index's last digit. (Half
                // the neighbours, none of them ranked: a build takes 0.7 of the time.)
                let rest = index - blank as u32;
                let mut at = blank as isize;
                for _ in 0..length {
                    at += step;
                    f(rest + at as u32);
                }
                continue;
            }
            let mut at = blank;
            for _ in 0..length {
                let next = (at as isize + step) as usize;
                labels.swap(at, next);
                at = next;
                f(self.index_of_labels(&labels[..w * h]));
            }
            // Back, tile by tile.
            while at != blank {
                let back = (at as isize - step) as usize;
                labels.swap(at, back);
                at = back;
            }
        }
    }
}

/// Tables that rank a set of cells among the free cells in three reads, on boards of up to 16
/// cells (the search's inner loop): the set squeezed onto the free cells a byte at a time, then
/// its colex rank.
struct Small {
    /// `squeeze[x << 8 | f]`: the bits of byte `x` where byte `f` has bits, packed low.
    squeeze: Vec<u8>,
    /// `colex[m]`: the colex rank of the set of `m`'s bits, the sum over them of
    /// C(place, number among them from 1).
    colex: Vec<u16>,
}

impl Small {
    fn get() -> &'static Small {
        static SMALL: std::sync::OnceLock<Small> = std::sync::OnceLock::new();
        SMALL.get_or_init(|| {
            let mut squeeze = vec![0u8; 1 << 16];
            for (i, slot) in squeeze.iter_mut().enumerate() {
                let (x, f) = (i >> 8, i & 0xFF);
                let mut out = 0;
                let mut k = 0;
                for bit in 0..8 {
                    if f & (1 << bit) != 0 {
                        out |= ((x >> bit) & 1) << k;
                        k += 1;
                    }
                }
                *slot = out as u8;
            }
            // Among all 16 cells, a cell's place is its number.
            let colex = (0..1u32 << 16)
                .map(|m| colex_among(m, 0xFFFF) as u16)
                .collect();
            Small { squeeze, colex }
        })
    }

    /// The colex rank of `set` among the cells of `free` (16 cells at most).
    #[inline]
    fn rank(&self, set: u32, free: u32) -> u16 {
        let byte =
            |x: u32, f: u32| u32::from(self.squeeze[((x & 0xFF) << 8 | (f & 0xFF)) as usize]);
        let low = byte(set, free);
        let high = byte(set >> 8, free >> 8);
        self.colex[(low | high << (free & 0xFF).count_ones()) as usize]
    }
}

/// The colex rank of `set` among the cells of `free`: the sum over its cells, in order, of
/// C(free cells below it, its number among them from 1).
fn colex_among(set: u32, free: u32) -> u64 {
    let mut rank = 0;
    let mut k = 1;
    let mut rest = set;
    while rest != 0 {
        let c = rest.trailing_zeros();
        let below = (free & ((1u32 << c) - 1)).count_ones() as usize;
        rank += BINOMIAL[below][k];
        k += 1;
        rest &= rest - 1;
    }
    rank
}

/// The cell of `mask`'s set bit of rank `n` (0 the lowest).
#[inline]
fn select(mut mask: u32, n: usize) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_core::Move;

    fn fifteen() -> Relabelling {
        let grid = Grid::new(4, 4).unwrap();
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        Relabelling::new(
            grid,
            &goal,
            &[1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0],
        )
        .unwrap()
    }

    /// The index is a bijection: every index of a 3x3 relabelling (and a stride of the
    /// 15-puzzle's) unranks to labels with the right counts that rank back to it.
    #[test]
    fn indices_round_trip() {
        let grid = Grid::new(3, 3).unwrap();
        let goal: Vec<u8> = (1..9).chain([0]).collect();
        let small = Relabelling::new(grid, &goal, &[1, 1, 2, 1, 2, 2, 3, 3, 0]).unwrap();
        assert_eq!(small.states(), 9 * 56 * 10);
        let big = fifteen();
        // 18 cells: ranked without the small boards' tables.
        let grid = Grid::new(6, 3).unwrap();
        let goal: Vec<u8> = (1..18).chain([0]).collect();
        let labels: Vec<u8> = (0..17).map(|c| 1 + (c % 3) as u8).chain([0]).collect();
        let wide = Relabelling::new(grid, &goal, &labels).unwrap();
        for (r, stride) in [(&small, 1), (&big, 7919), (&wide, 104_729)] {
            let cells = r.grid().cells();
            for index in (0..r.states() as u32).step_by(stride) {
                let labels = r.labels_at(index);
                for l in 0..=r.labels {
                    let n = labels[..cells]
                        .iter()
                        .filter(|&&x| usize::from(x) == l)
                        .count();
                    assert_eq!(n, usize::from(r.counts[l]), "{index}: label {l}");
                }
                assert_eq!(r.index_of_labels(&labels[..cells]), index);
            }
        }
    }

    /// A slide along a row changes the blank's cell alone, the least significant digit: the
    /// index moves by the cells slid.
    #[test]
    fn a_slide_along_a_row_moves_the_index_by_its_length() {
        let r = fifteen();
        for index in (0..r.states() as u32).step_by(100_003) {
            let labels = r.labels_at(index);
            let blank = labels.iter().position(|&l| l == 0).unwrap();
            let mut moved = labels;
            let mut at = blank;
            while at % 4 != 3 {
                moved.swap(at, at + 1);
                at += 1;
                assert_eq!(r.index_of_labels(&moved[..16]), index + (at - blank) as u32);
            }
        }
    }

    #[test]
    fn bad_labels_are_refused() {
        let grid = Grid::new(2, 2).unwrap();
        let goal = [1, 2, 3, 0];
        assert!(Relabelling::new(grid, &goal, &[1, 1, 2, 0]).is_ok());
        assert_eq!(
            Relabelling::new(grid, &goal, &[1, 1, 0, 2]),
            Err(RelabelError::Blank)
        );
        assert_eq!(
            Relabelling::new(grid, &goal, &[1, 1, 3, 0]),
            Err(RelabelError::Labels)
        );
        assert!(matches!(
            Relabelling::new(grid, &goal, &[1, 1, 0]),
            Err(RelabelError::WrongCount { .. })
        ));
        assert_eq!(
            Relabelling::new(grid, &[1, 1, 3, 0], &[1, 1, 2, 0]),
            Err(RelabelError::Goal)
        );
    }

    /// Every neighbour's index, in both metrics, is the index its labels rank to: slid one
    /// cell at a time and ranked afresh here, over a stride of the 15-puzzle's relabelled
    /// states (the search takes a row's slides by arithmetic on the blank's digit).
    #[test]
    fn neighbours_are_their_labels_ranked() {
        let r = fifteen();
        let grid = Grid::new(4, 4).unwrap();
        for metric in [Metric::Single, Metric::Multi] {
            for index in (0..r.states() as u32).step_by(1_000_003) {
                let mut labels = r.labels_at(index);
                let blank = labels.iter().position(|&l| l == 0).unwrap();
                let mut found = Vec::new();
                r.for_each_neighbour(index, &mut labels, blank, metric, |j| found.push(j));
                let mut expected = Vec::new();
                for m in Move::ALL {
                    let mut there = labels;
                    let mut at = blank;
                    while let Some(next) = grid.step(at, m) {
                        there.swap(at, next);
                        at = next;
                        expected.push(r.index_of_labels(&there[..16]));
                        if metric == Metric::Single {
                            break;
                        }
                    }
                }
                assert_eq!(found, expected, "{index} {metric:?}");
            }
        }
    }

    /// Neighbours in both metrics: from the 15-puzzle's goal (blank in a corner) 2 single-tile
    /// and 6 multi-tile moves, each undone by another.
    #[test]
    fn neighbours_in_both_metrics() {
        let r = fifteen();
        let goal = r.goal_index();
        for (metric, count) in [(Metric::Single, 2), (Metric::Multi, 6)] {
            let mut labels = r.labels_at(goal);
            let mut seen = Vec::new();
            r.for_each_neighbour(goal, &mut labels, 15, metric, |i| seen.push(i));
            assert_eq!(labels, r.labels_at(goal), "labels restored");
            assert_eq!(seen.len(), count);
            for &i in &seen {
                let mut there = r.labels_at(i);
                let blank = there.iter().position(|&l| l == 0).unwrap();
                let mut back = Vec::new();
                r.for_each_neighbour(i, &mut there, blank, metric, |j| back.push(j));
                assert!(back.contains(&goal));
                // Each neighbour's index is the one its labels rank to.
                for &j in &back {
                    let next = r.labels_at(j);
                    assert_eq!(r.index_of_labels(&next[..16]), j);
                }
            }
        }
    }
}
