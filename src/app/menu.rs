//! The menu: board size and who plays each side.

use crate::game::chomp::MAX_SIDE;

/// Who makes the moves for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// Everything the menu chooses; a game is started from it and replayed with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub rows: u8,
    pub cols: u8,
    /// `players[0]` moves first.
    pub players: [Player; 2],
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rows: 6,
            cols: 7,
            players: [Player::Person, Player::Computer],
        }
    }
}

/// The lines of the menu, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MenuLine {
    Rows,
    Cols,
    First,
    Second,
    #[default]
    Start,
    Quit,
}

impl MenuLine {
    pub const ALL: [MenuLine; 6] = [
        MenuLine::Rows,
        MenuLine::Cols,
        MenuLine::First,
        MenuLine::Second,
        MenuLine::Start,
        MenuLine::Quit,
    ];

    /// Whether the line holds a value that ←/→ change.
    pub fn has_value(self) -> bool {
        !matches!(self, MenuLine::Start | MenuLine::Quit)
    }

    fn index(self) -> usize {
        MenuLine::ALL.iter().position(|&l| l == self).unwrap_or(0)
    }
}

/// The menu's state: the highlighted line and the settings chosen so far.
#[derive(Debug, Clone, Default)]
pub struct Menu {
    pub selected: MenuLine,
    pub settings: Settings,
}

impl Menu {
    /// Moves the highlight up (`-1`) or down (`+1`), wrapping around.
    pub fn move_selection(&mut self, delta: isize) {
        let n = MenuLine::ALL.len() as isize;
        let next = (self.selected.index() as isize + delta).rem_euclid(n);
        self.selected = MenuLine::ALL[next as usize];
    }

    /// Changes the value on `line` one step left (`-1`) or right (`+1`). Sizes stay in
    /// `1..=26` and never make a 1×1 bar (a game with nothing to play).
    pub fn step(&mut self, line: MenuLine, delta: i8) {
        let s = &mut self.settings;
        let stepped = |v: u8| v.saturating_add_signed(delta).clamp(1, MAX_SIDE);
        match line {
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
            MenuLine::First => s.players[0] = s.players[0].other(),
            MenuLine::Second => s.players[1] = s.players[1].other(),
            MenuLine::Start | MenuLine::Quit => {}
        }
    }

    /// The value shown on a line.
    pub fn value(&self, line: MenuLine) -> String {
        let s = &self.settings;
        match line {
            MenuLine::Rows => s.rows.to_string(),
            MenuLine::Cols => s.cols.to_string(),
            MenuLine::First => s.players[0].label().to_string(),
            MenuLine::Second => s.players[1].label().to_string(),
            MenuLine::Start | MenuLine::Quit => String::new(),
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
    fn selection_wraps() {
        let mut menu = Menu {
            selected: MenuLine::Rows,
            ..Menu::default()
        };
        menu.move_selection(-1);
        assert_eq!(menu.selected, MenuLine::Quit);
        menu.move_selection(1);
        assert_eq!(menu.selected, MenuLine::Rows);
    }
}
