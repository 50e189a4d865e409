//! `munch solve`'s progress on standard error: a long build (a 16×16 box with `--all-moves`
//! takes seconds) shows one line that updates in place, when standard error is a terminal that
//! a person watches; scripts, which read a pipe, see nothing of it.

use std::io::Write;
use std::time::{Duration, Instant};

/// How long a build runs before its line appears: a quick answer shows none.
const QUIET_FOR: Duration = Duration::from_millis(500);
/// How often the line is rewritten at most.
const EVERY: Duration = Duration::from_millis(100);

/// The progress line of one `munch solve`, written to `out`.
pub struct ProgressLine<W: Write> {
    out: W,
    started: Instant,
    /// When the line was last written; `None` until it first is.
    written: Option<Instant>,
}

impl<W: Write> ProgressLine<W> {
    /// A line on `out` for a run that started at `started`.
    pub fn new(out: W, started: Instant) -> ProgressLine<W> {
        ProgressLine {
            out,
            started,
            written: None,
        }
    }

    /// `done` of `total` steps of `what` are done at `now`. Write errors are ignored: the
    /// line is a courtesy, and the answer itself still reports a failed write.
    pub fn report(&mut self, what: &str, done: u64, total: u64, now: Instant) {
        if now.duration_since(self.started) < QUIET_FOR
            || self
                .written
                .is_some_and(|at| now.duration_since(at) < EVERY)
        {
            return;
        }
        let percent = if total == 0 {
            0
        } else {
            u128::from(done.min(total)) * 100 / u128::from(total)
        };
        // Back to the line's start, the line, then erase what an older, longer line left.
        let _ = write!(self.out, "\rmunch: {what} … {percent:>3}%\x1b[K")
            .and_then(|()| self.out.flush());
        self.written = Some(now);
    }

    /// The answer is ready: the line, if it was written, is erased.
    pub fn finish(&mut self) {
        if self.written.take().is_some() {
            let _ = write!(self.out, "\r\x1b[K").and_then(|()| self.out.flush());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_waits_half_a_second_then_updates_in_place_and_is_erased_at_the_end() {
        let started = Instant::now();
        let at = |ms| started + Duration::from_millis(ms);
        let mut line = ProgressLine::new(Vec::new(), started);
        line.report("solving 16×16", 10, 100, at(100));
        assert!(line.out.is_empty(), "a quick answer shows no line");
        line.report("solving 16×16", 40, 100, at(600));
        assert_eq!(
            String::from_utf8_lossy(&line.out),
            "\rmunch: solving 16×16 …  40%\x1b[K"
        );
        line.report("solving 16×16", 45, 100, at(650));
        assert_eq!(
            line.out.len(),
            "\rmunch: solving 16×16 …  40%\x1b[K".len(),
            "not yet again"
        );
        line.report("moves left of 16×16", 7, 7, at(800));
        assert!(
            String::from_utf8_lossy(&line.out)
                .ends_with("\rmunch: moves left of 16×16 … 100%\x1b[K")
        );
        line.finish();
        assert!(String::from_utf8_lossy(&line.out).ends_with("\r\x1b[K"));
    }

    #[test]
    fn a_quick_answer_leaves_nothing_on_the_terminal() {
        let started = Instant::now();
        let mut line = ProgressLine::new(Vec::new(), started);
        line.report("solving 4×4", 1, 1, started + Duration::from_millis(5));
        line.finish();
        assert!(line.out.is_empty());
    }
}
