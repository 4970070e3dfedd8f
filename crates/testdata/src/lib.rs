//! Golden values for tests, read from `tests/data/` (see `tests/data/facts.txt` for their
//! sources). A test-only crate: every other crate lists it under `[dev-dependencies]`.
#![forbid(unsafe_code)]

use tilebase_core::{Board, State};

const FACTS: &str = include_str!("../../../tests/data/facts.txt");
const ANTIPODES_123804765: &str = include_str!("../../../tests/data/antipodes-123804765.txt");

/// How many states lie at each distance from a goal.
#[derive(Debug, Clone)]
pub struct Distribution {
    /// The goal; its board is the board.
    pub goal: State,
    /// `counts[d]` states at distance `d`.
    pub counts: Vec<u64>,
}

/// A start state and its known answer.
#[derive(Debug, Clone)]
pub struct Case {
    /// The goal.
    pub goal: State,
    /// The start.
    pub state: State,
    /// The optimal distance, or `None` when the start cannot reach the goal.
    pub distance: Option<u8>,
    /// The number of optimal solutions, where published.
    pub solutions: Option<u64>,
}

/// A published mean optimal distance.
#[derive(Debug, Clone)]
pub struct Mean {
    /// The goal.
    pub goal: State,
    /// The mean, as published (six decimals).
    pub mean: f64,
}

