//! Builds that are safe across processes: whoever builds a file holds a lock beside it, so two
//! processes that need the same missing file build it once, and the second opens what the first
//! wrote. Under the lock, temporary files that a killed build of the same file left behind are
//! swept away. The lock is `.NAME.partial` (a build's output is written as
//! `.NAME.XXXXXX.partial`): like every part of a build under way it is hidden and named as
//! partial, and it is removed when its holder is done (a holder killed leaves an empty one,
//! which the next build takes over).

use std::fs::{self, File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

use crate::files::watch::Watch;

/// The lock on building one file, held until dropped. Without one (a file system that cannot
/// lock, a directory that cannot be written), builds go on unguarded, as they always could.
pub(crate) struct Held {
    lock: Option<(File, PathBuf)>,
}

impl Drop for Held {
    fn drop(&mut self) {
        // Removed while still held, so that whoever waits on it finds it gone and takes a new
        // one (see `same_file`); closing the file then, at the end of the block, lets go of
        // the lock.
        if let Some((_file, path)) = self.lock.take() {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Takes the lock on building `path`: `.NAME.partial` beside it. When another process holds it,
/// says so through `watch` and waits for it. Then removes what killed builds of `path` left:
/// `.NAME.*.partial` (the names the engine writes under).
pub(crate) fn lock(path: &Path, watch: &dyn Watch) -> Held {
    let unguarded = Held { lock: None };
    let (Some(dir), Some(name)) = (parent(path), path.file_name()) else {
        return unguarded;
    };
    let name = name.to_string_lossy();
    let lock_path = dir.join(format!(".{name}.partial"));
    if fs::create_dir_all(dir).is_err() {
        return unguarded;
    }
    let mut said = false;
    loop {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path);
        let Ok(file) = file else {
            return unguarded;
        };
        let locked = match file.try_lock() {
            Ok(()) => true,
            Err(TryLockError::WouldBlock) => {
                if !said {
                    watch.waiting(&format!(
                        "waiting for another process that is building {} (it holds {})",
                        path.display(),
                        lock_path.display()
                    ));
                    said = true;
                }
                file.lock().is_ok()
            }
            Err(TryLockError::Error(_)) => false,
        };
        if !locked {
            return unguarded;
        }
        // The holder before removes the lock file as it lets go: a lock taken on a file that is
        // no longer at the path guards nothing, and is taken again.
        if same_file(&file, &lock_path) {
            sweep(dir, &name, &lock_path);
            return Held {
                lock: Some((file, lock_path)),
            };
        }
    }
}

/// Whether `file` is the file at `path`.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

/// Removes the temporary files of builds of `name` in `dir` that never finished, all but the
/// lock at `lock_path`. Only under the lock: no other build of that file can be writing one.
fn sweep(dir: &Path, name: &str, lock_path: &Path) {
    let prefix = format!(".{name}.");
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        if file_name.starts_with(&prefix)
            && file_name.ends_with(".partial")
            && Some(entry.file_name().as_os_str()) != lock_path.file_name()
        {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The directory of `path` (`.` for a bare name).
fn parent(path: &Path) -> Option<&Path> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => Some(dir),
        Some(_) => Some(Path::new(".")),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::watch::Notes;

    #[test]
    fn a_held_lock_makes_the_next_wait_and_leftovers_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("3x2-123450.tilebase");
        let stale = dir.path().join(".3x2-123450.tilebase.AbC123.partial");
        let other = dir.path().join(".3x3-123804765.tilebase.AbC123.partial");
        fs::write(&stale, b"half").unwrap();
        fs::write(&other, b"half").unwrap();
        let said = Notes::default();
        let held = lock(&path, &said);
        assert!(!stale.exists(), "the killed build's leftover is swept");
        assert!(other.exists(), "another file's is not");
        assert!(said.take().is_empty());

        // A second taker (another open of the lock file, as in another process) waits until
        // the first lets go, saying so once.
        let waited = std::thread::scope(|scope| {
            let second = scope.spawn(|| {
                let _second = lock(&path, &said);
            });
            while said.0.lock().unwrap().is_empty() {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            drop(held);
            second.join().unwrap();
            said.take()
        });
        assert_eq!(waited.len(), 1);
        // Nothing is left behind: the lock file goes with its last holder.
        let left: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left, [other.file_name().unwrap()]);
        assert!(
            waited[0].starts_with(&format!(
                "waiting for another process that is building {}",
                path.display()
            )),
            "{waited:?}"
        );
    }
}
