//! The search space of a pattern database: abstract states (a placement of the pattern's tiles
//! and the blank's region), indexed by [`Pattern`], searched by pushing.

use rayon::prelude::*;
use tilebase_pattern::{Expander, Pattern, cells_to_string};

use crate::checkpoint;
use crate::layers::{self, PushSpace, Record, Split};
use crate::{Checkpoint, Progress, Stopped};

/// Placements per chunk, in 64s: a chunk holds whole placements (each with all its region
/// names), so each placement's value is written by one worker.
const PLACEMENTS_PER_CHUNK: usize = 64 * 64;

struct PatternSpace<'a> {
    pattern: &'a Pattern,
    expander: Expander<'a>,
    chunks: usize,
}

impl PatternSpace<'_> {
    fn chunk_placements() -> usize {
        PLACEMENTS_PER_CHUNK
    }
}

impl PushSpace for PatternSpace<'_> {
    fn chunks(&self) -> usize {
        self.chunks
    }

    fn chunk_len(&self) -> usize {
        Self::chunk_placements() * self.pattern.regions() as usize
    }

    fn seed(&self) -> u64 {
        self.pattern.goal_entry()
    }

    /// Walks the chunk's entries in order, decoding each placement once for all its entries
    /// of the layer (consecutive, since a placement's region names are consecutive entries).
    #[inline]
    fn for_each_neighbour_in(&self, c: usize, bits: &[u64], mut f: impl FnMut(u64)) {
        let regions = self.pattern.regions() as u32;
        let reciprocal = entry_reciprocal(u64::from(regions));
        let first = (c * Self::chunk_placements()) as u64;
        // The placement decoded last, and its place in the chunk.
        let mut placement = self.expander.placement(first);
        let mut current = 0u32;
        for (i, &word) in bits.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                // The entry's place in the chunk: below 2^32, as a chunk is 4,096 placements.
                let at = (i * 64) as u32 + rest.trailing_zeros();
                rest &= rest - 1;
                let p = ((u64::from(at) * reciprocal) >> 32) as u32;
                let name = at - p * regions;
                if p != current {
                    self.expander.seek(&mut placement, first + u64::from(p));
                    current = p;
                }
                self.expander.for_each_neighbour(&placement, name, &mut f);
            }
        }
    }
}

/// ⌊2^32 / `regions`⌋ + 1: the placement of an entry of a chunk is the high half of the entry
/// times it, a multiplication rather than a division (exact: an entry of a chunk, below
/// 4,096 × 25, times the names, at most 25, is below 2^32).
fn entry_reciprocal(regions: u64) -> u64 {
    u64::from(u32::MAX) / regions + 1
}

/// The values of one chunk's placements: each set the first time any of its abstract states
/// is reached, which in a breadth-first search is the least over the blank's regions.
struct Values<'a> {
    values: &'a mut [u8],
    /// [`entry_reciprocal`] of the region names.
    reciprocal: u64,
    /// The region names: each placement's entries.
    regions: usize,
}

impl Values<'_> {
    fn new(values: &mut [u8], regions: u64) -> Values<'_> {
        Values {
            values,
            reciprocal: entry_reciprocal(regions),
            regions: regions as usize,
        }
    }
}

impl Record for Values<'_> {
    #[inline]
    fn record(&mut self, new: &[u64], depth: u8) -> u64 {
        let mut placed = 0;
        for (w, &word) in new.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let entry = w * 64 + rest.trailing_zeros() as usize;
                let p = ((entry as u64 * self.reciprocal) >> 32) as usize;
                // The placement's value is set once, by the first of its entries: the rest of
                // them in this word are skipped (those in the next word find it set). Written
                // without a branch: a value not yet set (u8::MAX) is above every depth.
                let value = &mut self.values[p];
                placed += u64::from(*value == u8::MAX);
                *value = (*value).min(depth);
                let end = (p + 1) * self.regions - w * 64;
                rest &= if end < 64 { !0 << end } else { 0 };
            }
        }
        placed
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        self.values
    }
}

/// The value of every placement of `pattern`, in rank order: the fewest moves of the pattern's
/// tiles that bring them home, other tiles moving for free, the blank where it may go. Large
/// patterns are searched on every thread of rayon's current pool; the values are the same
/// whatever the number of threads. `progress` is told of the placements valued so far.
pub fn build_pattern(pattern: &Pattern, progress: &dyn Progress) -> Vec<u8> {
    checkpoint::unstopped(build(pattern, progress, Split::Auto, None))
}

/// [`build_pattern`], going on from `checkpoint` if an earlier build of the same pattern left
/// one there, and saving one there now and then (see [`Checkpoint`]). The values are the same
/// as an uninterrupted build's. The checkpoint is left for the caller to remove once the values
/// are saved. A build stopped by the checkpoint's flag returns [`Stopped`].
pub fn build_pattern_resuming(
    pattern: &Pattern,
    progress: &dyn Progress,
    checkpoint: &Checkpoint,
) -> Result<Vec<u8>, Stopped> {
    build(pattern, progress, Split::Auto, Some(checkpoint))
}

