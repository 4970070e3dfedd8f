//! The JSON contract, written in exactly one place: the object `query --json` prints for each
//! input, which `serve` answers with too.
//!
//! ```text
//! {"state":"603712458","goal":"123804765","board":"3x3","solvable":true,"distance":23,
//!  "moves":"DDLURRDLLUURDDLURRDLLUR"}
//! ```
//!
//! Exactly the fields `state`, `goal`, `board`, `solvable`, `distance`, `moves`, in this order
//! (other programs parse them; `distance` and `moves` are `null` when the state cannot reach the
//! goal); then `metric` in the multi-tile metric, `nodes` (the nodes the search generated) when
//! a search found the answer, `tiles` in tile notation, `solutions` with
//! every optimal solution, `count` with their number, `hints` with every move, `boards` with
//! every state along the solution, each only when asked for. An input that cannot be answered is
//! `{"input":...,"error":...}` in its place.
//!
//! On a board past 25 cells, where a search within a budget proves bounds, the six fields are
//! followed by `lower_bound`, `length`, `optimal`, `solution`, `nodes` and `seconds`: `distance`
//! is the length when proven optimal (else `null`), `moves` the solution found (`null` when none
//! was found within the budget), as `solution` is.
//!
//! Objects are written by hand into one growing buffer: batches answer millions of states a
//! second, and a serializer per record would cost more than the answer itself. Every field
//! written this way is digits, letters and fixed words, which need no escaping; the fields that
//! can hold anything (an unreadable input, the problem with it) go through serde_json.

use std::io::Write as _;

use tilebase_core::{Metric, Path};

use crate::answering::answer::{Hint, Solved};
use crate::print::bytes::{push_number, push_position};
use crate::question::position::Position;

/// What a JSON object holds besides the six fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    /// `tiles`: the tiles that move along the solution.
    pub tiles: bool,
    /// `boards`: every state along the solution, the state first and the goal last.
    pub boards: bool,
}

/// The goal, board and metric every object of a question repeats.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The goal, as written (`123804765`).
    pub goal: &'a str,
    /// The board (`3x3`).
    pub board: &'a str,
    /// The metric: `"metric":"mtm"` is written in the multi-tile metric.
    pub metric: Metric,
}

/// Appends the object of a solved position, without its newline.
pub fn solved(out: &mut Vec<u8>, context: &Context<'_>, solved: &Solved, fields: Fields) {
    head(out, context, &solved.position);
    out.extend_from_slice(b"\",\"solvable\":true,\"distance\":");
    push_number(out, u64::from(solved.distance));
    out.extend_from_slice(b",\"moves\":\"");
    push_path(out, &solved.moves);
    out.push(b'"');
    if context.metric == Metric::Multi {
        out.extend_from_slice(b",\"metric\":\"mtm\"");
    }
    if let Some(nodes) = solved.nodes {
        out.extend_from_slice(b",\"nodes\":");
        push_number(out, nodes);
    }
    if fields.tiles {
        out.extend_from_slice(b",\"tiles\":[");
        for (i, tile) in solved.tiles().into_iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            push_number(out, tile.into());
        }
        out.push(b']');
    }
    if let Some(all) = &solved.solutions {
        push_strings(out, b",\"solutions\":[", all, push_path);
    }
    if let Some(count) = solved.count {
        let _ = write!(out, ",\"count\":{count}");
    }
    if let Some(hints) = &solved.hints {
        push_hints(out, hints);
    }
    if fields.boards {
        push_strings(out, b",\"boards\":[", &solved.boards(), push_position);
    }
    out.push(b'}');
}

/// Appends the object of bounds on a position, without its newline.
pub fn bounded(out: &mut Vec<u8>, context: &Context<'_>, bounded: &crate::Bounded, fields: Fields) {
    head(out, context, &bounded.position);
    out.extend_from_slice(b"\",\"solvable\":true,\"distance\":");
    let optimal = bounded.optimal();
    match bounded.length() {
        Some(length) if optimal => push_number(out, length.into()),
        _ => out.extend_from_slice(b"null"),
    }
    let push_solution = |out: &mut Vec<u8>| match &bounded.moves {
        Some(moves) => {
            out.push(b'"');
            push_path(out, moves);
            out.push(b'"');
        }
        None => out.extend_from_slice(b"null"),
    };
    out.extend_from_slice(b",\"moves\":");
    push_solution(out);
    out.extend_from_slice(b",\"lower_bound\":");
    push_number(out, bounded.lower_bound.into());
    out.extend_from_slice(b",\"length\":");
    match bounded.length() {
        Some(length) => push_number(out, length.into()),
        None => out.extend_from_slice(b"null"),
    }
    let _ = write!(out, ",\"optimal\":{optimal},\"solution\":");
    push_solution(out);
    out.extend_from_slice(b",\"nodes\":");
    push_number(out, bounded.nodes);
    let _ = write!(out, ",\"seconds\":{:.3}", bounded.seconds);
    if fields.tiles {
        out.extend_from_slice(b",\"tiles\":");
        match &bounded.moves {
            Some(moves) => {
                out.push(b'[');
                let tiles = crate::answering::answer::tiles_moved(&bounded.position, moves);
                for (i, tile) in tiles.into_iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    push_number(out, tile.into());
                }
                out.push(b']');
            }
            None => out.extend_from_slice(b"null"),
        }
    }
    if fields.boards {
        match &bounded.moves {
            Some(moves) => push_strings(
                out,
                b",\"boards\":[",
                &bounded.position.along(moves),
                push_position,
            ),
            None => out.extend_from_slice(b",\"boards\":null"),
        }
    }
    out.push(b'}');
}

