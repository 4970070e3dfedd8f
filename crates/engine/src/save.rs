//! Writing a database file so that a reader never sees half of one.
//!
//! The file is written under a temporary name in the destination's directory, flushed to disk,
//! then renamed over the destination. A rename within a directory is atomic, so the path holds
//! either the old file, the complete new one, or nothing: an interrupted build leaves only a
//! hidden `.partial` file, which nothing opens. Readers that mapped the old file keep reading it
//! (the rename does not change its contents).

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use tilebase_core::{Metric, State};
use tilebase_format::Header;
use tilebase_format::pattern::PatternHeader;
use tilebase_format::relabel::RelabelHeader;
use tilebase_pattern::{Encoding, Pattern, Relabelling};

use crate::{NoProgress, Progress};

/// zstd level for shipped files: slow to write, as fast to read as any level.
#[cfg(feature = "zstd")]
const ZSTD_LEVEL: i32 = 19;

/// What [`save`] wrote.
#[derive(Debug, Clone)]
pub struct Saved {
    /// Where the file is.
    pub path: PathBuf,
    /// The header written.
    pub header: Header,
    /// The size of the file in bytes.
    pub bytes: u64,
}

/// Why a database could not be saved.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SaveError {
    /// The destination exists and replacing it was not asked for.
    #[error("{} already exists", path.display())]
    Exists {
        /// The destination.
        path: PathBuf,
    },
    /// A value does not fit the encoding asked for (nothing was written).
    #[error("{}: {source}", path.display())]
    Encode {
        /// The destination.
        path: PathBuf,
        /// The value that does not fit.
        source: tilebase_pattern::EncodeError,
    },
    /// Reading or writing the file system failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
}

/// Saves the database of `goal` in `metric` holding `table` at `path`, zstd-compressed if
/// `compress`, and replaces an existing file only if `replace`. Creates the directory if it is
/// missing.
pub fn save(
    path: &Path,
    goal: &State,
    metric: Metric,
    table: &[u8],
    compress: bool,
    replace: bool,
) -> Result<Saved, SaveError> {
    let (header, bytes) = save_with(path, replace, Synced::Yes, |file| {
        write_to(file, goal, metric, table, compress)
    })?;
    Ok(Saved {
        path: path.to_path_buf(),
        header,
        bytes,
    })
}

/// What [`save_pattern`] wrote.
#[derive(Debug, Clone)]
pub struct SavedPattern {
    /// Where the file is.
    pub path: PathBuf,
    /// The header written.
    pub header: PatternHeader,
    /// The size of the file in bytes.
    pub bytes: u64,
}

/// Saves the pattern database of `pattern` holding `values` (one per placement, in rank
/// order), stored in `encoding`, at `path`, as [`save`] saves a table.
pub fn save_pattern(
    path: &Path,
    pattern: &Pattern,
    values: &[u8],
    encoding: Encoding,
    replace: bool,
) -> Result<SavedPattern, SaveError> {
    save_pattern_with(path, pattern, values, encoding, replace, &NoProgress)
}

/// What [`save_bounds`] wrote.
#[derive(Debug, Clone)]
pub struct SavedBounds {
    /// Where the file is.
    pub path: PathBuf,
    /// The header written.
    pub header: tilebase_format::bounds::BoundsHeader,
    /// The size of the file in bytes.
    pub bytes: u64,
}

/// Saves the pattern database of a board past 25 cells: the group whose tiles' homes are
/// `homes` on `board`, holding `values` (a byte per placement; see
/// [`tilebase_format::bounds`]), at `path`, as [`save`] saves a table.
pub fn save_bounds(
    path: &Path,
    board: tilebase_core::Board,
    homes: &[u8],
    values: &[u8],
    replace: bool,
) -> Result<SavedBounds, SaveError> {
    let (header, bytes) = save_with(path, replace, Synced::Yes, |file| {
        let mut out = BufWriter::new(file);
        let header = tilebase_format::bounds::write(&mut out, board, homes, values)?;
        out.flush()?;
        Ok(header)
    })?;
    Ok(SavedBounds {
        path: path.to_path_buf(),
        header,
        bytes,
    })
}

/// Placements encoded per piece: a piece is a thread's unit of work and a step of progress
/// (a few milliseconds each; 500 steps for the 15-puzzle's 8-tile pattern). Small in unit
/// tests, so that small patterns are encoded in many pieces too.
#[cfg(not(test))]
const ENCODE_PIECE: usize = 1 << 20;
#[cfg(test)]
const ENCODE_PIECE: usize = 1 << 12;