fn records(kind: &'static str) -> impl Iterator<Item = &'static str> {
    FACTS
        .lines()
        .filter_map(move |line| line.strip_prefix(kind)?.strip_prefix(' '))
}

fn state(board: Board, text: &str) -> State {
    State::parse(board, text).unwrap_or_else(|e| panic!("facts.txt: {text:?}: {e}"))
}

/// Every published distribution, 12-cell boards included (239,500,800 states each).
pub fn distributions() -> Vec<Distribution> {
    records("distribution")
        .map(|rest| {
            let (head, counts) = rest.rsplit_once(':').expect("distribution has ':'");
            let (board, goal) = head.split_once(' ').expect("board and goal");
            let board: Board = board.parse().expect("board");
            Distribution {
                goal: state(board, goal),
                counts: counts
                    .split_whitespace()
                    .map(|c| c.parse().expect("count"))
                    .collect(),
            }
        })
        .collect()
}

/// Every published mean distance.
pub fn means() -> Vec<Mean> {
    records("mean")
        .map(|rest| {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let board: Board = fields[0].parse().expect("board");
            Mean {
                goal: state(board, fields[1]),
                mean: fields[2].parse().expect("mean"),
            }
        })
        .collect()
}

/// The source articles' cases and the published extreme states, solvable or not.
pub fn cases() -> Vec<Case> {
    let solvable = records("case").map(|rest| {
        let fields: Vec<&str> = rest.split_whitespace().collect();
        Case {
            goal: fields[0].parse().expect("goal"),
            state: fields[1].parse().expect("state"),
            distance: Some(fields[2].parse().expect("distance")),
            solutions: fields.get(3).map(|n| n.parse().expect("solutions")),
        }
    });
    let unsolvable = records("unsolvable").map(|rest| {
        let fields: Vec<&str> = rest.split_whitespace().collect();
        Case {
            goal: fields[0].parse().expect("goal"),
            state: fields[1].parse().expect("state"),
            distance: None,
            solutions: None,
        }
    });
    solvable.chain(unsolvable).collect()
}

/// The 148 states at distance 30, the maximum, from goal 123804765 (computed independently;
/// see `tests/data/facts.txt`).
pub fn antipodes_123804765() -> Vec<State> {
    ANTIPODES_123804765
        .lines()
        .map(|line| line.parse().expect("antipode"))
        .collect()
}

/// Bad 3x3 states, each with what it is and the message it must get: (what, input, message).
pub const BAD_STATES: &[(&str, &str, &str)] = &[
    (
        "empty line",
        "",
        "empty: a state lists its cells row by row, like 123804765",
    ),
    (
        "only spaces",
        "   \t ",
        "empty: a state lists its cells row by row, like 123804765",
    ),
    (
        "too few cells",
        "12345678",
        "8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)",
    ),
    (
        "too many cells",
        "1234567801",
        "10 cells, but a 3x3 board has 9 (10 cells make a 5x2 or 2x5 board)",
    ),
    (
        "a repeated tile",
        "123456781",
        "tile 1 appears twice (no blank, 0)",
    ),
    (
        "no blank",
        "1 2 3 4 5 6 7 8 8",
        "tile 8 appears twice (no blank, 0)",
    ),
    ("two blanks", "120456780", "two blanks (tile 3 is missing)"),
    (
        "a value out of range",
        "123456789",
        "value 9 is out of range: a 3x3 board has tiles 0 to 8",
    ),
    (
        "a negative number",
        "1 2 3 4 5 6 7 8 -3",
        "value -3 is out of range: a 3x3 board has tiles 0 to 8",
    ),
    ("letters", "12345678x", "stray character 'x' at column 9"),
    (
        "unicode digits",
        "１２３４５６７８０",
        "stray character '１' at column 1",
    ),
    (
        "arabic-indic digits",
        "١٢٣٤٥٦٧٨٠",
        "stray character '١' at column 1",
    ),
    (
        "a mix of separators",
        "1,2 3,4,5,6,7,8,0",
        "commas and spaces both separate cells (column 4): use one or the other",
    ),
    (
        "an unclosed bracket",
        "[1,2,3,4,5,6,7,8,0",
        "'[' is never closed with ']'",
    ),
    (
        "ragged rows",
        "1234/567/80",
        "row 1 has 4 cells, but a 3x3 board's rows have 3",
    ),
    (
        "a tab-separated huge number",
        "1\t2\t3\t4\t5\t6\t7\t8\t99999999999999999999999",
        "value 99999999999999999999999 is out of range: a 3x3 board has tiles 0 to 8",
    ),
];

const KORF100: &str = include_str!("../../../tests/data/korf100.txt");
const FIFTEEN_7_8: &str = include_str!("../../../tests/data/fifteen-7-8.txt");

/// Korf's 100 random 15-puzzle instances, goal `0,1,...,15` (the blank first), each with its
/// optimal length: the tile on each cell, row by row, and the length. In file order.
pub fn korf100() -> Vec<([u8; 16], u8)> {
    positions(KORF100)
        .map(|(cells, length, _)| (cells, length))
        .collect()
}

/// The lines of a file of 15-puzzle positions, comments and blank lines aside: the cells
/// (comma-separated, row by row), the length after them, and the count after that if the
/// line has one.
fn positions(text: &str) -> impl Iterator<Item = ([u8; 16], u8, Option<u64>)> + '_ {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split(' ');
            let cells = words.next().expect("the cells");
            let mut out = [0u8; 16];
            let values: Vec<u8> = cells
                .split(',')
                .map(|v| v.parse().expect("a tile"))
                .collect();
            out.copy_from_slice(&values);
            let length = words.next().expect("a length");
            let count = words.next().map(|c| c.trim().parse().expect("a count"));
            (out, length.trim().parse().expect("a length"), count)
        })
}

const KORF50: &str = include_str!("../../../tests/data/korf50.txt");

/// One of Korf and Felner's 50 random 24-puzzle instances.
#[derive(Debug, Clone)]
pub struct Korf50 {
    /// Its number, 1 to 50.
    pub number: u32,
    /// The cells, row by row, for the goal `0,1,...,24`.
    pub cells: [u8; 25],
    /// The optimal length, as published.
    pub length: u8,
    /// The nodes IDA* with Korf and Felner's 6-6-6-6 databases and their reflection generated.
    pub nodes: u64,
}

/// Korf and Felner's 50 instances of the 24-puzzle (Artificial Intelligence 134, 2002), with
/// their optimal lengths and the nodes their solver generated, from `tests/data/korf50.txt`.
pub fn korf50() -> Vec<Korf50> {
    KORF50
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            Korf50 {
                number: fields[0].parse().expect("a number"),
                cells: cells_of(fields[1]),
                length: fields[2].parse().expect("a length"),
                nodes: fields[3].parse().expect("a node count"),
            }
        })
        .collect()
}

