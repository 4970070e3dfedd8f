//! A question, read once for every front end: the board, the goal, the metric and the pattern
//! databases, with the defaults and refusals every front end shares.

pub(crate) mod given;
pub(crate) mod position;

use std::fmt;
use std::sync::LazyLock;

use tilebase_core::{Board, BoardError, Method, Metric, MetricError};
use tilebase_pattern::Partition;

use crate::question::given::{Given, quote};
use crate::question::position::{Position, ReadError};

/// What a question is about: the goal (and so the board), how moves are counted, and, on a
/// board answered from pattern databases, which ones.
///
/// ```
/// use tilebase_answer::{Asked, Board, Given, Question};
///
/// // No board and no goal: the source articles' goal on 3x3.
/// let q = Question::read(Asked::default())?;
/// assert_eq!(q.goal().to_string(), "123804765");
///
/// // A goal of 16 cells is the 15-puzzle's, answered from the 7-8 pattern databases.
/// let goal = Given::text("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15");
/// let q = Question::read(Asked { goal: Some(&goal), ..Asked::default() })?;
/// assert_eq!((q.board(), q.pdb().map(|p| p.name())), (Board::FOUR_BY_FOUR, Some("7-8".into())));
/// # Ok::<(), tilebase_answer::QuestionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Question {
    goal: Position,
    metric: Metric,
    pdb: Option<Partition>,
}

/// What a front end was asked, each part as given or left out: the flags of a program, the
/// parameters of a request, the arguments of a function. [`Question::read`] fills in the
/// defaults.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked<'a> {
    /// The board; by default read off the goal, else 3x3.
    pub board: Option<Board>,
    /// The goal; by default the board's ([`Board::default_goal`]).
    pub goal: Option<&'a Given>,
    /// How moves are counted; by default single-tile moves.
    pub metric: Option<Metric>,
    /// The pattern databases, on a board answered from them; by default the strongest.
    pub pdb: Option<Partition>,
    /// A state asked about (the first, of several), which names the board when neither the
    /// board nor a goal of cells does: 16 cells make the 15-puzzle, rows make their board
    /// (see [`Position::read_anywhere`]). A state that names no board leaves the default.
    pub state: Option<&'a Given>,
}

impl Asked<'_> {
    /// Whether nothing asked names the board (no board, and no goal or a word
    /// ([`GOAL_PRESETS`]) that fits any board), so that a state asked about may.
    pub fn leaves_board_to_state(&self) -> bool {
        self.board.is_none()
            && match self.goal {
                None => true,
                Some(Given::Text(text)) => GOAL_PRESETS.contains(&text.trim()),
                Some(_) => false,
            }
    }

    /// The board asked about: as given, else the one the state names when nothing else
    /// names one.
    fn board(&self) -> Option<Board> {
        self.board.or_else(|| {
            self.leaves_board_to_state()
                .then_some(self.state?)
                .and_then(|state| Position::read_anywhere(state).ok())
                .map(|p| p.board())
        })
    }
}

/// Why a question cannot be asked. Each message names the part of the question it is about,
/// as a request's parameter or a function's argument is named (`goal "1,2": ...`); a program
/// puts `--` before it to name its flag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QuestionError {
    /// Not a board tilebase answers.
    #[error("board {}: {error}", quote(text))]
    Board {
        /// The board as typed.
        text: String,
        /// Why not.
        error: BoardError,
    },
    /// Not a goal of the board.
    #[error("goal {shown}: {error}")]
    Goal {
        /// The goal as a message shows it.
        shown: String,
        /// Why not.
        error: ReadError,
    },
    /// Not a metric.
    #[error("metric: {0}")]
    Metric(MetricError),
    /// Not a partition.
    #[error("pdb {0}")]
    Pdb(String),
    /// A metric the board's method does not answer in.
    #[error("metric {metric}: {board} is answered in single-tile moves (stm) only")]
    MetricNotAnswered {
        /// The board.
        board: Board,
        /// The metric asked for.
        metric: Metric,
    },
    /// Pattern databases asked for in the multi-tile metric, which a relabelled table bounds.
    #[error(
        "pdb {:?}: the multi-tile metric on {board} is bounded by a relabelled table, not by \
         pattern databases",
        .pdb.name()
    )]
    PdbInMultiTile {
        /// The board.
        board: Board,
        /// The partition asked for (boxed: a partition holds up to 100 tiles).
        pdb: Box<Partition>,
    },
    /// Pattern databases asked for on a board answered from a full table.
    #[error(
        "pdb {:?}: boards of up to 12 cells are answered from their full tables, not from \
         pattern databases",
        .pdb.name()
    )]
    PdbOnTable {
        /// The partition asked for (boxed: a partition holds up to 100 tiles).
        pdb: Box<Partition>,
    },
}

