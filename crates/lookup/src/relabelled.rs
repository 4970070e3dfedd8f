//! Relabelled table files (`tilebase_format::relabel`): opened, checked block by block, and
//! proven entry by entry.

use tilebase_core::Metric;
use tilebase_format::relabel::{RelabelHeader, RelabelLayout};
use tilebase_pattern::Relabelling;

use crate::CheckedFile;

/// A relabelled table file: every relabelled state's exact distance, a byte each, checked
/// against its header's block checksums when opened.
pub type RelabelledFile<D = crate::Storage> = CheckedFile<RelabelLayout, D>;

/// The first entry that breaks the rule every exact distance keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelabelFault {
    /// The entry's index.
    pub index: u32,
    /// Its labels, cell by cell.
    pub labels: Vec<u8>,
    /// What is wrong, in words.
    pub problem: String,
}

impl<D: AsRef<[u8]>> CheckedFile<RelabelLayout, D> {
    /// The relabelling.
    pub fn relabelling(&self) -> &Relabelling {
        &self.layout.relabelling
    }

    /// The metric of the distances.
    pub fn metric(&self) -> Metric {
        self.layout.metric
    }

    /// The header.
    pub fn header(&self) -> &RelabelHeader {
        &self.layout.header
    }

    /// The distances, one byte per relabelled state in index order.
    pub fn values(&self) -> &[u8] {
        self.table()
    }

    /// Proves every entry exact, on every core: the goal at 0 and no other state; every
    /// other state with a neighbour one nearer; no two neighbours more than one apart (moves
    /// can be undone, so a neighbour's distance is within one). Only exact distances keep all
    /// three. The first entry (in index order) that breaks them, if any.
    pub fn verify(&self) -> Option<RelabelFault> {
        let r = &self.layout.relabelling;
        let values = self.values();
        let metric = self.layout.metric;
        let goal = r.goal_index();
        let total = values.len();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let per = total.div_ceil(threads.max(1)).max(1);
        let check = |range: std::ops::Range<usize>| -> Option<RelabelFault> {
            let cells = r.grid().cells();
            for index in range {
                let v = values[index];
                let mut labels = r.labels_at(index as u32);
                let at_goal = index as u32 == goal;
                let mut problem = None;
                if (v == 0) != at_goal {
                    let not = if at_goal { "" } else { "not " };
                    problem = Some(format!("distance {v}, and it is {not}the goal"));
                } else {
                    let blank = labels.iter().position(|&l| l == 0).unwrap_or(0);
                    let (mut nearer, mut far) = (false, None);
                    r.for_each_neighbour(index as u32, &mut labels, blank, metric, |j| {
                        let w = values.get(j as usize).copied().unwrap_or(u8::MAX);
                        nearer |= w.wrapping_add(1) == v;
                        if w.abs_diff(v) > 1 {
                            far.get_or_insert((j, w));
                        }
                    });
                    if let Some((j, w)) = far {
                        problem = Some(format!("distance {v}, its neighbour {j} at {w}"));
                    } else if v > 0 && !nearer {
                        problem = Some(format!("distance {v}, and no neighbour at {}", v - 1));
                    }
                }
                if let Some(problem) = problem {
                    return Some(RelabelFault {
                        index: index as u32,
                        labels: labels[..cells].to_vec(),
                        problem,
                    });
                }
            }
            None
        };
        if threads <= 1 || total < 1 << 16 {
            return check(0..total);
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..total)
                .step_by(per)
                .map(|first| {
                    let check = &check;
                    (
                        first,
                        scope.spawn(move || check(first..(first + per).min(total))),
                    )
                })
                .collect();
            // A thread that failed proved nothing: its first entry is reported.
            handles
                .into_iter()
                .filter_map(|(first, h)| {
                    h.join().unwrap_or_else(|_| {
                        Some(RelabelFault {
                            index: first as u32,
                            labels: Vec::new(),
                            problem: "the thread checking from here failed".into(),
                        })
                    })
                })
                .min_by_key(|f| f.index)
        })
    }
}
