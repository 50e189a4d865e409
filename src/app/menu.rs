//! The menu: which game, its own lines (board, or pile and take set, as the game declares them
//! in the catalogue), and who plays each side.

use crate::games::GAMES;
use crate::games::game::{Field, FieldKind, Value};
use crate::settings::{GameKind, Level, Settings};

/// The lines of the menu, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MenuLine {
    /// Continue the saved game of this kind: the one row of the saved games, whose ←/→ show
    /// the others in turn.
    Resume(GameKind),
    Game,
    /// One of the chosen game's own lines, by the key of its value ("rows", "set").
    Field(&'static str),
    First,
    Second,
    Level,
    #[default]
    Start,
    /// Opens the Study screen on the chosen game's start.
    Study,
    /// Opens the Puzzles screen.
    Puzzles,
    /// Opens "Your mistakes": the positions of your games where a move threw the win away.
    Mistakes,
    Quit,
}

/// The menu's buttons, top to bottom, a row each: the buttons of a row stand side by side, and
/// ←/→ go from one to the next. ↑/↓ arrive on a row's first.
pub const BUTTON_ROWS: &[&[MenuLine]] = &[
    &[MenuLine::Start, MenuLine::Study],
    &[MenuLine::Puzzles, MenuLine::Mistakes],
    &[MenuLine::Quit],
];

/// The buttons of the row that holds `line`, if it is a button.
pub fn button_row(line: MenuLine) -> Option<&'static [MenuLine]> {
    BUTTON_ROWS.iter().copied().find(|row| row.contains(&line))
}

/// The chosen game's line with this key, if it has one.
fn field(settings: &Settings, key: &str) -> Option<&'static Field> {
    settings.game.game().fields().iter().find(|f| f.key == key)
}

impl MenuLine {
    /// Whether the line holds a value that ←/→ change.
    pub fn has_value(self) -> bool {
        !matches!(self, MenuLine::Resume(_)) && button_row(self).is_none()
    }

    /// Whether the line's value is typed (with digits, and Backspace).
    pub fn is_typed(self) -> bool {
        // Every game that declares a key gives it the same kind.
        matches!(self, MenuLine::Field(key) if GAMES
            .iter()
            .flat_map(|g| g.fields())
            .any(|f| f.key == key && f.is_typed()))
    }

    /// The line's label.
    pub fn label(self) -> &'static str {
        match self {
            MenuLine::Resume(_) => "Resume",
            MenuLine::Game => "Game",
            MenuLine::Field(key) => GAMES
                .iter()
                .flat_map(|g| g.fields())
                .find(|f| f.key == key)
                .map_or(key, |f| f.label),
            MenuLine::First => "First player",
            MenuLine::Second => "Second player",
            MenuLine::Level => "Computer",
            MenuLine::Start => "Start",
            MenuLine::Study => "Study",
            MenuLine::Puzzles => "Puzzles",
            MenuLine::Mistakes => "Your mistakes",
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
    /// Something to know that is no problem ("Another window is playing Chomp: …"),
    /// shown where the note is, until the next key changes the menu.
    pub notice: Option<String>,
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
    /// Which of [`Menu::resumes`] the Resume row shows: one row holds them all, so that the
    /// menu fits its smallest size however many games are saved.
    pub resume_at: usize,
    /// Quit was clicked once: a second click on it quits. A stray click never quits munch
    /// (keys quit at once: they are not aimed by accident).
    pub quit_armed: bool,
    /// The kinds whose last finished game is kept to review (`v`), as the data folder held
    /// them when the menu last looked: the key bar offers `v` for these without reading it.
    pub reviewable: Vec<GameKind>,
}

/// The most lines of its own a game puts before the players (`after_level: false`) or after
/// the level, over every game: the menu keeps that many rows for them whatever the game, so
/// that the rows below never move when the game changes.
pub fn field_rows(after_level: bool) -> usize {
    GAMES
        .iter()
        .map(|g| {
            g.fields()
                .iter()
                .filter(|f| f.after_level == after_level)
                .count()
        })
        .max()
        .unwrap_or(0)
}

impl Menu {
    /// The lines shown for the chosen game.
    pub fn lines(&self) -> Vec<MenuLine> {
        let fields = self.settings.game.game().fields();
        let own = |after_level: bool| {
            fields
                .iter()
                .filter(move |f| f.after_level == after_level)
                .map(|f| MenuLine::Field(f.key))
        };
        let mut lines = Vec::new();
        lines.extend(self.shown_resume().map(MenuLine::Resume));
        lines.push(MenuLine::Game);
        lines.extend(own(false));
        lines.extend([MenuLine::First, MenuLine::Second, MenuLine::Level]);
        lines.extend(own(true));
        lines.extend(BUTTON_ROWS.iter().flat_map(|row| row.iter().copied()));
        lines
    }

