//! `random`: puzzles of an exact difficulty, reproducible, and uniformly drawn.

use std::collections::HashMap;

use tilebase_core::{Board, Metric, State};
use tilebase_lookup::Database;

use crate::support::Sandbox;

fn database(goal: &State) -> Database<Vec<u8>> {
    let mut bytes = Vec::new();
    let table = tilebase_engine::build_table(goal);
    tilebase_format::write(&mut bytes, goal, Metric::Single, &table).unwrap();
    Database::from_bytes(bytes).unwrap()
}

/// Pearson's chi-squared statistic of `counts` against equal expectations.
fn chi_squared(counts: &HashMap<State, u64>, categories: usize, draws: u64) -> f64 {
    let expected = draws as f64 / categories as f64;
    let missing = categories - counts.len();
    counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum::<f64>()
        + missing as f64 * expected
}

/// On the 3x2 board, 23 states are at distance 10 and 41 at distances 5 to 8 (OEIS A090034).
/// Drawn one at a time with 23,000 and 41,000 seeds, every state comes up about equally often:
/// the chi-squared statistic stays below its 0.1% critical value (48.27 for 22 degrees of
/// freedom, 73.40 for 40). The seeds are fixed, so the test gives the same verdict every run.
#[test]
fn draws_are_uniform_on_a_small_board() {
    let board: Board = "3x2".parse().unwrap();
    let db = database(&board.ordered_goal().unwrap());
    let goal = db.own_goal();
    for (distances, states, critical) in [(10..=10, 23, 48.27), (5..=8, 41, 73.40)] {
        let draws = 1000 * states as u64;
        let mut counts: HashMap<State, u64> = HashMap::new();
        for seed in 0..draws {
            let drawn = goal.draw(distances.clone(), 1, seed);
            assert_eq!(drawn.available, states);
            let state = drawn.states[0];
            assert!(distances.contains(&db.distance(&state).unwrap()));
            *counts.entry(state).or_default() += 1;
        }
        assert_eq!(counts.len(), states, "every state comes up");
        let chi = chi_squared(&counts, states, draws);
        assert!(
            chi < critical,
            "{distances:?}: chi-squared {chi:.2} ≥ {critical}"
        );
    }
    // Asking for all of them gives each once.
    let all = goal.draw(10..=10, 100, 1);
    let mut distinct = all.states.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!((all.states.len(), distinct.len()), (23, 23));
}

/// The same seed draws the same states whichever file answers: in a directory holding the
/// goal's own table (`db/3x3-123804765.tilebase`, as in the repository), and anywhere else, where
/// its class's table (123405678's) is built into the cache. They once drew different ones.
#[test]
fn the_same_seed_draws_the_same_states_from_any_file() {
    let args = ["--distance", "24", "--count", "3", "--seed", "5"];
    let own = Sandbox::new().with_shipped_db();
    let from_own = own.run("random", &args);
    from_own.code(0).quiet();
    assert_eq!(from_own.stdout, "180423657\n048357621\n460715238\n");
    let elsewhere = Sandbox::new();
    let from_class = elsewhere.run("random", &args);
    from_class.code(0);
    assert!(elsewhere.cache().join("3x3-123405678.tilebase").is_file());
    assert_eq!(from_class.stdout, from_own.stdout);
}

