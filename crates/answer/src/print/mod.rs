//! Answers written out, one per input, as people read them, as JSON Lines, or as distance
//! lines: what `query` prints, and `serve` answers with.
//!
//! Answers are formatted by hand into one growing buffer: batch mode answers millions of states
//! a second, and a `write!` per field would cost more than the answer itself. A full table's
//! answers take the fast paths of the lookup crate (a line of digits read without making a
//! state); a search's answers are shared among the cores when there are enough of them.
//!
//! Each form is written in a module of its own ([`text`], [`json`], [`distance`], and the
//! pictures of [`draw`]), from the bytes of [`bytes`]; here, the [`Printer`] that reads each
//! input, finds its answer and hands it to its form.

pub(crate) mod bytes;
pub(crate) mod distance;
pub mod draw;
pub mod json;
pub(crate) mod text;

use std::borrow::Cow;
use std::fmt::Display;

use rayon::prelude::*;
use tilebase_core::{Path, State};
use tilebase_lookup::{Goal, Storage};

use crate::answering::analyse::Letters;
use crate::answering::answer::{Answer, Bounded, Solved, Unsolvable};
use crate::answering::{Answers, Ask, Effort, Searcher};
use crate::error::Error;
use crate::files::repair::{self, TableFile};
use crate::files::tables::TableSource;
use crate::question::Question;
use crate::question::given::quote;
use crate::question::position::{Position, ReadError};
use distance::{push_distance_line, push_position_distance, push_state_distance};
use json::{Context, Fields};

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
    /// One JSON object per input (see [`crate::print::json`]).
    Json {
        /// Add `solutions`, every optimal solution.
        all: bool,
        /// Add `hints`, every move with the distance it leads to.
        hint: bool,
        /// How solutions are said: with [`Notation::Tile`], `tiles` is added.
        notation: Notation,
        /// Add `boards`, every state along the solution.
        boards: bool,
    },
    /// `603712458 23`: the state and its distance, `-` if unsolvable, `error` if unreadable.
    DistanceOnly,
}

impl Mode {
    /// Whether every optimal solution is asked for.
    pub fn all(&self) -> bool {
        matches!(
            self,
            Mode::Human { all: true, .. } | Mode::Json { all: true, .. }
        )
    }
}

/// How a solution is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// The direction in which the blank moves: `U`, `D`, `L`, `R`.
    #[default]
    Blank,
    /// The tiles that move, in order: `6 3 2 ...`.
    Tile,
}

/// How the inputs fared, worst last: a program's exit status follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Outcome {
    /// Every input answered, every position able to reach the goal.
    #[default]
    Answered,
    /// Some position cannot reach the goal.
    Unsolvable,
    /// Some input could not be answered.
    Failed,
}

/// One input: a command-line argument or a line of stdin (without its line ending).
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    bytes: &'a [u8],
    line: Option<u64>,
}

