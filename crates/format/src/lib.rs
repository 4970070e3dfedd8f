//! The tilebase database file: written by [`write()`], read by [`read`], in mirrored order.
//!
//! ```text
//! offset  size  field
//! 0       8     magic bytes "TILEBASE"
//! 8       4     format version (u32, little-endian): 3 (2 is still read)
//! 12      4     endianness marker 0x01020304 (u32, little-endian: bytes 04 03 02 01)
//! 16      4     header length H in bytes (u32, little-endian, at most 4096)
//! 20      4     CRC-32 of the header bytes (u32, little-endian)
//! 24      H     header, bincode 2 (fixed-width little-endian integers): the kind of table
//!               (one byte, [`KIND_TABLE`]; version 2 has none), then [`Header`]
//! 24+H    N     table: one byte per state, its distance to the goal, in index order
//! ```
//!
//! Version 3 is shared with pattern databases ([`pattern`]): the kind, the header's first byte,
//! says which a file holds, and each reader names the other kind when it is given one.
//!
//! The preamble is read raw and checked before the header is decoded; the header is checked for
//! consistency (board, goal, counts) and against the file's exact length before the table is
//! touched. Nothing here reads the table except [`table_checksum`], which callers run on demand.
//! Every size read from a file goes through checked arithmetic: any input gives an error, never a
//! panic.
//!
//! ```
//! use tilebase_core::{Metric, State};
//!
//! let goal: State = "1230".parse::<State>().unwrap(); // a 2x2 board: 12 states
//! let table = [0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
//! let mut file = Vec::new();
//! let header = tilebase_format::write(&mut file, &goal, Metric::Single, &table).unwrap();
//! assert_eq!(header.max_distance, 6);
//!
//! let layout = tilebase_format::read(&file).unwrap();
//! assert_eq!(layout.goal, goal);
//! assert_eq!(&file[layout.table.clone()], &table);
//! ```
#![forbid(unsafe_code)]

pub mod blocks;
pub mod bounds;
pub mod pattern;
pub mod relabel;

use std::io::{self, Write};
use std::ops::Range;

use bincode::{Decode, Encode};
use tilebase_core::{Board, Metric, State};

/// The first eight bytes of every database file.
pub const MAGIC: [u8; 8] = *b"TILEBASE";
/// The format version this code writes, for full tables and pattern databases alike: version
/// 3 added the kind of table as the header's first field. Version 2 (which added the metric to
/// the header) is still read; files of any other version are refused.
pub const VERSION: u32 = 3;
/// The older format version still read: full tables written before the kind was recorded.
pub const VERSION_2: u32 = 2;
/// The kind of a full table, the first field of its header from version 3 on.
pub const KIND_TABLE: u8 = 0;
/// Written as a little-endian `u32`; read back as anything else, the file is not ours.
pub const ENDIAN_MARKER: u32 = 0x0102_0304;
/// Length of the fixed preamble that precedes the header.
pub const PREAMBLE_LEN: usize = 24;
/// The largest header accepted, so a damaged length can never ask for much memory.
pub const HEADER_LIMIT: usize = 4096;
/// The first four bytes of a zstd frame: a compressed database starts with them.
pub const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];
/// The table value of a state the search has not reached; never present in a finished table.
pub const UNREACHED: u8 = u8::MAX;

/// One configuration for writing and reading, pinned: fixed-width little-endian integers.
const CONFIG: bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Fixint,
    bincode::config::Limit<HEADER_LIMIT>,
> = bincode::config::standard()
    .with_little_endian()
    .with_fixed_int_encoding()
    .with_limit::<HEADER_LIMIT>();

/// Everything needed to check a file before using it.
#[derive(Encode, Decode, Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// The goal's cells, row by row.
    pub goal: Vec<u8>,
    /// How moves are counted: 0 for single-tile moves (`stm`), 1 for multi-tile moves (`mtm`).
    /// See [`Metric`]. (New in version 2.)
    pub metric: u8,
    /// Number of entries: the board's reachable states, cells!/2.
    pub entry_count: u64,
    /// Bytes per entry: 1.
    pub bytes_per_entry: u8,
    /// Length of the table in bytes: `entry_count * bytes_per_entry`.
    pub table_len: u64,
    /// The largest distance in the table.
    pub max_distance: u8,
    /// `counts[d]` is the number of states at distance `d`, for every `d` up to the maximum.
    pub counts: Vec<u64>,
    /// CRC-32 (IEEE) of the table bytes.
    pub table_crc32: u32,
}

