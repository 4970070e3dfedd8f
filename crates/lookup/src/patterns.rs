//! Pattern database files, opened: memory-mapped, their header checked, and every block of
//! their table checked against its checksum on every core before a value is read.

use std::path::Path;

use tilebase_format::pattern::{self, PatternHeader, PatternLayout};
use tilebase_pattern::{Encoding, Pattern, PatternValues};

use crate::{Error, Storage, storage};

/// A pattern database file, opened and checked.
///
/// Opening reads the whole table once to check it (about 30 ms for the 15-puzzle's 8-tile
/// pattern, split among the cores): a flipped byte anywhere is an error naming its block,
/// never a wrong value later.
#[derive(Debug)]
pub struct PatternFile<D = Storage> {
    data: D,
    layout: PatternLayout,
}

impl PatternFile {
    /// Opens and checks the pattern database file at `path` (memory-mapped, or decompressed
    /// if compressed).
    ///
    /// # Memory map
    ///
    /// As for [`crate::Database::open`]: the file must not be changed in place while it is
    /// open; tilebase's writers replace files by renaming.
    pub fn open(path: impl AsRef<Path>) -> Result<PatternFile, Error> {
        let path = path.as_ref();
        PatternFile::from_bytes(storage::open(path)?).map_err(|e| e.at(path))
    }
}

impl PatternFile {
    /// Opens a pattern database file, checking its header and length but not yet its blocks:
    /// for `verify`, which reports a damaged block and goes on to name the wrong values. The
    /// blocks' check is returned beside the file. Use [`PatternFile::open`] to answer.
    pub fn open_unchecked(
        path: impl AsRef<Path>,
    ) -> Result<(PatternFile, Result<(), Error>), Error> {
        let path = path.as_ref();
        let data = storage::open(path)?;
        let layout = pattern::read(data.as_ref())
            .map_err(|source| Error::Format { path: None, source }.at(path))?;
        let file = PatternFile { data, layout };
        let checked = file.check_blocks().map_err(|e| e.at(path));
        Ok((file, checked))
    }
}

impl<D: AsRef<[u8]>> PatternFile<D> {
    /// A pattern database over the bytes of a plain file: header, length and every block's
    /// checksum checked. Never panics, whatever the bytes.
    pub fn from_bytes(data: D) -> Result<PatternFile<D>, Error> {
        let layout =
            pattern::read(data.as_ref()).map_err(|source| Error::Format { path: None, source })?;
        let file = PatternFile { data, layout };
        file.check_blocks()?;
        Ok(file)
    }

    /// Checks every block of the table against its checksum, on every core.
    fn check_blocks(&self) -> Result<(), Error> {
        let layout = &self.layout;
        let table = &self.data.as_ref()[layout.table.clone()];
        let header = &layout.header;
        check_every_block(header.block_crc32.len(), |blocks| {
            pattern::check_blocks(header, table, blocks)
        })
    }

    /// The pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.layout.pattern
    }

    /// The header.
    pub fn header(&self) -> &PatternHeader {
        &self.layout.header
    }

    /// How the values are stored.
    pub fn encoding(&self) -> Encoding {
        self.layout.encoding
    }

    /// The bytes of the whole file.
    pub fn bytes(&self) -> &[u8] {
        self.data.as_ref()
    }

    /// The values, for a solver.
    pub fn values(&self) -> PatternValues<'_> {
        let table = &self.data.as_ref()[self.layout.table.clone()];
        PatternValues::new(&self.layout.pattern, self.layout.encoding, table)
            .expect("the header was checked against the table's length")
    }
}

/// Runs `check` over the blocks `0..blocks`, split among the cores (one thread, and none
/// spawned, as on wasm32, when there is one core or one block): the first error found.
pub(crate) fn check_every_block(
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
