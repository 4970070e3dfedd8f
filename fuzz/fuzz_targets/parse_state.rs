//! Any bytes as a state, on every board and with no board named: parsing never panics, and
//! whatever it accepts is a valid state of that board that prints back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::{Board, Path, Position, State};
use tilebase_fuzz::every_board;

fuzz_target!(|data: &[u8]| {
    for board in Board::with_tables() {
        if let Some(state) = State::from_digits(board, data) {
            assert_eq!(State::parse(board, &state.to_string()), Ok(state));
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for board in every_board() {
        if let Ok(position) = Position::parse(board, text) {
            assert_eq!(position.board(), board);
            assert_eq!(position.cells().len(), board.cells());
            assert_eq!(Position::parse(board, &position.to_string()), Ok(position));
            assert_eq!(Position::new(board, position.cells()), Ok(position));
        }
    }
    for board in Board::with_tables() {
        if let Ok(state) = State::parse(board, text) {
            assert_eq!(state.board(), board);
            assert_eq!(State::parse(board, &state.to_string()), Ok(state));
            assert_eq!(State::new(board, state.cells()), Ok(state));
            let _ = state.index_and_parity();
        }
    }
    if let Ok(position) = Position::parse_anywhere(text) {
        let board = position.board();
        assert_eq!(Position::parse(board, &position.to_string()), Ok(position));
    }
    if let Ok(state) = text.parse::<State>() {
        assert_eq!(State::parse(state.board(), &state.to_string()), Ok(state));
    }
    if let Ok(path) = text.parse::<Path>() {
        assert_eq!(path.to_string().parse::<Path>(), Ok(path));
    }
    let _ = text.parse::<Board>();
});
