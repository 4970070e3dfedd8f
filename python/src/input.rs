//! The arguments as Python passes them, read as `query` and `random` read their flags, with the
//! same messages when they are refused.

use std::borrow::Cow;
use std::ops::RangeInclusive;

use tilebase_core::{Board, Metric, Path, State, StateError};

/// A state or goal as given: a string, or a sequence of ints. Both are read with `query`'s
/// rules and refused in its words: a sequence as if written `[6,0,3,...]`. The common cases (a
/// string of digits, a sequence of small ints) are read without the general parser, and the
/// message that shows the input is made only when there is one to give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A string, as typed.
    Text(String),
    /// A sequence of ints, each from 0 to 255.
    Small(Vec<u8>),
    /// A sequence of ints, some outside 0 to 255, each written in decimal.
    Ints(Vec<String>),
    /// A sequence far longer than any board's state: its length, and its first values for
    /// the message.
    TooMany(usize, Vec<String>),
}

impl Given {
    /// A state given as a string.
    pub fn text(text: &str) -> Given {
        Given::Text(text.to_string())
    }

    /// A state given as a sequence of ints.
    pub fn sequence(values: &[Int]) -> Given {
        let small: Option<Vec<u8>> = values
            .iter()
            .map(|v| match v {
                Int::Small(n) => u8::try_from(*n).ok(),
                Int::Big(_) => None,
            })
            .collect();
        match small {
            Some(cells) => Given::Small(cells),
            None => Given::Ints(values.iter().map(Int::to_string).collect()),
        }
    }

    /// A sequence of `count` values, far more than any board has cells; `first` are some of
    /// them, for the message.
    pub fn too_many(count: usize, first: &[Int]) -> Given {
        Given::TooMany(count, first.iter().map(Int::to_string).collect())
    }

    /// How a message shows the input: a string quoted as `query` quotes it, a sequence as
    /// Python writes it, at most 60 characters either way.
    pub fn shown(&self) -> String {
        let list = |values: &mut dyn Iterator<Item = String>| {
            shorten(&format!("[{}]", values.collect::<Vec<_>>().join(", ")))
        };
        match self {
            Given::Text(text) => quote(text),
            Given::Small(cells) => list(&mut cells.iter().map(u8::to_string)),
            Given::Ints(values) => list(&mut values.iter().cloned()),
            Given::TooMany(_, first) => shorten(&format!("[{}, ...]", first.join(", "))),
        }
    }

    /// The state on `board`, or why not.
    fn state_on(&self, board: Board) -> Result<State, StateError> {
        match self {
            Given::Text(text) => State::parse(board, text),
            // The same checks as the parser's for the cells it reads, and the same messages,
            // except for no cells at all, which the parser calls empty.
            Given::Small(cells) if !cells.is_empty() => State::new(board, cells),
            Given::TooMany(found, _) => Err(StateError::WrongCellCount {
                found: *found,
                board,
            }),
            // One value alone would be read as a string of digits: it is one cell.
            _ if self.is_one_value() => Err(StateError::WrongCellCount { found: 1, board }),
            _ => State::parse(board, &self.as_text()),
        }
    }

    /// The state, on the board its cells name, or why not: as `query` reads `--goal` alone.
    fn state_anywhere(&self) -> Result<State, StateError> {
        let fast = match self {
            Given::Text(text) => Board::from_cell_count(text.len())
                .and_then(|board| State::from_digits(board, text.as_bytes())),
            Given::Small(cells) => {
                Board::from_cell_count(cells.len()).and_then(|board| State::new(board, cells).ok())
            }
            Given::TooMany(cells, _) => return Err(StateError::NoBoard { cells: *cells }),
            Given::Ints(_) => None,
        };
        if fast.is_none() && self.is_one_value() {
            return Err(StateError::NoBoard { cells: 1 });
        }
        match fast {
            Some(state) => Ok(state),
            None => self.as_text().parse(),
        }
    }

    /// Whether this is a sequence of exactly one value.
    pub(crate) fn is_one_value(&self) -> bool {
        match self {
            Given::Small(cells) => cells.len() == 1,
            Given::Ints(values) => values.len() == 1,
            _ => false,
        }
    }

