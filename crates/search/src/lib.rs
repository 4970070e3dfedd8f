//! The search algorithms of the source articles, written independently of the tablebase: their
//! own packed positions, successor function and goal test. Each returns the path it found and
//! what it cost: nodes expanded, nodes generated, the peak size of its frontier, and the time.
//!
//! They serve two purposes: as independent judges of the table (tests check that every optimal
//! algorithm finds a path exactly as long as the table's distance), and as a teaching tool that
//! shows what the table saves (`compare`).
//!
//! ```
//! use tilebase_search::{Algorithm, Budget, search};
//!
//! let start = "283104765".parse()?;
//! let goal = "123804765".parse()?;
//! let outcome = search(Algorithm::AstarManhattan, &start, &goal, Budget::default())?;
//! assert_eq!(outcome.path.unwrap().to_string(), "ULDR");
//! assert!(outcome.stats.expanded < 10);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod astar;
mod bfs;
mod dfs;
mod idastar;
mod space;

use std::fmt;
use std::time::{Duration, Instant};

use tilebase_core::{Board, Path, State, Unsolvable};

use space::Space;

/// An algorithm of the source articles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// Breadth-first search from the start.
    Bfs,
    /// Breadth-first search from both ends, a layer at a time from the smaller frontier.
    BidirectionalBfs,
    /// A* with the number of misplaced tiles.
    AstarMisplaced,
    /// A* with the Manhattan distance.
    AstarManhattan,
    /// A* with the Manhattan distance plus linear conflicts.
    AstarLinearConflict,
    /// Iterative-deepening A* with the Manhattan distance.
    IdastarManhattan,
    /// Depth-first search with a stack, a visited set and a depth limit: finds a legal path,
    /// rarely an optimal one.
    Dfs {
        /// The deepest it goes.
        max_depth: u32,
    },
}

impl Algorithm {
    /// Every optimal algorithm: their paths are as short as possible.
    pub const OPTIMAL: [Algorithm; 6] = [
        Algorithm::Bfs,
        Algorithm::BidirectionalBfs,
        Algorithm::AstarMisplaced,
        Algorithm::AstarManhattan,
        Algorithm::AstarLinearConflict,
        Algorithm::IdastarManhattan,
    ];

    /// The name `compare` prints: `bfs`, `bidirectional-bfs`, `astar-misplaced`,
    /// `astar-manhattan`, `astar-linear-conflict`, `idastar-manhattan`, `dfs`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::BidirectionalBfs => "bidirectional-bfs",
            Algorithm::AstarMisplaced => "astar-misplaced",
            Algorithm::AstarManhattan => "astar-manhattan",
            Algorithm::AstarLinearConflict => "astar-linear-conflict",
            Algorithm::IdastarManhattan => "idastar-manhattan",
            Algorithm::Dfs { .. } => "dfs",
        }
    }

    /// Whether its paths are always optimal.
    pub const fn is_optimal(self) -> bool {
        !matches!(self, Algorithm::Dfs { .. })
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How much work a search may do before it gives up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// The most nodes it may expand.
    pub max_expanded: u64,
}

impl Default for Budget {
    /// Enough for every algorithm to finish on any 3x3 state: the hardest 3x3 cases expand a
    /// few million nodes (IDA* re-expands, DFS revisits), far below this.
    fn default() -> Budget {
        Budget {
            max_expanded: 100_000_000,
        }
    }
}

/// What a search cost.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors generated, including those already seen.
    pub generated: u64,
    /// The largest the frontier grew: the open queue, heap or stack; for IDA*, the deepest path.
    pub peak_frontier: u64,
    /// Time taken, setup included.
    pub elapsed: Duration,
}

impl Stats {
    fn peak(&mut self, frontier: usize) {
        self.peak_frontier = self.peak_frontier.max(frontier as u64);
    }
}

/// A search's result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The path found, or `None` when the search gave up: its budget ran out, or (DFS) the goal
    /// is deeper than its depth limit.
    pub path: Option<Path>,
    /// What it cost.
    pub stats: Stats,
}

impl Outcome {
    /// Whether the search gave up without a path.
    pub fn gave_up(&self) -> bool {
        self.path.is_none()
    }
}

/// A start a search cannot run from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// Start and goal are on different boards.
    #[error("the start is a {start} state and the goal a {goal} state")]
    WrongBoard {
        /// The start's board.
        start: Board,
        /// The goal's board.
        goal: Board,
    },
    /// The start cannot reach the goal: recognised at once by parity, before any search.
    #[error("unsolvable: {0}")]
    Unsolvable(#[from] Unsolvable),
}

/// Runs `algorithm` from `start` to `goal`.
pub fn search(
    algorithm: Algorithm,
    start: &State,
    goal: &State,
    budget: Budget,
) -> Result<Outcome, SearchError> {
    let (space, started) = prepare(start, goal)?;
    let from = space::pack(start);
    let (path, mut stats) = match algorithm {
        Algorithm::Bfs => bfs::bfs(&space, from, budget),
        Algorithm::BidirectionalBfs => bfs::bidirectional(&space, from, budget),
        Algorithm::AstarMisplaced => astar::astar(&space, from, budget, |n| space.misplaced(n)),
        Algorithm::AstarManhattan => astar::astar(&space, from, budget, |n| space.manhattan(n)),
        Algorithm::AstarLinearConflict => {
            astar::astar(&space, from, budget, |n| space.linear_conflict(n))
        }
        Algorithm::IdastarManhattan => idastar::idastar(&space, from, budget),
        Algorithm::Dfs { max_depth } => dfs::dfs(&space, from, max_depth, budget),
    };
    stats.elapsed = started.elapsed();
    Ok(Outcome { path, stats })
}

/// A* with a heuristic of the caller's, such as a database's exact distance (with which A*
/// walks straight down: it expands `d + 1` nodes). The heuristic must never overestimate for
/// the path to be optimal.
pub fn astar_with(
    start: &State,
    goal: &State,
    budget: Budget,
    mut heuristic: impl FnMut(&State) -> u32,
) -> Result<Outcome, SearchError> {
    let (space, started) = prepare(start, goal)?;
    let (path, mut stats) = astar::astar(&space, space::pack(start), budget, |n| {
        heuristic(&space.state(n))
    });
    stats.elapsed = started.elapsed();
    Ok(Outcome { path, stats })
}

fn prepare(start: &State, goal: &State) -> Result<(Space, Instant), SearchError> {
    let started = Instant::now();
    if start.board() != goal.board() {
        return Err(SearchError::WrongBoard {
            start: start.board(),
            goal: goal.board(),
        });
    }
    start.check_solvable(goal)?;
    Ok((Space::new(goal), started))
}
