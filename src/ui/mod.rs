//! Drawing only: `render(app, frame, theme)` is a pure function of the app state and the theme
//! chosen at start. It returns a [`HitMap`] of where it drew everything clickable, which the
//! event loop uses to turn mouse positions into [`Target`]s.
//!
//! A game draws its own view and fills the panel's lines through its session
//! ([`View`](crate::games::session::View)); the panel's frame, the dialogs and the key bar are
//! shared.

mod dialogs;
mod graph;
mod menu;
mod panel;
mod puzzle;
mod study;

use crate::app::keys::{self, Action, Binding};
use crate::app::{App, Dialog, Modal, Screen, Target, Viewport, WARNING_TICKS};
use crate::games::session::Session;
use crate::input::Spots;
use crate::theme::Theme;
use crate::units::cut;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Margin, Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use panel::PanelView;

/// The places on screen the mouse can point at, in drawing order.
#[derive(Debug, Default, Clone)]
pub struct HitMap {
    regions: Vec<(Rect, Target)>,
    /// How far the frame's scrolling parts can go; the event loop hands it to the app.
    pub viewport: Viewport,
}

impl HitMap {
    /// Records that `target` was drawn in `area`.
    pub fn add(&mut self, area: Rect, target: Target) {
        self.regions.push((area, target));
    }

    /// Forgets everything drawn so far: a dialog now covers it.
    pub fn clear(&mut self) {
        self.regions.clear();
    }

    /// What is at column `x`, row `y` (the last thing drawn there wins).
    pub fn target_at(&self, x: u16, y: u16) -> Option<Target> {
        self.regions
            .iter()
            .rev()
            .find(|(area, _)| area.contains(Position::new(x, y)))
            .map(|&(_, target)| target)
    }
}

use crate::app::size::{self, PANEL_WIDTH};

/// Draws the whole screen with `theme`, which the program chooses once ([`Theme::from_env`]) and
/// a test chooses for itself.
pub fn render(app: &App, frame: &mut Frame, theme: &Theme) -> HitMap {
    let mut hits = HitMap::default();
    let area = frame.area();
    let (need_w, need_h) = minimum_size(app);
    if area.width < need_w || area.height < need_h {
        too_small(
            frame,
            area,
            (need_w, need_h),
            app.hidden_esc_goes_back(),
            app.hidden_quit_keeps_game(),
            theme,
        );
        return hits;
    }
    let [main, bar] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
    let view = match &app.screen {
        Screen::Menu => {
            menu::render(app, frame, main, &mut hits, theme);
            None
        }
        Screen::Study(screen) => {
            study::render(screen, frame, main, &mut hits, theme);
            None
        }
        Screen::Puzzle(screen) => {
            puzzle::render(screen, app.ticks, frame, main, &mut hits, theme);
            None
        }
        Screen::Play(session) => Some(play(app, session.as_ref(), frame, main, &mut hits, theme)),
    };
    // What is open over the screen, drawn from the bottom of the stack up.
    for modal in app.modals() {
        match modal {
            // The menu's box makes room for them among its lines.
            Modal::Replace(_) | Modal::Warnings => {}
            Modal::Dialog(dialog) => {
                if let (Screen::Play(session), Some(view)) = (&app.screen, view) {
                    dialog_over_game(
                        app,
                        session.as_ref(),
                        dialog,
                        view,
                        frame,
                        main,
                        &mut hits,
                        theme,
                    );
                }
            }
            Modal::Help => {
                let game = match &app.screen {
                    Screen::Menu => app.menu.settings.game,
                    Screen::Play(_) => app.playing.game,
                    Screen::Study(screen) => screen.kind,
                    Screen::Puzzle(screen) => screen.kind(),
                };
                hits.viewport.help_hidden = dialogs::help(
                    game,
                    app.bindings(),
                    app.help_scroll,
                    frame,
                    main,
                    &mut hits,
                    theme,
                );
            }
        }
    }
    // On the menu every warning is listed until dismissed; a game shows the latest a while.
    let in_game = !matches!(app.screen, Screen::Menu);
    match app.warnings.last() {
        Some(warning) if in_game && app.ticks.saturating_sub(app.warning_at) < WARNING_TICKS => {
            let text = cut(&format!(" ⚠ {warning}"), usize::from(bar.width));
            let line = Line::styled(text, theme.bad);
            frame.render_widget(Paragraph::new(line), bar);
        }
        _ if app.top_modal() == Some(Modal::Help) => {
            // Scrolling is offered only when there is something to scroll to.
            let scrolls = hits.viewport.help_hidden > 0;
            let shown = &keys::HELP_OPEN[usize::from(!scrolls)..];
            key_bar(shown, frame, bar, theme);
        }
        _ => key_bar(app.bindings(), frame, bar, theme),
    }
    hits
}