pub(crate) fn build(
    pattern: &Pattern,
    progress: &dyn Progress,
    split: Split,
    checkpoint: Option<&Checkpoint>,
) -> Result<Vec<u8>, Stopped> {
    let placements = pattern.placements() as usize;
    let space = PatternSpace {
        pattern,
        expander: Expander::new(pattern),
        chunks: placements.div_ceil(PatternSpace::chunk_placements()),
    };
    // Filled on every thread: half a gigabyte's pages faulted in on both cores.
    let mut values = vec![0u8; placements];
    values
        .par_chunks_mut(1 << 20)
        .for_each(|piece| piece.fill(u8::MAX));
    let regions = pattern.regions();
    let mut records: Vec<Values<'_>> = values
        .chunks_mut(PatternSpace::chunk_placements())
        .map(|values| Values::new(values, regions))
        .collect();
    let saver = checkpoint::saver(checkpoint, progress, || {
        let (goal, tiles) = (pattern.goal(), pattern.tiles());
        let (goal, tiles) = (cells_to_string(goal), cells_to_string(tiles));
        format!("pattern {} goal {goal} tiles {tiles}", pattern.grid())
    });
    let run = layers::Run {
        progress,
        total: placements as u64,
        split,
        saver,
    };
    let searched = layers::search_push(&space, &mut records, run)?;
    // Each abstract state is reached once: what the progress of the expansions counts to.
    debug_assert_eq!(
        searched.counts.iter().sum::<u64>(),
        pattern.abstract_states(),
        "every abstract state is reached"
    );
    debug_assert!(
        values.iter().all(|&v| v != u8::MAX),
        "every placement is reached"
    );
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;
    use tilebase_pattern::Grid;

    /// Each layer is the same whatever the threads' order, so the values are too: built on
    /// one thread and split among one, two or three, byte for byte, for patterns of 3x3, 4x3
    /// and 4x4.
    #[test]
    fn every_thread_count_builds_the_same_values() {
        let pools = crate::thread_pools();
        let cases: [(usize, usize, &[u8]); 4] = [
            (3, 3, &[1, 2, 3, 4]),
            (3, 3, &[5, 8]),
            (4, 3, &[1, 5, 6, 9]),
            (4, 4, &[1, 2, 3, 4]),
        ];
        for (w, h, tiles) in cases {
            let grid = Grid::new(w, h).unwrap();
            let goal: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
            let pattern = Pattern::new(grid, &goal, tiles).unwrap();
            let alone = build(&pattern, &NoProgress, Split::Never, None).unwrap();
            assert!(alone.iter().all(|&v| v != u8::MAX));
            for pool in &pools {
                let split =
                    pool.install(|| build(&pattern, &NoProgress, Split::Always, None).unwrap());
                assert!(
                    split == alone,
                    "{grid} {tiles:?}: {} threads",
                    pool.current_num_threads()
                );
            }
        }
    }

    /// Progress goes in steady steps: told after each chunk, the expansions rise to exactly
    /// the pattern's abstract states (what a bar's length is), however many threads; the
    /// encoding of the file is told up to every placement.
    #[test]
    fn progress_counts_every_abstract_state_and_every_placement() {
        use std::sync::Mutex;

        #[derive(Default)]
        struct Told {
            expanded: Mutex<Vec<u64>>,
            encoded: Mutex<Vec<(u64, u64)>>,
        }
        impl Progress for Told {
            fn layer(&self, _: u32, _: u64, _: u64) {}
            fn expanded(&self, done: u64) {
                self.expanded.lock().unwrap().push(done);
            }
            fn encoded(&self, done: u64, total: u64) {
                self.encoded.lock().unwrap().push((done, total));
            }
        }

        let grid = Grid::new(4, 4).unwrap();
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let pattern = Pattern::new(grid, &goal, &[1, 2, 3, 4, 5]).unwrap();
        let told = Told::default();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let values = pool.install(|| build(&pattern, &told, Split::Always, None).unwrap());
        let mut expanded = std::mem::take(&mut *told.expanded.lock().unwrap());
        // Many steps, not one per layer (the 5-tile pattern has about 40 layers).
        assert!(expanded.len() > 100, "{} steps", expanded.len());
        expanded.sort_unstable();
        expanded.dedup();
        assert_eq!(expanded.last(), Some(&pattern.abstract_states()));
        assert_eq!(pattern.abstract_states(), 874_080);

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.tilebase");
        let saved = pool.install(|| {
            crate::save_pattern_with(
                &path,
                &pattern,
                &values,
                tilebase_pattern::Encoding::Halved,
                false,
                &told,
            )
        });
        assert!(saved.is_ok());
        let encoded = std::mem::take(&mut *told.encoded.lock().unwrap());
        let placements = pattern.placements();
        assert!(encoded.iter().all(|&(_, total)| total == placements));
        assert_eq!(
            encoded.iter().map(|&(done, _)| done).max(),
            Some(placements)
        );
        // Encoded in pieces on several threads, the file is the one encoded whole.
        let whole = tilebase_pattern::encode(&pattern, &values, tilebase_pattern::Encoding::Halved)
            .unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.ends_with(&whole));
    }
}