/// Why bytes are not a usable database file. Each message says what is wrong and what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// No bytes at all.
    #[error("empty file, not a tilebase database: rebuild it with build-db")]
    Empty,
    /// Fewer bytes than the preamble.
    #[error(
        "{found} bytes, too short for a tilebase database (the preamble alone is {expected}): truncated, rebuild it with build-db"
    )]
    TooShort {
        /// Bytes present.
        found: usize,
        /// Bytes the preamble needs.
        expected: usize,
    },
    /// The file does not start with the magic bytes.
    #[error("not a tilebase database: it starts with {found:02x?}, not the bytes of \"TILEBASE\"")]
    Magic {
        /// The first eight bytes.
        found: [u8; 8],
    },
    /// A zstd-compressed database was given where plain bytes were expected.
    #[error("zstd-compressed: decompress it first (opening by path does this)")]
    Compressed,
    /// A format version this code does not read.
    #[error(
        "format version {found}, but this tilebase reads versions 2 and {expected}: rebuild the database with build-db"
    )]
    Version {
        /// The version in the file.
        found: u32,
        /// The version this code reads.
        expected: u32,
    },
    /// The endianness marker does not read back as written.
    #[error(
        "endianness marker {found:#010x}, expected {expected:#010x}: damaged or written by another program; rebuild it with build-db"
    )]
    Endianness {
        /// The marker as read.
        found: u32,
        /// The marker as written.
        expected: u32,
    },
    /// A header length beyond the limit.
    #[error(
        "header length {found} is over the {limit}-byte limit: damaged; rebuild it with build-db"
    )]
    HeaderTooLarge {
        /// The length in the preamble.
        found: u32,
        /// The largest accepted.
        limit: usize,
    },
    /// The file ends inside the header.
    #[error(
        "file ends inside the header ({found} bytes, the header ends at byte {expected}): truncated; rebuild it with build-db"
    )]
    TruncatedHeader {
        /// Bytes present.
        found: usize,
        /// Bytes up to the end of the header.
        expected: usize,
    },
    /// The header bytes do not match their checksum.
    #[error(
        "header checksum is {found:#010x}, expected {expected:#010x}: the header is damaged; rebuild it with build-db"
    )]
    HeaderChecksum {
        /// Checksum of the bytes present.
        found: u32,
        /// Checksum recorded in the preamble.
        expected: u32,
    },
    /// The header bytes do not decode.
    #[error("header does not decode ({0}): damaged; rebuild it with build-db")]
    HeaderDecode(String),
    /// A header of a kind of table this code does not know.
    #[error(
        "kind of table {found}, neither a full table nor a pattern database: written by a newer tilebase, or damaged; rebuild it with build-db"
    )]
    UnknownKind {
        /// The kind in the header.
        found: u8,
    },
    /// The header decodes but contradicts itself.
    #[error("header is inconsistent: {0}; rebuild it with build-db")]
    InvalidHeader(String),
    /// The file is not exactly as long as the header says.
    #[error("file is {found} bytes but its header says {expected}: {}; rebuild it with build-db",
        if found < expected { "truncated" } else { "bytes after the end of the table" })]
    Length {
        /// Bytes present.
        found: u64,
        /// Bytes the header accounts for.
        expected: u64,
    },
    /// A block of a pattern database's table does not match its checksum.
    #[error(
        "table block {block} (bytes {start} to {end} of the table) does not match its checksum: the table is damaged; rebuild it with build-db"
    )]
    BlockChecksum {
        /// The block, from 0.
        block: usize,
        /// Its first byte in the table.
        start: usize,
        /// The byte after its last.
        end: usize,
    },
    /// A database of the other kind: a pattern database where a full table was expected, or
    /// the reverse.
    #[error("{0}")]
    Kind(String),
    /// The table does not match its checksum.
    #[error(
        "table checksum is {found:#010x}, expected {expected:#010x}: the table is damaged; rebuild it with build-db"
    )]
    TableChecksum {
        /// Checksum of the table present.
        found: u32,
        /// Checksum recorded in the header.
        expected: u32,
    },
}

