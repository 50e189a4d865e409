//! The menu: which game, its size (board, or pile and take set), and who plays each side.

use crate::game::chomp::MAX_SIDE;
use crate::game::fibonacci::FibPosition;
use crate::game::subtraction::TakeSet;
use serde::{Deserialize, Serialize};

/// Who makes the moves for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    Person,
    Computer,
}

impl Player {
    pub fn label(self) -> &'static str {
        match self {
            Player::Person => "Person",
            Player::Computer => "Computer",
        }
    }

    fn other(self) -> Player {
        match self {
            Player::Person => Player::Computer,
            Player::Computer => Player::Person,
        }
    }
}

/// The games munch plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameKind {
    Chomp,
    Subtraction,
    Fibonacci,
}

impl GameKind {
    const ALL: [GameKind; 3] = [GameKind::Chomp, GameKind::Subtraction, GameKind::Fibonacci];

    pub fn label(self) -> &'static str {
        match self {
            GameKind::Chomp => "Chomp",
            GameKind::Subtraction => "Subtraction",
            GameKind::Fibonacci => "Fibonacci Nim",
        }
    }
}

/// How well the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    /// Always wins when it can; when losing, leaves the fewest winning replies.
    Perfect,
    /// Perfect, but now and then an early random move.
    Strong,
    /// Random legal moves, but it takes a win in one.
    Casual,
}

impl Level {
    const ALL: [Level; 3] = [Level::Perfect, Level::Strong, Level::Casual];

    pub fn label(self) -> &'static str {
        match self {
            Level::Perfect => "Perfect",
            Level::Strong => "Strong",
            Level::Casual => "Casual",
        }
    }

    /// Reads a level name (any case).
    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.label().eq_ignore_ascii_case(text.trim()))
    }
}

/// Take sets offered with ←/→ on the Set line.
pub const SET_PRESETS: [&str; 5] = ["1,2,3", "1,3,4", "2,5", "1,2,4,8", "1,4,5"];

/// Everything the menu chooses; a game is started from it and replayed with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub game: GameKind,
    pub rows: u8,
    pub cols: u8,
    /// Coins at the start of a coin-pile game.
    pub pile: u64,
    /// The subtraction game's take set, as typed.
    pub set: String,
    /// `players[0]` moves first.
    pub players: [Player; 2],
    /// How well the computer plays.
    pub level: Level,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            game: GameKind::Chomp,
            rows: 6,
            cols: 7,
            pile: 21,
            set: SET_PRESETS[1].to_string(),
            players: [Player::Person, Player::Computer],
            level: Level::Perfect,
        }
    }
}

impl Settings {
    /// A side's name as the game shows it.
    pub fn name(&self, side: usize) -> &'static str {
        match self.players {
            [Player::Person, Player::Computer] => ["You", "Computer"][side],
            [Player::Computer, Player::Person] => ["Computer", "You"][side],
            [Player::Person, Player::Person] => ["Player 1", "Player 2"][side],
            [Player::Computer, Player::Computer] => ["Computer 1", "Computer 2"][side],
        }
    }

    /// The same settings with every size brought into range (a settings file may hold anything).
    pub fn sanitized(mut self) -> Settings {
        self.rows = self.rows.clamp(1, MAX_SIDE);
        self.cols = self.cols.clamp(1, MAX_SIDE);
        if self.rows == 1 && self.cols == 1 {
            self.cols = 2;
        }
        self.set = self.set.chars().take(40).collect();
        self
    }

    /// The game and its size, for people and as the statistics key: "Chomp 6×7".
    pub fn describe(&self) -> String {
        match self.game {
            GameKind::Chomp => format!("Chomp {}×{}", self.rows, self.cols),
            // The canonical set, so that `1, 3-4` and `1,3,4` share their statistics.
            GameKind::Subtraction => match TakeSet::parse(&self.set) {
                Ok(set) => format!("Subtraction {set} from {}", self.pile),
                Err(_) => format!("Subtraction {{{}}} from {}", self.set, self.pile),
            },
            GameKind::Fibonacci => format!("Fibonacci Nim from {}", self.pile),
        }
    }

    /// Why these settings cannot start a game, if they cannot.
    pub fn problem(&self) -> Option<String> {
        match self.game {
            GameKind::Chomp => None,
            GameKind::Subtraction => TakeSet::parse(&self.set).err(),
            GameKind::Fibonacci => FibPosition::start(self.pile).err(),
        }
    }
}

