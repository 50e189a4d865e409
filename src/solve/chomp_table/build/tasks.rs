//! Solving a block on both cores, as tasks.
//!
//! A block splits into tasks by the heights of its next few columns, the split columns: a task
//! is the sub-block of positions that share those heights. A move in split column `i` that leaves
//! it at height `r` caps the heights from column `i` on at `r`. As in a lift (see
//! [`Builder::solve_block`]), the positions of a task at height `v` there that such a move wins
//! are those that, capped at `v - 1`, lie in `M` of the task they are capped into: its positions
//! that are lost or won by a move in column `i`. So a task can be solved once the tasks it is
//! capped into, one per split column, are: the tasks form a graph, and two workers (this thread
//! and one more) take whichever task is ready, the lowest rank first. Measured on 12×12, with a
//! task's work estimated from its lost positions, the longest chain of tasks holds a quarter of
//! the work, so two workers can halve the time.
//!
//! The lifts keep `M` in the table's own bits, which works because they solve one region after
//! the other. Tasks run side by side, so each keeps `M` of each split column in a buffer of its
//! own, next to its outcomes. Every buffer starts at a word, so the two workers never write to
//! the same word; the outcomes are copied into the table at the end.

use super::alone::{Builder, Split};
use crate::solve::binomial;
use crate::solve::chomp_table::bits::{Combine, combine_between};
use crate::solve::chomp_table::ranking::{Block, Raises, Ranking};
use crate::solve::chomp_table::{Cancelled, next_in_lex_order};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::mem::take;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// Blocks of at most this many positions are split into tasks. Best of repeated builds, in
/// milliseconds, for 2^20, 2^22, 2^24 and 2^26: 12×12 4.0, 2.8, 3.1, 2.8 (the same split from
/// 2^22 on: noise); 14×14 47, 37, 34, 31; 16×16 896, 594, 516, 589.
const BLOCK: u64 = 1 << 24;

/// The most columns a block is split by; blocks of more than 2^22 positions are split by three.
/// Four against three: 12×12 2.58 against 2.75 ms, 14×14 41 against 37 ms. Five: 12×12 3.3 ms.
const TASK_COLUMNS: usize = 4;

/// The most tasks a block is split into: tall blocks (many rows, few columns) are split by fewer
/// columns, or not at all.
const MOST_TASKS: u64 = 1 << 12;

/// How many columns `block` is split by; `None` if it has fewer than `smallest` positions or
/// is too big to split. At least one column stays inside the tasks, and two split columns at
/// least give the workers tasks to share.
fn split_columns(ranking: &Ranking, block: Block, smallest: u64) -> Option<usize> {
    let Block { col, cap, .. } = block;
    let size = ranking.block_size(col, cap);
    if !(smallest..=BLOCK).contains(&size) {
        return None;
    }
    let most = if size > 1 << 22 { 3 } else { TASK_COLUMNS };
    let tasks = |split: usize| binomial(u64::from(cap) + split as u64, split as u64);
    (2..=most.min(ranking.cols - col - 1))
        .rev()
        .find(|&split| tasks(split).is_some_and(|n| n <= u128::from(MOST_TASKS)))
}

/// The most bytes the buffers of the split blocks take in a box of `positions` positions:
/// blocks of up to [`BLOCK`] positions, with a bitset for the outcomes and one for each split
/// column, each task's rounded up to a word.
pub(super) fn buffer_bytes(positions: u64) -> u64 {
    let block = positions.min(BLOCK);
    (1 + TASK_COLUMNS as u64) * (block / 64 + block.min(MOST_TASKS) + 1) * 8
}

/// Solves big blocks as tasks on two workers: this thread and one more.
pub(super) struct TwoWorkers {
    /// Blocks of fewer positions are left to one worker.
    split_from: u64,
    /// The tasks' buffers, kept from one split block to the next.
    buffers: Vec<u64>,
    /// The second worker's lists of raises (see [`Raises`]), kept likewise.
    helper_raises: Raises,
}

impl TwoWorkers {
    /// Two workers for blocks of at least `split_from` positions.
    pub(super) fn new(split_from: u64) -> TwoWorkers {
        TwoWorkers {
            split_from,
            buffers: Vec::new(),
            helper_raises: Raises::default(),
        }
    }

    /// The bytes the tasks' buffers took at their biggest.
    pub(super) fn buffer_bytes(&self) -> u64 {
        self.buffers.len() as u64 * 8
    }
}

