//! Saving off the interface's thread. Every write to the data folder (the saved game, the
//! statistics, the settings, the preferences, the last finished game, a record written on
//! request) is a [`Write`] handed to a [`Writer`]; its [`Written`] answer comes back later and
//! the app takes it on a later event, never waiting for it.
//!
//! Nothing the person had is lost:
//! - Each file is written whole and renamed into place ([`Store`]), so a writer stopped at any
//!   moment (a signal, a crash) leaves the last completed save as it was.
//! - Writes leave in the order they were made. A newer write of the same file and the same game
//!   makes an older one still waiting unneeded ([`Outcome::Superseded`]): only the latest state of
//!   a file is worth writing. One being written is never cut short: the newer one follows it.
//! - A count in the statistics is never superseded: each is a read-modify-write of the file under
//!   the folder's lock, made once, so that no game is lost or counted twice.
//! - The event loop flushes the writer when munch quits, waiting a bounded time
//!   ([`Writer::flush`]).
//!
//! - The first read of the data folder goes the same way when another munch holds the folder's
//!   lock at start-up ([`Write::ReadAll`]): it waits there, not on the interface's thread, and
//!   it reads before any write made after it.
//!
//! The writer is a thread ([`Writer::spawn`]) in the real program, and writes at once on the
//! caller's thread ([`Writer::inline`]) in tests, which drive the app with events and no threads.

use crate::mistakes::{Queue, Scan};
use crate::record::GameRecord;
use crate::settings::{GameKind, Level, Preferences, Settings};
use crate::store::{
    Attempt, OnFile, PREFERENCES_FILE, PuzzleRecord, SETTINGS_FILE, SavedGame, Stats, Store,
    last_record_file, saved_game_file,
};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// How long quitting waits for the writes still waiting to land (another munch may hold the
/// folder's lock for a moment).
pub const FLUSH_WAIT: Duration = Duration::from_secs(5);

/// One write to the data folder.
#[derive(Debug, Clone)]
pub enum Write {
    /// The menu's settings.
    Settings(Settings),
    /// The preferences (hints on or off).
    Preferences(Preferences),
    /// A game in progress, into its kind's file, unless that holds another game than this one
    /// or `replaces` (see [`Store::save_game`]).
    Game {
        game: SavedGame,
        replaces: Option<String>,
    },
    /// The saved game of `kind`, if it is the one named `id`, goes.
    RemoveGame { kind: GameKind, id: String },
    /// A finished game counted in the statistics, or its entry amended (see [`Stats::count`]).
    Count {
        game: String,
        level: Level,
        person_won: bool,
        previous: Option<bool>,
    },
    /// The last finished game of its kind.
    LastRecord(GameRecord),
    /// A finished game, kept in `records/` beside every other one, under `name` (made by
    /// [`crate::store::kept_name`], so that the app knows it before it is written).
    KeepRecord { name: String, record: GameRecord },
    /// A record written as a new file on request.
    Record(GameRecord),
    /// A finished puzzle counted in the puzzles file (see [`Store::count_puzzle`]); `None`
    /// only reads the file, for the Puzzles screen as it opens.
    Puzzle(Option<Attempt>),
    /// What a look at the kept records found for "Your mistakes", merged into its queue (see
    /// [`Store::merge_mistakes`]); never superseded, like a count.
    MergeMistakes(Scan),
    /// A try at a retry of "Your mistakes", counted in its queue (see
    /// [`Store::attempt_mistake`]); never superseded, like a count.
    AttemptMistake { position: String, solved: bool },
    /// Not a write: everything munch reads when it starts ([`Store::read_all`]), when another
    /// munch held the folder's lock as it started. It takes its turn like a write, so it reads
    /// before any write sent after it.
    ReadAll,
}