impl Question {
    /// The question about `goal` in `metric`, answered from `pdb` where the board is answered
    /// from pattern databases (by default the strongest); refused when the board's method
    /// cannot answer it.
    pub fn new(
        goal: Position,
        metric: Metric,
        pdb: Option<Partition>,
    ) -> Result<Question, QuestionError> {
        let board = goal.board();
        let pdb = match board.method() {
            Method::Table => match pdb {
                Some(pdb) => return Err(QuestionError::PdbOnTable { pdb: Box::new(pdb) }),
                None => None,
            },
            // The 15-puzzle in the multi-tile metric: a relabelled table bounds the search.
            Method::Patterns if metric == Metric::Multi && board == Board::FOUR_BY_FOUR => {
                match pdb {
                    Some(pdb) => {
                        return Err(QuestionError::PdbInMultiTile {
                            board,
                            pdb: Box::new(pdb),
                        });
                    }
                    None => None,
                }
            }
            Method::Patterns => {
                if metric != Metric::Single {
                    return Err(QuestionError::MetricNotAnswered { board, metric });
                }
                let pdb = pdb.unwrap_or(tilebase_pattern::Partition::default_for(board.cells()));
                pdb.check(board.cells())
                    .map_err(|why| QuestionError::Pdb(format!("{:?}: {why}", pdb.name())))?;
                Some(pdb)
            }
            Method::Bounds => {
                if metric != Metric::Single {
                    return Err(QuestionError::MetricNotAnswered { board, metric });
                }
                // Checked here, where the partition is read, so that a bad one is refused
                // before any file is looked for; None leaves the board's default.
                if let Some(pdb) = pdb {
                    crate::files::bounds::partition(board, goal.cells(), Some(pdb))
                        .map_err(|why| QuestionError::Pdb(format!("{:?}: {why}", pdb.name())))?;
                }
                pdb
            }
        };
        Ok(Question { goal, metric, pdb })
    }

    /// The question `asked` names, its defaults filled in: the board as given, else read off
    /// the goal, else 3x3; the goal as given, else the board's default; the single-tile metric;
    /// the strongest pattern databases.
    pub fn read(asked: Asked<'_>) -> Result<Question, QuestionError> {
        let board = asked.board();
        let preset = match asked.goal {
            Some(Given::Text(text)) => preset(board, text),
            _ => None,
        };
        if let Some(goal) = preset {
            return Question::new(goal, asked.metric.unwrap_or_default(), asked.pdb);
        }
        let goal = match (board, asked.goal) {
            (Some(board), Some(given)) => Position::read(board, given),
            (None, Some(given)) => Position::read_anywhere(given),
            (Some(board), None) => Ok(Position::default_goal(board)),
            (None, None) => Ok(*DEFAULT_GOAL),
        };
        let goal = goal.map_err(|error| QuestionError::Goal {
            shown: asked.goal.map(Given::shown).unwrap_or_default(),
            error,
        })?;
        Question::new(goal, asked.metric.unwrap_or_default(), asked.pdb)
    }

    /// The question named by text, as a request's parameters give it: each part read, with
    /// [`Question::read`]'s defaults.
    pub fn read_text(
        board: Option<&str>,
        goal: Option<&str>,
        metric: Option<&str>,
        pdb: Option<&str>,
    ) -> Result<Question, QuestionError> {
        Question::read_text_about(None, board, goal, metric, pdb)
    }

    /// [`Question::read_text`] about `state`, which names the board when neither `board` nor
    /// `goal` does ([`Asked::state`]).
    pub fn read_text_about(
        state: Option<&str>,
        board: Option<&str>,
        goal: Option<&str>,
        metric: Option<&str>,
        pdb: Option<&str>,
    ) -> Result<Question, QuestionError> {
        let board = board.map(read_board).transpose()?;
        let metric = metric.map(read_metric).transpose()?;
        let pdb = pdb.map(read_pdb).transpose()?;
        let given = state.map(Given::text);
        let asked = Asked {
            board,
            goal: None,
            metric,
            pdb,
            state: given.as_ref(),
        };
        let Some(text) = goal else {
            return Question::read(asked);
        };
        let given_goal = Given::text(text);
        let board = Asked {
            goal: Some(&given_goal),
            ..asked
        }
        .board();
        if let Some(goal) = preset(board, text) {
            return Question::new(goal, metric.unwrap_or_default(), pdb);
        }
        let goal = match board {
            Some(board) => Position::from_digits(board, text.as_bytes())
                .map_or_else(|| Position::parse(board, text), Ok),
            None => Position::parse_anywhere(text),
        };
        let goal = goal.map_err(|error| QuestionError::Goal {
            shown: quote(text),
            error,
        })?;
        Question::new(goal, metric.unwrap_or_default(), pdb)
    }

