//! An open database and the questions it answers.

use std::path::Path;

use tilebase_core::{
    Board, Cursor, Frame, Metric, Move, MoveSet, Parity, Path as Moves, State, Step,
};
use tilebase_format::{Header, Layout};

use crate::Error;
use crate::goal::{Goal, Hint};
use crate::solutions::Solutions;
use crate::storage::{self, Storage};

/// A damaged entry met on the fast path: small, so that results stay in registers; made into an
/// [`Error`] by [`Database::explain`] only when it happens.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fault {
    /// An entry above the header's maximum (`None`: past the end of the table).
    Entry { index: u32, value: Option<u8> },
    /// A state other than the goal at distance 0.
    ZeroNotGoal { index: u32 },
    /// A state at distance `d` with no neighbour at `d - 1`.
    NoMoveCloser { index: u32, d: u8 },
    /// A state at `d` with a neighbour at `nd`, neither `d - 1` nor `d + 1`.
    Gap {
        index: u32,
        d: u8,
        neighbour: u32,
        nd: u8,
    },
}

/// A distance table for one goal, over bytes of any kind: a memory map ([`Database::open`]),
/// memory ([`Database::from_bytes`]), or anything else that derefs to bytes.
///
/// Opening reads and checks the preamble and header, and checks the file's length; it does not
/// read the table. Every query is a constant number of table reads per move.
#[derive(Debug)]
pub struct Database<D = Storage> {
    data: D,
    table_start: usize,
    header: Header,
    board: Board,
    goal: State,
    metric: Metric,
    goal_index: u32,
    goal_parity: Parity,
}

impl Database<Storage> {
    /// Opens a database file: a plain file is memory-mapped, a zstd-compressed one (as written
    /// by `build-db --compress`) is decompressed into memory. Either way this reads only the
    /// header from disk before returning.
    ///
    /// # Memory map
    ///
    /// A plain file stays mapped while the database lives, so it must not be modified in place
    /// or truncated meanwhile (that is memmap2's safety contract; see `storage::map`). tilebase's
    /// own writers never do that: they write a new file and rename it over the old path, which
    /// leaves open maps intact. If something else may rewrite the file in place, use
    /// [`Database::load`], which reads it into memory instead.
    pub fn open(path: impl AsRef<Path>) -> Result<Database, Error> {
        let path = path.as_ref();
        Database::from_bytes(storage::open(path)?).map_err(|e| e.at(path))
    }

    /// Reads a database file whole into memory (decompressing it if needed), with no memory map.
    pub fn load(path: impl AsRef<Path>) -> Result<Database, Error> {
        let path = path.as_ref();
        Database::from_bytes(storage::load(path)?).map_err(|e| e.at(path))
    }
}

impl Database<Vec<u8>> {
    /// A database from the bytes of a zstd-compressed file.
    pub fn from_compressed(bytes: &[u8]) -> Result<Database<Vec<u8>>, Error> {
        Database::from_bytes(storage::decompress(bytes)?)
    }
}

impl<D: AsRef<[u8]>> Database<D> {
    /// A database over the bytes of a plain (uncompressed) file. Checks the preamble, header and
    /// length; never panics, whatever the bytes.
    pub fn from_bytes(data: D) -> Result<Database<D>, Error> {
        let Layout {
            header,
            board,
            goal,
            metric,
            table,
        } = tilebase_format::read(data.as_ref())
            .map_err(|source| Error::Format { path: None, source })?;
        Ok(Database {
            table_start: table.start,
            goal_index: goal.index(),
            goal_parity: goal.parity(),
            data,
            header,
            board,
            goal,
            metric,
        })
    }

    /// The board of every state in this database.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The goal: distance 0.
    pub fn goal(&self) -> State {
        self.goal
    }

    /// How the table counts moves: single-tile moves (the default) or multi-tile moves.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The header: board, goal, counts per distance, checksum.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The largest distance in the table: the goal's radius.
    pub fn max_distance(&self) -> u8 {
        self.header.max_distance
    }

    /// The raw table: the distance of the state with index `i` is `table()[i]`. Reading it all
    /// reads the whole file.
    pub fn table(&self) -> &[u8] {
        &self.data.as_ref()[self.table_start..]
    }

    /// Where the bytes are: for a database opened by path, a memory map or memory.
    pub fn storage(&self) -> &D {
        &self.data
    }

    /// The bytes the database was made from.
    pub fn bytes(&self) -> &[u8] {
        self.data.as_ref()
    }

    /// The optimal number of moves from `state` to the goal.
    ///
    /// Errors: a state of another board, a state that cannot reach the goal (with the reason),
    /// or a table entry that cannot be right.
    #[inline]
    pub fn distance(&self, state: &State) -> Result<u8, Error> {
        self.locate(state, &self.goal).map(|(_, d)| d)
    }

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

