//! Pattern database files for boards past 25 cells: format version 3, kind 3.
//!
//! The preamble is a full table's (magic, version 3, endianness, header length and CRC-32);
//! the header ([`BoundsHeader`]) names the board and the group's home cells, counts the values,
//! and keeps a CRC-32 of every block of the table, as a pattern database's does. The table
//! follows: a byte per placement of the group's tiles, indexed by each tile's cell as a digit
//! in base `cells` (the first tile the lowest digit), [`UNREACHED`] where two tiles share a
//! cell. These are the tables of `tilebase-bounds` (`Table`), which leave the blank out.
//!
//! ```
//! use tilebase_core::Board;
//! use tilebase_format::bounds;
//!
//! let board: Board = "2x2".parse()?;
//! // One tile whose home is cell 0: its value is its Manhattan distance.
//! let values = [0, 1, 1, 2];
//! let mut file = Vec::new();
//! bounds::write(&mut file, board, &[0], &values)?;
//! let layout = bounds::read(&file)?;
//! assert_eq!((layout.board, &layout.header.homes[..]), (board, &[0][..]));
//! assert_eq!(&file[layout.table.clone()], &values[..]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};
use std::ops::Range;

use bincode::{Decode, Encode};
use tilebase_core::{Board, MAX_BOARD_CELLS};

use crate::blocks::{block_checksums, block_len_for, check_crc_blocks};
use crate::{FormatError, Kind, PREAMBLE_LEN, decode, expect_kind, header_bytes, write_parts_of};

/// The `kind` of a pattern database past 25 cells.
pub const KIND_BOUNDS: u8 = 3;

/// A placement no move reaches: two tiles in one cell.
pub const UNREACHED: u8 = u8::MAX;

/// The most tiles in a group: as `tilebase-bounds` builds.
pub const MAX_TILES: usize = 8;

/// The most entries of one table: 4 GiB.
pub const MAX_ENTRIES: u64 = 1 << 32;

/// The header of a pattern database file past 25 cells.
#[derive(Encode, Decode, Clone, Debug, PartialEq, Eq)]
pub struct BoundsHeader {
    /// The kind of table: [`KIND_BOUNDS`].
    pub kind: u8,
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// The home cell of each tile of the group, in the order of the index's digits.
    pub homes: Vec<u8>,
    /// Entries: cells^tiles, a byte each.
    pub entry_count: u64,
    /// The largest value other than [`UNREACHED`].
    pub max_value: u8,
    /// `counts[v]` placements have value `v` (up to `max_value`).
    pub counts: Vec<u64>,
    /// Bytes per checksummed block.
    pub block_len: u32,
    /// CRC-32 (IEEE) of each block of the table, the last one possibly shorter.
    pub block_crc32: Vec<u32>,
}

/// Where the parts of a checked file are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundsLayout {
    /// The decoded and checked header.
    pub header: BoundsHeader,
    /// The board the header names.
    pub board: Board,
    /// The table's byte range in the file.
    pub table: Range<usize>,
}

/// Writes the file of the group whose tiles' homes are `homes` on `board`, its `values` a byte
/// per placement. Refused (`InvalidInput`, nothing written) when the values are not a table
/// of that group: the wrong length, or not exactly one placement at 0.
pub fn write<W: Write>(
    out: W,
    board: Board,
    homes: &[u8],
    values: &[u8],
) -> io::Result<BoundsHeader> {
    let entries = (board.cells() as u64).checked_pow(homes.len() as u32);
    if entries != Some(values.len() as u64) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "values of the wrong length for the group",
        ));
    }
    let mut counts = crate::value_counts(values).to_vec();
    counts.truncate(usize::from(UNREACHED));
    let max_value = counts.iter().rposition(|&c| c != 0).unwrap_or(0) as u8;
    counts.truncate(usize::from(max_value) + 1);
    let block_len = block_len_for(values.len() as u64);
    let header = BoundsHeader {
        kind: KIND_BOUNDS,
        width: board.width() as u8,
        height: board.height() as u8,
        homes: homes.to_vec(),
        entry_count: values.len() as u64,
        max_value,
        counts,
        block_len,
        block_crc32: block_checksums(values, block_len),
    };
    check(&header).map_err(crate::would_not_open)?;
    write_parts_of(out, crate::VERSION, &header, values)?;
    Ok(header)
}

