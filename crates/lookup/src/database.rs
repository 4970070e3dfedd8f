//! An open database and the questions it answers.

use std::path::Path;

use tilebase_core::{Board, Cursor, Frame, Metric, Parity, State};
use tilebase_format::{Header, Layout};

use crate::Error;
use crate::storage::{self, Storage};
use crate::view::{Fault, View};

/// A distance table for one goal, over bytes of any kind: a memory map ([`Database::open`]),
/// memory ([`Database::from_bytes`]), or anything else that derefs to bytes.
///
/// Opening reads and checks the preamble and header, and checks the file's length; it does not
/// read the table. Every query is a constant number of table reads per move.
#[derive(Debug)]
pub struct Database<D = Storage> {
    data: D,
    version: u32,
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
            version,
            header,
            board,
            goal,
            metric,
            table,
        } = tilebase_format::read(data.as_ref())
            .map_err(|source| Error::Format { path: None, source })?;
        Ok(Database {
            version,
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

    /// [`Database::from_bytes`], and the table checked against its checksum (a pass over the
    /// table): for bytes that may have been damaged since they were written, such as those a
    /// browser kept from an earlier visit.
    pub fn from_bytes_checked(data: D) -> Result<Database<D>, Error> {
        let db = Database::from_bytes(data)?;
        let found = tilebase_format::table_checksum(db.table());
        let expected = db.header.table_crc32;
        if found != expected {
            let source = tilebase_format::FormatError::TableChecksum { found, expected };
            return Err(Error::Format { path: None, source });
        }
        Ok(db)
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

    /// The file's format version: 3, or 2 for a table written before version 3.
    pub fn format_version(&self) -> u32 {
        self.version
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

    /// Whether this database answers for `goal`: `goal` is its own, or a relabelling of the
    /// tiles and a symmetry of the board make `goal` into its own (their blanks are in the same
    /// class of cells: on 3x3, both in a corner, both on an edge, or both in the centre).
    pub fn answers_for(&self, goal: &State) -> bool {
        *goal == self.goal || Frame::between(goal, &self.goal).is_some()
    }

    /// The hot loops' view of the table.
    #[inline]
    pub(crate) fn view(&self) -> View<'_> {
        View::new(self.table(), self.header.max_distance, self.goal_index)
    }

    /// [`crate::Goal::distance_of_digits`] for this database's own goal.
    #[inline]
    pub fn distance_of_digits(&self, digits: &[u8]) -> Option<u8> {
        self.answer_of_digits(digits).flatten()
    }

    /// [`crate::Goal::answer_of_digits`] for this database's own goal.
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

    /// The state's index, after checking its board and parity: the first half of
    /// [`Database::locate`], [`Database::distance_at_index`] the second.
    #[inline]
    pub(crate) fn index_of(&self, state: &State, goal: &State) -> Result<u32, Error> {
        self.check_board(state)?;
        let (index, parity) = state.index_and_parity();
        self.check_half(state, goal, parity)?;
        Ok(index)
    }

    /// The distance at `index`, its entry checked.
    #[inline]
    pub(crate) fn distance_at_index(&self, index: u32) -> Result<u8, Error> {
        self.view().distance_at(index).map_err(|f| self.explain(f))
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
        self.check_half(state, goal, parity)?;
        self.distance_at_index(index)
    }

    /// Whether a state of parity `parity` is in the table's half: if not, why it cannot reach
    /// `goal`.
    #[inline]
    fn check_half(&self, state: &State, goal: &State, parity: Parity) -> Result<(), Error> {
        if parity != self.goal_parity {
            return Err(match state.check_solvable(goal) {
                Err(why) => why.into(),
                // Only for a state translated into this goal: the caller says it of its own.
                Ok(()) => state.check_solvable(&self.goal).unwrap_err().into(),
            });
        }
        Ok(())
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
