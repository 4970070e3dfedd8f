//! `compare`: the table of algorithms, in JSON parsed into typed records.

use serde::Deserialize;

use crate::support::{Sandbox, json_lines};

/// A JSON row: the documented fields (others may be added, so unknown fields are allowed).
#[derive(Debug, Deserialize)]
struct Row {
    algorithm: String,
    moves: Option<usize>,
    optimal: bool,
    expanded: u64,
    generated: u64,
    peak_frontier: u64,
    micros: u64,
    gave_up: bool,
}

fn rows(stdout: &str) -> Vec<Row> {
    json_lines(stdout)
}

const NAMES: [&str; 9] = [
    "database",
    "bfs",
    "bidirectional-bfs",
    "astar-misplaced",
    "astar-manhattan",
    "astar-linear-conflict",
    "idastar-manhattan",
    "dfs",
    "astar-database",
];

#[test]
fn every_algorithm_on_the_articles_example() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("compare", &["--json", "283104765"]);
    run.code(0).quiet();
    let rows = rows(&run.stdout);
    let names: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
    assert_eq!(names, NAMES);
    for row in &rows {
        assert!(!row.gave_up, "{row:?}");
        assert!(row.generated >= row.expanded, "{row:?}");
        assert!(row.micros < 60_000_000, "{row:?}");
        if row.algorithm != "dfs" {
            assert_eq!((row.moves, row.optimal), (Some(4), true), "{row:?}");
        }
    }
    let by_name = |name: &str| rows.iter().find(|r| r.algorithm == name).unwrap();
    // A* guided by the exact distance walks straight down: d + 1 expansions.
    assert_eq!(by_name("astar-database").expanded, 5);
    assert_eq!(by_name("astar-manhattan").expanded, 5);
    assert_eq!(by_name("database").expanded, 4);
    assert_eq!(by_name("idastar-manhattan").peak_frontier, 4);

    let human = sandbox.run("compare", &["283104765"]);
    human.code(0).quiet();
    assert!(
        human
            .stdout
            .starts_with("283104765 -> 123804765 (3x3 board): the table answers 4 moves in ")
    );
    assert_eq!(human.stdout.lines().count(), 3 + NAMES.len());
}

#[test]
fn a_small_budget_makes_slow_algorithms_give_up() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("compare", &["--json", "--max-nodes", "100", "603712458"]);
    run.code(0);
    let rows = rows(&run.stdout);
    let bfs = rows.iter().find(|r| r.algorithm == "bfs").unwrap();
    assert_eq!((bfs.moves, bfs.optimal, bfs.gave_up), (None, false, true));
    assert_eq!(bfs.expanded, 100);
    // The table and A* on the table never need that many.
    for name in ["database", "astar-database"] {
        let row = rows.iter().find(|r| r.algorithm == name).unwrap();
        assert_eq!((row.moves, row.optimal), (Some(23), true), "{row:?}");
    }
    // The raw JSON of a row that gave up says so in exactly these words.
    let line = run
        .stdout
        .lines()
        .find(|l| l.contains(r#""algorithm":"bfs""#))
        .unwrap();
    assert!(line.contains(r#""moves":null,"optimal":false"#), "{line}");
    assert!(line.contains(r#""gave_up":true"#), "{line}");
}

#[test]
fn other_goals_boards_and_bad_input() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("compare", &["--json", "--board", "3x2", "123405"]);
    run.code(0);
    let rows = rows(&run.stdout);
    assert!(
        rows.iter()
            .all(|r| r.moves.is_some() && (r.optimal || r.algorithm == "dfs"))
    );
    assert_eq!(rows[0].moves, Some(1));

    let run = sandbox.run("compare", &["--goal", "123456780", "864072513"]);
    run.code(0);
    assert!(run.stdout.contains("the table answers 23 moves"), "{run}");

    sandbox
        .run("compare", &["--goal", "123456780", "123456870"])
        .code(1)
        .quiet();
    let shipped = Sandbox::new().with_shipped_db();
    shipped
        .run("compare", &["12"])
        .code(2)
        .one_error_line("compare: \"12\": 2 cells");
}
