//! The questions people ask of a whole puzzle, through the real programs: any goal and any pair
//! of states, hints, tile notation, pictures, the multi-tile metric, statistics.

use std::fs;

use serde::Deserialize;

use crate::support::{Sandbox, json_lines};

/// A `query --json` record, with every field any flag adds.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Answer {
    state: String,
    goal: String,
    board: String,
    solvable: bool,
    distance: Option<u8>,
    moves: Option<String>,
    #[serde(default)]
    metric: Option<String>,
    /// Present when a search found the answer.
    #[serde(default, rename = "nodes")]
    _nodes: Option<u64>,
    #[serde(default)]
    tiles: Option<Vec<u8>>,
    #[serde(default)]
    hints: Option<Vec<HintRecord>>,
    #[serde(default)]
    boards: Option<Vec<String>>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct HintRecord {
    #[serde(rename = "move")]
    slide: String,
    tile: u8,
    distance: u8,
    optimal: bool,
}

fn answers(stdout: &str) -> Vec<Answer> {
    json_lines(stdout)
}

/// Any goal, from the shipped databases of the three classes: no build, and the same answers,
/// move for move, as the goal's own database built on purpose.
#[test]
fn any_goal_is_answered_at_once_and_as_its_own_database_would() {
    let sandbox = Sandbox::new().with_all_shipped_dbs();
    let goals = ["876504321", "012345678", "813702654", "567408321"];
    let states = "603712458\n283104765\n134825706\n864072513\n481302765\n024815763\n";
    for goal in goals {
        let run = sandbox.run_with_input("query", &["--goal", goal, "--json"], states.as_bytes());
        assert!(run.code == Some(0) || run.code == Some(1), "{run}");
        run.quiet();
        assert!(!sandbox.cache().exists(), "built something for {goal}");
        let own = format!("own-{goal}.tilebase");
        sandbox
            .run("build-db", &["--goal", goal, "--out", &own])
            .code(0);
        let mine = sandbox.run_with_input("query", &["--db", &own, "--json"], states.as_bytes());
        assert_eq!(run.stdout, mine.stdout, "goal {goal}");
        assert!(answers(&run.stdout).iter().all(|a| a.goal == goal));
    }
}

#[test]
fn from_to_is_the_pair_asked_as_a_goal() {
    let sandbox = Sandbox::new().with_all_shipped_dbs();
    let pair = sandbox.run(
        "query",
        &["--from", "123804765", "--to", "603712458", "--json"],
    );
    pair.code(0).quiet();
    let goal = sandbox.run("query", &["--goal", "603712458", "123804765", "--json"]);
    assert_eq!(pair.stdout, goal.stdout);
    let answer = &answers(&pair.stdout)[0];
    assert_eq!(answer.distance, Some(23));
    // And back: the distance is the same both ways.
    let back = sandbox.run("query", &["--from", "603712458", "--to", "123804765"]);
    back.code(0).quiet();
    assert_eq!(
        back.stdout,
        "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n"
    );
    sandbox
        .run("query", &["--from", "1", "2", "--to", "3"])
        .code(2)
        .one_error_line("cannot be used with");
    sandbox
        .run("query", &["--to", "123804765", "--goal", "123804765", "1"])
        .code(2)
        .one_error_line("cannot be used with");
}

#[test]
fn hints_name_every_move_and_where_it_leads() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("query", &["--hint", "603712458"]);
    run.code(0).quiet();
    assert_eq!(
        run.stdout,
        "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n\
         \x20 D   tile 1   22 moves left  optimal\n\
         \x20 L   tile 6   24 moves left\n\
         \x20 R   tile 3   24 moves left\n"
    );
    let run = sandbox.run("query", &["--hint", "--json", "603712458", "123804765"]);
    run.code(0).quiet();
    let records = answers(&run.stdout);
    let hints = records[0].hints.as_ref().unwrap();
    assert_eq!(
        hints[0],
        HintRecord {
            slide: "D".into(),
            tile: 1,
            distance: 22,
            optimal: true
        }
    );
    assert_eq!(hints.len(), 3);
    assert!(hints[1..].iter().all(|h| !h.optimal && h.distance == 24));
    // From the goal every move leads one away.
    let at_goal = records[1].hints.as_ref().unwrap();
    assert_eq!(at_goal.len(), 4);
    assert!(at_goal.iter().all(|h| h.distance == 1 && !h.optimal));
}

