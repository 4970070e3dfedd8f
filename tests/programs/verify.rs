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

/// A relabelled table (the multi-tile metric's bound) is proven by the local rule, and one
/// whose entry was raised (its checksums made again) fails, naming an entry.
#[test]
fn relabelled_tables_are_proven() {
    use tilebase_core::Metric;
    use tilebase_pattern::{Grid, Relabelling};
    let sandbox = Sandbox::new();
    let grid = Grid::new(3, 3).unwrap();
    let goal: Vec<u8> = (1..9).chain([0]).collect();
    let relabelling = Relabelling::new(grid, &goal, &[1, 1, 2, 1, 1, 2, 3, 3, 0]).unwrap();
    let values = tilebase_engine::build_relabelled(
        &relabelling,
        Metric::Multi,
        &tilebase_engine::NoProgress,
    );
    let good = sandbox.path().join("good.tilebase");
    tilebase_engine::save_relabelled(&good, &relabelling, Metric::Multi, &values, true).unwrap();
    let run = sandbox.run("verify", &["good.tilebase"]);
    run.code(0).quiet();
    let lines: Vec<&str> = run.stdout.lines().collect();
    // 9!/(4!2!2!) = 3780 relabelled states.
    assert_eq!(
        lines[2],
        "  relabelled board 3x3, goal 1,2,3,4,5,6,7,8,0, labels 1,1,2,1,1,2,3,3,0, 3780 states, \
         distances 0 to 17",
        "{run}"
    );
    assert!(
        lines[1].ends_with("a relabelled table (mtm), the table's one block matches its checksum"),
        "{run}"
    );
    assert!(lines[4].starts_with("  distances  ok: "), "{run}");
    assert!(lines[5].starts_with("verified in "), "{run}");

    let mut wrong = values.clone();
    let at = wrong.iter().position(|&v| v > 3).unwrap();
    wrong[at] += 2;
    tilebase_engine::save_relabelled(
        &sandbox.path().join("bad.tilebase"),
        &relabelling,
        Metric::Multi,
        &wrong,
        true,
    )
    .unwrap();
    let run = sandbox.run("verify", &["bad.tilebase"]);
    run.code(2).quiet();
    assert!(run.stdout.contains("  distances  FAILED: "), "{run}");
    assert!(run.stdout.contains("\nFAILED: entry "), "{run}");
}
