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
    /// Scroll back (up) or forward (down) a page: the move list, or the help.
    PageUp,
    PageDown,
    /// The computers' demonstration: pause or go on.
    Pause,
    /// The demonstration: pause and play one move.
    Step,
    /// The demonstration's speed: faster or slower.
    Faster,
    Slower,
}

/// A key as the tables name it: a code, with or without Ctrl.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn plain(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

/// One line of help: the keys (as shown), what they do, and which key does which action.
#[derive(Clone, Copy)]
pub struct Binding {
    pub label: &'static str,
    pub help: &'static str,
    /// The short words shown in the always-visible key bar, if it is shown there.
    pub bar: Option<&'static str>,
    pub keys: &'static [(Key, Action)],
}

const fn bind(
    label: &'static str,
    help: &'static str,
    bar: Option<&'static str>,
    keys: &'static [(Key, Action)],
) -> Binding {
    Binding {
        label,
        help,
        bar,
        keys,
    }
}

const UP_DOWN: &[(Key, Action)] = &[
    (plain(KeyCode::Up), Action::Up),
    (plain(KeyCode::Char('k')), Action::Up),
    (plain(KeyCode::Down), Action::Down),
    (plain(KeyCode::Char('j')), Action::Down),
];

const LEFT_RIGHT: &[(Key, Action)] = &[
    (plain(KeyCode::Left), Action::Left),
    (plain(KeyCode::Char('h')), Action::Left),
    (plain(KeyCode::Right), Action::Right),
    (plain(KeyCode::Char('l')), Action::Right),
];

const ARROWS: &[(Key, Action)] = &[
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
            (plain(KeyCode::Enter), Action::Select),
            (plain(KeyCode::Char(' ')), Action::Select),
        ],
    ),
    bind(
        "?",
        "show this help",
        Some("help"),
        &[(plain(KeyCode::Char('?')), Action::Help)],
    ),
    bind(
        "q Esc",
        "quit munch",
        Some("quit"),
        &[
            (plain(KeyCode::Char('q')), Action::Quit),
            (plain(KeyCode::Esc), Action::Quit),
        ],
    ),
];

const UNDO: Binding = bind(
    "u",
    "undo your last move (and the computer's reply)",
    Some("undo"),
    &[(plain(KeyCode::Char('u')), Action::Undo)],
);
const REDO: Binding = bind(
    "Ctrl-r",
    "redo what undo took back",
    None,
    &[(ctrl('r'), Action::Redo)],
);
const RESTART: Binding = bind(
    "r",
    "restart with the same settings (asks first)",
    None,
    &[(plain(KeyCode::Char('r')), Action::Restart)],
);
const HELP: Binding = bind(
    "?",
    "show this help",
    Some("help"),
    &[(plain(KeyCode::Char('?')), Action::Help)],
);
const LEAVE: Binding = bind(
    "q Esc",
    "leave the game (asks first)",
    Some("leave"),
    &[
        (plain(KeyCode::Char('q')), Action::Quit),
        (plain(KeyCode::Esc), Action::Back),
    ],
);

const PAGES: Binding = bind(
    "PgUp PgDn",
    "scroll the move list back to move 1, and forward again",
    None,
    &[
        (plain(KeyCode::PageUp), Action::PageUp),
        (plain(KeyCode::PageDown), Action::PageDown),
    ],
);

/// Keys while a game is on.
pub const GAME: &[Binding] = &[
    bind("←↑↓→ hjkl", "move the cursor", Some("move"), ARROWS),
    bind(
        "Enter Space",
        "eat the square and everything above and right of it",
        Some("eat"),
        &[
            (plain(KeyCode::Enter), Action::Select),
            (plain(KeyCode::Char(' ')), Action::Select),
        ],
    ),
    UNDO,
    REDO,
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning square",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    HELP,
    LEAVE,
];

const DIGITS: &[(Key, Action)] = &[
    (plain(KeyCode::Char('0')), Action::Digit(0)),
    (plain(KeyCode::Char('1')), Action::Digit(1)),
    (plain(KeyCode::Char('2')), Action::Digit(2)),
    (plain(KeyCode::Char('3')), Action::Digit(3)),
    (plain(KeyCode::Char('4')), Action::Digit(4)),
    (plain(KeyCode::Char('5')), Action::Digit(5)),
    (plain(KeyCode::Char('6')), Action::Digit(6)),
    (plain(KeyCode::Char('7')), Action::Digit(7)),
    (plain(KeyCode::Char('8')), Action::Digit(8)),
    (plain(KeyCode::Char('9')), Action::Digit(9)),
    (plain(KeyCode::Backspace), Action::Erase),
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
        "ten more / fewer in Fibonacci Nim, else the next take",
        None,
        UP_DOWN,
    ),
    bind("0-9 ⌫", "type how many to take", Some("type"), DIGITS),
    bind(
        "Enter Space",
        "take the chosen coins",
        Some("take"),
        &[
            (plain(KeyCode::Enter), Action::Select),
            (plain(KeyCode::Char(' ')), Action::Select),
        ],
    ),
    UNDO,
    REDO,
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning take",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    HELP,
    LEAVE,
];