    /// Every optimal solution from `state`, lazily, in lexicographic U < D < L < R order (the
    /// first is [`Database::solve`]'s). Each item costs O(length) table reads; there can be
    /// many: see [`Database::count_solutions`] first.
    pub fn all_solutions(&self, state: &State) -> Result<Solutions<'_, D>, Error> {
        self.own_goal().all_solutions(state)
    }

    /// The number of optimal solutions from `state`, counted over the states on optimal paths
    /// (not by listing the paths). Saturates at `u64::MAX`.
    pub fn count_solutions(&self, state: &State) -> Result<u64, Error> {
        self.own_goal().count_solutions(state)
    }

    /// The database's own goal, as a [`Goal`].
    pub fn own_goal(&self) -> Goal<'_, D> {
        Goal::new(self, self.goal, None)
    }

    /// Whether this database answers for `goal`: `goal` is its own, or a relabelling of the
    /// tiles and a symmetry of the board make `goal` into its own (their blanks are in the same
    /// class of cells: on 3x3, both in a corner, both on an edge, or both in the centre).
    pub fn answers_for(&self, goal: &State) -> bool {
        *goal == self.goal || Frame::between(goal, &self.goal).is_some()
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
        if *goal == self.goal {
            return Ok(self.own_goal());
        }
        match Frame::between(goal, &self.goal) {
            Some(frame) => Ok(Goal::new(self, *goal, Some(frame))),
            None => Err(Error::OtherClass {
                goal: *goal,
                holds: self.goal,
            }),
        }
    }

    /// The hot loops' view of the table.
    #[inline]
    pub(crate) fn view(&self) -> View<'_> {
        View {
            table: self.table(),
            max: self.header.max_distance,
            goal_index: self.goal_index,
        }
    }

    /// [`Goal::distance_of_digits`] for this database's own goal.
    #[inline]
    pub fn distance_of_digits(&self, digits: &[u8]) -> Option<u8> {
        self.answer_of_digits(digits).flatten()
    }

    /// [`Goal::answer_of_digits`] for this database's own goal.
    #[inline]
    pub fn answer_of_digits(&self, digits: &[u8]) -> Option<Option<u8>> {
        let (index, parity) = State::index_of_digits(self.board, digits)?;
        if parity != self.goal_parity {
            return Some(None);
        }
        // A damaged entry is for `distance` to name.
        self.view().distance_at(index).ok().map(Some)
    }

    /// The state's index and distance, after checking its board and parity. `goal` is the goal
    /// an unsolvable state is said not to reach.
    #[inline]
    pub(crate) fn locate(&self, state: &State, goal: &State) -> Result<(u32, u8), Error> {
        self.check_board(state)?;
        let (index, parity) = state.index_and_parity();
        self.check_entry(state, goal, index, parity)
            .map(|d| (index, d))
    }

    /// [`Database::locate`], with a cursor at the state, for queries that move from it.
    #[inline]
    pub(crate) fn locate_cursor(&self, state: &State, goal: &State) -> Result<(Cursor, u8), Error> {
        self.check_board(state)?;
        let cursor = Cursor::new(*state);
        self.check_entry(state, goal, cursor.index(), cursor.parity())
            .map(|d| (cursor, d))
    }

    #[inline]
    pub(crate) fn check_board(&self, state: &State) -> Result<(), Error> {
        if state.board() != self.board {
            return Err(Error::WrongBoard {
                state: *state,
                board: self.board,
            });
        }
        Ok(())
    }

    /// The distance at `index`, after checking that the state can reach the goal at all.
    #[inline]
    fn check_entry(
        &self,
        state: &State,
        goal: &State,
        index: u32,
        parity: Parity,
    ) -> Result<u8, Error> {
        if parity != self.goal_parity {
            return Err(match state.check_solvable(goal) {
                Err(why) => why.into(),
                // Only for a state translated into this goal: the caller says it of its own.
                Ok(()) => state.check_solvable(&self.goal).unwrap_err().into(),
            });
        }
        self.view().distance_at(index).map_err(|f| self.explain(f))
    }

    /// The error for a fault met on the fast path, with the states and numbers that explain it.
    #[cold]
    pub(crate) fn explain(&self, fault: Fault) -> Error {
        let state_at = |index| State::from_index(self.board, self.goal_parity, index);
        let (index, problem) = match fault {
            Fault::Entry {
                index,
                value: Some(d),
            } => (
                index,
                format!(
                    "distance {d}, above the maximum {} in the header",
                    self.header.max_distance
                ),
            ),
            Fault::Entry { index, value: None } => (index, "past the end of the table".into()),
            Fault::ZeroNotGoal { index } => (index, "distance 0, but it is not the goal".into()),
            Fault::NoMoveCloser { index, d } => (
                index,
                format!("distance {d}, but no neighbour is at distance {}", d - 1),
            ),
            Fault::Gap {
                index,
                d,
                neighbour,
                nd,
            } => (
                index,
                format!(
                    "distance {d}, but its neighbour {} has distance {nd}; neighbours differ \
                     by exactly one move",
                    state_at(neighbour).map_or_else(|| neighbour.to_string(), |s| s.to_string())
                ),
            ),
        };
        Error::Damaged {
            index,
            state: state_at(index).unwrap_or(self.goal),
            problem,
        }
    }
}

