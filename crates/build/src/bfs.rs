//! The retrograde breadth-first search: distances from the goal, layer by layer.
//!
//! The search works on whole layers as bitsets, one block of bits per cell of the blank, bit
//! `h` of block `b` standing for the state of index `b × half + h`. A horizontal move keeps the
//! half-rank (see [`crate::rotations`]), so it is an OR of one block into its neighbour, 64 states
//! at a time; a vertical move is a permutation of the half-ranks, applied to each state of the
//! layer with one read of a table. The new layer is then what was reached and not yet visited,
//! again 64 states at a time. No state is looked up in the table to ask whether it is new, so
//! the search has none of the unpredictable branches and scattered reads of a queue of states.

use tilebase_core::{Board, Metric, State};
use tilebase_format::UNREACHED;

use crate::rotations::{HalfRank, Rotations};

/// The distance of every state reachable from `goal`, indexed by [`State::index`]: the table of
/// a database. Moves are reversible, so the distance from the goal to a state is the distance
/// from that state to the goal.
pub fn build_table(goal: &State) -> Vec<u8> {
    build_table_in(goal, Metric::Single)
}

/// The distance of every state reachable from `goal` in `metric`, indexed by [`State::index`].
/// In the multi-tile metric a move slides a line of up to `W − 1` or `H − 1` tiles at once.
///
/// ```
/// use tilebase_core::{Board, Metric};
///
/// let goal = Board::THREE_BY_THREE.ordered_goal();
/// let table = tilebase_build::build_table_in(&goal, Metric::Multi);
/// assert_eq!(table.iter().max(), Some(&24)); // the 3x3 radius in the multi-tile metric
/// ```
pub fn build_table_in(goal: &State, metric: Metric) -> Vec<u8> {
    if goal.board().states() as usize / goal.board().cells() <= 1 << 16 {
        Search::<u16>::new(goal, metric).run()
    } else {
        Search::<u32>::new(goal, metric).run()
    }
}

/// A search in progress: the layer at hand, the next one as it is reached, and what has been
/// visited, each `cells` blocks of `words` words.
struct Search<R> {
    board: Board,
    /// How many cells a move may slide the blank: 1 in the single-tile metric; in the
    /// multi-tile metric, a whole line of tiles: the board's longer side, less one.
    reach: usize,
    half: usize,
    words: usize,
    rotations: Rotations<R>,
    layer: Vec<u64>,
    next: Vec<u64>,
    visited: Vec<u64>,
    table: Vec<u8>,
}

impl<R: HalfRank> Search<R> {
    fn new(goal: &State, metric: Metric) -> Search<R> {
        let board = goal.board();
        let (cells, width) = (board.cells(), board.width());
        let half = board.states() as usize / cells;
        let words = half.div_ceil(64);
        // A vertical move makes a tile pass `W − 1` others: on a board of odd width the parity
        // of the inversions never changes; on one of even width it flips with every row.
        let (goal_row, goal_inversions) = (goal.blank() / width, goal.inversions());
        let rotations = Rotations::new(board, |b| {
            let rows_apart = (b / width).abs_diff(goal_row) as u32;
            goal_inversions + if width % 2 == 0 { rows_apart } else { 0 }
        });
        let goal_index = goal.index();
        let mut layer = vec![0u64; cells * words];
        let (block, bit) = (goal_index as usize / half, goal_index as usize % half);
        layer[block * words + bit / 64] = 1 << (bit % 64);
        Search {
            board,
            reach: match metric {
                Metric::Single => 1,
                Metric::Multi => width.max(board.height()) - 1,
            },
            half,
            words,
            rotations,
            next: vec![0; layer.len()],
            visited: layer.clone(),
            layer,
            table: vec![UNREACHED; board.states() as usize],
        }
    }

    fn run(mut self) -> Vec<u8> {
        // The deepest board (6x2) has radius 80, far below UNREACHED.
        let mut depth = 0u8;
        loop {
            for blank in 0..self.board.cells() {
                self.expand(blank, depth);
            }
            if !self.advance() {
                return self.table;
            }
            depth += 1;
        }
    }

    /// Writes the distance of the layer's states with the blank in `blank` and marks every state
    /// one move from them in the next layer.
    fn expand(&mut self, blank: usize, depth: u8) {
        let (width, words) = (self.board.width(), self.words);
        let block = |cell: usize| cell * words..(cell + 1) * words;
        let layer = &self.layer[block(blank)];
        if layer.iter().all(|&w| w == 0) {
            return;
        }
        // Horizontal slides: the same half-ranks, the blank up to `reach` cells along its row.
        let column = blank % width;
        let row_start = blank - column;
        let left = (column.saturating_sub(self.reach) + row_start)..blank;
        let right = blank + 1..(blank + self.reach + 1).min(row_start + width);
        for to in left.chain(right) {
            for (into, &from) in self.next[block(to)].iter_mut().zip(layer) {
                *into |= from;
            }
        }
        // Vertical slides: each state through the permutations, one row at a time, as far as
        // the slide reaches; and the state's own distance.
        let rows_below = (self.board.cells() - 1 - blank) / width;
        let rows_above = blank / width;
        let (below, above) = (rows_below.min(self.reach), rows_above.min(self.reach));
        let (next, rotations) = (&mut self.next, &self.rotations);
        let distances = &mut self.table[blank * self.half..];
        for_each_bit(layer, |h| {
            distances[h] = depth;
            let mut at = h;
            for row in 0..below {
                at = rotations.down(blank + row * width)[at].get();
                set(next, blank + (row + 1) * width, words, at);
            }
            let mut at = h;
            for row in 1..=above {
                at = rotations.up(blank - row * width)[at].get();
                set(next, blank - row * width, words, at);
            }
        });
    }

    /// Makes the next layer the states reached and not yet visited; `false` if there are none.
    fn advance(&mut self) -> bool {
        let mut any = 0;
        for ((layer, next), visited) in self
            .layer
            .iter_mut()
            .zip(&mut self.next)
            .zip(&mut self.visited)
        {
            let new = *next & !*visited;
            *visited |= new;
            *layer = new;
            *next = 0;
            any |= new;
        }
        any != 0
    }
}

/// Sets bit `h` of block `block` of `bits`, whose blocks are `words` long.
#[inline(always)]
fn set(bits: &mut [u64], block: usize, words: usize, h: usize) {
    bits[block * words + h / 64] |= 1 << (h % 64);
}

/// Calls `f` with the number of every bit set in `bits`, in order.
#[inline(always)]
fn for_each_bit(bits: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in bits.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            f(w * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}
