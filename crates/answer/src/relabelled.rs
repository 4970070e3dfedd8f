//! The 15-puzzle in the multi-tile metric: IDA* bounded by a relabelled table (tiles that share
//! a label are alike), whose every value is an exact multi-tile distance of the relabelled
//! board. Additive pattern databases do not add up in this metric (one move slides tiles of
//! several patterns); a relabelling keeps every tile on the board. One file per goal class (the
//! blank in a corner, on an edge, or inside), for the class's canonical goal, looked for under
//! `db/` and then in the cache, and built where missing.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use tilebase_core::Metric;
use tilebase_engine::SavedRelabelled;
use tilebase_lookup::RelabelledFile;
use tilebase_pattern::{ClassFrame, MultiSolver, Relabelling, cells_to_string};

use crate::board::Board;
use crate::cost::BuildCost;
use crate::error::Error;
use crate::lock;
use crate::opened::Finder;
use crate::position::Position;
use crate::repair;
use crate::watch::{Forward, Job, Watch};

/// The labels of the goal `1,...,15,0`'s cells: Tomas Rokicki's relabelling, which slidy-cli
/// uses (`1 1 2 2 / 3 3 2 2 / 3 3 4 4 / 3 4 4 0`): 151,351,200 relabelled states, a byte each.
const LABELS_BY_CELL: [u8; 16] = [1, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 3, 4, 4, 0];

/// The labels of a canonical goal's cells: [`LABELS_BY_CELL`], with the blank's label on the
/// blank's cell and the label of that cell moved to the last one.
pub(crate) fn labels_of(canonical: &[u8]) -> Vec<u8> {
    let mut labels = LABELS_BY_CELL.to_vec();
    if let Some(blank) = canonical.iter().position(|&t| t == 0) {
        labels.swap(blank, 15);
    }
    labels
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

/// The relabelled table a goal's class needs, named before it is looked for.
pub(crate) struct ClassFile {
    /// From the goal to its class's canonical goal.
    pub(crate) frame: ClassFrame,
    /// The file's board.
    pub(crate) board: Board,
    /// The relabelling of the canonical goal.
    pub(crate) relabelling: Relabelling,
    /// The file's name.
    pub(crate) name: String,
}

impl ClassFile {
    /// The file for `goal`'s class.
    pub(crate) fn of(goal: &Position) -> Result<ClassFile, Error> {
        let frame = ClassFrame::new(goal.board().grid(), goal.cells());
        let board = goal.board().tall();
        let labels = labels_of(frame.canonical());
        let relabelling = Relabelling::new(frame.grid(), frame.canonical(), &labels)
            .map_err(|e| Error::Files(format!("relabelling: {e}")))?;
        let name = file_name(board, frame.canonical(), &labels);
        Ok(ClassFile {
            frame,
            board,
            relabelling,
            name,
        })
    }
}

/// The opened relabelled table of a goal's class, and the frame from the goal to the class's
/// canonical goal.
#[derive(Clone)]
pub struct RelabelSource {
    frame: ClassFrame,
    file: Arc<RelabelledFile>,
    path: PathBuf,
}

impl RelabelSource {
    /// From the goal to its class's canonical goal.
    pub fn frame(&self) -> &ClassFrame {
        &self.frame
    }

    /// The table, and where it was found.
    pub fn file(&self) -> (&RelabelledFile, &Path) {
        (&self.file, &self.path)
    }

    /// The multi-tile search over the table, in the canonical goal's frame, with the mirrored
    /// lookup where the canonical goal allows it (the blank on the main diagonal).
    pub(crate) fn solver(&self) -> Result<MultiSolver<'_>, Error> {
        MultiSolver::new(
            self.frame.canonical(),
            &[(self.file.relabelling(), self.file.values())],
        )
        .map_err(|e| Error::Files(format!("{}: {e}", self.path.display())))
    }
}

