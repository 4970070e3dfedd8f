//! The parameters of a request: read from the query string without copying (unless escaped),
//! each known name at most once, any other name refused; and the question they ask (board,
//! goal, metric), read by the library as every front end reads it.

use std::borrow::Cow;
use std::str::FromStr;

use tilebase_answer::{Board, Partition, Position, Question, quote};

use crate::error::ApiError;

/// The values of the parameters `names`, in that order, from a query string such as
/// `state=603712458&hint=true`. A name not in `names`, or given twice, is refused; so is a
/// query string longer than the service reads.
pub fn parse<'q, const N: usize>(
    query: Option<&'q str>,
    names: [&str; N],
) -> Result<[Option<Cow<'q, str>>; N], ApiError> {
    let mut values: [Option<Cow<'q, str>>; N] = std::array::from_fn(|_| None);
    let Some(query) = query else {
        return Ok(values);
    };
    let mut put = |name: Cow<'q, str>, value: Cow<'q, str>| {
        if name.is_empty() && value.is_empty() {
            // `?=`.
            return Ok(());
        }
        let Some(at) = names.iter().position(|n| *n == name) else {
            return Err(ApiError::bad_request(format!(
                "unknown parameter {}: this endpoint takes {}",
                quote(&name),
                names.join(", ")
            )));
        };
        if values[at].is_some() {
            return Err(ApiError::bad_request(format!(
                "parameter {name} given twice"
            )));
        }
        values[at] = Some(value);
        Ok(())
    };
    if query.bytes().any(|b| b == b'%' || b == b'+') {
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            put(name, value)?;
        }
    } else {
        // Nothing escaped, the usual case: read as form_urlencoded reads it, but the names
        // and values are borrowed from the query as they are, without decoding (a tenth of
        // the handler's time under load, BENCHMARKS.md).
        for (name, value) in plain_pairs(query) {
            put(Cow::Borrowed(name), Cow::Borrowed(value))?;
        }
    }
    Ok(values)
}

/// The pairs of a query string with nothing escaped (no `%`, no `+`), as
/// [`form_urlencoded::parse`] reads them: split at each `&`, skipping empty pieces, then at the
/// first `=` (none: the value is empty).
fn plain_pairs(query: &str) -> impl Iterator<Item = (&str, &str)> {
    // By bytes rather than `split('&')`, whose searcher costs more to set up than these few
    // bytes take to read (a twentieth of a query's handling).
    let mut rest = query;
    std::iter::from_fn(move || {
        loop {
            if rest.is_empty() {
                return None;
            }
            let end = rest.bytes().position(|b| b == b'&').unwrap_or(rest.len());
            let piece = &rest[..end];
            rest = rest.get(end + 1..).unwrap_or_default();
            if piece.is_empty() {
                continue;
            }
            return Some(match piece.bytes().position(|b| b == b'=') {
                Some(at) => (&piece[..at], &piece[at + 1..]),
                None => (piece, ""),
            });
        }
    })
}

/// A parameter that must be there.
pub fn required<'q>(
    value: Option<Cow<'q, str>>,
    name: &str,
    example: &str,
) -> Result<Cow<'q, str>, ApiError> {
    value.ok_or_else(|| {
        ApiError::bad_request(format!("missing parameter {name}, as in {name}={example}"))
    })
}

/// A yes-or-no parameter: `true` or `false`; absent is `false`.
pub fn flag(value: Option<&str>, name: &str) -> Result<bool, ApiError> {
    match value {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(other) => Err(ApiError::bad_request(format!(
            "{name}={}: say true or false",
            quote(other)
        ))),
    }
}

/// A number parameter, with a name and its bounds for the message when it is not one.
pub fn number<T: FromStr + PartialOrd + std::fmt::Display>(
    value: Option<&str>,
    name: &str,
    range: std::ops::RangeInclusive<T>,
) -> Result<Option<T>, ApiError> {
    let Some(text) = value else {
        return Ok(None);
    };
    match text.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(ApiError::bad_request(format!(
            "{name}={}: a whole number from {} to {}",
            quote(text),
            range.start(),
            range.end()
        ))),
    }
}

/// The question asked by `board`, `goal` and `metric`, as the programs read `--board`,
/// `--goal` and `--metric`: the board as given, else read off the goal, else 3x3; the goal as
/// given, else the board's default; the single-tile metric unless `mtm` is asked for. The
/// 15-puzzle is answered from the service's pattern databases, `pdb`; the other boards answered
/// from pattern databases from their defaults. `state`, the (first) state asked about, names
/// the board when neither `board` nor `goal` does, as `query`'s first state does.
pub fn question(
    state: Option<&str>,
    board: Option<&str>,
    goal: Option<&str>,
    metric: Option<&str>,
    pdb: Partition,
) -> Result<Question, ApiError> {
    Question::read_text_about(state, board, goal, metric, None)
        .map(|question| {
            if question.board() == Board::FOUR_BY_FOUR {
                question.with_pdb(pdb)
            } else {
                question
            }
        })
        .map_err(ApiError::question)
}

