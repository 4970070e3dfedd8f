//! Every kind of bad state people type or other programs write, read by the library: each is
//! refused with a message that names the problem, and nothing panics.

use tilebase_core::{Board, State};
use tilebase_testdata::BAD_STATES;

#[test]
fn every_bad_state_is_refused_with_its_message() {
    for &(what, input, message) in BAD_STATES {
        match State::parse(Board::THREE_BY_THREE, input) {
            Ok(state) => panic!("{what}: {input:?} read as {state:?}"),
            Err(e) => assert_eq!(e.to_string(), message, "{what}: {input:?}"),
        }
        // One line: the programs print it after the input's name.
        assert!(!message.contains('\n'), "{what}");
    }
}

#[test]
fn a_megabyte_line_is_refused_by_its_count() {
    let line = "12".repeat(1 << 19);
    let err = State::parse(Board::THREE_BY_THREE, &line).unwrap_err();
    assert_eq!(err.to_string(), "1048576 cells, but a 3x3 board has 9");
    // Separated cells too: counted, not stored.
    let spaced = "1 ".repeat(1 << 19);
    let err = State::parse(Board::THREE_BY_THREE, &spaced).unwrap_err();
    assert_eq!(err.to_string(), "524288 cells, but a 3x3 board has 9");
}

#[test]
fn line_endings_and_padding_are_not_part_of_a_state() {
    for input in [
        "603712458\r\n",
        "603712458\n",
        " 603712458 ",
        "\t603712458\r",
    ] {
        assert_eq!(
            State::parse(Board::THREE_BY_THREE, input)
                .unwrap()
                .to_string(),
            "603712458",
            "{input:?}"
        );
    }
}

/// Every string of up to three characters from an alphabet of the characters that matter
/// (digits, separators, brackets, signs, a letter, a multi-byte character): parsing never
/// panics, and whatever it accepts prints back to an equal state.
#[test]
fn short_strings_never_panic_and_round_trip() {
    let alphabet = [
        '0', '1', '2', '9', ' ', ',', '/', '[', ']', '-', 'x', '１', '\r',
    ];
    let board: Board = "2x2".parse().unwrap();
    let mut inputs = vec![String::new()];
    for _ in 0..4 {
        let mut longer = Vec::new();
        for s in &inputs {
            for c in alphabet {
                longer.push(format!("{s}{c}"));
            }
        }
        for s in &longer {
            for parsed in [State::parse(board, s).ok(), s.parse::<State>().ok()]
                .into_iter()
                .flatten()
            {
                let again: State = State::parse(parsed.board(), &parsed.to_string()).unwrap();
                assert_eq!(again, parsed, "{s:?}");
            }
        }
        inputs = longer;
    }
}
