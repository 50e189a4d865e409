//! The solver thread: answers, refusals, progress and cancelling.

use crate::common::{News, read};
use munch::games::chomp::solver::{self, Answer, Phase, search_answer};
use munch::games::request::{Built, Job, Request, SolverMessage, Task};
use munch::games::review::{Judged, Label};
use munch::solve::{MovesLeftTable, OutcomeTable};
use munch::worker::Worker;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

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
        request: solver::solve_waiting(rows, cols).request(),
    });
    number
}

fn next(rx: &Receiver<SolverMessage>) -> SolverMessage {
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the solver answers")
}

/// The next message with the job it answers, read as Chomp's.
fn next_news(rx: &Receiver<SolverMessage>) -> (u64, News) {
    let message = next(rx);
    let news = read(&message).unwrap_or_else(|| panic!("not Chomp's: {message:?}"));
    (message.job(), news)
}

/// A worker whose every message comes with whether `after` was set when it was sent: a test
/// sets it once a request is sent, to tell what the worker did after the request from what it
/// did before.
fn marked_worker(budget: u64) -> (Worker, Receiver<(bool, SolverMessage)>, Arc<AtomicBool>) {
    let (tx, rx) = mpsc::channel();
    let after = Arc::new(AtomicBool::new(false));
    let mark = Arc::clone(&after);
    let worker = Worker::spawn(budget, move |m| {
        let _ = tx.send((mark.load(Ordering::SeqCst), m));
    });
    (worker, rx, after)
}

/// A marked worker's next message, read as Chomp's: whether it was sent after the mark, the
/// job it answers, and what it says.
fn next_marked(rx: &Receiver<(bool, SolverMessage)>) -> (bool, u64, News) {
    let (after, message) = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the solver answers");
    let news = read(&message).unwrap_or_else(|| panic!("not Chomp's: {message:?}"));
    (after, message.job(), news)
}

#[test]
fn a_box_over_budget_is_refused_with_the_memory_it_needs() {
    let (worker, rx) = worker(1 << 10);
    let generation = solve(&worker, 1, 9, 9);
    match next_news(&rx) {
        (
            g,
            News::Refused {
                needed_bytes,
                budget,
            },
        ) => {
            assert_eq!(g, generation);
            assert_eq!(needed_bytes, OutcomeTable::bytes_for(9, 9));
            assert_eq!(budget, 1 << 10);
        }
        (job, _) => panic!("expected a refusal, got #{job}"),
    }
}

#[test]
fn a_long_build_reports_progress_and_a_cached_table_comes_back_at_once() {
    let (worker, rx) = worker(1 << 30);
    let generation = solve(&worker, 1, 15, 15);
    let mut progress = Vec::new();
    let table = loop {
        match next_news(&rx) {
            (_, News::Progress { done, total, .. }) => progress.push((done, total)),
            (g, News::Ready(table)) => {
                assert_eq!(g, generation);
                break table;
            }
            (job, _) => panic!("unexpected answer to #{job}"),
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
    match next_news(&rx) {
        (_, News::Ready(again)) => assert!(Arc::ptr_eq(&table, &again)),
        (job, _) => panic!("unexpected answer to #{job}"),
    }
}

#[test]
fn a_new_request_cancels_the_running_build() {
    let (worker, rx, after) = marked_worker(4 << 30);
    let big = solve(&worker, 1, 18, 18); // minutes of work
    loop {
        if let (_, generation, News::Progress { .. }) = next_marked(&rx) {
            assert_eq!(generation, big);
            break;
        }
    }
    let small = solve(&worker, 2, 3, 3);
    after.store(true, Ordering::SeqCst);
    let mut reports_after = 0;
    loop {
        match next_marked(&rx) {
            (_, generation, News::Ready(table)) => {
                assert_eq!(generation, small, "the 18x18 build never finishes");
                assert_eq!(table.cols(), 3);
                break;
            }
            (sent_after, generation, News::Progress { .. }) => {
                assert_eq!(generation, big);
                reports_after += usize::from(sent_after);
            }
            (_, job, _) => panic!("unexpected answer to #{job}"),
        }
    }
    // The build asks whether to go on at every chance to report (about every million
    // positions): it stops at the first after the request, with at most the report it was
    // making when the request came.
    assert!(
        reports_after <= 1,
        "the build reported {reports_after} times after the new request"
    );
}

#[test]
fn dropping_the_worker_stops_it() {
    let (worker, rx) = worker(4 << 30);
    let big = solve(&worker, 1, 18, 18); // minutes of work
    let _ = next(&rx);
    drop(worker); // cancels the build, which stops by itself
    // The build stops without a table, and the threads end: the last of them lets the
    // messages' channel go.
    loop {
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(SolverMessage::Progress { job, .. }) => assert_eq!(job, big),
            Ok(other) => panic!("unexpected {other:?}"),
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => panic!("the build goes on after the drop"),
        }
    }
}

/// A task that tells `started` it has begun and then works until `release` says, as a long
/// piece of work would: deaf to being cancelled.
fn busy<T: 'static>(name: &'static str, started: &Sender<&'static str>) -> (Task<T>, Sender<()>) {
    let (release, gate) = mpsc::channel::<()>();
    let gate = Mutex::new(gate);
    let started = started.clone();
    let task = Task::new(name, move |_| {
        let _ = started.send(name);
        let _ = gate.lock().map(|gate| gate.recv());
        None
    });
    (task, release)
}

