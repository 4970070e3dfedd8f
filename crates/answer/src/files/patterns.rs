//! Pattern databases, for boards of 13 to 25 cells: one file per pattern of a partition, for the
//! canonical goal of the goal's class (on 4x4 the blank in a corner, on an edge, or inside; a
//! board wider than high answered in its tall form), named by what it holds, looked for under
//! `db/` and then in the cache, and built where missing.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tilebase_core::Board;
use tilebase_engine::SavedPattern;
use tilebase_lookup::{PatternFile, Storage};
use tilebase_pattern::{
    ClassFrame, Encoding, Partition, Pattern, PatternValues, Solver, cells_to_string,
};

use crate::error::Error;
use crate::files::build::{UnderWay, build_each};
use crate::files::cost::BuildCost;
use crate::files::find::Finder;
use crate::files::repair;
use crate::files::watch::{Forward, Job, Watch};
use crate::question::position::Position;

/// The file name of the pattern database of `tiles` for the canonical goal `canonical` of
/// `board`: `4x4-1-2-...-15-0-pdb-1-2-3-4-5-6-7-8.tilebase`.
///
/// ```
/// use tilebase_answer::{Board, pattern_file_name};
///
/// let goal: Vec<u8> = (1..16).chain([0]).collect();
/// assert_eq!(
///     pattern_file_name(Board::FOUR_BY_FOUR, &goal, &[1, 2, 3, 4, 5]),
///     "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-1-2-3-4-5.tilebase"
/// );
/// ```
pub fn file_name(board: Board, canonical: &[u8], tiles: &[u8]) -> String {
    let join = |v: &[u8]| cells_to_string(v).replace(',', "-");
    format!("{board}-{}-pdb-{}.tilebase", join(canonical), join(tiles))
}

/// The pattern files a partition needs for a goal's class, named before any is looked for.
pub(crate) struct ClassFiles {
    /// From the goal to its class's canonical goal.
    pub(crate) frame: ClassFrame,
    /// The files' board: the tall form, for a board wider than high.
    pub(crate) board: Board,
    /// The partition, its tiles named in the canonical goal's frame.
    pub(crate) partition: Partition,
    /// Each pattern's tiles and its file's name, in the partition's order.
    pub(crate) names: Vec<(Vec<u8>, String)>,
}

impl ClassFiles {
    /// The files of `partition` for `goal`'s class.
    pub(crate) fn of(goal: &Position, partition: Partition) -> ClassFiles {
        let frame = ClassFrame::new(tilebase_pattern::Grid::of(goal.board()), goal.cells());
        let board = goal.board().tall();
        let partition = partition.renamed(|t| frame.tile(t));
        let names = partition
            .tiles(&frame.grid(), frame.canonical())
            .into_iter()
            .map(|tiles| {
                let name = file_name(board, frame.canonical(), &tiles);
                (tiles, name)
            })
            .collect();
        ClassFiles {
            frame,
            board,
            partition,
            names,
        }
    }
}

/// The opened pattern files of a goal's class, and the frame from the goal to the class's
/// canonical goal.
#[derive(Clone)]
pub struct PatternSource {
    goal: Position,
    frame: ClassFrame,
    partition: Partition,
    files: Vec<(Arc<PatternFile>, PathBuf)>,
}

impl PatternSource {
    /// The goal asked for.
    pub fn goal(&self) -> &Position {
        &self.goal
    }

    /// From the goal to its class's canonical goal.
    pub fn frame(&self) -> &ClassFrame {
        &self.frame
    }

    /// The partition, its tiles named in the canonical goal's frame.
    pub fn partition(&self) -> Partition {
        self.partition
    }

    /// The files, one per pattern in the partition's order, with where each was found.
    pub fn files(&self) -> &[(Arc<PatternFile>, PathBuf)] {
        &self.files
    }

    /// The solver over the files, in the canonical goal's frame, with the reflected lookup
    /// where the canonical goal allows it (the blank on a diagonal of the square board).
    pub fn solver(&self, reflect: bool) -> Result<Solver<'_>, Error> {
        let tables: Vec<(&Pattern, PatternValues<'_>)> = self
            .files
            .iter()
            .map(|(f, _)| (f.pattern(), f.values()))
            .collect();
        Solver::new(self.frame.grid(), self.frame.canonical(), &tables, reflect)
            .map_err(|e| Error::Files(format!("the pattern files do not make a partition: {e}")))
    }
}

