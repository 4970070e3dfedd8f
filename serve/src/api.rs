//! The JSON API: `/api/query` (one state by GET, a batch by POST), `/api/random`,
//! `/api/stats`, each answering what the program of the same name prints with `--json`.

use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use axum::body::{Body, Bytes};
use axum::extract::State as Shared;
use axum::extract::rejection::BytesRejection;
use axum::http::header::CONTENT_TYPE;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tilebase_core::State;
use tilebase_tools::locate::Source;
use tilebase_tools::query::{Answerer, Input, Mode, Notation};
use tilebase_tools::random::{self, Distances};
use tilebase_tools::stats;

use crate::databases::{Databases, is_heavy};
use crate::error::{ApiError, JSON};
use crate::fifteen;
use crate::params::{self, Question};

/// The most states one POST may ask about.
pub const MAX_STATES: usize = 10_000;

/// The most states one `/api/random` may draw.
pub const MAX_COUNT: usize = 10_000;

/// Batches larger than this are answered in a blocking thread rather than on the runtime's.
const INLINE_STATES: usize = 64;

/// A JSON answer.
fn json(body: impl Into<Bytes>) -> Response {
    ([(CONTENT_TYPE, JSON)], Body::from(body.into())).into_response()
}

thread_local! {
    /// Each thread's buffer for single answers, reused from request to request: the answer is
    /// then copied out at its exact size, one allocation where a fresh buffer took two (its
    /// own, and the shared header `Bytes` adds to a vector with room to spare).
    static ANSWER: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(Vec::with_capacity(1024));
}

/// The buffer kept by [`ANSWER`] between requests is at most this large.
const KEPT_ANSWER: usize = 64 << 10;

/// `GET /api/query?state=S[&goal=G][&board=WxH][&metric=stm|mtm][&hint=true][&boards=true]`:
/// the object `query --json` prints for `S`. An unsolvable state is an answer
/// (`"solvable":false`); an unreadable one is a 400.
pub async fn query_one(
    Shared(databases): Shared<&'static Databases>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let [state, goal, board, metric, hint, boards] = params::parse(
        uri.query(),
        ["state", "goal", "board", "metric", "hint", "boards"],
    )?;
    let text = params::required(state, "state", "603712458")?;
    if params::four_by_four(board.as_deref()) {
        let options = fifteen::Options {
            hint: params::flag(hint.as_deref(), "hint")?,
            boards: params::flag(boards.as_deref(), "boards")?,
        };
        // Boxed, as is the first question about a goal below: the usual answer's future stays
        // small (it is moved and allocated on every request).
        return Box::pin(query_one_4x4(
            databases,
            &text,
            goal.as_deref(),
            metric.as_deref(),
            options,
        ))
        .await;
    }
    let question = Question::read(board.as_deref(), goal.as_deref(), metric.as_deref())?;
    let options = Options {
        hint: params::flag(hint.as_deref(), "hint")?,
        boards: params::flag(boards.as_deref(), "boards")?,
    };
    let state = params::state(&question, &text)?;
    let respond = |source: &Arc<Source>| {
        ANSWER.with_borrow_mut(|out| {
            out.clear();
            let mut answerer = options.answerer(source);
            answer(&mut answerer, source, &text, Some(state), options, out);
            let answered = if out.starts_with(b"{\"input\"") {
                // The state was read above, so only the database can have failed: a damaged
                // entry.
                Err(ApiError::internal(inline_error(out)))
            } else {
                out.push(b'\n');
                Ok(json(Bytes::copy_from_slice(out)))
            };
            if out.capacity() > KEPT_ANSWER {
                *out = Vec::with_capacity(1024);
            }
            answered
        })
    };
    // A goal asked before, the usual case, is answered without awaiting anything.
    if let Some(response) = databases.with_remembered(&question, respond) {
        return response;
    }
    respond(&Box::pin(databases.source(question)).await?)
}

/// The body of `POST /api/query`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Batch {
    /// The states, in any form `query` reads; anything but a string is answered with an error.
    pub states: Vec<serde_json::Value>,
    /// The goal [default: the board's].
    pub goal: Option<String>,
    /// The board, `WxH` [default: read off the goal, else 3x3].
    pub board: Option<String>,
    /// `stm` or `mtm` [default: stm].
    pub metric: Option<String>,
    /// Add `hints` to each answer.
    #[serde(default)]
    pub hint: bool,
    /// Add `boards` to each answer.
    #[serde(default)]
    pub boards: bool,
}

