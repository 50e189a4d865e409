//! Solver speed. `cargo bench --bench solver` reports; no test asserts a time.
//!
//! The 16×16 table and the textbook recursion are slow enough that each runs only ten times.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use munch::solve::OutcomeTable;
use munch::solve::reference::Reference;
use std::hint::black_box;
use std::time::Duration;

fn table_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp_table_build");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for n in [12u8, 14, 16] {
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &n,
            |b, &n| b.iter(|| OutcomeTable::build(n, n, &mut |_, _| true).expect("not cancelled")),
        );
    }
    group.finish();
}

fn textbook_recursion(c: &mut Criterion) {
    let mut group = c.benchmark_group("textbook_memoized_recursion");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for n in [11u8, 12] {
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &n,
            |b, &n| b.iter(|| Reference::new().wins(black_box(&vec![n; usize::from(n)]))),
        );
    }
    group.finish();
}

criterion_group!(benches, table_build, textbook_recursion);
criterion_main!(benches);