/// Where the parts of a checked file are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The file's format version: [`VERSION`], or [`VERSION_2`] for a file written before it.
    pub version: u32,
    /// The decoded and checked header.
    pub header: Header,
    /// The board the header names.
    pub board: Board,
    /// The goal the header names.
    pub goal: State,
    /// How the table counts moves.
    pub metric: Metric,
    /// The table's byte range in the file.
    pub table: Range<usize>,
}

/// The extension of a database file.
pub const EXTENSION: &str = "tilebase";
/// The extension added to a compressed database file's name.
pub const COMPRESSED_EXTENSION: &str = "zst";

/// The conventional file name of the database for `goal` in `metric`: board and goal, such as
/// `3x3-123804765.tilebase` (`.tilebase.zst` when compressed), with `-mtm` after the goal in the
/// multi-tile metric. On boards of more than 10 cells the goal's tiles are separated by `-`.
///
/// ```
/// use tilebase_core::Metric;
///
/// let goal = "123804765".parse().unwrap();
/// let name = |metric, compressed| tilebase_format::file_name(&goal, metric, compressed);
/// assert_eq!(name(Metric::Single, false), "3x3-123804765.tilebase");
/// assert_eq!(name(Metric::Single, true), "3x3-123804765.tilebase.zst");
/// assert_eq!(name(Metric::Multi, false), "3x3-123804765-mtm.tilebase");
/// ```
pub fn file_name(goal: &State, metric: Metric, compressed: bool) -> String {
    let goal_text = goal.to_string().replace(',', "-");
    let suffix = match metric {
        Metric::Single => "",
        Metric::Multi => "-mtm",
    };
    let mut name = format!("{}-{goal_text}{suffix}.{EXTENSION}", goal.board());
    if compressed {
        name.push('.');
        name.push_str(COMPRESSED_EXTENSION);
    }
    name
}

/// CRC-32 of a table, as recorded in the header.
pub fn table_checksum(table: &[u8]) -> u32 {
    crc32fast::hash(table)
}

/// How many entries of `table` hold each byte value.
///
/// ```
/// assert_eq!(tilebase_format::value_counts(&[0, 1, 1, 3])[..4], [1, 2, 0, 1]);
/// ```
pub fn value_counts(table: &[u8]) -> [u64; 256] {
    // Four tallies taken in turn: neighbouring entries are often equal, and a single tally would
    // make each increment wait for the one before (half as fast again on 240 MB).
    let mut tallies = [[0u64; 256]; 4];
    let mut quads = table.chunks_exact(4);
    for q in &mut quads {
        tallies[0][usize::from(q[0])] += 1;
        tallies[1][usize::from(q[1])] += 1;
        tallies[2][usize::from(q[2])] += 1;
        tallies[3][usize::from(q[3])] += 1;
    }
    for &d in quads.remainder() {
        tallies[0][usize::from(d)] += 1;
    }
    std::array::from_fn(|v| tallies.iter().map(|t| t[v]).sum())
}

/// The header that describes `table`, a finished distance table for `goal` in `metric`: counts,
/// maximum and checksum are computed here, so they cannot disagree with the table.
pub fn header_for(goal: &State, metric: Metric, table: &[u8]) -> io::Result<Header> {
    let board = goal.board();
    if table.len() != board.states() as usize {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "table has {} entries, a {board} board has {} states",
                table.len(),
                board.states()
            ),
        ));
    }
    let mut counts = value_counts(table).to_vec();
    if counts[usize::from(UNREACHED)] != 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "table has unreached entries",
        ));
    }
    let max_distance = counts.iter().rposition(|&c| c != 0).unwrap_or(0) as u8;
    counts.truncate(usize::from(max_distance) + 1);
    let header = Header {
        width: board.width() as u8,
        height: board.height() as u8,
        goal: goal.cells().to_vec(),
        metric: metric as u8,
        entry_count: table.len() as u64,
        bytes_per_entry: 1,
        table_len: table.len() as u64,
        max_distance,
        counts,
        table_crc32: table_checksum(table),
    };
    check_header(&header).map_err(would_not_open)?;
    Ok(header)
}

