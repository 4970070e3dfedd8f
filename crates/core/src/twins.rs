//! Paths that need not be searched: move sequences with a *twin*, a sequence from the same
//! cell that leaves every tile where it leaves them and is shorter, or as long and earlier in
//! U < D < L < R order. A depth-first search that never ends a path with such a sequence still
//! reaches every state, by its least path, and generates far fewer nodes: on the 15-puzzle,
//! cutting sequences of up to 12 moves, the tree below a state grows about 2.01 times a move
//! instead of 2.13, a fifth of the paths at depth 36 (Taylor and Korf's finite-state machine,
//! "Pruning duplicate nodes in depth-first search", AAAI 1993).
//!
//! The sequences are found by enumerating every path of up to a few moves from every cell in
//! that order, keeping the first to reach each arrangement of the tiles and naming the later
//! ones twinned; an Aho-Corasick automaton over the cells the blank visits then recognises a
//! twinned sequence at the end of a path, one table lookup a move.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use crate::{Board, MAX_BOARD_CELLS, Move};

/// A path's state in [`Twins`]: which twinned sequences it may be about to end with.
pub type PathState = u32;

/// The state a move leads to when it would end the path with a twinned sequence (or leave the
/// board): the move is not searched.
pub const TWINNED: PathState = u32::MAX;

/// Bits per cell in a packed sequence: 100 cells fit 7 bits.
const BITS: u32 = 7;

/// A cell's bits.
const CELL: u128 = (1 << BITS) - 1;

/// The longest sequence [`Twins::new`] takes: its cells, one more than its moves, must fit
/// 120 bits of a key beside its length.
pub const MAX_TWIN_MOVES: usize = 16;

/// The twinned move sequences of a board, as an automaton over the path the blank takes.
///
/// ```
/// use tilebase_core::Move::{Down as D, Left as L, Right as R, Up as U};
/// use tilebase_core::Board;
/// use tilebase_core::twins::{TWINNED, Twins};
///
/// let twins = Twins::new(Board::THREE_BY_THREE, 12);
/// // From the centre, once and a half round the top-left block either way leaves the tiles
/// // alike: ULDRUL comes first (U before L), so LURDLU is cut at its last move.
/// let walk = |moves: &[_]| {
///     let mut state = twins.start(4);
///     for &m in moves {
///         state = twins.step(state, m);
///         if state == TWINNED {
///             return None;
///         }
///     }
///     Some(state)
/// };
/// assert!(walk(&[U, L, D, R, U, L]).is_some());
/// assert!(walk(&[L, U, R, D, L]).is_some());
/// assert!(walk(&[L, U, R, D, L, U]).is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Twins {
    /// `next[state * 4 + move]`: the state after the move, or [`TWINNED`].
    next: Vec<PathState>,
    /// The state of a path of no moves from each cell.
    start: [PathState; MAX_BOARD_CELLS],
    /// The longest twinned sequence looked for, in moves.
    moves: usize,
    /// How many twinned sequences are recognised.
    sequences: usize,
}

impl Twins {
    /// The twinned sequences of `board` of up to `moves` moves (at most [`MAX_TWIN_MOVES`]).
    /// Finding them takes work that grows about 2.1 times a move (2.4 on 5x5): 12 moves on
    /// 4x4, or 10 on 5x5, about 10 ms. Those two, the searches' defaults on the 15- and
    /// 24-puzzles ([`Twins::moves_for`]), were found once and are kept in the library: made
    /// from them in about a millisecond.
    pub fn new(board: Board, moves: usize) -> Twins {
        let moves = moves.min(MAX_TWIN_MOVES);
        let sequences =
            kept_sequences(board, moves).unwrap_or_else(|| twinned_sequences(board, moves));
        let count = sequences.len();
        let mut twins = Automaton::build(board, &sequences);
        twins.moves = moves;
        twins.sequences = count;
        twins
    }

    /// No sequence twinned: every move is searched (for every optimal solution, where twins
    /// are solutions of their own).
    pub fn none(board: Board) -> Twins {
        let mut twins = Automaton::build(board, &[]);
        twins.moves = 0;
        twins
    }

