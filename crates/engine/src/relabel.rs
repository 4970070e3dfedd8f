//! The search space of a relabelled abstraction (see [`Relabelling`]): every relabelled state
//! of the board, the blank included, searched exactly in either metric.

use tilebase_core::Metric;
use tilebase_pattern::{Relabelling, cells_to_string};

use crate::checkpoint;
use crate::layers::{self, PushSpace, Split};
use crate::{Checkpoint, Progress, Stopped};

/// Entries per chunk.
const CHUNK: usize = 64 * 64 * 4;

struct RelabelSpace<'a> {
    relabelling: &'a Relabelling,
    metric: Metric,
    chunks: usize,
}

impl PushSpace for RelabelSpace<'_> {
    fn chunks(&self) -> usize {
        self.chunks
    }

    fn chunk_len(&self) -> usize {
        CHUNK
    }

    fn seed(&self) -> u64 {
        u64::from(self.relabelling.goal_index())
    }

    #[inline]
    fn for_each_neighbour_in(&self, c: usize, bits: &[u64], mut f: impl FnMut(u64)) {
        let first = c * CHUNK;
        for (i, &word) in bits.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let index = first + i * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut labels = self.relabelling.labels_at(index as u32);
                let blank = labels.iter().position(|&l| l == 0).unwrap_or(0);
                self.relabelling.for_each_neighbour(
                    index as u32,
                    &mut labels,
                    blank,
                    self.metric,
                    |j| f(u64::from(j)),
                );
            }
        }
    }
}

/// The exact distance in `metric` of every relabelled state of `relabelling` to its goal, in
/// index order: a lower bound of the distance of every state that relabels to it. A state that
/// cannot reach the goal is 255: only where every tile has a label of its own, so that half the
/// arrangements are of the other parity. Searched on
/// every thread of rayon's current pool, the same values whatever the number of threads.
pub fn build_relabelled(
    relabelling: &Relabelling,
    metric: Metric,
    progress: &dyn Progress,
) -> Vec<u8> {
    checkpoint::unstopped(build(relabelling, metric, progress, None))
}

/// [`build_relabelled`], going on from `checkpoint` if an earlier build of the same table left
/// one there, and saving one there now and then (see [`Checkpoint`]). The values are the same
/// as an uninterrupted build's. The checkpoint is left for the caller to remove once the values
/// are saved. A build stopped by the checkpoint's flag returns [`Stopped`].
pub fn build_relabelled_resuming(
    relabelling: &Relabelling,
    metric: Metric,
    progress: &dyn Progress,
    checkpoint: &Checkpoint,
) -> Result<Vec<u8>, Stopped> {
    build(relabelling, metric, progress, Some(checkpoint))
}

fn build(
    relabelling: &Relabelling,
    metric: Metric,
    progress: &dyn Progress,
    checkpoint: Option<&Checkpoint>,
) -> Result<Vec<u8>, Stopped> {
    let states = relabelling.states() as usize;
    let space = RelabelSpace {
        relabelling,
        metric,
        chunks: states.div_ceil(CHUNK),
    };
    let mut values = vec![u8::MAX; states];
    // Each chunk's distances, set as the search reaches them (only ever below `states`).
    let mut records: Vec<&mut [u8]> = values.chunks_mut(CHUNK).collect();
    let saver = checkpoint::saver(checkpoint, progress, || {
        let (goal, labels) = (relabelling.goal(), relabelling.labels());
        let (goal, labels) = (cells_to_string(goal), cells_to_string(labels));
        format!(
            "relabelled {} goal {goal} labels {labels} metric {metric}",
            relabelling.grid()
        )
    });
    let run = layers::Run {
        progress,
        total: states as u64,
        split: Split::Auto,
        saver,
    };
    layers::search_push(&space, &mut records, run)?;
    Ok(values)
}