/// `POST /api/query` with `{"states":[...], "goal":..., "board":..., "metric":...}`:
/// `{"results":[...]}`, one object per state in input order, an unreadable one answered in
/// its place as `{"input":...,"error":...}`.
pub async fn query_batch(
    Shared(databases): Shared<&'static Databases>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body = body.map_err(|rejection| match rejection.status().as_u16() {
        413 => ApiError::too_large(format!(
            "the body is larger than {} bytes (1 MiB)",
            crate::app::MAX_BODY
        )),
        _ => ApiError::new(rejection.status(), rejection.body_text()),
    })?;
    let batch: Batch = serde_json::from_slice(&body).map_err(|e| {
        ApiError::bad_request(format!(
            "the body is not a batch, {{\"states\":[\"603712458\", ...]}} with optional goal, \
             board, metric, hint and boards: {e}"
        ))
    })?;
    if batch.states.len() > MAX_STATES {
        return Err(ApiError::too_large(format!(
            "{} states: at most {MAX_STATES} per request",
            batch.states.len()
        )));
    }
    if params::four_by_four(batch.board.as_deref()) {
        return query_batch_4x4(databases, batch).await;
    }
    let question = Question::read(
        batch.board.as_deref(),
        batch.goal.as_deref(),
        batch.metric.as_deref(),
    )?;
    let source = databases.source(question).await?;
    let options = Options {
        hint: batch.hint,
        boards: batch.boards,
    };
    if batch.states.len() <= INLINE_STATES {
        return Ok(json(answer_batch(&source, &batch.states, options)));
    }
    let permit = databases.batch_permit()?;
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        answer_batch(&source, &batch.states, options)
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("answering the batch failed: {e}")))?;
    Ok(json(out))
}

/// What each answer adds to `query --json`'s six fields.
#[derive(Clone, Copy, Debug)]
struct Options {
    /// `hints`, as `query --json --hint` adds them.
    hint: bool,
    /// `boards`: every state along the solution, from the state to the goal.
    boards: bool,
}

impl Options {
    fn answerer<'a>(&self, source: &'a Source) -> Answerer<'a> {
        Answerer::for_source(
            source,
            Mode::Json {
                all: false,
                hint: self.hint,
                notation: Notation::Blank,
            },
        )
    }
}

/// Appends the answer for the state written as `text` (read already as `state`, if it could
/// be), without its newline.
fn answer(
    answerer: &mut Answerer<'_>,
    source: &Source,
    text: &str,
    state: Option<State>,
    options: Options,
    out: &mut Vec<u8>,
) {
    let start = out.len();
    match state {
        Some(state) => answerer.answer_read(Input::argument(text), state, out),
        None => answerer.answer(Input::argument(text), out),
    }
    if out.last() == Some(&b'\n') {
        out.pop();
    }
    if !options.boards || out[start..].starts_with(b"{\"input\"") {
        return;
    }
    let Some(state) = state.or_else(|| State::parse(source.goal.board(), text).ok()) else {
        return;
    };
    // The object ends with its closing brace: the field goes before it.
    out.pop();
    out.extend_from_slice(b",\"boards\":");
    match source.answers().solve(&state) {
        Ok(path) => {
            out.push(b'[');
            let mut now = state;
            let _ = write!(out, "\"{now}\"");
            for &step in path.iter() {
                let Some(next) = now.slide(step) else { break };
                now = next;
                let _ = write!(out, ",\"{now}\"");
            }
            out.push(b']');
        }
        Err(_) => out.extend_from_slice(b"null"),
    }
    out.push(b'}');
}

/// `{"results":[...]}` for a batch.
fn answer_batch(source: &Source, states: &[serde_json::Value], options: Options) -> Vec<u8> {
    let mut answerer = options.answerer(source);
    let mut out = Vec::with_capacity(16 + states.len() * if options.boards { 1024 } else { 128 });
    out.extend_from_slice(b"{\"results\":[");
    for (i, value) in states.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        match value {
            serde_json::Value::String(text) => {
                answer(&mut answerer, source, text, None, options, &mut out);
            }
            other => {
                out.extend_from_slice(b"{\"input\":");
                let _ = serde_json::to_writer(&mut out, other);
                out.extend_from_slice(
                    b",\"error\":\"a state is a string, in any form query reads, like \\\"603712458\\\"\"}",
                );
            }
        }
    }
    out.extend_from_slice(b"]}\n");
    out
}

/// The message of an inline error object, `{"input":...,"error":"..."}`.
fn inline_error(object: &[u8]) -> String {
    #[derive(Deserialize)]
    struct Inline {
        error: String,
    }
    serde_json::from_slice::<Inline>(object)
        .map(|inline| inline.error)
        .unwrap_or_else(|_| "the database could not answer".to_string())
}

