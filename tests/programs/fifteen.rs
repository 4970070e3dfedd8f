//! The 15-puzzle (`--board 4x4`): pattern databases built by `build-db`, found or built by
//! `query`, and every answer optimal and legal. The 5-5-5 partition builds in seconds, so CI
//! runs these; the 7-8 files and all of Korf's 100 are the engine's opt-in test and a
//! benchmark.

use crate::support::{Sandbox, json_lines};

const KORF_GOAL: &str = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";

/// Slides the blank along `moves` (letters) from `cells`; `None` if a move leaves the board.
fn play(cells: &[u8], moves: &str) -> Option<Vec<u8>> {
    let mut cells = cells.to_vec();
    let mut blank = cells.iter().position(|&t| t == 0)?;
    for m in moves.chars() {
        let (r, c) = (blank / 4, blank % 4);
        let to = match m {
            'U' if r > 0 => blank - 4,
            'D' if r < 3 => blank + 4,
            'L' if c > 0 => blank - 1,
            'R' if c < 3 => blank + 1,
            _ => return None,
        };
        cells.swap(blank, to);
        blank = to;
    }
    Some(cells)
}

fn cells(text: &str) -> Vec<u8> {
    text.split(',').map(|v| v.trim().parse().unwrap()).collect()
}

fn text(cells: &[u8]) -> String {
    cells
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The ten shortest of Korf's 100 with their published lengths.
fn korf_shortest() -> Vec<(String, usize)> {
    let mut all = tilebase_testdata::korf100();
    all.sort_by_key(|&(_, l)| l);
    all.iter()
        .take(10)
        .map(|(c, l)| (text(c), usize::from(*l)))
        .collect()
}

/// `build-db --board 4x4 --pdb 5-5-5` writes the three files of the goal's class into `db/`;
/// `query` then answers a batch of Korf's shortest instances from them, in input order, each
/// with its published length along a legal path to the goal, with nothing built in the cache.
#[test]
fn build_then_query_korf_shortest_as_a_batch() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(
        "build-db",
        &["--board", "4x4", "--pdb", "5-5-5", "--goal", KORF_GOAL],
    );
    run.code(0).quiet();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "board     4x4");
    assert_eq!(lines[1], format!("goal      {KORF_GOAL}"));
    assert!(
        lines[2].contains("answered through goal 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"),
        "{run}"
    );
    assert!(lines[3].starts_with("patterns  5-5-5"), "{run}");
    assert!(
        lines[4].contains("tiles 1,2,3,4,5") && lines[4].contains("524160 placements"),
        "{run}"
    );
    let files: Vec<String> = std::fs::read_dir(sandbox.path().join("db"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 3, "{files:?}");
    assert!(
        files.contains(
            &"4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-1-2-3-4-5.tilebase".to_string()
        )
    );
    // A build stopped after some of its files were saved goes on with the rest: those saved
    // whole are kept and said to be, the others built as they would have been.
    let db = sandbox.path().join("db");
    let last = db.join("4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-11-12-13-14-15.tilebase");
    let built = std::fs::read(&last).unwrap();
    std::fs::remove_file(&last).unwrap();
    let again = sandbox.run(
        "build-db",
        &["--board", "4x4", "--pdb", "5-5-5", "--goal", KORF_GOAL],
    );
    again.code(0);
    let files_of = |stdout: &str| -> Vec<String> {
        stdout
            .lines()
            .filter(|l| l.contains(" placements"))
            .map(String::from)
            .collect()
    };
    assert_eq!(files_of(&again.stdout), files_of(&run.stdout), "{again}");
    assert_eq!(
        again
            .stderr
            .matches("kept, saved whole by an earlier run")
            .count(),
        2,
        "{again}"
    );
    assert!(std::fs::read(&last).unwrap() == built);

    let instances = korf_shortest();
    let input: String = instances.iter().map(|(s, _)| format!("{s}\n")).collect();
    let run = sandbox.run_with_input(
        "query",
        &["--board", "4x4", "--pdb", "5-5-5", "--goal", KORF_GOAL],
        input.as_bytes(),
    );
    run.code(0).quiet();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), instances.len(), "{run}");
    let goal = cells(KORF_GOAL);
    for ((state, length), line) in instances.iter().zip(&lines) {
        let (head, moves) = line.rsplit_once(": ").unwrap();
        assert_eq!(head, format!("{state}: {length} moves"), "{line}");
        assert_eq!(moves.len(), *length);
        assert_eq!(play(&cells(state), moves), Some(goal.clone()), "{line}");
    }
    assert!(!sandbox.cache().exists());
    // The same partition given tile by tile, in Korf's goal's own tiles (its class's goal names
    // tile t 16 - t): the same files answer, nothing is built.
    let (state, length) = &instances[0];
    let run = sandbox.run(
        "query",
        &[
            "--board",
            "4x4",
            "--pdb",
            "11-15,6-10,1-5",
            "--goal",
            KORF_GOAL,
            "--distance-only",
            state,
        ],
    );
    run.code(0).quiet();
    assert_eq!(run.stdout, format!("{state} {length}\n"));
    assert!(!sandbox.cache().exists());

    // verify proves each file, and names the first wrong value of a damaged one.
    let file = "db/4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-6-7-8-9-10.tilebase";
    let run = sandbox.run("verify", &[file]);
    run.code(0).quiet();
    assert!(run.stdout.contains("values     ok"), "{run}");
    let path = sandbox.path().join(file);
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 1000;
    bytes[at] ^= 0x33;
    std::fs::write(&path, &bytes).unwrap();
    let run = sandbox.run("verify", &[file]);
    run.code(2);
    assert!(run.stdout.contains("checksums  FAILED"), "{run}");
    assert!(run.stdout.contains("FAILED: entry "), "{run}");
    // query refuses the damaged file rather than answer from it, names it, and gives the
    // command that rebuilds it where it is; that command, run as given, mends it.
    let ask = || {
        sandbox.run_with_input(
            "query",
            &["--board", "4x4", "--pdb", "5-5-5", "--goal", KORF_GOAL],
            b"1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n",
        )
    };
    let run = ask();
    run.code(2).one_error_line(&format!(
        "query: {file}: table block 0 (bytes 0 to 262080 of the table) does not match its \
         checksum: the table is damaged; rebuild it with: build-db --board 4x4 --pdb 5-5-5 --out db \
         --force"
    ));
    let command = run
        .stderr
        .trim_end()
        .rsplit_once("rebuild it with: ")
        .unwrap()
        .1;
    let words: Vec<&str> = command.split(' ').collect();
    sandbox.run("build-db", &words[1..]).code(0);
    let run = ask();
    run.code(0).quiet();
    assert_eq!(
        run.stdout,
        "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15: 1 move: L\n"
    );
    assert!(!sandbox.cache().exists());
}

