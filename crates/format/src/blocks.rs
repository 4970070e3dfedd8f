//! The checksums of a table's blocks, which pattern databases and relabelled tables keep in
//! their headers: a reader checks the whole table on every core when it opens the file, and
//! names the block that is damaged.

use std::ops::Range;

use crate::FormatError;

/// Bytes per checksummed block of the table: 1 MiB, so the 260 MB of the 15-puzzle's 8-tile
/// pattern has 248 checksums (under 1 KB of header); larger tables take larger blocks
/// ([`block_len_for`]).
pub const BLOCK_LEN: u32 = 1 << 20;

/// The most checksums a header holds: 2 KB of the header's 4 KB.
pub const MAX_BLOCKS: u64 = 512;

/// The block length for a table of `len` bytes: [`BLOCK_LEN`], or the least power of two
/// above it that needs at most [`MAX_BLOCKS`] checksums, so that the header stays within its
/// limit however large the table.
pub fn block_len_for(len: u64) -> u32 {
    let mut block = u64::from(BLOCK_LEN);
    while len.div_ceil(block) > MAX_BLOCKS && block < 1 << 31 {
        block *= 2;
    }
    block as u32
}

/// The CRC-32 of each `block_len`-byte block of `table`.
pub fn block_checksums(table: &[u8], block_len: u32) -> Vec<u32> {
    table
        .chunks(block_len as usize)
        .map(crc32fast::hash)
        .collect()
}

/// Checks blocks `blocks` of `table`, each `block_len` bytes, against `crcs`.
pub(crate) fn check_crc_blocks(
    block_len: u32,
    crcs: &[u32],
    table: &[u8],
    blocks: Range<usize>,
) -> Result<(), FormatError> {
    let len = block_len as usize;
    for block in blocks {
        let (start, end) = (block * len, ((block + 1) * len).min(table.len()));
        let crc = crcs.get(block).copied();
        if table.get(start..end).map(crc32fast::hash) != crc {
            return Err(FormatError::BlockChecksum { block, start, end });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks of 1 MiB up to 512 MiB of table, then doubled so that at most 512 checksums
    /// (2 KB) are in a header: the 1.5 GB of a 5-label relabelling of the 15-puzzle once made a
    /// header of 6 KB, which every reader refused.
    #[test]
    fn headers_hold_the_checksums_of_any_table() {
        assert_eq!(block_len_for(0), BLOCK_LEN);
        assert_eq!(block_len_for(260_000_000), BLOCK_LEN);
        assert_eq!(block_len_for(512 << 20), BLOCK_LEN);
        assert_eq!(block_len_for((512 << 20) + 1), 2 << 20);
        let len = 1_513_512_000u64;
        assert_eq!(block_len_for(len), 4 << 20);
        assert!(len.div_ceil(u64::from(block_len_for(len))) <= MAX_BLOCKS);
    }
}