const DEEPCUBEA24: &str = include_str!("../../../tests/data/deepcubea-puzzle24.tsv");

/// One of DeepCubeA's 24-puzzle test states, with what its reference solver found.
#[derive(Debug, Clone)]
pub struct DeepCubeA24 {
    /// Its index in DeepCubeA's test set (0 to 495).
    pub index: u32,
    /// The cells, row by row, for the goal `1,2,...,24,0`.
    pub cells: [u8; 25],
    /// The optimal length, as DeepCubeA's reference solver (IDA* with pattern databases) found.
    pub length: u8,
    /// The nodes that solver generated.
    pub nodes: u64,
    /// Its seconds, on its machine.
    pub seconds: f64,
    /// The length of DeepCubeA's own solution.
    pub deepcubea_length: u8,
}

/// 50 of DeepCubeA's 496 24-puzzle test states (Agostinelli et al., Nature Machine
/// Intelligence 2019), with their optimal lengths and the reference solver's nodes and
/// seconds, from `tests/data/deepcubea-puzzle24.tsv`.
pub fn deepcubea24() -> Vec<DeepCubeA24> {
    DEEPCUBEA24
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            DeepCubeA24 {
                index: fields[0].parse().expect("an index"),
                cells: cells_of(fields[1]),
                length: fields[2].parse().expect("a length"),
                nodes: fields[3].parse().expect("a node count"),
                seconds: fields[4].parse().expect("seconds"),
                deepcubea_length: fields[5].trim().parse().expect("a length"),
            }
        })
        .collect()
}

const DEEPCUBEA35: &str = include_str!("../../../tests/data/deepcubea-puzzle35.tsv");
const DEEPCUBEA48: &str = include_str!("../../../tests/data/deepcubea-puzzle48.tsv");

/// One of DeepCubeA's 35- or 48-puzzle test states: no optimal length is known, only the
/// length of DeepCubeA's solution.
#[derive(Debug, Clone)]
pub struct DeepCubeALarge {
    /// Its index in DeepCubeA's test set (0 to 499).
    pub index: u32,
    /// The cells, row by row, for the goal `1,2,...,N,0`.
    pub cells: Vec<u8>,
    /// The length of DeepCubeA's solution: an upper bound on the optimal length.
    pub deepcubea_length: u32,
}

/// 50 of DeepCubeA's 500 test states of the 35-puzzle (6x6), from
/// `tests/data/deepcubea-puzzle35.tsv`.
pub fn deepcubea35() -> Vec<DeepCubeALarge> {
    deepcubea_large(DEEPCUBEA35, 36)
}

/// 50 of DeepCubeA's 500 test states of the 48-puzzle (7x7), from
/// `tests/data/deepcubea-puzzle48.tsv`.
pub fn deepcubea48() -> Vec<DeepCubeALarge> {
    deepcubea_large(DEEPCUBEA48, 49)
}

fn deepcubea_large(text: &str, cells: usize) -> Vec<DeepCubeALarge> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let state: Vec<u8> = fields[1]
                .split(',')
                .map(|v| v.trim().parse().expect("a tile"))
                .collect();
            assert_eq!(state.len(), cells, "{line}");
            DeepCubeALarge {
                index: fields[0].parse().expect("an index"),
                cells: state,
                deepcubea_length: fields[2].trim().parse().expect("a length"),
            }
        })
        .collect()
}

/// The cells written `a,b,c,...`, exactly `N` of them.
fn cells_of<const N: usize>(text: &str) -> [u8; N] {
    let values: Vec<u8> = text
        .split(',')
        .map(|v| v.trim().parse().expect("a tile"))
        .collect();
    values.try_into().expect("a whole board's cells")
}

/// Korf's 24-puzzle goal `0,1,...,24` is tilebase's `1,2,...,24,0` turned half a turn, each
/// tile t renamed 25 − t: distances are kept.
pub fn korf50_to_default_goal(cells: &[u8; 25]) -> [u8; 25] {
    let mut out = [0u8; 25];
    for (c, &t) in cells.iter().enumerate() {
        out[24 - c] = if t == 0 { 0 } else { 25 - t };
    }
    out
}

