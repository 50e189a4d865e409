//! munch in a real terminal: tmux runs it in a shell, keys and a mouse click play, `q` quits,
//! and the shell gets its terminal back exactly as it was.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// A private tmux server, killed when the test ends however it ends.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "munch"])
    }

    /// Waits until the screen shows `text` and returns it; fails with the screen if it never
    /// does. tmux can be captured while the program is halfway through drawing a frame, so a
    /// screen counts only when the next capture is the same (or, on a screen that keeps moving,
    /// after a second).
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let mut screen = self.screen();
            if screen.contains(text) {
                for _ in 0..40 {
                    std::thread::sleep(Duration::from_millis(25));
                    let next = self.screen();
                    if next == screen || !next.contains(text) {
                        break;
                    }
                    screen = next;
                }
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {text:?}; the screen shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "munch"];
        args.extend(keys);
        self.run(&args);
    }

    fn literal(&self, text: &str) {
        self.run(&["send-keys", "-t", "munch", "-l", text]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// Where a character is on the screen: (column, row), 0-based.
fn find(screen: &str, ch: char) -> Option<(usize, usize)> {
    screen
        .lines()
        .enumerate()
        .find_map(|(y, line)| line.chars().position(|c| c == ch).map(|x| (x, y)))
}

fn tmux_missing() -> bool {
    let missing = Command::new("tmux").arg("-V").output().is_err();
    if missing {
        eprintln!(
            "SKIPPED: tmux is not installed and this test needs a real terminal (.ci/run installs it)"
        );
    }
    missing
}

/// A fresh, empty data folder for one test.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("munch-data-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

impl Tmux {
    /// Starts munch directly in a 100×30 window with the data folder `data`, retrying while a
    /// just-killed server on the same socket is still going away.
    fn launch_munch(&self, data: &std::path::Path) {
        let start = Instant::now();
        while !self.run(&["list-sessions"]).contains("munch") {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "tmux would not start"
            );
            self.run(&[
                "new-session",
                "-d",
                "-s",
                "munch",
                "-x",
                "100",
                "-y",
                "30",
                env!("CARGO_BIN_EXE_munch"),
                "--data-dir",
                data.to_str().unwrap(),
            ]);
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A private tmux server running munch with a fresh data folder, on its menu.
fn start_munch(name: &str) -> Tmux {
    let tmux = Tmux {
        socket: format!("munch-{name}-{}", std::process::id()),
    };
    tmux.launch_munch(&data_dir(name));
    tmux.wait_for("Second player");
    tmux
}

#[test]
fn a_subtraction_game_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let tmux = start_munch("subtraction");
    // Start, then seven lines up is the Game line; one game to the right: the subtraction game.
    tmux.keys(&["Up", "Up", "Up", "Up", "Up", "Up", "Up", "Right"]);
    tmux.wait_for("Takes (set)");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Subtraction game {1,3,4}");
    tmux.keys(&["4", "Enter"]); // 21 - 4 = 17
    tmux.wait_for("1. You        took 4");
    let screen = tmux.wait_for("2. Computer");
    assert!(screen.contains('●'), "coins are drawn:\n{screen}");
    tmux.keys(&["q", "y"]);
    tmux.wait_gone();
}

#[test]
fn the_study_screen_lists_every_move_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let tmux = start_munch("study");
    // The Game line, one game to the right: the subtraction game; `s` studies its start.
    tmux.keys(&["Up", "Up", "Up", "Up", "Up", "Up", "Up", "Right"]);
    tmux.wait_for("Takes (set)");
    tmux.keys(&["s"]);
    let screen = tmux.wait_for("Moves, best first");
    assert!(
        screen.contains("Side to move is losing") && screen.contains("Moves left: 12"),
        "pile 21 of {{1,3,4}}:\n{screen}"
    );
    // The list, best first: the longest defence (take 1, 11 moves left after it) on top.
    let list: Vec<&str> = screen
        .lines()
        .filter_map(|line| line.split('│').nth(3))
        .map(str::trim)
        .skip_while(|line| !line.starts_with("move"))
        .skip(1)
        .take(3)
        .collect();
    assert_eq!(
        list,
        [
            "▸ −1       L11                1",
            "−3        L9                1",
            "−4        L9                2"
        ],
        "{screen}"
    );
    tmux.keys(&["Enter"]);
    tmux.wait_for("Line: −1");
    tmux.wait_for("Moves left: 11");
    tmux.keys(&["BSpace"]);
    tmux.wait_for("Line: none yet");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Second player");
    tmux.keys(&["q"]);
    tmux.wait_gone();
}

#[test]
fn a_position_set_up_with_the_mouse_is_studied_and_copied_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let tmux = start_munch("editor");
    // tmux keeps what a program copies with OSC 52 as a paste buffer when this is on.
    tmux.run(&["set-option", "-s", "set-clipboard", "on"]);
    // The menu's game is Chomp 6×7: study its start, then edit it.
    tmux.keys(&["s"]);
    tmux.wait_for("Moves, best first");
    tmux.keys(&["e"]);
    let screen = tmux.wait_for("Set up a position");
    // Click the square c2: column c's height becomes 2, and the columns right of it follow.
    let row = screen
        .lines()
        .position(|line| line.starts_with("│ 2 "))
        .expect("the board's row 2");
    let letters = screen
        .lines()
        // However wide the squares are drawn: "│   a     b     c …".
        .find(|line| {
            let letters: Vec<&str> = line.trim_matches('│').split_whitespace().collect();
            letters.starts_with(&["a", "b", "c"])
        })
        .expect("the board's column letters");
    let col = letters.chars().position(|c| c == 'c').expect("column c");
    tmux.literal(&format!(
        "\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m",
        x = col + 1,
        y = row + 1
    ));
    tmux.wait_for("Heights: 6,6,2,2,2,2,2");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("Moves, best first");
    assert!(
        screen.contains("chomp 6x7 6,6,2,2,2,2,2") && screen.contains("Side to move is winning"),
        "the edited position is studied:\n{screen}"
    );
    let best = screen
        .lines()
        .filter_map(|line| line.split('│').nth(3))
        .map(str::trim)
        .find(|line| line.starts_with('▸'))
        .expect("the moves list");
    assert!(best.starts_with("▸ e2") && best.contains("W15"), "{screen}");
    tmux.keys(&["y"]);
    let start = Instant::now();
    while tmux.run(&["show-buffer"]) != "chomp 6x7 6,6,2,2,2,2,2" {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the clipboard holds {:?}",
            tmux.run(&["show-buffer"])
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux.keys(&["Escape"]);
    tmux.wait_for("Second player");
    tmux.keys(&["q"]);
    tmux.wait_gone();
}

#[test]
fn munch_study_position_opens_the_study_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let (tmux, dir) = in_shell(
        "study-position",
        &format!(
            "{} --data-dir {} study --position 'nim 3,4,5'",
            env!("CARGO_BIN_EXE_munch"),
            data_dir("study-position").display()
        ),
    );
    let screen = tmux.wait_for("Moves, best first");
    assert!(screen.contains("nim 3,4,5"), "{screen}");
    // 3 ^ 4 ^ 5 = 2: the one winning move takes 2 from pile 1, and it heads the list.
    assert!(screen.contains("▸ 2 from pile 1"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("Second player");
    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);
}

#[test]
fn fibonacci_nim_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let tmux = start_munch("fibonacci");
    // The Game line, then four games to the left (past the sum, the last, Wythoff and Nim):
    // Fibonacci Nim.
    tmux.keys(&[
        "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Left", "Left", "Left", "Left",
    ]);
    tmux.wait_for("Fibonacci Nim");
    tmux.keys(&["Enter"]);
    tmux.wait_for("take 1 to 20");
    tmux.keys(&["Enter"]); // take 1
    tmux.wait_for("1. You        took 1");
    tmux.wait_for("2. Computer");
    tmux.keys(&["q", "y"]);
    tmux.wait_gone();
}

#[test]
fn nim_from_the_command_line_plays_to_the_end_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let (tmux, dir) = in_shell(
        "nim",
        &format!(
            "{} --data-dir {} play nim --piles 1,2",
            env!("CARGO_BIN_EXE_munch"),
            data_dir("nim").display()
        ),
    );
    let screen = tmux.wait_for("Now: take 1 from pile 1");
    assert!(screen.contains("Nim"), "{screen}");
    assert_eq!(
        screen.matches('●').count() + screen.matches('○').count(),
        3,
        "a row of 1 coin and a row of 2:\n{screen}"
    );
    // 1 XOR 2 = 3: take 1 from pile 2, leaving 1,1; the computer takes one, you the last.
    tmux.keys(&["Down"]);
    tmux.wait_for("Now: take 1 to 2 from pile 2");
    tmux.keys(&["Enter"]);
    tmux.wait_for("2. Computer");
    tmux.keys(&["Enter"]);
    let over = tmux.wait_for_result("You win!");
    assert!(over.contains("Play again"), "the game-over box:\n{over}");
    tmux.keys(&["q"]);
    let shell = tmux.wait_for("exit=0");
    assert!(
        !shell.contains("You win!"),
        "the game screen is gone:\n{shell}"
    );
    assert_restored(&dir);
}

