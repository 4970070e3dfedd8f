//! query's batch formatter: a line in, an answer out, in each output mode; in distance-only mode
//! also over random arrangements, half of them unsolvable.
#![allow(missing_docs)]

use criterion::{Bencher, Criterion, Throughput, criterion_group, criterion_main};
use std::sync::Arc;

use tilebase_answer::{Answers, Asked, Input, Mode, Notation, Printer};
use tilebase_bench::{FRESH, SEED, random_arrangements, random_states};
use tilebase_lookup::Database;

const DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../db/3x3-123804765.tilebase");

fn batch(c: &mut Criterion) {
    let db = Database::open(DB).unwrap();
    let answers = Answers::of_table(
        Arc::new(Database::open(DB).unwrap()),
        DB.as_ref(),
        Asked::default(),
    )
    .unwrap();
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
                boards: false,
            },
        ),
    ] {
        group.bench_function(name, |b| answer_all(b, &answers, mode, &lines));
    }
    // Random input: half the lines cannot reach the goal.
    let arrangements: Vec<String> = random_arrangements(db.board(), FRESH, SEED)
        .iter()
        .map(|s| s.to_string())
        .collect();
    group.bench_function("distance-only-arrangements", |b| {
        answer_all(b, &answers, Mode::DistanceOnly, &arrangements)
    });
    group.finish();
}

/// Times answering every line, as query does, into one buffer.
fn answer_all(b: &mut Bencher, answers: &Answers, mode: Mode, lines: &[String]) {
    let mut out = Vec::with_capacity(lines.len() * 32);
    b.iter(|| {
        let mut printer = Printer::new(answers, mode);
        out.clear();
        for (n, line) in lines.iter().enumerate() {
            printer.answer(Input::line(line.as_bytes(), n as u64 + 1), &mut out);
        }
        out.len()
    })
}

criterion_group!(benches, batch);
criterion_main!(benches);
