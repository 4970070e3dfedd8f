//! Every state of a table in index order, each as a [`Cursor`], made from the one before.
//!
//! Within one blank cell the index is `rank / 2`, and the rank is the Lehmer rank of the tiles'
//! places in the reading order (the blank skipped), tile 1's digit the most significant (see
//! [`crate::index`]). Tile `t`'s digit counts the places below its own not taken by smaller
//! tiles, so the rank orders the sequence *place of tile 1, place of tile 2, ...*
//! lexicographically, and the next rank is the next permutation of that sequence. Ranks `2k` and
//! `2k + 1` differ by a swap of the two largest tiles, hence in parity, and a table holds the one
//! of the two in its parity half.
//!
//! The next permutation costs a search of unpredictable length, so most steps avoid it. The
//! `L` largest tiles (`L` is 5, or fewer on a board with fewer tiles) hold the lowest digits:
//! while the smaller tiles stay, they take the same `L` places for `L!` consecutive ranks, in
//! an order of the `L!` arrangements that depends on nothing else. Half of those have the
//! parity the table wants, and a fixed list of them (`GROUPS`) gives the tiles of each of
//! the `L!/2` consecutive indices in turn, along with the last bit of each rank. After the last,
//! the next permutation moves the smaller tiles, and the parity of their digits, which says
//! which half of the list comes next, follows from the number of swaps it made. Neither a
//! state nor its rank is computed from scratch, except where a walk starts.

use std::ops::Range;

use crate::board::FACTORIAL;
use crate::cursor::SLOTS;
use crate::index::{HALF, row_term};
use crate::{Board, Cursor, Parity, State};

/// The largest number of tiles in a group: arrangements of the largest tiles walked from a
/// list.
const GROUP: usize = 5;

/// The most arrangements of one parity in a list: `GROUP!/2`.
const ARRANGEMENTS: usize = 60;

/// The arrangements of a group of the `l` largest tiles in their `l` places, one parity half.
#[derive(Clone, Copy)]
struct Arrangements {
    /// `tiles[j][s]`: which tile of the group (0 the smallest) stands in the group's place `s`
    /// (0 the first in reading order) in the `j`-th arrangement, in rank order.
    tiles: [[u8; GROUP]; ARRANGEMENTS],
    /// `odd[j]`: the last bit of the `j`-th arrangement's rank, which is `2j` or `2j + 1`.
    odd: [u8; ARRANGEMENTS],
}

impl std::fmt::Debug for Arrangements {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Arrangements")
    }
}

/// `GROUPS[l][g]`: the arrangements of a group of `l` tiles whose digits add up to the parity
/// `g`, in rank order.
static GROUPS: [[Arrangements; 2]; GROUP + 1] = {
    const EMPTY: Arrangements = Arrangements {
        tiles: [[0; GROUP]; ARRANGEMENTS],
        odd: [0; ARRANGEMENTS],
    };
    let mut groups = [[EMPTY; 2]; GROUP + 1];
    let mut l = 2;
    while l <= GROUP {
        let mut found = [0usize; 2];
        let mut rank = 0;
        while rank < FACTORIAL[l] as usize {
            // Tile s's digit, radix l − s, says which of the places still free it takes.
            let mut taken = [false; GROUP];
            let mut tiles = [0u8; GROUP];
            let mut parity = 0;
            let mut s = 0;
            while s < l {
                let digit = rank / FACTORIAL[l - 1 - s] as usize % (l - s);
                parity ^= digit & 1;
                let mut place = 0;
                let mut free = 0;
                while taken[place] || free < digit {
                    if !taken[place] {
                        free += 1;
                    }
                    place += 1;
                }
                taken[place] = true;
                tiles[place] = s as u8;
                s += 1;
            }
            let j = found[parity];
            groups[l][parity].tiles[j] = tiles;
            groups[l][parity].odd[j] = (rank & 1) as u8;
            found[parity] += 1;
            rank += 1;
        }
        l += 1;
    }
    groups
};

