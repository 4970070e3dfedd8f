//! A state walked move by move, its heuristic kept up to date: the Manhattan distance changes by
//! one tile's step, and linear conflicts by the two lines the moved tile leaves and enters.
//!
//! Linear conflicts (Hansson, Mayer and Yung, 1992): in a line (row or column), the tiles whose
//! home is in that line must end in their goal order; each tile that has to leave the line to
//! let others pass costs two moves the Manhattan distance does not count. The fewest that must
//! leave is the line's length less its longest subsequence already in order, so a line adds
//! twice that. Rows and columns add up: a row's conflicts are settled by vertical moves, which
//! no tile's horizontal distance counts, and a column's by horizontal ones.

use std::sync::OnceLock;

use tilebase_core::Move;

use crate::patterns::{MAX_GROUPS, Patterns};
use crate::puzzle::{MAX, NONE, Puzzle};

/// The longest line of any board: 50, of 50x2.
const LINE: usize = MAX / 2;

/// A state and its heuristic, updated in place by [`Walker::apply`] and [`Walker::undo`].
#[derive(Clone)]
pub(crate) struct Walker<'a> {
    puzzle: &'a Puzzle,
    width: usize,
    height: usize,
    cells: [u8; MAX],
    blank: usize,
    manhattan: u32,
    /// Each row's and each column's conflicts, in moves (twice the tiles that must leave).
    rows: [u8; LINE],
    columns: [u8; LINE],
    conflicts: u32,
    hash: u64,
    /// The pattern databases' sums, directly and transposed (0 without them), and each
    /// group's index and value.
    patterns: Option<&'a Patterns>,
    direct: Lookup,
    mirrored: Lookup,
    /// Each row's and each column's conflicts by the line's contents, where the lines are
    /// short enough for such a table ([`line_table`]).
    row_table: Option<&'static [u8]>,
    column_table: Option<&'static [u8]>,
}

/// One way of looking a state up in the pattern databases: each group's index and value, and
/// their sum.
#[derive(Clone)]
struct Lookup {
    index: [u32; MAX_GROUPS],
    value: [u8; MAX_GROUPS],
    sum: u32,
}

impl Lookup {
    const NONE: Lookup = Lookup {
        index: [0; MAX_GROUPS],
        value: [0; MAX_GROUPS],
        sum: 0,
    };

    fn new(patterns: &Patterns, index: [u32; MAX_GROUPS]) -> Lookup {
        let mut value = [0; MAX_GROUPS];
        for (g, v) in value.iter_mut().enumerate().take(patterns.tables().len()) {
            *v = patterns.value(g, index[g]);
        }
        Lookup {
            index,
            value,
            sum: value.iter().map(|&v| u32::from(v)).sum(),
        }
    }

    /// Moves the tile of group `g` whose digit weighs `w` from cell `from` to cell `to`.
    #[inline]
    fn step(&mut self, patterns: &Patterns, g: u8, w: u32, from: u32, to: u32) -> Changed {
        let g = usize::from(g);
        let changed = Changed {
            group: g as u8,
            index: self.index[g],
            value: self.value[g],
        };
        let index = self.index[g].wrapping_add(to * w).wrapping_sub(from * w);
        let value = patterns.value(g, index);
        self.index[g] = index;
        self.value[g] = value;
        self.sum = self.sum + u32::from(value) - u32::from(changed.value);
        changed
    }

    #[inline]
    fn undo(&mut self, changed: Changed) {
        let g = usize::from(changed.group);
        self.sum = self.sum + u32::from(changed.value) - u32::from(self.value[g]);
        self.index[g] = changed.index;
        self.value[g] = changed.value;
    }
}

/// A group's index and value before a move.
#[derive(Clone, Copy)]
struct Changed {
    group: u8,
    index: u32,
    value: u8,
}

/// What [`Walker::apply`] changed, for [`Walker::undo`].
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    blank: u8,
    manhattan: u32,
    conflicts: u32,
    /// Whether the lines changed were columns (a horizontal move) or rows.
    columns: bool,
    lines: [(u8, u8); 2],
    hash: u64,
    direct: Option<Changed>,
    mirrored: Option<Changed>,
}

