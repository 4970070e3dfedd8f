//! How much the service takes and does at once: the bounds on bodies, batches, time and work.

use std::time::Duration;

/// The largest request body taken: 1 MiB. Larger ones are answered 413.
pub const MAX_BODY: usize = 1 << 20;

/// The longest a request may take, building a missing database included.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// The most states one POST may ask about.
pub const MAX_STATES: usize = 10_000;

/// The most states one POST may ask about on a board answered by search: each is a search
/// (five with `hint`).
pub const MAX_SEARCHED_STATES: usize = 100;

/// The most states one `/api/random` may draw.
pub const MAX_COUNT: usize = 10_000;

/// Batches larger than this are answered in a blocking thread rather than on the runtime's.
pub const INLINE_STATES: usize = 64;

/// Large batches answered at once, per core.
pub const BATCHES_PER_CORE: usize = 4;

/// The default of `--max-nodes`: more than the 7-8 files need for any 4x4 state known (the
/// slowest, issue 28's 70-move position `0,15,8,3,12,11,7,4,14,10,6,5,9,13,2,1`, takes 170
/// million on one core; the 80-move ones about 13 million), within the request's minute.
pub const DEFAULT_MAX_NODES: u64 = 250_000_000;

/// The default of `--seconds`: a state's bounds past 25 cells within a few seconds, a dozen
/// of them within the request's minute.
pub const DEFAULT_SECONDS: f64 = 5.0;

/// After a build failed, questions that need its files are answered with its error for this
/// long; the next one after that tries again.
pub const RETRY_FAILED: Duration = Duration::from_secs(30);

/// Boards whose tables are this large or larger make heavy work: a build takes seconds and
/// hundreds of megabytes, a scan of the whole table (random, stats) a large part of a second.
/// Only the 12-cell boards (239,500,800 states) are; 5x2's 1,814,400 take milliseconds.
pub const HEAVY_STATES: u64 = 1 << 24;

/// The cores of this machine.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
