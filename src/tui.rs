//! The thin event loop: read one event, `app.update(event)`, draw, repeat.
//!
//! Key and mouse input, the clock and the solver all feed one channel, so a finished solve wakes
//! the loop at once instead of waiting for the next tick.

use crate::app::{App, Event, TICK};
use crate::ui::{self, HitMap};
use crate::worker::Worker;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event as TermEvent, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::crossterm::execute;
use std::io::stdout;
use std::sync::mpsc::{self, Receiver, Sender};

/// What arrives on the loop's channel.
enum Input {
    App(Event),
    /// Mouse events are turned into [`Event::Pointer`] with the last frame's hit map.
    Mouse(MouseEvent),
    /// Reading the terminal failed: stop.
    Failed(std::io::Error),
}

/// Restores the terminal when dropped: on quit, on error, and while unwinding.
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Runs the full-screen game until the player quits.
pub fn run(budget: u64) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel::<Input>();
    let solver_tx = tx.clone();
    let worker = Worker::spawn(budget, move |message| {
        let _ = solver_tx.send(Input::App(Event::Solver(message)));
    });
    let app = App::new(worker, fastrand::u64(..));

    let mut terminal = ratatui::try_init()?;
    let _guard = TerminalGuard;
    install_panic_hook();
    execute!(stdout(), EnableMouseCapture)?;
    spawn_input_reader(tx.clone());
    spawn_ticker(tx);
    event_loop(&mut terminal, app, &rx)
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    mut app: App,
    rx: &Receiver<Input>,
) -> anyhow::Result<()> {
    let mut hits = HitMap::default();
    terminal.draw(|frame| hits = ui::render(&app, frame))?;
    while let Ok(input) = rx.recv() {
        let event = match input {
            Input::App(event) => event,
            Input::Mouse(mouse) => match pointer_event(&hits, &mouse) {
                Some(event) => event,
                None => continue,
            },
            Input::Failed(err) => return Err(err.into()),
        };
        app.update(event);
        if app.should_quit {
            break;
        }
        terminal.draw(|frame| hits = ui::render(&app, frame))?;
    }
    Ok(())
}

/// A hover or a left click on something the last frame drew.
fn pointer_event(hits: &HitMap, mouse: &MouseEvent) -> Option<Event> {
    let click = match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => true,
        MouseEventKind::Moved | MouseEventKind::Drag(MouseButton::Left) => false,
        _ => return None,
    };
    let target = hits.target_at(mouse.column, mouse.row)?;
    Some(Event::Pointer { target, click })
}

fn spawn_input_reader(tx: Sender<Input>) {
    std::thread::spawn(move || {
        loop {
            let input = match event::read() {
                Ok(TermEvent::Key(key)) if key.is_press() => Input::App(Event::Key(key)),
                Ok(TermEvent::Mouse(mouse)) => Input::Mouse(mouse),
                Ok(TermEvent::Resize(..)) => Input::App(Event::Resize),
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

/// `ratatui::try_init` restores the screen on panic but leaves mouse capture on; switch it off too.
fn install_panic_hook() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        hook(info);
    }));
}
