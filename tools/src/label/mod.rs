//! `label`: datasets for learning: states drawn by a sampler, each with its exact distance.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Parser;
use tilebase_answer::{Answers, Labels, Method, Position, Sample, label_rows_into, positions};

use tilebase_program::exit;
use tilebase_program::progress::bar_from;
use tilebase_program::quiet::Quiet;
use tilebase_program::which::{Which, words};

mod list_column;

/// Writes a dataset: states drawn by a sampler, each with its exact distance to the goal and,
/// with --moves, the exact distance after each of the blank's moves. The format follows the
/// extension of --out: .parquet (Arrow's columns, with the board, goal and metric in its
/// metadata), .npy (a NumPy structured array) or .csv (cells, then cost). The same
/// seed writes the same file, byte for byte; the file appears under its name only once whole.
#[derive(Debug, Parser)]
#[command(name = "label", version)]
pub struct Args {
    /// How states are drawn: uniform (among every state that can reach the goal), walk:L (the
    /// end of a random walk of L moves from the goal, labelled by its exact distance),
    /// distance:D (uniformly at distance D, A..B or max; boards with a full table), file:PATH
    /// (the states of a file, one a line), all (every state that can reach the goal once;
    /// boards with a full table). uniform draws with replacement: a state may come twice
    #[arg(long, value_name = "SAMPLER")]
    pub sample: Sample,
    /// How many states to draw (ignored with file: and all)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: usize,
    /// Seed of the draw: the same seed writes the same file [default: 0; with all, none: every
    /// state in the order of its index, shuffled when a seed is given]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Also label each state with the distance after the blank moves up, down, left and right
    /// (-1 where it cannot): `move_distances`
    #[arg(long)]
    pub moves: bool,
    /// Also give each state its optimal moves as a mask: bit 0 up, 1 down, 2 left, 3 right, set
    /// where the blank's move leaves the state one move nearer the goal (in the multi-tile
    /// metric, where sliding one to three tiles that way does): `optimal_moves`
    #[arg(long)]
    pub optimal_moves: bool,
    /// Also give each state the states along one optimal solution, the state first and the
    /// goal last, one move nearer each (`path`; .parquet only)
    #[arg(long)]
    pub path: bool,
    /// The file to write: FILE.parquet, FILE.npy or FILE.csv
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Which answers: --db, --board, --goal, --metric, --pdb.
    #[command(flatten)]
    pub which: Which,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// The formats `--out` can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Parquet,
    Npy,
    Csv,
}

