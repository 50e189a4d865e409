//! The input vocabulary shared by the app and the games: what a key asks for ([`Action`]), the
//! key tables' lines ([`Binding`]), and the place on a game's view the mouse points at
//! ([`Spot`]; where a view drew them, [`Spots`]), whose meaning the game's session knows. A
//! leaf: it imports nothing of munch.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Position, Rect};

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
    /// Open the Study screen on the game's position.
    Analyse,
    /// Open the Study screen on the menu's game.
    Study,
    /// Copy the position's string to the terminal's clipboard.
    CopyPosition,
    /// The Study screen's editor: set up another position.
    Edit,
    /// Review the finished game (from the game-over dialog), or the last finished game of the
    /// menu's kind.
    Review,
    /// The review: to the first move, or to the end.
    First,
    Last,
    /// The review: write the game's record to the data folder.
    WriteRecord,
    /// The Study screen: play a game from the position studied.
    PlayFrom,
    /// The Puzzles screen: the next puzzle.
    Next,
    /// The Puzzles screen: a hint for the move to find.
    Hint,
    /// "Your mistakes": retry the positions where a person's move threw a won position away
    /// (from the game-over dialog: this game's first).
    Mistakes,
}

/// A key as the tables name it: a code, with or without Ctrl.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

/// One line of help: the keys (as shown), what they do, and which key does which action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    pub label: &'static str,
    pub help: &'static str,
    /// The short words shown in the always-visible key bar, if it is shown there.
    pub bar: Option<&'static str>,
    pub keys: &'static [(Key, Action)],
}

/// A place on a game's view the mouse can point at: two numbers whose meaning the game that drew
/// them knows (a Chomp square's column and row; a coin pile's kind of place and coin index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot(pub u64, pub u64);

/// Where a game's view drew each [`Spot`], in drawing order (the screen turns them into its
/// pointer targets).
#[derive(Debug, Default, Clone)]
pub struct Spots(pub Vec<(Rect, Spot)>);

impl Spots {
    /// Records that `spot` was drawn in `area`.
    pub fn add(&mut self, area: Rect, spot: Spot) {
        self.0.push((area, spot));
    }

    /// How many spots were drawn.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no spot was drawn.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The spot at column `x`, row `y` (the last one drawn there wins).
    pub fn spot_at(&self, x: u16, y: u16) -> Option<Spot> {
        self.0
            .iter()
            .rev()
            .find(|(area, _)| area.contains(Position::new(x, y)))
            .map(|&(_, spot)| spot)
    }
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

// The keys every game shares, for the games' own tables and the app's.

/// A key table entry helper.
pub const fn plain(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

/// A key table entry helper.
pub const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

/// A key table entry helper.
pub const fn bind(
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

pub const UP_DOWN: &[(Key, Action)] = &[
    (plain(KeyCode::Up), Action::Up),
    (plain(KeyCode::Char('k')), Action::Up),
    (plain(KeyCode::Down), Action::Down),
    (plain(KeyCode::Char('j')), Action::Down),
];

pub const LEFT_RIGHT: &[(Key, Action)] = &[
    (plain(KeyCode::Left), Action::Left),
    (plain(KeyCode::Char('h')), Action::Left),
    (plain(KeyCode::Right), Action::Right),
    (plain(KeyCode::Char('l')), Action::Right),
];

pub const ARROWS: &[(Key, Action)] = &[
    UP_DOWN[0],
    UP_DOWN[1],
    UP_DOWN[2],
    UP_DOWN[3],
    LEFT_RIGHT[0],
    LEFT_RIGHT[1],
    LEFT_RIGHT[2],
    LEFT_RIGHT[3],
];

/// Enter and Space both choose: the cursor's cell, the chosen take, the menu's line.
pub const ENTER_SPACE: &[(Key, Action)] = &[
    (plain(KeyCode::Enter), Action::Select),
    (plain(KeyCode::Char(' ')), Action::Select),
];

pub const UNDO: Binding = bind(
    "u",
    "undo your last move (and the computer's reply)",
    Some("undo"),
    &[(plain(KeyCode::Char('u')), Action::Undo)],
);

pub const REDO: Binding = bind(
    "Ctrl-r",
    "redo what undo took back",
    None,
    &[(ctrl('r'), Action::Redo)],
);

pub const RESTART: Binding = bind(
    "r",
    "restart with the same settings (asks first)",
    None,
    &[(plain(KeyCode::Char('r')), Action::Restart)],
);

pub const HELP: Binding = bind(
    "?",
    "show this help",
    Some("help"),
    &[(plain(KeyCode::Char('?')), Action::Help)],
);

/// In every dialog: ←/→/Tab move the highlight over its buttons, Enter presses the one
/// highlighted (when the dialog opens, the safe one).
pub const CHOOSE_BUTTON: Binding = bind(
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

pub const PRESS_BUTTON: Binding = bind(
    "Enter",
    "press the highlighted button",
    Some("press ▸◂"),
    &[(plain(KeyCode::Enter), Action::Select)],
);

/// The safe answer to a question, which keeps the game as it is.
pub const KEEP_PLAYING: Binding = bind(
    "n Esc",
    "keep playing",
    Some("keep playing"),
    &[
        (plain(KeyCode::Char('n')), Action::No),
        (plain(KeyCode::Esc), Action::No),
    ],
);

pub const LEAVE: Binding = bind(
    "q Esc",
    "leave the game (asks first)",
    Some("leave"),
    &[
        (plain(KeyCode::Char('q')), Action::Quit),
        (plain(KeyCode::Esc), Action::Back),
    ],
);

pub const ANALYSE: Binding = bind(
    "a",
    "analyse this position in Study (Esc comes back)",
    // Not on the bar: the games' bars are full at 80 columns (the help lists it).
    None,
    &[(plain(KeyCode::Char('a')), Action::Analyse)],
);

pub const PAGES: Binding = bind(
    "PgUp PgDn",
    "scroll the move list back to move 1, and forward again",
    None,
    &[
        (plain(KeyCode::PageUp), Action::PageUp),
        (plain(KeyCode::PageDown), Action::PageDown),
    ],
);

pub const COPY_POSITION: Binding = bind(
    "y",
    "copy the position as text, for munch play --position",
    None,
    &[(plain(KeyCode::Char('y')), Action::CopyPosition)],
);

pub const DIGITS: &[(Key, Action)] = &[
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
