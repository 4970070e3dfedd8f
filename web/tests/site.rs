//! The built site (`cargo xtask site`, in `target/site/`) served by a plain static file server
//! (`python3 -m http.server`), with no tilebase process behind it, played in headless Chromium
//! by `tilebase_browser::site::play` (what it plays is said there): every answer comes from the
//! library in the page's Web Worker. Last, the server is stopped and the page opens and answers
//! from what its service worker kept.
//!
//! Screenshots are kept in `target/site-screenshots/`. Where the site is not built, python3 is
//! missing or chromium cannot be driven, the test is skipped with a line saying why (and fails
//! where `CI` is set: CI builds the site first, `.ci/wasm.sh`). `TILEBASE_SITE` names another
//! built site.
#![cfg(not(target_arch = "wasm32"))]

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tilebase_browser::site::{self, Playing};
use tilebase_browser::unavailable;

/// `python3 -m http.server` serving `dir` on a free port of the loopback, killed when dropped.
struct StaticServer {
    child: Child,
    port: u16,
}

impl StaticServer {
    fn start(dir: &Path) -> Result<StaticServer, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let child = Command::new("python3")
            .args(["-m", "http.server", "--bind", "127.0.0.1", "--directory"])
            .arg(dir)
            .arg(port.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("python3 -m http.server could not be started: {e}"))?;
        let mut server = StaticServer { child, port };
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = server.child.try_wait() {
                return Err(format!("python3 -m http.server exited ({status})"));
            }
            if started.elapsed() > Duration::from_secs(20) {
                return Err("python3 -m http.server did not listen within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(server)
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_answers_in_the_browser_with_no_server() {
    let Some(dir) = site::built() else {
        return;
    };
    let server = match StaticServer::start(&dir) {
        Ok(server) => server,
        Err(reason) => return unavailable(&reason),
    };
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    site::play_in_browser(
        server.url(),
        tmp,
        "site-screenshots",
        Playing::Whole,
        move || drop(server),
    )
    .await;
}
