//! Every error the service answers, in one place: a status and a JSON body,
//! `{"error":"..."}`, never an HTML page or a dropped connection.

use std::borrow::Cow;

use axum::http::header::{CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use tilebase_answer::QuestionError;

/// The content type of every answer of the API.
pub const JSON: HeaderValue = HeaderValue::from_static("application/json");

/// An answer that is an error: the status and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for a person: the `error` field.
    pub message: Cow<'static, str>,
    /// Seconds after which to try again, sent as `Retry-After` (503 when busy).
    pub retry_after: Option<u32>,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: StatusCode, message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 400: a bad state, goal, board, parameter or JSON body.
    pub fn bad_request(message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 413: a body, or a batch, larger than the service takes.
    pub fn too_large(message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 503 with `Retry-After`: the service is doing as much heavy work as it allows at once.
    pub fn busy(message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError {
            retry_after: Some(2),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
        }
    }

    /// 503 with `Retry-After`: as much heavy work is under way as the service allows.
    pub fn heavy_busy() -> ApiError {
        ApiError::busy(
            "busy: as much heavy work (building or reading whole 12-cell tables, or building pattern \
             databases of a larger board) is under way as this service allows at once; try again \
             shortly",
        )
    }

    /// 400: a question that cannot be asked, in the library's words.
    pub fn question(error: QuestionError) -> ApiError {
        ApiError::bad_request(error.to_string())
    }

    /// 500: something on the server's side, such as a damaged database file.
    pub fn internal(message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

/// The body of an error: `{"error":"..."}` and a newline, the message escaped as JSON.
pub fn body(message: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + 16);
    out.extend_from_slice(b"{\"error\":");
    // Writing a string into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut out, message);
    out.extend_from_slice(b"}\n");
    out
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response =
            (self.status, [(CONTENT_TYPE, JSON)], body(&self.message)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_escaped() {
        assert_eq!(body("plain"), b"{\"error\":\"plain\"}\n");
        assert_eq!(
            String::from_utf8(body("a \"quote\"\n\\ and \u{1}")).unwrap(),
            "{\"error\":\"a \\\"quote\\\"\\n\\\\ and \\u0001\"}\n"
        );
    }

    #[test]
    fn busy_says_when_to_come_back() {
        let response = ApiError::busy("busy").into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[RETRY_AFTER], "2");
        assert_eq!(response.headers()[CONTENT_TYPE], "application/json");
    }
}
