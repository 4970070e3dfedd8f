//! Questions about one goal, answered from a database of that goal or of any goal that a
//! relabelling of the tiles and a symmetry of the board make into it.

use tilebase_core::{Cursor, Frame, Metric, Move, MoveSet, Path as Moves, Slide, State};

use crate::view::{Fault, View};
use crate::{Database, Error};

/// A goal and the database that answers for it: made by [`Database::for_goal`] (or by
/// [`Database::own_goal`] for the database's own goal). It asks the same questions as
/// [`Database`] does of its own goal, and gets the same answers a database built for this very
/// goal would give, move for move: states are translated into the database's goal, each move
/// the table finds closer is translated back, and ties are broken in this goal's own U, D, L, R
/// order.
///
/// ```
/// use tilebase_lookup::{Database, State};
///
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
/// let db = Database::open(path)?; // goal 123804765: blank in the centre
/// // Any goal with the blank in the centre, without a table of its own.
/// let goal = db.for_goal(&"876504321".parse()?)?;
/// let state: State = "876054321".parse()?;
/// assert_eq!(goal.distance(&state)?, 1);
/// assert_eq!(goal.solve(&state)?.to_string(), "R");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Goal<'a, D> {
    db: &'a Database<D>,
    goal: State,
    /// From this goal's states to the database's; `None` when the goal is the database's own.
    frame: Option<Frame>,
}

impl<D> Clone for Goal<'_, D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<D> Copy for Goal<'_, D> {}

impl<D> std::fmt::Debug for Goal<'_, D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Goal")
            .field("goal", &self.goal)
            .field("relabelled", &self.frame.is_some())
            .finish()
    }
}

/// A table's entries read by index, again and again: [`Goal::distance_at`] with the table found
/// in its storage once, for loops over millions of indices. Made by [`Goal::entries`].
///
/// ```
/// use tilebase_lookup::{Database, State};
///
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
/// let db = Database::open(path)?;
/// let goal = db.own_goal();
/// let entries = goal.entries();
/// let state: State = "603712458".parse()?;
/// assert_eq!(entries.distance_at(goal.entry_index(&state)?)?, 23);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Entries<'a, D> {
    view: View<'a>,
    db: &'a Database<D>,
}

impl<D> Clone for Entries<'_, D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<D> Copy for Entries<'_, D> {}

impl<D: AsRef<[u8]>> Entries<'_, D> {
    /// The distance kept at `index`, exactly as [`Goal::distance_at`] gives it.
    #[inline(always)]
    pub fn distance_at(&self, index: u32) -> Result<u8, Error> {
        self.view.distance_at(index).map_err(|f| self.db.explain(f))
    }
}

/// One move from a state and where it leads: see [`Goal::hints`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move (one cell in the single-tile metric).
    pub slide: Slide,
    /// The tile that moves first: the one beside the blank in the move's direction. (In the
    /// multi-tile metric the tiles behind it move too.)
    pub tile: u8,
    /// The distance of the state the move leads to.
    pub distance: u8,
    /// Whether the move keeps the solution optimal: it leads one move closer.
    pub optimal: bool,
}

/// The questions a database answers about its own goal, and the goals it answers for.
impl<D: AsRef<[u8]>> Database<D> {
    /// Every direction in which the blank can move from `state` and keep the solution optimal:
    /// those that bring it one move closer. Empty at the goal. See [`Goal::optimal_moves`].
    pub fn optimal_moves(&self, state: &State) -> Result<MoveSet, Error> {
        self.own_goal().optimal_moves(state)
    }

    /// Every move from `state`, with the distance it leads to: see [`Goal::hints`].
    pub fn hints(&self, state: &State) -> Result<Vec<Hint>, Error> {
        self.own_goal().hints(state)
    }

    /// One optimal solution: from `state`, at each step the first move in the order U, D, L, R
    /// that brings it one move closer. Its length is [`Database::distance`] (in the multi-tile
    /// metric, its number of runs of one letter: see [`Goal::solve`]).
    pub fn solve(&self, state: &State) -> Result<Moves, Error> {
        self.own_goal().solve(state)
    }

