//! `analyse`: solves judged move by move, as a speedsolver runs it; the JSON contract; the
//! speedsolvers' letters; batches that report a bad line and go on.

use crate::support::{Sandbox, json_lines};

/// The JSON contract's object, every field.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Solve {
    scramble: String,
    board: String,
    goal: String,
    metric: String,
    length: usize,
    optimal: usize,
    lost: usize,
    moves: Vec<Move>,
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Move {
    #[serde(rename = "move")]
    played: String,
    before: u8,
    after: u8,
    optimal: bool,
    lost: u8,
    better: Vec<String>,
}

/// The articles' case, `603712458`, 23 moves from `123804765`: solved optimally, then with a
/// detour of two moves at the start (left, then back right), which costs 2.
#[test]
fn a_solve_is_judged_move_by_move() {
    let sandbox = Sandbox::new().with_shipped_db();
    let optimal = "DDLURRDLLUURDDLURRDLLUR";
    let run = sandbox.run("analyse", &["603712458", optimal]);
    run.code(0).quiet();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "603712458 (3x3, goal 123804765, stm): 23 moves, optimal 23, 0 lost; 23 of 23 moves \
         optimal"
    );
    assert_eq!(lines[1], "   1  D   23 -> 22  optimal");
    assert_eq!(lines.len(), 24);
    // One move: "1 move".
    let run = sandbox.run("analyse", &["123084765", "R"]);
    run.code(0).quiet();
    assert_eq!(
        run.stdout.lines().next(),
        Some(
            "123084765 (3x3, goal 123804765, stm): 1 move, optimal 1, 0 lost; 1 of 1 move optimal"
        )
    );
    // The blank starts on the top edge's middle: a step right and back costs two moves.
    let detour = format!("RL{optimal}");
    let run = sandbox.run("analyse", &["--json", "603712458", &detour]);
    run.code(0).quiet();
    let solves: Vec<Solve> = json_lines(&run.stdout);
    let solve = &solves[0];
    assert_eq!(
        (
            solve.scramble.as_str(),
            solve.board.as_str(),
            solve.goal.as_str()
        ),
        ("603712458", "3x3", "123804765")
    );
    assert_eq!(solve.metric, "stm");
    assert_eq!((solve.length, solve.optimal, solve.lost), (25, 23, 2));
    let first = &solve.moves[0];
    assert_eq!(first.played, "R");
    assert_eq!(
        (first.before, first.after, first.optimal, first.lost),
        (23, 24, false, 2)
    );
    assert_eq!(first.better, ["D"]);
    let second = &solve.moves[1];
    assert_eq!(
        (second.before, second.after, second.optimal),
        (24, 23, true)
    );
    assert_eq!(
        solve
            .moves
            .iter()
            .map(|m| usize::from(m.lost))
            .sum::<usize>(),
        2
    );
    // For people: the lost move, what it cost and what was better.
    let run = sandbox.run("analyse", &["603712458", &detour]);
    assert_eq!(
        run.stdout.lines().nth(1),
        Some("   1  R   23 -> 24  +2, better: D")
    );
}

