//! A puzzle's answers: the door most programs need.

use tilebase_answer::{
    AnalyseError, Analysis, Answers, Distances, Draw, Error, Hint, Letters, Library, Path,
    Question, Quietly, RowError, read_solution,
};

use crate::options::Options;
use crate::shipped;
use crate::state::IntoPosition;

/// The answers about one puzzle (a board, a goal, a metric): the distance of any state, one
/// optimal solution, every optimal move or solution, batches of states on every core, states
/// drawn at a distance, a solve judged move by move. The same answers as `query`, `random` and
/// `analyse` give, and as the Python module's functions of the same names.
///
/// Boards of up to 12 cells are answered from a full table (the 3x3 ones shipped inside the
/// crate, others built on first use in a second or less, 12-cell ones in seconds), in constant
/// time a move; boards of 13 to 25 cells by IDA* over pattern databases, built on first use.
/// Opening finds (or builds) the files; answering is then a lookup or a search. A state that
/// cannot reach the goal (the other half of the states, by their parity) is answered `None`,
/// not an error. Cheap to clone, and shared freely among threads.
///
/// ```
/// use tilebase::{Options, Puzzle};
///
/// let puzzle = Puzzle::open(&Options::default())?; // 3x3, goal 123804765
/// assert_eq!(puzzle.distance("603712458")?, Some(23));
/// assert_eq!(puzzle.count("603712458")?, Some(3));
/// let hints = puzzle.hints("603712458")?.unwrap();
/// assert_eq!(hints.iter().filter(|h| h.optimal).count(), 1);
/// assert_eq!(puzzle.distance("864072513")?, None); // the other parity half
/// assert_eq!(
///     puzzle.distance("60371245").unwrap_err().to_string(),
///     "8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)"
/// );
/// # Ok::<(), tilebase::Error>(())
/// ```
#[derive(Clone)]
pub struct Puzzle {
    answers: Answers,
}

impl Puzzle {
    /// The answers `options` ask for: their files found (the shipped 3x3 tables, then `db/`,
    /// then the cache) or built (into the cache), saying nothing. An option that cannot be read
    /// is refused in `query`'s words.
    pub fn open(options: &Options) -> Result<Puzzle, Error> {
        let question = options.question()?;
        let answers = match options.places() {
            None => shipped::library()?.open(&question, &Quietly)?,
            Some(places) => Library::new(places)
                .with_shipped(shipped::tables()?)
                .open(&question, &Quietly)?,
        };
        Ok(Puzzle { answers })
    }

    /// The question answered: the board, the goal, the metric, the pattern databases.
    pub fn question(&self) -> &Question {
        self.answers.question()
    }

    /// The optimal number of moves from `state` to the goal; `None` if it cannot reach it.
    pub fn distance(&self, state: impl IntoPosition) -> Result<Option<u8>, Error> {
        self.answers.distance(&state.position(&self.answers)?)
    }

    /// One optimal solution from `state`, the blank's moves (`U`, `D`, `L`, `R`), at each step
    /// the first in that order that stays optimal; empty at the goal, `None` if the goal
    /// cannot be reached.
    pub fn solve(&self, state: impl IntoPosition) -> Result<Option<Path>, Error> {
        self.answers.solve(&state.position(&self.answers)?)
    }

    /// Every move from `state`, in U, D, L, R order: the tile it slides, the distance it
    /// leads to, and whether it is optimal; `None` if the goal cannot be reached. On a board
    /// answered by search, each move's distance is a search of its own.
    pub fn hints(&self, state: impl IntoPosition) -> Result<Option<Vec<Hint>>, Error> {
        self.answers.hints(&state.position(&self.answers)?)
    }