/// `GET /api/random?distance=D|A..B|max[&count=N][&seed=S][&board=WxH][&goal=G][&metric=M]`:
/// `{"states":[...]}`, drawn as `random` draws them.
pub async fn random(
    Shared(databases): Shared<&'static Databases>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let [distance, count, seed, goal, board, metric] = params::parse(
        uri.query(),
        ["distance", "count", "seed", "goal", "board", "metric"],
    )?;
    let distance = params::required(distance, "distance", "20")?;
    let distance: Distances = distance.parse().map_err(ApiError::bad_request)?;
    let count = params::number(count.as_deref(), "count", 1..=MAX_COUNT)?.unwrap_or(1);
    let seed = params::number(seed.as_deref(), "seed", 0..=u64::MAX)?;
    if params::four_by_four(board.as_deref()) {
        return Err(ApiError::bad_request(format!(
            "board {}: random draws from a full table, and full tables stop at 12 cells: there \
             are no random 4x4 states at an exact distance; /api/query and /api/stats answer 4x4",
            tilebase_tools::exit::quote(board.as_deref().unwrap_or_default())
        )));
    }
    let question = Question::read(board.as_deref(), goal.as_deref(), metric.as_deref())?;
    let source = databases.source(question).await?;
    let permit = if is_heavy(question.board()) {
        Some(databases.heavy_permit()?)
    } else {
        None
    };
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let drawn = random::draw_distances(&source.answers(), distance, count, seed)?;
        let mut out = Vec::with_capacity(16 + drawn.states.len() * 16);
        out.extend_from_slice(b"{\"states\":[");
        for (i, state) in drawn.states.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let _ = write!(out, "\"{state}\"");
        }
        out.extend_from_slice(b"]}\n");
        Ok::<_, String>(out)
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("drawing states failed: {e}")))?
        .map_err(ApiError::bad_request)?;
    Ok(json(out))
}

/// `GET /api/stats?board=WxH&goal=G[&metric=M]`: the object `stats --json` prints.
pub async fn stats(
    Shared(databases): Shared<&'static Databases>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let [goal, board, metric] = params::parse(uri.query(), ["goal", "board", "metric"])?;
    if params::four_by_four(board.as_deref()) {
        return stats_4x4(databases, goal.as_deref(), metric.as_deref()).await;
    }
    let question = Question::read(board.as_deref(), goal.as_deref(), metric.as_deref())?;
    let source = databases.source(question).await?;
    let permit = if is_heavy(question.board()) {
        Some(databases.heavy_permit()?)
    } else {
        None
    };
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut out = serde_json::to_vec(&stats::gather(&source)).unwrap_or_default();
        out.push(b'\n');
        out
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("gathering the statistics failed: {e}")))?;
    Ok(json(out))
}

/// `GET /api/query?board=4x4&...`: the object `query --board 4x4 --json` prints. A state that
/// needs no search is answered at once; the others in a blocking thread, with a search permit,
/// once the files are there. A search that gives up is a 422.
async fn query_one_4x4(
    databases: &'static Databases,
    text: &str,
    goal: Option<&str>,
    metric: Option<&str>,
    options: fifteen::Options,
) -> Result<Response, ApiError> {
    fifteen::metric(metric)?;
    let goal = fifteen::goal(goal)?;
    let read = fifteen::Read::new(text, &goal);
    if let fifteen::Read::Bad(problem) = &read {
        return Err(ApiError::bad_request(format!(
            "state {}: {problem}",
            tilebase_tools::exit::quote(text)
        )));
    }
    let max_nodes = databases.fifteen.max_nodes();
    let mut out = String::with_capacity(256);
    let answered = if let fifteen::Read::Unsolvable(_) = read {
        fifteen::answer(None, &read, &goal, options, max_nodes, &mut out)
    } else {
        let permit = databases.fifteen.search_permit()?;
        let set = databases.fifteen.set(&goal).await?;
        let work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let answerer = tilebase_fifteen::Answerer::new(&set).map_err(ApiError::internal)?;
            let answered =
                fifteen::answer(Some(&answerer), &read, &goal, options, max_nodes, &mut out);
            Ok::<_, ApiError>((answered, out))
        });
        let (answered, written) = work
            .await
            .map_err(|e| ApiError::internal(format!("answering failed: {e}")))??;
        out = written;
        answered
    };
    if let Err(fifteen::Unanswered(problem)) = answered {
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, problem));
    }
    out.push('\n');
    Ok(json(out.into_bytes()))
}

