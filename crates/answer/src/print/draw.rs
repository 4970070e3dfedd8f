//! Solutions drawn: every board as a text grid, side by side and wrapped to fit a terminal 80
//! columns wide (`query --boards`), or as an animated SVG picture that any browser plays without
//! JavaScript (SMIL `<animate>`; a viewer without animation shows the start; `query --svg`).

use std::fmt::Write as _;

use tilebase_core::Slide;

use crate::question::position::Position;

const WIDTH: usize = 80;
const INDENT: &str = "  ";
const GAP: usize = 3;

/// The boards from `start` along `slides`, each headed by its step number and move.
pub fn frames(start: &Position, slides: &[Slide]) -> String {
    let width = start.board().width();
    let mut frames = vec![("start".to_string(), grid(width, start.cells()))];
    for (step, position) in boards(start, slides).into_iter().skip(1).enumerate() {
        frames.push((
            format!("{} {}", step + 1, slides[step]),
            grid(width, position.cells()),
        ));
    }
    layout(start.board().height(), frames)
}

/// A board of `width` columns drawn as a grid: `.` for the blank, two columns a tile when some
/// tile has two digits.
pub fn grid(width: usize, cells: &[u8]) -> String {
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

/// The start and the position after each slide. The slides came from a solution, so every one
/// is legal; the list stops early if not.
pub fn boards(start: &Position, slides: &[Slide]) -> Vec<Position> {
    let mut positions = vec![*start];
    let mut position = *start;
    for slide in slides {
        for _ in 0..slide.cells {
            match position.slide(slide.direction) {
                Some(next) => position = next,
                None => return positions,
            }
        }
        positions.push(position);
    }
    positions
}

/// Side of a cell, in pixels.
const CELL: usize = 64;
/// Space around the board, and below it for the caption.
const MARGIN: usize = 16;
const CAPTION: usize = 36;
/// Seconds each board is shown; the last is held longer before the animation starts again.
const STEP: f64 = 0.7;
const HOLD: f64 = 2.5;

/// The picture of the solution `slides` from `start` to `goal`: one `<g class="frame">` per
/// board, the start first.
pub fn svg(start: &Position, goal: &Position, slides: &[Slide]) -> String {
    let labels: Vec<String> = slides.iter().map(Slide::to_string).collect();
    svg_along(start, goal, slides, &labels, &[])
}

/// The picture of `slides` from `start` to `goal`, each move labelled, those marked lost
/// framed in red (none when `lost` is empty).
fn svg_along(
    start: &Position,
    goal: &Position,
    slides: &[Slide],
    labels: &[String],
    lost: &[bool],
) -> String {
    let board = start.board();
    let boards: Vec<Vec<u8>> = boards(start, slides)
        .iter()
        .map(|p| p.cells().to_vec())
        .collect();
    svg_of(
        (board.width(), board.height()),
        &boards,
        &start.to_string(),
        &goal.to_string(),
        labels,
        lost,
    )
}

/// The picture of a judged solve (`analyse --svg`): each board captioned with its move and
/// distances, the boards after a move that lost time framed and captioned in red with what it
/// cost and what was better. Moves are written in `letters`.
pub fn svg_judged(analysis: &crate::Analysis, goal: &Position, letters: crate::Letters) -> String {
    let slides: Vec<Slide> = analysis.moves.iter().map(|m| m.slide).collect();
    let labels: Vec<String> = analysis
        .moves
        .iter()
        .map(|m| {
            let played = letters.write(m.slide);
            if m.optimal {
                format!("{played}, {} to {}", m.before, m.after)
            } else {
                let better: Vec<String> = m.better.iter().map(|&s| letters.write(s)).collect();
                format!(
                    "{played}, {} to {}: lost {}, better {}",
                    m.before,
                    m.after,
                    m.lost,
                    better.join(" ")
                )
            }
        })
        .collect();
    let lost: Vec<bool> = analysis.moves.iter().map(|m| !m.optimal).collect();
    svg_along(&analysis.scramble, goal, &slides, &labels, &lost)
}

/// The picture of a solution given as its boards (the cells of each, the start first), the
/// start and goal as text, the label of each move, and which moves to mark as lost (none when
/// empty).
fn svg_of(
    (columns, rows): (usize, usize),
    boards: &[Vec<u8>],
    start: &str,
    goal: &str,
    slides: &[String],
    lost: &[bool],
) -> String {
    let (width, height) = (
        columns * CELL + 2 * MARGIN,
        rows * CELL + 2 * MARGIN + CAPTION,
    );
    let frames = boards.len();
    // Board k appears at starts[k] and stays until starts[k + 1]; the cycle lasts `total`.
    let starts: Vec<f64> = (0..=frames).map(|k| k as f64 * STEP).collect();
    let total = starts[frames - 1] + HOLD;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">
<title>{start} to {goal}: {} move{}</title>
<rect width="100%" height="100%" fill="#f4f1ea"/>"##,
        slides.len(),
        if slides.len() == 1 { "" } else { "s" }
    );
    for (k, state) in boards.iter().enumerate() {
        let caption = match k {
            0 => format!("start: {start}"),
            k if k + 1 == frames => format!("{k}. {}: the goal", slides[k - 1]),
            k => format!("{k}. {}", slides[k - 1]),
        };
        let visibility = if k == 0 { "visible" } else { "hidden" };
        let _ = writeln!(
            svg,
            r#"<g class="frame" id="frame-{k}" visibility="{visibility}">"#
        );
        let _ = writeln!(svg, "{}", animation(k, frames, &starts, total));
        let marked = k > 0 && lost.get(k - 1).copied().unwrap_or(false);
        if marked {
            let _ = writeln!(
                svg,
                r##"<rect class="lost" x="2" y="2" width="{}" height="{}" fill="none" stroke="#b00020" stroke-width="4"/>"##,
                width - 4,
                height - 4
            );
        }
        for (cell, &tile) in state.iter().enumerate() {
            let (row, col) = (cell / columns, cell % columns);
            let (x, y) = (MARGIN + col * CELL, MARGIN + row * CELL);
            if tile == 0 {
                continue;
            }
            let _ = writeln!(
                svg,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="8" fill="#c8553d" stroke="#7a2e1f" stroke-width="2"/><text x="{}" y="{}" font-size="28" text-anchor="middle" dominant-baseline="central" fill="#fff">{tile}</text>"##,
                x + 2,
                y + 2,
                CELL - 4,
                CELL - 4,
                x + CELL / 2,
                y + CELL / 2
            );
        }
        let _ = writeln!(
            svg,
            r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{caption}</text>"##,
            width / 2,
            MARGIN + rows * CELL + CAPTION - 8,
            // A sans-serif character is about 0.55 of the font's size wide: a long caption
            // gets a smaller font, to stay within the picture.
            (((width - 8) as f64 / (0.55 * caption.chars().count() as f64)) as usize).clamp(9, 18),
            if marked { "#b00020" } else { "#333" }
        );
        svg.push_str("</g>\n");
    }
    svg.push_str("</svg>\n");
    svg
}

