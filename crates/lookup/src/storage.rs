//! Where a database's bytes live: a read-only memory map of a plain file, memory holding a
//! decompressed one, or a copy in memory advised for huge pages (an anonymous map, which needs
//! no `unsafe`). The memory map is made here and only here; it is the one `unsafe` operation
//! in tilebase.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use memmap2::Mmap;
use tilebase_format::ZSTD_MAGIC;

use crate::Error;

/// The bytes of a database opened by path.
#[derive(Debug)]
pub enum Storage {
    /// A plain file, mapped read-only: opening reads only the header, the operating system pages
    /// the table in as lookups touch it.
    Mapped(Mmap),
    /// A compressed file, decompressed into memory, or a file read whole.
    Memory(Vec<u8>),
    /// A file copied into memory that the operating system is asked to back with huge pages
    /// (2 MiB on x86-64 Linux), by [`crate::CheckedFile::open_in_huge_pages`]: reads at random
    /// across hundreds of megabytes then miss the processor's address cache (its TLB) far less
    /// often.
    HugePages(memmap2::MmapMut),
}

impl AsRef<[u8]> for Storage {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        match self {
            Storage::Mapped(map) => map,
            Storage::Memory(bytes) => bytes,
            Storage::HugePages(bytes) => bytes,
        }
    }
}

/// The smallest file [`crate::CheckedFile::open_in_huge_pages`] copies into huge pages: a
/// smaller one is within the reach of the processor's address cache (about 1,500 pages of 4 KiB
/// on x86-64), and stays mapped.
pub const HUGE_PAGES_FROM: usize = 8 << 20;

impl Storage {
    /// The same bytes in anonymous memory advised for huge pages; `self` unchanged where that
    /// cannot be had (no such advice off Linux, or the memory refused) or would not help (under
    /// [`HUGE_PAGES_FROM`] bytes).
    fn into_huge_pages(self) -> Storage {
        #[cfg(target_os = "linux")]
        {
            let bytes = self.as_ref();
            if bytes.len() < HUGE_PAGES_FROM {
                return self;
            }
            let Some(mut copy) = huge_page_memory(bytes.len()) else {
                return self;
            };
            copy.copy_from_slice(bytes);
            Storage::HugePages(copy)
        }
        #[cfg(not(target_os = "linux"))]
        self
    }
}

/// Maps `file` read-only.
///
/// # Safety
///
/// The file's contents must not change, and the file must not shrink, while the map lives: the
/// map is handed out as a `&[u8]`, which the compiler assumes immutable, and a read past the end
/// of a truncated file kills the process with `SIGBUS`. Replacing the file by renaming another
/// over its path is fine: the map keeps the old file's contents alive.
#[allow(unsafe_code)]
unsafe fn map(file: &File) -> io::Result<Mmap> {
    // SAFETY: the caller upholds the contract above, which is memmap2's contract for `map`.
    unsafe { Mmap::map(file) }
}

