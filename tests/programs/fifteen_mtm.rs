//! The 15-puzzle in the multi-tile metric (`--board 4x4 --metric mtm`): the relabelled table
//! built by `build-db`, and `query`'s answers equal to slidy-cli's lengths, to an independent
//! breadth-first search near the goal, and legal, through any goal of the class.

use std::collections::HashMap;

use serde::Deserialize;

use crate::support::{Sandbox, json_lines};

const GOAL: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];

fn text(cells: &[u8]) -> String {
    cells
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Slides the blank along `moves` (letters, a letter per cell) from `cells`; `None` if a move
/// leaves the board.
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

/// The multi-tile moves of a path of letters: its runs of one letter.
fn runs(moves: &str) -> usize {
    let letters: Vec<char> = moves.chars().collect();
    (0..letters.len())
        .filter(|&i| i == 0 || letters[i] != letters[i - 1])
        .count()
}

/// Every state within `depth` multi-tile moves of `goal`, with its distance, found by a
/// breadth-first search written here: a move slides the blank one to three cells along its
/// row or column.
fn near_goal(goal: &[u8], depth: u8) -> HashMap<Vec<u8>, u8> {
    let mut seen = HashMap::from([(goal.to_vec(), 0u8)]);
    let mut layer = vec![goal.to_vec()];
    for d in 1..=depth {
        let mut next = Vec::new();
        for state in &layer {
            for m in ["U", "D", "L", "R"] {
                for cells in 1..=3 {
                    let Some(there) = play(state, &m.repeat(cells)) else {
                        break;
                    };
                    if !seen.contains_key(&there) {
                        seen.insert(there.clone(), d);
                        next.push(there);
                    }
                }
            }
        }
        layer = next;
    }
    seen
}

/// How many optimal multi-tile paths lead from `state` to the goal, by the search above.
fn paths(state: &[u8], near: &HashMap<Vec<u8>, u8>) -> u64 {
    let d = near[state];
    if d == 0 {
        return 1;
    }
    let mut n = 0;
    for m in ["U", "D", "L", "R"] {
        for cells in 1..=3 {
            let Some(there) = play(state, &m.repeat(cells)) else {
                break;
            };
            if near.get(&there) == Some(&(d - 1)) {
                n += paths(&there, near);
            }
        }
    }
    n
}

#[derive(Deserialize)]
struct Hint {
    #[serde(rename = "move")]
    slide: String,
    distance: u8,
    optimal: bool,
}

#[derive(Deserialize)]
struct Solved {
    state: String,
    distance: u8,
    moves: String,
    metric: String,
    solutions: Vec<String>,
    count: u64,
    hints: Vec<Hint>,
}

/// `build-db --board 4x4 --metric mtm` builds the relabelled table into `db/`; `query` then
/// answers from it, building nothing:
/// - slidy-cli's lengths for ten random positions, as a batch in input order, along legal
///   paths of that many multi-tile moves, and its number of optimal solutions of each;
/// - the same lengths for Korf's goal (the blank first), through the goal's class;
/// - near the goal, the distances, the number of optimal solutions, each solution and each
///   hint equal to a breadth-first search's;
/// - a damaged table refused, with the command that rebuilds it.
///
/// Opt-in (a minute and 500 MB, out of CI's test run):
/// `cargo test --release -p tilebase-tools --test programs built_then -- --ignored`. CI answers
/// the multi-tile metric from full tables on every small board, and builds relabelled tables
/// of smaller boards against a breadth-first search (`crates/engine/tests/relabel.rs`).
#[test]
#[ignore = "builds 403 MB of tables in about a minute"]
fn built_then_answered_as_slidy_and_a_breadth_first_search_answer() {
    let sandbox = Sandbox::new();
    let run = sandbox.run("build-db", &["--board", "4x4", "--metric", "mtm"]);
    run.code(0).quiet();
    let name = "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-mtm-labels-1-1-2-2-3-3-2-2-3-3-4-4-3-4-4-0.tilebase";
    assert!(sandbox.path().join("db").join(name).is_file(), "{run}");
    assert!(
        run.stdout.contains(
            "tables    relabelled, labels by goal cell, the largest value taken, each also on the \
             mirror image"
        ),
        "{run}"
    );
    assert!(
        run.stdout
            .contains("labels 1,1,2,2,3,3,2,2,3,3,4,4,3,4,4,0   151351200 states, max 32 moves"),
        "{run}"
    );
    assert!(
        run.stdout
            .contains("labels 1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,0   252252000 states"),
        "{run}"
    );
    let rows = "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-mtm-labels-1-1-1-1-2-2-2-2-3-3-3-3-4-4-4-0.tilebase";
    assert!(sandbox.path().join("db").join(rows).is_file(), "{run}");

    let cases: Vec<([u8; 16], u8)> = tilebase_testdata::fifteen_mtm()
        .into_iter()
        .take(10)
        .collect();
    let input: String = cases
        .iter()
        .map(|(c, _)| format!("{}\n", text(c)))
        .collect();
    let run = sandbox.run_with_input(
        "query",
        &["--board", "4x4", "--metric", "mtm"],
        input.as_bytes(),
    );
    run.code(0).quiet();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), cases.len(), "{run}");
    for ((cells, length), line) in cases.iter().zip(&lines) {
        let (head, moves) = line.rsplit_once(": ").unwrap();
        assert_eq!(head, format!("{}: {length} moves", text(cells)), "{line}");
        let letters: String = moves.split(' ').collect();
        assert_eq!(moves.split(' ').count(), usize::from(*length), "{line}");
        assert_eq!(runs(&letters), usize::from(*length), "{line}");
        assert_eq!(play(cells, &letters).as_deref(), Some(&GOAL[..]), "{line}");
    }

    // All 100 by A*+IDA* (`--memory`: the searches past 2 million nodes, seven of them with
    // these tables, turn to it), and the hardest of them searched alone, shared among the
    // cores: slidy-cli's lengths.
    let all = tilebase_testdata::fifteen_mtm();
    let input: String = all.iter().map(|(c, _)| format!("{}\n", text(c))).collect();
    let run = sandbox.run_with_input(
        "query",
        &[
            "--board",
            "4x4",
            "--metric",
            "mtm",
            "--distance-only",
            "--memory",
            "1G",
        ],
        input.as_bytes(),
    );
    run.code(0).quiet();
    let expected: String = all
        .iter()
        .map(|(c, l)| format!("{} {l}\n", text(c)))
        .collect();
    assert_eq!(run.stdout, expected);
    let hardest = "6,5,4,11,1,8,9,0,2,7,10,3,12,15,14,13";
    let run = sandbox.run("query", &["--board", "4x4", "--metric", "mtm", hardest]);
    run.code(0).quiet();
    let moves = run
        .stdout
        .trim_end()
        .rsplit_once(": ")
        .unwrap()
        .1
        .replace(' ', "");
    assert!(
        run.stdout.starts_with(&format!("{hardest}: 34 moves")),
        "{run}"
    );
    let cells: Vec<u8> = hardest.split(',').map(|t| t.parse().unwrap()).collect();
    assert_eq!(play(&cells, &moves).as_deref(), Some(&GOAL[..]), "{run}");

    // `compare`: IDA* over the same tables, and as A*+IDA* (turned to past 2 million nodes, so
    // here the same search), both at slidy-cli's length along legal paths (compare checks
    // them: exit 0), with their nodes.
    #[derive(Deserialize)]
    struct Compared {
        algorithm: String,
        moves: Option<usize>,
        optimal: bool,
        generated: u64,
    }
    let (cells, length) = cases[0];
    let run = sandbox.run(
        "compare",
        &["--board", "4x4", "--metric", "mtm", "--json", &text(&cells)],
    );
    run.code(0).quiet();
    let rows: Vec<Compared> = json_lines(&run.stdout);
    let names: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
    assert_eq!(names, ["ida-relabelled", "astar-ida-relabelled"], "{run}");
    for row in &rows {
        assert_eq!(row.moves, Some(usize::from(length)), "{run}");
        assert!(row.optimal && row.generated > 0, "{run}");
    }
    assert_eq!(rows[0].generated, rows[1].generated, "{run}");

    // The number of optimal solutions of each, as slidy-cli lists them (`--all-optimal`).
    #[derive(Deserialize)]
    struct Counted {
        distance: u8,
        count: u64,
    }
    let counted = tilebase_testdata::fifteen_mtm_counts();
    assert_eq!(counted.len(), 10);
    let input: String = counted
        .iter()
        .map(|(c, _, _)| format!("{}\n", text(c)))
        .collect();
    let run = sandbox.run_with_input(
        "query",
        &["--board", "4x4", "--metric", "mtm", "--count", "--json"],
        input.as_bytes(),
    );
    run.code(0).quiet();
    let answers: Vec<Counted> = json_lines(&run.stdout);
    let found: Vec<(u8, u64)> = answers.iter().map(|a| (a.distance, a.count)).collect();
    let expected: Vec<(u8, u64)> = counted.iter().map(|&(_, l, n)| (l, n)).collect();
    assert_eq!(found, expected);

    // Korf's goal, 0,1,...,15, is the goal above turned half a turn with tile t named 16 - t:
    // each position turned and renamed so is as far from it.
    let korf_goal: Vec<u8> = (0..16).collect();
    let turned = |cells: &[u8]| -> Vec<u8> {
        (0..16)
            .map(|c| match cells[15 - c] {
                0 => 0,
                t => 16 - t,
            })
            .collect()
    };
    assert_eq!(turned(&GOAL), korf_goal);
    let input: String = cases
        .iter()
        .map(|(c, _)| format!("{}\n", text(&turned(c))))
        .collect();
    let run = sandbox.run_with_input(
        "query",
        &[
            "--board",
            "4x4",
            "--metric",
            "mtm",
            "--goal",
            &text(&korf_goal),
            "--distance-only",
        ],
        input.as_bytes(),
    );
    run.code(0).quiet();
    let expected: String = cases
        .iter()
        .map(|(c, l)| format!("{} {l}\n", text(&turned(c))))
        .collect();
    assert_eq!(run.stdout, expected);

    // Near the goal: every 97th state 3 to 7 moves away, against the search above (to eight
    // moves, for the hints' distances). The first with two optimal solutions are 6 away.
    let near = near_goal(&GOAL, 8);
    let mut states: Vec<&Vec<u8>> = near
        .keys()
        .filter(|s| (3..=7).contains(&near[*s]))
        .collect();
    states.sort();
    // And the first ten with more than one optimal solution.
    let several: Vec<&Vec<u8>> = states
        .iter()
        .copied()
        .filter(|s| paths(s, &near) > 1)
        .take(10)
        .collect();
    assert_eq!(several.len(), 10);
    let states: Vec<&Vec<u8>> = states.into_iter().step_by(97).chain(several).collect();
    assert!(states.len() > 30, "{}", states.len());
    let input: String = states.iter().map(|s| format!("{}\n", text(s))).collect();
    let run = sandbox.run_with_input(
        "query",
        &[
            "--board", "4x4", "--metric", "mtm", "--json", "--all", "--count", "--hint",
        ],
        input.as_bytes(),
    );
    run.code(0).quiet();
    let answers: Vec<Solved> = json_lines(&run.stdout);
    assert_eq!(answers.len(), states.len());
    let mut several = 0;
    for (state, answer) in states.iter().zip(&answers) {
        let d = near[*state];
        assert_eq!(answer.state, text(state));
        assert_eq!(
            (answer.distance, answer.metric.as_str()),
            (d, "mtm"),
            "{}",
            answer.state
        );
        assert_eq!(answer.count, paths(state, &near), "{}", answer.state);
        assert_eq!(
            answer.solutions.len() as u64,
            answer.count,
            "{}",
            answer.state
        );
        assert!(answer.solutions.contains(&answer.moves), "{}", answer.state);
        let mut distinct = answer.solutions.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), answer.solutions.len(), "{}", answer.state);
        for solution in &answer.solutions {
            assert_eq!(
                runs(solution),
                usize::from(d),
                "{}: {solution}",
                answer.state
            );
            assert_eq!(
                play(state, solution).as_deref(),
                Some(&GOAL[..]),
                "{solution}"
            );
        }
        several += usize::from(answer.count > 1);
        // Every slide from the state, with the distance it leads to.
        let mut slides = 0;
        for m in ["U", "D", "L", "R"] {
            for cells in 1..=3 {
                let Some(there) = play(state, &m.repeat(cells)) else {
                    break;
                };
                let hint = &answer.hints[slides];
                let written = if cells == 1 {
                    m.to_string()
                } else {
                    format!("{m}{cells}")
                };
                assert_eq!(hint.slide, written, "{}", answer.state);
                assert_eq!(Some(&hint.distance), near.get(&there), "{}", answer.state);
                assert_eq!(hint.optimal, hint.distance + 1 == d, "{}", answer.state);
                slides += 1;
            }
        }
        assert_eq!(answer.hints.len(), slides, "{}", answer.state);
    }
    assert!(several >= 10, "{several}");
    assert!(!sandbox.cache().exists());

    // A damaged table is refused, with the command that rebuilds it where it is.
    let path = sandbox.path().join("db").join(name);
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 1000;
    bytes[at] ^= 0x33;
    std::fs::write(&path, &bytes).unwrap();
    let run = sandbox.run(
        "query",
        &["--board", "4x4", "--metric", "mtm", &text(&cases[0].0)],
    );
    run.code(2);
    assert!(
        run.stderr.trim_end().ends_with(
            "the table is damaged; rebuild it with: build-db --board 4x4 --metric mtm --out db \
             --force"
        ),
        "{run}"
    );
}

