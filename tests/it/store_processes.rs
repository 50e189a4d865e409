//! The data folder shared by several munch processes: a save killed half-way, a file another
//! user cannot read, two processes recording at once. Each test starts this test binary again
//! as a child process.

use crate::common;
use munch::settings::{GameKind, Level, Settings};
use munch::store::{STATS_FILE, SavedGame, Stats, Store, saved_game_file};
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
