//! "Your mistakes": every position, across the finished games `records/` keeps, where a person's
//! move threw a won position away, brought back as a puzzle to retry ([`Retry`]), and the queue
//! of them kept in the data folder ([`Queue`], `mistakes.json`).
//!
//! A retry is the position before the mistake, as its position string, with what was played
//! there. Any move that keeps the win solves it: a won position the mistake was made from
//! usually has several winning moves, and the lesson is the win kept, not one move of them.
//! Every move a person made counts, both sides' when both were people; a computer's never.
//!
//! Finding them judges every move of each record, which grows with the records: it runs on a
//! solver thread ([`retries_in`] is given the task's progress), never on the interface's. The
//! queue remembers which records it has looked at (`scanned`), so each record is judged once.

use crate::games::request::{
    Built, Context, JudgedMoves, Progress, Report, Request, Shelf, SolverMessage, Task,
};
use crate::games::review::{Judged, Label};
use crate::games::setup::side_name;
use crate::record::GameRecord;
use crate::settings::Player;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::time::Duration;

/// How many times in a row a retry is solved before it leaves the queue.
pub const SOLVED_TO_LEAVE: u32 = 2;

/// The most retries the queue keeps: past them, those from the oldest games go.
pub const MAX_QUEUED: usize = 500;

/// The longest position string or move a retry may hold (a file saying more is damaged).
const MAX_TEXT: usize = 4096;

/// Where a retry came from: the game (its record in `records/`) and the move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The record's file name in `records/`.
    pub record: String,
    /// When the game was kept, in milliseconds since 1970 (from the record's name).
    pub kept: u64,
    /// The game as people read it: "Chomp 6×7", "Nim 3,4,5" (a game from a set position).
    pub game: String,
    /// The move's number in the game, from 1.
    pub move_number: usize,
    /// Who made it: "You", "Player 1".
    pub side: String,
}

/// A position to retry: one where a person's move threw a won position away.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retry {
    /// The position before the mistake, as its position string (`chomp 3x4 4,4,2`).
    pub position: String,
    /// The move played there, in notation.
    pub played: String,
    /// A move that would have kept the win, in notation, where the judging named one.
    pub winner: Option<String>,
    pub from: Origin,
    /// How many times in a row it has been solved since it last failed (or joined).
    #[serde(default)]
    pub solved_in_a_row: u32,
}

impl Retry {
    /// Where it came from, in a line: "From Chomp 3×4 on 2026-11-28, move 5 (you: c2)."
    /// (the move in its game's words).
    pub fn origin_line(&self) -> String {
        let words = crate::games::parse_position(&self.position)
            .ok()
            .and_then(|(kind, _)| kind.game().move_words(&self.played))
            .map_or_else(|| self.played.clone(), |w| w.listed);
        let who = crate::games::review::in_sentence(&self.from.side);
        format!(
            "From {} on {}, move {} ({who}: {words}).",
            self.from.game,
            date(self.from.kept),
            self.from.move_number,
        )
    }

    /// Why it cannot be a retry, if it cannot: its position is not one munch reads, or its
    /// texts are empty or absurdly long.
    fn problem(&self) -> Option<String> {
        let texts = [
            &self.position,
            &self.played,
            &self.from.record,
            &self.from.game,
            &self.from.side,
        ];
        if texts.iter().any(|t| t.is_empty() || t.len() > MAX_TEXT)
            || self.winner.as_ref().is_some_and(|w| w.len() > MAX_TEXT)
        {
            return Some("a retry with an empty or overlong text".into());
        }
        if self.from.move_number == 0 {
            return Some("a retry from move 0".into());
        }
        crate::games::parse_position(&self.position)
            .err()
            .map(|e| format!("a retry's position cannot be read ({e})"))
    }
}

/// The retries waiting, in the order they come, and the records already looked at.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queue {
    pub retries: Vec<Retry>,
    /// The names of the records in `records/` whose mistakes have joined (or would have, had
    /// they any): each is judged once. Names of records no longer kept are dropped.
    pub scanned: BTreeSet<String>,
}

/// What a look at the kept records found: the retries of each record not looked at before, by
/// its name, and the names of every record kept now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scan {
    pub found: Vec<(String, Vec<Retry>)>,
    pub kept: Vec<String>,
}

