//! `--svg`: a solution as an animated SVG picture, board by board, that any browser plays
//! without JavaScript (SMIL `<animate>`; a viewer without animation shows the start).

use std::fmt::Write as _;

use tilebase_core::{Slide, State};

use super::draw;

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
pub fn render(start: &State, goal: &State, slides: &[Slide]) -> String {
    let board = start.board();
    let boards: Vec<Vec<u8>> = draw::boards(start, slides)
        .iter()
        .map(|s| s.cells().to_vec())
        .collect();
    let labels: Vec<String> = slides.iter().map(Slide::to_string).collect();
    render_cells(
        (board.width(), board.height()),
        &boards,
        &start.to_string(),
        &goal.to_string(),
        &labels,
    )
}

/// The picture of a solution given as its boards (the cells of each, the start first), the
/// start and goal as text, and the label of each move.
pub fn render_cells(
    (columns, rows): (usize, usize),
    boards: &[Vec<u8>],
    start: &str,
    goal: &str,
    slides: &[String],
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
            r##"<text x="{}" y="{}" font-size="18" text-anchor="middle" fill="#333">{caption}</text>"##,
            width / 2,
            MARGIN + rows * CELL + CAPTION - 8
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
