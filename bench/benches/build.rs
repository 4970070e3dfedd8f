//! The breadth-first search that builds a table.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tilebase_core::{Board, Metric, State};

fn bfs(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.sample_size(30);
    for (name, goal) in [
        ("3x3", "123804765".parse::<State>().unwrap()),
        (
            "4x2",
            "4x2".parse::<Board>().unwrap().ordered_goal().unwrap(),
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| tilebase_engine::build_table(black_box(&goal)))
        });
    }
    let goal: State = "123804765".parse().unwrap();
    group.bench_function("3x3-mtm", |b| {
        b.iter(|| tilebase_engine::build_table_in(black_box(&goal), Metric::Multi))
    });
    group.finish();
}

criterion_group!(benches, bfs);
criterion_main!(benches);
