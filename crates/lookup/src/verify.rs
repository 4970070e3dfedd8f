//! Full verification of a database: the checksum, and that the table is exactly the distance
//! function, checked independently of how it was built.
//!
//! The check is local: the goal is at 0, and every other state has a neighbour exactly one closer
//! and none closer (neighbours in the database's metric: one move away). That is enough. Descending
//! one step at a time from any state reaches a 0 in exactly its entry's number of moves, and only
//! the goal is at 0, so no entry is below the true distance; and along a shortest path each entry
//! exceeds the next by at most one, so none is above it. The check never consults the builder, only
//! the table and the moves.
//!
//! The states come in index order from a [`Walk`], each made from the one before, and their
//! neighbours' indices from the cursor's arithmetic (a horizontal move keeps the rank, a vertical
//! one changes it by a fixed weight per tile passed), not from states made and ranked one by one.
//! The threads (one per core; one where there are no threads) take batches of consecutive
//! entries in turn and count, besides the states that break the rule, the entries per value; the
//! report is a sum over the batches, so it is the same for any number of threads.

use std::collections::VecDeque;
use std::ops::Range;
use std::panic;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::thread;

use tilebase_core::{Board, Metric, Parity, State, Walk};
use tilebase_format::{UNREACHED, table_checksum};

use crate::Database;

/// What [`Database::verify`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The CRC-32 of the table as read.
    pub table_crc32: u32,
    /// Whether it matches the header's.
    pub checksum_ok: bool,
    /// How many states the table puts at each distance, up to the largest value in it.
    pub counts: Vec<u64>,
    /// Whether those counts are the header's.
    pub counts_ok: bool,
    /// States whose entry breaks the distance invariant (or exceeds the header's maximum).
    pub violations: u64,
    /// The first entry, in index order, that is not its state's optimal distance.
    pub first_bad: Option<BadEntry>,
}

/// An entry that is not its state's optimal distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadEntry {
    /// Its index in the table.
    pub index: u32,
    /// The state it belongs to.
    pub state: State,
    /// The value in the table.
    pub found: u8,
    /// The state's optimal distance.
    pub expected: u8,
}

/// The table is checked in about this many batches, taken by the threads in turn; each
/// finished batch is reported to the progress callback.
const BATCHES: u32 = 256;

/// The fewest entries a batch holds: a batch costs a decoded state to start, and a small table
/// is checked on one thread.
const MIN_BATCH: u32 = 1 << 16;

/// What one thread found in the batches it checked.
struct Tally {
    /// How many entries hold each value.
    counts: [u64; 256],
    /// How many states break the local invariant.
    violations: u64,
}

impl Report {
    /// Whether every check passed: the table is exactly the distance function and the header
    /// describes it.
    pub fn is_ok(&self) -> bool {
        self.checksum_ok && self.counts_ok && self.violations == 0
    }
}

impl<D: AsRef<[u8]>> Database<D> {
    /// Checks the whole database: the table's checksum, its counts per distance against the
    /// header, and that every entry is its state's optimal distance (see the module
    /// documentation for why the local check proves it). Reads every entry; opening did not.
    ///
    /// When something is wrong, the report names the first wrong entry, found by comparing the
    /// table with distances recomputed by a breadth-first search from the goal.
    ///
    /// The same as [`Database::verify_with`] with no progress reported.
    pub fn verify(&self) -> Report {
        self.verify_with(&|_, _| {})
    }

