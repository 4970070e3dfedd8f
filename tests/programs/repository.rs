//! The repository as a user leaves it after building: `build-db` run from the root writes into
//! `db/`, beside the shipped databases, and none of what it writes may show up in `git status`
//! (a 288 MB 15-puzzle build once did), while the shipped files stay tracked.

use std::path::Path;
use std::process::Command;

use crate::support::Sandbox;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Runs git in `dir`, returning its stdout; `None` when git is not installed.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    assert!(
        output.status.success(),
        "git {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).unwrap())
}

#[test]
fn what_builds_write_into_db_is_ignored_and_the_shipped_files_are_not() {
    // A scratch repository with this one's .gitignore and shipped databases, committed; then
    // builds as a user runs them from the root: the 15-puzzle's smallest pattern databases, a
    // 4x3 table, another 3x3 goal, and a build killed while writing (its partial file left).
    let sandbox = Sandbox::new().with_all_shipped_dbs();
    let dir = sandbox.path();
    std::fs::copy(root().join(".gitignore"), dir.join(".gitignore")).unwrap();
    let Some(_) = git(dir, &["init", "-q"]) else {
        eprintln!("skipped: git is not installed");
        return;
    };
    git(dir, &["add", "."]);
    let tracked = git(dir, &["ls-files", "db"]).unwrap();
    // Every database the repository ships is tracked in the copy as well.
    let shipped = git(root(), &["ls-files", "db"]).unwrap();
    assert!(!shipped.is_empty());
    assert_eq!(tracked, shipped);

    sandbox
        .run("build-db", &["--board", "4x4", "--pdb", "5-5-5"])
        .code(0);
    sandbox.run("build-db", &["--board", "4x3"]).code(0);
    sandbox.run("build-db", &["--goal", "012345678"]).code(0);
    std::fs::write(dir.join("db/.3x3-876543210.tilebase.AbC123.partial"), b"").unwrap();
    std::fs::write(dir.join("db/.3x3-876543210.tilebase.partial"), b"").unwrap();
    let built = std::fs::read_dir(dir.join("db")).unwrap().count();
    assert_eq!(
        built,
        4 + 3 + 1 + 1 + 2,
        "{:?}",
        std::fs::read_dir(dir.join("db"))
    );

    let status = git(dir, &["status", "--porcelain", "--untracked-files=all"]).unwrap();
    let untracked: Vec<&str> = status.lines().filter(|l| !l.starts_with("A ")).collect();
    assert_eq!(
        untracked,
        Vec::<&str>::new(),
        "shown by git status after builds"
    );
    // A shipped file built again is still tracked (and, built alike, unchanged).
    sandbox
        .run("build-db", &["--goal", "123804765", "--force"])
        .code(0);
    let status = git(dir, &["status", "--porcelain"]).unwrap();
    assert!(status.lines().all(|l| l.starts_with("A ")), "{status}");
    assert_eq!(git(dir, &["ls-files", "db"]).unwrap(), shipped);
}

/// The programs a README example may call by name, and the `cargo install` that puts each on the
/// `PATH` (the quick start only runs `query` through cargo).
const PROGRAMS: [(&str, &str); 9] = [
    ("query", "cargo install --path tools"),
    ("build-db", "cargo install --path tools"),
    ("verify", "cargo install --path tools"),
    ("compare", "cargo install --path tools"),
    ("stats", "cargo install --path tools"),
    ("random", "cargo install --path tools"),
    ("analyse", "cargo install --path tools"),
    ("label", "cargo install --path tools"),
    ("serve", "cargo install --path serve"),
];

#[test]
fn the_readme_says_how_to_install_a_program_before_calling_it_by_name() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut in_block = false;
    let mut before = String::new();
    let mut seen = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
        } else if in_block {
            let command = line.strip_prefix("$ ").unwrap_or(line);
            let first = command.split_whitespace().next().unwrap_or("");
            for (program, install) in PROGRAMS {
                if first == program && !seen.contains(&program) {
                    assert!(
                        before.contains(install),
                        "README.md calls `{program}` by name (`{line}`) before saying \
                         `{install}`"
                    );
                    seen.push(program);
                }
            }
        }
        before.push_str(line);
        before.push('\n');
    }
    // Every program is shown by name in the README or in the guide under docs/ (whose pages
    // the README leads to, after saying how to install them).
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let page = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in page.lines() {
            let command = line.trim_start().strip_prefix("$ ").unwrap_or(line);
            let first = command.split_whitespace().next().unwrap_or("");
            for (program, _) in PROGRAMS {
                if first == program && !seen.contains(&program) {
                    seen.push(program);
                }
            }
        }
    }
    assert_eq!(seen.len(), PROGRAMS.len(), "shown by name: {seen:?}");
}

/// The guide's table of what each partition of the 15-puzzle costs to build (docs/fifteen.md)
/// says what the library says (the figures the programs print and their `--help`), and the
/// Python README's words agree: one source for each figure. (Three places once gave 6-6-3 as
/// 8 s, 10 s and 20 s; it takes 2.)
#[test]
fn build_costs_are_said_alike_everywhere() {
    use tilebase_answer::{BuildCost, Partition};

    let readme = std::fs::read_to_string(root().join("docs/fifteen.md")).unwrap();
    let python = std::fs::read_to_string(root().join("python/README.md")).unwrap();
    for partition in Partition::FIFTEEN {
        let cost = BuildCost::of_partition(16, partition);
        let row = format!(
            "| `{partition}` | {} | {} | {} |",
            cost.disk(),
            cost.time(),
            cost.memory().unwrap_or_default()
        );
        let row = row.replace("|  |", "| |");
        assert!(
            readme.lines().any(|line| line.trim() == row),
            "docs/fifteen.md has no row `{row}`"
        );
        let phrase = match partition {
            Partition::SEVEN_EIGHT => cost.to_string(),
            _ => cost.time(),
        };
        let python = python.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            python.contains(&phrase),
            "python/README.md does not say {partition}'s `{phrase}`"
        );
    }
}