#[test]
fn dropping_the_worker_waits_for_none_of_its_threads_work() {
    let (worker, _rx) = worker(1 << 20);
    let (started, begun) = mpsc::channel();
    let (build, release_build) = busy("build", &started);
    let (judging, release_judging) = busy("judging", &started);
    worker.send(Job {
        number: 1,
        request: Request::Build(build),
    });
    worker.send(Job {
        number: 2,
        request: Request::Judge(judging),
    });
    let mut working = [begun.recv_timeout(Duration::from_secs(60)).unwrap(); 2];
    working[1] = begun.recv_timeout(Duration::from_secs(60)).unwrap();
    working.sort_unstable();
    assert_eq!(working, ["build", "judging"]);
    // Both threads are busy: dropping the worker (as quitting munch does) comes back anyway.
    let (dropped, came_back) = mpsc::channel();
    std::thread::spawn(move || {
        drop(worker);
        let _ = dropped.send(());
    });
    let waited = came_back.recv_timeout(Duration::from_secs(30));
    let _ = release_build.send(());
    let _ = release_judging.send(());
    assert!(
        waited.is_ok(),
        "dropping the worker waited for the work its threads were busy with"
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
        request: solver::search(&position, 1),
    });
    let square = loop {
        match next_news(&rx) {
            (s, News::Searched { col, row, .. }) => {
                assert_eq!(s, search);
                break munch::games::chomp::rules::Square::new(col, row);
            }
            (_, News::Progress { .. }) => {}
            (job, _) => panic!("unexpected answer to #{job}"),
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
    let Some(Answer::Searched { col, row, .. }) =
        search_answer(position.rows(), position.heights(), 1)
    else {
        panic!("a position with squares to eat gets an answer");
    };
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
            search_answer(rows, &heights, 1).is_none(),
            "{rows} rows, {heights:?}"
        );
    }
}

/// Asks for the moves-left table of a `rows` × `cols` box as request `number`.
fn moves_left(worker: &Worker, number: u64, rows: u8, cols: u8) -> u64 {
    worker.send(Job {
        number,
        request: solver::moves_left_waiting(rows, cols).request(),
    });
    number
}

/// What a moves-left request answered on its way to its table.
struct MovesLeftAnswers {
    /// The progress reported, each report with its phase.
    progress: Vec<(Phase, u64, u64)>,
    /// The outcome table sent before the moves-left table was built, if it was.
    outcomes: Option<Arc<OutcomeTable>>,
    table: Arc<MovesLeftTable>,
}