/// The strong tables (`build-db --board 4x4 --metric mtm --strong`: five labels in place of
/// four, about 3 minutes and 1.1 GB of memory) are used in place of the standard ones once
/// built, and give slidy-cli's length for every one of the 100 random positions, along legal
/// paths. Opt-in: `cargo test --release -p tilebase-tools --test programs strong -- --ignored`.
#[test]
#[ignore = "builds 1.67 GB of tables in about 3 minutes"]
fn the_strong_tables_answer_as_slidy() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(
        "build-db",
        &["--board", "4x4", "--metric", "mtm", "--strong"],
    );
    run.code(0).quiet();
    assert!(
        run.stdout
            .contains("labels 1,1,2,2,3,3,2,2,3,3,4,4,3,5,5,0   908107200 states"),
        "{run}"
    );
    assert!(
        run.stdout
            .contains("labels 1,1,1,1,2,2,2,2,3,3,3,3,4,4,5,0   756756000 states"),
        "{run}"
    );
    let cases = tilebase_testdata::fifteen_mtm();
    let input: String = cases
        .iter()
        .map(|(c, _)| format!("{}\n", text(c)))
        .collect();
    let run = sandbox.run_with_input(
        "query",
        &["--board", "4x4", "--metric", "mtm"],
        input.as_bytes(),
    );
    run.code(0).quiet();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), cases.len(), "{run}");
    for ((cells, length), line) in cases.iter().zip(&lines) {
        let (head, moves) = line.rsplit_once(": ").unwrap();
        assert_eq!(head, format!("{}: {length} moves", text(cells)), "{line}");
        let letters: String = moves.split(' ').collect();
        assert_eq!(runs(&letters), usize::from(*length), "{line}");
        assert_eq!(play(cells, &letters).as_deref(), Some(&GOAL[..]), "{line}");
    }
    // Nothing else was built: the standard tables are not needed.
    assert!(!sandbox.cache().exists());
    assert_eq!(
        std::fs::read_dir(sandbox.path().join("db"))
            .unwrap()
            .count(),
        2
    );
}