impl<'a> Walker<'a> {
    /// The walker at `cells`, which must be a state of the puzzle's board.
    pub(crate) fn new(puzzle: &'a Puzzle, cells: &[u8]) -> Walker<'a> {
        let board = puzzle.board();
        let mut walker = Walker {
            puzzle,
            width: board.width(),
            height: board.height(),
            cells: [0; MAX],
            blank: cells.iter().position(|&t| t == 0).unwrap_or(0),
            manhattan: 0,
            rows: [0; LINE],
            columns: [0; LINE],
            conflicts: 0,
            hash: puzzle.hash(cells),
            patterns: puzzle.patterns(),
            direct: Lookup::NONE,
            mirrored: Lookup::NONE,
            row_table: line_table(board.width()),
            column_table: line_table(board.height()),
        };
        if let Some(patterns) = walker.patterns {
            let (direct, mirrored) = patterns.indices(cells);
            walker.direct = Lookup::new(patterns, direct);
            if let Some(mirrored) = mirrored {
                walker.mirrored = Lookup::new(patterns, mirrored);
            }
        }
        walker.cells[..cells.len()].copy_from_slice(cells);
        walker.manhattan = cells
            .iter()
            .enumerate()
            .map(|(c, &t)| u32::from(puzzle.distance(t, c)))
            .sum();
        for r in 0..walker.height {
            walker.rows[r] = walker.row_conflicts(r);
        }
        for c in 0..walker.width {
            walker.columns[c] = walker.column_conflicts(c);
        }
        walker.conflicts = walker.rows[..walker.height]
            .iter()
            .chain(&walker.columns[..walker.width])
            .map(|&x| u32::from(x))
            .sum();
        walker
    }

    /// How many bytes [`Walker::pack`] writes for a state of `puzzle`: the cells, each row's
    /// and column's conflicts, the Manhattan distance, the conflicts' sum, the hash and the
    /// blank's cell, and with pattern databases each lookup's groups' indices and values.
    pub(crate) fn packed_len(puzzle: &Puzzle) -> usize {
        let board = puzzle.board();
        let lookups = puzzle.patterns().map_or(0, |p| {
            let groups = p.tables().len();
            (1 + usize::from(p.mirror.is_some())) * (5 * groups + 4)
        });
        board.cells() + board.height() + board.width() + 4 + 4 + 8 + 1 + lookups
    }

    /// Appends the walker's state to `out`, [`Walker::packed_len`] bytes: a beam keeps its
    /// layers so, and takes each state up again with [`Walker::unpack`] rather than
    /// computing its heuristic afresh (its linear conflicts were most of a beam's time).
    pub(crate) fn pack(&self, out: &mut Vec<u8>) {
        let start = out.len();
        out.resize(start + Walker::packed_len(self.puzzle), 0);
        self.pack_into(&mut out[start..]);
    }

    /// Writes the walker's state into `out`, [`Walker::packed_len`] bytes, as [`Walker::pack`]
    /// appends it.
    #[inline]
    pub(crate) fn pack_into(&self, out: &mut [u8]) {
        let n = self.width * self.height;
        let mut at = 0;
        let mut put = |bytes: &[u8]| {
            copy_short(&mut out[at..at + bytes.len()], bytes);
            at += bytes.len();
        };
        put(&self.cells[..n]);
        put(&self.rows[..self.height]);
        put(&self.columns[..self.width]);
        put(&self.manhattan.to_le_bytes());
        put(&self.conflicts.to_le_bytes());
        put(&self.hash.to_le_bytes());
        put(&[self.blank as u8]);
        if let Some(patterns) = self.patterns {
            let groups = patterns.tables().len();
            let mirrored = patterns.mirror.is_some();
            for lookup in [&self.direct, &self.mirrored]
                .into_iter()
                .take(1 + usize::from(mirrored))
            {
                for index in &lookup.index[..groups] {
                    put(&index.to_le_bytes());
                }
                put(&lookup.value[..groups]);
                put(&lookup.sum.to_le_bytes());
            }
        }
    }

    /// Takes up the state [`Walker::pack`] wrote into `bytes` (of the same puzzle) in place
    /// of this one's: overwriting a walker costs far less than making one (most of its
    /// arrays, sized for 10x10, are never read on smaller boards).
    #[inline]
    pub(crate) fn unpack(&mut self, bytes: &[u8]) {
        let n = self.width * self.height;
        let (width, height) = (self.width, self.height);
        let mut at = 0;
        let mut take = |len: usize| {
            let part = &bytes[at..at + len];
            at += len;
            part
        };
        let word = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        copy_short(&mut self.cells[..n], take(n));
        copy_short(&mut self.rows[..height], take(height));
        copy_short(&mut self.columns[..width], take(width));
        self.manhattan = word(take(4));
        self.conflicts = word(take(4));
        let mut hash = [0u8; 8];
        hash.copy_from_slice(take(8));
        self.hash = u64::from_le_bytes(hash);
        self.blank = usize::from(take(1)[0]);
        if let Some(patterns) = self.patterns {
            let groups = patterns.tables().len();
            let mirrored = patterns.mirror.is_some();
            for lookup in [&mut self.direct, &mut self.mirrored]
                .into_iter()
                .take(1 + usize::from(mirrored))
            {
                for index in &mut lookup.index[..groups] {
                    *index = word(take(4));
                }
                lookup.value[..groups].copy_from_slice(take(groups));
                lookup.sum = word(take(4));
            }
        }
    }

    /// The heuristic: Manhattan distance plus linear conflicts, or the pattern databases'
    /// sum where larger.
    #[inline]
    pub(crate) fn h(&self) -> u32 {
        (self.manhattan + self.conflicts)
            .max(self.direct.sum)
            .max(self.mirrored.sum)
    }

    /// The Manhattan distance alone.
    #[cfg(test)]
    pub(crate) fn manhattan(&self) -> u32 {
        self.manhattan
    }

    /// The state's hash.
    #[inline]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The cells.
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells[..self.width * self.height]
    }

