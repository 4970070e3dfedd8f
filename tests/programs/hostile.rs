//! Hostile input through the real programs: bad states as arguments and in batches, damaged
//! and strange database files, builds killed halfway, databases replaced while in use.

use std::fs;
use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

use serde::Deserialize;
use tilebase_testdata::BAD_STATES;

use crate::support::Sandbox;

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Refusal {
    input: String,
    error: String,
}

#[test]
fn every_bad_state_as_an_argument() {
    let sandbox = Sandbox::new().with_shipped_db();
    for &(what, input, message) in BAD_STATES {
        let run = sandbox.run("query", &["283104765", input, "603712458"]);
        run.code(2);
        // The good states around it are answered.
        assert_eq!(
            run.stdout, "283104765: 4 moves: ULDR\n603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n",
            "{what}\n{run}"
        );
        run.one_error_line(&format!("query: {input:?}: {message}"));
    }
}

#[test]
fn every_bad_state_in_a_batch_and_in_json() {
    let sandbox = Sandbox::new().with_shipped_db();
    let mut input = b"283104765\n".to_vec();
    for &(_, bad, _) in BAD_STATES {
        input.extend_from_slice(bad.as_bytes());
        input.extend_from_slice(b"\r\n603712458\n");
    }
    let run = sandbox.run_with_input("query", &[], &input);
    run.code(2);
    let answers = 1 + BAD_STATES.len();
    assert_eq!(run.stdout.lines().count(), answers, "{run}");
    assert!(
        run.stdout
            .lines()
            .skip(1)
            .all(|l| l == "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR")
    );
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), BAD_STATES.len(), "{run}");
    for (i, (&(what, bad, message), line)) in BAD_STATES.iter().zip(errors).enumerate() {
        let number = 2 + 2 * i;
        assert_eq!(
            line,
            format!("query: line {number}: {bad:?}: {message}"),
            "{what}"
        );
    }

    let run = sandbox.run_with_input("query", &["--json"], &input);
    run.code(2);
    let records: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(records.len(), 1 + 2 * BAD_STATES.len());
    for (i, &(what, bad, message)) in BAD_STATES.iter().enumerate() {
        let refusal: Refusal = serde_json::from_str(records[1 + 2 * i]).unwrap();
        assert_eq!(
            refusal,
            Refusal {
                input: bad.into(),
                error: message.into()
            },
            "{what}"
        );
    }
}

#[test]
fn a_megabyte_line_and_bytes_that_are_not_utf8() {
    let sandbox = Sandbox::new().with_shipped_db();
    let mut input = "7".repeat(1 << 20).into_bytes();
    input.extend_from_slice(b"\n\xc3\x28\xff603712458\n603712458\n");
    let run = sandbox.run_with_input("query", &[], &input);
    run.code(2);
    assert_eq!(run.stdout, "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n");
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        errors[0],
        format!(
            "query: line 1: {:?}… (1048576 characters): 1048576 cells, but a 3x3 board has 9",
            "7".repeat(60)
        )
    );
    assert_eq!(
        errors[1],
        "query: line 2: \"\u{fffd}(\u{fffd}603712458\": not valid UTF-8"
    );
    assert_eq!(errors.len(), 2);
}

#[test]
fn strange_files_as_the_database() {
    let sandbox = Sandbox::new().with_shipped_db();
    let fifo = sandbox.path().join("pipe.tilebase");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // A pipe would make a naive open wait forever for a writer.
    sandbox
        .run("query", &["--db", "pipe.tilebase", "603712458"])
        .code(2)
        .one_error_line("query: pipe.tilebase: is a pipe, not a database file");
    sandbox
        .run("query", &["--db", "/dev/zero", "603712458"])
        .code(2)
        .one_error_line("query: /dev/zero: is a device, not a database file");
    sandbox
        .run("verify", &["/dev/null"])
        .code(2)
        .one_error_line("verify: /dev/null: is a device, not a database file");
    // verify once opened a file to read its kind before it looked at what it was, and waited
    // for a writer that never came.
    sandbox
        .run("verify", &["pipe.tilebase"])
        .code(2)
        .one_error_line("verify: pipe.tilebase: is a pipe, not a database file");
    fs::write(sandbox.path().join("empty.tilebase"), b"").unwrap();
    sandbox
        .run("query", &["--db", "empty.tilebase", "1"])
        .code(2)
        .one_error_line("empty file, not a tilebase database");

    // Unreadable: only for an unprivileged user; root reads everything.
    let locked = sandbox.path().join("locked.tilebase");
    fs::copy(sandbox.path().join("db/3x3-123804765.tilebase"), &locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read(&locked).is_err() {
        sandbox
            .run("query", &["--db", "locked.tilebase", "1"])
            .code(2)
            .one_error_line("locked.tilebase: Permission denied");
    }
}

/// A picture or a database written to a pipe (or a device, such as /dev/stdout) is written into
/// it: renaming a finished file over it would replace it, and root may replace even /dev/null.
#[test]
fn files_written_to_a_pipe_leave_it_a_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let sandbox = Sandbox::new().with_shipped_db();
    let fifo = sandbox.path().join("picture.svg");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for (program, args) in [
        ("query", vec!["--svg", "picture.svg", "283104765"]),
        (
            "build-db",
            vec!["--board", "2x2", "--out", "picture.svg", "--force"],
        ),
    ] {
        // Opened for reading first, without waiting for a writer (O_NONBLOCK, 0o4000 on Linux),
        // so that the program's write does not wait either, and a program that replaced the
        // pipe leaves this end empty rather than a test waiting forever.
        let mut reader = {
            use std::os::unix::fs::OpenOptionsExt;
            fs::OpenOptions::new()
                .read(true)
                .custom_flags(0o4000)
                .open(&fifo)
                .unwrap()
        };
        let run = sandbox.run(program, &args);
        run.code(0);
        let mut read = Vec::new();
        let _ = std::io::Read::read_to_end(&mut reader, &mut read);
        assert!(
            fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(),
            "{program} replaced the pipe"
        );
        match program {
            "query" => assert!(read.starts_with(b"<?xml") && read.ends_with(b"</svg>\n")),
            _ => assert!(read.starts_with(b"TILEBASE"), "{} bytes", read.len()),
        }
    }
}