/// Runs `label` as `args` ask: its exit status, or the error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    let format = match args.out.extension().and_then(|e| e.to_str()) {
        Some("parquet") => Format::Parquet,
        Some("npy") => Format::Npy,
        Some("csv") => Format::Csv,
        _ => {
            return Err(format!(
                "--out {}: the format follows the extension: .parquet, .npy or .csv",
                args.out.display()
            ));
        }
    };
    if args.path && format != Format::Parquet {
        return Err(format!(
            "--path: each state's path is a list of states, which only .parquet holds, not {}",
            args.out.display()
        ));
    }
    // A file's first state names the board when no flag does, as query's first state does.
    let first = args.sample.first_state();
    let question = args.which.question(None, first.as_deref())?;
    args.sample.check(question.board()).map_err(words)?;
    let answers = args.which.open(None, first.as_deref(), "label")?;
    // Each row's cells, one row after another.
    let cells = answers
        .sample(
            &args.sample.clone().seeded(args.seed.is_some()),
            args.count,
            args.seed.unwrap_or(0),
        )
        .map_err(words)?;
    // Labels read from a full table come faster than a checkpoint could be written and read
    // back (ten million in a tenth of a second): only searched labels are kept as they come.
    let checkpoint = (answers.board().method() == Method::Patterns)
        .then(|| Checkpoint::new(&args.out, &answers, &cells, args.moves));
    let labels = labelled(&answers, &cells, args.moves, checkpoint.as_ref())?;
    // The extras that move from each row, from positions made only for them.
    let rows = if args.optimal_moves || args.path {
        positions(answers.board(), &cells).map_err(|e| e.to_string())?
    } else {
        Vec::new()
    };
    let optimal = if args.optimal_moves {
        Some(tilebase_answer::optimal_moves(&answers, &rows, &labels).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let optimal = optimal.as_deref();
    let paths = if args.path {
        Some(tilebase_answer::optimal_paths(&answers, &rows).map_err(words)?)
    } else {
        None
    };
    // A Parquet file is written a row group at a time as each is encoded, so that the
    // writing overlaps the encoding of the next ones.
    let written = match format {
        Format::Parquet => tilebase_program::files::write_atomically_with(&args.out, |file| {
            parquet(&answers, cells, labels, optimal, paths.as_deref(), file)
                .map_err(std::io::Error::other)
        }),
        Format::Npy => tilebase_program::files::write_atomically(
            &args.out,
            &npy(&answers, &cells, &labels, optimal),
        ),
        Format::Csv => tilebase_program::files::write_atomically(
            &args.out,
            csv(&answers, &cells, &labels, optimal).as_bytes(),
        ),
    };
    written.map_err(|e| format!("--out {}: {e}", args.out.display()))?;
    if let Some(checkpoint) = checkpoint {
        checkpoint.remove();
    }
    Ok(exit::OK)
}

/// The labels written so far by a run, beside its output (`.NAME.labels`), so that a run that
/// is interrupted (a signal, a search that gave up, a machine that stopped) can be resumed by
/// the same command without labelling again what was labelled: a first line that names the
/// question and the rows (their board, goal, metric and partition, whether move distances are
/// asked for, and a hash of every row's cells), then each labelled row's distances as
/// little-endian int16 (the distance, and with `--moves` the four move distances), appended a
/// piece at a time. A run whose first line differs starts afresh. Removed once the output is
/// whole.
struct Checkpoint {
    path: PathBuf,
    key: String,
    /// Bytes a row takes.
    record: usize,
}

impl Checkpoint {
    fn new(out: &std::path::Path, answers: &Answers, cells: &[u8], moves: bool) -> Checkpoint {
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // FNV-1a over every row's cells: the same draw, the same hash, on every machine.
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for &c in cells {
            hash = (hash ^ u64::from(c)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        let question = answers.question();
        let key = format!(
            "tilebase label checkpoint 1: {question}, moves {moves}, {} rows, hash {hash:016x}\n",
            cells.len() / answers.board().cells()
        );
        Checkpoint {
            path: out.with_file_name(format!(".{name}.labels")),
            key,
            record: if moves { 10 } else { 2 },
        }
    }

    /// The rows labelled by an earlier run of the same question and rows, read into `labels`:
    /// how many.
    fn resume(&self, labels: &mut Labels, rows: usize) -> usize {
        let Ok(bytes) = std::fs::read(&self.path) else {
            return 0;
        };
        let Some(body) = bytes.strip_prefix(self.key.as_bytes()) else {
            return 0;
        };
        let done = (body.len() / self.record).min(rows);
        let value = |at: usize| i16::from_le_bytes([body[at], body[at + 1]]);
        for row in 0..done {
            let at = row * self.record;
            labels.distance.push(value(at));
            if let Some(all) = labels.move_distances.as_mut() {
                all.push(std::array::from_fn(|m| value(at + 2 + 2 * m)));
            }
        }
        done
    }

    /// Opens the checkpoint for appending after `done` rows (afresh, with its first line, when
    /// there are none): `None` where it cannot be written, and the run goes on without one.
    fn open(&self, done: usize) -> Option<std::fs::File> {
        use std::io::Write;
        if done == 0 {
            let mut file = std::fs::File::create(&self.path).ok()?;
            file.write_all(self.key.as_bytes()).ok()?;
            return Some(file);
        }
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .open(&self.path)
            .ok()?;
        // Whatever a killed run wrote past its last whole row is dropped.
        file.set_len((self.key.len() + done * self.record) as u64)
            .ok()?;
        std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0)).ok()?;
        Some(file)
    }

    /// Appends the rows `rows` of `labels`.
    fn append(
        &self,
        file: &mut Option<std::fs::File>,
        labels: &Labels,
        rows: std::ops::Range<usize>,
    ) {
        use std::io::Write;
        let Some(out) = file.as_mut() else {
            return;
        };
        let mut bytes = Vec::with_capacity(rows.len() * self.record);
        for row in rows {
            bytes.extend_from_slice(&labels.distance[row].to_le_bytes());
            if let Some(all) = &labels.move_distances {
                for d in all[row] {
                    bytes.extend_from_slice(&d.to_le_bytes());
                }
            }
        }
        if out.write_all(&bytes).is_err() {
            *file = None;
        }
    }

    fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The labels of `rows`, a piece at a time, with a progress bar on a terminal: a million rows a
/// piece from a full table (a bar from 10 million), 256 on a board answered by search (each
/// row a search: a bar from 256 rows).
fn labelled(
    answers: &Answers,
    cells: &[u8],
    moves: bool,
    checkpoint: Option<&Checkpoint>,
) -> Result<Labels, String> {
    let n = answers.board().cells();
    let rows = cells.len() / n;
    let searched = answers.board().method() == Method::Patterns;
    let (piece, shown_from) = if searched {
        (256, 256)
    } else {
        (1 << 20, 10_000_000)
    };
    let mut labels = Labels {
        distance: Vec::new(),
        move_distances: moves.then(Vec::new),
    };
    let done = checkpoint.map_or(0, |c| c.resume(&mut labels, rows));
    if done > 0 {
        exit::note(
            "label",
            format_args!(
                "resuming: {done} of {rows} states were labelled by an earlier run ({})",
                checkpoint
                    .map(|c| c.path.display().to_string())
                    .unwrap_or_default()
            ),
        );
    }
    let mut file = checkpoint.and_then(|c| c.open(done));
    // For tests: a run stopped after this many rows, as if killed.
    let stop_after: Option<usize> = std::env::var("TILEBASE_LABEL_STOP_AFTER")
        .ok()
        .and_then(|n| n.parse().ok());
    let bar = bar_from("label", rows as u64, "states", shown_from);
    bar.inc(done as u64);
    // Each piece is labelled in place, into zeros: a fresh run's labels are allocated zeroed,
    // so that their pages are first touched by the labelling on every core rather than filled
    // on this one beforehand (100 MB for 10 million rows with moves).
    if done == 0 {
        labels.distance = vec![0; rows];
        if let Some(all) = labels.move_distances.as_mut() {
            *all = vec![[0; 4]; rows];
        }
    } else {
        labels.distance.resize(rows, 0);
        if let Some(all) = labels.move_distances.as_mut() {
            all.resize(rows, [0; 4]);
        }
    }
    let mut first = done;
    while first < rows {
        let last = (first + piece).min(rows);
        let part = &cells[first * n..last * n];
        let after = labels
            .move_distances
            .as_mut()
            .map(|all| &mut all[first..last]);
        label_rows_into(answers, part, &mut labels.distance[first..last], after)
            .map_err(|e| e.after(first).to_string())?;
        if let Some(checkpoint) = checkpoint {
            checkpoint.append(&mut file, &labels, first..last);
        }
        bar.inc((last - first) as u64);
        first = last;
        if stop_after.is_some_and(|n| first >= n && first < rows) {
            return Err(format!(
                "stopped after {first} states (TILEBASE_LABEL_STOP_AFTER)"
            ));
        }
    }
    bar.finish_and_clear();
    Ok(labels)
}

/// A Parquet file (zstd-compressed): `state` (a fixed-size list of uint8, one a cell, row by
/// row, 0 the blank), `distance` (int16), and with moves `move_distances` (a fixed-size list of 4
/// int16: up, down, left, right, -1 where the blank cannot move); the key-value metadata
/// `tilebase.board`, `tilebase.goal` and `tilebase.metric` say what the distances are to.
fn parquet(
    answers: &Answers,
    cells: Vec<u8>,
    labels: Labels,
    optimal: Option<&[u8]>,
    paths: Option<&[Vec<Position>]>,
    out: impl std::io::Write + Send,
) -> Result<(), String> {
    use std::borrow::Cow;
    use std::sync::Arc;

    use arrow_array::builder::{FixedSizeListBuilder, ListBuilder, UInt8Builder};
    use arrow_array::{
        Array, ArrayRef, FixedSizeListArray, Int16Array, ListArray, RecordBatch, UInt8Array,
    };
    use arrow_schema::{DataType, Field, Schema};
    use parquet::arrow::ArrowWriter;
    use parquet::arrow::arrow_writer::compute_leaves;
    use parquet::basic::{Compression, ZstdLevel};
    use parquet::errors::ParquetError;
    use parquet::file::metadata::KeyValue;
    use parquet::file::properties::WriterProperties;
    use std::sync::atomic::{AtomicUsize, Ordering};

    let n = answers.board().cells();
    let list = |item: DataType, size: usize, values: ArrayRef| {
        FixedSizeListArray::try_new(
            Arc::new(Field::new("item", item, false)),
            size as i32,
            values,
            None,
        )
        .map_err(|e| e.to_string())
    };
    // The cells stay shared with the state column's own encoder.
    let cells = arrow_buffer::Buffer::from_vec(cells);
    let state = list(
        DataType::UInt8,
        n,
        Arc::new(UInt8Array::new(cells.clone().into(), None)),
    )?;
    let mut fields = vec![
        Field::new("state", state.data_type().clone(), false),
        Field::new("distance", DataType::Int16, false),
    ];
    let mut columns: Vec<ArrayRef> =
        vec![Arc::new(state), Arc::new(Int16Array::from(labels.distance))];
    // The four distances of each row one after another, as they already lie: no copy.
    let after: Option<arrow_buffer::ScalarBuffer<i16>> = labels
        .move_distances
        .map(|after| arrow_buffer::Buffer::from_vec(after.into_flattened()).into());
    if let Some(after) = &after {
        let moves = list(
            DataType::Int16,
            4,
            Arc::new(Int16Array::new(after.clone(), None)),
        )?;
        fields.push(Field::new(
            "move_distances",
            moves.data_type().clone(),
            false,
        ));
        columns.push(Arc::new(moves));
    }
    if let Some(optimal) = optimal {
        fields.push(Field::new("optimal_moves", DataType::UInt8, false));
        columns.push(Arc::new(UInt8Array::from(optimal.to_vec())));
    }
    if let Some(paths) = paths {
        let item = Field::new("item", DataType::UInt8, false);
        let states = FixedSizeListBuilder::new(UInt8Builder::new(), n as i32).with_field(item);
        let mut builder = ListBuilder::new(states).with_field(Field::new(
            "item",
            DataType::FixedSizeList(
                Arc::new(Field::new("item", DataType::UInt8, false)),
                n as i32,
            ),
            false,
        ));
        for path in paths {
            for state in path {
                let cells = builder.values();
                cells.values().append_slice(state.cells());
                cells.append(true);
            }
            builder.append(true);
        }
        let path: ListArray = builder.finish();
        fields.push(Field::new("path", path.data_type().clone(), false));
        columns.push(Arc::new(path));
    }
    let (goal, board) = answers.names();
    let said = [
        ("tilebase.board", board),
        ("tilebase.goal", goal),
        ("tilebase.metric", answers.metric().name()),
    ];
    // In the file's key-value metadata, and in the Arrow schema's (which pyarrow and polars
    // show as the table's).
    let schema = Schema::new(fields).with_metadata(
        said.iter()
            .map(|(key, value)| (key.to_string(), value.to_string()))
            .collect::<std::collections::HashMap<String, String>>(),
    );
    let batch = RecordBatch::try_new(Arc::new(schema), columns).map_err(|e| e.to_string())?;
    let metadata = said
        .map(|(key, value)| KeyValue::new(key.to_string(), value.to_string()))
        .to_vec();
    let properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .set_key_value_metadata(Some(metadata))
        .build();
    // Row groups of a million rows (ArrowWriter's own size), each encoded and compressed on a
    // core of its own, and written in order (below): the encoding is most of the time a Parquet
    // file takes, and one core alone made it the slowest part of a run.
    let writer =
        ArrowWriter::try_new(out, batch.schema(), Some(properties)).map_err(|e| e.to_string())?;
    let (mut file, factory) = writer.into_serialized_writer().map_err(|e| e.to_string())?;
    let leaves: Vec<_> = (0..file.schema_descr().num_columns())
        .map(|i| file.schema_descr().column(i))
        .collect();
    // Each column is one leaf of the file's schema (none is a struct), so that a column's
    // number is its writer's and its leaf's.
    if leaves.len() != batch.num_columns() {
        return Err(format!(
            "{} columns make {} leaves in Parquet's schema",
            batch.num_columns(),
            leaves.len()
        ));
    }
    let rows = batch.num_rows();
    // For tests: smaller groups, to write many from few rows.
    let row_group = std::env::var("TILEBASE_LABEL_ROW_GROUP")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or(ROW_GROUP);
    let starts: Vec<usize> = (0..rows).step_by(row_group).collect();
    // The columns of small lists by hand (see `list_column`): the state, always its first, and
    // the move distances where there are (a dictionary of at most 256 values; the Arrow
    // writer's otherwise), the others by Arrow's writer.
    let by_hand =
        |column: usize, start: usize, end: usize| -> Option<(Cow<[u8]>, usize, Vec<i32>)> {
            match column {
                // The cells are their own indices.
                0 => Some((
                    Cow::Borrowed(&cells[start * n..end * n]),
                    n,
                    (0..n as i32).collect(),
                )),
                2 => {
                    let part = &after.as_ref()?[4 * start..4 * end];
                    let greatest = part.iter().copied().max().unwrap_or(0);
                    let least = part.iter().copied().min().unwrap_or(0);
                    // Each distance from -1 is its index: 0 to 255. Checked once for the
                    // whole part, so that the conversion is a plain loop the compiler widens.
                    if least < -1 || greatest > 254 {
                        return None;
                    }
                    let indices: Vec<u8> = part.iter().map(|&d| (d + 1) as u8).collect();
                    Some((Cow::Owned(indices), 4, (-1..=i32::from(greatest)).collect()))
                }
                _ => None,
            }
        };
    let encode = |i: usize| -> Result<Vec<Chunk>, ParquetError> {
        let start = starts[i];
        let end = (start + row_group).min(rows);
        let slice = batch.slice(start, end - start);
        let mut chunks = Vec::new();
        for ((column, (field, values)), writer) in slice
            .schema()
            .fields()
            .iter()
            .zip(slice.columns())
            .enumerate()
            .zip(factory.create_column_writers(i)?)
        {
            if let Some((indices, per_row, dictionary)) = by_hand(column, start, end) {
                chunks.push(Chunk::ByHand(list_column::chunk(
                    &indices,
                    per_row,
                    &dictionary,
                    leaves[column].clone(),
                )?));
                continue;
            }
            let mut writer = writer;
            for leaf in compute_leaves(field, values)? {
                writer.write(&leaf)?;
            }
            chunks.push(Chunk::Arrow(writer.close()?));
        }
        Ok(chunks)
    };
    // Each core takes the next group not yet taken, so that groups are done nearly in order,
    // and this thread writes each as soon as those before it are written: the file's writing
    // (the kernel's copy of 63 MB for 10 million rows with moves) overlaps the encoding.
    let next = AtomicUsize::new(0);
    let workers = rayon::current_num_threads().clamp(1, starts.len().max(1));
    std::thread::scope(|scope| -> Result<(), String> {
        let (send, receive) = std::sync::mpsc::channel();
        for _ in 0..workers {
            let send = send.clone();
            let (next, encode, groups) = (&next, &encode, starts.len());
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    // A send fails once the writer has stopped at an error: nothing more to do.
                    if i >= groups || send.send((i, encode(i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut done: Vec<Option<Vec<Chunk>>> = (0..starts.len()).map(|_| None).collect();
        let mut written = 0;
        for (i, chunks) in receive {
            done[i] = Some(chunks.map_err(|e| e.to_string())?);
            while let Some(chunks) = done.get_mut(written).and_then(Option::take) {
                let mut group = file.next_row_group().map_err(|e| e.to_string())?;
                for chunk in chunks {
                    match chunk {
                        Chunk::ByHand((bytes, close)) => group.append_column(&bytes, close),
                        Chunk::Arrow(chunk) => chunk.append_to_row_group(&mut group),
                    }
                    .map_err(|e| e.to_string())?;
                }
                group.close().map_err(|e| e.to_string())?;
                written += 1;
            }
        }
        Ok(())
    })?;
    file.close().map_err(|e| e.to_string())?;
    Ok(())
}

/// A row group's column chunk, encoded by hand or by Arrow's writer.
enum Chunk {
    ByHand((bytes::Bytes, parquet::column::writer::ColumnCloseResult)),
    Arrow(parquet::arrow::arrow_writer::ArrowColumnChunk),
}

/// Rows in a Parquet row group: ArrowWriter's own default.
const ROW_GROUP: usize = 1024 * 1024;

/// A NumPy `.npy` file (format 1.0) holding one structured array: `state` (the cells, uint8),
/// `distance` (int16), with moves `move_distances` (4 x int16), with optimal moves
/// `optimal_moves` (uint8), one record a row.
fn npy(answers: &Answers, cells: &[u8], labels: &Labels, optimal: Option<&[u8]>) -> Vec<u8> {
    let n = answers.board().cells();
    let rows = cells.len() / n;
    let mut descr = format!("[('state', '|u1', ({n},)), ('distance', '<i2')");
    if labels.move_distances.is_some() {
        descr.push_str(", ('move_distances', '<i2', (4,))");
    }
    if optimal.is_some() {
        descr.push_str(", ('optimal_moves', '|u1')");
    }
    descr.push(']');
    let mut header = format!(
        "{{'descr': {descr}, 'fortran_order': False, 'shape': ({},), }}",
        rows
    );
    // Magic (6) + version (2) + length (2) + header + newline, padded to a multiple of 64.
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat(unpadded.next_multiple_of(64) - unpadded));
    header.push('\n');
    let record = n
        + 2
        + if labels.move_distances.is_some() {
            8
        } else {
            0
        }
        + usize::from(optimal.is_some());
    let mut out = Vec::with_capacity(10 + header.len() + rows * record);
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    for (i, row) in cells.chunks_exact(n).enumerate() {
        out.extend_from_slice(row);
        out.extend_from_slice(&labels.distance[i].to_le_bytes());
        if let Some(after) = &labels.move_distances {
            for d in after[i] {
                out.extend_from_slice(&d.to_le_bytes());
            }
        }
        if let Some(optimal) = optimal {
            out.push(optimal[i]);
        }
    }
    out
}

/// CSV as the largest public exact 15-puzzle set writes it: a header naming the cells by number
/// (`0,1,...`) and `cost`, then each row's cells and its distance; with moves, four more
/// columns `up,down,left,right`; with optimal moves, a column `optimal` (the mask).
fn csv(answers: &Answers, cells: &[u8], labels: &Labels, optimal: Option<&[u8]>) -> String {
    let n = answers.board().cells();
    let mut out = String::with_capacity((cells.len() / n + 1) * (3 * n + 16));
    for c in 0..n {
        let _ = write!(out, "{c},");
    }
    out.push_str("cost");
    if labels.move_distances.is_some() {
        out.push_str(",up,down,left,right");
    }
    if optimal.is_some() {
        out.push_str(",optimal");
    }
    out.push('\n');
    for (i, row) in cells.chunks_exact(n).enumerate() {
        for &t in row {
            let _ = write!(out, "{t},");
        }
        let _ = write!(out, "{}", labels.distance[i]);
        if let Some(after) = &labels.move_distances {
            for d in after[i] {
                let _ = write!(out, ",{d}");
            }
        }
        if let Some(optimal) = optimal {
            let _ = write!(out, ",{}", optimal[i]);
        }
        out.push('\n');
    }
    out
}
