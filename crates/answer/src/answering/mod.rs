//! The one door every question goes through: [`Answers`], the answers for a goal, whichever
//! method gives them (a full table, or a search over pattern databases).

pub(crate) mod analyse;
pub(crate) mod answer;
pub(crate) mod batch;
pub(crate) mod library;
pub(crate) mod pieces;
pub(crate) mod search;
pub(crate) mod table;

use std::path::Path as FilePath;
use std::sync::{Arc, Mutex};

use tilebase_core::{Board, Method, Metric, Move, Path};
use tilebase_lookup::{Database, Goal, Storage};

use crate::answering::answer::{Answer, Bounded, Hint, Solved, Unsolvable};
use crate::error::Error;
use crate::files::Source;
use crate::files::patterns::PatternSource;
use crate::files::relabelled::RelabelSource;
use crate::files::tables::TableSource;
use crate::question::position::{Position, ReadError};
use crate::question::{Asked, Question};

pub(crate) use search::Searcher;
pub use search::slow_search_note;
use table::{count_table, table_result};

/// The answers for one goal: distances, optimal solutions, hints, batches. Made by
/// [`crate::Library::open`] (or [`Answers::open`]); cheap to clone, and shared freely among
/// threads.
///
/// ```
/// use tilebase_answer::{Answers, Question};
///
/// # std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
/// # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
/// let answers = Answers::open(&Question::default())?; // db/3x3-123804765.tilebase
/// let state = answers.read("603712458")?;
/// assert_eq!(answers.distance(&state)?, Some(23));
/// assert_eq!(answers.solve(&state)?.unwrap().to_string(), "DDLURRDLLUURDDLURRDLLUR");
/// let hints = answers.hints(&state)?.unwrap();
/// assert_eq!(hints.iter().filter(|h| h.optimal).count(), 1);
/// assert_eq!(answers.distance(&answers.read("864072513")?)?, None); // the other parity half
/// # Ok::<(), tilebase_answer::Error>(())
/// ```
#[derive(Clone)]
pub struct Answers(Arc<Inner>);

struct Inner {
    question: Question,
    source: Source,
    /// The goal and board as answers write them, made once.
    goal_text: String,
    board_text: String,
    /// The last position a search solved, and its solution (in the canonical frame's moves,
    /// turned back): asked again (`query --svg` draws the solution its answer gave), it costs
    /// no second search, which on 5x5 can take minutes.
    last_solved: Mutex<Option<(Position, Vec<Move>, u64)>>,
    /// The last position bounded, and its bounds: `query --svg` draws the solution its answer
    /// gave, without a second search of the whole budget.
    last_bounded: Mutex<Option<(Effort, Bounded)>>,
}

/// How hard a search may try: a bound on the nodes it generates, the threads one search is
/// shared among, and the memory its A* may take. Answers from a full table take no search, and
/// ignore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// A search gives up after generating this many nodes ([`Error::Search`]).
    pub max_nodes: u64,
    /// The threads one search is shared among, when it has no node bound (a bounded search
    /// runs on one); 0: every core, or one when already on a thread of a batch.
    pub threads: usize,
    /// The bytes the searches may take for A* in A*+IDA*
    /// ([`tilebase_pattern::Solver::solve_hybrid`], and in the multi-tile metric
    /// [`tilebase_pattern::MultiSolver::solve_hybrid`]), together: the searches of a batch
    /// under way at once share it. `Some(0)`: plain IDA*. `None`, the default:
    /// [`DEFAULT_SEARCH_MEMORY`] on boards of more than 16 cells, plain IDA* on the others
    /// (where A*+IDA* measured slower: their searches' last iterations are short) and in the
    /// browser (WebAssembly).
    pub memory: Option<usize>,
    /// The time one position's bounds may take, on a board past 25 cells (where a search
    /// within a budget proves a lower bound and finds a solution); `None`, the default:
    /// [`DEFAULT_BOUNDS_SECONDS`]. With `max_nodes`, whichever runs out first.
    pub time: Option<std::time::Duration>,
}

/// The seconds one position's bounds take by default on a board past 25 cells: long enough
/// to raise the lower bound by several iterations and widen the beam a few times on 7x7.
pub const DEFAULT_BOUNDS_SECONDS: f64 = 10.0;

/// The memory the searches of a process may take for A* on boards of more than 16 cells, by
/// default: 1 GiB, room left on a machine of 8 GB beside the largest default pattern databases
/// (5x5's 6-6-6-6, 255 MB).
pub const DEFAULT_SEARCH_MEMORY: usize = 1 << 30;