impl Split for TwoWorkers {
    /// Solves a block (see [`Builder::solve_block`]) as tasks on two workers. `None` if the
    /// block does not split or the machine will not give the buffers; the builder then solves
    /// it alone.
    fn solve_block(
        &mut self,
        builder: &mut Builder,
        won: &mut [u64],
        block: Block,
    ) -> Option<Result<(), Cancelled>> {
        let ranking = builder.ranking;
        let split = split_columns(ranking, block, self.split_from)?;
        let tasks = list_tasks(ranking, block, split);
        // Every bit of a buffer that is read is written first, so old contents may stay.
        let mut storage = take(&mut self.buffers);
        let words = tasks.iter().map(|t| t.words * (1 + split)).sum();
        if storage.len() < words {
            storage.try_reserve_exact(words - storage.len()).ok()?;
            storage.resize(words, 0);
        }
        let plan = Plan::new(ranking, block, split, tasks, won, &mut storage);
        let base = block.base;
        let losing = match run_workers(builder, &mut self.helper_raises, &plan) {
            Ok(losing) => losing,
            Err(cancelled) => return Some(Err(cancelled)),
        };
        builder.losing += losing;
        builder.done = base + block.size(ranking);
        // The outcomes into the table.
        let tasks = plan.tasks;
        let mut buffers = &storage[..];
        for task in &tasks {
            let (buffer, rest) = buffers.split_at(task.words * (1 + split));
            combine_between(won, base + task.offset, buffer, 0, task.size, Combine::Copy);
            buffers = rest;
        }
        self.buffers = storage;
        Some(Ok(()))
    }
}

/// Runs the plan on this thread (as `builder`) and one more (with `helper_raises`), and
/// returns how many positions are lost.
fn run_workers(
    builder: &mut Builder,
    helper_raises: &mut Raises,
    plan: &Plan,
) -> Result<u64, Cancelled> {
    let (ranking, mark_block, positions) = (builder.ranking, builder.mark_block, builder.positions);
    // Each worker keeps its lists of raises from one split block to the next.
    let (mine, theirs) = (take(&mut builder.raises), take(helper_raises));
    let (mine, theirs, losing) = std::thread::scope(|scope| {
        let helper = scope.spawn(|| {
            let _stop = StopOnPanic(&plan.cancelled);
            let mut go_on = |_, _| !plan.cancelled.load(Ordering::Relaxed);
            let mut worker = Builder::new(ranking, mark_block, positions, &mut go_on, None);
            worker.raises = theirs;
            let losing = plan.work(&mut worker).map(|()| worker.losing);
            (worker.raises, losing)
        });
        let _stop = StopOnPanic(&plan.cancelled);
        // Only this thread reports progress: the caller's callback stays on its thread.
        let mut report = |_, _| {
            let done = plan.block.base + plan.solved.load(Ordering::Relaxed);
            let go_on = (builder.progress)(done, positions);
            if !go_on {
                plan.cancelled.store(true, Ordering::Relaxed);
            }
            go_on && !plan.cancelled.load(Ordering::Relaxed)
        };
        let mut worker = Builder::new(ranking, mark_block, positions, &mut report, None);
        worker.raises = mine;
        let losing = plan.work(&mut worker).map(|()| worker.losing);
        if losing.is_err() {
            plan.cancelled.store(true, Ordering::Relaxed);
        }
        let (theirs, their_losing) = helper
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (
            worker.raises,
            theirs,
            losing.and_then(|l| Ok(l + their_losing?)),
        )
    });
    builder.raises = mine;
    *helper_raises = theirs;
    losing
}

/// Stops the other worker when this one panics, so that it does not wait for a task that will
/// never finish.
struct StopOnPanic<'a>(&'a AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// One task: the positions of the block whose split columns have heights `heights`.
struct Task {
    heights: [u8; TASK_COLUMNS],
    /// Rank of its first position within the block.
    offset: u64,
    size: u64,
    /// Words of each of its bitsets: the outcomes, then `M` of each split column.
    words: usize,
    /// For each split column with a move (height above zero), the task a move there caps it
    /// into.
    sources: [usize; TASK_COLUMNS],
}

