//! The one door every question goes through: [`Answers`], the answers for a goal, whichever
//! method gives them (a full table, or a search over pattern databases).

use std::path::Path as FilePath;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use tilebase_core::{Metric, Move, Path, Slide};
use tilebase_lookup::{Database, Goal, Storage};
use tilebase_pattern::{ClassFrame, MultiSolver, SolveError, Solver};

use crate::answer::{Answer, Hint, Solved, Unsolvable};
use crate::error::Error;
use crate::patterns::PatternSource;
use crate::position::{Given, Position, ReadError};
use crate::question::{Asked, Question};
use crate::relabelled::RelabelSource;
use crate::repair;
use crate::tables::TableSource;
use tilebase_core::{Board, Method};

/// The answers for one goal: distances, optimal solutions, hints, batches. Made by
/// [`crate::Library::open`] (or [`Answers::open`]); cheap to clone, and shared freely among
/// threads.
///
/// ```
/// use tilebase_answer::{Answers, Question};
///
/// # std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
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
    last_solved: Mutex<Option<(Position, Vec<Move>)>>,
}

/// Where the answers come from.
pub(crate) enum Source {
    Table(TableSource),
    Patterns(Box<PatternSource>),
    /// The 15-puzzle in the multi-tile metric.
    Relabelled(Box<RelabelSource>),
}

/// How hard a search may try: a bound on the nodes it generates, and the threads one search is
/// shared among. Answers from a full table take no search, and ignore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// A search gives up after generating this many nodes ([`Error::Search`]).
    pub max_nodes: u64,
    /// The threads one search is shared among, when it has no node bound (a bounded search
    /// runs on one); 0: every core, or one when already on a thread of a batch.
    pub threads: usize,
}

impl Default for Effort {
    /// No bound, every core.
    fn default() -> Effort {
        Effort {
            max_nodes: u64::MAX,
            threads: 0,
        }
    }
}

impl Effort {
    /// At most `max_nodes` nodes a search, on one core: what a server gives each request.
    pub fn bounded(max_nodes: u64) -> Effort {
        Effort {
            max_nodes,
            threads: 1,
        }
    }

    fn threads(&self) -> usize {
        match self.threads {
            0 if rayon::current_thread_index().is_some() => 1,
            0 => rayon::current_num_threads(),
            n => n,
        }
    }
}

/// What a search on this board typically takes, where random states take long enough that
/// a search without a node bound should be started on purpose: said once, on stderr, by
/// the programs that search without one. `None` where searches are quick.
pub fn slow_search_note(board: Board) -> Option<String> {
    if board == Board::FIVE_BY_FIVE {
        return Some(
            "5x5 states far from the goal take minutes to days each (Korf and Felner's 50 \
             random states: 81 to 114 moves; the ten easiest took 0.4 s to 2 minutes each on \
             this project's 2-core machine, most of the others take hours); --max-nodes N \
             bounds a search"
                .to_string(),
        );
    }
    // Measured with each board's default files (bench/boards.sh): on 7x3, 11x2 and 6x4
    // most random states took over 30 s; 5x4's median 1.3 s.
    (board.cells() >= 21).then(|| {
        format!(
            "{board} states far from the goal often take minutes or more each with its \
             default pattern databases (on this project's 2-core machine most random {board} \
             states took over 30 s); --max-nodes N bounds a search"
        )
    })
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
        }))
    }

    /// The answers for `question`, from the files every tilebase program finds: opened (or
    /// built, saying nothing) by [`crate::Library::standard`].
    pub fn open(question: &Question) -> Result<Answers, Error> {
        crate::Library::standard().open(question, &crate::Quietly)
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

    /// Reads a position of the board given as text or as cells.
    pub fn read_given(&self, given: &Given) -> Result<Position, ReadError> {
        Position::read(self.board(), given)
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
                }))
            }
            _ => self.search()?.answer(position, ask),
        }
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

