//! Writing files so that a reader never sees half of one.

use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed into place
/// once complete: the path holds the old file or the new one, never a part of one. A device or
/// a pipe (`/dev/stdout`, `/dev/null`, a FIFO) is written to as it is: renaming a file over it
/// would replace it, which root may do even to `/dev/null`.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)?
            .write_all(bytes);
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".tilebase-")
        .suffix(".partial")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
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
