//! Times the Chomp nimber table against the plain pull, side by side in one process:
//! `cargo run --release --example nimber_speed -- ROWS COLS` (docs/performance.md's 14×14
//! figures; the benchmark `benches/nimbers.rs` compares smaller boxes). `--workers 1` builds the
//! table on one thread. Both answers are checked equal.

use clap::Parser;
use munch::solve::NimberTable;
use munch::solve::chomp_table::plain_nimbers;
use std::time::Instant;

#[derive(Parser)]
struct Args {
    rows: u8,
    cols: u8,
    /// Threads for the table (1 or 2); by default the build's own choice.
    #[arg(long)]
    workers: Option<usize>,
}

fn main() {
    let args = Args::parse();
    let (rows, cols) = (args.rows, args.cols);
    if !NimberTable::fits(rows, cols) {
        eprintln!("{rows}×{cols}: nimbers past a byte");
        std::process::exit(2);
    }
    let started = Instant::now();
    let table = match args.workers {
        Some(workers) => NimberTable::build_with(rows, cols, workers, &mut |_, _| true),
        None => NimberTable::build(rows, cols, &mut |_, _| true),
    }
    .expect("not cancelled");
    let fast = started.elapsed().as_secs_f64();
    println!("{rows}×{cols}: table {fast:.3} s");
    let started = Instant::now();
    let plain = plain_nimbers(rows, cols);
    let slow = started.elapsed().as_secs_f64();
    println!(
        "{rows}×{cols}: plain pull {slow:.3} s ({:.1}× the table's time)",
        slow / fast
    );
    assert_eq!(plain, table.values(), "the two disagree");
}
