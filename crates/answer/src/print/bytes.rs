//! The bytes every form of answer is made of, appended to one growing buffer: numbers,
//! positions and moves, without a `write!` per field (batch mode writes millions of answers a
//! second).

use std::io::Write as _;

use tilebase_core::{Metric, Path, State};

use crate::question::position::Position;

/// The plural ending for `n` things: `""` for one, `"s"` for any other number.
pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The position as answers write it: digits on boards of up to 10 cells, else comma-separated.
pub(crate) fn push_position(out: &mut Vec<u8>, position: &Position) {
    match position.state().and_then(digits) {
        Some((digits, n)) => out.extend_from_slice(&digits[..n]),
        None => {
            let _ = write!(out, "{position}");
        }
    }
}

/// The state's cells as ASCII digits, and how many there are; `None` on boards of more than 10
/// cells, whose tiles are not single digits.
pub(crate) fn digits(state: &State) -> Option<([u8; 10], usize)> {
    let cells = state.cells();
    if cells.len() > 10 {
        return None;
    }
    let mut digits = [0u8; 10];
    for (digit, &c) in digits.iter_mut().zip(cells) {
        *digit = b'0' + c;
    }
    Some((digits, cells.len()))
}

/// `n` in decimal.
pub(crate) fn push_number(out: &mut Vec<u8>, mut n: u64) {
    if n < 100 {
        // Every distance: one or two digits, without a division loop.
        let pair = [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8];
        out.extend_from_slice(&pair[usize::from(n < 10)..]);
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// A solution as `query` writes it: the letters, in the multi-tile metric with a space between
/// moves (a run of one letter is one move).
///
/// ```
/// use tilebase_core::{Metric, Path};
///
/// let path: Path = "DDLURR".parse().unwrap();
/// assert_eq!(tilebase_answer::moves_text(&path, Metric::Single), "DDLURR");
/// assert_eq!(tilebase_answer::moves_text(&path, Metric::Multi), "DD L U RR");
/// ```
pub fn moves_text(path: &Path, metric: Metric) -> String {
    let mut out = Vec::with_capacity(path.len() * 2);
    push_moves(&mut out, path, metric);
    String::from_utf8(out).unwrap_or_default()
}

/// Appends [`moves_text`] to `out`.
pub(crate) fn push_moves(out: &mut Vec<u8>, path: &Path, metric: Metric) {
    match metric {
        Metric::Single => out.extend(path.iter().map(|m| m.letter() as u8)),
        Metric::Multi => {
            for (i, slide) in path.slides(Metric::Multi).iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                for _ in 0..slide.cells {
                    out.push(slide.direction.letter() as u8);
                }
            }
        }
    }
}