/// Goals of the other two classes, the blank on an edge and inside (each class's tables built
/// on first use, about a minute each): 60 states 4 to 7 moves away, each at the distance a
/// breadth-first search from that goal gives. Opt-in:
/// `cargo test --release -p tilebase-tools --test programs other_classes -- --ignored`.
#[test]
#[ignore = "builds two classes' tables, about two minutes"]
fn goals_of_the_other_classes_answer_as_a_breadth_first_search() {
    let sandbox = Sandbox::new();
    let edge = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
    let inside = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    for goal in [edge, inside] {
        let near = near_goal(&goal, 7);
        let mut states: Vec<&Vec<u8>> = near.keys().filter(|s| near[*s] >= 4).collect();
        states.sort();
        let states: Vec<&Vec<u8>> = states.into_iter().step_by(101).take(60).collect();
        assert_eq!(states.len(), 60);
        let input: String = states.iter().map(|s| format!("{}\n", text(s))).collect();
        let run = sandbox.run_with_input(
            "query",
            &[
                "--board",
                "4x4",
                "--metric",
                "mtm",
                "--goal",
                &text(&goal),
                "--distance-only",
            ],
            input.as_bytes(),
        );
        run.code(0);
        let expected: String = states
            .iter()
            .map(|s| format!("{} {}\n", text(s), near[*s]))
            .collect();
        assert_eq!(run.stdout, expected);
    }
}
