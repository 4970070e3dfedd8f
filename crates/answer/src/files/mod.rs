//! Finding, opening, building and repairing the files that answer questions: full tables,
//! pattern databases and relabelled tables, looked for under `db/` and then in the cache, each
//! opened once per process, built where missing (safe across processes), and a damaged one
//! named with the command that rebuilds it.

pub(crate) mod bounds;
pub(crate) mod build;
pub(crate) mod cost;
pub(crate) mod find;
pub(crate) mod lock;
pub(crate) mod opened;
pub(crate) mod patterns;
pub(crate) mod places;
pub(crate) mod relabelled;
pub(crate) mod repair;
pub(crate) mod tables;
pub(crate) mod watch;

use tilebase_core::{Method, Metric};

use crate::error::Error;
use crate::question::Question;
use find::Finder;
use patterns::PatternSource;
use places::Places;
use relabelled::{MultiTables, RelabelSource};
use tables::TableSource;

/// The opened files that answer a question: the answers come from them.
pub(crate) enum Source {
    Table(TableSource),
    Patterns(Box<PatternSource>),
    /// The 15-puzzle in the multi-tile metric.
    Relabelled(Box<RelabelSource>),
    /// A board past 25 cells: no files, the goal's tables made in memory.
    Bounds(Box<tilebase_bounds::Puzzle>),
}

impl Finder<'_> {
    /// The files that answer `question`, opened: `None` when some are missing and `build` is
    /// not asked for, else built first.
    pub(crate) fn source(&self, question: &Question, build: bool) -> Result<Option<Source>, Error> {
        Ok(match question.board().method() {
            Method::Table => {
                let goal = question
                    .goal()
                    .state()
                    .ok_or_else(|| Error::Files(format!("no full table answers for {question}")))?;
                self.table(goal, question.metric(), build)?
                    .map(Source::Table)
            }
            Method::Patterns if question.metric() == Metric::Multi => self
                .relabelled(question.goal(), build)?
                .map(|source| Source::Relabelled(Box::new(source))),
            Method::Patterns => {
                let partition = question
                    .pdb()
                    .unwrap_or(tilebase_pattern::Partition::default_for(
                        question.board().cells(),
                    ));
                self.patterns(question.goal(), partition, build)?
                    .map(|source| Source::Patterns(Box::new(source)))
            }
            Method::Bounds => self
                .bounds(question.goal(), question.pdb(), build)?
                .map(|puzzle| Source::Bounds(Box::new(puzzle))),
        })
    }
}

/// Why `question` has no answers in a process that does not build files (a cluster's workers,
/// which read files built once where they all see them): each missing file named, where it was
/// looked for, and the command that builds it.
pub(crate) fn not_built(places: &Places, question: &Question) -> Error {
    let looked = match &places.cache {
        Some(cache) => format!("{} or {}", places.local.display(), cache.display()),
        None => places.local.display().to_string(),
    };
    let goal = question.goal();
    let (names, command) = match question.board().method() {
        Method::Bounds => {
            let board = question.board();
            let pdb = question.pdb();
            let Ok(Some(partition)) = bounds::partition(board, goal.cells(), pdb) else {
                return Error::Files(format!("no files answer for {question}: none are needed"));
            };
            let names = bounds::homes_of(&partition, goal.cells())
                .iter()
                .map(|homes| bounds::file_name(board, homes))
                .collect();
            let command = bounds::bounds_command(places.build_dir(), board, goal.cells(), pdb);
            (names, command)
        }
        Method::Table => {
            let Some(state) = goal.state() else {
                return Error::Files(format!("no full table answers for {question}"));
            };
            let canonical = state.canonical_goal();
            let name = tilebase_format::file_name(&canonical, question.metric(), false);
            let command = tables::table_command(
                &places.build_dir().join(&name),
                &canonical,
                question.metric(),
            );
            (vec![name], command)
        }
        Method::Patterns if question.metric() == Metric::Multi => {
            let which = MultiTables::Standard;
            let files = match relabelled::ClassFiles::of(goal, which) {
                Ok(files) => files,
                Err(e) => return e,
            };
            let command = relabelled::relabelled_command(
                places.build_dir(),
                files.board,
                files.frame.canonical(),
                which,
            );
            let names = files.tables.into_iter().map(|(_, name)| name).collect();
            (names, command)
        }
        Method::Patterns => {
            let files = patterns::ClassFiles::of(
                goal,
                question
                    .pdb()
                    .unwrap_or(tilebase_pattern::Partition::default_for(
                        question.board().cells(),
                    )),
            );
            let command = patterns::patterns_command(
                places.build_dir(),
                files.board,
                files.frame.canonical(),
                files.partition,
            );
            let names = files.names.into_iter().map(|(_, name)| name).collect();
            (names, command)
        }
    };
    let found = |name: &String| {
        places.local.join(name).is_file()
            || places
                .cache
                .as_ref()
                .is_some_and(|d| d.join(name).is_file())
    };
    let missing: Vec<String> = names.iter().filter(|n| !found(n)).cloned().collect();
    Error::Files(if missing.is_empty() {
        // All there, but one would not open: damaged, or not what its name says.
        format!(
            "{}: found in {looked}, but one of them cannot answer (damaged, or not what its \
             name says); they answer for {question}, and this process does not build files: \
             build them again where it reads them, with `{command}`",
            names.join(", ")
        )
    } else {
        format!(
            "{}: not found in {looked}; they answer for {question}, and this process does \
             not build files: build them where it reads them, with `{command}`",
            missing.join(", ")
        )
    })
}