/// A dialog over the game: a question inside the screen's frame, or the game-over box.
#[expect(
    clippy::too_many_arguments,
    reason = "what a dialog is drawn from and into, as every drawing function here takes it"
)]
fn dialog_over_game(
    app: &App,
    session: &dyn Session,
    dialog: Dialog,
    view: Rect,
    frame: &mut Frame,
    main: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    // Dialogs stay inside the frames, so that no border is drawn over.
    let inside = main.inner(Margin::new(1, 1));
    if dialog != Dialog::GameOver {
        return question(app, dialog, frame, inside, hits, theme);
    }
    let Some(loser) = session.loser() else {
        return;
    };
    // The game's note too ("Nothing to undo."): the box hides the panel's.
    let mut what = session.review_lines();
    what.extend(session.message().map(str::to_string));
    if app.start.is_some() {
        what.push("From a set position: not counted in your record.".into());
    }
    // A person's move that threw the win away ("Move 3, you …", "Move 4, Player 2 …") is
    // brought back by m.
    let persons = [", you ", ", Player "];
    if what
        .iter()
        .any(|l| l.starts_with("Move ") && persons.iter().any(|p| l.contains(p)))
    {
        what.push("m: try your mistakes again.".into());
    }
    // Over the board, inside its frame, so that the panel's moves stay readable beside it;
    // where the board is too narrow for the box's buttons, over the whole screen, inside its
    // outer border.
    let board = view.inner(Margin::new(1, 1));
    let over = if board.width >= size::GAME_OVER_REVIEW_BUTTON {
        board
    } else {
        inside
    };
    dialogs::game_over(
        &app.playing,
        loser,
        what,
        app.focused_button(),
        frame,
        over,
        hits,
        theme,
    );
}

/// A game's screen: its view, and beside it the side panel with what the game put in it.
/// Returns where the view was drawn.
fn play(
    app: &App,
    session: &dyn Session,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) -> Rect {
    let [view_area, panel_area] =
        Layout::horizontal([Constraint::Min(1), Constraint::Length(PANEL_WIDTH)]).areas(area);
    let mut spots = Spots::default();
    session.render(view_area, frame.buffer_mut(), theme, app.ticks, &mut spots);
    // The view's spots come first, so the panel and any dialog drawn later win over them.
    for (spot_area, spot) in spots.0 {
        hits.add(spot_area, Target::Spot(spot));
    }
    let panel = PanelView {
        info: session.panel(theme),
        controls: controls(app),
        theme,
    };
    frame.render_stateful_widget(panel, panel_area, hits);
    view_area
}

/// The panel's buttons: each does what its key does.
const GAME_BUTTONS: &[(&str, Action)] = &[
    ("Hints", Action::ToggleHints),
    ("Undo", Action::Undo),
    ("Redo", Action::Redo),
    ("Restart", Action::Restart),
    // Like Esc: asks first, and the question offers the menu.
    ("Menu", Action::Back),
];

/// The panel's buttons in a game between computers, running and paused.
const DEMO_BUTTONS: &[(&str, Action)] = &[
    ("Pause", Action::Pause),
    ("Step", Action::Step),
    ("Slower", Action::Slower),
    ("Faster", Action::Faster),
    ("Menu", Action::Back),
];
const PAUSED_BUTTONS: &[(&str, Action)] = &[
    ("Go on", Action::Pause),
    ("Step", Action::Step),
    ("Slower", Action::Slower),
    ("Faster", Action::Faster),
    ("Menu", Action::Back),
];

fn controls(app: &App) -> panel::Controls<'static> {
    let (buttons, note) = if app.is_demo() {
        let speed = app.demo.speed_label();
        if app.demo.paused {
            (
                PAUSED_BUTTONS,
                Some(format!("Demo {speed}, paused: n steps")),
            )
        } else {
            (DEMO_BUTTONS, Some(format!("Demo at {speed} (+ - Space)")))
        }
    } else {
        (GAME_BUTTONS, None)
    };
    panel::Controls {
        history_top: app.history_top,
        buttons,
        note,
        // A finished position is no position to copy or start from.
        position: app
            .session()
            .filter(|session| !session.is_over())
            .map(Session::position),
    }
}

/// A question over the game.
fn question(
    app: &App,
    dialog: Dialog,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let focus = app.focused_button();
    match dialog {
        Dialog::ConfirmQuit => {
            let kept = if app.is_demo() {
                dialogs::Kept::Demo
            } else if !app.game_played() {
                dialogs::Kept::Nothing
            } else if app.quit_saved() {
                dialogs::Kept::Saved
            } else if app.game_saving() {
                dialogs::Kept::Saving
            } else {
                dialogs::Kept::NotSaved
            };
            dialogs::confirm_quit(kept, focus, frame, area, hits, theme);
        }
        Dialog::ConfirmRestart => dialogs::confirm_restart(focus, frame, area, hits, theme),
        Dialog::Question(words) => dialogs::game_question(words, focus, frame, area, hits, theme),
        Dialog::GameOver => {}
    }
}