    /// Moves the highlight up (`-1`) or down (`+1`) a row, stopping at the top and bottom
    /// rows. Buttons side by side share a row (←/→ go between them, see [`BUTTON_ROWS`]):
    /// down from Start or Study is Puzzles, and up from it is Start.
    pub fn move_selection(&mut self, delta: isize) {
        let first = |line: MenuLine| button_row(line).map_or(line, |row| row[0]);
        let rows: Vec<MenuLine> = self
            .lines()
            .into_iter()
            .filter(|&l| first(l) == l)
            .collect();
        let here = first(self.selected);
        let at = rows.iter().position(|&l| l == here).unwrap_or(0);
        let to = at.saturating_add_signed(delta).min(rows.len() - 1);
        if to != at {
            self.select(rows[to]);
        }
    }

    /// The kind of the saved game the Resume row shows, if any game is saved.
    pub fn shown_resume(&self) -> Option<GameKind> {
        let last = self.resumes.len().checked_sub(1)?;
        Some(self.resumes[self.resume_at.min(last)].0)
    }

    /// Highlights the next button beside the highlighted one (`delta` ±1, round its row), if
    /// it stands in a row of several; `false` otherwise.
    pub fn beside(&mut self, delta: isize) -> bool {
        let Some(row) = button_row(self.selected).filter(|row| row.len() > 1) else {
            return false;
        };
        let at = row.iter().position(|&l| l == self.selected).unwrap_or(0);
        self.select(row[wrapped(at, delta, row.len())]);
        true
    }

    /// Highlights `line`; arriving on a line ends any typing and its note, and disarms Quit.
    /// Highlighting the saved game of a kind shows it on the Resume row.
    pub fn select(&mut self, line: MenuLine) {
        if let MenuLine::Resume(kind) = line
            && let Some(at) = self.resumes.iter().position(|&(k, _)| k == kind)
        {
            self.resume_at = at;
        }
        if line != self.selected {
            self.selected = line;
            self.typing = None;
            self.note = None;
            self.notice = None;
            self.quit_armed = false;
        }
    }

    /// Changes the value on `line` one step left (`-1`) or right (`+1`). A number stays within
    /// its line's bounds and the game's rules between lines (a bar is never 1×1); a step that
    /// would leave them is refused and [`Menu::note`] says why.
    pub fn step(&mut self, line: MenuLine, delta: i8) {
        self.typing = None;
        self.notice = None;
        self.note = self.try_step(line, delta).err();
    }