impl<'a> Input<'a> {
    /// A state given as an argument (or a request's parameter).
    pub fn argument(text: &'a str) -> Input<'a> {
        Input {
            bytes: text.as_bytes(),
            line: None,
        }
    }

    /// Line `number` of a batch.
    pub fn line(bytes: &'a [u8], number: u64) -> Input<'a> {
        Input {
            bytes,
            line: Some(number),
        }
    }

    /// The input as given.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// Writes the answers of one question, input by input, into buffers; remembers the worst
/// outcome, and keeps the problems to report (each a line for stderr: `line 4: "12": ...`)
/// until [`Printer::take_notes`].
///
/// ```
/// use tilebase_answer::{Answers, Input, Mode, Printer, Question};
///
/// # std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
/// # tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-examples"));
/// let answers = Answers::open(&Question::default())?;
/// let mut printer = Printer::new(&answers, Mode::DistanceOnly);
/// let mut out = Vec::new();
/// printer.answer(Input::argument("603712458"), &mut out);
/// printer.answer(Input::line(b"12345678", 2), &mut out);
/// assert_eq!(out, b"603712458 23\n12345678 error\n");
/// assert_eq!(printer.take_notes(), ["line 2: \"12345678\": 8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)"]);
/// # Ok::<(), tilebase_answer::Error>(())
/// ```
pub struct Printer<'a> {
    writer: Writer<'a>,
    outcome: Outcome,
    notes: Vec<String>,
}

/// What writes the answers: everything a [`Printer`] holds but its outcome and notes, so that
/// answers are written from shared references, on every core.
struct Writer<'a> {
    question: Question,
    goal_text: Cow<'a, str>,
    board_text: Cow<'a, str>,
    /// The table's questions, when a full table answers.
    table: Option<Goal<'a, Storage>>,
    /// The table's file, named with the command that rebuilds it when an entry is damaged.
    table_file: Option<TableFile>,
    /// The search, when pattern databases answer.
    searcher: Option<Searcher<'a>>,
    /// The answers, when they are bounds (a board past 25 cells).
    bounds: Option<&'a Answers>,
    /// Why the search could not be set up (pattern files that make no partition).
    unusable: Option<String>,
    mode: Mode,
    effort: Effort,
    /// Count every position's optimal solutions.
    count: bool,
    /// List at most this many solutions.
    limit: Option<usize>,
    /// How moves are written in text.
    letters: Letters,
}

/// Problems met while answering one input, to be reported.
type Notes = Vec<String>;

/// Where an answer written while it is being found goes: handed what is written so far (which
/// it takes, leaving the buffer empty); `false` when it can take no more (its reader gone), and
/// the search stops.
pub type Stream<'s> = &'s mut dyn FnMut(&mut Vec<u8>) -> bool;

impl<'a> Printer<'a> {
    /// Writes `answers`' answers as `mode` says.
    pub fn new(answers: &'a Answers, mode: Mode) -> Printer<'a> {
        let (goal, board) = answers.names();
        let bounds = answers.bounds_puzzle().map(|_| answers);
        let (searcher, unusable) = match answers.searcher() {
            Some(Ok(searcher)) => (Some(searcher), None),
            _ if bounds.is_some() => (None, None),
            Some(Err(e)) => (None, Some(e.to_string())),
            None => (None, None),
        };
        Printer::of(Writer {
            question: *answers.question(),
            goal_text: Cow::Borrowed(goal),
            board_text: Cow::Borrowed(board),
            table: answers.table_goal(),
            table_file: answers.table().and_then(TableSource::file),
            searcher,
            bounds,
            unusable,
            ..Writer::without_files(answers.question(), mode)
        })
    }

    /// Writes the answers that need no files (an input that is no position of the board, a
    /// position that cannot reach the goal) before any file is opened: a typo must not cost a
    /// build. [`Printer::needs_files`] says which inputs need more.
    pub fn without_files(question: &Question, mode: Mode) -> Printer<'static> {
        Printer::of(Writer::without_files(question, mode))
    }

    /// A printer that writes with `writer`, nothing written yet.
    fn of(writer: Writer<'a>) -> Printer<'a> {
        Printer {
            writer,
            outcome: Outcome::Answered,
            notes: Vec::new(),
        }
    }

    /// Writes moves in text with `letters`: with [`Letters::Tile`], the speedsolvers' letters
    /// (the direction the tiles slide, `D3R2`). JSON keeps tilebase's letters, its contract.
    pub fn with_letters(mut self, letters: Letters) -> Printer<'a> {
        self.writer.letters = letters;
        self
    }

    /// Also counts every position's optimal solutions (`count` in JSON).
    pub fn with_count(mut self, count: bool) -> Printer<'a> {
        self.writer.count = count;
        self
    }

