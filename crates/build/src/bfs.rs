//! The retrograde breadth-first search: distances from the goal, layer by layer.

use tilebase_core::{Move, State};
use tilebase_format::UNREACHED;

/// The distance of every state reachable from `goal`, indexed by [`State::index`]: the table of
/// a database. Moves are reversible, so the distance from the goal to a state is the distance
/// from that state to the goal.
pub fn build_table(goal: &State) -> Vec<u8> {
    let board = goal.board();
    let mut table = vec![UNREACHED; board.states() as usize];
    table[goal.index() as usize] = 0;
    let mut layer = vec![*goal];
    let mut next = Vec::new();
    let mut depth = 0u8;
    while !layer.is_empty() {
        // The deepest board (6x2) has radius 80, far below UNREACHED.
        depth += 1;
        for state in &layer {
            for m in Move::ALL {
                if let Some(neighbour) = state.slide(m) {
                    let slot = &mut table[neighbour.index() as usize];
                    if *slot == UNREACHED {
                        *slot = depth;
                        next.push(neighbour);
                    }
                }
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    }
    table
}
