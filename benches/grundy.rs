//! The Grundy tables of the games without a closed form (`munch solve --grundy`): the
//! subtraction game's sequence until its period shows, Fibonacci Nim's table of (pile, largest
//! take) and Wythoff's of two piles. `cargo bench --bench grundy` reports; no test asserts a
//! time.

use criterion::{Criterion, criterion_group, criterion_main};
use munch::solve::grundy_tables::{FibonacciGrundy, wythoff_grundy};
use munch::solve::subtraction_table::{GrundySequence, PERIOD_SEARCH_LIMIT};
use std::hint::black_box;
use std::time::Duration;

fn grundy(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("subtraction 2,3,7,11 period", |b| {
        b.iter(|| GrundySequence::solve(black_box(&[2, 3, 7, 11]), PERIOD_SEARCH_LIMIT));
    });
    group.bench_function("fibonacci to pile 5000", |b| {
        b.iter(|| FibonacciGrundy::build(black_box(5000)));
    });
    group.bench_function("wythoff 1000,1000", |b| {
        b.iter(|| wythoff_grundy(black_box(1000), black_box(1000)));
    });
    group.finish();
}

criterion_group!(benches, grundy);
criterion_main!(benches);
