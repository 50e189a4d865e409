//! The solver protocol: what a screen asks of the solver threads ([`Request`], numbered into a
//! [`Job`] by [`Jobs`], the one place that numbers them) and what they answer
//! ([`SolverMessage`]). A leaf of the games that names no game: every piece of work is a
//! [`Task`] that holds everything it needs (its tables are shared, never copied), which the
//! threads run without knowing what it is; what a task makes travels as [`Built`], which the
//! game that asked for it downcasts.
//!
//! The work runs in four lanes ([`Lane`]): *build* (tables, one at a time), *search* (the
//! computer's move where nothing proves one), *judge* (a finished game's moves, for its
//! review) and *puzzles* (the Puzzles screen's next puzzles, found beside the tables the
//! puzzle on screen builds). In each lane the latest job wins: a new job stops the lane's running one, and an
//! answer to an older job of a lane is dropped.

use crate::games::review::Judged;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// What a [`Task`] made with [`Task::new`] is told as it goes: `(done, total)` of its steps so
/// far. It answers whether to go on (`false`: the task is no longer wanted, and should stop
/// at once).
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64) -> bool;

/// What a build or search task makes: the game that asked for it knows its type and
/// downcasts it.
pub type Built = Arc<dyn Any + Send + Sync>;

/// The judged moves a [`Request::Judge`] task answers with, in notation.
pub type JudgedMoves = Vec<Judged<String>>;

/// What a running task tells its lane.
pub enum Report {
    /// `done` of `total` steps of its phase `phase` (which the gauge names) are done.
    Progress {
        phase: &'static str,
        done: u64,
        total: u64,
    },
    /// Something it made on the way, sent on at once (more follows).
    Made(Built),
}

/// What a lane keeps between its jobs, one value of each type, for the tasks that run in it
/// (a game's live tables, so that a request they cover is answered at once).
#[derive(Default)]
pub struct Shelf(HashMap<TypeId, Box<dyn Any + Send>>);

/// What a task is given to run: the memory budget, the lane's [`Shelf`], and where its
/// progress and what it makes on the way go.
pub struct Context<'a> {
    budget: u64,
    shelf: &'a mut Shelf,
    report: &'a mut dyn FnMut(Report) -> bool,
}

impl<'a> Context<'a> {
    /// A context with `budget` bytes for a table, keeping things on `shelf`, telling `report`
    /// what happens (it answers whether the task is still wanted).
    pub fn new(
        budget: u64,
        shelf: &'a mut Shelf,
        report: &'a mut dyn FnMut(Report) -> bool,
    ) -> Context<'a> {
        Context {
            budget,
            shelf,
            report,
        }
    }

    /// The most memory, in bytes, a table built here may take.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// `done` of `total` steps of phase `phase` are done; `false`: stop at once.
    pub fn progress(&mut self, phase: &'static str, done: u64, total: u64) -> bool {
        (self.report)(Report::Progress { phase, done, total })
    }

    /// Sends on something made on the way (the final result is the task's own answer);
    /// `false`: stop at once.
    pub fn made(&mut self, made: Built) -> bool {
        (self.report)(Report::Made(made))
    }

    /// Takes the value of type `S` the lane keeps (a new one the first time); give it back
    /// with [`Context::put`].
    pub fn take<S: Any + Send + Default>(&mut self) -> S {
        self.shelf
            .0
            .remove(&TypeId::of::<S>())
            .and_then(|kept| kept.downcast::<S>().ok())
            .map_or_else(S::default, |kept| *kept)
    }

    /// Leaves `value` with the lane for its next jobs.
    pub fn put<S: Any + Send>(&mut self, value: S) {
        self.shelf.0.insert(TypeId::of::<S>(), Box::new(value));
    }
}

/// The code a task runs.
type Run<T> = dyn Fn(&mut Context) -> Option<T> + Send + Sync;

/// A piece of a game's own work for the solver threads, holding all it needs, so that they run
/// it without knowing the game. It may carry a description of itself in the game's own type
/// ([`Task::about`]), for the game and its tests to read back. Two tasks are equal only when
/// they are the same task.
pub struct Task<T> {
    /// What it does, for the log and the tests ("moves left of subtraction 1,3,4 to 10").
    what: String,
    about: Option<Arc<dyn Any + Send + Sync>>,
    run: Arc<Run<T>>,
}

impl<T> Task<T> {
    /// The task `what` that `run` does: it reports its progress, and gives `None` only when the
    /// progress said to stop.
    pub fn new(
        what: impl Into<String>,
        run: impl Fn(Progress) -> Option<T> + Send + Sync + 'static,
    ) -> Task<T> {
        Task::in_context(what, move |context| {
            run(&mut |done, total| context.progress("", done, total))
        })
    }

