//! `query` on boards past 25 cells: a lower bound and a solution within `--seconds`, in text,
//! JSON and distance-only lines; unsolvable states answered at once; bad budgets refused.

use serde::Deserialize;

use crate::support::{Sandbox, json_lines, parquet_with_metadata};

/// A JSON answer with bounds: exactly the documented fields, in order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Bounded {
    state: String,
    goal: String,
    board: String,
    solvable: bool,
    distance: Option<u32>,
    moves: Option<String>,
    lower_bound: u32,
    length: Option<u32>,
    optimal: bool,
    solution: Option<String>,
    nodes: u64,
    seconds: f64,
}

/// The cells `moves` (blank's letters) reach from `cells` on a `width`-wide board.
fn replay(cells: &str, width: usize, moves: &str) -> String {
    let mut cells: Vec<&str> = cells.split(',').collect();
    let mut blank = cells.iter().position(|&t| t == "0").unwrap();
    for m in moves.chars() {
        let to = match m {
            'U' => blank - width,
            'D' => blank + width,
            'L' => blank - 1,
            'R' => blank + 1,
            other => panic!("{other}"),
        };
        cells.swap(blank, to);
        blank = to;
    }
    cells.join(",")
}

fn goal(cells: usize) -> String {
    let tiles: Vec<String> = (1..cells).chain([0]).map(|t| t.to_string()).collect();
    tiles.join(",")
}

/// 6x6's goal with the blank moved up twice and left twice: 4 moves, RRDD back.
fn near_six() -> String {
    replay(&goal(36), 6, "UULL")
}

#[test]
fn a_position_near_the_goal_is_proven_optimal() {
    let sandbox = Sandbox::new();
    let state = near_six();
    let run = sandbox.run("query", &["--board", "6x6", &state]);
    run.code(0).quiet();
    let prefix = format!("{state}: at least 4 moves; a solution of 4 moves (optimal): ");
    let solution = run
        .stdout
        .strip_prefix(&prefix)
        .expect(&run.stdout)
        .trim_end();
    assert_eq!(replay(&state, 6, solution), goal(36));
    // The board is read off 36 cells; on 10x10 as well.
    let run = sandbox.run("query", &[&state, "--distance-only"]);
    run.code(0);
    assert_eq!(run.stdout, format!("{state} 4\n"));
    let ten = replay(&goal(100), 10, "LLUULDRU");
    let run = sandbox.run("query", &[&ten, "--json"]);
    run.code(0);
    let answers: Vec<Bounded> = json_lines(&run.stdout);
    let a = &answers[0];
    assert_eq!(
        (a.board.as_str(), a.distance, a.optimal),
        ("10x10", Some(8), true)
    );
    assert_eq!((a.lower_bound, a.length), (8, Some(8)));
    assert_eq!(replay(&ten, 10, a.solution.as_deref().unwrap()), goal(100));
    assert_eq!(a.moves, a.solution);
    // The solution drawn, from the answer's search (no second one).
    let svg = sandbox.path().join("near.svg");
    let run = sandbox.run("query", &[&state, "--svg", svg.to_str().unwrap()]);
    run.code(0);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.contains("<svg") && picture.contains(": 4 moves</title>"),
        "{picture}"
    );
    // The goal itself.
    let run = sandbox.run("query", &["--board", "7x7", &goal(49)]);
    run.code(0);
    assert_eq!(run.stdout, format!("{}: 0 moves (the goal)\n", goal(49)));
}

