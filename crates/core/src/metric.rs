//! The two ways of counting moves, and the moves of each: slides of one tile or of a line of
//! tiles.

use std::fmt;
use std::str::FromStr;

use crate::{Board, Cursor, Move, Path, State};

/// How moves are counted.
///
/// In the single-tile metric (`stm`, the usual one and the default) a move slides one tile into
/// the blank. In the multi-tile metric (`mtm`) a move slides a whole line of tiles toward the
/// blank, in one row or column: the blank jumps over any number of cells in one direction.
///
/// ```
/// use tilebase_core::Metric;
///
/// let mtm: Metric = "mtm".parse().unwrap();
/// assert_eq!(mtm, Metric::Multi);
/// assert_eq!(mtm.to_string(), "mtm");
/// assert_eq!("xyz".parse::<Metric>().unwrap_err().to_string(),
///            "\"xyz\" is not a metric: stm (single-tile moves) or mtm (multi-tile moves)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub enum Metric {
    /// Single-tile moves: one tile slides into the blank.
    #[default]
    Single = 0,
    /// Multi-tile moves: a line of tiles slides toward the blank, as one move.
    Multi = 1,
}

impl Metric {
    /// Both metrics, the default first.
    pub const ALL: [Metric; 2] = [Metric::Single, Metric::Multi];

    /// The metric's short name: `stm` or `mtm`.
    pub const fn name(self) -> &'static str {
        match self {
            Metric::Single => "stm",
            Metric::Multi => "mtm",
        }
    }

    /// The metric stored as `code` in a file: 0 is `stm`, 1 is `mtm`.
    pub const fn from_code(code: u8) -> Option<Metric> {
        match code {
            0 => Some(Metric::Single),
            1 => Some(Metric::Multi),
            _ => None,
        }
    }

    /// The longest slide on `board`, in cells: 1 in the single-tile metric; the longer side less
    /// one in the multi-tile metric.
    pub const fn longest_slide(self, board: Board) -> u8 {
        match self {
            Metric::Single => 1,
            Metric::Multi => {
                let side = if board.width() > board.height() {
                    board.width()
                } else {
                    board.height()
                };
                side as u8 - 1
            }
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A metric's name was not `stm` or `mtm`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a metric: stm (single-tile moves) or mtm (multi-tile moves)")]
pub struct MetricError(pub String);

impl FromStr for Metric {
    type Err = MetricError;

    /// `stm` or `mtm`, in any case.
    fn from_str(text: &str) -> Result<Metric, MetricError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "stm" => Ok(Metric::Single),
            "mtm" => Ok(Metric::Multi),
            _ => Err(MetricError(text.to_string())),
        }
    }
}

/// One move in either metric: the blank moves `cells` cells in `direction` (always one cell in
/// the single-tile metric), and the tiles it passes slide the other way.
///
/// ```
/// use tilebase_core::{Move, Slide};
///
/// let slide = Slide { direction: Move::Up, cells: 2 };
/// assert_eq!(slide.to_string(), "U2");
/// assert_eq!(Slide::one(Move::Left).to_string(), "L");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Slide {
    /// The direction in which the blank moves.
    pub direction: Move,
    /// How many cells it moves: how many tiles slide.
    pub cells: u8,
}

impl Slide {
    /// A slide of one cell: a single-tile move.
    pub const fn one(direction: Move) -> Slide {
        Slide {
            direction,
            cells: 1,
        }
    }

    /// Appends the slide to a path, one letter per cell.
    pub fn push_onto(self, path: &mut Path) {
        for _ in 0..self.cells {
            path.push(self.direction);
        }
    }
}

impl fmt::Display for Slide {
    /// The letter of the direction, followed by the number of cells when more than one: `U`,
    /// `U2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.direction)?;
        if self.cells != 1 {
            write!(f, "{}", self.cells)?;
        }
        Ok(())
    }
}

