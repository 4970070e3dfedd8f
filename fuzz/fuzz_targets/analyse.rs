//! A scramble and a solve to judge, as `analyse` reads them, on the boards of up to 10 cells in
//! both metrics and both letters: refused with a one-line message, or judged with every figure
//! consistent. Each move's loss is `after + 1 - before`; the losses add up to the length minus
//! the optimal length; each move starts where the last one ended, the first at the scramble's
//! distance and the last at 0; and every better move named leads one move closer.
//!
//! The first byte picks the board, the second the metric, the letters and the form of the
//! input: text (a scramble, a newline, a solve), or a scramble shuffled by the bytes and a solve
//! made legal from them (detours, then an optimal solve, with runs of one direction written as
//! one slide when the second byte says so), which reaches the judging far more often.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::{Analysis, Answers, Letters, Metric, Move, Position, Slide, read_solution};
use tilebase_fuzz::{
    leads_to, metric, one_line, pick, shuffled, slid, small_answers, small_boards,
};

fuzz_target!(|data: &[u8]| {
    let [which, how, rest @ ..] = data else {
        return;
    };
    let board = pick(&small_boards(), *which);
    let metric = metric(*how);
    let letters = if how & 2 == 0 {
        Letters::Blank
    } else {
        Letters::Tile
    };
    let answers = small_answers(board, metric);
    if how & 4 != 0 {
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        let (scramble, solve) = text.split_once('\n').unwrap_or((text, ""));
        let Ok(scramble) = answers.read(scramble) else {
            return;
        };
        match read_solution(solve, letters) {
            Ok(slides) => {
                judge(&answers, &scramble, &slides, letters);
            }
            Err(error) => one_line(&error.to_string()),
        }
        return;
    }
    let (shuffle, detours) = rest.split_at(rest.len() / 2);
    let scramble = Position::new(board, &shuffled(board.cells(), shuffle))
        .expect("a permutation of the board's tiles");
    if scramble.unsolvable_reason(answers.goal()).is_some() {
        judge(&answers, &scramble, &[], letters);
        return;
    }
    // Detours: a legal move for each byte, then an optimal solve from where they end.
    let mut moves: Vec<Move> = Vec::new();
    let mut at = scramble;
    for &byte in detours {
        let m = pick(&Move::ALL, byte);
        if let Some(next) = at.slide(m) {
            moves.push(m);
            at = next;
        }
    }
    let rest = answers
        .solve(&at)
        .expect("a small table answers")
        .expect("a solvable position has a solution");
    moves.extend(rest.iter().copied());
    assert!(leads_to(&scramble, &moves, answers.goal()));
    let mut slides: Vec<Slide> = Vec::new();
    for m in moves {
        match slides.last_mut() {
            Some(last) if how & 8 != 0 && last.direction == m && last.cells < u8::MAX => {
                last.cells += 1;
            }
            _ => slides.push(Slide::one(m)),
        }
    }
    // Through the text, as `analyse` reads it.
    let text: Vec<String> = slides.iter().map(|&s| letters.write(s)).collect();
    let read = read_solution(&text.join(" "), letters).expect("slides written read back");
    assert_eq!(read, slides);
    let analysis = judge(&answers, &scramble, &slides, letters).expect("a legal solve is judged");
    let single: usize = slides.iter().map(|s| usize::from(s.cells)).sum();
    let length = match metric {
        Metric::Single => single,
        Metric::Multi => slides.len(),
    };
    assert_eq!(analysis.length, length);
});

/// Judges the solve and checks every figure; the analysis when it is one.
fn judge(
    answers: &Answers,
    scramble: &Position,
    slides: &[Slide],
    letters: Letters,
) -> Option<Analysis> {
    let analysis = match answers.analyse(scramble, slides) {
        Ok(analysis) => analysis,
        Err(error) => {
            one_line(&error.message(letters));
            return None;
        }
    };
    let distance = |p: &Position| {
        answers
            .distance(p)
            .expect("a small table answers")
            .expect("on the way to the goal")
    };
    assert_eq!(analysis.optimal, distance(scramble));
    assert_eq!(analysis.moves.len(), analysis.length);
    assert_eq!(
        analysis.lost,
        analysis.length - usize::from(analysis.optimal)
    );
    let mut at = *scramble;
    let mut before = analysis.optimal;
    for judged in &analysis.moves {
        assert_eq!(judged.before, before);
        assert_eq!(judged.before, distance(&at));
        assert_eq!(
            u16::from(judged.lost) + u16::from(judged.before),
            u16::from(judged.after) + 1
        );
        assert_eq!(judged.optimal, judged.lost == 0);
        for better in &judged.better {
            let next = slid(&at, *better).expect("a better move is legal");
            assert_eq!(distance(&next) + 1, judged.before);
        }
        at = slid(&at, judged.slide).expect("a judged move is legal");
        assert_eq!(distance(&at), judged.after);
        before = judged.after;
    }
    assert_eq!(before, 0);
    assert_eq!(at, *answers.goal());
    let lost: usize = analysis.moves.iter().map(|m| usize::from(m.lost)).sum();
    assert_eq!(lost, analysis.lost);
    Some(analysis)
}
