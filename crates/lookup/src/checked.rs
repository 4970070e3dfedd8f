//! Files whose table is checked block by block when opened: pattern databases
//! ([`crate::PatternFile`]) and relabelled tables ([`crate::RelabelledFile`]), one type over
//! both. Opening reads the whole table once to check it, on every core: a flipped byte anywhere
//! is an error naming its block, never a wrong value later.

use std::ops::Range;
use std::path::Path;

use tilebase_format::FormatError;
use tilebase_format::bounds::{self, BoundsLayout};
use tilebase_format::pattern::{self, PatternLayout};
use tilebase_format::relabel::{self, RelabelLayout};

use crate::{Error, Storage, storage};

/// A kind of file whose table is checked block by block: how its header is read, and where its
/// checksums are. Implemented by the layouts of [`tilebase_format`]'s pattern databases and
/// relabelled tables.
pub trait Checked: Sized + Sync {
    /// Reads and checks the preamble and header, and the file's length (not the table).
    fn read(bytes: &[u8]) -> Result<Self, FormatError>;
    /// The table's byte range in the file.
    fn table(&self) -> Range<usize>;
    /// How many checksummed blocks the table has.
    fn blocks(&self) -> usize;
    /// Checks `blocks` of `table` against their checksums.
    fn check_blocks(&self, table: &[u8], blocks: Range<usize>) -> Result<(), FormatError>;
}

impl Checked for PatternLayout {
    fn read(bytes: &[u8]) -> Result<Self, FormatError> {
        pattern::read(bytes)
    }
    fn table(&self) -> Range<usize> {
        self.table.clone()
    }
    fn blocks(&self) -> usize {
        self.header.block_crc32.len()
    }
    fn check_blocks(&self, table: &[u8], blocks: Range<usize>) -> Result<(), FormatError> {
        pattern::check_blocks(&self.header, table, blocks)
    }
}

impl Checked for RelabelLayout {
    fn read(bytes: &[u8]) -> Result<Self, FormatError> {
        relabel::read(bytes)
    }
    fn table(&self) -> Range<usize> {
        self.table.clone()
    }
    fn blocks(&self) -> usize {
        self.header.block_crc32.len()
    }
    fn check_blocks(&self, table: &[u8], blocks: Range<usize>) -> Result<(), FormatError> {
        relabel::check_blocks(&self.header, table, blocks)
    }
}

impl Checked for BoundsLayout {
    fn read(bytes: &[u8]) -> Result<Self, FormatError> {
        bounds::read(bytes)
    }
    fn table(&self) -> Range<usize> {
        self.table.clone()
    }
    fn blocks(&self) -> usize {
        self.header.block_crc32.len()
    }
    fn check_blocks(&self, table: &[u8], blocks: Range<usize>) -> Result<(), FormatError> {
        bounds::check_blocks(&self.header, table, blocks)
    }
}

/// A file of kind `L` whose every block has been checked (or, from
/// [`CheckedFile::open_unchecked`], whose blocks' check is handed back beside it).
#[derive(Debug)]
pub struct CheckedFile<L, D = Storage> {
    pub(crate) data: D,
    pub(crate) layout: L,
}

impl<L: Checked> CheckedFile<L> {
    /// Opens and checks the file at `path` (memory-mapped, or decompressed if compressed).
    ///
    /// # Memory map
    ///
    /// As for [`crate::Database::open`]: the file must not be changed in place while it is
    /// open; tilebase's writers replace files by renaming.
    pub fn open(path: impl AsRef<Path>) -> Result<CheckedFile<L>, Error> {
        let path = path.as_ref();
        CheckedFile::from_bytes(storage::open(path)?).map_err(|e| e.at(path))
    }

    /// Opens and checks the file at `path` as [`CheckedFile::open`] does, holding it in memory
    /// that the operating system is asked to back with huge pages (2 MiB pages on Linux; a plain
    /// copy elsewhere is not made: the file stays mapped). For tables read at random for long
    /// searches: a read across hundreds of megabytes then rarely misses the processor's cache
    /// of addresses (its TLB), 6 to 12% off the time of the 24-puzzle's searches (BENCHMARKS.md),
    /// for a copy that costs about 0.1 s a quarter-gigabyte.
    pub fn open_in_huge_pages(path: impl AsRef<Path>) -> Result<CheckedFile<L>, Error> {
        let path = path.as_ref();
        CheckedFile::from_bytes(storage::open_in_huge_pages(path)?).map_err(|e| e.at(path))
    }

    /// Opens the file at `path`, checking its header and length but not yet its blocks: for
    /// `verify`, which reports a damaged block and goes on to name the wrong values. The
    /// blocks' check is returned beside the file. Use [`CheckedFile::open`] to answer.
    pub fn open_unchecked(
        path: impl AsRef<Path>,
    ) -> Result<(CheckedFile<L>, Result<(), Error>), Error> {
        let path = path.as_ref();
        let data = storage::open(path)?;
        let layout = L::read(data.as_ref())
            .map_err(|source| Error::Format { path: None, source }.at(path))?;
        let file = CheckedFile { data, layout };
        let checked = file.check_blocks().map_err(|e| e.at(path));
        Ok((file, checked))
    }
}

impl<L: Checked, D: AsRef<[u8]>> CheckedFile<L, D> {
    /// The file over the bytes of a plain file: header, length and every block's checksum
    /// checked. Never panics, whatever the bytes.
    pub fn from_bytes(data: D) -> Result<CheckedFile<L, D>, Error> {
        let layout =
            L::read(data.as_ref()).map_err(|source| Error::Format { path: None, source })?;
        let file = CheckedFile { data, layout };
        file.check_blocks()?;
        Ok(file)
    }

    /// Checks every block of the table against its checksum, on every core.
    fn check_blocks(&self) -> Result<(), Error> {
        let (layout, table) = (&self.layout, self.table());
        check_every_block(layout.blocks(), |blocks| layout.check_blocks(table, blocks))
    }

    /// The layout read from the header.
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// Where the file's bytes are held: mapped, in memory, or in huge pages.
    pub fn storage(&self) -> &D {
        &self.data
    }

    /// The bytes of the whole file.
    pub fn bytes(&self) -> &[u8] {
        self.data.as_ref()
    }

    /// The table's bytes.
    pub(crate) fn table(&self) -> &[u8] {
        &self.data.as_ref()[self.layout.table()]
    }
}

/// Runs `check` over the blocks `0..blocks`, split among the cores (one thread, and none
/// spawned, as on wasm32, when there is one core or one block): the first error found.
fn check_every_block(
    blocks: usize,
    check: impl Fn(std::ops::Range<usize>) -> Result<(), tilebase_format::FormatError> + Sync,
) -> Result<(), Error> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(blocks.max(1));
    let per = blocks.div_ceil(threads.max(1)).max(1);
    let checked: Result<(), tilebase_format::FormatError> = if threads <= 1 {
        check(0..blocks)
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..blocks)
                .step_by(per)
                .map(|first| {
                    let check = &check;
                    scope.spawn(move || check(first..(first + per).min(blocks)))
                })
                .collect();
            handles.into_iter().try_for_each(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(tilebase_format::FormatError::InvalidHeader(
                        "a thread checking the table's blocks failed".into(),
                    ))
                })
            })
        })
    };
    checked.map_err(|source| Error::Format { path: None, source })
}
