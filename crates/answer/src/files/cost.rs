//! What building the 15-puzzle's pattern databases costs: about how long, how much memory, how
//! much disk. The one source of these figures: the programs' messages before a build and their
//! `--help`, the service's answer while it builds, and the README's table (which a test holds to
//! these figures) all say what this module says.

use std::fmt;

use tilebase_pattern::{Partition, placements};

/// Seconds per placement of a pattern, measured as whole `build-db --board 4x4 --pdb P -q`
/// processes on this project's 2-core machine when it was quiet (2026-11-30, 06:30 UTC): 7-8
/// (576,576,000 placements) 56.3, 57.3 and 57.9 s. A search step, a value and its encoding per
/// placement, for a pattern whose placements have 8 region names (8 tiles of 16 cells); each
/// name more or fewer adds or takes 1/23 of it ([`REGIONS_FROM`]; boards past 16 cells gather
/// each placement's regions as it is decoded): 5x5's 6-6-6-6 (510,048,000 placements of 19
/// names) took 75.3, 75.7 and 70.3 s the same hour. (Earlier the same day, with the
/// build two steps slower: 6-6-3 (11,534,880) 1.28 s and 5-5-5 (1,572,480) 0.21 s. On
/// 2026-11-25, slower still: 5x4's 7-7-5, 13 names, 155 s for 781,891,200; 7x2's 7-6, 7 names,
/// 3.05 s for 19,459,440.)
const SECONDS_PER_PLACEMENT: f64 = 0.098e-6;

/// The region names a placement has where [`SECONDS_PER_PLACEMENT`] was measured.
const REGIONS_FROM: f64 = 8.0;

/// Peak bytes of memory per placement of the largest pattern built, besides its search's bits:
/// its values (one byte). The search keeps two bits (in two planes, which say whether an entry
/// is in this layer, the next or an earlier one) for each of a placement's n − k region names.
/// Measured (peak resident set): 1.54 GB for 4x4's 7-8, whose 8-tile pattern has 518,918,400
/// placements of 8 region names each (1 + 2 × 8 / 8 = 3 bytes a placement); 724 MB for
/// 5x5's 6-tile patterns, 127,512,000 placements of 19 names (5.75 bytes).
const MEMORY_PER_PLACEMENT: f64 = 1.0;

/// Memory below this is not worth mentioning.
const MEMORY_SAID_FROM: u64 = 100_000_000;

/// What building some pattern files costs.
///
/// ```
/// use tilebase_answer::BuildCost;
/// use tilebase_answer::Partition;
///
/// let cost = BuildCost::of_partition(16, Partition::SEVEN_EIGHT);
/// assert_eq!(cost.to_string(), "about 57 seconds and 1.6 GB of memory");
/// assert_eq!(cost.disk(), "288 MB");
/// assert_eq!(BuildCost::of_patterns(16, &[7]).time(), "about 6 seconds");
/// assert_eq!(BuildCost::of_partition(16, Partition::FIVE_FIVE_FIVE).to_string(), "under a second");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuildCost {
    seconds: f64,
    memory: u64,
    disk: u64,
}

impl BuildCost {
    /// The cost of building the patterns of these sizes (tiles in each) on a board of `cells`
    /// cells, one after another.
    pub fn of_patterns(cells: usize, sizes: &[usize]) -> BuildCost {
        let all: u64 = sizes.iter().map(|&k| placements(cells, k)).sum();
        let memory = sizes
            .iter()
            .map(|&k| {
                let per = MEMORY_PER_PLACEMENT + 2.0 * (cells - k) as f64 / 8.0;
                (placements(cells, k) as f64 * per) as u64
            })
            .max()
            .unwrap_or(0);
        BuildCost {
            seconds: sizes
                .iter()
                .map(|&k| {
                    let regions = (cells - k) as f64;
                    placements(cells, k) as f64
                        * SECONDS_PER_PLACEMENT
                        * (1.0 + (regions - REGIONS_FROM) / 23.0)
                })
                .sum(),
            memory,
            // Two values to a byte (the halved encoding), and a header of a few kB.
            disk: all / 2,
        }
    }

    /// The cost of building relabelled tables of these numbers of states in the multi-tile
    /// metric, one after another (measured here: slidy's relabelling of the 15-puzzle and the
    /// rows, 403,603,200 states, in 53 s and 491 MB at the peak on two cores, the most of
    /// several runs; the strong tables' 1,664,863,200 in 241 s and 1.2 GB, and on 2026-11-30, with
    /// the search's two bits a state, in 183 s and 1.13 GB).
    ///
    /// ```
    /// use tilebase_answer::BuildCost;
    ///
    /// let cost = BuildCost::of_relabelled(&[151_351_200]);
    /// assert_eq!(cost.to_string(), "about 20 seconds and 303 MB of memory");
    /// assert_eq!(cost.disk(), "151 MB");
    /// ```
    pub fn of_relabelled(states: &[u64]) -> BuildCost {
        BuildCost {
            seconds: states.iter().map(|&n| n as f64 * 1.31e-7).sum(),
            memory: states.iter().map(|&n| n * 2).max().unwrap_or(0),
            disk: states.iter().sum(),
        }
    }

