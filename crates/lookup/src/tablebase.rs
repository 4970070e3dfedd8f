//! Databases that between them answer for every goal: the distance between any two states.

use std::path::{Path, PathBuf};

use tilebase_core::{Board, Metric, Path as Moves, State};
use tilebase_format::file_name;

use crate::{Database, Error, Goal, Storage};

/// A set of databases of one board and metric that answers for any goal its databases' classes
/// cover: with the databases of every canonical goal (as `build-db --all-goals` writes them),
/// every goal, and so the distance between any two states of the board.
///
/// ```
/// use tilebase_lookup::{Board, Metric, State, Tablebase};
///
/// # let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db");
/// // let dir = "db";
/// let tablebase = Tablebase::open_dir(dir, Board::THREE_BY_THREE, Metric::Single)?;
/// let a: State = "603712458".parse()?;
/// let b: State = "123804765".parse()?;
/// assert_eq!(tablebase.distance(&a, &b)?, 23);
/// assert_eq!(tablebase.distance(&b, &a)?, 23);
/// let path = tablebase.solve(&b, &a)?;
/// assert_eq!(b.apply(&path), Ok(a));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Tablebase<D = Storage> {
    databases: Vec<Database<D>>,
}

impl Tablebase<Storage> {
    /// Opens, in `dir`, the databases of every canonical goal of `board` in `metric` (see
    /// `Board::canonical_goals`), plain or compressed, under their conventional names: as
    /// `build-db --all-goals` writes them. Each is opened as [`Database::open`] opens it: its
    /// header is read, its table mapped.
    pub fn open_dir(dir: impl AsRef<Path>, board: Board, metric: Metric) -> Result<Self, Error> {
        let dir = dir.as_ref();
        let mut databases = Vec::new();
        for goal in board.canonical_goals() {
            let [plain, compressed]: [PathBuf; 2] =
                [false, true].map(|c| dir.join(file_name(&goal, metric, c)));
            let path = if plain.is_file() || !compressed.is_file() {
                plain
            } else {
                compressed
            };
            if !path.is_file() {
                return Err(Error::MissingClass { path, goal, metric });
            }
            databases.push(Database::open(&path)?);
        }
        Tablebase::new(databases)
    }
}

impl<D: AsRef<[u8]>> Tablebase<D> {
    /// The databases given, which must all be of one board and metric.
    pub fn new(databases: Vec<Database<D>>) -> Result<Self, Error> {
        if let Some(first) = databases.first()
            && let Some(other) = databases
                .iter()
                .find(|d| d.board() != first.board() || d.metric() != first.metric())
        {
            return Err(Error::Mixed {
                first: format!("{} ({})", first.board(), first.metric()),
                other: format!("{} ({})", other.board(), other.metric()),
            });
        }
        Ok(Tablebase { databases })
    }

    /// The databases.
    pub fn databases(&self) -> &[Database<D>] {
        &self.databases
    }

    /// Questions about `goal`: answered by the database of that very goal if there is one,
    /// else by one of its class.
    pub fn for_goal(&self, goal: &State) -> Result<Goal<'_, D>, Error> {
        if let Some(own) = self.databases.iter().find(|d| d.goal() == *goal) {
            return Ok(own.own_goal());
        }
        match self.databases.iter().find_map(|d| d.for_goal(goal).ok()) {
            Some(answers) => Ok(answers),
            None => Err(match self.databases.first() {
                Some(db) if db.board() != goal.board() => Error::WrongBoard {
                    state: *goal,
                    board: db.board(),
                },
                _ => Error::NoneAnswers { goal: *goal },
            }),
        }
    }

    /// The optimal number of moves from `from` to `to`.
    pub fn distance(&self, from: &State, to: &State) -> Result<u8, Error> {
        self.for_goal(to)?.distance(from)
    }

    /// One optimal solution from `from` to `to`: the one the database of goal `to` gives.
    pub fn solve(&self, from: &State, to: &State) -> Result<Moves, Error> {
        self.for_goal(to)?.solve(from)
    }
}