    /// [`Database::verify`], telling `progress` how far it has got: it is called with the
    /// number of entries checked so far and the number of entries, once per batch of entries
    /// (at most a few hundred times over a run, not once per entry), and once with the two
    /// equal. The entries are checked on every core, so `progress` may be called from any
    /// thread, and calls may arrive out of order (the one with the two equal is not always the
    /// last): a progress bar keeps the largest count it has seen. The checksum and, when
    /// something is wrong, the search that names the first wrong entry come on top, unreported.
    /// The report does not depend on the number of cores.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use tilebase_lookup::Database;
    ///
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
    /// let db = Database::open(path)?;
    /// let checked = AtomicU64::new(0);
    /// let report = db.verify_with(&|done, total| {
    ///     checked.fetch_max(done, Ordering::Relaxed);
    ///     assert_eq!(total, 181_440);
    /// });
    /// assert!(report.is_ok());
    /// assert_eq!(checked.into_inner(), 181_440);
    /// # Ok::<(), tilebase_lookup::Error>(())
    /// ```
    pub fn verify_with(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> Report {
        let header = self.header();
        let (table_crc32, all_counts, violations) = self.check_entries(progress);
        let last = all_counts.iter().rposition(|&c| c != 0).unwrap_or(0);
        let counts = all_counts[..=last].to_vec();
        let first_bad = if violations == 0 {
            None
        } else {
            self.first_wrong_entry()
        };
        Report {
            table_crc32,
            checksum_ok: table_crc32 == header.table_crc32,
            counts_ok: counts == header.counts,
            counts,
            violations,
            first_bad,
        }
    }

    /// One pass over the table on every core: its checksum, how many entries hold each value,
    /// and how many break the local invariant.
    fn check_entries(&self, progress: &(dyn Fn(u64, u64) + Sync)) -> (u32, [u64; 256], u64) {
        let table = self.table();
        let goal = self.goal();
        // What the threads need, without the storage, which need not be shareable.
        let check = Check {
            table,
            board: self.board(),
            parity: goal.parity(),
            goal_index: goal.index(),
            max: self.max_distance(),
            metric: self.metric(),
        };
        let total = table.len() as u32;
        let batch = total.div_ceil(BATCHES).max(MIN_BATCH);
        let batches = total.div_ceil(batch);
        let threads = thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(batches as usize);
        let next_batch = AtomicU32::new(0);
        let checked = AtomicU64::new(0);
        // Each thread takes the next batch of consecutive entries until none is left: an even
        // share of the work however busy each core is, and a tally that is a sum, the same
        // however the batches fell.
        let work = || {
            let mut tally = Tally {
                counts: [0; 256],
                violations: 0,
            };
            loop {
                let b = next_batch.fetch_add(1, Ordering::Relaxed);
                if b >= batches {
                    return tally;
                }
                let start = b * batch;
                let end = start.saturating_add(batch).min(total);
                check.range(start..end, &mut tally);
                let done = checked.fetch_add(u64::from(end - start), Ordering::Relaxed);
                progress(done + u64::from(end - start), u64::from(total));
            }
        };
        let (table_crc32, tallies) = thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .filter_map(|_| thread::Builder::new().spawn_scoped(scope, work).ok())
                .collect();
            let table_crc32 = table_checksum(table);
            let mut tallies = vec![work()];
            for helper in helpers {
                tallies.push(helper.join().unwrap_or_else(|e| panic::resume_unwind(e)));
            }
            (table_crc32, tallies)
        });
        let mut counts = [0u64; 256];
        let mut violations = 0;
        for tally in tallies {
            for (sum, count) in counts.iter_mut().zip(tally.counts) {
                *sum += count;
            }
            violations += tally.violations;
        }
        (table_crc32, counts, violations)
    }

    /// The first entry that differs from the true distance, recomputed from the goal.
    fn first_wrong_entry(&self) -> Option<BadEntry> {
        let (board, goal, table) = (self.board(), self.goal(), self.table());
        let mut truth = vec![UNREACHED; table.len()];
        truth[goal.index() as usize] = 0;
        let mut queue = VecDeque::from([goal]);
        while let Some(state) = queue.pop_front() {
            let next_distance = truth[state.index() as usize] + 1;
            for (_, next) in state.slides(self.metric()) {
                let slot = &mut truth[next.index() as usize];
                if *slot == UNREACHED {
                    *slot = next_distance;
                    queue.push_back(next);
                }
            }
        }
        let index = table.iter().zip(&truth).position(|(a, b)| a != b)?;
        Some(BadEntry {
            index: index as u32,
            state: State::from_index(board, goal.parity(), index as u32)?,
            found: table[index],
            expected: truth[index],
        })
    }
}

/// The table and what checking an entry needs.
struct Check<'a> {
    table: &'a [u8],
    board: Board,
    /// The parity half the table covers.
    parity: Parity,
    goal_index: u32,
    /// The largest distance, by the header.
    max: u8,
    metric: Metric,
}

impl Check<'_> {
    /// Counts the values and the states that break the local invariant among the entries
    /// `range`, into `tally`.
    fn range(&self, range: Range<u32>, tally: &mut Tally) {
        let &Check {
            table,
            board,
            parity,
            goal_index,
            max,
            metric,
        } = self;
        if let Some(part) = table.get(range.start as usize..range.end as usize) {
            for &d in part {
                tally.counts[usize::from(d)] += 1;
            }
        }
        let walk = Walk::new(board, parity, range.clone());
        if walk.len() != range.len() || table.len() != board.states() as usize {
            // Not a table of this board (opening refuses such a file): every entry is wrong.
            tally.violations += range.len() as u64;
            return;
        }
        let mut violations = 0;
        walk.visit(|cursor| {
            let index = cursor.index();
            let d = table[index as usize];
            let ok = d <= max
                && if index == goal_index {
                    d == 0
                } else {
                    // Every neighbour's index is a state's, below the table's length.
                    let mut closest = u8::MAX;
                    cursor.for_each_neighbour_index(metric, |n| {
                        closest = closest.min(table[n as usize]);
                    });
                    d > 0 && closest == d - 1
                };
            violations += u64::from(!ok);
        });
        tally.violations += violations;
    }
}