/// Shows frame `k` of `frames` from `starts[k]` to `starts[k + 1]` in every cycle of `total`
/// seconds (the last frame until the cycle ends).
fn animation(k: usize, frames: usize, starts: &[f64], total: f64) -> String {
    let at = |t: f64| format!("{:.4}", t / total);
    let (values, times) = if frames == 1 {
        ("visible".to_string(), "0".to_string())
    } else if k == 0 {
        ("visible;hidden".to_string(), format!("0;{}", at(starts[1])))
    } else if k + 1 == frames {
        ("hidden;visible".to_string(), format!("0;{}", at(starts[k])))
    } else {
        (
            "hidden;visible;hidden".to_string(),
            format!("0;{};{}", at(starts[k]), at(starts[k + 1])),
        )
    };
    format!(
        r#"<animate attributeName="visibility" calcMode="discrete" values="{values}" keyTimes="{times}" dur="{total:.2}s" repeatCount="indefinite"/>"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilebase_core::{Metric, Move, Path, State};

    fn p(text: &str) -> Position {
        Position::from(text.parse::<State>().unwrap())
    }

    fn single(path: &str) -> Vec<Slide> {
        path.parse::<Path>().unwrap().slides(Metric::Single)
    }

    #[test]
    fn draws_each_board_under_its_move() {
        let start = p("283104765");
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
        let start = p("603712458");
        let text = frames(&start, &single("DDLURRDLLUURDDLURRDLLUR"));
        assert!(text.lines().all(|l| l.len() <= 80));
        // One blank per board: the start and 23 moves.
        assert_eq!(text.matches('.').count(), 24);
        assert_eq!(text.lines().filter(|l| l.starts_with("  start")).count(), 1);
        assert!(text.contains("23 R"));
    }
}
