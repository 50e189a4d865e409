//! The solver threads: one per [`Lane`] (builds, searches, judgings, puzzles), each running its jobs
//! one at a time, requests in, progress and answers out. Every job is a game's [`Task`], run
//! without knowing the game. None of them ever holds up the interface.
//!
//! The app numbers every request ([`crate::games::request::Jobs`]). A new job of a lane, or a
//! cancel, makes its number the lane's latest; the lane's running task notices at its next
//! progress report and stops, and a job that is no longer the latest when its turn comes is
//! skipped. Answers to an older job of a lane are for a board the player has left, so the app
//! drops them.

use crate::games::request::{Context, Job, Lane, Report, Request, Shelf, SolverMessage, Task};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::time::{Duration, Instant};

/// Progress is reported at most this often, which is plenty for a gauge.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// Handle to the solver threads. Dropping it cancels every job and closes their inboxes, and
/// waits for none of them: a thread ends by itself once its job has stopped (a build or a
/// judging within a few thousand steps, a search when its short search is done), so quitting
/// munch never waits on solver work.
pub struct Worker {
    /// Each lane's inbox and latest job, by [`Lane::index`].
    lanes: Vec<LaneHandle>,
}

/// One lane's thread, as the worker reaches it.
struct LaneHandle {
    inbox: Option<Sender<Job>>,
    latest: Arc<AtomicU64>,
}

impl Worker {
    /// Starts the threads, each with `budget` bytes for a table; `notify` receives every
    /// message (the event loop forwards them to the app).
    pub fn spawn(budget: u64, notify: impl Fn(SolverMessage) + Send + Sync + 'static) -> Worker {
        let notify = Arc::new(notify);
        let lanes = Lane::ALL
            .iter()
            .map(|&lane| {
                let (inbox, jobs) = mpsc::channel::<Job>();
                let latest = Arc::new(AtomicU64::new(0));
                let current = Arc::clone(&latest);
                let notify = Arc::clone(&notify);
                std::thread::Builder::new()
                    .name(lane.name().into())
                    .spawn(move || {
                        let mut runner = Runner::new(budget);
                        for job in jobs {
                            let number = job.number;
                            let still_wanted = || current.load(Ordering::Relaxed) == number;
                            if still_wanted() {
                                runner.run(job, &still_wanted, &*notify);
                            }
                        }
                    })
                    .expect("spawn a solver thread");
                LaneHandle {
                    inbox: Some(inbox),
                    latest,
                }
            })
            .collect();
        Worker { lanes }
    }

    /// Sends a job to its lane: its number becomes the lane's latest, which stops the lane's
    /// older job (a cancel or a stop only does that).
    pub fn send(&self, job: Job) {
        let lane = &self.lanes[job.request.lane().index()];
        lane.latest.store(job.number, Ordering::SeqCst);
        if matches!(job.request, Request::Cancel | Request::StopJudging) {
            return;
        }
        // A send fails only if the thread has died, and then no answer will come: the game
        // falls back to what it knows at once, which is the best that can be done.
        if let Some(inbox) = &lane.inbox {
            let _ = inbox.send(job);
        }
    }
}

impl Drop for Worker {
    /// Cancels every job and closes the inboxes; the threads are left to end by themselves
    /// (joining them would wait for a job to notice it was cancelled, or for a search to end).
    fn drop(&mut self) {
        for lane in &mut self.lanes {
            lane.latest.fetch_add(1, Ordering::SeqCst);
            lane.inbox.take();
        }
    }
}

/// Runs jobs as a lane's thread does: with the memory budget, and a [`Shelf`] its tasks keep
/// things on between jobs (a game's live tables). The worker's threads each have one; tests
/// that need no thread run jobs with one directly.
pub struct Runner {
    budget: u64,
    shelf: Shelf,
}

impl Runner {
    /// `budget` bytes for a table, and nothing kept yet.
    pub fn new(budget: u64) -> Runner {
        Runner {
            budget,
            shelf: Shelf::default(),
        }
    }

    /// Runs `job` and answers through `notify`: a build's progress (at most every
    /// [`PROGRESS_INTERVAL`], each phase timed from its start), what it makes on the way, and
    /// what it made; a search's move; a judging's moves. Nothing more once `still_wanted` says
    /// no (the task stops at its next report). A cancel or a stop does nothing here.
    pub fn run(
        &mut self,
        job: Job,
        still_wanted: &dyn Fn() -> bool,
        notify: &dyn Fn(SolverMessage),
    ) {
        let number = job.number;
        // A search shows no gauge, nor does a judging.
        let gauged = job.request.lane() == Lane::Build;
        match job.request {
            Request::Build(task) | Request::Search(task) | Request::Puzzles(task) => {
                if let Some((built, elapsed)) =
                    self.run_task(number, &task, gauged, still_wanted, notify)
                {
                    notify(SolverMessage::Built {
                        job: number,
                        built,
                        elapsed,
                    });
                }
            }
            Request::Judge(task) => {
                if let Some((judged, _)) = self.run_task(number, &task, false, still_wanted, notify)
                {
                    notify(SolverMessage::Judged {
                        job: number,
                        judged,
                    });
                }
            }
            Request::Cancel | Request::StopJudging => {}
        }
    }

    /// Runs `task` for job `number`, its progress reported (when `gauged`) and what it makes on
    /// the way sent on; what it made with the time it took, unless it was stopped.
    fn run_task<T>(
        &mut self,
        number: u64,
        task: &Task<T>,
        gauged: bool,
        still_wanted: &dyn Fn() -> bool,
        notify: &dyn Fn(SolverMessage),
    ) -> Option<(T, Duration)> {
        if !still_wanted() {
            return None;
        }
        let started = Instant::now();
        // The phase being reported, when it started, and when it was last reported.
        let mut phase: Option<&'static str> = None;
        let mut phase_started = started;
        let mut last_report = started;
        let mut report = |report: Report| {
            if !still_wanted() {
                return false;
            }
            match report {
                Report::Progress {
                    phase: now,
                    done,
                    total,
                } => {
                    if phase != Some(now) {
                        phase = Some(now);
                        phase_started = Instant::now();
                        last_report = phase_started;
                    }
                    if gauged && last_report.elapsed() >= PROGRESS_INTERVAL {
                        last_report = Instant::now();
                        notify(SolverMessage::Progress {
                            job: number,
                            phase: now,
                            done,
                            total,
                            elapsed: phase_started.elapsed(),
                        });
                    }
                }
                Report::Made(made) => notify(SolverMessage::Made { job: number, made }),
            }
            true
        };
        let made = task.run_in(&mut Context::new(self.budget, &mut self.shelf, &mut report))?;
        still_wanted().then(|| (made, started.elapsed()))
    }
}
