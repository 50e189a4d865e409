//! Every key binding, per screen, in one table each. The key handlers look keys up here and the
//! help screen and key bar are printed from here, so what the help says is what the keys do.

use crate::input::{
    ANALYSE, ARROWS, CHOOSE_BUTTON, DIGITS, ENTER_SPACE, HELP, KEEP_PLAYING, LEAVE, LEFT_RIGHT,
    PAGES, PRESS_BUTTON, RESTART, UP_DOWN, bind, plain,
};
pub use crate::input::{Action, Binding, Key, action};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Keys on the menu.
pub const MENU: &[Binding] = &[
    bind("↑↓ jk", "choose a line", Some("choose"), UP_DOWN),
    bind("←→ hl", "change the value", Some("change"), LEFT_RIGHT),
    bind(
        "Enter",
        "start the game (or activate Quit)",
        Some("start"),
        ENTER_SPACE,
    ),
    bind(
        "s",
        "study the game's start: every move's outcome and length",
        Some("study"),
        &[(plain(KeyCode::Char('s')), Action::Study)],
    ),
    // On the bar only where there is a game to review (`MENU_REVIEW`).
    Binding {
        bar: None,
        ..REVIEW_LAST
    },
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

/// The menu's `v`.
const REVIEW_LAST: Binding = bind(
    "v",
    "review the last finished game of this kind",
    Some("review"),
    &[(plain(KeyCode::Char('v')), Action::Review)],
);

/// Keys on the menu when the chosen game's last finished game is kept: the bar offers `v`.
pub const MENU_REVIEW: &[Binding] = &[
    MENU[0],
    MENU[1],
    MENU[2],
    MENU[3],
    REVIEW_LAST,
    MENU[5],
    MENU[6],
];

/// Keys on the Study screen.
pub const STUDY: &[Binding] = &[
    bind(
        "↑↓ jk",
        "choose a move in the list (best first)",
        Some("choose"),
        UP_DOWN,
    ),
    bind(
        "←→ hl",
        "choose the previous / next move on the board",
        None,
        LEFT_RIGHT,
    ),
    bind(
        "Enter Space",
        "play the chosen move: explore the line it starts",
        Some("play"),
        ENTER_SPACE,
    ),
    bind(
        "⌫",
        "take back the line's last move",
        Some("back"),
        &[(plain(KeyCode::Backspace), Action::Erase)],
    ),
    bind(
        "PgUp PgDn",
        "a page up / down the move list (the choice moves with it)",
        None,
        &[
            (plain(KeyCode::PageUp), Action::PageUp),
            (plain(KeyCode::PageDown), Action::PageDown),
        ],
    ),
    bind(
        "Home End",
        "choose the first (best) / last move of the list",
        None,
        &[
            (plain(KeyCode::Home), Action::First),
            (plain(KeyCode::End), Action::Last),
        ],
    ),
    bind(
        "e",
        "edit: set up another position (the bar, the pile, the take set)",
        Some("edit"),
        &[(plain(KeyCode::Char('e')), Action::Edit)],
    ),
    // Not on the bar, which is full at 80 columns: the panel says them.
    bind(
        "p",
        "play a game from this position against the computer (choose your side)",
        None,
        &[(plain(KeyCode::Char('p')), Action::PlayFrom)],
    ),
    bind(
        "y",
        "copy the position's string to the terminal's clipboard (OSC 52)",
        None,
        &[(plain(KeyCode::Char('y')), Action::CopyPosition)],
    ),
    HELP,
    bind(
        "q Esc",
        "leave the study: back to the game, or to the menu",
        Some("leave"),
        &[
            (plain(KeyCode::Char('q')), Action::Back),
            (plain(KeyCode::Esc), Action::Back),
        ],
    ),
];

/// Keys while the Study screen asks which side the person plays (`p`).
pub const STUDY_SIDE: &[Binding] = &[
    bind(
        "1",
        "play first: you move in the position studied",
        Some("you first"),
        &[(plain(KeyCode::Char('1')), Action::Digit(1))],
    ),
    bind(
        "2",
        "play second: the computer moves first",
        Some("you second"),
        &[(plain(KeyCode::Char('2')), Action::Digit(2))],
    ),
    bind(
        "Esc",
        "back to the study",
        Some("cancel"),
        &[(plain(KeyCode::Esc), Action::Back)],
    ),
];

/// Keys in the Study screen's editor. Characters go to the editor first: digits and `,- ` to
/// the coin games' chosen field; Space, `+ -` and `> <` to Chomp's bar.
pub const STUDY_EDIT: &[Binding] = &[
    bind(
        "↑↓←→",
        "coin games: choose a field (↑↓), step a number or go through presets (←→); Chomp: move the cursor",
        Some("choose"),
        &[
            (plain(KeyCode::Up), Action::Up),
            (plain(KeyCode::Down), Action::Down),
            (plain(KeyCode::Left), Action::Left),
            (plain(KeyCode::Right), Action::Right),
        ],
    ),
    bind(
        "0-9 , - ⌫",
        "coin games: type the chosen field (the first key replaces it)",
        None,
        &[],
    ),
    bind(
        "Space",
        "Chomp: make the cursor's column reach it (on its top square: eat it); a click too",
        None,
        &[],
    ),
    bind(
        "+ - > <",
        "Chomp: a row more / fewer, a column more / fewer",
        None,
        &[],
    ),
    bind(
        "Enter",
        "study the position set up",
        Some("study it"),
        &[(plain(KeyCode::Enter), Action::Select)],
    ),
    HELP,
    bind(
        "Esc",
        "leave the editor: the study stays as it was",
        Some("cancel"),
        &[(plain(KeyCode::Esc), Action::Back)],
    ),
];

/// Keys while the Study screen reviews a finished game.
pub const REVIEW: &[Binding] = &[
    bind(
        "←→ [ ]",
        "the previous / next move of the game",
        Some("step"),
        &[
            (plain(KeyCode::Left), Action::Left),
            (plain(KeyCode::Right), Action::Right),
            (plain(KeyCode::Char('[')), Action::Left),
            (plain(KeyCode::Char(']')), Action::Right),
            (plain(KeyCode::Char('h')), Action::Left),
            (plain(KeyCode::Char('l')), Action::Right),
        ],
    ),
    bind(
        "Home End",
        "the first move / the end of the game",
        Some("ends"),
        &[
            (plain(KeyCode::Home), Action::First),
            (plain(KeyCode::End), Action::Last),
        ],
    ),
    bind(
        "↑↓ jk",
        "choose a move in the list (best first)",
        None,
        UP_DOWN,
    ),
    bind(
        "w",
        "write the game's record to the data folder",
        Some("write"),
        &[(plain(KeyCode::Char('w')), Action::WriteRecord)],
    ),
    bind(
        "PgUp PgDn",
        "scroll the move list",
        None,
        &[
            (plain(KeyCode::PageUp), Action::PageUp),
            (plain(KeyCode::PageDown), Action::PageDown),
        ],
    ),
    HELP,
    bind(
        "q Esc",
        "leave the review",
        Some("leave"),
        &[
            (plain(KeyCode::Char('q')), Action::Back),
            (plain(KeyCode::Esc), Action::Back),
        ],
    ),
];

/// Keys on the Puzzles screen: a game's keys for choosing and playing a move (whichever board
/// it is on), and the puzzles' own. Nothing here gives a puzzle up: leaving one unfinished
/// does not count it.
pub const PUZZLE: &[Binding] = &[
    bind(
        "←↑↓→ hjkl",
        "choose a move: the cursor, the pile, the take",
        Some("choose"),
        ARROWS,
    ),
    bind("0-9 ⌫", "type how many to take", None, DIGITS),
    bind(
        "Enter Space",
        "play the chosen move (once the puzzle is over: the next one)",
        Some("play"),
        ENTER_SPACE,
    ),
    bind(
        "H",
        "a hint: why the position is won, but not the move",
        Some("hint"),
        &[(plain(KeyCode::Char('H')), Action::Hint)],
    ),
    bind(
        "n",
        "the next puzzle, once this one is over",
        Some("next"),
        &[(plain(KeyCode::Char('n')), Action::Next)],
    ),
    HELP,
    bind(
        "q Esc",
        "back to the menu (a puzzle left unfinished is not counted)",
        Some("menu"),
        &[
            (plain(KeyCode::Char('q')), Action::Back),
            (plain(KeyCode::Esc), Action::Back),
        ],
    ),
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
    // The demonstration waits behind the Study screen, and comes back paused.
    ANALYSE,
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
    DEMO[8],
];

/// Keys while the menu asks whether a new game may replace the saved game of its kind: Enter
/// starts it, Esc keeps the saved game; no other key answers.
pub const REPLACE_SAVED: &[Binding] = &[
    bind(
        "Enter",
        "start the new game; the saved game of its kind is lost",
        Some("start anyway"),
        ENTER_SPACE,
    ),
    bind(
        "Esc",
        "keep the saved game, and show it on the menu to resume",
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
    bind(
        "v",
        "review the game move by move",
        Some("review"),
        &[(plain(KeyCode::Char('v')), Action::Review)],
    ),
    bind(
        "m",
        "your mistakes: retry where a move threw the win away, this game's first",
        // The box says so where a person's move threw the win away: the bar has no room.
        None,
        &[(plain(KeyCode::Char('m')), Action::Mistakes)],
    ),
    // Before the menu: the first to go when the key bar is short.
    bind(
        "u",
        "take back the last round and play on",
        Some("undo"),
        &[(plain(KeyCode::Char('u')), Action::Undo)],
    ),
    bind(
        "Esc",
        "back to the menu",
        Some("menu"),
        &[(plain(KeyCode::Esc), Action::Menu)],
    ),
    bind(
        "q",
        "quit munch",
        Some("quit"),
        &[(plain(KeyCode::Char('q')), Action::Quit)],
    ),
];

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

/// Ctrl-Z and Ctrl-\ (which some terminals send as Ctrl-4): a shell's suspend and quit, which
/// munch's raw terminal hands it as keys. They do nothing anywhere: not even close a box
/// that any other key closes.
pub fn does_nothing(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
        && matches!(key.code, KeyCode::Char('z' | 'Z' | '\\' | '4'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_means_two_things_on_one_screen() {
        let games = crate::games::GAMES.map(crate::games::Game::keys);
        for table in games.into_iter().chain([
            MENU,
            MENU_REVIEW,
            STUDY,
            STUDY_EDIT,
            REVIEW,
            STUDY_SIDE,
            PUZZLE,
            DEMO,
            DEMO_PAUSED,
            REPLACE_SAVED,
            HELP_OPEN,
            GAME_OVER,
            CONFIRM_QUIT,
            CONFIRM_RESTART,
            crate::games::chomp::tables::POISON_QUESTION.keys,
            WARNINGS,
        ]) {
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
        let (chomp, pile) = (
            crate::games::chomp::tables::KEYS,
            crate::games::pile::session::KEYS,
        );
        assert_eq!(action(chomp, &shift_h), Some(Action::ToggleHints));
        assert_eq!(action(chomp, &h), Some(Action::Left));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert!(is_force_quit(&ctrl_c));
        assert_eq!(action(chomp, &ctrl_c), None);
        let ctrl_r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL);
        let r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE);
        assert_eq!(action(pile, &ctrl_r), Some(Action::Redo));
        assert_eq!(action(pile, &r), Some(Action::Restart));
        assert_eq!(action(MENU, &ctrl_r), None, "no redo on the menu");
    }
}
