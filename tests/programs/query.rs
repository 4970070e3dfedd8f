//! `query`: answers, JSON records, batches, exit codes, databases found, damaged and missing.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use serde::Deserialize;

use crate::support::{Sandbox, json_lines};

/// A JSON answer: exactly the documented fields, no others.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Answer {
    state: String,
    goal: String,
    board: String,
    solvable: bool,
    distance: Option<u8>,
    moves: Option<String>,
}

/// A JSON record of an input that could not be read.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Refusal {
    input: String,
    error: String,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(untagged)]
enum Record {
    Answer(Answer),
    Refusal(Refusal),
}

fn records(stdout: &str) -> Vec<Record> {
    json_lines(stdout)
}

#[test]
fn the_articles_cases_through_the_program() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("query", &["283104765", "134825706", "603712458"]);
    run.code(0).quiet();
    let distances: Vec<&str> = run
        .stdout
        .lines()
        .map(|l| l.split(": ").nth(1).unwrap())
        .collect();
    assert_eq!(distances, ["4 moves", "5 moves", "23 moves"]);
    assert!(run.stdout.starts_with("283104765: 4 moves: ULDR\n"));

    let run = sandbox.run("query", &["--goal", "123456780", "864072513", "285361704"]);
    run.code(0);
    assert!(run.stdout.contains("864072513: 23 moves: "), "{run}");
    assert!(run.stdout.contains("285361704: 25 moves: "), "{run}");
}

#[test]
fn json_lines_parse_into_typed_records_in_input_order() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run_with_input(
        "query",
        &["--json"],
        b"603712458\n864072513\n12a\n[2,8,3,1,0,4,7,6,5]\n",
    );
    run.code(2);
    // The documented example, to the byte.
    assert_eq!(
        run.stdout.lines().next().unwrap(),
        r#"{"state":"603712458","goal":"123804765","board":"3x3","solvable":true,"distance":23,"moves":"DDLURRDLLUURDDLURRDLLUR"}"#
    );
    let answer = |state: &str, distance: Option<u8>, moves: Option<&str>| {
        Record::Answer(Answer {
            state: state.into(),
            goal: "123804765".into(),
            board: "3x3".into(),
            solvable: distance.is_some(),
            distance,
            moves: moves.map(Into::into),
        })
    };
    assert_eq!(
        records(&run.stdout),
        [
            answer("603712458", Some(23), Some("DDLURRDLLUURDDLURRDLLUR")),
            answer("864072513", None, None),
            Record::Refusal(Refusal {
                input: "12a".into(),
                error: "stray character 'a' at column 3".into()
            }),
            answer("283104765", Some(4), Some("ULDR")),
        ]
    );
}

#[test]
fn exit_codes_say_how_the_run_went() {
    let sandbox = Sandbox::new().with_shipped_db();
    sandbox
        .run("query", &["603712458", "283104765"])
        .code(0)
        .quiet();
    let run = sandbox.run("query", &["603712458", "864072513"]);
    run.code(1).quiet();
    assert!(run.stdout.contains(
        "864072513: unsolvable: 22 inversions (even) where goal 123804765 has 7 (odd), \
         and no move on a board 3 wide changes that parity\n"
    ));
    // An error outranks an unsolvable state.
    sandbox.run("query", &["864072513", "1234"]).code(2);
    sandbox
        .run("query", &["--frobnicate"])
        .code(2)
        .one_error_line("unexpected argument");
    sandbox
        .run("query", &["--db", "missing.tilebase", "603712458"])
        .code(2)
        .one_error_line("query: missing.tilebase: No such file or directory");
    sandbox.run("query", &["--help"]).code(0).quiet();
}

