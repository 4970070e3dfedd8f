//! Relabelled table files: format version 3, kind 2.
//!
//! A relabelled table holds the exact distance of every relabelled state of a goal (see
//! `tilebase_pattern::Relabelling`: tiles given labels by their goal cells, tiles with the same
//! label alike, the blank exact), one byte each in index order: the multi-tile metric's bound
//! on the 15-puzzle. The preamble is every table's; the header ([`RelabelHeader`]) says the
//! board, the goal, the labels, the metric, the value counts and a CRC-32 of every block of the
//! table, as a pattern database's does.
//!
//! ```
//! use tilebase_core::Metric;
//! use tilebase_format::relabel;
//! use tilebase_pattern::{Grid, Relabelling};
//!
//! let grid = Grid::new(2, 2).unwrap();
//! let r = Relabelling::new(grid, &[1, 2, 3, 0], &[1, 1, 2, 0]).unwrap();
//! // 12 relabelled states: the blank's cell, then the two 1s' cells among the other three.
//! let values: Vec<u8> = (0..12).map(|i| u8::from(i != r.goal_index())).collect();
//! let mut file = Vec::new();
//! relabel::write(&mut file, &r, Metric::Multi, &values).unwrap();
//! let layout = relabel::read(&file).unwrap();
//! assert_eq!((layout.relabelling, layout.metric), (r, Metric::Multi));
//! assert_eq!(&file[layout.table.clone()], &values[..]);
//! ```

use std::io::{self, Write};
use std::ops::Range;

use bincode::{Decode, Encode};
use tilebase_core::Metric;
use tilebase_pattern::{Grid, Relabelling};

use crate::blocks::{block_checksums, block_len_for, check_crc_blocks};
use crate::{
    FormatError, Kind, PREAMBLE_LEN, VERSION, decode, expect_kind, header_bytes, write_parts_of,
};

/// The `kind` of a relabelled table.
pub const KIND_RELABELLED: u8 = 2;

/// The header of a relabelled table file.
#[derive(Encode, Decode, Clone, Debug, PartialEq, Eq)]
pub struct RelabelHeader {
    /// The kind of table: [`KIND_RELABELLED`].
    pub kind: u8,
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// The goal's cells, row by row.
    pub goal: Vec<u8>,
    /// Each goal cell's label (0 the blank's).
    pub labels: Vec<u8>,
    /// How moves are counted: 0 single-tile, 1 multi-tile.
    pub metric: u8,
    /// Relabelled states: the table's entries, a byte each.
    pub entry_count: u64,
    /// The largest value.
    pub max_value: u8,
    /// `counts[v]` states have value `v`.
    pub counts: Vec<u64>,
    /// Bytes per checksummed block: `pattern::block_len_for` the table's length.
    pub block_len: u32,
    /// CRC-32 (IEEE) of each block of the table, the last one possibly shorter.
    pub block_crc32: Vec<u32>,
}

/// Where the parts of a checked relabelled table file are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelabelLayout {
    /// The decoded and checked header.
    pub header: RelabelHeader,
    /// The relabelling the header names.
    pub relabelling: Relabelling,
    /// The metric of the distances.
    pub metric: Metric,
    /// The table's byte range in the file.
    pub table: Range<usize>,
}

/// Writes a relabelled table file: `values`, the distance in `metric` of each of
/// `relabelling`'s states, in index order. Returns the header written.
pub fn write<W: Write>(
    out: W,
    relabelling: &Relabelling,
    metric: Metric,
    values: &[u8],
) -> io::Result<RelabelHeader> {
    if values.len() as u64 != relabelling.states() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "values of the wrong length for the relabelling",
        ));
    }
    let mut counts = crate::value_counts(values).to_vec();
    let max_value = counts.iter().rposition(|&c| c != 0).unwrap_or(0) as u8;
    counts.truncate(usize::from(max_value) + 1);
    let grid = relabelling.grid();
    let header = RelabelHeader {
        kind: KIND_RELABELLED,
        width: grid.width() as u8,
        height: grid.height() as u8,
        goal: relabelling.goal().to_vec(),
        labels: relabelling.labels().to_vec(),
        metric: metric as u8,
        entry_count: relabelling.states(),
        max_value,
        counts,
        block_len: block_len_for(values.len() as u64),
        block_crc32: block_checksums(values, block_len_for(values.len() as u64)),
    };
    check(&header).map_err(crate::would_not_open)?;
    write_parts_of(out, VERSION, &header, values)?;
    Ok(header)
}

/// Reads and checks the preamble and header of a relabelled table file, and checks that the
/// file is exactly as long as the header says. Does not read the table. Never panics.
pub fn read(bytes: &[u8]) -> Result<RelabelLayout, FormatError> {
    let (version, header_bytes) = header_bytes(bytes)?;
    expect_kind(version, header_bytes, Kind::Relabelled)?;
    let header: RelabelHeader = decode(header_bytes)?;
    let header_end = PREAMBLE_LEN + header_bytes.len();
    let (relabelling, metric) = check(&header)?;
    let expected = (header_end as u64)
        .checked_add(header.entry_count)
        .ok_or_else(|| FormatError::InvalidHeader("table length overflows".into()))?;
    if bytes.len() as u64 != expected {
        return Err(FormatError::Length {
            found: bytes.len() as u64,
            expected,
        });
    }
    Ok(RelabelLayout {
        table: header_end..bytes.len(),
        header,
        relabelling,
        metric,
    })
}

