//! Pattern database files: format version 3.
//!
//! The preamble is a full table's (magic, version 3, endianness, header length and CRC-32);
//! the header ([`PatternHeader`]) says the kind of table, the board, the goal, the pattern's
//! tiles, the encoding of the values, their counts, and a CRC-32 of every block of the table,
//! so that a reader can check the whole table on every core when it opens the file and name
//! the block that is damaged. The table follows the header: the pattern's values in rank order,
//! encoded as the header says ([`Encoding`]).
//!
//! ```
//! use tilebase_pattern::{Encoding, Grid, Pattern, encode};
//! use tilebase_format::pattern;
//!
//! let grid = Grid::new(3, 3).unwrap();
//! let goal: Vec<u8> = (1..9).chain([0]).collect();
//! let p = Pattern::new(grid, &goal, &[1]).unwrap();
//! // One tile alone, the blank free to go round it: its value is its Manhattan distance.
//! let values: Vec<u8> = (0..9u64)
//!     .map(|rank| {
//!         let mut cell = [0u8];
//!         p.unrank(rank, &mut cell);
//!         p.manhattan(&cell) as u8
//!     })
//!     .collect();
//! let table = encode(&p, &values, Encoding::Halved).unwrap();
//! let mut file = Vec::new();
//! pattern::write(&mut file, &p, Encoding::Halved, &values, &table).unwrap();
//! let layout = pattern::read(&file).unwrap();
//! assert_eq!(layout.pattern, p);
//! assert_eq!(&file[layout.table.clone()], &table[..]);
//! ```

use std::io::{self, Write};
use std::ops::Range;

use bincode::{Decode, Encode};
use tilebase_pattern::{Encoding, Grid, Pattern};

use crate::blocks::{block_checksums, block_len_for, check_crc_blocks};
use crate::{FormatError, Kind, PREAMBLE_LEN, decode, expect_kind, header_bytes, write_parts_of};

/// The format version of pattern database files: the full tables' own ([`crate::VERSION`]),
/// the kind in the header telling them apart.
pub const VERSION: u32 = crate::VERSION;
/// The `kind` of a pattern database.
pub const KIND_PATTERN: u8 = 1;
/// The header of a pattern database file.
#[derive(Encode, Decode, Clone, Debug, PartialEq, Eq)]
pub struct PatternHeader {
    /// The kind of table: [`KIND_PATTERN`].
    pub kind: u8,
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// The goal's cells, row by row.
    pub goal: Vec<u8>,
    /// How moves are counted: 0, single-tile moves.
    pub metric: u8,
    /// The pattern's tiles, in the order its placements are ranked.
    pub tiles: Vec<u8>,
    /// How values are stored: [`Encoding::code`].
    pub encoding: u8,
    /// Placements: n!/(n − k)!.
    pub entry_count: u64,
    /// Length of the table in bytes.
    pub table_len: u64,
    /// The largest value.
    pub max_value: u8,
    /// `counts[v]` placements have value `v`.
    pub counts: Vec<u64>,
    /// Bytes per checksummed block: [`crate::blocks::BLOCK_LEN`] or more.
    pub block_len: u32,
    /// CRC-32 (IEEE) of each block of the table, the last one possibly shorter.
    pub block_crc32: Vec<u32>,
}

/// Where the parts of a checked pattern file are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternLayout {
    /// The decoded and checked header.
    pub header: PatternHeader,
    /// The pattern the header names.
    pub pattern: Pattern,
    /// How its values are stored.
    pub encoding: Encoding,
    /// The table's byte range in the file.
    pub table: Range<usize>,
}

/// Writes a pattern database file: `pattern`'s `values` (one byte per placement, to count)
/// stored as `table`, their encoding in `encoding`. Returns the header written.
pub fn write<W: Write>(
    out: W,
    pattern: &Pattern,
    encoding: Encoding,
    values: &[u8],
    table: &[u8],
) -> io::Result<PatternHeader> {
    if values.len() as u64 != pattern.placements()
        || table.len() as u64 != encoding.bytes(pattern.placements())
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "values or table of the wrong length for the pattern",
        ));
    }
    let mut counts = crate::value_counts(values).to_vec();
    let max_value = counts.iter().rposition(|&c| c != 0).unwrap_or(0) as u8;
    counts.truncate(usize::from(max_value) + 1);
    let grid = pattern.grid();
    let header = PatternHeader {
        kind: KIND_PATTERN,
        width: grid.width() as u8,
        height: grid.height() as u8,
        goal: pattern.goal().to_vec(),
        metric: 0,
        tiles: pattern.tiles().to_vec(),
        encoding: encoding.code(),
        entry_count: pattern.placements(),
        table_len: table.len() as u64,
        max_value,
        counts,
        block_len: block_len_for(table.len() as u64),
        block_crc32: block_checksums(table, block_len_for(table.len() as u64)),
    };
    check(&header).map_err(crate::would_not_open)?;
    write_parts_of(out, VERSION, &header, table)?;
    Ok(header)
}

