//! Full tables, for boards of up to 12 cells: found by name under `db/`, then in the cache, or
//! built into the cache. One table answers for every goal of its class (the goals whose blank
//! is in the same class of cells under the board's symmetries).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use web_time::Instant;

use tilebase_core::{Metric, State};
use tilebase_format::file_name;
use tilebase_lookup::{Database, Goal, Storage};

use crate::error::Error;
use crate::files::build::UnderWay;
use crate::files::find::Finder;
use crate::files::repair;
use crate::files::watch::{Forward, Job};
use crate::question::position::Position;
use crate::question::{Asked, QuestionError};

/// A full table and the goal it answers for: its own, or one it answers for by relabelling the
/// tiles and turning the board.
#[derive(Debug)]
pub struct TableSource {
    db: Arc<Database>,
    goal: State,
    path: Option<PathBuf>,
}

impl TableSource {
    /// The questions about the goal, answered from the table.
    #[inline]
    pub fn answers(&self) -> Goal<'_, Storage> {
        // Checked when the source was made: the table answers for the goal.
        self.db
            .for_goal(&self.goal)
            .unwrap_or_else(|_| self.db.own_goal())
    }

    /// The table.
    pub fn database(&self) -> &Arc<Database> {
        &self.db
    }

    /// The goal answered for.
    pub fn goal(&self) -> &State {
        &self.goal
    }

    /// The file the table was read from; `None` for one built in memory, or shipped inside a
    /// program.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The file's path as messages write it, and the command that rebuilds it; `None` for a
    /// table built in memory or shipped inside a program.
    pub(crate) fn file(&self) -> Option<repair::TableFile> {
        let path = self.path()?;
        Some(repair::TableFile {
            path: path.display().to_string(),
            command: table_command(path, &self.db.goal(), self.db.metric()),
        })
    }

    /// The table at `path` (given by name, as `query --db` and Python's `Database` give it),
    /// answering for the goal `asked`, checked against the board, metric and goal asked, if
    /// any. The goal is read on the file's board, so that a goal whose cells fit two boards
    /// needs no board named.
    pub fn given(db: Arc<Database>, path: &Path, asked: Asked<'_>) -> Result<TableSource, Error> {
        let holds = || {
            format!(
                "{}: holds the database of goal {} on a {} board ({})",
                path.display(),
                db.goal(),
                db.board(),
                db.metric()
            )
        };
        if let Some(board) = asked.board
            && board != db.board()
        {
            return Err(Error::NotAsked(format!(
                "{}, not a {board} board as asked",
                holds()
            )));
        }
        if let Some(metric) = asked.metric
            && metric != db.metric()
        {
            return Err(Error::NotAsked(format!(
                "{}, not the {metric} metric as asked",
                holds()
            )));
        }
        let goal = match asked.goal {
            Some(given) => {
                let read =
                    Position::read(db.board(), given).map_err(|error| QuestionError::Goal {
                        shown: given.shown(),
                        error,
                    })?;
                *read.state().unwrap_or(&db.goal())
            }
            None => db.goal(),
        };
        if !db.answers_for(&goal) {
            return Err(Error::NotAsked(format!(
                "{}, which cannot answer for goal {goal}: its blank is in another class of cells",
                holds()
            )));
        }
        Ok(TableSource {
            db,
            goal,
            path: Some(path.to_path_buf()),
        })
    }
}

/// The files that can answer for `goal`, best first: its own, then its class's canonical goal's.
fn candidates(goal: &State) -> Vec<State> {
    let canonical = goal.canonical_goal();
    if canonical == *goal {
        vec![*goal]
    } else {
        vec![*goal, canonical]
    }
}

