//! The 15-puzzle (board=4x4) against a real server with the 5-5-5 pattern databases, built in
//! about a second into the server's own cache: answers equal to the solver's, hints, states
//! that need no search, a batch with bad lines, the 503 while the files are built, a failed
//! build, and the bounds on searches.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tilebase_answer::{
    Answers, Board, Effort, Library, Partition, Places, Position, Question, Quietly,
    pattern_file_name,
};
use tilebase_core::Move;
use tilebase_pattern::{FOUR_BY_FOUR, cells_to_string, parse_cells};

use crate::support::{Reply, Server, escape};

const GOAL: &str = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0";
/// One move from the goal: the blank goes right.
const NEAR: &str = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
/// Ten moves from the goal.
const TEN: &str = "5,1,2,3,9,6,7,4,13,10,11,8,14,0,15,12";
/// Tiles 14 and 15 swapped: the other parity half.
const UNSOLVABLE: &str = "1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0";

/// The answer once the files are there: asks again while the service says they are being
/// built.
fn once_built(ask: impl Fn() -> Reply) -> Reply {
    let started = Instant::now();
    loop {
        let reply = ask();
        if !(reply.status == 503 && reply.body.contains("are being built")) {
            return reply;
        }
        assert_eq!(reply.header("retry-after"), Some("2"), "{reply:?}");
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the files were not built in 2 minutes: {reply:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The message while the 5-5-5 files of `goal`'s class are built, begun `seconds` ago.
fn building(goal: &str, seconds: u64) -> String {
    format!(
        "the 4x4 pattern databases (5-5-5) for the class of goal {goal} are being built (under \
         a second, once; started {seconds} s ago): 4x4 questions are answered when they are \
         ready; try again shortly"
    )
}

/// The answers from the files the server built, opened as `query` opens them (nothing is
/// built here).
fn files(server: &Server, goal: &[u8]) -> Answers {
    let places = Places::new(server.dir().join("db"), Some(server.dir().join("cache")));
    let canonical = tilebase_pattern::ClassFrame::new(FOUR_BY_FOUR, goal)
        .canonical()
        .to_vec();
    for tiles in Partition::FIVE_FIVE_FIVE.tiles(&tilebase_pattern::FOUR_BY_FOUR, &canonical) {
        let path = server.dir().join("cache").join(pattern_file_name(
            Board::FOUR_BY_FOUR,
            &canonical,
            &tiles,
        ));
        assert!(path.is_file(), "{} was not built", path.display());
    }
    let goal = Position::new(Board::FOUR_BY_FOUR, goal).unwrap();
    let question =
        Question::new(goal, Default::default(), Some(Partition::FIVE_FIVE_FIVE)).unwrap();
    Library::new(places)
        .find(&question, &Quietly)
        .unwrap()
        .expect("the files are there")
}

fn position(cells: &[u8]) -> Position {
    Position::new(Board::FOUR_BY_FOUR, cells).unwrap()
}

fn cells(text: &str) -> Vec<u8> {
    parse_cells(&FOUR_BY_FOUR, text).unwrap()
}

fn letters(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Checks that `moves` (as letters) take `start` to `goal`, one legal move each.
fn assert_reaches(start: &[u8], moves: &str, goal: &[u8]) {
    let moves: Vec<Move> = moves
        .chars()
        .map(|c| Move::ALL.into_iter().find(|m| m.letter() == c).unwrap())
        .collect();
    let boards = position(start).along(&moves);
    assert_eq!(boards.len(), moves.len() + 1, "a move off the board");
    assert_eq!(boards.last().unwrap().cells(), goal);
}

#[test]
fn states_are_answered_as_the_solver_answers_them() {
    let server = Server::start_with(&["--pdb", "5-5-5"]);
    let near = format!("/api/query?board=4x4&state={NEAR}");
    // The first question finds no files: their build starts, and the answer says so at once.
    let first = server.get(&near);
    assert_eq!(first.error(503), building(GOAL, 0));
    assert_eq!(first.header("retry-after"), Some("2"));

    let reply = once_built(|| server.get(&near));
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(
        reply.body,
        format!(
            "{{\"state\":\"{NEAR}\",\"goal\":\"{GOAL}\",\"board\":\"4x4\",\"solvable\":true,\
             \"distance\":1,\"moves\":\"R\",\"nodes\":3}}\n"
        )
    );
    let stderr = server.stderr_with("(under a second, once)", Duration::from_secs(10));
    let cache = server.dir().join("cache");
    assert!(
        stderr.contains(&format!(
            "serve: no 5-5-5 pattern databases for the class of goal {GOAL} yet: building them \
             into {} (under a second, once)\n",
            cache.display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("serve: built in "), "{stderr}");
    // Any form query reads; board written 4X4.
    let reply = server.get(&format!(
        "/api/query?board=4X4&state={}",
        escape("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")
    ));
    assert_eq!(reply.json()["state"], NEAR);
    assert_eq!(reply.json()["distance"], 1);

    // Korf's shortest instances, posed for the goal 0,1,...,15: another goal of the same class,
    // answered from the same files (no new build), translated.
    let korf_goal: Vec<u8> = (0..16).collect();
    let answers = files(&server, &korf_goal);
    let mut korf = tilebase_testdata::korf100();
    korf.sort_by_key(|&(_, length)| length);
    for (start, length) in &korf[..3] {
        let reply = server.get(&format!(
            "/api/query?board=4x4&goal={}&state={}",
            cells_to_string(&korf_goal),
            cells_to_string(start)
        ));
        assert_eq!(reply.status, 200, "{reply:?}");
        let answer = reply.json();
        assert_eq!(answer["distance"], *length, "{start:?}");
        let moves = answers
            .solve_within(&position(start), &Effort::bounded(u64::MAX))
            .unwrap()
            .expect("solvable");
        assert_eq!(answer["moves"], letters(&moves));
        assert_reaches(start, answer["moves"].as_str().unwrap(), &korf_goal);
    }

    // A goal with the blank on an edge is another class: its files are built in turn.
    let edge = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    let path =
        format!("/api/query?board=4x4&goal={edge}&state=1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15");
    assert_eq!(server.get(&path).error(503), building(edge, 0));
    let reply = once_built(|| server.get(&path));
    assert_eq!(reply.json()["distance"], 1);
    assert_eq!(reply.json()["moves"], "R");
    assert_eq!(reply.json()["goal"], edge);
}

/// Every optimal solution and their number on 4x4, within the service's node limit.
#[test]
fn every_optimal_solution_on_4x4() {
    let server = Server::start_with(&["--pdb", "5-5-5"]);
    let path = format!("/api/query?board=4x4&state={TEN}&all=true&count=true");
    let reply = once_built(|| server.get(&path));
    assert_eq!(reply.status, 200);
    let count = reply.json()["count"].as_u64().unwrap();
    let solutions = reply.json()["solutions"].as_array().unwrap().clone();
    assert_eq!(solutions.len() as u64, count);
    assert!(solutions.contains(&json!("LUUURRRDDD")), "{solutions:?}");
    assert!(solutions.iter().all(|s| s.as_str().unwrap().len() == 10));
}

#[test]
fn hints_and_boards_as_query_adds_them() {
    let server = Server::start_with(&["--pdb", "5-5-5"]);
    let path = format!("/api/query?board=4x4&state={TEN}&hint=true");
    let reply = once_built(|| server.get(&path));
    assert_eq!(
        reply.body,
        format!(
            "{{\"state\":\"{TEN}\",\"goal\":\"{GOAL}\",\"board\":\"4x4\",\"solvable\":true,\
             \"distance\":10,\"moves\":\"LUUURRRDDD\",\"nodes\":13,\"hints\":[\
             {{\"move\":\"U\",\"tile\":10,\"distance\":11,\"optimal\":false}},\
             {{\"move\":\"L\",\"tile\":14,\"distance\":9,\"optimal\":true}},\
             {{\"move\":\"R\",\"tile\":15,\"distance\":11,\"optimal\":false}}]}}\n"
        )
    );
    // The hints are the solver's.
    let goal = cells(GOAL);
    let answers = files(&server, &goal);
    let expected: Vec<Value> = answers
        .hints(&position(&cells(TEN)))
        .unwrap()
        .expect("solvable")
        .iter()
        .map(|h| {
            json!({"move": h.slide.to_string(), "tile": h.tile, "distance": h.distance,
                   "optimal": h.optimal})
        })
        .collect();
    assert_eq!(reply.json()["hints"], json!(expected));

    // At the goal every move leads one away, none optimal, as query --json lists them on
    // every board; boards go from state to goal.
    let reply = server.get(&format!(
        "/api/query?board=4x4&state={GOAL}&hint=true&boards=true"
    ));
    assert_eq!(
        reply.body,
        format!(
            "{{\"state\":\"{GOAL}\",\"goal\":\"{GOAL}\",\"board\":\"4x4\",\"solvable\":true,\
             \"distance\":0,\"moves\":\"\",\"nodes\":0,\"hints\":[\
             {{\"move\":\"U\",\"tile\":12,\"distance\":1,\"optimal\":false}},\
             {{\"move\":\"L\",\"tile\":15,\"distance\":1,\"optimal\":false}}],\
             \"boards\":[\"{GOAL}\"]}}\n"
        )
    );
    let reply = server.get(&format!("/api/query?board=4x4&state={NEAR}&boards=true"));
    assert_eq!(reply.json()["boards"], json!([NEAR, GOAL]));
}

/// Unsolvable and unreadable states need no files: answered at once, nothing built.
#[test]
fn states_that_need_no_search_and_bad_questions() {
    let server = Server::start_with(&["--pdb", "5-5-5"]);
    let unsolvable = format!(
        "{{\"state\":\"{UNSOLVABLE}\",\"goal\":\"{GOAL}\",\"board\":\"4x4\",\"solvable\":false,\
         \"distance\":null,\"moves\":null}}"
    );
    let reply = server.get(&format!("/api/query?board=4x4&state={UNSOLVABLE}"));
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body, format!("{unsolvable}\n"));
    let reply = server.get(&format!(
        "/api/query?board=4x4&state={UNSOLVABLE}&boards=true&hint=true"
    ));
    assert_eq!(reply.json()["boards"], Value::Null);
    assert_eq!(reply.json()["solvable"], false);

    let reply = server.post(
        "/api/query",
        &json!({"board": "4x4", "states": [UNSOLVABLE, "1,2,2", ""]}).to_string(),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(
        reply.body,
        format!(
            "{{\"results\":[{unsolvable},\
             {{\"input\":\"1,2,2\",\"error\":\"3 cells, but a 4x4 board has 16\"}},\
             {{\"input\":\"\",\"error\":\"empty: a state lists its cells row by row, like \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\"}}]}}\n"
        )
    );

    let cases = [
        (
            "/api/query?board=4x4&state=1,2,2".to_string(),
            "state \"1,2,2\": 3 cells, but a 4x4 board has 16",
        ),
        (
            "/api/query?board=4x4&state=603712458".to_string(),
            "state \"603712458\": value 603712458 is out of range: a 4x4 board has tiles 0 to 15",
        ),
        (
            "/api/query?board=4x4&state=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15".to_string(),
            "state \"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15\": tile 15 appears twice (no blank, 0)",
        ),
        (
            format!("/api/query?board=4x4&state={NEAR}&goal=1,2"),
            "goal \"1,2\": 2 cells, but a 4x4 board has 16",
        ),
        (
            "/api/query?board=5x3&state=1,2,3,4,5,6,7,8,9,10,11,12,13,0,14&metric=mtm".to_string(),
            "metric mtm: 5x3 is answered in single-tile moves (stm) only",
        ),
        (
            "/api/random?board=4x4&distance=10".to_string(),
            "board \"4x4\": random draws from a full table, and full tables stop at 12 cells: \
             there are no random 4x4 states at an exact distance; /api/query and /api/stats \
             answer 4x4",
        ),
        (
            "/api/stats?board=5x3&metric=mtm".to_string(),
            "metric mtm: 5x3 is answered in single-tile moves (stm) only",
        ),
    ];
    for (path, message) in cases {
        assert_eq!(server.get(&path).error(400), message, "{path}");
    }
    let error = server
        .post(
            "/api/query",
            &json!({"board": "4x4", "states": [NEAR], "goal": "0"}).to_string(),
        )
        .error(400);
    assert_eq!(error, "goal \"0\": 1 cell, but a 4x4 board has 16");
    let states = vec![NEAR; 101];
    let error = server
        .post(
            "/api/query",
            &json!({"board": "4x4", "states": states}).to_string(),
        )
        .error(413);
    assert_eq!(
        error,
        "101 states: at most 100 per request on 4x4, where each state is a search"
    );
    assert!(!server.dir().join("cache").exists(), "nothing was built");
}

#[test]
fn a_batch_answers_every_line_in_order_and_bad_lines_in_place() {
    let server = Server::start_with(&["--pdb", "5-5-5"]);
    let body = json!({"board": "4x4", "states": [NEAR, "12a", 7, UNSOLVABLE, TEN]}).to_string();
    let reply = once_built(|| server.post("/api/query", &body));
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(
        reply.body,
        format!(
            "{{\"results\":[\
             {{\"state\":\"{NEAR}\",\"goal\":\"{GOAL}\",\"board\":\"4x4\",\"solvable\":true,\
             \"distance\":1,\"moves\":\"R\",\"nodes\":3}},\
             {{\"input\":\"12a\",\"error\":\"stray character 'a' at column 3\"}},\
             {{\"input\":7,\"error\":\"a state is a string, in any form query reads, like \
             \\\"{GOAL}\\\"\"}},\
             {{\"state\":\"{UNSOLVABLE}\",\"goal\":\"{GOAL}\",\"board\":\"4x4\",\
             \"solvable\":false,\"distance\":null,\"moves\":null}},\
             {{\"state\":\"{TEN}\",\"goal\":\"{GOAL}\",\"board\":\"4x4\",\"solvable\":true,\
             \"distance\":10,\"moves\":\"LUUURRRDDD\",\"nodes\":13}}]}}\n"
        )
    );
    // Hints for the whole batch, and another goal of the class.
    let body = json!({"board": "4x4", "states": [NEAR], "hint": true}).to_string();
    let reply = server.post("/api/query", &body);
    assert_eq!(
        reply.json()["results"][0]["hints"],
        json!([
            {"move": "U", "tile": 11, "distance": 2, "optimal": false},
            {"move": "L", "tile": 14, "distance": 2, "optimal": false},
            {"move": "R", "tile": 15, "distance": 0, "optimal": true},
        ])
    );
    let body = json!({"board": "4x4", "goal": "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
                      "states": ["1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15"]})
    .to_string();
    let reply = server.post("/api/query", &body);
    assert_eq!(reply.json()["results"][0]["moves"], "L");
}

/// While the files are built, 4x4 questions are 503 with what is built and for how long; every
/// other question is answered; the build happens once, and then 4x4 is answered.
#[test]
fn four_by_four_is_503_while_its_files_are_built() {
    let hold = tempfile::NamedTempFile::new().unwrap();
    let held = hold.path().to_str().unwrap().to_string();
    let server = Server::start_with(&["--pdb", "5-5-5", "--hold-builds", &held]);
    let near = format!("/api/query?board=4x4&state={NEAR}");
    for _ in 0..3 {
        let reply = server.get(&near);
        let error = reply.error(503);
        assert!(
            error.starts_with(&format!(
                "the 4x4 pattern databases (5-5-5) for the class of goal {GOAL} are being \
                 built (under a second, once; started "
            )),
            "{error}"
        );
        assert_eq!(reply.header("retry-after"), Some("2"));
    }
    let batch = json!({"board": "4x4", "states": [TEN]}).to_string();
    assert!(
        server
            .post("/api/query", &batch)
            .error(503)
            .contains("are being built")
    );
    assert!(
        server
            .get("/api/stats?board=4x4")
            .error(503)
            .contains("are being built")
    );
    // Meanwhile: other boards, and 4x4 states that need no search.
    assert_eq!(
        server.get("/api/query?state=603712458").json()["distance"],
        23
    );
    assert_eq!(
        server
            .get(&format!("/api/query?board=4x4&state={UNSOLVABLE}"))
            .json()["solvable"],
        false
    );
    assert_eq!(server.get("/healthz").body, "ok");

    drop(hold);
    let reply = once_built(|| server.get(&near));
    assert_eq!(reply.json()["distance"], 1);
    let stats = server.get("/api/stats?board=4x4").json();
    assert_eq!(stats["partition"], "5-5-5");
    let stderr = server.stderr_with(
        "pattern databases for the class of goal",
        Duration::from_secs(10),
    );
    assert_eq!(
        stderr
            .matches("pattern databases for the class of goal")
            .count(),
        1,
        "built once: {stderr}"
    );
}

#[test]
fn a_failed_build_is_a_json_error_and_the_service_goes_on() {
    // The cache is under a plain file: no directory can be made there.
    let blocker = tempfile::NamedTempFile::new().unwrap();
    let cache = blocker.path().join("cache");
    let server = Server::start_caching(&["--pdb", "5-5-5"], Some(&cache));
    let near = format!("/api/query?board=4x4&state={NEAR}");
    let reply = once_built(|| server.get(&near));
    let error = reply.error(500);
    assert!(
        error.starts_with(&format!(
            "building the 4x4 pattern databases (5-5-5) for the class of goal {GOAL} failed: "
        )) && error.ends_with(" s tries again"),
        "{error}"
    );
    let failed = "serve: building the 4x4 pattern databases (5-5-5) failed: ";
    let stderr = server.stderr_with(failed, Duration::from_secs(10));
    assert!(stderr.contains(failed), "{stderr}");
    assert_eq!(
        server.get("/api/query?state=603712458").json()["distance"],
        23
    );
}

#[test]
fn searches_beyond_the_bounds_are_503_and_too_long_ones_bounded() {
    // No search permit: turned away at once, before anything is built.
    let server = Server::start_with(&["--pdb", "5-5-5", "--max-searches", "0"]);
    let reply = server.get(&format!("/api/query?board=4x4&state={NEAR}"));
    assert_eq!(
        reply.error(503),
        "busy: as many 4x4 searches are under way as this service allows at once (0); try \
         again shortly"
    );
    assert_eq!(reply.header("retry-after"), Some("2"));
    let body = json!({"board": "4x4", "states": [UNSOLVABLE, TEN]}).to_string();
    assert_eq!(
        server.post("/api/query", &body).error(503),
        reply.error(503)
    );
    assert_eq!(
        server.get("/api/stats?board=4x4").error(503),
        reply.error(503)
    );
    // What needs no search is still answered.
    assert_eq!(
        server
            .get(&format!("/api/query?board=4x4&state={UNSOLVABLE}"))
            .json()["solvable"],
        false
    );
    assert!(!server.dir().join("cache").exists(), "nothing was built");
    drop(server);

    // No permit for heavy work: the files are not built.
    let server = Server::start_with(&["--pdb", "5-5-5", "--max-heavy", "0"]);
    let reply = server.get(&format!("/api/query?board=4x4&state={NEAR}"));
    assert!(reply.error(503).starts_with("busy: as much heavy work"));
    assert_eq!(reply.header("retry-after"), Some("2"));
    assert!(!server.dir().join("cache").exists(), "nothing was built");
    drop(server);

    // A search that needs more nodes than allowed gives up, and the answer is what it proved:
    // its bound, and a solution found within --seconds (here the optimal one, 10 moves).
    let server = Server::start_with(&["--pdb", "5-5-5", "--max-nodes", "5", "--seconds", "2"]);
    let path = format!("/api/query?board=4x4&state={TEN}");
    let reply = once_built(|| server.get(&path));
    assert_eq!(reply.status, 200, "{reply:?}");
    let answer = reply.json();
    let lower = answer["lower_bound"].as_u64().unwrap();
    assert!(lower <= 10 && answer["length"] == 10, "{answer}");
    assert_eq!(
        answer["distance"],
        if lower == 10 { json!(10) } else { Value::Null }
    );
    let reply = server.post(
        "/api/query",
        &json!({"board": "4x4", "states": [TEN, GOAL]}).to_string(),
    );
    let results = reply.json()["results"].clone();
    assert_eq!(results[0]["state"], answer["state"]);
    assert_eq!(results[0]["length"], 10);
    assert_eq!(results[1]["distance"], 0);
}

#[test]
fn stats_are_the_objects_stats_prints() {
    let server = Server::start_with(&["--pdb", "5-5-5"]);
    let reply = once_built(|| server.get("/api/stats?board=4x4"));
    assert_eq!(reply.status, 200, "{reply:?}");
    let stats = reply.json();
    assert_eq!(stats["board"], "4x4");
    assert_eq!(stats["goal"], GOAL);
    assert_eq!(stats["class_goal"], GOAL);
    assert_eq!(stats["partition"], "5-5-5");
    assert_eq!(stats["states"], 10_461_394_944_000u64);
    let patterns = stats["patterns"].as_array().unwrap();
    let tiles: Vec<&Value> = patterns.iter().map(|p| &p["tiles"]).collect();
    assert_eq!(
        tiles,
        [
            &json!([1, 2, 3, 4, 5]),
            &json!([6, 7, 8, 9, 10]),
            &json!([11, 12, 13, 14, 15])
        ]
    );
    for p in patterns {
        assert_eq!(p["placements"], 524_160);
        let counted: u64 = p["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        assert_eq!(counted, 524_160);
    }
    // The same object as the tools' own, from the same files.
    let answers = files(&server, &cells(GOAL));
    // (Through text both, as the service's is: JSON's decimals read back within a unit in the
    // last place.)
    let expected: Value =
        serde_json::from_str(&serde_json::to_string(&answers.stats()).unwrap()).unwrap();
    assert_eq!(stats, expected);
    // Another goal of the class is answered through the class's files.
    let other = server
        .get("/api/stats?board=4x4&goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15")
        .json();
    assert_eq!(other["goal"], "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
    assert_eq!(other["class_goal"], GOAL);
}

/// A board of over 12 cells besides 4x4 (7x2) is answered from its own default files (7-6),
/// built on its first question as 4x4's are, whatever the service's `--pdb` (4x4's).
#[test]
fn other_large_boards_are_answered_from_their_default_files() {
    let server = Server::start_with(&["--pdb", "5-5-5"]);
    // Three moves of the blank from the goal 1,...,13,0: left, left, up.
    let state = "1,2,3,4,0,6,7,8,9,10,11,5,12,13";
    let goal = "1,2,3,4,5,6,7,8,9,10,11,12,13,0";
    let reply = once_built(|| server.get(&format!("/api/query?board=7x2&state={state}")));
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(
        reply.body,
        format!(
            "{{\"state\":\"{state}\",\"goal\":\"{goal}\",\"board\":\"7x2\",\"solvable\":true,\
             \"distance\":3,\"moves\":\"DRR\",\"nodes\":6}}\n"
        )
    );
    // Its transpose, 2x7, from the same files: nothing more is built.
    // Up, left, up from 2x7's goal.
    let tall = "1,2,3,4,5,6,7,8,0,10,9,11,13,12";
    let reply = server.get(&format!("/api/query?board=2x7&state={tall}"));
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.json()["distance"], 3, "{reply:?}");
    let stderr = server.stderr_with("serve: built in ", Duration::from_secs(10));
    assert_eq!(stderr.matches("serve: built in ").count(), 1, "{stderr}");
    assert!(stderr.contains("no 7-6 pattern databases"), "{stderr}");
}
