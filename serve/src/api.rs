//! The JSON API: `/api/query` (one state by GET, a batch by POST), `/api/random`,
//! `/api/stats`, each answering what the program of the same name prints with `--json`, in the
//! library's words ([`tilebase_answer::json`]).
//!
//! Every board goes through the same door: the question read by the library, its answers found
//! by the [`Store`]. A full table answers at once, on the runtime's threads. A board answered by
//! search holds a search permit, searches in a blocking thread within `--max-nodes`, and answers
//! what needs no search (an unreadable state, one that cannot reach the goal) without its files.

use std::sync::atomic::AtomicBool;

use axum::body::{Body, Bytes};
use axum::extract::State as Shared;
use axum::extract::rejection::BytesRejection;
use axum::http::header::CONTENT_TYPE;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tilebase_answer::json::{self, Context, Fields};
use tilebase_answer::{Answer, Answers, Ask, Distances, Error, Method, Position, Question, quote};

use crate::error::{ApiError, JSON};
use crate::limits::{INLINE_STATES, MAX_BODY, MAX_COUNT, MAX_SEARCHED_STATES, MAX_STATES};
use crate::params;
use crate::store::{Cancel, Store, cancelled};

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

/// What each answer adds to `query --json`'s six fields.
#[derive(Clone, Copy, Debug)]
struct Options {
    /// `hints`, as `query --json --hint` adds them.
    hint: bool,
    /// `boards`: every state along the solution, from the state to the goal.
    boards: bool,
    /// `solutions`: every optimal solution (the first [`MAX_SOLUTIONS`]), as `--all` adds them.
    all: bool,
    /// `count`: how many optimal solutions there are, as `--count` adds it.
    count: bool,
}

/// The most solutions one answer lists: `query --all --limit 1000`.
pub const MAX_SOLUTIONS: usize = 1000;

impl Options {
    /// What an answer asks of the library besides the solution, searching within `effort`.
    fn ask(self, effort: tilebase_answer::Effort) -> Ask {
        Ask {
            hints: self.hint,
            solutions: self.all,
            count: self.count,
            limit: Some(MAX_SOLUTIONS),
            effort,
        }
    }
}

impl Options {
    fn fields(self) -> Fields {
        Fields {
            tiles: false,
            boards: self.boards,
        }
    }
}

/// The goal, board and metric every answer of `question` repeats.
fn context<'a>(question: &Question, names: (&'a str, &'a str)) -> Context<'a> {
    Context {
        goal: names.0,
        board: names.1,
        metric: question.metric(),
    }
}

/// Appends the object for `position`, without its newline: its answer, or, for a position that
/// cannot reach the goal, its answer without any file; `Err` with what stopped the answer.
fn answer(
    out: &mut Vec<u8>,
    answers: Option<&Answers>,
    question: &Question,
    position: &Position,
    ask: &Ask,
    options: Options,
) -> Result<(), Error> {
    let Some(answers) = answers else {
        // Only positions that need no files come here.
        let names = (question.goal().to_string(), question.board().to_string());
        json::unsolvable(
            out,
            &context(question, (&names.0, &names.1)),
            position,
            options.fields(),
        );
        return Ok(());
    };
    let context = context(question, answers.names());
    match answers.answer(position, ask)? {
        Answer::Solved(solved) => json::solved(out, &context, &solved, options.fields()),
        Answer::Unsolvable(unsolvable) => {
            json::unsolvable(out, &context, &unsolvable.position, options.fields())
        }
        Answer::Bounded(bounded) => json::bounded(out, &context, &bounded, options.fields()),
    }
    Ok(())
}

/// Refuses what boards past 25 cells do not answer: every optimal solution, their count, the
/// optimal moves. Their answer is bounds (a lower bound and a solution).
fn bounds_refuse(question: &Question, options: Options) -> Result<(), ApiError> {
    if question.board().method() != Method::Bounds {
        return Ok(());
    }
    for (name, asked) in [
        ("hint", options.hint),
        ("all", options.all),
        ("count", options.count),
    ] {
        if asked {
            return Err(ApiError::bad_request(format!(
                "{name}: {} is past 25 cells, where this service proves bounds (a lower bound \
                 and a solution), not every optimal solution or move",
                question.board()
            )));
        }
    }
    Ok(())
}

