//! The page as `serve` serves it: the built site (`cargo xtask site`, in `target/site/`) at `/`
//! from `serve --site`, played briefly in headless Chromium (`tilebase_browser::site::
//! play_briefly`: the page, its module and its service worker served and answering; what the
//! page does is the same on every host, played whole on the static host by web/tests/site.rs).
//! Last, the server is stopped and the page answers from what its service worker kept.
//!
//! Screenshots are kept in `target/serve-screenshots/`. Where the site is not built or chromium
//! cannot be driven, the test is skipped with a line saying why (and fails where `CI` is set:
//! CI builds the site first, `.ci/wasm.sh`). `TILEBASE_SITE` names another built site.

use std::path::Path;

use tilebase_browser::site::{self, Playing};

use crate::support::Server;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_the_site_served_by_serve() {
    let Some(dir) = site::built() else {
        return;
    };
    let server = Server::start_with(&["--site", dir.to_str().expect("a UTF-8 path")]);
    // `/` is the site's index.html, byte for byte.
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(server.get("/").body, index);
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    site::play_in_browser(
        server.url(),
        tmp,
        "serve-screenshots",
        Playing::Briefly,
        move || drop(server),
    )
    .await;
}