/// Checks blocks `blocks` of `table` (the file's table bytes) against the header's checksums:
/// the first damaged one is an error naming it.
pub fn check_blocks(
    header: &RelabelHeader,
    table: &[u8],
    blocks: Range<usize>,
) -> Result<(), FormatError> {
    check_crc_blocks(header.block_len, &header.block_crc32, table, blocks)
}

fn check(h: &RelabelHeader) -> Result<(Relabelling, Metric), FormatError> {
    let bad = |msg: String| Err(FormatError::InvalidHeader(msg));
    let grid = Grid::new(h.width.into(), h.height.into())
        .ok_or_else(|| FormatError::InvalidHeader(format!("board {}x{}", h.width, h.height)))?;
    let relabelling = Relabelling::new(grid, &h.goal, &h.labels)
        .map_err(|e| FormatError::InvalidHeader(format!("relabelling: {e}")))?;
    let metric = match h.metric {
        0 => Metric::Single,
        1 => Metric::Multi,
        other => return bad(format!("metric {other}, expected 0 (stm) or 1 (mtm)")),
    };
    if h.entry_count != relabelling.states() {
        return bad(format!(
            "{} entries, but the relabelling has {} states",
            h.entry_count,
            relabelling.states()
        ));
    }
    if h.counts.len() != usize::from(h.max_value) + 1 || h.counts[0] != 1 {
        return bad("value counts do not match the maximum, or not one state at 0".into());
    }
    let total = h.counts.iter().try_fold(0u64, |sum, &c| sum.checked_add(c));
    if total != Some(h.entry_count) {
        return bad("value counts do not add up to the entries".into());
    }
    if h.block_len == 0
        || h.block_crc32.len() as u64 != h.entry_count.div_ceil(u64::from(h.block_len))
    {
        return bad("block checksums do not cover the table".into());
    }
    Ok((relabelling, metric))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> (Relabelling, Vec<u8>, Vec<u8>) {
        let grid = Grid::new(3, 2).unwrap();
        let r = Relabelling::new(grid, &[1, 2, 3, 4, 5, 0], &[1, 1, 2, 2, 1, 0]).unwrap();
        let values: Vec<u8> = (0..r.states() as u32)
            .map(|i| u8::from(i != r.goal_index()) + (i % 3) as u8 * u8::from(i != r.goal_index()))
            .collect();
        let mut file = Vec::new();
        write(&mut file, &r, Metric::Single, &values).unwrap();
        (r, values, file)
    }

    /// Found by the `file_round_trip` fuzz target: values with no 0 or two were written as a
    /// file no reader opens.
    #[test]
    fn values_whose_file_would_not_open_are_not_written() {
        let (r, mut values, _) = small();
        let mut file = Vec::new();
        let other = (r.goal_index() as usize + 1) % values.len();
        values[other] = 0;
        let error = write(&mut file, &r, Metric::Single, &values).unwrap_err();
        assert!(error.to_string().contains("not one state at 0"), "{error}");
        values.iter_mut().for_each(|v| *v = 1);
        assert!(write(&mut file, &r, Metric::Single, &values).is_err());
        assert!(file.is_empty());
    }

    #[test]
    fn a_file_reads_back_and_its_blocks_check() {
        let (r, values, file) = small();
        let layout = read(&file).unwrap();
        assert_eq!(layout.relabelling, r);
        assert_eq!(layout.metric, Metric::Single);
        assert_eq!(&file[layout.table.clone()], &values[..]);
        check_blocks(&layout.header, &file[layout.table.clone()], 0..1).unwrap();
        let mut damaged = file.clone();
        *damaged.last_mut().unwrap() ^= 1;
        let layout = read(&damaged).unwrap();
        assert!(matches!(
            check_blocks(&layout.header, &damaged[layout.table.clone()], 0..1),
            Err(FormatError::BlockChecksum { block: 0, .. })
        ));
    }

    /// Every way a file can be wrong is an error, never a panic: each prefix, each flipped
    /// byte, and the other kinds of table.
    #[test]
    fn bad_files_are_errors() {
        let (_, _, file) = small();
        for len in 0..file.len() {
            assert!(read(&file[..len]).is_err(), "{len} bytes");
        }
        for at in 0..file.len() - 60 {
            let mut bad = file.clone();
            bad[at] ^= 0x41;
            let _ = read(&bad);
        }
        let mut full = Vec::new();
        let goal: tilebase_core::State = "1230".parse().unwrap();
        crate::write(
            &mut full,
            &goal,
            Metric::Single,
            &[0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1],
        )
        .unwrap();
        assert!(matches!(read(&full), Err(FormatError::Kind(_))));
        assert!(crate::read(&file).is_err());
        assert!(crate::pattern::read(&file).is_err());
        assert_eq!(crate::kind(&file), Ok(crate::Kind::Relabelled));
    }
}
