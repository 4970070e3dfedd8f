//! The page in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`)
//! driven over WebDriver. Open `/?state=603712458` and see 23; slide tile 1 up and see 22;
//! press solve and see 0; the keyboard moves a tile; and nothing is logged as an error.
//!
//! CI installs chromium and chromedriver (`.ci/run`); without chromedriver the test fails and
//! says how to install it. `TILEBASE_SKIP_BROWSER=1` skips it on a machine without them.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use crate::support::Server;

/// Where chromedriver is: `$TILEBASE_CHROMEDRIVER`, else `chromedriver` on the `PATH`.
fn chromedriver() -> Option<PathBuf> {
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
    fn start(path: &PathBuf) -> Driver {
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
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let driver = Driver { child, port };
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen on port {port} within 20 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
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

/// The cell of tile `tile` on the board.
async fn cell_of(client: &Client, tile: u8) -> String {
    let board = client
        .find(Locator::Css("[data-testid=board]"))
        .await
        .unwrap();
    let element = board
        .find(Locator::Css(&format!("[data-tile=\"{tile}\"]")))
        .await
        .unwrap();
    element.attr("data-cell").await.unwrap().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_hints_and_solves() {
    if std::env::var_os("TILEBASE_SKIP_BROWSER").is_some_and(|v| v == "1") {
        eprintln!("browser test skipped: TILEBASE_SKIP_BROWSER=1");
        return;
    }
    let path = chromedriver().unwrap_or_else(|| {
        panic!(
            "chromedriver not found on PATH: install Debian's chromium and chromium-driver \
             (apt-get install -y chromium chromium-driver), set TILEBASE_CHROMEDRIVER to it, or \
             set TILEBASE_SKIP_BROWSER=1 to skip this test"
        )
    });
    let server = Server::start();
    let driver = Driver::start(&path);
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
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a chromium session through chromedriver");

    let page = server.url();
    let expected_hints = server.get("/api/query?state=613702458&hint=true").json()["hints"].clone();
    let session = client.clone();
    let result = async move {
        let client = session;
        client
            .goto(&format!("{page}/?state=603712458"))
            .await
            .unwrap();
        wait_for_distance(&client, 23, Duration::from_secs(20)).await;
        assert_eq!(cell_of(&client, 1).await, "4");
        assert_eq!(cell_of(&client, 0).await, "1");
        let tiles = client.find_all(Locator::Css("[data-tile]")).await.unwrap();
        assert_eq!(tiles.len(), 9);

        // Slide tile 1 up, into the gap above it: one move closer.
        client
            .find(Locator::Css("[data-tile=\"1\"]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_for_distance(&client, 22, Duration::from_secs(20)).await;
        assert_eq!(cell_of(&client, 1).await, "1");
        assert_eq!(cell_of(&client, 0).await, "4");
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
        let mut marked = Vec::new();
        for tile in client.find_all(Locator::Css(".optimal")).await.unwrap() {
            marked.push(tile.attr("data-tile").await.unwrap().unwrap());
        }
        marked.sort();
        let mut optimal: Vec<String> = expected_hints
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["optimal"] == true)
            .map(|h| h["tile"].to_string())
            .collect();
        optimal.sort();
        assert!(!optimal.is_empty());
        assert_eq!(marked, optimal);

        // Solve plays an optimal solution to the goal.
        client
            .find(Locator::Css("[data-testid=solve]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_for_distance(&client, 0, Duration::from_secs(60)).await;
        let solved: Vec<String> = {
            let mut cells = vec![String::new(); 9];
            for tile in 0..9u8 {
                let cell: usize = cell_of(&client, tile).await.parse().unwrap();
                cells[cell] = tile.to_string();
            }
            cells
        };
        assert_eq!(solved.concat(), "123804765");

        // The keyboard alone: ArrowUp slides the tile below the gap (6) up.
        client
            .find(Locator::Css("[data-testid=board]"))
            .await
            .unwrap()
            .send_keys("\u{E013}")
            .await
            .unwrap();
        wait_for_distance(&client, 1, Duration::from_secs(20)).await;
        assert_eq!(cell_of(&client, 6).await, "4");

        let escaped = client
            .execute("return window.tilebaseErrors;", vec![])
            .await
            .unwrap();
        assert_eq!(escaped, json!([]), "errors the page caught");
        let log = client.issue_cmd(BrowserLog).await.unwrap();
        let errors: Vec<&Value> = log
            .as_array()
            .map(|entries| {
                entries
                    .iter()
                    .filter(|e| e["level"] == "SEVERE" || e["level"] == "WARNING")
                    .collect()
            })
            .unwrap_or_default();
        assert!(errors.is_empty(), "console errors: {errors:?}");
    };
    let outcome = futures_catch(result).await;
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
