//! Answers found by search: IDA* over the files of a goal's class, in the goal's own frame.

use rayon::prelude::*;
use tilebase_core::{Board, Move, Path, Slide};
use tilebase_pattern::{ClassFrame, MultiSolver, SolveError, Solver};

use crate::answering::answer::{Answer, Bounded, Hint, Solved, Unsolvable};
use crate::answering::{Answers, Ask, Effort};
use crate::error::Error;
use crate::files::patterns::PatternSource;
use crate::files::relabelled::RelabelSource;
use crate::question::position::Position;

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
    (board.cells() >= 21 && board.method() == tilebase_core::Method::Patterns).then(|| {
        format!(
            "{board} states far from the goal often take minutes or more each with its \
             default pattern databases (on this project's 2-core machine most random {board} \
             states took over 30 s); --max-nodes N bounds a search"
        )
    })
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
    pub(crate) fn of_patterns(
        answers: &'a Answers,
        source: &'a PatternSource,
    ) -> Result<Searcher<'a>, Error> {
        Ok(Searcher {
            answers,
            frame: source.frame(),
            bound: Bound::Patterns(source.solver(true)?),
        })
    }

    pub(crate) fn of_relabelled(
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

    /// An optimal solution of `position`, or `None` if it cannot reach the goal (a parity, no
    /// search). With no node bound and more than one thread, one search is shared among the
    /// threads (in either metric): the same solution, sooner.
    pub(crate) fn solve(
        &self,
        position: &Position,
        effort: &Effort,
    ) -> Result<Option<Vec<Move>>, Error> {
        Ok(self
            .solve_counted(position, effort)?
            .map(|(moves, _)| moves))
    }

    /// [`Self::solve`], with the nodes the search generated (those of the search that first
    /// found it, when it is the position asked about last).
    pub(crate) fn solve_counted(
        &self,
        position: &Position,
        effort: &Effort,
    ) -> Result<Option<(Vec<Move>, u64)>, Error> {
        let last = &self.answers.0.last_solved;
        if let Some((solved, moves, nodes)) = &*last.lock().unwrap_or_else(|e| e.into_inner())
            && solved == position
        {
            return Ok(Some((moves.clone(), *nodes)));
        }
        let frame = self.frame;
        let image = frame.state(position.cells());
        let threads = effort.threads();
        let result = match &self.bound {
            Bound::Patterns(solver) => solver
                .solve_hybrid(
                    &image,
                    threads,
                    effort.search_memory(position.board()),
                    effort.max_nodes,
                )
                .map(|s| (s.moves, s.nodes)),
            Bound::Relabelled(solver) => solver
                .solve_hybrid(
                    &image,
                    threads,
                    effort.search_memory(position.board()),
                    effort.max_nodes,
                )
                .map(|s| (cells_of(&s.slides), s.nodes)),
        };
        match result {
            Ok((moves, nodes)) => {
                let moves: Vec<Move> = moves.iter().map(|&m| frame.move_back(m)).collect();
                *last.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some((*position, moves.clone(), nodes));
                Ok(Some((moves, nodes)))
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
        let started = web_time::Instant::now();
        let solved = match self.solve_counted(position, effort) {
            // A search that ran out of its budget: what it proved, and a solution, when only
            // the distance and a solution were asked for.
            Err(Error::Search { error, .. })
                if !(ask.hints || ask.solutions || ask.count)
                    && let Some(bounded) = self.bounded_after(position, effort, &error) =>
            {
                let mut bounded = bounded?;
                bounded.seconds = started.elapsed().as_secs_f64();
                return Ok(Answer::Bounded(bounded));
            }
            solved => solved?,
        };
        let Some((moves, nodes)) = solved else {
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
            nodes: Some(nodes),
        }))
    }

    /// What can be proven of `position` after its search for the optimal length gave up with
    /// `error`: no solution is shorter than the iteration it was in, and a solution found
    /// within the effort's time ([`crate::DEFAULT_BOUNDS_SECONDS`] by default; its nodes were
    /// the search's), as on boards past 25 cells. `None` where those are not bounds: in the multi-tile metric,
    /// or an error other than the budget's.
    pub(crate) fn bounded_after(
        &self,
        position: &Position,
        effort: &Effort,
        error: &SolveError,
    ) -> Option<Result<Bounded, Error>> {
        let SolveError::Exceeded { nodes, bound } = *error else {
            return None;
        };
        if !matches!(self.bound, Bound::Patterns(_)) {
            return None;
        }
        let goal = self.answers.goal();
        let bounded = tilebase_bounds::Puzzle::new(goal.board(), goal.cells())
            .and_then(|puzzle| {
                tilebase_bounds::solutions(
                    &puzzle,
                    position.cells(),
                    bound,
                    // The nodes were the search's, and are spent: the time is the solution's.
                    tilebase_bounds::Budget {
                        max_nodes: u64::MAX,
                        ..effort.budget()
                    },
                    None,
                )
            })
            .map(|bounds| Bounded {
                position: *position,
                lower_bound: bounds.lower_bound,
                moves: bounds.solution,
                nodes: nodes + bounds.nodes,
                seconds: bounds.seconds,
            })
            .map_err(|e| Error::Files(format!("{position}: {e}")));
        Some(bounded)
    }

    /// `answer(position)` at its distance found by a search, `None` if it cannot reach the goal:
    /// for the questions that need the distance first.
    pub(crate) fn at_distance<T>(
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
                .solve_all_within(
                    &images,
                    effort.max_nodes,
                    effort.memory_on(self.answers.board()),
                )
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
