//! A pattern database's values, stored compactly and without loss.

use crate::pattern::Pattern;

/// How a pattern database stores its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// 4 bits a placement: (value − the pattern tiles' Manhattan distance) / 2. That
    /// difference is always even (each move changes both by one) and, for the 15-puzzle's
    /// patterns, at most 2 × 15; two placements share a byte, the even rank in the low half.
    Halved,
    /// One byte a placement: the value itself.
    Plain,
}

impl Encoding {
    /// The code a file records.
    pub const fn code(self) -> u8 {
        match self {
            Encoding::Halved => 1,
            Encoding::Plain => 2,
        }
    }

    /// The encoding of a code, if it names one.
    pub const fn from_code(code: u8) -> Option<Encoding> {
        match code {
            1 => Some(Encoding::Halved),
            2 => Some(Encoding::Plain),
            _ => None,
        }
    }

    /// The bytes a table of `placements` entries takes.
    pub const fn bytes(self, placements: u64) -> u64 {
        match self {
            Encoding::Halved => placements.div_ceil(2),
            Encoding::Plain => placements,
        }
    }
}

/// A pattern's values encoded: by [`encode`], or read from a file.
///
/// `bytes` must hold [`Encoding::bytes`] of the pattern's placements.
#[derive(Clone, Copy, Debug)]
pub struct PatternValues<'a> {
    encoding: Encoding,
    bytes: &'a [u8],
}

impl<'a> PatternValues<'a> {
    /// Values in `bytes` encoded as `encoding`; `None` if `bytes` is not the length a table of
    /// `pattern` needs.
    pub fn new(pattern: &Pattern, encoding: Encoding, bytes: &'a [u8]) -> Option<Self> {
        (bytes.len() as u64 == encoding.bytes(pattern.placements()))
            .then_some(PatternValues { encoding, bytes })
    }

    /// The encoding.
    #[inline]
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The stored bytes.
    #[inline]
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The value of the placement of rank `rank`, whose tiles' Manhattan distance is
    /// `manhattan`.
    #[inline]
    pub fn value(&self, rank: u64, manhattan: u32) -> u32 {
        match self.encoding {
            Encoding::Halved => manhattan + 2 * self.excess(rank),
            Encoding::Plain => u32::from(self.bytes[rank as usize]),
        }
    }

    /// For [`Encoding::Halved`]: (value − Manhattan distance) / 2 of a placement.
    #[inline]
    pub fn excess(&self, rank: u64) -> u32 {
        let byte = self.bytes[(rank / 2) as usize];
        u32::from((byte >> ((rank & 1) * 4)) & 0x0f)
    }
}

/// Why values could not be encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// A value exceeds the pattern tiles' Manhattan distance by more than 30, or by an odd
    /// number: not a pattern database's value.
    #[error(
        "placement {rank}: value {value} against Manhattan distance {manhattan} does not fit 4 bits"
    )]
    Halved {
        /// The placement.
        rank: u64,
        /// Its value.
        value: u8,
        /// Its tiles' Manhattan distance.
        manhattan: u32,
    },
}

/// The bytes of `values` (one per placement of `pattern`, in rank order) in `encoding`.
pub fn encode(
    pattern: &Pattern,
    values: &[u8],
    encoding: Encoding,
) -> Result<Vec<u8>, EncodeError> {
    match encoding {
        Encoding::Plain => Ok(values.to_vec()),
        Encoding::Halved => {
            let mut out = vec![0u8; values.len().div_ceil(2)];
            let mut cells = [0u8; crate::MAX_PATTERN_TILES];
            let k = pattern.tiles().len();
            for (rank, &value) in values.iter().enumerate() {
                let rank = rank as u64;
                pattern.unrank(rank, &mut cells);
                let manhattan = pattern.manhattan(&cells[..k]);
                let excess = u32::from(value).wrapping_sub(manhattan);
                if excess % 2 != 0 || excess > 30 {
                    return Err(EncodeError::Halved {
                        rank,
                        value,
                        manhattan,
                    });
                }
                out[(rank / 2) as usize] |= ((excess / 2) as u8) << ((rank & 1) * 4);
            }
            Ok(out)
        }
    }
}