impl Finder<'_> {
    /// The relabelled table that answers for `goal` in the multi-tile metric: found under `db/`,
    /// else in the cache. `None` when it is missing; with `build`, it is then built into the
    /// cache (else into `db/`), saying so through the watch with about how long it takes. A
    /// damaged file in the cache is built again; one in `db/` is an error.
    pub(crate) fn relabelled(
        &self,
        goal: &Position,
        build: bool,
    ) -> Result<Option<RelabelSource>, Error> {
        let ClassFile {
            frame,
            board,
            relabelling,
            name,
        } = ClassFile::of(goal)?;
        let local = self.places.local.join(&name);
        let cached = self.places.cache.as_ref().map(|d| d.join(&name));
        let found = [Some(local), cached]
            .into_iter()
            .flatten()
            .find(|p| p.is_file());
        let mut damaged = None;
        if let Some(path) = found {
            match self.open_relabelled(&path, &relabelling) {
                Ok(file) => return Ok(Some(RelabelSource { frame, file, path })),
                // The cache is ours to repair: a damaged file is built again.
                Err(e) if self.places.in_cache(&path) => damaged = Some(e),
                Err(e @ Error::Lookup(tilebase_lookup::Error::Io { .. })) => return Err(e),
                Err(e) => {
                    let dir = path.parent().unwrap_or(Path::new("."));
                    let command = repair::relabelled_command(dir, board, frame.canonical());
                    return Err(Error::Files(repair::to_rebuild(&e.to_string(), &command)));
                }
            }
        }
        if !build {
            return Ok(None);
        }
        if let Some(e) = damaged {
            self.watch.say(&repair::rebuilding(&e.to_string()));
        }
        let dir = self.places.build_dir();
        let path = dir.join(&name);
        self.watch.starting(&format!(
            "no multi-tile table for the class of goal {goal} yet: building it into {} ({}, \
             once)",
            dir.display(),
            BuildCost::of_relabelled(relabelling.states()),
        ));
        let _held = lock::lock(&path, self.watch);
        // Built by another process while this one waited.
        if path.is_file() {
            self.opened.forget(&path);
            if let Ok(file) = self.open_relabelled(&path, &relabelling) {
                return Ok(Some(RelabelSource { frame, file, path }));
            }
        }
        let started = Instant::now();
        let saved = build_one(&relabelling, &path, true, self.watch)?;
        self.watch.say(&format!(
            "built in {:.1} s",
            started.elapsed().as_secs_f64()
        ));
        self.opened.forget(&saved.path);
        let file = self.open_relabelled(&saved.path, &relabelling)?;
        Ok(Some(RelabelSource {
            frame,
            file,
            path: saved.path,
        }))
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

/// Builds the multi-tile relabelled table of the canonical goal `canonical` of `board` (a
/// square one) into `dir`; a file that exists is replaced only with `force` (else refused
/// before anything is built). Returns what was saved.
pub fn build_files(
    board: Board,
    canonical: &[u8],
    dir: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<SavedRelabelled, Error> {
    let labels = labels_of(canonical);
    let relabelling = Relabelling::new(board.grid(), canonical, &labels)
        .map_err(|e| Error::Files(format!("relabelling: {e}")))?;
    let path = dir.join(file_name(board, canonical, &labels));
    if !force && std::fs::symlink_metadata(&path).is_ok() {
        return Err(Error::Exists(path));
    }
    let _held = lock::lock(&path, watch);
    build_one(&relabelling, &path, force, watch)
}

fn build_one(
    relabelling: &Relabelling,
    path: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<SavedRelabelled, Error> {
    let building = watch.building(&Job::Relabelled(relabelling));
    let values =
        tilebase_engine::build_relabelled(relabelling, Metric::Multi, &Forward(&*building));
    building.writing(path);
    let saved = tilebase_engine::save_relabelled(path, relabelling, Metric::Multi, &values, force);
    drop(building);
    saved.map_err(|e| match e {
        tilebase_engine::SaveError::Exists { path } => Error::Exists(path),
        other => Error::Files(other.to_string()),
    })
}
