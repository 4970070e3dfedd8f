//! Pattern database files of boards past 25 cells, opened: memory-mapped, their header checked,
//! and every block of their table checked against its checksum on every core before a value is
//! read ([`crate::CheckedFile`]).

use tilebase_core::Board;
use tilebase_format::bounds::{BoundsHeader, BoundsLayout};

use crate::CheckedFile;

/// A pattern database file of a board past 25 cells, opened and checked: the table of one
/// group, a byte per placement (see [`tilebase_format::bounds`]).
pub type BoundsFile<D = crate::Storage> = CheckedFile<BoundsLayout, D>;

impl<D: AsRef<[u8]>> CheckedFile<BoundsLayout, D> {
    /// The board.
    pub fn board(&self) -> Board {
        self.layout.board
    }

    /// The group's home cells, in the order of the index's digits.
    pub fn homes(&self) -> &[u8] {
        &self.layout.header.homes
    }

    /// The header.
    pub fn header(&self) -> &BoundsHeader {
        &self.layout.header
    }

    /// The values, a byte per placement.
    pub fn values(&self) -> &[u8] {
        self.table()
    }
}