impl Write {
    /// What a newer write makes this one unneeded: the same file, and for a saved game the same
    /// game. `None`: every one counts (a count, a new record file).
    fn slot(&self) -> Option<(String, &str)> {
        match self {
            Write::Settings(_) => Some((SETTINGS_FILE.to_string(), "")),
            Write::Preferences(_) => Some((PREFERENCES_FILE.to_string(), "")),
            Write::Game { game, .. } => Some((saved_game_file(game.settings.game), &game.id)),
            Write::RemoveGame { kind, id } => Some((saved_game_file(*kind), id)),
            Write::LastRecord(record) => Some((last_record_file(record.settings.game), "")),
            Write::Count { .. }
            | Write::Puzzle(_)
            | Write::Record(_)
            | Write::KeepRecord { .. }
            | Write::MergeMistakes(_)
            | Write::AttemptMistake { .. }
            | Write::ReadAll => None,
        }
    }

    /// Writes it, waiting for the folder's lock as long as another munch holds it.
    fn run(&self, store: &Store) -> Outcome {
        match self {
            Write::Settings(settings) => Outcome::Done(store.save(SETTINGS_FILE, settings)),
            Write::Preferences(preferences) => {
                Outcome::Done(store.save(PREFERENCES_FILE, preferences))
            }
            Write::Game { game, replaces } => {
                Outcome::Done(store.save_game(game, replaces.as_deref()))
            }
            Write::RemoveGame { kind, id } => Outcome::Done(store.remove_game(*kind, id)),
            Write::Count {
                game,
                level,
                person_won,
                previous,
            } => {
                let (stats, warnings) = store.count_game(game, *level, *person_won, *previous);
                Outcome::Counted(stats, warnings)
            }
            Write::Puzzle(attempt) => {
                let (record, warnings) = store.count_puzzle(attempt.as_ref());
                Outcome::Puzzles(Box::new(record), warnings)
            }
            Write::LastRecord(record) => Outcome::Done(store.save_last_record(record)),
            Write::KeepRecord { name, record } => Outcome::Done(store.keep_record_as(record, name)),
            Write::Record(record) => Outcome::RecordWritten(store.write_record(record)),
            Write::MergeMistakes(scan) => {
                let (queue, warnings) = store.merge_mistakes(scan);
                Outcome::Mistakes(queue, warnings)
            }
            Write::AttemptMistake { position, solved } => {
                let (queue, warnings) = store.attempt_mistake(position, *solved);
                Outcome::Mistakes(queue, warnings)
            }
            Write::ReadAll => Outcome::Read(Box::new(store.read_all())),
        }
    }
}

/// How a write went.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// Written (or removed) as asked, or why not.
    Done(Result<(), String>),
    /// The statistics as the file holds them now, this game counted, and any problems on the way.
    Counted(Stats, Vec<String>),
    /// The puzzles file as it holds them now (this puzzle counted), and any problems.
    Puzzles(Box<PuzzleRecord>, Vec<String>),
    /// The queue of "Your mistakes" as its file holds it now, and any problems on the way.
    Mistakes(Queue, Vec<String>),
    /// Where the record was written, or why it was not.
    RecordWritten(Result<PathBuf, String>),
    /// What the data folder holds ([`Write::ReadAll`]).
    Read(Box<OnFile>),
    /// A newer write of the same file and game came first: this one was not needed.
    Superseded,
}

/// A write's answer.
#[derive(Debug, Clone)]
pub struct Written {
    pub write: Write,
    pub outcome: Outcome,
}

/// Where the writes go.
enum Mode {
    /// Written at once on the caller's thread.
    Inline { store: Store, done: Vec<Written> },
    /// Sent to the writer's thread; answers come back on `answers`.
    Thread {
        writes: Sender<Write>,
        answers: Receiver<Written>,
    },
}

/// Takes the app's writes to the data folder (see the module documentation).
pub struct Writer {
    mode: Mode,
    /// Writes sent whose answer has not been taken yet.
    waiting: usize,
    /// Writes the thread could not take, answered as failed.
    failed: Vec<Written>,
}

impl Writer {
    /// A writer that writes at once, on the caller's thread: for tests, which drive the app
    /// without threads.
    pub fn inline(store: Store) -> Writer {
        Writer {
            mode: Mode::Inline {
                store,
                done: Vec::new(),
            },
            waiting: 0,
            failed: Vec::new(),
        }
    }