/// The error a writer gives for a table whose file the readers would refuse (one value 0 but
/// the goal's, say), in the readers' words: no writer writes a file that does not open.
pub(crate) fn would_not_open(error: FormatError) -> io::Error {
    let why = match error {
        FormatError::InvalidHeader(why) => why,
        other => other.to_string(),
    };
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("not written, as it would not open: {why}"),
    )
}

/// Writes a database file for `goal` in `metric` holding `table` (one distance per state, in
/// index order) and returns the header written.
pub fn write<W: Write>(out: W, goal: &State, metric: Metric, table: &[u8]) -> io::Result<Header> {
    let header = header_for(goal, metric, table)?;
    write_parts(out, &header, table)?;
    Ok(header)
}

/// Writes `header` and `table` as a file, as they are: nothing is computed or checked. [`write()`]
/// is the way to write a database; this is for tools and tests that need a file whose header
/// says something else than its table.
pub fn write_parts<W: Write>(out: W, header: &Header, table: &[u8]) -> io::Result<()> {
    write_parts_of(out, VERSION, &(KIND_TABLE, header), table)
}

/// [`write_parts`] in format version 2, without the kind: a file as tilebase wrote full tables
/// before version 3, for the tests that check such files still open.
pub fn write_parts_v2<W: Write>(out: W, header: &Header, table: &[u8]) -> io::Result<()> {
    write_parts_of(out, VERSION_2, header, table)
}

/// The kind of table a file holds, read off its first bytes: the preamble and, from version 3
/// on, the header's first byte. `prefix` needs [`KIND_LEN`] bytes of a plain file (fewer for
/// version 2); nothing else is checked, so [`read`] or [`pattern::read`] may still refuse it.
pub fn kind(prefix: &[u8]) -> Result<Kind, FormatError> {
    let version = read_preamble(prefix)?.0;
    match prefix.get(PREAMBLE_LEN) {
        _ if version == VERSION_2 => Ok(Kind::Table),
        None => Err(FormatError::TruncatedHeader {
            found: prefix.len(),
            expected: KIND_LEN,
        }),
        Some(&byte) => Kind::of_byte(byte),
    }
}

impl Kind {
    /// The kind a header's first byte names.
    fn of_byte(byte: u8) -> Result<Kind, FormatError> {
        match byte {
            KIND_TABLE => Ok(Kind::Table),
            pattern::KIND_PATTERN => Ok(Kind::Pattern),
            relabel::KIND_RELABELLED => Ok(Kind::Relabelled),
            bounds::KIND_BOUNDS => Ok(Kind::Bounds),
            found => Err(FormatError::UnknownKind { found }),
        }
    }
}

/// The one check of every reader that a file holds the kind of table it reads, made on the
/// header's bytes of a file of `version` before they are decoded: a file of another kind is
/// refused in words that name what it holds.
pub(crate) fn expect_kind(
    version: u32,
    header_bytes: &[u8],
    wanted: Kind,
) -> Result<(), FormatError> {
    let found = match header_bytes.first() {
        _ if version == VERSION_2 => Kind::Table,
        Some(&byte) => Kind::of_byte(byte)?,
        None => return Err(FormatError::HeaderDecode("no bytes".into())),
    };
    let said = match (found, wanted) {
        _ if found == wanted => return Ok(()),
        (Kind::Bounds, _) => "a pattern database of a board past 25 cells (format version 3), \
                              not what was asked for"
            .into(),
        (_, Kind::Bounds) => format!(
            "{}, not a pattern database of a board past 25 cells",
            match found {
                Kind::Table => "a full table",
                Kind::Pattern => "a pattern database of 13 to 25 cells",
                _ => "a relabelled table",
            }
        ),
        (Kind::Table, Kind::Pattern) => {
            format!("a full table (format version {version}), not a pattern database")
        }
        (Kind::Table, _) if version == VERSION_2 => {
            format!("a full table (format version {version}), not a relabelled table")
        }
        (Kind::Table, _) => "a full table, not a relabelled table".into(),
        (Kind::Pattern, Kind::Table) => "a pattern database (format version 3), not a full \
                                         table: it answers 4x4 states through query --board 4x4"
            .into(),
        (Kind::Pattern, _) => "a pattern database, not a relabelled table".into(),
        (Kind::Relabelled, Kind::Table) => {
            "a relabelled table (format version 3), not a full table".into()
        }
        (Kind::Relabelled, _) => "a relabelled table, not a pattern database".into(),
    };
    Err(FormatError::Kind(said))
}

