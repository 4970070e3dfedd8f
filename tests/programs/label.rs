//! `label`: datasets whose every label is the library's exact distance (the one `query` prints),
//! reproducible byte for byte,
//! in NumPy's and the public 15-puzzle set's formats.

use std::collections::HashMap;

use crate::support::Sandbox;

/// The rows of a CSV `label` wrote: the cells, the cost, and with moves the four distances.
fn rows(csv: &str) -> (Vec<String>, Vec<Vec<i32>>) {
    let mut lines = csv.lines();
    let header = lines.next().unwrap().split(',').map(String::from).collect();
    let rows = lines
        .map(|l| l.split(',').map(|v| v.parse().unwrap()).collect())
        .collect();
    (header, rows)
}

/// The library's distance of each state (the answers `query` prints), found in the sandbox's
/// `db/` and cache as the programs find them, as a map.
fn distances(
    sandbox: &Sandbox,
    board: Option<&str>,
    pdb: Option<&str>,
    states: &[String],
) -> HashMap<String, i32> {
    use tilebase_answer::{Library, Places, Question, Quietly};
    let places = Places::new(sandbox.path().join("db"), Some(sandbox.cache()));
    let question = Question::read_text(board, None, None, pdb).unwrap();
    let answers = Library::new(places).open(&question, &Quietly).unwrap();
    states
        .iter()
        .map(|s| {
            let position = answers.read(s).unwrap();
            (
                s.clone(),
                i32::from(answers.distance(&position).unwrap().unwrap()),
            )
        })
        .collect()
}

fn state_text(cells: &[i32], board_cells: usize) -> String {
    let strings: Vec<String> = cells[..board_cells].iter().map(i32::to_string).collect();
    if board_cells <= 10 {
        strings.concat()
    } else {
        strings.join(",")
    }
}

/// Random walks on 3x3 labelled with their exact distances (not the walks' lengths), and each
/// move's distance the neighbour's, as `query` gives them; the same seed writes the same bytes.
#[test]
fn every_label_is_querys_distance() {
    let sandbox = Sandbox::new().with_shipped_db();
    let out = sandbox.path().join("walks.csv");
    let out_text = out.to_str().unwrap();
    let args = [
        "--sample", "walk:20", "--count", "200", "--seed", "7", "--moves", "--out",
    ];
    sandbox
        .run("label", &[&args[..], &[out_text]].concat())
        .code(0)
        .quiet();
    let csv = std::fs::read_to_string(&out).unwrap();
    let (header, rows) = rows(&csv);
    assert_eq!(
        header.join(","),
        "0,1,2,3,4,5,6,7,8,cost,up,down,left,right"
    );
    assert_eq!(rows.len(), 200);
    let states: Vec<String> = rows.iter().map(|r| state_text(r, 9)).collect();
    let known = distances(&sandbox, None, None, &states);
    let mut shorter = 0;
    for (row, state) in rows.iter().zip(&states) {
        assert_eq!(row[9], known[state], "{state}");
        assert!(row[9] <= 20 && row[9] % 2 == 0, "{state}");
        shorter += usize::from(row[9] < 20);
        // Each move's label: the neighbour's distance, or -1 off the board.
        let cells: Vec<u8> = state.bytes().map(|b| b - b'0').collect();
        let blank = cells.iter().position(|&t| t == 0).unwrap();
        for (k, step) in [(-3i32, 0usize), (3, 1), (-1, 2), (1, 3)] {
            let to = blank as i32 + k;
            let legal = (0..9).contains(&to) && (k.abs() == 3 || to as usize / 3 == blank / 3);
            if !legal {
                assert_eq!(row[10 + step], -1, "{state}");
                continue;
            }
            let mut next = cells.clone();
            next.swap(blank, to as usize);
            let next: String = next.iter().map(|t| t.to_string()).collect();
            let d = distances(&sandbox, None, None, std::slice::from_ref(&next))[&next];
            assert_eq!(row[10 + step], d, "{state} -> {next}");
        }
    }
    assert!(
        shorter > 20,
        "walks of 20 moves often end nearer: {shorter}"
    );
    // The same seed, the same bytes; another seed, other rows.
    let again = sandbox.path().join("again.csv");
    let again_text = again.to_str().unwrap();
    sandbox
        .run("label", &[&args[..], &[again_text]].concat())
        .code(0);
    assert_eq!(std::fs::read(&again).unwrap(), csv.as_bytes());
    let other = sandbox.path().join("other.csv");
    let mut seeded = args.to_vec();
    seeded[5] = "8";
    sandbox
        .run("label", &[&seeded[..], &[other.to_str().unwrap()]].concat())
        .code(0);
    assert_ne!(std::fs::read(&other).unwrap(), csv.as_bytes());
}