impl Path {
    /// The path's moves in `metric`: in the single-tile metric every letter; in the multi-tile
    /// metric every run of one letter (a line of tiles slid at once).
    ///
    /// ```
    /// use tilebase_core::{Metric, Path};
    ///
    /// let path: Path = "UULDD".parse().unwrap();
    /// assert_eq!(path.slides(Metric::Single).len(), 5);
    /// let mtm: Vec<String> = path.slides(Metric::Multi).iter().map(|s| s.to_string()).collect();
    /// assert_eq!(mtm, ["U2", "L", "D2"]);
    /// ```
    pub fn slides(&self, metric: Metric) -> Vec<Slide> {
        let mut slides: Vec<Slide> = Vec::with_capacity(self.len());
        for &m in self.iter() {
            match slides.last_mut() {
                Some(last) if metric == Metric::Multi && last.direction == m => last.cells += 1,
                _ => slides.push(Slide::one(m)),
            }
        }
        slides
    }

    /// The number of moves the path makes in `metric`.
    pub fn moves_in(&self, metric: Metric) -> usize {
        match metric {
            Metric::Single => self.len(),
            Metric::Multi => self.slides(metric).len(),
        }
    }
}

impl State {
    /// Every state one move away in `metric`, with the move that reaches it: in U, D, L, R
    /// order, and by length within a direction.
    ///
    /// ```
    /// use tilebase_core::{Metric, State};
    ///
    /// let corner: State = "123456780".parse().unwrap();
    /// assert_eq!(corner.slides(Metric::Single).count(), 2);
    /// let moves: Vec<String> = corner.slides(Metric::Multi).map(|(s, _)| s.to_string()).collect();
    /// assert_eq!(moves, ["U", "U2", "L", "L2"]);
    /// ```
    pub fn slides(&self, metric: Metric) -> impl Iterator<Item = (Slide, State)> + '_ {
        let longest = metric.longest_slide(self.board());
        Move::ALL.into_iter().flat_map(move |direction| {
            let mut state = *self;
            (1..=longest).map_while(move |cells| {
                state = state.slide(direction)?;
                Some((Slide { direction, cells }, state))
            })
        })
    }
}

impl Cursor {
    /// Every state one move away in `metric`, as cursors, with the move that reaches it: in U,
    /// D, L, R order, and by length within a direction. The same as [`State::slides`], with
    /// indices kept up to date.
    pub fn slides(&self, metric: Metric) -> impl Iterator<Item = (Slide, Cursor)> + '_ {
        let longest = metric.longest_slide(self.board());
        Move::ALL.into_iter().flat_map(move |direction| {
            let mut cursor = *self;
            (1..=longest).map_while(move |cells| {
                cursor
                    .advance(direction)
                    .then_some((Slide { direction, cells }, cursor))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for metric in Metric::ALL {
            assert_eq!(metric.name().parse::<Metric>(), Ok(metric));
            assert_eq!(Metric::from_code(metric as u8), Some(metric));
        }
        assert_eq!("MTM".parse::<Metric>(), Ok(Metric::Multi));
        assert_eq!(Metric::from_code(2), None);
    }

    #[test]
    fn slides_reach_every_cell_in_line_with_the_blank() {
        for board in Board::with_tables() {
            let mut state = board.ordered_goal().unwrap();
            for step in 0..50usize {
                let blank = state.blank();
                let (row, col) = board.row_col(blank);
                let mut reached: Vec<usize> = state
                    .slides(Metric::Multi)
                    .map(|(_, s)| s.blank())
                    .collect();
                reached.sort_unstable();
                let mut in_line: Vec<usize> = (0..board.cells())
                    .filter(|&c| c != blank)
                    .filter(|&c| board.row_col(c).0 == row || board.row_col(c).1 == col)
                    .collect();
                in_line.sort_unstable();
                assert_eq!(reached, in_line, "{board} {state:?}");
                for (slide, next) in state.slides(Metric::Multi) {
                    let mut path = Path::new();
                    slide.push_onto(&mut path);
                    assert_eq!(state.apply(&path), Ok(next));
                }
                let cursor = Cursor::new(state);
                for ((a, s), (b, c)) in state
                    .slides(Metric::Multi)
                    .zip(cursor.slides(Metric::Multi))
                {
                    assert_eq!((a, s, s.index()), (b, c.state(), c.index()));
                }
                assert_eq!(state.slides(Metric::Single).count(), {
                    Move::ALL
                        .iter()
                        .filter(|&&m| state.slide(m).is_some())
                        .count()
                });
                let m = Move::ALL[(step * 5 + step / 2) % 4];
                state = state.slide(m).unwrap_or(state);
            }
        }
    }
}