/// build-db killed with SIGKILL at many moments: the output path is then either absent or a
/// complete database that verifies. Never a partial file that opens.
#[test]
fn a_build_killed_at_any_moment_leaves_nothing_that_opens() {
    let sandbox = Sandbox::new();
    let out = sandbox.path().join("killed.tilebase");
    let mut completed = 0;
    let mut absent = 0;
    for step in 0..=40u64 {
        let _ = fs::remove_file(&out);
        let mut child = sandbox
            .command("build-db", &["--out", "killed.tilebase", "--force"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if step < 40 {
            // From at once to past the end of a build on this machine, in steps of 0.75 ms.
            std::thread::sleep(Duration::from_micros(step * 750));
            let _ = child.kill();
        }
        // The last build is left to finish, however slow the machine.
        child.wait().unwrap();
        if out.exists() {
            let run = sandbox.run("verify", &["killed.tilebase"]);
            run.code(0);
            completed += 1;
        } else {
            absent += 1;
        }
        // Whatever was left behind is hidden and named as partial, never the output's name.
        for entry in fs::read_dir(sandbox.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                name == "killed.tilebase"
                    || name == "cache"
                    || (name.starts_with('.') && name.ends_with(".partial")),
                "left behind: {name}"
            );
        }
    }
    // The first kill lands before any file exists; the last build completes.
    assert!(
        completed > 0 && absent > 0,
        "completed {completed}, absent {absent}"
    );
}

/// Queries reading a database while build-db --force replaces it, again and again, all get
/// right answers: each keeps the file it opened, and the rename never exposes a partial one.
#[test]
fn databases_replaced_while_queries_read_them() {
    let sandbox = Sandbox::new().with_shipped_db();
    let lines: Vec<&str> = ["603712458 23", "283104765 4", "134825706 5", "123804765 0"].into();
    let mut input = Vec::new();
    for _ in 0..50_000 {
        for line in &lines {
            input.extend_from_slice(line.split(' ').next().unwrap().as_bytes());
            input.push(b'\n');
        }
    }
    let mut readers = Vec::new();
    for _ in 0..3 {
        let mut child = sandbox
            .command(
                "query",
                &["--db", "db/3x3-123804765.tilebase", "--distance-only", "-"],
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input = input.clone();
        let feeder = std::thread::spawn(move || {
            // Fed slowly, in pieces, so that the reading spans the rebuilds.
            for chunk in input.chunks(input.len() / 20) {
                let _ = stdin.write_all(chunk);
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        // Its answers are read as they come, or it would stop on a full pipe.
        let answers = std::thread::spawn(move || child.wait_with_output().unwrap());
        readers.push((answers, feeder));
    }
    for _ in 0..10 {
        sandbox.run("build-db", &["--force"]).code(0);
        // Fresh queries opening the file between rebuilds are right too.
        let run = sandbox.run("query", &["--distance-only", "603712458"]);
        run.code(0);
        assert_eq!(run.stdout, "603712458 23\n");
    }
    for (answers, feeder) in readers {
        feeder.join().unwrap();
        let output = answers.join().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert!(output.stderr.is_empty());
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 200_000);
        for (got, want) in stdout.lines().zip(lines.iter().cycle()) {
            assert_eq!(got, *want);
        }
    }
}
