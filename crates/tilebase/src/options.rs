//! What a puzzle is: the board, the goal, the metric and the pattern databases, as text.

use std::path::PathBuf;

use tilebase_answer::{Places, Question, QuestionError};

/// What a [`crate::Puzzle`] answers: the board, the goal, the metric and the pattern
/// databases, each as `query`'s flag of the same name takes it (and as the Python module's
/// keyword of the same name), each optional; and where its files are.
///
/// Unset, each is `query`'s default: the board is read off the goal, else 3x3; the goal is
/// 123804765 on 3x3 and the tiles in order with the blank last elsewhere; the metric is the
/// single-tile one (`stm`); the pattern databases are the board's default (7-8 on 4x4).
/// Nothing is read until [`crate::Puzzle::open`], which refuses a bad one in `query`'s words.
///
/// ```
/// use tilebase::Options;
///
/// let question = Options::new().board("4x4").pdb("5-5-5").question()?;
/// assert_eq!(question.goal().to_string(), "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0");
/// assert_eq!(
///     Options::new().board("4x").question().unwrap_err().to_string(),
///     "board \"4x\": a board is written WxH (columns x rows), like 3x3"
/// );
/// # Ok::<(), tilebase::QuestionError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    board: Option<String>,
    goal: Option<String>,
    metric: Option<String>,
    pdb: Option<String>,
    files: Option<PathBuf>,
}

impl Options {
    /// Every option unset: the 8-puzzle with goal 123804765, in the single-tile metric.
    pub fn new() -> Options {
        Options::default()
    }

    /// The board, `WxH`: `3x3`, `4x4`, `5x5`, `3x2`, ...
    pub fn board(mut self, board: impl Into<String>) -> Options {
        self.board = Some(board.into());
        self
    }

    /// The goal, in any form `query` reads a state (`123804765`, `1,2,...,15,0`, rows with
    /// `/`), or `blank-first` or `blank-last`.
    pub fn goal(mut self, goal: impl Into<String>) -> Options {
        self.goal = Some(goal.into());
        self
    }

    /// How moves are counted: `stm` (a tile a move) or `mtm` (a line of tiles a move).
    pub fn metric(mut self, metric: impl Into<String>) -> Options {
        self.metric = Some(metric.into());
        self
    }

    /// The pattern databases of a board of 13 to 25 cells: `7-8`, `6-6-3`, `5-5-5` on 4x4, or
    /// the tiles of each pattern (`1,2,3,4,5/6,7,8,9,10/...`).
    pub fn pdb(mut self, pdb: impl Into<String>) -> Options {
        self.pdb = Some(pdb.into());
        self
    }

    /// Looks for files in `dir` alone, and builds the missing ones there, instead of `db/` in
    /// the current directory and then the cache (`$TILEBASE_CACHE_DIR`, or `tilebase` in the
    /// user's cache directory). The 3x3 tables shipped inside the crate are looked at first
    /// either way.
    pub fn files_in(mut self, dir: impl Into<PathBuf>) -> Options {
        self.files = Some(dir.into());
        self
    }

    /// The question these options ask, read as `query` reads its flags; opens no file.
    pub fn question(&self) -> Result<Question, QuestionError> {
        Question::read_text(
            self.board.as_deref(),
            self.goal.as_deref(),
            self.metric.as_deref(),
            self.pdb.as_deref(),
        )
    }

    /// Where files are looked for and built, when not where every tilebase program looks.
    pub(crate) fn places(&self) -> Option<Places> {
        self.files
            .as_ref()
            .map(|dir| Places::new(dir.clone(), Some(dir.clone())))
    }
}