/// The lines of the menu, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MenuLine {
    /// Continue the game saved by an earlier run.
    Resume,
    Game,
    Rows,
    Cols,
    Pile,
    Set,
    First,
    Second,
    Level,
    #[default]
    Start,
    Quit,
}

impl MenuLine {
    /// Whether the line holds a value that ←/→ change.
    pub fn has_value(self) -> bool {
        !matches!(self, MenuLine::Start | MenuLine::Quit | MenuLine::Resume)
    }

    /// The line's label.
    pub fn label(self) -> &'static str {
        match self {
            MenuLine::Resume => "Resume",
            MenuLine::Game => "Game",
            MenuLine::Rows => "Rows",
            MenuLine::Cols => "Columns",
            MenuLine::Pile => "Coins",
            MenuLine::Set => "Takes (set)",
            MenuLine::First => "First player",
            MenuLine::Second => "Second player",
            MenuLine::Level => "Computer",
            MenuLine::Start => "Start",
            MenuLine::Quit => "Quit",
        }
    }
}

/// The menu's state: the highlighted line and the settings chosen so far.
#[derive(Debug, Clone, Default)]
pub struct Menu {
    pub selected: MenuLine,
    pub settings: Settings,
    /// What the saved game is ("Chomp 6×7, move 5"), when there is one to resume.
    pub resume: Option<String>,
}

impl Menu {
    /// The lines shown for the chosen game.
    pub fn lines(&self) -> Vec<MenuLine> {
        let size: &[MenuLine] = match self.settings.game {
            GameKind::Chomp => &[MenuLine::Rows, MenuLine::Cols],
            GameKind::Subtraction => &[MenuLine::Pile, MenuLine::Set],
            GameKind::Fibonacci => &[MenuLine::Pile],
        };
        let mut lines = Vec::new();
        if self.resume.is_some() {
            lines.push(MenuLine::Resume);
        }
        lines.push(MenuLine::Game);
        lines.extend_from_slice(size);
        lines.extend([
            MenuLine::First,
            MenuLine::Second,
            MenuLine::Level,
            MenuLine::Start,
            MenuLine::Quit,
        ]);
        lines
    }

    /// Moves the highlight up (`-1`) or down (`+1`), wrapping around.
    pub fn move_selection(&mut self, delta: isize) {
        let lines = self.lines();
        let at = lines.iter().position(|&l| l == self.selected).unwrap_or(0) as isize;
        let next = (at + delta).rem_euclid(lines.len() as isize);
        self.selected = lines[next as usize];
    }

    /// Changes the value on `line` one step left (`-1`) or right (`+1`). Sizes stay in
    /// `1..=26` and never make a 1×1 bar (a game with nothing to play).
    pub fn step(&mut self, line: MenuLine, delta: i8) {
        let s = &mut self.settings;
        let stepped = |v: u8| v.saturating_add_signed(delta).clamp(1, MAX_SIDE);
        match line {
            MenuLine::Game => {
                let at = GameKind::ALL.iter().position(|&g| g == s.game).unwrap_or(0) as isize;
                let next = (at + isize::from(delta)).rem_euclid(GameKind::ALL.len() as isize);
                s.game = GameKind::ALL[next as usize];
            }
            MenuLine::Rows => {
                let rows = stepped(s.rows);
                if u32::from(rows) * u32::from(s.cols) >= 2 {
                    s.rows = rows;
                }
            }
            MenuLine::Cols => {
                let cols = stepped(s.cols);
                if u32::from(s.rows) * u32::from(cols) >= 2 {
                    s.cols = cols;
                }
            }
            MenuLine::Pile => {
                s.pile = s.pile.saturating_add_signed(i64::from(delta)).max(1);
            }
            MenuLine::Set => {
                let at = SET_PRESETS.iter().position(|&p| p == s.set);
                let n = SET_PRESETS.len() as isize;
                let next = match at {
                    Some(i) => (i as isize + isize::from(delta)).rem_euclid(n),
                    None => 0,
                };
                s.set = SET_PRESETS[next as usize].to_string();
            }
            MenuLine::First => s.players[0] = s.players[0].other(),
            MenuLine::Second => s.players[1] = s.players[1].other(),
            MenuLine::Level => {
                let at = Level::ALL.iter().position(|&l| l == s.level).unwrap_or(0) as isize;
                let next = (at + isize::from(delta)).rem_euclid(Level::ALL.len() as isize);
                s.level = Level::ALL[next as usize];
            }
            MenuLine::Start | MenuLine::Quit | MenuLine::Resume => {}
        }
    }

