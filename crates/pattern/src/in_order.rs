//! Pieces of one iteration of IDA* shared among threads in the serial search's order: each
//! thread takes the next piece not taken, and none takes a piece past one that holds a
//! solution. The answer is the solution of the first piece, in that order, that holds one:
//! whatever the threads, the one a single thread would find. Shared by the single-tile and
//! multi-tile searches, plain (pieces cut a few moves below the root) and A*+IDA* (the pieces
//! below A*'s frontier).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// What the search of one piece found.
pub(crate) struct Piece<T> {
    /// Its solution, if it holds one.
    pub(crate) found: Option<T>,
    /// The least f beyond the bound it met.
    pub(crate) next_bound: u32,
    /// Nodes generated.
    pub(crate) nodes: u64,
    /// Whether it ran out of nodes (not stopped for an earlier piece's solution).
    pub(crate) exceeded: bool,
}

/// What the search of every piece found.
pub(crate) struct Pieces<T> {
    /// The solution of the first piece, in order, that holds one.
    pub(crate) found: Option<T>,
    /// The least f beyond the bound that any piece met.
    pub(crate) next_bound: u32,
    /// Nodes generated in all.
    pub(crate) nodes: u64,
    /// Whether the nodes ran out before every piece was searched.
    pub(crate) exceeded: bool,
}

/// Where a piece's search looks to stop early: the first piece with a solution so far, and
/// this piece's number.
pub(crate) type Stop<'a> = (&'a AtomicUsize, usize);

/// Searches pieces `0..count` on `threads` (one: on this thread), generating at most
/// `max_nodes` nodes in all: `search(i, stop, left)` searches piece `i` with at most `left`
/// nodes, and stops early once `stop.0` (the first piece with a solution so far) is below
/// `stop.1` (its own, `i`).
pub(crate) fn search_in_order<T: Send>(
    count: usize,
    threads: usize,
    max_nodes: u64,
    search: &(dyn Fn(usize, Stop<'_>, u64) -> Piece<T> + Sync),
) -> Pieces<T> {
    let nodes = AtomicU64::new(0);
    let best = AtomicUsize::new(usize::MAX);
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::new());
    let next_bound = Mutex::new(u32::MAX);
    let exceeded = AtomicBool::new(false);
    let work = || {
        let mut my_bound = u32::MAX;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count || best.load(Ordering::Relaxed) < i {
                break;
            }
            let spent = nodes.load(Ordering::Relaxed);
            if spent > max_nodes {
                exceeded.store(true, Ordering::Relaxed);
                break;
            }
            let piece = search(i, (&best, i), max_nodes - spent);
            nodes.fetch_add(piece.nodes, Ordering::Relaxed);
            my_bound = my_bound.min(piece.next_bound);
            if let Some(solution) = piece.found {
                best.fetch_min(i, Ordering::Relaxed);
                lock(&found).push((i, solution));
            }
            if piece.exceeded {
                exceeded.store(true, Ordering::Relaxed);
                break;
            }
        }
        let mut b = lock(&next_bound);
        *b = (*b).min(my_bound);
    };
    if threads <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort_by_key(|(i, _)| *i);
    Pieces {
        found: found.into_iter().next().map(|(_, solution)| solution),
        next_bound: next_bound.into_inner().unwrap_or_else(|e| e.into_inner()),
        nodes: nodes.into_inner(),
        exceeded: exceeded.into_inner(),
    }
}

/// The lock's contents, even when a thread panicked holding it.
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
