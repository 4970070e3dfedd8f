//! `random`: puzzles of an exact difficulty: states drawn uniformly at random among those at a
//! given distance from the goal.

use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::str::FromStr;

use clap::Parser;
use rand::RngExt;
use tilebase_lookup::Goal;

use crate::exit::{self, parse_args, report};
use crate::locate::{self, Which};
use crate::progress::Quiet;
use crate::text::plural;

/// Prints states drawn uniformly at random among those at exactly the distance asked for (or
/// in a range of distances), one per line, ready to pipe into query. The same seed gives the
/// same states.
#[derive(Debug, Parser)]
#[command(name = "random", version)]
pub struct Args {
    /// The distance: a number (`20`), a range of numbers, both ends included (`20..25`), or
    /// `max`, the farthest states. In a range every state is as likely as any other
    #[arg(long, value_name = "D|A..B|max")]
    pub distance: Distances,
    /// How many states to draw, all different [default: 1]. If fewer are at that distance, all
    /// of them are printed and stderr says so
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

/// The distances asked for with `--distance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distances {
    /// From the first to the second, both included.
    Range(u8, u8),
    /// The goal's radius, whatever it is.
    Max,
}

impl FromStr for Distances {
    type Err = String;

    /// `20`, `20..25` (or `20..=25`), or `max`.
    fn from_str(text: &str) -> Result<Distances, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("max") {
            return Ok(Distances::Max);
        }
        let number = |s: &str| {
            s.trim().parse::<u8>().map_err(|_| {
                format!(
                    "{text:?}: a distance is a number from 0 to 255, a range like 20..25, or max"
                )
            })
        };
        match text.split_once("..") {
            None => number(text).map(|d| Distances::Range(d, d)),
            Some((from, to)) => {
                let (from, to) = (number(from)?, number(to.strip_prefix('=').unwrap_or(to))?);
                if from > to {
                    return Err(format!(
                        "{text:?}: the range is empty ({from} is above {to})"
                    ));
                }
                Ok(Distances::Range(from, to))
            }
        }
    }
}

impl Distances {
    /// The distances, for a goal of radius `max`.
    pub fn resolve(self, max: u8) -> RangeInclusive<u8> {
        match self {
            Distances::Range(from, to) => from..=to,
            Distances::Max => max..=max,
        }
    }
}

/// What a draw found.
pub use tilebase_lookup::Draw;

/// Draws `count` different states uniformly at random among those whose distance to the goal
/// is in `distances`: every set of `count` such states is as likely as any other, and so every
/// state as likely as any other to be in it. All of them, in random order, if there are no more
/// than `count`. The same seed gives the same draw.
pub fn draw<D: AsRef<[u8]>>(
    goal: &Goal<'_, D>,
    distances: RangeInclusive<u8>,
    count: usize,
    seed: u64,
) -> Draw {
    // The draw lives in the lookup crate, so that the Python module draws the same states.
    goal.draw(distances, count, seed)
}

/// [`draw`] for the distances asked for, as `random --distance` takes them; a seed is drawn
/// when none is given. Refused with the reason when no state is that far from the goal.
pub fn draw_distances<D: AsRef<[u8]>>(
    answers: &Goal<'_, D>,
    distance: Distances,
    count: usize,
    seed: Option<u64>,
) -> Result<Draw, String> {
    let max = answers.database().max_distance();
    let distances = distance.resolve(max);
    if *distances.start() > max {
        return Err(format!(
            "no state is at distance {}: the farthest states from goal {} are {max} moves away ({})",
            match distance {
                Distances::Range(a, b) if a != b => format!("{a} to {b}"),
                _ => distances.start().to_string(),
            },
            answers.goal(),
            answers.metric()
        ));
    }
    let seed = seed.unwrap_or_else(|| rand::rng().random());
    Ok(draw(answers, distances, count, seed))
}

/// Runs `random` with the process's arguments.
pub fn main() -> ExitCode {
    let args = match parse_args::<Args>("random") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
    match run(&args) {
        Ok(()) => ExitCode::from(exit::OK),
        Err(message) => {
            report("random", message);
            ExitCode::from(exit::ERROR)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let source = locate::open(args.which.wanted(), "random")?;
    let drawn = draw_distances(&source.answers(), args.distance, args.count, args.seed)?;
    let mut text = String::with_capacity(drawn.states.len() * 11);
    for state in &drawn.states {
        text.push_str(&state.to_string());
        text.push('\n');
    }
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        Err(e) => return Err(format!("writing the states: {e}")),
    }
    if drawn.available < args.count {
        report(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_read_as_people_write_them() {
        assert_eq!("20".parse(), Ok(Distances::Range(20, 20)));
        assert_eq!("20..25".parse(), Ok(Distances::Range(20, 25)));
        assert_eq!("20..=25".parse(), Ok(Distances::Range(20, 25)));
        assert_eq!(" MAX ".parse(), Ok(Distances::Max));
        assert!("25..20".parse::<Distances>().unwrap_err().contains("empty"));
        assert!("-1".parse::<Distances>().is_err());
        assert!("20..".parse::<Distances>().is_err());
        assert_eq!(Distances::Max.resolve(31), 31..=31);
    }
}