impl Default for Effort {
    /// No bound, every core, the default memory.
    fn default() -> Effort {
        Effort {
            max_nodes: u64::MAX,
            threads: 0,
            memory: None,
            time: None,
        }
    }
}

impl Effort {
    /// At most `max_nodes` nodes a search, on one core, with the default memory: what a
    /// server gives each request.
    pub fn bounded(max_nodes: u64) -> Effort {
        Effort {
            max_nodes,
            threads: 1,
            memory: None,
            time: None,
        }
    }

    /// The budget of one position's bounds.
    pub fn budget(&self) -> tilebase_bounds::Budget {
        tilebase_bounds::Budget {
            max_nodes: self.max_nodes,
            time: Some(
                self.time
                    .unwrap_or(std::time::Duration::from_secs_f64(DEFAULT_BOUNDS_SECONDS)),
            ),
        }
    }

    fn threads(&self) -> usize {
        match self.threads {
            0 if rayon::current_thread_index().is_some() => 1,
            0 => rayon::current_num_threads(),
            n => n,
        }
    }

    /// The memory the searches on `board` may take together.
    fn memory_on(&self, board: tilebase_core::Board) -> usize {
        match self.memory {
            Some(memory) => memory,
            // A page's memory is the browser's: A*'s gigabyte would not fit beside the tables
            // in a 32-bit WebAssembly memory.
            None if cfg!(target_arch = "wasm32") => 0,
            None if board.cells() > 16 => DEFAULT_SEARCH_MEMORY,
            None => 0,
        }
    }

    /// The memory one search on `board` may take: all of it, or on a thread of a batch (whose
    /// searches run at once, one on each thread) an equal share.
    fn search_memory(&self, board: tilebase_core::Board) -> usize {
        let memory = self.memory_on(board);
        match self.threads {
            0 if rayon::current_thread_index().is_some() => {
                memory / rayon::current_num_threads().max(1)
            }
            _ => memory,
        }
    }
}

/// Reads a size in bytes as people write it: `0`, `1048576`, `512M`, `2G` (`K`, `M`, `G`, `T`:
/// powers of 1,024; `KB`, `MiB` and lower case read alike). For `--memory`.
///
/// ```
/// use tilebase_answer::parse_size;
/// assert_eq!(parse_size("2G"), Ok(2 << 30));
/// assert_eq!(parse_size("512m"), Ok(512 << 20));
/// assert_eq!(parse_size("0"), Ok(0));
/// assert!(parse_size("-1").is_err());
/// ```
pub fn parse_size(text: &str) -> Result<usize, String> {
    parse_size_words(text)
}

/// Reads a number of seconds, 0 or more (`10`, `0.5`): `--seconds` as every front end reads
/// it.
///
/// ```
/// use tilebase_answer::parse_seconds;
///
/// assert_eq!(parse_seconds("10"), Ok(10.0));
/// assert_eq!(parse_seconds("-1").unwrap_err(), "\"-1\": seconds are a number from 0 up, like 10 or 0.5");
/// assert!(parse_seconds("NaN").is_err() && parse_seconds("soon").is_err());
/// ```
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..1e9).contains(&s) => Ok(s),
        Ok(_) => Err(format!(
            "{text:?}: seconds are a number from 0 up, like 10 or 0.5"
        )),
        Err(_) => Err(format!("{text:?}: not a number of seconds, like 10 or 0.5")),
    }
}

/// Reads a number of nodes, a whole number 0 or more (`1000000`): `--max-nodes` as every
/// front end reads it.
///
/// ```
/// use tilebase_answer::parse_nodes;
///
/// assert_eq!(parse_nodes("1000000"), Ok(1_000_000));
/// assert_eq!(parse_nodes("-5").unwrap_err(), "\"-5\": nodes are a whole number from 0 up, like 1000000");
/// assert_eq!(parse_nodes("many").unwrap_err(), "\"many\": not a whole number of nodes, like 1000000");
/// ```
pub fn parse_nodes(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    match trimmed.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if trimmed.parse::<f64>().is_ok() => Err(format!(
            "{text:?}: nodes are a whole number from 0 up, like 1000000"
        )),
        Err(_) => Err(format!(
            "{text:?}: not a whole number of nodes, like 1000000"
        )),
    }
}

fn parse_size_words(text: &str) -> Result<usize, String> {
    let trimmed = text.trim();
    let digits = trimmed
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(digits);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => {
            return Err(format!(
                "{text:?}: a size is a whole number of bytes, or one followed by K, M, G or T \
                 (2G, 512M)"
            ));
        }
    };
    let value: usize = number
        .parse()
        .map_err(|_| format!("{text:?}: a size is a whole number of bytes, or one followed by K, M, G or T (2G, 512M)"))?;
    value
        .checked_mul(1usize << shift)
        .ok_or_else(|| format!("{text:?}: too large"))
}

