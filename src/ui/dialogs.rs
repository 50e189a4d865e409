//! Boxes drawn over the screen: help, "leave the game?", and game over.

use super::{HitMap, centered};
use crate::app::keys::Binding;
use crate::app::size;
use crate::app::{Button, Target};
use crate::games::session::QuestionWords;
use crate::settings::{GameKind, Settings};
use crate::theme::Theme;
use crate::units::NO_BREAK;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Wrap};

/// Widest the help box grows.
const HELP_WIDTH: u16 = 72;

/// The keys of the current screen, and the rules, wrapped to the room there is. When they do
/// not fit, the box shows the lines from `scroll` on and says there is more; returns how many
/// lines are out of view (the most `scroll` can usefully be).
pub fn help(
    game: GameKind,
    bindings: &[Binding],
    scroll: u16,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) -> u16 {
    let width = HELP_WIDTH.min(area.width);
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let prose = |text: &str, style| -> Vec<Line<'static>> {
        wrap_words(text, inner)
            .into_iter()
            .map(|l| Line::styled(l, style))
            .collect()
    };
    let mut lines = vec![Line::styled(game.label(), theme.title)];
    for rule in game.game().rules() {
        lines.extend(prose(rule, theme.text));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Keys", theme.title));
    // Keys right-aligned in a column as wide as the widest, what they do wrapped beside them.
    let keys: Vec<(&str, &str)> = bindings
        .iter()
        .map(|b| (b.label, b.help))
        .chain([("Ctrl-C", "quit at once")])
        .collect();
    let column = keys
        .iter()
        .map(|(k, _)| Line::raw(*k).width())
        .max()
        .unwrap_or(0);
    let text_width = inner.saturating_sub(column + 2).max(10);
    for (key, what) in keys {
        let pad = column.saturating_sub(Line::raw(key).width());
        for (i, part) in wrap_words(what, text_width).into_iter().enumerate() {
            lines.push(if i == 0 {
                Line::from(vec![
                    Span::raw(" ".repeat(pad)),
                    Span::styled(key, theme.key),
                    Span::raw(format!("  {part}")),
                ])
            } else {
                Line::raw(format!("{}{part}", " ".repeat(column + 2)))
            });
        }
    }
    lines.extend(prose(
        "Mouse: point to preview, click to choose, wheel to change or scroll.",
        theme.text,
    ));
    let close = prose("Press any key or click to close.", theme.dim);
    // A blank line sets the last one apart, unless leaving it out is what makes the whole help
    // fit (it scrolls otherwise).
    let fits = |lines: usize| lines + 2 <= usize::from(area.height);
    let length = lines.len() + close.len();
    if fits(length + 1) || !fits(length) {
        lines.push(Line::raw(""));
    }
    lines.extend(close);

    let total = lines.len() as u16;
    let rect = centered(area, width, total.saturating_add(2));
    let visible = rect.height.saturating_sub(2);
    let hidden = total.saturating_sub(visible);
    let scroll = scroll.min(hidden);
    let mut block = Block::bordered().title(" Help ").title_style(theme.title);
    if hidden > 0 {
        let more = match (scroll > 0, scroll < hidden) {
            (true, true) => " ↑↓ more ",
            (false, _) => " ↓ more ",
            (true, false) => " ↑ more ",
        };
        block = block.title_bottom(Line::styled(more, theme.title).right_aligned());
    }
    hits.clear();
    hits.add(area, Target::Button(Button::CloseHelp));
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), rect);
    hidden
}

/// `text` broken into lines of at most `width` columns at spaces, but not at a no-break space
/// ([`NO_BREAK`]; a longer word is cut).
pub(crate) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    let words = text
        .split(|c: char| c.is_whitespace() && c != NO_BREAK)
        .filter(|word| !word.is_empty());
    for word in words {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..width).collect());
        }
        let word: String = word.into_iter().collect();
        let needed = usize::from(!line.is_empty()) + Line::raw(word.as_str()).width();
        if !line.is_empty() && Line::raw(line.as_str()).width() + needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// What "Leave the game?" says becomes of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// Its file holds it as it stands.
    Saved,
    /// Its latest save is on its way (another munch holds the data folder a moment).
    Saving,
    /// Its save failed or was overtaken: only this window's memory holds it.
    NotSaved,
    /// Nobody has played in it yet.
    Nothing,
    /// Two computers play: a demonstration is never saved.
    Demo,
}

/// "Leave this game?", saying whether the game is saved (only when it is).
pub fn confirm_quit(
    kept: Kept,
    focus: Option<Button>,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let line = match kept {
        Kept::Saved => Line::raw("The game is saved; the menu offers to resume it."),
        Kept::Saving => Line::raw("The game is being saved; Quit waits a moment for it."),
        Kept::NotSaved => Line::styled(
            "This game is not saved: the menu keeps it until munch quits; Quit loses it.",
            theme.bad,
        ),
        Kept::Nothing => Line::raw("You have not moved yet: nothing to keep."),
        Kept::Demo => {
            Line::raw("A demonstration is not saved; your saved games stay as they were.")
        }
    };
    dialog(
        focus,
        frame,
        area,
        hits,
        theme,
        " Leave the game? ",
        vec![line],
        &[
            ("Quit", Button::Quit),
            ("Menu", Button::Menu),
            ("Keep playing", Button::KeepPlaying),
        ],
    );
}

/// "Restart the game?"
pub fn confirm_restart(
    focus: Option<Button>,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    dialog(
        focus,
        frame,
        area,
        hits,
        theme,
        " Restart the game? ",
        vec![Line::raw("This game's moves will be lost.")],
        &[
            ("Restart", Button::ConfirmRestart),
            ("Keep playing", Button::KeepPlaying),
        ],
    );
}

