//! Solver speed. `cargo bench --bench solver` reports; no test asserts a time.
//!
//! The 16×16 table and the textbook recursion are slow enough that each runs only ten times.
//! The recursion's 12×12 whole box and 13×13 full bar take about two minutes each;
//! `cargo bench --bench solver -- 12x12` picks one size.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use munch::games::chomp::player::quick_chomp_move;
use munch::games::chomp::reference::Reference;
use munch::games::chomp::rules::Position;
use munch::games::nim::rules::Position as NimPosition;
use munch::games::nim::session::{NIM_BUDGET, NimMovesLeft, NimRules};
use munch::games::subtraction::rules::TakeSet;
use munch::games::wythoff::rules::Position as WythoffPosition;
use munch::games::wythoff::session::{WYTHOFF_BUDGET, WythoffMovesLeft, WythoffRules};
use munch::solve::OutcomeTable;
use munch::solve::chomp_table::MovesLeftTable;
use munch::solve::fibonacci_table::FibMovesLeft;
use munch::solve::subtraction_table::{
    PERIOD_SEARCH_LIMIT, SubtractionMovesLeft, SubtractionSolution,
};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

fn table_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp_table_build");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for n in [12u8, 13, 14, 16] {
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &n,
            |b, &n| b.iter(|| OutcomeTable::build(n, n, &mut |_, _| true).expect("not cancelled")),
        );
    }
    group.finish();
}

/// The moves-left table of a box, from its outcome table (built once, outside the timing).
fn moves_left_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("moves_left_build");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    for n in [10u8, 12] {
        let outcomes =
            Arc::new(OutcomeTable::build(n, n, &mut |_, _| true).expect("not cancelled"));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &outcomes,
            |b, outcomes| {
                b.iter(|| {
                    MovesLeftTable::build(outcomes.clone(), &mut |_, _| true)
                        .expect("not cancelled")
                });
            },
        );
    }
    group.finish();
}

/// The seed lecture's `win`, memoized. `whole_box` solves every position of the box, the job a
/// table build does, and is the baseline for the table's speed: the figure for it, about
/// 50 s and 1 GiB at 13×13 on this machine, is what this recursion takes there (57 s, 1.0 GB:
/// `table_stats -- 13 13 --textbook`).
/// `full_bar` asks only whether the full bar is won: stopping at the first winning move, it
/// visits about a fifth of the box.
fn textbook_recursion(c: &mut Criterion) {
    let mut group = c.benchmark_group("textbook_memoized_recursion");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for n in [11u8, 12] {
        group.bench_with_input(
            BenchmarkId::new("whole_box", format!("{n}x{n}")),
            &n,
            |b, &n| b.iter(|| Reference::new().losing_positions(black_box(n), usize::from(n))),
        );
    }
    for n in [11u8, 12, 13] {
        group.bench_with_input(
            BenchmarkId::new("full_bar", format!("{n}x{n}")),
            &n,
            |b, &n| b.iter(|| Reference::new().wins(black_box(&vec![n; usize::from(n)]))),
        );
    }
    group.finish();
}

/// The computer's reply in a 10×10 game: the table is built once per game, then each reply
/// reads it.
fn reply_time(c: &mut Criterion) {
    let mut group = c.benchmark_group("computer_reply_10x10");
    group.bench_function("build_table", |b| {
        b.iter(|| OutcomeTable::build(10, 10, &mut |_, _| true).expect("not cancelled"));
    });
    let table = OutcomeTable::build(10, 10, &mut |_, _| true).expect("not cancelled");
    let opening = Position::full(10, 10).expect("a valid box");
    // A lost position, where the computer counts the replies to every move.
    let lost = Position::from_heights(10, 10, &[10, 1, 1, 1, 1, 1, 1, 1, 1, 1]).expect("valid");
    let mut rng = fastrand::Rng::with_seed(1);
    group.bench_function("winning_move", |b| {
        b.iter(|| quick_chomp_move(Some(&table), black_box(&opening), &mut rng));
    });
    group.bench_function("fewest_replies", |b| {
        b.iter(|| quick_chomp_move(Some(&table), black_box(&lost), &mut rng));
    });
    group.finish();
}

/// The coin games' moves-left tables: the subtraction game's direct table to pile 10^6, every
/// Fibonacci Nim position up to pile 2,000, and the largest tables of Nim and Wythoff's game. A few milliseconds each, so briefly measured.
fn coin_moves_left(c: &mut Criterion) {
    let mut group = c.benchmark_group("coin_moves_left");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1));
    let set: &[u64] = &[1, 3, 4];
    group.bench_function("subtraction_1_3_4_to_10^6", |b| {
        b.iter(|| SubtractionMovesLeft::exact_to(black_box(set), 1_000_000));
    });
    // The period search of the outcomes, a set whose outcomes repeat only from pile 115,631.
    let wide: &[u64] = &[7, 100, 1001, 2222, 3333, 4000];
    group.bench_function("subtraction_period_7_100_1001_2222_3333_4000", |b| {
        b.iter(|| SubtractionSolution::solve(black_box(wide), PERIOD_SEARCH_LIMIT));
    });
    group.bench_function("fibonacci_to_2000", |b| {
        b.iter(|| FibMovesLeft::build(black_box(2000)));
    });
    // The core's generic table (`MovesLeft` over a game's `Numbered` rules): Nim's and
    // Wythoff's largest, every position of two piles of 2,047 (4,194,304 positions).
    let nim = NimPosition::new(&[2047, 2047]).expect("valid piles");
    group.bench_function("nim_2047_2047", |b| {
        b.iter(|| NimMovesLeft::build(&NimRules::default(), black_box(&nim), NIM_BUDGET));
    });
    let wythoff = WythoffPosition::new(2047, 2047).expect("valid piles");
    group.bench_function("wythoff_2047_2047", |b| {
        b.iter(|| {
            WythoffMovesLeft::build(
                &WythoffRules::default(),
                black_box(&wythoff),
                WYTHOFF_BUDGET,
            )
        });
    });
    group.finish();
}

/// Reading a take set as long as a file may hold one: ten thousand of the widest range (the
/// figure `tests/it/parsing.rs`'s `a_huge_set_text_is_read_quickly` once held to 2 s).
fn take_set_parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("take_set");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1));
    let text = vec!["1-4096"; 10_000].join(", ");
    group.bench_function("parse_10000_ranges", |b| {
        b.iter(|| TakeSet::parse(black_box(&text)).expect("a valid set"));
    });
    group.finish();
}

criterion_group!(
    benches,
    table_build,
    moves_left_build,
    textbook_recursion,
    reply_time,
    coin_moves_left,
    take_set_parse
);
criterion_main!(benches);
