//! Times one outcome-table build: `cargo run --release --example table_stats -- ROWS COLS`.
//! A third argument sets the largest block solved by marking (for tuning; see `build_with`).

use munch::solve::OutcomeTable;
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
        Some(block) => OutcomeTable::build_with(rows, cols, block, &mut |_, _| true),
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