/// The tasks of a block in rank order, with the tasks each is capped into.
fn list_tasks(ranking: &Ranking, block: Block, split: usize) -> Vec<Task> {
    let Block { col, cap, .. } = block;
    // Tasks are ranked like the positions of a `cap` × `split` box.
    let task_ranking = Ranking::new(cap, split as u8);
    let index = |heights: &[u8]| -> usize {
        (0..split)
            .map(|j| task_ranking.weight(j, heights[j]) as usize)
            .sum()
    };
    let mut tasks = Vec::new();
    let mut heights = [0u8; TASK_COLUMNS];
    loop {
        let mut sources = [0; TASK_COLUMNS];
        for (i, source) in sources.iter_mut().enumerate().take(split) {
            if heights[i] > 0 {
                let mut capped = heights;
                for h in &mut capped[i..split] {
                    *h = (*h).min(heights[i] - 1);
                }
                *source = index(&capped);
            }
        }
        let size = ranking.block_size(col + split, heights[split - 1]);
        debug_assert_eq!(index(&heights), tasks.len());
        tasks.push(Task {
            heights,
            offset: (0..split)
                .map(|j| ranking.weight(col + j, heights[j]))
                .sum(),
            size,
            words: size.div_ceil(64) as usize,
            sources,
        });
        if !next_in_lex_order(&mut heights[..split], cap) {
            return tasks;
        }
    }
}

/// What the two workers share: the tasks, which wait for which, and what is done.
struct Plan<'a> {
    ranking: &'a Ranking,
    /// The block split into tasks, and the number of columns it is split by.
    block: Block,
    split: usize,
    tasks: Vec<Task>,
    /// The tasks capped into each task, as ranges of one list.
    waited_by: Vec<usize>,
    waited_by_start: Vec<usize>,
    /// The block's bits on entry (the positions won by moves left of it), from bit `entry_shift`.
    entry: &'a [u64],
    entry_shift: u64,
    queue: Mutex<Queue<'a>>,
    /// The buffers of the tasks that are finished.
    finished: Vec<OnceLock<&'a [u64]>>,
    /// Positions in finished tasks, for progress reports.
    solved: AtomicU64,
    cancelled: AtomicBool,
}

/// The tasks ready to run and what is left, behind one lock.
struct Queue<'a> {
    ready: BinaryHeap<Reverse<usize>>,
    /// For each task, how many of the tasks it is capped into are unfinished.
    waiting: Vec<u8>,
    unfinished: usize,
    /// Each task's buffer, until a worker takes it.
    buffers: Vec<Option<&'a mut [u64]>>,
}