    /// The task `what` that `run` does with the whole [`Context`]: phases named in its
    /// progress, things sent on the way, the budget, the lane's shelf. `None` only when it was
    /// told to stop.
    pub fn in_context(
        what: impl Into<String>,
        run: impl Fn(&mut Context) -> Option<T> + Send + Sync + 'static,
    ) -> Task<T> {
        Task {
            what: what.into(),
            about: None,
            run: Arc::new(run),
        }
    }

    /// The same task, described by `about` (a value of the game's own type).
    #[must_use]
    pub fn about(self, about: impl Any + Send + Sync) -> Task<T> {
        Task {
            about: Some(Arc::new(about)),
            ..self
        }
    }

    /// Its description, when it has one of type `D`.
    pub fn described<D: Any>(&self) -> Option<&D> {
        self.about.as_deref()?.downcast_ref()
    }

    /// What it does.
    pub fn what(&self) -> &str {
        &self.what
    }

    /// Does it (slow: on a solver thread only) with a shelf of its own and no memory limit;
    /// `None` when `progress` said to stop.
    pub fn run(&self, progress: Progress) -> Option<T> {
        let mut kept = Shelf::default();
        let mut report = |report: Report| match report {
            Report::Progress { done, total, .. } => progress(done, total),
            Report::Made(_) => true,
        };
        self.run_in(&mut Context::new(u64::MAX, &mut kept, &mut report))
    }

    /// Does it in `context` (slow: on a solver thread only); `None` when told to stop.
    pub fn run_in(&self, context: &mut Context) -> Option<T> {
        (self.run)(context)
    }
}

impl<T> Clone for Task<T> {
    fn clone(&self) -> Self {
        Task {
            what: self.what.clone(),
            about: self.about.clone(),
            run: Arc::clone(&self.run),
        }
    }
}

impl<T> PartialEq for Task<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.run, &other.run)
    }
}

impl<T> Eq for Task<T> {}

impl<T> std::fmt::Debug for Task<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Task({})", self.what)
    }
}

/// A [`Request::Build`] a game waits for: its task (asked again when another screen's request
/// cancelled it) and its progress so far, which the screen shows.
#[derive(Debug, Clone)]
pub struct Waiting {
    /// What the panel's gauge says is built ("moves left").
    pub label: &'static str,
    task: Task<Built>,
    /// Steps done so far, of `total` (both 0 before the first report).
    pub done: u64,
    pub total: u64,
    /// Time since the phase began, as of the latest report.
    pub elapsed: Duration,
}

impl Waiting {
    /// Waiting for `task`, whose gauge says `label`.
    pub fn new(label: &'static str, task: Task<Built>) -> Waiting {
        Waiting {
            label,
            task,
            done: 0,
            total: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// How long until the phase under way is done, from the progress so far: `None` before
    /// its first report.
    pub fn ready_in(&self) -> Option<Duration> {
        (self.done > 0).then(|| {
            let left = self.total.saturating_sub(self.done) as f64 / self.done as f64;
            self.elapsed.mul_f64(left.min(1e6))
        })
    }

    /// The request that builds it (again).
    pub fn request(&self) -> Request {
        Request::Build(self.task.clone())
    }

    /// Takes an answer to its request: progress is kept (the gauge named by the phase it
    /// reports, where it names one); what was built is handed back.
    pub fn on_solver(&mut self, message: SolverMessage) -> Option<Built> {
        match message {
            SolverMessage::Progress {
                phase,
                done,
                total,
                elapsed,
                ..
            } => {
                // A build of several phases names each (Chomp's outcomes, then moves left).
                if !phase.is_empty() {
                    self.label = phase;
                }
                (self.done, self.total, self.elapsed) = (done, total, elapsed);
                None
            }
            SolverMessage::Built { built, .. } => Some(built),
            _ => None,
        }
    }
}

/// Takes `message` for the build `waiting` awaits, if any: its progress moves the gauge, and
/// what it built is handed back, the wait over.
pub fn arrived(waiting: &mut Option<Waiting>, message: SolverMessage) -> Option<Built> {
    let built = waiting.as_mut()?.on_solver(message)?;
    *waiting = None;
    Some(built)
}

/// What the solver threads report; each message carries the number of the job it answers.
#[derive(Clone)]
pub enum SolverMessage {
    /// `done` of `total` steps of the task's phase `phase` are done, `elapsed` after that
    /// phase started.
    Progress {
        job: u64,
        phase: &'static str,
        done: u64,
        total: u64,
        elapsed: Duration,
    },
    /// Something a build task made on the way; its answer follows.
    Made { job: u64, made: Built },
    /// What a build or search task made, its answer.
    Built {
        job: u64,
        built: Built,
        elapsed: Duration,
    },
    /// The moves of a finished game, judged by a [`Request::Judge`] task.
    Judged { job: u64, judged: JudgedMoves },
}

impl SolverMessage {
    /// The job this message answers.
    pub fn job(&self) -> u64 {
        match self {
            SolverMessage::Progress { job, .. }
            | SolverMessage::Made { job, .. }
            | SolverMessage::Built { job, .. }
            | SolverMessage::Judged { job, .. } => *job,
        }
    }
}

impl std::fmt::Debug for SolverMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolverMessage::Progress {
                job,
                phase,
                done,
                total,
                ..
            } => write!(f, "Progress(#{job}, {phase:?} {done}/{total})"),
            SolverMessage::Made { job, .. } => write!(f, "Made(#{job})"),
            SolverMessage::Built { job, .. } => write!(f, "Built(#{job})"),
            SolverMessage::Judged { job, judged } => {
                write!(f, "Judged(#{job}, {} moves)", judged.len())
            }
        }
    }
}

