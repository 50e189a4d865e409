//! The thin event loop: take every event waiting, `app.update(event)` each, draw once if the
//! app says anything changed (`App::take_redraw`: a tick with nothing moving draws nothing),
//! repeat.
//!
//! Key and mouse input, the clock and the solver all feed one channel, so a finished solve wakes
//! the loop at once instead of waiting for the next tick. Drawing once per batch, not once per
//! event, keeps a burst of pasted keys from taking minutes; a quit from outside (a signal, or
//! Ctrl-C) sets a flag checked between events, so it never waits behind the queue. Should the
//! loop not come back within [`QUIT_GRACE`] (its thread busy), the signal's thread restores the
//! terminal and ends munch itself: the game in progress is on file as its last completed save
//! left it (the app's writer thread saves it at every move). On an ordinary quit the writes
//! still on their way land first, with a bounded wait.

use munch::app::writer::FLUSH_WAIT;
use munch::app::{App, Effect, Event, TICK, keys};
use munch::games::position::StartPosition;
use munch::record::GameRecord;
use munch::settings::{GameKind, Settings};
use munch::store::Store;
use munch::theme::Theme;
use munch::ui::{self, HitMap};
use munch::worker::Worker;
use ratatui::crossterm::clipboard::CopyToClipboard;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event as TermEvent, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::{DefaultTerminal, Terminal, backend::CrosstermBackend};
use std::io::{Write, stdout};
use std::mem::ManuallyDrop;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The longest the loop handles events before it draws again, so the screen keeps moving
/// under a flood of input.
const BATCH_TIME: Duration = Duration::from_millis(50);

/// How often a loop that draws nothing makes sure the terminal is still there: a closed one
/// is found by writing to it, which a frame did before.
const ALIVE_CHECK: Duration = Duration::from_secs(1);

/// Set by the signal thread (SIGTERM, SIGHUP, SIGINT) and by the input thread on Ctrl-C: quit
/// now, whatever is queued.
static QUIT_NOW: AtomicBool = AtomicBool::new(false);

/// How long a quit from outside waits for the loop to end munch before it ends munch itself.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// Taken, and never given back, by the thread that ends munch: the main thread once it is done,
/// or a quit from outside whose grace ran out. The other then leaves the ending to it, so that
/// two threads never exit at once.
static ENDING: Mutex<()> = Mutex::new(());

/// What arrives on the loop's channel.
enum Input {
    App(Event),
    /// Mouse events are turned into [`Event::Pointer`] with the last frame's hit map.
    Mouse(MouseEvent),
    /// Reading the terminal failed: stop.
    Failed(std::io::Error),
    /// SIGTERM, SIGHUP or SIGINT from outside: quit, restoring the terminal.
    Signal,
}

/// Restores the terminal when dropped: on quit, on error, and while unwinding.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Whether munch has the terminal (raw mode, alternate screen, mouse capture, bracketed paste).
static TERMINAL_TAKEN: AtomicBool = AtomicBool::new(false);

/// Takes the terminal: raw mode, the alternate screen, mouse capture and bracketed paste (a
/// paste arrives as one event, not as keys that would play moves).
fn take_terminal() -> std::io::Result<DefaultTerminal> {
    enable_raw_mode()?;
    TERMINAL_TAKEN.store(true, Ordering::SeqCst);
    ctrl_c_as_signal();
    execute!(
        stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    )?;
    Terminal::new(CrosstermBackend::new(stdout()))
}

/// Has the terminal turn Ctrl-C into SIGINT, as outside raw mode, so that Ctrl-C quits even
/// when the key reader is stuck behind half an escape sequence (`ESC[200~` with no end waits for
/// the end of a paste that never comes). `Ctrl-\` and Ctrl-Z send no signal (no core dump, no
/// stop with the terminal taken). Restoring the terminal gives back the settings raw mode found.
#[cfg(target_os = "linux")]
#[allow(unsafe_code, reason = "tcgetattr and tcsetattr are libc calls")]
fn ctrl_c_as_signal() {
    /// The character that turns a terminal's special character off (`_POSIX_VDISABLE`).
    const DISABLED: libc::cc_t = 0;
    // SAFETY: `tcgetattr` and `tcsetattr` only read and write the `termios` given, which
    // lives on this stack, on standard input (a terminal: `main` checked).
    unsafe {
        let mut settings: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(libc::STDIN_FILENO, &raw mut settings) != 0 {
            return;
        }
        settings.c_lflag |= libc::ISIG;
        settings.c_cc[libc::VINTR] = 3; // Ctrl-C
        settings.c_cc[libc::VQUIT] = DISABLED;
        settings.c_cc[libc::VSUSP] = DISABLED;
        libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &raw const settings);
    }
}

