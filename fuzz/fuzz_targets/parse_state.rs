//! Any bytes as a state, on every board: parsing never panics, and whatever it accepts is a
//! valid state that prints back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_core::{Board, Path, State};

fuzz_target!(|data: &[u8]| {
    for board in Board::with_tables() {
        if let Some(state) = State::from_digits(board, data) {
            assert_eq!(State::parse(board, &state.to_string()), Ok(state));
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for board in Board::with_tables() {
        if let Ok(state) = State::parse(board, text) {
            assert_eq!(state.board(), board);
            assert_eq!(State::parse(board, &state.to_string()), Ok(state));
            assert_eq!(State::new(board, state.cells()), Ok(state));
            let _ = state.index_and_parity();
        }
    }
    if let Ok(state) = text.parse::<State>() {
        assert_eq!(State::parse(state.board(), &state.to_string()), Ok(state));
    }
    if let Ok(path) = text.parse::<Path>() {
        assert_eq!(path.to_string().parse::<Path>(), Ok(path));
    }
    let _ = text.parse::<Board>();
});
