//! The 15-puzzle in the multi-tile metric: IDA* bounded by a relabelled table (tiles that share
//! a label are alike), whose every value is an exact multi-tile distance of the relabelled
//! board. Additive pattern databases do not add up in this metric (one move slides tiles of
//! several patterns); a relabelling keeps every tile on the board. One file per goal class (the
//! blank in a corner, on an edge, or inside), for the class's canonical goal, looked for under
//! `db/` and then in the cache, and built where missing.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tilebase_core::Board;
use tilebase_core::Metric;
use tilebase_engine::SavedRelabelled;
use tilebase_lookup::RelabelledFile;
use tilebase_pattern::{ClassFrame, MultiSolver, Relabelling, cells_to_string};

use crate::error::Error;
use crate::files::build::{UnderWay, build_each};
use crate::files::cost::BuildCost;
use crate::files::find::Finder;
use crate::files::repair;
use crate::files::watch::{Forward, Job, Watch};
use crate::question::position::Position;

/// Which relabelled tables bound the search. Both give the same answers (every value is a
/// lower bound); the strong ones generate fewer nodes, and cost more to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultiTables {
    /// Tomas Rokicki's relabelling, which slidy-cli uses (`1 1 2 2 / 3 3 2 2 / 3 3 4 4 /
    /// 3 4 4 0`, 151,351,200 relabelled states), and the rows (`1 1 1 1 / 2 2 2 2 / 3 3 3 3 /
    /// 4 4 4 0`, 252,252,000): about 45 s to build, 403 MB. Built on first use.
    Standard,
    /// Rokicki's with its last label split in two (`1 1 2 2 / 3 3 2 2 / 3 3 4 4 / 3 5 5 0`,
    /// 908,107,200 states), and the rows with the last tile apart (`1 1 1 1 / 2 2 2 2 /
    /// 3 3 3 3 / 4 4 5 0`, 756,756,000): about 3 minutes and 1.1 GB of memory to build, 1.67 GB
    /// on disk, a quarter of the search time. Built by `build-db --board 4x4 --metric mtm
    /// --strong`; used in place of the standard ones wherever they are found.
    Strong,
}

impl MultiTables {
    /// The labels of the goal `1,...,15,0`'s cells in each table. Each is also read on the
    /// state's mirror image about the main diagonal, which makes the rows the columns: the rows
    /// and columns say little alone (more nodes than Rokicki's), but beside Rokicki's the search
    /// generates 6.7 times fewer nodes than with Rokicki's alone, and with five labels in each
    /// 4.7 times fewer again (measured here on 30 random positions; BENCHMARKS.md).
    fn labels_by_cell(self) -> [[u8; 16]; 2] {
        const ROWS: [u8; 16] = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 0];
        match self {
            MultiTables::Standard => [[1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0], ROWS],
            MultiTables::Strong => [
                [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 5, 5, 0],
                [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 0],
            ],
        }
    }

    /// The labels of a canonical goal's cells in each table: the goal `1,...,15,0`'s, with
    /// the blank's label on the blank's cell and the label of that cell moved to the last one.
    pub(crate) fn labellings_of(self, canonical: &[u8]) -> Vec<Vec<u8>> {
        self.labels_by_cell()
            .iter()
            .map(|labels| {
                let mut labels = labels.to_vec();
                if let Some(blank) = canonical.iter().position(|&t| t == 0) {
                    labels.swap(blank, 15);
                }
                labels
            })
            .collect()
    }
}

/// The file name of the relabelled table of the canonical goal `canonical` of `board`, in the
/// multi-tile metric, with `labels` by goal cell:
/// `4x4-1-2-...-15-0-mtm-labels-1-1-2-2-3-3-2-2-3-3-4-4-3-4-4-0.tilebase`.
///
/// ```
/// use tilebase_answer::{Board, relabelled_file_name};
///
/// let goal: Vec<u8> = (1..16).chain([0]).collect();
/// let labels = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];
/// assert_eq!(
///     relabelled_file_name(Board::FOUR_BY_FOUR, &goal, &labels),
///     "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-mtm-labels-1-1-2-2-3-3-2-2-3-3-4-4-3-4-4-0.tilebase"
/// );
/// ```
pub fn file_name(board: Board, canonical: &[u8], labels: &[u8]) -> String {
    let join = |v: &[u8]| cells_to_string(v).replace(',', "-");
    format!(
        "{board}-{}-mtm-labels-{}.tilebase",
        join(canonical),
        join(labels)
    )
}

