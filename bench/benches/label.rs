//! label's two passes over a full table, on both cores: drawing uniform states (unranking
//! random indices into rows of cells) and labelling rows with their distances, alone and with
//! the distance after each move (`label --moves`).
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::sync::Arc;

use tilebase_answer::{Answers, Asked, Sample, UNSOLVABLE, label_rows_into};
use tilebase_lookup::Database;

const DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../db/3x3-123804765.tilebase");

/// Rows a run: a million, as `label` labels a piece at a time.
const ROWS: usize = 1 << 20;

fn label(c: &mut Criterion) {
    let answers = Answers::of_table(
        Arc::new(Database::open(DB).unwrap()),
        DB.as_ref(),
        Asked::default(),
    )
    .unwrap();
    let mut group = c.benchmark_group("label");
    group.throughput(Throughput::Elements(ROWS as u64));
    group.sample_size(20);
    group.bench_function("sample-uniform", |b| {
        b.iter(|| answers.sample(&Sample::Uniform, ROWS, 1).unwrap().len())
    });
    let cells = answers.sample(&Sample::Uniform, ROWS, 1).unwrap();
    let mut distance = vec![0i16; ROWS];
    let mut after = vec![[UNSOLVABLE; 4]; ROWS];
    group.bench_function("distances", |b| {
        b.iter(|| label_rows_into(&answers, &cells, &mut distance, None).unwrap())
    });
    group.bench_function("distances-and-moves", |b| {
        b.iter(|| label_rows_into(&answers, &cells, &mut distance, Some(&mut after)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, label);
criterion_main!(benches);
