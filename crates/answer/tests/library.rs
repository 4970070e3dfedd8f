//! The library as a front end uses it: questions read, files found and built (full tables and
//! pattern databases alike, through one door), answers checked against published lengths and
//! against the moves themselves, and the printer's forms on both methods.

use std::sync::Mutex;

use tilebase_answer::{
    Asked, Board, Effort, Given, Input, Job, Library, Method, Mode, Notation, Outcome, Partition,
    Places, Position, Printer, Question, Quietly, Watch, pattern_file_name,
};

/// Keeps what it is told.
#[derive(Default)]
struct Notes(Mutex<Vec<String>>);

impl Watch for Notes {
    fn say(&self, message: &str) {
        self.0.lock().unwrap().push(message.to_string());
    }
    fn starting(&self, message: &str) {
        self.say(&format!("starting: {message}"));
    }
    fn building(&self, job: &Job<'_>) -> Box<dyn tilebase_answer::Building + '_> {
        self.say(&job.describe());
        Box::new(Quietly)
    }
}

impl Notes {
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

fn question(board: &str, goal: Option<&str>, pdb: Option<&str>) -> Question {
    Question::read_text(Some(board), goal, None, pdb).unwrap()
}

/// The same door for the 15-puzzle as for every table: found, else built into the cache once
/// (what is built said), then found there; a file in `db/` first; a renamed one refused.
#[test]
fn pattern_files_are_built_into_the_cache_then_found_there_or_locally() {
    let local = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let places = Places::new(local.path(), Some(cache.path().to_path_buf()));
    let q = question("4x4", None, Some("5-5-5"));
    let notes = Notes::default();
    let library = Library::new(places.clone());
    assert!(
        library.find(&q, &notes).unwrap().is_none(),
        "nothing built by find"
    );
    let answers = library.open(&q, &notes).unwrap();
    assert_eq!(answers.method(), Method::Patterns);
    let said = notes.take();
    assert_eq!(said.len(), 5, "{said:?}");
    assert_eq!(
        said[0],
        format!(
            "starting: no 5-5-5 pattern databases for the class of goal \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 yet: building them into {} (under a second, \
             once)",
            cache.path().display()
        )
    );
    assert_eq!(said[1], "building 4x4 tiles 1,2,3,4,5");
    assert!(said[4].starts_with("built in "), "{}", said[4]);
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let name = |tiles: &[u8]| pattern_file_name(Board::FOUR_BY_FOUR, &goal, tiles);
    let paths: Vec<_> = answers
        .patterns()
        .unwrap()
        .files()
        .iter()
        .map(|(_, p)| p.clone())
        .collect();
    let tiles: [&[u8]; 3] = [&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], &[11, 12, 13, 14, 15]];
    assert_eq!(
        paths,
        tiles
            .iter()
            .map(|t| cache.path().join(name(t)))
            .collect::<Vec<_>>()
    );

    // Another process finds them in the cache: nothing said, nothing built.
    let again = Library::new(places.clone());
    let quiet = Notes::default();
    assert!(again.open(&q, &quiet).is_ok());
    assert!(quiet.take().is_empty());

    // A file in the local folder comes first.
    let moved = local.path().join(name(tiles[1]));
    std::fs::copy(&paths[1], &moved).unwrap();
    let local_first = Library::new(places.clone()).open(&q, &Quietly).unwrap();
    assert_eq!(local_first.patterns().unwrap().files()[1].1, moved);

    // A file that holds another pattern than its name says is refused.
    std::fs::copy(&paths[0], &moved).unwrap();
    let refused = Library::new(places.clone())
        .open(&q, &Quietly)
        .err()
        .unwrap();
    assert_eq!(
        refused.to_string(),
        format!(
            "{}: holds the pattern of tiles 1,2,3,4,5 for goal \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0, not what its name says; rebuild it with: \
             build-db --board 4x4 --pdb 5-5-5 --out {} --force",
            moved.display(),
            local.path().display()
        )
    );
    std::fs::remove_file(&moved).unwrap();

