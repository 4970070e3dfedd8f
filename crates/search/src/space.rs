//! The searches' own model of the puzzle: positions packed four bits per cell into a `u64`, with
//! their own successor function and goal test. Nothing here uses the table, the dense index or
//! `State::slide`, so the searches judge the table independently.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;
use tilebase_core::{Board, Move, Path, State};

/// A position: cell `i` holds its tile in bits `4i..4i+4`; the blank's cell is kept beside it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) struct Node {
    pub cells: u64,
    pub blank: u8,
}

/// The board and goal a search runs on.
pub(crate) struct Space {
    board: Board,
    width: usize,
    len: usize,
    pub goal: Node,
    /// For each cell of the blank, the moves it can make and the cell each takes it to.
    moves: Vec<Vec<(Move, usize)>>,
    /// The goal row and column of each tile, for the heuristics.
    goal_row: [u8; 16],
    goal_col: [u8; 16],
    /// `distance[tile][cell]`: the Manhattan distance of a tile in a cell from its goal cell.
    distance: [[u8; 16]; 16],
}

impl Space {
    pub fn new(goal: &State) -> Space {
        let board = goal.board();
        let mut goal_row = [0u8; 16];
        let mut goal_col = [0u8; 16];
        for (cell, &tile) in goal.cells().iter().enumerate() {
            goal_row[usize::from(tile)] = (cell / board.width()) as u8;
            goal_col[usize::from(tile)] = (cell % board.width()) as u8;
        }
        let (width, len) = (board.width(), board.cells());
        let mut distance = [[0u8; 16]; 16];
        for tile in 1..len {
            for (cell, d) in distance[tile][..len].iter_mut().enumerate() {
                let (row, col) = (cell / width, cell % width);
                *d = (row.abs_diff(usize::from(goal_row[tile]))
                    + col.abs_diff(usize::from(goal_col[tile]))) as u8;
            }
        }
        let moves = (0..len)
            .map(|b| {
                let (row, col) = (b / width, b % width);
                [
                    (Move::Up, row > 0, b.wrapping_sub(width)),
                    (Move::Down, b + width < len, b + width),
                    (Move::Left, col > 0, b.wrapping_sub(1)),
                    (Move::Right, col + 1 < width, b + 1),
                ]
                .into_iter()
                .filter(|&(_, legal, _)| legal)
                .map(|(m, _, to)| (m, to))
                .collect()
            })
            .collect();
        Space {
            board,
            width,
            len,
            goal: pack(goal),
            moves,
            goal_row,
            goal_col,
            distance,
        }
    }

    #[inline]
    pub fn is_goal(&self, node: Node) -> bool {
        node.cells == self.goal.cells
    }

    /// The tile in a cell.
    #[inline]
    pub fn tile(cells: u64, cell: usize) -> usize {
        ((cells >> (4 * cell)) & 0xF) as usize
    }

    /// The nodes one move away, in U, D, L, R order.
    #[inline]
    pub fn successors(&self, node: Node) -> impl DoubleEndedIterator<Item = (Move, Node)> + '_ {
        let b = usize::from(node.blank);
        self.moves[b].iter().map(move |&(m, to)| {
            let tile = (node.cells >> (4 * to)) & 0xF;
            let cells = (node.cells & !(0xF << (4 * to))) | (tile << (4 * b));
            (
                m,
                Node {
                    cells,
                    blank: to as u8,
                },
            )
        })
    }

    /// Manhattan distance of one tile from its goal cell.
    #[inline]
    pub fn tile_distance(&self, tile: usize, cell: usize) -> u32 {
        u32::from(self.distance[tile][cell])
    }

    /// Tiles (not the blank) that are not in their goal cell: the cells that differ from the
    /// goal, less the blank's own cell when that differs too.
    #[inline]
    pub fn misplaced(&self, node: Node) -> u32 {
        let diff = node.cells ^ self.goal.cells;
        let nonzero = (diff | diff >> 1 | diff >> 2 | diff >> 3) & 0x1111_1111_1111_1111;
        nonzero.count_ones() - u32::from(node.blank != self.goal.blank)
    }

    /// Sum over the tiles of their Manhattan distance from their goal cells.
    #[inline]
    pub fn manhattan(&self, node: Node) -> u32 {
        (0..self.len)
            .map(|cell| u32::from(self.distance[Space::tile(node.cells, cell)][cell]))
            .sum()
    }

    /// Manhattan distance plus linear conflicts: two tiles in their goal row (or column) in the
    /// wrong order relative to each other must leave it to pass, two moves each time. For each
    /// line, the fewest tiles whose removal leaves no conflict is found exactly, by the longest
    /// run of tiles in the right order.
    pub fn linear_conflict(&self, node: Node) -> u32 {
        let height = self.len / self.width;
        let mut extra = 0;
        let mut line = [0u8; 6];
        for row in 0..height {
            let mut n = 0;
            for col in 0..self.width {
                let tile = Space::tile(node.cells, row * self.width + col);
                if tile != 0 && usize::from(self.goal_row[tile]) == row {
                    line[n] = self.goal_col[tile];
                    n += 1;
                }
            }
            extra += 2 * (n - longest_increasing(&line[..n]));
        }
        for col in 0..self.width {
            let mut n = 0;
            for row in 0..height {
                let tile = Space::tile(node.cells, row * self.width + col);
                if tile != 0 && usize::from(self.goal_col[tile]) == col {
                    line[n] = self.goal_row[tile];
                    n += 1;
                }
            }
            extra += 2 * (n - longest_increasing(&line[..n]));
        }
        self.manhattan(node) + extra as u32
    }

    /// The node as a `State`, for callers' heuristics.
    pub fn state(&self, node: Node) -> State {
        let cells: Vec<u8> = (0..self.len)
            .map(|c| Space::tile(node.cells, c) as u8)
            .collect();
        State::new(self.board, &cells).expect("nodes are always valid states")
    }
}