#[test]
fn deepcubeas_states_get_legal_solutions_and_bounds_within_the_budget() {
    let sandbox = Sandbox::new();
    let states = tilebase_testdata::deepcubea48();
    let input: String = states[..3]
        .iter()
        .map(|s| {
            let cells: Vec<String> = s.cells.iter().map(|t| t.to_string()).collect();
            cells.join(",") + "\n"
        })
        .collect();
    let run = sandbox.run_with_input(
        "query",
        &["--board", "7x7", "--json", "--seconds", "3"],
        input.as_bytes(),
    );
    run.code(0);
    let answers: Vec<Bounded> = json_lines(&run.stdout);
    assert_eq!(answers.len(), 3);
    for (a, s) in answers.iter().zip(&states) {
        let cells: Vec<String> = s.cells.iter().map(|t| t.to_string()).collect();
        assert_eq!(a.state, cells.join(","), "in input order");
        assert_eq!(
            (a.goal.as_str(), a.board.as_str(), a.solvable),
            (goal(49).as_str(), "7x7", true)
        );
        let solution = a.solution.as_deref().expect("a solution within 3 seconds");
        assert_eq!(replay(&a.state, 7, solution), goal(49));
        assert_eq!(a.length, Some(solution.len() as u32));
        assert!(a.lower_bound <= s.deepcubea_length);
        assert!(a.lower_bound < solution.len() as u32);
        assert!((!a.optimal, a.distance) == (true, None));
        assert!(a.nodes > 0 && a.seconds > 0.0 && a.seconds < 30.0);
    }
    // No time: the heuristic alone, and no solution.
    let run = sandbox.run(
        "query",
        &["--board", "7x7", "--seconds", "0", &answers[0].state],
    );
    run.code(0);
    assert!(
        run.stdout
            .ends_with(" moves; no solution within the budget\n"),
        "{run}"
    );
    let run = sandbox.run(
        "query",
        &[
            "--board",
            "7x7",
            "--seconds",
            "0",
            "--distance-only",
            &answers[0].state,
        ],
    );
    let line = run.stdout.trim_end();
    assert!(line.ends_with(".."), "{line}");
    let zero: u32 = line
        .rsplit(' ')
        .next()
        .unwrap()
        .trim_end_matches('.')
        .parse()
        .unwrap();
    assert!(zero <= answers[0].lower_bound);
}

#[test]
fn unsolvable_states_and_bad_budgets_on_large_boards() {
    let sandbox = Sandbox::new();
    // Two tiles swapped: the other parity half, answered at once however long the budget.
    let mut cells: Vec<String> = goal(36).split(',').map(String::from).collect();
    cells.swap(0, 1);
    let swapped = cells.join(",");
    let run = sandbox.run(
        "query",
        &["--board", "6x6", "--seconds", "100000", &swapped],
    );
    run.code(1);
    assert!(
        run.stdout.starts_with(&format!("{swapped}: unsolvable: ")),
        "{run}"
    );
    for (args, part) in [
        (
            &["--seconds", "-1"][..],
            "\"-1\": seconds are a number from 0 up",
        ),
        (
            &["--seconds", "soon"][..],
            "\"soon\": not a number of seconds",
        ),
        (
            &["--seconds", "NaN"][..],
            "\"NaN\": seconds are a number from 0 up",
        ),
        (
            &["--max-nodes", "-5"][..],
            "\"-5\": nodes are a whole number from 0 up",
        ),
        (
            &["--max-nodes", "lots"][..],
            "\"lots\": not a whole number of nodes",
        ),
        (
            &["--board", "11x10", "1"][..],
            "11x10: at most 100 cells are supported (10x10)",
        ),
        (
            &["--board", "1x40", "1"][..],
            "1x40: both sides must be at least 2",
        ),
    ] {
        sandbox.run("query", args).code(2).one_error_line(part);
    }
    let near = near_six();
    for flag in ["--all", "--count", "--hint"] {
        sandbox
            .run("query", &["--board", "6x6", flag, &near])
            .code(2)
            .one_error_line(&format!(
                "{flag}: 6x6 is past 25 cells, where query proves bounds"
            ));
    }
    sandbox
        .run("stats", &["--board", "7x7"])
        .code(2)
        .one_error_line("--board 7x7: past 25 cells no table or pattern database holds statistics");
    // A bad line of a batch is named, and the rest answered.
    let input = format!("1,2,3\n{}\n", near_six());
    let run = sandbox.run_with_input(
        "query",
        &["--board", "6x6", "--distance-only"],
        input.as_bytes(),
    );
    run.code(2);
    assert_eq!(run.stdout, format!("1,2,3 error\n{} 4\n", near_six()));
    assert!(
        run.stderr
            .contains("line 1: \"1,2,3\": 3 cells, but a 6x6 board has 36"),
        "{run}"
    );
}

