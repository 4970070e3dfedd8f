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
//!
//! Pattern databases' abstract states have no such structure for a chunk to gather from, so
//! their search ([`search_push`]) goes the other way: each entry of the layer pushes its
//! neighbours into the next layer's bits, set atomically from every thread. The layers, the
//! visited bits, the records and the progress are the same as the pulling search's.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};

use rayon::prelude::*;

use crate::Progress;
use crate::checkpoint::{Bits, Parts, Resumed, Saver, Stopped, blocks};

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

    /// Zeroes the words of the chunks with no entry in the layer: a chunk the search skips (one
    /// complete) keeps words of an older layer, which a checkpoint must not save.
    fn clear_inactive(&mut self) {
        for (bits, active) in self.bits.chunks_mut(self.words).zip(&self.active) {
            if !active {
                bits.fill(0);
            }
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
    /// Notes that the entries set in `new` (one chunk's words) are at `depth`; returns how
    /// far that takes the search towards the `total` its progress is reported against.
    fn record(&mut self, new: &[u64], depth: u8) -> u64;
    /// The values recorded so far, as a checkpoint saves them and reads them back.
    fn bytes_mut(&mut self) -> &mut [u8];
}

impl Record for &mut [u8] {
    #[inline]
    fn record(&mut self, new: &[u64], depth: u8) -> u64 {
        let mut count = 0;
        for (w, &word) in new.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                self[w * 64 + rest.trailing_zeros() as usize] = depth;
                rest &= rest - 1;
                count += 1;
            }
        }
        count
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        self
    }
}

/// An index space searched by [`search_push`]: chunks of entries, and each entry's neighbours.
pub(crate) trait PushSpace: Sync {
    /// The number of chunks.
    fn chunks(&self) -> usize;
    /// The entries of each chunk: a multiple of 64.
    fn chunk_len(&self) -> usize;
    /// The entry at depth 0.
    fn seed(&self) -> u64;
    /// Calls `f` with every entry one move from an entry set in `bits` (the words of chunk
    /// `c`): the space walks a chunk's entries itself, so that it may share work between
    /// neighbouring entries.
    fn for_each_neighbour_in(&self, c: usize, bits: &[u64], f: impl FnMut(u64));
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

/// One chunk's share of a pushed layer's end: its marks (both planes, interleaved), its
/// record, and its flags: whether it holds entries of the layer expanded, and of the one found.
type KeepParts<'a, R> = (
    ((&'a mut [AtomicU64], &'a mut R), &'a mut AtomicBool),
    &'a mut AtomicBool,
);

/// The layers a search has found, told to its progress as each ends.
struct Layers<'p> {
    /// Entries found at each depth so far.
    counts: Vec<u64>,
    /// Units recorded so far, towards `total`.
    reached: u64,
    total: u64,
    progress: &'p dyn Progress,
}

impl<'p> Layers<'p> {
    fn new(total: u64, progress: &'p dyn Progress) -> Self {
        Layers {
            counts: Vec::new(),
            reached: 0,
            total,
            progress,
        }
    }

    /// Records the layer at `depth`: `found` entries, `units` of progress. `false` when it is
    /// empty, and the search is over.
    fn ended(&mut self, depth: u8, found: u64, units: u64) -> bool {
        if found == 0 {
            return false;
        }
        self.counts.push(found);
        self.reached += units;
        self.progress
            .layer(u32::from(depth), self.reached, self.total);
        true
    }
}