/// What an answer holds besides the solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ask {
    /// Every optimal solution (on a board answered by search, the search's last iteration
    /// run whole).
    pub solutions: bool,
    /// How many optimal solutions there are.
    pub count: bool,
    /// At most this many solutions listed (the first ones), when every one is asked for.
    pub limit: Option<usize>,
    /// Every move with the distance it leads to.
    pub hints: bool,
    /// How hard a search may try.
    pub effort: Effort,
}

impl Answers {
    pub(crate) fn new(question: Question, source: Source) -> Answers {
        Answers(Arc::new(Inner {
            goal_text: question.goal().to_string(),
            board_text: question.board().to_string(),
            question,
            source,
            last_solved: Mutex::new(None),
            last_bounded: Mutex::new(None),
        }))
    }

    /// The answers of the full table in `db`, read from `path` (given by name, as `query --db`
    /// and Python's `Database` give it), for the goal `asked`: by default the table's own. The
    /// board, metric and goal asked must be ones the table answers.
    pub fn of_table(
        db: Arc<Database>,
        path: &FilePath,
        asked: Asked<'_>,
    ) -> Result<Answers, Error> {
        let source = TableSource::given(db, path, asked)?;
        let question = Question::new(
            Position::from(*source.goal()),
            source.database().metric(),
            None,
        )?;
        Ok(Answers::new(question, Source::Table(source)))
    }

    /// The question answered.
    pub fn question(&self) -> &Question {
        &self.0.question
    }

    /// The goal.
    pub fn goal(&self) -> &Position {
        self.0.question.goal()
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.0.question.board()
    }

    /// How moves are counted.
    pub fn metric(&self) -> Metric {
        self.0.question.metric()
    }

    /// How the answers are found.
    pub fn method(&self) -> Method {
        self.board().method()
    }

    /// The goal and the board, as answers write them (`123804765`, `3x3`), made once.
    pub fn names(&self) -> (&str, &str) {
        (&self.0.goal_text, &self.0.board_text)
    }

    /// The full table, when the answers come from one.
    pub fn table(&self) -> Option<&TableSource> {
        match &self.0.source {
            Source::Table(source) => Some(source),
            _ => None,
        }
    }

    /// The pattern databases, when the answers come from a search over them.
    pub fn patterns(&self) -> Option<&PatternSource> {
        match &self.0.source {
            Source::Patterns(source) => Some(source),
            _ => None,
        }
    }

    /// Reads a position of the board from text, in any form `query` reads; a line of digits
    /// (the commonest form) without the general parser.
    #[inline]
    pub fn read(&self, text: &str) -> Result<Position, ReadError> {
        match Position::from_digits(self.board(), text.as_bytes()) {
            Some(position) => Ok(position),
            None => Position::parse(self.board(), text),
        }
    }

    /// The optimal number of moves from `position` to the goal; `None` if it cannot reach it.
    pub fn distance(&self, position: &Position) -> Result<Option<u8>, Error> {
        self.distance_within(position, &Effort::default())
    }

    /// [`Answers::distance`], searching within `effort`.
    pub fn distance_within(
        &self,
        position: &Position,
        effort: &Effort,
    ) -> Result<Option<u8>, Error> {
        match &self.0.source {
            Source::Table(source) => {
                table_result(source, source.answers().distance(self.state(position)?))
            }
            _ => self.search()?.distance(position, effort),
        }
    }

    /// One optimal solution from `position`: at each step the first move in U, D, L, R order
    /// that stays optimal; `None` if it cannot reach the goal.
    pub fn solve(&self, position: &Position) -> Result<Option<Path>, Error> {
        self.solve_within(position, &Effort::default())
    }

    /// [`Answers::solve`], searching within `effort`.
    pub fn solve_within(
        &self,
        position: &Position,
        effort: &Effort,
    ) -> Result<Option<Path>, Error> {
        match &self.0.source {
            Source::Table(source) => {
                table_result(source, source.answers().solve(self.state(position)?))
            }
            _ => Ok(self.search()?.solve(position, effort)?.map(Path::from_iter)),
        }
    }