#[test]
fn tile_notation_says_which_tiles_move() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("query", &["--notation", "tile", "283104765"]);
    run.code(0).quiet();
    assert_eq!(run.stdout, "283104765: 4 moves: 8 2 1 8\n");

    let run = sandbox.run("query", &["--notation", "tile", "--json", "603712458"]);
    run.code(0).quiet();
    let answer = &answers(&run.stdout)[0];
    assert_eq!(answer.moves.as_deref(), Some("DDLURRDLLUURDDLURRDLLUR"));
    // Sliding the named tiles, each into the blank beside it, reaches the goal.
    let mut cells: Vec<u8> = answer.state.bytes().map(|b| b - b'0').collect();
    let tiles = answer.tiles.as_ref().unwrap();
    assert_eq!(tiles.len(), 23);
    for &tile in tiles {
        let (blank, at) = (
            cells.iter().position(|&c| c == 0).unwrap(),
            cells.iter().position(|&c| c == tile).unwrap(),
        );
        let (br, bc, tr, tc) = (blank / 3, blank % 3, at / 3, at % 3);
        assert_eq!(
            br.abs_diff(tr) + bc.abs_diff(tc),
            1,
            "tile {tile} is not beside the blank"
        );
        cells.swap(blank, at);
    }
    assert_eq!(cells, [1, 2, 3, 8, 0, 4, 7, 6, 5]);
}

#[test]
fn an_animated_picture_of_the_solution() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("query", &["603712458", "--svg", "solution.svg"]);
    run.code(0).quiet();
    assert_eq!(run.stdout, "603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR\n");
    let text = fs::read_to_string(sandbox.path().join("solution.svg")).unwrap();
    let svg = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = svg.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let frames: Vec<_> = root
        .children()
        .filter(|n| n.attribute("class") == Some("frame"))
        .collect();
    // The start and one board after each of the 23 moves.
    assert_eq!(frames.len(), 24);
    for (k, frame) in frames.iter().enumerate() {
        // Eight tiles drawn, each a number; the blank is not drawn.
        let tiles: Vec<&str> = frame
            .children()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .filter(|t| t.chars().all(|c| c.is_ascii_digit()))
            .collect();
        assert_eq!(tiles.len(), 8, "frame {k}");
        assert!(
            frame.children().any(|n| n.has_tag_name("animate")),
            "frame {k}"
        );
    }
    assert_eq!(frames[0].attribute("visibility"), Some("visible"));
    assert!(svg.descendants().all(|n| !n.has_tag_name("script")));

    sandbox
        .run("query", &["603712458", "283104765", "--svg", "two.svg"])
        .code(2)
        .one_error_line("--svg draws the solution of one state");
    let run = sandbox.run("query", &["864072513", "--svg", "none.svg"]);
    run.code(1);
    assert!(run.stderr.contains("no solution to draw"), "{run}");
    assert!(!sandbox.path().join("none.svg").exists());
}

#[test]
fn the_multi_tile_metric_through_every_program() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("build-db", &["--metric", "mtm"]);
    run.code(0).quiet();
    assert!(
        run.stdout.contains("file    db/3x3-123804765-mtm.tilebase"),
        "{run}"
    );
    assert!(run.stdout.contains("max     24 moves"), "{run}");
    sandbox
        .run("verify", &["db/3x3-123804765-mtm.tilebase"])
        .code(0)
        .quiet();

    let run = sandbox.run("query", &["--metric", "mtm", "--json", "603712458"]);
    run.code(0).quiet();
    let answer = &answers(&run.stdout)[0];
    assert_eq!(answer.metric.as_deref(), Some("mtm"));
    let moves = answer.moves.as_deref().unwrap();
    // A run of one letter is one move.
    let runs = 1 + moves.as_bytes().windows(2).filter(|w| w[0] != w[1]).count();
    assert_eq!(Some(runs as u8), answer.distance);
    assert!(answer.distance < Some(23));
    let single = sandbox.run("query", &["--json", "603712458"]);
    assert!(answers(&single.stdout)[0].metric.is_none());

    let stats = sandbox.run("stats", &["--metric", "mtm", "--json"]);
    stats.code(0).quiet();
    let stats: Stats = serde_json::from_str(&stats.stdout).unwrap();
    assert_eq!((stats.metric.as_str(), stats.max_distance), ("mtm", 24));
}

/// A `stats --json` record.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stats {
    board: String,
    goal: String,
    metric: String,
    states: u64,
    max_distance: u8,
    counts: Vec<u64>,
    at_most: Vec<f64>,
    mean: f64,
    antipodes: Vec<String>,
    antipode_count: u64,
    database: DatabaseFacts,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct DatabaseFacts {
    path: Option<String>,
    goal: String,
    translated: bool,
    bytes: Option<u64>,
    format_version: u32,
    compressed: bool,
    table_crc32: String,
}