/// The lower bound `query --seconds 0` gives `state` on 6x6 with `flags`: the heuristic alone.
fn heuristic_of(sandbox: &Sandbox, state: &str, flags: &[&str]) -> u32 {
    let mut args = vec!["--board", "6x6", "--seconds", "0", "--json", state];
    args.extend(flags);
    let run = sandbox.run("query", &args);
    run.code(0).quiet();
    let answers: Vec<Bounded> = json_lines(&run.stdout);
    answers[0].lower_bound
}

/// DeepCubeA's 35-puzzle state 132: Manhattan distance and linear conflicts say 85, the nine
/// 4-tile tables of `--pdb 4-4-4-4-4-4-4-4-3` 89.
const STATE_132: &str = "1,2,4,6,11,21,7,31,17,23,28,14,10,0,19,22,18,5,8,9,3,29,12,15,13,20,16,26,32,30,33,25,24,\
     34,27,35";

/// A partition chosen with `--pdb` past 25 cells: built by query on first use (into the
/// cache), by build-db when asked (into `db/`, its summary naming each table), found and kept,
/// checked by verify, and a damaged table named by verify and by query with the command that
/// builds it again. The same steps as the default's (below, opt-in), on tables that build in a
/// second.
#[test]
fn a_partition_chosen_with_pdb_on_six_by_six_is_built_verified_and_tightens_the_bounds() {
    let sandbox = Sandbox::new();
    let pdb = ["--pdb", "4-4-4-4-4-4-4-4-3"];
    assert_eq!(heuristic_of(&sandbox, STATE_132, &[]), 85);
    assert!(!sandbox.path().join("db").exists() && !sandbox.cache().exists());
    // Asked for, they are built on first use, into the cache.
    let run = sandbox.run(
        "query",
        &[
            "--board",
            "6x6",
            "--pdb",
            "4-4-4-4-4-4-4-4-3",
            "--seconds",
            "0",
            STATE_132,
        ],
    );
    run.code(0);
    assert!(
        run.stderr.contains(&format!(
            "query: no --pdb 4-4-4-4-4-4-4-4-3 pattern databases for goal {} yet: building them \
             into {}",
            goal(36),
            sandbox.cache().display()
        )),
        "{run}"
    );
    assert_eq!(
        run.stdout,
        format!("{STATE_132}: at least 89 moves; no solution within the budget\n")
    );
    assert_eq!(std::fs::read_dir(sandbox.cache()).unwrap().count(), 9);
    assert_eq!(heuristic_of(&sandbox, STATE_132, &pdb), 89);
    // build-db builds them into db/, where they are found first.
    let run = sandbox.run(
        "build-db",
        &["--board", "6x6", "--pdb", "4-4-4-4-4-4-4-4-3", "-q"],
    );
    run.code(0);
    assert!(
        run.stdout.contains(
            "patterns  1,7,2,8 3,9,4,10 5,11,6,12 18,24,17,23 16,22,15,21 14,20,13,19 \
             25,31,26,32 27,33,28,34 29,35,30 (additive, the blank left out, with the \
             transposed lookup"
        ),
        "{run}"
    );
    let table = "db/6x6-pdb-cells-0-6-1-7.tilebase";
    let first = sandbox.path().join(table);
    assert!(
        run.stdout.contains(&format!(
            "  cells {:<20} {:>11} entries, max 32 moves, file {table} ({} bytes)",
            "0,6,1,7",
            1_679_616,
            std::fs::metadata(&first).unwrap().len()
        )),
        "{run}"
    );
    assert_eq!(run.stdout.matches("1679616 entries").count(), 8, "{run}");
    assert_eq!(run.stdout.matches("46656 entries").count(), 1, "{run}");
    damaged_tables_are_named(&sandbox, table, &pdb, (1, 1_048_576, 1_679_616));
    // Other boards need none, unless a partition is chosen.
    sandbox
        .run("build-db", &["--board", "7x7"])
        .code(2)
        .one_error_line("--board 7x7: needs no files: query --board 7x7 answers with bounds");
    // Partitions that do not fit are refused before anything is built.
    for (pdb, why) in [
        (
            "5-5",
            "--pdb \"5-5\": patterns of 5-5 tiles make 10, but the board has 35 tiles",
        ),
        (
            "1-17,18-35",
            "--pdb \"1-17,18-35\": a pattern of 17 tiles on 36 cells is too large to build (at \
             most 6 tiles)",
        ),
        (
            "1-20,21-36",
            "--pdb \"1-20,21-36\": tile 36 is not on a board of 36 cells (tiles 1 to 35)",
        ),
    ] {
        let flags = ["--board", "6x6", "--pdb", pdb];
        for args in [&[&flags[..], &["1"]].concat(), &flags[..]] {
            let program = if args.len() == 5 { "query" } else { "build-db" };
            sandbox.run(program, args).code(2).one_error_line(why);
        }
    }
}

