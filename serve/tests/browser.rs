//! The page in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`)
//! driven over WebDriver.
//!
//! An address the service cannot answer (`?state=12a`, `?state=1`, `?state=123456789`, a bad goal)
//! shows the service's own words for it where the distance goes, and the goal to play from. Open
//! `/?state=603712458` and see 23; the hint marks tile 1, the one move the API calls optimal, and
//! no other; slide tile 1 up and see 22; press solve and see 0; the keyboard moves a tile; other
//! boards and goals are chosen (2x2, whose farthest position is 6 moves away, too); a goal the
//! service cannot read is answered beside the form; and nothing is logged as an error but the
//! refused questions' failed loads. Then the 15-puzzle, from a server with the 5-5-5 files not
//! built yet: chosen from the board menu in a 1200x900 and a 420x900 window, the board and the
//! message that the files are being built are in view; opened by its address, the page says they
//! are being built and asks again; distance 1, hint, solve to 0, a move by key and one by click.
//! Last, 7x2 by its address: answered from its default files once built, then solved.
//!
//! Screenshots of the bad addresses, the hint (3x3 and 4x4), 7x2, the solved board and the 4x4
//! being built, and of the page when the test fails, are kept in `browser-screenshots/` in the target
//! directory (`target/browser-screenshots/`, or under `CARGO_TARGET_DIR`), emptied at each run;
//! the test prints where.
//!
//! Without chromedriver, or when it cannot start a chromium session, the test is skipped with one
//! line on stderr saying why and how to run it; where `CI` is set (and not empty) it fails
//! instead, since CI installs both (`.ci/run`). `TILEBASE_CHROMEDRIVER` names the chromedriver to
//! use; `TILEBASE_SKIP_BROWSER=1` skips the test anyway.

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::json;
use tilebase_browser::{
    Shots, board, cell_of, cells_of, click, console_errors, in_view, no_page_errors, press,
    session, wait_for_board, wait_for_distance, wait_for_text, wait_until,
};

use crate::support::Server;

