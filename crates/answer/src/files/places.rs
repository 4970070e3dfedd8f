//! Where files are looked for, in order, and where missing ones are built.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folder, relative to the current directory, where shipped and hand-built files are
/// looked for first.
pub const LOCAL_DIR: &str = "db";

/// The folder that files kept in memory are named under ([`Places::memory`]): messages say a
/// file was built "into memory".
pub const MEMORY_DIR: &str = "memory";

/// The environment variable that overrides the cache directory.
pub const CACHE_ENV: &str = "TILEBASE_CACHE_DIR";

/// The cache directory this process was given ([`use_cache_dir`]), before the environment's.
static GIVEN_CACHE: OnceLock<PathBuf> = OnceLock::new();

/// Makes `dir` the cache directory of this process, before `$TILEBASE_CACHE_DIR` and the
/// user's: for examples and tests, which must leave the user's cache alone (the crate's own
/// doctests call it first). The first call wins.
pub fn use_cache_dir(dir: impl Into<PathBuf>) {
    let _ = GIVEN_CACHE.set(dir.into());
}

/// Where built files are kept: the directory given to [`use_cache_dir`], else
/// `$TILEBASE_CACHE_DIR` if set, else `tilebase` in the user's cache directory
/// (`$XDG_CACHE_HOME` or `~/.cache` on Linux).
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = GIVEN_CACHE.get() {
        return Some(dir.clone());
    }
    match std::env::var_os(CACHE_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::cache_dir().map(|d| d.join("tilebase")),
    }
}

/// Where files are looked for: `local` first, then the cache, where missing files are built
/// (in `local` when there is no cache directory).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Places {
    /// Looked in first: `db/` in the current directory, for the programs.
    pub local: PathBuf,
    /// Looked in next, and where missing files are built: the cache directory, if there is
    /// one.
    pub cache: Option<PathBuf>,
    /// No file system at all: files are looked for only among those given to the library as
    /// bytes ([`crate::Library::add_file`]) or built before, and missing ones are built in
    /// memory and kept there ([`crate::Library::file`] gives their bytes to keep elsewhere).
    /// The browser's places. `local` is then [`MEMORY_DIR`], what the files are named under.
    pub memory: bool,
}

impl Places {
    /// Files looked for in `local`, then in `cache`.
    pub fn new(local: impl Into<PathBuf>, cache: Option<PathBuf>) -> Places {
        Places {
            local: local.into(),
            cache,
            memory: false,
        }
    }

    /// No file system: files given as bytes, or built in memory, and nothing else (the
    /// browser's places; see [`Places::memory`](#structfield.memory)).
    pub fn memory() -> Places {
        Places {
            local: PathBuf::from(MEMORY_DIR),
            cache: None,
            memory: true,
        }
    }

    /// `db/` in the current directory, then the cache directory ([`cache_dir`]): where every
    /// tilebase program looks.
    pub fn standard() -> Places {
        Places::new(LOCAL_DIR, cache_dir())
    }

    /// Where missing files are built.
    pub fn build_dir(&self) -> &Path {
        self.cache.as_deref().unwrap_or(&self.local)
    }

    /// Whether `path` is in the cache directory, which tilebase manages: a damaged file there
    /// is built again, where one in `db/` or given by name is the user's to mend.
    pub fn in_cache(&self, path: &Path) -> bool {
        self.cache
            .as_deref()
            .is_some_and(|dir| path.starts_with(dir))
    }
}
