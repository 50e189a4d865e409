//! The solver thread: answers, refusals, progress and cancelling.

use munch::games::request::{Job, Request, SolverMessage};
use munch::solve::OutcomeTable;
use munch::worker::{Worker, search_message};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

fn worker(budget: u64) -> (Worker, Receiver<SolverMessage>) {
    let (tx, rx) = mpsc::channel();
    let worker = Worker::spawn(budget, move |m| {
        let _ = tx.send(m);
    });
    (worker, rx)
}

/// Asks for the table of a `rows` × `cols` box as request `number`, which its answers carry.
fn solve(worker: &Worker, number: u64, rows: u8, cols: u8) -> u64 {
    worker.send(Job {
        number,
        request: Request::Solve { rows, cols },
    });
    number
}

fn next(rx: &Receiver<SolverMessage>) -> SolverMessage {
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the solver answers")
}

#[test]
fn a_box_over_budget_is_refused_with_the_memory_it_needs() {
    let (worker, rx) = worker(1 << 10);
    let generation = solve(&worker, 1, 9, 9);
    match next(&rx) {
        SolverMessage::Refused {
            generation: g,
            needed_bytes,
            budget,
        } => {
            assert_eq!(g, generation);
            assert_eq!(needed_bytes, OutcomeTable::bytes_for(9, 9));
            assert_eq!(budget, 1 << 10);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_long_build_reports_progress_and_a_cached_table_comes_back_at_once() {
    let (worker, rx) = worker(1 << 30);
    let generation = solve(&worker, 1, 15, 15);
    let mut progress = Vec::new();
    let table = loop {
        match next(&rx) {
            SolverMessage::Progress { done, total, .. } => progress.push((done, total)),
            SolverMessage::Ready {
                table,
                generation: g,
                ..
            } => {
                assert_eq!(g, generation);
                break table;
            }
            other => panic!("unexpected {other:?}"),
        }
    };
    assert_eq!(
        table.positions(),
        OutcomeTable::positions_in(15, 15).unwrap()
    );
    assert!(
        progress.windows(2).all(|w| w[0].0 <= w[1].0),
        "progress only grows"
    );
    // A smaller box is served from the cached table.
    solve(&worker, 2, 6, 9);
    match next(&rx) {
        SolverMessage::Ready { table: again, .. } => assert!(Arc::ptr_eq(&table, &again)),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn a_new_request_cancels_the_running_build() {
    let (worker, rx) = worker(4 << 30);
    let big = solve(&worker, 1, 18, 18); // minutes of work
    loop {
        if let SolverMessage::Progress { generation, .. } = next(&rx) {
            assert_eq!(generation, big);
            break;
        }
    }
    let started = Instant::now();
    let small = solve(&worker, 2, 3, 3);
    loop {
        match next(&rx) {
            SolverMessage::Ready {
                generation, table, ..
            } => {
                assert_eq!(generation, small, "the 18x18 build never finishes");
                assert_eq!(table.cols(), 3);
                break;
            }
            SolverMessage::Progress { generation, .. } => assert_eq!(generation, big),
            other => panic!("unexpected {other:?}"),
        }
    }
    // Generous: the build checks for cancelling about every million positions.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn dropping_the_worker_stops_it() {
    let (worker, rx) = worker(4 << 30);
    solve(&worker, 1, 18, 18);
    let _ = next(&rx);
    let started = Instant::now();
    drop(worker); // cancels and joins the thread
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_search_answers_on_its_own_thread_even_while_a_table_builds() {
    let (worker, rx) = worker(1 << 30);
    // A long build keeps the table thread busy; the search must not wait for it.
    solve(&worker, 1, 17, 17);
    let position = munch::games::chomp::rules::Position::from_heights(6, 7, &[6, 6, 6, 6, 6, 6, 5])
        .expect("a valid position");
    let search = 2;
    worker.send(Job {
        number: search,
        request: Request::Search {
            rows: position.rows(),
            heights: position.heights().to_vec(),
            seed: 1,
        },
    });
    let square = loop {
        match next(&rx) {
            SolverMessage::Searched {
                search: s,
                col,
                row,
                ..
            } => {
                assert_eq!(s, search);
                break munch::games::chomp::rules::Square::new(col, row);
            }
            SolverMessage::Progress { .. } => {}
            other => panic!("unexpected {other:?}"),
        }
    };
    assert!(position.contains(square));
    assert!(!square.is_poison());
    worker.send(Job {
        number: 3,
        request: Request::Cancel,
    });
}

#[test]
fn a_search_answers_in_plain_numbers_and_a_search_of_no_position_gets_none() {
    let position = munch::games::chomp::rules::Position::from_heights(6, 7, &[6, 6, 6, 6, 6, 6, 5])
        .expect("a valid position");
    let Some(SolverMessage::Searched {
        search, col, row, ..
    }) = search_message(9, position.rows(), position.heights(), 1)
    else {
        panic!("a position with squares to eat gets an answer");
    };
    assert_eq!(search, 9);
    let square = munch::games::chomp::rules::Square::new(col, row);
    assert!(position.contains(square));
    assert!(!square.is_poison());
    // Rising heights, a column taller than the box, and nothing but the poison.
    for (rows, heights) in [
        (3, vec![2, 3]),
        (2, vec![3]),
        (3, vec![1, 0]),
        (3, vec![0, 0]),
    ] {
        assert!(
            search_message(1, rows, &heights, 1).is_none(),
            "{rows} rows, {heights:?}"
        );
    }
}