impl Queue {
    /// Why a queue read from its file cannot be used, if it cannot.
    pub fn problem(&self) -> Option<String> {
        if self.retries.len() > MAX_QUEUED * 2 || self.scanned.len() > MAX_QUEUED * 4 {
            return Some("too many entries".into());
        }
        if self
            .scanned
            .iter()
            .any(|n| n.is_empty() || n.len() > MAX_TEXT)
        {
            return Some("a record name that is empty or overlong".into());
        }
        self.retries.iter().find_map(Retry::problem)
    }

    /// Takes in what `scan` found: the retries of each record the queue has not looked at
    /// yet join it, first (the newest games' first), but for a position already waiting;
    /// records no longer kept are forgotten. Past [`MAX_QUEUED`], those from the oldest games
    /// go.
    pub fn merge(&mut self, scan: &Scan) {
        let mut joining: Vec<Retry> = Vec::new();
        for (name, retries) in &scan.found {
            if !self.scanned.insert(name.clone()) {
                continue; // another window took this record in first
            }
            for retry in retries {
                let waiting = self.retries.iter().chain(&joining);
                if !waiting.clone().any(|r| r.position == retry.position) {
                    joining.push(retry.clone());
                }
            }
        }
        // The newest game's first; a game's own in the order they were made.
        joining.sort_by(|a, b| {
            b.from
                .kept
                .cmp(&a.from.kept)
                .then(b.from.record.cmp(&a.from.record))
                .then(a.from.move_number.cmp(&b.from.move_number))
        });
        joining.append(&mut self.retries);
        self.retries = joining;
        let kept: BTreeSet<&String> = scan.kept.iter().collect();
        // A record still being kept by the writer (the game just finished) is not listed yet:
        // only what the scan found or listed stays.
        let found: BTreeSet<&String> = scan.found.iter().map(|(name, _)| name).collect();
        self.scanned
            .retain(|name| kept.contains(name) || found.contains(name));
        if self.retries.len() > MAX_QUEUED {
            let mut oldest: Vec<usize> = (0..self.retries.len()).collect();
            oldest.sort_by_key(|&i| (self.retries[i].from.kept, i));
            let gone: BTreeSet<usize> = oldest[..self.retries.len() - MAX_QUEUED]
                .iter()
                .copied()
                .collect();
            let mut at = 0;
            self.retries.retain(|_| {
                at += 1;
                !gone.contains(&(at - 1))
            });
        }
    }

    /// A try at the retry of `position`: solved, it counts one more in a row, and leaves the
    /// queue at [`SOLVED_TO_LEAVE`]; failed, its count starts again. Either way it goes to the
    /// back, so the others come first. Whether it left; nothing happens when it is not
    /// waiting (another window's try made it leave).
    pub fn attempt(&mut self, position: &str, solved: bool) -> bool {
        let Some(at) = self.retries.iter().position(|r| r.position == position) else {
            return false;
        };
        let mut retry = self.retries.remove(at);
        if !solved {
            retry.solved_in_a_row = 0;
        } else if retry.solved_in_a_row + 1 >= SOLVED_TO_LEAVE {
            return true;
        } else {
            retry.solved_in_a_row += 1;
        }
        self.retries.push(retry);
        false
    }

    /// The index of the first retry from the record named `record`, if any waits.
    pub fn first_from(&self, record: &str) -> Option<usize> {
        self.retries.iter().position(|r| r.from.record == record)
    }
}

/// When a record named by `records/` (`<milliseconds>-…`) was kept; 0 where the name says not.
pub fn kept_at(name: &str) -> u64 {
    name.get(..13).and_then(|m| m.parse().ok()).unwrap_or(0)
}

