//! Reading states, and the dense index both ways.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tilebase_bench::{SEED, random_states};
use tilebase_core::{Board, State};

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    let board = Board::THREE_BY_THREE;
    for (name, text) in [
        ("digits", "603712458"),
        ("spaces", "6 0 3 7 1 2 4 5 8"),
        ("commas", "[6, 0, 3, 7, 1, 2, 4, 5, 8]"),
        ("rows", "603/712/458"),
    ] {
        group.bench_function(name, |b| b.iter(|| State::parse(board, black_box(text))));
    }
    group.finish();
}

fn index(c: &mut Criterion) {
    let goal: State = "123804765".parse().unwrap();
    let states = random_states(&goal, 1024, SEED);
    let indices: Vec<u32> = states.iter().map(State::index).collect();
    let mut group = c.benchmark_group("index");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("index", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| black_box(s).index())
                .fold(0, |a, i| a ^ i)
        })
    });
    group.bench_function("unindex", |b| {
        b.iter(|| {
            indices
                .iter()
                .filter_map(|&i| State::from_index(goal.board(), goal.parity(), black_box(i)))
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, parse, index);
criterion_main!(benches);