    /// Lists at most `limit` optimal solutions of each position (with every solution asked
    /// for): the first ones, in U < D < L < R order.
    pub fn with_limit(mut self, limit: Option<usize>) -> Printer<'a> {
        self.writer.limit = limit;
        self
    }

    /// The question answered.
    pub fn question(&self) -> &Question {
        &self.writer.question
    }

    /// Searches within `effort` (by default, no bound and every core).
    pub fn with_effort(mut self, effort: Effort) -> Printer<'a> {
        self.writer.effort = effort;
        self
    }

    /// Whether `input` needs the files to be answered: it is a position of the board that can
    /// reach the goal.
    pub fn needs_files(&self, input: &Input<'_>) -> bool {
        match self.writer.read(input.bytes) {
            Ok(position) => position
                .unsolvable_reason(self.writer.question.goal())
                .is_none(),
            Err(_) => false,
        }
    }

    /// How many lines of a batch are worth gathering before answering them together: a
    /// search's answers are shared among the cores, and searches differ a thousandfold in
    /// length, so the more lines a batch holds the less a core waits for the longest; a
    /// table's answers stream one by one, and so do searches' every solution in text
    /// ([`Printer::streams`]).
    pub fn batch_size(&self) -> usize {
        if self.writer.bounds.is_some() {
            // Each position takes its budget: a batch as large as the cores keeps them busy
            // and each answer is written when its turn's are done.
            rayon::current_num_threads()
        } else if self.writer.searcher.is_some() && !self.streams() {
            1024
        } else {
            1
        }
    }

    /// The worst outcome so far.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Records a failure that is not about one input, such as a batch that cannot be read.
    pub fn fail(&mut self, message: impl Display) {
        self.notes.push(message.to_string());
        self.outcome = Outcome::Failed;
    }

    /// Whether problems were met since the last [`Printer::take_notes`]: a check cheap enough
    /// for every line of a batch.
    #[inline]
    pub fn has_notes(&self) -> bool {
        !self.notes.is_empty()
    }

    /// The problems met since the last call, each a line to report.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Answers one input, appending the answer to `out`.
    #[inline]
    pub fn answer(&mut self, input: Input<'_>, out: &mut Vec<u8>) {
        let outcome = self.writer.write(input, out, &mut self.notes, None);
        self.outcome = self.outcome.max(outcome);
    }

    /// Whether every optimal solution is written as it is found ([`Printer::answer_streaming`]):
    /// in text, when every one is asked for on a board answered by search, where the last
    /// iteration of the search can take long and find many.
    pub fn streams(&self) -> bool {
        self.writer.searcher.is_some() && matches!(self.writer.mode, Mode::Human { all: true, .. })
    }

    /// [`Printer::answer`], handing what is written to `stream` as each solution is found when
    /// [`Printer::streams`]: a header without their number, the solutions in the order found,
    /// then their number.
    pub fn answer_streaming(&mut self, input: Input<'_>, out: &mut Vec<u8>, stream: Stream<'_>) {
        let outcome = self.writer.write(input, out, &mut self.notes, Some(stream));
        self.outcome = self.outcome.max(outcome);
    }

    /// Answers `input`, already read as `position` (of the question's board), appending the
    /// answer to `out`: for a caller that had to read it anyway, such as a server that refuses
    /// an unreadable state with its own error.
    pub fn answer_read(&mut self, input: Input<'_>, position: &Position, out: &mut Vec<u8>) {
        let outcome = self
            .writer
            .write_position(input, position, out, &mut self.notes, None);
        self.outcome = self.outcome.max(outcome);
    }

    /// Answers every input, the answers in input order. Searches are shared among the cores:
    /// each input on a core of its own when there are at least as many as cores, else each
    /// search on every core in turn.
    pub fn answer_all(&mut self, inputs: &[Input<'_>], out: &mut Vec<u8>) {
        // Bounds take their budget each, on one core: two or more share the cores.
        let shared = match (&self.writer.searcher, &self.writer.bounds) {
            (_, Some(_)) => inputs.len() >= 2,
            (Some(_), None) => inputs.len() >= rayon::current_num_threads(),
            (None, None) => false,
        };
        if !shared {
            for &input in inputs {
                self.answer(input, out);
            }
            return;
        }
        let writer = &self.writer;
        let answered: Vec<(Vec<u8>, Outcome, Notes)> = inputs
            .par_iter()
            .with_max_len(1)
            .map(|&input| {
                let mut text = Vec::new();
                let mut notes = Notes::new();
                let outcome = writer.write(input, &mut text, &mut notes, None);
                (text, outcome, notes)
            })
            .collect();
        for (text, outcome, mut notes) in answered {
            out.extend_from_slice(&text);
            self.notes.append(&mut notes);
            self.outcome = self.outcome.max(outcome);
        }
    }
}

