//! Partitions of a board's tiles into disjoint patterns, as `--pdb` names them: by the patterns'
//! sizes (`7-8`, `6-6-6-6`), each board's default, or tile by tile (`1-6,7-12,13-18,19-24`).

use std::fmt;
use std::str::FromStr;

use crate::grid::Grid;
use crate::pattern::{MAX_PATTERN_TILES, MAX_PLACEMENTS, placements};
use crate::solve::MAX_PATTERNS;
use tilebase_core::{MAX_BOARD_CELLS, MAX_CELLS};

/// The most patterns a partition read from text has: 99 tiles of 10x10 in patterns of two.
/// Boards of up to 25 cells take at most [`MAX_PATTERNS`] ([`Partition::check`]).
pub const MAX_PARTITION_PATTERNS: usize = MAX_BOARD_CELLS / 2;

/// A partition of the tiles into disjoint patterns: named by its patterns' sizes (the goal's
/// tiles in reading order cut into runs of those sizes, or on 5x5 Korf and Felner's blocks), or
/// given tile by tile.
///
/// ```
/// use tilebase_pattern::{Grid, Partition};
///
/// let four = Grid::new(4, 4).unwrap();
/// let goal: Vec<u8> = (1..16).chain([0]).collect();
/// assert_eq!(
///     Partition::SEVEN_EIGHT.tiles(&four, &goal),
///     [vec![1, 2, 3, 4, 5, 6, 7, 8], vec![9, 10, 11, 12, 13, 14, 15]]
/// );
/// let given: Partition = "1+2+5+6,3-4+7-8,9-15".parse()?;
/// assert_eq!(given.tiles(&four, &goal)[1], [3, 4, 7, 8]);
/// assert_eq!(given.to_string(), "1-2+5-6,3-4+7-8,9-15");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Partition {
    /// The patterns' sizes, for a partition named by them; zeros after the last.
    sizes: [u8; MAX_PARTITION_PATTERNS],
    /// For a partition given tile by tile, the pattern of each tile, from 1 (0 for the blank
    /// and tiles past the board); all zeros for one named by sizes.
    of: [u8; MAX_BOARD_CELLS],
}

/// Korf and Felner's four 6-tile patterns of the 24-puzzle, for the goal 1,2,...,24,0 (their
/// goal, the blank first, turned half a turn): 2x3 and 3x2 blocks around the blank's corner.
const KORF_FELNER: [[u8; 6]; 4] = [
    [13, 14, 15, 19, 20, 24],
    [16, 17, 18, 21, 22, 23],
    [1, 2, 6, 7, 11, 12],
    [3, 4, 5, 8, 9, 10],
];

impl Partition {
    /// The 15-puzzle's strongest: 8 and 7 tiles, its two halves of rows.
    pub const SEVEN_EIGHT: Partition = Partition::sized(&[8, 7]);
    /// Six, six and three tiles.
    pub const SIX_SIX_THREE: Partition = Partition::sized(&[6, 6, 3]);
    /// Three patterns of five tiles.
    pub const FIVE_FIVE_FIVE: Partition = Partition::sized(&[5, 5, 5]);
    /// The 24-puzzle's: four patterns of six tiles, Korf and Felner's blocks for a goal with
    /// the blank in a corner.
    pub const SIX_SIX_SIX_SIX: Partition = Partition::sized(&[6, 6, 6, 6]);

    /// The 15-puzzle's partitions, weakest first.
    pub const FIFTEEN: [Partition; 3] = [
        Partition::FIVE_FIVE_FIVE,
        Partition::SIX_SIX_THREE,
        Partition::SEVEN_EIGHT,
    ];