    fn try_step(&mut self, line: MenuLine, delta: i8) -> Result<(), String> {
        let s = &mut self.settings;
        match line {
            MenuLine::Game => {
                let at = GameKind::ALL.iter().position(|&g| g == s.game).unwrap_or(0);
                s.game = GameKind::ALL[wrapped(at, delta.into(), GameKind::ALL.len())];
            }
            MenuLine::Field(key) => {
                let Some(field) = field(s, key) else {
                    return Ok(());
                };
                let value = match field.kind {
                    FieldKind::Number { least, most, .. } => {
                        let next = match s.values.number(key).checked_add_signed(delta.into()) {
                            None if delta > 0 => return Err(most.reason.into()),
                            Some(v) if v > most.value => return Err(most.reason.into()),
                            Some(v) if v >= least.value => v,
                            _ => return Err(least.reason.into()),
                        };
                        if let Some(refusal) = s.game.game().refuse_step(&s.values, key, next) {
                            return Err(refusal);
                        }
                        Value::Number(next)
                    }
                    FieldKind::Text { presets, .. } => {
                        let at = presets.iter().position(|&p| p == s.values.text(key));
                        let next = at.map_or(0, |i| wrapped(i, delta.into(), presets.len()));
                        Value::from(presets[next])
                    }
                    FieldKind::Flag { .. } => Value::Flag(!s.values.flag(key)),
                };
                s.values.set(key, value);
            }
            MenuLine::First => s.players[0] = s.players[0].other(),
            MenuLine::Second => s.players[1] = s.players[1].other(),
            MenuLine::Level => {
                let at = Level::ALL.iter().position(|&l| l == s.level).unwrap_or(0);
                s.level = Level::ALL[wrapped(at, delta.into(), Level::ALL.len())];
            }
            // The next saved game on the one Resume row.
            MenuLine::Resume(_) if !self.resumes.is_empty() => {
                let at = self.resume_at.min(self.resumes.len() - 1);
                let next = wrapped(at, delta.into(), self.resumes.len());
                self.select(MenuLine::Resume(self.resumes[next].0));
            }
            MenuLine::Start
            | MenuLine::Study
            | MenuLine::Puzzles
            | MenuLine::Mistakes
            | MenuLine::Quit
            | MenuLine::Resume(_) => {}
        }
        Ok(())
    }

    /// Why the settings cannot start a game, and the line to fix: the highlighted line when
    /// the problem concerns it, else the first line it concerns.
    pub fn problem(&self) -> Option<(MenuLine, String)> {
        let problem = self.settings.game.game().problem(&self.settings.values)?;
        let line = match self.selected {
            MenuLine::Field(key) if problem.keys.contains(&key) => self.selected,
            _ => MenuLine::Field(problem.keys.first().copied()?),
        };
        Some((line, problem.reason))
    }

    /// Whether the highlighted line takes typing, and so owns the keys `c` stands for.
    pub fn takes_char(&self, c: char) -> bool {
        match self.selected {
            MenuLine::Field(key) => field(&self.settings, key).is_some_and(|f| f.takes_char(c)),
            _ => false,
        }
    }

    /// Typing on a number line (digits) or a text line (the characters it allows); Backspace
    /// is `None`. The first digit after arriving on a line replaces its value. Returns whether
    /// the key was taken; a value that would pass its limit is refused and [`Menu::note`] says
    /// why.
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
        self.notice = None;
        self.note = self.edit(line, ch, fresh).err();
        true
    }