    /// Every move from `position`, in U, D, L, R order, with the tile it slides and the
    /// distance it leads to, the optimal ones marked; `None` if it cannot reach the goal. On a
    /// board answered by search, each move's distance is a search of its own.
    pub fn hints(&self, position: &Position) -> Result<Option<Vec<Hint>>, Error> {
        match &self.0.source {
            Source::Table(source) => {
                table_result(source, source.answers().hints(self.state(position)?))
            }
            _ => {
                let searcher = self.search()?;
                let effort = Effort::default();
                match searcher.solve(position, &effort)? {
                    None => Ok(None),
                    Some(moves) => searcher
                        .hints(
                            position,
                            searcher.length(&moves),
                            moves.first().copied(),
                            &effort,
                        )
                        .map(Some),
                }
            }
        }
    }

    /// [`Answers::hints`] of a position whose distance is known (the one before it along a
    /// path said so): on a board answered by search, no search for it.
    pub(crate) fn hints_at(&self, position: &Position, distance: u8) -> Result<Vec<Hint>, Error> {
        match &self.0.source {
            Source::Table(source) => Ok(table_result(
                source,
                source.answers().hints(self.state(position)?),
            )?
            .unwrap_or_default()),
            _ => self
                .search()?
                .hints(position, distance, None, &Effort::default()),
        }
    }

    /// Every optimal solution from `position`, in lexicographic U < D < L < R order; `None` if
    /// it cannot reach the goal. On a board answered by search, the last iteration of the
    /// search is run whole.
    pub fn all_solutions(&self, position: &Position) -> Result<Option<Vec<Path>>, Error> {
        self.first_solutions(position, None)
    }

    /// [`Answers::all_solutions`], the first `limit` of them when there is a limit.
    pub fn first_solutions(
        &self,
        position: &Position,
        limit: Option<usize>,
    ) -> Result<Option<Vec<Path>>, Error> {
        match &self.0.source {
            Source::Table(source) => table_result(
                source,
                source
                    .answers()
                    .all_solutions(self.state(position)?)
                    .and_then(|all| {
                        all.take(limit.unwrap_or(usize::MAX))
                            .collect::<Result<Vec<Path>, _>>()
                    }),
            ),
            _ => {
                let searcher = self.search()?;
                searcher.at_distance(position, |d, effort| {
                    searcher.solutions(position, d, limit, effort)
                })
            }
        }
    }

