//! Driving the page in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`) over WebDriver, for the browser tests of the service's page and of the
//! static site: chromedriver started on a free port, a session opened (or the test skipped, or
//! failed under CI, with one line saying why), and what the tests ask of the page (its board,
//! its distance, clicks and keys, its errors, screenshots).
//!
//! Without chromedriver, or when it cannot start a chromium session, a test is skipped with one
//! line on stderr saying why and how to run it; where `CI` is set (and not empty) it fails
//! instead, since CI installs both (`.ci/run`). `TILEBASE_CHROMEDRIVER` names the chromedriver to
//! use; `TILEBASE_SKIP_BROWSER=1` skips the tests anyway.

pub mod site;

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

/// How to run the test, for the line that says it was skipped or the failure in CI.
pub const HOW: &str = "install Debian's chromium and chromium-driver (apt-get install -y chromium \
                   chromium-driver), or set TILEBASE_CHROMEDRIVER to a chromedriver";

/// A line on stderr that is seen: the test harness captures `eprintln!` and shows it only for a
/// failing test, and a skipped test passes.
pub fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The test cannot run here, for `reason`: outside CI it is skipped, with one line saying why and
/// how to run it, so that `cargo test --workspace` passes on a newcomer's machine; in CI (`CI`
/// set and not empty), where chromium is installed, it fails.
pub fn unavailable(reason: &str) {
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
pub fn chromedriver() -> Option<PathBuf> {
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
pub struct Driver {
    child: Child,
    /// The port it listens on.
    pub port: u16,
}

impl Driver {
    /// chromedriver at `path`, listening; `Err` says why not.
    pub fn start(path: &Path) -> Result<Driver, String> {
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
pub struct BrowserLog;

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
pub async fn wait_for_distance(client: &Client, want: u32, limit: Duration) {
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
pub async fn wait_until(client: &Client, script: &str, what: &str) {
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
pub async fn board(client: &Client) -> Vec<u8> {
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
pub async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Presses a key (WebDriver's code for it) on the board, as a keyboard user does.
pub async fn press(client: &Client, key: &str) {
    client
        .find(Locator::Css("[data-testid=board]"))
        .await
        .unwrap()
        .send_keys(key)
        .await
        .unwrap();
}

/// The cell of tile `tile` on the board.
pub async fn cell_of(client: &Client, tile: u8) -> usize {
    let cells = board(client).await;
    cells
        .iter()
        .position(|&t| t == tile)
        .unwrap_or_else(|| panic!("no tile {tile} on {cells:?}"))
}

/// Where a run's screenshots are kept: a folder in the target directory, beside the `tmp` that
/// Cargo names for integration tests (so it follows `CARGO_TARGET_DIR`).
#[derive(Clone)]
pub struct Shots {
    /// The directory.
    pub dir: PathBuf,
}

impl Shots {
    /// The folder `name` beside `tmp` (an integration test's `CARGO_TARGET_TMPDIR`), emptied of
    /// an earlier run's pictures; one line says where it is.
    pub fn new(tmp: &Path, name: &str) -> Shots {
        let dir = tmp
            .parent()
            .expect("CARGO_TARGET_TMPDIR is in the target directory")
            .join(name);
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
    pub async fn take(&self, client: &Client, name: &str) {
        let png = client.screenshot().await.expect("a screenshot");
        let path = self.dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// Waits until the text of the element with id `id` is `want`; fails after 30 s.
pub async fn wait_for_text(client: &Client, id: &str, want: &str) {
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
pub async fn wait_for_board(client: &Client, want: &[u8]) {
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
pub fn cells_of(state: &str) -> Vec<u8> {
    if state.contains(',') {
        state.split(',').map(|t| t.parse().unwrap()).collect()
    } else {
        state.bytes().map(|b| b - b'0').collect()
    }
}

/// The browser's console errors and warnings since they were last read, but for failed loads
/// with one of the `expected` statuses (the page's questions that the service refuses).
pub async fn console_errors(client: &Client, expected: &[u16]) -> Vec<Value> {
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
pub async fn no_page_errors(client: &Client) {
    let escaped = client
        .execute("return window.tilebaseErrors;", vec![])
        .await
        .unwrap();
    assert_eq!(escaped, json!([]), "errors the page caught");
}

/// Whether each element that `selectors` name lies wholly within the viewport, with the
/// rectangles and viewport, for a failure to show.
pub async fn in_view(client: &Client, selectors: &[&str]) -> Value {
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

/// A browser session: chromedriver, and the client driving its chromium (with a profile of its
/// own, removed when the session is dropped).
pub struct Session {
    /// The client.
    pub client: Client,
    /// chromedriver, killed when dropped.
    pub driver: Driver,
    /// The browser's profile: a fresh one per session.
    pub profile: tempfile::TempDir,
}

/// A headless chromium session in a window `width` by `height`, logging the browser's console;
/// `None` when the test is to be skipped (said on stderr by [`unavailable`], which fails the
/// test under CI instead).
pub async fn session(width: u32, height: u32) -> Option<Session> {
    if std::env::var_os("TILEBASE_SKIP_BROWSER").is_some_and(|v| v == "1") {
        note("browser test skipped: TILEBASE_SKIP_BROWSER=1");
        return None;
    }
    let Some(path) = chromedriver() else {
        unavailable("chromedriver not found on PATH");
        return None;
    };
    let driver = match Driver::start(&path) {
        Ok(driver) => driver,
        Err(reason) => {
            unavailable(&reason);
            return None;
        }
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
            format!("--window-size={width},{height}"),
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
    match ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
    {
        Ok(client) => Some(Session {
            client,
            driver,
            profile,
        }),
        Err(e) => {
            unavailable(&format!(
                "chromedriver {} could not start a chromium session ({e})",
                path.display()
            ));
            None
        }
    }
}

/// Runs the test `body` with the session's client and `shots`: a failure is photographed
/// (`failure.png`) and the browser closed before the test fails.
pub async fn run<F>(session: Session, shots: &Shots, body: F)
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    let outcome = futures_catch(body).await;
    if outcome.is_err() {
        // What the page showed when the test failed; best effort, the failure is what matters.
        if let Ok(png) = session.client.screenshot().await {
            let _ = std::fs::write(shots.dir.join("failure.png"), png);
        }
    }
    let _ = session.client.close().await;
    drop(session.driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// Runs `future`, catching a panic so that the browser is closed before the test fails.
pub async fn futures_catch<F: std::future::Future<Output = ()> + Send + 'static>(
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

/// The 6x6 goal with the blank moved by `moves` (U, D, L, R), written with commas.
pub fn six_by_six(moves: &str) -> String {
    let mut cells: Vec<u8> = (1..=35).chain([0]).collect();
    let mut blank = 35usize;
    for m in moves.chars() {
        let to = match m {
            'U' => blank - 6,
            'D' => blank + 6,
            'L' => blank - 1,
            _ => blank + 1,
        };
        cells.swap(blank, to);
        blank = to;
    }
    let cells: Vec<String> = cells.iter().map(u8::to_string).collect();
    cells.join(",")
}
