//! Full verification of a database: the checksum, and that the table is exactly the distance
//! function, checked independently of how it was built.
//!
//! The check is local: the goal is at 0, and every other state has a neighbour exactly one closer
//! and none closer (neighbours in the database's metric: one move away). That is enough. Descending
//! one step at a time from any state reaches a 0 in exactly its entry's number of moves, and only
//! the goal is at 0, so no entry is below the true distance; and along a shortest path each entry
//! exceeds the next by at most one, so none is above it. The check never consults the builder, only
//! the table and the moves.

use std::collections::VecDeque;

use tilebase_core::State;
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
    pub fn verify(&self) -> Report {
        let table = self.table();
        let header = self.header();
        let table_crc32 = table_checksum(table);

        let mut all_counts = vec![0u64; 256];
        for &d in table {
            all_counts[usize::from(d)] += 1;
        }
        let last = all_counts.iter().rposition(|&c| c != 0).unwrap_or(0);
        let counts = all_counts[..=last].to_vec();

        let violations = self.count_violations();
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

    /// The number of states whose entry breaks the local invariant.
    fn count_violations(&self) -> u64 {
        let (board, goal, table) = (self.board(), self.goal(), self.table());
        let (max, metric) = (self.max_distance(), self.metric());
        let mut violations = 0;
        for (index, &d) in (0u32..).zip(table) {
            let ok = d <= max
                && match State::from_index(board, goal.parity(), index) {
                    Some(state) if state == goal => d == 0,
                    Some(state) => {
                        let closest = state
                            .slides(metric)
                            .map(|(_, n)| table[n.index() as usize])
                            .min();
                        d > 0 && closest == Some(d - 1)
                    }
                    None => false,
                };
            violations += u64::from(!ok);
        }
        violations
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