/// The service's words for a search that gave up: what it allows, and where there is no limit.
fn gave_up(store: &Store, question: &Question, error: &Error) -> String {
    format!(
        "{error}: more than this service searches for one state (--max-nodes {}); query --board \
         {} answers it with no limit",
        store.max_nodes(),
        question.board()
    )
}

/// Whether `position` needs files to be answered: it can reach the goal.
fn needs_files(question: &Question, position: &Position) -> bool {
    position.unsolvable_reason(question.goal()).is_none()
}

/// `GET /api/query?state=S[&goal=G][&board=WxH][&metric=stm|mtm][&hint=true][&boards=true]
/// [&all=true][&count=true]`: the object `query --json` prints for `S`. An unsolvable state is an answer
/// (`"solvable":false`); an unreadable one is a 400; a search that gives up a 422.
pub async fn query_one(
    Shared(store): Shared<&'static Store>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let [state, goal, board, metric, hint, boards, all, count] = params::parse(
        uri.query(),
        [
            "state", "goal", "board", "metric", "hint", "boards", "all", "count",
        ],
    )?;
    let text = params::required(state, "state", "603712458")?;
    let question = store.question(
        Some(&text),
        board.as_deref(),
        goal.as_deref(),
        metric.as_deref(),
    )?;
    let options = Options {
        hint: params::flag(hint.as_deref(), "hint")?,
        boards: params::flag(boards.as_deref(), "boards")?,
        all: params::flag(all.as_deref(), "all")?,
        count: params::flag(count.as_deref(), "count")?,
    };
    let position = params::state(&question, &text)?;
    bounds_refuse(&question, options)?;
    if question.board().method() != Method::Table {
        // Boxed, as is the first question about a goal below: the usual answer's future stays
        // small (it is moved and allocated on every request).
        return Box::pin(query_one_searched(store, question, position, options)).await;
    }
    let ask = options.ask(tilebase_answer::Effort::default());
    let respond = |answers: &Answers| {
        ANSWER.with_borrow_mut(|out| {
            out.clear();
            let answered = match answer(out, Some(answers), &question, &position, &ask, options) {
                // The state was read above, so only the database can have failed: a damaged
                // entry.
                Err(e) => Err(ApiError::internal(e.to_string())),
                Ok(()) => {
                    out.push(b'\n');
                    Ok(json(Bytes::copy_from_slice(out)))
                }
            };
            if out.capacity() > KEPT_ANSWER {
                *out = Vec::with_capacity(1024);
            }
            answered
        })
    };
    // A goal asked before, the usual case, is answered without awaiting anything.
    if let Some(response) = store.library().remembered(&question, respond) {
        return response;
    }
    respond(&Box::pin(store.answers(question)).await?)
}

/// `GET /api/query` on a board answered by search: at once when the state needs no search;
/// else in a blocking thread, with a search permit, once the files are there.
async fn query_one_searched(
    store: &'static Store,
    question: Question,
    position: Position,
    options: Options,
) -> Result<Response, ApiError> {
    let mut out = Vec::with_capacity(256);
    if needs_files(&question, &position) {
        let permit = store.search_permit(&question)?;
        let answers = store.answers(question).await?;
        let ask = options.ask(store.effort());
        let work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let answered = answer(
                &mut out,
                Some(&answers),
                &question,
                &position,
                &ask,
                options,
            );
            (answered, out)
        });
        let (answered, written) = work
            .await
            .map_err(|e| ApiError::internal(format!("answering failed: {e}")))?;
        out = written;
        match answered {
            Ok(()) => {}
            Err(e @ Error::Search { .. }) => {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    gave_up(store, &question, &e),
                ));
            }
            Err(e) => return Err(ApiError::internal(e.to_string())),
        }
    } else {
        let ask = Ask::default();
        let _ = answer(&mut out, None, &question, &position, &ask, options);
    }
    out.push(b'\n');
    Ok(json(out))
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
    Shared(store): Shared<&'static Store>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body = body.map_err(|rejection| match rejection.status().as_u16() {
        413 => ApiError::too_large(format!("the body is larger than {MAX_BODY} bytes (1 MiB)")),
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
    // The first state names the board when nothing else does.
    let first = batch.states.first().and_then(serde_json::Value::as_str);
    let question = store.question(
        first,
        batch.board.as_deref(),
        batch.goal.as_deref(),
        batch.metric.as_deref(),
    )?;
    let options = Options {
        hint: batch.hint,
        boards: batch.boards,
        all: false,
        count: false,
    };
    bounds_refuse(&question, options)?;
    if question.board().method() != Method::Table {
        return query_batch_searched(store, question, batch.states, options).await;
    }
    let answers = store.answers(question).await?;
    let ask = Ask {
        hints: options.hint,
        ..Ask::default()
    };
    let batch_of = move |states: &[serde_json::Value]| {
        let never = AtomicBool::new(false);
        let words = |e: &Error| e.to_string();
        let out = answer_batch(
            Some(&answers),
            &question,
            states,
            &ask,
            options,
            &never,
            &words,
        );
        out.unwrap_or_default()
    };
    if batch.states.len() <= INLINE_STATES {
        return Ok(json(batch_of(&batch.states)));
    }
    let permit = store.batch_permit()?;
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        batch_of(&batch.states)
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("answering the batch failed: {e}")))?;
    Ok(json(out))
}

