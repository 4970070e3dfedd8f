//! The JSON API against a real server: answers checked against the table and the published
//! figures, every error status, and a batch with bad lines.

use std::time::Duration;

use serde_json::{Value, json};
use tilebase_browser::six_by_six;
use tilebase_lookup::{Database, State};

use crate::support::{Server, escape, shipped_dir};

/// The article's state, answered exactly as `query --json` prints it.
#[test]
fn a_state_is_answered_as_query_json_prints_it() {
    let server = Server::start();
    let reply = server.get("/api/query?state=603712458");
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(reply.header("content-encoding"), None);
    assert_eq!(
        reply.body,
        "{\"state\":\"603712458\",\"goal\":\"123804765\",\"board\":\"3x3\",\"solvable\":true,\
         \"distance\":23,\"moves\":\"DDLURRDLLUURDDLURRDLLUR\"}\n"
    );

    // Any form query reads, escaped or not.
    let reply = server.get(&format!("/api/query?state={}", escape("6 0 3/7 1 2/4 5 8")));
    assert_eq!(reply.json()["distance"], 23);
    assert_eq!(reply.json()["state"], "603712458");
}

#[test]
fn an_unsolvable_state_is_an_answer() {
    let server = Server::start();
    let reply = server.get("/api/query?state=864072513");
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.body,
        "{\"state\":\"864072513\",\"goal\":\"123804765\",\"board\":\"3x3\",\"solvable\":false,\
         \"distance\":null,\"moves\":null}\n"
    );
}

#[test]
fn hints_and_boards_are_added_after_the_six_fields() {
    let server = Server::start();
    let reply = server.get("/api/query?state=603712458&hint=true");
    assert_eq!(
        reply.json()["hints"],
        json!([
            {"move": "D", "tile": 1, "distance": 22, "optimal": true},
            {"move": "L", "tile": 6, "distance": 24, "optimal": false},
            {"move": "R", "tile": 3, "distance": 24, "optimal": false},
        ])
    );
    let reply = server.get("/api/query?state=283104765&boards=true&hint=false");
    assert_eq!(
        reply.body,
        "{\"state\":\"283104765\",\"goal\":\"123804765\",\"board\":\"3x3\",\"solvable\":true,\
         \"distance\":4,\"moves\":\"ULDR\",\"boards\":[\"283104765\",\"203184765\",\"023184765\",\
         \"123084765\",\"123804765\"]}\n"
    );
    let reply = server.get("/api/query?state=864072513&boards=true");
    assert_eq!(reply.json()["boards"], Value::Null);
    assert_eq!(reply.json()["solvable"], false);
}

/// `all=true` adds `solutions`, every optimal solution, and `count=true` their number, as
/// `query --all --count` adds them.
#[test]
fn every_optimal_solution_and_their_number() {
    let server = Server::start();
    let reply = server.get("/api/query?state=603712458&all=true&count=true");
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.json()["solutions"],
        json!([
            "DDLURRDLLUURDDLURRDLLUR",
            "DDRULDLURDRULDLUURDLDRU",
            "DRDLLUURDLDRURDLLURDRUL"
        ])
    );
    assert_eq!(reply.json()["count"], 3);
    let reply = server.get("/api/query?state=603712458&count=true");
    assert_eq!(reply.json()["count"], 3);
    assert_eq!(reply.json().get("solutions"), None);
    let reply = server.get("/api/query?state=603712458&all=maybe");
    assert_eq!(reply.status, 400);
}

/// The source articles' cases and the published extreme states, for their own goals.
#[test]
fn the_published_cases_are_answered() {
    let server = Server::start();
    for case in tilebase_testdata::cases() {
        let reply = server.get(&format!(
            "/api/query?state={}&goal={}",
            case.state, case.goal
        ));
        let answer = reply.json();
        assert_eq!(answer["goal"], case.goal.to_string(), "{case:?}");
        match case.distance {
            Some(d) => {
                assert_eq!(answer["distance"], d, "{case:?}");
                let moves = answer["moves"].as_str().unwrap();
                let path: tilebase_lookup::Path = moves.parse().unwrap();
                assert_eq!(case.state.apply(&path), Ok(case.goal), "{case:?}");
            }
            None => assert_eq!(answer["solvable"], false, "{case:?}"),
        }
    }
}

