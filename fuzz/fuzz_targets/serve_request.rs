//! Any request to the service (method, path, query string, body): answered, or refused with a
//! JSON error of the 4xx kind (503 when the answer would need files the service is not
//! allowed to build here), never a 500, a panic or a hang. The service runs in the process, its
//! cache private, with no heavy work allowed (no 12-cell table or pattern database is built),
//! so that every board of up to 10 cells is answered in full. The input is text: a method, a
//! newline, the path and query string as sent, a newline, and the body.
#![no_main]

use std::sync::OnceLock;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use tilebase_fuzz::private_cache;
use tilebase_serve::app::router;
use tilebase_serve::store::{Settings, Store};
use tower::ServiceExt;

fn service() -> &'static (tokio::runtime::Runtime, Router) {
    static SERVICE: OnceLock<(tokio::runtime::Runtime, Router)> = OnceLock::new();
    SERVICE.get_or_init(|| {
        private_cache();
        let settings = Settings {
            max_nodes: 100_000,
            ..Settings::default()
        };
        let store: &'static Store = Box::leak(Box::new(Store::new(0, settings)));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        (runtime, router(store))
    })
}

fuzz_target!(|data: &[u8]| {
    let (runtime, app) = service();
    // A method, a line, the path and query as sent, a line, and the body: text that seeds and
    // crashes can be read and written in.
    let mut parts = data.splitn(3, |&b| b == b'\n');
    let (Some(method), Some(uri)) = (parts.next(), parts.next()) else {
        return;
    };
    let body = parts.next().unwrap_or_default();
    let (Ok(method), Ok(uri)) = (Method::from_bytes(method), std::str::from_utf8(uri)) else {
        return;
    };
    let Ok(request) = Request::builder()
        .method(method.clone())
        .uri(uri)
        .body(Body::from(body.to_vec()))
    else {
        // Not a request line HTTP can carry: the server never sees it.
        return;
    };
    let response = runtime
        .block_on(app.clone().oneshot(request))
        .expect("the router answers every request");
    let status = response.status();
    assert!(
        status != StatusCode::INTERNAL_SERVER_ERROR,
        "{method} {uri:?}: 500"
    );
    let json = response
        .headers()
        .get("content-type")
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    let body = runtime
        .block_on(axum::body::to_bytes(response.into_body(), usize::MAX))
        .expect("a body in memory");
    if !status.is_success() {
        assert!(
            status.is_client_error() || status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}"
        );
        if method != Method::HEAD {
            assert!(json, "{method} {uri:?}: {status} without JSON");
            let error: serde_json::Value = serde_json::from_slice(&body).expect("a JSON error");
            assert!(error["error"].is_string(), "{error}");
        }
    }
});