    /// The twins of `board` that searches cut, made once a process and shared: sequences of up
    /// to [`Twins::moves_for`] moves.
    pub fn shared(board: Board) -> Arc<Twins> {
        static MADE: OnceLock<Mutex<Made>> = OnceLock::new();
        let made = MADE.get_or_init(|| Mutex::new(Vec::new()));
        let mut made = made.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, twins)) = made.iter().find(|(b, _)| *b == board) {
            return Arc::clone(twins);
        }
        let twins = Arc::new(Twins::new(board, Twins::moves_for(board)));
        made.push((board, Arc::clone(&twins)));
        twins
    }

    /// The longest twinned sequences worth cutting on `board`: longer ones cut more paths, but
    /// take longer to find and make an automaton that fills more of the caches. Measured
    /// (BENCHMARKS.md): on 4x4, 12 moves (3,508 sequences, 17,000 states) beat 10 and 14; on
    /// 5x5, 10 (2,396) searched as fast as 12 with a fifth of the automaton; on 6x6, 10 (4,564,
    /// found in 60 ms) as fast as 12 (27,324, in 0.85 s). Past 7x7, 8: 10 would take 0.2 to
    /// 0.5 s to find, for a few paths more cut.
    pub fn moves_for(board: Board) -> usize {
        match board.cells() {
            0..=16 => 12,
            17..=49 => 10,
            _ => 8,
        }
    }

    /// The state of a path of no moves with the blank on `cell`.
    #[inline]
    pub fn start(&self, cell: usize) -> PathState {
        self.start[cell]
    }

    /// The state after the blank's move `m` from a path in `state` (never [`TWINNED`]), or
    /// [`TWINNED`] when the path would then end with a twinned sequence.
    #[inline]
    pub fn step(&self, state: PathState, m: Move) -> PathState {
        self.next[state as usize * 4 + m as usize]
    }

    /// The states after each move from a path in `state`, by move: [`Self::step`] for all four.
    #[inline]
    pub fn row(&self, state: PathState) -> [PathState; 4] {
        let at = state as usize * 4;
        self.next[at..at + 4].try_into().unwrap_or([TWINNED; 4])
    }

    /// The state after `moves` (legal) from a path of no moves with the blank on `cell`. A path
    /// that holds a twinned sequence (searched below anyway: a piece of work given by hand)
    /// goes on from where that sequence ends as if the path began there.
    pub fn follow(&self, board: Board, cell: usize, moves: &[Move]) -> PathState {
        let mut state = self.start(cell);
        let mut cell = cell;
        for &m in moves {
            let Some(to) = board.step(cell, m) else {
                break;
            };
            state = match self.step(state, m) {
                TWINNED => self.start(to),
                next => next,
            };
            cell = to;
        }
        state
    }

    /// The longest sequence looked for, in moves.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// How many twinned sequences are recognised.
    pub fn sequences(&self) -> usize {
        self.sequences
    }

    /// The automaton's states.
    pub fn states(&self) -> usize {
        self.next.len() / 4
    }
}

/// The twins made in this process, by board.
type Made = Vec<(Board, Arc<Twins>)>;

/// A twinned sequence: the cells the blank visits, packed [`BITS`] a cell with the last in the
/// lowest bits, and its number of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sequence {
    cells: u128,
    moves: u8,
}

impl Sequence {
    /// The key of the last `moves` moves of a path whose packed cells are `cells`.
    #[inline]
    fn key(cells: u128, moves: usize) -> u128 {
        let bits = BITS as usize * (moves + 1);
        (cells & ((1u128 << bits) - 1)) | ((moves as u128) << 120)
    }

    /// The cells in the order visited.
    fn cells(&self) -> Vec<usize> {
        (0..=usize::from(self.moves))
            .rev()
            .map(|i| ((self.cells >> (BITS as usize * i)) & CELL) as usize)
            .collect()
    }
}

