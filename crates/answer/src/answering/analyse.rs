//! Judging a solve: each move of a recorded solution against the optimal distance, as
//! speedsolvers study their solves. For each move, the distance before and after it, whether it
//! kept the solution optimal and, if not, what it cost and which moves would have been optimal.
//!
//! ```
//! use tilebase_answer::{Answers, Letters, Question, read_solution};
//!
//! # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
//! let answers = Answers::open(&Question::read_text(Some("3x3"), Some("123804765"), None, None)?)?;
//! let scramble = answers.read("123804765")?.slide(tilebase_answer::Move::Up).unwrap();
//! // One move away: the blank came from below, so it goes back down. Going left first, and
//! // back, costs 2.
//! let played = read_solution("LRD", Letters::Blank)?;
//! let analysis = answers.analyse(&scramble, &played)?;
//! assert_eq!((analysis.length, analysis.optimal, analysis.lost), (3, 1, 2));
//! assert!(!analysis.moves[0].optimal && analysis.moves[0].lost == 2);
//! assert_eq!(analysis.moves[0].better[0].to_string(), "D");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use tilebase_core::{Metric, Move, Slide};

use crate::answering::Answers;
use crate::error::Error;
use crate::question::position::Position;

/// How a solution's letters are read and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Letters {
    /// tilebase's: the direction in which the blank moves.
    #[default]
    Blank,
    /// The speedsolvers' (slidy, slidysim): the direction in which the tiles slide, the
    /// opposite of the blank's.
    Tile,
}

impl Letters {
    /// `blank` or `tile`.
    pub const fn name(self) -> &'static str {
        match self {
            Letters::Blank => "blank",
            Letters::Tile => "tile",
        }
    }

    /// The letter of a slide's direction in these letters.
    pub fn letter(self, blank: Move) -> char {
        match self {
            Letters::Blank => blank.letter(),
            Letters::Tile => blank.opposite().letter(),
        }
    }

    /// A slide written in these letters: the letter, then the number of cells when more than
    /// one (`D3`).
    pub fn write(self, slide: Slide) -> String {
        let mut out = String::with_capacity(3);
        out.push(self.letter(slide.direction));
        if slide.cells != 1 {
            out.push_str(&slide.cells.to_string());
        }
        out
    }
}

impl FromStr for Letters {
    type Err = String;

    fn from_str(s: &str) -> Result<Letters, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "blank" => Ok(Letters::Blank),
            "tile" => Ok(Letters::Tile),
            _ => Err(format!(
                "{s:?}: moves are read and written as blank (the direction the blank moves, \
                 tilebase's) or tile (the direction the tiles slide, slidy's)"
            )),
        }
    }
}

impl fmt::Display for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a solution's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolutionError {
    /// A character that is neither a move's letter, a count nor a separator.
    #[error(
        "{found:?} at column {column} is not a move: moves are the letters U, D, L, R, each optionally followed by a count (D3)"
    )]
    NotAMove {
        /// The character.
        found: char,
        /// Where, counting characters from 1.
        column: usize,
    },
    /// A count with no letter before it, or a count of 0 or over 255.
    #[error("the count at column {column} does not follow a letter, or is not 1 to 255")]
    BadCount {
        /// Where the count starts, counting characters from 1.
        column: usize,
    },
}

