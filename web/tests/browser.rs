//! The module as the browser runs it: compiled to wasm32 and run by wasm-bindgen's test runner
//! (Node, or headless Chromium with `WASM_BINDGEN_USE_BROWSER=1`), with no files and one
//! thread. Its answers are the native library's: the same tables byte for byte, the articles'
//! case, the same refusals.
//!
//! ```text
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!     cargo test -p tilebase-web --target wasm32-unknown-unknown
//! ```
#![cfg(target_arch = "wasm32")]

mod common;

use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn the_browser_builds_the_tables_the_native_library_builds() {
    common::check_tables();
}

#[wasm_bindgen_test]
fn the_browser_searches_as_the_native_library_searches() {
    common::check_searched();
}

#[wasm_bindgen_test]
fn the_articles_case_through_the_modules_exports() {
    let none = || None;
    assert_eq!(
        tilebase_web::distance("603712458", none(), none(), none(), none()).ok(),
        Some(Some(23))
    );
    assert_eq!(
        tilebase_web::solve("603712458", none(), none(), none(), none()).ok(),
        Some(Some("DDLURRDLLUURDDLURRDLLUR".to_string()))
    );
    assert_eq!(
        tilebase_web::distance("864072513", none(), none(), none(), none()).ok(),
        Some(None)
    );
}

#[wasm_bindgen_test]
fn refusals_are_querys_words() {
    let none = tilebase_web::ask::Options::default();
    assert_eq!(
        tilebase_web::ask::distance("60371245x", none),
        Err("\"60371245x\": stray character 'x' at column 9".into())
    );
}

/// Patterns built in the browser, and a search over them, on one thread.
#[wasm_bindgen_test]
fn the_fifteen_puzzle_is_searched_in_the_browser() {
    let fifteen = tilebase_web::ask::Options {
        board: Some("4x4"),
        pdb: Some("3-3-3-3-3"),
        ..Default::default()
    };
    let four = "1,2,3,4,5,0,7,8,9,6,11,12,13,10,14,15";
    assert_eq!(
        tilebase_web::ask::solutions(four, fifteen, None),
        Ok(Some(vec!["DDRR".into()]))
    );
}
