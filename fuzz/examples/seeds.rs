//! Writes the seed corpora in `fuzz/corpus/`: each target's inputs from the tests' hostile
//! inputs and the published cases (the articles' 3x3 states, Korf's first instance, the
//! service's documented requests), and small files of each kind the readers open. The fuzzer
//! starts from these rather than from nothing. Run from `fuzz/` after changing a target's input
//! form: `cargo run --example seeds`.

use std::fs;
use std::path::Path;

use tilebase_answer::Board;
use tilebase_core::{Metric, State};
use tilebase_fuzz::{every_board, small_boards};
use tilebase_pattern::{Encoding, Grid, Pattern, Relabelling, encode};

/// The byte that picks `board` among `boards`, as [`tilebase_fuzz::pick`] reads it.
fn index(boards: &[Board], board: &str) -> u8 {
    let board: Board = board.parse().expect("a board");
    boards
        .iter()
        .position(|&b| b == board)
        .expect("a board listed") as u8
}

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let small = small_boards();
    let three_by_three = index(&small, "3x3");
    let mut written = 0;
    let mut seed = |target: &str, name: &str, bytes: &[u8]| -> std::io::Result<()> {
        let dir = root.join(target);
        fs::create_dir_all(&dir)?;
        fs::write(dir.join(format!("seed-{name}")), bytes)?;
        written += 1;
        Ok(())
    };

    let states = [
        ("articles", "603712458"),
        ("articles-goal", "123804765"),
        ("articles-hardest", "864072513"),
        ("rows", "6 0 3/7 1 2/4 5 8"),
        ("korf-1", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"),
        ("two-by-two", "0321"),
        ("too-short", "12345678"),
        ("too-long", "1234567890"),
        ("repeated", "1 2 3 4 5 6 7 8 8"),
        ("words", "a b c"),
        ("empty", ""),
    ];
    for (name, text) in states {
        seed("parse_state", name, text.as_bytes())?;
    }

    let partitions = [
        ("seven-eight", "7-8"),
        ("eight-seven", "8-7"),
        ("six-six-three", "6-6-3"),
        ("five-five-five", "5-5-5"),
        ("blocks", "6-6-6-6"),
        ("tiles", "1-6,7-12,13-18,19-24"),
        ("korf-felner", "1+5+6+10+11+12, 2+3+4+7+8+9,13-24"),
        ("tile-twice", "1-6,6-12"),
        ("one-set", "4+3"),
        ("zero", "0"),
        ("empty", ""),
        ("too-many", "1-2-3-4-5-6-7-8-9"),
    ];
    for (name, text) in partitions {
        seed("partition", name, text.as_bytes())?;
    }

    // One word a line: state, board, goal, metric, partition; `~` for none.
    let questions = [
        ("state", "603712458\n~\n~\n~\n~"),
        ("all-words", "603712458\n3x3\n123804765\nstm\n~"),
        ("two-by-two-mtm", "0321\n2x2\n~\nmtm\n~"),
        ("fifteen", "~\n4x4\nblank-first\nstm\n7-8"),
        ("fifteen-mtm", "~\n4x4\n~\nmtm\n~"),
        ("twenty-four", "~\n5x5\n~\n~\n6-6-6-6"),
        ("three-by-five", "~\n3x5\n~\n~\n5-5-4"),
        ("bad-state", "12345678\n~\n~\n~\n~"),
        ("bad-words", "~\nbig\n~\nfast\n9-9"),
        ("goal-elsewhere", "603712458\n~\n1234\n~\n~"),
    ];
    for (name, text) in questions {
        seed("question", name, text.as_bytes())?;
    }

    // A method, the path and query, and the body, a line each.
    let requests = [
        ("query", "GET\n/api/query?state=603712458\n"),
        ("hint", "GET\n/api/query?state=603712458&hint=true\n"),
        (
            "all",
            "GET\n/api/query?state=603712458&all=true&count=true\n",
        ),
        ("boards", "GET\n/api/query?state=864072513&boards=true\n"),
        ("goal", "GET\n/api/query?state=864072513&goal=123456780\n"),
        ("two-by-two", "GET\n/api/query?state=0321&board=2x2\n"),
        ("mtm", "GET\n/api/query?state=603712458&metric=mtm\n"),
        (
            "rows",
            "GET\n/api/query?state=6%200%203%2F7%201%202%2F4%205%208\n",
        ),
        ("not-utf8", "GET\n/api/query?state=%FF%FE\n"),
        ("twice", "GET\n/api/query?state=603712458&state=1\n"),
        (
            "random",
            "GET\n/api/random?distance=1..2&count=10&seed=3&goal=123456780\n",
        ),
        (
            "random-max",
            "GET\n/api/random?distance=max&count=200&seed=1\n",
        ),
        ("stats", "GET\n/api/stats?board=3x2\n"),
        ("stats-mtm", "GET\n/api/stats?metric=mtm\n"),
        (
            "batch",
            "POST\n/api/query\n{\"states\":[\"603712458\",\"123804765\"],\"hint\":true}",
        ),
        ("batch-bad", "POST\n/api/query\n{\"states\":[1, null"),
        ("health", "GET\n/healthz\n"),
        ("page", "GET\n/\n"),
        ("delete", "DELETE\n/api/query\n"),
        ("nowhere", "GET\n/nowhere?x=1\n"),
    ];
    for (name, text) in requests {
        seed("serve_request", name, text.as_bytes())?;
    }

    // The board, the mode (human, JSON or distances only, letters, hints), then lines.
    let batch = "603712458\n864072513\n123804765\n# a comment\n\nnot a state\n6 0 3 7 1 2 4 5 8";
    for (name, how) in [("human", 0x1c), ("json", 0x5c), ("distances", 0xe0)] {
        seed(
            "batch_line",
            name,
            &[&[three_by_three, how], batch.as_bytes()].concat(),
        )?;
    }
    // 3x5 comes after the small boards.
    let three_by_five = small.len() as u8;
    let searched = "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14\n1 2 3 4 5 6 7 8 9 10 11 12 0 13 14";
    seed(
        "batch_line",
        "searched",
        &[&[three_by_five, 0x40], searched.as_bytes()].concat(),
    )?;

    // The board, the form, then a scramble and a solve as text (form bit 4), or bytes. The
    // goal is 3x3's default, 1 2 3 / 8 0 4 / 7 6 5.
    for (name, how, text) in [
        ("blank", 4, "123084765\nR"),
        ("tiles", 6, "123084765\nL"),
        ("lost", 4, "123084765\nDUR"),
        ("mtm", 5, "103824765\nD"),
        ("illegal", 4, "123084765\nL"),
        ("unsolvable", 4, "213804765\n"),
        ("not-letters", 4, "123084765\nxyz"),
    ] {
        seed(
            "analyse",
            name,
            &[&[three_by_three, how], text.as_bytes()].concat(),
        )?;
    }
    seed(
        "analyse",
        "bytes",
        &[three_by_three, 0, 7, 1, 4, 2, 9, 3, 0, 1, 2, 3],
    )?;

    let every = every_board();
    for board in ["3x3", "4x4", "5x5"] {
        seed(
            "notation_round_trip",
            board,
            &[
                index(&every, board),
                3,
                1,
                4,
                1,
                5,
                9,
                2,
                6,
                5,
                3,
                5,
                8,
                9,
                7,
                9,
            ],
        )?;
    }

    // The board, the form (openable values: bit 4), the tiles of the pattern, then values.
    let values: Vec<u8> = (0..32).collect();
    for (name, how) in [("any", 0), ("openable", 4), ("compressed", 6)] {
        seed(
            "file_round_trip",
            name,
            &[&[three_by_three, how, 0x0f], &values[..]].concat(),
        )?;
    }

    // Small files of each kind, whole (mode 0), and values to write (mode 5: openable).
    let grid = Grid::new(3, 3).expect("3x3");
    let goal: Vec<u8> = (1..9).chain([0]).collect();
    let pattern = Pattern::new(grid, &goal, &[1]).expect("a pattern");
    let manhattan: Vec<u8> = (0..pattern.placements())
        .map(|rank| {
            let mut cell = [0u8];
            pattern.unrank(rank, &mut cell);
            pattern.manhattan(&cell) as u8
        })
        .collect();
    for encoding in [Encoding::Plain, Encoding::Halved] {
        let table = encode(&pattern, &manhattan, encoding).expect("encodable");
        let mut file = vec![0];
        tilebase_format::pattern::write(&mut file, &pattern, encoding, &manhattan, &table)?;
        seed(
            "open_pattern",
            &format!("{encoding:?}").to_lowercase(),
            &file,
        )?;
    }
    seed("open_pattern", "values", &[&[5], &values[..]].concat())?;

    let three_by_two = Grid::new(3, 2).expect("3x2");
    let relabelling = Relabelling::new(three_by_two, &[1, 2, 3, 4, 5, 0], &[1, 1, 2, 2, 1, 0])
        .expect("a relabelling");
    let goal_index = relabelling.goal_index() as usize;
    let distances: Vec<u8> = (0..relabelling.states() as usize)
        .map(|i| {
            if i == goal_index {
                0
            } else {
                1 + (i % 5) as u8
            }
        })
        .collect();
    for metric in [Metric::Single, Metric::Multi] {
        let mut file = vec![0];
        tilebase_format::relabel::write(&mut file, &relabelling, metric, &distances)?;
        seed("open_relabelled", metric.name(), &file)?;
    }
    seed("open_relabelled", "values", &[&[5], &values[..]].concat())?;

    // A 3x3 group of two tiles (homes 0 and 4): each placement's Manhattan distances, the
    // unreached mark where both share a cell; and the same values for the writing mode.
    let values: Vec<u8> = (0..81u8)
        .map(|i| {
            let (a, b) = (i % 9, i / 9);
            let far = |c: u8, home: u8| (c / 3).abs_diff(home / 3) + (c % 3).abs_diff(home % 3);
            if a == b { u8::MAX } else { far(a, 0) + far(b, 4) }
        })
        .collect();
    let mut file = vec![0];
    tilebase_format::bounds::write(&mut file, Board::THREE_BY_THREE, &[0, 4], &values)?;
    seed("open_bounds", "written", &file)?;
    seed("open_bounds", "values", &[&[1], &values[..]].concat())?;

    let two: State = "1230".parse().expect("a 2x2 state");
    let mut file = Vec::new();
    let table = [0u8, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6];
    tilebase_format::write(&mut file, &two, Metric::Single, &table)?;
    seed("open_database", "written", &file)?;

    println!("{written} seeds in {}", root.display());
    Ok(())
}
