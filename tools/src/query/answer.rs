//! One answer per input, in human, JSON or distance-only form, written into a buffer.
//!
//! Answers are formatted by hand into one growing buffer: batch mode answers millions of states
//! a second, and a `write!` per field, or a serializer per record, would cost more than the
//! answer itself. Every field written this way is digits, letters and fixed words, which need
//! no escaping; the one field that can hold anything, an unreadable input, goes through
//! serde_json.

use std::borrow::Cow;
use std::fmt::Display;
use std::io::Write as _;

use tilebase_core::{Board, Metric, Path, State};
use tilebase_lookup::{Error, Goal, Hint, Storage};

use super::draw;
use crate::exit::{self, quote, report};
use crate::locate::Source;
use crate::text::plural;

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR`, with the boards or every solution
    /// after it if asked.
    Human {
        /// Draw every board of the solution.
        boards: bool,
        /// List every optimal solution.
        all: bool,
        /// List every move with the distance it leads to.
        hint: bool,
        /// How solutions are said.
        notation: Notation,
    },
    /// One JSON object per input.
    Json {
        /// Add `solutions`, every optimal solution.
        all: bool,
        /// Add `hints`, every move with the distance it leads to.
        hint: bool,
        /// How solutions are said: with [`Notation::Tile`], `tiles` is added.
        notation: Notation,
    },
    /// `603712458 23`: the state and its distance, `-` if unsolvable, `error` if unreadable.
    DistanceOnly,
}

/// How a solution is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Notation {
    /// The direction in which the blank moves: `U`, `D`, `L`, `R`.
    #[default]
    Blank,
    /// The tiles that move, in order: `6 3 2 ...`.
    Tile,
}

/// One input: a command-line argument or a line of stdin (without its line ending).
pub struct Input<'a> {
    bytes: &'a [u8],
    line: Option<u64>,
}

impl<'a> Input<'a> {
    /// A state given as an argument.
    pub fn argument(text: &'a str) -> Input<'a> {
        Input {
            bytes: text.as_bytes(),
            line: None,
        }
    }

    /// Line `number` of stdin.
    pub fn line(bytes: &'a [u8], number: u64) -> Input<'a> {
        Input {
            bytes,
            line: Some(number),
        }
    }
}

/// Answers inputs one by one into a buffer, and remembers the exit status they add up to.
pub struct Answerer<'a> {
    answers: Goal<'a, Storage>,
    board: Board,
    metric: Metric,
    goal: Cow<'a, str>,
    board_name: Cow<'a, str>,
    mode: Mode,
    status: u8,
}

impl<'a> Answerer<'a> {
    /// Answers from `answers`, written as `mode` says.
    pub fn new(answers: Goal<'a, Storage>, mode: Mode) -> Answerer<'a> {
        let goal = answers.goal();
        Answerer {
            answers,
            board: goal.board(),
            metric: answers.metric(),
            goal: Cow::Owned(goal.to_string()),
            board_name: Cow::Owned(goal.board().to_string()),
            mode,
            status: exit::OK,
        }
    }

    /// Answers from `source`, whose goal and board are written once per source rather than
    /// once per answerer: a server makes an answerer for every request, and writing the names
    /// was about 2% of its processor time per query (BENCHMARKS.md, `serve` under load).
    pub fn for_source(source: &'a Source, mode: Mode) -> Answerer<'a> {
        let answers = source.answers();
        let (goal, board_name) = source.names();
        Answerer {
            answers,
            board: source.goal.board(),
            metric: answers.metric(),
            goal: Cow::Borrowed(goal),
            board_name: Cow::Borrowed(board_name),
            mode,
            status: exit::OK,
        }
    }

    /// The exit status: 2 if anything failed, else 1 if any state was unsolvable, else 0.
    pub fn status(&self) -> u8 {
        self.status
    }

    /// Reports a failure that is not about one input, such as stdin that cannot be read.
    pub fn fail(&mut self, message: impl Display) {
        report("query", message);
        self.status = exit::ERROR;
    }

    /// Answers one input, appending the answer to `out`.
    pub fn answer(&mut self, input: Input<'_>, out: &mut Vec<u8>) {
        if self.mode == Mode::DistanceOnly {
            // The common case, a line of digits, solvable or not, without making the state: its
            // parity says which, and distance-only prints no reason. The rest (other forms,
            // translated goals, errors) is answered below, the same either way.
            if let Some(distance) = self.answers.answer_of_digits(input.bytes) {
                if distance.is_none() {
                    self.status = self.status.max(exit::UNSOLVABLE);
                }
                return push_distance_line(out, input.bytes, distance);
            }
        }
        let state = match State::from_digits(self.board, input.bytes) {
            Some(state) => state,
            None => match std::str::from_utf8(input.bytes) {
                Err(_) => return self.refuse(&input, "not valid UTF-8", out),
                Ok(text) => match State::parse(self.board, text) {
                    Ok(state) => state,
                    Err(e) => return self.refuse(&input, e, out),
                },
            },
        };
        self.answer_read(input, state, out);
    }

    /// Answers `input`, already read as `state` (of this answerer's board), appending the
    /// answer to `out`: for a caller that had to read the state anyway, such as a server
    /// that refuses an unreadable one with its own error.
    pub fn answer_read(&mut self, input: Input<'_>, state: State, out: &mut Vec<u8>) {
        if self.mode == Mode::DistanceOnly {
            return match self.answers.distance(&state) {
                Ok(d) => push_state_distance(out, &state, Some(d)),
                Err(Error::Unsolvable(_)) => {
                    self.status = self.status.max(exit::UNSOLVABLE);
                    push_state_distance(out, &state, None);
                }
                Err(e) => self.refuse(&input, e, out),
            };
        }
        match self.answers.solve(&state) {
            Ok(path) => self.solved(&state, &path, out),
            Err(Error::Unsolvable(why)) => {
                self.status = self.status.max(exit::UNSOLVABLE);
                match self.mode {
                    Mode::Json { .. } => self.json(out, &state, None, None, None),
                    _ => {
                        push_state(out, &state);
                        out.extend_from_slice(b": unsolvable: ");
                        out.extend_from_slice(why.reason().as_bytes());
                        out.push(b'\n');
                    }
                }
            }
            Err(e) => self.refuse(&input, e, out),
        }
    }

    fn solved(&mut self, state: &State, path: &Path, out: &mut Vec<u8>) {
        let (all, hint, notation) = match self.mode {
            Mode::Human {
                all,
                hint,
                notation,
                ..
            }
            | Mode::Json {
                all,
                hint,
                notation,
            } => (all, hint, notation),
            Mode::DistanceOnly => (false, false, Notation::Blank),
        };
        let solutions = if all {
            let listed = self
                .answers
                .all_solutions(state)
                .and_then(|all| all.collect::<Result<Vec<Path>, Error>>());
            self.or_report(state, listed)
        } else {
            None
        };
        let hints = if hint {
            self.or_report(state, self.answers.hints(state))
        } else {
            None
        };
        if let Mode::Json { .. } = self.mode {
            let tiles = notation == Notation::Tile;
            return self.json(
                out,
                state,
                Some((path, tiles)),
                solutions.as_deref(),
                hints.as_deref(),
            );
        }
        push_state(out, state);
        let d = path.moves_in(self.metric);
        let say = |out: &mut Vec<u8>, p: &Path| match notation {
            Notation::Blank => self.push_moves(out, p),
            Notation::Tile => push_tiles(out, state, p, b' '),
        };
        match &solutions {
            _ if d == 0 => out.extend_from_slice(b": 0 moves (the goal)\n"),
            Some(all) => {
                let _ = writeln!(
                    out,
                    ": {d} move{}, {} optimal solution{}:",
                    plural(d as u64),
                    all.len(),
                    plural(all.len() as u64)
                );
                for p in all {
                    out.extend_from_slice(b"  ");
                    say(out, p);
                    out.push(b'\n');
                }
            }
            None => {
                out.extend_from_slice(b": ");
                push_number(out, d as u64);
                out.extend_from_slice(if d == 1 { b" move: " } else { b" moves: " });
                say(out, path);
                out.push(b'\n');
            }
        }
        if let Some(hints) = &hints
            && d > 0
        {
            push_hints(out, hints);
        }
        if let Mode::Human { boards: true, .. } = self.mode {
            let slides = path.slides(self.metric);
            out.extend_from_slice(draw::frames(state, &slides).as_bytes());
        }
    }

    /// The value, or `None` after reporting the error: for the extras asked for (every
    /// solution, hints), which only a damaged table can make fail once solve() has succeeded.
    fn or_report<T>(&mut self, state: &State, result: Result<T, Error>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                report("query", format_args!("{state}: {e}"));
                self.status = exit::ERROR;
                None
            }
        }
    }

    /// A path in letters: as they are in the single-tile metric; in the multi-tile metric with a
    /// space between moves, since a run of one letter is one move.
    fn push_moves(&self, out: &mut Vec<u8>, path: &Path) {
        match self.metric {
            Metric::Single => push_path(out, path),
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

    /// The JSON record of an answered state: exactly the fields `state`, `goal`, `board`,
    /// `solvable`, `distance`, `moves`, in this order (other programs parse them); then
    /// `metric` in the multi-tile metric, `tiles` in tile notation, `solutions` under `--all`
    /// and `hints` under `--hint`.
    fn json(
        &self,
        out: &mut Vec<u8>,
        state: &State,
        path: Option<(&Path, bool)>,
        all: Option<&[Path]>,
        hints: Option<&[Hint]>,
    ) {
        out.extend_from_slice(b"{\"state\":\"");
        push_state(out, state);
        out.extend_from_slice(b"\",\"goal\":\"");
        out.extend_from_slice(self.goal.as_bytes());
        out.extend_from_slice(b"\",\"board\":\"");
        out.extend_from_slice(self.board_name.as_bytes());
        match path {
            Some((path, _)) => {
                out.extend_from_slice(b"\",\"solvable\":true,\"distance\":");
                push_number(out, path.moves_in(self.metric) as u64);
                out.extend_from_slice(b",\"moves\":\"");
                push_path(out, path);
                out.push(b'"');
            }
            None => {
                out.extend_from_slice(b"\",\"solvable\":false,\"distance\":null,\"moves\":null")
            }
        }
        if self.metric == Metric::Multi {
            out.extend_from_slice(b",\"metric\":\"mtm\"");
        }
        if let Some((path, true)) = path {
            out.extend_from_slice(b",\"tiles\":[");
            push_tiles(out, state, path, b',');
            out.push(b']');
        }
        if let Some(all) = all {
            out.extend_from_slice(b",\"solutions\":[");
            for (i, p) in all.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.push(b'"');
                push_path(out, p);
                out.push(b'"');
            }
            out.push(b']');
        }
        if let Some(hints) = hints {
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
        out.extend_from_slice(b"}\n");
    }

    fn refuse(&mut self, input: &Input<'_>, problem: impl Display, out: &mut Vec<u8>) {
        self.status = exit::ERROR;
        let text = String::from_utf8_lossy(input.bytes);
        match self.mode {
            Mode::Json { .. } => {
                out.extend_from_slice(b"{\"input\":");
                let _ = serde_json::to_writer(&mut *out, &text);
                out.extend_from_slice(b",\"error\":");
                let _ = serde_json::to_writer(&mut *out, &problem.to_string());
                out.extend_from_slice(b"}\n");
                return;
            }
            Mode::DistanceOnly => {
                // One line per input, so that the output lines up with the input.
                out.extend_from_slice(input.bytes);
                out.extend_from_slice(b" error\n");
            }
            Mode::Human { .. } => {}
        }
        match input.line {
            Some(n) => report(
                "query",
                format_args!("line {n}: {}: {problem}", quote(&text)),
            ),
            None => report("query", format_args!("{}: {problem}", quote(&text))),
        }
    }
}

/// The state as query writes it: digits on boards of up to 10 cells, else comma-separated.
fn push_state(out: &mut Vec<u8>, state: &State) {
    match digits(state) {
        Some((digits, n)) => out.extend_from_slice(&digits[..n]),
        None => {
            let _ = write!(out, "{state}");
        }
    }
}

/// The state's cells as ASCII digits, and how many there are; `None` on boards of more than 10
/// cells, whose tiles are not single digits.
fn digits(state: &State) -> Option<([u8; 10], usize)> {
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

/// `--distance-only`'s line: the state, then its distance or `-`.
fn push_state_distance(out: &mut Vec<u8>, state: &State, distance: Option<u8>) {
    if let Some((digits, n)) = digits(state) {
        return push_distance_line(out, &digits[..n], distance);
    }
    push_state(out, state);
    match distance {
        Some(d) => {
            out.push(b' ');
            push_number(out, d.into());
            out.push(b'\n');
        }
        None => out.extend_from_slice(b" -\n"),
    }
}

/// `--distance-only`'s line for a state of up to 10 cells written as `digits`. The line is made
/// in a buffer of fixed size and appended whole, then cut to its length: copies of fixed size
/// are a few instructions, where each copy of variable size would be a call to `memcpy`, and at
/// tens of millions of lines a second those calls were a sixth of the time.
fn push_distance_line(out: &mut Vec<u8>, digits: &[u8], distance: Option<u8>) {
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

/// The tiles that move along `path` from `start`, one per cell the blank moves, separated by
/// `separator`.
fn push_tiles(out: &mut Vec<u8>, start: &State, path: &Path, separator: u8) {
    let mut state = *start;
    for (i, &m) in path.iter().enumerate() {
        // The path came from the database, so every move is legal; stop if not.
        let (Some(tile), Some(next)) = (state.slide_tile(m), state.slide(m)) else {
            break;
        };
        if i > 0 {
            out.push(separator);
        }
        push_number(out, tile.into());
        state = next;
    }
}

/// `--hint`: every move, the tile it slides, and how far it leaves the state.
fn push_hints(out: &mut Vec<u8>, hints: &[Hint]) {
    for h in hints {
        let _ = writeln!(
            out,
            "  {:<3} tile {:<2}  {:>2} move{} left{}",
            h.slide.to_string(),
            h.tile,
            h.distance,
            plural(h.distance),
            if h.optimal { "  optimal" } else { "" }
        );
    }
}

fn push_path(out: &mut Vec<u8>, path: &Path) {
    out.extend(path.iter().map(|m| m.letter() as u8));
}

fn push_number(out: &mut Vec<u8>, mut n: u64) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn line(state: &str, board: &str, distance: Option<u8>) -> String {
        let board: Board = board.parse().unwrap();
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
