//! The data folder shared by several munch processes: a save killed half-way, a file another
//! user cannot read, two processes recording at once. Each test starts this test binary again
//! as a child process.

use crate::common;
use munch::settings::{GameKind, Level, Settings};
use munch::store::{Attempt, KeptPuzzle, STATS_FILE, SavedGame, Stats, Store, saved_game_file};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("munch-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The name the test harness gives this module's test `name` (for `--exact`).
fn this_module(name: &str) -> String {
    common::test_name(module_path!(), name)
}

/// The child side of the kill test: saves bigger and bigger games until it is killed.
#[test]
fn save_loop_child() {
    let Some(dir) = std::env::var_os("MUNCH_SAVE_LOOP_DIR") else {
        return; // only runs when the kill test starts it
    };
    let store = Store::open(Some(std::path::Path::new(&dir))).unwrap();
    for n in 0.. {
        let saved = SavedGame {
            id: String::new(),
            settings: Settings::default(),
            moves: (0..n % 500).map(|i| format!("a{i}")).collect(),
            counted: None,
            start: None,
        };
        store
            .save(&saved_game_file(GameKind::Chomp), &saved)
            .unwrap();
    }
}

#[test]
fn killing_a_save_loop_always_leaves_a_whole_file() {
    let dir = temp_dir("kill");
    Store::open(Some(&dir)).unwrap();
    for round in 0..25 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                &this_module("save_loop_child"),
                "--nocapture",
                "--test-threads=1",
            ])
            .env("MUNCH_SAVE_LOOP_DIR", &dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(30 + (round * 7) % 50));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let store = Store::open(Some(&dir)).unwrap();
        match store.load::<SavedGame>(&saved_game_file(GameKind::Chomp)) {
            Ok(_) => {}
            Err(problem) => panic!("round {round}: {problem}"),
        }
    }
    let store = Store::open(Some(&dir)).unwrap();
    assert!(
        store
            .load::<SavedGame>(&saved_game_file(GameKind::Chomp))
            .unwrap()
            .is_some(),
        "the loop did save"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The reading side of the unreadable-file test, run as another user.
#[test]
fn unreadable_child() {
    let Some(dir) = std::env::var_os("MUNCH_UNREADABLE_DIR") else {
        return; // only runs when the test below starts it
    };
    let store = Store::open(Some(std::path::Path::new(&dir))).unwrap();
    let warning = store.load::<Stats>(STATS_FILE).unwrap_err();
    println!("warning: {warning}");
}

#[test]
fn a_file_this_user_cannot_read_is_set_aside_not_overwritten() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    use std::os::unix::process::CommandExt;
    let dir = temp_dir("unreadable-user");
    let store = Store::open(Some(&dir)).unwrap();
    let mut stats = Stats::default();
    stats.record("Chomp 6×7", Level::Perfect, true);
    store.save(STATS_FILE, &stats).unwrap();
    let original = std::fs::read(dir.join(STATS_FILE)).unwrap();
    std::fs::set_permissions(dir.join(STATS_FILE), std::fs::Permissions::from_mode(0o000)).unwrap();
    // The directory this process made belongs to its effective user: root when the owner is 0.
    let warning = if std::fs::metadata(&dir).unwrap().uid() == 0 {
        // root reads anything: read as the unprivileged user `nobody` instead.
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        let output = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                &this_module("unreadable_child"),
                "--nocapture",
                "--test-threads=1",
            ])
            .env("MUNCH_UNREADABLE_DIR", &dir)
            .uid(65534)
            .gid(65534)
            .output();
        let output = match output {
            Ok(output) => output,
            Err(e) => {
                println!("skipped: cannot run a child as another user ({e})");
                return;
            }
        };
        let text = String::from_utf8_lossy(&output.stdout).to_string();
        assert!(
            output.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        text
    } else {
        store.load::<Stats>(STATS_FILE).unwrap_err()
    };
    assert!(
        warning.contains("stats.json cannot be read (Permission denied")
            && warning.contains("moved aside to stats.json.bad"),
        "{warning}"
    );
    assert!(!dir.join(STATS_FILE).exists());
    std::fs::set_permissions(
        dir.join("stats.json.bad"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    assert_eq!(
        std::fs::read(dir.join("stats.json.bad")).unwrap(),
        original,
        "the record is kept"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The child side of the two-process race: records 50 games.
#[test]
fn record_loop_child() {
    let Some(dir) = std::env::var_os("MUNCH_RECORD_LOOP_DIR") else {
        return; // only runs when the race test starts it
    };
    let store = Store::open(Some(std::path::Path::new(&dir))).unwrap();
    for i in 0..50 {
        let (_, warnings) = store.record_game("Fibonacci Nim from 21", Level::Strong, i % 5 == 0);
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}

#[test]
fn two_processes_recording_at_once_lose_no_game() {
    let dir = temp_dir("race-processes");
    Store::open(Some(&dir)).unwrap();
    let children: Vec<_> = (0..2)
        .map(|_| {
            Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    &this_module("record_loop_child"),
                    "--test-threads=1",
                ])
                .env("MUNCH_RECORD_LOOP_DIR", &dir)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let stats: Stats = Store::open(Some(&dir))
        .unwrap()
        .load(STATS_FILE)
        .unwrap()
        .unwrap();
    let record = stats.tallies["Fibonacci Nim from 21"]["Strong"];
    assert_eq!((record.games, record.wins, record.losses), (100, 20, 80));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The child side of the two-process puzzle race: counts 30 puzzles, every third failed.
#[test]
fn puzzle_loop_child() {
    let Some(dir) = std::env::var_os("MUNCH_PUZZLE_LOOP_DIR") else {
        return; // only runs when the race test starts it
    };
    let store = Store::open(Some(std::path::Path::new(&dir))).unwrap();
    for i in 0..30_u32 {
        let attempt = Attempt {
            puzzle: KeptPuzzle {
                game: "nim".into(),
                position: format!("nim {},1", i + 2),
                solution: vec!["1:1".into()],
                moves_left: 1,
                ends: false,
                rating: 1500,
                themes: Vec::new(),
            },
            solved: i % 3 != 0,
        };
        let (_, warnings) = store.count_puzzle(Some(&attempt));
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}

#[test]
fn two_processes_counting_puzzles_at_once_lose_none() {
    let dir = temp_dir("puzzle-race");
    Store::open(Some(&dir)).unwrap();
    let children: Vec<_> = (0..2)
        .map(|_| {
            Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    &this_module("puzzle_loop_child"),
                    "--test-threads=1",
                ])
                .env("MUNCH_PUZZLE_LOOP_DIR", &dir)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let (record, warnings) = Store::open(Some(&dir)).unwrap().count_puzzle(None);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(record.played, 60, "every puzzle of both is counted");
    // The same 30 positions from both: each is rated once, and each failed one waits once.
    assert_eq!(record.ratings.len(), 30);
    assert_eq!(record.comebacks.len(), 10);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A play lock let go of is free at once, even while this process is starting others: a process
/// being started holds a copy of every open file of this one until it runs its program, and a
/// lock that lasted as long as its file stayed held by that copy for the moment, so a window
/// resuming the game just then was told another window played it.
#[test]
fn a_play_lock_let_go_of_is_free_while_processes_start() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let dir = temp_dir("lock-and-spawn");
    let store = Store::open(Some(&dir)).unwrap();
    let other = Store::open(Some(&dir)).unwrap();
    let done = Arc::new(AtomicBool::new(false));
    let started = Arc::new(AtomicUsize::new(0));
    let spawner = std::thread::spawn({
        let (done, started) = (Arc::clone(&done), Arc::clone(&started));
        move || {
            while !done.load(Ordering::Relaxed) {
                Command::new("true").status().expect("`true` runs");
                started.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    // Two windows take the lock in turn and let it go, for as long as 200 processes take to
    // start (and 1,000 rounds at least).
    let (mut rounds, mut refused) = (0, 0);
    while rounds < 1000 || started.load(Ordering::Relaxed) < 200 {
        for window in [&store, &other] {
            match window.lock_play(GameKind::Chomp) {
                Ok(lock) => drop(lock),
                Err(_) => refused += 1,
            }
        }
        rounds += 1;
    }
    done.store(true, Ordering::Relaxed);
    spawner.join().unwrap();
    assert_eq!(
        refused, 0,
        "a lock let go of was refused {refused} times in {rounds} rounds"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The child side of the start-up lock test: holds the data folder's lock for 3 s, having said
/// so by a file, and says by another that it lets go before it does.
#[test]
fn hold_the_folder_lock_child() {
    let Some(dir) = std::env::var_os("MUNCH_HOLD_LOCK_AT_START_DIR") else {
        return; // only runs when the test below starts it
    };
    let dir = std::path::Path::new(&dir);
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join(munch::store::LOCK_FILE))
        .unwrap();
    let mut lock = fd_lock::RwLock::new(file);
    let guard = lock.write().unwrap();
    std::fs::write(dir.join("held"), "").unwrap();
    std::thread::sleep(Duration::from_secs(3));
    std::fs::write(dir.join("letting go"), "").unwrap();
    drop(guard);
}

/// munch starting while another munch holds the data folder's lock never waits for it: the
/// menu answers keys meanwhile, and the settings, preferences, statistics and saved game on
/// file show once the lock is free.
#[test]
fn munch_starting_while_another_holds_the_lock_answers_keys_and_shows_the_files_after() {
    use munch::app::menu::MenuLine;
    use munch::app::{App, Event};
    use munch::settings::Preferences;
    use munch::store::{PREFERENCES_FILE, SETTINGS_FILE};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let dir = temp_dir("lock-at-start");
    let store = Store::open(Some(&dir)).unwrap();
    let settings = Settings {
        level: Level::Strong,
        ..Settings::default()
    }
    .with("rows", 5_u8)
    .with("cols", 6_u8);
    store.save(SETTINGS_FILE, &settings).unwrap();
    let preferences = Preferences {
        hints: true,
        ..Preferences::default()
    };
    store.save(PREFERENCES_FILE, &preferences).unwrap();
    let mut stats = Stats::default();
    stats.record("Chomp 5×6", Level::Strong, true);
    stats.record("Chomp 5×6", Level::Strong, false);
    store.save(STATS_FILE, &stats).unwrap();
    let saved = SavedGame {
        id: "a game".into(),
        settings: Settings::default().with("rows", 4_u8).with("cols", 5_u8),
        moves: vec!["e4".into(), "c2".into()],
        counted: None,
        start: None,
    };
    store
        .save(&saved_game_file(GameKind::Chomp), &saved)
        .unwrap();
    assert_ne!(settings, Settings::default(), "the file's settings show");

    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            &this_module("hold_the_folder_lock_child"),
            "--nocapture",
            "--test-threads=1",
        ])
        .env("MUNCH_HOLD_LOCK_AT_START_DIR", &dir)
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
    let mut app = App::new(7)
        .with_store(store.clone())
        .writing_in_background();
    // What the first frame shows.
    let waiting_menu = common::render_text(&app, 100, 30);
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    let mut handled = 0;
    let mut lines = Vec::new();
    for _ in 0..30 {
        app.update(key(KeyCode::Down));
        lines.push(app.menu.selected);
        app.update(Event::Tick);
        app.update(key(KeyCode::Up));
        lines.push(app.menu.selected);
        handled += 3;
    }
    let (menu_settings, menu_stats) = (app.menu.settings.clone(), app.stats.clone());
    assert!(
        !dir.join("letting go").exists(),
        "munch started and handled all {handled} events while the other process held the lock"
    );
    assert!(
        lines.windows(2).all(|pair| pair[0] != pair[1]),
        "every Down and Up moved the highlight: {lines:?}"
    );
    assert_eq!(menu_settings, Settings::default(), "nothing read yet");
    assert_eq!(menu_stats, Stats::default(), "nothing read yet");
    assert!(
        waiting_menu.contains("Another munch window is saving"),
        "the first frame says why the settings on file are not there yet:\n{waiting_menu}"
    );
    assert!(child.wait().unwrap().success());
    // Waits at most 30 s for the writer's read (a bound, not a speed).
    assert!(app.flush_writes(Duration::from_secs(30)), "the read lands");
    app.update(Event::Tick);
    assert_eq!(app.menu.settings, settings, "the settings on file");
    assert_eq!(app.preferences, preferences, "the preferences on file");
    assert_eq!(app.stats, stats, "the statistics on file");
    assert_eq!(
        app.menu.resume(GameKind::Chomp),
        Some("Chomp 4×5, move 3"),
        "the saved game on file"
    );
    assert_eq!(app.menu.selected, MenuLine::Resume(GameKind::Chomp));
    assert!(app.warnings.is_empty(), "{:?}", app.warnings);
    let menu = common::render_text(&app, 100, 30);
    assert!(menu.contains("Resume Chomp 4×5, move 3"), "{menu}");
    assert!(!menu.contains("Another munch window is saving"), "{menu}");
    let _ = std::fs::remove_dir_all(&dir);
}