    /// Every optimal solution from `state` in U < D < L < R order, the first `limit` of them
    /// when there is a limit; `None` if the goal cannot be reached.
    ///
    /// ```
    /// # let puzzle = tilebase::Puzzle::open(&tilebase::Options::default())?;
    /// let all = puzzle.solutions("603712458", None)?.unwrap();
    /// assert_eq!(all.len(), 3);
    /// assert_eq!(all[0].to_string(), "DDLURRDLLUURDDLURRDLLUR");
    /// # Ok::<(), tilebase::Error>(())
    /// ```
    pub fn solutions(
        &self,
        state: impl IntoPosition,
        limit: Option<usize>,
    ) -> Result<Option<Vec<Path>>, Error> {
        self.answers
            .first_solutions(&state.position(&self.answers)?, limit)
    }

    /// How many optimal solutions `state` has; `None` if the goal cannot be reached.
    pub fn count(&self, state: impl IntoPosition) -> Result<Option<u128>, Error> {
        self.answers
            .count_solutions(&state.position(&self.answers)?)
    }

    /// The distance of every row of `cells` (one state per row, a byte per cell, row by row:
    /// the layout of a 2-D `uint8` array) into `out`, one entry per row, on every core;
    /// [`crate::UNSOLVABLE`] (-1) where a state cannot reach the goal. A bad row is an error
    /// naming its index.
    ///
    /// ```
    /// # let puzzle = tilebase::Puzzle::open(&tilebase::Options::default())?;
    /// let rows = [6, 0, 3, 7, 1, 2, 4, 5, 8, 8, 6, 4, 0, 7, 2, 5, 1, 3];
    /// let mut out = [0i16; 2];
    /// puzzle.distances(&rows, &mut out)?;
    /// assert_eq!(out, [23, -1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distances(&self, cells: &[u8], out: &mut [i16]) -> Result<(), RowError> {
        self.answers.distances(cells, out)
    }

    /// `count` different states drawn uniformly at random among those at `distance` from the
    /// goal (`"20"`, `"20..25"`, `"max"`, parsed as [`Distances`]), as `random --seed` draws
    /// them: the same seed draws the same states. From a full table: boards of up to 12 cells.
    ///
    /// ```
    /// # let puzzle = tilebase::Puzzle::open(&tilebase::Options::default())?;
    /// let drawn = puzzle.random("24".parse()?, 3, Some(5))?;
    /// for state in &drawn.states {
    ///     assert_eq!(puzzle.distance(state.cells())?, Some(24));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random(
        &self,
        distance: Distances,
        count: usize,
        seed: Option<u64>,
    ) -> Result<Draw, Error> {
        self.answers.draw(distance, count, seed)
    }

    /// Judges `solution` played from `scramble`, move by move, as `analyse` does: each move's
    /// distance before and after, whether it kept the solution optimal, and what it cost.
    /// `solution` is written in `letters`: the blank's moves (`ULDR`) or the tiles' (`D3R2`).
    ///
    /// ```
    /// use tilebase::Letters;
    /// # let puzzle = tilebase::Puzzle::open(&tilebase::Options::default())?;
    /// // One move from the goal, played with a detour of two moves.
    /// let judged = puzzle.analyse("123084765", "UDR", Letters::Blank)?;
    /// assert_eq!((judged.optimal, judged.length, judged.lost), (1, 3, 2));
    /// assert_eq!(judged.moves[0].lost, 2); // U led away: two moves lost
    /// assert_eq!(
    ///     puzzle.analyse("123084765", "LX", Letters::Blank).unwrap_err().to_string(),
    ///     "'X' at column 2 is not a move: moves are the letters U, D, L, R, each optionally \
    ///      followed by a count (D3)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyse(
        &self,
        scramble: impl IntoPosition,
        solution: &str,
        letters: Letters,
    ) -> Result<Analysis, AnalyseError> {
        let scramble = scramble.position(&self.answers)?;
        let played = read_solution(solution, letters)?;
        self.answers.analyse(&scramble, &played)
    }

    /// Everything else the answers know (the files they come from, statistics, printers):
    /// the answering library every tilebase front end uses.
    pub fn answers(&self) -> &Answers {
        &self.answers
    }
}

impl From<Answers> for Puzzle {
    fn from(answers: Answers) -> Puzzle {
        Puzzle { answers }
    }
}

impl std::fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Puzzle({})", self.question())
    }
}
