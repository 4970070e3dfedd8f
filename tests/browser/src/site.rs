//! The site played in a browser: what the page does, whichever host serves it (a plain static
//! file server, or `serve --site`). The static host's test runs [`play`], `serve`'s
//! [`play_briefly`] (what differs between hosts).

use std::path::{Path, PathBuf};
use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;
use tilebase_web::ask::{self, Options};

use crate::{
    Shots, board, cell_of, cells_of, click, console_errors, in_view, no_page_errors, press,
    session, six_by_six, unavailable, wait_for_board, wait_for_distance, wait_for_text, wait_until,
};

/// The built site: `$TILEBASE_SITE`, else `target/site` in the workspace; `None` when it is not
/// built (said on stderr, or the test failed under CI, by [`unavailable`]).
pub fn built() -> Option<PathBuf> {
    let dir = match std::env::var_os("TILEBASE_SITE") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/site"),
    };
    if !dir.join("index.html").is_file() {
        unavailable(&format!(
            "the site is not built in {} (build it with `cargo xtask site`)",
            dir.display()
        ));
        return None;
    }
    Some(dir.canonicalize().unwrap_or(dir))
}

/// How much of the page a test plays: all of it ([`play`]), or what differs from one host to
/// another ([`play_briefly`]: the page, its module and its service worker served and working).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playing {
    /// Everything the page does.
    Whole,
    /// The articles' case answered and solved, then the page offline.
    Briefly,
}

/// [`play`]s (or [`play_briefly`]) the site at `page` in a fresh headless browser (skipped, or
/// failed under CI, where none can be driven), keeping its screenshots in the folder `shots`
/// beside `tmp` (an integration test's `CARGO_TARGET_TMPDIR`).
pub async fn play_in_browser(
    page: String,
    tmp: &Path,
    shots: &str,
    playing: Playing,
    stop_server: impl FnOnce() + Send + 'static,
) {
    let Some(browser) = session(1200, 900).await else {
        return;
    };
    let shots = Shots::new(tmp, shots);
    let client = browser.client.clone();
    match playing {
        Playing::Whole => {
            let test = play(client, page, shots.clone(), stop_server);
            crate::run(browser, &shots, test).await;
        }
        Playing::Briefly => {
            let test = play_briefly(client, page, shots.clone(), stop_server);
            crate::run(browser, &shots, test).await;
        }
    }
}

/// What a host must get right, the page's behaviour aside (which [`play`] covers on the static
/// host): the page and its module served, the articles' case answered (23 moves) and solved in
/// the browser, and, the server stopped, the page opened and answering from what its service
/// worker kept. Nothing is logged as an error.
pub async fn play_briefly(
    client: Client,
    page: String,
    shots: Shots,
    stop_server: impl FnOnce() + Send,
) {
    client
        .goto(&format!("{page}/?state=603712458"))
        .await
        .unwrap();
    wait_for_distance(&client, 23, Duration::from_secs(60)).await;
    click(&client, "[data-testid=solve]").await;
    wait_for_distance(&client, 0, Duration::from_secs(60)).await;
    assert_eq!(board(&client).await, [1, 2, 3, 8, 0, 4, 7, 6, 5]);
    shots.take(&client, "solved").await;
    offline(&client, &page, &shots, stop_server).await;
}

/// The server gone, the page opens from what the service worker kept, and answers (a new
/// position, from a table the worker builds); nothing logged as an error before or after.
async fn offline(client: &Client, page: &str, shots: &Shots, stop_server: impl FnOnce() + Send) {
    no_page_errors(client).await;
    let errors: Vec<Value> = console_errors(client, &[]).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    wait_until(
        client,
        "return navigator.serviceWorker.controller !== null;",
        "the service worker controls the page",
    )
    .await;
    stop_server();
    client
        .goto(&format!("{page}/?state=283104765"))
        .await
        .unwrap();
    wait_for_distance(client, 4, Duration::from_secs(60)).await;
    shots.take(client, "offline").await;
    no_page_errors(client).await;
}

