//! The page as `serve` serves it: the built site (`cargo xtask site`, in `target/site/`) at `/`
//! from `serve --site`, played in headless Chromium as the static site's test plays it
//! (`tilebase_browser::site::play`: the same page, the same answers from the library in the
//! browser). Last, the server is stopped and the page answers from what its service worker
//! kept.
//!
//! Screenshots are kept in `target/serve-screenshots/`. Where the site is not built or chromium
//! cannot be driven, the test is skipped with a line saying why (and fails where `CI` is set:
//! CI builds the site first, `.ci/wasm.sh`). `TILEBASE_SITE` names another built site.

use std::path::{Path, PathBuf};

use tilebase_browser::{Shots, session, unavailable};

use crate::support::Server;

/// The built site: `$TILEBASE_SITE`, else `target/site` in the workspace.
fn site() -> PathBuf {
    match std::env::var_os("TILEBASE_SITE") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/site"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_the_site_served_by_serve() {
    let dir = site();
    if !dir.join("index.html").is_file() {
        return unavailable(&format!(
            "the site is not built in {} (build it with `cargo xtask site`)",
            dir.display()
        ));
    }
    let dir = dir.canonicalize().expect("the site's folder");
    let server = Server::start_with(&["--site", dir.to_str().expect("a UTF-8 path")]);
    // `/` is the site's index.html, byte for byte.
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(server.get("/").body, index);
    let Some(browser) = session(1200, 900).await else {
        return;
    };
    let shots = Shots::new(Path::new(env!("CARGO_TARGET_TMPDIR")), "serve-screenshots");
    let test = tilebase_browser::site::play(
        browser.client.clone(),
        server.url(),
        shots.clone(),
        move || drop(server),
    );
    tilebase_browser::run(browser, &shots, test).await;
}