    /// The database's own goal, as a [`Goal`].
    pub fn own_goal(&self) -> Goal<'_, D> {
        Goal::new(self, self.goal(), None)
    }

    /// Questions about `goal`, answered from this database: its own goal, or any goal that
    /// [`Database::answers_for`]. The answers are exactly those of a database built for `goal`.
    ///
    /// ```
    /// use tilebase_lookup::{Database, State};
    ///
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
    /// let db = Database::open(path)?; // goal 123804765, blank in the centre
    /// let goal: State = "567408321".parse()?;
    /// let state: State = "567480321".parse()?;
    /// assert_eq!(db.for_goal(&goal)?.distance(&state)?, 1);
    ///
    /// let corner: State = "123456780".parse()?;
    /// assert!(db.for_goal(&corner).unwrap_err().to_string().contains("in a different class"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_goal(&self, goal: &State) -> Result<Goal<'_, D>, Error> {
        self.check_board(goal)?;
        if *goal == self.goal() {
            return Ok(self.own_goal());
        }
        match Frame::between(goal, &self.goal()) {
            Some(frame) => Ok(Goal::new(self, *goal, Some(frame))),
            None => Err(Error::OtherClass {
                goal: *goal,
                holds: self.goal(),
            }),
        }
    }
}

impl<'a, D: AsRef<[u8]>> Goal<'a, D> {
    pub(crate) fn new(db: &'a Database<D>, goal: State, frame: Option<Frame>) -> Self {
        Goal { db, goal, frame }
    }

    /// The goal: distance 0.
    pub fn goal(&self) -> State {
        self.goal
    }