    /// The text the parser reads.
    pub(crate) fn as_text(&self) -> Cow<'_, str> {
        let list = |values: Vec<String>| Cow::Owned(format!("[{}]", values.join(",")));
        match self {
            Given::Text(text) => Cow::Borrowed(text),
            Given::Small(cells) => list(cells.iter().map(u8::to_string).collect()),
            Given::Ints(values) => list(values.clone()),
            Given::TooMany(..) => Cow::Borrowed(""),
        }
    }
}

/// An int of a sequence: one that fits in 64 bits, or any other, in decimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Int {
    /// From -2^63 to 2^63 - 1.
    Small(i64),
    /// Any other, as Python writes it.
    Big(String),
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Int::Small(n) => n.fmt(f),
            Int::Big(digits) => f.write_str(digits),
        }
    }
}

/// Shortens what a user typed for a message, as `query` does: at most 60 characters, quoted and
/// escaped.
pub fn quote(input: &str) -> String {
    match input.char_indices().nth(SHOWN) {
        Some((cut, _)) => {
            let total = input.chars().count();
            format!("{:?}… ({total} characters)", &input[..cut])
        }
        None => format!("{input:?}"),
    }
}

/// The most characters of an input a message shows.
const SHOWN: usize = 60;

/// At most 60 characters of a text that needs no quotes.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A board written `WxH`.
pub fn board(text: &str) -> Result<Board, String> {
    text.parse()
        .map_err(|e| format!("board {}: {e}", quote(text)))
}

/// A metric: `stm` or `mtm`.
pub fn metric(text: &str) -> Result<Metric, String> {
    text.parse().map_err(|e| format!("metric: {e}"))
}

/// The board and goal asked for, as `query` takes `--board` and `--goal`: the board as given,
/// else read off the goal, else 3x3; the goal as given, else the board's default (123804765 on
/// 3x3, the tiles in order with the blank last elsewhere).
pub fn board_and_goal(
    board: Option<Board>,
    goal: Option<&Given>,
) -> Result<(Board, State), String> {
    let bad_goal = |given: &Given, e| format!("goal {}: {e}", given.shown());
    match (board, goal) {
        (Some(board), Some(given)) => given
            .state_on(board)
            .map(|goal| (board, goal))
            .map_err(|e| bad_goal(given, e)),
        (None, Some(given)) => given
            .state_anywhere()
            .map(|goal| (goal.board(), goal))
            .map_err(|e| bad_goal(given, e)),
        (Some(board), None) => Ok((board, board.default_goal())),
        (None, None) => Ok((Board::THREE_BY_THREE, Board::THREE_BY_THREE.default_goal())),
    }
}

/// A state of `board`, or `query`'s message for it: the input, then the problem.
pub fn state(board: Board, given: &Given) -> Result<State, String> {
    given
        .state_on(board)
        .map_err(|e| format!("{}: {e}", given.shown()))
}

/// The distances asked for, as `random --distance` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distances {
    /// From the first to the second, both included.
    Range(u8, u8),
    /// The goal's radius, whatever it is.
    Max,
}

impl Distances {
    /// `20`, `20..25` (or `20..=25`), or `max`, as `random --distance` reads them.
    pub fn parse(text: &str) -> Result<Distances, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("max") {
            return Ok(Distances::Max);
        }
        let number = |s: &str| {
            s.trim().parse::<u8>().map_err(|_| {
                format!(
                    "{text:?}: a distance is a number from 0 to 255, a range like 20..25, or max"
                )
            })
        };
        match text.split_once("..") {
            None => number(text).map(|d| Distances::Range(d, d)),
            Some((from, to)) => {
                let (from, to) = (number(from)?, number(to.strip_prefix('=').unwrap_or(to))?);
                if from > to {
                    return Err(format!(
                        "{text:?}: the range is empty ({from} is above {to})"
                    ));
                }
                Ok(Distances::Range(from, to))
            }
        }
    }

    /// The distances, for a goal of radius `max`; refused as `random` refuses them when no
    /// state is that far from `goal`.
    pub fn resolve(
        self,
        max: u8,
        goal: &State,
        metric: Metric,
    ) -> Result<RangeInclusive<u8>, String> {
        let (from, to) = match self {
            Distances::Range(from, to) => (from, to),
            Distances::Max => (max, max),
        };
        if from > max {
            let asked = if from == to {
                from.to_string()
            } else {
                format!("{from} to {to}")
            };
            return Err(format!(
                "no state is at distance {asked}: the farthest states from goal {goal} are {max} \
                 moves away ({metric})"
            ));
        }
        Ok(from..=to)
    }
}

