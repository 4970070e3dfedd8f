//! The README's and the guide's command examples (their `console` blocks), run as written and
//! compared with the output the text shows, by trycmd: an example cannot go stale.
//!
//! The examples run in a directory of their own holding a copy of `db/` (the shipped tables, as
//! in a clone), with a cache of their own: nothing is written into the repository or the
//! user's cache. The files the light examples answer from are built there first, so that no
//! example's output depends on which ran first. `TRYCMD=overwrite cargo test --test docs`
//! writes the outputs into the text, to be read over before committing.
//!
//! Blocks marked `console,heavy` take minutes and gigabytes (the 15-puzzle's 7-8 files, the
//! 24-puzzle's): CI skips them; `TILEBASE_DOCS_HEAVY=1 cargo test --release --test docs` runs
//! them too (with the files of `TILEBASE_CACHE_DIR` when it is set, else building them).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every program an example may call, as cargo built it for this test (and `cat`, to show a
/// file written).
const PROGRAMS: [(&str, &str); 8] = [
    ("query", env!("CARGO_BIN_EXE_query")),
    ("build-db", env!("CARGO_BIN_EXE_build-db")),
    ("verify", env!("CARGO_BIN_EXE_verify")),
    ("compare", env!("CARGO_BIN_EXE_compare")),
    ("stats", env!("CARGO_BIN_EXE_stats")),
    ("random", env!("CARGO_BIN_EXE_random")),
    ("analyse", env!("CARGO_BIN_EXE_analyse")),
    ("label", env!("CARGO_BIN_EXE_label")),
];

/// The info string of the blocks that take minutes and gigabytes.
const HEAVY: &str = "```console,heavy";

#[test]
fn examples_print_what_the_text_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let heavy = std::env::var_os("TILEBASE_DOCS_HEAVY").is_some();
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("db");
    std::fs::create_dir(&db).unwrap();
    for entry in std::fs::read_dir(root.join("db")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), db.join(entry.file_name())).unwrap();
    }
    let cache = match std::env::var_os("TILEBASE_CACHE_DIR") {
        Some(dir) if heavy => PathBuf::from(dir),
        _ => work.path().join("cache"),
    };
    let home = work.path().join("home");
    // The files the light examples answer from, built before any example runs.
    // (A question that needs them finds them, or builds them where they are missing.)
    let args = [
        "--quiet",
        "--pdb",
        "5-5-5",
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
    ];
    let built = Command::new(env!("CARGO_BIN_EXE_query"))
        .args(args)
        .env("TILEBASE_CACHE_DIR", &cache)
        .env("HOME", &home)
        .current_dir(work.path())
        .output()
        .unwrap();
    assert!(built.status.success(), "query {args:?}: {built:?}");

    // The pages, each as written; a page with heavy blocks is run from a copy in which they
    // are plain `console` blocks (with TILEBASE_DOCS_HEAVY) or ignored.
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let copies = work.path().join("pages");
    std::fs::create_dir(&copies).unwrap();
    let cases = trycmd::TestCases::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        if text.contains(HEAVY) {
            let marked = if heavy {
                "```console"
            } else {
                "```console,ignore"
            };
            let copy = copies.join(page.file_name().unwrap());
            std::fs::write(&copy, text.replace(HEAVY, marked)).unwrap();
            cases.case(copy);
        } else {
            cases.case(page);
        }
    }

    // trycmd runs a Markdown file's commands in the test's current directory.
    std::env::set_current_dir(work.path()).unwrap();
    cases
        .env("TILEBASE_CACHE_DIR", cache.to_string_lossy())
        .env("HOME", home.to_string_lossy())
        .env("XDG_CACHE_HOME", home.join(".cache").to_string_lossy())
        .register_bin("cat", Path::new("/bin/cat"));
    for (program, path) in PROGRAMS {
        cases.register_bin(program, Path::new(path));
    }
    cases.run();
}
