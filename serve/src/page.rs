//! The page at `/`: HTML, CSS and JavaScript compiled into the binary (no CDN, no build step,
//! works offline), served with a content security policy that allows nothing else.

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::{HeaderName, HeaderValue};
use axum::response::{IntoResponse, Response};

/// The page.
pub const INDEX: &str = include_str!("../page/index.html");
/// Its script.
pub const SCRIPT: &str = include_str!("../page/app.js");
/// Its style sheet.
pub const STYLE: &str = include_str!("../page/app.css");

/// Only this service's own script, style and API; the icon is inline.
const POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
     img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
);

fn embedded(body: &'static str, content_type: &'static str) -> Response {
    (
        [
            (CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (CONTENT_SECURITY_POLICY, POLICY),
            // The files change with the binary: ask again each time (a 200 of a few kB).
            (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (
                HeaderName::from_static("x-content-type-options"),
                HeaderValue::from_static("nosniff"),
            ),
        ],
        body,
    )
        .into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    embedded(INDEX, "text/html; charset=utf-8")
}

/// `GET /app.js`.
pub async fn script() -> Response {
    embedded(SCRIPT, "text/javascript; charset=utf-8")
}

/// `GET /app.css`.
pub async fn style() -> Response {
    embedded(STYLE, "text/css; charset=utf-8")
}