/// Opens a database file: maps a plain file, decompresses a zstd-compressed one.
pub(crate) fn open(path: &Path) -> Result<Storage, Error> {
    let file = open_regular(path)?;
    // SAFETY: tilebase never writes a database file in place: build-db and every other writer
    // write a temporary file and rename it over the path, which leaves mapped contents intact.
    // Changing a database file in place while a program has it open breaks the contract; the
    // documentation of `Database::open` says so and offers `Database::load` for such cases.
    #[allow(unsafe_code)]
    let map = unsafe { map(&file) }.map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if map.starts_with(&ZSTD_MAGIC) {
        let bytes = decompress(&map).map_err(|e| e.at(path))?;
        return Ok(Storage::Memory(bytes));
    }
    // A large table read in by this map comes into the page cache in pieces of up to 2 MiB,
    // which the map then takes as huge pages (lookups at random miss the TLB far less): the
    // advice asks for the largest. Only advice; build-db leaves the files it writes out of the
    // cache for this (`tilebase_engine`'s save).
    #[cfg(target_os = "linux")]
    if map.len() >= HUGE_PAGES_FROM {
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    Ok(Storage::Mapped(map))
}

/// Opens a database file as [`open`] does, then copies it into memory advised for huge pages
/// (the map is let go): as [`open`] where that memory cannot be had. A plain file is read
/// straight into that memory, not copied out of a map of it, whose pages were resident beside
/// the copy: 60 MB less at the peak of a 24- or 35-puzzle query, and a little sooner.
pub(crate) fn open_in_huge_pages(path: &Path) -> Result<Storage, Error> {
    #[cfg(target_os = "linux")]
    if let Some(storage) = read_into_huge_pages(path)? {
        return Ok(storage);
    }
    Ok(open(path)?.into_huge_pages())
}

/// A plain (not compressed) file of at least [`HUGE_PAGES_FROM`] bytes read whole into
/// anonymous memory advised for huge pages; `None` for any other file, or where that memory
/// cannot be had.
#[cfg(target_os = "linux")]
fn read_into_huge_pages(path: &Path) -> Result<Option<Storage>, Error> {
    let io_err = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = open_regular(path)?;
    let len = file.metadata().map_err(io_err)?.len();
    let Ok(len) = usize::try_from(len) else {
        return Ok(None);
    };
    if len < HUGE_PAGES_FROM {
        return Ok(None);
    }
    // A compressed file is left to `open`, which decompresses it.
    let mut head = [0u8; ZSTD_MAGIC.len()];
    file.read_exact(&mut head).map_err(io_err)?;
    if head == ZSTD_MAGIC {
        return Ok(None);
    }
    let Some(mut copy) = huge_page_memory(len) else {
        return Ok(None);
    };
    // A file that shrank since its length was read is refused, and one that grew is read as far
    // as that length (the table's layout and checks judge what was read).
    copy[..head.len()].copy_from_slice(&head);
    file.read_exact(&mut copy[head.len()..]).map_err(io_err)?;
    Ok(Some(Storage::HugePages(copy)))
}

/// `len` bytes of anonymous memory advised for huge pages, if the system gives them.
#[cfg(target_os = "linux")]
fn huge_page_memory(len: usize) -> Option<memmap2::MmapMut> {
    let memory = memmap2::MmapOptions::new().len(len).map_anon().ok()?;
    // Only advice: without huge pages the copy is still a copy.
    let _ = memory.advise(memmap2::Advice::HugePage);
    Some(memory)
}

/// Reads a database file whole into memory, decompressing it if needed. No memory map.
pub(crate) fn load(path: &Path) -> Result<Storage, Error> {
    let mut file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if bytes.starts_with(&ZSTD_MAGIC) {
        return Ok(Storage::Memory(decompress(&bytes).map_err(|e| e.at(path))?));
    }
    Ok(Storage::Memory(bytes))
}

/// Opens `path` for reading if it is a regular file, and refuses anything else: a directory, and
/// also a pipe (opening it would wait for a writer forever), a socket or a device (`/dev/zero`
/// never ends). Opened without blocking, so that even a pipe is looked at, not waited on.
fn open_regular(path: &Path) -> Result<File, Error> {
    let io_err = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK on Linux and the BSDs: an open that would block (a pipe with no writer)
        // returns at once. It changes nothing for a regular file.
        const O_NONBLOCK: i32 = if cfg!(target_os = "linux") {
            0o4000
        } else {
            0x0004
        };
        options.custom_flags(O_NONBLOCK);
    }
    let file = options.open(path).map_err(io_err)?;
    let kind = file.metadata().map_err(io_err)?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    if kind.is_dir() {
        return Err(Error::IsDirectory {
            path: path.to_path_buf(),
        });
    }
    Err(Error::NotAFile {
        path: path.to_path_buf(),
        kind: describe(kind),
    })
}

/// What a file that is not a regular file is, for an error message.
fn describe(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    let _ = kind;
    "a special file"
}

/// Refuses a compressed database: this build reads plain ones only.
#[cfg(not(feature = "zstd"))]
pub(crate) fn decompress(_compressed: &[u8]) -> Result<Vec<u8>, Error> {
    Err(Error::Compressed { path: None })
}

