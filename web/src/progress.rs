//! What the page is told while the module works, where it cannot ask (the module's one thread
//! is the build's or the search's): each build's progress, and each search's length sought and
//! nodes, at most ten times a second, through functions the module's worker defines on
//! `globalThis` (`tilebaseBuilding(what, done, total)`, `tilebaseSearching(bound, nodes)`).
//! Where they are not defined (Node, a test), nothing is told; natively, nothing either.

use std::sync::Mutex;
use std::time::Duration;

use tilebase_answer::{Building, Job, Watch};
use web_time::Instant;

/// The least time between two reports of the same kind.
const EVERY: Duration = Duration::from_millis(100);

#[cfg(target_arch = "wasm32")]
mod page {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(catch, js_namespace = globalThis, js_name = tilebaseBuilding)]
        fn building(what: &str, done: f64, total: f64) -> Result<(), JsValue>;
        #[wasm_bindgen(catch, js_namespace = globalThis, js_name = tilebaseSearching)]
        fn searching(bound: u32, nodes: f64) -> Result<(), JsValue>;
    }

    pub(super) fn tell_building(what: &str, done: u64, total: u64) {
        // Not defined where no one listens: nothing to tell.
        let _ = building(what, done as f64, total as f64);
    }

    pub(super) fn tell_searching(bound: u32, nodes: u64) {
        let _ = searching(bound, nodes as f64);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod page {
    pub(super) fn tell_building(_: &str, _: u64, _: u64) {}
    pub(super) fn tell_searching(_: u32, _: u64) {}
}

/// Whether `last` was long enough ago to tell again; if so, now is the last time.
fn due(last: &Mutex<Option<Instant>>) -> bool {
    let mut last = last.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let now = Instant::now();
    match *last {
        Some(then) if now.duration_since(then) < EVERY => false,
        _ => {
            *last = Some(now);
            true
        }
    }
}

/// Tells the page how its searches go: the length sought as each iteration begins (always),
/// and the nodes (at most ten times a second).
pub fn watch_searches() {
    static LAST: Mutex<Option<Instant>> = Mutex::new(None);
    static BOUND: Mutex<u32> = Mutex::new(0);
    tilebase_pattern::progress::watch(|bound, nodes| {
        let mut told = BOUND
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *told != bound || due(&LAST) {
            *told = bound;
            page::tell_searching(bound, nodes);
        }
    });
}

/// The page's [`Watch`]: each build's progress, told as it goes.
pub struct Page;

impl Watch for Page {
    fn say(&self, _message: &str) {}

    fn building(&self, job: &Job<'_>) -> Box<dyn Building + '_> {
        let build = PageBuild {
            what: job.describe(),
            total: job.total(),
            last: Mutex::new(None),
        };
        page::tell_building(&build.what, 0, build.total);
        Box::new(build)
    }
}

/// One build, told to the page.
struct PageBuild {
    what: String,
    total: u64,
    last: Mutex<Option<Instant>>,
}

impl Building for PageBuild {
    fn layer(&self, _depth: u32, reached: u64, total: u64) {
        if due(&self.last) {
            page::tell_building(&self.what, reached, total);
        }
    }

    fn expanded(&self, done: u64) {
        if due(&self.last) {
            page::tell_building(&self.what, done, self.total);
        }
    }
}

impl Drop for PageBuild {
    fn drop(&mut self) {
        page::tell_building(&self.what, self.total, self.total);
    }
}