/// Appends the object of a position that cannot reach the goal, without its newline.
pub fn unsolvable(out: &mut Vec<u8>, context: &Context<'_>, position: &Position, fields: Fields) {
    head(out, context, position);
    out.extend_from_slice(b"\",\"solvable\":false,\"distance\":null,\"moves\":null");
    if context.metric == Metric::Multi {
        out.extend_from_slice(b",\"metric\":\"mtm\"");
    }
    if fields.boards {
        out.extend_from_slice(b",\"boards\":null");
    }
    out.push(b'}');
}

/// Appends the object of an input that cannot be answered, without its newline: the input as
/// given, and the problem.
pub fn refused(out: &mut Vec<u8>, input: &impl serde::Serialize, problem: &str) {
    out.extend_from_slice(b"{\"input\":");
    let _ = serde_json::to_writer(&mut *out, input);
    out.extend_from_slice(b",\"error\":");
    let _ = serde_json::to_writer(&mut *out, problem);
    out.push(b'}');
}

/// The message of an object [`refused`] wrote, or `None` for any other.
pub fn refusal(object: &[u8]) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Refused {
        error: String,
    }
    if !object.starts_with(b"{\"input\"") {
        return None;
    }
    serde_json::from_slice::<Refused>(object)
        .ok()
        .map(|refused| refused.error)
}

/// `{"state":"...","goal":"...","board":"...`, up to the board's closing quote.
fn head(out: &mut Vec<u8>, context: &Context<'_>, position: &Position) {
    out.extend_from_slice(b"{\"state\":\"");
    push_position(out, position);
    out.extend_from_slice(b"\",\"goal\":\"");
    out.extend_from_slice(context.goal.as_bytes());
    out.extend_from_slice(b"\",\"board\":\"");
    out.extend_from_slice(context.board.as_bytes());
}

fn push_hints(out: &mut Vec<u8>, hints: &[Hint]) {
    out.extend_from_slice(b",\"hints\":[");
    for (i, h) in hints.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let _ = write!(
            out,
            "{{\"move\":\"{}\",\"tile\":{},\"distance\":{},\"optimal\":{}}}",
            h.slide, h.tile, h.distance, h.optimal
        );
    }
    out.push(b']');
}

/// A field opened by `head` (`,"name":[`), then each item as a string, then `]`.
fn push_strings<T>(out: &mut Vec<u8>, head: &[u8], items: &[T], push: fn(&mut Vec<u8>, &T)) {
    out.extend_from_slice(head);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'"');
        push(out, item);
        out.push(b'"');
    }
    out.push(b']');
}

fn push_path(out: &mut Vec<u8>, path: &Path) {
    out.extend(path.iter().map(|m| m.letter() as u8));
}

/// Appends the object of a judged solve (`analyse --json`), without its newline:
///
/// ```text
/// {"scramble":"...","board":"3x3","goal":"...","metric":"stm","length":25,"optimal":23,
///  "lost":2,"moves":[{"move":"R","before":23,"after":22,"optimal":true,"lost":0,
///  "better":["R"]},...]}
/// ```
///
/// Exactly these fields, in this order (other programs parse them); moves are written in
/// `letters`. Not a hot path: serde writes it.
pub fn analysis(
    out: &mut Vec<u8>,
    context: &Context<'_>,
    analysis: &crate::Analysis,
    letters: crate::Letters,
) {
    #[derive(serde::Serialize)]
    struct Move {
        #[serde(rename = "move")]
        played: String,
        before: u8,
        after: u8,
        optimal: bool,
        lost: u8,
        better: Vec<String>,
    }
    #[derive(serde::Serialize)]
    struct Object<'a> {
        scramble: String,
        board: &'a str,
        goal: &'a str,
        metric: &'static str,
        length: usize,
        optimal: u8,
        lost: usize,
        moves: Vec<Move>,
    }
    let object = Object {
        scramble: analysis.scramble.to_string(),
        board: context.board,
        goal: context.goal,
        metric: analysis.metric.name(),
        length: analysis.length,
        optimal: analysis.optimal,
        lost: analysis.lost,
        moves: analysis
            .moves
            .iter()
            .map(|m| Move {
                played: letters.write(m.slide),
                before: m.before,
                after: m.after,
                optimal: m.optimal,
                lost: m.lost,
                better: m.better.iter().map(|&s| letters.write(s)).collect(),
            })
            .collect(),
    };
    let _ = serde_json::to_writer(&mut *out, &object);
}