/// The smallest terminal that shows the current screen whole: (columns, rows).
pub fn minimum_size(app: &App) -> (u16, u16) {
    size::minimum_size(&app.screen)
}

/// The size message, with the keys that work while it shows (see
/// [`App::hidden_esc_goes_back`]) and, where they quit from a game, whether it is kept (see
/// [`App::hidden_quit_keeps_game`]).
fn too_small(
    frame: &mut Frame,
    area: Rect,
    (need_w, need_h): (u16, u16),
    esc_goes_back: bool,
    game_kept: Option<bool>,
    theme: &Theme,
) {
    let keys = too_small_keys(esc_goes_back, game_kept);
    let text = vec![
        Line::from(Span::styled("The terminal is too small.", theme.title)),
        Line::from(format!(
            "Need {need_w}×{need_h}, have {}×{}.",
            area.width, area.height
        )),
        Line::from(keys),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// The size message's keys: Esc goes back where that is safe; elsewhere it quits as q does,
/// and the message says so, with what becomes of the game.
fn too_small_keys(esc_goes_back: bool, game_kept: Option<bool>) -> &'static str {
    match (esc_goes_back, game_kept) {
        (true, _) => "Enlarge the window. Esc goes back, q quits.",
        (false, Some(true)) => "Enlarge the window; q or Esc quits (the game is saved).",
        (false, Some(false)) => "Enlarge the window; q or Esc quits (this game is not saved).",
        (false, None) => "Enlarge the window; q or Esc quits.",
    }
}

/// The key bar: the bindings that have bar words, shortened until they fit `area`: one by one
/// each key to its first name ("Enter" for "Enter Space"), the last item's aside, then narrower
/// gaps, and only then the last item's keys (so that "q Esc  leave" reads the same on every
/// bar at 80 columns), then items left out (the last two, help and leave/quit, always stay).
fn key_bar(bindings: &[Binding], frame: &mut Frame, area: Rect, theme: &Theme) {
    let line = key_bar_line(bindings, usize::from(area.width), theme);
    frame.render_widget(Paragraph::new(line), area);
}

/// The key bar's line for `bindings` in `width` columns (see [`key_bar`]).
fn key_bar_line(bindings: &[Binding], width: usize, theme: &Theme) -> Line<'static> {
    let mut items: Vec<(&str, &str, bool)> = bindings
        .iter()
        .filter_map(|b| {
            let arrows = b.keys.iter().all(|(_, a)| {
                matches!(a, Action::Up | Action::Down | Action::Left | Action::Right)
            });
            b.bar.map(|words| (b.label, words, arrows))
        })
        .collect();
    let line = |items: &[(&str, &str, bool)], gap: &'static str| {
        let mut spans = Vec::new();
        for &(label, words, _) in items {
            if !spans.is_empty() {
                spans.push(Span::styled(gap, theme.dim));
            }
            spans.push(Span::styled(format!(" {label} "), theme.key));
            spans.push(Span::raw(format!(" {words}")));
        }
        Line::from(spans)
    };
    let fits = |items: &[(&str, &str, bool)], gap| line(items, gap).width() <= width;
    let first_name = |label: &'static str| label.split_whitespace().next().unwrap_or(label);
    for i in 0..items.len().saturating_sub(1) {
        if fits(&items, "  ") {
            break;
        }
        items[i].0 = first_name(items[i].0);
    }
    let gap = if fits(&items, "  ") { "  " } else { " " };
    if !fits(&items, gap)
        && let Some(last) = items.last_mut()
    {
        last.0 = first_name(last.0);
    }
    // Arrow keys go first (they are the ones a person tries anyway), then from the middle.
    while !fits(&items, gap) && items.len() > 2 {
        let arrows = items[..items.len() - 2].iter().rposition(|i| i.2);
        items.remove(arrows.unwrap_or(items.len() - 3));
    }
    line(&items, gap)
}

