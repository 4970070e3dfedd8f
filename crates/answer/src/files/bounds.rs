//! Pattern databases of boards past 25 cells (the tables of `tilebase-bounds`, which leave the
//! blank out): one file per group of a partition (the board's default, or one chosen with
//! `--pdb`), named by the board and the group's home cells (a table depends on nothing else),
//! looked for under `db/` and then in the cache. The default's are built only when asked
//! (`build-db`, [`build_bounds_files`]): the bounds hold without them. A chosen partition's are
//! built on first use, as on 13 to 25 cells. Boards with no default partition need no file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tilebase_bounds::{Partition, Patterns, Puzzle, Table};
use tilebase_core::Board;
use tilebase_engine::SavedBounds;
use tilebase_lookup::BoundsFile;
use tilebase_pattern::Partition as Pdb;
use tilebase_pattern::cells_to_string;

use crate::error::Error;
use crate::files::build::build_each;
use crate::files::cost::BuildCost;
use crate::files::find::Finder;
use crate::files::places::LOCAL_DIR;
use crate::files::repair;
use crate::files::watch::{Job, Watch};
use crate::question::position::Position;

/// The file name of the table of the group whose tiles' homes are `homes` on `board`:
/// `6x6-pdb-cells-0-6-1-7-2.tilebase`.
///
/// ```
/// use tilebase_answer::{Board, bounds_file_name};
///
/// let board: Board = "6x6".parse()?;
/// assert_eq!(bounds_file_name(board, &[0, 6, 1, 7, 2]), "6x6-pdb-cells-0-6-1-7-2.tilebase");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn file_name(board: Board, homes: &[u8]) -> String {
    let join = |v: &[u8]| cells_to_string(v).replace(',', "-");
    format!("{board}-pdb-cells-{}.tilebase", join(homes))
}

/// The pattern databases a board past 25 cells is answered with once built: groups of 5 tiles
/// on 6x6 (7 tables of 60 million bytes) in the layout of [`Partition::default_for`]; none on
/// other boards, where tables of groups that can be built in minutes measured no better than
/// Manhattan distance with linear conflicts.
pub fn default_partition(board: Board, goal: &[u8]) -> Option<Partition> {
    (board.width() == 6 && board.height() == 6).then(|| Partition::in_groups_of(board, goal, 5))
}

/// The partition that answers `goal` on `board`: `pdb` where one is chosen (its sizes cut the
/// default layout's tiles into runs, [`Partition::in_runs_of`]; tiles given are taken as
/// given), else the board's default ([`default_partition`]). Refused, with the reason, when
/// `pdb` does not split the board's tiles into groups whose tables can be built.
pub fn partition(board: Board, goal: &[u8], pdb: Option<Pdb>) -> Result<Option<Partition>, String> {
    let Some(pdb) = pdb else {
        return Ok(default_partition(board, goal));
    };
    pdb.check(board.cells())?;
    let chosen = match pdb.given_tiles() {
        Some(groups) => Partition::new(board, groups),
        None => Partition::in_runs_of(board, goal, &pdb.sizes()),
    };
    chosen.map(Some).map_err(|e| e.to_string())
}

/// Each group's home cells, in the partition's order.
pub(crate) fn homes_of(partition: &Partition, goal: &[u8]) -> Vec<Vec<u8>> {
    let mut home = vec![0u8; goal.len()];
    for (c, &t) in goal.iter().enumerate() {
        home[usize::from(t)] = c as u8;
    }
    partition
        .groups()
        .iter()
        .map(|group| group.iter().map(|&t| home[usize::from(t)]).collect())
        .collect()
}

/// A table's values, read from its file.
struct FileValues(Arc<BoundsFile>);

impl AsRef<[u8]> for FileValues {
    fn as_ref(&self) -> &[u8] {
        self.0.values()
    }
}

