//! What every function asks and where its answers come from: the question that `goal`,
//! `board`, `metric` and `pdb` ask, read once for every function ([`Questions::read`]), the
//! answers found for it (the library's, or a `tilebase.Database`'s file), and the macro that writes
//! each function taking those four arguments once ([`asking!`]).

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::Path;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use tilebase_answer::{
    Answers, Asked, Board, Error, GOAL_PRESETS, Given, Method, Metric, Partition, Position,
    Question, QuestionError, read_board, read_metric, read_pdb,
};

use super::arguments::given;
use super::errors::{Answer, Failure};
use super::library::{find_or_build, library};

/// Writes, once each, the functions that take the question's four arguments, `goal`, `board`,
/// `metric` and `pdb` (each None by default: the question's own defaults, read by
/// [`Questions::read`]), among arguments of their own. Each entry is the function as Python
/// calls it, with `..` where the four stand, and is answered by the method of the same name of
/// [`Questions`], given `py` and the function's own arguments in order:
///
/// ```ignore
/// asking! {
///     /// The docstring.
///     #[pyo3(text_signature = "...")]
///     fn solutions(state: &Bound<'py, PyAny>, .., limit: Option<&Bound<'py, PyAny>> = None)
///         -> Option<Vec<String>>;
/// }
/// ```
///
/// makes the module's function `solutions`, which asks the library; its text signature shows
/// `metric='stm'`, the default that None stands for. After `impl Database { ... }` (the class's
/// own methods, written as in any `#[pymethods]` block), the entries are the class's methods
/// instead, which ask its file: PyO3 takes a class's methods from one block only.
macro_rules! asking {
    (
        impl Database { $($own:tt)* }
        $(
            $(#[$attr:meta])*
            fn $name:ident(
                $($arg:ident: $ty:ty $(= $default:tt)?,)*
                ..
                $(, $after:ident: $after_ty:ty $(= $after_default:tt)?)*
            ) -> $answer:ty;
        )*
    ) => {
        #[::pyo3::pymethods]
        impl Database {
            $($own)*

            $(
                $(#[$attr])*
                #[pyo3(signature = (
                    $($arg $(= $default)?,)*
                    goal = None, board = None, metric = None, pdb = None
                    $(, $after $(= $after_default)?)*
                ))]
                #[allow(clippy::too_many_arguments)]
                fn $name<'py>(
                    &self,
                    py: ::pyo3::Python<'py>,
                    $($arg: $ty,)*
                    goal: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>,
                    board: Option<::std::borrow::Cow<'_, str>>,
                    metric: Option<::std::borrow::Cow<'_, str>>,
                    pdb: Option<::std::borrow::Cow<'_, str>>,
                    $($after: $after_ty,)*
                ) -> $crate::module::errors::Answer<$answer> {
                    let file = Some((&self.db, self.path.as_path()));
                    $crate::module::questions::Questions::read(file, goal, board, metric, pdb)?
                        .$name(py, $($arg,)* $($after,)*)
                }
            )*
        }
    };
    (
        $(
            $(#[$attr:meta])*
            fn $name:ident(
                $($arg:ident: $ty:ty $(= $default:tt)?,)*
                ..
                $(, $after:ident: $after_ty:ty $(= $after_default:tt)?)*
            ) -> $answer:ty;
        )*
    ) => {
        $(
            #[::pyo3::pyfunction]
            $(#[$attr])*
            #[pyo3(signature = (
                $($arg $(= $default)?,)*
                goal = None, board = None, metric = None, pdb = None
                $(, $after $(= $after_default)?)*
            ))]
            #[allow(clippy::too_many_arguments)]
            pub(super) fn $name<'py>(
                py: ::pyo3::Python<'py>,
                $($arg: $ty,)*
                goal: Option<&::pyo3::Bound<'py, ::pyo3::PyAny>>,
                board: Option<::std::borrow::Cow<'_, str>>,
                metric: Option<::std::borrow::Cow<'_, str>>,
                pdb: Option<::std::borrow::Cow<'_, str>>,
                $($after: $after_ty,)*
            ) -> $crate::module::errors::Answer<$answer> {
                $crate::module::questions::Questions::read(None, goal, board, metric, pdb)?
                    .$name(py, $($arg,)* $($after,)*)
            }
        )*
    };
}
pub(super) use asking;

/// What a question was read from (a goal given as a string, the board, the metric and the
/// pattern databases), as the module's functions were given them.
type Asking = (String, [Option<String>; 3]);

thread_local! {
    /// The question this thread last read from a goal given as a string, with what it was read
    /// from.
    static LAST_READ: RefCell<Option<(Asking, Question)>> = const { RefCell::new(None) };
}

