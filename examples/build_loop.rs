use munch::solve::OutcomeTable;
fn main() {
    let n: u8 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let reps: u32 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(50);
    let t = std::time::Instant::now();
    let mut losing = 0;
    for _ in 0..reps {
        losing += OutcomeTable::build(n, n, &mut |_, _| true).unwrap().losing_positions();
    }
    println!("{:?} per build ({losing})", t.elapsed() / reps);
}
