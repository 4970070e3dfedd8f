//! Fresh builds checked against published figures (tests/data/facts.txt cites each source).

use std::collections::BTreeSet;

use tilebase_core::{Board, State};
use tilebase_engine::build_table;
use tilebase_lookup::{Database, Error};
use tilebase_testdata as data;

fn counts(table: &[u8]) -> Vec<u64> {
    let mut counts = vec![0u64; usize::from(*table.iter().max().unwrap()) + 1];
    for &d in table {
        counts[usize::from(d)] += 1;
    }
    counts
}

fn database(goal: &State) -> Database<Vec<u8>> {
    let mut bytes = Vec::new();
    tilebase_format::write(
        &mut bytes,
        goal,
        tilebase_core::Metric::Single,
        &build_table(goal),
    )
    .unwrap();
    Database::from_bytes(bytes).unwrap()
}

#[test]
fn published_distributions_of_every_board_up_to_ten_cells() {
    let mut boards = BTreeSet::new();
    for d in data::distributions() {
        if d.goal.board().cells() > 10 {
            continue;
        }
        let table = build_table(&d.goal);
        assert_eq!(counts(&table), d.counts, "{:?}", d.goal);
        boards.insert(d.goal.board());
    }
    // Every board of up to 10 cells has its published distribution checked.
    let all: BTreeSet<Board> = Board::with_tables().filter(|b| b.cells() <= 10).collect();
    assert_eq!(boards, all);
}

#[test]
#[ignore = "builds two tables of 239,500,800 states; run with --release -- --ignored"]
fn published_distributions_of_twelve_cell_boards() {
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    for d in data::distributions() {
        if d.goal.board().cells() == 12 {
            let table = build_table(&d.goal);
            assert_eq!(counts(&table), d.counts, "{:?}", d.goal);
            // On every thread, the same table as on one.
            assert!(
                table == one_thread.install(|| build_table(&d.goal)),
                "{:?}",
                d.goal
            );
        }
    }
}

#[test]
fn published_mean_distances() {
    for m in data::means() {
        let table = build_table(&m.goal);
        let mean = table.iter().map(|&d| f64::from(d)).sum::<f64>() / table.len() as f64;
        assert!(
            (mean - m.mean).abs() < 5e-7,
            "{:?}: mean {mean}, published {}",
            m.goal,
            m.mean
        );
    }
}

/// The distribution depends only on the class of the goal's blank cell: every 3x3 goal with
/// its blank in a corner, on an edge or in the centre has that class's published distribution.
#[test]
fn every_blank_cell_of_3x3_has_its_class_distribution() {
    let published: Vec<Vec<u64>> = data::distributions()
        .into_iter()
        .filter(|d| d.goal.board() == Board::THREE_BY_THREE)
        .map(|d| d.counts)
        .collect();
    let (corner, centre, edge) = (&published[0], &published[1], &published[2]);
    for blank in 0..9 {
        // Tiles in a scrambled order, the blank in cell `blank`.
        let mut cells: Vec<u8> = vec![5, 3, 8, 1, 7, 2, 6, 4];
        cells.insert(blank, 0);
        let goal = State::new(Board::THREE_BY_THREE, &cells).unwrap();
        let expected = match blank {
            4 => centre,
            0 | 2 | 6 | 8 => corner,
            _ => edge,
        };
        assert_eq!(
            &counts(&build_table(&goal)),
            expected,
            "blank in cell {blank}"
        );
    }
}

#[test]
fn the_source_articles_cases_and_the_published_extremes() {
    for case in data::cases() {
        let db = database(&case.goal);
        match case.distance {
            Some(d) => {
                assert_eq!(db.distance(&case.state).unwrap(), d, "{case:?}");
                let path = db.solve(&case.state).unwrap();
                assert_eq!(case.state.apply(&path), Ok(case.goal), "{case:?}");
                if let Some(n) = case.solutions {
                    assert_eq!(db.count_solutions(&case.state).unwrap(), n, "{case:?}");
                    assert_eq!(db.all_solutions(&case.state).unwrap().count() as u64, n);
                }
            }
            None => assert!(
                matches!(db.distance(&case.state), Err(Error::Unsolvable(_))),
                "{case:?}"
            ),
        }
    }
}

#[test]
fn the_148_states_at_distance_30_from_123804765() {
    let goal: State = "123804765".parse().unwrap();
    let table = build_table(&goal);
    let parity = goal.parity();
    let at_30: BTreeSet<State> = (0..table.len() as u32)
        .filter(|&i| table[i as usize] == 30)
        .map(|i| State::from_index(goal.board(), parity, i).unwrap())
        .collect();
    let published: BTreeSet<State> = data::antipodes_123804765().into_iter().collect();
    assert_eq!(published.len(), 148);
    assert_eq!(at_30, published);
    let corners = at_30
        .iter()
        .filter(|s| [0, 2, 6, 8].contains(&s.blank()))
        .count();
    let centre = at_30.iter().filter(|s| s.blank() == 4).count();
    assert_eq!((corners, centre), (88, 60));
    assert_eq!(table.iter().max(), Some(&30));
}

#[test]
fn the_two_states_at_distance_31_from_123456780() {
    let goal: State = "123456780".parse().unwrap();
    let table = build_table(&goal);
    let at_31: Vec<String> = (0..table.len() as u32)
        .filter(|&i| table[i as usize] == 31)
        .map(|i| {
            State::from_index(goal.board(), goal.parity(), i)
                .unwrap()
                .to_string()
        })
        .collect();
    let mut at_31 = at_31;
    at_31.sort();
    assert_eq!(at_31, ["647850321", "867254301"]);
}

/// Every database shipped in db/ (the articles' goal, and the three that answer for every
/// goal) is exactly what a fresh build writes, byte for byte.
#[test]
fn shipped_databases_are_fresh_builds() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../db");
    let goals = ["123804765", "123405678", "123456708", "123456780"];
    let mut shipped: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    shipped.sort();
    let mut expected: Vec<String> = goals.iter().map(|g| format!("3x3-{g}.tilebase")).collect();
    expected.sort();
    assert_eq!(shipped, expected);
    for goal in goals {
        let goal: State = goal.parse().unwrap();
        let metric = tilebase_core::Metric::Single;
        let on_disk = std::fs::read(format!(
            "{dir}/{}",
            tilebase_format::file_name(&goal, metric, false)
        ))
        .unwrap();
        let mut fresh = Vec::new();
        tilebase_format::write(&mut fresh, &goal, metric, &build_table(&goal)).unwrap();
        assert!(
            on_disk == fresh,
            "the database of {goal} differs from a fresh build"
        );
    }
}
