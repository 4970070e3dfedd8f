//! How long a search may go on: a time and a count of nodes, whichever runs out first.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

/// The time and nodes one state's bounds may take. Both are limits; `None` and `u64::MAX` mean
/// none. With neither, the lower bound is raised until it meets the solution, which on a large
/// board can take longer than anyone waits.
///
/// ```
/// use std::time::Duration;
/// use tilebase_bounds::Budget;
///
/// let budget = Budget::seconds(2.5);
/// assert_eq!(budget.time, Some(Duration::from_millis(2500)));
/// assert_eq!(Budget::nodes(1000).max_nodes, 1000);
/// assert!(Budget::ZERO.is_zero());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The longest the search may take.
    pub time: Option<Duration>,
    /// The most nodes it may generate.
    pub max_nodes: u64,
}

impl Budget {
    /// No search at all: the heuristic alone bounds the length, and no solution is sought.
    pub const ZERO: Budget = Budget {
        time: Some(Duration::ZERO),
        max_nodes: 0,
    };

    /// No limit: the search goes on until the bounds meet.
    pub const UNLIMITED: Budget = Budget {
        time: None,
        max_nodes: u64::MAX,
    };

    /// At most `seconds` (clamped to 0 and up to a year; not-a-number is none).
    pub fn seconds(seconds: f64) -> Budget {
        let seconds = if seconds.is_nan() { 0.0 } else { seconds };
        Budget {
            time: Some(Duration::from_secs_f64(seconds.clamp(0.0, 3.2e7))),
            max_nodes: u64::MAX,
        }
    }

    /// At most `max_nodes` nodes.
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            time: None,
            max_nodes,
        }
    }

    /// Whether nothing at all may be spent.
    pub fn is_zero(&self) -> bool {
        self.max_nodes == 0 || self.time == Some(Duration::ZERO)
    }

    /// The share `fraction` (0 to 1) of this budget.
    pub(crate) fn share(&self, fraction: f64) -> Budget {
        Budget {
            time: self.time.map(|t| t.mul_f64(fraction)),
            max_nodes: match self.max_nodes {
                u64::MAX => u64::MAX,
                n => (n as f64 * fraction) as u64,
            },
        }
    }
}

/// A budget being spent: counts nodes and reads the clock now and then.
pub(crate) struct Clock<'a> {
    deadline: Option<Instant>,
    max_nodes: u64,
    /// Nodes generated so far.
    pub(crate) nodes: u64,
    /// The count at which the clock is read next.
    next_check: u64,
    out: bool,
    /// Flags that, once set by another thread, end the clock too.
    stops: [Option<&'a AtomicBool>; 2],
}

/// Nodes between readings of the clock: a few hundred microseconds of search.
const CHECK_EVERY: u64 = 1 << 13;

impl<'a> Clock<'a> {
    /// Starts spending `budget` now; `stop`, when set by another thread, ends it too.
    pub(crate) fn start(budget: Budget, stop: Option<&'a AtomicBool>) -> Clock<'a> {
        Clock {
            deadline: budget.time.and_then(|t| Instant::now().checked_add(t)),
            max_nodes: budget.max_nodes,
            nodes: 0,
            next_check: 0,
            out: budget.is_zero(),
            stops: [stop, None],
        }
    }

    /// This clock, ended as well when `stop` is set.
    pub(crate) fn or_stop(mut self, stop: &'a AtomicBool) -> Clock<'a> {
        self.stops[1] = Some(stop);
        self
    }

    /// A clock for part of the work: `budget` from now, within this clock's deadline and
    /// stop. Its nodes are added back by the caller.
    pub(crate) fn sub(&self, budget: Budget) -> Clock<'a> {
        let mut sub = Clock::start(budget, None);
        sub.stops = self.stops;
        sub.deadline = match (sub.deadline, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        sub.max_nodes = sub.max_nodes.min(self.max_nodes.saturating_sub(self.nodes));
        sub.out |= self.out;
        sub
    }

    /// What is left of the budget.
    pub(crate) fn remaining(&self) -> Budget {
        Budget {
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            max_nodes: match self.max_nodes {
                u64::MAX => u64::MAX,
                n => n.saturating_sub(self.nodes),
            },
        }
    }

    /// Counts one node; `false` once the budget is spent.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        if self.out {
            return false;
        }
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check();
        }
        !self.out
    }

    /// Whether the budget is spent (without counting a node).
    pub(crate) fn is_out(&mut self) -> bool {
        self.check();
        self.out
    }

    #[cold]
    fn check(&mut self) {
        self.next_check =
            self.nodes + CHECK_EVERY.min(self.max_nodes.saturating_sub(self.nodes).max(1));
        if self.nodes > self.max_nodes
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stops
                .iter()
                .flatten()
                .any(|s| s.load(Ordering::Relaxed))
        {
            self.out = true;
        }
    }
}