/// The states of indices `range` of the parity half `parity` of a board's table, in index order,
/// each as a [`Cursor`] (its state, index and neighbours' indices at hand): as an iterator, or,
/// faster, through [`Walk::visit`].
///
/// ```
/// use tilebase_core::{Board, Metric, State, Walk};
///
/// let goal: State = "123804765".parse().unwrap();
/// let board = goal.board();
/// for cursor in Walk::new(board, goal.parity(), 1_000..1_010) {
///     let state = State::from_index(board, goal.parity(), cursor.index()).unwrap();
///     assert_eq!(cursor.state(), state);
///     let neighbours: Vec<u32> = state.slides(Metric::Single).map(|(_, n)| n.index()).collect();
///     assert!(cursor.neighbour_indices(Metric::Single).eq(neighbours));
/// }
/// assert_eq!(Walk::new(board, goal.parity(), 0..u32::MAX).count(), 181_440);
/// ```
#[derive(Clone, Debug)]
pub struct Walk {
    /// The state to yield next.
    cursor: Cursor,
    /// `places[t]`: the place of tile `t` in the reading order of the tiles, the blank skipped,
    /// for the tiles below the group; `places[0]` is unused. The group's entries are right
    /// only where a run of the group starts: its arrangements change the cells alone.
    places: [u8; SLOTS],
    /// The number of tiles in the group, `l`: the largest ones, `n − l .. n − 1`.
    group: usize,
    /// The places of the group, in increasing order.
    group_places: [u8; GROUP],
    /// The cells of those places.
    group_cells: [u8; GROUP],
    /// The arrangements of the group's parity.
    arrangements: &'static Arrangements,
    /// Which of them the cursor has: the index within the group's run.
    j: usize,
    /// `l!/2`: how many indices the group's run has.
    run: usize,
    /// The parity of the digits of the tiles below the group.
    below: u32,
    /// The parity of the sum of all the digits, in the blank's cell.
    wanted: u32,
    /// The index within the blank's cell: `rank / 2`.
    k: u32,
    /// `(n−1)!/2`: indices per blank cell.
    half: u32,
    /// The number of tiles, `n − 1`.
    tiles: usize,
    /// The parity half walked.
    parity: Parity,
    /// How many states are left to yield, the cursor's included.
    left: u32,
}

impl Walk {
    /// A walk over the indices `range` of the table of the parity half `parity` of `board`; the
    /// part of `range` past the table's end is left out. Starting costs about as much as one
    /// [`State::from_index`]; each step after that, a few moves of tiles. A board without a
    /// full table has no indices: its walk is empty.
    pub fn new(board: Board, parity: Parity, range: Range<u32>) -> Walk {
        let (board, goal, range) = match board.ordered_goal() {
            Some(goal) => (board, goal, range),
            None => (Board::TWO_BY_TWO, State::TWO_BY_TWO_GOAL, 0..0),
        };
        let end = range.end.min(board.states());
        let start = State::from_index(board, parity, range.start).filter(|_| range.start < end);
        let state = start.unwrap_or(goal);
        let mut places = [0u8; SLOTS];
        let mut place = 0;
        for &tile in state.cells() {
            if tile != 0 {
                places[usize::from(tile)] = place;
                place += 1;
            }
        }
        let m = board.cells() - 1;
        let group = m.min(GROUP);
        // The digits of the tiles below the group: the larger tiles standing before each.
        let mut below = 0;
        for t in 1..=m - group {
            for larger in t + 1..=m {
                below ^= u32::from(places[larger] < places[t]);
            }
        }
        let half = HALF[m];
        let k = range.start % half;
        let run = FACTORIAL[group] as usize / 2;
        let wanted = (parity as u32 ^ row_term(board, state.blank())) & 1;
        let mut walk = Walk {
            cursor: Cursor::new(state),
            places,
            group,
            group_places: [0; GROUP],
            group_cells: [0; GROUP],
            arrangements: &GROUPS[group][(wanted ^ below) as usize],
            j: k as usize % run,
            run,
            below,
            wanted,
            k,
            half,
            tiles: m,
            parity,
            left: if start.is_some() {
                end - range.start
            } else {
                0
            },
        };
        walk.find_group();
        walk
    }