    /// The same question answered from `pdb`, on a board answered from pattern databases;
    /// unchanged on a board answered from a full table.
    pub fn with_pdb(self, pdb: Partition) -> Question {
        match self.pdb {
            Some(_) => Question {
                pdb: Some(pdb),
                ..self
            },
            None => self,
        }
    }

    /// The question of the goal's class: its canonical goal, whose files answer for every goal
    /// of the class.
    pub fn class(&self) -> Question {
        // Bounds need no files: each goal is its own class.
        if self.board().method() == Method::Bounds {
            return *self;
        }
        let goal = match self.goal.state() {
            Some(state) => Position::from(state.canonical_goal()),
            None => {
                let frame = tilebase_pattern::ClassFrame::new(
                    tilebase_pattern::Grid::of(self.board()),
                    self.goal.cells(),
                );
                let pdb = self.pdb.map(|p| p.renamed(|t| frame.tile(t)));
                let goal =
                    Position::new(self.board().tall(), frame.canonical()).unwrap_or(self.goal);
                return Question { goal, pdb, ..*self };
            }
        };
        Question { goal, ..*self }
    }

    /// The goal: distance 0.
    pub fn goal(&self) -> &Position {
        &self.goal
    }

    /// The board of every position asked about.
    pub fn board(&self) -> Board {
        self.goal.board()
    }

    /// How moves are counted.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The pattern databases, on a board answered from them.
    pub fn pdb(&self) -> Option<Partition> {
        self.pdb
    }
}

/// The goal when none is given: 3x3's, 123804765. Made once: most questions ask about it.
static DEFAULT_GOAL: LazyLock<Position> =
    LazyLock::new(|| Position::default_goal(Board::THREE_BY_THREE));

impl Default for Question {
    /// The source articles' question: goal 123804765 on 3x3, single-tile moves.
    fn default() -> Question {
        Question {
            goal: *DEFAULT_GOAL,
            metric: Metric::Single,
            pdb: None,
        }
    }
}

impl fmt::Display for Question {
    /// `goal 123804765 (3x3 board, stm)`, with the pattern databases where they answer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "goal {} ({} board, {}",
            self.goal,
            self.board(),
            self.metric
        )?;
        if let Some(pdb) = self.pdb {
            write!(f, ", {pdb} pattern databases")?;
        } else if self.board().method() == Method::Patterns {
            f.write_str(", relabelled table")?;
        } else if self.board().method() == Method::Bounds {
            f.write_str(", bounds")?;
        }
        f.write_str(")")
    }
}

/// A board typed as `WxH`, or the message for it.
pub fn read_board(text: &str) -> Result<Board, QuestionError> {
    text.parse().map_err(|error| QuestionError::Board {
        text: text.to_string(),
        error,
    })
}

/// A metric typed as `stm` or `mtm`, or the message for it.
pub fn read_metric(text: &str) -> Result<Metric, QuestionError> {
    text.parse().map_err(QuestionError::Metric)
}

/// A partition typed as `7-8`, `6-6-3` or `5-5-5`, or the message for it.
pub fn read_pdb(text: &str) -> Result<Partition, QuestionError> {
    text.parse().map_err(QuestionError::Pdb)
}

/// The goals named by a word rather than their cells, for the two conventions datasets and
/// papers use: `blank-first` (the blank, then the tiles in order: Korf's goal `0,1,...,15`)
/// and `blank-last` (the tiles in order, then the blank: `1,...,15,0`), on the board asked for
/// (3x3 when none is).
pub const GOAL_PRESETS: [&str; 2] = ["blank-first", "blank-last"];