/// The bytes [`kind`] reads: the preamble and the kind.
pub const KIND_LEN: usize = PREAMBLE_LEN + 1;

/// What a database file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A full table: every state's distance ([`read`]).
    Table,
    /// A pattern database ([`pattern::read`]).
    Pattern,
    /// A relabelled table ([`relabel::read`]).
    Relabelled,
    /// A pattern database of a board past 25 cells ([`bounds::read`]).
    Bounds,
}

/// [`write_parts`] for any header type, in format `version`.
pub(crate) fn write_parts_of<W: Write, H: Encode>(
    mut out: W,
    version: u32,
    header: &H,
    table: &[u8],
) -> io::Result<()> {
    let encoded = bincode::encode_to_vec(header, CONFIG)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    // The readers refuse a longer header: such a file must not be written.
    if encoded.len() > HEADER_LIMIT {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "a header of {} bytes, over the {HEADER_LIMIT} a reader accepts",
                encoded.len()
            ),
        ));
    }
    let mut preamble = [0u8; PREAMBLE_LEN];
    preamble[0..8].copy_from_slice(&MAGIC);
    preamble[8..12].copy_from_slice(&version.to_le_bytes());
    preamble[12..16].copy_from_slice(&ENDIAN_MARKER.to_le_bytes());
    preamble[16..20].copy_from_slice(&(encoded.len() as u32).to_le_bytes());
    preamble[20..24].copy_from_slice(&crc32fast::hash(&encoded).to_le_bytes());
    out.write_all(&preamble)?;
    out.write_all(&encoded)?;
    out.write_all(table)?;
    out.flush()
}

/// Reads and checks the preamble and header of a database file, and checks that the file is
/// exactly as long as the header says. Does not read the table. Never panics.
pub fn read(bytes: &[u8]) -> Result<Layout, FormatError> {
    let (version, header, header_end) = read_header(bytes)?;
    let (board, goal, metric) = check_header(&header)?;
    let expected = file_len_after(header_end, &header)?;
    if bytes.len() as u64 != expected {
        return Err(FormatError::Length {
            found: bytes.len() as u64,
            expected,
        });
    }
    Ok(Layout {
        table: header_end..bytes.len(),
        version,
        header,
        board,
        goal,
        metric,
    })
}

/// The length a whole file must have, read off its beginning, which must hold at least the
/// preamble and the header. This lets a reader of a stream (a compressed file) allocate exactly
/// what the file needs, and no more, before reading the table.
pub fn file_len(prefix: &[u8]) -> Result<u64, FormatError> {
    let (_, header, header_end) = read_header(prefix)?;
    check_header(&header)?;
    file_len_after(header_end, &header)
}

fn file_len_after(header_end: usize, header: &Header) -> Result<u64, FormatError> {
    (header_end as u64)
        .checked_add(header.table_len)
        .ok_or_else(|| FormatError::InvalidHeader("table length overflows".into()))
}

/// Checks the preamble, then the header's checksum, and decodes a full table's header, of
/// version 3 or 2. Returns the version, the header and the offset where it ends.
fn read_header(bytes: &[u8]) -> Result<(u32, Header, usize), FormatError> {
    let (version, header_bytes) = header_bytes(bytes)?;
    expect_kind(version, header_bytes, Kind::Table)?;
    let header = if version == VERSION_2 {
        decode::<Header>(header_bytes)?
    } else {
        decode::<(u8, Header)>(header_bytes)?.1
    };
    Ok((version, header, PREAMBLE_LEN + header_bytes.len()))
}

/// The header's bytes, after checking the preamble and the header's checksum, with the file's
/// version.
pub(crate) fn header_bytes(bytes: &[u8]) -> Result<(u32, &[u8]), FormatError> {
    let (version, header_len) = read_preamble(bytes)?;
    let header_end = PREAMBLE_LEN + header_len;
    let header_bytes = bytes
        .get(PREAMBLE_LEN..header_end)
        .ok_or(FormatError::TruncatedHeader {
            found: bytes.len(),
            expected: header_end,
        })?;
    let expected = u32_at(bytes, 20);
    let found = crc32fast::hash(header_bytes);
    if found != expected {
        return Err(FormatError::HeaderChecksum { found, expected });
    }
    Ok((version, header_bytes))
}