    /// Calls `f` with every cursor of the walk in turn, by reference: the same cursors as the
    /// iterator, faster. The iterator copies each cursor out just after its cells were written
    /// a byte at a time, which costs the processor a stall as long as the rest of a step; a
    /// loop over a whole table, such as a verification's, should use this.
    ///
    /// ```
    /// use tilebase_core::{Board, Parity, Walk};
    ///
    /// let board: Board = "3x2".parse().unwrap();
    /// let mut indices = Vec::new();
    /// Walk::new(board, Parity::Even, 0..360).visit(|cursor| indices.push(cursor.index()));
    /// assert!(indices.into_iter().eq(0..360));
    /// ```
    #[inline]
    pub fn visit(mut self, mut f: impl FnMut(&Cursor)) {
        while self.left > 0 {
            f(&self.cursor);
            self.left -= 1;
            if self.left > 0 {
                self.advance();
            }
        }
    }

    /// Sets the places and cells of the group from `places`.
    #[inline]
    fn find_group(&mut self) {
        let (m, l) = (self.tiles, self.group);
        let group = &mut self.group_places[..l];
        group.copy_from_slice(&self.places[m + 1 - l..=m]);
        group.sort_unstable();
        let blank = self.cursor.blank();
        self.group_cells = self
            .group_places
            .map(|place| place + u8::from(usize::from(place) >= blank));
    }

    /// Moves the cursor to the next index.
    #[inline]
    fn advance(&mut self) {
        self.k += 1;
        self.j += 1;
        if self.k >= self.half {
            self.enter_cell(self.cursor.blank() + 1);
        } else if self.j < self.run {
            self.arrange();
        } else {
            self.next_run();
        }
    }

    /// Puts the group's tiles as the `j`-th arrangement says, and sets the rank.
    #[inline(always)]
    fn arrange(&mut self) {
        let j = self.j.min(ARRANGEMENTS - 1);
        let tiles = &self.arrangements.tiles[j];
        let first = (self.tiles + 1 - self.group) as u8;
        for (&cell, &tile) in self.group_cells[..self.group].iter().zip(tiles) {
            self.cursor.set_cell(usize::from(cell), first + tile);
        }
        let odd = u32::from(self.arrangements.odd[j]);
        self.cursor.set_rank(2 * self.k + odd);
    }

    /// The step after the group's last arrangement: the next permutation of the places, which
    /// moves tiles below the group.
    #[cold]
    fn next_run(&mut self) {
        let (m, l) = (self.tiles, self.group);
        // Past the group's last arrangement is its last rank, the places in decreasing order.
        for s in 0..l {
            self.places[m - s] = self.group_places[s];
        }
        let p = &mut self.places;
        // The rightmost ascent, left of the group, whose places now descend. There is one,
        // since the rank 2k exists.
        let mut i = m - l;
        while i > 1 && p[i] > p[i + 1] {
            i -= 1;
        }
        let mut j = m;
        while j > i + 1 && p[j] < p[i] {
            j -= 1;
        }
        p.swap(i, j);
        p[i + 1..=m].reverse();
        // The group now in increasing order has digits 0; the swaps to get here from the
        // decreasing order (l(l−1)/2 inversions) changed the parity of the digits below it.
        let swaps = l * (l - 1) / 2 + 1 + (m - i) / 2;
        self.below ^= (swaps & 1) as u32;
        let blank = self.cursor.blank();
        for (t, &place) in p.iter().enumerate().take(m - l + 1).skip(i) {
            let place = usize::from(place);
            self.cursor
                .set_cell(place + usize::from(place >= blank), t as u8);
        }
        self.arrangements = &GROUPS[l][(self.wanted ^ self.below) as usize];
        self.j = 0;
        self.find_group();
        self.arrange();
    }

    /// Moves the cursor to the first index with the blank in `blank`: the tiles in order, or
    /// with the two largest swapped where that order is of the other parity.
    #[cold]
    fn enter_cell(&mut self, blank: usize) {
        let (board, m) = (self.cursor.board(), self.tiles);
        if blank > m {
            self.left = 0;
            return;
        }
        self.k = 0;
        self.j = 0;
        self.below = 0;
        self.wanted = (self.parity as u32 ^ row_term(board, blank)) & 1;
        self.arrangements = &GROUPS[self.group][self.wanted as usize];
        let mut cells = [0u8; SLOTS];
        for (t, place) in self.places.iter_mut().enumerate().take(m + 1).skip(1) {
            *place = (t - 1) as u8;
            cells[(t - 1) + usize::from(t > blank)] = t as u8;
        }
        self.cursor = Cursor::from_parts(board, self.parity, blank, cells, 0);
        self.find_group();
        self.arrange();
    }
}