    // A damaged file in the cache is built again, saying so; the answer follows.
    let mut bytes = std::fs::read(&paths[2]).unwrap();
    let at = bytes.len() - 10;
    bytes[at] ^= 0x5a;
    std::fs::write(&paths[2], &bytes).unwrap();
    let notes = Notes::default();
    let mended = Library::new(places).open(&q, &notes).unwrap();
    let said = notes.take();
    assert!(
        said[0].starts_with(&paths[2].display().to_string())
            && said[0].ends_with(
                "does not match its checksum: the table is damaged: building it again in place"
            ),
        "{said:?}"
    );
    let one = mended
        .read("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
        .unwrap();
    assert_eq!(mended.distance(&one).unwrap(), Some(1));
}

/// Korf's shortest instances at their published lengths, with legal paths, for the goal with
/// the blank first (another goal of the corner class); hints exact; the other parity half
/// answered by its parity; the batch equal to single answers.
#[test]
fn answers_are_optimal_legal_and_in_the_goals_own_frame() {
    let dir = tempfile::tempdir().unwrap();
    let library = Library::new(Places::new(dir.path(), None));
    let korf_goal: Vec<u8> = (0..16).collect();
    let given = Given::Small(korf_goal.clone());
    let q = Question::read(Asked {
        goal: Some(&given),
        pdb: Some(Partition::FIVE_FIVE_FIVE),
        ..Asked::default()
    })
    .unwrap();
    let answers = library.open(&q, &Quietly).unwrap();
    let mut korf = tilebase_testdata::korf100();
    korf.sort_by_key(|&(_, length)| length);
    let shortest = &korf[..6];
    let mut rows = Vec::new();
    for (cells, length) in shortest {
        let position = Position::new(Board::FOUR_BY_FOUR, cells).unwrap();
        let moves = answers.solve(&position).unwrap().unwrap();
        assert_eq!(moves.len(), usize::from(*length));
        assert_eq!(
            position.along(&moves).last().unwrap().cells(),
            &korf_goal[..]
        );
        rows.extend_from_slice(cells);
    }
    // The last position solved is remembered: asked again, even within one node, its solution
    // comes back with no search (`query --svg` draws the solution its answer gave); another
    // position within one node is a search, which gives up.
    let last = Position::new(Board::FOUR_BY_FOUR, &shortest[5].0).unwrap();
    let again = answers
        .solve_within(&last, &Effort::bounded(1))
        .unwrap()
        .unwrap();
    assert_eq!(again, answers.solve(&last).unwrap().unwrap());
    let other = Position::new(Board::FOUR_BY_FOUR, &shortest[4].0).unwrap();
    assert!(answers.solve_within(&other, &Effort::bounded(1)).is_err());
    let mut out = vec![0i16; shortest.len()];
    answers.distances(&rows, &mut out).unwrap();
    let lengths: Vec<i16> = shortest.iter().map(|(_, l)| i16::from(*l)).collect();
    assert_eq!(out, lengths);

    // The goal with the blank last, of the same class: the files already open.
    let default = library
        .open(&question("4x4", None, Some("5-5-5")), &Quietly)
        .unwrap();
    assert!(std::sync::Arc::ptr_eq(
        &default.patterns().unwrap().files()[0].0,
        &answers.patterns().unwrap().files()[0].0
    ));
    let one = default
        .read("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
        .unwrap();
    assert_eq!(default.solve(&one).unwrap().unwrap().to_string(), "R");
    let hints: Vec<(String, u8, u8, bool)> = default
        .hints(&one)
        .unwrap()
        .unwrap()
        .iter()
        .map(|h| (h.slide.to_string(), h.tile, h.distance, h.optimal))
        .collect();
    assert_eq!(
        hints,
        [
            ("U".into(), 11, 2, false),
            ("L".into(), 14, 2, false),
            ("R".into(), 15, 0, true)
        ]
    );
    let swapped = default
        .read("2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0")
        .unwrap();
    assert_eq!(default.distance(&swapped).unwrap(), None);
    assert_eq!(default.hints(&swapped).unwrap(), None);
    // The other parity half, and one move from the goal.
    let rows = [
        2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
        12, 13, 14, 0, 15,
    ];
    let mut out = [0i16; 2];
    default.distances(&rows, &mut out).unwrap();
    assert_eq!(out, [-1, 1]);
    // With each move's distance, by search as the hints above: none for the other parity half.
    let mut after = [[0i16; 4]; 2];
    let mut again = [0i16; 2];
    default
        .distances_and_moves(&rows, &mut again, &mut after)
        .unwrap();
    assert_eq!((again, after), ([-1, 1], [[-1; 4], [2, -1, 2, 0]]));
    let mut bad = [0u8; 16];
    bad[0] = 1;
    assert_eq!(
        default.distances(&bad, &mut [0]).unwrap_err().to_string(),
        "row 0: two blanks (tile 2 is missing)"
    );
}

/// The printer writes both methods' answers in the same forms: the six JSON fields, then what
/// was asked; distance lines; text with hints; refusals in place, noted for stderr.
#[test]
fn one_printer_for_every_method() {
    let dir = tempfile::tempdir().unwrap();
    let library = Library::new(Places::new(dir.path(), None));
    let fifteen = library
        .open(&question("4x4", None, Some("5-5-5")), &Quietly)
        .unwrap();
    let three = library.open(&Question::default(), &Quietly).unwrap();
    let json = Mode::Json {
        all: false,
        hint: false,
        notation: Notation::Tile,
        boards: true,
    };
    let written = |answers, mode, inputs: &[&str]| {
        let mut printer = Printer::new(answers, mode);
        let mut out = Vec::new();
        let inputs: Vec<Input<'_>> = inputs.iter().map(|s| Input::argument(s)).collect();
        printer.answer_all(&inputs, &mut out);
        (
            String::from_utf8(out).unwrap(),
            printer.outcome(),
            printer.take_notes(),
        )
    };
    let (out, outcome, notes) = written(
        &fifteen,
        json,
        &["1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "1,2"],
    );
    assert_eq!(
        out,
        "{\"state\":\"1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\",\"goal\":\
         \"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\",\"board\":\"4x4\",\"solvable\":true,\
         \"distance\":1,\"moves\":\"R\",\"nodes\":3,\"tiles\":[15],\"boards\":[\
         \"1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\",\"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\"]}\n\
         {\"input\":\"1,2\",\"error\":\"2 cells, but a 4x4 board has 16\"}\n"
    );
    assert_eq!((outcome, notes.len()), (Outcome::Failed, 0));
    let (out, outcome, _) = written(&three, json, &["283104765", "864072513"]);
    assert_eq!(
        out,
        "{\"state\":\"283104765\",\"goal\":\"123804765\",\"board\":\"3x3\",\"solvable\":true,\
         \"distance\":4,\"moves\":\"ULDR\",\"tiles\":[8,2,1,8],\"boards\":[\"283104765\",\
         \"203184765\",\"023184765\",\"123084765\",\"123804765\"]}\n\
         {\"state\":\"864072513\",\"goal\":\"123804765\",\"board\":\"3x3\",\"solvable\":false,\
         \"distance\":null,\"moves\":null,\"boards\":null}\n"
    );
    assert_eq!(outcome, Outcome::Unsolvable);

    let text = Mode::Human {
        boards: false,
        all: false,
        hint: true,
        notation: Notation::Blank,
    };
    let (out, _, _) = written(&fifteen, text, &["1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"]);
    assert_eq!(
        out,
        "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15: 1 move: R\n  \
         U   tile 11   2 moves left\n  \
         L   tile 14   2 moves left\n  \
         R   tile 15   0 moves left  optimal\n"
    );
    let (out, outcome, notes) = written(
        &fifteen,
        Mode::DistanceOnly,
        &["2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "x"],
    );
    assert_eq!(out, "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0 -\nx error\n");
    assert_eq!(outcome, Outcome::Failed);
    assert_eq!(notes, ["\"x\": stray character 'x' at column 1"]);

    // Without files: what needs none is answered, and nothing is looked for.
    let q = question("4x4", None, None);
    let mut printer = Printer::without_files(&q, Mode::DistanceOnly);
    assert!(!printer.needs_files(&Input::argument("1,2")));
    assert!(printer.needs_files(&Input::argument("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")));
    let mut out = Vec::new();
    printer.answer(
        Input::argument("2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0"),
        &mut out,
    );
    assert_eq!(out, b"2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0 -\n");
}

/// A process that must not build (a cluster's worker) gets the missing files named, where they
/// were looked for and the command that builds them; once built, the same call answers.
#[test]
fn find_built_names_what_is_missing_and_builds_nothing() {
    let local = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let places = Places::new(local.path(), Some(cache.path().to_path_buf()));
    let q = question("4x4", None, Some("4-4-4-3"));
    let refused = Library::new(places.clone())
        .find_built(&q, &Quietly)
        .err()
        .unwrap();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let names: Vec<String> = [
        &[1u8, 2, 3, 4][..],
        &[5, 6, 7, 8],
        &[9, 10, 11, 12],
        &[13, 14, 15],
    ]
    .iter()
    .map(|t| pattern_file_name(Board::FOUR_BY_FOUR, &goal, t))
    .collect();
    assert_eq!(
        refused.to_string(),
        format!(
            "{}: not found in {} or {}; they answer for goal \
             1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0 (4x4 board, stm, 4-4-4-3 pattern databases), \
             and this process does not build files: build them where it reads them, with \
             `build-db --board 4x4 --pdb 4-4-4-3 --out {} --force`",
            names.join(", "),
            local.path().display(),
            cache.path().display(),
            cache.path().display()
        )
    );
    assert_eq!(std::fs::read_dir(cache.path()).unwrap().count(), 0);
    Library::new(places.clone()).open(&q, &Quietly).unwrap();
    assert!(
        Library::new(places.clone())
            .find_built(&q, &Quietly)
            .is_ok()
    );
    // A damaged file is there, but cannot answer: said so, and not built again.
    let damaged = cache.path().join(&names[2]);
    let mut bytes = std::fs::read(&damaged).unwrap();
    let at = bytes.len() - 10;
    bytes[at] ^= 0x5a;
    std::fs::write(&damaged, &bytes).unwrap();
    let refused = Library::new(places)
        .find_built(&q, &Quietly)
        .err()
        .unwrap()
        .to_string();
    assert!(
        refused.starts_with(&format!("{}: found in ", names.join(", ")))
            && refused.contains("cannot answer (damaged, or not what its name says)"),
        "{refused}"
    );
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes);
}

/// One search cut into pieces in the position's own frame (Korf's goal, answered from its
/// class's files): the pieces searched one by one find the solution `solve` finds, at the
/// bound that is the distance. A table's board has no search to cut.
#[test]
fn pieces_in_the_positions_frame_join_to_its_solution() {
    let cache = tempfile::tempdir().unwrap();
    let places = Places::new(cache.path().join("db"), Some(cache.path().to_path_buf()));
    let korf = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
    let q = question("4x4", Some(korf), Some("4-4-4-3"));
    let answers = Library::new(places).open(&q, &Quietly).unwrap();
    // Korf's instance 4 (tests/data/korf100.txt), 52 moves.
    let position = answers
        .read("14,7,1,9,12,3,6,15,8,11,2,5,10,0,4,13")
        .unwrap();
    let solution = answers.solve(&position).unwrap().unwrap();
    let mut bound = answers.start_bound(&position).unwrap().unwrap();
    let found = 'iterations: loop {
        let split = answers.split(&position, Some(bound), 16).unwrap().unwrap();
        assert_eq!(split.bound, bound);
        assert!(split.solution.is_none());
        let mut next = split.next_bound;
        for piece in &split.pieces {
            let below = answers
                .search_below(&position, piece, bound, u64::MAX)
                .unwrap()
                .unwrap();
            if let Some(moves) = below.solution {
                break 'iterations moves;
            }
            next = match (next, below.next_bound) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        bound = next.unwrap();
    };
    assert_eq!(found, solution);
    assert_eq!(found.len(), 52);
    assert_eq!(bound, 52);
    let table = Library::new(Places::new(cache.path(), None))
        .open(&Question::default(), &Quietly)
        .unwrap();
    let state = table.read("603712458").unwrap();
    assert_eq!(
        table.split(&state, None, 8).unwrap_err().to_string(),
        "3x3: answered from its full table; a split is for boards answered by search"
    );
}