/// Reads a solution as speedsolvers and tilebase write it: letters `U`, `D`, `L`, `R` (either
/// case), each optionally followed by how many times it repeats (`D3R2` is `DDDRR`), with
/// spaces or commas anywhere between moves. The letters are read as `letters` says; the slides
/// returned are the blank's.
///
/// ```
/// use tilebase_answer::{Letters, read_solution};
///
/// let blank: Vec<String> = read_solution("D3R2 u", Letters::Blank)
///     .unwrap()
///     .iter()
///     .map(|s| s.to_string())
///     .collect();
/// assert_eq!(blank, ["D3", "R2", "U"]);
/// // The tiles slide down: the blank moves up.
/// assert_eq!(read_solution("D3", Letters::Tile).unwrap()[0].to_string(), "U3");
/// assert!(read_solution("D0", Letters::Blank).is_err());
/// ```
pub fn read_solution(text: &str, letters: Letters) -> Result<Vec<Slide>, SolutionError> {
    let mut slides: Vec<Slide> = Vec::new();
    // The count being read, and the column it started at.
    let mut count: Option<(u32, usize)> = None;
    let close = |slides: &mut Vec<Slide>, count: &mut Option<(u32, usize)>| {
        if let Some((n, column)) = count.take() {
            match slides.last_mut() {
                Some(last) if last.cells == 1 && (1..=255).contains(&n) => last.cells = n as u8,
                _ => return Err(SolutionError::BadCount { column }),
            }
        }
        Ok(())
    };
    for (i, ch) in text.chars().enumerate() {
        if let Some(digit) = ch.to_digit(10) {
            let (n, column) = count.unwrap_or((0, i + 1));
            count = Some((n.saturating_mul(10).saturating_add(digit), column));
            continue;
        }
        close(&mut slides, &mut count)?;
        if ch.is_whitespace() || ch == ',' {
            continue;
        }
        let Some(m) = Move::from_letter(ch) else {
            return Err(SolutionError::NotAMove {
                found: ch,
                column: i + 1,
            });
        };
        let direction = match letters {
            Letters::Blank => m,
            Letters::Tile => m.opposite(),
        };
        slides.push(Slide::one(direction));
    }
    close(&mut slides, &mut count)?;
    Ok(slides)
}

/// One move of a solve, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The move played: the blank's slide (one cell in the single-tile metric).
    pub slide: Slide,
    /// The distance before it.
    pub before: u8,
    /// The distance after it.
    pub after: u8,
    /// Whether it kept the solution optimal: it led one move closer.
    pub optimal: bool,
    /// What it cost: `after + 1 - before` (0 for an optimal move), so that the moves' losses
    /// add up to the solve's length minus the optimal length.
    pub lost: u8,
    /// The moves that would have kept the solution optimal from where it was played, in U, D,
    /// L, R order.
    pub better: Vec<Slide>,
}

/// A solve judged move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The scramble.
    pub scramble: Position,
    /// The metric the moves were counted in.
    pub metric: Metric,
    /// The solve's length, in the metric.
    pub length: usize,
    /// The scramble's optimal length.
    pub optimal: u8,
    /// Moves lost: the length minus the optimal length.
    pub lost: usize,
    /// Each move, judged.
    pub moves: Vec<Judged>,
}

impl Analysis {
    /// How many of the moves kept the solution optimal.
    pub fn optimal_moves(&self) -> usize {
        self.moves.iter().filter(|m| m.optimal).count()
    }
}

/// Why a solve could not be judged.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnalyseError {
    /// The scramble cannot reach the goal: it is of the other parity half.
    #[error("{scramble}: unsolvable: {reason}")]
    Unsolvable {
        /// The scramble (boxed, as the goal: a position holds up to 100 cells).
        scramble: Box<Position>,
        /// The goal.
        goal: Box<Position>,
        /// Why not, in words.
        reason: String,
    },
    /// A move leaves the board.
    #[error("{}", illegal(*.number, *.slide, .at, Letters::Blank))]
    Illegal {
        /// The move's number, counting from 1 in the metric.
        number: usize,
        /// The move: the blank's slide.
        slide: Slide,
        /// The position it was played from.
        at: Box<Position>,
    },
    /// The solution ends somewhere other than the goal.
    #[error("the solution ends at {end}, {distance} moves from the goal, not at the goal")]
    Unfinished {
        /// Where it ends.
        end: Box<Position>,
        /// How far that is from the goal.
        distance: u8,
    },
    /// The answers themselves failed (a damaged file, a search over its limit).
    #[error(transparent)]
    Answers(#[from] Error),
    /// The solution's text could not be read.
    #[error(transparent)]
    Solution(#[from] SolutionError),
}

impl AnalyseError {
    /// Whether this is the scramble's parity, not an error: programs exit 1 for it, as
    /// `query` does for an unsolvable state.
    pub fn is_unsolvable(&self) -> bool {
        matches!(self, AnalyseError::Unsolvable { .. })
    }

    /// The message, with the move written in `letters`.
    pub fn message(&self, letters: Letters) -> String {
        match self {
            AnalyseError::Illegal { number, slide, at } => illegal(*number, *slide, at, letters),
            other => other.to_string(),
        }
    }
}

fn illegal(number: usize, slide: Slide, at: &Position, letters: Letters) -> String {
    let cells = if slide.cells == 1 {
        "1 cell".to_string()
    } else {
        format!("{} cells", slide.cells)
    };
    format!(
        "move {number} ({}) is illegal: the blank on {at} cannot move {cells} {}",
        letters.write(slide),
        direction_word(slide.direction)
    )
}

fn direction_word(m: Move) -> &'static str {
    match m {
        Move::Up => "up",
        Move::Down => "down",
        Move::Left => "left",
        Move::Right => "right",
    }
}