impl Finder<'_> {
    /// The pattern files that answer for `goal` with `partition`: each found under `db/`, else
    /// in the cache. `None` when some are missing; with `build`, the missing ones are then
    /// built into the cache (else into `db/`), saying so through the watch with about how long
    /// it takes. A damaged file in the cache is built again; one in `db/` is an error.
    pub(crate) fn patterns(
        &self,
        goal: &Position,
        partition: Partition,
        build: bool,
    ) -> Result<Option<PatternSource>, Error> {
        let ClassFiles {
            frame,
            board,
            partition,
            names,
        } = ClassFiles::of(goal, partition);
        let grid = frame.grid();
        let canonical = frame.canonical().to_vec();
        let wanted = names
            .into_iter()
            .map(|(tiles, name)| (tiles, self.places_of(&name)))
            .collect();
        let looked = self.look(
            wanted,
            |path, tiles| self.open(path, &canonical, tiles),
            |path| self.places.in_cache(path),
            // One of the user's: the command that rebuilds exactly it.
            |path, _| {
                let dir = path.parent().unwrap_or(Path::new("."));
                patterns_command(dir, board, &canonical, partition)
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
            let sizes: Vec<usize> = missing.iter().map(Vec::len).collect();
            let cost = BuildCost::of_patterns(board.cells(), &sizes);
            let count = partition.len();
            self.watch.starting(&if missing.len() == count {
                format!(
                    "no {partition} pattern databases for the class of goal {goal} yet: building \
                     them into {} ({cost}, once)",
                    dir.display(),
                )
            } else {
                let tiles: Vec<String> = missing.iter().map(|t| cells_to_string(t)).collect();
                format!(
                    "building {} of the {count} {partition} pattern databases for the class of \
                     goal {goal} (tiles {}) into {} ({cost})",
                    missing.len(),
                    tiles.join("; "),
                    dir.display(),
                )
            });
            files.extend(self.build_missing(
                &missing,
                |tiles| dir.join(file_name(board, &canonical, tiles)),
                |path, tiles| self.open(path, &canonical, tiles),
                |tiles, path| {
                    if self.places.memory {
                        let file = build_in_memory(grid, &canonical, tiles, self.watch)?;
                        self.opened.keep_pattern(path, Arc::new(file));
                        return Ok(path.to_path_buf());
                    }
                    Ok(build_one(grid, &canonical, tiles, path, true, self.watch)?.path)
                },
            )?);
            // In the partition's order, whatever was found and what was built.
            let order = partition.tiles(&grid, &canonical);
            files.sort_by_key(|(f, _)| order.iter().position(|t| t == f.pattern().tiles()));
        }
        Ok(Some(PatternSource {
            goal: *goal,
            frame,
            partition,
            files,
        }))
    }

    /// Opens a pattern file found by its name, and refuses it unless it holds what its name
    /// says.
    fn open(&self, path: &Path, canonical: &[u8], tiles: &[u8]) -> Result<Arc<PatternFile>, Error> {
        let file = self.opened.pattern(path, canonical.len())?;
        if file.pattern().goal() != canonical || file.pattern().tiles() != tiles {
            return Err(Error::Files(format!(
                "{}: holds the pattern of tiles {} for goal {}, not what its name says",
                path.display(),
                cells_to_string(file.pattern().tiles()),
                cells_to_string(file.pattern().goal())
            )));
        }
        Ok(file)
    }
}

