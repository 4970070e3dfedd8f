//! A state written in every notation `query` reads, on every board, reads back as the same
//! state; a solution written in either letters (the blank's or the tiles') reads back as the
//! same slides; a path of moves prints and parses back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::{Letters, Move, Path, Position, Slide, draw, read_solution};
use tilebase_fuzz::{every_board, pick, shuffled};

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let board = pick(&every_board(), which);
    let cells = shuffled(board.cells(), rest);
    let position = Position::new(board, &cells).expect("a permutation of the board's tiles");
    let with = |separator: &str| -> String {
        cells
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(separator)
    };
    let rows = |within: &str| -> String {
        cells
            .chunks(board.width())
            .map(|row| {
                row.iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(within)
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let mut forms = vec![
        position.to_string(),
        with(","),
        with(" "),
        with(", "),
        format!("[{}]", with(",")),
        rows(","),
        draw::grid(board.width(), &cells),
    ];
    if board.cells() <= 10 {
        forms.push(rows(""));
    }
    for form in &forms {
        assert_eq!(
            Position::parse(board, form),
            Ok(position),
            "{board} {form:?}"
        );
    }
    // Rows name their board.
    for form in [rows(","), draw::grid(board.width(), &cells)] {
        assert_eq!(Position::parse_anywhere(&form), Ok(position), "{form:?}");
    }

    // The rest of the bytes as a solve: a direction and a length per pair.
    let slides: Vec<Slide> = rest
        .chunks(2)
        .map(|pair| Slide {
            direction: pick(&Move::ALL, pair[0]),
            cells: pair.get(1).copied().unwrap_or(1).max(1),
        })
        .collect();
    for letters in [Letters::Blank, Letters::Tile] {
        let written: Vec<String> = slides.iter().map(|&s| letters.write(s)).collect();
        for separator in [" ", ",", "", ", "] {
            let text = written.join(separator);
            assert_eq!(
                read_solution(&text, letters).ok(),
                Some(slides.clone()),
                "{text:?} in {} letters",
                letters.name()
            );
        }
    }
    let mut path = Path::with_capacity(slides.len());
    for slide in &slides {
        path.push(slide.direction);
    }
    assert_eq!(path.to_string().parse::<Path>(), Ok(path));
});