/// Elsewhere Ctrl-C stays a key, read by the input thread.
#[cfg(not(target_os = "linux"))]
fn ctrl_c_as_signal() {}

/// Gives the terminal back, once: restoring twice would move the cursor back over what was
/// printed after the first time (leaving the alternate screen restores the saved cursor).
/// Every step is tried and its failure ignored, never printed: when the terminal has gone (the
/// window was closed) standard error is gone with it, and a failed print panics.
fn restore_terminal() {
    if TERMINAL_TAKEN.swap(false, Ordering::SeqCst) {
        let _ = execute!(stdout(), DisableBracketedPaste, DisableMouseCapture, Show);
        let _ = execute!(stdout(), LeaveAlternateScreen);
        let _ = disable_raw_mode();
    }
}

/// What munch opens on.
pub enum Start {
    /// The menu.
    Menu,
    /// A game with these settings of its own (`munch play`), from a set position when one is
    /// given (`munch play --position`); the menu's settings stay the person's.
    Game(Settings, Option<StartPosition>),
    /// The review of this record (`munch study --record`).
    Review(GameRecord),
    /// The Study screen on this position of the game these settings name (`munch study
    /// --position`).
    Study(Settings, StartPosition),
    /// The Puzzles screen, of one game or of every game in turn, from a seed when one is given
    /// (`munch puzzle`).
    Puzzles(Option<GameKind>, Option<u64>),
}

/// Runs the full-screen game until the player quits.
pub fn run(budget: u64, store: Store, start: Start) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel::<Input>();
    let solver_tx = tx.clone();
    let worker = Worker::spawn(budget, move |message| {
        let _ = solver_tx.send(Input::App(Event::Solver(message)));
    });
    let _ = CRASH_DIR.set(store.dir().to_path_buf());
    let mut app = App::new(fastrand::u64(..))
        .with_store(store)
        .writing_in_background();
    match start {
        Start::Menu => {}
        Start::Game(settings, Some(position)) => app.play_position(settings, position),
        Start::Game(settings, None) => app.play_settings(settings),
        Start::Study(settings, position) => app.study_position(&settings, &position),
        Start::Puzzles(only, seed) => app.open_puzzles(only, seed),
        Start::Review(record) => {
            if let Err(problem) = app.review_record(record) {
                app.menu.note = Some(format!("Cannot review: {problem}."));
            }
        }
    }
    send_requests(&mut app, &worker);

    // Chosen once: the environment is not read again while drawing.
    let theme = Theme::from_env();
    install_panic_hook();
    let _guard = TerminalGuard;
    // Never dropped while unwinding: ratatui's Terminal prints to standard error when it cannot
    // show the cursor on drop, and that print panics once the terminal is gone.
    let mut terminal = ManuallyDrop::new(take_terminal()?);
    let size = terminal.size()?;
    app.update(Event::Resize {
        width: size.width,
        height: size.height,
    });
    spawn_signal_listener(tx.clone())?;
    spawn_input_reader(tx.clone());
    spawn_ticker(tx);
    let result = event_loop(&mut terminal, &mut app, &worker, &rx, &theme);
    // Dropped only when showing the cursor works (its drop then has nothing to print); a
    // terminal that is gone is left to the exit.
    if terminal.show_cursor().is_ok() {
        drop(ManuallyDrop::into_inner(terminal));
    }
    restore_terminal();
    drop(worker);
    // From here on the main thread ends munch; a quit from outside waiting for it does not.
    if let Ok(ending) = ENDING.lock() {
        std::mem::forget(ending);
    }
    // The writes still on their way land, unless another munch keeps the data folder locked
    // for long; every file holds its last completed save whatever happens.
    if !app.flush_writes(FLUSH_WAIT) {
        let _ = writeln!(
            std::io::stderr(),
            "munch: another munch kept the data folder locked; the last changes were not saved"
        );
    }
    result
}