impl Writer<'_> {
    /// A writer with no files to answer from, of `question`'s answers as `mode` says.
    fn without_files(question: &Question, mode: Mode) -> Writer<'static> {
        Writer {
            question: *question,
            goal_text: Cow::Owned(question.goal().to_string()),
            board_text: Cow::Owned(question.board().to_string()),
            table: None,
            table_file: None,
            searcher: None,
            bounds: None,
            unusable: Some("no files to answer from".to_string()),
            mode,
            effort: Effort::default(),
            count: false,
            limit: None,
            letters: Letters::Blank,
        }
    }

    /// Reads `bytes` as a position of the board.
    fn read(&self, bytes: &[u8]) -> Result<Position, Problem> {
        if let Some(table) = &self.table
            && let Some(state) = State::from_digits(table.goal().board(), bytes)
        {
            return Ok(Position::from(state));
        }
        match std::str::from_utf8(bytes) {
            Err(_) => Err(Problem::NotUtf8),
            Ok(text) => Position::parse(self.question.board(), text).map_err(Problem::Read),
        }
    }

    /// Answers one input into `out`, the problems into `notes`.
    fn write(
        &self,
        input: Input<'_>,
        out: &mut Vec<u8>,
        notes: &mut Notes,
        stream: Option<Stream<'_>>,
    ) -> Outcome {
        if let (Mode::DistanceOnly, Some(table)) = (self.mode, &self.table) {
            // The common case, a line of digits, solvable or not, without making the state: its
            // parity says which, and distance-only prints no reason. The rest (other forms,
            // translated goals, errors) is answered below, the same either way.
            if let Some(distance) = table.answer_of_digits(input.bytes) {
                push_distance_line(out, input.bytes, distance);
                return match distance {
                    Some(_) => Outcome::Answered,
                    None => Outcome::Unsolvable,
                };
            }
        }
        match self.read(input.bytes) {
            Ok(position) => self.write_position(input, &position, out, notes, stream),
            Err(problem) => self.refuse(&input, &problem, out, notes),
        }
    }

    fn write_position(
        &self,
        input: Input<'_>,
        position: &Position,
        out: &mut Vec<u8>,
        notes: &mut Notes,
        stream: Option<Stream<'_>>,
    ) -> Outcome {
        if let Some(why) = self.unsolvable_without_files(position) {
            return self.write_unsolvable(&why, out);
        }
        let answered = match (&self.table, &self.searcher) {
            (Some(table), _) => self.answer_table(table, position, out, notes),
            // Only a printer that streams is handed a stream ([`Printer::streams`]).
            (None, Some(searcher)) => match stream {
                Some(stream) => self.stream_search(searcher, position, out, stream),
                None => self.answer_search(searcher, position, out),
            },
            (None, None) if let Some(answers) = self.bounds => {
                self.answer_bounds(answers, position, out)
            }
            (None, None) => Err(Error::Files(
                self.unusable
                    .clone()
                    .unwrap_or_else(|| "no files to answer from".into()),
            )),
        };
        match answered {
            Ok(outcome) => outcome,
            Err(e) => self.refuse(&input, &Problem::Answer(e), out, notes),
        }
    }

    /// A position that cannot reach the goal, answered by its parity before any file is
    /// needed; `None` when files are there to answer (they say it as well).
    fn unsolvable_without_files(&self, position: &Position) -> Option<Unsolvable> {
        if self.table.is_some() || self.searcher.is_some() || self.bounds.is_some() {
            return None;
        }
        position
            .unsolvable_reason(self.question.goal())
            .map(|_| Unsolvable {
                position: *position,
                goal: *self.question.goal(),
            })
    }

    fn answer_table(
        &self,
        table: &Goal<'_, Storage>,
        position: &Position,
        out: &mut Vec<u8>,
        notes: &mut Notes,
    ) -> Result<Outcome, Error> {
        let Some(state) = position.state() else {
            return Err(Error::Read(ReadError::State(
                tilebase_core::StateError::NoBoard {
                    cells: position.board().cells(),
                },
            )));
        };
        if self.mode == Mode::DistanceOnly {
            return match table.distance(state) {
                Ok(d) => {
                    push_state_distance(out, state, Some(d));
                    Ok(Outcome::Answered)
                }
                Err(tilebase_lookup::Error::Unsolvable(_)) => {
                    push_state_distance(out, state, None);
                    Ok(Outcome::Unsolvable)
                }
                Err(e) => Err(self.damaged(e)),
            };
        }
        let moves = match table.solve(state) {
            Ok(moves) => moves,
            Err(tilebase_lookup::Error::Unsolvable(_)) => {
                let unsolvable = Unsolvable {
                    position: *position,
                    goal: *self.question.goal(),
                };
                return Ok(self.write_unsolvable(&unsolvable, out));
            }
            Err(e) => return Err(self.damaged(e)),
        };
        let mut outcome = Outcome::Answered;
        // The extras asked for, which only a damaged table can make fail once the solution is
        // found: reported, and the answer written without them.
        let solutions = if self.mode.all() {
            let limit = self.limit.unwrap_or(usize::MAX);
            let all = table
                .all_solutions(state)
                .and_then(|all| all.take(limit).collect::<Result<Vec<Path>, _>>());
            self.or_report(all, state, notes, &mut outcome)
        } else {
            None
        };
        let count = if self.count {
            let counted = crate::answering::table::count_table(table, *state);
            self.or_report(counted, state, notes, &mut outcome)
        } else {
            None
        };
        let hints = if self.hint() {
            self.or_report(table.hints(state), state, notes, &mut outcome)
        } else {
            None
        };
        let solved = Solved {
            position: *position,
            distance: moves.moves_in(self.question.metric()) as u8,
            moves,
            solutions,
            count,
            hints,
            nodes: None,
        };
        self.write_solved(&solved, out);
        Ok(outcome)
    }

    fn answer_search(
        &self,
        searcher: &Searcher<'_>,
        position: &Position,
        out: &mut Vec<u8>,
    ) -> Result<Outcome, Error> {
        if self.mode == Mode::DistanceOnly {
            if !searcher.solvable(position) {
                push_position_distance(out, position, None);
                return Ok(Outcome::Unsolvable);
            }
            let distance = match searcher.distance(position, &self.effort) {
                // Out of its budget: the bounds it proved, and a solution's length.
                Err(Error::Search { error, .. })
                    if let Some(bounded) =
                        searcher.bounded_after(position, &self.effort, &error) =>
                {
                    return Ok(self.write_bounded(&bounded?, out));
                }
                distance => distance?,
            };
            push_position_distance(out, position, distance);
            return Ok(if distance.is_some() {
                Outcome::Answered
            } else {
                Outcome::Unsolvable
            });
        }
        let ask = Ask {
            solutions: self.mode.all(),
            hints: self.hint(),
            count: self.count,
            limit: self.limit,
            effort: self.effort,
        };
        match searcher.answer(position, &ask)? {
            Answer::Solved(solved) => {
                self.write_solved(&solved, out);
                Ok(Outcome::Answered)
            }
            Answer::Unsolvable(unsolvable) => Ok(self.write_unsolvable(&unsolvable, out)),
            Answer::Bounded(bounded) => Ok(self.write_bounded(&bounded, out)),
        }
    }

    /// Bounds on `position` within the effort's budget.
    fn answer_bounds(
        &self,
        answers: &Answers,
        position: &Position,
        out: &mut Vec<u8>,
    ) -> Result<Outcome, Error> {
        let answer = answers.bounds(position, &self.effort)?;
        Ok(match answer {
            Answer::Bounded(bounded) => self.write_bounded(&bounded, out),
            Answer::Unsolvable(unsolvable) => self.write_unsolvable(&unsolvable, out),
            Answer::Solved(solved) => {
                self.write_solved(&solved, out);
                Outcome::Answered
            }
        })
    }

    /// What a search within a budget proved, as the mode writes it.
    fn write_bounded(&self, bounded: &Bounded, out: &mut Vec<u8>) -> Outcome {
        match self.mode {
            Mode::Json {
                boards, notation, ..
            } => {
                let fields = Fields {
                    tiles: notation == Notation::Tile,
                    boards,
                };
                json::bounded(out, &self.context(), bounded, fields);
                out.push(b'\n');
            }
            Mode::Human {
                boards, notation, ..
            } => self.text_bounded(bounded, boards, notation, out),
            Mode::DistanceOnly => distance::push_bounds(out, bounded),
        }
        Outcome::Answered
    }

    fn hint(&self) -> bool {
        matches!(
            self.mode,
            Mode::Human { hint: true, .. } | Mode::Json { hint: true, .. }
        )
    }

    fn context(&self) -> Context<'_> {
        Context {
            goal: &self.goal_text,
            board: &self.board_text,
            metric: self.question.metric(),
        }
    }

    fn write_unsolvable(&self, unsolvable: &Unsolvable, out: &mut Vec<u8>) -> Outcome {
        match self.mode {
            Mode::Json { boards, .. } => {
                json::unsolvable(
                    out,
                    &self.context(),
                    &unsolvable.position,
                    Fields {
                        tiles: false,
                        boards,
                    },
                );
                out.push(b'\n');
            }
            Mode::DistanceOnly => distance::push_position_distance(out, &unsolvable.position, None),
            Mode::Human { .. } => text::unsolvable(out, unsolvable),
        }
        Outcome::Unsolvable
    }

    fn write_solved(&self, solved: &Solved, out: &mut Vec<u8>) {
        match self.mode {
            Mode::Json {
                notation, boards, ..
            } => {
                let fields = Fields {
                    tiles: notation == Notation::Tile,
                    boards,
                };
                json::solved(out, &self.context(), solved, fields);
                out.push(b'\n');
            }
            Mode::Human {
                boards, notation, ..
            } => self.text_solved(solved, boards, notation, out),
            Mode::DistanceOnly => {
                distance::push_position_distance(out, &solved.position, Some(solved.distance));
            }
        }
    }

    fn refuse(
        &self,
        input: &Input<'_>,
        problem: &Problem,
        out: &mut Vec<u8>,
        notes: &mut Notes,
    ) -> Outcome {
        let text = String::from_utf8_lossy(input.bytes);
        match self.mode {
            Mode::Json { .. } => {
                json::refused(out, &text, &problem.to_string());
                out.push(b'\n');
                return Outcome::Failed;
            }
            Mode::DistanceOnly => {
                // One line per input, so that the output lines up with the input.
                out.extend_from_slice(input.bytes);
                out.extend_from_slice(b" error\n");
            }
            Mode::Human { .. } => {}
        }
        notes.push(match input.line {
            Some(n) => format!("line {n}: {}: {problem}", quote(&text)),
            None => format!("{}: {problem}", quote(&text)),
        });
        Outcome::Failed
    }
}

impl Writer<'_> {
    /// A table's error, a damaged entry naming the file and the command that rebuilds it.
    fn damaged(&self, e: tilebase_lookup::Error) -> Error {
        repair::damaged_entry(self.table_file.as_ref(), e)
    }

    /// The value, or `None` with the error reported and the outcome failed.
    fn or_report<T>(
        &self,
        result: Result<T, tilebase_lookup::Error>,
        state: &State,
        notes: &mut Notes,
        outcome: &mut Outcome,
    ) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                notes.push(format!("{state}: {}", self.damaged(e)));
                *outcome = Outcome::Failed;
                None
            }
        }
    }
}

/// Why an input got no answer.
enum Problem {
    NotUtf8,
    Read(ReadError),
    Answer(Error),
}

impl Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::NotUtf8 => f.write_str("not valid UTF-8"),
            Problem::Read(e) => e.fmt(f),
            // The input is named before the problem: a search's error names it once.
            Problem::Answer(Error::Search { error, .. }) => error.fmt(f),
            Problem::Answer(e) => e.fmt(f),
        }
    }
}