/// The goal a preset word ([`GOAL_PRESETS`]) names on `board` (3x3 when `None`), or `None` for
/// other text.
fn preset(board: Option<Board>, text: &str) -> Option<Position> {
    let board = board.unwrap_or(Board::THREE_BY_THREE);
    let n = board.cells() as u8;
    let cells: Vec<u8> = match text.trim() {
        "blank-first" => (0..n).collect(),
        "blank-last" => (1..n).chain([0]).collect(),
        _ => return None,
    };
    Position::new(board, &cells).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(
        board: Option<&str>,
        goal: Option<&str>,
        metric: Option<&str>,
        pdb: Option<&str>,
    ) -> Result<String, String> {
        Question::read_text(board, goal, metric, pdb)
            .map(|q| q.to_string())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn questions_are_read_with_every_front_ends_defaults() {
        assert_eq!(
            text(None, None, None, None).unwrap(),
            "goal 123804765 (3x3 board, stm)"
        );
        assert_eq!(
            text(Some("3x2"), None, Some("mtm"), None).unwrap(),
            "goal 123450 (3x2 board, mtm)"
        );
        assert_eq!(
            text(None, Some("12/34/50"), None, None).unwrap(),
            "goal 123450 (2x3 board, stm)"
        );
        assert_eq!(
            text(Some("4x4"), None, None, None).unwrap(),
            "goal 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 (4x4 board, stm, 7-8 pattern databases)"
        );
        assert_eq!(
            text(Some("4x4"), None, Some("mtm"), None).unwrap(),
            "goal 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 (4x4 board, mtm, relabelled table)"
        );
        assert_eq!(
            text(
                None,
                Some("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"),
                None,
                Some("5-5-5")
            )
            .unwrap(),
            "goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 (4x4 board, stm, 5-5-5 pattern databases)"
        );
    }

    /// With no board and no goal of cells, the state asked about names the board: 16 cells
    /// the 15-puzzle, 25 the 24-puzzle, rows (with `/` or on lines) their board; a state that
    /// names none leaves 3x3, whose reader then says what the cells would make.
    #[test]
    fn the_state_names_the_board_when_nothing_else_does() {
        let about = |state: &str, board: Option<&str>, goal: Option<&str>| {
            Question::read_text_about(Some(state), board, goal, None, None)
                .map(|q| q.to_string())
                .map_err(|e| e.to_string())
        };
        let fifteen = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
        let four =
            "goal 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 (4x4 board, stm, 7-8 pattern databases)";
        assert_eq!(about(fifteen, None, None).unwrap(), four);
        assert_eq!(
            about("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 . 15", None, None).unwrap(),
            four
        );
        let korf1: Vec<String> = [
            14, 5, 9, 2, 18, 8, 23, 19, 12, 17, 15, 0, 10, 20, 4, 6, 11, 21, 1, 7, 24, 3, 16, 22,
            13,
        ]
        .iter()
        .map(u8::to_string)
        .collect();
        assert_eq!(
            Question::read_text_about(Some(&korf1.join(" ")), None, None, None, None)
                .unwrap()
                .board(),
            Board::FIVE_BY_FIVE
        );
        assert_eq!(
            about("1,2,3/4,5,6/7,8,9/10,11,12/13,14,0", None, None).unwrap(),
            "goal 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0 (3x5 board, stm, 7-7 pattern databases)"
        );
        assert_eq!(
            about("1230", None, None).unwrap(),
            "goal 1230 (2x2 board, stm)"
        );
        assert_eq!(
            about(fifteen, None, Some("blank-first")).unwrap(),
            "goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 (4x4 board, stm, 7-8 pattern databases)"
        );
        // A board or a goal of cells named: the state is read on it (and refused there).
        assert_eq!(
            about(fifteen, Some("3x3"), None).unwrap(),
            "goal 123804765 (3x3 board, stm)"
        );
        assert_eq!(
            about(fifteen, None, Some("123456780")).unwrap(),
            "goal 123456780 (3x3 board, stm)"
        );
        // Cells that name no board: the default.
        for nameless in ["1,2,3,4,5,6,7,8,9,10,11,12,13,14,0", "12", "x"] {
            assert_eq!(
                about(nameless, None, None).unwrap(),
                "goal 123804765 (3x3 board, stm)"
            );
        }
    }

    #[test]
    fn each_refusal_names_its_part() {
        let refused = |board, goal, metric, pdb| text(board, goal, metric, pdb).unwrap_err();
        assert_eq!(
            refused(Some("11x10"), None, None, None),
            "board \"11x10\": 11x10: at most 100 cells are supported (10x10)"
        );
        assert_eq!(
            refused(None, Some("123450"), None, None),
            "goal \"123450\": 6 cells fit both 3x2 and 2x3: name the board, or write the rows \
             with /"
        );
        assert_eq!(
            refused(Some("4x4"), Some("1,2"), None, None),
            "goal \"1,2\": 2 cells, but a 4x4 board has 16"
        );
        assert_eq!(
            refused(None, None, Some("fast"), None),
            "metric: \"fast\" is not a metric: stm (single-tile moves) or mtm (multi-tile moves)"
        );
        assert_eq!(
            refused(Some("4x4"), None, None, Some("4-4")),
            "pdb \"4-4\": patterns of 4-4 tiles make 8, but the board has 15 tiles"
        );
        assert_eq!(
            refused(Some("5x3"), None, Some("mtm"), None),
            "metric mtm: 5x3 is answered in single-tile moves (stm) only"
        );
        assert_eq!(
            refused(Some("4x4"), None, Some("mtm"), Some("5-5-5")),
            "pdb \"5-5-5\": the multi-tile metric on 4x4 is bounded by a relabelled table, not \
             by pattern databases"
        );
        assert_eq!(
            refused(None, None, None, Some("5-5-5")),
            "pdb \"5-5-5\": boards of up to 12 cells are answered from their full tables, not \
             from pattern databases"
        );
    }
}