#[test]
fn the_same_seed_gives_the_same_states_at_the_distance_asked() {
    let sandbox = Sandbox::new().with_all_shipped_dbs();
    let args = ["--distance", "20", "--count", "50", "--seed", "42"];
    let first = sandbox.run("random", &args);
    first.code(0).quiet();
    let second = sandbox.run("random", &args);
    assert_eq!(first.stdout, second.stdout);
    assert_eq!(first.stdout.lines().count(), 50);
    let other = sandbox.run(
        "random",
        &["--distance", "20", "--count", "50", "--seed", "43"],
    );
    assert_ne!(first.stdout, other.stdout);
    // Piped into query: every one is 20 moves away.
    let run = sandbox.run_with_input("query", &["--distance-only"], first.stdout.as_bytes());
    run.code(0).quiet();
    assert!(run.stdout.lines().all(|l| l.ends_with(" 20")), "{run}");

    // A range, on another goal, from the database of its class.
    let run = sandbox.run(
        "random",
        &[
            "--distance",
            "25..27",
            "--goal",
            "876504321",
            "--count",
            "30",
            "--seed",
            "1",
        ],
    );
    run.code(0).quiet();
    let answered = sandbox.run_with_input(
        "query",
        &["--distance-only", "--goal", "876504321"],
        run.stdout.as_bytes(),
    );
    for line in answered.stdout.lines() {
        let d: u8 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert!((25..=27).contains(&d), "{line}");
    }
}

#[test]
fn the_farthest_states_and_distances_beyond_them() {
    let sandbox = Sandbox::new().with_all_shipped_dbs();
    let run = sandbox.run(
        "random",
        &[
            "--distance",
            "max",
            "--goal",
            "123456780",
            "--count",
            "5",
            "--seed",
            "9",
        ],
    );
    run.code(0)
        .one_error_line("random: only 2 states at that distance: printed every one");
    let mut states: Vec<&str> = run.stdout.lines().collect();
    states.sort();
    assert_eq!(states, ["647850321", "867254301"]);
    sandbox
        .run("random", &["--distance", "31"])
        .code(2)
        .one_error_line(
            "random: no state is at distance 31: the farthest states from goal 123804765 are 30 \
             moves away (stm)",
        );
    sandbox
        .run("random", &["--distance", "ten"])
        .code(2)
        .one_error_line("a distance is a number from 0 to 255, a range like 20..25, or max");
}

/// Without `--distance`, states are drawn among all those that can reach the goal, on every
/// board: on 3x2, 36,000 draws of the 360 reachable states come up about equally often (the
/// chi-squared statistic below its 0.1% critical value for 359 degrees of freedom, 446.2), and
/// none is of the other half. On 4x4 (no table, no file built), every state drawn is
/// solvable, and the same seed gives the same states.
#[test]
fn scrambles_are_uniform_among_the_reachable_states_on_every_board() {
    use tilebase_answer::{Board as AnswerBoard, Position, scrambles};
    let board: AnswerBoard = "3x2".parse().unwrap();
    let goal = Position::parse(board, "123450").unwrap();
    let drawn = scrambles(&goal, 36_000, Some(11));
    let mut counts: HashMap<State, u64> = HashMap::new();
    for p in &drawn {
        assert!(p.unsolvable_reason(&goal).is_none(), "{p}");
        *counts.entry(*p.state().unwrap()).or_default() += 1;
    }
    assert_eq!(counts.len(), 360);
    let chi = chi_squared(&counts, 360, 36_000);
    assert!(chi < 446.2, "chi-squared {chi}");

    let sandbox = Sandbox::new();
    let run = sandbox.run(
        "random",
        &["--board", "4x4", "--count", "20", "--seed", "3"],
    );
    run.code(0).quiet();
    let four = AnswerBoard::FOUR_BY_FOUR;
    let goal = Position::parse(four, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0").unwrap();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 20);
    for line in &lines {
        let p = Position::parse(four, line).unwrap();
        assert!(p.unsolvable_reason(&goal).is_none(), "{line}");
    }
    let again = sandbox.run(
        "random",
        &["--board", "4x4", "--count", "20", "--seed", "3"],
    );
    assert_eq!(again.stdout, run.stdout);
    assert!(
        !sandbox.cache().exists() || std::fs::read_dir(sandbox.cache()).unwrap().count() == 0,
        "no file is built for a scramble"
    );
    sandbox
        .run("random", &["--board", "4x4", "--distance", "30"])
        .code(2)
        .one_error_line("exact distance");
}
