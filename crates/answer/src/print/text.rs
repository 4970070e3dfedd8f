//! Answers as people read them: `603712458: 23 moves: DDLURRDLLUURDDLURRDLLUR`, with every
//! solution, the hints or the boards after it when asked; on a board answered by search, every
//! optimal solution written as the search finds it.

use std::io::Write as _;

use tilebase_core::{Metric, Path};

use crate::answering::Searcher;
use crate::answering::analyse::Letters;
use crate::answering::answer::{Hint, Solved, Unsolvable};
use crate::error::Error;
use crate::print::bytes::{plural, push_moves, push_number, push_position};
use crate::print::{Mode, Notation, Outcome, Stream, Writer, draw};
use crate::question::position::Position;

/// `STATE: unsolvable: REASON`.
pub(crate) fn unsolvable(out: &mut Vec<u8>, unsolvable: &Unsolvable) {
    push_position(out, &unsolvable.position);
    out.extend_from_slice(b": unsolvable: ");
    out.extend_from_slice(unsolvable.reason().as_bytes());
    out.push(b'\n');
}

impl Writer<'_> {
    /// `bounded` in text: `STATE: at least L moves; a solution of U moves: MOVES`, `(optimal)`
    /// after U when the two meet, `no solution within the budget` when none was found; then the
    /// boards along it when asked for.
    pub(crate) fn text_bounded(
        &self,
        bounded: &crate::Bounded,
        boards: bool,
        notation: Notation,
        out: &mut Vec<u8>,
    ) {
        push_position(out, &bounded.position);
        if bounded.optimal() && bounded.lower_bound == 0 {
            out.extend_from_slice(b": 0 moves (the goal)\n");
            return;
        }
        let lower = bounded.lower_bound;
        let _ = write!(out, ": at least {lower} move{}; ", plural(lower.into()));
        match (&bounded.moves, bounded.length()) {
            (Some(moves), Some(length)) => {
                let optimal = if bounded.optimal() { " (optimal)" } else { "" };
                let _ = write!(
                    out,
                    "a solution of {length} move{}{optimal}: ",
                    plural(length.into())
                );
                self.say(out, &bounded.position, moves, notation);
                out.push(b'\n');
                if boards {
                    let slides = moves.slides(self.question.metric());
                    out.extend_from_slice(draw::frames(&bounded.position, &slides).as_bytes());
                }
            }
            _ => out.extend_from_slice(b"no solution within the budget\n"),
        }
    }

    /// `solved` in text: its distance and solution (or every solution), then the hints and
    /// boards asked for.
    pub(crate) fn text_solved(
        &self,
        solved: &Solved,
        boards: bool,
        notation: Notation,
        out: &mut Vec<u8>,
    ) {
        let metric = self.question.metric();
        push_position(out, &solved.position);
        let d = solved.distance;
        let say = |out: &mut Vec<u8>, p: &Path| self.say(out, &solved.position, p, notation);
        match &solved.solutions {
            _ if d == 0 => out.extend_from_slice(b": 0 moves (the goal)\n"),
            Some(all) => {
                let listed = all.len() as u128;
                let said = match (solved.count, self.limit) {
                    (Some(count), _) if listed < count => {
                        format!(
                            "{count} optimal solution{}, the first {listed} listed",
                            plural(2)
                        )
                    }
                    (Some(count), _) => {
                        format!("{count} optimal solution{}", plural(count.min(2) as u64))
                    }
                    (None, Some(limit)) if all.len() == limit => {
                        format!(
                            "the first {listed} optimal solution{}",
                            plural(listed.min(2) as u64)
                        )
                    }
                    (None, _) => {
                        format!("{listed} optimal solution{}", plural(listed.min(2) as u64))
                    }
                };
                let _ = writeln!(out, ": {d} move{}, {said}:", plural(d.into()));
                for p in all {
                    out.extend_from_slice(b"  ");
                    say(out, p);
                    out.push(b'\n');
                }
            }
            None => {
                out.extend_from_slice(b": ");
                push_number(out, d.into());
                out.extend_from_slice(if d == 1 { b" move: " } else { b" moves: " });
                say(out, &solved.moves);
                if let Some(count) = solved.count {
                    let _ = write!(
                        out,
                        " ({count} optimal solution{})",
                        plural(count.min(u128::from(u64::MAX)) as u64)
                    );
                }
                out.push(b'\n');
            }
        }
        // At the goal, the text lists no moves (JSON does).
        if let Some(hints) = &solved.hints
            && d > 0
        {
            push_hints(out, hints, self.letters);
        }
        if boards {
            let slides = solved.moves.slides(metric);
            out.extend_from_slice(draw::frames(&solved.position, &slides).as_bytes());
        }
    }

    /// Writes the solution `p` of `position` in text, as `notation` and the letters say.
    pub(crate) fn say(&self, out: &mut Vec<u8>, position: &Position, p: &Path, notation: Notation) {
        let metric = self.question.metric();
        match notation {
            Notation::Blank if self.letters == Letters::Tile => {
                // The speedsolvers' way: the direction the tiles slide, a count after a
                // repeated letter; in the multi-tile metric a space between moves.
                for (i, slide) in p.slides(Metric::Multi).iter().enumerate() {
                    if i > 0 && metric == Metric::Multi {
                        out.push(b' ');
                    }
                    out.extend_from_slice(self.letters.write(*slide).as_bytes());
                }
            }
            Notation::Blank => push_moves(out, p, metric),
            Notation::Tile => {
                for (i, tile) in crate::answering::answer::tiles_moved(position, p)
                    .into_iter()
                    .enumerate()
                {
                    if i > 0 {
                        out.push(b' ');
                    }
                    push_number(out, tile.into());
                }
            }
        }
    }

    /// Every optimal solution of `position` in text, each handed to `stream` as the search
    /// finds it: `STATE: D moves, optimal solutions as found:`, a line each, then their number
    /// (`  N optimal solutions`; with a limit reached, `the first N`, and with `--count` of how
    /// many); the hints and boards asked for after.
    pub(crate) fn stream_search(
        &self,
        searcher: &Searcher<'_>,
        position: &Position,
        out: &mut Vec<u8>,
        stream: Stream<'_>,
    ) -> Result<Outcome, Error> {
        let Mode::Human {
            boards,
            hint,
            notation,
            ..
        } = self.mode
        else {
            return self.answer_search(searcher, position, out);
        };
        let effort = &self.effort;
        let Some(moves) = searcher.solve(position, effort)? else {
            return self.answer_search(searcher, position, out);
        };
        let d = searcher.length(&moves);
        if d == 0 {
            return self.answer_search(searcher, position, out);
        }
        push_position(out, position);
        let _ = writeln!(
            out,
            ": {d} move{}, optimal solutions as found:",
            plural(d.into())
        );
        let mut open = stream(out);
        let limit = self.limit.unwrap_or(usize::MAX);
        let mut listed = 0usize;
        if open && limit > 0 {
            searcher.each_solution(position, d, effort, &mut |p| {
                out.extend_from_slice(b"  ");
                self.say(out, position, p, notation);
                out.push(b'\n');
                listed += 1;
                open = stream(out);
                open && listed < limit
            })?;
        }
        if !open {
            // The reader is gone: nothing more is worth finding.
            return Ok(Outcome::Answered);
        }
        let stopped = listed == limit;
        let count = if self.count && stopped {
            Some(searcher.count(position, d, effort)?)
        } else {
            None
        };
        let said = match count {
            Some(count) if (listed as u64) < count => {
                format!("the first {listed} of {count} optimal solutions")
            }
            _ if stopped => format!(
                "the first {listed} optimal solution{}",
                plural(listed.min(2) as u64)
            ),
            _ => format!("{listed} optimal solution{}", plural(listed.min(2) as u64)),
        };
        let _ = writeln!(out, "  {said}");
        if hint {
            let along = moves.first().copied();
            push_hints(
                out,
                &searcher.hints(position, d, along, effort)?,
                self.letters,
            );
        }
        if boards {
            let slides = Path::from(moves).slides(self.question.metric());
            out.extend_from_slice(draw::frames(position, &slides).as_bytes());
        }
        Ok(Outcome::Answered)
    }
}

/// `--hint`: every move, the tile it slides, and how far it leaves the state.
fn push_hints(out: &mut Vec<u8>, hints: &[Hint], letters: Letters) {
    for h in hints {
        let _ = writeln!(
            out,
            "  {:<3} tile {:<2}  {:>2} move{} left{}",
            letters.write(h.slide),
            h.tile,
            h.distance,
            plural(h.distance.into()),
            if h.optimal { "  optimal" } else { "" }
        );
    }
}