/// Reads `saver`'s checkpoint into a search's buffers, and checks that it holds together: the
/// depth of the layer to go on after, or `None` to start from the seed (the buffers as they
/// were, or reset where a checkpoint that could not be used was read into them).
fn resume<R: Record>(
    saver: &mut Saver<'_>,
    layers: &mut Layers<'_>,
    layer: &mut dyn Bits,
    visited: &mut dyn Bits,
    records: &mut [R],
) -> Option<u8> {
    let mut parts = Parts {
        depth: 0,
        counts: &mut layers.counts,
        reached: &mut layers.reached,
        layer,
        visited,
        records: records.iter_mut().map(Record::bytes_mut).collect(),
    };
    match saver.resume(&mut parts) {
        Resumed::Fresh => return None,
        Resumed::From(depth) => match whole(&parts, depth) {
            Ok(depth) => {
                saver.resumed(u32::from(depth), *parts.reached, layers.total);
                return Some(depth);
            }
            Err(why) => saver.ignored(why),
        },
        Resumed::Spoiled => {}
    }
    // Whatever was read is undone: the search starts from its seed. (The layer first, as a
    // checkpoint is read.)
    let zeros = [0; 1024];
    for bits in [&mut *parts.layer, &mut *parts.visited] {
        for from in (0..bits.words()).step_by(zeros.len()) {
            let n = (bits.words() - from).min(zeros.len());
            bits.set(from, &zeros[..n]);
        }
    }
    parts.records.iter_mut().for_each(|r| r.fill(u8::MAX));
    parts.counts.clear();
    *parts.reached = 0;
    None
}

/// Whether a checkpoint read holds together: every layer found, the visited entries as many as
/// the layers', the last layer among them. The depth, or why not.
fn whole(parts: &Parts<'_>, depth: u32) -> Result<u8, &'static str> {
    let ones = |words: &[u64]| words.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    let (mut visited, mut last, mut outside) = (0, 0, false);
    let mut layer = Vec::new();
    blocks(&*parts.visited, |from, words| {
        visited += ones(words);
        layer.resize(words.len(), 0);
        parts.layer.get(from, &mut layer);
        last += ones(&layer);
        outside |= layer.iter().zip(words).any(|(l, v)| l & !v != 0);
    });
    match u8::try_from(depth) {
        Ok(depth)
            if depth < u8::MAX
                && parts.counts.iter().all(|&c| c > 0)
                && parts.counts.iter().sum::<u64>() == visited
                && parts.counts.last() == Some(&last)
                && !outside =>
        {
            Ok(depth)
        }
        _ => Err("its layers do not match its entries"),
    }
}

/// Saves the search at the end of the layer at `depth`, if a checkpoint is due; and with
/// `stop`, unless it is saved already, then returns what stopped.
fn checkpoint<R: Record>(
    saver: &mut Option<Saver<'_>>,
    depth: u8,
    layers: &mut Layers<'_>,
    layer: &mut dyn Bits,
    visited: &mut dyn Bits,
    records: &mut [R],
    stop: bool,
) -> Result<(), Stopped> {
    let Some(saver) = saver.as_mut() else {
        return Ok(());
    };
    let depth32 = u32::from(depth);
    if !(saver.due() || stop && !saver.saved(depth32)) {
        return if stop { Err(saver.stopped()) } else { Ok(()) };
    }
    saver.save(&Parts {
        depth: depth32,
        counts: &mut layers.counts,
        reached: &mut layers.reached,
        layer,
        visited,
        records: records.iter_mut().map(Record::bytes_mut).collect(),
    });
    if stop { Err(saver.stopped()) } else { Ok(()) }
}

/// Whether the search is asked to stop.
fn stopping(saver: &Option<Saver<'_>>) -> bool {
    saver.as_ref().is_some_and(Saver::stopping)
}

/// Adds entries found and progress made, chunk by chunk.
fn add(a: (u64, u64), b: (u64, u64)) -> (u64, u64) {
    (a.0 + b.0, a.1 + b.1)
}

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

impl Split {
    /// Whether a search of `entries` entries splits its layers.
    fn splits(self, entries: usize) -> bool {
        match self {
            Split::Auto => entries >= PARALLEL_FROM,
            #[cfg(test)]
            Split::Always => true,
            #[cfg(test)]
            Split::Never => false,
        }
    }
}

/// How a search runs: whom it tells of its progress, towards what total (in the units its
/// records count), whether it splits its layers among threads, and where it keeps its
/// checkpoint, if anywhere.
pub(crate) struct Run<'a> {
    pub progress: &'a dyn Progress,
    pub total: u64,
    pub split: Split,
    pub saver: Option<Saver<'a>>,
}