/// Decodes a whole header: every byte of it, no more, no less.
pub(crate) fn decode<H: Decode<()>>(header_bytes: &[u8]) -> Result<H, FormatError> {
    let (header, used): (H, usize) = bincode::decode_from_slice(header_bytes, CONFIG)
        .map_err(|e| FormatError::HeaderDecode(e.to_string()))?;
    if used != header_bytes.len() {
        return Err(FormatError::HeaderDecode(format!(
            "{} bytes left over after it",
            header_bytes.len() - used
        )));
    }
    Ok(header)
}

/// Checks magic, version (3, or 2) and endianness; returns the version and the header length.
fn read_preamble(bytes: &[u8]) -> Result<(u32, usize), FormatError> {
    if bytes.is_empty() {
        return Err(FormatError::Empty);
    }
    if bytes.starts_with(&ZSTD_MAGIC) {
        return Err(FormatError::Compressed);
    }
    let Some(preamble) = bytes.get(..PREAMBLE_LEN) else {
        // A short file that does not even start like ours is foreign, not truncated.
        if !MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
            let mut found = [0u8; 8];
            found[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
            return Err(FormatError::Magic { found });
        }
        return Err(FormatError::TooShort {
            found: bytes.len(),
            expected: PREAMBLE_LEN,
        });
    };
    let mut magic = [0u8; 8];
    magic.copy_from_slice(&preamble[0..8]);
    if magic != MAGIC {
        return Err(FormatError::Magic { found: magic });
    }
    let version = u32_at(preamble, 8);
    if version != VERSION && version != VERSION_2 {
        return Err(FormatError::Version {
            found: version,
            expected: VERSION,
        });
    }
    let marker = u32_at(preamble, 12);
    if marker != ENDIAN_MARKER {
        return Err(FormatError::Endianness {
            found: marker,
            expected: ENDIAN_MARKER,
        });
    }
    let header_len = u32_at(preamble, 16);
    if header_len as usize > HEADER_LIMIT {
        return Err(FormatError::HeaderTooLarge {
            found: header_len,
            limit: HEADER_LIMIT,
        });
    }
    Ok((version, header_len as usize))
}

/// The little-endian `u32` at `offset`; the caller has checked the length.
fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[offset..offset + 4]);
    u32::from_le_bytes(word)
}

