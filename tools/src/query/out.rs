//! `query --out FILE`: the bounds of a batch on a board past 25 cells written as a dataset,
//! `.parquet` or `.jsonl`, a row per state that can reach the goal: `state`, `lower_bound`,
//! `length`, `optimal`, `solution`, `nodes`, `seconds`. The file appears under its name only
//! once whole. Each state's row is kept beside it as it is done (`.NAME.rows`), so that a run
//! that is stopped (a signal, a machine that stopped) is resumed by the same command without
//! searching again the states it finished.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tilebase_answer::{Answer, Answers, Effort, Move, Position, quote};
use tilebase_program::exit::{self, report};

/// The formats `--out` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Parquet,
    JsonLines,
}

impl Format {
    /// The format `path`'s extension names.
    pub(crate) fn of(path: &Path) -> Result<Format, String> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("parquet") => Ok(Format::Parquet),
            Some("jsonl") => Ok(Format::JsonLines),
            _ => Err(format!(
                "--out {}: the format follows the extension: .parquet or .jsonl",
                path.display()
            )),
        }
    }
}

/// One state's row.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    lower_bound: u32,
    solution: Option<String>,
    nodes: u64,
    seconds: f64,
}

impl Row {
    fn length(&self) -> Option<u32> {
        self.solution.as_ref().map(|s| s.len() as u32)
    }

    fn optimal(&self) -> bool {
        self.length() == Some(self.lower_bound)
    }

    /// The row as the checkpoint keeps it: a line of tab-separated fields, `-` for no
    /// solution.
    fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{:.3}\n",
            self.lower_bound,
            self.solution.as_deref().unwrap_or("-"),
            self.nodes,
            self.seconds
        )
    }

    /// Whether the row can be `state`'s: its solution, if it has one, slides `state` to
    /// `goal`, and is no shorter than its lower bound.
    fn fits(&self, state: &Position, goal: &Position) -> bool {
        let Some(moves) = &self.solution else {
            return true;
        };
        let mut at = *state;
        for letter in moves.chars() {
            match Move::from_letter(letter).and_then(|m| at.slide(m)) {
                Some(next) => at = next,
                None => return false,
            }
        }
        at == *goal && self.lower_bound as usize <= moves.len()
    }

    /// A line of the checkpoint read back; `None` if it is not one whole.
    fn read(line: &str) -> Option<Row> {
        let mut fields = line.split('\t');
        let lower_bound = fields.next()?.parse().ok()?;
        let solution = match fields.next()? {
            "-" => None,
            moves if moves.bytes().all(|b| b"UDLR".contains(&b)) => Some(moves.to_string()),
            _ => return None,
        };
        let nodes = fields.next()?.parse().ok()?;
        let seconds = fields.next()?.parse().ok()?;
        fields.next().is_none().then_some(Row {
            lower_bound,
            solution,
            nodes,
            seconds,
        })
    }
}

/// The rows done so far, beside the output: a first line naming the question, the budget and
/// the states (a hash of their cells), then a row a line. A run whose first line differs
/// starts afresh.
struct Checkpoint {
    path: PathBuf,
    key: String,
}

impl Checkpoint {
    fn new(out: &Path, answers: &Answers, effort: &Effort, states: &[Position]) -> Checkpoint {
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // FNV-1a over every state's cells: the same states, the same hash, on every machine.
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for state in states {
            for &c in state.cells() {
                hash = (hash ^ u64::from(c)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        let seconds = effort
            .time
            .map_or(tilebase_answer::DEFAULT_BOUNDS_SECONDS, |t| t.as_secs_f64());
        let key = format!(
            "tilebase query checkpoint 1: {}, seconds {seconds}, max nodes {}, {} states, hash \
             {hash:016x}\n",
            answers.question(),
            effort.max_nodes,
            states.len()
        );
        Checkpoint {
            path: out.with_file_name(format!(".{name}.rows")),
            key,
        }
    }

    /// Opens the checkpoint for this run alone and reads back the rows an earlier run of the
    /// same batch finished, in order. The file stays locked while the run holds it: a second
    /// run of the same `--out` is refused rather than mixing its rows in (where the file system
    /// can lock). `Ok(None)` where the checkpoint cannot be made, and the run goes on without
    /// one.
    fn lock(&self) -> Result<Option<(std::fs::File, Vec<Row>)>, String> {
        let Ok(mut file) = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&self.path)
        else {
            return Ok(None);
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(format!(
                    "another query is writing this --out now (its rows are kept in {}): \
                     wait for it to end, or write to another file",
                    self.path.display()
                ));
            }
            // Where the file system cannot lock, the rows are still kept, unguarded.
            Err(std::fs::TryLockError::Error(_)) => {}
        }
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut file, &mut text);
        let rows = match text.strip_prefix(&self.key) {
            // A killed run may have left its last line half written: only whole lines count,
            // and rows stop at the first that does not read whole.
            Some(body) => body
                .split_inclusive('\n')
                .map_while(|line| line.strip_suffix('\n').and_then(Row::read))
                .collect(),
            None => Vec::new(),
        };
        Ok(Some((file, rows)))
    }

