//! The layered breadth-first search that builds every table.
//!
//! A search's entries are grouped in chunks of consecutive indices, and each layer of the search
//! (the entries first reached at one depth) is a bitset, a run of 64-bit words per chunk, with a
//! flag per chunk saying whether the layer has any entry in it. A [`Space`] says what a move
//! does: for any chunk, which entries of it are one move from the current layer. The search asks
//! that of every chunk not yet complete, keeps what was not visited before as the next layer,
//! and hands it to a [`Record`] to write down the depth. Chunks are independent, so they are
//! worked on in parallel; each is written by one worker only, and the result is the same
//! whatever the number of threads.

use rayon::prelude::*;

use crate::Progress;

/// One layer of a search: a bitset over the entries, and which chunks have any.
pub(crate) struct Frontier {
    words: usize,
    bits: Vec<u64>,
    active: Vec<bool>,
}

impl Frontier {
    fn new(chunks: usize, words: usize) -> Frontier {
        Frontier {
            words,
            bits: vec![0; chunks * words],
            active: vec![false; chunks],
        }
    }

    /// The words of chunk `c`, if the layer has any entry in it.
    #[inline]
    pub fn chunk(&self, c: usize) -> Option<&[u64]> {
        self.active[c].then(|| &self.bits[c * self.words..(c + 1) * self.words])
    }
}

/// An index space searched by [`search`]: chunks of entries and the moves between them.
pub(crate) trait Space: Sync {
    /// The number of chunks.
    fn chunks(&self) -> usize;
    /// The entries of each chunk.
    fn chunk_len(&self) -> usize;
    /// The 64-bit words of a chunk's bits: at least `chunk_len() / 64`, rounded up.
    fn words(&self) -> usize;
    /// The entry at depth 0: its chunk and its place in the chunk.
    fn seed(&self) -> (usize, usize);
    /// Writes into `out` (the words of chunk `c`) every entry of the chunk one move from an
    /// entry of `layer`; returns `false`, with `out` all zero, when there is none.
    fn gather(&self, c: usize, layer: &Frontier, out: &mut [u64]) -> bool;
}

/// Where a search writes the depth of the entries it reaches: one part per chunk.
pub(crate) trait Record: Send {
    /// Notes that the entries set in `new` (one chunk's words) are at `depth`.
    fn record(&mut self, new: &[u64], depth: u8);
}

impl Record for &mut [u8] {
    #[inline]
    fn record(&mut self, new: &[u64], depth: u8) {
        for (w, &word) in new.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                self[w * 64 + rest.trailing_zeros() as usize] = depth;
                rest &= rest - 1;
            }
        }
    }
}

/// Tables this small are searched on the calling thread: the layers of a 3x3 table take
/// microseconds, less than waking other threads for each would cost.
const PARALLEL_FROM: usize = 1 << 20;

/// One chunk's share of a layer, as the zipped iterators hand it over: its bits of the next
/// layer, its visited bits, its record, and its active and complete flags.
type ChunkParts<'a, R> = (
    (((&'a mut [u64], &'a mut [u64]), &'a mut R), &'a mut bool),
    &'a mut bool,
);

/// Whether a search splits its layers among rayon's threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Tables of [`PARALLEL_FROM`] entries or more are split, smaller ones are not.
    Auto,
    /// Every layer is split, however small the table (for tests).
    #[cfg(test)]
    Always,
    /// No layer is split (for tests).
    #[cfg(test)]
    Never,
}

/// What a search found: the number of entries at each depth.
pub(crate) struct Searched {
    pub counts: Vec<u64>,
}

/// Searches `space` breadth-first from its seed, giving each chunk's new entries to its part of
/// `records` (one per chunk) with their depth, and reporting each layer to `progress`.
pub(crate) fn search<S: Space, R: Record>(
    space: &S,
    records: &mut [R],
    progress: &dyn Progress,
    split: Split,
) -> Searched {
    let (chunks, words, len) = (space.chunks(), space.words(), space.chunk_len());
    assert_eq!(records.len(), chunks);
    let total = (chunks * len) as u64;
    let mut layer = Frontier::new(chunks, words);
    let mut next = Frontier::new(chunks, words);
    let mut visited = vec![0u64; chunks * words];
    // Chunks every entry of which is visited: nothing more to find there.
    let mut complete = vec![false; chunks];
    // The bits of a complete chunk, to compare with.
    let full: Vec<u64> = (0..words)
        .map(|w| match len.saturating_sub(w * 64) {
            n if n >= 64 => !0,
            n => (1u64 << n) - 1,
        })
        .collect();

    let (c, at) = space.seed();
    layer.bits[c * words + at / 64] = 1 << (at % 64);
    layer.active[c] = true;
    visited[c * words + at / 64] = 1 << (at % 64);
    records[c].record(&layer.bits[c * words..(c + 1) * words], 0);
    let mut counts = vec![1u64];
    let mut reached = 1u64;
    progress.layer(0, reached, total);

    let parallel = match split {
        Split::Auto => chunks * len >= PARALLEL_FROM,
        #[cfg(test)]
        Split::Always => true,
        #[cfg(test)]
        Split::Never => false,
    };
    for depth in 1u8.. {
        let step = |(c, ((((out, seen), record), active), done)): (usize, ChunkParts<'_, R>)| {
            *active = false;
            if *done || !space.gather(c, &layer, out) {
                return 0;
            }
            let mut count = 0u64;
            for (o, s) in out.iter_mut().zip(seen.iter_mut()) {
                *o &= !*s;
                *s |= *o;
                count += u64::from(o.count_ones());
            }
            *done = seen.iter().zip(&full).all(|(s, f)| s == f);
            if count > 0 {
                *active = true;
                record.record(out, depth);
            }
            count
        };
        let found: u64 = if parallel {
            next.bits
                .par_chunks_mut(words)
                .zip(visited.par_chunks_mut(words))
                .zip(records.par_iter_mut())
                .zip(next.active.par_iter_mut())
                .zip(complete.par_iter_mut())
                .enumerate()
                .with_min_len(16)
                .map(step)
                .sum()
        } else {
            next.bits
                .chunks_mut(words)
                .zip(visited.chunks_mut(words))
                .zip(records.iter_mut())
                .zip(next.active.iter_mut())
                .zip(complete.iter_mut())
                .enumerate()
                .map(step)
                .sum()
        };
        if found == 0 {
            break;
        }
        counts.push(found);
        reached += found;
        progress.layer(u32::from(depth), reached, total);
        std::mem::swap(&mut layer, &mut next);
    }
    Searched { counts }
}
