//! query's batch formatter: a line in, an answer out, in each output mode; in distance-only mode
//! also over random arrangements, half of them unsolvable.
#![allow(missing_docs)]

use criterion::{Bencher, Criterion, Throughput, criterion_group, criterion_main};
use tilebase_bench::{FRESH, SEED, random_arrangements, random_states};
use tilebase_lookup::Database;
use tilebase_tools::query::{Answerer, Input, Mode, Notation};

const DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../db/3x3-123804765.tilebase");

fn batch(c: &mut Criterion) {
    let db = Database::open(DB).unwrap();
    let lines: Vec<String> = random_states(&db.goal(), FRESH, SEED)
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut group = c.benchmark_group("batch");
    group.throughput(Throughput::Elements(lines.len() as u64));
    for (name, mode) in [
        ("distance-only", Mode::DistanceOnly),
        (
            "paths",
            Mode::Human {
                boards: false,
                all: false,
                hint: false,
                notation: Notation::Blank,
            },
        ),
        (
            "json",
            Mode::Json {
                all: false,
                hint: false,
                notation: Notation::Blank,
            },
        ),
    ] {
        group.bench_function(name, |b| answer_all(b, &db, mode, &lines));
    }
    // Random input: half the lines cannot reach the goal.
    let arrangements: Vec<String> = random_arrangements(db.board(), FRESH, SEED)
        .iter()
        .map(|s| s.to_string())
        .collect();
    group.bench_function("distance-only-arrangements", |b| {
        answer_all(b, &db, Mode::DistanceOnly, &arrangements)
    });
    group.finish();
}

/// Times answering every line, as query does, into one buffer.
fn answer_all(b: &mut Bencher, db: &Database, mode: Mode, lines: &[String]) {
    let mut out = Vec::with_capacity(lines.len() * 32);
    b.iter(|| {
        let mut answerer = Answerer::new(db.own_goal(), mode);
        out.clear();
        for (n, line) in lines.iter().enumerate() {
            answerer.answer(Input::line(line.as_bytes(), n as u64 + 1), &mut out);
        }
        out.len()
    })
}

criterion_group!(benches, batch);
criterion_main!(benches);