/// Twinned sequences found once by [`twinned_sequences`] and kept here, by board (width,
/// height) and longest sequence: the 15-puzzle's Korf's 100 takes about 0.1 s as one batch,
/// and finding these would be a tenth of it. A test finds them again and checks they are the
/// same (`TILEBASE_WRITE_TWINS=1` writes them anew). Each sequence is 8 bytes, little-endian:
/// its first cell (5 bits), its number of moves (5 bits), then each move in 2 bits
/// ([`Move::ALL`]'s order), the first lowest.
const KEPT: [(usize, usize, usize, &[u8]); 2] = [
    (4, 4, 12, include_bytes!("../data/twins-4x4-12.bin")),
    (5, 5, 10, include_bytes!("../data/twins-5x5-10.bin")),
];

/// The twinned sequences of up to `moves` moves that [`KEPT`] holds for `board`, if any.
fn kept_sequences(board: Board, moves: usize) -> Option<Vec<Sequence>> {
    let (_, _, _, bytes) = KEPT
        .iter()
        .find(|&&(w, h, m, _)| (w, h, m) == (board.width(), board.height(), moves))?;
    bytes
        .chunks_exact(8)
        .map(|word| {
            let word = u64::from_le_bytes(word.try_into().ok()?);
            let mut cell = (word & 31) as usize;
            let moves = ((word >> 5) & 31) as usize;
            if cell >= board.cells() || moves > MAX_TWIN_MOVES {
                return None;
            }
            let mut cells = cell as u128;
            for i in 0..moves {
                let m = Move::ALL[((word >> (10 + 2 * i)) & 3) as usize];
                cell = board.step(cell, m)?;
                cells = (cells << BITS) | cell as u128;
            }
            Some(Sequence {
                cells,
                moves: moves as u8,
            })
        })
        .collect()
}

