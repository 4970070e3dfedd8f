//! `verify`: reports, on good, damaged and unreadable files.

use std::fs;

use crate::support::Sandbox;

#[test]
fn a_fresh_database_verifies_on_every_small_board() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("verify", &["db/3x3-123804765.tilebase"]);
    run.code(0).quiet();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "db/3x3-123804765.tilebase");
    assert_eq!(
        lines[2],
        "  board      3x3, goal 123804765, 181440 entries, distances 0 to 30, metric stm"
    );
    assert!(lines[3].starts_with("  checksum   ok: 0x"), "{run}");
    assert_eq!(
        lines[4],
        "  counts     ok: every distance has the header's count"
    );
    assert_eq!(
        lines[5],
        "  distances  ok: every entry is its state's optimal distance (181440 states checked)"
    );
    assert!(lines[6].starts_with("verified in "), "{run}");

    for board in ["2x2", "3x2", "2x3", "4x2", "2x4"] {
        sandbox
            .run("build-db", &["--board", board, "--compress"])
            .code(0);
    }
    let mut files: Vec<String> = fs::read_dir(sandbox.path().join("db"))
        .unwrap()
        .map(|e| format!("db/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    files.sort();
    assert_eq!(files.len(), 6);
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let run = sandbox.run("verify", &args);
    run.code(0).quiet();
    assert_eq!(run.stdout.matches("verified in ").count(), 6, "{run}");
}

#[test]
fn a_changed_entry_is_named_and_fails() {
    let sandbox = Sandbox::new().with_shipped_db();
    let mut bytes = fs::read(sandbox.path().join("db/3x3-123804765.tilebase")).unwrap();
    let state: tilebase_core::State = "603712458".parse().unwrap();
    let at = bytes.len() - 181_440 + state.index() as usize;
    assert_eq!(bytes[at], 23);
    bytes[at] = 25;
    fs::write(sandbox.path().join("bad.tilebase"), &bytes).unwrap();
    let run = sandbox.run("verify", &["bad.tilebase"]);
    run.code(2).quiet();
    assert!(run.stdout.contains("  checksum   FAILED: 0x"), "{run}");
    assert!(
        run.stdout.contains(
            "  counts     FAILED: distance 23: 19631 states in the table, 19632 in the header"
        ),
        "{run}"
    );
    assert!(
        run.stdout.ends_with(&format!(
            "FAILED: entry {} (state 603712458) holds 25; its optimal distance is 23\n",
            state.index()
        )),
        "{run}"
    );
}

#[test]
fn files_that_do_not_open_get_one_line() {
    let sandbox = Sandbox::new().with_shipped_db();
    let bytes = fs::read(sandbox.path().join("db/3x3-123804765.tilebase")).unwrap();
    fs::write(sandbox.path().join("cut.tilebase"), &bytes[..100]).unwrap();
    sandbox
        .run("verify", &["cut.tilebase"])
        .code(2)
        .one_error_line("verify: cut.tilebase: file ends inside the header");
    sandbox
        .run("verify", &["db"])
        .code(2)
        .one_error_line("verify: db: is a directory");
    // The good file is still reported when a bad one comes first.
    let run = sandbox.run("verify", &["missing", "db/3x3-123804765.tilebase"]);
    run.code(2)
        .one_error_line("verify: missing: No such file or directory");
    assert!(run.stdout.contains("verified in "), "{run}");
    sandbox
        .run("verify", &[])
        .code(2)
        .one_error_line("required");
}
