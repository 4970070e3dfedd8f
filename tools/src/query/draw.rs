//! `--boards`: every board of a solution drawn as a grid, side by side, wrapped to fit a
//! terminal 80 columns wide.

use tilebase_core::{Slide, State};

const WIDTH: usize = 80;
const INDENT: &str = "  ";
const GAP: usize = 3;

/// The boards from `start` along `slides`, each headed by its step number and move.
pub fn frames(start: &State, slides: &[Slide]) -> String {
    let mut frames = vec![("start".to_string(), start.grid().to_string())];
    for (step, state) in boards(start, slides).into_iter().skip(1).enumerate() {
        frames.push((
            format!("{} {}", step + 1, slides[step]),
            state.grid().to_string(),
        ));
    }
    layout(start.board().height(), frames)
}

/// A board of `width` columns drawn as a grid, as [`State::grid`] draws one: `.` for the blank,
/// two columns a tile when some tile has two digits.
pub fn grid_text(width: usize, cells: &[u8]) -> String {
    let w = if cells.len() > 10 { 2 } else { 1 };
    cells
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|&c| match c {
                    0 => format!("{:>w$}", "."),
                    c => format!("{c:>w$}"),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Labelled grids of `height` rows, side by side, wrapped to fit 80 columns.
pub fn layout(height: usize, frames: Vec<(String, String)>) -> String {
    let column = frames
        .iter()
        .map(|(label, grid)| {
            label
                .len()
                .max(grid.lines().map(str::len).max().unwrap_or(0))
        })
        .max()
        .unwrap_or(0);
    let per_row = ((WIDTH - INDENT.len() + GAP) / (column + GAP)).max(1);

    let mut text = String::new();
    for row in frames.chunks(per_row) {
        let mut lines = vec![String::from(INDENT); 1 + height];
        for (i, (label, grid)) in row.iter().enumerate() {
            let pad = if i + 1 < row.len() { column + GAP } else { 0 };
            lines[0].push_str(&format!("{label:<pad$}"));
            for (line, grid_line) in lines[1..].iter_mut().zip(grid.lines()) {
                line.push_str(&format!("{grid_line:<pad$}"));
            }
        }
        for line in lines {
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text.push('\n');
    }
    text
}

/// The start and the state after each slide. The slides came from the database, so every one
/// is legal; the list stops early if not.
pub fn boards(start: &State, slides: &[Slide]) -> Vec<State> {
    let mut states = vec![*start];
    let mut state = *start;
    for slide in slides {
        for _ in 0..slide.cells {
            match state.slide(slide.direction) {
                Some(next) => state = next,
                None => return states,
            }
        }
        states.push(state);
    }
    states
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_core::{Metric, Move, Path};

    fn single(path: &str) -> Vec<Slide> {
        path.parse::<Path>().unwrap().slides(Metric::Single)
    }

    #[test]
    fn draws_each_board_under_its_move() {
        let start: State = "283104765".parse().unwrap();
        let path = [Move::Up, Move::Left, Move::Down, Move::Right].map(Slide::one);
        assert_eq!(
            frames(&start, &path),
            "  start   1 U     2 L     3 D     4 R\n\
             \x20 2 8 3   2 . 3   . 2 3   1 2 3   1 2 3\n\
             \x20 1 . 4   1 8 4   1 8 4   . 8 4   8 . 4\n\
             \x20 7 6 5   7 6 5   7 6 5   7 6 5   7 6 5\n\n"
        );
    }

    #[test]
    fn long_solutions_wrap_at_80_columns() {
        let start: State = "603712458".parse().unwrap();
        let text = frames(&start, &single("DDLURRDLLUURDDLURRDLLUR"));
        assert!(text.lines().all(|l| l.len() <= 80));
        // One blank per board: the start and 23 moves.
        assert_eq!(text.matches('.').count(), 24);
        assert_eq!(text.lines().filter(|l| l.starts_with("  start")).count(), 1);
        assert!(text.contains("23 R"));
    }
}