#[test]
fn a_batch_answers_every_good_line_around_the_bad_ones() {
    let sandbox = Sandbox::new().with_shipped_db();
    let input = b"283104765\r\n\n1 2 3 8 0 4 7 6 5\n12345678\n\xff\xfe\n603/712/458\n";
    let run = sandbox.run_with_input("query", &[], input);
    run.code(2);
    assert_eq!(
        run.stdout,
        "283104765: 4 moves: ULDR\n123804765: 0 moves (the goal)\n603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n"
    );
    assert_eq!(
        run.stderr,
        "query: line 2: \"\": empty: a state lists its cells row by row, like 123804765\n\
         query: line 4: \"12345678\": 8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)\n\
         query: line 5: \"\u{fffd}\u{fffd}\": not valid UTF-8\n"
    );
    // `-` among the arguments reads stdin at that point.
    let run = sandbox.run_with_input("query", &["283104765", "-", "134825706"], b"603712458\n");
    run.code(0);
    let firsts: Vec<&str> = run.stdout.lines().map(|l| &l[..9]).collect();
    assert_eq!(firsts, ["283104765", "603712458", "134825706"]);
}

#[test]
fn damaged_and_truncated_databases_are_refused_in_one_line() {
    let sandbox = Sandbox::new().with_shipped_db();
    let good = fs::read(sandbox.path().join("db/3x3-123804765.tilebase")).unwrap();

    fs::write(sandbox.path().join("cut.tilebase"), &good[..good.len() - 1]).unwrap();
    sandbox
        .run("query", &["--db", "cut.tilebase", "603712458"])
        .code(2)
        .one_error_line(
            "query: cut.tilebase: file is 181762 bytes but its header says 181763: truncated; \
             rebuild it with: build-db --board WxH --goal G --out cut.tilebase --force, with \
             the board and goal it was built for",
        );

    let mut flipped = good.clone();
    flipped[40] ^= 1;
    fs::write(sandbox.path().join("flipped.tilebase"), &flipped).unwrap();
    sandbox
        .run("query", &["--db", "flipped.tilebase", "603712458"])
        .code(2)
        .one_error_line("the header is damaged");

    fs::write(sandbox.path().join("text.tilebase"), b"hello, world\n").unwrap();
    sandbox
        .run("query", &["--db", "text.tilebase", "603712458"])
        .code(2)
        .one_error_line("not a tilebase database");

    // A table entry beyond the header's maximum: that state is refused, the others answered.
    // The entry is a state at distance 30, which no solution from 603712458 reads.
    let far: tilebase_core::State = "021358467".parse().unwrap();
    let mut bad_entry = good.clone();
    let table_start = good.len() - 181_440;
    bad_entry[table_start + far.index() as usize] = 99;
    fs::write(sandbox.path().join("entry.tilebase"), &bad_entry).unwrap();
    let run = sandbox.run(
        "query",
        &["--db", "entry.tilebase", "021358467", "603712458"],
    );
    run.code(2);
    assert_eq!(run.stdout, "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n");
    run.one_error_line(&format!(
        "query: \"021358467\": entry.tilebase: the table is damaged at entry {} (state \
         021358467): distance 99, above the maximum 30 in the header; rebuild it with: build-db \
         --board 3x3 --goal 123804765 --out entry.tilebase --force",
        far.index()
    ));
}

/// A damaged file under `db/` stays an error (the user's file, not tilebase's to replace), which
/// names it and gives the command that rebuilds exactly it; that command, run as given, mends
/// it. (The advice was once a bare "rebuild it with build-db".)
#[test]
fn a_damaged_file_in_db_names_the_command_that_rebuilds_it() {
    let sandbox = Sandbox::new().with_shipped_db();
    let path = sandbox.path().join("db/3x3-123804765.tilebase");
    let mut bytes = fs::read(&path).unwrap();
    bytes[40] ^= 1;
    fs::write(&path, &bytes).unwrap();
    let run = sandbox.run("query", &["603712458"]);
    run.code(2).one_error_line(
        "the header is damaged; rebuild it with: build-db --board 3x3 --goal 123804765 --out \
         db/3x3-123804765.tilebase --force",
    );
    let command = run
        .stderr
        .trim_end()
        .rsplit_once("rebuild it with: ")
        .unwrap()
        .1;
    let words: Vec<&str> = command.split(' ').collect();
    assert_eq!(words[0], "build-db");
    sandbox.run("build-db", &words[1..]).code(0);
    let run = sandbox.run("query", &["603712458"]);
    run.code(0).quiet();
    assert_eq!(run.stdout, "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n");
    // Nothing was built in the cache meanwhile: the file was mended where it was.
    assert!(!sandbox.cache().exists());
}

