//! Answers as typed values: a position solved (with what was asked besides), or one that cannot
//! reach the goal, with the reason. Every front end writes these; JSON is written from them in
//! one place ([`crate::print::json`]).

use tilebase_core::{Move, Path};

use crate::question::position::Position;

pub use tilebase_lookup::Hint;

/// What a position gets.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// An optimal solution, and what else was asked.
    Solved(Solved),
    /// The position cannot reach the goal.
    Unsolvable(Unsolvable),
    /// What a search within a budget proves, on a board past 25 cells: a lower bound on the
    /// optimal length and a solution.
    Bounded(Bounded),
}

/// What a search within a budget proves about a position: no solution is shorter than
/// `lower_bound`, and `moves` is one (so the optimal length is between the two); optimal when
/// they meet.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounded {
    /// The position.
    pub position: Position,
    /// No solution has fewer moves.
    pub lower_bound: u32,
    /// The shortest solution found, replayed to the goal; `None` when the budget ran out
    /// before any was found (or was zero).
    pub moves: Option<Path>,
    /// The nodes the searches generated.
    pub nodes: u64,
    /// The time they took.
    pub seconds: f64,
}

impl Bounded {
    /// The solution's length: an upper bound on the optimal length.
    pub fn length(&self) -> Option<u32> {
        self.moves.as_ref().map(|p| p.len() as u32)
    }

    /// Whether the solution is proven optimal: the bounds meet.
    pub fn optimal(&self) -> bool {
        self.length() == Some(self.lower_bound)
    }
}

/// A position and an optimal solution of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The position.
    pub position: Position,
    /// An optimal solution: the blank's moves, one letter per cell it moves (in the multi-tile
    /// metric a run of one letter is one move); at each step the first move in U, D, L, R order
    /// that stays optimal.
    pub moves: Path,
    /// Its length in the metric: the position's distance.
    pub distance: u8,
    /// Every optimal solution, in lexicographic U < D < L < R order, when asked for (the
    /// first ones only, with a limit).
    pub solutions: Option<Vec<Path>>,
    /// How many optimal solutions there are, when asked for.
    pub count: Option<u128>,
    /// Every move from the position with the distance it leads to, when asked for.
    pub hints: Option<Vec<Hint>>,
    /// The nodes the search that found `moves` generated (children made, the move back
    /// excluded), for comparing searches on the same positions; `None` when a full table
    /// answered, with no search. The searches `hints`, `solutions` and `count` make are not
    /// counted.
    pub nodes: Option<u64>,
}

/// A position of the other parity half: no move sequence reaches the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsolvable {
    /// The position.
    pub position: Position,
    /// The goal it cannot reach.
    pub goal: Position,
}

impl Unsolvable {
    /// Why, in words: the parity of the inversions (and the blank's row, on boards of even
    /// width) differs from the goal's, and no move changes it.
    pub fn reason(&self) -> String {
        self.position.parity_reason(&self.goal)
    }
}

impl Answer {
    /// The position answered.
    pub fn position(&self) -> &Position {
        match self {
            Answer::Solved(solved) => &solved.position,
            Answer::Unsolvable(unsolvable) => &unsolvable.position,
            Answer::Bounded(bounded) => &bounded.position,
        }
    }

    /// The distance, or `None` when the position cannot reach the goal or (bounded) its
    /// distance is not proven.
    pub fn distance(&self) -> Option<u8> {
        match self {
            Answer::Solved(solved) => Some(solved.distance),
            Answer::Unsolvable(_) => None,
            Answer::Bounded(bounded) if bounded.optimal() => bounded
                .length()
                .and_then(|length| u8::try_from(length).ok()),
            Answer::Bounded(_) => None,
        }
    }
}

impl Solved {
    /// The positions along the solution, the position first and the goal last.
    pub fn boards(&self) -> Vec<Position> {
        self.position.along(&self.moves)
    }

    /// The tiles that move along the solution, one per cell the blank moves.
    pub fn tiles(&self) -> Vec<u8> {
        tiles_moved(&self.position, &self.moves)
    }
}

/// The tile that each move of `moves` slides from `start`; stops at a move off the board.
pub fn tiles_moved(start: &Position, moves: &[Move]) -> Vec<u8> {
    let mut tiles = Vec::with_capacity(moves.len());
    let mut now = *start;
    for &m in moves {
        let (Some(tile), Some(next)) = (now.slide_tile(m), now.slide(m)) else {
            break;
        };
        tiles.push(tile);
        now = next;
    }
    tiles
}
