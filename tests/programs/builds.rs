//! Builds safe across processes: two programs that need the same missing table at once build
//! it once (the second waits, says so, and opens what the first wrote), and a build killed
//! midway leaves only hidden partial files, which the next build of the same file sweeps away.
//! On the 4x3 board, whose table takes seconds to build.

use std::fs;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::support::Sandbox;

/// The 4x3 board's default goal's class table, as the cache names it.
const TABLE: &str = "4x3-1-2-3-4-5-6-7-8-9-10-11-0.tilebase";
/// A state three moves from the goal.
const STATE: &str = "1,2,0,4,5,6,3,7,9,10,11,8";
/// Its answer.
const ANSWER: &str = "1,2,0,4,5,6,3,7,9,10,11,8: 3 moves: DRD\n";

fn query(sandbox: &Sandbox) -> Child {
    sandbox
        .command("query", &["--board", "4x3", STATE])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Waits until `dir` holds a file that `wanted` picks, or the child ends; true if it does.
fn wait_for(dir: &Path, child: &mut Child, wanted: impl Fn(&str) -> bool) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if names(dir).iter().any(|n| wanted(n)) {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

#[test]
fn two_processes_that_need_the_same_table_build_it_once() {
    let sandbox = Sandbox::new();
    let cache = sandbox.cache();
    let mut first = query(&sandbox);
    // The second starts once the first holds the lock on building the table.
    let lock = format!(".{TABLE}.partial");
    assert!(
        wait_for(&cache, &mut first, |n| n == lock),
        "no build began"
    );
    let second = query(&sandbox);
    let runs = [first, second].map(|child| child.wait_with_output().unwrap());
    for run in &runs {
        assert!(run.status.success(), "{run:?}");
        assert_eq!(String::from_utf8_lossy(&run.stdout), ANSWER);
    }
    let mut stderr: Vec<String> = runs
        .iter()
        .map(|r| String::from_utf8_lossy(&r.stderr).into_owned())
        .collect();
    // The first creates the lock file before it takes the lock: on a busy machine the second,
    // started on seeing the file, may take it first. Either way one builds and one waits.
    stderr.sort_by_key(|said| said.starts_with("query: waiting"));
    assert!(
        stderr[0].starts_with("query: no database answers for goal")
            && stderr[0].contains(&format!("saved it to {}", cache.join(TABLE).display())),
        "{stderr:?}"
    );
    assert_eq!(
        stderr[1],
        format!(
            "query: waiting for another process that is building {} (it holds {})\n",
            cache.join(TABLE).display(),
            cache.join(&lock).display()
        ),
        "the second waits for the first and builds nothing"
    );
    assert_eq!(names(&cache), [TABLE], "nothing left behind");
}

#[test]
fn a_killed_build_leaves_partial_files_that_the_next_build_sweeps() {
    let sandbox = Sandbox::new();
    let cache = sandbox.cache();
    let partial = |n: &str| n.starts_with(&format!(".{TABLE}.")) && n.ends_with(".partial");
    // Killed while it searches: the lock is left; killed while it writes: the file being
    // written too (caught when the machine is slow enough to see it).
    for written in [false, true] {
        let mut child = query(&sandbox);
        let seen = wait_for(&cache, &mut child, |n| {
            partial(n) && (!written || n != format!(".{TABLE}.partial"))
        });
        let _ = child.kill();
        child.wait().unwrap();
        if seen {
            let left = names(&cache);
            assert!(
                !left.is_empty() && left.iter().all(|n| partial(n)),
                "{left:?}"
            );
        }
        // The next build takes the lock over, sweeps what was left, and answers.
        let run = sandbox.run("query", &["--board", "4x3", STATE]);
        run.code(0);
        assert_eq!(run.stdout, ANSWER);
        assert_eq!(names(&cache), [TABLE], "{run}");
        fs::remove_file(cache.join(TABLE)).unwrap();
    }
}

/// A build stopped partway goes on from its last saved layer when run again: it says so,
/// answers as a build from nothing does, and leaves no checkpoint behind. The checkpoint is
/// made here by the engine, stopped at the end of a layer as a killed process stops (the
/// engine's own tests stop every build at every layer; this one follows the programs' path).
#[test]
fn a_stopped_build_goes_on_from_its_last_saved_layer() {
    use tilebase_core::{Board, Metric, State};
    use tilebase_engine::{Checkpoint, Progress};

    struct StopAt(u32);
    impl Progress for StopAt {
        fn layer(&self, depth: u32, _: u64, _: u64) {
            if depth == self.0 {
                std::panic::resume_unwind(Box::new("stopped"));
            }
        }
    }

    const SMALL: &str = "4x2-12345670.tilebase";
    let sandbox = Sandbox::new();
    let cache = sandbox.cache();
    let board: Board = "4x2".parse().unwrap();
    let goal = State::new(board, &[1, 2, 3, 4, 5, 6, 7, 0]).unwrap();
    let checkpoint = Checkpoint::beside(&cache.join(SMALL)).every(Duration::ZERO);
    let stopped = std::panic::catch_unwind(|| {
        tilebase_engine::build_table_resuming(&goal, Metric::Single, &StopAt(13), &checkpoint)
    });
    assert!(stopped.is_err());
    assert!(checkpoint.path().exists());

    let run = sandbox.run("query", &["--board", "4x2", "0,1,2,3,5,6,7,4"]);
    run.code(0);
    // The blank walks the top row and steps down into its corner.
    assert_eq!(run.stdout, "01235674: 4 moves: RRRD\n");
    assert!(
        run.stderr
            .contains("query: building 4x2: going on from depth 12, where an earlier run stopped"),
        "{run}"
    );
    assert_eq!(names(&cache), [SMALL], "{run}");
    // Byte for byte the table of a build never stopped.
    let fresh = Sandbox::new();
    fresh
        .run("query", &["--board", "4x2", "0,1,2,3,5,6,7,4"])
        .code(0);
    assert!(fs::read(cache.join(SMALL)).unwrap() == fs::read(fresh.cache().join(SMALL)).unwrap());
}