/// A question and, once a position needs them, its answers: the library's (remembered, lent
/// without a reference count, found, or built), or those of a file given by name.
pub(super) struct Questions {
    /// The question, or why it cannot be asked; when no board was named, the first state read
    /// may name one ([`Questions::position`]), and the question is asked again on it.
    question: RefCell<Result<Question, QuestionError>>,
    /// The answers of a file given by name (`tilebase.Database`).
    pub(super) file: Option<Answers>,
    /// When neither `board` nor a goal of cells was given: the goal word (`blank-first`), the
    /// metric and the pattern databases as given, to ask again on the board a state names.
    unnamed: Option<Unnamed>,
}

/// The parts of a question that name no board, as given.
struct Unnamed {
    goal: Option<Given>,
    metric: Option<Metric>,
    pdb: Option<Partition>,
}

impl Questions {
    /// The question that `goal`, `board`, `metric` and `pdb` ask, read as `query` reads its
    /// flags: of the library's answers, or with `file` of that file's, checked as
    /// `query --db` checks the file against `--board`, `--metric` and `--goal` (a file answers
    /// from itself: no `pdb`).
    pub(super) fn read(
        file: Option<(&Arc<tilebase_lookup::Database>, &Path)>,
        goal: Option<&Bound<'_, PyAny>>,
        board: Option<Cow<'_, str>>,
        metric: Option<Cow<'_, str>>,
        pdb: Option<Cow<'_, str>>,
    ) -> Answer<Questions> {
        if let (Some(_), Some(pdb)) = (file, &pdb) {
            return Err(Failure::Value(format!(
                "pdb {pdb:?}: a Database answers from its own file; pdb chooses the 15-puzzle's \
                 pattern databases, for the module's functions with board=\"4x4\""
            )));
        }
        // A goal given as a string, the commonest question after the default one: read once
        // a thread while the same is asked again.
        let text = match (file, goal) {
            (None, Some(goal)) => goal
                .cast::<PyString>()
                .ok()
                .map(|s| s.to_cow())
                .transpose()?,
            _ => None,
        };
        // A goal word (`blank-first`) leaves the board to the state: not remembered.
        let text = text.filter(|text| !GOAL_PRESETS.contains(&text.trim()));
        let parts = [board.as_deref(), metric.as_deref(), pdb.as_deref()];
        if let Some(text) = &text
            && let Some(question) = LAST_READ.with(|last| match &*last.borrow() {
                Some(((goal, asked), question))
                    if goal == text && asked.iter().map(Option::as_deref).eq(parts) =>
                {
                    Some(*question)
                }
                _ => None,
            })
        {
            return Ok(Questions::of(Ok(question), None, None));
        }
        let goal = match &text {
            Some(text) => Some(Given::text(text)),
            None => goal.map(|g| given(g, "goal")).transpose()?,
        };
        let asked = Asked {
            board: board.as_deref().map(read_board).transpose()?,
            goal: goal.as_ref(),
            metric: metric.as_deref().map(read_metric).transpose()?,
            pdb: pdb.as_deref().map(read_pdb).transpose()?,
            // A state, read later, names the board when nothing here does (`unnamed`).
            state: None,
        };
        match file {
            None => {
                let unnamed = asked.leaves_board_to_state().then(|| Unnamed {
                    goal: goal.clone(),
                    metric: asked.metric,
                    pdb: asked.pdb,
                });
                // With no board named, a refusal waits for the state, which may name a board
                // that answers (`pdb="5-5-5"` with a 15-puzzle state).
                let question = match Question::read(asked) {
                    Err(refused) if unnamed.is_some() => Err(refused),
                    read => Ok(read?),
                };
                if let (Some(text), Ok(question)) = (&text, &question) {
                    let parts = parts.map(|part| part.map(str::to_string));
                    let asking = (text.to_string(), parts);
                    LAST_READ.with(|last| *last.borrow_mut() = Some((asking, *question)));
                }
                Ok(Questions::of(question, None, unnamed))
            }
            Some((db, path)) => {
                let answers = Answers::of_table(Arc::clone(db), path, asked)?;
                Ok(Questions::of(Ok(*answers.question()), Some(answers), None))
            }
        }
    }

    fn of(
        question: Result<Question, QuestionError>,
        file: Option<Answers>,
        unnamed: Option<Unnamed>,
    ) -> Questions {
        Questions {
            question: RefCell::new(question),
            file,
            unnamed,
        }
    }

    /// Asks the question again on `board` when no board was named (a state or a row of cells
    /// names it); otherwise leaves it.
    pub(super) fn ask_on(&self, board: Board) {
        let asked_on = self.question.borrow().as_ref().map(Question::board).ok();
        if let Some(unnamed) = &self.unnamed
            && asked_on != Some(board)
        {
            *self.question.borrow_mut() = Question::read(Asked {
                board: Some(board),
                goal: unnamed.goal.as_ref(),
                metric: unnamed.metric,
                pdb: unnamed.pdb,
                state: None,
            });
        }
    }