    /// The cost of building the pattern databases of a board past 25 cells with groups of these
    /// sizes, on a board of `cells` cells, one after another: a byte per entry (`cells^tiles`
    /// of them) on disk, and in memory the largest table's (measured: 63 MB at the peak for
    /// 6x6), at the rate measured here: 6x6's seven 5-tile tables, 423 million entries, in
    /// 29 s on two cores.
    ///
    /// ```
    /// use tilebase_answer::BuildCost;
    ///
    /// let cost = BuildCost::of_bounds(36, &[5; 7]);
    /// assert_eq!(cost.to_string(), "about 29 seconds");
    /// assert_eq!(cost.disk(), "423 MB");
    /// let cost = BuildCost::of_bounds(49, &[5; 10]);
    /// assert_eq!(cost.to_string(), "about 3 minutes and 282 MB of memory");
    /// ```
    pub fn of_bounds(cells: usize, sizes: &[usize]) -> BuildCost {
        let entries = |k: usize| (cells as u64).saturating_pow(k as u32);
        let all: u64 = sizes.iter().map(|&k| entries(k)).sum();
        BuildCost {
            seconds: all as f64 * 6.86e-8,
            memory: sizes.iter().map(|&k| entries(k)).max().unwrap_or(0),
            disk: all,
        }
    }

    /// The cost of building every file of `partition` on a board of `cells` cells.
    pub fn of_partition(cells: usize, partition: Partition) -> BuildCost {
        BuildCost::of_patterns(cells, &partition.sizes())
    }

    /// About how long, in seconds.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// About how long, in words: `under a second`, `about 2 seconds`, `about 2 minutes`.
    pub fn time(&self) -> String {
        let s = self.seconds;
        if s < 1.0 {
            "under a second".to_string()
        } else if s < 60.0 {
            let n = s.round() as u64;
            format!("about {n} second{}", if n == 1 { "" } else { "s" })
        } else if s < 100.0 {
            // To ten seconds: a build's time varies by more than that from one run to the next.
            format!("about {} seconds", (s / 10.0).round() as u64 * 10)
        } else {
            format!("about {} minutes", (s / 60.0).round() as u64)
        }
    }

    /// The peak memory in words (`2.1 GB`), when it is worth mentioning.
    pub fn memory(&self) -> Option<String> {
        (self.memory >= MEMORY_SAID_FROM).then(|| bytes(self.memory))
    }

    /// The files' size on disk: `288 MB`.
    pub fn disk(&self) -> String {
        bytes(self.disk)
    }
}

/// `2.1 GB`, `288 MB`, `786 kB`: three significant figures at most, in decimal units.
fn bytes(n: u64) -> String {
    let (value, unit) = match n {
        0..1_000_000 => (n as f64 / 1e3, "kB"),
        1_000_000..1_000_000_000 => (n as f64 / 1e6, "MB"),
        _ => (n as f64 / 1e9, "GB"),
    };
    if value < 10.0 {
        format!("{value:.1} {unit}")
    } else {
        format!("{value:.0} {unit}")
    }
}

/// `about 2 minutes and 2.1 GB of memory`, `about 2 seconds`.
impl fmt::Display for BuildCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.time())?;
        if let Some(memory) = self.memory() {
            write!(f, " and {memory} of memory")?;
        }
        Ok(())
    }
}

/// The `--pdb` flag's help, in every program that takes it: each partition with what its build
/// costs (the flag's default is the program's to add).
pub fn pdb_help() -> String {
    let [five, six, seven] = Partition::FIFTEEN.map(|p| BuildCost::of_partition(16, p));
    let twenty_four = BuildCost::of_partition(25, Partition::SIX_SIX_SIX_SIX);
    let fours = BuildCost::of_bounds(36, &[4, 4, 4, 4, 4, 4, 4, 4, 3]);
    format!(
        "The pattern databases of a board of 13 to 25 cells, built once where missing: the \
         patterns' sizes, their tiles taken in reading order, the largest pattern first \
         whatever the order given (3-5-7 is 7-5-3), or the tiles of each pattern \
         (1-6,7-12,...; each set a range, a tile or tiles joined by +). On 4x4: 7-8 (the \
         default; {} of files, {} to build), 6-6-3 ({}) or 5-5-5 ({}); on 5x5 6-6-6-6, Korf and \
         Felner's blocks ({} of files, {}); each board's default in the README. Past 25 cells \
         the same, the sizes cutting the tiles in bands of two rows (on 6x6 4-4-4-4-4-4-4-4-3: \
         {} of files, {}; default 6x6's fives, when built with build-db)",
        seven.disk(),
        seven,
        six.time(),
        five.time(),
        twenty_four.disk(),
        twenty_four,
        fours.disk(),
        fours.time(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_partition_in_words() {
        let said: Vec<(String, Option<String>, String)> = Partition::FIFTEEN
            .iter()
            .map(|&p| {
                let c = BuildCost::of_partition(16, p);
                (c.time(), c.memory(), c.disk())
            })
            .collect();
        assert_eq!(
            said,
            [
                ("under a second".into(), None, "786 kB".into()),
                ("about 1 second".into(), None, "5.8 MB".into()),
                (
                    "about 57 seconds".into(),
                    Some("1.6 GB".into()),
                    "288 MB".into()
                ),
            ]
        );
    }

    #[test]
    fn what_is_left_is_what_is_said() {
        // The 7-tile file of 7-8 alone, as after a build killed between the two files.
        assert_eq!(
            BuildCost::of_patterns(16, &[7]).to_string(),
            "about 6 seconds and 187 MB of memory"
        );
        assert_eq!(
            BuildCost::of_patterns(16, &[8]).to_string(),
            "about 51 seconds and 1.6 GB of memory"
        );
        assert_eq!(placements(16, 5), 524_160);
        assert_eq!(placements(16, 8), 518_918_400);
        assert_eq!(placements(25, 6), 127_512_000);
    }
}
