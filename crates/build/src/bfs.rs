//! The retrograde breadth-first search: distances from the goal, layer by layer.

use tilebase_core::{Cursor, Metric, Move, Packed, State};
use tilebase_format::UNREACHED;

/// The tag of the goal on the frontier: no move reached it.
const START: u8 = 4;

/// The distance of every state reachable from `goal`, indexed by [`State::index`]: the table of
/// a database. Moves are reversible, so the distance from the goal to a state is the distance
/// from that state to the goal.
///
/// The frontier holds [`Cursor`]s, so a neighbour's index costs a few additions, packed (two
/// layers and the table of the 3x3 board then fit in a core's cache, where unpacked they did
/// not). Each remembers the move that reached it, whose undoing leads back a layer and is not
/// tried.
pub fn build_table(goal: &State) -> Vec<u8> {
    layers(goal, |cursor, tag, next| {
        for m in Move::ALL {
            if tag == m.opposite() as u8 {
                continue;
            }
            if let Some(step) = cursor.step(m) {
                next.visit(step.index, || {
                    let mut reached = *cursor;
                    reached.take(&step);
                    reached.pack(m as u8)
                });
            }
        }
    })
}

/// The next layer of the search, as it is found.
struct Next<'a> {
    table: &'a mut [u8],
    layer: &'a mut Vec<Packed>,
    depth: u8,
}

impl Next<'_> {
    /// A state one move from the layer, at `index`: if it is new, its distance is the layer's
    /// next, and `make` makes it (packed, with its tag) for the next layer.
    #[inline(always)]
    fn visit(&mut self, index: u32, make: impl FnOnce() -> Packed) {
        let slot = &mut self.table[index as usize];
        if *slot == UNREACHED {
            *slot = self.depth;
            self.layer.push(make());
        }
    }
}

/// The breadth-first search, layer by layer, with the moves left to `expand`: given a state of
/// the layer and the tag it was packed with, it visits every state one move away.
fn layers(goal: &State, mut expand: impl FnMut(&Cursor, u8, &mut Next<'_>)) -> Vec<u8> {
    let board = goal.board();
    let mut table = vec![UNREACHED; board.states() as usize];
    let start = Cursor::new(*goal);
    table[start.index() as usize] = 0;
    let mut layer: Vec<Packed> = vec![start.pack(START)];
    let mut next = Vec::new();
    // The deepest board (6x2) has radius 80, far below UNREACHED.
    let mut depth = 0u8;
    while !layer.is_empty() {
        depth += 1;
        let mut found = Next {
            table: &mut table,
            layer: &mut next,
            depth,
        };
        for &packed in &layer {
            expand(&Cursor::unpack(board, packed), packed.tag, &mut found);
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    }
    table
}

/// The distance of every state reachable from `goal` in `metric`: [`build_table`] in the
/// single-tile metric; in the multi-tile metric, a search whose moves slide lines of tiles.
///
/// ```
/// use tilebase_core::{Board, Metric};
///
/// let goal = Board::THREE_BY_THREE.ordered_goal();
/// let table = tilebase_build::build_table_in(&goal, Metric::Multi);
/// assert_eq!(table.iter().max(), Some(&24)); // the 3x3 radius in the multi-tile metric
/// ```
pub fn build_table_in(goal: &State, metric: Metric) -> Vec<u8> {
    match metric {
        Metric::Single => build_table(goal),
        Metric::Multi => build_multi(goal),
    }
}

/// The multi-tile metric's search. A state reached by a slide along one axis has nothing new
/// along that axis: sliding on the same way reaches what the slide before could have reached in
/// one move, and sliding back, what it started from or could have reached. So only the other
/// axis is tried.
fn build_multi(goal: &State) -> Vec<u8> {
    let axis = |m: u8| m >> 1; // U, D: 0; L, R: 1; the start: 2.
    layers(goal, |from, tag, next| {
        for m in Move::ALL {
            if axis(m as u8) == axis(tag) {
                continue;
            }
            let mut cursor = *from;
            while cursor.advance(m) {
                next.visit(cursor.index(), || cursor.pack(m as u8));
            }
        }
    })
}
