//! The tilebase engine: the layered breadth-first search that builds every table
//! ([`build_table`]), and the writer that saves a table so that it is either complete or absent
//! ([`save`]).
//!
//! ```
//! use tilebase_core::Board;
//!
//! let goal = "3x2".parse::<Board>().unwrap().ordered_goal().unwrap();
//! let table = tilebase_engine::build_table(&goal);
//! assert_eq!(table.len(), 360);
//! assert_eq!(table.iter().max(), Some(&21)); // the 3x2 radius
//! ```
#![forbid(unsafe_code)]

mod checkpoint;
mod full;
mod layers;
mod pattern;
mod progress;
mod relabel;
mod save;

pub use checkpoint::{Checkpoint, Checkpointing, Stopped};
pub use pattern::{build_pattern, build_pattern_resuming};
pub use progress::{NoProgress, Progress};
pub use relabel::{build_relabelled, build_relabelled_resuming};
pub use save::{
    SaveError, Saved, SavedBounds, SavedPattern, SavedRelabelled, pattern_bytes, save, save_bounds,
    save_pattern, save_pattern_with, save_relabelled,
};

use layers::Split;
use tilebase_core::{Metric, State};

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
/// let goal = Board::THREE_BY_THREE.ordered_goal().unwrap();
/// let table = tilebase_engine::build_table_in(&goal, Metric::Multi);
/// assert_eq!(table.iter().max(), Some(&24)); // the 3x3 radius in the multi-tile metric
/// ```
pub fn build_table_in(goal: &State, metric: Metric) -> Vec<u8> {
    build_table_with(goal, metric, &NoProgress)
}

/// [`build_table_in`], reporting each layer of the search to `progress`. Large tables are
/// searched on every thread of rayon's current pool; the table is the same byte for byte
/// whatever the number of threads.
pub fn build_table_with(goal: &State, metric: Metric, progress: &dyn Progress) -> Vec<u8> {
    checkpoint::unstopped(build(goal, metric, progress, Split::Auto, None))
}

/// [`build_table_with`], going on from `checkpoint` if an earlier build of the same table left
/// one there, and saving one there now and then (see [`Checkpoint`]). The table is the same as
/// an uninterrupted build's. The checkpoint is left for the caller to remove once the table is
/// saved. A build stopped by the checkpoint's flag returns [`Stopped`].
pub fn build_table_resuming(
    goal: &State,
    metric: Metric,
    progress: &dyn Progress,
    checkpoint: &Checkpoint,
) -> Result<Vec<u8>, Stopped> {
    build(goal, metric, progress, Split::Auto, Some(checkpoint))
}

fn build(
    goal: &State,
    metric: Metric,
    progress: &dyn Progress,
    split: Split,
    checkpoint: Option<&Checkpoint>,
) -> Result<Vec<u8>, Stopped> {
    let space = full::FullSpace::new(goal, metric);
    // Zeroed memory comes from the system untouched: no pass to fill it, and its pages are
    // first touched by the workers that write them. Every entry is written, since every state
    // of the goal's half is reached; the count checks it.
    let mut table = vec![0u8; goal.board().states() as usize];
    let mut records: Vec<&mut [u8]> = table.chunks_mut(layers::Space::chunk_len(&space)).collect();
    let total = u64::from(goal.board().states());
    let saver = checkpoint::saver(checkpoint, progress, || {
        format!("table {} goal {goal} metric {metric}", goal.board())
    });
    let run = layers::Run {
        progress,
        total,
        split,
        saver,
    };
    let searched = layers::search(&space, &mut records, run)?;
    assert_eq!(
        searched.counts.iter().sum::<u64>(),
        u64::from(goal.board().states()),
        "every state of the goal's half is reached"
    );
    Ok(table)
}

/// Pools of one, two and three threads, for the tests that build the same thing on each and
/// compare the results byte for byte.
#[cfg(test)]
pub(crate) fn thread_pools() -> [rayon::ThreadPool; 3] {
    [1, 2, 3].map(|threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_core::Board;

    /// Each chunk of a layer is written by one worker from the previous layer only, so the
    /// table cannot depend on how the chunks are shared out: built on one thread, split among
    /// one, two or three, it is the same, byte for byte, on every board of up to 10 cells, in
    /// both metrics, for goals with the blank in different cells.
    #[test]
    fn every_thread_count_builds_the_same_table() {
        let pools = thread_pools();
        for board in Board::with_tables().filter(|b| b.cells() <= 10) {
            for goal in [board.ordered_goal().unwrap(), board.canonical_goals()[0]] {
                for metric in [Metric::Single, Metric::Multi] {
                    let alone = build(&goal, metric, &NoProgress, Split::Never, None).unwrap();
                    for pool in &pools {
                        let split = pool.install(|| {
                            build(&goal, metric, &NoProgress, Split::Always, None).unwrap()
                        });
                        assert!(
                            split == alone,
                            "{board} {goal} {metric}: {} threads",
                            pool.current_num_threads()
                        );
                    }
                }
            }
        }
    }
}