#[test]
fn a_database_for_another_goal_or_board_is_named() {
    let sandbox = Sandbox::new().with_shipped_db();
    sandbox
        .run(
            "query",
            &[
                "--db",
                "db/3x3-123804765.tilebase",
                "--goal",
                "123456780",
                "1",
            ],
        )
        .code(2)
        .one_error_line(
            "db/3x3-123804765.tilebase: holds the database of goal 123804765 on a 3x3 board (stm), \
             which cannot answer for goal 123456780: its blank is in another class of cells",
        );
    sandbox
        .run(
            "query",
            &["--db", "db/3x3-123804765.tilebase", "--metric", "mtm", "1"],
        )
        .code(2)
        .one_error_line("not the mtm metric as asked");
    sandbox
        .run(
            "query",
            &[
                "--db",
                "db/3x3-123804765.tilebase",
                "--board",
                "2x2",
                "1230",
            ],
        )
        .code(2)
        .one_error_line("not a 2x2 board as asked");
}

/// With no `--board`, the first state names the board (16 cells the 15-puzzle, 25 the
/// 24-puzzle, rows written with `/` their board); these cannot reach the goal, which says so
/// at once, with nothing built. Cells that fit no board are refused with the boards they do
/// make.
#[test]
fn the_first_state_names_the_board_when_no_flag_does() {
    let sandbox = Sandbox::new().with_shipped_db();
    let fifteen = "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0";
    let mut cells: Vec<String> = (1..25).chain([0]).map(|t| t.to_string()).collect();
    cells.swap(0, 1);
    let twenty_four = cells.join(" ");
    let three_by_five = "2,1,3/4,5,6/7,8,9/10,11,12/13,14,0";
    for (state, board, shown) in [
        (fifteen, "4x4", fifteen.to_string()),
        (&twenty_four, "5x5", cells.join(",")),
        (
            three_by_five,
            "3x5",
            "2,1,3,4,5,6,7,8,9,10,11,12,13,14,0".to_string(),
        ),
    ] {
        let run = sandbox.run("query", &["--json", state]);
        run.code(1).quiet();
        let records = records(&run.stdout);
        let [Record::Answer(answer)] = &records[..] else {
            panic!("{run}");
        };
        assert_eq!((answer.board.as_str(), &answer.state), (board, &shown));
        assert!(!answer.solvable);
    }
    assert!(!sandbox.cache().exists(), "built something");

    let run = sandbox.run("query", &["1,2,3,4,5,6,7,8,9,10,11,12,13,14,0"]);
    run.code(2).one_error_line(
        "query: \"1,2,3,4,5,6,7,8,9,10,11,12,13,14,0\": 15 cells, but a 3x3 board has 9 (15 \
         cells make a 5x3 or 3x5 board)",
    );
    // A board named: the state is read on it.
    let run = sandbox.run("query", &["--board", "3x3", fifteen]);
    run.code(2)
        .one_error_line("16 cells, but a 3x3 board has 9 (16 cells make a 4x4, 8x2 or 2x8 board)");
}

/// `--from A` goes with `--to B`; alone it is refused, not answered to the default goal.
#[test]
fn from_without_to_is_refused() {
    let run = Sandbox::new().run("query", &["--from", "123456780"]);
    run.code(2).one_error_line(
        "query: --from \"123456780\": goes with --to, the goal; to answer the state to the \
         default goal, give it alone: query \"123456780\"",
    );
    assert!(run.stdout.is_empty());
}