impl<'a> Plan<'a> {
    /// The plan of solving `block` of the table `won` as `tasks`, split by `split` columns, each
    /// task solved in its own part of `storage`.
    fn new(
        ranking: &'a Ranking,
        block: Block,
        split: usize,
        tasks: Vec<Task>,
        won: &'a [u64],
        storage: &'a mut [u64],
    ) -> Plan<'a> {
        let end = block.base + block.size(ranking);
        let entry = &won[(block.base / 64) as usize..end.div_ceil(64) as usize];
        let count = tasks.len();
        let waiting: Vec<u8> = tasks
            .iter()
            .map(|t| t.heights[..split].iter().filter(|&&h| h > 0).count() as u8)
            .collect();
        let mut waited_by_start = vec![0; count + 1];
        for task in &tasks {
            for i in (0..split).filter(|&i| task.heights[i] > 0) {
                waited_by_start[task.sources[i] + 1] += 1;
            }
        }
        for k in 0..count {
            waited_by_start[k + 1] += waited_by_start[k];
        }
        let mut next = waited_by_start.clone();
        let mut waited_by = vec![0; waited_by_start[count]];
        for (k, task) in tasks.iter().enumerate() {
            for i in (0..split).filter(|&i| task.heights[i] > 0) {
                waited_by[next[task.sources[i]]] = k;
                next[task.sources[i]] += 1;
            }
        }
        let mut buffers = Vec::with_capacity(count);
        let mut rest = storage;
        for task in &tasks {
            let (buffer, tail) = rest.split_at_mut(task.words * (1 + split));
            buffers.push(Some(buffer));
            rest = tail;
        }
        let ready = (0..count)
            .filter(|&k| waiting[k] == 0)
            .map(Reverse)
            .collect();
        Plan {
            ranking,
            block,
            split,
            tasks,
            waited_by,
            waited_by_start,
            entry,
            entry_shift: block.base % 64,
            queue: Mutex::new(Queue {
                ready,
                waiting,
                unfinished: count,
                buffers,
            }),
            finished: (0..count).map(|_| OnceLock::new()).collect(),
            solved: AtomicU64::new(0),
            cancelled: AtomicBool::new(false),
        }
    }

    /// Runs ready tasks until none is left, or the build is cancelled.
    fn work(&self, worker: &mut Builder) -> Result<(), Cancelled> {
        let mut just_finished: Option<(usize, &'a [u64])> = None;
        loop {
            let next = {
                let mut queue = self
                    .queue
                    .lock()
                    .expect("no worker panics holding the lock");
                if let Some((k, buffer)) = just_finished.take() {
                    self.finished[k].set(buffer).expect("each task runs once");
                    for &j in &self.waited_by[self.waited_by_start[k]..self.waited_by_start[k + 1]]
                    {
                        queue.waiting[j] -= 1;
                        if queue.waiting[j] == 0 {
                            queue.ready.push(Reverse(j));
                        }
                    }
                    queue.unfinished -= 1;
                }
                if queue.unfinished == 0 {
                    return Ok(());
                }
                let k = queue.ready.pop().map(|Reverse(k)| k);
                k.map(|k| (k, queue.buffers[k].take().expect("each task runs once")))
            };
            if self.cancelled.load(Ordering::Relaxed) {
                return Err(Cancelled);
            }
            match next {
                Some((k, buffer)) => {
                    self.run(worker, &self.tasks[k], buffer)?;
                    self.solved.fetch_add(self.tasks[k].size, Ordering::Relaxed);
                    let buffer: &'a [u64] = buffer;
                    just_finished = Some((k, buffer));
                }
                // The other worker holds every task that is ready.
                None => std::thread::yield_now(),
            }
        }
    }

    /// Solves a task in its buffer: its outcomes, then `M` of the split columns that a later
    /// task is capped at.
    fn run(&self, worker: &mut Builder, task: &Task, buffer: &mut [u64]) -> Result<(), Cancelled> {
        let (won, forms) = buffer.split_at_mut(task.words);
        let from = self.entry_shift + task.offset;
        combine_between(won, 0, self.entry, from, task.size, Combine::Copy);
        let mut kept = [false; TASK_COLUMNS];
        for i in 0..self.split {
            // A later task is capped into this one by a move in column `i` unless it is as high
            // as the column before.
            let limit = if i == 0 {
                self.block.cap
            } else {
                task.heights[i - 1]
            };
            kept[i] = task.heights[i] < limit;
            let form = &mut forms[i * task.words..(i + 1) * task.words];
            if task.heights[i] == 0 {
                // No move here: `M` is just the lost positions.
                form.fill(0);
                continue;
            }
            let source = &self.tasks[task.sources[i]];
            let buffer = self.finished[task.sources[i]].get().expect("waited for");
            let source_form = &buffer[(1 + i) * source.words..(2 + i) * source.words];
            // The positions won by a move in column `i`: into `M`, if kept, then the outcomes.
            let target: &mut [u64] = if kept[i] { &mut *form } else { &mut *won };
            let how = if kept[i] { Combine::Copy } else { Combine::Or };
            for (from, to, len) in self.runs(task, i) {
                combine_between(target, to, source_form, from, len, how);
            }
            if kept[i] {
                won.iter_mut().zip(&*form).for_each(|(w, f)| *w |= f);
            }
        }
        // What is left of the task is the block after the split columns, in its own buffer.
        let inside = Block {
            col: self.block.col + self.split,
            base: 0,
            cap: task.heights[self.split - 1],
        };
        worker.solve_block(won, inside)?;
        for i in (0..self.split).filter(|&i| kept[i]) {
            let form = &mut forms[i * task.words..(i + 1) * task.words];
            form.iter_mut().zip(&*won).for_each(|(f, w)| *f |= !w);
        }
        Ok(())
    }

    /// The runs of consecutive ranks in which capping at `v - 1` from split column `i` on (`v`
    /// the task's height there) maps the task onto its source, as `(from, to, len)` within the
    /// two tasks.
    fn runs(&self, task: &Task, i: usize) -> impl Iterator<Item = (u64, u64, u64)> + '_ {
        let v = task.heights[i];
        let capped = task.heights[self.split - 1] == v;
        // Unless every split column from `i` on is at `v`, the columns inside the task are all
        // below `v` and stay: the whole task is one run.
        let whole = (!capped).then_some((0, 0, task.size));
        // Otherwise the task is region `v` of the block from the last split column on, and its
        // source is region `v - 1`, as in a lift.
        let col = self.block.col + self.split - 1;
        let regions = capped.then(|| self.ranking.lift_runs(col, v));
        whole.into_iter().chain(regions.into_iter().flatten())
    }
}