/// What a search found: the number of entries at each depth.
pub(crate) struct Searched {
    pub counts: Vec<u64>,
}

/// Searches `space` breadth-first from its seed, giving each chunk's new entries to its part of
/// `records` (one per chunk) with their depth, and reporting each layer to `progress`: how far
/// the records have come towards `total`. With a `saver`, the search goes on from its
/// checkpoint if an earlier run left one, and saves one now and then.
pub(crate) fn search<S: Space, R: Record>(
    space: &S,
    records: &mut [R],
    run: Run<'_>,
) -> Result<Searched, Stopped> {
    let (progress, total, split, mut saver) = (run.progress, run.total, run.split, run.saver);
    let (chunks, words, len) = (space.chunks(), space.words(), space.chunk_len());
    assert_eq!(records.len(), chunks);
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

    let mut layers = Layers::new(total, progress);
    let resumed = saver
        .as_mut()
        .and_then(|saver| resume(saver, &mut layers, &mut layer.bits, &mut visited, records));
    let start = if let Some(depth) = resumed {
        let chunks = layer.bits.chunks(words).zip(visited.chunks(words));
        for ((bits, seen), (active, done)) in chunks.zip(layer.active.iter_mut().zip(&mut complete))
        {
            *active = bits.iter().any(|&w| w != 0);
            *done = seen == &full[..];
        }
        progress.layer(u32::from(depth), layers.reached, total);
        depth + 1
    } else {
        let (c, at) = space.seed();
        layer.bits[c * words + at / 64] = 1 << (at % 64);
        layer.active[c] = true;
        visited[c * words + at / 64] = 1 << (at % 64);
        layers.ended(
            0,
            1,
            records[c].record(&layer.bits[c * words..(c + 1) * words], 0),
        );
        1
    };

    let parallel = split.splits(chunks * len);
    for depth in start.. {
        let step = |(c, ((((out, seen), record), active), done)): (usize, ChunkParts<'_, R>)| {
            *active = false;
            if *done || !space.gather(c, &layer, out) {
                return (0, 0);
            }
            let mut count = 0u64;
            for (o, s) in out.iter_mut().zip(seen.iter_mut()) {
                *o &= !*s;
                *s |= *o;
                count += u64::from(o.count_ones());
            }
            *done = seen.iter().zip(&full).all(|(s, f)| s == f);
            let mut units = 0;
            if count > 0 {
                *active = true;
                units = record.record(out, depth);
            }
            (count, units)
        };
        let (found, units) = if parallel {
            next.bits
                .par_chunks_mut(words)
                .zip(visited.par_chunks_mut(words))
                .zip(records.par_iter_mut())
                .zip(next.active.par_iter_mut())
                .zip(complete.par_iter_mut())
                .enumerate()
                .with_min_len(16)
                .map(step)
                .reduce(|| (0, 0), add)
        } else {
            next.bits
                .chunks_mut(words)
                .zip(visited.chunks_mut(words))
                .zip(records.iter_mut())
                .zip(next.active.iter_mut())
                .zip(complete.iter_mut())
                .enumerate()
                .map(step)
                .fold((0, 0), add)
        };
        if !layers.ended(depth, found, units) {
            break;
        }
        std::mem::swap(&mut layer, &mut next);
        let stop = stopping(&saver);
        if stop || saver.as_ref().is_some_and(Saver::due) {
            layer.clear_inactive();
        }
        let (bits, visited) = (&mut layer.bits, &mut visited);
        checkpoint(&mut saver, depth, &mut layers, bits, visited, records, stop)?;
    }
    Ok(Searched {
        counts: layers.counts,
    })
}