/// `POST /api/query` on a board answered by search: `{"results":[...]}` as `query --json`
/// answers each line, at most [`MAX_SEARCHED_STATES`] states, answered in input order in one
/// blocking thread with one search permit (stopping if the request ends first).
async fn query_batch_searched(
    store: &'static Store,
    question: Question,
    states: Vec<serde_json::Value>,
    options: Options,
) -> Result<Response, ApiError> {
    if states.len() > MAX_SEARCHED_STATES {
        return Err(ApiError::too_large(format!(
            "{} states: at most {MAX_SEARCHED_STATES} per request on {}, where each state is a \
             search",
            states.len(),
            question.board()
        )));
    }
    let most = store.max_bounded_states();
    if question.board().method() == Method::Bounds && states.len() > most {
        return Err(ApiError::too_large(format!(
            "{} states: at most {most} per request on {}, where each state's bounds take up to \
             --seconds {} (query --board {} --out FILE.parquet bounds any number)",
            states.len(),
            question.board(),
            store.seconds(),
            question.board()
        )));
    }
    let ask = Ask {
        hints: options.hint,
        effort: store.effort(),
        ..Ask::default()
    };
    let searches = states.iter().any(|value| match value {
        serde_json::Value::String(text) => {
            Position::parse(question.board(), text).is_ok_and(|p| needs_files(&question, &p))
        }
        _ => false,
    });
    let words = move |e: &Error| match e {
        Error::Search { .. } => gave_up(store, &question, e),
        other => other.to_string(),
    };
    if !searches {
        let never = AtomicBool::new(false);
        let out = answer_batch(None, &question, &states, &ask, options, &never, &words);
        return Ok(json(out.unwrap_or_default()));
    }
    let permit = store.search_permit(&question)?;
    let answers = store.answers(question).await?;
    let cancel = Cancel::new();
    let stop = cancel.flag();
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        answer_batch(
            Some(&answers),
            &question,
            &states,
            &ask,
            options,
            &stop,
            &words,
        )
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("answering the batch failed: {e}")))?;
    drop(cancel);
    let out = out.ok_or_else(|| ApiError::internal("the batch was stopped"))?;
    Ok(json(out))
}

/// `{"results":[...]}` for a batch, each state answered as `query --json` answers a line (an
/// answer that fails refused in its place, in `words`), or `None` if told to stop before the
/// end.
fn answer_batch(
    answers: Option<&Answers>,
    question: &Question,
    states: &[serde_json::Value],
    ask: &Ask,
    options: Options,
    stop: &AtomicBool,
    words: &dyn Fn(&Error) -> String,
) -> Option<Vec<u8>> {
    let per_state = if options.boards { 1024 } else { 128 };
    let mut out = Vec::with_capacity(16 + states.len() * per_state);
    out.extend_from_slice(b"{\"results\":[");
    for (i, value) in states.iter().enumerate() {
        if cancelled(stop) {
            return None;
        }
        if i > 0 {
            out.push(b',');
        }
        let serde_json::Value::String(text) = value else {
            let example = match question.board().method() {
                Method::Table => "603712458".to_string(),
                Method::Patterns | Method::Bounds => {
                    tilebase_answer::Position::default_goal(question.board()).to_string()
                }
            };
            json::refused(
                &mut out,
                value,
                &format!("a state is a string, in any form query reads, like {example:?}"),
            );
            continue;
        };
        let read = match answers {
            Some(answers) => answers.read(text),
            None => Position::parse(question.board(), text),
        };
        let start = out.len();
        let answered = match read {
            Ok(position) if answers.is_some() || !needs_files(question, &position) => {
                answer(&mut out, answers, question, &position, ask, options)
            }
            Ok(_) => Err(Error::Files("no files to answer from".into())),
            Err(problem) => {
                json::refused(&mut out, text, &problem.to_string());
                Ok(())
            }
        };
        if let Err(e) = answered {
            out.truncate(start);
            json::refused(&mut out, text, &words(&e));
        }
    }
    out.extend_from_slice(b"]}\n");
    Some(out)
}