/// `sequences` as [`KEPT`] holds them.
#[cfg(test)]
fn keep(board: Board, sequences: &[Sequence]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(8 * sequences.len());
    for sequence in sequences {
        let cells = sequence.cells();
        let mut word = cells[0] as u64 | u64::from(sequence.moves) << 5;
        for (i, pair) in cells.windows(2).enumerate() {
            let m = Move::ALL
                .into_iter()
                .position(|m| board.step(pair[0], m) == Some(pair[1]))
                .expect("a sequence's cells are neighbours");
            word |= (m as u64) << (10 + 2 * i);
        }
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// A path being enumerated: the arrangement it makes, its cells, its last cell and the move
/// back.
#[derive(Clone, Copy)]
struct Path<A> {
    arrangement: A,
    cells: u128,
    cell: u8,
    back: Option<Move>,
}

/// Every twinned sequence of `board` of up to `moves` moves with no twinned sequence inside it
/// (a path that holds one is already cut where that one ends).
fn twinned_sequences(board: Board, moves: usize) -> Vec<Sequence> {
    // The whole board's arrangement fits a word up to 25 cells, and is three to four times as
    // quick to find the twins with as the cells a path moved, which any board takes.
    if board.cells() <= Dense::CELLS {
        twinned_sequences_by::<Dense>(board, moves)
    } else {
        twinned_sequences_by::<Sparse>(board, moves)
    }
}

/// [`twinned_sequences`], arrangements told apart as `A`. From each first cell in turn, paths
/// are enumerated a move at a time, each length in U < D < L < R order, so the first path to
/// reach an arrangement is its least; the ones after it are twinned, and only the least are
/// extended. (A least path holds no twinned sequence, from any cell: swapping in the twin would
/// make a lesser path to the same arrangement.)
fn twinned_sequences_by<A: Arrangement>(board: Board, moves: usize) -> Vec<Sequence> {
    let moves = moves.min(MAX_TWIN_MOVES);
    // One set, emptied for each first cell: small enough to stay in the caches.
    let mut seen = Arrangements::<A::Key>::new();
    let mut found = Vec::new();
    let identity = A::identity(board.cells());
    let (mut frontier, mut next) = (Vec::new(), Vec::new());
    for first in 0..board.cells() {
        seen.clear();
        seen.insert(identity.key());
        frontier.clear();
        frontier.push(Path {
            arrangement: identity,
            cells: first as u128,
            cell: first as u8,
            back: None,
        });
        for length in 1..=moves {
            next.clear();
            for path in &frontier {
                let from = usize::from(path.cell);
                for m in Move::ALL {
                    if Some(m) == path.back {
                        continue;
                    }
                    let Some(to) = board.step(from, m) else {
                        continue;
                    };
                    let cells = (path.cells << BITS) | to as u128;
                    let mut arrangement = path.arrangement;
                    arrangement.swap(from as u8, to as u8);
                    if seen.insert(arrangement.key()) {
                        if length < moves {
                            next.push(Path {
                                arrangement,
                                cells,
                                cell: to as u8,
                                back: Some(m.opposite()),
                            });
                        }
                    } else {
                        found.push(Sequence {
                            cells: cells & ((1u128 << (BITS as usize * (length + 1))) - 1),
                            moves: length as u8,
                        });
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
        }
    }
    // A path whose last moves are a twinned sequence from a later cell is twinned too, and
    // cut where that sequence ends: only the sequences with no twinned end are kept.
    let keys: HashSet<u128, Mix> = found
        .iter()
        .map(|s| Sequence::key(s.cells, usize::from(s.moves)))
        .collect();
    found.retain(|s| !(1..usize::from(s.moves)).any(|k| keys.contains(&Sequence::key(s.cells, k))));
    found
}

/// Where a path from the identity has moved the tiles, told apart from every other.
trait Arrangement: Copy {
    type Key: Key;

    /// Every tile of a board of `cells` cells where it began.
    fn identity(cells: usize) -> Self;

    /// The tiles on cells `a` and `b` trade places.
    fn swap(&mut self, a: u8, b: u8);

    fn key(&self) -> Self::Key;
}

/// The whole board's arrangement, the tile on each cell named by the cell it began on, 5 bits
/// a cell: boards of up to 25 cells.
#[derive(Clone, Copy)]
struct Dense(u128);

impl Dense {
    const CELLS: usize = 25;
}

impl Arrangement for Dense {
    type Key = u128;

    fn identity(cells: usize) -> Dense {
        Dense((0..cells).fold(0, |a, x| a | ((x as u128) << (5 * x))))
    }

    #[inline]
    fn swap(&mut self, a: u8, b: u8) {
        let (a, b) = (5 * u32::from(a), 5 * u32::from(b));
        let swapped = ((self.0 >> a) ^ (self.0 >> b)) & 31;
        self.0 ^= (swapped << a) ^ (swapped << b);
    }

    #[inline]
    fn key(&self) -> u128 {
        self.0
    }
}

/// The cells whose tile is not the one that began there, each with the cell that tile began on
/// (the blank's too), packed `cell << 7 | began`, in order of cell: any board. A path of k
/// moves changes at most k + 1 cells.
#[derive(Clone, Copy)]
struct Sparse {
    moved: [u16; MAX_TWIN_MOVES + 1],
    len: u8,
}

impl Sparse {
    /// The cell whose tile is now on `cell`.
    fn began(&self, cell: u8) -> u8 {
        let c = u16::from(cell);
        self.moved[..usize::from(self.len)]
            .iter()
            .find(|&&e| e >> BITS == c)
            .map_or(cell, |&e| (e & CELL as u16) as u8)
    }

    /// Puts the tile that began on `began` on `cell`.
    fn put(&mut self, cell: u8, began: u8) {
        let len = usize::from(self.len);
        let c = u16::from(cell);
        let at = self.moved[..len].partition_point(|&e| e >> BITS < c);
        let here = at < len && self.moved[at] >> BITS == c;
        if began == cell {
            if here {
                self.moved.copy_within(at + 1..len, at);
                self.len -= 1;
            }
        } else {
            let e = c << BITS | u16::from(began);
            if here {
                self.moved[at] = e;
            } else {
                self.moved.copy_within(at..len, at + 1);
                self.moved[at] = e;
                self.len += 1;
            }
        }
    }
}

impl Arrangement for Sparse {
    /// Nine cells of 14 bits a word.
    type Key = [u128; 2];

    fn identity(_: usize) -> Sparse {
        Sparse {
            moved: [0; MAX_TWIN_MOVES + 1],
            len: 0,
        }
    }

    fn swap(&mut self, a: u8, b: u8) {
        let (on_a, on_b) = (self.began(a), self.began(b));
        self.put(a, on_b);
        self.put(b, on_a);
    }

    fn key(&self) -> [u128; 2] {
        let mut key = [0u128; 2];
        for (i, &e) in self.moved[..usize::from(self.len)].iter().enumerate() {
            key[i / 9] |= u128::from(e) << (14 * (i % 9));
        }
        key
    }
}

/// An arrangement packed for [`Arrangements`].
trait Key: Copy + Eq {
    /// No arrangement's key: a free slot.
    const FREE: Self;

    /// The key's bits folded to one word, to be mixed into a slot.
    fn fold(&self) -> u64;
}

/// Folds a word of 128 bits.
#[inline]
fn fold(x: u128) -> u64 {
    (x as u64) ^ ((x >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Key for u128 {
    /// An arrangement of different tiles is never 0.
    const FREE: u128 = 0;

    #[inline]
    fn fold(&self) -> u64 {
        fold(*self)
    }
}

impl Key for [u128; 2] {
    /// Nine cells of 14 bits leave a word's top two bits clear.
    const FREE: [u128; 2] = [u128::MAX; 2];

    #[inline]
    fn fold(&self) -> u64 {
        fold(self[0]) ^ fold(self[1]).rotate_left(29)
    }
}

/// A set of arrangements, by open addressing. (Faster than a `HashSet` here by a good factor:
/// this set is most of the work of finding the twins.)
struct Arrangements<K> {
    slots: Vec<K>,
    len: usize,
}

impl<K: Key> Arrangements<K> {
    fn new() -> Arrangements<K> {
        Arrangements {
            slots: vec![K::FREE; 1 << 10],
            len: 0,
        }
    }

    fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill(K::FREE);
            self.len = 0;
        }
    }

    /// Adds `a`; whether it was not there yet.
    #[inline]
    fn insert(&mut self, a: K) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            let size = 2 * self.slots.len();
            let old = std::mem::replace(&mut self.slots, vec![K::FREE; size]);
            self.len = 0;
            for a in old.into_iter().filter(|&a| a != K::FREE) {
                self.insert(a);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = (a.fold().wrapping_mul(0xff51_afd7_ed55_8ccd) >> 32) as usize & mask;
        loop {
            let s = self.slots[i];
            if s == K::FREE {
                self.slots[i] = a;
                self.len += 1;
                return true;
            }
            if s == a {
                return false;
            }
            i = (i + 1) & mask;
        }
    }
}

/// The automaton being built: a trie of the twinned sequences' cells, with one node for each
/// cell as the root's children, so that every state knows the blank's cell.
struct Automaton {
    /// Each node's child by move, `NONE` where there is none.
    child: Vec<[u32; 4]>,
    cell: Vec<u8>,
    depth: Vec<u8>,
    end: Vec<bool>,
}

const NONE: u32 = u32::MAX - 1;

impl Automaton {
    fn build(board: Board, sequences: &[Sequence]) -> Twins {
        let n = board.cells();
        let mut trie = Automaton {
            child: Vec::new(),
            cell: Vec::new(),
            depth: Vec::new(),
            end: Vec::new(),
        };
        let mut start = [0 as PathState; MAX_BOARD_CELLS];
        for (c, s) in start.iter_mut().enumerate().take(n) {
            *s = trie.node(c, 1);
        }
        for sequence in sequences {
            let cells = sequence.cells();
            let mut node = start[cells[0]];
            for pair in cells.windows(2) {
                let m = Move::ALL
                    .into_iter()
                    .find(|&m| board.step(pair[0], m) == Some(pair[1]))
                    .expect("a sequence's cells are neighbours");
                let existing = trie.child[node as usize][m as usize];
                node = if existing == NONE {
                    let depth = trie.depth[node as usize] + 1;
                    let made = trie.node(pair[1], depth);
                    trie.child[node as usize][m as usize] = made;
                    made
                } else {
                    existing
                };
            }
            trie.end[node as usize] = true;
        }
        // Breadth first, so that a node's fail link (its longest proper end in the trie,
        // shallower) has its moves worked out before its own.
        let nodes = trie.child.len();
        let mut fail = vec![NONE; nodes];
        let mut next = vec![TWINNED; nodes * 4];
        let mut queue: std::collections::VecDeque<u32> = start[..n].iter().copied().collect();
        while let Some(v) = queue.pop_front() {
            let v = v as usize;
            for m in Move::ALL {
                let Some(to) = board.step(usize::from(trie.cell[v]), m) else {
                    continue;
                };
                // Where the path goes when this node has no such child: the same move from the
                // longest end of the path the trie holds, or the cell alone.
                let fallback = if trie.depth[v] == 1 {
                    start[to]
                } else {
                    next[fail[v] as usize * 4 + m as usize]
                };
                let u = trie.child[v][m as usize];
                if u == NONE {
                    next[v * 4 + m as usize] = fallback;
                } else {
                    fail[u as usize] = fallback;
                    next[v * 4 + m as usize] = u;
                    queue.push_back(u);
                }
            }
        }
        // A move that ends a twinned sequence is cut. (The sequences hold no twinned sequence
        // inside, so a node's fail links never end one: its own end is the only one.)
        for target in next.iter_mut() {
            if *target != TWINNED && trie.end[*target as usize] {
                *target = TWINNED;
            }
        }
        Twins {
            next,
            start,
            moves: 0,
            sequences: 0,
        }
    }

    fn node(&mut self, cell: usize, depth: u8) -> u32 {
        self.child.push([NONE; 4]);
        self.cell.push(cell as u8);
        self.depth.push(depth);
        self.end.push(false);
        (self.child.len() - 1) as u32
    }
}

/// A hasher for keys that are already well mixed bit patterns: one multiply and fold.
#[derive(Default, Clone, Copy)]
struct Mixer(u64);

type Mix = BuildHasherDefault<Mixer>;

impl Hasher for Mixer {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u128(&mut self, x: u128) {
        let folded = (x as u64) ^ ((x >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mixed = folded.wrapping_mul(0xff51_afd7_ed55_8ccd);
        self.0 = mixed ^ (mixed >> 32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The property the search rests on: the least path (fewest moves, then first in U < D <
    /// L < R order) between any two states never ends with a twinned sequence at any move, so
    /// a search that cuts twinned sequences still finds every state at its distance. Checked
    /// from roots with the blank in a corner, on an edge and inside, over every state their
    /// boards reach: breadth first in move order, the first path to a state is its least, and
    /// the least paths make a tree.
    #[test]
    fn least_paths_are_never_cut() {
        for (w, h, roots) in [
            (2, 2, &[0usize][..]),
            (3, 2, &[0, 1][..]),
            (3, 3, &[0, 1, 4][..]),
            (4, 2, &[0, 1, 5][..]),
            (5, 2, &[0, 2, 7][..]),
        ] {
            let board = Board::new(w, h).unwrap();
            let n = board.cells();
            let twins = Twins::new(board, 14);
            assert!(twins.sequences() > 0, "{board}");
            for &blank in roots {
                let mut root: Vec<u8> = (1..n as u8).collect();
                root.insert(blank, 0);
                let mut seen = HashSet::new();
                seen.insert(root.clone());
                let mut layer = vec![(root, blank, twins.start(blank))];
                let mut cut = 0u64;
                while !layer.is_empty() {
                    let mut next = Vec::new();
                    for (cells, blank, state) in &layer {
                        for m in Move::ALL {
                            let Some(to) = board.step(*blank, m) else {
                                continue;
                            };
                            let mut child = cells.clone();
                            child.swap(*blank, to);
                            let after = twins.step(*state, m);
                            if seen.insert(child.clone()) {
                                assert_ne!(
                                    after, TWINNED,
                                    "{board}: {child:?} cut on its least path"
                                );
                                next.push((child, to, after));
                            } else if after == TWINNED {
                                cut += 1;
                            }
                        }
                    }
                    layer = next;
                }
                // Every state reached, and twins were cut on the way.
                assert_eq!(seen.len(), (1..=n).product::<usize>() / 2, "{board}");
                assert!(cut > 0, "{board}");
            }
        }
    }

    /// The sequences kept in the library are those found, in the same order.
    #[test]
    fn the_kept_sequences_are_the_ones_found() {
        for &(w, h, moves, bytes) in &KEPT {
            let board = Board::new(w, h).unwrap();
            let found = twinned_sequences(board, moves);
            let kept = keep(board, &found);
            if std::env::var_os("TILEBASE_WRITE_TWINS").is_some() {
                let path = format!(
                    "{}/data/twins-{w}x{h}-{moves}.bin",
                    env!("CARGO_MANIFEST_DIR")
                );
                std::fs::write(&path, &kept).unwrap();
                continue;
            }
            assert_eq!(bytes, &kept[..], "{board}, {moves} moves");
            assert_eq!(kept_sequences(board, moves), Some(found));
        }
        // Boards and lengths not kept are found.
        assert_eq!(kept_sequences(Board::new(4, 4).unwrap(), 10), None);
        assert_eq!(kept_sequences(Board::new(5, 4).unwrap(), 10), None);
    }

    /// Both ways of telling arrangements apart find the same twins, where both can.
    #[test]
    fn both_arrangements_find_the_same_twins() {
        for (w, h, moves) in [(3, 3, 12), (4, 4, 10), (5, 3, 11), (6, 4, 8), (5, 5, 8)] {
            let board = Board::new(w, h).unwrap();
            let dense = twinned_sequences_by::<Dense>(board, moves);
            assert!(!dense.is_empty());
            assert_eq!(
                twinned_sequences_by::<Sparse>(board, moves),
                dense,
                "{board}"
            );
        }
    }

    /// A twinned sequence has a twin: the arrangement it makes from its first cell is made by
    /// a shorter sequence, or one as long and earlier in move order. On 4x4, and on 6x6, where
    /// arrangements are told apart by the cells a path moved.
    #[test]
    fn every_twinned_sequence_has_a_twin() {
        for (w, h, moves, count, step) in [(4, 4, 10, 900, 7), (6, 6, 8, 612, 5)] {
            let board = Board::new(w, h).unwrap();
            let sequences = twinned_sequences(board, moves);
            assert_eq!(sequences.len(), count, "{board}");
            each_twinned_sequence_has_a_twin(board, &sequences, step);
        }
    }

    /// Every `step`th of `sequences` has a twin.
    fn each_twinned_sequence_has_a_twin(board: Board, sequences: &[Sequence], step: usize) {
        let apply = |first: usize, moves: &[Move]| -> Option<Vec<usize>> {
            let mut cells: Vec<usize> = (0..board.cells()).collect();
            let mut blank = first;
            for &m in moves {
                let to = board.step(blank, m)?;
                cells.swap(blank, to);
                blank = to;
            }
            Some(cells)
        };
        let moves_of = |cells: &[usize]| -> Vec<Move> {
            cells
                .windows(2)
                .map(|p| {
                    Move::ALL
                        .into_iter()
                        .find(|&m| board.step(p[0], m) == Some(p[1]))
                        .unwrap()
                })
                .collect()
        };
        for sequence in sequences.iter().step_by(step) {
            let cells = sequence.cells();
            let moves = moves_of(&cells);
            let made = apply(cells[0], &moves).unwrap();
            // Every sequence of at most as many moves from the same cell, in order: one
            // before this one makes the same arrangement.
            let mut twin = None;
            let mut stack: Vec<Vec<Move>> = vec![Vec::new()];
            'search: for length in 0..=moves.len() {
                let mut longer = Vec::new();
                for path in &stack {
                    if path.len() == length {
                        if *path == moves {
                            break 'search;
                        }
                        if apply(cells[0], path).as_ref() == Some(&made) {
                            twin = Some(path.clone());
                            break 'search;
                        }
                    }
                    for m in Move::ALL {
                        // A least twin never undoes its last move.
                        if path.last() == Some(&m.opposite()) {
                            continue;
                        }
                        let mut p = path.clone();
                        p.push(m);
                        if apply(cells[0], &p).is_some() {
                            longer.push(p);
                        }
                    }
                }
                stack = longer;
            }
            let twin = twin.unwrap_or_else(|| panic!("{moves:?} from {} has no twin", cells[0]));
            assert!(
                twin.len() < moves.len()
                    || twin
                        .iter()
                        .map(|&m| m as u8)
                        .lt(moves.iter().map(|&m| m as u8))
            );
        }
    }
}