/// Keys while two computers play each other (either game).
pub const DEMO: &[Binding] = &[
    bind(
        "Space",
        "pause the demonstration, or go on",
        Some("pause"),
        &[(plain(KeyCode::Char(' ')), Action::Pause)],
    ),
    bind(
        "n",
        "play one move (and pause)",
        Some("step"),
        &[(plain(KeyCode::Char('n')), Action::Step)],
    ),
    bind(
        "+ -",
        "faster / slower (¼× to 4×)",
        Some("speed"),
        &[
            (plain(KeyCode::Char('+')), Action::Faster),
            (plain(KeyCode::Char('=')), Action::Faster),
            (plain(KeyCode::Char('-')), Action::Slower),
        ],
    ),
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning move",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    HELP,
    LEAVE,
];

/// Keys while two computers play each other and the demonstration is paused: Space goes on.
pub const DEMO_PAUSED: &[Binding] = &[
    bind(
        "Space",
        "go on with the demonstration, or pause it",
        Some("go on"),
        &[(plain(KeyCode::Char(' ')), Action::Pause)],
    ),
    DEMO[1],
    DEMO[2],
    DEMO[3],
    DEMO[4],
    DEMO[5],
    DEMO[6],
    DEMO[7],
];

/// Keys while the menu asks whether a new game may replace the saved game of its kind: Enter
/// starts it, any other key keeps the saved game.
pub const REPLACE_SAVED: &[Binding] = &[
    bind(
        "Enter",
        "start the new game; the saved game of its kind is lost",
        Some("start anyway"),
        &[
            (plain(KeyCode::Enter), Action::Select),
            (plain(KeyCode::Char(' ')), Action::Select),
        ],
    ),
    bind(
        "Esc",
        "keep the saved game (so does any other key)",
        Some("keep it"),
        &[(plain(KeyCode::Esc), Action::Back)],
    ),
];

/// Keys while the help is showing: it scrolls when it does not fit, any other key closes it.
pub const HELP_OPEN: &[Binding] = &[
    bind(
        "↑↓ PgUp PgDn",
        "scroll the help",
        Some("scroll"),
        &[
            (plain(KeyCode::Up), Action::Up),
            (plain(KeyCode::Char('k')), Action::Up),
            (plain(KeyCode::Down), Action::Down),
            (plain(KeyCode::Char('j')), Action::Down),
            (plain(KeyCode::PageUp), Action::PageUp),
            (plain(KeyCode::PageDown), Action::PageDown),
        ],
    ),
    bind("any key", "close the help", Some("close help"), &[]),
];

/// In every dialog: ←/→/Tab move the highlight over its buttons, Enter presses the one
/// highlighted (when the dialog opens, the safe one).
const CHOOSE_BUTTON: Binding = bind(
    "←→ Tab",
    "highlight another button",
    None,
    &[
        (plain(KeyCode::Left), Action::Left),
        (plain(KeyCode::Char('h')), Action::Left),
        (plain(KeyCode::BackTab), Action::Left),
        (plain(KeyCode::Right), Action::Right),
        (plain(KeyCode::Char('l')), Action::Right),
        (plain(KeyCode::Tab), Action::Right),
    ],
);
const PRESS_BUTTON: Binding = bind(
    "Enter",
    "press the highlighted button",
    Some("press ▸◂"),
    &[(plain(KeyCode::Enter), Action::Select)],
);

/// Keys on the game-over screen.
pub const GAME_OVER: &[Binding] = &[
    PRESS_BUTTON,
    CHOOSE_BUTTON,
    bind(
        "r",
        "play again with the same settings",
        Some("play again"),
        &[(plain(KeyCode::Char('r')), Action::PlayAgain)],
    ),
    // Before the menu: the first to go when the key bar is short.
    bind(
        "u",
        "take back the last round and play on",
        Some("undo"),
        &[(plain(KeyCode::Char('u')), Action::Undo)],
    ),
    bind(
        "m Esc",
        "back to the menu",
        Some("menu"),
        &[
            (plain(KeyCode::Char('m')), Action::Menu),
            (plain(KeyCode::Esc), Action::Menu),
        ],
    ),
    bind(
        "q",
        "quit munch",
        Some("quit"),
        &[(plain(KeyCode::Char('q')), Action::Quit)],
    ),
];