/// The moves-left answers to request `generation` until its table is ready: the outcome
/// table's progress, the outcome table, the moves-left table's progress, in that order.
fn moves_left_ready(rx: &Receiver<SolverMessage>, generation: u64) -> MovesLeftAnswers {
    let mut progress = Vec::new();
    let mut outcomes = None;
    loop {
        match next_news(rx) {
            (
                g,
                News::Progress {
                    phase, done, total, ..
                },
            ) => {
                assert_eq!(g, generation);
                let expected = if outcomes.is_some() {
                    Phase::MovesLeft
                } else {
                    Phase::Outcomes
                };
                assert_eq!(phase, expected, "the outcome table's progress comes first");
                progress.push((phase, done, total));
            }
            (g, News::Outcomes(table)) => {
                assert_eq!(g, generation);
                assert!(outcomes.is_none(), "one outcome table");
                outcomes = Some(table);
            }
            (g, News::MovesLeftReady(table)) => {
                assert_eq!(g, generation);
                if let Some(outcomes) = &outcomes {
                    assert!(Arc::ptr_eq(outcomes, table.outcomes()));
                }
                return MovesLeftAnswers {
                    progress,
                    outcomes,
                    table,
                };
            }
            (job, _) => panic!("unexpected answer to #{job}"),
        }
    }
}

#[test]
fn a_moves_left_table_is_built_on_the_live_outcome_table_and_handed_back_at_once() {
    let (worker, rx) = worker(1 << 30);
    let generation = solve(&worker, 1, 6, 7);
    let outcomes = match next_news(&rx) {
        (_, News::Ready(table)) => table,
        (job, _) => panic!("unexpected answer to #{job}"),
    };
    let generation = moves_left(&worker, generation + 1, 6, 7);
    let MovesLeftAnswers {
        progress, table, ..
    } = moves_left_ready(&rx, generation);
    assert!(
        Arc::ptr_eq(table.outcomes(), &outcomes),
        "the live outcome table is reused"
    );
    assert!(progress.iter().all(|p| p.0 == Phase::MovesLeft));
    // The full 6×7 bar is won; the table agrees with its definition there.
    let full = [6u8; 7];
    assert!(table.moves_left(&full).is_some_and(|n| n % 2 == 0));
    // A box it covers comes back at once, the same table: the answer is the next message, with
    // no step of a build (no progress, no outcome table) before it.
    let again = moves_left(&worker, generation + 1, 5, 7);
    match next_news(&rx) {
        (job, News::MovesLeftReady(answer)) => {
            assert_eq!(job, again);
            assert!(Arc::ptr_eq(&table, &answer));
        }
        (job, _) => panic!("not answered at once: another answer to #{job} came first"),
    }
}

#[test]
fn a_moves_left_table_without_a_live_outcome_table_builds_both_each_with_its_gauge() {
    let (worker, rx) = worker(1 << 30);
    let generation = moves_left(&worker, 1, 14, 14);
    let MovesLeftAnswers {
        progress,
        outcomes,
        table,
    } = moves_left_ready(&rx, generation);
    let positions = OutcomeTable::positions_in(14, 14).unwrap();
    assert_eq!(table.outcomes().positions(), positions);
    assert!(
        outcomes.is_some(),
        "the outcome table came on its own first"
    );
    assert!(!progress.is_empty(), "a 14×14 build reports progress");
    // Each phase's gauge only grows, from its own start to its own total (the outcome
    // table's positions, then the moves-left build's steps): it never says "moves left"
    // while the outcomes are built.
    for phase in [Phase::Outcomes, Phase::MovesLeft] {
        let reports: Vec<(u64, u64)> = progress
            .iter()
            .filter(|p| p.0 == phase)
            .map(|&(_, done, total)| (done, total))
            .collect();
        assert!(
            reports
                .windows(2)
                .all(|w| w[0].0 <= w[1].0 && w[0].1 == w[1].1),
            "{phase:?} only grows: {reports:?}"
        );
        assert!(reports.iter().all(|&(done, total)| done <= total));
        if phase == Phase::Outcomes {
            assert!(reports.iter().all(|&(_, total)| total == positions));
        }
    }
    // The outcome table it built is the live one now: a Solve gets it back at once.
    solve(&worker, 2, 14, 14);
    match next_news(&rx) {
        (_, News::Ready(outcomes)) => {
            assert!(Arc::ptr_eq(&outcomes, table.outcomes()));
        }
        (job, _) => panic!("unexpected answer to #{job}"),
    }
}