/// Every retry in `record` (kept as `name`): each move a person made that threw a won
/// position away, as the judging proves it ([`judge_record`], its tables within `budget`
/// bytes, kept on `shelf` for the next record). `None` when `progress` said to stop. Slow: on
/// a solver thread only.
pub fn retries_in(
    name: &str,
    record: &GameRecord,
    budget: u64,
    shelf: &mut Shelf,
    progress: Progress,
) -> Option<Vec<Retry>> {
    let players = record.settings.players;
    if !players.contains(&Player::Person) {
        return Some(Vec::new());
    }
    let judged = judge_record(record, budget, shelf, progress)?;
    let game = match &record.start {
        None => record.settings.describe(),
        // A set position by its string without the game's id: "Nim 3,4,5".
        Some(start) => {
            let text = start.text();
            let body = text.split_once(' ').map_or(text, |(_, body)| body);
            format!("{} {body}", record.settings.game.label())
        }
    };
    let retries = judged
        .into_iter()
        .enumerate()
        .filter(|(index, _)| players[index % 2] == Player::Person)
        .filter_map(|(index, judged)| {
            let Label::Mistake { winner, .. } = judged.label else {
                return None;
            };
            Some(Retry {
                position: position_before(record, index)?,
                played: judged.played,
                winner,
                from: Origin {
                    record: name.to_string(),
                    kept: kept_at(name),
                    game: game.clone(),
                    move_number: index + 1,
                    side: side_name(players, index % 2).to_string(),
                },
                solved_in_a_row: 0,
            })
        })
        .collect();
    Some(retries)
}

/// Every move of `record` judged as its review judges it: by a replay of the game (what its
/// answer proves), and where that leaves a move unjudged (or a mistake with no winning move
/// named), by a study of its start with the
/// tables the study builds (Chomp's, within `budget` bytes, kept on `shelf` so that the next
/// record of a bar they cover builds nothing). `None` when `progress` said to stop.
pub fn judge_record(
    record: &GameRecord,
    budget: u64,
    shelf: &mut Shelf,
    progress: Progress,
) -> Option<JudgedMoves> {
    let judged = record.session().judging().run(progress)?;
    // A move nothing proves, or a mistake with no winning move named: the tables may.
    let short = |j: &Judged<String>| {
        matches!(
            j.label,
            Label::Unjudged | Label::Mistake { winner: None, .. }
        )
    };
    if !judged.iter().any(short) {
        return Some(judged);
    }
    let settings = &record.settings;
    let game = settings.game.game();
    let Some(mut study) = game.study(&settings.values, record.start.as_ref(), &[], None) else {
        return Some(judged);
    };
    // Its build, and what follows it (a smaller box where the first was refused).
    for _ in 0..3 {
        let builds: Vec<Task<Built>> = study
            .take_requests()
            .into_iter()
            .filter_map(|request| match request {
                Request::Build(task) => Some(task),
                _ => None,
            })
            .collect();
        if builds.is_empty() {
            break;
        }
        for task in builds {
            let mut made = Vec::new();
            let mut report = |report: Report| match report {
                Report::Made(m) => {
                    made.push(m);
                    true
                }
                Report::Progress { done, total, .. } => progress(done, total),
            };
            let built = task.run_in(&mut Context::new(budget, shelf, &mut report))?;
            for made in made {
                study.on_solver(SolverMessage::Made { job: 0, made });
            }
            study.on_solver(SolverMessage::Built {
                job: 0,
                built,
                elapsed: Duration::ZERO,
            });
        }
    }
    match study.judging(&record.moves) {
        Some(task) => task.run(progress),
        None => Some(judged),
    }
}

/// The position string before move `index` of `record` (`None`: its moves do not replay).
fn position_before(record: &GameRecord, index: usize) -> Option<String> {
    let settings = &record.settings;
    let mut session = settings
        .game
        .game()
        .new_session(settings.setup_from(record.start.clone()), None);
    session
        .replay_notation(&record.moves[..index])
        .then(|| session.position())
}