impl Finder<'_> {
    /// The table that answers for `goal` in `metric`: shipped (its own, else its class's);
    /// else under `db/`, the goal's own file, then its class's, plain or compressed; else the
    /// same two in the cache. `None` when there is none; with `build`, the class's table is
    /// then built and saved in the cache (in memory when there is no cache to save it in). A
    /// file found by its name must hold what its name says. A damaged file in the cache is
    /// built again (said through the watch); one in `db/` is an error.
    pub(crate) fn table(
        &self,
        goal: &State,
        metric: Metric,
        build: bool,
    ) -> Result<Option<TableSource>, Error> {
        let source = |db: Arc<Database>, path: Option<PathBuf>| TableSource {
            db,
            goal: *goal,
            path,
        };
        let canonical = goal.canonical_goal();
        for wanted in [goal, &canonical] {
            let shipped = self.shipped.iter().find(|db| {
                db.board() == goal.board() && db.metric() == metric && db.goal() == *wanted
            });
            if let Some(db) = shipped {
                return Ok(Some(source(Arc::clone(db), None)));
            }
        }
        // Under db/, the goal's own file, then its class's, plain or compressed; then the same
        // two in the cache.
        let mut places = Vec::new();
        for candidate in candidates(goal) {
            for compressed in [false, true] {
                let name = file_name(&candidate, metric, compressed);
                places.push(self.places.local.join(name));
            }
        }
        if let Some(dir) = &self.places.cache {
            for candidate in candidates(goal) {
                places.push(dir.join(file_name(&candidate, metric, false)));
            }
        }
        let looked = self.look(
            vec![((), places)],
            |path, ()| {
                let db = self.opened.table(path)?;
                check_found(&db, goal, metric, path)?;
                Ok(db)
            },
            |path| self.places.in_cache(path),
            // One of the user's: the command that rebuilds exactly it, as its name says.
            |path, ()| {
                let (named, metric) = named(path).unwrap_or((*goal, metric));
                table_command(path, &named, metric)
            },
        )?;
        if let Some((db, path)) = looked.found.into_iter().next() {
            return Ok(Some(source(db, Some(path))));
        }
        if !build {
            return Ok(None);
        }
        self.rebuilding(looked.damaged);
        self.build(goal, metric).map(Some)
    }

    /// Builds the table of `goal`'s class's canonical goal, saved in the cache under the lock
    /// that makes another process wait for it (and open what this one built).
    fn build(&self, goal: &State, metric: Metric) -> Result<TableSource, Error> {
        let canonical = goal.canonical_goal();
        let path = self
            .places
            .cache
            .as_ref()
            .map(|dir| dir.join(file_name(&canonical, metric, false)));
        match &path {
            Some(path) => self.build_under_lock(
                path,
                |path| {
                    let db = self.opened.table(path)?;
                    check_found(&db, goal, metric, path)?;
                    Ok(TableSource {
                        db,
                        goal: *goal,
                        path: Some(path.to_path_buf()),
                    })
                },
                || self.build_unlocked(goal, metric, Some(path)),
            ),
            None => self.build_unlocked(goal, metric, None),
        }
    }

    /// Builds the table of `goal`'s class's canonical goal, and saves it at `path`: in memory
    /// when there is none, or it cannot be saved.
    fn build_unlocked(
        &self,
        goal: &State,
        metric: Metric,
        path: Option<&Path>,
    ) -> Result<TableSource, Error> {
        let canonical = goal.canonical_goal();
        let started = Instant::now();
        let job = Job::Table {
            goal: &canonical,
            metric,
        };
        let building = self.watch.building(&job);
        let forward = Forward::new(&*building, self.watch, &job);
        // Saved, the build can be resumed from a checkpoint beside the file.
        let under_way = path.map(UnderWay::beside);
        let table = match &under_way {
            Some(under_way) => under_way.built(tilebase_engine::build_table_resuming(
                &canonical,
                metric,
                &forward,
                &under_way.checkpoint,
            )),
            None => tilebase_engine::build_table_with(&canonical, metric, &forward),
        };
        drop(building);
        let what = format!(
            "no database answers for goal {goal} ({} board, {metric}) yet: built the one of goal \
             {canonical}, which answers for every goal with the blank in the same class of cells, \
             in {:.1} ms",
            goal.board(),
            started.elapsed().as_secs_f64() * 1e3
        );
        let unsaved = match path {
            Some(path) => {
                let saved = tilebase_engine::save(path, &canonical, metric, &table, false, true);
                if let Some(under_way) = &under_way {
                    under_way.done(saved.is_ok());
                }
                match saved {
                    Ok(saved) => {
                        self.watch
                            .say(&format!("{what}; saved it to {}", saved.path.display()));
                        self.opened.forget(&saved.path);
                        let db = self.opened.table(&saved.path)?;
                        return Ok(TableSource {
                            db,
                            goal: *goal,
                            path: Some(saved.path),
                        });
                    }
                    Err(e) => format!("could not save it ({e})"),
                }
            }
            None if self.places.memory => String::new(),
            None => "no cache directory to save it in".to_string(),
        };
        let mut bytes = Vec::with_capacity(table.len() + 512);
        tilebase_format::write(&mut bytes, &canonical, metric, &table)
            .map_err(|e| Error::Files(format!("writing the table built in memory: {e}")))?;
        let db = Arc::new(Database::from_bytes(Storage::Memory(bytes))?);
        if self.places.memory {
            // Kept, for the other goals of its class and for whoever keeps files elsewhere.
            let path = self.places.local.join(file_name(&canonical, metric, false));
            self.opened.keep_table(&path, Arc::clone(&db));
            self.watch.say(&format!("{what}; kept in memory"));
        } else {
            self.watch
                .say(&format!("{what}; {unsaved}: answering from memory"));
        }
        Ok(TableSource {
            db,
            goal: *goal,
            path: None,
        })
    }
}

