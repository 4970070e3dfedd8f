//! Answers from the shipped 3x3 table, on seeded random solvable states.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tilebase_bench::{SEED, random_states};
use tilebase_lookup::Database;

const DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../db/3x3-123804765.tilebase");

fn lookup(c: &mut Criterion) {
    let db = Database::open(DB).unwrap();
    let states = random_states(&db.goal(), 1024, SEED);
    let mut group = c.benchmark_group("lookup");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("distance", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| db.distance(black_box(s)).unwrap())
                .fold(0u32, |a, d| a + u32::from(d))
        })
    });
    group.bench_function("solve", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| db.solve(black_box(s)).unwrap().len())
                .sum::<usize>()
        })
    });
    group.bench_function("optimal_moves", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| db.optimal_moves(black_box(s)).unwrap().len())
                .sum::<usize>()
        })
    });
    group.bench_function("count_solutions", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| db.count_solutions(black_box(s)).unwrap())
                .sum::<u64>()
        })
    });
    group.bench_function("all_solutions", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| db.all_solutions(black_box(s)).unwrap().count())
                .sum::<usize>()
        })
    });
    group.finish();
    c.bench_function("open", |b| {
        b.iter(|| Database::open(black_box(DB)).unwrap())
    });
}

criterion_group!(benches, lookup);
criterion_main!(benches);
