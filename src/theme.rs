//! Colours and marks. Meaning is always carried by a glyph too, so the game reads in monochrome.

use ratatui::style::{Color, Modifier, Style};
use std::ffi::OsStr;

/// The styles the view draws with, chosen once when the program starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    pub title: Style,
    pub text: Style,
    pub dim: Style,
    pub key: Style,
    pub selected: Style,
    pub chocolate: Style,
    pub poison: Style,
    pub preview: Style,
    pub cursor: Style,
    pub hint: Style,
    pub flash: Style,
    pub eaten: Style,
    pub good: Style,
    pub bad: Style,
}

impl Theme {
    /// The colour theme, or the monochrome one when `NO_COLOR` is set (to anything non-empty).
    /// Read once, by whoever starts the screen, never while drawing.
    pub fn from_env() -> Theme {
        Theme::for_no_color(std::env::var_os("NO_COLOR").as_deref())
    }

    /// The theme for a value of `NO_COLOR`: monochrome when it is set and not empty.
    pub fn for_no_color(no_color: Option<&OsStr>) -> Theme {
        if no_color.is_some_and(|v| !v.is_empty()) {
            Theme::monochrome()
        } else {
            Theme::colour()
        }
    }

    /// Colours for terminals that have them.
    pub fn colour() -> Theme {
        let bold = Modifier::BOLD;
        Theme {
            title: Style::new().fg(Color::Yellow).add_modifier(bold),
            text: Style::new(),
            dim: Style::new().fg(Color::DarkGray),
            key: Style::new().fg(Color::Black).bg(Color::Gray),
            selected: Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(bold),
            chocolate: Style::new().fg(Color::Indexed(130)),
            poison: Style::new()
                .fg(Color::White)
                .bg(Color::Red)
                .add_modifier(bold),
            preview: Style::new().fg(Color::Yellow).add_modifier(bold),
            cursor: Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(bold),
            hint: Style::new().fg(Color::LightGreen).add_modifier(bold),
            flash: Style::new()
                .fg(Color::Black)
                .bg(Color::Magenta)
                .add_modifier(bold),
            eaten: Style::new().fg(Color::DarkGray),
            good: Style::new().fg(Color::LightGreen).add_modifier(bold),
            bad: Style::new().fg(Color::LightRed).add_modifier(bold),
        }
    }

    /// Bold and reverse only, for `NO_COLOR`.
    pub fn monochrome() -> Theme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let reversed = Style::new().add_modifier(Modifier::REVERSED);
        Theme {
            title: bold,
            text: Style::new(),
            dim: Style::new(),
            key: reversed,
            selected: reversed.add_modifier(Modifier::BOLD),
            chocolate: Style::new(),
            poison: bold,
            preview: bold,
            cursor: reversed.add_modifier(Modifier::BOLD),
            hint: bold,
            flash: reversed,
            eaten: Style::new(),
            good: bold,
            bad: bold,
        }
    }
}

/// The glyph that fills a chocolate square.
pub const CHOCOLATE: char = '▒';
/// The glyph that fills a square the move under the cursor would eat.
pub const WOULD_EAT: char = '░';
/// The mark on the poisoned square.
pub const POISON: char = '☠';
/// The mark on the cursor square.
pub const CURSOR: char = '◆';
/// The mark on a square the move would eat.
pub const EAT_MARK: char = '×';
/// The mark on a winning square when hints are on.
pub const HINT: char = '★';
/// What is left of an eaten square.
pub const EATEN: char = '·';
/// A square the Study's why points at and no move reaches (Wythoff's lost squares).
pub const LOST: char = '○';

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_set_to_anything_but_empty_means_monochrome() {
        assert_ne!(Theme::colour(), Theme::monochrome());
        assert_eq!(Theme::for_no_color(None), Theme::colour());
        assert_eq!(Theme::for_no_color(Some(OsStr::new(""))), Theme::colour());
        for value in ["1", "0", "yes"] {
            assert_eq!(
                Theme::for_no_color(Some(OsStr::new(value))),
                Theme::monochrome()
            );
        }
    }
}