/// `GET /api/random?distance=D|A..B|max[&count=N][&seed=S][&board=WxH][&goal=G][&metric=M]`:
/// `{"states":[...]}`, drawn as `random` draws them.
pub async fn random(Shared(store): Shared<&'static Store>, uri: Uri) -> Result<Response, ApiError> {
    let [distance, count, seed, goal, board, metric] = params::parse(
        uri.query(),
        ["distance", "count", "seed", "goal", "board", "metric"],
    )?;
    let distance = params::required(distance, "distance", "20")?;
    let distance: Distances = distance.parse().map_err(ApiError::bad_request)?;
    let count = params::number(count.as_deref(), "count", 1..=MAX_COUNT)?.unwrap_or(1);
    let seed = params::number(seed.as_deref(), "seed", 0..=u64::MAX)?;
    let question = store.question(None, board.as_deref(), goal.as_deref(), metric.as_deref())?;
    if question.board().method() != Method::Table {
        let board = question.board();
        return Err(ApiError::bad_request(format!(
            "board {}: random draws from a full table, and full tables stop at 12 cells: there \
             are no random {board} states at an exact distance; /api/query and /api/stats \
             answer {board}",
            quote(&board.to_string())
        )));
    }
    let answers = store.answers(question).await?;
    let permit = if Store::is_heavy(&question) {
        Some(store.heavy_permit()?)
    } else {
        None
    };
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let drawn = answers.draw(distance, count, seed)?;
        let mut out = Vec::with_capacity(16 + drawn.states.len() * 16);
        out.extend_from_slice(b"{\"states\":[");
        for (i, state) in drawn.states.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.push(b'"');
            out.extend_from_slice(state.to_string().as_bytes());
            out.push(b'"');
        }
        out.extend_from_slice(b"]}\n");
        Ok::<_, Error>(out)
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("drawing states failed: {e}")))?
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(json(out))
}

/// `GET /api/stats?board=WxH&goal=G[&metric=M]`: the object `stats --json` prints. On a board
/// answered by search it holds a search permit: opening the files for a goal not asked about
/// before reads them whole, to check them.
pub async fn stats(Shared(store): Shared<&'static Store>, uri: Uri) -> Result<Response, ApiError> {
    let [goal, board, metric] = params::parse(uri.query(), ["goal", "board", "metric"])?;
    let question = store.question(None, board.as_deref(), goal.as_deref(), metric.as_deref())?;
    if question.board().method() == Method::Bounds {
        return Err(ApiError::bad_request(format!(
            "board {}: past 25 cells no table or pattern database holds statistics",
            question.board()
        )));
    }
    let permit = match question.board().method() {
        Method::Patterns | Method::Bounds => Some(store.search_permit(&question)?),
        Method::Table => None,
    };
    let answers = store.answers(question).await?;
    let permit = match permit {
        Some(permit) => Some(permit),
        None if Store::is_heavy(&question) => Some(store.heavy_permit()?),
        None => None,
    };
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut out = serde_json::to_vec(&answers.stats()).unwrap_or_default();
        out.push(b'\n');
        out
    });
    let out = work
        .await
        .map_err(|e| ApiError::internal(format!("gathering the statistics failed: {e}")))?;
    Ok(json(out))
}

/// `GET /healthz`: `ok`, as long as the service answers.
pub async fn health() -> &'static str {
    "ok"
}