/// A table that is found is kept (a second build refused); verify searches it again and finds
/// every value; one byte flipped near its end (in `block` of `block_bytes`, of `entries`), it
/// is named by verify, and by query with the command that builds it again.
fn damaged_tables_are_named(
    sandbox: &Sandbox,
    table: &str,
    pdb: &[&str],
    (block, block_bytes, entries): (u64, u64, u64),
) {
    let mut build = vec!["--board", "6x6"];
    build.extend(pdb);
    let name = table.trim_start_matches("db/");
    sandbox
        .run("build-db", &build)
        .code(2)
        .one_error_line(&format!("{name}: already exists: pass --force"));
    let run = sandbox.run("verify", &[table]);
    run.code(0);
    assert!(
        run.stdout.contains(
            "  values     ok: every placement holds the value a new breadth-first search gives it"
        ),
        "{run}"
    );
    let path = sandbox.path().join(table);
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 5;
    let value = bytes[at];
    bytes[at] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let run = sandbox.run("verify", &[table]);
    assert_ne!(run.code, Some(0), "{run}");
    assert!(
        run.stdout.contains(&format!(
            "table block {block} (bytes {} to {entries} of the table) does not match its \
             checksum",
            block * block_bytes
        )),
        "{run}"
    );
    assert!(
        run.stdout.contains(&format!(
            "FAILED: entry {} holds {}; its value is {value}",
            entries - 5,
            value ^ 1
        )),
        "{run}"
    );
    let mut query = vec!["--board", "6x6", "--seconds", "0"];
    query.extend(pdb);
    // Arguments that need no table (a typo; a state of the other parity half) are answered
    // without opening any: the damage is not met.
    let mut typos = query.clone();
    typos.push("1,2,3");
    sandbox
        .run("query", &typos)
        .code(2)
        .one_error_line("\"1,2,3\": 3 cells, but a 6x6 board has 36");
    let mut other_half = query.clone();
    let swapped = STATE_132
        .replacen("1,", "x,", 1)
        .replacen("2,", "1,", 1)
        .replacen("x,", "2,", 1);
    other_half.push(&swapped);
    let run = sandbox.run("query", &other_half);
    run.code(1);
    assert!(run.stdout.contains("unsolvable"), "{run}");
    query.push(STATE_132);
    let pdb = pdb.last().map_or(String::new(), |p| format!(" --pdb {p}"));
    sandbox
        .run("query", &query)
        .code(2)
        .one_error_line(&format!(
            "does not match its checksum: the table is damaged; rebuild it with: build-db --board \
         6x6{pdb} --out db --force"
        ));
}

