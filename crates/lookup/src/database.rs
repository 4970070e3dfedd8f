//! An open database and the questions it answers.

use std::path::Path;

use tilebase_core::{Board, Move, MoveSet, Parity, Path as Moves, State};
use tilebase_format::{Header, Layout};

use crate::Error;
use crate::solutions::{self, Solutions};
use crate::storage::{self, Storage};

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
            table,
        } = tilebase_format::read(data.as_ref())
            .map_err(|source| Error::Format { path: None, source })?;
        Ok(Database {
            table_start: table.start,
            goal_parity: goal.parity(),
            data,
            header,
            board,
            goal,
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
        self.locate(state).map(|(_, d)| d)
    }

    /// Every move from `state` that keeps the solution optimal: those that bring it one move
    /// closer. Empty at the goal.
    pub fn optimal_moves(&self, state: &State) -> Result<MoveSet, Error> {
        let (_, d) = self.locate(state)?;
        self.moves_closer(state, d)
    }

    /// One optimal solution: from `state`, at each step the first move in the order U, D, L, R
    /// that brings it one move closer. Its length is [`Database::distance`].
    pub fn solve(&self, state: &State) -> Result<Moves, Error> {
        let (_, mut d) = self.locate(state)?;
        let mut path = Moves::with_capacity(usize::from(d));
        if d == 0 {
            return Ok(path);
        }
        // Reading every neighbour of the start once catches a damaged entry at the start, the
        // one place where a damaged table could otherwise give a legal but longer path.
        let mut m = self
            .moves_closer(state, d)?
            .first()
            .ok_or_else(|| self.no_move_closer(state, d))?;
        let mut s = *state;
        loop {
            s = s.slide(m).expect("a move closer is a legal move");
            path.push(m);
            d -= 1;
            if d == 0 {
                return Ok(path);
            }
            m = self.first_move_closer(&s, d)?;
        }
    }

    /// Every optimal solution from `state`, lazily, in lexicographic U < D < L < R order (the
    /// first is [`Database::solve`]'s). Each item costs O(length) table reads; there can be
    /// many: see [`Database::count_solutions`] first.
    pub fn all_solutions(&self, state: &State) -> Result<Solutions<'_, D>, Error> {
        let (_, d) = self.locate(state)?;
        Ok(Solutions::new(self, *state, d))
    }

    /// The number of optimal solutions from `state`, counted over the states on optimal paths
    /// (not by listing the paths). Saturates at `u64::MAX`.
    pub fn count_solutions(&self, state: &State) -> Result<u64, Error> {
        let (_, d) = self.locate(state)?;
        solutions::count(self, *state, d)
    }

    /// The state's index and distance, after checking its board and parity.
    #[inline]
    pub(crate) fn locate(&self, state: &State) -> Result<(u32, u8), Error> {
        if state.board() != self.board {
            return Err(Error::WrongBoard {
                state: *state,
                board: self.board,
            });
        }
        let (index, parity) = state.index_and_parity();
        if parity != self.goal_parity {
            return Err(state.check_solvable(&self.goal).unwrap_err().into());
        }
        let d = self.entry(index, state)?;
        if d == 0 && *state != self.goal {
            return Err(self.damaged(index, state, "distance 0, but it is not the goal"));
        }
        Ok((index, d))
    }

    /// The table entry at `index`, refused if it is above the header's maximum.
    #[inline]
    fn entry(&self, index: u32, state: &State) -> Result<u8, Error> {
        match self.table().get(index as usize) {
            Some(&d) if d <= self.header.max_distance => Ok(d),
            Some(&d) => Err(self.damaged(
                index,
                state,
                &format!(
                    "distance {d}, above the maximum {} in the header",
                    self.header.max_distance
                ),
            )),
            // `from_bytes` checked the table's length against the board.
            None => Err(self.damaged(index, state, "past the end of the table")),
        }
    }

    /// Whether `next`, a neighbour of a state at distance `d`, is at distance `d - 1`.
    #[inline]
    fn is_closer(&self, next: &State, d: u8) -> Result<bool, Error> {
        let nd = self.entry(next.index(), next)?;
        // Only the goal may be at 0; a damaged entry must not end a path early.
        Ok(nd + 1 == d && (nd != 0 || *next == self.goal))
    }

    /// The first move in U, D, L, R order that brings a state at distance `d > 0` one closer.
    #[inline]
    fn first_move_closer(&self, state: &State, d: u8) -> Result<Move, Error> {
        for m in Move::ALL {
            if let Some(next) = state.slide(m) {
                if self.is_closer(&next, d)? {
                    return Ok(m);
                }
            }
        }
        Err(self.no_move_closer(state, d))
    }

    /// Every move that brings a state at distance `d` one closer. Checks every neighbour on the
    /// way: each must be exactly one move closer or one move farther.
    pub(crate) fn moves_closer(&self, state: &State, d: u8) -> Result<MoveSet, Error> {
        let mut set = MoveSet::EMPTY;
        for m in Move::ALL {
            if let Some(next) = state.slide(m) {
                if self.is_closer(&next, d)? {
                    set = set.with(m);
                } else {
                    let nd = self.entry(next.index(), &next)?;
                    if nd != d + 1 {
                        return Err(self.damaged(
                            state.index(),
                            state,
                            &format!(
                                "distance {d}, but its neighbour {next} has distance {nd}; \
                                 neighbours differ by exactly one move"
                            ),
                        ));
                    }
                }
            }
        }
        if set.is_empty() && d > 0 {
            return Err(self.no_move_closer(state, d));
        }
        Ok(set)
    }

    fn no_move_closer(&self, state: &State, d: u8) -> Error {
        self.damaged(
            state.index(),
            state,
            &format!("distance {d}, but no neighbour is at distance {}", d - 1),
        )
    }

    fn damaged(&self, index: u32, state: &State, problem: &str) -> Error {
        Error::Damaged {
            index,
            state: *state,
            problem: problem.to_owned(),
        }
    }
}