/// Where a job runs: each lane runs one job at a time, and only its latest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Tables and other slow builds, with progress.
    Build,
    /// The computer's short search for a move nothing proves.
    Search,
    /// The judging of a finished game's moves for its review.
    Judge,
    /// Puzzles found for the Puzzles screen, while the puzzle on screen has its tables built.
    Puzzles,
}

impl Lane {
    /// Every lane, in the order of [`Lane::index`].
    pub const ALL: [Lane; 4] = [Lane::Build, Lane::Search, Lane::Judge, Lane::Puzzles];

    /// Its place in [`Lane::ALL`].
    pub fn index(self) -> usize {
        match self {
            Lane::Build => 0,
            Lane::Search => 1,
            Lane::Judge => 2,
            Lane::Puzzles => 3,
        }
    }

    /// The name of its thread.
    pub fn name(self) -> &'static str {
        match self {
            Lane::Build => "solver",
            Lane::Search => "search",
            Lane::Judge => "judge",
            Lane::Puzzles => "puzzles",
        }
    }
}

/// What a game needs from the solver threads; the game returns it and [`Jobs`] numbers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// A game's table (or other slow build), made by its task with progress; what it makes
    /// comes back as [`SolverMessage::Built`] (and on the way as [`SolverMessage::Made`]).
    /// Cancels any earlier build.
    Build(Task<Built>),
    /// Stop the running build; its memory is freed.
    Cancel,
    /// The computer's move, found by its task where nothing proves one; the answer is a
    /// [`SolverMessage::Built`]. Replaces any earlier search.
    Search(Task<Built>),
    /// The moves of a finished game judged by its task, off the interface's thread (the
    /// answer is [`SolverMessage::Judged`]). Replaces any earlier judging, and cancels no
    /// table.
    Judge(Task<JudgedMoves>),
    /// Stop the running judging, whose review was left: no answer comes.
    StopJudging,
    /// Puzzles found by its task (the answer is a [`SolverMessage::Built`]). Replaces any
    /// earlier one, and cancels no table.
    Puzzles(Task<Built>),
}

impl Request {
    /// The lane it runs in (a cancel or a stop, the lane it stops).
    pub fn lane(&self) -> Lane {
        match self {
            Request::Build(_) | Request::Cancel => Lane::Build,
            Request::Search(_) => Lane::Search,
            Request::Judge(_) | Request::StopJudging => Lane::Judge,
            Request::Puzzles(_) => Lane::Puzzles,
        }
    }
}

/// A request with the number [`Jobs`] gave it: the answers to it carry that number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub number: u64,
    pub request: Request,
}

/// The one place jobs are numbered: numbers only grow, and each lane remembers its latest
/// job, whose answers alone are wanted (latest wins).
#[derive(Debug, Default)]
pub struct Jobs {
    /// The number the latest job got.
    last: u64,
    /// Each lane's latest job (0: none yet), by [`Lane::index`].
    latest: [u64; 4],
    /// Numbered jobs, oldest first, until they are taken to be sent.
    queued: Vec<Job>,
}

impl Jobs {
    /// Numbers `request`, makes it its lane's latest, and queues it; returns its number.
    pub fn push(&mut self, request: Request) -> u64 {
        self.last += 1;
        self.latest[request.lane().index()] = self.last;
        self.queued.push(Job {
            number: self.last,
            request,
        });
        self.last
    }

