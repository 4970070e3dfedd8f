//! Labelled data for learning: states drawn by a sampler, each with its exact distance and, on
//! request, the exact distance after each of the blank's four moves. The `label` program and
//! the Python module write them out.
//!
//! ```
//! use tilebase_answer::{Answers, Question, Sample, label_rows};
//!
//! # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
//! let answers = Answers::open(&Question::read_text(Some("3x3"), Some("123804765"), None, None)?)?;
//! // Five rows of nine cells, one after another.
//! let cells = answers.sample(&"walk:10".parse::<Sample>()?, 5, 1)?;
//! assert_eq!(cells.len(), 5 * 9);
//! let labels = label_rows(&answers, &cells, true).map_err(|e| e.to_string())?;
//! for i in 0..5 {
//!     assert!(labels.distance[i] <= 10);
//!     // Some move leads one closer, and no move more than one farther.
//!     let after = labels.move_distances.as_ref().unwrap()[i];
//!     assert!(labels.distance[i] == 0 || after.contains(&(labels.distance[i] - 1)));
//!     assert!(after.iter().all(|&d| d == -1 || (d - labels.distance[i]).abs() == 1));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::PathBuf;
use std::str::FromStr;

use rand::{RngExt, SeedableRng};
use tilebase_core::{Metric, Move};

use crate::answering::Answers;
use crate::answering::batch::{RowError, UNSOLVABLE};
use crate::data::random::{Distances, every_cells, scrambles, uniform_cells};
use crate::error::Error;
use crate::question::position::Position;

/// How the states of a dataset are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sample {
    /// Uniformly among every state that can reach the goal (any board).
    Uniform,
    /// The end of a random walk of this many moves from the goal, never straight back; the
    /// label is the exact distance, not the walk's length.
    Walk(u32),
    /// Uniformly among the states at these distances (a full table).
    Distance(Distances),
    /// The states of a file, one a line, in any form `query` reads.
    File(PathBuf),
    /// Every state that can reach the goal once (a full table), in the order of their index,
    /// or shuffled by the seed: `all` reads as in order; a front end shuffles when a seed is
    /// given (`label --seed`).
    All {
        /// Shuffled by the seed, rather than in the order of their index.
        shuffled: bool,
    },
}

impl FromStr for Sample {
    type Err = String;

    /// `uniform`, `walk:L`, `distance:D` (or `distance:A..B`, `distance:max`), `file:PATH`,
    /// `all`.
    fn from_str(text: &str) -> Result<Sample, String> {
        let bad = || {
            format!(
                "{text:?}: a sampler is uniform, walk:L (L moves from the goal), distance:D \
                 (D, A..B or max), file:PATH or all"
            )
        };
        match text.split_once(':') {
            None if text == "uniform" => Ok(Sample::Uniform),
            None if text == "all" => Ok(Sample::All { shuffled: false }),
            Some(("walk", length)) => length.parse().map(Sample::Walk).map_err(|_| bad()),
            Some(("distance", distances)) => distances
                .parse()
                .map(Sample::Distance)
                .map_err(|e| format!("{text:?}: {e}")),
            Some(("file", path)) if !path.is_empty() => Ok(Sample::File(PathBuf::from(path))),
            _ => Err(bad()),
        }
    }
}

impl Sample {
    /// Refuses, before any file is opened (or built), a sampler `board` cannot draw with:
    /// `distance:D` and `all` need a full table.
    pub fn check(&self, board: crate::Board) -> Result<(), Error> {
        match self {
            Sample::Distance(_) if board.method() != crate::Method::Table => Err(Error::NoTable {
                board,
                what: "states drawn at an exact distance (sample distance:D)",
            }),
            Sample::All { .. } if board.method() != crate::Method::Table => Err(Error::NoTable {
                board,
                what: "the states of sample all (every state once)",
            }),
            _ => Ok(()),
        }
    }

    /// The sampler as a front end with an optional seed runs it: `all` is shuffled when a seed
    /// was given, in the order of the states' index when not; the others are unchanged.
    pub fn seeded(self, seed_given: bool) -> Sample {
        match self {
            Sample::All { .. } => Sample::All {
                shuffled: seed_given,
            },
            other => other,
        }
    }
}

