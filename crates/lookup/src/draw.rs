//! Puzzles of an exact difficulty: states drawn uniformly at random, with a seed, among those at
//! the distances asked for. The draw behind the `random` program, here so that every program
//! and binding that links this crate draws the same states for the same seed.

use std::ops::RangeInclusive;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tilebase_core::State;

use crate::Goal;

/// What a draw found: see [`Goal::draw`].
#[derive(Debug, PartialEq, Eq)]
pub struct Draw {
    /// The states drawn, in the order drawn.
    pub states: Vec<State>,
    /// How many states were at the distances asked for.
    pub available: usize,
}

impl<D: AsRef<[u8]>> Goal<'_, D> {
    /// Draws `count` different states uniformly at random among those whose distance to the
    /// goal is in `distances`: every set of `count` such states is as likely as any other, and
    /// so every state as likely as any other to be in it. All of them, in random order, if there
    /// are no more than `count`. The same seed gives the same draw, on every machine (ChaCha8,
    /// seeded from the `u64`), and from the goal's own table or its class's: the states are
    /// drawn in the order of the goal's own table. Reads the whole table.
    ///
    /// ```
    /// use tilebase_lookup::Database;
    ///
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
    /// let db = Database::open(path)?;
    /// let drawn = db.own_goal().draw(24..=24, 3, 5);
    /// let states: Vec<String> = drawn.states.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(states, ["180423657", "048357621", "460715238"]);
    /// assert_eq!(drawn.available, 22_289); // every state at distance 24
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw(&self, distances: RangeInclusive<u8>, count: usize, seed: u64) -> Draw {
        let mut candidates: Vec<u32> = (0u32..)
            .zip(self.database().table())
            .filter(|(_, d)| distances.contains(d))
            .map(|(index, _)| index)
            .collect();
        // The draw is made among the candidates in the order of the goal's own table, whichever
        // table holds them: a class's table, whose order is its own goal's, gives the same
        // states for the same seed as the goal's own table would.
        if let Some(frame) = self.frame() {
            let db = self.database();
            for candidate in &mut candidates {
                *candidate = State::from_index(db.board(), db.goal().parity(), *candidate)
                    .map_or(u32::MAX, |state| frame.state_back(&state).index());
            }
            candidates.sort_unstable();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let amount = count.min(candidates.len());
        let (board, parity) = (self.goal().board(), self.goal().parity());
        let states = rand::seq::index::sample(&mut rng, candidates.len(), amount)
            .into_iter()
            .filter_map(|i| State::from_index(board, parity, candidates[i]))
            .collect();
        Draw {
            states,
            available: candidates.len(),
        }
    }
}
