//! `random`: puzzles of an exact difficulty: states drawn uniformly at random among those at a
//! given distance from the goal.

use std::io::{self, Write};

use clap::Parser;
use tilebase_answer::{Distances, Method};

use tilebase_program::exit;
use tilebase_program::quiet::Quiet;
use tilebase_program::which::{Which, words};

use crate::text::plural;

/// Prints states drawn uniformly at random among those at exactly the distance asked for (or
/// in a range of distances), one per line, ready to pipe into query; without --distance, among
/// every state that can reach the goal, on every board (4x4 included: the competition
/// scramble). The same seed gives the same states.
#[derive(Debug, Parser)]
#[command(name = "random", version)]
pub struct Args {
    /// The distance: a number (`20`), a range of numbers, both ends included (`20..25`), or
    /// `max`, the farthest states. In a range every state is as likely as any other. Boards of
    /// up to 12 cells (a full table) [default: none: every state that can reach the goal, each
    /// drawn independently, on every board]
    #[arg(long, value_name = "D|A..B|max")]
    pub distance: Option<Distances>,
    /// How many states to draw [default: 1]; at a distance all different (if fewer are at that
    /// distance, all of them are printed and stderr says so)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: usize,
    /// Seed of the random draw: the same seed gives the same states [default: a random one]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Which database: --db, --board, --goal, --metric.
    #[command(flatten)]
    pub which: Which,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Runs `random` as `args` ask: its exit status, or the error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    draw(args).map(|()| exit::OK)
}

/// Draws the states `args` ask for and prints them.
fn draw(args: &Args) -> Result<(), String> {
    let question = args.which.question(None, None)?;
    let Some(distance) = args.distance else {
        // Scrambles need no file: the goal says which half of the states can reach it.
        let drawn = tilebase_answer::scrambles(question.goal(), args.count, args.seed);
        let text: String = drawn.iter().map(|p| format!("{p}\n")).collect();
        return write(&text);
    };
    // A draw at a distance needs a full table: refused before any file is looked for (or built).
    if question.board().method() != Method::Table {
        return Err(format!(
            "--board {}: random draws from a full table, and full tables stop at 12 cells: \
             there are no random {} states at an exact distance; query answers them",
            question.board(),
            question.board()
        ));
    }
    let answers = args.which.open(None, None, "random")?;
    let drawn = answers
        .draw(distance, args.count, args.seed)
        .map_err(words)?;
    let mut text = String::with_capacity(drawn.states.len() * 11);
    for state in &drawn.states {
        text.push_str(&state.to_string());
        text.push('\n');
    }
    write(&text)?;
    if drawn.available < args.count {
        exit::note(
            "random",
            format_args!(
                "only {} state{} at that distance: printed every one",
                drawn.available,
                plural(drawn.available as u64)
            ),
        );
    }
    Ok(())
}

/// Writes the states; a closed stdout ends the program quietly.
fn write(text: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("writing the states: {e}")),
        _ => Ok(()),
    }
}