/// [`save_pattern`], encoding the values on every core and telling `progress` how far the
/// encoding has got (the longest part of writing: each placement's Manhattan distance, for
/// the halved encoding).
pub fn save_pattern_with(
    path: &Path,
    pattern: &Pattern,
    values: &[u8],
    encoding: Encoding,
    replace: bool,
    progress: &dyn Progress,
) -> Result<SavedPattern, SaveError> {
    let table =
        encode(pattern, values, encoding, progress).map_err(|source| SaveError::Encode {
            path: path.to_path_buf(),
            source,
        })?;
    let (header, bytes) = save_with(path, replace, Synced::Yes, |file| {
        let mut out = BufWriter::new(file);
        let header = tilebase_format::pattern::write(&mut out, pattern, encoding, values, &table)?;
        out.flush()?;
        Ok(header)
    })?;
    Ok(SavedPattern {
        path: path.to_path_buf(),
        header,
        bytes,
    })
}

/// The bytes of the pattern database file of `pattern` holding `values` (one per placement, in
/// rank order), stored in `encoding`: the file [`save_pattern`] writes, kept in memory (the
/// browser's, which has no files). `progress` is told how far the encoding has got. Refused
/// (`InvalidData`) when a value does not fit `encoding`, as the file would be.
///
/// ```
/// use tilebase_core::Board;
/// use tilebase_pattern::{Encoding, Grid, Pattern};
///
/// let board: Board = "3x2".parse().unwrap();
/// let pattern = Pattern::new(Grid::of(board), &[1, 2, 3, 4, 5, 0], &[1, 2]).unwrap();
/// let values = tilebase_engine::build_pattern(&pattern, &tilebase_engine::NoProgress);
/// let bytes = tilebase_engine::pattern_bytes(
///     &pattern, &values, Encoding::Plain, &tilebase_engine::NoProgress,
/// ).unwrap();
/// let file = tilebase_lookup::PatternFile::from_bytes(bytes).unwrap();
/// assert_eq!(file.pattern(), &pattern);
/// ```
pub fn pattern_bytes(
    pattern: &Pattern,
    values: &[u8],
    encoding: Encoding,
    progress: &dyn Progress,
) -> io::Result<Vec<u8>> {
    let table = encode(pattern, values, encoding, progress)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let mut bytes = Vec::with_capacity(table.len() + 4096);
    tilebase_format::pattern::write(&mut bytes, pattern, encoding, values, &table)?;
    Ok(bytes)
}

/// `values` encoded in `encoding`, on every core, telling `progress` how far it has got (the
/// longest part of writing: each placement's Manhattan distance, for the halved encoding).
fn encode(
    pattern: &Pattern,
    values: &[u8],
    encoding: Encoding,
    progress: &dyn Progress,
) -> Result<Vec<u8>, tilebase_pattern::EncodeError> {
    let total = values.len() as u64;
    let mut table = vec![0u8; encoding.bytes(total) as usize];
    let out_piece = encoding.bytes(ENCODE_PIECE as u64) as usize;
    let done = AtomicU64::new(0);
    table
        .par_chunks_mut(out_piece)
        .zip(values.par_chunks(ENCODE_PIECE))
        .enumerate()
        .try_for_each(|(i, (out, values))| {
            let first = (i * ENCODE_PIECE) as u64;
            tilebase_pattern::encode_into(pattern, values, first, encoding, out)?;
            let n = values.len() as u64;
            progress.encoded(done.fetch_add(n, Ordering::Relaxed) + n, total);
            Ok(())
        })?;
    Ok(table)
}

/// What [`save_relabelled`] wrote.
#[derive(Debug, Clone)]
pub struct SavedRelabelled {
    /// Where the file is.
    pub path: PathBuf,
    /// The header written.
    pub header: RelabelHeader,
    /// The size of the file in bytes.
    pub bytes: u64,
}

/// Saves the relabelled table of `relabelling` in `metric` (`values`, from
/// [`crate::build_relabelled`]) at `path`, as [`save`] saves a table.
pub fn save_relabelled(
    path: &Path,
    relabelling: &Relabelling,
    metric: Metric,
    values: &[u8],
    replace: bool,
) -> Result<SavedRelabelled, SaveError> {
    let (header, bytes) = save_with(path, replace, Synced::Yes, |file| {
        let mut out = BufWriter::new(file);
        let header = tilebase_format::relabel::write(&mut out, relabelling, metric, values)?;
        out.flush()?;
        Ok(header)
    })?;
    Ok(SavedRelabelled {
        path: path.to_path_buf(),
        header,
        bytes,
    })
}

/// Whether a file saved is flushed to disk before it is renamed into place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Synced {
    /// A database: after a crash, the path holds the whole file or none.
    Yes,
    /// A checkpoint, checked by its checksum when read: one cut short by a crash is ignored,
    /// and not waiting for the disk halves the time the search stands still.
    No,
}

