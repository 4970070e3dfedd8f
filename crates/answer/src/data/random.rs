//! Puzzles of an exact difficulty: positions drawn uniformly at random among those at a given
//! distance from the goal, from a full table.

use std::ops::RangeInclusive;
use std::str::FromStr;

use rand::RngExt;
use tilebase_core::State;
use tilebase_lookup::Draw;

use crate::answering::Answers;
use crate::error::Error;
use crate::question::position::Position;

/// The distances asked for: a number, a range, or the farthest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distances {
    /// From the first to the second, both included.
    Range(u8, u8),
    /// The goal's radius, whatever it is.
    Max,
}

impl FromStr for Distances {
    type Err = String;

    /// `20`, `20..25` (or `20..=25`), or `max`.
    fn from_str(text: &str) -> Result<Distances, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("max") {
            return Ok(Distances::Max);
        }
        let number = |s: &str| {
            s.trim().parse::<u8>().map_err(|_| {
                format!(
                    "{text:?}: a distance is a number from 0 to 255, a range like 20..25, or max"
                )
            })
        };
        match text.split_once("..") {
            None => number(text).map(|d| Distances::Range(d, d)),
            Some((from, to)) => {
                let (from, to) = (number(from)?, number(to.strip_prefix('=').unwrap_or(to))?);
                if from > to {
                    return Err(format!(
                        "{text:?}: the range is empty ({from} is above {to})"
                    ));
                }
                Ok(Distances::Range(from, to))
            }
        }
    }
}

impl Distances {
    /// The distances, for a goal of radius `max`.
    pub fn resolve(self, max: u8) -> RangeInclusive<u8> {
        match self {
            Distances::Range(from, to) => from..=to,
            Distances::Max => max..=max,
        }
    }
}

impl Answers {
    /// Draws `count` different positions uniformly at random among those whose distance to the
    /// goal is in `distances`: every set of `count` such positions is as likely as any other.
    /// All of them, in random order, if there are no more than `count`. The same seed gives the
    /// same draw; a seed is drawn when none is given. Refused when no position is that far from
    /// the goal, and on a board with no full table.
    ///
    /// ```
    /// use tilebase_answer::{Answers, Distances, Question};
    ///
    /// # std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
    /// # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
    /// let answers = Answers::open(&Question::default())?;
    /// let drawn = answers.draw(Distances::Range(24, 24), 3, Some(5))?;
    /// assert_eq!(drawn.states.len(), 3);
    /// for state in &drawn.states {
    ///     assert_eq!(answers.distance(&(*state).into())?, Some(24));
    /// }
    /// # Ok::<(), tilebase_answer::Error>(())
    /// ```
    pub fn draw(
        &self,
        distances: Distances,
        count: usize,
        seed: Option<u64>,
    ) -> Result<Draw, Error> {
        let Some(goal) = self.table_goal() else {
            return Err(Error::NoTable {
                board: self.board(),
                what: "states drawn at an exact distance",
            });
        };
        let max = goal.database().max_distance();
        let range = distances.resolve(max);
        if *range.start() > max {
            return Err(Error::Distance(format!(
                "no state is at distance {}: the farthest states from goal {} are {max} moves \
                 away ({})",
                match distances {
                    Distances::Range(a, b) if a != b => format!("{a} to {b}"),
                    _ => range.start().to_string(),
                },
                goal.goal(),
                goal.metric()
            )));
        }
        let seed = seed.unwrap_or_else(|| rand::rng().random());
        Ok(goal.draw(range, count, seed))
    }
}

/// `count` positions drawn independently and uniformly at random among all those that can reach
/// `goal`, on any board (no table needed): the scrambles competitions use. The same seed gives
/// the same positions on every machine; a seed is drawn when none is given.
///
/// On a board with a full table, each is the state of a uniformly drawn dense index in the
/// goal's parity half. On 4x4, a uniformly shuffled board; one of the wrong parity half has its
/// first two tiles swapped, which pairs the halves one to one, so every reachable position is
/// as likely as any other.
///
/// ```
/// use tilebase_answer::{Board, Position, scrambles};
///
/// let goal = Position::parse(Board::FOUR_BY_FOUR, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0")?;
/// let drawn = scrambles(&goal, 3, Some(7));
/// assert_eq!(drawn.len(), 3);
/// assert!(drawn.iter().all(|p| p.unsolvable_reason(&goal).is_none()));
/// assert_eq!(drawn, scrambles(&goal, 3, Some(7)));
/// # Ok::<(), tilebase_answer::ReadError>(())
/// ```
pub fn scrambles(goal: &Position, count: usize, seed: Option<u64>) -> Vec<Position> {
    use rand::SeedableRng;
    let seed = seed.unwrap_or_else(|| rand::rng().random());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let board = goal.board();
    // On a board with a full table, a dense index drawn uniformly is a state drawn uniformly
    // among those of the goal's parity half: no shuffle, no parity to mend.
    if let Some(state) = goal.state() {
        use rayon::prelude::*;
        let (_, parity) = state.index_and_parity();
        return table_indices(&mut rng, state, count)
            .par_iter()
            .filter_map(|&index| tilebase_core::State::from_index(state.board(), parity, index))
            .map(Position::from)
            .collect();
    }
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut cells = goal.cells().to_vec();
        for i in (1..cells.len()).rev() {
            let j = rng.random_range(0..=i);
            cells.swap(i, j);
        }
        let Ok(mut position) = Position::new(board, &cells) else {
            continue;
        };
        if position.unsolvable_reason(goal).is_some() {
            let tiles: Vec<usize> = (0..cells.len())
                .filter(|&c| cells[c] != 0)
                .take(2)
                .collect();
            cells.swap(tiles[0], tiles[1]);
            match Position::new(board, &cells) {
                Ok(swapped) => position = swapped,
                Err(_) => continue,
            }
        }
        out.push(position);
    }
    out
}

