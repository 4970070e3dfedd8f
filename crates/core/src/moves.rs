//! Moves, named by the direction in which the blank moves, and paths of moves.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

/// One move: the blank swaps with the tile beside it in this direction.
///
/// The order of the variants, U, D, L, R, is the order in which [`Move::ALL`] lists them and in
/// which solvers try them, so that ties between optimal moves break the same way everywhere.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Move {
    /// The blank moves up: the tile above it slides down.
    Up = 0,
    /// The blank moves down: the tile below it slides up.
    Down = 1,
    /// The blank moves left: the tile to its left slides right.
    Left = 2,
    /// The blank moves right: the tile to its right slides left.
    Right = 3,
}

impl Move {
    /// Every move, in the tie-breaking order U, D, L, R.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The letter that names the move: `U`, `D`, `L` or `R`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move named by a letter, upper or lower case.
    pub const fn from_letter(letter: char) -> Option<Move> {
        match letter {
            'U' | 'u' => Some(Move::Up),
            'D' | 'd' => Some(Move::Down),
            'L' | 'l' => Some(Move::Left),
            'R' | 'r' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    #[inline]
    pub const fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of moves, such as the moves that keep a solution optimal. Iterates in U, D, L, R order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveSet(u8);

impl MoveSet {
    /// The empty set.
    pub const EMPTY: MoveSet = MoveSet(0);

    /// This set with `m` added.
    #[inline]
    #[must_use]
    pub const fn with(self, m: Move) -> MoveSet {
        MoveSet(self.0 | 1 << m as u8)
    }

    /// This set with `m` taken out.
    #[inline]
    #[must_use]
    pub const fn without(self, m: Move) -> MoveSet {
        MoveSet(self.0 & !(1 << m as u8))
    }

    /// The set as bits: bit `m as u8` for each move `m` in it.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `m` is in the set.
    #[inline]
    pub const fn contains(self, m: Move) -> bool {
        self.0 & (1 << m as u8) != 0
    }

    /// Number of moves in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The moves in the set, in U, D, L, R order.
    pub fn iter(self) -> impl Iterator<Item = Move> {
        Move::ALL.into_iter().filter(move |&m| self.contains(m))
    }

    /// The first move of the set in U, D, L, R order.
    pub fn first(self) -> Option<Move> {
        self.iter().next()
    }
}

impl FromIterator<Move> for MoveSet {
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveSet {
        moves.into_iter().fold(MoveSet::EMPTY, MoveSet::with)
    }
}

impl fmt::Debug for MoveSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for MoveSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|m| write!(f, "{m}"))
    }
}

/// A sequence of moves, written as a string of letters such as `ULDR`.
///
/// ```
/// use tilebase_core::{Move, Path};
///
/// let path: Path = "ULDR".parse().unwrap();
/// assert_eq!(path.len(), 4);
/// assert_eq!(path[1], Move::Left);
/// assert_eq!(path.to_string(), "ULDR");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Path(Vec<Move>);

impl Path {
    /// The empty path.
    pub const fn new() -> Path {
        Path(Vec::new())
    }

    /// An empty path with room for `n` moves.
    pub fn with_capacity(n: usize) -> Path {
        Path(Vec::with_capacity(n))
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.0.push(m);
    }

    /// Removes and returns the last move.
    #[inline]
    pub fn pop(&mut self) -> Option<Move> {
        self.0.pop()
    }

    /// The moves as a vector.
    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }
}

impl Deref for Path {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl From<Vec<Move>> for Path {
    fn from(moves: Vec<Move>) -> Path {
        Path(moves)
    }
}

impl FromIterator<Move> for Path {
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> Path {
        Path(moves.into_iter().collect())
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|m| write!(f, "{m}"))
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Path({self})")
    }
}

/// A path was written with something other than the letters U, D, L, R.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{found:?} is not a move: moves are the letters U, D, L, R")]
pub struct ParsePathError {
    /// The character that is not a move.
    pub found: char,
}

impl FromStr for Path {
    type Err = ParsePathError;

    fn from_str(text: &str) -> Result<Path, ParsePathError> {
        text.chars()
            .map(|c| Move::from_letter(c).ok_or(ParsePathError { found: c }))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_opposites_pair_up() {
        for m in Move::ALL {
            assert_eq!(Move::from_letter(m.letter()), Some(m));
            assert_eq!(m.opposite().opposite(), m);
            assert_ne!(m.opposite(), m);
        }
        assert_eq!(Move::from_letter('x'), None);
    }

    #[test]
    fn move_set_keeps_udlr_order() {
        let set: MoveSet = [Move::Right, Move::Up, Move::Left].into_iter().collect();
        assert_eq!(set.to_string(), "ULR");
        assert_eq!(set.len(), 3);
        assert_eq!(set.first(), Some(Move::Up));
        assert!(!set.contains(Move::Down));
        assert!(MoveSet::EMPTY.is_empty());
    }

    #[test]
    fn path_parse_refuses_other_letters() {
        assert_eq!("udlr".parse::<Path>().unwrap().to_string(), "UDLR");
        assert_eq!("UX".parse::<Path>(), Err(ParsePathError { found: 'X' }));
        assert!("".parse::<Path>().unwrap().is_empty());
    }
}