/// Writes a file at `path` with `write`, under a temporary name renamed over `path` once
/// complete (and on disk, if `synced`); returns what `write` returned and the file's size.
pub(crate) fn save_with<H>(
    path: &Path,
    replace: bool,
    synced: Synced,
    write: impl FnOnce(&mut File) -> io::Result<H>,
) -> Result<(H, u64), SaveError> {
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SaveError::Io { path, source }
    };
    if !replace && fs::symlink_metadata(path).is_ok() {
        return Err(SaveError::Exists {
            path: path.to_path_buf(),
        });
    }
    if fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        // A device or a pipe is written to as it is: renaming a file over it would replace it,
        // which root may do even to /dev/null.
        let mut file = fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io_err(path))?;
        let header = write(&mut file).map_err(io_err(path))?;
        return Ok((header, 0));
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    let name = path
        .file_name()
        .map_or_else(|| "database".into(), |n| n.to_string_lossy().into_owned());
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".partial")
        .tempfile_in(dir)
        .map_err(io_err(dir))?;

    let header = write(temp.as_file_mut()).map_err(io_err(temp.path()))?;
    readable_by_all(temp.as_file()).map_err(io_err(temp.path()))?;
    if synced == Synced::Yes {
        temp.as_file().sync_all().map_err(io_err(temp.path()))?;
        evict_if_large(temp.as_file());
    }

    let persisted = if replace {
        temp.persist(path)
    } else {
        // Not a plain rename: another build may have created the file since the check above.
        temp.persist_noclobber(path)
    };
    persisted.map_err(|e| {
        if e.error.kind() == io::ErrorKind::AlreadyExists {
            SaveError::Exists {
                path: path.to_path_buf(),
            }
        } else {
            SaveError::Io {
                path: path.to_path_buf(),
                source: e.error,
            }
        }
    })?;
    // Make the rename itself durable; not every system can sync a directory, so this is best
    // effort.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    let bytes = fs::metadata(path).map_err(io_err(path))?.len();
    Ok((header, bytes))
}

/// The smallest file [`evict_if_large`] drops from the page cache: as the lookup crate's
/// `HUGE_PAGES_FROM`, below which a table is within reach of the processor's address cache.
#[cfg(target_os = "linux")]
const EVICT_FROM: u64 = 8 << 20;

/// Drops a large database, written and on disk, from the operating system's page cache, so that
/// its first reader reads it back. Why: the pages of a file written stay in the cache in pieces
/// of 4 KiB, which a memory map takes one 4 KiB page at a time; a file read in comes in large
/// pieces (on Linux 6 with ext4, up to 2 MiB), which a map takes as huge pages, and the pattern
/// databases' lookups at random then miss the processor's address cache (its TLB) far less
/// often (BENCHMARKS.md, "Pattern databases read back in huge pages"). Only advice: where the
/// system does not take it, nothing changes but the speed.
fn evict_if_large(file: &File) {
    #[cfg(target_os = "linux")]
    if file.metadata().is_ok_and(|m| m.len() >= EVICT_FROM) {
        use nix::fcntl::{PosixFadviseAdvice, posix_fadvise};
        let _ = posix_fadvise(file, 0, 0, PosixFadviseAdvice::POSIX_FADV_DONTNEED);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

fn write_to(
    file: &mut File,
    goal: &State,
    metric: Metric,
    table: &[u8],
    compress: bool,
) -> io::Result<Header> {
    let mut out = BufWriter::new(file);
    let header = if compress {
        compressed(&mut out, |encoder| {
            tilebase_format::write(encoder, goal, metric, table)
        })?
    } else {
        tilebase_format::write(&mut out, goal, metric, table)?
    };
    out.flush()?;
    Ok(header)
}

/// What `write` writes to `out`, as one zstd frame with its checksum.
#[cfg(feature = "zstd")]
fn compressed<H>(
    out: &mut impl Write,
    write: impl FnOnce(&mut dyn Write) -> io::Result<H>,
) -> io::Result<H> {
    let mut encoder = zstd::stream::Encoder::new(out, ZSTD_LEVEL)?;
    encoder.include_checksum(true)?;
    let header = write(&mut encoder)?;
    encoder.finish()?;
    Ok(header)
}

/// A build without zstd (the browser's) writes plain files only.
#[cfg(not(feature = "zstd"))]
fn compressed<H>(
    _: &mut impl Write,
    _: impl FnOnce(&mut dyn Write) -> io::Result<H>,
) -> io::Result<H> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "this build of tilebase writes no compressed files (they need its zstd feature)",
    ))
}

/// Temporary files are created private; a database is for everyone to read.
#[cfg(unix)]
fn readable_by_all(file: &File) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn readable_by_all(_: &File) -> io::Result<()> {
    Ok(())
}