/// Reads a position of the question's board, or says why it is not one.
pub fn state(question: &Question, text: &str) -> Result<Position, ApiError> {
    // A line of digits, the usual form, without the general parser.
    if let Some(position) = Position::from_digits(question.board(), text.as_bytes()) {
        return Ok(position);
    }
    Position::parse(question.board(), text)
        .map_err(|e| ApiError::bad_request(format!("state {}: {e}", quote(text))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(query: &str) -> Result<Vec<Option<String>>, String> {
        parse(Some(query), ["state", "goal", "hint"])
            .map(|values| {
                values
                    .into_iter()
                    .map(|v| v.map(|v| v.into_owned()))
                    .collect()
            })
            .map_err(|e| e.message.into_owned())
    }

    #[test]
    fn parameters_are_read_and_unescaped() {
        assert_eq!(
            names("state=603712458&hint=true").unwrap(),
            [Some("603712458".into()), None, Some("true".into())]
        );
        assert_eq!(
            names("goal=1%202+3&&").unwrap(),
            [None, Some("1 2 3".into()), None]
        );
        assert_eq!(names("").unwrap(), [None, None, None]);
        assert_eq!(
            names("states=1").unwrap_err(),
            "unknown parameter \"states\": this endpoint takes state, goal, hint"
        );
        assert_eq!(
            names("state=1&state=2").unwrap_err(),
            "parameter state given twice"
        );
    }

    #[test]
    fn plain_queries_are_read_as_form_urlencoded_reads_them() {
        for query in [
            "",
            "state=603712458&hint=true",
            "a",
            "a=",
            "=b",
            "=",
            "a=b=c",
            "&&a=1&&b&",
            "&",
            "state=6,0,3/7 1 2&goal=1;2",
        ] {
            let ours: Vec<(&str, &str)> = plain_pairs(query).collect();
            let theirs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
                .map(|(n, v)| (n.into_owned(), v.into_owned()))
                .collect();
            let theirs: Vec<(&str, &str)> = theirs
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect();
            assert_eq!(ours, theirs, "{query:?}");
        }
        assert_eq!(names("=&state=1").unwrap(), [Some("1".into()), None, None]);
        assert_eq!(names("hint").unwrap(), [None, None, Some("".into())]);
        assert_eq!(
            names("hints").unwrap_err(),
            "unknown parameter \"hints\": this endpoint takes state, goal, hint"
        );
    }

    #[test]
    fn flags_and_numbers() {
        assert_eq!(flag(None, "hint"), Ok(false));
        assert_eq!(flag(Some("true"), "hint"), Ok(true));
        assert_eq!(
            flag(Some("yes"), "hint").unwrap_err().message,
            "hint=\"yes\": say true or false"
        );
        assert_eq!(number(Some("12"), "count", 1..=100), Ok(Some(12)));
        assert_eq!(
            number::<u32>(Some("0"), "count", 1..=100)
                .unwrap_err()
                .message,
            "count=\"0\": a whole number from 1 to 100"
        );
    }

    #[test]
    fn questions_are_read_as_the_programs_read_their_flags() {
        let read =
            |board, goal, metric| question(None, board, goal, metric, Partition::FIVE_FIVE_FIVE);
        let q = read(None, None, None).unwrap();
        assert_eq!(q.to_string(), "goal 123804765 (3x3 board, stm)");
        let q = read(Some("3x2"), None, Some("mtm")).unwrap();
        assert_eq!(q.to_string(), "goal 123450 (3x2 board, mtm)");
        let q = read(None, Some("12/34/50"), None).unwrap();
        assert_eq!(q.board().to_string(), "2x3");
        // The 15-puzzle, from the service's pattern databases; a 16-cell goal is its.
        let q = read(Some("4x4"), None, None).unwrap();
        assert_eq!(q.pdb(), Some(Partition::FIVE_FIVE_FIVE));
        let q = read(None, Some("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"), None).unwrap();
        assert_eq!(q.board().to_string(), "4x4");
        // Other boards of over 12 cells, from their own defaults.
        let q = read(Some("5x5"), None, None).unwrap();
        assert_eq!(q.pdb(), Some(Partition::SIX_SIX_SIX_SIX));
        assert_eq!(
            read(Some("11x10"), None, None).unwrap_err().message,
            "board \"11x10\": 11x10: at most 100 cells are supported (10x10)"
        );
        assert_eq!(
            read(None, None, Some("fast")).unwrap_err().message,
            "metric: \"fast\" is not a metric: stm (single-tile moves) or mtm (multi-tile moves)"
        );
    }
}