/// The labels of a batch of rows, in their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// Each row's distance (-1: it cannot reach the goal).
    pub distance: Vec<i16>,
    /// With moves: each row's distance after the blank moves up, down, left, right (-1 where
    /// it cannot).
    pub move_distances: Option<Vec<[i16; 4]>>,
}

impl Sample {
    /// The first state of a file's (its first line that is not blank), which names the board
    /// when the question does not ([`crate::Asked::state`]); `None` for the other samplers, or
    /// a file that cannot be read (as [`Answers::sample`] will say).
    pub fn first_state(&self) -> Option<String> {
        let Sample::File(path) = self else {
            return None;
        };
        // Only as far as the first state: the file may hold millions.
        let file = std::io::BufReader::new(std::fs::File::open(path).ok()?);
        std::io::BufRead::lines(file)
            .map_while(Result::ok)
            .find(|line| !line.trim().is_empty())
    }
}

impl Answers {
    /// `count` rows drawn by `sample` from `seed`, flat: each row's cells, row by row, one row
    /// after another. The same seed, the same rows, on every machine. A file's rows are all of
    /// them, in order (`count` ignored); a bad line is named.
    pub fn sample(&self, sample: &Sample, count: usize, seed: u64) -> Result<Vec<u8>, Error> {
        if let Some(cells) = sample_without_files(self.goal(), sample, count, seed) {
            return Ok(cells);
        }
        let rows: Vec<Position> = match sample {
            // Refused by `Sample::check` on a board without a table.
            Sample::Uniform | Sample::Walk(_) | Sample::All { .. } => Vec::new(),
            Sample::Distance(distances) => self
                .draw(*distances, count, Some(seed))?
                .states
                .into_iter()
                .map(Position::from)
                .collect(),
            Sample::File(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| Error::Files(format!("{}: {e}", path.display())))?;
                text.lines()
                    .enumerate()
                    .filter(|(_, line)| !line.trim().is_empty())
                    .map(|(i, line)| {
                        self.read(line).map_err(|e| {
                            Error::Files(format!("{} line {}: {e}", path.display(), i + 1))
                        })
                    })
                    .collect::<Result<_, _>>()?
            }
        };
        Ok(flat(&rows))
    }
}

/// The rows [`Answers::sample`] draws, for the samplers that need no file (`uniform`, `walk:L`:
/// only the goal); `None` for the others.
pub fn sample_without_files(
    goal: &Position,
    sample: &Sample,
    count: usize,
    seed: u64,
) -> Option<Vec<u8>> {
    match sample {
        // On a board with a full table, straight into cells on every core: no position made.
        Sample::Uniform => Some(
            uniform_cells(goal, count, seed)
                .unwrap_or_else(|| flat(&scrambles(goal, count, Some(seed)))),
        ),
        Sample::Walk(length) => Some(flat(&walks(goal, *length, count, seed))),
        Sample::All { shuffled } => every_cells(goal, shuffled.then_some(seed)),
        Sample::Distance(_) | Sample::File(_) => None,
    }
}

/// Rows' cells one after another.
fn flat(rows: &[Position]) -> Vec<u8> {
    let n = rows.first().map_or(0, |r| r.cells().len());
    let mut cells = Vec::with_capacity(rows.len() * n);
    for row in rows {
        cells.extend_from_slice(row.cells());
    }
    cells
}

/// The positions of flat rows of `board`'s cells (as [`Answers::sample`] draws them); a bad
/// row is named by its number.
pub fn positions(board: crate::Board, cells: &[u8]) -> Result<Vec<Position>, RowError> {
    crate::answering::batch::read_rows(board, cells, cells.len() / board.cells().max(1))
}