    /// The blank's cell.
    #[inline]
    pub(crate) fn blank(&self) -> usize {
        self.blank
    }

    /// The cell the blank reaches by `m`, or `None` off the board.
    #[inline]
    pub(crate) fn target(&self, m: Move) -> Option<usize> {
        match self.puzzle.step(self.blank, m) {
            NONE => None,
            to => Some(usize::from(to)),
        }
    }

    /// Moves the blank to `to`, a neighbour of its cell.
    #[inline]
    pub(crate) fn apply(&mut self, to: usize) -> Undo {
        let from = self.blank;
        let t = self.cells[to];
        let p = self.puzzle;
        let mut undo = Undo {
            blank: from as u8,
            manhattan: self.manhattan,
            conflicts: self.conflicts,
            columns: false,
            lines: [(0, 0); 2],
            hash: self.hash,
            direct: None,
            mirrored: None,
        };
        if let Some(patterns) = self.patterns {
            let (g, weight) = patterns.slot[usize::from(t)];
            undo.direct = Some(
                self.direct
                    .step(patterns, g, weight, to as u32, from as u32),
            );
            if let Some(mirror) = &patterns.mirror {
                let (g, weight) = mirror.slot[usize::from(t)];
                let (a, b) = (mirror.cell[to], mirror.cell[from]);
                undo.mirrored =
                    Some(
                        self.mirrored
                            .step(patterns, g, weight, u32::from(a), u32::from(b)),
                    );
            }
        }
        self.cells[from] = t;
        self.cells[to] = 0;
        self.blank = to;
        self.manhattan =
            self.manhattan + u32::from(p.distance(t, from)) - u32::from(p.distance(t, to));
        self.hash ^= p.key(t, to) ^ p.key(t, from) ^ p.key(0, from) ^ p.key(0, to);
        let w = self.width;
        // The tile moves from `to` to `from`: across columns on a horizontal move, across rows
        // on a vertical one; the line it moves along keeps its tiles' order. Of the two lines
        // it crosses between, only one that is its home changes: a line's conflicts are among
        // the tiles at home in it (most moves change neither).
        let t = usize::from(t);
        let columns = from / w == to / w;
        let (a, b, home) = if columns {
            (from % w, to % w, usize::from(p.home_col[t]))
        } else {
            (from / w, to / w, usize::from(p.home_row[t]))
        };
        undo.columns = columns;
        let lines = if columns { &self.columns } else { &self.rows };
        undo.lines = [(a as u8, lines[a]), (b as u8, lines[b])];
        if home == a || home == b {
            let new = if columns {
                self.column_conflicts(home)
            } else {
                self.row_conflicts(home)
            };
            let lines = if columns {
                &mut self.columns
            } else {
                &mut self.rows
            };
            self.conflicts = self.conflicts + u32::from(new) - u32::from(lines[home]);
            lines[home] = new;
        }
        undo
    }

