//! Distributions too large to count here, as published: the 15-puzzle's, whose
//! 10,461,394,944,000 states no table of ours holds. `stats --board 4x4` gives them, cited.

use crate::question::position::Position;
use tilebase_core::Board;
use tilebase_core::Metric;

/// How many 15-puzzle states lie at each distance, in single-tile moves, from a goal whose
/// blank is in a corner (every such goal: renaming tiles and turning the board keep
/// distances). OEIS A089484 (Hugo Pfoertner, 2003; the complete table, n = 0..80, from Herman
/// Jamke, 2006), first computed by Korf and Schultze's large-scale parallel breadth-first
/// search ("Large-Scale Parallel Breadth-First Search", AAAI 2005). The counts add up to
/// 16!/2, the radius is 80 and 17 states lie there (tests check all three, and the first
/// distances against a breadth-first search of ours).
pub const FIFTEEN_FROM_A_CORNER: [u64; 81] = [
    1,
    2,
    4,
    10,
    24,
    54,
    107,
    212,
    446,
    946,
    1948,
    3938,
    7808,
    15544,
    30821,
    60842,
    119000,
    231844,
    447342,
    859744,
    1637383,
    3098270,
    5802411,
    10783780,
    19826318,
    36142146,
    65135623,
    116238056,
    204900019,
    357071928,
    613926161,
    1042022040,
    1742855397,
    2873077198,
    4660800459,
    7439530828,
    11668443776,
    17976412262,
    27171347953,
    40271406380,
    58469060820,
    83099401368,
    115516106664,
    156935291234,
    208207973510,
    269527755972,
    340163141928,
    418170132006,
    500252508256,
    581813416256,
    657076739307,
    719872287190,
    763865196269,
    784195801886,
    777302007562,
    742946121222,
    683025093505,
    603043436904,
    509897148964,
    412039723036,
    317373604363,
    232306415924,
    161303043901,
    105730020222,
    65450375310,
    37942606582,
    20696691144,
    10460286822,
    4961671731,
    2144789574,
    868923831,
    311901840,
    104859366,
    29592634,
    7766947,
    1508596,
    272198,
    26638,
    3406,
    70,
    17,
];

/// Where [`FIFTEEN_FROM_A_CORNER`] comes from, as `stats` cites it.
pub const FIFTEEN_SOURCE: &str = "published: OEIS A089484 (complete table by H. Jamke); \
                                  Korf and Schultze, AAAI 2005";

/// A distribution as published, and its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Published {
    /// `counts[d]`: the states at distance `d`.
    pub counts: &'static [u64],
    /// Where it was published.
    pub source: &'static str,
}

/// The published distribution of distances to `goal` in `metric`, where one is known and no
/// table holds it: the 15-puzzle's in single-tile moves, from a goal with its blank in a
/// corner.
pub fn published(goal: &Position, metric: Metric) -> Option<Published> {
    if goal.board() != Board::FOUR_BY_FOUR || metric != Metric::Single {
        return None;
    }
    let blank = goal.cells().iter().position(|&t| t == 0)?;
    [0, 3, 12, 15].contains(&blank).then_some(Published {
        counts: &FIFTEEN_FROM_A_CORNER,
        source: FIFTEEN_SOURCE,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The shipped counts are the test data's transcription, add up to 16!/2, end at 80 with
    /// 17 states, and their first distances are those of a breadth-first search written here.
    #[test]
    fn the_fifteen_puzzles_distribution_is_the_published_one_and_adds_up() {
        assert_eq!(
            FIFTEEN_FROM_A_CORNER.to_vec(),
            tilebase_testdata::fifteen_distances()
        );
        let states: u64 = (1..=16u64).product::<u64>() / 2;
        assert_eq!(FIFTEEN_FROM_A_CORNER.iter().sum::<u64>(), states);
        assert_eq!(
            (FIFTEEN_FROM_A_CORNER.len(), FIFTEEN_FROM_A_CORNER[80]),
            (81, 17)
        );

        // Breadth-first from 1,...,15,0, each state 16 cells of 4 bits.
        let goal: u64 = (0..15u64).map(|c| (c + 1) << (4 * c)).sum();
        let mut seen: HashSet<u64> = HashSet::from([goal]);
        let mut layer = vec![goal];
        for (d, &expected) in FIFTEEN_FROM_A_CORNER.iter().enumerate().take(19).skip(1) {
            let mut next = Vec::new();
            for &s in &layer {
                let blank = (0..16).find(|&c| (s >> (4 * c)) & 15 == 0).unwrap();
                let (r, c) = (blank / 4, blank % 4);
                let near = [
                    (r > 0).then(|| blank - 4),
                    (r < 3).then(|| blank + 4),
                    (c > 0).then(|| blank - 1),
                    (c < 3).then(|| blank + 1),
                ];
                for to in near.into_iter().flatten() {
                    let tile = (s >> (4 * to)) & 15;
                    let moved = s - (tile << (4 * to)) + (tile << (4 * blank));
                    if seen.insert(moved) {
                        next.push(moved);
                    }
                }
            }
            assert_eq!(next.len() as u64, expected, "distance {d}");
            layer = next;
        }
    }

    #[test]
    fn published_for_the_fifteen_puzzle_with_the_blank_in_a_corner_only() {
        let board = Board::FOUR_BY_FOUR;
        let at = |cells: &[u8]| Position::new(board, cells).unwrap();
        let default: Vec<u8> = (1..16).chain([0]).collect();
        let korf: Vec<u8> = (0..16).collect();
        let inside: Vec<u8> = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].to_vec();
        assert!(published(&at(&default), Metric::Single).is_some());
        assert!(published(&at(&korf), Metric::Single).is_some());
        assert!(published(&at(&inside), Metric::Single).is_none());
        assert!(published(&at(&default), Metric::Multi).is_none());
    }
}