/// A `width` × `height` rectangle centred in `area` (clipped to it).
pub(crate) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// A build's progress on one line: its label and percentage (`outcomes  42% `), then a bar of
/// `style` filling the rest of `area` in proportion to `ratio` (whole cells, then an eighth-cell
/// block for the remainder). Drawn here rather than with ratatui's `Gauge`, which with an empty
/// label still blanks the cell where its label would stand: a gap in the middle of every bar past
/// half full ("████ ███"), shown as a space wherever the style sets no background colour.
pub(crate) fn progress(label: &str, ratio: f64, style: Style, area: Rect, buf: &mut Buffer) {
    let ratio = if ratio.is_finite() {
        ratio.clamp(0.0, 1.0)
    } else {
        0.0
    };
    // Rounded down, but not below what the ratio stands for: 29 of 100 is 0.28999… × 100.
    let label = format!("{label} {:>3.0}% ", (ratio * 100.0 + 1e-9).floor());
    let [label_area, bar_area] = Layout::horizontal([
        Constraint::Length(u16::try_from(label.chars().count()).unwrap_or(u16::MAX)),
        Constraint::Min(1),
    ])
    .areas(Rect::new(area.x, area.y, area.width, area.height.min(1)));
    Paragraph::new(label).render(label_area, buf);
    if bar_area.is_empty() {
        return;
    }
    buf.set_style(bar_area, style);
    // In eighths of a cell, so that the bar only ever grows.
    let eighths = (f64::from(bar_area.width) * 8.0 * ratio + 1e-9).floor();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "between 0 and 8 × the bar's width, a u16"
    )]
    let eighths = eighths as u32;
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    for (i, x) in (bar_area.left()..bar_area.right()).enumerate() {
        let cell = u32::try_from(i).unwrap_or(u32::MAX).saturating_mul(8);
        let symbol = if cell + 8 <= eighths {
            "█"
        } else if cell < eighths {
            partial[(eighths - cell) as usize]
        } else {
            " "
        };
        buf[(x, bar_area.y)].set_symbol(symbol);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Button;

    /// The key bar of `table` drawn `width` columns wide.
    fn bar_text(table: &[Binding], width: u16) -> String {
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, 1)).unwrap();
        terminal
            .draw(|f| key_bar(table, f, f.area(), &Theme::colour()))
            .unwrap();
        let buffer = terminal.backend().buffer();
        (0..width).map(|x| buffer[(x, 0)].symbol()).collect()
    }

    /// Every key table with a bar: the games' and the app's.
    fn every_table() -> Vec<&'static [Binding]> {
        let tables = [
            keys::MENU,
            keys::MENU_REVIEW,
            keys::STUDY,
            keys::STUDY_EDIT,
            keys::STUDY_SIDE,
            keys::REVIEW,
            keys::DEMO,
            keys::DEMO_PAUSED,
            keys::REPLACE_SAVED,
            keys::HELP_OPEN,
            keys::GAME_OVER,
            keys::CONFIRM_RESTART,
            crate::games::chomp::tables::POISON_QUESTION.keys,
            keys::WARNINGS,
            keys::CONFIRM_QUIT,
        ];
        crate::games::GAMES
            .map(crate::games::Game::keys)
            .into_iter()
            .chain(tables)
            .collect()
    }

    #[test]
    fn every_key_bar_shows_all_its_words_at_80_columns_and_help_and_leave_at_40() {
        for table in every_table() {
            let words: Vec<&str> = table.iter().filter_map(|b| b.bar).collect();
            let wide = bar_text(table, 80);
            for word in &words {
                assert!(wide.contains(word), "{word:?} missing from {wide:?}");
            }
            // Narrow, the last two (help and leave or quit, as a rule) stay whole.
            let narrow = bar_text(table, 40);
            for word in words.iter().rev().take(2) {
                assert!(narrow.contains(word), "{word:?} missing from {narrow:?}");
            }
        }
    }

    #[test]
    fn at_80_columns_the_way_out_names_all_its_keys_on_every_bar() {
        // "q Esc  leave" in every game, as on the Study screen: Esc works everywhere.
        for table in every_table() {
            let last = table.iter().rev().find_map(|b| b.bar.map(|_| b.label));
            let last = last.expect("every bar has a way out");
            let wide = bar_text(table, 80);
            assert!(
                wide.contains(&format!(" {last} ")),
                "{last:?} cut in {wide:?}"
            );
        }
        let nim = bar_text(crate::games::nim::session::KEYS, 80);
        assert!(nim.contains(" 0-9  type"), "{nim:?}");
    }

    #[test]
    fn the_last_region_drawn_wins() {
        let mut hits = HitMap::default();
        hits.add(Rect::new(0, 0, 10, 10), Target::Button(Button::Menu));
        hits.add(Rect::new(2, 2, 2, 1), Target::Button(Button::Quit));
        assert_eq!(hits.target_at(2, 2), Some(Target::Button(Button::Quit)));
        assert_eq!(hits.target_at(3, 2), Some(Target::Button(Button::Quit)));
        assert_eq!(hits.target_at(4, 2), Some(Target::Button(Button::Menu)));
        assert_eq!(hits.target_at(10, 0), None);
        hits.clear();
        assert_eq!(hits.target_at(0, 0), None);
    }

    #[test]
    fn centering_clips_to_the_area() {
        let area = Rect::new(10, 5, 20, 10);
        assert_eq!(centered(area, 10, 4), Rect::new(15, 8, 10, 4));
        assert_eq!(centered(area, 40, 40), area);
    }
}
