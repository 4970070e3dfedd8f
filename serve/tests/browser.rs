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

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use crate::support::Server;

/// How to run the test, for the line that says it was skipped or the failure in CI.
const HOW: &str = "install Debian's chromium and chromium-driver (apt-get install -y chromium \
                   chromium-driver), or set TILEBASE_CHROMEDRIVER to a chromedriver";

/// A line on stderr that is seen: the test harness captures `eprintln!` and shows it only for a
/// failing test, and a skipped test passes.
fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The test cannot run here, for `reason`: outside CI it is skipped, with one line saying why and
/// how to run it, so that `cargo test --workspace` passes on a newcomer's machine; in CI (`CI`
/// set and not empty), where chromium is installed, it fails.
fn unavailable(reason: &str) {
    // chromedriver's own words may run over several lines.
    let reason = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        panic!("{reason}: {HOW} (CI is set, so the test fails rather than skip)");
    }
    note(&format!(
        "browser test skipped: {reason}; to run it, {HOW} (with CI set, it fails instead)"
    ));
}

/// Where chromedriver is: `$TILEBASE_CHROMEDRIVER`, else `chromedriver` on the `PATH`.
fn chromedriver() -> Option<PathBuf> {
    // A path named here is used as it is: if it is wrong, starting it fails and says so.
    if let Some(path) = std::env::var_os("TILEBASE_CHROMEDRIVER") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("chromedriver"))
        .find(|candidate| candidate.is_file())
}

/// chromedriver on a free port, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    /// chromedriver at `path`, listening; `Err` says why not.
    fn start(path: &Path) -> Result<Driver, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(path)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("chromedriver {} could not be started: {e}", path.display()))?;
        // Killed on drop, should it fail to listen.
        let mut driver = Driver { child, port };
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = driver.child.try_wait() {
                return Err(format!(
                    "chromedriver {} exited ({status}) before listening",
                    path.display()
                ));
            }
            if started.elapsed() > Duration::from_secs(20) {
                return Err(format!(
                    "chromedriver {} did not listen on port {port} within 20 s",
                    path.display()
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(driver)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver's log of the browser's console: `POST /session/{id}/se/log`.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or("")))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"type": "browser"}).to_string()),
        )
    }
}