/// A table's answer, with a position of the other parity half answered `None`.
/// A table's answer: `None` when the goal cannot be reached. A damaged entry of a table read
/// from a file names the file and the command that rebuilds it.
fn table_result<T>(
    source: &TableSource,
    result: Result<T, tilebase_lookup::Error>,
) -> Result<Option<T>, Error> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(tilebase_lookup::Error::Unsolvable(_)) => Ok(None),
        Err(e) => Err(repair::damaged_entry(source.file().as_ref(), e)),
    }
}

/// How many optimal paths lead from `state` to the goal: the sum over its optimal moves of the
/// counts of the states they reach (1 at the goal), each state's count worked out once.
pub(crate) fn count_table(
    goal: &Goal<'_, Storage>,
    state: tilebase_core::State,
) -> Result<u128, tilebase_lookup::Error> {
    count_below(goal, state, &mut std::collections::HashMap::new())
}

/// [`count_table`], with the counts of the states already worked out.
fn count_below(
    goal: &Goal<'_, Storage>,
    state: tilebase_core::State,
    known: &mut std::collections::HashMap<tilebase_core::State, u128>,
) -> Result<u128, tilebase_lookup::Error> {
    if let Some(&n) = known.get(&state) {
        return Ok(n);
    }
    let hints = goal.hints(&state)?;
    let mut n: u128 = if hints.iter().any(|h| h.optimal) {
        0
    } else {
        1
    };
    for hint in hints.iter().filter(|h| h.optimal) {
        let next = (0..hint.slide.cells).try_fold(state, |s, _| s.slide(hint.slide.direction));
        if let Some(next) = next {
            n = n.saturating_add(count_below(goal, next, known)?);
        }
    }
    known.insert(state, n);
    Ok(n)
}

/// IDA* over the files of a goal's class (pattern databases, or in the multi-tile metric a
/// relabelled table), in the goal's own frame: positions are turned into the canonical goal's
/// frame, and the moves found turned back.
pub(crate) struct Searcher<'a> {
    answers: &'a Answers,
    frame: &'a ClassFrame,
    bound: Bound<'a>,
}