    /// The partition of patterns of `sizes` (at most [`MAX_PARTITION_PATTERNS`]), the largest
    /// first whatever their order: `7-8` and `8-7` are one partition, its 8 tiles taken first.
    pub const fn sized(sizes: &[u8]) -> Partition {
        let mut out = [0u8; MAX_PARTITION_PATTERNS];
        let mut i = 0;
        while i < sizes.len() && i < MAX_PARTITION_PATTERNS {
            // Inserted in place, largest first.
            let mut j = i;
            while j > 0 && out[j - 1] < sizes[i] {
                out[j] = out[j - 1];
                j -= 1;
            }
            out[j] = sizes[i];
            i += 1;
        }
        Partition {
            sizes: out,
            of: [0; MAX_BOARD_CELLS],
        }
    }

    /// The default partition of a board of `cells` cells (13 to 25, or 16 for 4x4): the
    /// strongest whose files build in about a minute or two, with 5x5's Korf and Felner's.
    /// Boards are answered in their tall form (no wider than high), whose rows are short, so
    /// that the runs of tiles in reading order are compact blocks.
    pub const fn default_for(cells: usize) -> Partition {
        match cells {
            14 => Partition::sized(&[7, 6]),
            15 => Partition::sized(&[7, 7]),
            16 => Partition::SEVEN_EIGHT,
            18 => Partition::sized(&[7, 7, 3]),
            20 => Partition::sized(&[7, 7, 5]),
            21 => Partition::sized(&[7, 7, 6]),
            22 => Partition::sized(&[6, 6, 6, 3]),
            24 => Partition::sized(&[6, 6, 6, 5]),
            25 => Partition::SIX_SIX_SIX_SIX,
            _ => Partition::sized(&[5, 5, 5]),
        }
    }

    /// Whether it was given tile by tile.
    pub fn is_explicit(&self) -> bool {
        self.of.iter().any(|&p| p != 0)
    }

    /// The number of patterns.
    pub fn len(&self) -> usize {
        if self.is_explicit() {
            usize::from(self.of.iter().copied().max().unwrap_or(0))
        } else {
            self.sizes.iter().take_while(|&&s| s != 0).count()
        }
    }

    /// Whether it has no pattern (never, once read).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tiles in each pattern, in the partition's order.
    pub fn sizes(&self) -> Vec<usize> {
        if self.is_explicit() {
            (1..=self.len() as u8)
                .map(|p| self.of.iter().filter(|&&q| q == p).count())
                .collect()
        } else {
            self.sizes[..self.len()].iter().map(|&s| s.into()).collect()
        }
    }

    /// The tiles of each pattern for `goal` on `grid`, each in increasing order. Given tile by
    /// tile, the tiles as given; named by sizes, the goal's tiles in reading order (the blank
    /// skipped) cut into runs of those sizes, so that each pattern's home is a block of rows,
    /// except on 5x5 with the blank in a corner and four patterns of six, Korf and Felner's
    /// blocks. Check it first with [`Self::check`].
    pub fn tiles(&self, grid: &Grid, goal: &[u8]) -> Vec<Vec<u8>> {
        if let Some(given) = self.given_tiles() {
            return given;
        }
        if *self == Partition::SIX_SIX_SIX_SIX && (grid.width(), grid.height()) == (5, 5) {
            // Korf and Felner's blocks, turned with the blank's corner onto cell 24.
            let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
            let turn: Option<fn(usize) -> usize> = match blank {
                24 => Some(|c| c),
                0 => Some(|c| 24 - c),
                // A quarter turn each way: cell 24 onto 4, and onto 20.
                4 => Some(|c| (4 - c % 5) * 5 + c / 5),
                20 => Some(|c| (c % 5) * 5 + 4 - c / 5),
                _ => None,
            };
            if let Some(turn) = turn {
                return KORF_FELNER
                    .iter()
                    .map(|block| {
                        let mut tiles: Vec<u8> = block
                            .iter()
                            .map(|&t| goal[turn(usize::from(t) - 1)])
                            .collect();
                        tiles.sort_unstable();
                        tiles
                    })
                    .collect();
            }
        }
        let mut tiles = goal.iter().copied().filter(|&t| t != 0);
        self.sizes()
            .iter()
            .map(|&n| {
                let mut part: Vec<u8> = tiles.by_ref().take(n).collect();
                part.sort_unstable();
                part
            })
            .collect()
    }

