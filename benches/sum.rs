//! `munch solve --position "sum …"`'s reply for the five-part example, JSON and with
//! every move. `cargo bench --bench sum` reports; no test asserts a time.

use criterion::{Criterion, criterion_group, criterion_main};
use munch::games::Catalogue;
use munch::games::sum::cli::reply;
use munch::games::sum::read;
use std::hint::black_box;
use std::time::Duration;

const EXAMPLE: &str =
    "chomp 3x4 3,3,2,0 + nim 3,5 + subtraction 1,3,4 21 + wythoff 3,5 + fibonacci 20 max 4";

fn sum(c: &mut Criterion) {
    let at = read::<Catalogue>(EXAMPLE).expect("the issue's example reads");
    let mut group = c.benchmark_group("sum");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.bench_function("reply json, five parts", |b| {
        b.iter(|| reply(black_box(&at), u64::MAX, true, false).unwrap());
    });
    group.bench_function("reply json --all-moves, five parts", |b| {
        b.iter(|| reply(black_box(&at), u64::MAX, true, true).unwrap());
    });
    group.finish();
}

criterion_group!(benches, sum);
criterion_main!(benches);