    /// Takes back the move [`Walker::apply`] returned `undo` for.
    #[inline]
    pub(crate) fn undo(&mut self, undo: Undo) {
        let from = usize::from(undo.blank);
        let to = self.blank;
        self.cells[to] = self.cells[from];
        self.cells[from] = 0;
        self.blank = from;
        self.manhattan = undo.manhattan;
        self.conflicts = undo.conflicts;
        self.hash = undo.hash;
        if let Some(changed) = undo.direct {
            self.direct.undo(changed);
        }
        if let Some(changed) = undo.mirrored {
            self.mirrored.undo(changed);
        }
        let lines = if undo.columns {
            &mut self.columns
        } else {
            &mut self.rows
        };
        // In reverse, so that a line changed twice (never: the two differ) keeps its first.
        for &(i, v) in undo.lines.iter().rev() {
            lines[usize::from(i)] = v;
        }
    }

    /// Row `r`'s conflicts.
    fn row_conflicts(&self, r: usize) -> u8 {
        let w = self.width;
        let p = self.puzzle;
        let at_home = self.cells[r * w..(r + 1) * w]
            .iter()
            .filter(|&&t| usize::from(p.home_row[usize::from(t)]) == r)
            .map(|&t| p.home_col[usize::from(t)]);
        line_conflicts(self.row_table, w, at_home)
    }

    /// Column `c`'s conflicts.
    fn column_conflicts(&self, c: usize) -> u8 {
        let w = self.width;
        let p = self.puzzle;
        let at_home = (0..self.height)
            .map(|r| self.cells[r * w + c])
            .filter(|&t| usize::from(p.home_col[usize::from(t)]) == c)
            .map(|t| p.home_row[usize::from(t)]);
        line_conflicts(self.column_table, self.height, at_home)
    }
}

/// The conflicts of a line of `len` cells whose tiles at home in it, in the order they stand,
/// have the places `at_home` there: read from `table` ([`line_table`]) where there is one.
#[inline]
fn line_conflicts(table: Option<&[u8]>, len: usize, at_home: impl Iterator<Item = u8>) -> u8 {
    match table {
        Some(table) => table[line_code(len, at_home)],
        None => {
            let mut order = [0u8; LINE];
            let mut k = 0;
            for place in at_home {
                order[k] = place;
                k += 1;
            }
            conflicts(&order[..k])
        }
    }
}

/// A line's tiles at home, by their places there in the order they stand, as one number: the
/// places plus one as the digits, base `len + 1`, below `(len + 1)^len`.
#[inline]
fn line_code(len: usize, at_home: impl Iterator<Item = u8>) -> usize {
    at_home.fold(0, |code, place| code * (len + 1) + usize::from(place) + 1)
}

/// The longest line with a table of conflicts: 8^7 = 2 MB for lines of 7 cells (7x7, the
/// 48-puzzle), of which only the 13,700 codes of real lines are written (no other code is
/// ever read), in about a millisecond. Lines of 8 would need 9^8 = 43 MB, for 109,601 codes.
const TABLE_UP_TO: usize = 7;

