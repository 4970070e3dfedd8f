//! The questions the page asks, answered by the library in memory: plain Rust, called by the
//! module's exports (`lib.rs`) and by the native tests alike. Errors are `query`'s words.

use tilebase_answer::json::{self, Context, Fields};
use tilebase_answer::{
    Answer, Answers, Ask, Distances, Given, Letters, Library, Method, Metric, Position, Question,
    State, moves_text, quote, read_solution, scrambles,
};

use crate::progress;

thread_local! {
    /// The module's library: every file given to it or built, for the life of the page's
    /// Worker. (A module instance runs on one thread.)
    static LIBRARY: Library = Library::in_memory();
}

/// What a question names besides its state, each as `query`'s flag of the same name reads it;
/// `None`: the default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// `--board`: `WxH`.
    pub board: Option<&'a str>,
    /// `--goal`.
    pub goal: Option<&'a str>,
    /// `--metric`: `stm` or `mtm`.
    pub metric: Option<&'a str>,
    /// `--pdb`: the pattern databases' partition, on boards answered by search.
    pub pdb: Option<&'a str>,
}

/// The pattern databases of a board answered by search when none are named: the largest that a
/// page builds in seconds and keeps in tens of megabytes (the programs' defaults, 7-8 on 4x4
/// and 6-6-6-6 on 5x5, take gigabytes and minutes): patterns of at most six tiles up to 16
/// cells (6-6-3 on 4x4, 5.8 MB at four bits a placement, built in about 10 s), of at most five
/// past that (5-5-5-5-4 on 5x5, 12.9 MB).
pub fn page_partition(cells: usize) -> String {
    let most = if cells <= 16 { 6 } else { 5 };
    let mut left = cells - 1;
    let mut sizes = Vec::new();
    while left > 0 {
        let size = left.min(most);
        sizes.push(size.to_string());
        left -= size;
    }
    sizes.join("-")
}

/// The question about `state` (which names the board when `options` do not) in `options`'
/// words, with the page's pattern databases ([`page_partition`]) when none are named.
fn question(state: Option<&str>, options: Options<'_>) -> Result<Question, String> {
    let read = |pdb| {
        Question::read_text_about(state, options.board, options.goal, options.metric, pdb)
            .map_err(|e| e.to_string())
    };
    let question = read(options.pdb)?;
    let cells = question.board().cells();
    // Boards past 25 cells are answered with bounds, as query answers them, without files:
    // the default tables (6x6's) are not built unasked, and a chosen partition's are built on
    // disk (build-db), which a page has not.
    if question.board().method() != Method::Patterns {
        return Ok(question);
    }
    if question.metric() == Metric::Multi {
        return Err(format!(
            "metric mtm: the {} board's multi-tile metric needs a table of 151 million states, \
             answered by the programs (query --metric mtm) and the service, not in the \
             browser; here it is answered in single-tile moves (stm)",
            question.board()
        ));
    }
    if options.pdb.is_some() {
        return Ok(question);
    }
    read(Some(&page_partition(cells)))
}

/// A state read for its question: with the answers, or without them when it cannot reach the
/// goal on a board answered by search (answered at once, no file built).
struct Asked {
    question: Question,
    position: Position,
    answers: Option<Answers>,
}

/// The question about `state` (which names the board when `options` do not), the state read on
/// its board, and the answers, opened or built in memory.
fn asked(state: &str, options: Options<'_>) -> Result<Asked, String> {
    let question = question(Some(state), options)?;
    let position = Position::read(question.board(), &Given::text(state))
        .map_err(|e| format!("{}: {e}", quote(state)))?;
    // A search's files take a while to build: a state that cannot reach the goal is answered
    // by its parity first.
    if question.board().method() == Method::Patterns
        && position.unsolvable_reason(question.goal()).is_some()
    {
        return Ok(Asked {
            question,
            position,
            answers: None,
        });
    }
    let answers = answers(&question)?;
    Ok(Asked {
        question,
        position,
        answers: Some(answers),
    })
}

/// The answers to `question` from the module's library: built in memory on first use.
pub fn answers(question: &Question) -> Result<Answers, String> {
    progress::watch_searches();
    LIBRARY
        .with(|library| library.open(question, &progress::Page))
        .map_err(|e| e.to_string())
}

/// The optimal number of moves from `state` to the goal; `None` when it cannot reach it.
pub fn distance(state: &str, options: Options<'_>) -> Result<Option<u8>, String> {
    let asked = asked(state, options)?;
    match &asked.answers {
        None => Ok(None),
        Some(answers) => answers.distance(&asked.position).map_err(|e| e.to_string()),
    }
}

/// An optimal solution, the blank's moves (`U`, `D`, `L`, `R`; a count after a letter for a
/// slide of several tiles in the multi-tile metric); `None` when the state cannot reach the
/// goal.
pub fn solve(state: &str, options: Options<'_>) -> Result<Option<String>, String> {
    let asked = asked(state, options)?;
    let Some(answers) = &asked.answers else {
        return Ok(None);
    };
    let solved = answers.solve(&asked.position).map_err(|e| e.to_string())?;
    Ok(solved.map(|path| moves_text(&path, asked.question.metric())))
}