#[test]
fn a_moves_left_table_over_budget_is_refused_with_both_tables_bytes() {
    let budget = OutcomeTable::bytes_for(9, 9) + MovesLeftTable::bytes_for(9, 9) - 1;
    let (worker, rx) = worker(budget);
    // The outcome table alone fits.
    let generation = solve(&worker, 1, 9, 9);
    assert!(matches!(next_news(&rx), (_, News::Ready(_))));
    let generation = moves_left(&worker, generation + 1, 9, 9);
    match next_news(&rx) {
        (
            g,
            News::MovesLeftRefused {
                needed_bytes,
                budget: b,
            },
        ) => {
            assert_eq!(g, generation);
            assert_eq!(
                needed_bytes,
                OutcomeTable::bytes_for(9, 9) + MovesLeftTable::bytes_for(9, 9)
            );
            assert_eq!(b, budget);
        }
        (job, _) => panic!("expected a refusal, got an answer to #{job}"),
    }
    // A smaller box fits.
    let generation = moves_left(&worker, generation + 1, 4, 4);
    let table = moves_left_ready(&rx, generation).table;
    assert_eq!(table.moves_left(&[1, 0, 0, 0]), Some(1));
}

#[test]
fn a_new_table_request_cancels_a_moves_left_build() {
    let (worker, rx, after) = marked_worker(4 << 30);
    let big = moves_left(&worker, 1, 15, 15); // a second or so of work
    loop {
        if let (_, generation, News::Progress { .. }) = next_marked(&rx) {
            assert_eq!(generation, big);
            break;
        }
    }
    let small = solve(&worker, 2, 3, 3);
    after.store(true, Ordering::SeqCst);
    let mut reports_after = 0;
    loop {
        match next_marked(&rx) {
            (_, generation, News::Ready(table)) => {
                assert_eq!(generation, small);
                assert_eq!(table.cols(), 3);
                break;
            }
            (sent_after, generation, News::Progress { .. }) => {
                assert_eq!(generation, big);
                reports_after += usize::from(sent_after);
            }
            (_, job, _) => panic!("unexpected answer to #{job}"),
        }
    }
    // It stops at its first chance to report after the request (see the outcome table's build
    // above), with at most the report it was making.
    assert!(
        reports_after <= 1,
        "the build reported {reports_after} times after the new request"
    );
}

/// A build task that counts to `steps`, reporting each step, and makes the number it reached;
/// it stops when told to.
fn counting(steps: u64) -> Task<Built> {
    counting_into(steps, Arc::new(AtomicU64::new(0)))
}

/// [`counting`], which also counts every step it takes in `taken`.
fn counting_into(steps: u64, taken: Arc<AtomicU64>) -> Task<Built> {
    Task::new(format!("count to {steps}"), move |progress| {
        for done in 0..steps {
            if !progress(done, steps) {
                return None;
            }
            taken.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(1));
        }
        Some(Arc::new(steps) as Built)
    })
}

#[test]
fn a_build_task_runs_on_the_table_thread_with_progress_and_a_new_request_cancels_it() {
    let (worker, rx) = worker(1 << 20);
    worker.send(Job {
        number: 1,
        request: Request::Build(counting(150)),
    });
    let mut progress = Vec::new();
    let built = loop {
        match next(&rx) {
            SolverMessage::Progress {
                job, done, total, ..
            } => {
                assert_eq!(job, 1);
                progress.push((done, total));
            }
            SolverMessage::Built { job, built, .. } => {
                assert_eq!(job, 1);
                break built;
            }
            other => panic!("unexpected {other:?}"),
        }
    };
    assert_eq!(built.downcast_ref::<u64>(), Some(&150));
    assert!(!progress.is_empty(), "a build of 150 ms reports progress");
    assert!(
        progress
            .iter()
            .all(|&(done, total)| done < total && total == 150)
    );
    // A long task is cancelled by the next table request: only the new one answers.
    let taken = Arc::new(AtomicU64::new(0));
    worker.send(Job {
        number: 2,
        request: Request::Build(counting_into(100_000, Arc::clone(&taken))),
    });
    loop {
        if let SolverMessage::Progress { job: 2, .. } = next(&rx) {
            break;
        }
    }
    solve(&worker, 3, 2, 2);
    let taken_before = taken.load(Ordering::SeqCst);
    loop {
        let message = next(&rx);
        match (&message, read(&message)) {
            (_, Some(News::Ready(_))) => {
                assert_eq!(message.job(), 3);
                break;
            }
            (SolverMessage::Progress { job: 2, .. }, _) => {}
            _ => panic!("unexpected {message:?}"),
        }
    }
    // The table thread answers one request at a time, so the task has returned: it stopped
    // at its next step, taking at most the one under way when the request came.
    let taken_after = taken.load(Ordering::SeqCst) - taken_before;
    assert!(
        taken_after <= 1,
        "the task took {taken_after} steps after the new request"
    );
}