/// `.npy` holds a NumPy structured array with the same rows as the CSV of the same draw: its
/// header names the fields, and each record is the cells, the distance and the four moves'.
#[test]
fn npy_and_csv_hold_the_same_rows() {
    let sandbox = Sandbox::new().with_shipped_db();
    let npy = sandbox.path().join("d.npy");
    let csv = sandbox.path().join("d.csv");
    for out in [&npy, &csv] {
        sandbox
            .run(
                "label",
                &[
                    "--sample",
                    "distance:24",
                    "--count",
                    "50",
                    "--seed",
                    "3",
                    "--moves",
                    "--out",
                    out.to_str().unwrap(),
                ],
            )
            .code(0)
            .quiet();
    }
    let bytes = std::fs::read(&npy).unwrap();
    assert_eq!(&bytes[..8], b"\x93NUMPY\x01\x00");
    let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    assert_eq!((10 + header_len) % 64, 0);
    let header = std::str::from_utf8(&bytes[10..10 + header_len]).unwrap();
    assert!(
        header.starts_with(
            "{'descr': [('state', '|u1', (9,)), ('distance', '<i2'), ('move_distances', '<i2', \
             (4,))], 'fortran_order': False, 'shape': (50,), }"
        ),
        "{header}"
    );
    let records = &bytes[10 + header_len..];
    assert_eq!(records.len(), 50 * (9 + 2 + 8));
    let (_, rows) = rows(&std::fs::read_to_string(&csv).unwrap());
    for (record, row) in records.chunks(19).zip(&rows) {
        let mut expected: Vec<u8> = row[..9].iter().map(|&c| c as u8).collect();
        for &v in &row[9..] {
            expected.extend_from_slice(&(v as i16).to_le_bytes());
        }
        assert_eq!(record, &expected[..]);
        assert_eq!(row[9], 24);
    }
}