/// The cache is tilebase's own: a damaged file there is built again in place, with a warning
/// naming it, and the answer follows (it once failed every later question, with advice that
/// wrote elsewhere). What a build announces is what is left to build: one file of three.
#[test]
fn a_damaged_cache_file_is_built_again_in_place() {
    let sandbox = Sandbox::new();
    let near = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    let ask = || sandbox.run("query", &["--board", "4x4", "--pdb", "5-5-5", near]);
    let run = ask();
    run.code(0);
    assert!(
        run.stderr.contains("building them into") && run.stderr.contains("(under a second, once)"),
        "{run}"
    );
    let name = "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-6-7-8-9-10.tilebase";
    let path = sandbox.cache().join(name);
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 1000;
    bytes[at] ^= 0x33;
    std::fs::write(&path, &bytes).unwrap();

    let run = ask();
    run.code(0);
    assert_eq!(run.stdout, format!("{near}: 1 move: R\n"));
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "query: {}: table block 0 (bytes 0 to 262080 of the table) does not match its \
             checksum: the table is damaged: building it again in place",
            path.display()
        ),
        "{run}"
    );
    assert_eq!(
        lines[1],
        format!(
            "query: building 1 of the 3 5-5-5 pattern databases for the class of goal \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 (tiles 6,7,8,9,10) into {} (under a second)",
            sandbox.cache().display()
        ),
        "{run}"
    );
    // Mended: the next question is answered without a word.
    ask().code(0).quiet();
    let run = sandbox.run("verify", &[path.to_str().unwrap()]);
    run.code(0);
}