    /// The jobs queued since the last call, oldest first.
    pub fn take(&mut self) -> Vec<Job> {
        std::mem::take(&mut self.queued)
    }

    /// The number the latest job got (0 before the first): it changes with every job.
    pub fn last(&self) -> u64 {
        self.last
    }

    /// The latest job of `lane` (0 before its first).
    pub fn latest(&self, lane: Lane) -> u64 {
        self.latest[lane.index()]
    }

    /// Whether `message` answers the latest job of its lane: only then is it wanted.
    pub fn is_latest(&self, message: &SolverMessage) -> bool {
        let job = message.job();
        job != 0 && self.latest.contains(&job)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn built(job: u64) -> SolverMessage {
        SolverMessage::Built {
            job,
            built: Arc::new(()),
            elapsed: Duration::ZERO,
        }
    }

    fn task() -> Task<Built> {
        Task::new("nothing", |_| Some(Arc::new(()) as Built))
    }

    #[test]
    fn jobs_are_numbered_in_one_place_and_the_latest_of_each_lane_wins() {
        let mut jobs = Jobs::default();
        let first_build = jobs.push(Request::Build(task()));
        let search = jobs.push(Request::Search(task()));
        let judging = jobs.push(Request::Judge(Task::new("judge", |_| Some(Vec::new()))));
        let build = jobs.push(Request::Build(task()));
        let puzzles = jobs.push(Request::Puzzles(task()));
        assert_eq!(
            [first_build, search, judging, build, puzzles],
            [1, 2, 3, 4, 5]
        );
        assert_eq!(jobs.last(), 5);
        assert_eq!(
            Lane::ALL.map(|lane| jobs.latest(lane)),
            [build, search, judging, puzzles]
        );
        // Puzzles being found stop no table.
        assert!(jobs.is_latest(&built(puzzles)));
        // An older build's answer is dropped; each lane's latest is taken.
        assert!(!jobs.is_latest(&built(first_build)));
        assert!(jobs.is_latest(&built(build)));
        assert!(jobs.is_latest(&built(search)));
        let judged = SolverMessage::Judged {
            job: judging,
            judged: Vec::new(),
        };
        assert!(jobs.is_latest(&judged));
        // A newer job of one lane leaves the others' alone.
        let newer = jobs.push(Request::Search(task()));
        assert!(!jobs.is_latest(&built(search)) && jobs.is_latest(&built(newer)));
        assert!(jobs.is_latest(&built(build)) && jobs.is_latest(&judged));
        // A cancel and a stop are their lanes' latest: nothing before them is wanted.
        jobs.push(Request::Cancel);
        jobs.push(Request::StopJudging);
        assert!(!jobs.is_latest(&built(build)) && !jobs.is_latest(&judged));
        assert!(jobs.is_latest(&built(newer)));
        // Each job is handed out once, oldest first.
        let numbers: Vec<u64> = jobs.take().iter().map(|job| job.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(jobs.take().is_empty());
    }

    #[test]
    fn a_task_names_its_phases_sends_what_it_made_on_the_way_and_keeps_things_on_its_shelf() {
        let task: Task<u32> = Task::in_context("two phases", |context| {
            let seen: u32 = context.take();
            context.put(seen + 1);
            let on = context.progress("first", 1, 2) && context.made(Arc::new("half"));
            (on && context.progress("second", 2, 2)).then_some(seen)
        })
        .about(7_u8);
        assert_eq!(task.described::<u8>(), Some(&7));
        assert_eq!(task.described::<u16>(), None);
        let mut shelf = Shelf::default();
        let mut heard = Vec::new();
        let mut report = |report: Report| {
            heard.push(match report {
                Report::Progress { phase, .. } => phase.to_string(),
                Report::Made(made) => made.downcast_ref::<&str>().unwrap().to_string(),
            });
            true
        };
        let mut context = Context::new(100, &mut shelf, &mut report);
        assert_eq!(context.budget(), 100);
        assert_eq!(task.run_in(&mut context), Some(0));
        assert_eq!(
            task.run_in(&mut context),
            Some(1),
            "the shelf kept the count"
        );
        assert_eq!(
            heard,
            ["first", "half", "second", "first", "half", "second"]
        );
        // Told to stop, it stops.
        let mut stop = |_: Report| false;
        let mut context = Context::new(100, &mut shelf, &mut stop);
        assert_eq!(task.run_in(&mut context), None);
    }
}
