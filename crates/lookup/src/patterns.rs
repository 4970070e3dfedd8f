//! Pattern database files, opened: memory-mapped, their header checked, and every block of
//! their table checked against its checksum on every core before a value is read
//! ([`crate::CheckedFile`]).

use tilebase_format::pattern::{PatternHeader, PatternLayout};
use tilebase_pattern::{Encoding, Pattern, PatternValues};

use crate::CheckedFile;

/// A pattern database file, opened and checked.
///
/// Opening reads the whole table once to check it (about 30 ms for the 15-puzzle's 8-tile
/// pattern, split among the cores): a flipped byte anywhere is an error naming its block,
/// never a wrong value later.
pub type PatternFile<D = crate::Storage> = CheckedFile<PatternLayout, D>;

impl<D: AsRef<[u8]>> CheckedFile<PatternLayout, D> {
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

    /// The values, for a solver.
    pub fn values(&self) -> PatternValues<'_> {
        PatternValues::new(&self.layout.pattern, self.layout.encoding, self.table())
            .expect("the header was checked against the table's length")
    }
}