/// `POST /api/query` with `"board":"4x4"`: `{"results":[...]}` as `query --board 4x4 --json`
/// answers each line, at most [`fifteen::MAX_STATES`] states, answered in input order in one
/// blocking thread with one search permit (stopping if the request ends first).
async fn query_batch_4x4(
    databases: &'static Databases,
    batch: Batch,
) -> Result<Response, ApiError> {
    if batch.states.len() > fifteen::MAX_STATES {
        return Err(ApiError::too_large(format!(
            "{} states: at most {} per request on 4x4, where each state is a search",
            batch.states.len(),
            fifteen::MAX_STATES
        )));
    }
    fifteen::metric(batch.metric.as_deref())?;
    let goal = fifteen::goal(batch.goal.as_deref())?;
    let options = fifteen::Options {
        hint: batch.hint,
        boards: batch.boards,
    };
    let inputs: Vec<Input4x4> = batch
        .states
        .into_iter()
        .map(|value| match value {
            serde_json::Value::String(text) => {
                let read = fifteen::Read::new(&text, &goal);
                Input4x4::Text(text, read)
            }
            other => Input4x4::Other(other),
        })
        .collect();
    let max_nodes = databases.fifteen.max_nodes();
    let searches = inputs
        .iter()
        .any(|input| matches!(input, Input4x4::Text(_, fifteen::Read::Search(_))));
    if !searches {
        let out = batch_4x4(
            None,
            &inputs,
            &goal,
            options,
            max_nodes,
            &AtomicBool::new(false),
        );
        return Ok(json(out.unwrap_or_default().into_bytes()));
    }
    let permit = databases.fifteen.search_permit()?;
    let set = databases.fifteen.set(&goal).await?;
    let cancel = fifteen::Cancel::new();
    let stop = cancel.flag();
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let answerer = tilebase_fifteen::Answerer::new(&set).map_err(ApiError::internal)?;
        Ok::<_, ApiError>(batch_4x4(
            Some(&answerer),
            &inputs,
            &goal,
            options,
            max_nodes,
            &stop,
        ))
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("answering the batch failed: {e}")))??;
    drop(cancel);
    let out = out.ok_or_else(|| ApiError::internal("the batch was stopped"))?;
    Ok(json(out.into_bytes()))
}

/// An input of a 4x4 batch: a string, read; or anything else, refused.
enum Input4x4 {
    Text(String, fifteen::Read),
    Other(serde_json::Value),
}

/// `{"results":[...]}` for a 4x4 batch, or `None` if told to stop before the end.
fn batch_4x4(
    answerer: Option<&tilebase_fifteen::Answerer<'_>>,
    inputs: &[Input4x4],
    goal: &[u8],
    options: fifteen::Options,
    max_nodes: u64,
    stop: &AtomicBool,
) -> Option<String> {
    let mut out = String::with_capacity(16 + inputs.len() * 256);
    out.push_str("{\"results\":[");
    for (i, input) in inputs.iter().enumerate() {
        if fifteen::cancelled(stop) {
            return None;
        }
        if i > 0 {
            out.push(',');
        }
        match input {
            Input4x4::Text(text, read) => {
                fifteen::answer_inline(answerer, text, read, goal, options, max_nodes, &mut out);
            }
            Input4x4::Other(value) => {
                out.push_str("{\"input\":");
                out.push_str(&serde_json::to_string(value).unwrap_or_default());
                out.push_str(
                    ",\"error\":\"a state is a string, in any form query reads, like \
                     \\\"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\\\"\"}",
                );
            }
        }
    }
    out.push_str("]}\n");
    Some(out)
}

/// `GET /api/stats?board=4x4[&goal=G]`: the object `stats --board 4x4 --json` prints, once the
/// files are there. It holds a search permit: opening the files for a goal not asked about
/// before reads them whole, to check them.
async fn stats_4x4(
    databases: &'static Databases,
    goal: Option<&str>,
    metric: Option<&str>,
) -> Result<Response, ApiError> {
    fifteen::metric(metric)?;
    let goal = fifteen::goal(goal)?;
    let _permit = databases.fifteen.search_permit()?;
    let set = databases.fifteen.set(&goal).await?;
    let mut out = serde_json::to_vec(&tilebase_tools::fifteen::stats::gather(&set))
        .map_err(|e| ApiError::internal(e.to_string()))?;
    out.push(b'\n');
    Ok(json(out))
}

/// `GET /healthz`: `ok`, as long as the service answers.
pub async fn health() -> &'static str {
    "ok"
}