/// A file found by its name holds what its name says, or it is refused with the reason: a file
/// renamed by hand must not answer for the wrong goal.
fn check_found(db: &Database, goal: &State, metric: Metric, path: &Path) -> Result<(), Error> {
    if db.metric() != metric || !db.answers_for(goal) {
        return Err(Error::Files(format!(
            "{}: holds the database of goal {} ({}), not one that answers for goal {goal} ({metric}) \
             as its name says",
            path.display(),
            db.goal(),
            db.metric()
        )));
    }
    Ok(())
}

/// The command that rebuilds the full table at `path`, of `goal` in `metric`.
pub(crate) fn table_command(path: &Path, goal: &State, metric: Metric) -> String {
    let mut command = format!("build-db --board {} --goal {goal}", goal.board());
    if metric == Metric::Multi {
        command.push_str(" --metric mtm");
    }
    if path.extension().is_some_and(|e| e == "zst") {
        command.push_str(" --compress");
    }
    command.push_str(&format!(
        " --out {} --force",
        repair::shell_word(&path.to_string_lossy())
    ));
    command
}

/// The goal and metric a table file's name says (`3x3-123804765-mtm.tilebase.zst`), as
/// [`tilebase_format::file_name`] writes it.
fn named(path: &Path) -> Option<(State, Metric)> {
    let name = path.file_name()?.to_str()?;
    let name = name.strip_suffix(".zst").unwrap_or(name);
    let name = name.strip_suffix(".tilebase")?;
    let (name, metric) = match name.strip_suffix("-mtm") {
        Some(name) => (name, Metric::Multi),
        None => (name, Metric::Single),
    };
    let (board, goal) = name.split_once('-')?;
    let board = board.parse().ok()?;
    let goal = State::parse(board, &goal.replace('-', ",")).ok()?;
    Some((goal, metric))
}

/// Opens the full table a user names (`--db`): when it is damaged, the error names it and says
/// the command that rebuilds it (from what its name says, or with the board and goal left to
/// the user when its name says neither).
pub fn open_given(path: &Path) -> Result<tilebase_lookup::Database, Error> {
    tilebase_lookup::Database::open(path).map_err(|e| match e {
        tilebase_lookup::Error::Format { .. } | tilebase_lookup::Error::Decompress { .. } => {
            let command = match named(path) {
                Some((goal, metric)) => table_command(path, &goal, metric),
                None => format!(
                    "build-db --board WxH --goal G --out {} --force, with the board and goal it \
                     was built for",
                    repair::shell_word(&path.to_string_lossy())
                ),
            };
            Error::Files(repair::to_rebuild(&e.to_string(), &command))
        }
        other => Error::Lookup(other),
    })
}

#[cfg(test)]
mod tests {
    use tilebase_core::Board;

    use super::*;
    use crate::files::opened::Opened;
    use crate::files::places::Places;
    use crate::files::watch::Notes;

