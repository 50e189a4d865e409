//! Times outcome-table builds: `cargo run --release --example table_stats -- ROWS COLS`.
//!
//! `--repeat N` builds the table N times in one process and reports the best and the median
//! time (the figures docs/performance.md quotes for small boxes, where one build is too short to
//! time alone). `--mark-block` and `--split-from` set the tuning (see `OutcomeTable::build_with`);
//! without them the build is the game's own. `--textbook` solves the box with the seed's
//! memoized recursion instead (the benchmarks' baseline), once. `--moves-left` then builds the
//! moves-left table from the last outcome table, `--repeat` times, and reports its time apart.

use clap::Parser;
use munch::games::chomp::reference::Reference;
use munch::solve::OutcomeTable;
use munch::solve::chomp_table::{MovesLeftTable, MovesLeftTuning, Tuning};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Args {
    rows: u8,
    cols: u8,
    /// Builds to time; the best and the median are reported.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
    /// Largest block solved by marking, in positions (needs --split-from too).
    #[arg(long, requires = "split_from")]
    mark_block: Option<u64>,
    /// Smallest block split into tasks for two workers, in positions, or `none` for one worker.
    #[arg(long, requires = "mark_block", value_parser = split_from)]
    split_from: Option<SplitFrom>,
    /// Solve every position with the textbook memoized recursion, not a table.
    #[arg(long, conflicts_with_all = ["repeat", "mark_block", "split_from"])]
    textbook: bool,
    /// Also build the moves-left table from the outcome table, and time it apart.
    #[arg(long, conflicts_with = "textbook")]
    moves_left: bool,
    /// Largest block the moves-left build solves by pushing, in positions.
    #[arg(long, requires = "moves_left")]
    push_block: Option<u64>,
}

/// `--split-from`: a number of positions, or `None` for one worker.
#[derive(Clone, Copy)]
struct SplitFrom(Option<u64>);

fn split_from(arg: &str) -> Result<SplitFrom, String> {
    match arg {
        "none" => Ok(SplitFrom(None)),
        n => n
            .parse()
            .map(|n| SplitFrom(Some(n)))
            .map_err(|_| "a number of positions, or none".to_string()),
    }
}

fn main() {
    let args = Args::parse();
    let tuning = args.mark_block.map(|mark_block| Tuning {
        mark_block,
        split_from: args.split_from.and_then(|SplitFrom(n)| n),
    });
    if OutcomeTable::positions_in(args.rows, args.cols).is_none() {
        eprintln!(
            "table_stats: a {}×{} box is too big to rank",
            args.rows, args.cols
        );
        std::process::exit(2);
    }
    if args.textbook {
        let started = Instant::now();
        let losing = Reference::new().losing_positions(args.rows, args.cols.into());
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{}x{}: {losing} losing, {seconds:.3} s (textbook memoized recursion)",
            args.rows, args.cols
        );
        return;
    }
    let mut times: Vec<Duration> = Vec::new();
    let mut table = None;
    for _ in 0..args.repeat {
        // The previous table is freed before the next build starts, as in a game.
        drop(table.take());
        let started = Instant::now();
        let built = match tuning {
            Some(tuning) => {
                OutcomeTable::build_with(args.rows, args.cols, tuning, &mut |_, _| true)
            }
            None => OutcomeTable::build(args.rows, args.cols, &mut |_, _| true),
        };
        times.push(started.elapsed());
        table = Some(built.unwrap_or_else(|error| {
            eprintln!("table_stats: no table: {error:?}");
            std::process::exit(1)
        }));
    }
    let table = table.expect("at least one build");
    let time = summary(&mut times);
    println!(
        "{}x{}: {} positions, {} losing, {time}, {} table bytes",
        args.rows,
        args.cols,
        table.positions(),
        table.losing_positions(),
        table.table_bytes()
    );
    if args.moves_left {
        moves_left(&Arc::new(table), args.repeat, args.push_block);
    }
}

/// Builds the moves-left table `repeat` times and reports the best and the median time.
fn moves_left(outcomes: &Arc<OutcomeTable>, repeat: u32, push_block: Option<u64>) {
    let mut times: Vec<Duration> = Vec::new();
    let mut table = None;
    for _ in 0..repeat {
        drop(table.take());
        let started = Instant::now();
        let built = match push_block {
            Some(push_block) => {
                let tuning = MovesLeftTuning {
                    push_block,
                    wide: false,
                };
                MovesLeftTable::build_with(outcomes.clone(), tuning, &mut |_, _| true)
            }
            None => MovesLeftTable::build(outcomes.clone(), &mut |_, _| true),
        };
        times.push(started.elapsed());
        table = Some(built.unwrap_or_else(|error| {
            eprintln!("table_stats: no moves-left table: {error:?}");
            std::process::exit(1)
        }));
    }
    let table = table.expect("at least one build");
    let rows = outcomes.rows();
    let full = vec![rows; usize::from(outcomes.cols())];
    println!(
        "moves left: {}, {} table bytes ({} a position), the full box {} moves left",
        summary(&mut times),
        table.table_bytes(),
        table.cell_bytes(),
        table.moves_left(&full).expect("in the box")
    );
}

/// The best and the median of several times, or the one time.
fn summary(times: &mut [Duration]) -> String {
    times.sort_unstable();
    let ms = |t: Duration| t.as_secs_f64() * 1e3;
    if times.len() > 1 {
        format!(
            "best {:.3} ms, median {:.3} ms of {} builds",
            ms(times[0]),
            ms(times[times.len() / 2]),
            times.len()
        )
    } else if times[0] < Duration::from_secs(1) {
        format!("{:.3} ms", ms(times[0]))
    } else {
        format!("{:.3} s", times[0].as_secs_f64())
    }
}
