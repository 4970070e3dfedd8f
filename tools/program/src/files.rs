//! Writing files so that a reader never sees half of one.

use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed into place
/// once complete: the path holds the old file or the new one, never a part of one. A device or
/// a pipe (`/dev/stdout`, `/dev/null`, a FIFO) is written to as it is: renaming a file over it
/// would replace it, which root may do even to `/dev/null`.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// [`write_atomically`] with the bytes written by `write`, a piece at a time if it likes: a
/// large file need not be whole in memory before its first byte is written. An error from
/// `write` leaves `path` as it was (the temporary file is removed).
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return write(&mut std::fs::OpenOptions::new().write(true).open(path)?);
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".tilebase-")
        .suffix(".partial")
        .tempfile_in(dir)?;
    write(temp.as_file_mut())?;
    // Temporary files are created private; what a user asks for is for everyone to read.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        temp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))?;
    }
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Leftovers of a write: the temporary files in `dir`.
    fn partials(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".partial"))
            .collect()
    }

    #[test]
    fn a_file_written_in_pieces_appears_whole_and_readable_by_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.bin");
        write_atomically_with(&path, |file| {
            file.write_all(b"first ")?;
            // Nothing under the name until the last piece is written.
            assert!(!path.exists());
            file.write_all(b"second")
        })
        .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first second");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644);
        }
        assert!(partials(dir.path()).is_empty());
    }

    #[test]
    fn a_write_that_fails_halfway_leaves_the_old_file_and_no_partial() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.bin");
        write_atomically(&path, b"old").unwrap();
        let failed = write_atomically_with(&path, |file| {
            file.write_all(b"half of the new")?;
            Err(io::Error::other("the encoder gave up"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "the encoder gave up");
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert!(partials(dir.path()).is_empty());
    }
}