/// Packs a state.
pub(crate) fn pack(state: &State) -> Node {
    let cells = state
        .cells()
        .iter()
        .enumerate()
        .fold(0u64, |acc, (i, &t)| acc | (u64::from(t) << (4 * i)));
    let blank = state.cells().iter().position(|&t| t == 0).unwrap_or(0) as u8;
    Node { cells, blank }
}

/// The length of the longest strictly increasing subsequence (lines hold at most 6 tiles).
fn longest_increasing(values: &[u8]) -> usize {
    let mut best = [0usize; 6];
    let mut longest = 0;
    for i in 0..values.len() {
        best[i] = 1
            + (0..i)
                .filter(|&j| values[j] < values[i])
                .map(|j| best[j])
                .max()
                .unwrap_or(0);
        longest = longest.max(best[i]);
    }
    longest
}

/// How a node was reached: by which move, at what depth. The parent is not stored: it is the
/// node with that move undone, which keeps the maps small and the searches fast.
#[derive(Clone, Copy)]
pub(crate) struct Reached {
    pub by: Move,
    pub depth: u32,
}

/// The map of reached nodes: packed cells to how they were reached.
pub(crate) type ReachedMap = FxHashMap<u64, Reached>;

/// Records that `cells` was reached by `m` at `depth`, unless it was reached before at no
/// greater depth: whether it was recorded (a node to go on from).
pub(crate) fn reach(reached: &mut ReachedMap, cells: u64, m: Move, depth: u32) -> bool {
    let now = Reached { by: m, depth };
    match reached.entry(cells) {
        Entry::Occupied(e) if e.get().depth <= depth => false,
        Entry::Occupied(mut e) => {
            *e.get_mut() = now;
            true
        }
        Entry::Vacant(e) => {
            e.insert(now);
            true
        }
    }
}

impl Space {
    /// A map holding only `root`, at depth 0 (its move is never read: a path ends there). It
    /// starts small (under the allocator's threshold for mapping fresh pages), so that short
    /// searches do not pay for memory they never use, and grows with the search.
    pub fn rooted(&self, root: Node) -> ReachedMap {
        let states = self.board.states() as usize;
        let mut reached =
            FxHashMap::with_capacity_and_hasher(states.min(1 << 11), Default::default());
        reached.insert(
            root.cells,
            Reached {
                by: Move::Up,
                depth: 0,
            },
        );
        reached
    }

    /// The node one move `m` away, if the edge allows it.
    pub fn step(&self, node: Node, m: Move) -> Option<Node> {
        self.successors(node)
            .find(|&(by, _)| by == m)
            .map(|(_, next)| next)
    }

    /// The moves from the start (depth 0) to `end`, read off the moves that reached each node.
    pub fn path_to(&self, reached: &ReachedMap, end: Node) -> Path {
        let mut moves = Vec::new();
        let mut at = end;
        loop {
            let r = reached[&at.cells];
            if r.depth == 0 {
                break;
            }
            moves.push(r.by);
            at = self
                .step(at, r.by.opposite())
                .expect("a reached node's move can be undone");
        }
        moves.reverse();
        moves.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn successors_agree_with_the_core_model() {
        // Two models of the same rules: the packed one here and State::slide.
        for board in Board::with_tables().filter(|b| b.cells() <= 9) {
            let goal = board.ordered_goal().unwrap();
            let space = Space::new(&goal);
            let mut state = goal;
            for step in 0..300usize {
                let node = pack(&state);
                let expected: Vec<(Move, State)> = Move::ALL
                    .iter()
                    .filter_map(|&m| state.slide(m).map(|s| (m, s)))
                    .collect();
                let got: Vec<(Move, State)> = space
                    .successors(node)
                    .map(|(m, n)| (m, space.state(n)))
                    .collect();
                assert_eq!(got, expected, "{board} {state:?}");
                state = expected[(step * 7) % expected.len()].1;
            }
        }
    }

    #[test]
    fn heuristics_of_known_states() {
        let goal: State = "123804765".parse().unwrap();
        let space = Space::new(&goal);
        let s = pack(&"283104765".parse().unwrap());
        assert_eq!(space.misplaced(s), 3); // 2, 8 and 1
        assert_eq!(space.manhattan(s), 4);
        // No two tiles stand in their goal row or column in the wrong order.
        assert_eq!(space.linear_conflict(s), 4);
        // Row 0 holds 2 1 3 with goal 1 2 3: 1 and 2 conflict, one must leave: +2.
        let swapped = pack(&"213804765".parse().unwrap());
        assert_eq!(space.manhattan(swapped), 2);
        assert_eq!(space.linear_conflict(swapped), 4);
        assert_eq!(longest_increasing(&[2, 0, 1]), 2);
        assert_eq!(longest_increasing(&[2, 1, 0]), 1);
    }
}
