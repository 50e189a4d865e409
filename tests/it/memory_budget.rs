//! The memory budget counts the whole process, not only the table.

use crate::common;
use munch::memory::{resident_memory, table_budget};
use munch::solve::OutcomeTable;
use std::process::Command;

/// Set in the child process the test below measures in.
const CHILD: &str = "MUNCH_MEMORY_BUDGET_CHILD";

/// Measured in a process of its own, which runs only this test, so that no other test's tables
/// move the resident memory while it is measured: the test starts this test binary again.
#[test]
fn the_budget_leaves_out_what_the_process_already_holds() {
    if std::env::var_os(CHILD).is_none() {
        let name = common::test_name(
            module_path!(),
            "the_budget_leaves_out_what_the_process_already_holds",
        );
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", &name, "--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .expect("the test binary runs");
        let said = String::from_utf8_lossy(&child.stdout);
        assert!(
            child.status.success(),
            "{said}{}",
            String::from_utf8_lossy(&child.stderr)
        );
        assert!(said.contains("1 passed"), "the child ran no test: {said}");
        return;
    }
    // Hold (and touch) 64 MiB, so what the process holds dwarfs the few MiB by which its
    // resident memory may drift between two readings (the test harness frees and allocates too).
    let ballast = vec![1u8; 64 << 20];
    let held = resident_memory().expect("Linux reports the resident memory");
    assert!(held >= 64 << 20, "{held}");
    let mib = 1 << 20;
    let drift = 16 * mib;
    // Whatever the process holds comes off the requested memory: counting the table alone
    // would give held + 1 MiB here.
    let budget = table_budget(held + mib);
    assert!(budget <= mib + drift, "{budget} of {}", held + mib);
    assert_eq!(
        table_budget(held / 2),
        0,
        "less than it holds: no table at all"
    );
    assert_eq!(ballast.iter().map(|&b| u64::from(b)).sum::<u64>(), 64 << 20);
}

#[test]
fn munch_solve_refuses_a_table_that_fits_only_if_the_process_itself_is_not_counted() {
    // [13,11,…,11,10] (14 columns) has no closed form or book entry, nor has any position a
    // move leaves that would decide it ([13,…,13,12] did, before what the book's first moves
    // leave was proven: it is one, won): it needs its 13×14 table (12.5 MiB).
    let position = "13,11,11,11,11,11,11,11,11,11,11,11,11,10";
    let needed = OutcomeTable::bytes_for(13, 14);
    let run = |memory: u64| {
        Command::new(env!("CARGO_BIN_EXE_munch"))
            .args(["solve", "chomp", "--rows", "13", "--cols", "14"])
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