    /// How many optimal solutions `position` has; `None` if it cannot reach the goal. From a
    /// full table, by adding up each optimal move's count, each state counted once; on a board
    /// answered by search, by running the search's last iteration whole.
    ///
    /// ```
    /// use tilebase_answer::{Answers, Question};
    ///
    /// # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
    /// let answers = Answers::open(&Question::read_text(Some("3x3"), Some("123804765"), None, None)?)?;
    /// let position = answers.read("603712458")?;
    /// let all = answers.all_solutions(&position)?.unwrap();
    /// assert_eq!(answers.count_solutions(&position)?, Some(all.len() as u128));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_solutions(&self, position: &Position) -> Result<Option<u128>, Error> {
        match &self.0.source {
            Source::Table(source) => table_result(
                source,
                count_table(&source.answers(), *self.state(position)?),
            ),
            _ => {
                let searcher = self.search()?;
                searcher.at_distance(position, |d, effort| {
                    searcher.count(position, d, effort).map(u128::from)
                })
            }
        }
    }

    /// The whole answer for `position`: its solution, or why it cannot reach the goal, with
    /// what `ask` asks for besides.
    pub fn answer(&self, position: &Position, ask: &Ask) -> Result<Answer, Error> {
        let unsolvable = || {
            Answer::Unsolvable(Unsolvable {
                position: *position,
                goal: *self.goal(),
            })
        };
        match &self.0.source {
            Source::Table(_) => {
                let Some(moves) = self.solve(position)? else {
                    return Ok(unsolvable());
                };
                let solutions = if ask.solutions {
                    self.first_solutions(position, ask.limit)?
                } else {
                    None
                };
                let hints = if ask.hints {
                    self.hints(position)?
                } else {
                    None
                };
                let count = if ask.count {
                    self.count_solutions(position)?
                } else {
                    None
                };
                Ok(Answer::Solved(Solved {
                    position: *position,
                    distance: moves.moves_in(self.metric()) as u8,
                    moves,
                    solutions,
                    count,
                    hints,
                    nodes: None,
                }))
            }
            Source::Bounds(_) => self.bounds(position, &ask.effort),
            _ => self.search()?.answer(position, ask),
        }
    }

    /// The board's goal as the bounds' searches read it, when the answers are bounds (a board
    /// past 25 cells).
    pub fn bounds_puzzle(&self) -> Option<&tilebase_bounds::Puzzle> {
        match &self.0.source {
            Source::Bounds(puzzle) => Some(puzzle),
            _ => None,
        }
    }

    /// [`Answers::bounds`] of every position, in order, on every core: a position on each at
    /// once (one alone takes every core).
    pub fn bounds_all(
        &self,
        positions: &[Position],
        effort: &Effort,
    ) -> Vec<Result<Answer, Error>> {
        use rayon::prelude::*;
        if positions.len() < 2 {
            return positions.iter().map(|p| self.bounds(p, effort)).collect();
        }
        positions
            .par_iter()
            .with_max_len(1)
            .map(|p| self.bounds(p, effort))
            .collect()
    }

    /// What a search within `effort` (its seconds and nodes) proves about `position`: a lower
    /// bound on its optimal length and a solution ([`Answer::Bounded`]), or that it cannot
    /// reach the goal, at once. The answer of every board past 25 cells; on smaller boards the
    /// same search, on the same heuristic (Manhattan distance and linear conflicts).
    pub fn bounds(&self, position: &Position, effort: &Effort) -> Result<Answer, Error> {
        let made;
        let puzzle = match &self.0.source {
            Source::Bounds(puzzle) => puzzle,
            _ => {
                made = tilebase_bounds::Puzzle::new(self.board(), self.goal().cells())
                    .map_err(|e| Error::Files(format!("goal {}: {e}", self.goal())))?;
                &made
            }
        };
        let last = self
            .0
            .last_bounded
            .lock()
            .ok()
            .and_then(|last| last.clone());
        if let Some((_, bounded)) = last.filter(|(e, b)| b.position == *position && e == effort) {
            return Ok(Answer::Bounded(bounded));
        }
        let answer = bounds_with(puzzle, self.goal(), position, effort)?;
        if let (Answer::Bounded(bounded), Ok(mut last)) = (&answer, self.0.last_bounded.lock()) {
            *last = Some((*effort, bounded.clone()));
        }
        Ok(answer)
    }

    /// The position as its full table knows it.
    fn state<'p>(&self, position: &'p Position) -> Result<&'p tilebase_core::State, Error> {
        position.state().ok_or_else(|| {
            Error::Read(ReadError::State(tilebase_core::StateError::NoBoard {
                cells: position.board().cells(),
            }))
        })
    }

    /// The table's questions about the goal, when the answers come from a full table.
    pub fn table_goal(&self) -> Option<Goal<'_, Storage>> {
        self.table().map(TableSource::answers)
    }

    /// A search over the pattern databases, made once for many positions (a batch, a
    /// printer); `None` when the answers come from a full table.
    pub(crate) fn searcher(&self) -> Option<Result<Searcher<'_>, Error>> {
        match &self.0.source {
            Source::Table(_) => None,
            Source::Bounds(_) => Some(Err(Error::OnlyBounds {
                board: self.board(),
                what: "an optimal answer",
            })),
            Source::Patterns(source) => Some(Searcher::of_patterns(self, source)),
            Source::Relabelled(source) => Some(Searcher::of_relabelled(self, source)),
        }
    }

    /// The search, on a board answered by one.
    fn search(&self) -> Result<Searcher<'_>, Error> {
        self.searcher().unwrap_or_else(|| {
            Err(Error::NoSearch {
                board: self.board(),
                what: "a search",
            })
        })
    }

    /// The relabelled table, when the answers come from a multi-tile search over one.
    pub fn relabelled(&self) -> Option<&RelabelSource> {
        match &self.0.source {
            Source::Relabelled(source) => Some(source),
            _ => None,
        }
    }
}

/// [`Answers::bounds`] with the goal's `puzzle` made.
pub(crate) fn bounds_with(
    puzzle: &tilebase_bounds::Puzzle,
    goal: &Position,
    position: &Position,
    effort: &Effort,
) -> Result<Answer, Error> {
    if position.board() != goal.board() {
        return Err(Error::Read(ReadError::Cells(
            tilebase_pattern::CellsError::WrongCellCount {
                found: position.board().cells(),
                board: goal.board(),
            },
        )));
    }
    let threads = effort.threads();
    match tilebase_bounds::bound_with(puzzle, position.cells(), effort.budget(), threads, None) {
        Ok(bounds) => Ok(Answer::Bounded(Bounded {
            position: *position,
            lower_bound: bounds.lower_bound,
            moves: bounds.solution,
            nodes: bounds.nodes,
            seconds: bounds.seconds,
        })),
        Err(tilebase_bounds::CellsError::Unsolvable { .. }) => Ok(Answer::Unsolvable(Unsolvable {
            position: *position,
            goal: *goal,
        })),
        Err(e) => Err(Error::Files(format!("{position}: {e}"))),
    }
}