/// The page opened at `/?query`, an address the service cannot answer: the distance's place
/// holds the service's words for `api` (the same question, asked of the API), never
/// "Thinking"; the board is `goal`, answered and playable. `by_key`: the move is made by an arrow
/// key, else by a click.
async fn refused_address(
    client: &Client,
    page: &str,
    server: &Server,
    (name, query, api): (&str, &str, &str),
    goal: &[u8],
    by_key: bool,
    shots: &Shots,
) {
    let expected = server.get(api).error(400);
    client.goto(&format!("{page}/?{query}")).await.unwrap();
    wait_for_board(client, goal).await;
    // The goal answered: the page writes its address once an answer has come.
    let goal_text: String = goal.iter().map(u8::to_string).collect();
    wait_until(
        client,
        &format!(
            "return window.location.search.includes('state={goal_text}') && \
             !document.getElementById('thinking').classList.contains('on');"
        ),
        &format!("{query}: the goal answered"),
    )
    .await;
    let shown = client
        .find(Locator::Css("[data-testid=distance]"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(
        shown, expected,
        "{query}: the service's words where the distance goes"
    );
    shots.take(client, name).await;

    // Playable: the tile beside the gap (below it, or to its right) slides into it.
    let gap = goal.iter().position(|&t| t == 0).unwrap();
    let (below, right) = (gap + 3, if gap % 3 < 2 { gap + 1 } else { gap - 1 });
    let tile = if by_key {
        press(client, "\u{E013}").await; // ArrowUp: the tile below the gap slides up
        goal[below]
    } else {
        click(client, &format!("[data-cell=\"{right}\"]")).await;
        goal[right]
    };
    wait_for_text(client, "distance", "1 move to the goal").await;
    assert_eq!(
        cell_of(client, tile).await,
        gap,
        "{query}: tile {tile} moved"
    );
    no_page_errors(client).await;
    let errors = console_errors(client, &[400]).await;
    assert!(errors.is_empty(), "{query}: console errors: {errors:?}");
}

/// The board menu, scrolled to as a reader does, chooses 4x4 on a server whose 4x4 files wait to
/// be built: the board and the message that they are being built are then in view.
async fn four_from_menu(client: &Client, page: &str, shots: &Shots, name: &str) {
    client.goto(&format!("{page}/")).await.unwrap();
    wait_until(
        client,
        "return /\\d/.test(document.getElementById('distance').textContent);",
        "a 3x3 puzzle",
    )
    .await;
    client
        .execute(
            "document.getElementById('board-size').scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
    // Else this would prove nothing: the menu is far enough below the board to hide it.
    let seen = in_view(client, &["[data-testid=board]"]).await;
    assert_eq!(
        seen["elements"][0]["inView"], false,
        "{name}: the board in view beside the menu: {seen}"
    );
    client
        .find(Locator::Css("#board-size"))
        .await
        .unwrap()
        .select_by_value("4x4")
        .await
        .unwrap();
    wait_until(
        client,
        "return document.getElementById('status').textContent.includes('are being built') && \
         document.querySelectorAll('[data-testid=board] [data-tile]').length === 16;",
        "the page says the 4x4 files are being built",
    )
    .await;
    let seen = in_view(client, &["[data-testid=board]", "#status"]).await;
    assert!(
        seen["elements"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["inView"] == true),
        "{name}: the board and the message out of view: {seen}"
    );
    shots.take(client, name).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_hints_and_solves() {
    let Some(browser) = session(420, 900).await else {
        return;
    };
    let client = browser.client.clone();
    let shots = Shots::new(
        Path::new(env!("CARGO_TARGET_TMPDIR")),
        "browser-screenshots",
    );

    let server = Server::start();
    // The 15-puzzle's server: its first build waits until the page has shown that it waits.
    let hold = tempfile::NamedTempFile::new().unwrap();
    let held = hold.path().to_str().unwrap().to_string();
    let four = Server::start_with(&["--pdb", "5-5-5", "--hold-builds", &held]);
    let four_page = four.url();

    let page = server.url();
    let session = client.clone();
    let pictures = shots.clone();
    let result = async move {
        let client = session;
        let shots = pictures;

        // Addresses the service cannot answer: its words, and the goal to play from (the
        // default board's, here, as no good board and goal is named).
        let goal = cells_of(server.get("/api/stats").json()["goal"].as_str().unwrap());
        let refused = [
            ("bad-state-12a", "state=12a", "/api/query?state=12a"),
            ("bad-state-1", "state=1", "/api/query?state=1"),
            (
                "bad-state-123456789",
                "state=123456789",
                "/api/query?state=123456789",
            ),
            (
                "bad-goal",
                "state=603712458&goal=1234567800",
                "/api/query?state=603712458&goal=1234567800",
            ),
            // No state: the board and goal are all the address asks about.
            ("bad-goal-no-state", "goal=12a", "/api/stats?goal=12a"),
        ];
        for (i, case) in refused.into_iter().enumerate() {
            refused_address(&client, &page, &server, case, &goal, i % 2 == 1, &shots).await;
        }

        let expected_hint =
            server.get("/api/query?state=603712458&hint=true").json()["hints"].clone();
        let expected_hints =
            server.get("/api/query?state=613702458&hint=true").json()["hints"].clone();
        client
            .goto(&format!("{page}/?state=603712458"))
            .await
            .unwrap();
        wait_for_distance(&client, 23, Duration::from_secs(20)).await;
        assert_eq!(board(&client).await, [6, 0, 3, 7, 1, 2, 4, 5, 8]);

        // The hint marks the one tile whose move the API calls optimal, and no other: a marker,
        // a visible label with its arrow, and words for a screen reader.
        let optimal: Vec<String> = expected_hint
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["optimal"] == true)
            .map(|h| h["tile"].to_string())
            .collect();
        assert_eq!(
            optimal,
            ["1"],
            "603712458 has one optimal move: {expected_hint}"
        );
        click(&client, "[data-testid=hint]").await;
        let marked = client
            .execute(
                "return Array.from(document.querySelectorAll('[data-testid=board] [data-tile]'))\
                 .filter(e => e.dataset.hint || e.classList.contains('optimal') || \
                   e.querySelector('.hint-mark'))\
                 .map(e => { const mark = e.querySelector('.hint-mark'); \
                   const r = mark ? mark.getBoundingClientRect() : null; \
                   return {tile: e.dataset.tile, hint: e.dataset.hint || null, \
                     optimal: e.classList.contains('optimal'), \
                     label: e.getAttribute('aria-label'), title: e.title, \
                     mark: mark ? mark.textContent : null, \
                     visible: !!r && r.width > 0 && r.height > 0 && \
                       getComputedStyle(mark).visibility === 'visible'}; });",
                vec![],
            )
            .await
            .unwrap();
        let marked = marked.as_array().unwrap();
        assert_eq!(marked.len(), 1, "one hinted tile: {marked:?}");
        let one = &marked[0];
        assert_eq!(one["tile"], "1", "{one}");
        assert_eq!(one["hint"], "up", "{one}");
        assert_eq!(one["optimal"], true, "{one}");
        assert_eq!(one["visible"], true, "the hint's label is seen: {one}");
        assert!(
            one["mark"].as_str().unwrap().contains('\u{2191}'),
            "an arrow up: {one}"
        );
        assert!(
            one["label"].as_str().unwrap().contains("hint: move tile 1")
                && one["title"].as_str().unwrap().contains("move tile 1"),
            "{one}"
        );
        shots.take(&client, "hint").await;
        click(&client, "[data-testid=hint]").await;
        let left = client
            .execute(
                "return document.querySelectorAll('[data-testid=board] [data-hint], \
                 [data-testid=board] .hint-mark').length;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(left, json!(0), "hint off: no marks");

        // Slide tile 1 up, into the gap above it: one move closer.
        click(&client, "[data-tile=\"1\"]").await;
        wait_for_distance(&client, 22, Duration::from_secs(20)).await;
        assert_eq!(board(&client).await, [6, 1, 3, 7, 0, 2, 4, 5, 8]);
        let url = client.current_url().await.unwrap();
        assert!(url.as_str().contains("state=613702458"), "{url}");

        // Hint marks the moves that stay optimal, as the API lists them.
        let hint = client
            .find(Locator::Css("[data-testid=hint]"))
            .await
            .unwrap();
        hint.click().await.unwrap();
        assert_eq!(
            hint.attr("aria-pressed").await.unwrap().as_deref(),
            Some("true")
        );
        let marked = client
            .execute(
                "return Array.from(document.querySelectorAll('[data-testid=board] .optimal'))\
                 .map(e => e.dataset.tile).sort();",
                vec![],
            )
            .await
            .unwrap();
        let mut optimal: Vec<String> = expected_hints
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["optimal"] == true)
            .map(|h| h["tile"].to_string())
            .collect();
        optimal.sort();
        assert!(!optimal.is_empty());
        assert_eq!(marked, json!(optimal));

        // Solve plays an optimal solution to the goal.
        click(&client, "[data-testid=solve]").await;
        wait_for_distance(&client, 0, Duration::from_secs(60)).await;
        assert_eq!(board(&client).await, [1, 2, 3, 8, 0, 4, 7, 6, 5]);
        shots.take(&client, "solved").await;

        // The keyboard alone: ArrowUp slides the tile below the gap (6) up.
        press(&client, "\u{E013}").await;
        wait_for_distance(&client, 1, Duration::from_secs(20)).await;
        assert_eq!(cell_of(&client, 6).await, 4);

        // Another board: a new puzzle is drawn on it; then that position becomes the goal.
        client
            .find(Locator::Css("#board-size"))
            .await
            .unwrap()
            .select_by_value("3x2")
            .await
            .unwrap();
        let started = Instant::now();
        loop {
            let cells = board(&client).await;
            let url = client.current_url().await.unwrap();
            if cells.len() == 6 && url.as_str().contains("board=3x2") {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "no 3x2 puzzle: {url}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        click(&client, "#goal-here").await;
        wait_for_distance(&client, 0, Duration::from_secs(20)).await;

        // 2x2: its farthest position is 6 moves away, nearer than the slider's 20; a puzzle is
        // drawn all the same.
        client
            .find(Locator::Css("#board-size"))
            .await
            .unwrap()
            .select_by_value("2x2")
            .await
            .unwrap();
        wait_until(
            &client,
            "return window.location.search.includes('board=2x2') && \
             document.querySelectorAll('[data-testid=board] [data-tile]').length === 4 && \
             /^\\d+ moves? to the goal$|solved/.test(\
               document.getElementById('distance').textContent);",
            "a 2x2 puzzle",
        )
        .await;
        let distance = client
            .find(Locator::Css("#distance"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();

        // A goal the service cannot read: its words beside the form; the position and its
        // distance stay, answered with the goal before.
        let state: String = board(&client).await.iter().map(u8::to_string).collect();
        let expected = server
            .get(&format!("/api/query?state={state}&goal=12a&board=2x2"))
            .error(400);
        let input = client.find(Locator::Css("#goal")).await.unwrap();
        input.clear().await.unwrap();
        input.send_keys("12a\u{E007}").await.unwrap(); // Enter submits
        wait_for_text(&client, "goal-error", &expected).await;
        wait_until(
            &client,
            "return !document.getElementById('thinking').classList.contains('on') && \
             !document.getElementById('distance').classList.contains('stale');",
            "the position answered again",
        )
        .await;
        wait_for_text(&client, "distance", &distance).await;

        no_page_errors(&client).await;
        // The refused goal's 400 is a failed load; nothing else is logged.
        let errors = console_errors(&client, &[400]).await;
        assert!(errors.is_empty(), "console errors: {errors:?}");

        // The 15-puzzle chosen from the board menu while its files wait to be built, in a wide
        // window and a narrow one: what changed is in view.
        client.set_window_size(1200, 900).await.unwrap();
        four_from_menu(&client, &four_page, &shots, "4x4-building-1200x900").await;
        client.set_window_size(420, 900).await.unwrap();
        four_from_menu(&client, &four_page, &shots, "4x4-building-420x900").await;

        // The 15-puzzle, one move from the goal, its files still to be built.
        let near = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
        client
            .goto(&format!("{four_page}/?board=4x4&state={near}"))
            .await
            .unwrap();
        wait_until(
            &client,
            "return document.getElementById('status').textContent.includes('are being built');",
            "the page says the 4x4 files are being built",
        )
        .await;
        let mut expected: Vec<u8> = (1..=14).collect();
        expected.extend([0, 15]);
        assert_eq!(board(&client).await, expected);
        let shown = client
            .execute(
                "return [document.getElementById('random-controls').hidden, \
                 document.getElementById('shuffle-controls').hidden];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(
            shown,
            json!([true, false]),
            "no random 4x4 puzzles: shuffle instead"
        );
        drop(hold);
        wait_for_distance(&client, 1, Duration::from_secs(30)).await;
        wait_until(
            &client,
            "return document.getElementById('status').textContent === '';",
            "the status cleared",
        )
        .await;

        // Hint asks again, with hints: tile 15 is the optimal move, and the only tile marked.
        click(&client, "[data-testid=hint]").await;
        wait_until(
            &client,
            "return JSON.stringify(Array.from(document.querySelectorAll(\
             '[data-testid=board] .optimal, [data-testid=board] [data-hint]'))\
             .map(e => e.dataset.tile)) === '[\"15\"]';",
            "tile 15 marked optimal",
        )
        .await;
        shots.take(&client, "4x4-hint").await;

        click(&client, "[data-testid=solve]").await;
        wait_for_distance(&client, 0, Duration::from_secs(30)).await;
        let mut goal: Vec<u8> = (1..=15).collect();
        goal.push(0);
        assert_eq!(board(&client).await, goal);
        let url = client.current_url().await.unwrap();
        assert!(
            url.as_str()
                .contains("state=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0")
                && url.as_str().contains("board=4x4"),
            "{url}"
        );

        // ArrowRight slides tile 15 right, into the gap; a click on it slides it back.
        press(&client, "\u{E014}").await;
        wait_for_distance(&client, 1, Duration::from_secs(30)).await;
        assert_eq!(cell_of(&client, 15).await, 15);
        click(&client, "[data-tile=\"15\"]").await;
        wait_for_distance(&client, 0, Duration::from_secs(30)).await;
        let verdict = client
            .find(Locator::Css("#verdict"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(verdict, "Tile 15 left: optimal.");

        // A board of over 12 cells besides 4x4 (7x2: 7 wide, 2 high), three moves from its
        // goal: answered once its default files are built, then solved.
        let wide = "1,2,3,4,0,6,7,8,9,10,11,5,12,13";
        client
            .goto(&format!("{four_page}/?board=7x2&state={wide}"))
            .await
            .unwrap();
        wait_for_distance(&client, 3, Duration::from_secs(120)).await;
        assert_eq!(board(&client).await, cells_of(wide));
        let tiles = client
            .execute(
                "return [document.querySelectorAll('[data-testid=board] [data-tile]').length, \
                 document.getElementById('board-size').value];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(tiles, json!([14, "7x2"]));
        shots.take(&client, "7x2").await;
        click(&client, "[data-testid=solve]").await;
        wait_for_distance(&client, 0, Duration::from_secs(30)).await;
        assert_eq!(
            board(&client).await,
            cells_of("1,2,3,4,5,6,7,8,9,10,11,12,13,0")
        );

        // The multi-tile metric, named by the address: the gap two cells from home in one line
        // is one move away (two in single-tile moves, from the menu); the hint marks the farther
        // tile, a click on it slides both, and the address keeps the metric.
        client
            .goto(&format!(
                "{page}/?state=120453786&goal=123456780&board=3x3&metric=mtm"
            ))
            .await
            .unwrap();
        wait_for_distance(&client, 1, Duration::from_secs(30)).await;
        let metric = "return document.getElementById('metric').value;";
        assert_eq!(client.execute(metric, vec![]).await.unwrap(), json!("mtm"));
        let choose = |m: &str| {
            format!(
                "const s = document.getElementById('metric'); s.value = '{m}'; \
                 s.dispatchEvent(new Event('change'));"
            )
        };
        client.execute(&choose("stm"), vec![]).await.unwrap();
        wait_for_distance(&client, 2, Duration::from_secs(30)).await;
        client.execute(&choose("mtm"), vec![]).await.unwrap();
        wait_for_distance(&client, 1, Duration::from_secs(30)).await;
        click(&client, "[data-testid=hint]").await;
        wait_until(
            &client,
            "const t = document.querySelector('[data-testid=board] [data-tile=\"6\"]'); \
             return t !== null && t.dataset.hint === 'up';",
            "the hint on tile 6, two cells below the gap",
        )
        .await;
        shots.take(&client, "multi-tile").await;
        click(&client, "[data-testid=board] [data-tile=\"6\"]").await;
        wait_for_distance(&client, 0, Duration::from_secs(30)).await;
        assert_eq!(board(&client).await, cells_of("123456780"));
        let verdict = client
            .find(Locator::Id("verdict"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(verdict, "Tile 6 up: optimal.");
        let address = client.current_url().await.unwrap();
        assert!(address.as_str().contains("metric=mtm"), "{address}");

        no_page_errors(&client).await;
        // The 503s while the files were built are logged as failed loads; nothing else is.
        let errors = console_errors(&client, &[503]).await;
        assert!(errors.is_empty(), "console errors: {errors:?}");
    };
    tilebase_browser::run(browser, &shots, result).await;
}