/// The dense indices of `count` states drawn uniformly from `goal`'s parity half, in order:
/// on a board with a full table, a dense index drawn uniformly is a state drawn uniformly, with
/// no shuffle and no parity to mend.
fn table_indices(rng: &mut rand_chacha::ChaCha8Rng, goal: &State, count: usize) -> Vec<u32> {
    let half = goal.board().states();
    (0..count).map(|_| rng.random_range(0..half)).collect()
}

/// [`scrambles`]' states on a board with a full table, as flat cells (each row's cells, one row
/// after another), unranked on every core straight into place: the same seed, the same rows
/// in the same order, however many cores. `None` on a larger board.
pub(crate) fn uniform_cells(goal: &Position, count: usize, seed: u64) -> Option<Vec<u8>> {
    use rand::SeedableRng;
    let state = goal.state()?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let indices = table_indices(&mut rng, state, count);
    Some(cells_at(state, count, |row| indices[row]))
}

/// Every state that can reach `goal` once, on a board with a full table, as flat cells: in
/// the order of their index, or shuffled from the seed `shuffle`. `None` on a larger board.
pub(crate) fn every_cells(goal: &Position, shuffle: Option<u64>) -> Option<Vec<u8>> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let state = goal.state()?;
    let states = state.board().states();
    let rows = states as usize;
    Some(match shuffle {
        // In order, each row's index is its number: no list of indices is made (a 12-cell
        // board's would take a gigabyte).
        None => cells_at(state, rows, |row| row as u32),
        Some(seed) => {
            let mut indices: Vec<u32> = (0..states).collect();
            indices.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            cells_at(state, rows, |row| indices[row])
        }
    })
}

/// `rows` states of the parity half of `goal`, row `r` the state of index `index(r)`, as flat
/// cells, unranked on every core.
fn cells_at(goal: &State, rows: usize, index: impl Fn(usize) -> u32 + Sync) -> Vec<u8> {
    use rayon::prelude::*;
    let (_, parity) = goal.index_and_parity();
    let board = goal.board();
    let n = board.cells();
    let mut cells = vec![0u8; rows * n];
    // Pieces of 64 Ki rows: large enough that handing one to a core costs nothing.
    const PIECE: usize = 1 << 16;
    cells
        .par_chunks_mut(PIECE * n)
        .enumerate()
        .for_each(|(piece, out)| {
            let index = |i: usize| index(piece * PIECE + i);
            // One copy of the loop per board size: each row unranked with the size a constant,
            // straight into place.
            match n {
                4 => unrank_rows::<4>(board, parity, out, index),
                6 => unrank_rows::<6>(board, parity, out, index),
                8 => unrank_rows::<8>(board, parity, out, index),
                9 => unrank_rows::<9>(board, parity, out, index),
                10 => unrank_rows::<10>(board, parity, out, index),
                12 => unrank_rows::<12>(board, parity, out, index),
                _ => {
                    for (i, row) in out.chunks_exact_mut(n).enumerate() {
                        if let Some(s) = State::from_index(board, parity, index(i)) {
                            row.copy_from_slice(s.cells());
                        }
                    }
                }
            }
        });
    cells
}

/// Row `i` of `out` (rows of `N` cells) made the state of index `index(i)` in the parity half
/// `parity` of `board`.
#[inline(always)]
fn unrank_rows<const N: usize>(
    board: tilebase_core::Board,
    parity: tilebase_core::Parity,
    out: &mut [u8],
    index: impl Fn(usize) -> u32,
) {
    let (rows, _) = out.as_chunks_mut::<N>();
    for (i, row) in rows.iter_mut().enumerate() {
        // Every index is below the half's size, so each row is written.
        State::write_cells_of_index(board, parity, index(i), row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_read_as_people_write_them() {
        assert_eq!("20".parse(), Ok(Distances::Range(20, 20)));
        assert_eq!("20..25".parse(), Ok(Distances::Range(20, 25)));
        assert_eq!("20..=25".parse(), Ok(Distances::Range(20, 25)));
        assert_eq!(" MAX ".parse(), Ok(Distances::Max));
        assert!("25..20".parse::<Distances>().unwrap_err().contains("empty"));
        assert!("-1".parse::<Distances>().is_err());
        assert!("20..".parse::<Distances>().is_err());
        assert_eq!(Distances::Max.resolve(31), 31..=31);
    }
}
