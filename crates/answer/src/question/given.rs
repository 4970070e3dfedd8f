//! A state or goal as given by a front end: text, or a sequence of ints; and how what a user
//! typed is shown in a message.

use std::borrow::Cow;
use std::fmt;

/// A state or goal as given: a string, or a sequence of ints (as Python passes one). Both are
/// read with `query`'s rules and refused in its words, a sequence as if written `[6,0,3,...]`.
/// The common cases (a string of digits, a sequence of small ints) are read without the
/// general parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A string, as typed.
    Text(String),
    /// A sequence of ints, each from 0 to 255.
    Small(Vec<u8>),
    /// A sequence of ints, some outside 0 to 255, each written in decimal.
    Ints(Vec<String>),
    /// A sequence far longer than any board's state: its length, and its first values for
    /// the message.
    TooMany(usize, Vec<String>),
}

impl Given {
    /// A state given as a string.
    pub fn text(text: &str) -> Given {
        Given::Text(text.to_string())
    }

    /// A state given as a sequence of ints.
    pub fn sequence(values: &[Int]) -> Given {
        let small: Option<Vec<u8>> = values
            .iter()
            .map(|v| match v {
                Int::Small(n) => u8::try_from(*n).ok(),
                Int::Big(_) => None,
            })
            .collect();
        match small {
            Some(cells) => Given::Small(cells),
            None => Given::Ints(values.iter().map(Int::to_string).collect()),
        }
    }

    /// A sequence of `count` values, far more than any board has cells; `first` are some of
    /// them, for the message.
    pub fn too_many(count: usize, first: &[Int]) -> Given {
        Given::TooMany(count, first.iter().map(Int::to_string).collect())
    }

    /// How a message shows the input: a string quoted as `query` quotes it, a sequence as
    /// Python writes it, at most 60 characters either way.
    pub fn shown(&self) -> String {
        let list = |values: &mut dyn Iterator<Item = String>| {
            shorten(&format!("[{}]", values.collect::<Vec<_>>().join(", ")))
        };
        match self {
            Given::Text(text) => quote(text),
            Given::Small(cells) => list(&mut cells.iter().map(u8::to_string)),
            Given::Ints(values) => list(&mut values.iter().cloned()),
            Given::TooMany(_, first) => shorten(&format!("[{}, ...]", first.join(", "))),
        }
    }

    /// Whether this is a sequence of exactly one value.
    pub(crate) fn is_one_value(&self) -> bool {
        match self {
            Given::Small(cells) => cells.len() == 1,
            Given::Ints(values) => values.len() == 1,
            _ => false,
        }
    }

    /// The text the parser reads.
    pub(crate) fn as_text(&self) -> Cow<'_, str> {
        let list = |values: Vec<String>| Cow::Owned(format!("[{}]", values.join(",")));
        match self {
            Given::Text(text) => Cow::Borrowed(text),
            Given::Small(cells) => list(cells.iter().map(u8::to_string).collect()),
            Given::Ints(values) => list(values.clone()),
            Given::TooMany(..) => Cow::Borrowed(""),
        }
    }
}

/// An int of a sequence: one that fits in 64 bits, or any other, in decimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Int {
    /// From -2^63 to 2^63 - 1.
    Small(i64),
    /// Any other, in decimal.
    Big(String),
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int::Small(n) => n.fmt(f),
            Int::Big(digits) => f.write_str(digits),
        }
    }
}

/// The most characters of an input a message shows.
const SHOWN: usize = 60;

/// Shortens what a user typed for a message: at most 60 characters, quoted and escaped.
///
/// ```
/// assert_eq!(tilebase_answer::quote("12a"), "\"12a\"");
/// assert!(tilebase_answer::quote(&"1".repeat(100)).ends_with("… (100 characters)"));
/// ```
pub fn quote(input: &str) -> String {
    match input.char_indices().nth(SHOWN) {
        Some((cut, _)) => {
            let total = input.chars().count();
            format!("{:?}… ({total} characters)", &input[..cut])
        }
        None => format!("{input:?}"),
    }
}

/// At most 60 characters of a text that needs no quotes.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}