/// The relabelled tables a goal's class needs, named before they are looked for.
pub(crate) struct ClassFiles {
    /// From the goal to its class's canonical goal.
    pub(crate) frame: ClassFrame,
    /// The files' board.
    pub(crate) board: Board,
    /// Each table's relabelling of the canonical goal, and its file's name.
    pub(crate) tables: Vec<(Relabelling, String)>,
}

impl ClassFiles {
    /// The files of `tables` for `goal`'s class.
    pub(crate) fn of(goal: &Position, tables: MultiTables) -> Result<ClassFiles, Error> {
        let frame = ClassFrame::new(tilebase_pattern::Grid::of(goal.board()), goal.cells());
        let board = goal.board().tall();
        let tables = tables
            .labellings_of(frame.canonical())
            .into_iter()
            .map(|labels| {
                let relabelling = Relabelling::new(frame.grid(), frame.canonical(), &labels)
                    .map_err(|e| Error::Files(format!("relabelling: {e}")))?;
                Ok((relabelling, file_name(board, frame.canonical(), &labels)))
            })
            .collect::<Result<_, Error>>()?;
        Ok(ClassFiles {
            frame,
            board,
            tables,
        })
    }
}

/// The opened relabelled tables of a goal's class, and the frame from the goal to the class's
/// canonical goal.
#[derive(Clone)]
pub struct RelabelSource {
    frame: ClassFrame,
    files: Vec<(Arc<RelabelledFile>, PathBuf)>,
}

impl RelabelSource {
    /// From the goal to its class's canonical goal.
    pub fn frame(&self) -> &ClassFrame {
        &self.frame
    }

    /// The tables, each with where it was found.
    pub fn files(&self) -> &[(Arc<RelabelledFile>, PathBuf)] {
        &self.files
    }

    /// The multi-tile search over the tables, in the canonical goal's frame, with the mirrored
    /// lookups where the canonical goal allows them (the blank on the main diagonal).
    pub fn solver(&self) -> Result<MultiSolver<'_>, Error> {
        let tables: Vec<(&Relabelling, &[u8])> = self
            .files
            .iter()
            .map(|(file, _)| (file.relabelling(), file.values()))
            .collect();
        MultiSolver::new(self.frame.canonical(), &tables)
            .map_err(|e| Error::Files(format!("the relabelled tables: {e}")))
    }
}

impl Finder<'_> {
    /// The relabelled tables that answer for `goal` in the multi-tile metric: each found under
    /// `db/`, else in the cache. `None` when some are missing; with `build`, the missing ones
    /// are then built into the cache (else into `db/`), saying so through the watch with about
    /// how long it takes. A damaged file in the cache is built again; one in `db/` is an error.
    pub(crate) fn relabelled(
        &self,
        goal: &Position,
        build: bool,
    ) -> Result<Option<RelabelSource>, Error> {
        // The strong tables where all are there, else the standard ones, built if need be.
        if let Some(strong) = self.relabelled_of(goal, MultiTables::Strong, false)? {
            return Ok(Some(strong));
        }
        self.relabelled_of(goal, MultiTables::Standard, build)
    }

    /// [`Self::relabelled`] with `tables`: `None` when some are missing, after building them
    /// with `build`.
    fn relabelled_of(
        &self,
        goal: &Position,
        which: MultiTables,
        build: bool,
    ) -> Result<Option<RelabelSource>, Error> {
        let ClassFiles {
            frame,
            board,
            tables,
        } = ClassFiles::of(goal, which)?;
        // The strong tables are looked for, never built here: a damaged one is refused by the
        // standard ones' search, not built again.
        let repairable = |path: &Path| build && self.places.in_cache(path);
        let wanted = tables
            .into_iter()
            .map(|(relabelling, name)| {
                let places = self.places_of(&name);
                ((relabelling, name), places)
            })
            .collect();
        let looked = self.look(
            wanted,
            |path, (relabelling, _)| self.open_relabelled(path, relabelling),
            repairable,
            |path, _| {
                let dir = path.parent().unwrap_or(Path::new("."));
                relabelled_command(dir, board, frame.canonical(), which)
            },
        )?;
        let mut files = looked.found;
        let missing = looked.missing;
        if !missing.is_empty() {
            if !build {
                return Ok(None);
            }
            self.rebuilding(looked.damaged);
            let dir = self.places.build_dir();
            let states: Vec<u64> = missing.iter().map(|(r, _)| r.states()).collect();
            self.watch.starting(&format!(
                "no multi-tile tables for the class of goal {goal} yet: building {} of them into \
                 {} ({}, once)",
                missing.len(),
                dir.display(),
                BuildCost::of_relabelled(&states),
            ));
            files.extend(self.build_missing(
                &missing,
                |(_, name)| dir.join(name),
                |path, (relabelling, _)| self.open_relabelled(path, relabelling),
                |(relabelling, _), path| Ok(build_one(relabelling, path, true, self.watch)?.path),
            )?);
            // In the tables' order, whatever was found and what was built.
            let order = which.labellings_of(frame.canonical());
            files.sort_by_key(|(f, _)| {
                order
                    .iter()
                    .position(|l| l.as_slice() == f.relabelling().labels())
            });
        }
        Ok(Some(RelabelSource { frame, files }))
    }

    /// Opens a relabelled table found by its name, and refuses it unless it holds what its
    /// name says.
    fn open_relabelled(
        &self,
        path: &Path,
        relabelling: &Relabelling,
    ) -> Result<Arc<RelabelledFile>, Error> {
        let file = self.opened.relabelled(path)?;
        if file.relabelling() != relabelling || file.metric() != Metric::Multi {
            return Err(Error::Files(format!(
                "{}: holds the {} relabelling {} of goal {}, not what its name says",
                path.display(),
                file.metric(),
                cells_to_string(file.relabelling().labels()),
                cells_to_string(file.relabelling().goal()),
            )));
        }
        Ok(file)
    }
}

