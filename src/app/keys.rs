//! Every key binding, per screen, in one table each. The key handlers look keys up here and the
//! help screen and key bar are printed from here, so what the help says is what the keys do.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Eat the square under the cursor / activate the menu item.
    Select,
    ToggleHints,
    Help,
    /// Leave: quit from the menu, ask first during a game.
    Quit,
    /// Go back a level (to the menu, or close a dialog).
    Back,
    PlayAgain,
    Menu,
    Yes,
    No,
    /// A digit typed (a take in a coin-pile game).
    Digit(u8),
    /// Delete the last digit typed.
    Erase,
    Undo,
    Redo,
    Restart,
}

/// One line of help: the keys (as shown), what they do, and which key does which action.
pub struct Binding {
    pub label: &'static str,
    pub help: &'static str,
    /// The short words shown in the always-visible key bar, if it is shown there.
    pub bar: Option<&'static str>,
    pub keys: &'static [(KeyCode, Action)],
}

const fn bind(
    label: &'static str,
    help: &'static str,
    bar: Option<&'static str>,
    keys: &'static [(KeyCode, Action)],
) -> Binding {
    Binding {
        label,
        help,
        bar,
        keys,
    }
}

const UP_DOWN: &[(KeyCode, Action)] = &[
    (KeyCode::Up, Action::Up),
    (KeyCode::Char('k'), Action::Up),
    (KeyCode::Down, Action::Down),
    (KeyCode::Char('j'), Action::Down),
];

const LEFT_RIGHT: &[(KeyCode, Action)] = &[
    (KeyCode::Left, Action::Left),
    (KeyCode::Char('h'), Action::Left),
    (KeyCode::Right, Action::Right),
    (KeyCode::Char('l'), Action::Right),
];

const ARROWS: &[(KeyCode, Action)] = &[
    UP_DOWN[0],
    UP_DOWN[1],
    UP_DOWN[2],
    UP_DOWN[3],
    LEFT_RIGHT[0],
    LEFT_RIGHT[1],
    LEFT_RIGHT[2],
    LEFT_RIGHT[3],
];

/// Keys on the menu.
pub const MENU: &[Binding] = &[
    bind("↑↓ jk", "choose a line", Some("choose"), UP_DOWN),
    bind("←→ hl", "change the value", Some("change"), LEFT_RIGHT),
    bind(
        "Enter",
        "start the game (or activate Quit)",
        Some("start"),
        &[
            (KeyCode::Enter, Action::Select),
            (KeyCode::Char(' '), Action::Select),
        ],
    ),
    bind(
        "?",
        "show this help",
        Some("help"),
        &[(KeyCode::Char('?'), Action::Help)],
    ),
    bind(
        "q Esc",
        "quit munch",
        Some("quit"),
        &[
            (KeyCode::Char('q'), Action::Quit),
            (KeyCode::Esc, Action::Quit),
        ],
    ),
];

/// Keys while a game is on.
pub const GAME: &[Binding] = &[
    bind("←↑↓→ hjkl", "move the cursor", Some("move"), ARROWS),
    bind(
        "Enter Space",
        "eat the square and everything above and right of it",
        Some("eat"),
        &[
            (KeyCode::Enter, Action::Select),
            (KeyCode::Char(' '), Action::Select),
        ],
    ),
    bind(
        "u",
        "undo your last move (and the computer's reply)",
        Some("undo"),
        &[(KeyCode::Char('u'), Action::Undo)],
    ),
    bind("Ctrl-r", "redo what undo took back", None, &[]),
    bind(
        "r",
        "restart with the same settings",
        None,
        &[(KeyCode::Char('r'), Action::Restart)],
    ),
    bind(
        "H",
        "hints: mark every winning square",
        Some("hints"),
        &[(KeyCode::Char('H'), Action::ToggleHints)],
    ),
    bind(
        "?",
        "show this help",
        Some("help"),
        &[(KeyCode::Char('?'), Action::Help)],
    ),
    bind(
        "q Esc",
        "leave the game (asks first)",
        Some("leave"),
        &[
            (KeyCode::Char('q'), Action::Quit),
            (KeyCode::Esc, Action::Back),
        ],
    ),
];

const DIGITS: &[(KeyCode, Action)] = &[
    (KeyCode::Char('0'), Action::Digit(0)),
    (KeyCode::Char('1'), Action::Digit(1)),
    (KeyCode::Char('2'), Action::Digit(2)),
    (KeyCode::Char('3'), Action::Digit(3)),
    (KeyCode::Char('4'), Action::Digit(4)),
    (KeyCode::Char('5'), Action::Digit(5)),
    (KeyCode::Char('6'), Action::Digit(6)),
    (KeyCode::Char('7'), Action::Digit(7)),
    (KeyCode::Char('8'), Action::Digit(8)),
    (KeyCode::Char('9'), Action::Digit(9)),
    (KeyCode::Backspace, Action::Erase),
];