    /// Typing on the Coins line (digits) or the Set line (digits and commas); Backspace is `None`.
    /// Returns whether the key was taken.
    pub fn type_char(&mut self, ch: Option<char>) -> bool {
        let s = &mut self.settings;
        match (self.selected, ch) {
            (MenuLine::Pile, Some(d)) if d.is_ascii_digit() => {
                let digit = u64::from(d as u8 - b'0');
                if let Some(pile) = s.pile.checked_mul(10).and_then(|p| p.checked_add(digit)) {
                    s.pile = pile;
                }
                true
            }
            (MenuLine::Pile, None) => {
                s.pile /= 10;
                true
            }
            (MenuLine::Set, Some(c)) if c.is_ascii_digit() || c == ',' => {
                if s.set.len() < 40 {
                    s.set.push(c);
                }
                true
            }
            (MenuLine::Set, None) => {
                s.set.pop();
                true
            }
            _ => false,
        }
    }

    /// The value shown on a line.
    pub fn value(&self, line: MenuLine) -> String {
        let s = &self.settings;
        match line {
            MenuLine::Game => s.game.label().to_string(),
            MenuLine::Rows => s.rows.to_string(),
            MenuLine::Cols => s.cols.to_string(),
            MenuLine::Pile => s.pile.to_string(),
            MenuLine::Set => s.set.clone(),
            MenuLine::First => s.players[0].label().to_string(),
            MenuLine::Second => s.players[1].label().to_string(),
            MenuLine::Level => s.level.label().to_string(),
            MenuLine::Start | MenuLine::Quit => String::new(),
            MenuLine::Resume => self.resume.clone().unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_stay_in_range_and_never_1x1() {
        let mut menu = Menu::default();
        for _ in 0..40 {
            menu.step(MenuLine::Rows, 1);
        }
        assert_eq!(menu.settings.rows, MAX_SIDE);
        for _ in 0..40 {
            menu.step(MenuLine::Rows, -1);
            menu.step(MenuLine::Cols, -1);
        }
        let (rows, cols) = (menu.settings.rows, menu.settings.cols);
        assert_eq!(
            u32::from(rows) * u32::from(cols),
            2,
            "stopped at {rows}×{cols}, not 1×1"
        );
    }

    #[test]
    fn selection_wraps_over_the_lines_of_the_game() {
        let mut menu = Menu {
            selected: MenuLine::Game,
            ..Menu::default()
        };
        menu.move_selection(-1);
        assert_eq!(menu.selected, MenuLine::Quit);
        menu.move_selection(1);
        menu.move_selection(1);
        assert_eq!(menu.selected, MenuLine::Rows);
        menu.step(MenuLine::Game, 1);
        assert_eq!(menu.lines()[1..3], [MenuLine::Pile, MenuLine::Set]);
    }

    #[test]
    fn typing_piles_and_sets() {
        let mut menu = Menu {
            selected: MenuLine::Pile,
            ..Menu::default()
        };
        menu.settings.pile = 0;
        for d in "18446744073709551615".chars() {
            assert!(menu.type_char(Some(d)));
        }
        assert_eq!(menu.settings.pile, u64::MAX);
        menu.type_char(Some('9'));
        assert_eq!(menu.settings.pile, u64::MAX, "never past u64");
        menu.type_char(None);
        assert_eq!(menu.settings.pile, u64::MAX / 10);
        menu.selected = MenuLine::Set;
        menu.settings.game = GameKind::Subtraction;
        menu.settings.set.clear();
        assert!(
            menu.settings.problem().is_some(),
            "an empty set cannot start"
        );
        for c in "2,0".chars() {
            menu.type_char(Some(c));
        }
        assert!(menu.settings.problem().is_some(), "0 is no take");
        menu.type_char(None);
        menu.type_char(Some('5'));
        assert_eq!(menu.settings.set, "2,5");
        assert_eq!(menu.settings.problem(), None);
        assert!(!menu.type_char(Some('x')));
    }
}
