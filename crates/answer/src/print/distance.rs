//! `--distance-only`'s lines: `603712458 23`, the state and its distance, `-` where it cannot
//! reach the goal. Tens of millions of lines a second from a full table.

use tilebase_core::State;

use crate::print::bytes::{digits, push_number, push_position};
use crate::question::position::Position;

/// `--distance-only`'s line for a state of a full table.
pub(crate) fn push_state_distance(out: &mut Vec<u8>, state: &State, distance: Option<u8>) {
    if let Some((digits, n)) = digits(state) {
        return push_distance_line(out, &digits[..n], distance);
    }
    push_position_distance(out, &Position::from(*state), distance);
}

/// `--distance-only`'s line: the position, then its distance or `-`.
pub(crate) fn push_position_distance(out: &mut Vec<u8>, position: &Position, distance: Option<u8>) {
    push_position(out, position);
    match distance {
        Some(d) => {
            out.push(b' ');
            push_number(out, d.into());
            out.push(b'\n');
        }
        None => out.extend_from_slice(b" -\n"),
    }
}

/// `--distance-only`'s line for bounds: the position, then its distance where proven optimal,
/// else the lower bound and the solution's length, `118..126` (`118..` with no solution).
pub(crate) fn push_bounds(out: &mut Vec<u8>, bounded: &crate::Bounded) {
    push_position(out, &bounded.position);
    out.push(b' ');
    push_number(out, bounded.lower_bound.into());
    if !bounded.optimal() {
        out.extend_from_slice(b"..");
        if let Some(length) = bounded.length() {
            push_number(out, length.into());
        }
    }
    out.push(b'\n');
}

/// `--distance-only`'s line for a state of up to 10 cells written as `digits`. The line is made
/// in a buffer of fixed size and appended whole, then cut to its length: copies of fixed size
/// are a few instructions, where each copy of variable size would be a call to `memcpy`, and at
/// tens of millions of lines a second those calls were a sixth of the time.
pub(crate) fn push_distance_line(out: &mut Vec<u8>, digits: &[u8], distance: Option<u8>) {
    // Ten digits, a space, at most three more digits and a newline.
    let mut line = [0u8; 16];
    let n = digits.len().min(10);
    // Two copies of fixed size that overlap cover every length from 4 (the smallest board).
    match n {
        8.. => {
            line[..8].copy_from_slice(&digits[..8]);
            line[n - 8..n].copy_from_slice(&digits[n - 8..n]);
        }
        4.. => {
            line[..4].copy_from_slice(&digits[..4]);
            line[n - 4..n].copy_from_slice(&digits[n - 4..n]);
        }
        _ => line[..n].copy_from_slice(&digits[..n]),
    }
    let mut len = n;
    line[len] = b' ';
    len += 1;
    match distance {
        Some(d) => {
            if d >= 100 {
                line[len] = b'0' + d / 100;
                len += 1;
            }
            if d >= 10 {
                line[len] = b'0' + d / 10 % 10;
                len += 1;
            }
            line[len] = b'0' + d % 10;
            len += 1;
        }
        None => {
            line[len] = b'-';
            len += 1;
        }
    }
    line[len] = b'\n';
    let end = out.len() + len + 1;
    out.extend_from_slice(&line);
    out.truncate(end);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(state: &str, board: &str, distance: Option<u8>) -> String {
        let board: tilebase_core::Board = board.parse().unwrap();
        let state = State::parse(board, state).unwrap();
        let mut out = b"before\n".to_vec();
        push_state_distance(&mut out, &state, distance);
        String::from_utf8(out).unwrap()
    }

    /// Every length of distance, the unsolvable mark, and a board too large for digits, each
    /// appended after what the buffer held.
    #[test]
    fn distance_lines_of_every_length() {
        assert_eq!(line("123804765", "3x3", Some(0)), "before\n123804765 0\n");
        assert_eq!(line("603712458", "3x3", Some(23)), "before\n603712458 23\n");
        assert_eq!(
            line("1234567890", "5x2", Some(255)),
            "before\n1234567890 255\n"
        );
        assert_eq!(line("864072513", "3x3", None), "before\n864072513 -\n");
        let twelve = "1,2,3,4,5,6,7,8,9,10,11,0";
        assert_eq!(
            line(twelve, "4x3", Some(100)),
            format!("before\n{twelve} 100\n")
        );
        assert_eq!(line(twelve, "4x3", None), format!("before\n{twelve} -\n"));
        // Every length of digits the copies of fixed size must cover.
        for n in 0..=10 {
            let digits = &b"0123456789"[..n];
            let mut out = Vec::new();
            push_distance_line(&mut out, digits, Some(7));
            assert_eq!(out, [digits, b" 7\n"].concat(), "{n} digits");
        }
    }
}