/// `--quiet` silences every note (the build of a missing table here), never an error; a search
/// that gives up names its state once.
#[test]
fn quiet_silences_notes_and_a_give_up_names_the_state_once() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("query", &["--quiet", "--goal", "123456780", "864072513"]);
    run.code(0).quiet();
    assert!(sandbox.cache().join("3x3-123456780.tilebase").is_file());
    let run = sandbox.run("query", &["--quiet", "--goal", "123456780", "86407251"]);
    run.code(2)
        .one_error_line("query: \"86407251\": 8 cells, but a 3x3 board has 9");

    // A search that gives up (--max-nodes) answers with what it proved: its bound, and a
    // solution found within --seconds; with no time for one, the bound alone.
    let state = "12,1,5,8,10,6,0,11,13,4,15,3,2,14,7,9";
    let optimal = sandbox.run("query", &["--pdb", "5-5-5", "--distance-only", state]);
    optimal.code(0);
    let distance: u32 = optimal
        .stdout
        .trim()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let run = sandbox.run(
        "query",
        &[
            "--pdb",
            "5-5-5",
            "--max-nodes",
            "100",
            "--quiet",
            "--distance-only",
            state,
        ],
    );
    run.code(0).quiet();
    let (lower, upper) = run
        .stdout
        .trim()
        .rsplit(' ')
        .next()
        .unwrap()
        .split_once("..")
        .unwrap();
    let (lower, upper): (u32, u32) = (lower.parse().unwrap(), upper.parse().unwrap());
    assert!(lower < distance && distance <= upper, "{run}");
    let run = sandbox.run(
        "query",
        &[
            "--pdb",
            "5-5-5",
            "--max-nodes",
            "100",
            "--seconds",
            "0",
            "--quiet",
            state,
        ],
    );
    run.code(0).quiet();
    assert_eq!(
        run.stdout,
        format!("{state}: at least {lower} moves; no solution within the budget\n")
    );
}

#[test]
fn a_missing_database_is_built_once_into_the_cache() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("query", &["--goal", "123456780", "864072513"]);
    run.code(0);
    assert!(run.stdout.starts_with("864072513: 23 moves: "), "{run}");
    run.one_error_line(
        "query: no database answers for goal 123456780 (3x3 board, stm) yet: built the one of \
         goal 123456780, which answers for every goal with the blank in the same class of \
         cells, in ",
    );
    assert!(run.stderr.contains("saved it to "), "{run}");
    assert!(sandbox.cache().join("3x3-123456780.tilebase").is_file());

    let again = sandbox.run("query", &["--goal", "123456780", "864072513"]);
    again.code(0).quiet();
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn boards_and_all_solutions() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("query", &["--boards", "283104765"]);
    run.code(0);
    assert_eq!(
        run.stdout,
        "283104765: 4 moves: ULDR\n  start   1 U     2 L     3 D     4 R\n  2 8 3   2 . 3   . 2 3   1 2 3   1 2 3\n  1 . 4   1 8 4   1 8 4   . 8 4   8 . 4\n  7 6 5   7 6 5   7 6 5   7 6 5   7 6 5\n\n"
    );
    let run = sandbox.run("query", &["--all", "603712458"]);
    run.code(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "603712458: 23 moves, 3 optimal solutions:");
    assert_eq!(lines[1], "  DDLURRDLLUURDDLURRDLLUR");
    assert_eq!(lines.len(), 4);
    // Their number alone, in text and JSON; the first ones with --limit.
    let run = sandbox.run("query", &["--count", "603712458"]);
    run.code(0).quiet();
    assert_eq!(
        run.stdout,
        "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR (3 optimal solutions)\n"
    );
    let run = sandbox.run(
        "query",
        &["--json", "--count", "--all", "--limit", "2", "603712458"],
    );
    run.code(0).quiet();
    assert!(
        run.stdout.ends_with(
            r#""solutions":["DDLURRDLLUURDDLURRDLLUR","DDRULDLURDRULDLUURDLDRU"],"count":3}
"#
        ),
        "{run}"
    );
    let run = sandbox.run("query", &["--all", "--limit", "2", "603712458"]);
    assert_eq!(
        run.stdout.lines().next(),
        Some("603712458: 23 moves, the first 2 optimal solutions:")
    );
    sandbox
        .run("query", &["--limit", "2", "603712458"])
        .code(2)
        .one_error_line("--all");
    sandbox
        .run("query", &["--all", "--limit", "0", "603712458"])
        .code(2)
        .one_error_line("--limit 0");
}