#[test]
fn stats_of_the_published_goals() {
    let sandbox = Sandbox::new().with_all_shipped_dbs();
    let published = tilebase_testdata::distributions();
    for (goal, mean) in [
        ("123456780", 21.972399),
        ("123804765", 21.5028),
        ("102345678", 21.738327),
    ] {
        let run = sandbox.run("stats", &["--goal", goal, "--json"]);
        run.code(0).quiet();
        let stats: Stats = serde_json::from_str(&run.stdout).unwrap();
        let counts = &published
            .iter()
            .find(|d| d.goal.to_string() == goal)
            .unwrap()
            .counts;
        assert_eq!(&stats.counts, counts, "{goal}");
        assert_eq!((stats.board.as_str(), stats.goal.as_str()), ("3x3", goal));
        assert_eq!((stats.metric.as_str(), stats.states), ("stm", 181_440));
        assert_eq!(stats.mean, mean, "{goal}");
        assert_eq!(stats.max_distance as usize, counts.len() - 1);
        assert_eq!(stats.antipode_count, *counts.last().unwrap());
        assert_eq!(stats.antipodes.len() as u64, stats.antipode_count);
        // The odds that a random state needs at most d moves: the counts added up.
        let mut sum = 0;
        for (d, &count) in counts.iter().enumerate() {
            sum += count;
            // (JSON's decimals read back to within a unit in the last place.)
            let odds = sum as f64 / 181_440.0;
            assert!(
                (stats.at_most[d] - odds).abs() <= odds * 1e-15,
                "{goal} {d}"
            );
        }
        assert_eq!(stats.database.format_version, 3);
        // 102345678 has no database of its own: the edge class's answers for it.
        assert_eq!(stats.database.translated, goal == "102345678", "{goal}");
    }
    let run = sandbox.run("stats", &["--goal", "123456780", "--json"]);
    let stats: Stats = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(stats.antipodes, ["647850321", "867254301"]);
    let run = sandbox.run("stats", &["--goal", "123804765", "--json"]);
    let stats: Stats = serde_json::from_str(&run.stdout).unwrap();
    let mut expected: Vec<String> = tilebase_testdata::antipodes_123804765()
        .iter()
        .map(|s| s.to_string())
        .collect();
    expected.sort();
    assert_eq!(stats.antipodes, expected);

    let run = sandbox.run("stats", &["--goal", "123456780"]);
    run.code(0).quiet();
    assert!(run.stdout.contains("mean      21.972399 moves"), "{run}");
    assert!(
        run.stdout
            .contains("      31            2   0.00%   100.00%  ▏\n"),
        "{run}"
    );
    assert!(
        run.stdout
            .contains("2 states at distance 31:\n  647850321\n  867254301\n")
    );
    let counted = sandbox.run("stats", &["--goal", "123804765", "--count-antipodes"]);
    assert!(
        counted
            .stdout
            .contains("148 states at distance 30 (--count-antipodes: not listed)")
    );
    assert!(!counted.stdout.contains("013245687"));

    // Small boards, built on the spot.
    let run = sandbox.run("stats", &["--board", "2x2", "--json"]);
    run.code(0);
    let stats: Stats = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(stats.counts, [1, 2, 2, 2, 2, 2, 1]);
}

#[test]
fn build_db_all_goals_writes_one_database_per_class() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("build-db", &["--all-goals", "--out", "set"]);
    run.code(0).quiet();
    let mut files: Vec<String> = fs::read_dir(sandbox.path().join("set"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "3x3-123405678.tilebase",
            "3x3-123456708.tilebase",
            "3x3-123456780.tilebase"
        ]
    );
    // The same bytes as the shipped ones.
    for file in &files {
        let shipped = crate::support::shipped_db().parent().unwrap().join(file);
        assert!(
            fs::read(shipped).unwrap() == fs::read(sandbox.path().join("set").join(file)).unwrap()
        );
    }
    assert!(
        run.stdout
            .ends_with("3 databases for every goal of the 3x3 board (stm) in ")
            || run
                .stdout
                .contains("3 databases for every goal of the 3x3 board (stm) in ")
    );
    sandbox
        .run("build-db", &["--all-goals", "--out", "set"])
        .code(2)
        .one_error_line("already exists: pass --force to replace it");
    sandbox
        .run("build-db", &["--all-goals", "--goal", "123456780"])
        .code(2)
        .one_error_line("cannot be used with");
    let run = sandbox.run(
        "build-db",
        &["--all-goals", "--board", "3x2", "--metric", "mtm"],
    );
    run.code(0).quiet();
    assert!(sandbox.path().join("db/3x2-123405-mtm.tilebase").is_file());
    assert!(sandbox.path().join("db/3x2-123450-mtm.tilebase").is_file());
}