#[test]
fn a_judging_runs_on_its_own_thread_beside_a_table_build() {
    let (worker, rx) = worker(4 << 30);
    let big = moves_left(&worker, 1, 15, 15); // a second or so of work
    let judged = vec![Judged {
        played: "b2".to_string(),
        won_before: Some(true),
        moves_left: Some(1),
        label: Label::Best,
    }];
    let answer = judged.clone();
    worker.send(Job {
        number: 2,
        request: Request::Judge(Task::new("judge", move |_| Some(answer.clone()))),
    });
    // The judging answers before the table, which it did not cancel.
    let mut table_messages = 0;
    loop {
        match next(&rx) {
            SolverMessage::Judged { job, judged: got } => {
                assert_eq!((job, &got), (2, &judged));
                break;
            }
            message => {
                assert_eq!(message.job(), big);
                assert!(
                    matches!(
                        read(&message),
                        Some(News::Progress { .. } | News::Outcomes(_))
                    ),
                    "the judging waited for the table: {message:?}"
                );
                table_messages += 1;
            }
        }
    }
    assert!(table_messages < 10, "{table_messages} table messages first");
    let table = moves_left_ready(&rx, big).table;
    assert_eq!(table.outcomes().cols(), 15);
}

#[test]
fn a_stop_ends_the_running_judging_between_moves_with_no_answer() {
    let (worker, rx) = worker(1 << 20);
    let (told, heard) = mpsc::channel::<u64>();
    // A judging of endless moves, which says when it starts and how far it got when stopped.
    let judging = Task::new("endless judging", move |progress| {
        let mut done = 0;
        while progress(done, u64::MAX) {
            if done == 0 {
                let _ = told.send(0);
            }
            done += 1;
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = told.send(done);
        None
    });
    worker.send(Job {
        number: 1,
        request: Request::Judge(judging),
    });
    assert_eq!(
        heard.recv_timeout(Duration::from_secs(60)),
        Ok(0),
        "it starts"
    );
    worker.send(Job {
        number: 2,
        request: Request::StopJudging,
    });
    let judged = heard
        .recv_timeout(Duration::from_secs(30))
        .expect("the judging stops");
    assert!(judged > 0, "it stopped between moves");
    assert!(rx.try_recv().is_err(), "a stopped judging answers nothing");
}

#[test]
fn a_lane_runs_only_its_latest_job() {
    let (worker, rx) = worker(1 << 20);
    let (started, begun) = mpsc::channel();
    let (searching, release) = busy::<Built>("search", &started);
    worker.send(Job {
        number: 1,
        request: Request::Search(searching),
    });
    assert_eq!(begun.recv_timeout(Duration::from_secs(60)), Ok("search"));
    // Two more searches wait behind the busy one: only the latest of them is wanted.
    let answering = |n: u64| Task::new(format!("search {n}"), move |_| Some(Arc::new(n) as Built));
    for number in [2, 3] {
        worker.send(Job {
            number,
            request: Request::Search(answering(number)),
        });
    }
    let _ = release.send(());
    // The lane runs its jobs in order, so an answer to job 2 would come first.
    match next(&rx) {
        SolverMessage::Built { job, built, .. } => {
            assert_eq!(job, 3, "the older search was skipped");
            assert_eq!(built.downcast_ref::<u64>(), Some(&3));
        }
        other => panic!("unexpected {other:?}"),
    }
}
