//! The Chomp nimber table against the plain pull it must beat by 8×, side by side in one run.
//! `cargo bench --bench nimbers` reports; no test asserts a time. The 14×14 figures (a minute
//! for the plain pull, too long for ten samples) come from `examples/nimber_speed.rs`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use munch::solve::NimberTable;
use munch::solve::chomp_table::plain_nimbers;
use std::time::Duration;

fn nimbers(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp_nimbers");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for n in [11u8, 12] {
        let size = format!("{n}x{n}");
        group.bench_with_input(BenchmarkId::new("table", &size), &n, |b, &n| {
            b.iter(|| NimberTable::build(n, n, &mut |_, _| true).expect("not cancelled"));
        });
        group.bench_with_input(BenchmarkId::new("plain", &size), &n, |b, &n| {
            b.iter(|| plain_nimbers(n, n));
        });
    }
    group.finish();
}

criterion_group!(benches, nimbers);
criterion_main!(benches);
