//! A `--pdb` partition as typed (`7-8`, `5-5-5`, or tiles named: `1,2,5,6/3,4,7,8/...`):
//! refused with a one-line message, or a partition whose name reads back as itself and that,
//! on each board it fits, splits the tiles into its patterns, each tile once; past 25 cells,
//! a question takes it exactly when it fits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::{Board, Metric, Position, Question, read_pdb};
use tilebase_fuzz::one_line;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let partition = match read_pdb(text) {
        Ok(partition) => partition,
        Err(error) => {
            one_line(&error.to_string());
            return;
        }
    };
    let name = partition.name();
    assert_eq!(read_pdb(&name).ok(), Some(partition), "{name}");
    assert_eq!(partition.to_string(), name);
    assert_eq!(partition.len(), partition.sizes().len());
    for board in Board::with_patterns() {
        let cells = board.cells();
        let question = Question::new(
            Position::default_goal(board),
            Metric::Single,
            Some(partition),
        );
        match partition.check(cells) {
            Ok(()) => {
                assert!(question.is_ok(), "{name} on {board}");
                let goal = Position::default_goal(board);
                let grid = tilebase_pattern::Grid::of(board);
                let mut tiles: Vec<u8> = partition.tiles(&grid, goal.cells()).concat();
                tiles.sort_unstable();
                assert_eq!(
                    tiles,
                    (1..cells as u8).collect::<Vec<_>>(),
                    "{name} on {board}"
                );
            }
            Err(why) => {
                one_line(&why);
                assert!(question.is_err(), "{name} on {board}");
            }
        }
    }
    for board in ["6x6", "9x4", "10x10"] {
        let board: Board = board.parse().expect("a board");
        let question = Question::new(
            Position::default_goal(board),
            Metric::Single,
            Some(partition),
        );
        match partition.check(board.cells()) {
            Ok(()) => assert!(question.is_ok(), "{name} on {board}: {question:?}"),
            Err(why) => {
                one_line(&why);
                assert!(question.is_err(), "{name} on {board}");
            }
        }
    }
});