impl Iterator for Walk {
    type Item = Cursor;

    #[inline]
    fn next(&mut self) -> Option<Cursor> {
        if self.left == 0 {
            return None;
        }
        let here = self.cursor;
        self.left -= 1;
        if self.left > 0 {
            self.advance();
        }
        Some(here)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

impl ExactSizeIterator for Walk {}

impl std::iter::FusedIterator for Walk {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Metric;

    /// Walks `range` and checks every cursor against the state made from scratch: the same
    /// cells, rank and index (the whole cursor), in index order, with every neighbour's index in
    /// both metrics what [`State::slides`] and [`State::index`] give. The walk by reference
    /// ([`Walk::visit`]) gives the same cursors as the iterator.
    fn check_walk(board: Board, parity: Parity, range: Range<u32>) {
        let expected = range.start..range.end.min(board.states());
        let walk = Walk::new(board, parity, range.clone());
        assert_eq!(walk.len(), expected.len(), "{board} {range:?}");
        let mut visited = Vec::new();
        walk.clone().visit(|cursor| visited.push(*cursor));
        assert!(walk.clone().eq(visited), "{board} {parity:?} {range:?}");
        let mut count = 0;
        for (index, cursor) in expected.clone().zip(walk) {
            let state = State::from_index(board, parity, index).unwrap();
            assert_eq!(cursor, Cursor::new(state), "{board} {parity:?} {index}");
            for metric in Metric::ALL {
                let neighbours: Vec<u32> = state.slides(metric).map(|(_, n)| n.index()).collect();
                let fast: Vec<u32> = cursor.neighbour_indices(metric).collect();
                assert_eq!(fast, neighbours, "{board} {parity:?} {index} {metric}");
                let mut each = Vec::new();
                cursor.for_each_neighbour_index(metric, |n| each.push(n));
                assert_eq!(each, neighbours, "{board} {parity:?} {index} {metric}");
            }
            count += 1;
        }
        assert_eq!(count, expected.len(), "{board} {range:?}");
    }

    /// Every state of both parity halves of every board of up to 9 cells.
    #[test]
    fn walks_every_small_table_in_index_order() {
        for board in Board::with_tables().filter(|b| b.cells() <= 9) {
            for parity in [Parity::Even, Parity::Odd] {
                check_walk(board, parity, 0..board.states());
            }
        }
    }

    /// Walks that start and end anywhere: inside a blank's cell, across the boundaries of
    /// cells, at the table's end, past it, and empty.
    #[test]
    fn walks_any_range() {
        for board in Board::with_tables() {
            let half = board.states() / board.cells() as u32;
            let end = board.states();
            for parity in [Parity::Even, Parity::Odd] {
                for range in [
                    0..3,
                    1..4,
                    half - 2..half + 2,
                    half..half + 1,
                    3 * half - 5..3 * half + 7,
                    end - 4..end,
                    end - 2..end + 5,
                    end..end + 3,
                    5..5,
                    #[allow(clippy::reversed_empty_ranges)] // a reversed range is empty too
                    (7..2),
                    u32::MAX - 1..u32::MAX,
                ] {
                    check_walk(board, parity, range);
                }
            }
        }
    }

    /// Long stretches of the 10-cell boards (362,880 states per blank cell), in both halves.
    #[test]
    fn walks_stretches_of_ten_cell_tables() {
        for board in Board::with_tables().filter(|b| b.cells() == 10) {
            let half = board.states() / 10;
            for parity in [Parity::Even, Parity::Odd] {
                for start in [0, 123_457, half - 20_000, 7 * half + 99_991] {
                    check_walk(board, parity, start..start + 40_000);
                }
            }
        }
    }

    /// Stretches of the 12-cell boards: from the start, across a change of the blank's cell,
    /// from the middle, to the end.
    #[test]
    fn walks_stretches_of_twelve_cell_tables() {
        for board in Board::with_tables().filter(|b| b.cells() == 12) {
            let half = board.states() / 12;
            for parity in [Parity::Even, Parity::Odd] {
                for start in [0, 5 * half - 2_000, 123_456_789, board.states() - 3_000] {
                    check_walk(board, parity, start..start + 4_000);
                }
            }
        }
    }
}