/// A solution as `query` writes it: the letters, in the multi-tile metric with a space between
/// moves (a run of one letter is one move).
pub fn moves_text(path: &Path, metric: Metric) -> String {
    match metric {
        Metric::Single => path.to_string(),
        Metric::Multi => path
            .slides(metric)
            .iter()
            .map(|slide| {
                slide
                    .direction
                    .letter()
                    .to_string()
                    .repeat(slide.cells.into())
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_refused_with_querys_words() {
        let board = Board::THREE_BY_THREE;
        assert_eq!(
            state(board, &Given::text("12345678")).unwrap_err(),
            "\"12345678\": 8 cells, but a 3x3 board has 9"
        );
        assert_eq!(
            state(board, &Given::text("12a")).unwrap_err(),
            "\"12a\": stray character 'a' at column 3"
        );
        let cells =
            |v: &[i64]| Given::sequence(&v.iter().map(|&c| Int::Small(c)).collect::<Vec<_>>());
        assert_eq!(
            state(board, &cells(&[1, 2, 3])).unwrap_err(),
            "[1, 2, 3]: 3 cells, but a 3x3 board has 9"
        );
        assert_eq!(
            state(board, &cells(&[1, 2, 3, 4, 5, 6, 7, 8, -1])).unwrap_err(),
            "[1, 2, 3, 4, 5, 6, 7, 8, -1]: value -1 is out of range: a 3x3 board has tiles 0 to 8"
        );
        let big = "1".repeat(40);
        let huge = Given::sequence(&[
            Int::Big(big.clone()),
            Int::Small(0),
            Int::Small(2),
            Int::Small(3),
        ]);
        assert_eq!(
            state("2x2".parse().unwrap(), &huge).unwrap_err(),
            format!("[{big}, 0, 2, 3]: value {big} is out of range: a 2x2 board has tiles 0 to 3")
        );
        let long: Vec<i64> = (0..30).collect();
        assert_eq!(
            state(board, &cells(&long)).unwrap_err(),
            "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1…: 30 cells, but a 3x3 \
             board has 9"
        );
        // One value is one cell, however many digits it has.
        assert_eq!(
            state(board, &cells(&[11])).unwrap_err(),
            "[11]: 1 cell, but a 3x3 board has 9"
        );
        assert_eq!(
            state(board, &Given::sequence(&[Int::Small(300)])).unwrap_err(),
            "[300]: 1 cell, but a 3x3 board has 9"
        );
        assert_eq!(
            board_and_goal(None, Some(&Given::sequence(&[Int::Small(-5)]))).unwrap_err(),
            "goal [-5]: 1 cell: no board has that many (boards have 4 to 12 cells)"
        );
        assert_eq!(
            state(board, &cells(&[1, 2, 3, 4, 5, 6, 7, 8, 8])).unwrap_err(),
            "[1, 2, 3, 4, 5, 6, 7, 8, 8]: tile 8 appears twice (no blank, 0)"
        );
        assert_eq!(
            state(board, &cells(&[6, 0, 3, 7, 1, 2, 4, 5, 8]))
                .unwrap()
                .to_string(),
            "603712458"
        );
        let many: Vec<Int> = (0..65).map(Int::Small).collect();
        let too_many = Given::too_many(1000, &many);
        assert_eq!(
            state(board, &too_many).unwrap_err(),
            "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1…: 1000 cells, but a 3x3 \
             board has 9"
        );
        assert_eq!(
            board_and_goal(None, Some(&too_many)).unwrap_err(),
            "goal [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1…: 1000 cells: no \
             board has that many (boards have 4 to 12 cells)"
        );
        assert_eq!(
            quote(&"7".repeat(70)),
            format!("{:?}… (70 characters)", "7".repeat(60))
        );
    }

    /// The fast paths (a string of digits, a sequence of small ints) read what the parser
    /// reads, and refuse what it refuses in the same words: over seeded random sequences of
    /// every length to 13, of values 0 to 12 and a few repeated, for known boards and with the
    /// board read off the cells.
    #[test]
    fn the_fast_paths_answer_as_the_parser_does() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        let boards: Vec<Board> = ["2x2", "3x2", "3x3", "4x3"]
            .iter()
            .map(|b| b.parse().unwrap())
            .collect();
        for _ in 0..20_000 {
            let len = next(14) as usize;
            let mut cells: Vec<u8> = (0..len as u8).collect();
            for i in (1..len).rev() {
                cells.swap(i, next(i as u64 + 1) as usize);
            }
            if len > 0 && next(3) == 0 {
                cells[next(len as u64) as usize] = next(13) as u8;
            }
            let ints: Vec<Int> = cells.iter().map(|&c| Int::Small(c.into())).collect();
            let fast = Given::sequence(&ints);
            let slow = Given::Ints(ints.iter().map(Int::to_string).collect());
            let digits: String = cells.iter().map(|c| c.to_string()).collect();
            let text = Given::text(&digits);
            assert!(matches!(fast, Given::Small(_)));
            for &board in &boards {
                assert_eq!(
                    state(board, &fast),
                    state(board, &slow),
                    "{cells:?} {board}"
                );
                let parsed = State::parse(board, &digits).map_err(|e| format!("{:?}: {e}", digits));
                assert_eq!(state(board, &text), parsed, "{digits} {board}");
            }
            let anywhere = |g: &Given| board_and_goal(None, Some(g));
            assert_eq!(anywhere(&fast), anywhere(&slow), "{cells:?}");
            let parsed = digits
                .parse::<State>()
                .map(|s| (s.board(), s))
                .map_err(|e| format!("goal {:?}: {e}", digits));
            assert_eq!(anywhere(&text), parsed, "{digits}");
        }
    }

    #[test]
    fn boards_goals_and_metrics_are_read_as_query_reads_them() {
        let (b, g) = board_and_goal(None, None).unwrap();
        assert_eq!(
            (b.to_string(), g.to_string()),
            ("3x3".into(), "123804765".into())
        );
        let (b, g) = board_and_goal(Some(board("3x2").unwrap()), None).unwrap();
        assert_eq!(
            (b.to_string(), g.to_string()),
            ("3x2".into(), "123450".into())
        );
        let (b, g) = board_and_goal(None, Some(&Given::text("12/34/50"))).unwrap();
        assert_eq!(
            (b.to_string(), g.to_string()),
            ("2x3".into(), "123450".into())
        );
        assert_eq!(
            board_and_goal(None, Some(&Given::text("123450"))).unwrap_err(),
            "goal \"123450\": 6 cells fit both 3x2 and 2x3: name the board, or write the rows with /"
        );
        assert_eq!(
            board("5x5").unwrap_err(),
            "board \"5x5\": 5x5: at most 12 cells are supported"
        );
        assert_eq!(metric("MTM"), Ok(Metric::Multi));
        assert_eq!(
            metric("fast").unwrap_err(),
            "metric: \"fast\" is not a metric: stm (single-tile moves) or mtm (multi-tile moves)"
        );
    }

    #[test]
    fn distances_are_read_as_random_reads_them() {
        assert_eq!(Distances::parse("20"), Ok(Distances::Range(20, 20)));
        assert_eq!(Distances::parse("20..25"), Ok(Distances::Range(20, 25)));
        assert_eq!(Distances::parse("20..=25"), Ok(Distances::Range(20, 25)));
        assert_eq!(Distances::parse(" MAX "), Ok(Distances::Max));
        assert_eq!(
            Distances::parse("25..20").unwrap_err(),
            "\"25..20\": the range is empty (25 is above 20)"
        );
        assert_eq!(
            Distances::parse("-1").unwrap_err(),
            "\"-1\": a distance is a number from 0 to 255, a range like 20..25, or max"
        );
        let goal: State = "123804765".parse().unwrap();
        assert_eq!(
            Distances::Max.resolve(30, &goal, Metric::Single),
            Ok(30..=30)
        );
        assert_eq!(
            Distances::Range(31, 40)
                .resolve(30, &goal, Metric::Single)
                .unwrap_err(),
            "no state is at distance 31 to 40: the farthest states from goal 123804765 are 30 \
             moves away (stm)"
        );
    }

    #[test]
    fn solutions_are_written_as_query_writes_them() {
        let path: Path = "DDLURR".parse().unwrap();
        assert_eq!(moves_text(&path, Metric::Single), "DDLURR");
        assert_eq!(moves_text(&path, Metric::Multi), "DD L U RR");
        assert_eq!(moves_text(&Path::new(), Metric::Multi), "");
    }
}
