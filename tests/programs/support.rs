//! Running the programs in a scratch directory, and showing everything when a test fails.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A Parquet file's reader, and the `tilebase.` keys of its metadata with their values.
pub fn parquet_with_metadata(
    path: &Path,
) -> (
    parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder<std::fs::File>,
    Vec<(String, Option<String>)>,
) {
    let file = std::fs::File::open(path).unwrap();
    let builder =
        parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let metadata = builder
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .unwrap()
        .iter()
        .filter(|kv| kv.key.starts_with("tilebase."))
        .map(|kv| (kv.key.clone(), kv.value.clone()))
        .collect();
    (builder, metadata)
}

/// Every line of a program's JSON Lines output, parsed into a typed record: a line that does
/// not parse fails the test, showing the line.
pub fn json_lines<T: serde::de::DeserializeOwned>(stdout: &str) -> Vec<T> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// The path of one of the workspace's programs, built by cargo for these tests.
pub fn program(name: &str) -> &'static str {
    let built = match name {
        "build-db" => option_env!("CARGO_BIN_EXE_build-db"),
        "query" => option_env!("CARGO_BIN_EXE_query"),
        "verify" => option_env!("CARGO_BIN_EXE_verify"),
        "compare" => option_env!("CARGO_BIN_EXE_compare"),
        "stats" => option_env!("CARGO_BIN_EXE_stats"),
        "random" => option_env!("CARGO_BIN_EXE_random"),
        "analyse" => option_env!("CARGO_BIN_EXE_analyse"),
        "label" => option_env!("CARGO_BIN_EXE_label"),
        _ => None,
    };
    built.unwrap_or_else(|| panic!("no program {name} in tilebase-tools"))
}

/// The shipped database, in the repository.
pub fn shipped_db() -> PathBuf {
    // The repository's root: one above the package's folder, tools/.
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("db/3x3-123804765.tilebase"))
        .find(|path| path.is_file())
        .expect("the shipped database in the repository's db/")
}

/// A scratch directory to run programs in: the current directory of every run, with its own
/// cache directory, so that tests never touch the repository's `db/` or the user's cache.
pub struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        Sandbox {
            dir: tempfile::tempdir().expect("a temporary directory"),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn cache(&self) -> PathBuf {
        self.path().join("cache")
    }

    /// Copies the shipped database into this sandbox's `db/`.
    pub fn with_shipped_db(self) -> Sandbox {
        std::fs::create_dir_all(self.path().join("db")).unwrap();
        std::fs::copy(shipped_db(), self.path().join("db/3x3-123804765.tilebase")).unwrap();
        self
    }

    /// Copies every shipped database (the articles' goal, and the three that answer for every
    /// 3x3 goal) into this sandbox's `db/`.
    pub fn with_all_shipped_dbs(self) -> Sandbox {
        let shipped = shipped_db();
        let dir = shipped.parent().unwrap();
        std::fs::create_dir_all(self.path().join("db")).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), self.path().join("db").join(entry.file_name())).unwrap();
        }
        self
    }

    pub fn command(&self, name: &str, args: &[&str]) -> Command {
        self.command_of(program(name), args)
    }

    /// Any program, run in the sandbox as the programs are.
    pub fn command_of(&self, path: &str, args: &[&str]) -> Command {
        let mut command = Command::new(path);
        command
            .args(args)
            .current_dir(self.path())
            .env("TILEBASE_CACHE_DIR", self.cache())
            .env_remove("XDG_CACHE_HOME");
        command
    }

    /// Runs a program to completion with `stdin` as its input.
    pub fn run_with_input(&self, name: &str, args: &[&str], stdin: &[u8]) -> Run {
        let mut child = self
            .command(name, args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program starts");
        let mut input = child.stdin.take().unwrap();
        let stdin = stdin.to_vec();
        let writer = std::thread::spawn(move || {
            let _ = input.write_all(&stdin);
        });
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        Run {
            command: format!("{name} {}", args.join(" ")),
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    /// Runs a program to completion with empty input.
    pub fn run(&self, name: &str, args: &[&str]) -> Run {
        self.run_with_input(name, args, b"")
    }
}

/// What a run printed and how it ended.
pub struct Run {
    pub command: String,
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Checks the exit code, showing the whole run if it differs.
    #[track_caller]
    pub fn code(&self, expected: i32) -> &Run {
        assert_eq!(self.code, Some(expected), "unexpected exit code\n{self}");
        self
    }

    /// Checks that stderr is exactly one line (an error message, or a note) containing `part`.
    #[track_caller]
    pub fn one_error_line(&self, part: &str) -> &Run {
        assert_eq!(
            self.stderr.lines().count(),
            1,
            "expected one line on stderr\n{self}"
        );
        assert!(self.stderr.contains(part), "stderr lacks {part:?}\n{self}");
        self
    }

    /// Checks that nothing was printed on stderr.
    #[track_caller]
    pub fn quiet(&self) -> &Run {
        assert!(self.stderr.is_empty(), "unexpected stderr\n{self}");
        self
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "command: {}", self.command)?;
        writeln!(f, "exit code: {:?}", self.code)?;
        writeln!(f, "--- stdout ---\n{}", self.stdout)?;
        write!(f, "--- stderr ---\n{}", self.stderr)
    }
}