    /// The tiles of each pattern of a partition given tile by tile, each in increasing order;
    /// `None` for one named by sizes.
    pub fn given_tiles(&self) -> Option<Vec<Vec<u8>>> {
        self.is_explicit().then(|| {
            (1..=self.len() as u8)
                .map(|p| {
                    (1..MAX_BOARD_CELLS as u8)
                        .filter(|&t| self.of[usize::from(t)] == p)
                        .collect()
                })
                .collect()
        })
    }

    /// Whether it partitions the tiles of a board of `cells` cells into patterns small enough
    /// to build: every tile 1 to `cells` − 1 in exactly one pattern, each of at most
    /// [`MAX_PATTERN_TILES`] tiles; up to 25 cells at most [`MAX_PATTERNS`] patterns of at most
    /// [`MAX_PLACEMENTS`] placements, past 25 cells (tables indexed by each tile's cell) at most
    /// 2^32 entries, `cells` to the power of the tiles.
    pub fn check(&self, cells: usize) -> Result<(), String> {
        if cells < 2 {
            return Err(format!("a board of {cells} cells has no tile to partition"));
        }
        let sizes = self.sizes();
        if self.is_explicit() {
            if let Some(t) = self.of[cells.min(MAX_BOARD_CELLS)..]
                .iter()
                .position(|&p| p != 0)
            {
                return Err(format!(
                    "tile {} is not on a board of {cells} cells (tiles 1 to {})",
                    t + cells,
                    cells - 1
                ));
            }
            if let Some(t) = (1..cells).find(|&t| self.of[t] == 0) {
                return Err(format!(
                    "tile {t} is in no pattern: each tile must be in one"
                ));
            }
            if let Some(p) = (1..=self.len()).find(|&p| sizes[p - 1] == 0) {
                return Err(format!("pattern {p} is empty"));
            }
        } else {
            let total: usize = sizes.iter().sum();
            if total != cells - 1 {
                return Err(format!(
                    "patterns of {} tiles make {total}, but the board has {} tiles",
                    self,
                    cells - 1
                ));
            }
        }
        if cells <= MAX_CELLS && sizes.len() > MAX_PATTERNS {
            return Err(format!(
                "{} patterns: boards of up to {MAX_CELLS} cells take at most {MAX_PATTERNS}",
                sizes.len()
            ));
        }
        let fits = |k: usize| {
            k <= MAX_PATTERN_TILES
                && if cells <= MAX_CELLS {
                    placements(cells, k) <= MAX_PLACEMENTS
                } else {
                    (cells as u64)
                        .checked_pow(k as u32)
                        .is_some_and(|entries| entries <= 1 << 32)
                }
        };
        if let Some(&k) = sizes.iter().find(|&&k| !fits(k)) {
            let most = (1..=MAX_PATTERN_TILES)
                .rev()
                .find(|&k| fits(k))
                .unwrap_or(1);
            return Err(format!(
                "a pattern of {k} tiles on {cells} cells is too large to build (at most {most} \
                 tiles)"
            ));
        }
        Ok(())
    }

    /// The partition with each tile renamed by `rename` (a partition given tile by tile;
    /// one named by sizes is unchanged).
    pub fn renamed(&self, rename: impl Fn(u8) -> u8) -> Partition {
        if !self.is_explicit() {
            return *self;
        }
        let mut of = [0u8; MAX_BOARD_CELLS];
        for t in 1..MAX_BOARD_CELLS as u8 {
            let p = self.of[usize::from(t)];
            if p != 0 {
                of[usize::from(rename(t)) % MAX_BOARD_CELLS] = p;
            }
        }
        Partition { of, ..*self }
    }

    /// Its name, as `--pdb` takes it: `7-8`, or the tiles of each pattern (`1-3+7,4-6,...`).
    pub fn name(&self) -> String {
        self.to_string()
    }
}