    /// The database that answers.
    pub fn database(&self) -> &'a Database<D> {
        self.db
    }

    /// How moves are counted: the database's metric.
    pub fn metric(&self) -> Metric {
        self.db.metric()
    }

    /// Whether the answers come from a database of another goal, through a relabelling of the
    /// tiles and a symmetry of the board.
    pub fn is_translated(&self) -> bool {
        self.frame.is_some()
    }

    /// The translation into the database's goal, if it is not this goal.
    pub fn frame(&self) -> Option<&Frame> {
        self.frame.as_ref()
    }

    /// The optimal number of moves from `state` to the goal.
    #[inline]
    pub fn distance(&self, state: &State) -> Result<u8, Error> {
        self.distance_at(self.entry_index(state)?)
    }

    /// Where `state`'s distance is kept in the table that answers for this goal, or why it has
    /// none (another board, a state that cannot reach the goal): the first half of
    /// [`Goal::distance`], [`Goal::distance_at`] the second. Apart, they let a batch work out
    /// many indices before it reads any entry, so that the reads of a large table wait on
    /// memory together rather than one after another.
    ///
    /// ```
    /// use tilebase_lookup::{Database, State};
    ///
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
    /// let db = Database::open(path)?;
    /// let goal = db.own_goal();
    /// let states: Vec<State> = ["603712458", "123804765"].iter().map(|s| s.parse()).collect::<Result<_, _>>()?;
    /// let indices: Vec<u32> = states.iter().map(|s| goal.entry_index(s)).collect::<Result<_, _>>()?;
    /// let distances: Vec<u8> = indices.iter().map(|&i| goal.distance_at(i)).collect::<Result<_, _>>()?;
    /// assert_eq!(distances, [23, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn entry_index(&self, state: &State) -> Result<u32, Error> {
        match &self.frame {
            None => self.db.index_of(state, &self.goal),
            Some(frame) => {
                self.db.check_board(state)?;
                self.db
                    .index_of(&frame.state(state), &self.goal)
                    .map_err(|e| self.in_own_terms(e, state))
            }
        }
    }

    /// The distance kept at `index`, an index [`Goal::entry_index`] gave; a damaged entry is
    /// named, as [`Goal::distance`] names it.
    #[inline]
    pub fn distance_at(&self, index: u32) -> Result<u8, Error> {
        self.db.distance_at_index(index)
    }

    /// The table's entries, to read many by index: see [`Entries`].
    #[inline]
    pub fn entries(&self) -> Entries<'a, D> {
        Entries {
            view: self.db.view(),
            db: self.db,
        }
    }

    /// The distance of the state written as `digits` (one ASCII digit per cell, as batches are
    /// usually written), when there is nothing more to say: `None` if the digits are not a
    /// state of the board, the state cannot reach the goal, its entry is damaged, or this goal
    /// is translated. [`Goal::distance`] then gives the answer or the reason. The fast path of
    /// batch queries: no state is made.
    ///
    /// ```
    /// use tilebase_lookup::Database;
    ///
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
    /// let db = Database::open(path)?;
    /// let goal = db.own_goal();
    /// assert_eq!(goal.distance_of_digits(b"603712458"), Some(23));
    /// assert_eq!(goal.distance_of_digits(b"864072513"), None); // unsolvable
    /// assert_eq!(goal.distance_of_digits(b"6 0 3 7 1 2 4 5 8"), None); // not digits alone
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn distance_of_digits(&self, digits: &[u8]) -> Option<u8> {
        self.answer_of_digits(digits).flatten()
    }

    /// [`Goal::distance_of_digits`], with the other answer the digits alone give: `Some(Some(d))`,
    /// the distance; `Some(None)`, the state cannot reach the goal (it is in the other parity
    /// half: [`Goal::distance`] says why in words); `None` when there is more to say: the
    /// digits are not a state of the board, its entry is damaged, or this goal is translated.
    /// For batches that print a distance or a mark: random arrangements are half unsolvable,
    /// and this answers them as fast as solvable states.
    ///
    /// ```
    /// use tilebase_lookup::Database;
    ///
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123804765.tilebase");
    /// let db = Database::open(path)?;
    /// let goal = db.own_goal();
    /// assert_eq!(goal.answer_of_digits(b"603712458"), Some(Some(23)));
    /// assert_eq!(goal.answer_of_digits(b"864072513"), Some(None)); // unsolvable
    /// assert_eq!(goal.answer_of_digits(b"86407251"), None); // not a state of the board
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn answer_of_digits(&self, digits: &[u8]) -> Option<Option<u8>> {
        if self.frame.is_some() {
            return None;
        }
        self.db.answer_of_digits(digits)
    }

    /// Every direction in which the blank can move and keep the solution optimal. Empty at the
    /// goal. (In the multi-tile metric, a direction in which some slide is optimal: see
    /// [`Goal::hints`] for the slides.)
    pub fn optimal_moves(&self, state: &State) -> Result<MoveSet, Error> {
        let (cursor, d) = self.locate_cursor(state)?;
        if self.is_plain() {
            return self
                .db
                .view()
                .moves_closer(&cursor, d)
                .map_err(|f| self.db.explain(f));
        }
        let mut directions = MoveSet::EMPTY;
        self.visit(&cursor, d, |_, slide, _, nd| {
            if nd + 1 == d {
                directions = directions.with(slide.direction);
            }
        })
        .map_err(|f| self.db.explain(f))?;
        Ok(directions)
    }

    /// Every move from `state`, with the tile it slides and the distance it leads to, in U, D,
    /// L, R order (by length within a direction in the multi-tile metric). The optimal ones are
    /// one closer; the others, one farther (or, in the multi-tile metric, possibly as far).
    pub fn hints(&self, state: &State) -> Result<Vec<Hint>, Error> {
        let (cursor, d) = self.locate_cursor(state)?;
        let mut hints = Vec::with_capacity(4);
        self.visit(&cursor, d, |_, slide, _, distance| {
            hints.push(Hint {
                slide,
                tile: state.slide_tile(slide.direction).unwrap_or(0),
                distance,
                optimal: distance + 1 == d,
            });
        })
        .map_err(|f| self.db.explain(f))?;
        Ok(hints)
    }

    /// One optimal solution: from `state`, at each step the first move in the order U, D, L, R
    /// (and, in the multi-tile metric, the shortest slide first) that brings it one move closer.
    /// Moves are letters, one per cell the blank moves: in the multi-tile metric a run of one
    /// letter is one move (see [`Moves::slides`]).
    pub fn solve(&self, state: &State) -> Result<Moves, Error> {
        let (cursor, d) = self.locate_cursor(state)?;
        if self.is_plain() {
            return self
                .db
                .view()
                .descend(cursor, d)
                .map_err(|f| self.db.explain(f));
        }
        self.descend(cursor, d).map_err(|f| self.db.explain(f))
    }

    /// The state at `index` of the database's table, in this goal's terms: its distance to this
    /// goal is `database().table()[index]`. `None` past the end of the table.
    pub fn state_at(&self, index: u32) -> Option<State> {
        let db = self.db;
        let state = State::from_index(db.board(), db.goal().parity(), index)?;
        Some(self.frame.map_or(state, |f| f.state_back(&state)))
    }

    /// Every state whose distance is in `distances`, in the table's order, in this goal's terms.
    /// Reads the whole table.
    ///
    /// ```
    /// use tilebase_lookup::{Database, State};
    ///
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db/3x3-123456780.tilebase");
    /// let db = Database::open(path)?;
    /// let farthest: Vec<String> =
    ///     db.own_goal().states_at(31..=31).map(|s| s.to_string()).collect();
    /// assert_eq!(farthest, ["647850321", "867254301"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn states_at(
        &self,
        distances: std::ops::RangeInclusive<u8>,
    ) -> impl Iterator<Item = State> + '_ {
        (0u32..)
            .zip(self.db.table())
            .filter(move |(_, d)| distances.contains(d))
            .filter_map(|(index, _)| self.state_at(index))
    }

    /// The database's own goal in the single-tile metric: the fast paths apply as they are.
    #[inline]
    fn is_plain(&self) -> bool {
        self.frame.is_none() && self.db.metric() == Metric::Single
    }

    /// A cursor at the state's image in the database, and its distance.
    #[inline]
    pub(crate) fn locate_cursor(&self, state: &State) -> Result<(Cursor, u8), Error> {
        match &self.frame {
            None => self.db.locate_cursor(state, &self.goal),
            Some(frame) => {
                self.db.check_board(state)?;
                self.db
                    .locate_cursor(&frame.state(state), &self.goal)
                    .map_err(|e| self.in_own_terms(e, state))
            }
        }
    }

    /// An error about a state's image, said of the state itself.
    fn in_own_terms(&self, error: Error, state: &State) -> Error {
        match error {
            Error::Unsolvable(_) => match state.check_solvable(&self.goal) {
                Err(why) => why.into(),
                Ok(()) => error,
            },
            other => other,
        }
    }

    /// The database's direction for each of this goal's, in U, D, L, R order.
    #[inline]
    fn directions(&self) -> [(Move, Move); 4] {
        Move::ALL.map(|m| (m, self.frame.map_or(m, |f| f.direction(m))))
    }

    /// Calls `each` for every move from a state at distance `d` (a cursor in the database's
    /// terms), in this goal's order, with the move in this goal's terms, its place in that order
    /// (see [`Goal::take`]), where it leads and that state's distance. Checks every entry read:
    /// neighbours differ by at most one move (exactly one in the single-tile metric), only the
    /// goal is at 0, and a state other than the goal has a neighbour one closer.
    pub(crate) fn visit(
        &self,
        cursor: &Cursor,
        d: u8,
        mut each: impl FnMut(u32, Slide, &Cursor, u8),
    ) -> Result<(), Fault> {
        let view = self.db.view();
        let metric = self.db.metric();
        let longest = metric.longest_slide(self.db.board());
        let mut any_closer = false;
        for (k, (own, theirs)) in (0u32..).zip(self.directions()) {
            let mut next = *cursor;
            for cells in 1..=longest {
                if !next.advance(theirs) {
                    break;
                }
                let nd = view.entry(next.index())?;
                let fits = match metric {
                    Metric::Single => nd + 1 == d || nd == d + 1,
                    Metric::Multi => nd + 1 >= d && nd <= d + 1,
                };
                if !fits {
                    return Err(Fault::Gap {
                        index: cursor.index(),
                        d,
                        neighbour: next.index(),
                        nd,
                    });
                }
                if nd == 0 && !view.is_goal(next.index()) {
                    return Err(Fault::ZeroNotGoal {
                        index: next.index(),
                    });
                }
                any_closer |= nd + 1 == d;
                let slide = Slide {
                    direction: own,
                    cells,
                };
                each(
                    k * u32::from(longest) + u32::from(cells) - 1,
                    slide,
                    &next,
                    nd,
                );
            }
        }
        if d > 0 && !any_closer {
            return Err(Fault::NoMoveCloser {
                index: cursor.index(),
                d,
            });
        }
        Ok(())
    }

    /// The moves from a state at distance `d` that lead one closer, checked as [`Goal::visit`]
    /// checks them, as a set of their places: bit `p` for the move at place `p`.
    pub(crate) fn closer(&self, cursor: &Cursor, d: u8) -> Result<u32, Fault> {
        if self.is_plain() {
            // One cell per move, in U, D, L, R order: a move's place is its number.
            return self
                .db
                .view()
                .moves_closer(cursor, d)
                .map(|set| set.bits().into());
        }
        let mut places = 0u32;
        self.visit(cursor, d, |place, _, _, nd| {
            if nd + 1 == d {
                places |= 1 << place;
            }
        })?;
        Ok(places)
    }

    /// The move at `place` from `cursor`, and where it leads: places count the moves in this
    /// goal's order (4 directions, at most 5 cells each, so a `u32` holds a set of them).
    pub(crate) fn take(&self, cursor: &Cursor, place: u32) -> (Slide, Cursor) {
        if self.is_plain() {
            let m = Move::ALL[place as usize & 3];
            let mut next = *cursor;
            next.advance(m);
            return (Slide::one(m), next);
        }
        let longest = u32::from(self.db.metric().longest_slide(self.db.board()));
        let (own, theirs) = self.directions()[(place / longest) as usize];
        let cells = (place % longest) as u8 + 1;
        let mut next = *cursor;
        for _ in 0..cells {
            // Only places that `visit` found are taken: every step is on the board.
            next.advance(theirs);
        }
        let slide = Slide {
            direction: own,
            cells,
        };
        (slide, next)
    }

    /// Greedy descent, for a translated goal or the multi-tile metric: the first move closer in
    /// this goal's order at every step.
    fn descend(&self, cursor: Cursor, d: u8) -> Result<Moves, Fault> {
        let mut path = Moves::with_capacity(usize::from(d));
        if d == 0 {
            return Ok(path);
        }
        // Every neighbour of the start is checked, as on the fast path.
        self.visit(&cursor, d, |_, _, _, _| {})?;
        let view = self.db.view();
        let longest = self.db.metric().longest_slide(self.db.board());
        let (mut cursor, mut d) = (cursor, d);
        'step: while d > 0 {
            for (own, theirs) in self.directions() {
                let mut next = cursor;
                for cells in 1..=longest {
                    if !next.advance(theirs) {
                        break;
                    }
                    if view.entry(next.index())? + 1 == d && (d > 1 || view.is_goal(next.index())) {
                        Slide {
                            direction: own,
                            cells,
                        }
                        .push_onto(&mut path);
                        cursor = next;
                        d -= 1;
                        continue 'step;
                    }
                }
            }
            return Err(Fault::NoMoveCloser {
                index: cursor.index(),
                d,
            });
        }
        Ok(path)
    }
}