impl Finder<'_> {
    /// The puzzle of reaching `goal`, with the tables of a partition where there is one: `pdb`
    /// if chosen, else the board's default ([`default_partition`]). The default's tables are
    /// used when all are found, under `db/` or else in the cache, and not built here: the
    /// bounds hold without them, and `build-db` builds them (half a minute and 423 MB on 6x6)
    /// for whoever wants them tighter; a damaged one in the cache is said, with the command
    /// that builds it again, and the bounds do without. A chosen partition's missing tables
    /// are built (into the cache, or `db/`) when `build` allows, as on 13 to 25 cells.
    pub(crate) fn bounds(
        &self,
        goal: &Position,
        pdb: Option<Pdb>,
        build: bool,
    ) -> Result<Option<Puzzle>, Error> {
        let board = goal.board();
        let cells = goal.cells();
        let puzzle =
            Puzzle::new(board, cells).map_err(|e| Error::Files(format!("goal {goal}: {e}")))?;
        let partition = partition(board, cells, pdb)
            .map_err(|why| Error::Files(format!("goal {goal}: pdb: {why}")))?;
        let Some(partition) = partition else {
            return Ok(Some(puzzle));
        };
        let groups = homes_of(&partition, cells);
        let wanted = groups
            .iter()
            .map(|homes| (homes.clone(), self.places_of(&file_name(board, homes))))
            .collect();
        let command = |dir: &Path| bounds_command(dir, board, cells, pdb);
        let looked = self.look(
            wanted,
            |path, homes| self.open_bounds(path, board, homes),
            |path| self.places.in_cache(path),
            |path, _| command(path.parent().unwrap_or(Path::new("."))),
        )?;
        let mut files = looked.found;
        if pdb.is_none() {
            for damaged in looked.damaged {
                self.watch.say(&format!(
                    "{damaged}: answering without pattern databases; `{}` builds them again",
                    command(self.places.build_dir())
                ));
            }
            if !looked.missing.is_empty() {
                return Ok(Some(puzzle));
            }
        } else if !looked.missing.is_empty() {
            if !build {
                return Ok(None);
            }
            let named = pdb.map_or(String::new(), |p| p.to_string());
            if self.places.memory {
                return Err(Error::Files(format!(
                    "goal {goal}: --pdb {named}: the tables of boards past 25 cells are built \
                     on disk, by `{}`",
                    command(Path::new(LOCAL_DIR))
                )));
            }
            self.rebuilding(looked.damaged);
            let dir = self.places.build_dir();
            let sizes: Vec<usize> = looked.missing.iter().map(Vec::len).collect();
            let cost = BuildCost::of_bounds(board.cells(), &sizes);
            let missing = looked.missing.len();
            let count = groups.len();
            self.watch.starting(&if missing == count {
                format!(
                    "no --pdb {named} pattern databases for goal {goal} yet: building them into \
                     {} ({cost}, once)",
                    dir.display()
                )
            } else {
                format!(
                    "building {missing} of the {count} --pdb {named} pattern databases for goal \
                     {goal} into {} ({cost})",
                    dir.display()
                )
            });
            files.extend(self.build_missing(
                &looked.missing,
                |homes| dir.join(file_name(board, homes)),
                |path, homes| self.open_bounds(path, board, homes),
                |homes, path| Ok(build_one(board, homes, path, true, self.watch)?.path),
            )?);
        }
        let patterns = Patterns::new(partition, cells, |homes| {
            let file = files
                .iter()
                .find(|(f, _)| f.homes() == homes)
                .map(|(f, _)| Arc::clone(f))
                .expect("a file for every group, found or built");
            Table::from_values(board, homes, Arc::new(FileValues(file)))
                .expect("a file holds as many values as its group has placements")
        })
        .map_err(|e| Error::Files(format!("goal {goal}: {e}")))?;
        let puzzle = puzzle
            .with_patterns(Arc::new(patterns))
            .map_err(|_| Error::Files(format!("goal {goal}: the tables are of another goal")))?;
        Ok(Some(puzzle))
    }

    /// Opens a table found by its name, and refuses it unless it holds what its name says.
    fn open_bounds(
        &self,
        path: &Path,
        board: Board,
        homes: &[u8],
    ) -> Result<Arc<BoundsFile>, Error> {
        let file = self.opened.bounds(path)?;
        if file.board() != board || file.homes() != homes {
            return Err(Error::Files(format!(
                "{}: holds the {} table of home cells {}, not what its name says",
                path.display(),
                file.board(),
                cells_to_string(file.homes()),
            )));
        }
        Ok(file)
    }
}

/// The command that builds the tables of `pdb` (the default where `None`) of `board` for
/// `goal` into `dir`.
pub(crate) fn bounds_command(dir: &Path, board: Board, goal: &[u8], pdb: Option<Pdb>) -> String {
    let pdb = pdb.map_or(String::new(), |p| format!(" --pdb {p}"));
    repair::class_command(board, "", goal, &pdb, dir)
}

/// What building the tables of `pdb` (else the board's default partition) of `board` for
/// `goal` into `dir` saved: the tables of each group, built where missing (replaced only with
/// `force`, else refused before anything is built). Empty where no partition is chosen and the
/// board has no default.
pub fn build_bounds_files(
    board: Board,
    goal: &[u8],
    pdb: Option<Pdb>,
    dir: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<(Option<Partition>, Vec<SavedBounds>), Error> {
    let partition =
        partition(board, goal, pdb).map_err(|why| Error::Files(format!("pdb: {why}")))?;
    let Some(partition) = partition else {
        return Ok((None, Vec::new()));
    };
    let groups = homes_of(&partition, goal);
    let files: Vec<(&Vec<u8>, PathBuf)> = groups
        .iter()
        .map(|homes| (homes, dir.join(file_name(board, homes))))
        .collect();
    let kept = |homes: &&Vec<u8>, path: &Path| {
        let file = BoundsFile::open(path).ok()?;
        (file.board() == board && file.homes() == &homes[..]).then(|| SavedBounds {
            path: path.to_path_buf(),
            header: file.header().clone(),
            bytes: std::fs::metadata(path).map_or(0, |m| m.len()),
        })
    };
    let saved = build_each(&files, force, watch, kept, |homes, path| {
        build_one(board, homes, path, force, watch)
    })?;
    Ok((Some(partition), saved))
}

fn build_one(
    board: Board,
    homes: &[u8],
    path: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<SavedBounds, Error> {
    let values = build_values(board, homes, watch);
    Ok(tilebase_engine::save_bounds(
        path, board, homes, &values, force,
    )?)
}

/// The table's values, built on every core, the watch told of each distance done.
fn build_values(board: Board, homes: &[u8], watch: &dyn Watch) -> Vec<u8> {
    let job = Job::Bounds { board, homes };
    let total = job.total();
    let building = watch.building(&job);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut reached = 0u64;
    let values = tilebase_bounds::patterns::build_values(board, homes, threads, |depth, found| {
        reached += found;
        building.layer(u32::from(depth), reached, total);
    });
    drop(building);
    values
}