#[test]
fn databases_of_the_old_format_or_another_metric_are_refused_with_the_reason() {
    let sandbox = Sandbox::new().with_shipped_db();
    // A file of format version 1, from before the metric was recorded.
    let mut old = fs::read(sandbox.path().join("db/3x3-123804765.tilebase")).unwrap();
    old[8] = 1;
    fs::write(sandbox.path().join("old.tilebase"), &old).unwrap();
    sandbox
        .run("query", &["--db", "old.tilebase", "603712458"])
        .code(2)
        .one_error_line(
            "query: old.tilebase: format version 1, but this tilebase reads versions 2 and 3; \
             rebuild it with: build-db --board WxH --goal G --out old.tilebase --force, with the \
             board and goal it was built for",
        );
    sandbox
        .run("build-db", &["--metric", "mtm", "--out", "mtm.tilebase"])
        .code(0);
    sandbox
        .run("compare", &["--db", "mtm.tilebase", "603712458"])
        .code(2)
        .one_error_line("the articles' algorithms count single-tile moves");
    sandbox
        .run("query", &["--metric", "xtm", "1"])
        .code(2)
        .one_error_line(
            "\"xtm\" is not a metric: stm (single-tile moves) or mtm (multi-tile moves)",
        );
}

/// The cells of a position as `query` writes it: digits, or comma-separated past 10 cells.
fn cells_of(text: &str) -> Vec<u8> {
    if text.contains(',') {
        text.split(',').map(|c| c.parse().unwrap()).collect()
    } else {
        text.bytes().map(|b| b - b'0').collect()
    }
}

/// `--json --boards` writes `boards` on every board, as the text form draws them and the API
/// answers `boards=true`: the state, each state along the solution, the goal; `null` when the
/// goal cannot be reached. (On 4x4 the flag was once dropped without a word.)
#[test]
fn json_boards_on_every_board() {
    let sandbox = Sandbox::new().with_shipped_db();
    let cases: [(&[&str], &str, usize); 4] = [
        (&[], "603712458\n867254301\n", 3),
        (&["--board", "3x2"], "023145\n", 3),
        (&["--board", "4x3"], "1,2,3,4,5,6,7,8,9,10,0,11\n", 4),
        (
            &["--board", "4x4", "--pdb", "5-5-5"],
            "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15\n",
            4,
        ),
    ];
    for (flags, input, width) in cases {
        let mut args = vec!["--json", "--boards"];
        args.extend_from_slice(flags);
        let run = sandbox.run_with_input("query", &args, input.as_bytes());
        for (line, answer) in run.stdout.lines().zip(answers(&run.stdout)) {
            // The field is there, `null` where there is no solution.
            assert!(line.contains(",\"boards\":"), "{run}");
            let Some(boards) = answer.boards else {
                assert!(!answer.solvable, "{run}");
                continue;
            };
            let moves = answer.moves.unwrap();
            assert_eq!(boards.len(), moves.len() + 1, "{run}");
            assert_eq!(boards.first(), Some(&answer.state));
            assert_eq!(boards.last(), Some(&answer.goal));
            // Each board is the one before with the blank moved as the move says.
            for (pair, step) in boards.windows(2).zip(moves.chars()) {
                let (mut before, after) = (cells_of(&pair[0]), cells_of(&pair[1]));
                let blank = before.iter().position(|&c| c == 0).unwrap();
                let to = match step {
                    'U' => blank - width,
                    'D' => blank + width,
                    'L' => blank - 1,
                    'R' => blank + 1,
                    other => panic!("move {other}"),
                };
                before.swap(blank, to);
                assert_eq!(before, after, "{run}");
            }
        }
    }
}

/// A flag the form asked for cannot honour is refused in one line, not dropped.
#[test]
fn distance_only_refuses_a_notation() {
    let sandbox = Sandbox::new().with_shipped_db();
    sandbox
        .run(
            "query",
            &["--distance-only", "--notation", "tile", "603712458"],
        )
        .code(2)
        .one_error_line("'--distance-only' cannot be used with '--notation <NOTATION>'");
}
