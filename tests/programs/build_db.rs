//! `build-db`: builds, summaries, refusals, and the shipped file.

use std::fs;

use crate::support::{Sandbox, shipped_db};

#[test]
fn build_then_query_in_a_fresh_directory() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("build-db", &[]);
    run.code(0).quiet();
    let summary: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(summary[0], "board   3x3");
    assert_eq!(summary[1], "goal    123804765");
    assert_eq!(summary[2], "states  181440");
    assert_eq!(summary[3], "max     30 moves, reached by 148 states");
    assert!(
        summary[4].starts_with("time    ") && summary[4].ends_with(" ms)"),
        "{run}"
    );
    assert_eq!(
        summary[5],
        "file    db/3x3-123804765.tilebase (181763 bytes)"
    );

    let run = sandbox.run("query", &["603712458"]);
    run.code(0).quiet();
    assert_eq!(run.stdout, "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n");
    // Answered from the file just built, not from a new build in the cache.
    assert!(!sandbox.cache().exists());
}

#[test]
fn a_fresh_build_is_the_shipped_file_byte_for_byte() {
    let sandbox = Sandbox::new();
    sandbox
        .run(
            "build-db",
            &["--goal", "123804765", "--out", "fresh.tilebase"],
        )
        .code(0);
    let fresh = fs::read(sandbox.path().join("fresh.tilebase")).unwrap();
    let shipped = fs::read(shipped_db()).unwrap();
    assert!(
        fresh == shipped,
        "build-db's output differs from db/3x3-123804765.tilebase"
    );
}

#[test]
fn an_existing_file_is_replaced_only_with_force() {
    let sandbox = Sandbox::new();
    sandbox.run("build-db", &["--board", "2x2"]).code(0);
    let path = sandbox.path().join("db/2x2-1230.tilebase");
    let before = fs::read(&path).unwrap();
    sandbox
        .run("build-db", &["--board", "2x2"])
        .code(2)
        .one_error_line(
            "build-db: db/2x2-1230.tilebase: already exists: pass --force to replace it",
        );
    fs::write(&path, b"junk").unwrap();
    sandbox
        .run("build-db", &["--board", "2x2", "--force"])
        .code(0);
    assert_eq!(fs::read(&path).unwrap(), before);
}

#[test]
fn every_small_board_builds_with_its_default_goal() {
    let sandbox = Sandbox::new();
    for (board, file, max) in [
        ("2x2", "2x2-1230", "6 moves, reached by 1 state"),
        ("3x2", "3x2-123450", "21 moves, reached by 1 state"),
        ("2x3", "2x3-123450", "21 moves, reached by 1 state"),
        ("4x2", "4x2-12345670", "36 moves, reached by 1 state"),
        ("2x4", "2x4-12345670", "36 moves, reached by 1 state"),
    ] {
        let run = sandbox.run("build-db", &["--board", board]);
        run.code(0);
        assert!(run.stdout.contains(&format!("max     {max}\n")), "{run}");
        assert!(
            sandbox.path().join(format!("db/{file}.tilebase")).is_file(),
            "{run}"
        );
    }
    let run = sandbox.run("query", &["--board", "2x3", "12/34/05"]);
    run.code(0);
    assert_eq!(run.stdout, "123405: 1 move: R\n");
}

#[test]
fn compressed_files_answer_like_plain_ones() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("build-db", &["--compress"]);
    run.code(0);
    assert!(
        run.stdout
            .contains("file    db/3x3-123804765.tilebase.zst ("),
        "{run}"
    );
    let size = fs::metadata(sandbox.path().join("db/3x3-123804765.tilebase.zst"))
        .unwrap()
        .len();
    assert!(size < 181_761 / 2, "compressed to {size} bytes");
    // Found under db/ by its default name, and by --db.
    for args in [
        &["603712458"][..],
        &["--db", "db/3x3-123804765.tilebase.zst", "603712458"],
    ] {
        let run = sandbox.run("query", args);
        run.code(0).quiet();
        assert_eq!(run.stdout, "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n");
    }
}

#[test]
fn bad_flags_get_one_line_and_exit_2() {
    let sandbox = Sandbox::new();
    for (args, part) in [
        (
            &["--board", "11x10"][..],
            "11x10: at most 100 cells are supported (10x10)",
        ),
        (
            &["--board", "8x8"][..],
            "--board 8x8: needs no files: query --board 8x8 answers with bounds (a lower bound \
             and a solution) within --seconds",
        ),
        (
            &["--board", "6x6", "--compress"][..],
            "--compress: 6x6 pattern databases are built for the goal asked",
        ),
        (
            &["--board", "1x9"][..],
            "1x9: both sides must be at least 2",
        ),
        (&["--board", "three"][..], "a board is written WxH"),
        (
            &["--goal", "1234567"][..],
            "--goal \"1234567\": 7 cells: no board has that many",
        ),
        (&["--goal", "12345670"][..], "8 cells fit both 4x2 and 2x4"),
        (&["--goal", "123456788"][..], "tile 8 appears twice"),
        (
            &["--board", "3x2", "--goal", "1234567"][..],
            "7 cells, but a 3x2 board has 6",
        ),
        (&["--frobnicate"][..], "unexpected argument '--frobnicate'"),
    ] {
        sandbox.run("build-db", args).code(2).one_error_line(part);
    }
    assert!(!sandbox.path().join("db").exists());
}

#[test]
fn an_unwritable_destination_is_an_error() {
    let sandbox = Sandbox::new();
    fs::write(sandbox.path().join("file"), b"").unwrap();
    sandbox
        .run("build-db", &["--out", "file/inside.tilebase"])
        .code(2)
        .one_error_line("build-db: file: ");
}

/// A 12-cell build takes seconds: on a terminal it draws a progress bar on stderr, which
/// `--quiet` hides, and into a pipe it writes not a byte of one. The terminal is `script`'s
/// pseudo-terminal (util-linux, in every Debian).
#[test]
fn a_progress_bar_only_on_a_terminal_and_never_with_quiet() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("build-db", &["--board", "6x2", "--out", "piped.tilebase"]);
    run.code(0).quiet();
    assert!(run.stdout.contains("states  239500800\n"), "{run}");

    let on_terminal = |quiet: bool| {
        let command = format!(
            "{} --board 6x2 --out tty.tilebase --force{}",
            crate::support::program("build-db"),
            if quiet { " --quiet" } else { "" }
        );
        let output = sandbox
            .command_of("script", &["-qec", &command, "/dev/null"])
            .output()
            .expect("script(1) runs");
        assert!(output.status.success(), "{output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let shown = on_terminal(false);
    assert!(shown.contains("building 6x2 depth"), "{shown}");
    assert!(shown.contains("M states"), "{shown}");
    assert!(shown.contains("states  239500800"), "{shown}");
    let quiet = on_terminal(true);
    assert!(!quiet.contains("building 6x2"), "{quiet}");
    assert!(quiet.contains("states  239500800"), "{quiet}");
}
