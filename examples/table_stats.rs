//! Times one outcome-table build: `cargo run --release --example table_stats -- ROWS COLS`.
//! A third argument sets the largest block solved by marking, and a fourth the smallest block
//! split into tasks for two workers, or `none` for one worker (for tuning; see `build_with`).

use munch::solve::OutcomeTable;
use munch::solve::chomp_table::Tuning;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|a| a.parse::<u8>().ok());
    let (Some(rows), Some(cols)) = (number(0), number(1)) else {
        eprintln!("usage: table_stats ROWS COLS");
        std::process::exit(2);
    };
    let started = Instant::now();
    let table = match args.get(2).and_then(|a| a.parse::<u64>().ok()) {
        Some(mark_block) => {
            let split_from = match args.get(3).map(String::as_str) {
                None | Some("none") => None,
                Some(n) => Some(n.parse().unwrap_or_else(|_| {
                    eprintln!("table_stats: the fourth argument is a number of positions or none");
                    std::process::exit(2)
                })),
            };
            let tuning = Tuning {
                mark_block,
                split_from,
            };
            OutcomeTable::build_with(rows, cols, tuning, &mut |_, _| true)
        }
        None => OutcomeTable::build(rows, cols, &mut |_, _| true),
    }
    .expect("not cancelled");
    println!(
        "{rows}x{cols}: {} positions, {} losing, {:.3} s, {} table bytes",
        table.positions(),
        table.losing_positions(),
        started.elapsed().as_secs_f64(),
        table.table_bytes()
    );
}