/// Every optimal solution, the first `limit` of them (all when `None`), as [`solve`] writes
/// one; `None` when the state cannot reach the goal.
pub fn solutions(
    state: &str,
    options: Options<'_>,
    limit: Option<usize>,
) -> Result<Option<Vec<String>>, String> {
    let asked = asked(state, options)?;
    let Some(answers) = &asked.answers else {
        return Ok(None);
    };
    let metric = asked.question.metric();
    let all = answers
        .first_solutions(&asked.position, limit)
        .map_err(|e| e.to_string())?;
    Ok(all.map(|all| all.iter().map(|path| moves_text(path, metric)).collect()))
}

/// What the service's `/api/query` answers for `state`: `query --json`'s object, with `hints`,
/// `solutions` (the first `limit`) and `count` when asked for, and `boards` (every state along
/// the solution) with `boards`. Past 25 cells, the bounds `ask.effort` gives time for (`hints`,
/// `solutions` and `count` refused there, as query refuses them).
pub fn answer(state: &str, options: Options<'_>, ask: Ask, boards: bool) -> Result<String, String> {
    let asked = asked(state, options)?;
    let board = asked.question.board();
    if board.method() == Method::Bounds {
        for (name, on) in [
            ("hints", ask.hints),
            ("all", ask.solutions),
            ("count", ask.count),
        ] {
            if on {
                return Err(format!(
                    "{name}: {board} is past 25 cells, where only bounds are proven (a lower \
                     bound and a solution), not every optimal solution or move"
                ));
            }
        }
    }
    let fields = Fields {
        tiles: false,
        boards,
    };
    let mut out = Vec::new();
    let names;
    let (goal, board) = match &asked.answers {
        Some(answers) => answers.names(),
        None => {
            names = (
                asked.question.goal().to_string(),
                asked.question.board().to_string(),
            );
            (names.0.as_str(), names.1.as_str())
        }
    };
    let context = Context {
        goal,
        board,
        metric: asked.question.metric(),
    };
    match &asked.answers {
        None => json::unsolvable(&mut out, &context, &asked.position, fields),
        Some(answers) => match answers
            .answer(&asked.position, &ask)
            .map_err(|e| e.to_string())?
        {
            Answer::Solved(solved) => json::solved(&mut out, &context, &solved, fields),
            Answer::Unsolvable(unsolvable) => {
                json::unsolvable(&mut out, &context, &unsolvable.position, fields)
            }
            Answer::Bounded(bounded) => json::bounded(&mut out, &context, &bounded, fields),
        },
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `analyse --json`'s object for `solution` played from `scramble`: each move's distance before
/// and after, and what it lost. `tile_letters`: the letters are the tiles' directions (slidy's
/// notation, `D3R2`), not the blank's.
pub fn analyse(
    scramble: &str,
    solution: &str,
    options: Options<'_>,
    tile_letters: bool,
) -> Result<String, String> {
    let letters = if tile_letters {
        Letters::Tile
    } else {
        Letters::Blank
    };
    let slides =
        read_solution(solution, letters).map_err(|e| format!("{}: {e}", quote(solution)))?;
    let question = question(Some(scramble), options)?;
    let position = Position::read(question.board(), &Given::text(scramble))
        .map_err(|e| format!("{}: {e}", quote(scramble)))?;
    let answers = answers(&question)?;
    let analysis = answers
        .analyse(&position, &slides)
        .map_err(|e| e.message(letters))?;
    let (goal, board) = answers.names();
    let context = Context {
        goal,
        board,
        metric: question.metric(),
    };
    let mut out = Vec::new();
    json::analysis(&mut out, &context, &analysis, letters);
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// A position drawn uniformly at random: among every position that can reach the goal, or,
/// with `distance` (as `random --distance` reads it: `20`, `20..25`, `max`; boards with a full
/// table), among those at that distance. The same `seed` draws the same position on every
/// machine, as `random --seed` does; a seed is drawn when none is given.
pub fn random(
    options: Options<'_>,
    distance: Option<&str>,
    seed: Option<u64>,
) -> Result<String, String> {
    let question = question(None, options)?;
    let Some(distance) = distance else {
        let drawn = scrambles(question.goal(), 1, seed);
        return Ok(drawn.first().map(Position::to_string).unwrap_or_default());
    };
    let distances: Distances = distance
        .parse()
        .map_err(|e| format!("distance {}: {e}", quote(distance)))?;
    let answers = answers(&question)?;
    let drawn = answers
        .draw(distances, 1, seed)
        .map_err(|e| e.to_string())?;
    Ok(drawn
        .states
        .first()
        .map(State::to_string)
        .unwrap_or_default())
}

/// `stats --json`'s object: the question's board, goal and metric, and on boards with a full
/// table the distribution of distances (building the table on first use).
pub fn stats(options: Options<'_>) -> Result<String, String> {
    let question = question(None, options)?;
    let answers = answers(&question)?;
    serde_json::to_string(&answers.stats()).map_err(|e| e.to_string())
}

/// Gives the module's library a file, by the name the cache gives it, holding `bytes`: checked
/// whole before it is kept.
pub fn add_file(name: &str, bytes: Vec<u8>) -> Result<(), String> {
    LIBRARY
        .with(|library| library.add_file(name, bytes))
        .map_err(|e| e.to_string())
}

/// The bytes of the file named `name` that the module's library holds.
pub fn file(name: &str) -> Option<Vec<u8>> {
    LIBRARY.with(|library| library.file(name))
}

/// The names of the files the module's library holds, sorted.
pub fn file_names() -> Vec<String> {
    LIBRARY.with(Library::file_names)
}