/// Hundreds of states at every distance, drawn by the service and answered in batches: each
/// drawn at the distance asked for, and answered with the table's distance and a path of that
/// length to the goal.
#[test]
fn answers_agree_with_the_table() {
    let server = Server::start();
    let db = Database::open(shipped_dir().join("3x3-123804765.tilebase")).unwrap();
    for distance in 0..=30u8 {
        let drawn = server.get(&format!(
            "/api/random?distance={distance}&count=40&seed={distance}"
        ));
        let states: Vec<String> = drawn.json()["states"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        // Fewer than 40 only where fewer exist: 1 at 0, 4 at 1, 8 at 2 and 3, 16 at 4, 32 at 5.
        let expected = [1, 4, 8, 8, 16, 32].get(usize::from(distance)).copied();
        assert_eq!(states.len(), expected.unwrap_or(40), "distance {distance}");
        for state in &states {
            let state: State = state.parse().unwrap();
            assert_eq!(db.distance(&state).unwrap(), distance, "{state}");
        }
        let batch = json!({ "states": states, "hint": true });
        let reply = server.post("/api/query", &batch.to_string());
        assert_eq!(reply.status, 200, "{reply:?}");
        let results = reply.json()["results"].as_array().unwrap().clone();
        assert_eq!(results.len(), states.len());
        for (answer, text) in results.iter().zip(&states) {
            let state: State = text.parse().unwrap();
            assert_eq!(answer["state"], *text);
            assert_eq!(answer["distance"], distance, "{text}");
            let path: tilebase_lookup::Path = answer["moves"].as_str().unwrap().parse().unwrap();
            assert_eq!(path.len(), usize::from(distance));
            assert_eq!(state.apply(&path), Ok(db.goal()), "{text}");
            let optimal: Vec<&str> = answer["hints"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|h| h["optimal"] == true)
                .map(|h| h["move"].as_str().unwrap())
                .collect();
            let expected: Vec<String> = db
                .optimal_moves(&state)
                .unwrap()
                .iter()
                .map(|m| m.to_string())
                .collect();
            assert_eq!(optimal, expected, "{text}");
        }
    }
}

#[test]
fn a_batch_answers_every_line_in_order_and_bad_lines_in_place() {
    let server = Server::start();
    let reply = server.post(
        "/api/query",
        r#"{"states":["603712458","12a","864072513",7,"283104765"]}"#,
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(
        reply.body,
        concat!(
            r#"{"results":["#,
            r#"{"state":"603712458","goal":"123804765","board":"3x3","solvable":true,"distance":23,"moves":"DDLURRDLLUURDDLURRDLLUR"},"#,
            r#"{"input":"12a","error":"stray character 'a' at column 3"},"#,
            r#"{"state":"864072513","goal":"123804765","board":"3x3","solvable":false,"distance":null,"moves":null},"#,
            r#"{"input":7,"error":"a state is a string, in any form query reads, like \"603712458\""},"#,
            r#"{"state":"283104765","goal":"123804765","board":"3x3","solvable":true,"distance":4,"moves":"ULDR"}"#,
            "]}\n"
        )
    );

    // Another goal, board and metric for the whole batch.
    let reply = server.post(
        "/api/query",
        r#"{"states":["123450","123405"],"board":"3x2","goal":"123450"}"#,
    );
    let results = reply.json()["results"].clone();
    assert_eq!(results[0]["distance"], 0);
    assert_eq!(results[0]["board"], "3x2");
    assert_eq!(results[1]["distance"], 1);
    assert_eq!(results[1]["moves"], "R");

    let reply = server.post("/api/query", r#"{"states":[]}"#);
    assert_eq!(reply.body, "{\"results\":[]}\n");

    // A batch large enough to be answered off the runtime's threads, in order.
    let states: Vec<String> = (0..500).map(|_| "283104765".to_string()).collect();
    let reply = server.post("/api/query", &json!({ "states": states }).to_string());
    let results = reply.json()["results"].as_array().unwrap().clone();
    assert_eq!(results.len(), 500);
    assert!(results.iter().all(|r| r["moves"] == "ULDR"));
}

#[test]
fn other_goals_boards_and_the_multi_tile_metric() {
    let server = Server::start();
    // Goal 123456780 is answered from its class's shipped table, translated.
    let reply = server.get("/api/query?state=864072513&goal=123456780");
    assert_eq!(reply.json()["distance"], 23);
    // 2x2 and 3x2 are built on first use, into the server's cache.
    let reply = server.get("/api/query?state=0321&board=2x2");
    assert_eq!(reply.json()["goal"], "1230");
    assert_eq!(reply.json()["distance"], 6);
    let reply = server.get("/api/stats?board=3x2");
    assert_eq!(
        reply.json()["counts"],
        json!([
            1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1
        ])
    );
    let reply = server.get("/api/query?state=603712458&metric=mtm");
    let answer = reply.json();
    assert_eq!(answer["metric"], "mtm");
    assert_eq!(
        server.get("/api/stats?metric=mtm").json()["max_distance"],
        24
    );
    let stderr = server.stderr_with("built the one of goal", Duration::from_secs(10));
    assert!(stderr.contains("built the one of goal"), "{stderr}");
}

/// With no board and no goal of cells, the state names the board, as `query`'s first state
/// does: 16 cells (here a grid over four lines) the 15-puzzle, rows their board, 4 cells 2x2.
/// These two cannot reach the goal: answered at once, with no file built.
#[test]
fn the_state_names_the_board_when_nothing_else_does() {
    let server = Server::start();
    let grid = escape(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 15 14  .");
    let answer = server.get(&format!("/api/query?state={grid}")).json();
    assert_eq!(
        (&answer["board"], &answer["state"], &answer["solvable"]),
        (
            &json!("4x4"),
            &json!("1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0"),
            &json!(false)
        )
    );
    let reply = server.post(
        "/api/query",
        r#"{"states":["2,1,3/4,5,6/7,8,9/10,11,12/13,14,0"]}"#,
    );
    let answer = &reply.json()["results"][0];
    assert_eq!(
        (&answer["board"], &answer["solvable"]),
        (&json!("3x5"), &json!(false))
    );
    let answer = server.get("/api/query?state=0321").json();
    assert_eq!(
        (&answer["board"], &answer["distance"]),
        (&json!("2x2"), &json!(6))
    );
    // A board named: the state is read on it.
    let reply = server.get("/api/query?state=0321&board=3x3");
    assert_eq!(reply.status, 400, "{reply:?}");
}

#[test]
fn random_draws_as_random_does() {
    let server = Server::start();
    // The README's example of `random --distance 24 --count 3 --seed 5`.
    let reply = server.get("/api/random?distance=24&count=3&seed=5");
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.body,
        "{\"states\":[\"180423657\",\"048357621\",\"460715238\"]}\n"
    );
    let reply = server.get("/api/random?distance=max&count=200&seed=1");
    let mut drawn: Vec<String> = reply.json()["states"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    drawn.sort();
    let mut antipodes: Vec<String> = tilebase_testdata::antipodes_123804765()
        .iter()
        .map(|s| s.to_string())
        .collect();
    antipodes.sort();
    assert_eq!(drawn, antipodes, "all 148 states at distance 30");
    let reply = server.get("/api/random?distance=1..2&count=10&seed=3&goal=123456780");
    assert_eq!(reply.json()["states"].as_array().unwrap().len(), 6);
    // Without a seed, a draw still answers.
    let reply = server.get("/api/random?distance=20");
    assert_eq!(reply.json()["states"].as_array().unwrap().len(), 1);
}

#[test]
fn stats_are_the_published_figures() {
    let server = Server::start();
    let reply = server.get("/api/stats");
    assert_eq!(reply.status, 200);
    let stats = reply.json();
    let published = tilebase_testdata::distributions()
        .into_iter()
        .find(|d| d.goal.to_string() == "123804765")
        .unwrap();
    assert_eq!(stats["counts"], json!(published.counts));
    assert_eq!(stats["board"], "3x3");
    assert_eq!(stats["goal"], "123804765");
    assert_eq!(stats["metric"], "stm");
    assert_eq!(stats["states"], 181_440);
    assert_eq!(stats["max_distance"], 30);
    assert_eq!(stats["antipode_count"], 148);
    assert_eq!(stats["mean"], 21.5028);
    assert_eq!(stats["database"]["path"], "db/3x3-123804765.tilebase");
    assert_eq!(stats["database"]["translated"], false);
    let antipodes: Vec<String> = tilebase_testdata::antipodes_123804765()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut sorted = antipodes.clone();
    sorted.sort();
    assert_eq!(stats["antipodes"], json!(sorted));

    let corner = server.get("/api/stats?board=3x3&goal=123456780").json();
    assert_eq!(corner["max_distance"], 31);
    assert_eq!(corner["antipodes"], json!(["647850321", "867254301"]));
    assert_eq!(corner["mean"], 21.972399);
}

/// A site laid out as `cargo xtask site` lays one out, small stand-ins for its files; the
/// page `index` at its root.
fn site(index: &str) -> tempfile::TempDir {
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("index.html"), index).unwrap();
    std::fs::write(
        site.path().join("app.js"),
        "import init from './pkg/tilebase.js';\n",
    )
    .unwrap();
    std::fs::create_dir(site.path().join("pkg")).unwrap();
    std::fs::write(
        site.path().join("pkg/tilebase_wasm_bg.wasm"),
        b"\0asm\x01\0\0\0",
    )
    .unwrap();
    std::fs::write(site.path().join("manifest.webmanifest"), "{}").unwrap();
    site
}

#[test]
fn health_and_the_site() {
    let index = "<!doctype html><title>tilebase</title><div data-testid=\"board\"></div>\n";
    let site = site(index);
    let server = Server::start_with(&["--site", site.path().to_str().unwrap()]);
    let reply = server.get("/healthz");
    assert_eq!((reply.status, reply.body.as_str()), (200, "ok"));

    // The site's own files, as they are: / is its index.html byte for byte.
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(page.body, index);
    assert_eq!(page.header("content-type"), Some("text/html"));
    assert_eq!(
        page.header("content-security-policy"),
        Some(tilebase_serve::site::POLICY)
    );
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/pkg/tilebase_wasm_bg.wasm", "application/wasm"),
        ("/manifest.webmanifest", "application/manifest+json"),
    ] {
        let file = server.get(path);
        assert_eq!(
            (file.status, file.header("content-type")),
            (200, Some(kind)),
            "{path}"
        );
    }
    let missing = server.get("/pkg/nothing.js");
    assert_eq!(missing.status, 404);
    assert_eq!(
        missing.error(404),
        "no such path: \"/pkg/nothing.js\"; the page is at /, the API at /api/query, \
         /api/random and /api/stats"
    );
    // The API beside it, as ever.
    assert_eq!(
        server.get("/api/query?state=603712458").json()["distance"],
        23
    );

    // Without a site, / says how to build one.
    let bare = Server::start();
    assert_eq!(
        bare.get("/").error(404),
        "the page is not built here: build the site with `cargo xtask site` (docs/browser.md) \
         and start serve with --site target/site; the API answers at /api/query, /api/random \
         and /api/stats"
    );
}

/// Large answers are compressed for a client that accepts it; small ones never are.
#[test]
fn only_large_answers_are_compressed() {
    let site = site(&format!(
        "<!doctype html>{}\n",
        "<p>tilebase</p>".repeat(200)
    ));
    let server = Server::start_with(&["--site", site.path().to_str().unwrap()]);
    let ask = |path: &str| {
        server.send(
            format!(
                "GET {path} HTTP/1.1\r\nHost: test\r\nAccept-Encoding: gzip\r\nConnection: \
                 close\r\n\r\n"
            )
            .as_bytes(),
        )
    };
    assert_eq!(ask("/").header("content-encoding"), Some("gzip"));
    assert_eq!(ask("/api/stats").header("content-encoding"), Some("gzip"));
    assert_eq!(
        ask("/api/query?state=603712458").header("content-encoding"),
        None
    );
    assert_eq!(ask("/healthz").header("content-encoding"), None);
}

#[test]
fn bad_questions_are_400_with_the_reason() {
    let server = Server::start();
    for (what, input, message) in tilebase_testdata::BAD_STATES {
        let reply = server.get(&format!("/api/query?state={}", escape(input)));
        let error = reply.error(400);
        assert!(error.starts_with("state \""), "{what}: {error}");
        assert!(error.ends_with(message), "{what}: {error}");
    }
    let cases = [
        (
            "/api/query",
            "missing parameter state, as in state=603712458",
        ),
        (
            "/api/query?state=12345678",
            "state \"12345678\": 8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)",
        ),
        (
            "/api/query?state=%FF%FE",
            "state \"\u{fffd}\u{fffd}\": stray character '\u{fffd}' at column 1",
        ),
        (
            "/api/query?state=603712458&board=3x3&goal=1234",
            "goal \"1234\": 4 cells, but a 3x3 board has 9 (4 cells make a 2x2 board)",
        ),
        (
            // Without a board, it is read off the goal, as the programs do.
            "/api/query?state=603712458&goal=1234",
            "goal \"1234\": value 4 is out of range: a 2x2 board has tiles 0 to 3",
        ),
        (
            "/api/query?state=603712458&goal=1230",
            "state \"603712458\": 9 cells, but a 2x2 board has 4 (9 cells make a 3x3 board)",
        ),
        (
            "/api/query?state=603712458&goal=123456",
            "goal \"123456\": 6 cells fit both 3x2 and 2x3: name the board, or write the rows with /",
        ),
        (
            // 4x4 is answered from pattern databases; its states are written with separators.
            "/api/query?state=603712458&board=4x4",
            "state \"603712458\": value 603712458 is out of range: a 4x4 board has tiles 0 to 15",
        ),
        (
            "/api/query?state=603712458&board=11x10",
            "board \"11x10\": 11x10: at most 100 cells are supported (10x10)",
        ),
        (
            "/api/query?state=1&board=6x6",
            "state \"1\": 1 cell, but a 6x6 board has 36",
        ),
        (
            "/api/stats?board=7x7",
            "board 7x7: past 25 cells no table or pattern database holds statistics",
        ),
        (
            "/api/query?state=603712458&board=big",
            "board \"big\": a board is written WxH (columns x rows), like 3x3",
        ),
        (
            "/api/query?state=603712458&metric=fast",
            "metric: \"fast\" is not a metric: stm (single-tile moves) or mtm (multi-tile moves)",
        ),
        (
            "/api/query?state=603712458&hint=yes",
            "hint=\"yes\": say true or false",
        ),
        (
            "/api/query?state=603712458&state=1",
            "parameter state given twice",
        ),
        (
            "/api/query?states=603712458",
            "unknown parameter \"states\": this endpoint takes state, goal, board, metric, hint, boards, all, count",
        ),
        (
            "/api/random",
            "missing parameter distance, as in distance=20",
        ),
        (
            "/api/random?distance=99",
            "no state is at distance 99: the farthest states from goal 123804765 are 30 moves away (stm)",
        ),
        (
            "/api/random?distance=far",
            "\"far\": a distance is a number from 0 to 255, a range like 20..25, or max",
        ),
        (
            "/api/random?distance=20&count=0",
            "count=\"0\": a whole number from 1 to 10000",
        ),
        (
            "/api/random?distance=20&count=10001",
            "count=\"10001\": a whole number from 1 to 10000",
        ),
        (
            "/api/random?distance=20&seed=-1",
            "seed=\"-1\": a whole number from 0 to 18446744073709551615",
        ),
        (
            "/api/stats?board=3x2&goal=123456789",
            "goal \"123456789\": 9 cells, but a 3x2 board has 6 (9 cells make a 3x3 board)",
        ),
    ];
    for (path, message) in cases {
        assert_eq!(server.get(path).error(400), message, "{path}");
    }
    // A state as long as a request line may be is refused like any other, quoted short.
    let long = "1".repeat(60_000);
    let error = server.get(&format!("/api/query?state={long}")).error(400);
    assert!(
        error.starts_with("state \"1111") && error.contains("(60000 characters)"),
        "{error}"
    );
}

#[test]
fn bad_bodies_are_400_and_large_ones_413() {
    let server = Server::start();
    let cases = [
        ("", "EOF while parsing a value at line 1 column 0"),
        ("{", "EOF while parsing an object at line 1 column 1"),
        (
            "[1,2]",
            "invalid type: integer `1`, expected a sequence at line 1 column 2",
        ),
        (
            "\"603712458\"",
            "invalid type: string \"603712458\", expected struct Batch at line 1 column 11",
        ),
        (
            r#"{"states":"603712458"}"#,
            "invalid type: string \"603712458\", expected a sequence at line 1 column 21",
        ),
        (
            r#"{"state":["603712458"]}"#,
            "unknown field `state`, expected one of `states`, `goal`, `board`, `metric`, `hint`, `boards` at line 1 column 8",
        ),
        (
            r#"{"goal":"123804765"}"#,
            "missing field `states` at line 1 column 20",
        ),
    ];
    for (body, detail) in cases {
        let error = server.post("/api/query", body).error(400);
        assert_eq!(
            error,
            format!(
                "the body is not a batch, {{\"states\":[\"603712458\", ...]}} with optional \
                 goal, board, metric, hint and boards: {detail}"
            ),
            "{body}"
        );
    }
    let error = server
        .post("/api/query", r#"{"states":["603712458"],"goal":"11"}"#)
        .error(400);
    assert_eq!(
        error,
        "goal \"11\": 2 cells: no board has that many (boards have 4 to 12 cells)"
    );

    // Over 10,000 states.
    let states: Vec<&str> = vec!["1"; 10_001];
    let error = server
        .post("/api/query", &json!({ "states": states }).to_string())
        .error(413);
    assert_eq!(error, "10001 states: at most 10000 per request");

    // Over 1 MiB, said in advance or found while reading a chunked body.
    let big = format!(r#"{{"states":["{}"]}}"#, "1".repeat(1 << 20));
    let error = server.post("/api/query", &big).error(413);
    assert_eq!(error, "the body is larger than 1048576 bytes (1 MiB)");
    let mut raw = b"POST /api/query HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\
        Transfer-Encoding: chunked\r\n\r\n"
        .to_vec();
    for _ in 0..20 {
        raw.extend_from_slice(format!("{:x}\r\n", 64 * 1024).as_bytes());
        raw.extend(std::iter::repeat_n(b' ', 64 * 1024));
        raw.extend_from_slice(b"\r\n");
    }
    raw.extend_from_slice(b"0\r\n\r\n");
    let error = server.send(&raw).error(413);
    assert_eq!(error, "the body is larger than 1048576 bytes (1 MiB)");
}

#[test]
fn unknown_paths_are_404_and_wrong_methods_405() {
    let server = Server::start();
    let error = server.get("/api/solve").error(404);
    assert_eq!(
        error,
        "no such path: \"/api/solve\"; the page is at /, the API at /api/query, /api/random and \
         /api/stats"
    );
    server.get("/index.html").error(404);
    for (method, path, allow) in [
        ("DELETE", "/api/query", "GET,HEAD,POST"),
        ("PUT", "/api/query", "GET,HEAD,POST"),
        ("POST", "/healthz", "GET,HEAD"),
        ("POST", "/api/random", "GET,HEAD"),
        ("POST", "/", "GET,HEAD"),
    ] {
        let reply = server.request(method, path, "{}");
        assert_eq!(
            reply.error(405),
            format!(
                "{method} is not allowed on \"{path}\": the Allow header lists the methods that are"
            ),
            "{method} {path}"
        );
        assert_eq!(reply.header("allow"), Some(allow));
    }
}

/// With no permit for heavy work, a question about a 12-cell board is turned away at once,
/// before anything is built: 503, Retry-After, and the reason in JSON.
#[test]
fn heavy_work_beyond_the_bound_is_503() {
    let server = Server::start_with(&["--max-heavy", "0"]);
    for path in [
        "/api/stats?board=4x3",
        "/api/query?state=1,2,3,4,5,6,7,8,9,10,0,11&board=4x3",
        "/api/random?distance=3&board=2x6",
    ] {
        let reply = server.get(path);
        let error = reply.error(503);
        assert!(error.starts_with("busy: "), "{error}");
        assert_eq!(reply.header("retry-after"), Some("2"), "{path}");
    }
    assert!(!server.dir().join("cache").exists(), "nothing was built");
    // Everything else is answered as usual.
    assert_eq!(
        server.get("/api/query?state=603712458").json()["distance"],
        23
    );
}

/// Many requests at once for a database that is not there yet: it is built once, and every
/// request is answered.
#[test]
fn a_missing_database_is_built_once_for_concurrent_requests() {
    let server = Server::start();
    let replies: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..16)
            .map(|i| {
                let server = &server;
                scope.spawn(move || {
                    // Two goals of the same class: one table answers both.
                    let goal = if i % 2 == 0 { "12345670" } else { "76543210" };
                    server.get(&format!("/api/query?state=12345607&board=4x2&goal={goal}"))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for reply in &replies {
        assert_eq!(reply.status, 200, "{reply:?}");
    }
    assert_eq!(replies[0].json()["distance"], 1);
    let stderr = server.stderr_with("built the one of goal", Duration::from_secs(10));
    assert_eq!(
        stderr.matches("built the one of goal").count(),
        1,
        "{stderr}"
    );
}

/// Garbage on the wire is refused by the HTTP layer (hyper) before any route sees it: a bare
/// 4xx status, without a JSON body, and the connection closed; the server goes on answering.
#[test]
fn garbage_requests_do_not_stop_the_server() {
    let server = Server::start();
    let long_path = format!(
        "GET /{} HTTP/1.1\r\nHost: test\r\n\r\n",
        "a".repeat(200_000)
    );
    for (raw, status) in [
        (&b"GARBAGE\r\n\r\n"[..], 400),
        (b"GET / HTTP/9.9\r\n\r\n", 400),
        (b"\x00\x01\x02\x03\r\n\r\n", 400),
        (
            b"GET /healthz HTTP/1.1\r\nHost: test\r\nContent-Length: -1\r\n\r\n",
            400,
        ),
        (long_path.as_bytes(), 414),
    ] {
        let reply = server.send(raw);
        assert_eq!(
            reply.status,
            status,
            "{:?}",
            String::from_utf8_lossy(&raw[..20])
        );
        assert_eq!(reply.header("connection"), Some("close"));
    }
    assert_eq!(server.get("/healthz").body, "ok");
}

/// Past 25 cells the answer is bounds within `--seconds`, as `query --json` gives them; what
/// needs optimal lengths is refused, and a batch is held to what fits the request's minute.
#[test]
fn boards_past_25_cells_are_answered_with_bounds() {
    let server = Server::start_with(&["--seconds", "2"]);
    let near = six_by_six("UULL");
    let reply = server.get(&format!("/api/query?state={near}"));
    assert_eq!(reply.status, 200, "{reply:?}");
    let answer = reply.json();
    assert_eq!(answer["board"], "6x6");
    assert_eq!(
        (
            &answer["lower_bound"],
            &answer["length"],
            &answer["optimal"],
            &answer["distance"]
        ),
        (&json!(4), &json!(4), &json!(true), &json!(4))
    );
    assert_eq!(answer["solution"].as_str().map(str::len), Some(4));
    // DeepCubeA's 35-puzzle state 9 (122 moves by DeepCubeA): bounds within two seconds.
    let state = "3,8,22,7,5,11,12,2,13,6,18,10,17,15,0,20,30,23,34,26,9,1,19,29,27,25,4,16,33,35,14,31,21,32,28,24";
    let answer = server.get(&format!("/api/query?state={state}")).json();
    let (lower, length) = (
        answer["lower_bound"].as_u64().unwrap(),
        answer["length"].as_u64().unwrap(),
    );
    assert!((98..=122).contains(&lower) && length >= 122, "{answer}");
    assert!(answer["seconds"].as_f64().unwrap() <= 3.0, "{answer}");
    assert_eq!(answer["distance"], Value::Null);
    for flag in ["hint", "all", "count"] {
        let reply = server.get(&format!("/api/query?state={near}&{flag}=true"));
        assert_eq!(
            reply.error(400),
            format!(
                "{flag}: 6x6 is past 25 cells, where this service proves bounds (a lower bound \
                 and a solution), not every optimal solution or move"
            )
        );
    }
    let reply = server.post(
        "/api/query",
        &json!({"board": "6x6", "states": [near, "1,2", six_by_six("LLLUUR")]}).to_string(),
    );
    let results = reply.json()["results"].clone();
    assert_eq!(results[0]["length"], 4);
    assert_eq!(results[1]["error"], "2 cells, but a 6x6 board has 36");
    assert_eq!(
        (&results[2]["lower_bound"], &results[2]["optimal"]),
        (&json!(6), &json!(true))
    );
    // 50 seconds hold 25 states of two seconds each.
    let many: Vec<String> = (0..26).map(|_| near.clone()).collect();
    let reply = server.post("/api/query", &json!({"states": many}).to_string());
    assert_eq!(
        reply.error(413),
        "26 states: at most 25 per request on 6x6, where each state's bounds take up to \
         --seconds 2 (query --board 6x6 --out FILE.parquet bounds any number)"
    );
}