#[test]
fn a_sum_of_games_plays_to_the_end_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let (tmux, dir) = in_shell(
        "sum",
        &format!(
            "{} --data-dir {} play sum --parts 'nim 1 + chomp 2x2 1,0 + nim 2'",
            env!("CARGO_BIN_EXE_munch"),
            data_dir("sum").display()
        ),
    );
    // Values 1, 0 (a bar down to its poison has no move) and 2: nim-sum 3.
    let screen = tmux.wait_for("Nim-sum 3 (11 in binary)");
    for part in ["1 Nim", "2 Chomp", "3 Nim", "☠", "value 2"] {
        assert!(screen.contains(part), "{part}:\n{screen}");
    }
    // The one winning move, starred with hints: part 3 from 2 to 1 (the nim-sum is then 0).
    tmux.keys(&["H", "3"]);
    tmux.wait_for("★1:1");
    tmux.keys(&["Enter"]);
    tmux.wait_for("2. Computer");
    // One coin is left, in one part: Enter takes it.
    tmux.wait_for("1 move");
    tmux.keys(&["Enter"]);
    let over = tmux.wait_for_result("You win!");
    assert!(
        over.contains("You made the last move."),
        "the game-over box:\n{over}"
    );
    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);
}

#[test]
fn play_by_mouse_and_key_resize_then_quit_with_the_terminal_restored() {
    if tmux_missing() {
        return;
    }
    let (tmux, dir) = in_shell(
        "mouse",
        &format!(
            "{} --data-dir {}",
            env!("CARGO_BIN_EXE_munch"),
            data_dir("mouse").display()
        ),
    );
    tmux.wait_for("Second player");
    tmux.keys(&["Enter"]);
    let board = tmux.wait_for("solved:");
    assert!(board.contains("Chomp 6×7"), "{board}");

    // Shrink the window below the board's size and back: a message, then the board again.
    tmux.run(&["resize-window", "-t", "munch", "-x", "40", "-y", "10"]);
    tmux.wait_for("too small");
    tmux.run(&["resize-window", "-t", "munch", "-x", "100", "-y", "30"]);
    let board = tmux.wait_for("Moves");
    assert_eq!(board, tmux.wait_for("solved:"));

    // Click b2, found one square right of and one square above the poison (squares are 6 × 3).
    let (x, y) = find(&board, '☠').expect("the poison is drawn");
    let (col, row) = (x + 6 + 1, y - 3 + 1); // SGR mouse positions are 1-based
    tmux.literal(&format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m"));
    let screen = tmux.wait_for("1. You        b2");
    assert!(screen.contains('·'), "eaten squares are drawn:\n{screen}");
    // The computer answers, then Enter eats at the cursor.
    tmux.wait_for("2. Computer");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for_any(&["3. You", "Game over"]);
    assert!(screen.contains('·'));
    if screen.contains("Game over") {
        // Enter ate the poison: the game-over box takes no keys for its first moment.
        tmux.wait_for_result("Game over");
    }

    tmux.keys(&["q"]);
    tmux.wait_for_any(&["Leave the game?", "Play again"]);
    tmux.keys(&["y", "q"]);
    let shell = tmux.wait_for("exit=0");
    assert!(
        !shell.contains("Moves"),
        "the game screen is gone:\n{shell}"
    );
    assert_restored(&dir);
}

impl Tmux {
    /// Waits until munch has exited and its session is gone.
    fn wait_gone(&self) {
        let start = Instant::now();
        while self.run(&["list-sessions"]).contains("munch") {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "munch did not quit"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits for the game-over box, then as long as a person takes to read it: the box takes
    /// no keys for its first moment (`GAME_OVER_GRACE_TICKS`), which this waits out twice over.
    fn wait_for_result(&self, text: &str) -> String {
        let screen = self.wait_for(text);
        let grace = munch::app::TICK * u32::try_from(munch::app::GAME_OVER_GRACE_TICKS).unwrap();
        std::thread::sleep(grace * 2 + Duration::from_millis(200));
        screen
    }

    fn wait_for_any(&self, texts: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if texts.iter().any(|t| screen.contains(t)) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for one of {texts:?}; the screen shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Runs `command` in a shell inside tmux, recording the terminal settings before and after and
/// the exit code; returns the tmux session and the folder holding those files.
fn in_shell(name: &str, command: &str) -> (Tmux, PathBuf) {
    let dir = std::env::temp_dir().join(format!("munch-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tmux = Tmux {
        socket: format!("munch-{name}-{}", std::process::id()),
    };
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "munch",
        "-x",
        "100",
        "-y",
        "30",
        "env",
        "PS1=$ ",
        "sh",
    ]);
    tmux.literal(&format!(
        "stty -g > {d}/before; {command}; echo \"exit=$?\"; stty -g > {d}/after",
        d = dir.display()
    ));
    tmux.keys(&["Enter"]);
    (tmux, dir)
}

/// The terminal settings after the command equal those before it.
fn assert_restored(dir: &std::path::Path) {
    let start = Instant::now();
    while std::fs::read(dir.join("after")).map_or(true, |a| a.is_empty()) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the shell never got back"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("before")).unwrap(),
        std::fs::read_to_string(dir.join("after")).unwrap(),
        "munch left the terminal in a different mode"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sigterm_and_sighup_quit_with_the_terminal_restored() {
    if tmux_missing() {
        return;
    }
    for signal in ["TERM", "HUP"] {
        let name = format!("sig{}", signal.to_lowercase());
        let (tmux, dir) = in_shell(
            &name,
            &format!(
                "sh -c 'echo $$ > {}/pid; exec {}'",
                std::env::temp_dir()
                    .join(format!("munch-{name}-{}", std::process::id()))
                    .display(),
                env!("CARGO_BIN_EXE_munch")
            ),
        );
        tmux.wait_for("Second player");
        let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), pid.trim()])
            .status()
            .unwrap();
        assert!(killed.success());
        let shell = tmux.wait_for("exit=0");
        assert!(
            !shell.contains("Second player"),
            "the menu is gone:\n{shell}"
        );
        assert_restored(&dir);
    }
}

/// Runs munch (with `args`, and `env` set before it) on a fresh data folder in a shell (see
/// [`in_shell`]) and waits for `shown`; returns the session, the shell's folder, munch's pid
/// and its data folder.
fn munch_in_shell(
    name: &str,
    env: &str,
    args: &str,
    shown: &str,
) -> (Tmux, PathBuf, String, PathBuf) {
    let dir = std::env::temp_dir().join(format!("munch-{name}-{}", std::process::id()));
    let data = data_dir(name);
    let (tmux, dir) = in_shell(
        name,
        &format!(
            "{env} sh -c 'echo $$ > {d}/pid; exec {munch} --data-dir {data} {args}'",
            d = dir.display(),
            munch = env!("CARGO_BIN_EXE_munch"),
            data = data.display(),
        ),
    );
    tmux.wait_for(shown);
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    (tmux, dir, pid.trim().to_string(), data)
}

#[test]
fn a_busy_interface_still_quits_on_sigterm_sighup_and_ctrl_c() {
    if tmux_missing() {
        return;
    }
    for quit in ["TERM", "HUP", "C-c"] {
        let name = format!("busy-{}", quit.to_lowercase());
        // The interface's thread plays the person's move, saves it, and then never comes back
        // (`MUNCH_BUSY_FOR_TEST`): not to draw the move, nor to read the quit.
        let (tmux, dir, pid, data) =
            munch_in_shell(&name, "MUNCH_BUSY_FOR_TEST=1", "play nim", "nim 3,4,5");
        tmux.keys(&["Enter"]);
        let saved = data.join("saved-nim.json");
        let start = Instant::now();
        while !std::fs::read_to_string(&saved).is_ok_and(|s| s.contains("1:1")) {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{quit}: the move was never saved"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        std::thread::sleep(Duration::from_millis(500));
        let busy = tmux.screen();
        assert!(
            busy.contains("nim 3,4,5") && !busy.contains("1. You"),
            "{quit}: the interface's thread is busy, the move it played never drawn:\n{busy}"
        );
        if quit == "C-c" {
            tmux.keys(&[quit]);
        } else {
            let sent = Command::new("kill")
                .args([&format!("-{quit}"), &pid])
                .status()
                .unwrap();
            assert!(sent.success());
        }
        let shell = tmux.wait_for("exit=0");
        assert!(
            !shell.contains("nim 3,4,5"),
            "{quit}: the game is gone:\n{shell}"
        );
        assert_restored(&dir);
        // The move the busy thread played was saved: the next munch offers to resume it.
        drop(tmux);
        let tmux = Tmux {
            socket: format!("munch-{name}-again-{}", std::process::id()),
        };
        tmux.launch_munch(&data);
        tmux.wait_for("Resume Nim");
        tmux.keys(&["Enter"]);
        tmux.wait_for("1. You");
        let _ = std::fs::remove_dir_all(&data);
    }
}

#[test]
fn ctrl_c_after_half_an_escape_sequence_quits_with_the_terminal_restored() {
    if tmux_missing() {
        return;
    }
    // A paste that never ends, and a CSI sequence still waiting for its last byte: the key
    // reader holds every byte after them, Ctrl-C too.
    for (name, half) in [
        ("half-paste", "\x1b[200~abc"),
        ("half-csi", "\x1b[1;2;3;4;5"),
    ] {
        let (tmux, dir, _, data) = munch_in_shell(name, "", "", "Second player");
        tmux.literal(half);
        tmux.keys(&["C-c"]);
        let shell = tmux.wait_for("exit=0");
        assert!(
            !shell.contains("Second player"),
            "{name}: the menu is gone:\n{shell}"
        );
        assert_restored(&dir);
        let _ = std::fs::remove_dir_all(&data);
    }
}

/// Runs munch in a shell with `MUNCH_PANIC_FOR_TEST` set, so it crashes
/// after its first frame; `redirect` is added to the command line (e.g. `2>/dev/full`).
fn crash_in_shell(name: &str, data: &std::path::Path, redirect: &str) -> (Tmux, PathBuf) {
    let command = format!(
        "MUNCH_PANIC_FOR_TEST=1 {} --data-dir {} {redirect}",
        env!("CARGO_BIN_EXE_munch"),
        data.display()
    );
    in_shell(name, &command)
}

#[test]
fn a_panic_restores_the_terminal_and_says_one_line() {
    if tmux_missing() {
        return;
    }
    let data = data_dir("panic");
    let (tmux, dir) = crash_in_shell("panic", &data, "");
    let shell = tmux.wait_for("exit=101");
    let log = data.join("munch-crash.log");
    // The line may be as wide as the window, and wrap.
    let joined = shell.replace('\n', "");
    assert!(
        joined.contains(&format!(
            "munch crashed (MUNCH_PANIC_FOR_TEST is set); details in {}",
            log.display()
        )),
        "the crash log is in the data folder:\n{shell}"
    );
    let report = std::fs::read_to_string(&log).unwrap();
    assert!(report.contains("MUNCH_PANIC_FOR_TEST is set"), "{report}");
    assert!(
        !shell.contains("stack backtrace"),
        "no raw backtrace on the screen:\n{shell}"
    );
    assert_restored(&dir);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_crash_with_stderr_on_a_full_device_still_exits_cleanly() {
    if tmux_missing() {
        return;
    }
    // The one-line message cannot be written; the hook must not panic again (an abort, exit
    // 134), and the log is still written.
    let data = data_dir("panic-full");
    let (tmux, dir) = crash_in_shell("panic-full", &data, "2>/dev/full");
    // Any exit status but the shell's echo of the command itself.
    let exits: Vec<String> = (1..=255).map(|code| format!("exit={code}\n")).collect();
    let exits: Vec<&str> = exits.iter().map(String::as_str).collect();
    let shell = tmux.wait_for_any(&exits);
    assert!(shell.contains("exit=101\n"), "{shell}");
    let report = std::fs::read_to_string(data.join("munch-crash.log")).unwrap();
    assert!(report.contains("MUNCH_PANIC_FOR_TEST is set"), "{report}");
    assert_restored(&dir);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_crash_log_never_follows_a_link() {
    if tmux_missing() {
        return;
    }
    // A link planted where the crash log goes, pointing at a file that must not change.
    let data = data_dir("panic-link");
    std::fs::create_dir_all(&data).unwrap();
    let victim = data.join("victim");
    std::fs::write(&victim, "precious").unwrap();
    std::os::unix::fs::symlink(&victim, data.join("munch-crash.log")).unwrap();
    let (tmux, dir) = crash_in_shell("panic-link", &data, "");
    let shell = tmux.wait_for("exit=101");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    // The line may be as wide as the window, and wrap.
    let joined = shell.replace('\n', "");
    let line = joined
        .split("munch crashed")
        .nth(1)
        .unwrap_or_else(|| panic!("one line about the crash:\n{shell}"));
    let path = line.split("details in ").nth(1).unwrap_or("");
    let path = &path[..path.find(".log").map_or(0, |end| end + 4)];
    let temp = std::env::temp_dir();
    assert!(
        path.starts_with(&format!("{}/munch-crash-", temp.display())),
        "a fresh file in the temporary folder: {line}"
    );
    let report = std::fs::read_to_string(path).unwrap();
    assert!(report.contains("MUNCH_PANIC_FOR_TEST is set"));
    let _ = std::fs::remove_file(path);
    assert_restored(&dir);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_killed_game_is_resumed_on_the_next_start() {
    if tmux_missing() {
        return;
    }
    let data = data_dir("resume");
    let tmux = Tmux {
        socket: format!("munch-resume-{}", std::process::id()),
    };
    tmux.launch_munch(&data);
    tmux.wait_for("Second player");
    tmux.keys(&["Enter"]); // Chomp 6×7 against the computer
    tmux.wait_for("solved:");
    tmux.keys(&["Enter"]); // eat g6
    let before = tmux.wait_for("2. Computer");
    // Kill munch without warning, as a crash or a closed laptop would.
    let pid = tmux.run(&["display-message", "-p", "-t", "munch", "#{pane_pid}"]);
    let killed = Command::new("kill")
        .args(["-KILL", pid.trim()])
        .status()
        .unwrap();
    assert!(killed.success());
    tmux.run(&["kill-server"]);
    tmux.launch_munch(&data);
    let menu = tmux.wait_for("Resume Chomp 6×7, move 3");
    assert!(
        menu.contains("▸ Resume"),
        "resume is offered first:\n{menu}"
    );
    tmux.keys(&["Enter"]);
    let after = tmux.wait_for("2. Computer");
    let board = |screen: &str| -> Vec<String> {
        screen
            .lines()
            .filter(|l| l.contains('▒') || l.contains('·'))
            .map(|l| l[..60.min(l.len())].to_string())
            .collect()
    };
    assert_eq!(
        board(&before),
        board(&after),
        "the same board after the restart"
    );
    tmux.keys(&["q", "y"]);
    tmux.wait_gone();
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_paste_flood_does_not_hold_up_sigterm() {
    if tmux_missing() {
        return;
    }
    paste_flood_then("flood", |_, pid| {
        assert!(
            Command::new("kill")
                .args(["-TERM", pid])
                .status()
                .unwrap()
                .success()
        );
    });
}

#[test]
fn a_paste_flood_does_not_hold_up_ctrl_c() {
    if tmux_missing() {
        return;
    }
    paste_flood_then("flood-ctrl-c", |tmux, _| tmux.keys(&["C-c"]));
}

/// Pastes 100,000 keys into munch, then `quit`s it (given the tmux session and munch's pid):
/// munch must be gone (within 10 s, a hang guard), exit 0, with the terminal restored.
fn paste_flood_then(name: &str, quit: impl Fn(&Tmux, &str)) {
    let dir = std::env::temp_dir().join(format!("munch-{name}-{}", std::process::id()));
    let (tmux, dir) = in_shell(
        name,
        &format!(
            "sh -c 'echo $$ > {d}/pid; exec {munch} --data-dir {data}'; echo $? > {d}/code",
            d = dir.display(),
            munch = env!("CARGO_BIN_EXE_munch"),
            data = data_dir(name).display()
        ),
    );
    tmux.wait_for("Second player");
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    let pid = pid.trim();
    // 100,000 keys that move the menu's highlight up and down, pasted in one go.
    let keys = dir.join("keys");
    std::fs::write(&keys, "jk".repeat(50_000)).unwrap();
    tmux.run(&["load-buffer", keys.to_str().unwrap()]);
    tmux.run(&["paste-buffer", "-t", "munch"]);
    let alive = || {
        Command::new("kill")
            .args(["-0", pid])
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap()
            .success()
    };
    assert!(alive(), "munch is still running when the signal comes");
    let sent = Instant::now();
    quit(&tmux, pid);
    // A guard against a quit that never comes: munch reads the whole paste in about 0.1 s, so
    // how fast it goes is no measure of whether the quit waited.
    while alive() {
        assert!(
            sent.elapsed() < Duration::from_secs(10),
            "{name}: the quit waited behind the pasted keys"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // The exit code is written once the shell is back; the terminal is as it was.
    let start = Instant::now();
    while std::fs::read_to_string(dir.join("code")).map_or(true, |c| c.trim().is_empty()) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the shell never got back"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("code")).unwrap().trim(),
        "0"
    );
    assert_restored(&dir);
}

#[test]
fn the_too_small_screen_ignores_enter_and_q_still_quits() {
    if tmux_missing() {
        return;
    }
    let tmux = start_munch("small");
    tmux.run(&["resize-window", "-t", "munch", "-x", "40", "-y", "10"]);
    tmux.wait_for("too small");
    tmux.keys(&["Enter", "Space", "Up", "Enter"]);
    // Give munch time to (wrongly) start a game before the window grows again.
    std::thread::sleep(Duration::from_millis(500));
    tmux.run(&["resize-window", "-t", "munch", "-x", "100", "-y", "30"]);
    let screen = tmux.wait_for("Second player");
    assert!(screen.contains("▸ Start ◂"), "still on the menu:\n{screen}");
    assert!(!screen.contains("Moves"), "no game was started:\n{screen}");
    tmux.run(&["resize-window", "-t", "munch", "-x", "40", "-y", "10"]);
    tmux.wait_for("too small");
    tmux.keys(&["q"]);
    tmux.wait_gone();
}

#[test]
fn every_key_of_a_paste_is_read_however_long_it_is() {
    if tmux_missing() {
        return;
    }
    let tmux = start_munch("paste");
    // 100,002 steps down the menu's ten lines from Start end on Quit, two below it (100,002 =
    // 10 × 10,000 + 2).
    let keys = data_dir("paste-keys");
    std::fs::create_dir_all(&keys).unwrap();
    let file = keys.join("keys");
    std::fs::write(&file, "j".repeat(100_002)).unwrap();
    tmux.run(&["load-buffer", file.to_str().unwrap()]);
    tmux.run(&["paste-buffer", "-t", "munch"]);
    // The highlight passes Quit many times on the way: it must stay there once the keys are in.
    let start = Instant::now();
    let mut steady = 0;
    while steady < 20 {
        let screen = tmux.screen();
        steady = if screen.contains("▸ Quit ◂") {
            steady + 1
        } else {
            0
        };
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the paste was not read to its end:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux.keys(&["Enter"]);
    tmux.wait_gone();
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn closing_the_terminal_ends_munch_quietly() {
    if tmux_missing() {
        return;
    }
    // At the menu, in a game and at game over alike: the window is closed under munch, whose
    // standard error is that terminal too. The shell around it outlives the hangup (its trap)
    // to write munch's exit status.
    for (name, args, keys) in [
        ("closed-menu", "", &[][..]),
        ("closed-game", "play chomp", &["Enter"][..]),
        (
            "closed-over",
            "play chomp --rows 1 --cols 2",
            &["Enter"][..],
        ),
    ] {
        let data = data_dir(name);
        let dir = std::env::temp_dir().join(format!("munch-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tmux = Tmux {
            socket: format!("munch-{name}-{}", std::process::id()),
        };
        let script = format!(
            "trap : HUP; {munch} --data-dir {data} {args}; echo $? > {d}/code",
            munch = env!("CARGO_BIN_EXE_munch"),
            data = data.display(),
            d = dir.display(),
        );
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "munch",
            "-x",
            "80",
            "-y",
            "24",
            "sh",
            "-c",
            &script,
        ]);
        tmux.wait_for_any(&["Second player", "solved:", "Moves"]);
        tmux.keys(keys);
        if name == "closed-over" {
            tmux.wait_for("Game over");
        } else if name == "closed-game" {
            tmux.wait_for("1. You");
        }
        tmux.run(&["kill-session", "-t", "munch"]);
        let start = Instant::now();
        while std::fs::read_to_string(dir.join("code")).map_or(true, |c| c.trim().is_empty()) {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{name}: munch never exited after its terminal closed"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let code = std::fs::read_to_string(dir.join("code")).unwrap();
        let log = std::fs::read_to_string(data.join("munch-crash.log"));
        assert!(log.is_err(), "{name}: a crash log was written: {log:?}");
        assert!(
            matches!(code.trim(), "0" | "1"),
            "{name}: exit status {code}"
        );
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&data);
    }
}

#[test]
fn a_paste_in_a_game_plays_no_move() {
    if tmux_missing() {
        return;
    }
    let tmux = start_munch("bracketed");
    tmux.keys(&["Enter"]); // Chomp 6×7 against the computer
    tmux.wait_for("solved:");
    let keys = data_dir("bracketed-keys");
    std::fs::create_dir_all(&keys).unwrap();
    let file = keys.join("keys");
    std::fs::write(&file, "hello world\nthis is pasted text jjjj\n \n").unwrap();
    tmux.run(&["load-buffer", file.to_str().unwrap()]);
    // -p: the way a terminal pastes, bracketed when the program asks for it.
    tmux.run(&["paste-buffer", "-p", "-t", "munch"]);
    let screen = tmux.wait_for("Pasted text is ignored");
    std::thread::sleep(Duration::from_millis(500));
    let screen = format!("{screen}{}", tmux.screen());
    assert!(!screen.contains("1. You"), "a move was played:\n{screen}");
    tmux.keys(&["q", "y"]);
    tmux.wait_gone();
    let _ = std::fs::remove_dir_all(&keys);
}

/// The colours a `capture-pane -e` screen sets, as SGR parameters ("33", "38;5;130"); resets to
/// the default colour (39, 49) are not colours.
fn colours_in(screen: &str) -> Vec<String> {
    let mut found = Vec::new();
    for sequence in screen.split("\x1b[").skip(1) {
        let Some(end) = sequence.find('m') else {
            continue;
        };
        let params: Vec<&str> = sequence[..end].split(';').collect();
        let mut i = 0;
        while i < params.len() {
            let code: u16 = params[i]
                .split(':')
                .next()
                .unwrap_or("")
                .parse()
                .unwrap_or(0);
            match code {
                // 38 and 48 take their colour in the next parameters (5;n or 2;r;g;b).
                38 | 48 => {
                    let len = match params.get(i + 1) {
                        Some(&"5") => 3,
                        Some(&"2") => 5,
                        _ => 1,
                    };
                    found.push(params[i..(i + len).min(params.len())].join(";"));
                    i += len;
                    continue;
                }
                30..=37 | 40..=47 | 90..=97 | 100..=107 => found.push(params[i].to_string()),
                _ => {}
            }
            i += 1;
        }
    }
    found
}

#[test]
fn no_color_set_draws_the_menu_and_the_board_without_colour() {
    if tmux_missing() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_munch");
    for (name, env, coloured) in [
        ("colour", "-uNO_COLOR", true),
        ("nocolour", "NO_COLOR=1", false),
    ] {
        let tmux = Tmux {
            socket: format!("munch-{name}-{}", std::process::id()),
        };
        let data = data_dir(name);
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "munch",
            "-x",
            "100",
            "-y",
            "30",
            "env",
            env,
            bin,
            "--data-dir",
            data.to_str().unwrap(),
        ]);
        tmux.wait_for("Second player");
        let menu = tmux.run(&["capture-pane", "-p", "-e", "-t", "munch"]);
        tmux.keys(&["Enter"]);
        tmux.wait_for("To move");
        let board = tmux.run(&["capture-pane", "-p", "-e", "-t", "munch"]);
        for (screen, what) in [(menu, "menu"), (board, "board")] {
            let colours = colours_in(&screen);
            assert_eq!(
                !colours.is_empty(),
                coloured,
                "{name} {what}: colours {colours:?} in\n{screen}"
            );
            if !coloured {
                // The meaning stays: reverse video marks the selection and the cursor.
                assert!(
                    screen.contains("\x1b[7m"),
                    "{what}: no reverse video in\n{screen}"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&data);
    }
}

#[test]
fn colours_are_found_in_sgr_sequences_and_resets_are_not_colours() {
    assert_eq!(
        colours_in("a\x1b[1m\x1b[33mb\x1b[38;5;130mc\x1b[39;49md\x1b[7;41me"),
        ["33", "38;5;130", "41"]
    );
    assert!(colours_in("\x1b[1m\x1b[7mplain\x1b[0m").is_empty());
}

#[test]
fn a_game_from_a_position_string_shows_it_and_y_copies_it_with_osc_52() {
    if tmux_missing() {
        return;
    }
    let (tmux, dir) = in_shell(
        "position",
        &format!(
            "{} --data-dir {} play --position 'nim 0,1,2'",
            env!("CARGO_BIN_EXE_munch"),
            data_dir("position").display()
        ),
    );
    // tmux keeps what a program copies with OSC 52 as a paste buffer when this is on.
    tmux.run(&["set-option", "-s", "set-clipboard", "on"]);
    // The empty pile keeps its place and its number: the hint, the board and the string agree.
    let screen = tmux.wait_for("Now: take 1 from pile 2");
    assert!(screen.contains("Nim — 0,1,2 at the start"), "{screen}");
    assert!(
        screen.contains("nim 0,1,2"),
        "the panel shows the string:\n{screen}"
    );
    assert_eq!(
        screen.matches('●').count() + screen.matches('○').count(),
        3,
        "an empty pile, a row of 1 coin and a row of 2:\n{screen}"
    );
    tmux.keys(&["y"]);
    tmux.wait_for("Copied: nim 0,1,2");
    let start = Instant::now();
    while tmux.run(&["show-buffer"]) != "nim 0,1,2" {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the clipboard holds {:?}",
            tmux.run(&["show-buffer"])
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux.keys(&["q"]);
    tmux.wait_for("Leave the game?");
    tmux.keys(&["y"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);
}

#[test]
fn a_finished_game_is_reviewed_written_and_opened_again_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let data = data_dir("review");
    let (tmux, dir) = in_shell(
        "review",
        &format!(
            "{} --data-dir {} play nim --piles 1,2",
            env!("CARGO_BIN_EXE_munch"),
            data.display()
        ),
    );
    tmux.wait_for("Now: take 1 from pile 1");
    // Take 1 from pile 2; the computer takes one; take the last.
    tmux.keys(&["Down"]);
    tmux.wait_for("Now: take 1 to 2 from pile 2");
    tmux.keys(&["Enter"]);
    tmux.wait_for("2. Computer");
    tmux.keys(&["Enter"]);
    tmux.wait_for_result("You win!");
    tmux.keys(&["v"]);
    let review = tmux.wait_for("Move 1 of 3 · You: 1 from pile 2 · best");
    assert!(
        review.contains("You kept the win in 2 of 2 moves; no mistakes."),
        "{review}"
    );
    tmux.keys(&["Right"]);
    tmux.wait_for("Move 2 of 3 · Computer:");
    tmux.keys(&["]"]);
    tmux.wait_for("Move 3 of 3 · You:");
    tmux.keys(&["End"]);
    tmux.wait_for("The game is over after 3 moves: you won.");
    tmux.keys(&["w"]);
    tmux.wait_for("Record written: record-nim-1.txt");
    let record = data.join("record-nim-1.txt");
    assert!(record.exists(), "the record was written");
    tmux.keys(&["Escape"]);
    tmux.wait_for("You win!");
    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);

    // The record opens again from the command line, on its first move.
    let (tmux, dir) = in_shell(
        "review-record",
        &format!(
            "{} --data-dir {} study --record {}",
            env!("CARGO_BIN_EXE_munch"),
            data.display(),
            record.display()
        ),
    );
    tmux.wait_for("Move 1 of 3 · You: 1 from pile 2 · best");
    tmux.keys(&["Home", "Right"]);
    tmux.wait_for("Move 2 of 3 · Computer:");
    tmux.keys(&["q"]);
    tmux.wait_for("Second player");
    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);
    let _ = std::fs::remove_dir_all(&data);
}

/// `munch play` starts a game with settings of its own: the menu the person left (its size, its
/// players) and the settings file are as they were when munch starts again.
#[test]
fn munch_play_leaves_the_menu_the_person_left() {
    if tmux_missing() {
        return;
    }
    let data = data_dir("play-own");
    let store = munch::store::Store::open(Some(&data)).expect("a data folder");
    let menu = munch::settings::Settings {
        players: [
            munch::settings::Player::Computer,
            munch::settings::Player::Computer,
        ],
        ..munch::settings::Settings::default()
    };
    store
        .save(munch::store::SETTINGS_FILE, &menu)
        .expect("settings written");
    let file = data.join(munch::store::SETTINGS_FILE);
    let before = std::fs::read_to_string(&file).unwrap();
    let (tmux, dir) = in_shell(
        "play-own",
        &format!(
            "{} --data-dir {} play chomp --rows 16 --cols 16",
            env!("CARGO_BIN_EXE_munch"),
            data.display()
        ),
    );
    tmux.wait_for("Chomp 16×16");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Leave the game?");
    tmux.keys(&["m"]);
    // The menu shows the person's own game: the computers' 6×7, not the command line's.
    let menu_screen = tmux.wait_for("Second player");
    assert!(!menu_screen.contains("16"), "{menu_screen}");
    assert!(
        menu_screen.matches("Computer").count() >= 2,
        "both players the computer, as the person left them:
{menu_screen}"
    );
    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn wythoff_from_the_command_line_corners_the_queen_in_a_real_terminal() {
    if tmux_missing() {
        return;
    }
    let (tmux, dir) = in_shell(
        "wythoff",
        &format!(
            "{} --data-dir {} play wythoff --piles 1,1",
            env!("CARGO_BIN_EXE_munch"),
            data_dir("wythoff").display()
        ),
    );
    let screen = tmux.wait_for("Corner the queen from 1,1");
    assert!(screen.contains('♛'), "{screen}");
    // The cursor starts on the corner, a move away (diagonally): it stands on the corner's
    // mark. Up shows the mark; down hides it again.
    let corner_shown = |shown: bool| {
        let start = Instant::now();
        while tmux.screen().contains('⌂') != shown {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the cursor never moved"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    corner_shown(false);
    tmux.keys(&["Up"]);
    corner_shown(true);
    tmux.keys(&["Down"]);
    corner_shown(false);
    tmux.keys(&["Enter"]);
    let over = tmux.wait_for_result("You win!");
    assert!(over.contains("1 down-left"), "the move list:\n{over}");
    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);
}

/// The takes a subtraction game's position string allows: its set (`1,4-6`) up to the pile.
fn legal_takes(position: &str) -> Vec<u64> {
    let mut words = position.split_whitespace().skip(1);
    let (set, pile) = (words.next().unwrap(), words.next().unwrap());
    let pile: u64 = pile.parse().unwrap();
    let mut takes = Vec::new();
    for part in set.split(',') {
        let (low, high) = part.split_once('-').unwrap_or((part, part));
        takes.extend(low.parse::<u64>().unwrap()..=high.parse::<u64>().unwrap());
    }
    takes.retain(|&t| t <= pile);
    takes
}

#[test]
fn a_puzzle_solved_and_one_failed_in_a_real_terminal() {
    use munch::app::puzzle::BATCH;
    use munch::games::core::puzzle::Bounds;
    use munch::settings::GameKind;
    if tmux_missing() {
        return;
    }
    // The puzzles the screen plays first are those this seed gives.
    let puzzles = GameKind::Subtraction
        .game()
        .puzzles(&Bounds::default(), 7, BATCH)
        .unwrap();
    let data = data_dir("puzzle");
    let (tmux, dir) = in_shell(
        "puzzle",
        &format!(
            "{} --data-dir {} puzzle --game subtraction --seed 7",
            env!("CARGO_BIN_EXE_munch"),
            data.display()
        ),
    );
    // The first solved: every solver move typed, the computer's replies in between.
    let solver: Vec<&String> = puzzles[0].solution.iter().step_by(2).collect();
    tmux.wait_for(&format!("Your move (1 of {})", solver.len()));
    for (at, take) in solver.iter().enumerate() {
        tmux.literal(take);
        tmux.keys(&["Enter"]);
        if at + 1 < solver.len() {
            tmux.wait_for(&format!("Your move ({} of {})", at + 2, solver.len()));
        }
    }
    let screen = tmux.wait_for("Solved!");
    assert!(screen.contains("Streak 1 · best 1"), "{screen}");
    // The second failed: a legal take that is not the solution's (every other one loses).
    tmux.keys(&["n"]);
    tmux.wait_for("Your move (1 of");
    let right = &puzzles[1].solution[0];
    let wrong = legal_takes(&puzzles[1].position)
        .into_iter()
        .map(|t| t.to_string())
        .find(|t| t != right)
        .expect("a wrong take");
    tmux.literal(&wrong);
    tmux.keys(&["Enter"]);
    tmux.wait_for("The computer answers: took");
    let screen = tmux.wait_for(&format!("The right move was taking {right}."));
    assert!(
        screen.contains(&format!("✗ took {wrong} loses.")),
        "{screen}"
    );
    assert!(screen.contains("Streak 0 · best 1"), "{screen}");
    // Kept: two puzzles, the failed one to come back.
    let (record, warnings) = munch::store::Store::open(Some(&data))
        .unwrap()
        .count_puzzle(None);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!((record.played, record.best_streak), (2, 1));
    assert_eq!(record.comebacks.len(), 1);
    assert_eq!(record.comebacks[0].puzzle.position, puzzles[1].position);
    tmux.keys(&["q"]);
    tmux.wait_for("Second player");
    tmux.keys(&["q"]);
    tmux.wait_for("exit=0");
    assert_restored(&dir);
    let _ = std::fs::remove_dir_all(&data);
}
