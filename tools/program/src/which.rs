//! The flags that choose what answers: `--db`, `--board`, `--goal`, `--metric`, `--pdb`. The
//! question they ask is read by the library, as every front end reads it; the words around
//! its refusals name the flags.

use std::path::PathBuf;
use std::sync::Arc;

use tilebase_answer::{
    Answers, Asked, Board, Error, Given, Library, Method, Metric, Partition, Question, pdb_help,
};

use crate::progress::Shown;

/// The flags that choose what answers.
#[derive(Debug, Clone, clap::Args)]
pub struct Which {
    /// Database file of a full table [default: under db/ in the current directory, the goal's
    /// own file, else its class's; else the same in the user's cache; else its class's, built
    /// on the spot and saved in the cache]
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Board, WxH: W columns and H rows, both at least 2: up to 12 cells (a full table), 13 to
    /// 25 (pattern databases: 4x4, the 15-puzzle; 5x5, the 24-puzzle; 5x3, 7x2, ...) [default:
    /// read off --goal or --db, else off the first state (16 cells: 4x4, 25: 5x5, rows written
    /// with / or on lines of their own: their board), else 3x3]
    #[arg(long, value_name = "WxH")]
    pub board: Option<Board>,
    /// Goal state: any goal, answered from its own database or from the one of its class
    /// (see build-db --all-goals); blank-first or blank-last name the tiles in order with the
    /// blank first or last; 16 cells make the 15-puzzle, 25 the 24-puzzle, other boards
    /// of over 12 cells need --board or rows separated by / [default: the --db file's; else
    /// 123804765 on 3x3, tiles in order with the blank last on other boards]
    #[arg(long, value_name = "STATE")]
    pub goal: Option<String>,
    /// How moves are counted: stm, one tile slides; mtm, a line of tiles slides as one move
    /// (boards of up to 12 cells from their tables, and 4x4 by search) [default: stm, or the
    /// --db file's]
    #[arg(long, value_name = "stm|mtm")]
    pub metric: Option<Metric>,
    /// The pattern databases of a board of 13 to 25 cells (the help says what each costs to
    /// build)
    #[arg(long, value_name = "SIZES|TILES", help = format!("{} [default: the board's; 7-8 on 4x4]", pdb_help()))]
    pub pdb: Option<Partition>,
}

/// What answers, or the question whose files are not there yet.
pub enum Found {
    /// The answers, from files found (or given with `--db`).
    Answers(Answers),
    /// Nothing answers yet: building the files would take a while.
    Missing(Box<Question>),
}

impl Which {
    /// The question the flags ask, with `goal` for `--goal` (`--to`'s, when given), about
    /// `state` (the first state asked about, which names the board when neither `--board` nor
    /// `--goal` does: 16 cells are the 15-puzzle's).
    pub fn question(&self, goal: Option<&str>, state: Option<&str>) -> Result<Question, String> {
        let given = goal.or(self.goal.as_deref()).map(Given::text);
        let state = state.map(Given::text);
        Question::read(Asked {
            board: self.board,
            goal: given.as_ref(),
            metric: self.metric,
            pdb: self.pdb,
            state: state.as_ref(),
        })
        .map_err(|e| format!("--{e}"))
    }

    /// The answers the flags ask for: the file given with `--db`, checked against the other
    /// flags; else found, or built, as every tilebase program finds them (saying so on stderr
    /// as `program`). `goal` stands for `--goal` when given; `state` is the first state asked
    /// about, as in [`Which::question`].
    pub fn open(
        &self,
        goal: Option<&str>,
        state: Option<&str>,
        program: &str,
    ) -> Result<Answers, String> {
        match self.find(goal, state, program)? {
            Found::Answers(answers) => Ok(answers),
            Found::Missing(question) => Library::standard()
                .open(&question, &Shown { program })
                .map_err(words),
        }
    }

    /// [`Which::open`] without building anything: the answers if their files are there.
    pub fn find(
        &self,
        goal: Option<&str>,
        state: Option<&str>,
        program: &str,
    ) -> Result<Found, String> {
        if let Some(path) = &self.db {
            if let Some(board) = self.board.filter(|b| b.method() == Method::Patterns) {
                return Err(format!(
                    "--db names one file; {board} answers come from a set of pattern files, \
                     found under db/ and in the cache by goal and --pdb"
                ));
            }
            if let Some(pdb) = self.pdb {
                return Err(format!(
                    "--pdb {pdb}: chooses the 15-puzzle's pattern databases; --db names a full \
                     table"
                ));
            }
            let db = tilebase_answer::open_given(path).map_err(words)?;
            let given = goal.or(self.goal.as_deref()).map(Given::text);
            let asked = Asked {
                board: self.board,
                goal: given.as_ref(),
                metric: self.metric,
                pdb: None,
                // The file names the board.
                state: None,
            };
            return Answers::of_table(Arc::new(db), path, asked)
                .map(Found::Answers)
                .map_err(words);
        }
        let question = self.question(goal, state)?;
        match Library::standard().find(&question, &Shown { program }) {
            Ok(Some(answers)) => Ok(Found::Answers(answers)),
            Ok(None) => Ok(Found::Missing(Box::new(question))),
            Err(e) => Err(words(e)),
        }
    }
}

/// The library's refusal in a program's words: a part of the question is named by its flag.
pub fn words(error: Error) -> String {
    match error {
        Error::Question(e) => format!("--{e}"),
        other => other.to_string(),
    }
}