/// The table and what checking an entry needs, borrowed once per query: the hot loops read
/// through this rather than finding the table in the storage again at every step.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    table: &'a [u8],
    max: u8,
    goal_index: u32,
}

impl View<'_> {
    pub(crate) fn descend(self, cursor: Cursor, d: u8) -> Result<Moves, Fault> {
        let path = Moves::with_capacity(usize::from(d));
        if d == 0 {
            return Ok(path);
        }
        // Reading every neighbour of the start once catches a damaged entry at the start, the
        // one place where a damaged table could otherwise give a legal but longer path.
        self.moves_closer(&cursor, d)?;
        let (mut cursor, mut d, mut path) = (cursor, d, path);
        loop {
            let Some((m, step)) = self.first_step_closer(&cursor, d) else {
                return Err(Fault::NoMoveCloser {
                    index: cursor.index(),
                    d,
                });
            };
            cursor.take(&step);
            path.push(m);
            d -= 1;
            if d == 0 {
                return Ok(path);
            }
        }
    }

    /// Whether `index` is the goal's.
    #[inline(always)]
    pub(crate) fn is_goal(self, index: u32) -> bool {
        index == self.goal_index
    }

    /// The table entry at `index`, refused if it is above the header's maximum.
    #[inline(always)]
    pub(crate) fn entry(self, index: u32) -> Result<u8, Fault> {
        // `from_bytes` checked the table's length against the board, so `get` only fails for
        // an index past every state: none is ever made, but the table is not trusted blindly.
        match self.table.get(index as usize) {
            Some(&d) if d <= self.max => Ok(d),
            other => Err(Fault::Entry {
                index,
                value: other.copied(),
            }),
        }
    }

    /// The distance of the state at `index`: its entry, refused if it is above the header's
    /// maximum, or 0 anywhere but at the goal.
    #[inline(always)]
    pub(crate) fn distance_at(self, index: u32) -> Result<u8, Fault> {
        let d = self.entry(index)?;
        if d == 0 && index != self.goal_index {
            return Err(Fault::ZeroNotGoal { index });
        }
        Ok(d)
    }

    /// Whether the state at `index`, a neighbour of a state at distance `d`, is at `d - 1`.
    #[inline(always)]
    fn is_closer(self, index: u32, d: u8) -> Result<bool, Fault> {
        let nd = self.entry(index)?;
        // Only the goal may be at 0; a damaged entry must not end a path early.
        Ok(nd + 1 == d && (nd != 0 || index == self.goal_index))
    }

    /// The first move in U, D, L, R order that brings a state at distance `d > 0` one closer,
    /// worked out, ready to take; `None` if no neighbour is one closer, which only a damaged
    /// table allows. A neighbour counts only if its entry is exactly `d - 1` (and, at 0, it is
    /// the goal), so a damaged entry is never followed. This is the innermost loop of every
    /// solution. The move that undoes the last one leads to `d + 1` and fails the test like any
    /// other: skipping it by name (a branch on the last move) measured no faster on fresh
    /// states, and slower on repeated ones.
    #[inline(always)]
    fn first_step_closer(self, cursor: &Cursor, d: u8) -> Option<(Move, Step)> {
        let wanted = d - 1;
        let closer = |m: Move| {
            cursor.step(m).filter(|step| {
                self.table.get(step.index as usize) == Some(&wanted)
                    && (wanted != 0 || step.index == self.goal_index)
            })
        };
        // Unrolled by hand: each try then works with a constant move.
        if let Some(step) = closer(Move::Up) {
            return Some((Move::Up, step));
        }
        if let Some(step) = closer(Move::Down) {
            return Some((Move::Down, step));
        }
        if let Some(step) = closer(Move::Left) {
            return Some((Move::Left, step));
        }
        closer(Move::Right).map(|step| (Move::Right, step))
    }

    /// Every move that brings a state at distance `d` one closer. Checks every neighbour on the
    /// way: each must be exactly one move closer or one move farther.
    pub(crate) fn moves_closer(self, cursor: &Cursor, d: u8) -> Result<MoveSet, Fault> {
        let mut set = MoveSet::EMPTY;
        for m in Move::ALL {
            let Some(next) = cursor.neighbour_index(m) else {
                continue;
            };
            if self.is_closer(next, d)? {
                set = set.with(m);
            } else {
                let nd = self.entry(next)?;
                if nd != d + 1 {
                    return Err(Fault::Gap {
                        index: cursor.index(),
                        d,
                        neighbour: next,
                        nd,
                    });
                }
            }
        }
        if set.is_empty() && d > 0 {
            return Err(Fault::NoMoveCloser {
                index: cursor.index(),
                d,
            });
        }
        Ok(set)
    }
}