/// Every output form: JSON with the same fields as on other boards (tiles and hints when
/// asked), distance-only lines, the hints' exact distances, the boards drawn, tile notation,
/// an unsolvable state (exit 1, the parity reason) and unreadable ones (exit 2, one line).
#[test]
fn every_output_form_on_4x4() {
    let sandbox = Sandbox::new();
    let q = |args: &[&str], input: &str| {
        let mut all = vec!["--board", "4x4", "--pdb", "5-5-5"];
        all.extend_from_slice(args);
        sandbox.run_with_input("query", &all, input.as_bytes())
    };
    // The first query builds the files into the cache, and says so on stderr.
    let near = "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15";
    let run = q(&[near], "");
    run.code(0);
    assert_eq!(run.stdout, format!("{near}: 2 moves: RR\n"));
    assert!(run.stderr.contains("building them into"), "{run}");
    assert_eq!(std::fs::read_dir(sandbox.cache()).unwrap().count(), 3);
    // Found there the next time, silently.
    q(&[near], "").code(0).quiet();

    let run = q(&["--json", "--hint", "--notation", "tile", near], "");
    run.code(0).quiet();
    #[derive(serde::Deserialize)]
    struct Hint {
        r#move: String,
        tile: u8,
        distance: u32,
        optimal: bool,
    }
    #[derive(serde::Deserialize)]
    struct Record {
        state: String,
        goal: String,
        board: String,
        solvable: bool,
        distance: Option<u32>,
        moves: Option<String>,
        tiles: Vec<u8>,
        hints: Vec<Hint>,
    }
    let records: Vec<Record> = json_lines(&run.stdout);
    let r = &records[0];
    assert_eq!(
        (r.state.as_str(), r.goal.as_str(), r.board.as_str()),
        (near, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "4x4")
    );
    assert!(r.solvable);
    assert_eq!((r.distance, r.moves.as_deref()), (Some(2), Some("RR")));
    assert_eq!(r.tiles, [14, 15]);
    let hints: Vec<(&str, u8, u32, bool)> = r
        .hints
        .iter()
        .map(|h| (h.r#move.as_str(), h.tile, h.distance, h.optimal))
        .collect();
    assert_eq!(
        hints,
        [("U", 10, 3, false), ("L", 13, 3, false), ("R", 14, 1, true)]
    );

    let unsolvable = "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0";
    let run = q(
        &["--distance-only", "-"],
        &format!("{near}\n{unsolvable}\n1,2\n"),
    );
    run.code(2)
        .one_error_line("line 3: \"1,2\": 2 cells, but a 4x4 board has 16");
    assert_eq!(run.stdout, format!("{near} 2\n{unsolvable} -\n1,2 error\n"));

    let run = q(&[unsolvable], "");
    run.code(1).quiet();
    assert!(
        run.stdout.starts_with(&format!(
            "{unsolvable}: unsolvable: inversions plus the blank's row"
        )),
        "{run}"
    );

    let run = q(&["--boards", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"], "");
    run.code(0).quiet();
    assert!(run.stdout.contains("  13 14  . 15   13 14 15  ."), "{run}");

    q(&["1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15"], "")
        .code(2)
        .one_error_line("tile 15 appears twice (no blank, 0)");
    // Every optimal solution, their number, the first ones: on 4x4 as on every board.
    let run = q(
        &["--all", "--count", "1,2,3,4,5,6,7,8,9,10,0,11,13,14,15,12"],
        "",
    );
    run.code(0).quiet();
    // Written as found (the search's last iteration can run long), their number last.
    assert_eq!(
        run.stdout,
        "1,2,3,4,5,6,7,8,9,10,0,11,13,14,15,12: 2 moves, optimal solutions as found:\n  RD\n  \
         1 optimal solution\n"
    );
    let two = "1,2,3,4,5,6,8,0,9,10,7,15,13,14,12,11";
    let run = q(&["--all", two], "");
    run.code(0).quiet();
    let mut lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{run}");
    assert_eq!(
        lines[0],
        format!("{two}: 8 moves, optimal solutions as found:")
    );
    assert_eq!(lines[3], "  2 optimal solutions");
    lines[1..3].sort_unstable();
    assert_eq!(lines[1..3], ["  LDDRULDR", "  LDRDLURD"]);
    let run = q(&["--all", "--limit", "1", "--count", two], "");
    run.code(0).quiet();
    assert!(
        run.stdout
            .ends_with("\n  the first 1 of 2 optimal solutions\n"),
        "{run}"
    );
    assert_eq!(run.stdout.lines().count(), 3, "{run}");
    let run = q(&["--all", "--limit", "1", two], "");
    assert!(
        run.stdout.ends_with("\n  the first 1 optimal solution\n"),
        "{run}"
    );
    let run = q(
        &[
            "--all",
            "--limit",
            "1",
            "--json",
            "1,2,3,4,5,6,7,8,9,10,0,11,13,14,15,12",
        ],
        "",
    );
    run.code(0).quiet();
    assert!(run.stdout.contains(r#""solutions":["RD"]"#), "{run}");
    // Three moves round a block of four from the goal: two ways back.
    let run = q(
        &["--all", "--count", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"],
        "",
    );
    run.code(0).quiet();
    // The multi-tile metric is bounded by a relabelled table, not by these files.
    q(&["--metric", "mtm", near], "")
        .code(2)
        .one_error_line("the multi-tile metric on 4x4 is bounded by a relabelled table");
    sandbox
        .run("query", &["--board", "4x4", "--pdb", "4-4", near])
        .code(2)
        .one_error_line("--pdb \"4-4\": patterns of 4-4 tiles make 8, but the board has 15 tiles");
}

/// Goals with the blank on an edge and inside are answered through their class's files: for
/// states a random walk away, the distance equals an independent IDA* with Manhattan distance
/// written here, and the path is legal.
#[test]
fn other_classes_of_goal_agree_with_plain_ida_star() {
    let sandbox = Sandbox::new();
    // Blank on an edge (cell 4) and inside (cell 6).
    for goal in [
        "1,2,3,4,0,5,6,7,8,9,10,11,12,13,14,15",
        "1,2,3,4,5,6,0,7,8,9,10,11,12,13,14,15",
    ] {
        let goal_cells = cells(goal);
        let mut states = Vec::new();
        let mut seed = 12345u64;
        for walk in [10, 16, 22, 26, 30] {
            let mut s = goal_cells.clone();
            for _ in 0..walk {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = ["U", "D", "L", "R"][(seed >> 33) as usize % 4];
                if let Some(next) = play(&s, m) {
                    s = next;
                }
            }
            states.push(s);
        }
        let input: String = states.iter().map(|s| format!("{}\n", text(s))).collect();
        let run = sandbox.run_with_input(
            "query",
            &["--board", "4x4", "--pdb", "5-5-5", "--goal", goal, "--json"],
            input.as_bytes(),
        );
        run.code(0);
        #[derive(serde::Deserialize)]
        struct Record {
            distance: usize,
            moves: String,
        }
        let records: Vec<Record> = json_lines(&run.stdout);
        for (s, r) in states.iter().zip(&records) {
            assert_eq!(r.distance, manhattan_ida(s, &goal_cells), "{}", text(s));
            assert_eq!(play(s, &r.moves), Some(goal_cells.clone()));
        }
    }
}

/// Plain IDA* with Manhattan distance, the move back pruned: slow but independent.
fn manhattan_ida(start: &[u8], goal: &[u8]) -> usize {
    let mut home = [0usize; 16];
    for (c, &t) in goal.iter().enumerate() {
        home[usize::from(t)] = c;
    }
    let h = |s: &[u8]| -> usize {
        s.iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| {
                let g = home[usize::from(t)];
                (c / 4).abs_diff(g / 4) + (c % 4).abs_diff(g % 4)
            })
            .sum()
    };
    fn dfs(
        s: &mut Vec<u8>,
        blank: usize,
        g: usize,
        bound: usize,
        back: usize,
        h: &dyn Fn(&[u8]) -> usize,
        next: &mut usize,
    ) -> bool {
        let f = g + h(s);
        if f > bound {
            *next = (*next).min(f);
            return false;
        }
        if h(s) == 0 {
            return true;
        }
        let (r, c) = (blank / 4, blank % 4);
        for to in [
            (r > 0).then(|| blank - 4),
            (r < 3).then(|| blank + 4),
            (c > 0).then(|| blank - 1),
            (c < 3).then(|| blank + 1),
        ]
        .into_iter()
        .flatten()
        {
            if to == back {
                continue;
            }
            s.swap(blank, to);
            let found = dfs(s, to, g + 1, bound, blank, h, next);
            s.swap(blank, to);
            if found {
                return true;
            }
        }
        false
    }
    let mut bound = h(start);
    loop {
        let mut s = start.to_vec();
        let blank = s.iter().position(|&t| t == 0).unwrap();
        let mut next = usize::MAX;
        if dfs(&mut s, blank, 0, bound, usize::MAX, &h, &mut next) {
            return bound;
        }
        bound = next;
    }
}

/// A row of `compare --json` on a board answered by search.
#[derive(serde::Deserialize)]
struct CompareRow {
    algorithm: String,
    moves: Option<usize>,
    optimal: bool,
    generated: u64,
    gave_up: bool,
}

/// `compare --board 4x4`: IDA* with the Manhattan distance, linear conflicts and the pattern
/// databases up to `--pdb`, every row optimal and legal on a short state; a row that runs out
/// of `--max-nodes` gives up.
#[test]
fn compare_on_4x4() {
    let sandbox = Sandbox::new();
    // Three tiles of the first column down, three of the top row left, three of the last
    // column up: 9 moves, and its Manhattan distance is 9, so 9 is optimal.
    let state = "5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12";
    let run = sandbox.run(
        "compare",
        &["--board", "4x4", "--pdb", "6-6-3", "--json", state],
    );
    run.code(0);
    let rows: Vec<CompareRow> = json_lines(&run.stdout);
    let names: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
    assert_eq!(
        names,
        [
            "ida-manhattan",
            "ida-linear-conflict",
            "ida-5-5-5",
            "ida-6-6-3",
            "ida-6-6-3-reflected-no-twins",
            "ida-6-6-3-reflected",
            "astar-ida-6-6-3-reflected"
        ]
    );
    for r in &rows {
        assert_eq!(
            (r.moves, r.optimal, r.gave_up),
            (Some(9), true, false),
            "{}",
            r.algorithm
        );
        assert!(r.generated > 0);
    }
    // The 5-5-5 rows of `state` within `max_nodes` each.
    let rows_5_5_5 = |max_nodes: &str, state: &str| -> Vec<CompareRow> {
        let run = sandbox.run(
            "compare",
            &[
                "--board",
                "4x4",
                "--pdb",
                "5-5-5",
                "--max-nodes",
                max_nodes,
                "--json",
                state,
            ],
        );
        run.code(0);
        json_lines(&run.stdout)
    };
    let rows = rows_5_5_5("3", state);
    assert!(rows.iter().all(|r| r.gave_up && r.moves.is_none()));
    // 38 moves away, where the search runs past the sixth move above its first bound: cutting
    // twinned move sequences saves half the nodes, with the same length.
    let rows = rows_5_5_5("100000", "11,1,4,8,2,0,7,3,14,6,9,15,5,10,12,13");
    let row = |name: &str| rows.iter().find(|r| r.algorithm == name).unwrap();
    let (every, cut) = (
        row("ida-5-5-5-reflected-no-twins"),
        row("ida-5-5-5-reflected"),
    );
    assert_eq!((every.moves, cut.moves), (Some(38), Some(38)));
    assert!(every.optimal && cut.optimal);
    assert_eq!((every.generated, cut.generated), (40_071, 19_269));
    // Within its first 2 million nodes, A*+IDA* is plain IDA*.
    assert_eq!(row("astar-ida-5-5-5-reflected").generated, 19_269);
}

/// `build-db --board 4x4` refuses what it cannot do, in one line, exit 2; other boards of more
/// than 12 cells say what is supported.
#[test]
fn refusals_on_large_boards() {
    let sandbox = Sandbox::new();
    sandbox
        .run("build-db", &["--board", "5x3", "--metric", "mtm"])
        .code(2)
        .one_error_line("--metric mtm: 5x3 pattern databases count single-tile moves (stm) only");
    sandbox
        .run(
            "build-db",
            &["--board", "4x4", "--metric", "mtm", "--pdb", "5-5-5"],
        )
        .code(2)
        .one_error_line(
            "--pdb \"5-5-5\": the multi-tile metric on 4x4 is bounded by a relabelled table, not \
             by pattern databases",
        );
    sandbox
        .run("build-db", &["--board", "4x4", "--strong"])
        .code(2)
        .one_error_line(
            "--strong: only the 15-puzzle's multi-tile tables (--board 4x4 --metric mtm) come in \
             two strengths",
        );
    sandbox
        .run("build-db", &["--board", "4x4", "--compress"])
        .code(2)
        .one_error_line("--compress");
    sandbox
        .run("build-db", &["--board", "4x4", "--goal", "1,2,3"])
        .code(2)
        .one_error_line("3 cells, but a 4x4 board has 16");
    sandbox
        .run("build-db", &["--board", "11x10"])
        .code(2)
        .one_error_line("11x10: at most 100 cells are supported (10x10)");
    sandbox
        .run("query", &["--board", "5x3", "1"])
        .code(2)
        .one_error_line("1 cell, but a 5x3 board has 15");
    sandbox
        .run("random", &["--board", "4x4", "--distance", "10"])
        .code(2)
        .one_error_line("4x4");
    // A typo or an unsolvable state is answered at once: no pattern files are built for it
    // (the 7-8 files would take minutes).
    let unsolvable = "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0";
    let run = sandbox.run("query", &["--board", "4x4", "1,2,3", unsolvable]);
    run.code(2)
        .one_error_line("3 cells, but a 4x4 board has 16");
    assert!(
        run.stdout
            .starts_with(&format!("{unsolvable}: unsolvable: ")),
        "{run}"
    );
    let run = sandbox.run("query", &["--board", "4x4", "--json", unsolvable]);
    run.code(1).quiet();
    assert!(run.stdout.contains("\"solvable\":false"), "{run}");
    assert!(!sandbox.cache().exists());
    assert!(!sandbox.path().join("db").exists());
}

/// A 5x5 search without a node bound is something a user starts on purpose: `query` says once,
/// on stderr, how long such states take; with `--max-nodes` it says nothing. Small patterns
/// (six of four tiles, built in a second) answer a state two moves from the goal.
#[test]
fn a_five_by_five_search_without_a_bound_says_how_long_they_take() {
    let sandbox = Sandbox::new();
    let goal: Vec<String> = (1..25).chain([0]).map(|t| t.to_string()).collect();
    let mut near = goal.clone();
    near.swap(24, 23);
    near.swap(23, 22);
    let (goal, near) = (goal.join(","), near.join(","));
    let pdb = "1-4,5-8,9-12,13-16,17-20,21-24";
    let input = format!("{near}\n{goal}\n");
    let run = sandbox.run_with_input(
        "query",
        &["--board", "5x5", "--pdb", pdb, "--distance-only"],
        input.as_bytes(),
    );
    run.code(0);
    assert_eq!(run.stdout, format!("{near} 2\n{goal} 0\n"));
    assert_eq!(
        run.stderr
            .matches("5x5 states far from the goal take minutes to days")
            .count(),
        1,
        "{run}"
    );
    let bounded = sandbox.run_with_input(
        "query",
        &[
            "--board",
            "5x5",
            "--pdb",
            pdb,
            "--distance-only",
            "--max-nodes",
            "1000000",
        ],
        input.as_bytes(),
    );
    bounded.code(0).quiet();
    assert_eq!(bounded.stdout, run.stdout);
}

/// `stats --board 4x4`: the published distribution (OEIS A089484) for goals with the blank in
/// a corner, with the odds of a random scramble needing at most each number of moves, cited;
/// none is made up for the goals it does not cover.
#[test]
fn stats_on_4x4_give_the_published_distribution() {
    let sandbox = Sandbox::new();
    let published = tilebase_testdata::fifteen_distances();
    for goal in [None, Some(KORF_GOAL)] {
        let mut args = vec!["--board", "4x4", "--pdb", "4-4-4-3", "--json"];
        if let Some(goal) = goal {
            args.extend(["--goal", goal]);
        }
        let run = sandbox.run("stats", &args);
        run.code(0);
        let stats: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(stats["states"], 10_461_394_944_000u64);
        assert_eq!(stats["metric"], "stm");
        assert_eq!(stats["max_distance"], 80);
        let counts: Vec<u64> = serde_json::from_value(stats["counts"].clone()).unwrap();
        assert_eq!(counts, published);
        let at_most: Vec<f64> = serde_json::from_value(stats["at_most"].clone()).unwrap();
        assert_eq!(at_most.len(), 81);
        assert_eq!(at_most[80], 1.0);
        // Half the scrambles need at most 52 or 53 moves.
        assert!(at_most[52] < 0.5 && at_most[53] > 0.5, "{at_most:?}");
        assert_eq!(stats["mean"], 52.589472);
        assert!(stats["source"].as_str().unwrap().contains("A089484"));
    }
    let text = sandbox.run("stats", &["--board", "4x4", "--pdb", "4-4-4-3"]);
    text.code(0);
    assert!(
        text.stdout
            .contains("max        80 moves, reached by 17 states\n"),
        "{text}"
    );
    assert!(
        text.stdout
            .contains("      53 784,195,801,886   7.50%    55.19%  "),
        "{text}"
    );
    // The blank inside: its distribution is not published whole; none is given.
    let inside = sandbox.run(
        "stats",
        &[
            "--board",
            "4x4",
            "--pdb",
            "4-4-4-3",
            "--json",
            "--goal",
            "1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15",
        ],
    );
    inside.code(0);
    let stats: serde_json::Value = serde_json::from_str(&inside.stdout).unwrap();
    assert!(stats.get("counts").is_none() && stats.get("max_distance").is_none());
}

/// States read as people write them, with no `--board`: 16 cells are the 15-puzzle's, so
/// `random --board 4x4 | query` answers (each state at the length `--board 4x4` gives it), and
/// so does a grid pasted over four lines with the blank drawn as `.`.
#[test]
fn sixteen_cells_are_the_fifteen_puzzle_without_a_board() {
    let sandbox = Sandbox::new();
    sandbox
        .run("build-db", &["--board", "4x4", "--pdb", "5-5-5"])
        .code(0);
    let drawn = sandbox.run(
        "random",
        &["--board", "4x4", "--count", "3", "--seed", "41"],
    );
    drawn.code(0).quiet();
    let piped = sandbox.run_with_input("query", &["--pdb", "5-5-5"], drawn.stdout.as_bytes());
    piped.code(0).quiet();
    let named = sandbox.run_with_input(
        "query",
        &["--board", "4x4", "--pdb", "5-5-5"],
        drawn.stdout.as_bytes(),
    );
    named.code(0).quiet();
    assert_eq!(piped.stdout, named.stdout);
    let lines: Vec<&str> = piped.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{piped}");
    for (line, state) in lines.iter().zip(drawn.stdout.lines()) {
        assert!(line.starts_with(&format!("{state}: ")), "{line}");
    }

    let grid = " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14  . 15\n";
    let run = sandbox.run("query", &["--pdb", "5-5-5", grid]);
    run.code(0).quiet();
    assert_eq!(
        run.stdout,
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15: 1 move: R\n"
    );
}

/// On a board of more than 16 cells, a search that plain IDA* has not ended within 2 million
/// nodes turns to A*+IDA* by default: two 6x3 states that take plain IDA* 2.3 and 12.4 million
/// nodes with small patterns (5-4-4-4, built in a second) get the same lengths with the
/// default memory, with a little, and with none (`--memory 0`, plain IDA*), each solution legal
/// (`--boards` ends at the goal), and `nodes` in each answer. A size that is not one is refused.
#[test]
fn a_search_that_turns_to_astar_ida_star_finds_the_same_lengths() {
    let sandbox = Sandbox::new();
    let states = "11,17,6,13,9,14,2,8,7,12,5,4,15,10,3,1,16,0\n\
                  7,17,10,11,12,9,1,4,13,2,5,14,3,0,16,6,8,15\n";
    #[derive(serde::Deserialize)]
    struct Answer {
        distance: u32,
        moves: String,
        nodes: u64,
        boards: Vec<String>,
    }
    let goal = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,0";
    let mut nodes = Vec::new();
    for memory in [None, Some("1M"), Some("0")] {
        let mut args = vec![
            "--board", "6x3", "--pdb", "5-4-4-4", "--json", "--boards", "-q",
        ];
        if let Some(memory) = memory {
            args.extend(["--memory", memory]);
        }
        let run = sandbox.run_with_input("query", &args, states.as_bytes());
        run.code(0).quiet();
        let answers: Vec<Answer> = json_lines(&run.stdout);
        assert_eq!(
            answers.iter().map(|a| a.distance).collect::<Vec<_>>(),
            [70, 68],
            "{memory:?}\n{run}"
        );
        for answer in &answers {
            assert_eq!(answer.moves.len() as u32, answer.distance);
            assert_eq!(answer.boards.last().map(String::as_str), Some(goal));
            assert_eq!(answer.boards.len() as u32, answer.distance + 1);
        }
        nodes.push(answers.iter().map(|a| a.nodes).collect::<Vec<_>>());
    }
    // Plain IDA* went past the 2 million nodes after which a search turns (2,306,631 and
    // 12,426,115 on one core each; shared among more cores, a few more).
    assert!(nodes[2].iter().all(|&n| n > 2_000_000), "{nodes:?}");
    // A*+IDA* took over, and searched differently.
    assert_ne!(nodes[0], nodes[2]);
    for size in ["3Q", "-1"] {
        sandbox
            .run("query", &["--board", "6x3", "--memory", size, "1"])
            .code(2)
            .one_error_line(&format!("\"{size}\": a size is a whole number of bytes"));
    }
    // `compare` sets the two side by side on one core: the same length, other nodes.
    let first = states.lines().next().unwrap();
    let run = sandbox.run(
        "compare",
        &[
            "--board",
            "6x3",
            "--pdb",
            "5-4-4-4",
            "--memory",
            "1M",
            "--max-nodes",
            "4000000",
            "--json",
            "-q",
            first,
        ],
    );
    run.code(0);
    let rows: Vec<CompareRow> = json_lines(&run.stdout);
    let row = |name: &str| rows.iter().find(|r| r.algorithm == name).unwrap();
    let (plain, hybrid) = (row("ida-5-4-4-4"), row("astar-ida-5-4-4-4"));
    assert_eq!(rows.last().unwrap().algorithm, "astar-ida-5-4-4-4");
    assert_eq!((plain.moves, hybrid.moves), (Some(70), Some(70)), "{run}");
    assert!(plain.optimal && hybrid.optimal);
    // Plain IDA*'s 2 million nodes first, then A*+IDA* from the start (one core: exact).
    assert_eq!((plain.generated, hybrid.generated), (2_306_631, 3_846_174));
}