    /// The question asked: on the board named, else the one the first state named; or why it
    /// cannot be asked.
    pub(super) fn current(&self) -> Answer<Question> {
        self.question.borrow().clone().map_err(Failure::from)
    }

    /// What `answer` makes of the answers: the file's; else the library's, remembered (the
    /// usual case: lent, with no reference counted), found, or built (other Python threads run
    /// meanwhile).
    pub(super) fn with_answers<T>(
        &self,
        py: Python<'_>,
        answer: impl FnOnce(&Answers) -> Answer<T>,
    ) -> Answer<T> {
        if let Some(answers) = &self.file {
            return answer(answers);
        }
        let library = library()?;
        let mut answer = Some(answer);
        let remembered = library.remembered(&self.current()?, |answers| {
            answer.take().map(|answer| answer(answers))
        });
        if let Some(Some(answered)) = remembered {
            return answered;
        }
        let question = self.current()?;
        let answers = py
            .detach(|| find_or_build(library, &question))
            .map_err(Failure::Library)?;
        match answer.take() {
            Some(answer) => answer(&answers),
            None => Err(Failure::Library(Error::Files(
                "the answers were asked for twice".into(),
            ))),
        }
    }

    /// The position given, on the question's board, or `query`'s message for it: the input,
    /// then the problem.
    /// When no board was named, the state names it, as `query`'s first state does: 16 cells
    /// are the 15-puzzle's.
    pub(super) fn position(&self, state: &Bound<'_, PyAny>) -> Answer<Position> {
        let given = given(state, "state")?;
        // Read once: on the board it names, which the question is then asked on.
        if self.unnamed.is_some()
            && let Ok(position) = Position::read_anywhere(&given)
        {
            self.ask_on(position.board());
            return Ok(position);
        }
        Position::read(self.current()?.board(), &given)
            .map_err(|e| Failure::Value(format!("{}: {e}", given.shown())))
    }

    /// Runs `ask` on the answers for `position`: `None` at once when it cannot reach the goal.
    /// A search runs without the GIL.
    pub(super) fn asked<T: Send>(
        &self,
        py: Python<'_>,
        position: &Position,
        ask: impl FnOnce(&Answers) -> Result<Option<T>, Error> + Send,
    ) -> Answer<Option<T>> {
        // A search's files take up to minutes to build: a state that cannot reach the goal is
        // answered by its parity first. A table answers it as every other state.
        if self.current()?.board().method() == Method::Patterns
            && position.unsolvable_reason(self.current()?.goal()).is_some()
        {
            return Ok(None);
        }
        self.with_answers(py, |answers| {
            let answered = match answers.method() {
                Method::Table => ask(answers),
                Method::Patterns | Method::Bounds => py.detach(|| ask(answers)),
            };
            answered.map_err(Failure::Library)
        })
    }

    /// The question as `tilebase.question` says it (opening no file).
    pub(super) fn question<'py>(&self, py: Python<'py>) -> Answer<Bound<'py, PyDict>> {
        let question = self.current()?;
        let board = question.board();
        let dict = PyDict::new(py);
        dict.set_item("board", board.to_string())?;
        dict.set_item("goal", question.goal().to_string())?;
        dict.set_item("metric", question.metric().name())?;
        let (pdb, method) = match board.method() {
            Method::Table => (None, "table"),
            Method::Patterns => (
                Some(
                    question
                        .pdb()
                        .unwrap_or(Partition::default_for(board.cells()))
                        .to_string(),
                ),
                "search",
            ),
            Method::Bounds => (None, "bounds"),
        };
        dict.set_item("pdb", pdb)?;
        dict.set_item("method", method)?;
        Ok(dict)
    }
}

asking! {
    /// What a question asks, as the module reads `goal`, `board`, `metric` and `pdb` (the same
    /// defaults and refusals as every function): a dict with "board", "goal" and "metric" as the
    /// answers and `label`'s files write them, "pdb" (the pattern databases' partition, None on
    /// boards answered from full tables) and "method" ("table" or "search"). Opens no file.
    ///
    /// >>> tilebase.question()
    /// {'board': '3x3', 'goal': '123804765', 'metric': 'stm', 'pdb': None, 'method': 'table'}
    /// >>> tilebase.question(board="4x4")["pdb"]
    /// '7-8'
    #[pyo3(text_signature = "(goal=None, board=None, metric='stm', pdb=None)")]
    fn question(..) -> Bound<'py, PyDict>;
}
