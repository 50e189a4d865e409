//! The menu: which game, its size (board, or pile and take set), and who plays each side.

use crate::games::chomp::rules::MAX_SIDE;
use crate::games::subtraction::rules::MAX_SET_CHARS;
use crate::settings::{GameKind, Level, ONLY_POISON, SET_PRESETS, Settings};
use crate::units::group;

/// The lines of the menu, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MenuLine {
    /// Continue the saved game of this kind.
    Resume(GameKind),
    Game,
    Rows,
    Cols,
    Pile,
    Set,
    First,
    Second,
    Level,
    /// Whether eating the poison asks first (Chomp only).
    AskPoison,
    #[default]
    Start,
    Quit,
}

impl MenuLine {
    /// Whether the line holds a value that ←/→ change.
    pub fn has_value(self) -> bool {
        !matches!(self, MenuLine::Start | MenuLine::Quit | MenuLine::Resume(_))
    }

    /// Whether the line's value is typed (with digits, and Backspace).
    pub fn is_typed(self) -> bool {
        matches!(
            self,
            MenuLine::Rows | MenuLine::Cols | MenuLine::Pile | MenuLine::Set
        )
    }

    /// The line's label.
    pub fn label(self) -> &'static str {
        match self {
            MenuLine::Resume(_) => "Resume",
            MenuLine::Game => "Game",
            MenuLine::Rows => "Rows",
            MenuLine::Cols => "Columns",
            MenuLine::Pile => "Coins",
            MenuLine::Set => "Takes (set)",
            MenuLine::First => "First player",
            MenuLine::Second => "Second player",
            MenuLine::Level => "Computer",
            MenuLine::AskPoison => "Ask before a1",
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
    /// Why the last key did not change a value the way it asked ("26 is the largest side").
    pub note: Option<String>,
    /// The line being typed into: digits add to its value. Any other line's first digit
    /// starts a fresh value, so typing 21 over 29 gives 21, not 2921.
    pub typing: Option<MenuLine>,
    /// The saved games to resume, one per kind at most: the kind, and what the game is
    /// ("Chomp 6×7, move 5").
    pub resumes: Vec<(GameKind, String)>,
    /// Set while Start asks whether to replace the saved game of this kind.
    pub replacing: Option<GameKind>,
    /// The kinds whose saved game another munch window is playing now: not resumed here.
    pub open_elsewhere: Vec<GameKind>,
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
        lines.extend(self.resumes.iter().map(|&(kind, _)| MenuLine::Resume(kind)));
        lines.push(MenuLine::Game);
        lines.extend_from_slice(size);
        lines.extend([MenuLine::First, MenuLine::Second, MenuLine::Level]);
        if self.settings.game == GameKind::Chomp {
            lines.push(MenuLine::AskPoison);
        }
        lines.extend([MenuLine::Start, MenuLine::Quit]);
        lines
    }

    /// Moves the highlight up (`-1`) or down (`+1`), wrapping around.
    pub fn move_selection(&mut self, delta: isize) {
        let lines = self.lines();
        let at = lines.iter().position(|&l| l == self.selected).unwrap_or(0);
        self.select(lines[wrapped(at, delta, lines.len())]);
    }

    /// Highlights `line`; arriving on a line ends any typing and its note.
    pub fn select(&mut self, line: MenuLine) {
        if line != self.selected {
            self.selected = line;
            self.typing = None;
            self.note = None;
        }
    }

    /// Changes the value on `line` one step left (`-1`) or right (`+1`). Sizes stay in
    /// `1..=26` and never make a 1×1 bar (a game with nothing to play); a step that would
    /// leave those limits is refused and [`Menu::note`] says why.
    pub fn step(&mut self, line: MenuLine, delta: i8) {
        self.typing = None;
        self.note = self.try_step(line, delta).err();
    }

    fn try_step(&mut self, line: MenuLine, delta: i8) -> Result<(), String> {
        let s = &mut self.settings;
        let stepped = |v: u8, what: &str| match v.checked_add_signed(delta) {
            Some(v) if v > MAX_SIDE => Err(format!("{MAX_SIDE} is the largest side")),
            Some(v) if v >= 1 => Ok(v),
            _ => Err(format!("a bar has at least 1 {what}")),
        };
        match line {
            MenuLine::Game => {
                let at = GameKind::ALL.iter().position(|&g| g == s.game).unwrap_or(0);
                s.game = GameKind::ALL[wrapped(at, delta.into(), GameKind::ALL.len())];
            }
            MenuLine::Rows => {
                let rows = stepped(s.rows, "row")?;
                if rows == 1 && s.cols == 1 {
                    return Err(format!("{ONLY_POISON}: 1 column needs 2 rows"));
                }
                s.rows = rows;
            }
            MenuLine::Cols => {
                let cols = stepped(s.cols, "column")?;
                if cols == 1 && s.rows == 1 {
                    return Err(format!("{ONLY_POISON}: 1 row needs 2 columns"));
                }
                s.cols = cols;
            }
            MenuLine::Pile => {
                let least = match s.game {
                    GameKind::Fibonacci => 2,
                    _ => 1,
                };
                match s.pile.checked_add_signed(i64::from(delta)) {
                    None if delta > 0 => return Err(largest_pile()),
                    Some(pile) if pile >= least => s.pile = pile,
                    _ if s.game == GameKind::Fibonacci => {
                        return Err("Fibonacci Nim needs at least 2 coins".into());
                    }
                    _ => return Err("a pile has at least 1 coin".into()),
                }
            }
            MenuLine::Set => {
                let at = SET_PRESETS.iter().position(|&p| p == s.set);
                let next = at.map_or(0, |i| wrapped(i, delta.into(), SET_PRESETS.len()));
                s.set = SET_PRESETS[next].to_string();
            }
            MenuLine::First => s.players[0] = s.players[0].other(),
            MenuLine::Second => s.players[1] = s.players[1].other(),
            MenuLine::Level => {
                let at = Level::ALL.iter().position(|&l| l == s.level).unwrap_or(0);
                s.level = Level::ALL[wrapped(at, delta.into(), Level::ALL.len())];
            }
            MenuLine::AskPoison => s.ask_before_poison = !s.ask_before_poison,
            MenuLine::Start | MenuLine::Quit | MenuLine::Resume(_) => {}
        }
        Ok(())
    }