/// The number in the distance element's text, once it is `want`; fails after `limit`.
async fn wait_for_distance(client: &Client, want: u32, limit: Duration) {
    let started = Instant::now();
    let mut last = String::new();
    while started.elapsed() < limit {
        if let Ok(element) = client.find(Locator::Css("[data-testid=distance]")).await {
            last = element.text().await.unwrap_or_default();
            let number: String = last
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if number.parse::<u32>().ok() == Some(want) {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the distance never showed {want}: last {last:?}");
}

/// Waits until `script` returns true; fails after 30 s, saying `what` was awaited.
async fn wait_until(client: &Client, script: &str, what: &str) {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        if client.execute(script, vec![]).await.ok() == Some(Value::Bool(true)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("waited 30 s in vain: {what}");
}

/// The board as the page shows it: the tile in each cell, read in one script so that a
/// redraw cannot come between two reads.
async fn board(client: &Client) -> Vec<u8> {
    let pairs = client
        .execute(
            "return Array.from(document.querySelectorAll('[data-testid=board] [data-tile]'))\
             .map(e => [Number(e.dataset.cell), Number(e.dataset.tile)]);",
            vec![],
        )
        .await
        .unwrap();
    let pairs = pairs.as_array().unwrap();
    let mut cells = vec![u8::MAX; pairs.len()];
    for pair in pairs {
        let cell = pair[0].as_u64().unwrap() as usize;
        cells[cell] = pair[1].as_u64().unwrap() as u8;
    }
    cells
}

/// Clicks the element that `css` selects.
async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Presses a key (WebDriver's code for it) on the board, as a keyboard user does.
async fn press(client: &Client, key: &str) {
    client
        .find(Locator::Css("[data-testid=board]"))
        .await
        .unwrap()
        .send_keys(key)
        .await
        .unwrap();
}

/// The cell of tile `tile` on the board.
async fn cell_of(client: &Client, tile: u8) -> usize {
    let cells = board(client).await;
    cells
        .iter()
        .position(|&t| t == tile)
        .unwrap_or_else(|| panic!("no tile {tile} on {cells:?}"))
}

/// Where the run's screenshots are kept: `browser-screenshots` in the target directory, beside
/// the `tmp` that Cargo names for integration tests (so it follows `CARGO_TARGET_DIR`).
#[derive(Clone)]
struct Shots {
    dir: PathBuf,
}

impl Shots {
    /// The directory, emptied of an earlier run's pictures; one line says where it is.
    fn new() -> Shots {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("CARGO_TARGET_TMPDIR is in the target directory")
            .join("browser-screenshots");
        match std::fs::remove_dir_all(&dir) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                panic!("{}: {e}", dir.display())
            }
            _ => {}
        }
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        note(&format!("browser test: screenshots in {}", dir.display()));
        Shots { dir }
    }

    /// Saves what the browser shows as `name.png`.
    async fn take(&self, client: &Client, name: &str) {
        let png = client.screenshot().await.expect("a screenshot");
        let path = self.dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// Waits until the text of the element with id `id` is `want`; fails after 30 s.
async fn wait_for_text(client: &Client, id: &str, want: &str) {
    let script = format!(
        "return document.getElementById({}).textContent === {};",
        json!(id),
        json!(want)
    );
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        if client.execute(&script, vec![]).await.ok() == Some(Value::Bool(true)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let last = client
        .execute(
            &format!("return document.getElementById({}).textContent;", json!(id)),
            vec![],
        )
        .await;
    panic!("#{id} never said {want:?}: last {last:?}");
}

/// Waits until the board shows `want`; fails after 30 s.
async fn wait_for_board(client: &Client, want: &[u8]) {
    let started = Instant::now();
    let mut last = Vec::new();
    while started.elapsed() < Duration::from_secs(30) {
        last = board(client).await;
        if last == want {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the board never showed {want:?}: last {last:?}");
}

/// The tiles of a state as the API writes it (digits, or numbers between commas).
fn cells_of(state: &str) -> Vec<u8> {
    if state.contains(',') {
        state.split(',').map(|t| t.parse().unwrap()).collect()
    } else {
        state.bytes().map(|b| b - b'0').collect()
    }
}

/// The browser's console errors and warnings since they were last read, but for failed loads
/// with one of the `expected` statuses (the page's questions that the service refuses).
async fn console_errors(client: &Client, expected: &[u16]) -> Vec<Value> {
    let log = client.issue_cmd(BrowserLog).await.unwrap();
    log.as_array()
        .map(|entries| {
            entries
                .iter()
                .filter(|e| e["level"] == "SEVERE" || e["level"] == "WARNING")
                .filter(|e| {
                    let message = e["message"].as_str().unwrap_or_default();
                    !expected.iter().any(|status| {
                        message.contains(&format!("the server responded with a status of {status}"))
                    })
                })
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// Checks that the page caught no error of its own.
async fn no_page_errors(client: &Client) {
    let escaped = client
        .execute("return window.tilebaseErrors;", vec![])
        .await
        .unwrap();
    assert_eq!(escaped, json!([]), "errors the page caught");
}

/// Whether each element that `selectors` name lies wholly within the viewport, with the
/// rectangles and viewport, for a failure to show.
async fn in_view(client: &Client, selectors: &[&str]) -> Value {
    client
        .execute(
            "const inside = (s) => { const e = document.querySelector(s); \
             const r = e.getBoundingClientRect(); \
             return {selector: s, top: r.top, bottom: r.bottom, left: r.left, right: r.right, \
             inView: r.height > 0 && r.top >= 0 && r.left >= 0 && \
             r.bottom <= window.innerHeight && r.right <= window.innerWidth}; }; \
             return {viewport: [window.innerWidth, window.innerHeight], \
             elements: arguments[0].map(inside)};",
            vec![json!(selectors)],
        )
        .await
        .unwrap()
}

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
    if std::env::var_os("TILEBASE_SKIP_BROWSER").is_some_and(|v| v == "1") {
        note("browser test skipped: TILEBASE_SKIP_BROWSER=1");
        return;
    }
    let Some(path) = chromedriver() else {
        return unavailable("chromedriver not found on PATH");
    };
    let driver = match Driver::start(&path) {
        Ok(driver) => driver,
        Err(reason) => return unavailable(&reason),
    };
    let profile = tempfile::tempdir().unwrap();
    let mut options = json!({
        "args": [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=420,900",
            format!("--user-data-dir={}", profile.path().display()),
        ]
    });
    if std::path::Path::new("/usr/bin/chromium").is_file() {
        options["binary"] = json!("/usr/bin/chromium");
    }
    let capabilities = json!({
        "goog:chromeOptions": options,
        "goog:loggingPrefs": {"browser": "ALL"},
    });
    let Value::Object(capabilities) = capabilities else {
        unreachable!()
    };
    // chromedriver without chromium starts, listens, and fails here.
    let client = match ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
    {
        Ok(client) => client,
        Err(e) => {
            return unavailable(&format!(
                "chromedriver {} could not start a chromium session ({e})",
                path.display()
            ));
        }
    };
    let shots = Shots::new();

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
    let outcome = futures_catch(result).await;
    if outcome.is_err() {
        // What the page showed when the test failed; best effort, the failure is what matters.
        if let Ok(png) = client.screenshot().await {
            let _ = std::fs::write(shots.dir.join("failure.png"), png);
        }
    }
    let _ = client.close().await;
    drop(driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// Runs `future`, catching a panic so that the browser is closed before the test fails.
async fn futures_catch<F: std::future::Future<Output = ()> + Send + 'static>(
    future: F,
) -> Result<(), Box<dyn std::any::Any + Send>> {
    match tokio::spawn(future).await {
        Ok(()) => Ok(()),
        Err(e) => match e.try_into_panic() {
            Ok(panic) => Err(panic),
            Err(e) => Err(Box::new(e.to_string())),
        },
    }
}