#[test]
fn a_closed_stdout_ends_the_program_quietly() {
    let sandbox = Sandbox::new().with_shipped_db();
    let mut child = sandbox
        .command("query", &[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..200_000 {
            if stdin.write_all(b"603712458\n").is_err() {
                break;
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n");
    drop(stdout); // like `| head -1`
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn distance_only_writes_one_line_per_input() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run_with_input(
        "query",
        &["--distance-only"],
        b"603712458\n864072513\n12a\n6 0 3 7 1 2 4 5 8\r\n123804765",
    );
    run.code(2);
    assert_eq!(
        run.stdout,
        "603712458 23\n864072513 -\n12a error\n603712458 23\n123804765 0\n"
    );
    run.one_error_line("query: line 3: \"12a\": stray character 'a' at column 3");
    // Unsolvable alone: exit 1, nothing on stderr.
    sandbox
        .run("query", &["--distance-only", "864072513", "283104765"])
        .code(1)
        .quiet();
    sandbox
        .run("query", &["--distance-only", "--json", "1"])
        .code(2)
        .one_error_line("cannot be used with");
}

/// Unsolvable lines, among solvable ones, in digits (answered from their parity alone) and in
/// another form: `-`, exit 1 and nothing on stderr; with a bad line among them, that line says
/// `error` and stderr why, exit 2, and the batch goes on. The same from a translated goal.
#[test]
fn distance_only_marks_unsolvable_lines_and_goes_on_past_bad_ones() {
    let sandbox = Sandbox::new().with_all_shipped_dbs();
    let mixed = b"864072513\n603712458\n283104765\n8 6 4 0 7 2 5 1 3\n123804765\n213804765\n";
    let run = sandbox.run_with_input("query", &["--distance-only"], mixed);
    run.code(1).quiet();
    assert_eq!(
        run.stdout,
        "864072513 -\n603712458 23\n283104765 4\n864072513 -\n123804765 0\n213804765 -\n"
    );

    let with_bad = b"864072513\n603712458\n864072513 \n86407251\n123804756\n123804765\n";
    let run = sandbox.run_with_input("query", &["--distance-only"], with_bad);
    run.code(2);
    assert_eq!(
        run.stdout,
        "864072513 -\n603712458 23\n864072513 -\n86407251 error\n123804756 -\n123804765 0\n"
    );
    run.one_error_line("query: line 4: \"86407251\": 8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)");

    // Goal 567408321 is answered from the table of 123804765, through a symmetry.
    let run = sandbox.run_with_input("query", &["--distance-only", "--goal", "567408321"], mixed);
    run.code(1).quiet();
    assert_eq!(
        run.stdout,
        "864072513 -\n603712458 27\n283104765 28\n864072513 -\n123804765 30\n213804765 -\n"
    );
}

/// Every arrangement of the digits 0 to 8 through the program: each line is the library's
/// answer, the distance or `-`.
#[test]
fn distance_only_answers_every_arrangement_as_the_library_does() {
    use tilebase_lookup::{Database, Error, Parity, State};

    let sandbox = Sandbox::new().with_shipped_db();
    let db = Database::open(crate::support::shipped_db()).unwrap();
    let (mut input, mut expected) = (String::new(), String::new());
    for parity in [Parity::Even, Parity::Odd] {
        for index in 0..db.board().states() {
            let state = State::from_index(db.board(), parity, index).unwrap();
            let digits: String = state.cells().iter().map(|c| c.to_string()).collect();
            let answer = match db.distance(&state) {
                Ok(d) => d.to_string(),
                Err(Error::Unsolvable(_)) => "-".into(),
                Err(e) => panic!("{state}: {e}"),
            };
            input.push_str(&format!("{digits}\n"));
            expected.push_str(&format!("{digits} {answer}\n"));
        }
    }
    let run = sandbox.run_with_input("query", &["--distance-only"], input.as_bytes());
    // The whole output is millions of bytes: show the first line that differs.
    if let Some((got, want)) = run
        .stdout
        .lines()
        .zip(expected.lines())
        .find(|(got, want)| got != want)
    {
        panic!("got {got:?} where {want:?} was expected");
    }
    assert_eq!(run.stdout.len(), expected.len());
    assert_eq!((run.code, run.stderr.as_str()), (Some(1), ""));
}