/// 4x4 by search (5-5-5 files), uniform scrambles labelled as `query` labels them; a file of
/// states with a bad line is refused naming the line, an unknown extension is refused, and no
/// file is left behind by a refused run.
#[test]
fn the_fifteen_puzzle_and_bad_input() {
    let sandbox = Sandbox::new();
    let out = sandbox.path().join("four.csv");
    let args = [
        "--board",
        "4x4",
        "--pdb",
        "5-5-5",
        "--sample",
        "walk:30",
        "--count",
        // More than a piece (256 rows a piece by search): labelled in pieces, in order.
        "300",
        "--seed",
        "1",
        "--out",
        out.to_str().unwrap(),
    ];
    let run = sandbox.run("label", &args);
    run.code(0);
    // No progress bar reaches a pipe.
    assert!(!run.stderr.contains("states"), "{}", run.stderr);
    let (header, rows) = rows(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(rows.len(), 300);
    assert_eq!(header.last().map(String::as_str), Some("cost"));
    let states: Vec<String> = rows.iter().map(|r| state_text(r, 16)).collect();
    let known = distances(&sandbox, Some("4x4"), Some("5-5-5"), &states);
    for (row, state) in rows.iter().zip(&states) {
        assert_eq!(row[16], known[state], "{state}");
    }
    let sandbox = Sandbox::new().with_shipped_db();
    let list = sandbox.path().join("states.txt");
    std::fs::write(&list, "603712458\n\n12345678x\n").unwrap();
    let bad = sandbox.path().join("bad.csv");
    let file = format!("file:{}", list.display());
    sandbox
        .run(
            "label",
            &["--sample", &file, "--out", bad.to_str().unwrap()],
        )
        .code(2)
        .one_error_line("line 3: ");
    assert!(!bad.exists());
    sandbox
        .run("label", &["--sample", "uniform", "--out", "x.arrow"])
        .code(2)
        .one_error_line(".parquet, .npy or .csv");
    sandbox
        .run("label", &["--sample", "walk:x", "--out", "x.csv"])
        .code(2)
        .one_error_line("walk:L");
    sandbox
        .run(
            "label",
            &["--sample", "uniform", "--path", "--out", "x.csv"],
        )
        .code(2)
        .one_error_line("only .parquet holds");
    // No table draws 4x4 states at a distance: refused before any file is built.
    let fresh = Sandbox::new();
    fresh
        .run(
            "label",
            &[
                "--board",
                "4x4",
                "--sample",
                "distance:20",
                "--out",
                "x.csv",
            ],
        )
        .code(2)
        .one_error_line("full tables");
    assert!(!fresh.cache().exists() || std::fs::read_dir(fresh.cache()).unwrap().count() == 0);
}

/// `.parquet` holds the columns (`state` a fixed-size list of uint8, `distance` int16,
/// `move_distances` a fixed-size list of 4 int16) with the rows of the CSV of the same draw, and
/// says in its metadata what the distances are to.
#[test]
fn parquet_holds_the_same_rows_and_says_what_they_are() {
    let sandbox = Sandbox::new().with_shipped_db();
    let parquet = sandbox.path().join("walks.parquet");
    let csv = sandbox.path().join("walks.csv");
    for out in [&parquet, &csv] {
        sandbox
            .run(
                "label",
                &[
                    "--sample",
                    "walk:20",
                    "--count",
                    "100",
                    "--seed",
                    "7",
                    "--moves",
                    "--out",
                    out.to_str().unwrap(),
                ],
            )
            .code(0)
            .quiet();
    }
    let (builder, metadata) = crate::support::parquet_with_metadata(&parquet);
    assert_eq!(
        metadata,
        [
            ("tilebase.board".to_string(), Some("3x3".to_string())),
            ("tilebase.goal".to_string(), Some("123804765".to_string())),
            ("tilebase.metric".to_string(), Some("stm".to_string())),
        ]
    );
    let schema = builder.schema().clone();
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    assert_eq!(names, ["state", "distance", "move_distances"]);
    let read = parquet_rows(builder);
    let (_, expected) = rows(&std::fs::read_to_string(&csv).unwrap());
    assert_eq!(read, expected);
}

/// Each row of a Parquet file `label --moves` wrote, as its CSV row: the cells, the distance and
/// the four move distances.
fn parquet_rows(
    builder: parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder<std::fs::File>,
) -> Vec<Vec<i32>> {
    use arrow_array::cast::AsArray;
    use arrow_array::types::{Int16Type, UInt8Type};

    let mut read = Vec::new();
    for batch in builder.build().unwrap() {
        let batch = batch.unwrap();
        let state = batch.column(0).as_fixed_size_list();
        let distance = batch.column(1).as_primitive::<Int16Type>();
        let moves = batch.column(2).as_fixed_size_list();
        assert_eq!((state.value_length(), moves.value_length()), (9, 4));
        for i in 0..batch.num_rows() {
            let mut row: Vec<i32> = state
                .value(i)
                .as_primitive::<UInt8Type>()
                .values()
                .iter()
                .map(|&c| i32::from(c))
                .collect();
            row.push(i32::from(distance.value(i)));
            row.extend(
                moves
                    .value(i)
                    .as_primitive::<Int16Type>()
                    .values()
                    .iter()
                    .map(|&d| i32::from(d)),
            );
            read.push(row);
        }
    }
    read
}

/// A file of many row groups (each encoded on a core as the cores come free, and written as
/// soon as those before it are) holds every row in order: every 3x3 state, shuffled, in row
/// groups of 10,007 rows as in one of a million, and as the CSV holds them.
#[test]
fn many_row_groups_hold_every_row_in_order() {
    let sandbox = Sandbox::new().with_shipped_db();
    let args = |out: &str| {
        [
            "--sample", "all", "--seed", "5", "--moves", "-q", "--out", out,
        ]
        .map(String::from)
    };
    let run = |out: &str, group: Option<&str>| {
        let args = args(out);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut command = sandbox.command("label", &args);
        if let Some(group) = group {
            command.env("TILEBASE_LABEL_ROW_GROUP", group);
        }
        let output = command.output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    run("many.parquet", Some("10007"));
    run("one.parquet", None);
    run("all.csv", None);
    let (_, expected) = rows(&std::fs::read_to_string(sandbox.path().join("all.csv")).unwrap());
    assert_eq!(expected.len(), 181_440);
    for (name, groups) in [("many.parquet", 19), ("one.parquet", 1)] {
        let (builder, _) = crate::support::parquet_with_metadata(&sandbox.path().join(name));
        assert_eq!(builder.metadata().num_row_groups(), groups, "{name}");
        assert_eq!(parquet_rows(builder), expected, "{name}");
    }
}

/// A run stopped part way (as if killed) leaves its labels beside the output and no output; the
/// same command then resumes after them, says so, and writes the bytes an uninterrupted run
/// writes; the checkpoint is gone once the output is whole. A different command starts afresh.
#[test]
fn an_interrupted_run_resumes_where_it_stopped() {
    let sandbox = Sandbox::new();
    let owned = |out: &std::path::Path| -> Vec<String> {
        [
            "--board", "4x4", "--pdb", "5-5-5", "--sample", "walk:30", "--count", "600", "--seed",
            "3", "--moves", "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([out.display().to_string()])
        .collect()
    };
    let out = sandbox.path().join("resumed.csv");
    let checkpoint = sandbox.path().join(".resumed.csv.labels");
    let resumed_args = owned(&out);
    let resumed_args: Vec<&str> = resumed_args.iter().map(String::as_str).collect();
    let stopped = sandbox
        .command("label", &resumed_args)
        .env("TILEBASE_LABEL_STOP_AFTER", "256")
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&stopped.stderr).contains("stopped after 256 states"));
    assert!(!out.exists());
    assert!(checkpoint.is_file());
    let resumed = sandbox.run("label", &resumed_args);
    resumed.code(0);
    assert!(
        resumed
            .stderr
            .contains("resuming: 256 of 600 states were labelled by an earlier run"),
        "{}",
        resumed.stderr
    );
    assert!(!checkpoint.exists());
    let whole = sandbox.path().join("whole.csv");
    let whole_args = owned(&whole);
    let whole_args: Vec<&str> = whole_args.iter().map(String::as_str).collect();
    sandbox.run("label", &whole_args).code(0);
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
    // A checkpoint of another draw is not used.
    std::fs::write(&checkpoint, "tilebase label checkpoint 1: something else\n").unwrap();
    let fresh = sandbox.run("label", &resumed_args);
    fresh.code(0);
    assert!(!fresh.stderr.contains("resuming"), "{}", fresh.stderr);
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
}

/// `--optimal-moves`: a mask per state, bit m set exactly where move m's distance is one less
/// (the move distances checked against `query` above); with or without `--moves` written; and
/// the goal presets name the two conventions' goals.
#[test]
fn optimal_moves_and_goal_presets() {
    let sandbox = Sandbox::new().with_shipped_db();
    // The CSV rows `label` writes with `flags`, 100 walks of 20 moves.
    let labelled = |name: &str, flags: &[&str]| {
        let out = sandbox.path().join(name);
        let draw = ["--sample", "walk:20", "--count", "100", "--seed", "3"];
        let out_flag = ["--out", out.to_str().unwrap()];
        sandbox
            .run("label", &[&draw[..], flags, &out_flag[..]].concat())
            .code(0);
        rows(&std::fs::read_to_string(&out).unwrap())
    };
    let (header, both) = labelled("both.csv", &["--moves", "--optimal-moves"]);
    assert_eq!(
        header.join(","),
        "0,1,2,3,4,5,6,7,8,cost,up,down,left,right,optimal"
    );
    let mut masks = Vec::new();
    for row in &both {
        let expected = (0..4)
            .filter(|&m| row[9] > 0 && row[10 + m] == row[9] - 1)
            .fold(0, |mask, m| mask | 1 << m);
        assert_eq!(row[14], expected, "{row:?}");
        assert!(
            row[9] == 0 || expected != 0,
            "a state off the goal has an optimal move"
        );
        masks.push(row[14]);
    }
    // Without --moves, the mask alone.
    let (header, alone) = labelled("alone.csv", &["--optimal-moves"]);
    assert_eq!(header.join(","), "0,1,2,3,4,5,6,7,8,cost,optimal");
    assert_eq!(alone.iter().map(|r| r[10]).collect::<Vec<_>>(), masks);

    // The presets: blank first (Korf's convention) and blank last, on any board.
    for (preset, goal) in [("blank-first", "012345678"), ("blank-last", "123456780")] {
        let out = sandbox.path().join(format!("{preset}.csv"));
        sandbox
            .run(
                "label",
                &[
                    "--goal",
                    preset,
                    "--sample",
                    "walk:0",
                    "--count",
                    "1",
                    "--out",
                    out.to_str().unwrap(),
                ],
            )
            .code(0);
        let (_, drawn) = rows(&std::fs::read_to_string(&out).unwrap());
        let cells: String = drawn[0][..9].iter().map(|t| t.to_string()).collect();
        assert_eq!((cells.as_str(), drawn[0][9]), (goal, 0), "{preset}");
    }
}

/// `--sample all` writes every state of the board once, in the order of their index; with
/// `--seed`, the same states shuffled, the same way each time. Their distances are the
/// board's whole distribution (2x3: 360 states, 1 at 0 and 1 at the maximum, 21). Boards
/// without a table are refused.
#[test]
fn every_state_once_in_order_or_shuffled() {
    let sandbox = Sandbox::new();
    let ordered = |args: &[&str], out: &str| {
        let mut all = vec![
            "--board", "2x3", "--sample", "all", "--count", "5", "--out", out,
        ];
        all.extend_from_slice(args);
        sandbox.run("label", &all).code(0);
        rows(&std::fs::read_to_string(sandbox.path().join(out)).unwrap()).1
    };
    let in_order = ordered(&[], "all.csv");
    assert_eq!(in_order.len(), 360);
    let states: std::collections::HashSet<&[i32]> = in_order.iter().map(|r| &r[..6]).collect();
    assert_eq!(states.len(), 360);
    let mut counts = [0u32; 22];
    for row in &in_order {
        counts[row[6] as usize] += 1;
    }
    assert_eq!(
        counts,
        [
            1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1
        ]
    );
    let shuffled = ordered(&["--seed", "3"], "shuffled.csv");
    assert_ne!(shuffled, in_order);
    let mut sorted = shuffled.clone();
    sorted.sort();
    let mut expected = in_order.clone();
    expected.sort();
    assert_eq!(sorted, expected);
    assert_eq!(ordered(&["--seed", "3"], "again.csv"), shuffled);

    let run = sandbox.run(
        "label",
        &["--board", "4x4", "--sample", "all", "--out", "x.csv"],
    );
    run.code(2).one_error_line(
        "label: 4x4: the states of sample all (every state once) come from full tables, which \
         stop at 12 cells",
    );
}