/// Does what the app asked of the terminal: a copy goes to the clipboard by OSC 52, which the
/// terminal (not munch) carries out; a terminal without it ignores the sequence. A failed
/// write is not worth stopping the game for.
fn run_effects(app: &mut App) {
    for effect in app.take_effects() {
        match effect {
            Effect::Copy(text) => {
                let _ = execute!(stdout(), CopyToClipboard::to_clipboard_from(text));
            }
        }
    }
}

/// Hands the solver what the app asked of it.
fn send_requests(app: &mut App, worker: &Worker) {
    for job in app.take_requests() {
        worker.send(job);
    }
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    worker: &Worker,
    rx: &Receiver<Input>,
    theme: &Theme,
) -> anyhow::Result<()> {
    let mut hits = HitMap::default();
    app.take_redraw();
    terminal.draw(|frame| hits = ui::render(app, frame, theme))?;
    app.update(Event::Viewport(hits.viewport));
    assert!(
        std::env::var_os(PANIC_FOR_TEST).is_none(),
        "{PANIC_FOR_TEST} is set"
    );
    let busy_for_test = std::env::var_os(BUSY_FOR_TEST).is_some();
    let mut written = Instant::now();
    while let Ok(first) = rx.recv() {
        let started = Instant::now();
        let mut next = Some(first);
        while let Some(input) = next {
            if QUIT_NOW.load(Ordering::SeqCst) {
                return Ok(());
            }
            let event = match input {
                Input::App(event) => Some(event),
                // Pointed at what the last frame drew: a batch is drawn only once it is handled.
                Input::Mouse(mouse) => pointer_event(&hits, mouse),
                Input::Failed(err) => return Err(err.into()),
                Input::Signal => return Ok(()),
            };
            if let Some(event) = event {
                let key = matches!(event, Event::Key(_));
                app.update(event);
                send_requests(app, worker);
                run_effects(app);
                if busy_for_test && key {
                    // Never comes back, as a thread stuck in a long piece of work would not.
                    loop {
                        std::thread::sleep(Duration::from_secs(1));
                    }
                }
            }
            if app.should_quit {
                return Ok(());
            }
            next = if started.elapsed() < BATCH_TIME {
                rx.try_recv().ok()
            } else {
                None
            };
        }
        if QUIT_NOW.load(Ordering::SeqCst) {
            return Ok(());
        }
        if !app.take_redraw() {
            if written.elapsed() >= ALIVE_CHECK {
                // The cursor is hidden while munch runs: hiding it again changes nothing.
                execute!(terminal.backend_mut(), Hide)?;
                written = Instant::now();
            }
            continue;
        }
        terminal.draw(|frame| hits = ui::render(app, frame, theme))?;
        written = Instant::now();
        if hits.viewport != app.viewport {
            app.update(Event::Viewport(hits.viewport));
        }
    }
    Ok(())
}

/// A hover or a left click on something the last frame drew, or the wheel.
fn pointer_event(hits: &HitMap, mouse: MouseEvent) -> Option<Event> {
    let target = hits.target_at(mouse.column, mouse.row);
    let click = match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => true,
        MouseEventKind::Moved | MouseEventKind::Drag(MouseButton::Left) => false,
        MouseEventKind::ScrollUp => return Some(Event::Wheel { target, up: true }),
        MouseEventKind::ScrollDown => return Some(Event::Wheel { target, up: false }),
        _ => return None,
    };
    let target = target?;
    Some(Event::Pointer { target, click })
}

fn spawn_input_reader(tx: Sender<Input>) {
    std::thread::spawn(move || {
        loop {
            let input = match event::read() {
                Ok(TermEvent::Key(key)) if key.is_press() && keys::is_force_quit(&key) => {
                    quit_from_outside(&tx);
                    break;
                }
                Ok(TermEvent::Key(key)) if key.is_press() => Input::App(Event::Key(key)),
                Ok(TermEvent::Mouse(mouse)) => Input::Mouse(mouse),
                Ok(TermEvent::Resize(width, height)) => Input::App(Event::Resize { width, height }),
                Ok(TermEvent::Paste(text)) => Input::App(Event::Paste(text)),
                Ok(_) => continue,
                Err(err) => Input::Failed(err),
            };
            let failed = matches!(input, Input::Failed(_));
            if tx.send(input).is_err() || failed {
                break;
            }
        }
    });
}

