//! Lines of `query`'s batch input, answered in every output mode, from a full table (boards
//! of up to 10 cells, both metrics) or by search (3x5, within a node budget): each line is
//! answered or refused on its own, never a panic; the batch's answers are the lines' answers
//! one by one, in order; and in JSON every line written is one JSON object.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::{Board, Effort, Input, Letters, Metric, Mode, Notation, Printer};
use tilebase_fuzz::{metric, pick, small_answers, small_boards};

fuzz_target!(|data: &[u8]| {
    let [which, how, rest @ ..] = data else {
        return;
    };
    let mut boards = small_boards();
    boards.push(Board::new(3, 5).expect("3x5 is a board"));
    let board = pick(&boards, *which);
    let answers = if board.has_table() {
        small_answers(board, metric(*how))
    } else {
        small_answers(board, Metric::Single)
    };
    let notation = if how & 2 == 0 {
        Notation::Blank
    } else {
        Notation::Tile
    };
    let all = how & 4 != 0;
    let hint = how & 8 != 0;
    let boards = how & 16 != 0;
    let mode = match how >> 5 {
        0 | 1 => Mode::Human {
            boards,
            all,
            hint,
            notation,
        },
        2 | 3 => Mode::Json {
            all,
            hint,
            notation,
            boards,
        },
        _ => Mode::DistanceOnly,
    };
    let lines: Vec<&[u8]> = rest.split(|&b| b == b'\n').take(64).collect();
    let inputs: Vec<Input<'_>> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| Input::line(line, i as u64 + 1))
        .collect();
    let printer = || {
        Printer::new(&answers, mode)
            .with_letters(if how & 2 == 0 {
                Letters::Blank
            } else {
                Letters::Tile
            })
            .with_count(how & 1 != 0 && board.has_table())
            .with_limit(Some(16))
            .with_effort(Effort::bounded(200_000))
    };
    let mut one_by_one = Vec::new();
    let mut printer_one = printer();
    for &input in &inputs {
        printer_one.answer(input, &mut one_by_one);
    }
    let mut together = Vec::new();
    let mut printer_all = printer();
    printer_all.answer_all(&inputs, &mut together);
    assert_eq!(
        String::from_utf8_lossy(&together),
        String::from_utf8_lossy(&one_by_one)
    );
    assert_eq!(printer_all.outcome(), printer_one.outcome());
    if matches!(mode, Mode::Json { .. }) {
        let text = std::str::from_utf8(&together).expect("JSON is UTF-8");
        let mut objects = 0;
        for line in text.lines() {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            assert!(value.is_object(), "{line}");
            objects += 1;
        }
        assert_eq!(objects, inputs.len());
    }
});