    /// Why the settings cannot start a game, and the line to fix.
    pub fn problem(&self) -> Option<(MenuLine, String)> {
        let s = &self.settings;
        let problem = s.problem()?;
        let line = match s.game {
            GameKind::Chomp if matches!(self.selected, MenuLine::Rows | MenuLine::Cols) => {
                self.selected
            }
            GameKind::Chomp if !(1..=MAX_SIDE).contains(&s.rows) => MenuLine::Rows,
            GameKind::Chomp => MenuLine::Cols,
            GameKind::Subtraction if s.pile > 0 => MenuLine::Set,
            _ => MenuLine::Pile,
        };
        Some((line, problem))
    }

    /// Whether the highlighted line takes typing, and so owns the keys `c` stands for.
    pub fn takes_char(&self, c: char) -> bool {
        match self.selected {
            MenuLine::Rows | MenuLine::Cols | MenuLine::Pile => c.is_ascii_digit(),
            MenuLine::Set => c.is_ascii_digit() || matches!(c, ',' | ' ' | '-'),
            _ => false,
        }
    }

    /// Typing on the Rows, Columns and Coins lines (digits) or the Set line (digits, `,`, space
    /// and `-`); Backspace is `None`. The first digit after arriving on a line replaces its
    /// value. Returns whether the key was taken; a value that would pass its limit is refused
    /// and [`Menu::note`] says why.
    pub fn type_char(&mut self, ch: Option<char>) -> bool {
        let taken = match ch {
            Some(c) => self.takes_char(c),
            None => self.selected.is_typed(),
        };
        if !taken {
            return false;
        }
        let line = self.selected;
        let fresh = self.typing != Some(line);
        self.typing = Some(line);
        self.note = self.edit(line, ch, fresh).err();
        true
    }

    fn edit(&mut self, line: MenuLine, ch: Option<char>, fresh: bool) -> Result<(), String> {
        let s = &mut self.settings;
        let digit = ch.and_then(|c| c.to_digit(10)).map(u64::from);
        match (line, ch, digit) {
            (MenuLine::Rows | MenuLine::Cols, _, _) => {
                let (side, what) = match line {
                    MenuLine::Rows => (&mut s.rows, "row"),
                    _ => (&mut s.cols, "column"),
                };
                let next = match digit {
                    Some(d) if fresh => d,
                    Some(d) => u64::from(*side) * 10 + d,
                    None => u64::from(*side / 10),
                };
                if next > u64::from(MAX_SIDE) {
                    return Err(format!("{MAX_SIDE} is the largest side"));
                }
                // 0 stays on the line while it is typed (Backspace, then 2), but cannot start.
                *side = next as u8;
                if next == 0 {
                    return Err(format!("a bar has at least 1 {what}"));
                }
            }
            (MenuLine::Pile, _, Some(d)) => {
                let base = if fresh { 0 } else { s.pile };
                s.pile = base
                    .checked_mul(10)
                    .and_then(|p| p.checked_add(d))
                    .ok_or_else(largest_pile)?;
            }
            (MenuLine::Pile, _, None) => s.pile /= 10,
            (MenuLine::Set, Some(c), _) => {
                if fresh && digit.is_some() {
                    s.set.clear();
                }
                if s.set.chars().count() >= MAX_SET_CHARS {
                    return Err(format!("a take set is at most {MAX_SET_CHARS} characters"));
                }
                s.set.push(c);
            }
            (MenuLine::Set, None, _) => {
                s.set.pop();
            }
            _ => {}
        }
        Ok(())
    }

    /// What the saved game of `kind` is, when there is one to resume.
    pub fn resume(&self, kind: GameKind) -> Option<&str> {
        self.resumes
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, label)| label.as_str())
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
            MenuLine::AskPoison => if s.ask_before_poison { "Yes" } else { "No" }.to_string(),
            MenuLine::Start | MenuLine::Quit => String::new(),
            MenuLine::Resume(kind) => self.resume(kind).unwrap_or_default().to_string(),
        }
    }
}

/// Why a pile stops growing.
/// The index `delta` places on from `at` in a list of `len` (not zero) items, wrapping around
/// at both ends.
pub(crate) fn wrapped(at: usize, delta: isize, len: usize) -> usize {
    let step = delta.unsigned_abs() % len;
    if delta >= 0 {
        (at + step) % len
    } else {
        (at + len - step) % len
    }
}

fn largest_pile() -> String {
    format!("{} coins is the largest pile", group(u64::MAX))
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

    #[test]
    fn wrapped_steps_around_both_ends() {
        for len in 1..6_usize {
            for at in 0..len {
                for delta in -12..=12_isize {
                    let expected = (at.cast_signed() + delta).rem_euclid(len.cast_signed());
                    assert_eq!(
                        wrapped(at, delta, len).cast_signed(),
                        expected,
                        "{at}{delta:+} of {len}"
                    );
                }
            }
        }
        assert_eq!(wrapped(0, isize::MIN, 3), 1, "no overflow at the extremes");
        assert_eq!(wrapped(2, isize::MAX, 3), 0);
    }
}