/// Keys while a coin-pile game is on.
pub const PILE: &[Binding] = &[
    bind(
        "←→ hl",
        "take one coin fewer / more (the next legal take)",
        Some("choose"),
        LEFT_RIGHT,
    ),
    bind(
        "↑↓ kj",
        "more / fewer: ten coins in Fibonacci Nim, else the next legal take",
        None,
        UP_DOWN,
    ),
    bind("0-9 ⌫", "type how many to take", Some("type"), DIGITS),
    bind(
        "Enter Space",
        "take the chosen coins",
        Some("take"),
        &[
            (KeyCode::Enter, Action::Select),
            (KeyCode::Char(' '), Action::Select),
        ],
    ),
    bind(
        "u",
        "undo your last move (and the computer's reply)",
        Some("undo"),
        &[(KeyCode::Char('u'), Action::Undo)],
    ),
    bind("Ctrl-r", "redo what undo took back", None, &[]),
    bind(
        "r",
        "restart with the same settings",
        None,
        &[(KeyCode::Char('r'), Action::Restart)],
    ),
    bind(
        "H",
        "hints: mark every winning take",
        Some("hints"),
        &[(KeyCode::Char('H'), Action::ToggleHints)],
    ),
    bind(
        "?",
        "show this help",
        Some("help"),
        &[(KeyCode::Char('?'), Action::Help)],
    ),
    bind(
        "q Esc",
        "leave the game (asks first)",
        Some("leave"),
        &[
            (KeyCode::Char('q'), Action::Quit),
            (KeyCode::Esc, Action::Back),
        ],
    ),
];

/// Keys on the game-over screen.
pub const GAME_OVER: &[Binding] = &[
    bind(
        "Enter r",
        "play again with the same settings",
        Some("play again"),
        &[
            (KeyCode::Enter, Action::PlayAgain),
            (KeyCode::Char('r'), Action::PlayAgain),
        ],
    ),
    bind(
        "m Esc",
        "back to the menu",
        Some("menu"),
        &[
            (KeyCode::Char('m'), Action::Menu),
            (KeyCode::Esc, Action::Menu),
        ],
    ),
    bind(
        "q",
        "quit munch",
        Some("quit"),
        &[(KeyCode::Char('q'), Action::Quit)],
    ),
];

/// Keys in the "leave the game?" dialog.
pub const CONFIRM_QUIT: &[Binding] = &[
    bind(
        "y q",
        "quit munch",
        Some("quit"),
        &[
            (KeyCode::Char('y'), Action::Yes),
            (KeyCode::Char('q'), Action::Yes),
        ],
    ),
    bind(
        "m",
        "back to the menu",
        Some("menu"),
        &[(KeyCode::Char('m'), Action::Menu)],
    ),
    bind(
        "n Esc",
        "keep playing",
        Some("keep playing"),
        &[(KeyCode::Char('n'), Action::No), (KeyCode::Esc, Action::No)],
    ),
];

/// Keys anywhere: Ctrl-C always quits at once (raw mode turns it into a key press).
pub fn is_force_quit(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
        && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C'))
}

/// Ctrl-r: redo (raw mode delivers it as a key with the control modifier).
pub fn is_redo(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
        && matches!(key.code, KeyCode::Char('r') | KeyCode::Char('R'))
}

/// The action a key asks for in a screen whose bindings are `table`.
pub fn action(table: &[Binding], key: &KeyEvent) -> Option<Action> {
    if key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    {
        return None;
    }
    table
        .iter()
        .flat_map(|b| b.keys.iter())
        .find(|(code, _)| *code == key.code)
        .map(|&(_, action)| action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_means_two_things_on_one_screen() {
        for table in [MENU, GAME, PILE, GAME_OVER, CONFIRM_QUIT] {
            let codes: Vec<KeyCode> = table.iter().flat_map(|b| b.keys).map(|k| k.0).collect();
            for (i, code) in codes.iter().enumerate() {
                assert!(!codes[..i].contains(code), "{code:?} bound twice");
            }
        }
    }

    #[test]
    fn shift_h_is_hints_and_h_is_left() {
        let shift_h = KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT);
        let h = KeyEvent::new(KeyCode::Char('h'), KeyModifiers::NONE);
        assert_eq!(action(GAME, &shift_h), Some(Action::ToggleHints));
        assert_eq!(action(GAME, &h), Some(Action::Left));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert!(is_force_quit(&ctrl_c));
        assert_eq!(action(GAME, &ctrl_c), None);
    }
}