/// What bounds the search.
#[expect(
    clippy::large_enum_variant,
    reason = "one lives on the stack for each search, never in a collection: boxing would add \
              an allocation to every question"
)]
enum Bound<'a> {
    /// Additive pattern databases: single-tile moves.
    Patterns(Solver<'a>),
    /// A relabelled table: multi-tile moves.
    Relabelled(MultiSolver<'a>),
}

/// A multi-tile solution as the blank's moves, a letter per cell.
fn cells_of(slides: &[Slide]) -> Vec<Move> {
    slides
        .iter()
        .flat_map(|s| std::iter::repeat_n(s.direction, usize::from(s.cells)))
        .collect()
}

impl<'a> Searcher<'a> {
    fn of_patterns(answers: &'a Answers, source: &'a PatternSource) -> Result<Searcher<'a>, Error> {
        Ok(Searcher {
            answers,
            frame: source.frame(),
            bound: Bound::Patterns(source.solver(true)?),
        })
    }

    fn of_relabelled(
        answers: &'a Answers,
        source: &'a RelabelSource,
    ) -> Result<Searcher<'a>, Error> {
        Ok(Searcher {
            answers,
            frame: source.frame(),
            bound: Bound::Relabelled(source.solver()?),
        })
    }

    /// The error of a search that gave up on `position`.
    fn failed(position: &Position, error: SolveError) -> Error {
        Error::Search {
            position: *position,
            error,
        }
    }

    /// An optimal solution of `image` (in the canonical frame) within `max_nodes`, as the
    /// blank's moves there.
    fn solve_image(&self, image: &[u8], max_nodes: u64) -> Result<Vec<Move>, SolveError> {
        match &self.bound {
            Bound::Patterns(solver) => solver.solve(image, max_nodes).map(|s| s.moves),
            Bound::Relabelled(solver) => {
                solver.solve(image, max_nodes).map(|s| cells_of(&s.slides))
            }
        }
    }

    /// An optimal solution of `position`, or `None` if it cannot reach the goal (a parity, no
    /// search). With no node bound and more than one thread, one single-tile search is shared
    /// among the threads: the same solution, sooner.
    pub(crate) fn solve(
        &self,
        position: &Position,
        effort: &Effort,
    ) -> Result<Option<Vec<Move>>, Error> {
        let last = &self.answers.0.last_solved;
        if let Some((solved, moves)) = &*last.lock().unwrap_or_else(|e| e.into_inner())
            && solved == position
        {
            return Ok(Some(moves.clone()));
        }
        let frame = self.frame;
        let image = frame.state(position.cells());
        let threads = effort.threads();
        let result = match &self.bound {
            Bound::Patterns(solver) if threads > 1 && effort.max_nodes == u64::MAX => {
                solver.solve_parallel(&image, threads).map(|s| s.moves)
            }
            _ => self.solve_image(&image, effort.max_nodes),
        };
        match result {
            Ok(moves) => {
                let moves: Vec<Move> = moves.iter().map(|&m| frame.move_back(m)).collect();
                *last.lock().unwrap_or_else(|e| e.into_inner()) = Some((*position, moves.clone()));
                Ok(Some(moves))
            }
            Err(SolveError::Unsolvable) => Ok(None),
            Err(error) => Err(Self::failed(position, error)),
        }
    }

    /// The optimal number of moves from `position`, or `None` if it cannot reach the goal.
    pub(crate) fn distance(
        &self,
        position: &Position,
        effort: &Effort,
    ) -> Result<Option<u8>, Error> {
        Ok(self
            .solve(position, effort)?
            .map(|moves| self.length(&moves)))
    }

    /// The number of moves of `moves` in the search's metric.
    pub(crate) fn length(&self, moves: &[Move]) -> u8 {
        Path::from(moves.to_vec()).moves_in(self.answers.metric()) as u8
    }

    /// Every legal move from `position` (in the multi-tile metric every slide, the shorter
    /// first within a direction), at `distance`: the move, the tile it slides, and the exact
    /// distance it leads to (a search each; on every core, the neighbours' searches at once).
    /// `along`, the first move of an optimal solution when one is known, leads one move nearer
    /// with no search (in the single-tile metric).
    pub(crate) fn hints(
        &self,
        position: &Position,
        distance: u8,
        along: Option<Move>,
        effort: &Effort,
    ) -> Result<Vec<Hint>, Error> {
        let longest = match self.bound {
            Bound::Patterns(_) => 1,
            Bound::Relabelled(_) => position.board().width().max(position.board().height()) - 1,
        };
        let mut neighbours = Vec::with_capacity(4);
        for m in Move::ALL {
            let Some(tile) = position.slide_tile(m) else {
                continue;
            };
            let mut next = *position;
            for cells in 1..=longest {
                let Some(there) = next.slide(m) else { break };
                next = there;
                let slide = Slide {
                    direction: m,
                    cells: cells as u8,
                };
                neighbours.push((slide, tile, next));
            }
        }
        // A neighbour is one move nearer or farther (or, in the multi-tile metric, as far):
        // never unreachable.
        let reached = |slide: &Slide, next: &Position| match &self.bound {
            // In the single-tile metric only: a multi-tile solution's first slide may be longer
            // than this one.
            Bound::Patterns(_) if distance > 0 && Some(slide.direction) == along => {
                Ok(distance - 1)
            }
            Bound::Patterns(solver) => self.nearer(solver, next, distance, effort),
            Bound::Relabelled(_) => Ok(match self.solve(next, effort)? {
                Some(moves) => self.length(&moves),
                None => distance + 1,
            }),
        };
        let distances: Vec<Result<u8, Error>> = if effort.threads() > 1 {
            neighbours
                .par_iter()
                .map(|(slide, _, next)| reached(slide, next))
                .collect()
        } else {
            neighbours
                .iter()
                .map(|(slide, _, next)| reached(slide, next))
                .collect()
        };
        neighbours
            .into_iter()
            .zip(distances)
            .map(|((slide, tile, _), reached)| {
                let reached = reached?;
                Ok(Hint {
                    slide,
                    tile,
                    distance: reached,
                    optimal: reached + 1 == distance,
                })
            })
            .collect()
    }

    /// The distance of `next`, a neighbour of a position at `distance` in the single-tile
    /// metric: one less or one more. Which is one iteration of IDA* within `distance` − 1, not a
    /// whole search: the one beyond, often the longest, is never run.
    fn nearer(
        &self,
        solver: &Solver<'_>,
        next: &Position,
        distance: u8,
        effort: &Effort,
    ) -> Result<u8, Error> {
        let Some(bound) = distance.checked_sub(1) else {
            return Ok(1);
        };
        let image = self.frame.state(next.cells());
        let below = solver
            .search_below(&image, &[], u32::from(bound), effort.max_nodes)
            .map_err(|error| Self::failed(next, error))?;
        Ok(if below.solution.is_some() {
            bound
        } else {
            distance + 1
        })
    }

    /// The whole answer, with what `ask` asks for besides (every search within its effort).
    pub(crate) fn answer(&self, position: &Position, ask: &Ask) -> Result<Answer, Error> {
        let effort = &ask.effort;
        let Some(moves) = self.solve(position, effort)? else {
            return Ok(Answer::Unsolvable(Unsolvable {
                position: *position,
                goal: *self.answers.goal(),
            }));
        };
        let distance = self.length(&moves);
        let hints = if ask.hints {
            Some(self.hints(position, distance, moves.first().copied(), effort)?)
        } else {
            None
        };
        let solutions = if ask.solutions {
            Some(self.solutions(position, distance, ask.limit, effort)?)
        } else {
            None
        };
        let count = if ask.count {
            Some(u128::from(self.count(position, distance, effort)?))
        } else {
            None
        };
        Ok(Answer::Solved(Solved {
            position: *position,
            moves: Path::from_iter(moves),
            distance,
            solutions,
            count,
            hints,
        }))
    }

    /// `answer(position)` at its distance found by a search, `None` if it cannot reach the goal:
    /// for the questions that need the distance first.
    fn at_distance<T>(
        &self,
        position: &Position,
        answer: impl FnOnce(u8, &Effort) -> Result<T, Error>,
    ) -> Result<Option<T>, Error> {
        let effort = Effort::default();
        match self.solve(position, &effort)? {
            None => Ok(None),
            Some(moves) => answer(self.length(&moves), &effort).map(Some),
        }
    }

    /// Tells `each` every optimal solution of `position` (at `distance`), as the blank's moves
    /// in the canonical frame (a letter per cell), while it says to go on.
    fn each_optimal(
        &self,
        position: &Position,
        distance: u8,
        effort: &Effort,
        each: &mut dyn FnMut(&[Move]) -> bool,
    ) -> Result<(), Error> {
        let image = self.frame.state(position.cells());
        let length = u32::from(distance);
        let searched = match &self.bound {
            Bound::Patterns(solver) => solver.each_optimal(&image, length, effort.max_nodes, each),
            Bound::Relabelled(solver) => {
                solver.each_optimal(&image, length, effort.max_nodes, &mut |slides| {
                    each(&cells_of(slides))
                })
            }
        };
        searched
            .map(|_| ())
            .map_err(|error| Self::failed(position, error))
    }

    /// The optimal solutions of `position` (at `distance`), in lexicographic U < D < L < R
    /// order, the first `limit` when there is one.
    pub(crate) fn solutions(
        &self,
        position: &Position,
        distance: u8,
        limit: Option<usize>,
        effort: &Effort,
    ) -> Result<Vec<Path>, Error> {
        let frame = self.frame;
        let limit = limit.unwrap_or(usize::MAX);
        let mut all: Vec<Path> = Vec::new();
        if limit > 0 {
            self.each_optimal(position, distance, effort, &mut |moves| {
                all.push(moves.iter().map(|&m| frame.move_back(m)).collect());
                all.len() < limit
            })?;
        }
        // The search's order is the canonical frame's; turned back, it may not be the
        // position's own.
        all.sort_by(|a, b| a.iter().map(|&m| m as u8).cmp(b.iter().map(|&m| m as u8)));
        Ok(all)
    }

    /// Tells `each` every optimal solution of `position` (at `distance`) as the search finds
    /// it, in the position's own frame, while it says to go on.
    pub(crate) fn each_solution(
        &self,
        position: &Position,
        distance: u8,
        effort: &Effort,
        each: &mut dyn FnMut(&Path) -> bool,
    ) -> Result<(), Error> {
        let frame = self.frame;
        self.each_optimal(position, distance, effort, &mut |moves| {
            each(&moves.iter().map(|&m| frame.move_back(m)).collect())
        })
    }

    /// How many optimal solutions `position` (at `distance`) has.
    pub(crate) fn count(
        &self,
        position: &Position,
        distance: u8,
        effort: &Effort,
    ) -> Result<u64, Error> {
        let mut count = 0u64;
        self.each_optimal(position, distance, effort, &mut |_| {
            count += 1;
            true
        })?;
        Ok(count)
    }

    /// The search's heuristic of `position`.
    pub(crate) fn heuristic(&self, position: &Position) -> u32 {
        let image = self.frame.state(position.cells());
        match &self.bound {
            Bound::Patterns(solver) => solver.heuristic(&image),
            Bound::Relabelled(solver) => solver.heuristic(&image),
        }
    }

    /// The goal class's frame the search runs in.
    pub(crate) fn frame(&self) -> &'a ClassFrame {
        self.frame
    }

    /// The single-tile search, which is cut into pieces ([`crate::Pieces`]); `what` names the
    /// piece asked for, in the error of the multi-tile search.
    pub(crate) fn pieces_solver(&self, what: &'static str) -> Result<&Solver<'a>, Error> {
        match &self.bound {
            Bound::Patterns(solver) => Ok(solver),
            Bound::Relabelled(_) => Err(Error::NotInMetric {
                board: self.answers.board(),
                metric: self.answers.metric(),
                what,
            }),
        }
    }

    /// Whether `position` can reach the goal: a parity, no search.
    pub(crate) fn solvable(&self, position: &Position) -> bool {
        position.unsolvable_reason(self.answers.goal()).is_none()
    }

    /// Optimal distances of `positions` on every core, in their order; `None` where a position
    /// cannot reach the goal.
    pub(crate) fn distances(
        &self,
        positions: &[Position],
        effort: &Effort,
    ) -> Vec<Result<Option<u8>, Error>> {
        use rayon::prelude::*;
        let frame = self.frame;
        let images: Vec<Vec<u8>> = positions.iter().map(|p| frame.state(p.cells())).collect();
        let results: Vec<Result<u8, SolveError>> = match &self.bound {
            Bound::Patterns(solver) => solver
                .solve_all(&images, effort.max_nodes)
                .into_iter()
                .map(|r| r.map(|s| s.moves.len() as u8))
                .collect(),
            // Each position on the next free core, as the single-tile batch does.
            Bound::Relabelled(solver) => images
                .par_iter()
                .with_max_len(1)
                .map(|image| {
                    solver
                        .solve(image, effort.max_nodes)
                        .map(|s| s.slides.len() as u8)
                })
                .collect(),
        };
        results
            .into_iter()
            .zip(positions)
            .map(|(result, position)| match result {
                Ok(d) => Ok(Some(d)),
                Err(SolveError::Unsolvable) => Ok(None),
                Err(error) => Err(Self::failed(position, error)),
            })
            .collect()
    }
}