/// Builds the multi-tile relabelled tables `which` of the canonical goal `canonical` of `board`
/// (a square one) into `dir`; files that exist are replaced only with `force` (else refused before
/// anything is built). Returns what was saved, table by table.
pub fn build_files(
    board: Board,
    canonical: &[u8],
    which: MultiTables,
    dir: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<Vec<SavedRelabelled>, Error> {
    let mut tables = Vec::new();
    for labels in which.labellings_of(canonical) {
        let relabelling = Relabelling::new(tilebase_pattern::Grid::of(board), canonical, &labels)
            .map_err(|e| Error::Files(format!("relabelling: {e}")))?;
        tables.push((relabelling, dir.join(file_name(board, canonical, &labels))));
    }
    let kept = |relabelling: &Relabelling, path: &Path| {
        let file = RelabelledFile::open(path).ok()?;
        let whole = file.relabelling().goal() == relabelling.goal()
            && file.relabelling().labels() == relabelling.labels()
            && file.metric() == Metric::Multi;
        whole.then(|| SavedRelabelled {
            path: path.to_path_buf(),
            header: file.header().clone(),
            bytes: std::fs::metadata(path).map_or(0, |m| m.len()),
        })
    };
    build_each(&tables, force, watch, kept, |relabelling, path| {
        build_one(relabelling, path, force, watch)
    })
}

fn build_one(
    relabelling: &Relabelling,
    path: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<SavedRelabelled, Error> {
    let job = Job::Relabelled(relabelling);
    let building = watch.building(&job);
    let under_way = UnderWay::beside(path);
    let checkpoint = &under_way.checkpoint;
    let forward = Forward::new(&*building, watch, &job);
    let search = tilebase_engine::build_relabelled_resuming(
        relabelling,
        Metric::Multi,
        &forward,
        checkpoint,
    );
    let values = under_way.built(search);
    building.writing(path);
    let saved = tilebase_engine::save_relabelled(path, relabelling, Metric::Multi, &values, force);
    drop(building);
    under_way.done(saved.is_ok());
    Ok(saved?)
}

/// The command that rebuilds the multi-tile relabelled table of the canonical goal `canonical`
/// in the directory `dir`.
pub(crate) fn relabelled_command(
    dir: &Path,
    board: Board,
    canonical: &[u8],
    which: MultiTables,
) -> String {
    let strong = if which == MultiTables::Strong {
        " --metric mtm --strong"
    } else {
        " --metric mtm"
    };
    repair::class_command(board, strong, canonical, "", dir)
}