fn spawn_ticker(tx: Sender<Input>) {
    std::thread::spawn(move || {
        while tx.send(Input::App(Event::Tick)).is_ok() {
            std::thread::sleep(TICK);
        }
    });
}

/// Set in the environment, munch panics right after drawing its first screen: the terminal
/// tests use it to check that a crash leaves a working terminal and a one-line message.
pub const PANIC_FOR_TEST: &str = "MUNCH_PANIC_FOR_TEST";

/// Set in the environment, munch's interface thread handles its first key and then nothing
/// more, for ever: the terminal tests use it to check that a signal or Ctrl-C still ends munch,
/// with the terminal restored, whatever that thread is doing.
pub const BUSY_FOR_TEST: &str = "MUNCH_BUSY_FOR_TEST";

/// Turns SIGTERM, SIGHUP and SIGINT into a clean quit.
fn spawn_signal_listener(tx: Sender<Input>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            quit_from_outside(&tx);
        }
    });
    Ok(())
}

/// A quit from outside (a signal, Ctrl-C): the loop is told to quit at once; if munch has not
/// ended within [`QUIT_GRACE`] (the loop's thread is busy, or stuck on its way out), the
/// terminal is restored and munch ends here. The game in progress is on file as its last
/// move left it (the app saves after every event).
fn quit_from_outside(tx: &Sender<Input>) {
    QUIT_NOW.store(true, Ordering::SeqCst);
    // Wakes the loop if it is waiting for input.
    let _ = tx.send(Input::Signal);
    std::thread::sleep(QUIT_GRACE);
    let Ok(ending) = ENDING.try_lock() else {
        // The main thread is ending munch.
        return;
    };
    std::mem::forget(ending);
    // Held to the exit, so that the busy thread draws nothing after the terminal is restored.
    let _out = stdout().lock();
    restore_terminal();
    std::process::exit(0);
}

/// On a panic: mouse capture off, the terminal restored, the details (with a backtrace) written
/// to a log file, and one line on stderr saying where, instead of a raw backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        restore_terminal();
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(ToString::to_string)
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        let report = format!("{info}\n\n{}", std::backtrace::Backtrace::force_capture());
        let line = match write_crash_log(&report) {
            Some(path) => format!("munch crashed ({what}); details in {}", path.display()),
            None => format!("munch crashed: {info}"),
        };
        // Not eprintln!: with stderr gone (a closed terminal) it would panic inside the hook.
        let _ = writeln!(std::io::stderr(), "{line}");
    }));
}

/// The data folder, for the crash log; set when the game starts.
static CRASH_DIR: OnceLock<PathBuf> = OnceLock::new();

/// The crash log's name in the data folder.
pub const CRASH_LOG: &str = "munch-crash.log";

/// Writes the crash report to `munch-crash.log` in the data folder, or else to a new file with
/// a unique name in the temporary folder; never through a link. Returns where it went.
fn write_crash_log(report: &str) -> Option<PathBuf> {
    use std::io::Write;
    let write = |path: &Path, fresh: bool| -> std::io::Result<()> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true);
        if fresh {
            options.create_new(true)
        } else {
            options.create(true).truncate(true)
        };
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options
                .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
                .mode(0o600);
        }
        let mut file = options.open(path)?;
        if !file.metadata()?.is_file() {
            return Err(std::io::Error::other("not a regular file"));
        }
        file.write_all(report.as_bytes())
    };
    if let Some(dir) = CRASH_DIR.get() {
        let path = dir.join(CRASH_LOG);
        if write(&path, false).is_ok() {
            return Some(path);
        }
    }
    for attempt in 0..100 {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!("munch-crash-{}-{nanos:x}-{attempt}.log", std::process::id());
        let path = std::env::temp_dir().join(name);
        match write(&path, true) {
            Ok(()) => return Some(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {} // try the next name
            Err(_) => return None,
        }
    }
    None
}