/// The default tables, 423 MB built in about half a minute (release): opt-in, as
/// `cargo test --release --test programs -- --ignored six_by_six`.
#[test]
#[ignore = "builds 423 MB of tables"]
fn six_by_six_pattern_databases_are_built_when_asked_and_tighten_the_bounds() {
    let sandbox = Sandbox::new();
    // DeepCubeA's 35-puzzle state 21: Manhattan distance and linear conflicts say 109, the
    // seven 5-tile tables (the transposed lookup's sum) 111.
    let state = "13,25,7,2,24,17,31,1,16,8,0,21,19,20,6,28,9,5,14,34,4,18,10,27,33,32,15,23,12,\
                 26,29,3,22,11,30,35";
    assert_eq!(heuristic_of(&sandbox, state, &[]), 109);
    // Not built unasked: query answers without them.
    assert!(!sandbox.path().join("db").exists() && !sandbox.cache().exists());
    let run = sandbox.run("build-db", &["--board", "6x6", "-q"]);
    run.code(0);
    assert!(
        run.stdout.contains(
            "patterns  1,7,2,8,3 9,4,10,5,11 6,12,18,24,17 23,16,22,15,21 14,20,13,19,25 \
             31,26,32,27,33 28,34,29,35,30 (additive, the blank left out, with the transposed \
             lookup"
        ),
        "{run}"
    );
    let table = "db/6x6-pdb-cells-0-6-1-7-2.tilebase";
    assert!(
        run.stdout.contains(&format!(
            "  cells {:<20} {:>11} entries, max 39 moves, file {table} ({} bytes)",
            "0,6,1,7,2",
            60_466_176,
            std::fs::metadata(sandbox.path().join(table)).unwrap().len()
        )),
        "{run}"
    );
    assert_eq!(run.stdout.matches("60466176 entries").count(), 7, "{run}");
    assert_eq!(heuristic_of(&sandbox, state, &[]), 111);
    damaged_tables_are_named(&sandbox, table, &[], (57, 1_048_576, 60_466_176));
}

/// A row of `query --out FILE.jsonl`: exactly the documented columns, in order.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Row {
    state: String,
    lower_bound: u32,
    length: Option<u32>,
    optimal: bool,
    solution: Option<String>,
    nodes: u64,
    seconds: f64,
}

/// Three 6x6 states 4, 6 and 6 moves from the goal: a batch for `--out` proven optimal at once.
fn three_near_states() -> [String; 3] {
    ["UULL", "LLLUUR", "UUULLD"].map(|moves| replay(&goal(36), 6, moves))
}