/// A pushing search's marks seen as a checkpoint's bits (see [`search_push`]): the layer at a
/// depth whose entries are marked in `plane` (its entries marked there only), or the entries
/// visited (marked there).
///
/// Read back, the layer is set first and kept in the other plane until the visited bits come:
/// then `plane` takes them, and the other plane them less the layer, as the search marks them.
struct Marked<'a> {
    marks: &'a [AtomicU64],
    plane: usize,
    layer: bool,
}

impl Bits for Marked<'_> {
    fn words(&self) -> usize {
        self.marks.len() / 2
    }

    fn get(&self, from: usize, out: &mut [u64]) {
        let pairs = self.marks[2 * from..].chunks_exact(2);
        for (o, pair) in out.iter_mut().zip(pairs) {
            let (this, other) = (
                pair[self.plane].load(Relaxed),
                pair[1 - self.plane].load(Relaxed),
            );
            *o = if self.layer { this & !other } else { this };
        }
    }

    fn set(&mut self, from: usize, words: &[u64]) {
        let pairs = self.marks[2 * from..].chunks_exact(2);
        for (w, pair) in words.iter().zip(pairs) {
            let other = &pair[1 - self.plane];
            if self.layer {
                other.store(*w, Relaxed);
            } else {
                pair[self.plane].store(*w, Relaxed);
                other.store(*w & !other.load(Relaxed), Relaxed);
            }
        }
    }
}

/// Neighbours a push gathers before checking their bits: enough for the checks' memory reads
/// to overlap (each is a likely cache miss in a table of hundreds of megabytes).
const PUSH_BATCH: usize = 1024;

