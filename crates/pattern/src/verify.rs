//! Checking a pattern database's stored values against values computed again.
//!
//! A full table can be proven by a local rule, because each state has its own entry: the goal
//! at 0, every other state with a neighbour one closer and none closer. A pattern database
//! stores one value per placement, the least over the blank's regions, and the regions'
//! own distances are not stored; a move out of the region that achieves the least can change
//! the value by more than one, so no rule over neighbouring placements alone decides whether a
//! value is right. Verification therefore searches again and compares every placement.

use crate::pattern::Pattern;
use crate::table::PatternValues;

/// The first placement whose stored value differs from the value searched again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternFault {
    /// Its rank.
    pub rank: u64,
    /// Its tiles' cells, in the pattern's order.
    pub cells: Vec<u8>,
    /// The value stored.
    pub found: u32,
    /// The value searched again.
    pub expected: u32,
}

/// Compares every placement's stored value with `expected` (one per placement, in rank order),
/// on up to `threads` threads, telling `progress` how many placements are done (from each
/// thread, in any order). Returns the first differing placement in rank order, if any.
pub fn compare_values(
    pattern: &Pattern,
    stored: &PatternValues<'_>,
    expected: &[u8],
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Option<PatternFault> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    let total = pattern.placements().min(expected.len() as u64);
    const BATCH: u64 = 1 << 18;
    let next = AtomicU64::new(0);
    let first = Mutex::new(None::<PatternFault>);
    let work = || {
        loop {
            let start = next.fetch_add(BATCH, Ordering::Relaxed);
            if start >= total {
                return;
            }
            let known = first
                .lock()
                .map_or(u64::MAX, |f| f.as_ref().map_or(u64::MAX, |f| f.rank));
            if start > known {
                return;
            }
            let end = (start + BATCH).min(total);
            // The batch's placements in order, each decoded from the one before.
            let mut walk = crate::Odometer::new(pattern, start);
            for rank in start..end {
                let found = stored.value(rank, walk.manhattan());
                let want = u32::from(expected[rank as usize]);
                if found != want {
                    if let Ok(mut f) = first.lock()
                        && f.as_ref().is_none_or(|old| old.rank > rank)
                    {
                        *f = Some(PatternFault {
                            rank,
                            cells: walk.cells().to_vec(),
                            found,
                            expected: want,
                        });
                    }
                    break;
                }
                walk.advance();
            }
            progress(end);
        }
    };
    if threads <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads.min(64) {
                scope.spawn(work);
            }
        });
    }
    first.into_inner().ok().flatten()
}
