//! Answers from the shipped 3x3 table, on seeded random solvable states: [`FRESH`] of them for
//! the fast answers, 1,024 for listing and counting every solution.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tilebase_bench::{FRESH, SEED, random_states};
use tilebase_lookup::{Board, Database, Metric, State, Tablebase};

const DB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../db/3x3-123804765.tilebase");

fn lookup(c: &mut Criterion) {
    let db = Database::open(DB).unwrap();
    let states = random_states(&db.goal(), FRESH, SEED);
    let few = &states[..1024];
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
    group.throughput(Throughput::Elements(few.len() as u64));
    group.bench_function("count_solutions", |b| {
        b.iter(|| {
            few.iter()
                .map(|s| db.count_solutions(black_box(s)).unwrap())
                .sum::<u64>()
        })
    });
    group.bench_function("all_solutions", |b| {
        b.iter(|| {
            few.iter()
                .map(|s| db.all_solutions(black_box(s)).unwrap().count())
                .sum::<usize>()
        })
    });
    // Another goal of the same class (the blank in the centre), answered through a relabelling
    // and a symmetry; and pairs of states, from the three class databases.
    let other: State = "876504321".parse().unwrap();
    let translated = db.for_goal(&other).unwrap();
    let their_states = random_states(&other, FRESH, SEED);
    group.throughput(Throughput::Elements(their_states.len() as u64));
    group.bench_function("distance_translated", |b| {
        b.iter(|| {
            their_states
                .iter()
                .map(|s| translated.distance(black_box(s)).unwrap())
                .fold(0u32, |a, d| a + u32::from(d))
        })
    });
    group.bench_function("solve_translated", |b| {
        b.iter(|| {
            their_states
                .iter()
                .map(|s| translated.solve(black_box(s)).unwrap().len())
                .sum::<usize>()
        })
    });
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../db");
    let tablebase = Tablebase::open_dir(dir, Board::THREE_BY_THREE, Metric::Single).unwrap();
    group.bench_function("pair_distance", |b| {
        b.iter(|| {
            their_states
                .iter()
                .zip(&states)
                .map(|(a, g)| tablebase.distance(black_box(a), black_box(g)).unwrap_or(0))
                .fold(0u32, |a, d| a + u32::from(d))
        })
    });
    group.finish();
    c.bench_function("open", |b| {
        b.iter(|| Database::open(black_box(DB)).unwrap())
    });
}

criterion_group!(benches, lookup);
criterion_main!(benches);