#[test]
fn out_writes_a_row_per_state_and_a_stopped_run_resumes() {
    use arrow_array::Array;
    use arrow_array::cast::AsArray;
    use arrow_array::types::{UInt8Type, UInt32Type, UInt64Type};

    let sandbox = Sandbox::new();
    let states = three_near_states();
    let mut swapped: Vec<String> = goal(36).split(',').map(String::from).collect();
    swapped.swap(0, 1);
    let input = format!(
        "{}\n1,2,3\n{}\n{}\n{}\n",
        states[0],
        states[1],
        swapped.join(","),
        states[2]
    );
    // The final rename fails (a folder holds the name): the rows stay beside it.
    let out = sandbox.path().join("bounds.jsonl");
    std::fs::create_dir(&out).unwrap();
    let args = ["--board", "6x6", "--out", "bounds.jsonl"];
    let run = sandbox.run_with_input("query", &args, input.as_bytes());
    run.code(2);
    assert!(run.stdout.is_empty(), "{run}");
    assert!(
        run.stderr
            .contains("line 2: \"1,2,3\": 3 cells, but a 6x6 board has 36"),
        "{run}"
    );
    assert!(run.stderr.contains(": unsolvable: "), "{run}");
    assert!(run.stderr.contains("--out bounds.jsonl: "), "{run}");
    let kept = sandbox.path().join(".bounds.jsonl.rows");
    let text = std::fs::read_to_string(&kept).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("tilebase query checkpoint 1: "),
        "{text}"
    );
    // The first row marked, the last cut in half: the run that resumes keeps the first two and
    // bounds the third again.
    let first: Vec<&str> = lines[1].split('\t').collect();
    let marked = format!("{}\t{}\t777\t{}", first[0], first[1], first[3]);
    let cut = &lines[3][..lines[3].len() / 2];
    std::fs::write(
        &kept,
        format!("{}\n{marked}\n{}\n{cut}", lines[0], lines[2]),
    )
    .unwrap();
    std::fs::remove_dir(&out).unwrap();
    let run = sandbox.run_with_input("query", &args, input.as_bytes());
    run.code(2);
    assert!(
        !kept.exists(),
        "the rows are removed once the file is whole"
    );
    let rows: Vec<Row> = json_lines(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(rows.len(), 3);
    for (row, (state, length)) in rows.iter().zip(states.iter().zip([4, 6, 6])) {
        assert_eq!(&row.state, state);
        assert_eq!(
            (row.lower_bound, row.length, row.optimal),
            (length, Some(length), true)
        );
        let solution = row.solution.as_deref().unwrap();
        assert_eq!(replay(state, 6, solution), goal(36));
    }
    assert_eq!(rows[0].nodes, 777, "resumed, not searched again");
    assert_ne!(rows[2].nodes, 777);
    // The same as Parquet, with the budget in its metadata.
    let run = sandbox.run_with_input(
        "query",
        &[
            "--board",
            "6x6",
            "--seconds",
            "5",
            "--out",
            "bounds.parquet",
        ],
        input.as_bytes(),
    );
    run.code(2);
    let (builder, metadata) = parquet_with_metadata(&sandbox.path().join("bounds.parquet"));
    assert_eq!(
        metadata,
        [
            ("tilebase.board", "6x6"),
            ("tilebase.goal", goal(36).as_str()),
            ("tilebase.metric", "stm"),
            ("tilebase.seconds", "5"),
        ]
        .map(|(k, v)| (k.to_string(), Some(v.to_string())))
    );
    let names: Vec<String> = builder
        .schema()
        .fields()
        .iter()
        .map(|f| f.name().clone())
        .collect();
    assert_eq!(
        names,
        [
            "state",
            "lower_bound",
            "length",
            "optimal",
            "solution",
            "nodes",
            "seconds"
        ]
    );
    let batch = builder.build().unwrap().next().unwrap().unwrap();
    assert_eq!(batch.num_rows(), 3);
    let cells: Vec<String> = batch
        .column(0)
        .as_fixed_size_list()
        .value(1)
        .as_primitive::<UInt8Type>()
        .values()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(cells.join(","), states[1]);
    let lower = batch.column(1).as_primitive::<UInt32Type>();
    let length = batch.column(2).as_primitive::<UInt32Type>();
    assert_eq!(
        (lower.value(2), length.value(2), length.null_count()),
        (6, 6, 0)
    );
    assert!(batch.column(3).as_boolean().value(0));
    assert_eq!(batch.column(4).as_string::<i32>().value(0).len(), 4);
    assert!(batch.column(5).as_primitive::<UInt64Type>().value(0) > 0);
    // Refused: another extension, a board answered exactly.
    sandbox
        .run("query", &["--board", "6x6", "--out", "b.csv", &states[0]])
        .code(2)
        .one_error_line("--out b.csv: the format follows the extension: .parquet or .jsonl");
    sandbox
        .run("query", &["--out", "b.jsonl", "603712458"])
        .code(2)
        .one_error_line("--out: writes the bounds of boards past 25 cells");
}

/// The rows kept beside `--out` are trusted only as far as they hold: a row whose solution does
/// not take its state to the goal is searched again, with every row after it; and while one run
/// holds them, a second run of the same `--out` is refused instead of mixing its rows in.
#[test]
fn a_checkpoint_held_or_edited_is_not_trusted() {
    let sandbox = Sandbox::new();
    let states = three_near_states();
    let input = format!("{}\n{}\n{}\n", states[0], states[1], states[2]);
    let out = sandbox.path().join("held.jsonl");
    std::fs::create_dir(&out).unwrap();
    let args = ["--board", "6x6", "--quiet", "--out", "held.jsonl"];
    sandbox
        .run_with_input("query", &args, input.as_bytes())
        .code(2);
    std::fs::remove_dir(&out).unwrap();
    let kept = sandbox.path().join(".held.jsonl.rows");
    let text = std::fs::read_to_string(&kept).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    // Every row marked; the second's solution replaced by moves as many that the board's edge
    // stops.
    let mark = |line: &str, solution: Option<&str>| {
        let fields: Vec<&str> = line.split('\t').collect();
        format!(
            "{}\t{}\t777\t{}",
            fields[0],
            solution.unwrap_or(fields[1]),
            fields[3]
        )
    };
    std::fs::write(
        &kept,
        format!(
            "{}\n{}\n{}\n{}\n",
            lines[0],
            mark(lines[1], None),
            mark(lines[2], Some("DDDDDD")),
            mark(lines[3], None)
        ),
    )
    .unwrap();
    let held = std::fs::File::open(&kept).unwrap();
    held.lock().unwrap();
    sandbox
        .run_with_input("query", &args, input.as_bytes())
        .code(2)
        .one_error_line("--out held.jsonl: another query is writing this --out now");
    assert!(!out.exists());
    drop(held);
    sandbox
        .run_with_input("query", &args, input.as_bytes())
        .code(0)
        .quiet();
    let rows: Vec<Row> = json_lines(&std::fs::read_to_string(&out).unwrap());
    let nodes: Vec<u64> = rows.iter().map(|r| r.nodes).collect();
    assert_eq!(nodes[0], 777, "the first row held, and was kept");
    assert!(nodes[1] != 777 && nodes[2] != 777, "{nodes:?}");
    for (row, state) in rows.iter().zip(&states) {
        assert_eq!(replay(state, 6, row.solution.as_deref().unwrap()), goal(36));
    }
    assert!(!kept.exists());
}