    /// A writer on a thread of its own: the caller never waits for a lock or a disk.
    pub fn spawn(store: Store) -> Writer {
        let (writes, inbox) = mpsc::channel();
        let (outbox, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("munch-writer".into())
            .spawn(move || write_loop(&store, &inbox, &outbox))
            .expect("the writer's thread starts");
        Writer {
            mode: Mode::Thread { writes, answers },
            waiting: 0,
            failed: Vec::new(),
        }
    }

    /// Hands `write` on; its answer comes back from [`Writer::take_written`].
    pub fn send(&mut self, write: Write) {
        self.waiting += 1;
        match &mut self.mode {
            Mode::Inline { store, done } => {
                let outcome = write.run(store);
                done.push(Written { write, outcome });
            }
            Mode::Thread { writes, .. } => {
                if let Err(mpsc::SendError(write)) = writes.send(write) {
                    // The thread is gone (it panicked): said, rather than lost unseen.
                    self.failed.push(failed(write));
                }
            }
        }
    }

    /// The answers that have come back, oldest first; never waits.
    pub fn take_written(&mut self) -> Vec<Written> {
        let mut answers = std::mem::take(&mut self.failed);
        match &mut self.mode {
            Mode::Inline { done, .. } => answers.append(done),
            Mode::Thread { answers: from, .. } => answers.extend(from.try_iter()),
        }
        self.waiting -= answers.len();
        answers
    }

    /// How many writes are sent and not yet answered.
    pub fn waiting(&self) -> usize {
        self.waiting
    }

    /// Waits until every write sent is answered, or `within` has passed; the answers.
    pub fn flush(&mut self, within: Duration) -> Vec<Written> {
        let mut all = self.take_written();
        let until = Instant::now() + within;
        while self.waiting > 0 {
            let Mode::Thread { answers, .. } = &self.mode else {
                break;
            };
            match answers.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok(written) => {
                    self.waiting -= 1;
                    all.push(written);
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
        }
        all
    }
}

/// A write the writer's thread could not take (it is gone), answered as not written.
fn failed(write: Write) -> Written {
    let problem = "munch's writer stopped, so this is not saved".to_string();
    let outcome = match &write {
        Write::Record(_) => Outcome::RecordWritten(Err(problem)),
        _ => Outcome::Done(Err(problem)),
    };
    Written { write, outcome }
}

/// The writer's thread: takes the writes in order, a newer one of the same file and game
/// superseding one still waiting, until the app's end of the channel is gone and every write
/// sent is done.
fn write_loop(store: &Store, inbox: &Receiver<Write>, outbox: &Sender<Written>) {
    let mut queue: VecDeque<Write> = VecDeque::new();
    loop {
        if queue.is_empty() {
            let Ok(write) = inbox.recv() else { return };
            enqueue(&mut queue, write, outbox);
        }
        for write in inbox.try_iter() {
            enqueue(&mut queue, write, outbox);
        }
        let Some(write) = queue.pop_front() else {
            continue;
        };
        let outcome = write.run(store);
        // The app may be gone (munch is ending): the rest is still written.
        let _ = outbox.send(Written { write, outcome });
    }
}

/// Queues `write` last; an older write of its file and game still waiting is answered as
/// superseded.
fn enqueue(queue: &mut VecDeque<Write>, write: Write, outbox: &Sender<Written>) {
    if let Some(slot) = write.slot() {
        let mut at = 0;
        while at < queue.len() {
            if queue[at].slot().as_ref() == Some(&slot) {
                if let Some(old) = queue.remove(at) {
                    let _ = outbox.send(Written {
                        write: old,
                        outcome: Outcome::Superseded,
                    });
                }
            } else {
                at += 1;
            }
        }
    }
    queue.push_back(write);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{App, Event, Screen};
    use crate::games::session::Session;
    use crate::settings::Player;
    use crate::store::{LOCK_FILE, Store};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use std::path::Path;
    use std::process::Command;

    fn game(id: &str, moves: usize) -> Write {
        Write::Game {
            game: SavedGame {
                id: id.into(),
                settings: Settings::default(),
                moves: (0..moves).map(|m| format!("a{m}")).collect(),
                counted: None,
                start: None,
            },
            replaces: None,
        }
    }

    fn count() -> Write {
        Write::Count {
            game: "Chomp 6×7".into(),
            level: Level::Perfect,
            person_won: true,
            previous: None,
        }
    }

    /// What a queue holds, in order, in short.
    fn names(queue: &VecDeque<Write>) -> Vec<String> {
        queue
            .iter()
            .map(|w| match w {
                Write::Game { game, .. } => format!("{} {}", game.id, game.moves.len()),
                Write::RemoveGame { id, .. } => format!("remove {id}"),
                Write::Count { .. } => "count".into(),
                Write::Settings(_) => "settings".into(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_newer_write_of_a_file_and_game_supersedes_the_one_waiting_and_counts_never_do() {
        let (outbox, answers) = mpsc::channel();
        let mut queue = VecDeque::new();
        for write in [
            game("a", 1),
            count(),
            Write::Settings(Settings::default()),
            game("b", 4),
            count(),
            game("a", 2),
            Write::RemoveGame {
                kind: GameKind::Chomp,
                id: "b".into(),
            },
            Write::Settings(Settings::default()),
        ] {
            enqueue(&mut queue, write, &outbox);
        }
        assert_eq!(
            names(&queue),
            ["count", "count", "a 2", "remove b", "settings"],
            "the latest of each file and game, in the order written; both counts"
        );
        let superseded: Vec<String> = answers
            .try_iter()
            .map(|w| {
                assert!(matches!(w.outcome, Outcome::Superseded));
                names(&VecDeque::from([w.write]))[0].clone()
            })
            .collect();
        assert_eq!(superseded, ["a 1", "b 4", "settings"]);
    }

    /// The child side of the lock test: holds the data folder's lock for 3 s, having said so
    /// by a file.
    #[test]
    fn hold_the_folder_lock_child() {
        let Some(dir) = std::env::var_os("MUNCH_HOLD_LOCK_DIR") else {
            return; // only runs when the lock test starts it
        };
        let dir = Path::new(&dir);
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(dir.join(LOCK_FILE))
            .unwrap();
        let mut lock = fd_lock::RwLock::new(file);
        let _guard = lock.write().unwrap();
        std::fs::write(dir.join("held"), "").unwrap();
        std::thread::sleep(Duration::from_secs(3));
    }

    #[test]
    fn the_screen_answers_keys_while_another_process_holds_the_lock_and_the_save_lands_after() {
        let dir = std::env::temp_dir().join(format!("munch-hold-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open(Some(&dir)).unwrap();
        let mut app = App::new(7)
            .with_store(store.clone())
            .writing_in_background();
        app.menu.settings.players = [Player::Person, Player::Person];
        app.start_game();
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "app::writer::tests::hold_the_folder_lock_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("MUNCH_HOLD_LOCK_DIR", &dir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        while !dir.join("held").exists() {
            assert!(
                child.try_wait().unwrap().is_none(),
                "the child holds the lock"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // Moves, each saved, and keys and ticks between them: every one is handled while the
        // other process holds the lock.
        let mut handled = 0;
        for round in 0..4 {
            app.update(key(KeyCode::Enter));
            for _ in 0..20 {
                // Away from the poison: the next Enter eats another square at the top right.
                app.update(key(if round % 2 == 0 {
                    KeyCode::Right
                } else {
                    KeyCode::Up
                }));
                app.update(Event::Tick);
                handled += 3;
            }
        }
        let moves = app.session().map(Session::notation).unwrap();
        let waiting = app.writes_waiting();
        let on_file = std::fs::read_to_string(dir.join(saved_game_file(GameKind::Chomp)));
        assert!(
            child.try_wait().unwrap().is_none(),
            "all {handled} events were handled while the other process held the lock"
        );
        assert_eq!(moves.len(), 4, "the keys played: {moves:?}");
        assert!(waiting > 0, "the saves wait for the lock");
        assert!(on_file.is_err(), "nothing is written under another's lock");
        assert!(child.wait().unwrap().success());
        assert!(app.flush_writes(Duration::from_secs(30)), "the saves land");
        assert!(app.warnings.is_empty(), "{:?}", app.warnings);
        let saved: SavedGame = store
            .load(&saved_game_file(GameKind::Chomp))
            .unwrap()
            .expect("the game is saved");
        assert_eq!(saved.moves, moves, "the latest save landed");
        assert!(matches!(app.screen, Screen::Play(_)));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