/// The conflicts of every line of `len` cells by its [`line_code`], made once a process:
/// recounting a line a move (a patience sort) was a third of a beam's time on 6x6.
fn line_table(len: usize) -> Option<&'static [u8]> {
    static TABLES: [OnceLock<Vec<u8>>; TABLE_UP_TO + 1] =
        [const { OnceLock::new() }; TABLE_UP_TO + 1];
    let table = TABLES.get(len)?.get_or_init(|| {
        let mut table = vec![0u8; (len + 1).pow(len as u32)];
        each_order(len, &mut [0u8; TABLE_UP_TO], 0, &mut |order| {
            table[line_code(len, order.iter().copied())] = conflicts(order);
        });
        table
    });
    Some(table)
}

/// Calls `each` with every order of every set of distinct places in a line of `len` cells
/// (the tiles at home in a line, by their places there, in the order they stand), those that
/// begin with `order[..k]`.
fn each_order(len: usize, order: &mut [u8; TABLE_UP_TO], k: usize, each: &mut dyn FnMut(&[u8])) {
    each(&order[..k]);
    if k == len {
        return;
    }
    for place in 0..len as u8 {
        if !order[..k].contains(&place) {
            order[k] = place;
            each_order(len, order, k + 1, each);
        }
    }
}

/// `dst.copy_from_slice(src)` for the short runs of a packed state, in copies of a size known
/// when compiling (two that overlap), not a call to `memcpy` for a few bytes: a beam packs and
/// unpacks millions of states a second (3% of a wide beam's time).
#[inline(always)]
fn copy_short(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    match n {
        0 => {}
        1..=3 => {
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
        4..=7 => both_ends::<4>(dst, src),
        8..=15 => both_ends::<8>(dst, src),
        16..=31 => both_ends::<16>(dst, src),
        32..=64 => both_ends::<32>(dst, src),
        _ => dst.copy_from_slice(src),
    }
}

/// [`copy_short`] for `K` to `2K` bytes: the first `K` and the last `K`, which overlap.
#[inline(always)]
fn both_ends<const K: usize>(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    dst[..K].copy_from_slice(&src[..K]);
    dst[n - K..].copy_from_slice(&src[n - K..]);
}

/// Twice the fewest of `order` (distinct goal places, in the order the tiles stand) that must
/// leave the line for the rest to be in order: twice its length less its longest increasing
/// subsequence.
#[inline]
fn conflicts(order: &[u8]) -> u8 {
    if order.len() < 2 {
        return 0;
    }
    // Patience sorting: tails[i] is the least last value of an increasing subsequence of
    // length i + 1.
    let mut tails = [0u8; LINE];
    let mut longest = 0;
    for &x in order {
        let i = tails[..longest].partition_point(|&t| t < x);
        tails[i] = x;
        if i == longest {
            longest += 1;
        }
    }
    (2 * (order.len() - longest)) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_core::Board;

    #[test]
    fn the_tables_of_line_conflicts_hold_every_line() {
        // Every order of every set of places in a line of up to TABLE_UP_TO cells.
        fn check_every_order(len: usize, order: &mut Vec<u8>, table: &[u8]) -> usize {
            let code = line_code(len, order.iter().copied());
            assert_eq!(table[code], conflicts(order), "{len}: {order:?}");
            let mut checked = 1;
            for place in 0..len as u8 {
                if !order.contains(&place) {
                    order.push(place);
                    checked += check_every_order(len, order, table);
                    order.pop();
                }
            }
            checked
        }
        for len in 1..=TABLE_UP_TO {
            let table = line_table(len).unwrap();
            assert_eq!(table.len(), (len + 1).pow(len as u32));
            let orders = check_every_order(len, &mut Vec::new(), table);
            assert_eq!(orders, [2, 5, 16, 65, 326, 1957, 13700][len - 1]);
        }
        assert!(line_table(TABLE_UP_TO + 1).is_none());
    }

    #[test]
    fn short_copies_copy_every_length() {
        let source: [u8; MAX] = std::array::from_fn(|i| i as u8 + 1);
        for len in 0..=MAX {
            let mut copied = [0u8; MAX];
            copy_short(&mut copied[..len], &source[..len]);
            assert_eq!(copied[..len], source[..len], "{len}");
            assert!(copied[len..].iter().all(|&b| b == 0), "{len}: past the end");
        }
    }

    #[test]
    fn conflicts_count_the_tiles_that_must_leave() {
        assert_eq!(conflicts(&[]), 0);
        assert_eq!(conflicts(&[0, 1, 2]), 0);
        assert_eq!(conflicts(&[1, 0]), 2);
        assert_eq!(conflicts(&[2, 1, 0]), 4);
        assert_eq!(conflicts(&[1, 2, 0]), 2);
        assert_eq!(conflicts(&[3, 0, 1, 2]), 2);
    }

    #[test]
    fn the_heuristic_kept_by_moves_is_the_heuristic_made_afresh() {
        for (board, patterns) in [
            ("3x3", false),
            ("4x4", false),
            ("6x6", false),
            ("7x7", false),
            ("10x10", false),
            ("13x3", false),
            ("50x2", false),
            ("4x4", true),
            ("6x6", true),
            ("5x7", true),
        ] {
            let board: Board = board.parse().unwrap();
            let mut puzzle = Puzzle::ordered(board);
            if patterns {
                // Groups of two and three: small tables, every move of a tile changes one.
                let tiles: Vec<u8> = (1..board.cells() as u8).collect();
                let groups = tiles.chunks(3).map(<[u8]>::to_vec).collect();
                let partition = crate::Partition::new(board, groups).unwrap();
                let goal = puzzle.goal().to_vec();
                let built = Patterns::new(partition, &goal, |homes| {
                    crate::Table::build(board, homes, 2, |_, _| {})
                })
                .unwrap();
                assert_eq!(built.mirror.is_some(), board.width() == board.height());
                puzzle = puzzle.with_patterns(std::sync::Arc::new(built)).unwrap();
            }
            let mut walker = Walker::new(&puzzle, puzzle.goal());
            assert_eq!(walker.h(), 0);
            let mut seed = 7u64;
            let mut undos = Vec::new();
            for step in 0..3000 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let moves: Vec<usize> =
                    Move::ALL.iter().filter_map(|&m| walker.target(m)).collect();
                let to = moves[(seed >> 33) as usize % moves.len()];
                undos.push((walker.cells().to_vec(), walker.apply(to)));
                let fresh = Walker::new(&puzzle, walker.cells());
                assert_eq!(
                    (walker.h(), walker.hash()),
                    (fresh.h(), fresh.hash()),
                    "{board} step {step}"
                );
                assert_eq!(walker.manhattan(), fresh.manhattan());
                let mut packed = Vec::new();
                walker.pack(&mut packed);
                assert_eq!(packed.len(), Walker::packed_len(&puzzle));
                let mut unpacked = Walker::new(&puzzle, puzzle.goal());
                unpacked.unpack(&packed);
                assert_eq!(unpacked.cells(), walker.cells());
                assert_eq!(
                    (unpacked.h(), unpacked.hash(), unpacked.blank),
                    (walker.h(), walker.hash(), walker.blank)
                );
                assert_eq!(
                    (unpacked.direct.sum, unpacked.mirrored.sum),
                    (walker.direct.sum, walker.mirrored.sum)
                );
                // The walk goes on from the unpacked walker: every later step checks it too.
                walker = unpacked;
                assert_eq!(
                    (walker.direct.sum, walker.mirrored.sum),
                    (fresh.direct.sum, fresh.mirrored.sum)
                );
                if step % 5 == 4 {
                    let (cells, undo) = undos.pop().unwrap();
                    walker.undo(undo);
                    assert_eq!(walker.cells(), &cells[..]);
                    let fresh = Walker::new(&puzzle, &cells);
                    assert_eq!((walker.h(), walker.hash()), (fresh.h(), fresh.hash()));
                    undos.clear();
                }
            }
        }
    }
}
