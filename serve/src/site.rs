//! The site at `/`: the static files `cargo xtask site` builds (the page, its JavaScript
//! module, the library compiled to WebAssembly), served as they are from the folder `--site`
//! names, so that `/` is the site's `index.html` byte for byte: one page, whether a static host
//! or this service serves it. Its answers come from the library in the browser, not from the
//! API. Without a site, `/` says how to build one.

use std::path::Path;

use axum::Router;
use axum::handler::HandlerWithoutStateExt;
use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, X_CONTENT_TYPE_OPTIONS};
use axum::http::{HeaderValue, Uri};
use axum::response::Response;
use tower_http::services::ServeDir;

use crate::error::ApiError;

/// The site's own files and nothing else: its scripts, its worker, its WebAssembly (compiled
/// in the page: `wasm-unsafe-eval`), its style, manifest and icon.
pub const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                          worker-src 'self'; connect-src 'self'; img-src 'self' data:; \
                          style-src 'self'; manifest-src 'self'; base-uri 'none'; \
                          form-action 'none'; frame-ancestors 'none'";

/// The files of the site in `dir`, each with its type, the policy, and no caching without
/// asking again (the files change with each build); a path that is not one of them is
/// answered by `not_found`.
pub fn files<F>(dir: &Path, not_found: fn(Uri) -> F) -> Router
where
    F: Future<Output = ApiError> + Send + 'static,
{
    let serve = ServeDir::new(dir).not_found_service(not_found.into_service());
    Router::new()
        .fallback_service(serve)
        .layer(axum::middleware::map_response(headers))
}

async fn headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// `GET /` without a site: how to build one, as a JSON error like every other.
pub async fn not_built() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::NOT_FOUND,
        "the page is not built here: build the site with `cargo xtask site` (docs/browser.md) \
         and start serve with --site target/site; the API answers at /api/query, /api/random \
         and /api/stats"
            .to_string(),
    )
}