    /// Other boards and metrics are built once into the cache, and then found there; a file
    /// renamed by hand is refused; without a cache, a table is answered from memory.
    #[test]
    fn tables_are_built_into_the_cache_and_found_there() {
        let local = tempfile::tempdir().unwrap();
        let cache = tempfile::tempdir().unwrap();
        let places = Places::new(local.path(), Some(cache.path().to_path_buf()));
        let opened = Opened::default();
        let notes = Notes::default();
        let find = Finder {
            places: &places,
            shipped: &[],
            opened: &opened,
            watch: &notes,
        };
        let goal = "3x2".parse::<Board>().unwrap().ordered_goal().unwrap();
        assert!(find.table(&goal, Metric::Multi, false).unwrap().is_none());
        let built = find.table(&goal, Metric::Multi, true).unwrap().unwrap();
        assert_eq!((built.db.goal(), built.db.metric()), (goal, Metric::Multi));
        let saved = cache.path().join("3x2-123450-mtm.tilebase");
        let said = notes.take();
        assert_eq!(said.len(), 1);
        assert!(
            said[0].starts_with(
                "no database answers for goal 123450 (3x2 board, mtm) yet: built the one of goal \
                 123450, which answers for every goal with the blank in the same class of cells, \
                 in "
            ),
            "{}",
            said[0]
        );
        assert!(said[0].ends_with(&format!("; saved it to {}", saved.display())));
        let again = find.table(&goal, Metric::Multi, false).unwrap().unwrap();
        assert!(Arc::ptr_eq(&built.db, &again.db), "opened once");
        assert!(notes.take().is_empty());

        // A file in the cache whose name says another goal than it holds is built again.
        let wrong = cache.path().join("3x2-123450.tilebase");
        std::fs::copy(&saved, &wrong).unwrap();
        let rebuilt = find.table(&goal, Metric::Single, true).unwrap().unwrap();
        assert_eq!(rebuilt.db.metric(), Metric::Single);
        let said = notes.take();
        assert_eq!(
            said[0],
            format!(
                "{}: holds the database of goal 123450 (mtm), not one that answers for goal \
                 123450 (stm) as its name says: building it again in place",
                wrong.display()
            )
        );

        // A damaged file in the cache is built again, saying so (in a process that has not
        // opened it yet: files are opened once).
        std::fs::write(&wrong, b"TILEBASE").unwrap();
        let fresh = Opened::default();
        let find = Finder {
            opened: &fresh,
            ..find
        };
        let rebuilt = find.table(&goal, Metric::Single, true).unwrap().unwrap();
        assert_eq!(rebuilt.db.max_distance(), 21);
        let said = notes.take();
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(
            said[0].starts_with(&wrong.display().to_string()),
            "{}",
            said[0]
        );
        assert!(
            said[0].ends_with(": building it again in place"),
            "{}",
            said[0]
        );

        // Without a cache directory, the table is built and answered from memory.
        let no_cache = Places::new(local.path(), None);
        let find = Finder {
            places: &no_cache,
            ..find
        };
        let small = "2x2".parse::<Board>().unwrap().ordered_goal().unwrap();
        let db = find.table(&small, Metric::Single, true).unwrap().unwrap();
        assert_eq!((db.db.max_distance(), db.path()), (6, None));
        assert!(
            notes.take()[0].ends_with("; no cache directory to save it in: answering from memory")
        );
    }

    #[test]
    fn names_say_goal_and_metric() {
        let said = |name: &str| named(Path::new(name)).map(|(g, m)| (g.to_string(), m));
        assert_eq!(
            said("db/3x3-123804765.tilebase"),
            Some(("123804765".into(), Metric::Single))
        );
        assert_eq!(
            said("4x3-1-2-3-4-5-6-7-8-9-10-11-0-mtm.tilebase.zst"),
            Some(("1,2,3,4,5,6,7,8,9,10,11,0".into(), Metric::Multi))
        );
        assert_eq!(said("mine.tilebase"), None);
        assert_eq!(said("3x3-12345678.tilebase"), None);
    }

    #[test]
    fn the_command_names_exactly_the_file() {
        let goal: State = "123804765".parse().unwrap();
        assert_eq!(
            table_command(
                Path::new("db/3x3-123804765.tilebase"),
                &goal,
                Metric::Single
            ),
            "build-db --board 3x3 --goal 123804765 --out db/3x3-123804765.tilebase --force"
        );
        assert_eq!(
            table_command(
                Path::new("my tables/t's.tilebase.zst"),
                &goal,
                Metric::Multi
            ),
            "build-db --board 3x3 --goal 123804765 --metric mtm --compress --out \
             'my tables/t'\\''s.tilebase.zst' --force"
        );
    }
}