/// Checks that a header describes a real table: a valid board and goal, the board's number of
/// entries, and counts that add up.
fn check_header(h: &Header) -> Result<(Board, State, Metric), FormatError> {
    let bad = |msg: String| Err(FormatError::InvalidHeader(msg));
    let board = Board::new(h.width.into(), h.height.into())
        .map_err(|e| FormatError::InvalidHeader(format!("board {e}")))?;
    let goal =
        State::new(board, &h.goal).map_err(|e| FormatError::InvalidHeader(format!("goal: {e}")))?;
    let metric = Metric::from_code(h.metric).ok_or_else(|| {
        FormatError::InvalidHeader(format!("metric {}, expected 0 (stm) or 1 (mtm)", h.metric))
    })?;
    let states = u64::from(board.states());
    if h.entry_count != states {
        return bad(format!(
            "{} entries, but a {board} board has {states} states",
            h.entry_count
        ));
    }
    if h.bytes_per_entry != 1 {
        return bad(format!("{} bytes per entry, expected 1", h.bytes_per_entry));
    }
    if h.table_len != h.entry_count {
        return bad(format!(
            "table of {} bytes for {} one-byte entries",
            h.table_len, h.entry_count
        ));
    }
    if h.max_distance == UNREACHED || h.counts.len() != usize::from(h.max_distance) + 1 {
        return bad(format!(
            "{} counts for a maximum distance of {}",
            h.counts.len(),
            h.max_distance
        ));
    }
    if h.counts[0] != 1 {
        return bad(format!(
            "{} states at distance 0, expected 1 (the goal)",
            h.counts[0]
        ));
    }
    // Every distance up to the maximum is reached: a state at distance d has a neighbour at d-1.
    if let Some(d) = h.counts.iter().position(|&c| c == 0) {
        return bad(format!(
            "no states at distance {d}, below the maximum {}",
            h.max_distance
        ));
    }
    let total = h.counts.iter().try_fold(0u64, |sum, &c| sum.checked_add(c));
    if total != Some(h.entry_count) {
        return bad(format!(
            "counts add up to {}, but there are {} entries",
            total.map_or("more than 2^64".to_string(), |t| t.to_string()),
            h.entry_count
        ));
    }
    Ok((board, goal, metric))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A consistent 2x2 file: the 2x2 distribution is 1, 2, 2, 2, 2, 2, 1.
    fn file() -> (State, Vec<u8>) {
        let goal: State = "1230".parse().unwrap();
        let table = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6];
        let mut out = Vec::new();
        write(&mut out, &goal, Metric::Single, &table).unwrap();
        (goal, out)
    }

    #[test]
    fn write_then_read_gives_back_the_header() {
        let (goal, bytes) = file();
        let layout = read(&bytes).unwrap();
        assert_eq!(layout.goal, goal);
        assert_eq!(layout.header.counts, [1, 2, 2, 2, 2, 2, 1]);
        assert_eq!(layout.table.len(), 12);
        assert_eq!(layout.table.end, bytes.len());
        assert_eq!(
            table_checksum(&bytes[layout.table.clone()]),
            layout.header.table_crc32
        );
    }

    #[test]
    fn preamble_is_laid_out_as_documented() {
        let (_, bytes) = file();
        assert_eq!(&bytes[..8], b"TILEBASE");
        assert_eq!(&bytes[8..12], &[3, 0, 0, 0]);
        assert_eq!(&bytes[12..16], &[4, 3, 2, 1]);
        // The kind of table, the header's first byte.
        assert_eq!(bytes[PREAMBLE_LEN], KIND_TABLE);
        assert_eq!(kind(&bytes[..KIND_LEN]), Ok(Kind::Table));
        assert_eq!(read(&bytes).unwrap().version, VERSION);
    }

    /// A header whose kind is neither a full table's nor a pattern database's is refused by both
    /// readers, even with a valid checksum.
    #[test]
    fn an_unknown_kind_is_refused() {
        let (_, mut bytes) = file();
        bytes[PREAMBLE_LEN] = 7;
        let header_len = u32_at(&bytes, 16) as usize;
        let crc = crc32fast::hash(&bytes[PREAMBLE_LEN..PREAMBLE_LEN + header_len]);
        bytes[20..24].copy_from_slice(&crc.to_le_bytes());
        assert_eq!(
            read(&bytes).unwrap_err(),
            FormatError::UnknownKind { found: 7 }
        );
        assert_eq!(
            pattern::read(&bytes).unwrap_err(),
            FormatError::UnknownKind { found: 7 }
        );
        assert_eq!(
            kind(&bytes[..KIND_LEN]),
            Err(FormatError::UnknownKind { found: 7 })
        );
    }

    /// A file written before the kind was recorded reads as it always did.
    #[test]
    fn version_2_files_still_read() {
        let (goal, bytes) = file();
        let layout = read(&bytes).unwrap();
        let mut old = Vec::new();
        write_parts_v2(&mut old, &layout.header, &bytes[layout.table.clone()]).unwrap();
        assert_eq!(&old[8..12], &[2, 0, 0, 0]);
        assert_eq!(old.len(), bytes.len() - 1);
        let read_old = read(&old).unwrap();
        assert_eq!(read_old.version, VERSION_2);
        assert_eq!(read_old.goal, goal);
        assert_eq!(read_old.header, layout.header);
        assert_eq!(&old[read_old.table.clone()], &bytes[layout.table]);
        assert_eq!(kind(&old[..PREAMBLE_LEN]), Ok(Kind::Table));
        assert_eq!(file_len(&old), Ok(old.len() as u64));
        assert_eq!(
            pattern::read(&old).unwrap_err().to_string(),
            "a full table (format version 2), not a pattern database"
        );
    }

    #[test]
    fn every_truncation_is_refused() {
        let (_, bytes) = file();
        for len in 0..bytes.len() {
            assert!(read(&bytes[..len]).is_err(), "length {len}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            read(&longer).unwrap_err(),
            FormatError::Length {
                found: bytes.len() as u64 + 1,
                expected: bytes.len() as u64
            }
        );
    }

    #[test]
    fn every_bit_flip_in_preamble_and_header_is_refused() {
        let (_, bytes) = file();
        let table_start = read(&bytes).unwrap().table.start;
        for byte in 0..table_start {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[byte] ^= 1 << bit;
                assert!(read(&damaged).is_err(), "byte {byte} bit {bit}");
            }
        }
    }

    #[test]
    fn writer_refuses_tables_that_do_not_fit() {
        let goal: State = "1230".parse().unwrap();
        assert!(write(Vec::new(), &goal, Metric::Single, &[0; 11]).is_err());
        let mut table = [1u8; 12];
        table[0] = UNREACHED;
        assert!(write(Vec::new(), &goal, Metric::Single, &table).is_err());
    }

    /// Found by the `file_round_trip` fuzz target: a table with no value 0, two of them or a
    /// distance missing below the maximum was written, and its file then refused by every
    /// reader.
    #[test]
    fn a_table_whose_file_would_not_open_is_not_written() {
        let goal: State = "1230".parse().unwrap();
        for (table, why) in [
            ([1u8; 12], "0 states at distance 0"),
            (
                [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
                "2 states at distance 0",
            ),
            (
                [0, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3],
                "no states at distance 2",
            ),
        ] {
            let mut file = Vec::new();
            let error = write(&mut file, &goal, Metric::Single, &table).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
            assert!(
                error
                    .to_string()
                    .starts_with("not written, as it would not open: ")
                    && error.to_string().contains(why),
                "{error}"
            );
            assert!(file.is_empty());
        }
    }

    #[test]
    fn inconsistent_headers_are_refused_even_with_a_valid_checksum() {
        let (goal, _) = file();
        let table = [0u8, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6];
        let good = header_for(&goal, Metric::Single, &table).unwrap();
        let reencode = |h: &Header| {
            let mut out = Vec::new();
            write_parts(&mut out, h, &table).unwrap();
            read(&out)
        };
        assert!(reencode(&good).is_ok());
        type Damage = fn(&mut Header);
        let cases: [(&str, Damage); 8] = [
            ("board", |h| h.width = 1),
            ("goal", |h| h.goal[0] = 2),
            ("entries", |h| h.entry_count = 13),
            ("counts", |h| h.counts[1] = 3),
            ("zero count", |h| {
                h.counts = vec![1, 0, 11];
                h.max_distance = 2;
            }),
            ("max", |h| h.max_distance = 7),
            ("bytes per entry", |h| h.bytes_per_entry = 2),
            ("metric", |h| h.metric = 2),
        ];
        for (what, damage) in cases {
            let mut h = good.clone();
            damage(&mut h);
            assert!(
                matches!(reencode(&h), Err(FormatError::InvalidHeader(_))),
                "{what}: {:?}",
                reencode(&h)
            );
        }
    }

    #[test]
    fn foreign_and_compressed_files_are_named_as_such() {
        assert_eq!(read(b"").unwrap_err(), FormatError::Empty);
        assert!(matches!(
            read(b"hello").unwrap_err(),
            FormatError::Magic { .. }
        ));
        assert_eq!(
            read(b"TILE").unwrap_err(),
            FormatError::TooShort {
                found: 4,
                expected: 24
            }
        );
        assert_eq!(
            read(&[0x28, 0xB5, 0x2F, 0xFD, 0]).unwrap_err(),
            FormatError::Compressed
        );
        // A file of version 1 (before the metric was recorded), and one from the future.
        let (_, mut bytes) = file();
        bytes[8] = 1;
        assert_eq!(
            read(&bytes).unwrap_err().to_string(),
            "format version 1, but this tilebase reads versions 2 and 3: rebuild the database \
             with build-db"
        );
        bytes[8] = 4;
        assert_eq!(
            read(&bytes).unwrap_err(),
            FormatError::Version {
                found: 4,
                expected: 3
            }
        );
        // A full table of version 3 given to the pattern reader is said to be one.
        let (_, bytes) = file();
        assert_eq!(
            pattern::read(&bytes).unwrap_err().to_string(),
            "a full table (format version 3), not a pattern database"
        );
        let (_, mut bytes) = file();
        bytes[12..16].copy_from_slice(&ENDIAN_MARKER.to_be_bytes());
        assert_eq!(
            read(&bytes).unwrap_err().to_string(),
            "endianness marker 0x04030201, expected 0x01020304: damaged or written by another \
             program; rebuild it with build-db"
        );
    }
}
