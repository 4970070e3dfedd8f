//! The routes and the layers around them: a body limit, a timeout, compression of large
//! answers, a panic caught as a 500, and every error answered as JSON.

use std::any::Any;

use axum::Router;
use axum::http::header::{ALLOW, CONTENT_TYPE, RETRY_AFTER};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use tilebase_answer::quote;

use crate::api;
use crate::error::{ApiError, JSON};
use crate::limits::{MAX_BODY, TIMEOUT};
use crate::site;
use crate::store::Store;

/// Answers smaller than this are sent as they are: compressing a small body costs more time
/// than it saves (gzip of a query's answer halves the requests served a second).
const COMPRESS_ABOVE: u64 = 2048;

/// The service without a site: the API and `/healthz`, answering from `store`; `/` says how to
/// build the site.
pub fn router(store: &'static Store) -> Router {
    router_with_site(store, None)
}

/// The service: the site in the folder `site` at `/` (its files as they are), the API and
/// `/healthz`, answering from `store`.
pub fn router_with_site(store: &'static Store, site: Option<&std::path::Path>) -> Router {
    let compress = SizeAbove::new(COMPRESS_ABOVE).and(NotForContentType::IMAGES);
    let api = Router::new()
        .route("/healthz", get(api::health))
        .route("/api/query", get(api::query_one).post(api::query_batch))
        .route("/api/random", get(api::random))
        .route("/api/stats", get(api::stats));
    let routes = match site {
        Some(dir) => api.fallback_service(site::files(dir, not_found)),
        None => api.route("/", get(site::not_built)).fallback(not_found),
    };
    routes
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(store)
        .layer(CompressionLayer::new().compress_when(compress))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            TIMEOUT,
        ))
        .layer(CatchPanicLayer::custom(panicked))
        .layer(axum::middleware::map_response(json_errors))
}

/// 404 for any other path.
async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no such path: {}; the page is at /, the API at /api/query, /api/random and \
             /api/stats",
            quote(uri.path())
        ),
    )
}

/// 405 for a method a path does not take; axum adds the `Allow` header, which says which do.
async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{method} is not allowed on {}: the Allow header lists the methods that are",
            quote(uri.path())
        ),
    )
}

/// A panic is a bug; the client gets a 500 in JSON, and the service goes on.
fn panicked(_: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::internal("internal error: the service failed on this request").into_response()
}

/// Errors made by the layers rather than the handlers (413 from the body limit, 503 from the
/// timeout) come without a JSON body: give them one. Every other answer passes untouched.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error())
        || response.headers().get(CONTENT_TYPE) == Some(&JSON)
    {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the body is larger than {MAX_BODY} bytes (1 MiB)")
        }
        StatusCode::SERVICE_UNAVAILABLE => format!(
            "the answer took longer than {} s; try again shortly",
            TIMEOUT.as_secs()
        ),
        other => other
            .canonical_reason()
            .unwrap_or("error")
            .to_ascii_lowercase(),
    };
    let mut error = ApiError::new(status, message);
    if status == StatusCode::SERVICE_UNAVAILABLE {
        error.retry_after = Some(2);
    }
    let allow = response.headers().get(ALLOW).cloned();
    let retry = response.headers().get(RETRY_AFTER).cloned();
    let mut json = error.into_response();
    for (name, value) in [(ALLOW, allow), (RETRY_AFTER, retry)] {
        if let Some(value) = value {
            json.headers_mut().insert(name, value);
        }
    }
    json
}