/// Searches `space` breadth-first from its seed by pushing: every entry of a layer sets its
/// neighbours' bits in the next layer (atomically, from any thread); then each chunk's new
/// entries are handed to its part of `records` with their depth. The layers are the same
/// whatever the threads' order, so the records are too.
///
/// Two bits an entry, in two planes, say where it is: the entries of the layer at depth d
/// are marked in plane d mod 2 only, those of the layer found from them (d + 1) in the other
/// plane only, the entries of earlier layers in both, the rest in neither. So the search
/// needs no bits besides (a third of the memory of a layer kept apart): a layer's entries
/// are read off the planes, and a neighbour is new if it is marked in neither. The two words
/// of 64 entries sit side by side (words 2i and 2i + 1 of `marks`): checking a neighbour is
/// one cache miss, not two. The neighbours are gathered in batches and checked in a tight
/// loop of plain reads, whose misses the processor overlaps; only then are the unmarked ones
/// set, each with an atomic OR (which waits for every earlier read, so one in the middle of
/// the reads would stop their overlap), on cache lines just read, which says which were new.
/// After the push, one pass over the chunks either layer touched marks the expanded layer in
/// both planes and records the new one.
///
/// With a `saver`, the search goes on from its checkpoint if an earlier run left one, and saves
/// one now and then.
pub(crate) fn search_push<S: PushSpace, R: Record>(
    space: &S,
    records: &mut [R],
    run: Run<'_>,
) -> Result<Searched, Stopped> {
    let (progress, total, split, mut saver) = (run.progress, run.total, run.split, run.saver);
    let (chunks, len) = (space.chunks(), space.chunk_len());
    assert_eq!(len % 64, 0);
    assert_eq!(records.len(), chunks);
    let words = len / 64;
    // Per 64 entries: the word of plane 0, then the word of plane 1.
    // (Made on every thread: a gigabyte's pages are faulted in and zeroed on both cores.)
    let mut marks: Vec<AtomicU64> = (0..2 * chunks * words)
        .into_par_iter()
        .map(|_| AtomicU64::new(0))
        .collect();
    // Which chunks hold entries of the layer being expanded, and of the layer being found.
    let mut active: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
    let mut found_in: Vec<AtomicBool> = (0..chunks).map(|_| AtomicBool::new(false)).collect();
    // The chunk of an entry, by multiplication: ⌊2^64 / len⌋ + 1 (exact for entries below
    // 2^64 / len, far more than any search has).
    let chunk_reciprocal = u64::MAX / len as u64 + 1;
    let chunk_of = |n: u64| ((u128::from(n) * u128::from(chunk_reciprocal)) >> 64) as usize;

    let mut layers = Layers::new(total, progress);
    // Entries expanded so far, over every layer: steady progress, told after each chunk.
    let expanded = AtomicU64::new(0);
    // The plane of the layer at depth 0: the layers alternate from there, so that a search
    // resumed at any depth keeps that depth's layer in plane 0.
    let mut base = 0usize;
    let resumed = saver.as_mut().and_then(|saver| {
        let (mut layer, mut visited) = Marked::both(&marks, 0);
        resume(saver, &mut layers, &mut layer, &mut visited, records)
    });
    let start = if let Some(depth) = resumed {
        base = usize::from(depth % 2);
        for (c, flag) in active.iter_mut().enumerate() {
            let pairs = marks[2 * c * words..2 * (c + 1) * words].chunks_exact(2);
            *flag.get_mut() = pairs
                .into_iter()
                .any(|p| p[0].load(Relaxed) & !p[1].load(Relaxed) != 0);
        }
        // Every layer but the last has been expanded.
        let done = layers.counts.iter().sum::<u64>() - layers.counts.last().unwrap_or(&0);
        expanded.store(done, Relaxed);
        progress.layer(u32::from(depth), layers.reached, total);
        progress.expanded(done);
        depth
    } else {
        let seed = space.seed() as usize;
        let (c, w, bit) = (seed / len, seed / 64, 1u64 << (seed % 64));
        *marks[2 * w].get_mut() = bit;
        *active[c].get_mut() = true;
        let mut one = vec![0u64; words];
        one[w - c * words] = bit;
        layers.ended(0, 1, records[c].record(&one, 0));
        0
    };
    // The plane of the layer at `depth`.
    let plane = |depth: u8| (usize::from(depth) + base) % 2;

    let parallel = split.splits(chunks * len);
    let stop_flag = saver.as_ref().and_then(Saver::stop_flag);
    for depth in start.. {
        let (this, next) = (plane(depth), 1 - plane(depth));
        // Push: every entry of the layer marks its neighbours not yet marked; how many were
        // new.
        let found = {
            let (marks, active, found_in) = (&marks, &active, &found_in);
            let expanded = &expanded;
            // Checks a batch of neighbours, then marks those marked in neither plane. (The
            // unmarked are written at the start of `unmarked`, as long as a batch, without a
            // branch.)
            let flush = |batch: &mut Vec<u64>, unmarked: &mut [u64]| {
                let mut count = 0;
                for &n in batch.iter() {
                    let (w, bit) = ((n / 64) as usize, 1u64 << (n % 64));
                    let seen = marks[2 * w].load(Relaxed) | marks[2 * w + 1].load(Relaxed);
                    unmarked[count] = n;
                    count += usize::from(seen & bit == 0);
                }
                let mut new = 0u64;
                for &n in &unmarked[..count] {
                    let (w, bit) = ((n / 64) as usize, 1u64 << (n % 64));
                    // Another thread (or another neighbour here) may have marked it since.
                    if marks[2 * w + next].fetch_or(bit, Relaxed) & bit == 0 {
                        new += 1;
                        let flag = &found_in[chunk_of(n)];
                        if !flag.load(Relaxed) {
                            flag.store(true, Relaxed);
                        }
                    }
                }
                batch.clear();
                new
            };
            let push = |(batch, unmarked, layer): &mut (Vec<u64>, Vec<u64>, Vec<u64>), c: usize| {
                // Asked to stop: the rest of the layer is left, its marks never kept.
                if stop_flag.is_some_and(|f| f.load(Relaxed)) || !active[c].load(Relaxed) {
                    return 0;
                }
                // The layer's entries in the chunk: marked in its plane only. (Other threads
                // mark only entries marked in neither plane meanwhile.)
                let pairs = marks[2 * c * words..2 * (c + 1) * words].chunks_exact(2);
                for (l, pair) in layer.iter_mut().zip(pairs) {
                    *l = pair[this].load(Relaxed) & !pair[next].load(Relaxed);
                }
                let unmarked = &mut unmarked[..];
                let mut new = 0;
                space.for_each_neighbour_in(c, layer, |n| {
                    batch.push(n);
                    if batch.len() == PUSH_BATCH {
                        new += flush(batch, unmarked);
                    }
                });
                new += flush(batch, unmarked);
                let count: u64 = layer.iter().map(|w| u64::from(w.count_ones())).sum();
                progress.expanded(expanded.fetch_add(count, Relaxed) + count);
                new
            };
            let buffers = || {
                let batch = Vec::with_capacity(PUSH_BATCH);
                (batch, vec![0; PUSH_BATCH], vec![0; words])
            };
            if parallel {
                (0..chunks)
                    .into_par_iter()
                    .map_init(buffers, push)
                    .sum::<u64>()
            } else {
                let mut buffers = buffers();
                (0..chunks).map(|c| push(&mut buffers, c)).sum()
            }
        };
        if stopping(&saver) {
            // The push marked only entries of the next layer, in the next plane only, which
            // the layer's view leaves out: the layer, the visited entries and the records are
            // as the layer's end left them, and are saved as its.
            let (mut layer, mut visited) = Marked::both(&marks, this);
            checkpoint(
                &mut saver,
                depth,
                &mut layers,
                &mut layer,
                &mut visited,
                records,
                true,
            )?;
        }
        // Keep: the layer expanded is marked in both planes, and the new one recorded.
        let keep = |(((pairs, record), active), found_in): KeepParts<'_, R>,
                    layer: &mut Vec<u64>| {
            let (was, is) = (*active.get_mut(), *found_in.get_mut());
            *active.get_mut() = is;
            *found_in.get_mut() = false;
            if !(was || is) {
                return 0;
            }
            for (l, pair) in layer.iter_mut().zip(pairs.chunks_exact_mut(2)) {
                let old = *pair[this].get_mut();
                let marked = pair[next].get_mut();
                *l = *marked & !old;
                *marked |= old;
            }
            if is {
                record.record(layer, depth + 1)
            } else {
                0
            }
        };
        let units = if parallel {
            marks
                .par_chunks_mut(2 * words)
                .zip(records.par_iter_mut())
                .zip(active.par_iter_mut())
                .zip(found_in.par_iter_mut())
                .with_min_len(16)
                .map_init(|| vec![0u64; words], |layer, parts| keep(parts, layer))
                .sum::<u64>()
        } else {
            let mut layer = vec![0u64; words];
            marks
                .chunks_mut(2 * words)
                .zip(records.iter_mut())
                .zip(active.iter_mut())
                .zip(found_in.iter_mut())
                .map(|parts| keep(parts, &mut layer))
                .sum()
        };
        if !layers.ended(depth + 1, found, units) {
            break;
        }
        let stop = stopping(&saver);
        let (mut layer, mut visited) = Marked::both(&marks, next);
        checkpoint(
            &mut saver,
            depth + 1,
            &mut layers,
            &mut layer,
            &mut visited,
            records,
            stop,
        )?;
    }
    Ok(Searched {
        counts: layers.counts,
    })
}

impl<'a> Marked<'a> {
    /// The layer whose entries are marked in `plane`, and the entries visited.
    fn both(marks: &'a [AtomicU64], plane: usize) -> (Marked<'a>, Marked<'a>) {
        let layer = Marked {
            marks,
            plane,
            layer: true,
        };
        let visited = Marked {
            marks,
            plane,
            layer: false,
        };
        (layer, visited)
    }
}