/// The text where the distance goes.
pub async fn distance_text(client: &Client) -> String {
    let text = client
        .execute(
            "return document.querySelector('[data-testid=distance]').textContent;",
            vec![],
        )
        .await
        .unwrap();
    text.as_str().unwrap_or_default().to_string()
}

/// Chooses `value` in the menu that `css` selects, as a reader does (its change event fires).
pub async fn choose(client: &Client, css: &str, value: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

/// The text of the element with id `id`.
pub async fn text_of(client: &Client, id: &str) -> String {
    let text = client
        .execute(
            &format!("return document.getElementById({id:?}).textContent;"),
            vec![],
        )
        .await
        .unwrap();
    text.as_str().unwrap_or_default().to_string()
}

/// The names of the files the page's worker kept in the Cache API.
pub async fn kept_files(client: &Client) -> Vec<String> {
    let names = client
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             caches.open('tilebase-files-v1').then(c => c.keys()) \
             .then(keys => done(keys.map(k => k.url.split('/').pop())), e => done([String(e)]));",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(names).unwrap_or_default()
}

/// A sum of the bytes of the file `name` that the page's worker kept, and with `damage`, that
/// file kept again with one bit of its last byte flipped (the sum of what was kept then).
async fn kept_file_sum(client: &Client, name: &str, damage: bool) -> u64 {
    let sum = client
        .execute_async(
            "const [name, damage, done] = arguments; \
             caches.open('tilebase-files-v1').then(async (cache) => { \
               const key = (await cache.keys()).find((k) => k.url.endsWith('/' + name)); \
               const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer()); \
               if (damage) { bytes[bytes.length - 1] ^= 1; await cache.put(key, new Response(bytes)); } \
               done(bytes.reduce((sum, b, i) => (sum + b * (i % 251 + 1)) % 1000000007, 0)); \
             }, (e) => done(-1));",
            vec![serde_json::json!(name), serde_json::json!(damage)],
        )
        .await
        .unwrap();
    sum.as_u64()
        .unwrap_or_else(|| panic!("no kept file {name}: {sum}"))
}

/// Plays the site at `page` (its address, no trailing slash) in `client`'s browser: the
/// articles' case answered by the library in the page's Web Worker, the hint, a move and its
/// verdict, the clock, solve to 0, the keyboard, boards and goals from the menus, 2x2, a goal the
/// library cannot read, every optimal solution, a solve judged, the other parity half, every
/// address the library refuses (its words, the goal playable), the 15-puzzle over pattern
/// databases built in the page and kept, hints, keys and a uniform shuffle, a reload answering
/// from the kept files, 7x2 by address, the multi-tile metric, a phone's width, a 5x5 build
/// shown as it goes and ended by Stop, then built whole and a short 5x5 position solved; last,
/// `stop_server` is called and the page opens and answers from what its service worker kept. Nothing is logged as an error and
/// `window.tilebaseErrors` stays empty. Screenshots go to `shots`.
pub async fn play(client: Client, page: String, shots: Shots, stop_server: impl FnOnce() + Send) {
    // The articles' case: 23 moves, the hint on tile 1 (the one optimal move), a move to
    // 22, then solved.
    client
        .goto(&format!("{page}/?state=603712458"))
        .await
        .unwrap();
    wait_for_distance(&client, 23, Duration::from_secs(60)).await;
    assert_eq!(board(&client).await, [6, 0, 3, 7, 1, 2, 4, 5, 8]);
    click(&client, "[data-testid=hint]").await;
    wait_until(
        &client,
        "const t = document.querySelector('[data-testid=board] [data-tile=\"1\"]'); \
             return t !== null && t.dataset.hint === 'up' && \
             document.querySelectorAll('[data-testid=board] [data-hint]').length === 1;",
        "the hint on tile 1 alone",
    )
    .await;
    shots.take(&client, "hint").await;
    let one = cell_of(&client, 1).await;
    click(&client, &format!("[data-cell=\"{one}\"]")).await;
    wait_for_distance(&client, 22, Duration::from_secs(30)).await;
    wait_for_text(&client, "verdict", "Tile 1 up: optimal.").await;
    let clock = text_of(&client, "clock").await;
    assert!(clock.starts_with("1 move \u{b7} "), "{clock}");
    // The goal beside the board, small.
    let goal = client
        .execute(
            "return Array.from(document.querySelectorAll('#goal-mini > *'))\
                 .map(e => e.textContent || '0').join('');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(goal, serde_json::json!("123804765"));
    click(&client, "[data-testid=solve]").await;
    wait_for_distance(&client, 0, Duration::from_secs(60)).await;
    assert_eq!(board(&client).await, [1, 2, 3, 8, 0, 4, 7, 6, 5]);
    wait_until(
        &client,
        "const c = document.getElementById('clock').textContent; \
             return c.startsWith('23 moves \\u00b7 ') && c.endsWith(' \\u00b7 solved');",
        "the clock stopped at 23 moves",
    )
    .await;
    shots.take(&client, "solved").await;

    // The keyboard alone: ArrowUp slides the tile below the gap (6) up.
    press(&client, "\u{E013}").await;
    wait_for_distance(&client, 1, Duration::from_secs(20)).await;
    assert_eq!(cell_of(&client, 6).await, 4);

    // Another board from the menu: a new puzzle is drawn on it; then that position becomes
    // the goal.
    choose(&client, "#board-size", "3x2").await;
    wait_until(
        &client,
        "return window.location.search.includes('board=3x2') && \
             document.querySelectorAll('[data-testid=board] [data-tile]').length === 6;",
        "a 3x2 puzzle",
    )
    .await;
    click(&client, "#goal-here").await;
    wait_for_distance(&client, 0, Duration::from_secs(20)).await;

    // 2x2: its farthest position is 6 moves away, nearer than the slider's 20; a puzzle is
    // drawn all the same.
    choose(&client, "#board-size", "2x2").await;
    wait_until(
        &client,
        "return window.location.search.includes('board=2x2') && \
             document.querySelectorAll('[data-testid=board] [data-tile]').length === 4 && \
             /^\\d+ moves? to the goal$|solved/.test(\
               document.getElementById('distance').textContent);",
        "a 2x2 puzzle",
    )
    .await;
    let distance = text_of(&client, "distance").await;

    // A goal the library cannot read: its words beside the form; the position and its
    // distance stay, answered with the goal before.
    let state: String = board(&client).await.iter().map(u8::to_string).collect();
    let two = Options {
        board: Some("2x2"),
        goal: Some("12a"),
        ..Options::default()
    };
    let words = ask::distance(&state, two).unwrap_err();
    let input = client.find(Locator::Css("#goal")).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys("12a\u{E007}").await.unwrap(); // Enter submits
    wait_for_text(&client, "goal-error", &words).await;
    wait_until(
        &client,
        "return !document.getElementById('thinking').classList.contains('on') && \
             !document.getElementById('distance').classList.contains('stale');",
        "the position answered again",
    )
    .await;
    wait_for_text(&client, "distance", &distance).await;

    // Every optimal solution, with the count; a solve judged move by move, and a solution
    // the library refuses, in its words.
    client
        .goto(&format!("{page}/?state=283104765"))
        .await
        .unwrap();
    wait_for_distance(&client, 4, Duration::from_secs(30)).await;
    click(&client, "[data-testid=all-solutions]").await;
    wait_for_text(&client, "solutions-count", "1 optimal solution of 4 moves:").await;
    let listed = client
        .execute(
            "return Array.from(document.querySelectorAll('#solutions-list li'))\
                 .map(e => e.textContent);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(listed, serde_json::json!(["ULDR"]));
    let solution = client
        .find(fantoccini::Locator::Id("judge-solution"))
        .await
        .unwrap();
    solution.send_keys("LRULDR").await.unwrap();
    click(&client, "[data-testid=judge]").await;
    wait_for_text(
        &client,
        "judge-summary",
        "6 moves played from 283104765, 4 needed: 2 moves lost.",
    )
    .await;
    shots.take(&client, "judged").await;
    let refused = ask::analyse("283104765", "LRULDRX", Options::default(), false).unwrap_err();
    solution.send_keys("X").await.unwrap();
    click(&client, "[data-testid=judge]").await;
    wait_for_text(&client, "judge-error", &refused).await;

    // The other parity half: said at once, never searched.
    client
        .goto(&format!("{page}/?state=864072513"))
        .await
        .unwrap();
    wait_until(
        &client,
        "return document.querySelector('[data-testid=distance]').textContent\
             .startsWith('Cannot reach the goal');",
        "864072513 cannot reach the goal",
    )
    .await;

    // Addresses the library refuses: its own words where the distance goes (query's), and
    // the goal to play from, playable.
    let none = Options::default();
    let bad_goal = Options {
        goal: Some("1234567800"),
        ..none
    };
    let unread_goal = Options {
        goal: Some("12a"),
        ..none
    };
    let refused = [
        ("state=12a", ask::distance("12a", none)),
        ("state=1", ask::distance("1", none)),
        ("state=123456789", ask::distance("123456789", none)),
        (
            "state=603712458&goal=1234567800",
            ask::distance("603712458", bad_goal),
        ),
        ("goal=12a", ask::stats(unread_goal).map(|_| None)),
    ];
    for (i, (address, words)) in refused.into_iter().enumerate() {
        let words = words.expect_err(address);
        client.goto(&format!("{page}/?{address}")).await.unwrap();
        wait_for_board(&client, &[1, 2, 3, 8, 0, 4, 7, 6, 5]).await;
        wait_for_text(&client, "distance", &words).await;
        shots.take(&client, &format!("bad-address-{i}")).await;
        // Playable: the tile right of the gap slides into it.
        click(&client, "[data-cell=\"5\"]").await;
        wait_for_text(&client, "distance", "1 move to the goal").await;
    }

    // The 15-puzzle: its pattern databases built in the page's worker on first use, and
    // kept in the browser.
    let fifteen = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    client
        .goto(&format!("{page}/?board=4x4&state={fifteen}"))
        .await
        .unwrap();
    wait_for_distance(&client, 1, Duration::from_secs(180)).await;
    shots.take(&client, "fifteen").await;
    let kept = kept_files(&client).await;
    let patterns = kept.iter().filter(|name| name.starts_with("4x4-")).count();
    assert_eq!(patterns, 3, "the 6-6-3 pattern files kept: {kept:?}");
    click(&client, "[data-testid=hint]").await;
    wait_until(
        &client,
        "return JSON.stringify(Array.from(document.querySelectorAll(\
             '[data-testid=board] .optimal, [data-testid=board] [data-hint]'))\
             .map(e => e.dataset.tile)) === '[\"15\"]';",
        "tile 15 marked optimal, alone",
    )
    .await;
    shots.take(&client, "fifteen-hint").await;
    click(&client, "[data-testid=solve]").await;
    wait_for_distance(&client, 0, Duration::from_secs(60)).await;
    // ArrowRight slides tile 15 right, into the gap; a click on it slides it back.
    press(&client, "\u{E014}").await;
    wait_for_distance(&client, 1, Duration::from_secs(30)).await;
    assert_eq!(cell_of(&client, 15).await, 15);
    click(&client, "[data-tile=\"15\"]").await;
    wait_for_distance(&client, 0, Duration::from_secs(30)).await;
    wait_for_text(&client, "verdict", "Tile 15 left: optimal.").await;
    click(&client, "[data-testid=hint]").await;
    // Shuffle: a position drawn uniformly among those that can reach the goal, answered.
    click(&client, "#shuffle").await;
    wait_until(
        &client,
        "return /^\\d+ moves to the goal$/.test(\
             document.querySelector('[data-testid=distance]').textContent);",
        "a shuffled 15-puzzle answered",
    )
    .await;
    shots.take(&client, "shuffled").await;
    let shuffled = distance_text(&client).await;

    // A reload answers from the kept files: the worker gives them back to the library,
    // checked, before it answers (and builds nothing: the kept files stay as they were).
    client.refresh().await.unwrap();
    wait_until(
        &client,
        "return /\\d/.test(document.querySelector('[data-testid=distance]').textContent);",
        "an answer after the reload",
    )
    .await;
    assert_eq!(kept_files(&client).await, kept);
    assert_eq!(
        distance_text(&client).await,
        shuffled,
        "the shuffled position again"
    );

    // A kept file damaged (one bit of the pattern of tiles 13 to 15): noticed when the page
    // next starts, never answered from, built again and kept whole.
    let small = kept
        .iter()
        .find(|name| name.ends_with("-pdb-13-14-15.tilebase"))
        .expect("the pattern of tiles 13 to 15 kept")
        .clone();
    let whole = kept_file_sum(&client, &small, false).await;
    let damaged = kept_file_sum(&client, &small, true).await;
    assert_ne!(damaged, whole);
    client.refresh().await.unwrap();
    wait_until(
        &client,
        "return /\\d/.test(document.querySelector('[data-testid=distance]').textContent);",
        "an answer after the reload, the damaged file built again",
    )
    .await;
    assert_eq!(distance_text(&client).await, shuffled);
    assert_eq!(kept_file_sum(&client, &small, false).await, whole);

    // A board of over 12 cells besides 4x4 (7x2: 7 wide, 2 high), three moves from its
    // goal: answered once its patterns are built in the page, then solved.
    let wide = "1,2,3,4,0,6,7,8,9,10,11,5,12,13";
    client
        .goto(&format!("{page}/?board=7x2&state={wide}"))
        .await
        .unwrap();
    wait_for_distance(&client, 3, Duration::from_secs(120)).await;
    assert_eq!(board(&client).await, cells_of(wide));
    assert_eq!(
        client
            .execute(
                "return document.getElementById('board-size').value;",
                vec![]
            )
            .await
            .unwrap(),
        serde_json::json!("7x2")
    );
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
    choose(&client, "#metric", "stm").await;
    wait_for_distance(&client, 2, Duration::from_secs(30)).await;
    choose(&client, "#metric", "mtm").await;
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
    wait_for_text(&client, "verdict", "Tile 6 up: optimal.").await;
    let address = client.current_url().await.unwrap();
    assert!(address.as_str().contains("metric=mtm"), "{address}");
    click(&client, "[data-testid=hint]").await;

    // A phone's width: the 15-puzzle chosen from the menu, scrolled to as a reader does;
    // the board and its distance are then in view.
    client.set_window_size(420, 900).await.unwrap();
    client.goto(&format!("{page}/")).await.unwrap();
    wait_until(
        &client,
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
    choose(&client, "#board-size", "4x4").await;
    wait_until(
        &client,
        "return /^\\d+ moves? to the goal$/.test(\
             document.getElementById('distance').textContent) && \
             document.querySelectorAll('[data-testid=board] [data-tile]').length === 16;",
        "a 4x4 puzzle from the menu",
    )
    .await;
    let seen = in_view(&client, &["[data-testid=board]", "#distance"]).await;
    assert!(
        seen["elements"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["inView"] == true),
        "the board and the distance out of view: {seen}"
    );
    shots.take(&client, "4x4-420x900").await;
    client.set_window_size(1200, 900).await.unwrap();

    // A 5x5 position: its pattern databases take a while to build in the page. The build's
    // progress is shown, and Stop ends it at once.
    let near: Vec<String> = (1..=23).chain([0, 24]).map(|t| t.to_string()).collect();
    client
        .goto(&format!("{page}/?board=5x5&state={}", near.join(",")))
        .await
        .unwrap();
    wait_until(
        &client,
        "return document.getElementById('progress').textContent.startsWith('Building 5x5 tiles') \
         && !document.getElementById('progress-bar').hidden;",
        "the 5x5 build's progress shown, in words and a bar",
    )
    .await;
    shots.take(&client, "building-5x5").await;
    click(&client, "[data-testid=stop]").await;
    wait_until(
        &client,
        "return document.querySelector('[data-testid=distance]').textContent\
             .startsWith('Stopped');",
        "the build stopped",
    )
    .await;
    shots.take(&client, "stopped").await;
    // Asked again, a short 5x5 position (12 moves, as natively: web/tests/common) is answered
    // once the page has built its five patterns (a quarter of a minute on a quiet machine), and
    // solved.
    let short = "6,1,2,4,5,11,7,3,9,10,0,13,8,14,15,16,12,17,19,20,21,22,18,23,24";
    client
        .goto(&format!("{page}/?board=5x5&state={short}"))
        .await
        .unwrap();
    wait_for_distance(&client, 12, Duration::from_secs(600)).await;
    shots.take(&client, "5x5").await;
    let kept = kept_files(&client).await;
    let patterns = kept.iter().filter(|name| name.starts_with("5x5-")).count();
    assert_eq!(patterns, 5, "the 5-5-5-5-4 pattern files kept: {kept:?}");
    click(&client, "[data-testid=solve]").await;
    wait_for_distance(&client, 0, Duration::from_secs(60)).await;
    let goal: Vec<String> = (1..=24).chain([0]).map(|t| t.to_string()).collect();
    assert_eq!(board(&client).await, cells_of(&goal.join(",")));

    past_25_cells(&client, &page, &shots).await;

    // Offline: the server gone, the page opens from what the service worker kept.
    offline(&client, &page, &shots, stop_server).await;
}

/// Past 25 cells the page answers with bounds, as `query` does: a position three moves from
/// the 6x6 goal proven optimal, with the hint and the list of solutions off and the note that
/// says why; DeepCubeA's 35-puzzle state 132 given a lower bound and a solution; a position 16
/// moves out solved by playing the solution found.
async fn past_25_cells(client: &Client, page: &str, shots: &Shots) {
    client
        .goto(&format!("{page}/?board=6x6&state={}", six_by_six("UUL")))
        .await
        .unwrap();
    wait_for_distance(client, 3, Duration::from_secs(60)).await;
    let off = client
        .execute(
            "return [document.getElementById('hint').disabled, \
                 document.getElementById('all-solutions').disabled, \
                 document.getElementById('bounds-note').hidden];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(off, serde_json::json!([true, true, false]));
    let far = "1,2,4,6,11,21,7,31,17,23,28,14,10,0,19,22,18,5,8,9,3,29,12,15,13,20,16,26,32,30,\
               33,25,24,34,27,35";
    client
        .goto(&format!("{page}/?board=6x6&state={far}"))
        .await
        .unwrap();
    wait_until(
        client,
        "return /^At least (8[5-9]|9\\d|1\\d\\d) moves to the goal; a solution of \\d+ found\\.$/\
             .test(document.getElementById('distance').textContent);",
        "the bounds of a far 6x6 position",
    )
    .await;
    shots.take(client, "6x6-bounds").await;
    client
        .goto(&format!(
            "{page}/?board=6x6&state={}",
            six_by_six("UULLDRULDLURDDRU")
        ))
        .await
        .unwrap();
    wait_until(
        client,
        "return /^(At least \\d+ moves to the goal; a solution of \\d+ found\\.|\\d+ moves to the goal)$/\
             .test(document.getElementById('distance').textContent);",
        "the bounds of a 6x6 position 16 moves out",
    )
    .await;
    click(client, "[data-testid=solve]").await;
    wait_for_distance(client, 0, Duration::from_secs(60)).await;
    assert_eq!(board(client).await, cells_of(&six_by_six("")));
}