/// `docs/deepcubea-bounds.tsv`, the certified bounds of DeepCubeA's 35- and 48-puzzle states
/// (made by bench/certified.py from `query --out` runs): each row's state is DeepCubeA's (the
/// same length as tests/data says), its solution legal move by move and reaching the goal, its
/// length and gap as written, and its lower bound at most the solution's and DeepCubeA's
/// lengths and at least the Manhattan distance (below what every run starts from).
#[test]
fn the_certified_bounds_of_deepcubeas_states_hold() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap();
    let mut deepcubea = std::collections::HashMap::new();
    for n in [35, 48] {
        for line in read(&format!("tests/data/deepcubea-puzzle{n}.tsv")).lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            deepcubea.insert(fields[1].to_string(), fields[2].parse::<u32>().unwrap());
        }
    }
    let table = read("docs/deepcubea-bounds.tsv");
    let mut rows = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let [
            puzzle,
            _index,
            state,
            deep,
            lower,
            gap,
            length,
            _seconds,
            solution,
        ] = f[..]
        else {
            panic!("{line}: not 9 fields");
        };
        let n: usize = puzzle.parse().unwrap();
        let side = if n == 35 { 6 } else { 7 };
        let (deep, lower, gap): (u32, u32, u32) = (
            deep.parse().unwrap(),
            lower.parse().unwrap(),
            gap.parse().unwrap(),
        );
        assert_eq!(deepcubea.get(state), Some(&deep), "{state}");
        assert_eq!(gap, deep - lower, "{state}");
        let mut cells: Vec<usize> = state.split(',').map(|t| t.parse().unwrap()).collect();
        let manhattan: usize = cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| {
                (c / side).abs_diff((t - 1) / side) + (c % side).abs_diff((t - 1) % side)
            })
            .sum();
        assert!(manhattan as u32 <= lower && lower <= deep, "{state}");
        if solution.is_empty() {
            assert_eq!(length, "", "{state}");
        } else {
            assert_eq!(length.parse::<usize>().unwrap(), solution.len(), "{state}");
            assert!(lower as usize <= solution.len(), "{state}");
            let mut blank = cells.iter().position(|&t| t == 0).unwrap();
            for m in solution.chars() {
                let (row, col) = (blank / side, blank % side);
                let to = match m {
                    'U' if row > 0 => blank - side,
                    'D' if row + 1 < side => blank + side,
                    'L' if col > 0 => blank - 1,
                    'R' if col + 1 < side => blank + 1,
                    _ => panic!("{state}: {m} from cell {blank} leaves the board"),
                };
                cells.swap(blank, to);
                blank = to;
            }
            let goal: Vec<usize> = (1..=n).chain([0]).collect();
            assert_eq!(cells, goal, "{state}: the solution does not reach the goal");
        }
        rows += 1;
    }
    assert_eq!(rows, 100, "a row for each of the 50 states of each set");
}