/// Reads and checks the preamble and header, and that the file is exactly as long as the
/// header says. Does not read the table. Never panics.
pub fn read(bytes: &[u8]) -> Result<BoundsLayout, FormatError> {
    let (version, header_bytes) = header_bytes(bytes)?;
    expect_kind(version, header_bytes, Kind::Bounds)?;
    let header: BoundsHeader = decode(header_bytes)?;
    let header_end = PREAMBLE_LEN + header_bytes.len();
    let board = check(&header)?;
    let expected = (header_end as u64)
        .checked_add(header.entry_count)
        .ok_or_else(|| FormatError::InvalidHeader("table length overflows".into()))?;
    if bytes.len() as u64 != expected {
        return Err(FormatError::Length {
            found: bytes.len() as u64,
            expected,
        });
    }
    Ok(BoundsLayout {
        table: header_end..bytes.len(),
        header,
        board,
    })
}

/// Checks blocks `blocks` of `table` against the header's checksums.
pub fn check_blocks(
    header: &BoundsHeader,
    table: &[u8],
    blocks: Range<usize>,
) -> Result<(), FormatError> {
    check_crc_blocks(header.block_len, &header.block_crc32, table, blocks)
}

fn check(h: &BoundsHeader) -> Result<Board, FormatError> {
    let bad = |msg: String| Err(FormatError::InvalidHeader(msg));
    if h.kind != KIND_BOUNDS {
        return bad(format!("kind {}, expected {KIND_BOUNDS}", h.kind));
    }
    let board = Board::new(h.width.into(), h.height.into())
        .map_err(|e| FormatError::InvalidHeader(format!("board: {e}")))?;
    let n = board.cells();
    debug_assert!(n <= MAX_BOARD_CELLS);
    if h.homes.is_empty() || h.homes.len() > MAX_TILES || h.homes.len() >= n {
        return bad(format!(
            "{} tiles in a group of a {board} board",
            h.homes.len()
        ));
    }
    let mut seen = 0u128;
    for &c in &h.homes {
        if usize::from(c) >= n || seen & (1 << c) != 0 {
            return bad(format!("home cells {:?} on a {board} board", h.homes));
        }
        seen |= 1 << c;
    }
    let entries = (n as u64).checked_pow(h.homes.len() as u32);
    if entries != Some(h.entry_count) || h.entry_count > MAX_ENTRIES {
        return bad(format!(
            "{} entries for {} tiles on {n} cells",
            h.entry_count,
            h.homes.len()
        ));
    }
    if h.counts.len() != usize::from(h.max_value) + 1
        || h.counts[0] != 1
        || h.max_value == UNREACHED
    {
        return bad("value counts do not match the maximum, or not one placement at 0".into());
    }
    let total = h.counts.iter().try_fold(0u64, |sum, &c| sum.checked_add(c));
    if total.is_none_or(|t| t > h.entry_count) {
        return bad("value counts add up to more than the entries".into());
    }
    if h.block_len == 0
        || h.block_crc32.len() as u64 != h.entry_count.div_ceil(u64::from(h.block_len))
    {
        return bad("block checksums do not cover the table".into());
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_round_trip_and_bad_ones_are_refused() {
        let board: Board = "2x2".parse().unwrap();
        let values = [0, 1, 1, 2];
        let mut file = Vec::new();
        let header = write(&mut file, board, &[0], &values).unwrap();
        assert_eq!(header.counts, [1, 2, 1]);
        let layout = read(&file).unwrap();
        assert_eq!(layout.header, header);
        assert!(check_blocks(&header, &file[layout.table.clone()], 0..1).is_ok());
        // A flipped value: its block named.
        let mut damaged = file.clone();
        *damaged.last_mut().unwrap() ^= 1;
        let layout = read(&damaged).unwrap();
        assert!(check_blocks(&header, &damaged[layout.table], 0..1).is_err());
        // Truncated, and values that are no table.
        assert!(read(&file[..file.len() - 1]).is_err());
        for bad in [&[1u8, 1, 1, 2][..], &[0, 0, 1, 2], &[0, 1, 2]] {
            let mut out = Vec::new();
            assert!(write(&mut out, board, &[0], bad).is_err());
            assert!(out.is_empty());
        }
        // Every prefix, and every byte flipped in the header, is refused or read, never a panic.
        for end in 0..file.len() {
            let _ = read(&file[..end]);
        }
        for at in 0..layout_start(&file) {
            let mut bytes = file.clone();
            bytes[at] ^= 0x55;
            let _ = read(&bytes);
        }
    }

    fn layout_start(file: &[u8]) -> usize {
        read(file).unwrap().table.start
    }
}