    /// Rewrites the locked checkpoint with `rows`, to be appended to: `None` where it cannot
    /// be written, and the run goes on without one.
    fn rewrite(&self, mut file: std::fs::File, rows: &[Row]) -> Option<std::fs::File> {
        let mut text = self.key.clone();
        for row in rows {
            text.push_str(&row.line());
        }
        file.set_len(0).ok()?;
        std::io::Seek::rewind(&mut file).ok()?;
        file.write_all(text.as_bytes()).ok()?;
        Some(file)
    }

    fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Bounds every state of `inputs` (each text with its name for messages: `line N` or the
/// argument) and writes the rows to `out`; bad and unsolvable states are reported and left
/// out. Returns the exit status.
pub(crate) fn write(
    answers: &Answers,
    inputs: &[(String, Option<u64>)],
    effort: &Effort,
    out: &Path,
    format: Format,
    quiet: bool,
) -> Result<u8, String> {
    let board = answers.board();
    let goal = answers.goal();
    let mut status = exit::OK;
    let mut states = Vec::with_capacity(inputs.len());
    for (text, line) in inputs {
        let named = |problem: &dyn std::fmt::Display| match line {
            Some(n) => format!("line {n}: {}: {problem}", quote(text)),
            None => format!("{}: {problem}", quote(text)),
        };
        match Position::parse(board, text) {
            Err(e) => {
                report("query", named(&e));
                status = status.max(exit::ERROR);
            }
            Ok(position) => match position.unsolvable_reason(goal) {
                Some(why) => {
                    report("query", format_args!("{position}: unsolvable: {why}"));
                    status = status.max(exit::UNSOLVABLE);
                }
                None => states.push(position),
            },
        }
    }
    let checkpoint = Checkpoint::new(out, answers, effort, &states);
    let (mut kept, mut rows) = match checkpoint
        .lock()
        .map_err(|e| format!("--out {}: {e}", out.display()))?
    {
        Some((file, rows)) => (Some(file), rows),
        None => (None, Vec::new()),
    };
    // A row that is not its state's (a checkpoint damaged or edited) ends what is resumed:
    // from there on, the states are searched again.
    let fitting = rows
        .iter()
        .zip(&states)
        .take_while(|(row, state)| row.fits(state, goal))
        .count();
    rows.truncate(fitting);
    kept = kept.and_then(|file| checkpoint.rewrite(file, &rows));
    let bar = (!quiet).then(|| {
        let bar = tilebase_program::progress::bar_from(
            "query: bounding",
            states.len() as u64,
            "states",
            1,
        );
        bar.set_position(rows.len() as u64);
        bar
    });
    // A state a core at a time: each piece as many states as there are cores, its rows kept
    // as soon as it is done.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for piece in states[rows.len()..].chunks(threads) {
        for (position, answer) in piece.iter().zip(answers.bounds_all(piece, effort)) {
            let row = match answer {
                Ok(Answer::Bounded(b)) => Row {
                    lower_bound: b.lower_bound,
                    solution: b.moves.as_ref().map(|m| m.to_string()),
                    nodes: b.nodes,
                    seconds: b.seconds,
                },
                Ok(_) => return Err(format!("{position}: answered without bounds")),
                Err(e) => return Err(format!("{position}: {e}")),
            };
            if let Some(file) = kept.as_mut()
                && file.write_all(row.line().as_bytes()).is_err()
            {
                kept = None;
            }
            rows.push(row);
        }
        if let Some(bar) = &bar {
            bar.set_position(rows.len() as u64);
        }
    }
    drop(bar);
    let bytes = match format {
        Format::JsonLines => json_lines(&states, &rows).into_bytes(),
        Format::Parquet => parquet(answers, effort, &states, &rows)
            .map_err(|e| format!("--out {}: {e}", out.display()))?,
    };
    tilebase_program::files::write_atomically(out, &bytes)
        .map_err(|e| format!("--out {}: {e}", out.display()))?;
    // Removed while still locked, so that no other run takes it up in between.
    checkpoint.remove();
    drop(kept);
    Ok(status)
}

/// The rows as JSON Lines, an object a state.
fn json_lines(states: &[Position], rows: &[Row]) -> String {
    let mut text = String::new();
    for (state, row) in states.iter().zip(rows) {
        let optional = |v: Option<String>| v.unwrap_or_else(|| "null".into());
        let _ = writeln!(
            text,
            "{{\"state\":\"{state}\",\"lower_bound\":{},\"length\":{},\"optimal\":{},\
             \"solution\":{},\"nodes\":{},\"seconds\":{:.3}}}",
            row.lower_bound,
            optional(row.length().map(|l| l.to_string())),
            row.optimal(),
            optional(row.solution.as_ref().map(|s| format!("\"{s}\""))),
            row.nodes,
            row.seconds
        );
    }
    text
}

/// The rows as a Parquet file: `state` as its cells (a fixed-size list of uint8, as `label`
/// writes it), the board, goal, metric and budget in its metadata.
fn parquet(
    answers: &Answers,
    effort: &Effort,
    states: &[Position],
    rows: &[Row],
) -> Result<Vec<u8>, String> {
    use arrow_array::{
        Array, ArrayRef, BooleanArray, FixedSizeListArray, Float64Array, RecordBatch, StringArray,
        UInt8Array, UInt32Array, UInt64Array,
    };
    use arrow_schema::{DataType, Field, Schema};
    use parquet::arrow::ArrowWriter;
    use parquet::basic::{Compression, ZstdLevel};
    use parquet::file::metadata::KeyValue;
    use parquet::file::properties::WriterProperties;

    let n = answers.board().cells();
    let cells: Vec<u8> = states
        .iter()
        .flat_map(|s| s.cells().iter().copied())
        .collect();
    let state = FixedSizeListArray::try_new(
        Arc::new(Field::new("item", DataType::UInt8, false)),
        n as i32,
        Arc::new(UInt8Array::from(cells)),
        None,
    )
    .map_err(|e| e.to_string())?;
    let fields = vec![
        Field::new("state", state.data_type().clone(), false),
        Field::new("lower_bound", DataType::UInt32, false),
        Field::new("length", DataType::UInt32, true),
        Field::new("optimal", DataType::Boolean, false),
        Field::new("solution", DataType::Utf8, true),
        Field::new("nodes", DataType::UInt64, false),
        Field::new("seconds", DataType::Float64, false),
    ];
    let columns: Vec<ArrayRef> = vec![
        Arc::new(state),
        Arc::new(UInt32Array::from_iter_values(
            rows.iter().map(|r| r.lower_bound),
        )),
        Arc::new(UInt32Array::from_iter(rows.iter().map(Row::length))),
        Arc::new(BooleanArray::from_iter(
            rows.iter().map(|r| Some(r.optimal())),
        )),
        Arc::new(StringArray::from_iter(
            rows.iter().map(|r| r.solution.as_deref()),
        )),
        Arc::new(UInt64Array::from_iter_values(rows.iter().map(|r| r.nodes))),
        Arc::new(Float64Array::from_iter_values(
            rows.iter().map(|r| r.seconds),
        )),
    ];
    let (goal, board) = answers.names();
    let seconds = effort
        .time
        .map_or(tilebase_answer::DEFAULT_BOUNDS_SECONDS, |t| t.as_secs_f64())
        .to_string();
    let said = [
        ("tilebase.board", board.to_string()),
        ("tilebase.goal", goal.to_string()),
        ("tilebase.metric", answers.metric().name().to_string()),
        ("tilebase.seconds", seconds),
    ];
    let schema = Schema::new(fields).with_metadata(
        said.iter()
            .map(|(key, value)| (key.to_string(), value.clone()))
            .collect::<std::collections::HashMap<String, String>>(),
    );
    let batch = RecordBatch::try_new(Arc::new(schema), columns).map_err(|e| e.to_string())?;
    let properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .set_key_value_metadata(Some(
            said.into_iter()
                .map(|(key, value)| KeyValue::new(key.to_string(), value))
                .collect(),
        ))
        .build();
    let mut out = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut out, batch.schema(), Some(properties))
        .map_err(|e| e.to_string())?;
    writer.write(&batch).map_err(|e| e.to_string())?;
    writer.close().map_err(|e| e.to_string())?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_as_written_and_half_lines_are_dropped() {
        let rows = [
            Row {
                lower_bound: 4,
                solution: Some("RRDD".into()),
                nodes: 12,
                seconds: 0.001,
            },
            Row {
                lower_bound: 107,
                solution: None,
                nodes: 9_000_000,
                seconds: 10.0,
            },
        ];
        for row in &rows {
            let line = row.line();
            assert_eq!(Row::read(line.trim_end()).as_ref(), Some(row));
            assert_eq!(Row::read(&line[..line.len() / 2]), None);
        }
        assert!(rows[0].optimal() && !rows[1].optimal());
        assert_eq!(Row::read("4\tRXDD\t12\t0.001"), None);
        assert_eq!(Row::read("4\tRRDD\t12\t0.001\textra"), None);
    }
}