/// A game's own question before a move, in its words ("Eat the poison and lose?").
pub fn game_question(
    words: &QuestionWords,
    focus: Option<Button>,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let mut lines: Vec<Line> = words.lines.iter().map(|&line| Line::raw(line)).collect();
    lines.extend(words.aside.map(|aside| Line::styled(aside, theme.dim)));
    dialog(
        focus,
        frame,
        area,
        hits,
        theme,
        words.title,
        lines,
        &[
            (words.yes, Button::Yes),
            ("Keep playing", Button::KeepPlaying),
        ],
    );
}

/// How the game ended, who won, and what next.
#[expect(
    clippy::too_many_arguments,
    reason = "what the dialog says, plus the frame, area, hit map and theme every drawing takes"
)]
pub fn game_over(
    settings: &Settings,
    loser: usize,
    what: Vec<String>,
    focus: Option<Button>,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let winner = settings.name(1 - loser);
    let verb = if winner == "You" { "win" } else { "wins" };
    let mut lines: Vec<Line> = what.into_iter().map(Line::from).collect();
    lines.push(Line::from(Span::styled(
        format!("{winner} {verb}!"),
        theme.good,
    )));
    let all = GAME_OVER_BUTTONS;
    // Where the four do not fit (the smallest screens), Review is left to its key, v.
    let buttons: Vec<(&str, Button)> = if area.width >= size::GAME_OVER_REVIEW_BUTTON {
        all.to_vec()
    } else {
        all.into_iter()
            .filter(|&(_, b)| b != Button::Review)
            .collect()
    };
    dialog(
        focus,
        frame,
        area,
        hits,
        theme,
        " Game over ",
        lines,
        &buttons,
    );
}

/// How wide a row of `buttons` is: each label in its brackets, one space between.
fn buttons_width(buttons: &[(&str, Button)]) -> usize {
    buttons
        .iter()
        .map(|(label, _)| label.len() + 4)
        .sum::<usize>()
        + buttons.len().saturating_sub(1)
}

/// The game-over box's buttons, left to right.
const GAME_OVER_BUTTONS: [(&str, Button); 4] = [
    ("Play again", Button::PlayAgain),
    ("Menu", Button::Menu),
    ("Review", Button::Review),
    ("Quit", Button::Quit),
];

/// Width of the question and game-over dialogs.
const DIALOG_WIDTH: u16 = 56;
// Where the four buttons fit, the box is narrower than its full width (see the test below).
const _: () = assert!(size::GAME_OVER_REVIEW_BUTTON <= DIALOG_WIDTH);

/// A box with `lines` and a row of buttons; the `focus` one is highlighted (▸ ◂), Enter's.
#[expect(
    clippy::too_many_arguments,
    reason = "what the dialog says, plus the frame, area, hit map and theme every drawing takes"
)]
fn dialog(
    focus: Option<Button>,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
    title: &str,
    mut lines: Vec<Line>,
    buttons: &[(&str, Button)],
) {
    lines.push(Line::raw(""));
    let text = Paragraph::new(lines).centered().wrap(Wrap { trim: true });
    // As tall as the text once wrapped, plus the buttons' row and the border.
    let width = DIALOG_WIDTH.min(area.width);
    // A column of room inside each side, so that wrapped text never touches the border;
    // where that would break a line the box holds whole without it (a box inside a narrow
    // board's frame), none.
    let padded = text.line_count(width.saturating_sub(4));
    let pad = u16::from(padded <= text.line_count(width.saturating_sub(2)));
    let wrapped = text.line_count(width.saturating_sub(2 + 2 * pad)) as u16;
    let rect = centered(area, width, wrapped.saturating_add(3));
    hits.clear();
    frame.render_widget(Clear, rect);
    frame.render_widget(
        text.block(
            Block::bordered()
                .title(title)
                .title_style(theme.title)
                .padding(Padding::horizontal(pad)),
        ),
        rect,
    );
    let total = u16::try_from(buttons_width(buttons)).unwrap_or(u16::MAX);
    let mut x = rect.x + rect.width.saturating_sub(total) / 2;
    let y = rect.bottom().saturating_sub(2);
    for &(label, button) in buttons {
        // As wide either way, so the highlight moves without the row shifting.
        let (text, style) = if focus == Some(button) {
            (format!("▸ {label} ◂"), theme.selected)
        } else {
            (format!("[ {label} ]"), theme.text)
        };
        let width = text.chars().count() as u16;
        let button_area = Rect::new(x, y, width, 1).intersection(rect);
        frame.render_widget(Paragraph::new(Span::styled(text, style)), button_area);
        hits.add(button_area, Target::Button(button));
        x += width + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{GAME_OVER_BUTTONS, buttons_width, size, wrap_words};

    #[test]
    fn the_review_button_shows_exactly_where_the_four_buttons_fit() {
        // The box is as wide as the room it is given there (narrower than DIALOG_WIDTH).
        let narrowest = buttons_width(&GAME_OVER_BUTTONS) + 2;
        assert_eq!(narrowest, usize::from(size::GAME_OVER_REVIEW_BUTTON));
    }

    #[test]
    fn words_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(
            wrap_words("take the chosen coins", 10),
            ["take the", "chosen", "coins"]
        );
        assert_eq!(wrap_words("abcdefghij kl", 4), ["abcd", "efgh", "ij", "kl"]);
        assert_eq!(wrap_words("", 5), [""]);
        for line in wrap_words("Whoever eats the poisoned square (☠, a1) loses.", 12) {
            assert!(line.chars().count() <= 12, "{line}");
        }
    }
}