/// `--svg FILE` draws the solve: one frame a board, the frame after each move that lost time
/// framed and captioned in red with what it cost; refused for a batch.
#[test]
fn the_picture_marks_the_moves_that_lost_time() {
    let sandbox = Sandbox::new().with_shipped_db();
    let file = sandbox.path().join("solve.svg");
    let detour = "RLDDLURRDLLUURDDLURRDLLUR";
    let run = sandbox.run(
        "analyse",
        &["--svg", file.to_str().unwrap(), "603712458", detour],
    );
    run.code(0).quiet();
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<?xml"), "{svg}");
    assert_eq!(svg.matches(r#"<g class="frame""#).count(), 26);
    assert_eq!(svg.matches(r#"class="lost""#).count(), 1);
    let lost = svg.find(r#"class="lost""#).unwrap();
    let frame = svg[..lost].rfind(r#"id="frame-"#).unwrap();
    assert!(svg[frame..].starts_with(r#"id="frame-1""#), "{svg}");
    assert!(
        svg.contains(">1. R, 23 to 24: lost 2, better D</text>"),
        "{svg}"
    );
    assert!(svg.contains(">2. L, 24 to 23</text>"), "{svg}");
    sandbox
        .run_with_input(
            "analyse",
            &["--svg", "x.svg"],
            b"603712458\tDD\n123804765\t\n",
        )
        .code(2)
        .one_error_line("--svg draws one solve");
}

/// slidy's letters name the direction the tiles slide, with counts: the same solve, read and
/// written that way.
#[test]
fn the_speedsolvers_letters_are_read_and_written() {
    let sandbox = Sandbox::new().with_shipped_db();
    // DDLURRDLLUURDDLURRDLLUR for the blank: the tiles slide the other way.
    let tiles = "U2 R D L2 U R2 D2 L U2 R D L2 U R2 D L";
    let run = sandbox.run(
        "analyse",
        &["--moves", "tile", "--json", "603712458", tiles],
    );
    run.code(0).quiet();
    let solves: Vec<Solve> = json_lines(&run.stdout);
    assert_eq!((solves[0].length, solves[0].lost), (23, 0));
    assert_eq!(solves[0].moves[0].played, "U");
    assert_eq!(solves[0].moves[0].better, ["U"]);
}

/// `query --moves tile` writes solutions as the speedsolvers do, and `analyse --moves tile`
/// reads what it writes: the solution judged optimal, move for move. JSON keeps tilebase's.
#[test]
fn query_writes_the_letters_analyse_reads() {
    let sandbox = Sandbox::new().with_shipped_db();
    let run = sandbox.run("query", &["--moves", "tile", "603712458"]);
    run.code(0).quiet();
    assert_eq!(run.stdout, "603712458: 23 moves: U2RDL2UR2D2LU2RDL2UR2DL\n");
    let run = sandbox.run("query", &["--moves", "tile", "--hint", "603712458"]);
    assert!(
        run.stdout
            .contains("\n  U   tile 1   22 moves left  optimal\n"),
        "{run}"
    );
    let run = sandbox.run("query", &["--moves", "tile", "--json", "603712458"]);
    assert!(
        run.stdout.contains(r#""moves":"DDLURRDLLUURDDLURRDLLUR""#),
        "{run}"
    );
    let written = "U2RDL2UR2D2LU2RDL2UR2DL";
    let run = sandbox.run(
        "analyse",
        &["--moves", "tile", "--json", "603712458", written],
    );
    run.code(0).quiet();
    let solves: Vec<Solve> = json_lines(&run.stdout);
    assert_eq!((solves[0].length, solves[0].lost), (23, 0));
}

/// Stdin holds `SCRAMBLE<TAB>SOLUTION` lines: a bad line is named on stderr (its number and
/// why) and the batch goes on; an illegal move is named by its number; exit 2. An unsolvable
/// scramble alone is exit 1.
#[test]
fn a_batch_reports_each_bad_line_and_goes_on() {
    let sandbox = Sandbox::new().with_shipped_db();
    let input = "603712458\tDDLURRDLLUURDDLURRDLLUR\n\
                 12a\tUU\n\
                 603712458\tUUU\n\
                 603712458\tDD\n\
                 123804765\t\n";
    let run = sandbox.run_with_input("analyse", &[], input.as_bytes());
    run.code(2);
    let solved: Vec<&str> = run.stdout.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(solved.len(), 2, "{run}");
    assert!(solved[1].starts_with("123804765 (3x3, goal 123804765, stm): 0 moves"));
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), 3, "{run}");
    assert!(errors[0].starts_with("analyse: line 2: \"12a\": "), "{run}");
    assert_eq!(
        errors[1],
        "analyse: line 3: move 1 (U) is illegal: the blank on 603712458 cannot move 1 cell up"
    );
    assert_eq!(
        errors[2],
        "analyse: line 4: the solution ends at 613752408, 21 moves from the goal, not at the goal"
    );
    // In JSON, each bad line is an error object in its place.
    let run = sandbox.run_with_input("analyse", &["--json"], input.as_bytes());
    run.code(2);
    let objects: Vec<serde_json::Value> = json_lines(&run.stdout);
    assert_eq!(objects.len(), 5);
    assert_eq!(objects[1]["input"], "12a\tUU");
    assert!(
        objects[2]["error"]
            .as_str()
            .unwrap()
            .contains("move 1 (U) is illegal")
    );
    // Unsolvable: exit 1, as query.
    sandbox
        .run("analyse", &["867254301", "U"])
        .code(1)
        .one_error_line("867254301: unsolvable: ");
    // A solution without a scramble's partner, or a bad letter: one line, exit 2.
    sandbox
        .run("analyse", &["603712458"])
        .code(2)
        .one_error_line("give the solution too");
    sandbox
        .run("analyse", &["603712458", "DDX"])
        .code(2)
        .one_error_line("'X' at column 3 is not a move");
}

/// The 15-puzzle, judged by search (5-5-5 databases, built in the sandbox's cache), and the
/// multi-tile metric on a full table, where a line slid at once is one move.
#[test]
fn every_board_and_both_metrics() {
    let sandbox = Sandbox::new();
    // One move from the goal (the blank went up): a step left and back costs 2.
    let scramble = "1,2,3,4,5,6,7,8,9,10,11,0,13,14,15,12";
    let pdb = ["--board", "4x4", "--pdb", "5-5-5", "--json"];
    let run = sandbox.run("analyse", &[&pdb[..], &[scramble, "LRD"]].concat());
    run.code(0);
    let solves: Vec<Solve> = json_lines(&run.stdout);
    assert_eq!(solves[0].board, "4x4");
    assert_eq!(
        (solves[0].length, solves[0].optimal, solves[0].lost),
        (3, 1, 2)
    );
    assert_eq!(solves[0].moves[0].better, ["D"]);
    // Two cells from the goal in a line: one move in the multi-tile metric.
    let mtm = [
        "--goal",
        "123456780",
        "--metric",
        "mtm",
        "--json",
        "120453786",
    ];
    let run = sandbox.run("analyse", &[&mtm[..], &["D2"]].concat());
    run.code(0);
    let solves: Vec<Solve> = json_lines(&run.stdout);
    assert_eq!(solves[0].metric, "mtm");
    assert_eq!(
        (solves[0].length, solves[0].optimal, solves[0].lost),
        (1, 1, 0)
    );
    // The same cells one at a time: two moves, the first of which lost 1.
    let run = sandbox.run("analyse", &[&mtm[..], &["DD"]].concat());
    let solves: Vec<Solve> = json_lines(&run.stdout);
    assert_eq!(
        (solves[0].length, solves[0].optimal, solves[0].lost),
        (2, 1, 1)
    );
    assert_eq!(solves[0].moves[0].better, ["D2"]);
}