/// A day as `2026-11-28`, from milliseconds since 1970 (UTC).
fn date(millis: u64) -> String {
    // Howard Hinnant's days-to-civil.
    let days = i64::try_from(millis / 86_400_000).unwrap_or(0);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn retry(position: &str, kept: u64, move_number: usize) -> Retry {
        Retry {
            position: position.into(),
            played: "1:1".into(),
            winner: None,
            from: Origin {
                record: format!("{kept:013}-000000-1-nim.txt"),
                kept,
                game: "Nim".into(),
                move_number,
                side: "You".into(),
            },
            solved_in_a_row: 0,
        }
    }

    fn scan(found: &[(u64, &[&str])]) -> Scan {
        let found: Vec<(String, Vec<Retry>)> = found
            .iter()
            .map(|(kept, positions)| {
                let name = format!("{kept:013}-000000-1-nim.txt");
                let retries = positions
                    .iter()
                    .enumerate()
                    .map(|(i, p)| retry(p, *kept, i + 1))
                    .collect();
                (name, retries)
            })
            .collect();
        let kept = found.iter().map(|(name, _)| name.clone()).collect();
        Scan { found, kept }
    }

    fn positions(queue: &Queue) -> Vec<&str> {
        queue.retries.iter().map(|r| r.position.as_str()).collect()
    }

    #[test]
    fn solved_twice_in_a_row_leaves_and_a_failure_starts_the_count_again() {
        let mut queue = Queue::default();
        queue.merge(&scan(&[(1, &["nim 1,2", "nim 3,4"])]));
        assert_eq!(positions(&queue), ["nim 1,2", "nim 3,4"]);
        assert!(!queue.attempt("nim 1,2", true), "once is not enough");
        assert_eq!(positions(&queue), ["nim 3,4", "nim 1,2"], "to the back");
        assert!(!queue.attempt("nim 1,2", false), "a failure stays");
        assert_eq!(queue.retries[1].solved_in_a_row, 0, "and starts again");
        assert!(!queue.attempt("nim 1,2", true));
        assert!(queue.attempt("nim 1,2", true), "twice in a row: it leaves");
        assert_eq!(positions(&queue), ["nim 3,4"]);
        assert!(!queue.attempt("nim 1,2", true), "gone: nothing happens");
        assert_eq!(positions(&queue), ["nim 3,4"]);
    }

    #[test]
    fn each_record_joins_once_newest_first_and_a_waiting_position_is_not_doubled() {
        let mut queue = Queue::default();
        queue.merge(&scan(&[(1, &["nim 1,2"])]));
        let mut newer = scan(&[(5, &["nim 5,6", "nim 1,2"]), (1, &["nim 1,2"])]);
        newer.found.push((
            format!("{:013}-000000-1-nim.txt", 3),
            vec![retry("nim 7,1", 3, 2)],
        ));
        newer.kept.push(newer.found[2].0.clone());
        queue.merge(&newer);
        assert_eq!(positions(&queue), ["nim 5,6", "nim 7,1", "nim 1,2"]);
        assert_eq!(queue.scanned.len(), 3);
        // A record no longer kept is forgotten.
        queue.merge(&Scan {
            found: Vec::new(),
            kept: vec![format!("{:013}-000000-1-nim.txt", 5)],
        });
        assert_eq!(queue.scanned.len(), 1);
        assert_eq!(queue.retries.len(), 3, "its retries stay");
        assert_eq!(
            queue.first_from(&format!("{:013}-000000-1-nim.txt", 3)),
            Some(1)
        );
    }

    #[test]
    fn past_the_most_kept_the_oldest_games_retries_go() {
        let mut queue = Queue::default();
        for kept in 1..=(MAX_QUEUED as u64 + 2) {
            let position = format!("nim {kept},1");
            queue.merge(&scan(&[(kept, &[position.as_str()])]));
        }
        assert_eq!(queue.retries.len(), MAX_QUEUED);
        assert!(queue.retries.iter().all(|r| r.from.kept > 2));
    }

    #[test]
    fn a_queue_with_a_position_munch_cannot_read_is_damaged() {
        let mut queue = Queue::default();
        queue.merge(&scan(&[(1, &["nim 1,2"])]));
        assert_eq!(queue.problem(), None);
        queue.retries[0].position = "nim x".into();
        assert!(queue.problem().unwrap().contains("cannot be read"));
        queue.retries[0].position = "nim 1,2".into();
        queue.retries[0].played = String::new();
        assert!(queue.problem().is_some());
    }

    #[test]
    fn a_retry_says_which_game_and_move_it_came_from() {
        let mut r = retry("nim 1,2", 1_764_300_000_000, 5);
        r.played = "2:2".into();
        assert_eq!(
            r.origin_line(),
            "From Nim on 2025-11-28, move 5 (you: 2 from pile 2)."
        );
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400_000), "2000-02-29");
    }
}