/// Labels flat rows of cells (as [`Answers::sample`] draws them): each one's exact distance
/// and, with `moves`, the exact distance after each of the blank's moves, every row answered
/// on every core. A bad row is named by its number.
pub fn label_rows(answers: &Answers, cells: &[u8], moves: bool) -> Result<Labels, RowError> {
    let n = answers.board().cells();
    let mut distance = vec![0i16; cells.len() / n.max(1)];
    let mut after = moves.then(|| vec![[UNSOLVABLE; 4]; distance.len()]);
    label_rows_into(answers, cells, &mut distance, after.as_deref_mut())?;
    Ok(Labels {
        distance,
        move_distances: after,
    })
}

/// [`label_rows`] into slices the caller holds, one entry a row (the rows are as many as the
/// shortest of them and `cells` allow): a long run labels piece after piece into its output
/// without a copy. `after` is `None` without move distances.
pub fn label_rows_into(
    answers: &Answers,
    cells: &[u8],
    distance: &mut [i16],
    after: Option<&mut [[i16; 4]]>,
) -> Result<(), RowError> {
    match after {
        None => answers.distances(cells, distance),
        Some(after) => answers.distances_and_moves(cells, distance, after),
    }
}

/// Each row's optimal moves, as a mask (bit 0 up, 1 down, 2 left, 3 right: the blank's
/// directions that lead one move nearer the goal; in the multi-tile metric a direction counts
/// when sliding one, two or three tiles that way does); 0 at the goal and for a row that cannot
/// reach it. `labels` are the rows' own: their distances, and in the single-tile metric their
/// move distances when they have them, are used rather than looked up again.
pub fn optimal_moves(
    answers: &Answers,
    rows: &[Position],
    labels: &Labels,
) -> Result<Vec<u8>, RowError> {
    let near = |d: i16, after: i16| d > 0 && after == d - 1;
    if let (Metric::Single, Some(after)) = (answers.metric(), &labels.move_distances) {
        return Ok(labels
            .distance
            .iter()
            .zip(after)
            .map(|(&d, after)| {
                (0..4)
                    .filter(|&m| near(d, after[m]))
                    .fold(0, |a, m| a | 1 << m)
            })
            .collect());
    }
    // Every slide of each row, in one batch: one tile a move in the single-tile metric, up to
    // a whole line in the multi-tile one.
    let longest = match answers.metric() {
        Metric::Single => 1,
        Metric::Multi => answers.board().width().max(answers.board().height()),
    };
    let mut reached_cells = Vec::new();
    let mut whose = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for m in Move::ALL {
            let mut at = *row;
            for _ in 0..longest {
                let Some(next) = at.slide(m) else { break };
                reached_cells.extend_from_slice(next.cells());
                whose.push((i, m as u8));
                at = next;
            }
        }
    }
    let mut reached = vec![0i16; whose.len()];
    answers.distances(&reached_cells, &mut reached)?;
    let mut masks = vec![0u8; rows.len()];
    for (&(i, m), &after) in whose.iter().zip(&reached) {
        if near(labels.distance[i], after) {
            masks[i] |= 1 << m;
        }
    }
    Ok(masks)
}

/// The states along one optimal solution of each row, the row first and the goal last (each
/// one move nearer than the one before); empty for a row that cannot reach the goal. The
/// solution is the one `query` gives: at each step the first optimal move in U, D, L, R order.
pub fn optimal_paths(answers: &Answers, rows: &[Position]) -> Result<Vec<Vec<Position>>, Error> {
    rows.iter()
        .map(|row| {
            Ok(match answers.solve(row)? {
                Some(path) => row.along(&path),
                None => Vec::new(),
            })
        })
        .collect()
}

/// `count` random walks of `length` moves from `goal`, never straight back, from `seed`.
fn walks(goal: &Position, length: u32, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut at = *goal;
            let mut back: Option<Move> = None;
            for _ in 0..length {
                let options: Vec<(Move, Position)> = Move::ALL
                    .into_iter()
                    .filter(|&m| Some(m) != back)
                    .filter_map(|m| at.slide(m).map(|p| (m, p)))
                    .collect();
                let (m, next) = options[rng.random_range(0..options.len())];
                at = next;
                back = Some(m.opposite());
            }
            at
        })
        .collect()
}