/// Reads and checks the preamble and header of a pattern database file, and checks that the
/// file is exactly as long as the header says. Does not read the table. Never panics.
pub fn read(bytes: &[u8]) -> Result<PatternLayout, FormatError> {
    let (version, header_bytes) = header_bytes(bytes)?;
    expect_kind(version, header_bytes, Kind::Pattern)?;
    let header: PatternHeader = decode(header_bytes)?;
    let header_end = PREAMBLE_LEN + header_bytes.len();
    let (pattern, encoding) = check(&header)?;
    let expected = (header_end as u64)
        .checked_add(header.table_len)
        .ok_or_else(|| FormatError::InvalidHeader("table length overflows".into()))?;
    if bytes.len() as u64 != expected {
        return Err(FormatError::Length {
            found: bytes.len() as u64,
            expected,
        });
    }
    Ok(PatternLayout {
        table: header_end..bytes.len(),
        header,
        pattern,
        encoding,
    })
}

/// Checks blocks `blocks` of `table` (the file's table bytes) against the header's checksums:
/// the first damaged one is an error naming it.
pub fn check_blocks(
    header: &PatternHeader,
    table: &[u8],
    blocks: Range<usize>,
) -> Result<(), FormatError> {
    check_crc_blocks(header.block_len, &header.block_crc32, table, blocks)
}

fn check(h: &PatternHeader) -> Result<(Pattern, Encoding), FormatError> {
    let bad = |msg: String| Err(FormatError::InvalidHeader(msg));
    if h.kind != KIND_PATTERN {
        return bad(format!(
            "kind {}, expected {KIND_PATTERN} (a pattern database)",
            h.kind
        ));
    }
    let grid = Grid::new(h.width.into(), h.height.into())
        .ok_or_else(|| FormatError::InvalidHeader(format!("board {}x{}", h.width, h.height)))?;
    let pattern = Pattern::new(grid, &h.goal, &h.tiles)
        .map_err(|e| FormatError::InvalidHeader(format!("pattern: {e}")))?;
    if h.metric != 0 {
        return bad(format!("metric {}, expected 0 (stm)", h.metric));
    }
    let encoding = Encoding::from_code(h.encoding)
        .ok_or_else(|| FormatError::InvalidHeader(format!("encoding {}", h.encoding)))?;
    if h.entry_count != pattern.placements() {
        return bad(format!(
            "{} entries, but the pattern has {} placements",
            h.entry_count,
            pattern.placements()
        ));
    }
    if h.table_len != encoding.bytes(h.entry_count) {
        return bad(format!(
            "table of {} bytes for {} entries",
            h.table_len, h.entry_count
        ));
    }
    if h.counts.len() != usize::from(h.max_value) + 1 || h.counts[0] != 1 {
        return bad("value counts do not match the maximum, or not one placement at 0".into());
    }
    let total = h.counts.iter().try_fold(0u64, |sum, &c| sum.checked_add(c));
    if total != Some(h.entry_count) {
        return bad("value counts do not add up to the entries".into());
    }
    if h.block_len == 0
        || h.block_crc32.len() as u64 != h.table_len.div_ceil(u64::from(h.block_len))
    {
        return bad("block checksums do not cover the table".into());
    }
    Ok((pattern, encoding))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_pattern::encode;

    /// Found by the `file_round_trip` fuzz target: values with no 0 or two were written as a
    /// file no reader opens.
    #[test]
    fn values_whose_file_would_not_open_are_not_written() {
        let grid = Grid::new(3, 3).unwrap();
        let goal: Vec<u8> = (1..9).chain([0]).collect();
        let p = Pattern::new(grid, &goal, &[1]).unwrap();
        for values in [[1u8; 9], [0, 0, 1, 1, 2, 2, 3, 3, 4]] {
            let table = encode(&p, &values, Encoding::Plain).unwrap();
            let mut file = Vec::new();
            let error = write(&mut file, &p, Encoding::Plain, &values, &table).unwrap_err();
            assert!(
                error.to_string().contains("not one placement at 0"),
                "{error}"
            );
            assert!(file.is_empty());
        }
    }
}