impl Answers {
    /// Judges `solution` (the blank's slides, as [`read_solution`] reads them) played from
    /// `scramble`, each move in the answers' metric: in the single-tile metric a slide of n
    /// cells is n moves, in the multi-tile metric one. Every distance is exact; on a board
    /// answered by search the scramble costs a search, and each position a search per move
    /// from it (in the single-tile metric one iteration of IDA* each).
    pub fn analyse(
        &self,
        scramble: &Position,
        solution: &[Slide],
    ) -> Result<Analysis, AnalyseError> {
        let metric = self.metric();
        if let Some(reason) = scramble.unsolvable_reason(self.goal()) {
            return Err(AnalyseError::Unsolvable {
                scramble: Box::new(*scramble),
                goal: Box::new(*self.goal()),
                reason,
            });
        }
        let played: Vec<Slide> = match metric {
            Metric::Single => solution
                .iter()
                .flat_map(|s| std::iter::repeat_n(Slide::one(s.direction), usize::from(s.cells)))
                .collect(),
            Metric::Multi => solution.to_vec(),
        };
        // Every move is legal before any distance is looked up: an illegal one is named at once.
        let mut at = *scramble;
        for (i, slide) in played.iter().enumerate() {
            at = slid(&at, *slide).ok_or_else(|| AnalyseError::Illegal {
                number: i + 1,
                slide: *slide,
                at: Box::new(at),
            })?;
        }
        if at != *self.goal() {
            let distance = self.distance(&at)?.unwrap_or(0);
            return Err(AnalyseError::Unfinished {
                end: Box::new(at),
                distance,
            });
        }
        let mut moves = Vec::with_capacity(played.len());
        let mut now = *scramble;
        // Each position's distance is the one its move led to: on a board answered by search,
        // only the scramble's is searched for, and each move's neighbours.
        let mut known: Option<u8> = None;
        for slide in &played {
            let hints = match known {
                Some(distance) => self.hints_at(&now, distance)?,
                None => self.hints(&now)?.unwrap_or_default(),
            };
            let before = hints
                .iter()
                .find(|h| h.optimal)
                .map_or(0, |h| h.distance + 1);
            let next = slid(&now, *slide).unwrap_or(now);
            let after = match hints.iter().find(|h| h.slide == *slide) {
                Some(hint) => hint.distance,
                // A slide the hints do not list (none should be missing): its own answer.
                None => self.distance(&next)?.unwrap_or(0),
            };
            known = Some(after);
            moves.push(Judged {
                slide: *slide,
                before,
                after,
                optimal: after + 1 == before,
                lost: (after + 1).saturating_sub(before),
                better: hints
                    .iter()
                    .filter(|h| h.optimal)
                    .map(|h| h.slide)
                    .collect(),
            });
            now = next;
        }
        let optimal = moves.first().map_or(0, |m| m.before);
        Ok(Analysis {
            scramble: *scramble,
            metric,
            length: played.len(),
            optimal,
            lost: played.len().saturating_sub(usize::from(optimal)),
            moves,
        })
    }
}

/// `at` after the blank slides `slide` (its cells one after another); `None` off the board.
fn slid(at: &Position, slide: Slide) -> Option<Position> {
    (0..slide.cells).try_fold(*at, |p, _| p.slide(slide.direction))
}
