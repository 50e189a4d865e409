//! Puzzle printing speed (`munch puzzles`): the issue asks for 5,000 Chomp puzzles of bars up
//! to 10 × 10 and 1,000 of each other game, each whole process within 5 s on a 2-core
//! machine. `cargo bench --bench puzzles` reports; no test asserts a time. Each run draws
//! from its seed, builds its tables and proves every puzzle, as the command does.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use munch::games::GAMES;
use munch::games::core::puzzle::Bounds;
use std::hint::black_box;
use std::time::Duration;

fn puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzzles");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for game in GAMES {
        let (bounds, count) = match game.id() {
            "chomp" => (
                Bounds {
                    max_rows: Some(10),
                    max_cols: Some(10),
                    ..Bounds::default()
                },
                5000,
            ),
            _ => (Bounds::default(), 1000),
        };
        group.bench_with_input(
            BenchmarkId::new(game.id(), count),
            &(bounds, count),
            |b, &(bounds, count)| {
                b.iter(|| {
                    let printed = game
                        .puzzles(&bounds, 7, count)
                        .expect("the bounds are the game's");
                    assert_eq!(printed.len(), count);
                    black_box(printed)
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, puzzles);
criterion_main!(benches);