/// The published value counts of the 15-puzzle's 7-8 pattern databases, goal `1,2,...,15,0`:
/// `counts[v]` is (placements of tiles 1-8 at value v, placements of tiles 9-15 at value v).
pub fn fifteen_7_8_counts() -> Vec<(u64, u64)> {
    FIFTEEN_7_8
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let v: Vec<u64> = l.split(' ').map(|x| x.parse().expect("a count")).collect();
            assert_eq!(v[0], i as u64, "values in order");
            (v[1], v[2])
        })
        .collect()
}

const FIFTEEN_DISTANCES: &str = include_str!("../../../tests/data/fifteen-distances.txt");

/// The 15-puzzle's states at each distance from a goal with the blank in a corner (OEIS
/// A089484, complete to its radius 80): `counts[d]`.
pub fn fifteen_distances() -> Vec<u64> {
    let mut counts = Vec::new();
    for line in FIFTEEN_DISTANCES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut words = line.split_whitespace();
        let d: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .expect("a distance");
        assert_eq!(d, counts.len(), "distances in order");
        counts.push(words.next().and_then(|w| w.parse().ok()).expect("a count"));
    }
    counts
}

const FIFTEEN_MTM: &str = include_str!("../../../tests/data/fifteen-mtm.txt");

/// 100 uniform random 15-puzzle positions (goal `1,2,...,15,0`) with their optimal lengths in
/// the multi-tile metric as slidy-cli 0.5.0 gives them, from `tests/data/fifteen-mtm.txt`: the
/// cells, row by row, and the length. In file order.
pub fn fifteen_mtm() -> Vec<([u8; 16], u8)> {
    positions(FIFTEEN_MTM)
        .map(|(cells, length, _)| (cells, length))
        .collect()
}

/// The positions of [`fifteen_mtm`] whose number of optimal multi-tile solutions is recorded
/// too (slidy-cli's `solve --metric mtm --all-optimal`, its lines counted): cells, length,
/// count.
pub fn fifteen_mtm_counts() -> Vec<([u8; 16], u8, u64)> {
    positions(FIFTEEN_MTM)
        .filter_map(|(cells, length, count)| Some((cells, length, count?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of the files is read: Korf's 100, the 100 multi-tile positions, and the ten
    /// of them with their counts of optimal solutions (the first of each as in the files).
    #[test]
    fn the_position_files_are_read_whole() {
        let korf = korf100();
        assert_eq!(korf.len(), 100);
        assert_eq!(
            korf[0],
            ([14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3], 57)
        );
        assert_eq!(fifteen_mtm().len(), 100);
        let counts = fifteen_mtm_counts();
        assert_eq!(counts.len(), 10);
        assert_eq!(
            counts[0],
            (
                [12, 1, 5, 8, 10, 6, 0, 11, 13, 4, 15, 3, 2, 14, 7, 9],
                33,
                1
            )
        );
        // DeepCubeA's 50: each a whole arrangement of 5x5's tiles, its own solution optimal
        // (as on 99.8% of the 496), the first and the lengths' sum as in the file.
        let deep = deepcubea24();
        assert_eq!(deep.len(), 50);
        assert_eq!(
            (deep[0].index, deep[0].length, deep[0].nodes),
            (1, 94, 16_401_415_465)
        );
        assert_eq!(deep.iter().map(|d| u32::from(d.length)).sum::<u32>(), 4434);
        for d in &deep {
            let mut sorted = d.cells;
            sorted.sort_unstable();
            assert!(sorted.iter().enumerate().all(|(i, &t)| usize::from(t) == i));
            assert_eq!(d.deepcubea_length, d.length, "{}", d.index);
            assert!(d.seconds > 0.0);
        }
        // The 35- and 48-puzzles' 50: whole arrangements, DeepCubeA's lengths' sums as in the
        // files.
        for (states, n, sum) in [(deepcubea35(), 36, 6180), (deepcubea48(), 49, 13008)] {
            assert_eq!(states.len(), 50);
            for s in &states {
                let mut sorted = s.cells.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>(), "{}", s.index);
            }
            assert_eq!(states.iter().map(|s| s.deepcubea_length).sum::<u32>(), sum);
        }
    }
}