impl Default for Partition {
    /// The 15-puzzle's default, 7-8.
    fn default() -> Partition {
        Partition::SEVEN_EIGHT
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_explicit() {
            // The largest first, but 7-8, as the field names the 15-puzzle's.
            if *self == Partition::SEVEN_EIGHT {
                return f.write_str("7-8");
            }
            let sizes: Vec<String> = self.sizes().iter().map(usize::to_string).collect();
            return f.write_str(&sizes.join("-"));
        }
        for p in 1..=self.len() as u8 {
            if p > 1 {
                f.write_str(",")?;
            }
            let tiles: Vec<usize> = (1..MAX_BOARD_CELLS).filter(|&t| self.of[t] == p).collect();
            let mut first = true;
            let mut i = 0;
            while i < tiles.len() {
                let mut j = i;
                while j + 1 < tiles.len() && tiles[j + 1] == tiles[j] + 1 {
                    j += 1;
                }
                if !first {
                    f.write_str("+")?;
                }
                first = false;
                // One set of one run (`3-4`) would read back as sizes: its first tile is
                // written on its own (`3+4`), as the reader's "a `+`" asks.
                if self.len() == 1 && i == 0 && j == tiles.len() - 1 && j > 0 {
                    write!(f, "{}+", tiles[i])?;
                    i += 1;
                }
                match j - i {
                    0 => write!(f, "{}", tiles[i])?,
                    _ => write!(f, "{}-{}", tiles[i], tiles[j])?,
                }
                i = j + 1;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Partition({self})")
    }
}

/// What `--pdb` takes, for messages.
pub const PARTITION_HELP: &str = "the patterns' sizes (7-8, 6-6-3, 5-5-5 on 4x4; 6-6-6-6 on \
     5x5; 5-5-5-5-5-5-5 on 6x6), or the tiles of each pattern separated by commas, each a range, \
     a tile or tiles joined by + (1-6,7-12,13-18,19-24)";

impl FromStr for Partition {
    type Err = String;

    /// Sizes (`7-8`: numbers joined by `-`, no comma or `+`), or tile sets (`1-6,7-12`: at
    /// least two sets, or one with a `+`).
    fn from_str(text: &str) -> Result<Partition, String> {
        let s = text.trim();
        let refuse = |why: String| format!("{text:?}: {why}; a partition is {PARTITION_HELP}");
        if s.is_empty() {
            return Err(refuse("empty".into()));
        }
        let number = |t: &str| -> Result<usize, String> {
            t.trim()
                .parse::<usize>()
                .map_err(|_| refuse(format!("{:?} is not a number", t.trim())))
        };
        if !s.contains(',') && !s.contains('+') {
            let sizes = s.split('-').map(number).collect::<Result<Vec<_>, _>>()?;
            if sizes.len() > MAX_PARTITION_PATTERNS {
                return Err(refuse(format!("at most {MAX_PARTITION_PATTERNS} patterns")));
            }
            if let Some(&k) = sizes.iter().find(|&&k| k == 0 || k > MAX_PATTERN_TILES) {
                return Err(refuse(format!(
                    "a pattern has 1 to {MAX_PATTERN_TILES} tiles, not {k}"
                )));
            }
            let sizes: Vec<u8> = sizes.iter().map(|&k| k as u8).collect();
            return Ok(Partition::sized(&sizes));
        }
        let mut of = [0u8; MAX_BOARD_CELLS];
        let sets: Vec<&str> = s.split(',').collect();
        if sets.len() > MAX_PARTITION_PATTERNS {
            return Err(refuse(format!("at most {MAX_PARTITION_PATTERNS} patterns")));
        }
        for (p, set) in sets.iter().enumerate() {
            if set.trim().is_empty() {
                return Err(refuse(format!("pattern {} is empty", p + 1)));
            }
            for item in set.split('+') {
                let (lo, hi) = match item.split_once('-') {
                    Some((a, b)) => (number(a)?, number(b)?),
                    None => (number(item)?, number(item)?),
                };
                if lo > hi {
                    return Err(refuse(format!("{lo}-{hi} is an empty range")));
                }
                #[allow(clippy::needless_range_loop)] // t is a tile, named in the messages
                for t in lo..=hi {
                    if t == 0 || t >= MAX_BOARD_CELLS {
                        return Err(refuse(format!(
                            "tile {t} is not a tile (1 to {})",
                            MAX_BOARD_CELLS - 1
                        )));
                    }
                    if of[t] != 0 {
                        return Err(refuse(format!("tile {t} is in two patterns")));
                    }
                    of[t] = (p + 1) as u8;
                }
            }
        }
        Ok(Partition {
            sizes: [0; MAX_PARTITION_PATTERNS],
            of,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_tile_once() {
        let four = Grid::new(4, 4).unwrap();
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        for p in Partition::FIFTEEN {
            let mut all: Vec<u8> = p.tiles(&four, &goal).concat();
            all.sort_unstable();
            assert_eq!(all, (1..16).collect::<Vec<u8>>(), "{p}");
            assert_eq!(p.name().parse::<Partition>().unwrap(), p);
            assert_eq!(p.check(16), Ok(()));
        }
        assert_eq!("8-7".parse::<Partition>().unwrap().to_string(), "7-8");
        assert_eq!("3-6-6".parse::<Partition>().unwrap().to_string(), "6-6-3");
        assert_eq!(Partition::default_for(20).to_string(), "7-7-5");
        assert_eq!(
            "7-7".parse::<Partition>().unwrap().check(16),
            Err("patterns of 7-7 tiles make 14, but the board has 15 tiles".into())
        );
        for cells in [14, 15, 16, 18, 20, 21, 22, 24, 25] {
            assert_eq!(
                Partition::default_for(cells).check(cells),
                Ok(()),
                "{cells}"
            );
        }
    }

    /// Korf and Felner's blocks for their goal (the blank first) are the four sets they
    /// published, and for every corner goal they cover each tile once in blocks of six.
    #[test]
    fn five_by_five_takes_korf_and_felners_blocks() {
        let five = Grid::new(5, 5).unwrap();
        let korf: Vec<u8> = (0..25).collect();
        let mut got = Partition::SIX_SIX_SIX_SIX.tiles(&five, &korf);
        got.sort();
        let mut published = vec![
            vec![1, 5, 6, 10, 11, 12],
            vec![2, 3, 4, 7, 8, 9],
            vec![13, 14, 18, 19, 23, 24],
            vec![15, 16, 17, 20, 21, 22],
        ];
        published.sort();
        assert_eq!(got, published);
        for blank in [0, 4, 20, 24] {
            let mut goal: Vec<u8> = (1..25).collect();
            goal.insert(blank, 0);
            let parts = Partition::SIX_SIX_SIX_SIX.tiles(&five, &goal);
            let mut all = parts.concat();
            all.sort_unstable();
            assert_eq!(all, (1..25).collect::<Vec<u8>>(), "blank on {blank}");
            // Each block is a 2x3 or 3x2 rectangle of the goal's cells.
            for part in parts {
                let cells: Vec<usize> = part
                    .iter()
                    .map(|&t| goal.iter().position(|&g| g == t).unwrap())
                    .collect();
                let rows = cells.iter().map(|c| c / 5).max().unwrap()
                    - cells.iter().map(|c| c / 5).min().unwrap();
                let cols = cells.iter().map(|c| c % 5).max().unwrap()
                    - cells.iter().map(|c| c % 5).min().unwrap();
                assert!(
                    matches!((rows, cols), (1, 2) | (2, 1) | (2, 2)),
                    "{cells:?}"
                );
            }
        }
    }

    /// Found by the `partition` fuzz target: `4+3` (one set, tiles 3 and 4) was named `3-4`,
    /// which reads back as two patterns of 3 and 4 tiles.
    #[test]
    fn a_single_set_of_tiles_is_named_so_that_it_reads_back_as_itself() {
        for (typed, name) in [
            ("4+3", "3+4"),
            ("3-4+5", "3+4-5"),
            ("1-15+", ""),
            ("1+2-15", "1+2-15"),
            ("2+5", "2+5"),
        ] {
            match typed.parse::<Partition>() {
                Ok(p) => {
                    assert_eq!(p.to_string(), name, "{typed}");
                    assert_eq!(name.parse::<Partition>(), Ok(p), "{typed}");
                }
                Err(_) => assert_eq!(name, "", "{typed}"),
            }
        }
    }

    #[test]
    fn partitions_given_tile_by_tile_are_read_and_refused_with_the_reason() {
        let p: Partition = "1-6,7-12,13-18,19-24".parse().unwrap();
        assert_eq!(p.sizes(), [6, 6, 6, 6]);
        assert_eq!(p.check(25), Ok(()));
        assert_eq!(p.to_string(), "1-6,7-12,13-18,19-24");
        let q: Partition = "1+5+6+10+11+12, 2+3+4+7+8+9,13-24".parse().unwrap();
        assert_eq!(q.to_string(), "1+5-6+10-12,2-4+7-9,13-24");
        assert_eq!(q.to_string().parse::<Partition>(), Ok(q));
        assert!(
            q.check(25).unwrap_err().contains("12 tiles"),
            "{:?}",
            q.check(25)
        );
        let err = |t: &str| t.parse::<Partition>().unwrap_err();
        assert!(err("1-6,6-12").starts_with("\"1-6,6-12\": tile 6 is in two patterns"));
        assert!(err("1-6,x").contains("\"x\" is not a number"));
        assert!(err("1-6,,7").contains("pattern 2 is empty"));
        assert!(err("0-6,7").contains("tile 0 is not a tile"));
        assert!(err("9-5").contains("a pattern has 1 to 8 tiles, not 9"));
        let missing: Partition = "1-7,8-14".parse().unwrap();
        assert_eq!(
            missing.check(16),
            Err("tile 15 is in no pattern: each tile must be in one".into())
        );
        assert_eq!(
            missing.check(9),
            Err("tile 9 is not on a board of 9 cells (tiles 1 to 8)".into())
        );
        assert_eq!(
            missing.check(0),
            Err("a board of 0 cells has no tile to partition".into())
        );
        // Past 25 cells: tiles up to 99, as many as 50 patterns, each table cells^tiles.
        let nine: Partition = "4-4-4-4-4-4-4-4-3".parse().unwrap();
        assert_eq!(nine.check(36), Ok(()));
        assert_eq!(
            nine.check(25),
            Err("patterns of 4-4-4-4-4-4-4-4-3 tiles make 35, but the board has 24 tiles".into())
        );
        assert_eq!(
            "3-3-3-3-3-3-3-2-1".parse::<Partition>().unwrap().check(25),
            Err("9 patterns: boards of up to 25 cells take at most 8".into())
        );
        let wide: Partition = "1-20,21-35".parse().unwrap();
        assert_eq!(
            wide.given_tiles().unwrap()[1],
            (21..36).collect::<Vec<u8>>()
        );
        assert_eq!(
            wide.check(36),
            Err("a pattern of 20 tiles on 36 cells is too large to build (at most 6 tiles)".into())
        );
        assert_eq!("2-2".parse::<Partition>().unwrap().given_tiles(), None);
        let pairs = [vec!["2"; 49], vec!["1"]].concat().join("-");
        assert_eq!(pairs.parse::<Partition>().unwrap().check(100), Ok(()));
        assert!(err(&format!("{pairs}-1")).contains("at most 50 patterns"));
        assert!(err("1-99,100").contains("tile 100 is not a tile (1 to 99)"));
        // Renamed, as into a goal's class.
        let renamed = "1-2,3".parse::<Partition>().unwrap().renamed(|t| 4 - t);
        assert_eq!(renamed.to_string(), "2-3,1");
    }
}