/// The safe answer to a question, which keeps the game as it is.
const KEEP_PLAYING: Binding = bind(
    "n Esc",
    "keep playing",
    Some("keep playing"),
    &[
        (plain(KeyCode::Char('n')), Action::No),
        (plain(KeyCode::Esc), Action::No),
    ],
);

/// Keys in the "restart the game?" dialog.
pub const CONFIRM_RESTART: &[Binding] = &[
    PRESS_BUTTON,
    CHOOSE_BUTTON,
    bind(
        "y r",
        "restart: this game's moves are lost",
        Some("restart"),
        &[
            (plain(KeyCode::Char('y')), Action::Yes),
            (plain(KeyCode::Char('r')), Action::Yes),
        ],
    ),
    KEEP_PLAYING,
];

/// Keys in the "eat the poison and lose?" dialog.
pub const EAT_POISON: &[Binding] = &[
    PRESS_BUTTON,
    CHOOSE_BUTTON,
    bind(
        "y",
        "eat the poison and lose",
        Some("eat it"),
        &[(plain(KeyCode::Char('y')), Action::Yes)],
    ),
    KEEP_PLAYING,
];

/// The list of warnings above the menu.
pub const WARNINGS: &[Binding] = &[
    bind(
        "Enter Esc",
        "dismiss the warnings",
        Some("dismiss"),
        &[
            (plain(KeyCode::Enter), Action::Back),
            (plain(KeyCode::Esc), Action::Back),
            (plain(KeyCode::Char(' ')), Action::Back),
        ],
    ),
    bind(
        "q",
        "quit munch",
        Some("quit"),
        &[(plain(KeyCode::Char('q')), Action::Quit)],
    ),
];

/// Keys in the "leave the game?" dialog.
pub const CONFIRM_QUIT: &[Binding] = &[
    PRESS_BUTTON,
    CHOOSE_BUTTON,
    bind(
        "y q",
        "quit munch",
        Some("quit"),
        &[
            (plain(KeyCode::Char('y')), Action::Yes),
            (plain(KeyCode::Char('q')), Action::Yes),
        ],
    ),
    bind(
        "m",
        "back to the menu",
        Some("menu"),
        &[(plain(KeyCode::Char('m')), Action::Menu)],
    ),
    bind(
        "n Esc",
        "keep playing",
        Some("keep playing"),
        &[
            (plain(KeyCode::Char('n')), Action::No),
            (plain(KeyCode::Esc), Action::No),
        ],
    ),
];

/// Keys anywhere: Ctrl-C always quits at once (raw mode turns it into a key press).
pub fn is_force_quit(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c' | 'C'))
}

/// The action a key asks for in a screen whose bindings are `table`.
pub fn action(table: &[Binding], key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::ALT) {
        return None;
    }
    let pressed = Key {
        code: key.code,
        ctrl: key.modifiers.contains(KeyModifiers::CONTROL),
    };
    table
        .iter()
        .flat_map(|b| b.keys.iter())
        .find(|(k, _)| *k == pressed)
        .map(|&(_, action)| action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_means_two_things_on_one_screen() {
        for table in [
            MENU,
            GAME,
            PILE,
            DEMO,
            DEMO_PAUSED,
            REPLACE_SAVED,
            HELP_OPEN,
            GAME_OVER,
            CONFIRM_QUIT,
            CONFIRM_RESTART,
            EAT_POISON,
            WARNINGS,
        ] {
            let codes: Vec<Key> = table.iter().flat_map(|b| b.keys).map(|k| k.0).collect();
            for (i, code) in codes.iter().enumerate() {
                assert!(!codes[..i].contains(code), "{code:?} bound twice");
            }
        }
    }

    #[test]
    fn shift_h_is_hints_h_is_left_and_ctrl_counts() {
        let shift_h = KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT);
        let h = KeyEvent::new(KeyCode::Char('h'), KeyModifiers::NONE);
        assert_eq!(action(GAME, &shift_h), Some(Action::ToggleHints));
        assert_eq!(action(GAME, &h), Some(Action::Left));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert!(is_force_quit(&ctrl_c));
        assert_eq!(action(GAME, &ctrl_c), None);
        let ctrl_r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL);
        let r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE);
        assert_eq!(action(PILE, &ctrl_r), Some(Action::Redo));
        assert_eq!(action(PILE, &r), Some(Action::Restart));
        assert_eq!(action(MENU, &ctrl_r), None, "no redo on the menu");
    }
}