/// Builds the pattern files of `canonical`'s `partition` on `board` (a tall one: no wider than
/// high) into `dir`; files that exist are replaced only with `force` (else refused before
/// anything is built). Returns what was saved.
pub fn build_files(
    board: Board,
    canonical: &[u8],
    partition: Partition,
    dir: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<Vec<SavedPattern>, Error> {
    let parts = partition.tiles(&tilebase_pattern::Grid::of(board), canonical);
    let files: Vec<(&Vec<u8>, PathBuf)> = parts
        .iter()
        .map(|t| (t, dir.join(file_name(board, canonical, t))))
        .collect();
    let kept = |tiles: &&Vec<u8>, path: &Path| {
        let file = PatternFile::open(path).ok()?;
        let whole = *file.pattern().grid() == tilebase_pattern::Grid::of(board)
            && file.pattern().goal() == canonical
            && file.pattern().tiles() == &tiles[..];
        whole.then(|| SavedPattern {
            path: path.to_path_buf(),
            header: file.header().clone(),
            bytes: std::fs::metadata(path).map_or(0, |m| m.len()),
        })
    };
    build_each(&files, force, watch, kept, |tiles, path| {
        build_one(
            tilebase_pattern::Grid::of(board),
            canonical,
            tiles,
            path,
            force,
            watch,
        )
    })
}

fn build_one(
    grid: tilebase_pattern::Grid,
    canonical: &[u8],
    tiles: &[u8],
    path: &Path,
    force: bool,
    watch: &dyn Watch,
) -> Result<SavedPattern, Error> {
    let pattern =
        Pattern::new(grid, canonical, tiles).map_err(|e| Error::Files(format!("pattern: {e}")))?;
    let job = Job::Pattern(&pattern);
    let building = watch.building(&job);
    let forward = Forward::new(&*building, watch, &job);
    let under_way = UnderWay::beside(path);
    let checkpoint = &under_way.checkpoint;
    let search = tilebase_engine::build_pattern_resuming(&pattern, &forward, checkpoint);
    let values = under_way.built(search);
    building.writing(path);
    // Four bits a placement where every value is within 30 of its Manhattan distance (every
    // 15-puzzle pattern); a byte each where one is not.
    let save = |encoding| {
        tilebase_engine::save_pattern_with(path, &pattern, &values, encoding, force, &forward)
    };
    let saved = match save(Encoding::Halved) {
        Err(tilebase_engine::SaveError::Encode { .. }) => save(Encoding::Plain),
        saved => saved,
    };
    drop(building);
    under_way.done(saved.is_ok());
    Ok(saved?)
}

/// Builds the pattern file of `tiles` for `canonical` on `grid`, kept in memory: the browser's
/// build, with no file, no lock and no checkpoint.
fn build_in_memory(
    grid: tilebase_pattern::Grid,
    canonical: &[u8],
    tiles: &[u8],
    watch: &dyn Watch,
) -> Result<PatternFile, Error> {
    let pattern =
        Pattern::new(grid, canonical, tiles).map_err(|e| Error::Files(format!("pattern: {e}")))?;
    let job = Job::Pattern(&pattern);
    let building = watch.building(&job);
    let forward = Forward::new(&*building, watch, &job);
    let values = tilebase_engine::build_pattern(&pattern, &forward);
    // As a file is saved: four bits a placement where every value fits, else a byte each.
    let bytes = tilebase_engine::pattern_bytes(&pattern, &values, Encoding::Halved, &forward)
        .or_else(|_| tilebase_engine::pattern_bytes(&pattern, &values, Encoding::Plain, &forward))
        .map_err(|e| {
            Error::Files(format!(
                "the pattern of tiles {}: {e}",
                cells_to_string(tiles)
            ))
        })?;
    drop(building);
    Ok(PatternFile::from_bytes(Storage::Memory(bytes))?)
}

/// The command that rebuilds the pattern files of `partition` for the canonical goal
/// `canonical` in the directory `dir`, the damaged one among them (the others are rebuilt
/// byte for byte as they were).
pub(crate) fn patterns_command(
    dir: &Path,
    board: Board,
    canonical: &[u8],
    partition: Partition,
) -> String {
    let pdb = if partition == Partition::default() {
        String::new()
    } else {
        format!(" --pdb {partition}")
    };
    repair::class_command(board, "", canonical, &pdb, dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_names_exactly_the_files() {
        let standard: Vec<u8> = (1..16).chain([0]).collect();
        let four = Board::FOUR_BY_FOUR;
        assert_eq!(
            patterns_command(Path::new("db"), four, &standard, Partition::SEVEN_EIGHT),
            "build-db --board 4x4 --out db --force"
        );
        let edge: Vec<u8> = (0..16).collect();
        assert_eq!(
            patterns_command(Path::new(""), four, &edge, Partition::FIVE_FIVE_FIVE),
            "build-db --board 4x4 --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --pdb 5-5-5 \
             --out . --force"
        );
    }
}
