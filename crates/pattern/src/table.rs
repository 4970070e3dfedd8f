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
    let mut out = vec![0u8; encoding.bytes(values.len() as u64) as usize];
    encode_into(pattern, values, 0, encoding, &mut out)?;
    Ok(out)
}

/// [`encode`] of a run of the values, those of the placements from rank `first` on (even, so
/// that the run starts a byte), into `out`, the run's bytes in `encoding`: the pieces of a
/// table encoded apart (on several threads, with progress between them) make the same bytes
/// as the whole.
///
/// ```
/// use tilebase_pattern::{Encoding, Grid, Pattern, encode, encode_into};
///
/// let grid = Grid::new(3, 3).unwrap();
/// let goal: Vec<u8> = (1..9).chain([0]).collect();
/// let pattern = Pattern::new(grid, &goal, &[1]).unwrap();
/// // Tile 1 alone, with nothing in its way: its value is its Manhattan distance.
/// let values: Vec<u8> = (0..pattern.placements())
///     .map(|rank| {
///         let mut cells = [0u8; 1];
///         pattern.unrank(rank, &mut cells);
///         pattern.manhattan(&cells) as u8
///     })
///     .collect();
/// let whole = encode(&pattern, &values, Encoding::Halved).unwrap();
/// let mut pieces = vec![0u8; whole.len()];
/// let (head, tail) = pieces.split_at_mut(2);
/// encode_into(&pattern, &values[..4], 0, Encoding::Halved, head).unwrap();
/// encode_into(&pattern, &values[4..], 4, Encoding::Halved, tail).unwrap();
/// assert_eq!(pieces, whole);
/// ```
///
/// # Panics
///
/// When `first` is odd or `out` is not the run's length in `encoding`.
pub fn encode_into(
    pattern: &Pattern,
    values: &[u8],
    first: u64,
    encoding: Encoding,
    out: &mut [u8],
) -> Result<(), EncodeError> {
    assert!(first.is_multiple_of(2), "a run starts at an even rank");
    assert_eq!(out.len() as u64, encoding.bytes(values.len() as u64));
    match encoding {
        Encoding::Plain => out.copy_from_slice(values),
        Encoding::Halved => {
            out.fill(0);
            if values.is_empty() {
                return Ok(());
            }
            // The run's placements in order, each decoded from the one before.
            let mut walk = crate::Odometer::new(pattern, first);
            for (at, &value) in values.iter().enumerate() {
                let rank = first + at as u64;
                let manhattan = walk.manhattan();
                walk.advance();
                let excess = u32::from(value).wrapping_sub(manhattan);
                if excess % 2 != 0 || excess > 30 {
                    return Err(EncodeError::Halved {
                        rank,
                        value,
                        manhattan,
                    });
                }
                out[at / 2] |= ((excess / 2) as u8) << ((at & 1) * 4);
            }
        }
    }
    Ok(())
}