/// Decompresses a zstd-compressed database, allocating no more than the header inside says the
/// file needs (a damaged or hostile stream cannot make it allocate more), and checks the table's
/// checksum.
#[cfg(feature = "zstd")]
pub(crate) fn decompress(compressed: &[u8]) -> Result<Vec<u8>, Error> {
    use tilebase_format::{FormatError, HEADER_LIMIT, PREAMBLE_LEN};

    let zstd_err = |source| Error::Decompress { path: None, source };
    let format_err = |source| Error::Format { path: None, source };
    let mut decoder = zstd::stream::read::Decoder::with_buffer(compressed).map_err(zstd_err)?;

    let mut bytes = Vec::new();
    (&mut decoder)
        .take((PREAMBLE_LEN + HEADER_LIMIT) as u64)
        .read_to_end(&mut bytes)
        .map_err(zstd_err)?;
    let total = tilebase_format::file_len(&bytes).map_err(format_err)?;
    let length_err = |found: u64| {
        format_err(FormatError::Length {
            found,
            expected: total,
        })
    };
    if bytes.len() as u64 > total {
        return Err(length_err(bytes.len() as u64));
    }
    bytes.reserve_exact((total - bytes.len() as u64) as usize);
    let wanted = total - bytes.len() as u64;
    (&mut decoder)
        .take(wanted)
        .read_to_end(&mut bytes)
        .map_err(zstd_err)?;
    if (bytes.len() as u64) < total {
        return Err(length_err(bytes.len() as u64));
    }
    // Reading on to the end of the frame also checks zstd's own checksum, if it has one.
    let mut extra = [0u8; 1];
    if decoder.read(&mut extra).map_err(zstd_err)? != 0 {
        return Err(length_err(total + 1));
    }
    // The whole table passed through memory anyway: checking its checksum costs little more.
    let layout = tilebase_format::read(&bytes).map_err(format_err)?;
    let found = tilebase_format::table_checksum(&bytes[layout.table]);
    if found != layout.header.table_crc32 {
        return Err(format_err(FormatError::TableChecksum {
            found,
            expected: layout.header.table_crc32,
        }));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy into huge pages holds the same bytes; a small file is left as it is.
    #[test]
    fn huge_pages_hold_the_same_bytes() {
        let bytes: Vec<u8> = (0..HUGE_PAGES_FROM + 4097)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        let copy = Storage::Memory(bytes.clone()).into_huge_pages();
        assert_eq!(copy.as_ref(), &bytes[..]);
        assert_eq!(
            matches!(copy, Storage::HugePages(_)),
            cfg!(target_os = "linux")
        );
        let small = Storage::Memory(bytes[..HUGE_PAGES_FROM - 1].to_vec()).into_huge_pages();
        assert!(matches!(small, Storage::Memory(_)));
    }

    /// A file opened into huge pages is read straight in: the same bytes; a small file is
    /// mapped, and a compressed one decompressed, as `open` does.
    #[test]
    fn files_read_into_huge_pages_hold_their_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let bytes: Vec<u8> = (0..HUGE_PAGES_FROM + 4097)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        let large = dir.path().join("large");
        std::fs::write(&large, &bytes).unwrap();
        let read = open_in_huge_pages(&large).unwrap();
        assert_eq!(read.as_ref(), &bytes[..]);
        assert_eq!(
            matches!(read, Storage::HugePages(_)),
            cfg!(target_os = "linux")
        );
        let small = dir.path().join("small");
        std::fs::write(&small, &bytes[..1000]).unwrap();
        let read = open_in_huge_pages(&small).unwrap();
        assert!(matches!(read, Storage::Mapped(_)));
        assert_eq!(read.as_ref(), &bytes[..1000]);
        // A large compressed file (of noise: it stays large) goes the way `open` takes it,
        // decompressed, and here refused as no table.
        #[cfg(feature = "zstd")]
        {
            let compressed = dir.path().join("compressed");
            let mut noise = vec![0u8; HUGE_PAGES_FROM + 10];
            let mut x = 1u64;
            for b in noise.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = x as u8;
            }
            std::fs::write(&compressed, zstd::encode_all(&noise[..], 1).unwrap()).unwrap();
            assert!(std::fs::metadata(&compressed).unwrap().len() >= HUGE_PAGES_FROM as u64);
            let refused = open_in_huge_pages(&compressed).unwrap_err().to_string();
            assert_eq!(refused, open(&compressed).unwrap_err().to_string());
            assert!(refused.contains("not a tilebase database"), "{refused}");
        }
    }
}
