//! The memory budget counts the whole process, not only the table. In a test binary of its
//! own, so that no other test's tables move the resident memory while it is measured.

use munch::cli::{resident_memory, table_budget};
use munch::solve::OutcomeTable;
use std::process::Command;

#[test]
fn the_budget_leaves_out_what_the_process_already_holds() {
    let held = resident_memory().expect("Linux reports the resident memory");
    assert!(held > 0);
    let mib = 1 << 20;
    // Whatever the process holds comes off the requested memory (a little slack: the
    // process may allocate between the two readings, which only lowers the budget further).
    assert!(
        table_budget(held + mib) <= mib,
        "{} of {}",
        table_budget(held + mib),
        held + mib
    );
    assert_eq!(
        table_budget(held / 2),
        0,
        "less than it holds: no table at all"
    );
}

#[test]
fn munch_solve_refuses_a_table_that_fits_only_if_the_process_itself_is_not_counted() {
    // [13,…,13,12] has no closed form or book entry: it needs its 13×13 table (7.6 MiB).
    let position = "13,13,13,13,13,13,13,13,13,13,13,13,12";
    let needed = OutcomeTable::bytes_for(13, 13);
    let run = |memory: u64| {
        Command::new(env!("CARGO_BIN_EXE_munch"))
            .args(["solve", "chomp", "--rows", "13", "--cols", "13"])
            .args(["--position", position, "--memory", &memory.to_string()])
            .output()
            .expect("munch runs")
    };
    // 64 KiB over the table alone is far less than munch itself holds.
    let tight = run(needed + (64 << 10));
    assert_eq!(tight.status.code(), Some(2), "{tight:?}");
    let said = String::from_utf8_lossy(&tight.stderr);
    assert!(said.contains("less what munch holds already"), "{said}");
    // With room for the process too, the table is built.
    let roomy = run(needed + (256 << 20));
    assert_eq!(roomy.status.code(), Some(0), "{roomy:?}");
}