    fn edit(&mut self, line: MenuLine, ch: Option<char>, fresh: bool) -> Result<(), String> {
        let s = &mut self.settings;
        let MenuLine::Field(key) = line else {
            return Ok(());
        };
        let Some(field) = field(s, key) else {
            return Ok(());
        };
        let digit = ch.and_then(|c| c.to_digit(10)).map(u64::from);
        match field.kind {
            FieldKind::Number {
                least,
                most,
                quiet_below_least,
                ..
            } => {
                let value = s.values.number(key);
                let next = match digit {
                    Some(d) => (if fresh { 0 } else { value })
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(d))
                        .filter(|&v| v <= most.value)
                        .ok_or(most.reason)?,
                    None => value / 10,
                };
                // A value below the least stays on the line while it is typed (Backspace, then
                // 2), but cannot start.
                s.values.set(key, next);
                if next < least.value && !quiet_below_least {
                    return Err(least.reason.into());
                }
            }
            FieldKind::Text {
                max_chars,
                too_long,
                ..
            } => {
                let mut text = s.values.text(key).to_string();
                match ch {
                    Some(c) => {
                        if fresh && digit.is_some() {
                            text.clear();
                        }
                        if text.chars().count() >= max_chars {
                            s.values.set(key, text);
                            return Err(too_long.into());
                        }
                        text.push(c);
                    }
                    None => {
                        text.pop();
                    }
                }
                s.values.set(key, text);
            }
            FieldKind::Flag { .. } => {}
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
            MenuLine::Field(key) => match s.values.get(key) {
                Some(Value::Number(n)) => n.to_string(),
                Some(Value::Text(text)) => text.clone(),
                Some(Value::Flag(flag)) => if *flag { "Yes" } else { "No" }.to_string(),
                // Not a game's value (a settings file is sanitized before the menu has it).
                Some(other @ Value::Other(_)) => other.to_string(),
                None => String::new(),
            },
            MenuLine::First => s.players[0].label().to_string(),
            MenuLine::Second => s.players[1].label().to_string(),
            MenuLine::Level => s.level.label().to_string(),
            MenuLine::Start
            | MenuLine::Study
            | MenuLine::Puzzles
            | MenuLine::Mistakes
            | MenuLine::Quit => String::new(),
            MenuLine::Resume(kind) => self.resume(kind).unwrap_or_default().to_string(),
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::fields::{COLS, ROWS};
    use crate::games::chomp::rules::MAX_SIDE;
    use crate::games::subtraction::fields::{PILE, SET};

    #[test]
    fn sizes_stay_in_range_and_never_1x1() {
        let mut menu = Menu::default();
        for _ in 0..40 {
            menu.step(MenuLine::Field(ROWS), 1);
        }
        assert_eq!(menu.settings.values.small(ROWS), MAX_SIDE);
        for _ in 0..40 {
            menu.step(MenuLine::Field(ROWS), -1);
            menu.step(MenuLine::Field(COLS), -1);
        }
        let (rows, cols) = (
            menu.settings.values.small(ROWS),
            menu.settings.values.small(COLS),
        );
        assert_eq!(
            u32::from(rows) * u32::from(cols),
            2,
            "stopped at {rows}×{cols}, not 1×1"
        );
    }

    #[test]
    fn selection_moves_by_rows_over_the_lines_of_the_game_and_stops_at_the_ends() {
        let mut menu = Menu {
            selected: MenuLine::Game,
            ..Menu::default()
        };
        menu.move_selection(-1);
        assert_eq!(menu.selected, MenuLine::Game, "the top row stays");
        menu.move_selection(1);
        assert_eq!(menu.selected, MenuLine::Field(ROWS));
        // Start and Study share a row: down from either is Puzzles, then Quit, the last.
        menu.select(MenuLine::Start);
        menu.move_selection(1);
        assert_eq!(menu.selected, MenuLine::Puzzles, "down from Start");
        menu.move_selection(1);
        assert_eq!(menu.selected, MenuLine::Quit, "down from Puzzles");
        menu.move_selection(1);
        assert_eq!(menu.selected, MenuLine::Quit, "the bottom row stays");
        menu.move_selection(-1);
        assert_eq!(menu.selected, MenuLine::Puzzles, "up from Quit");
        menu.move_selection(-1);
        assert_eq!(menu.selected, MenuLine::Start, "up from Puzzles");
        menu.select(MenuLine::Study);
        menu.move_selection(1);
        assert_eq!(menu.selected, MenuLine::Puzzles, "down from Study");
        menu.select(MenuLine::Study);
        menu.move_selection(-1);
        assert_eq!(
            menu.selected,
            *menu.lines().iter().rev().nth(5).unwrap(),
            "up from Study"
        );
        menu.select(MenuLine::Field(ROWS));
        menu.step(MenuLine::Game, 1);
        assert_eq!(
            menu.lines()[1..3],
            [MenuLine::Field(PILE), MenuLine::Field(SET)]
        );
    }

    #[test]
    fn typing_piles_and_sets() {
        let mut menu = Menu {
            selected: MenuLine::Field(PILE),
            ..Menu::default()
        };
        // Typing reaches only the chosen game's lines.
        assert!(!menu.type_char(Some('1')));
        menu.settings.game = GameKind::Subtraction;
        menu.settings.values.set(PILE, 0_u64);
        for d in "18446744073709551615".chars() {
            assert!(menu.type_char(Some(d)));
        }
        assert_eq!(menu.settings.values.number(PILE), u64::MAX);
        menu.type_char(Some('9'));
        assert_eq!(
            menu.settings.values.number(PILE),
            u64::MAX,
            "never past u64"
        );
        menu.type_char(None);
        assert_eq!(menu.settings.values.number(PILE), u64::MAX / 10);
        menu.selected = MenuLine::Field(SET);
        menu.settings.values.set(SET, "");
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
        assert_eq!(menu.settings.values.text(SET), "2,5");
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
