//! Setting up another position on the Study screen (`e`): the [`Editor`] trait, and the fields
//! a coin game's editor is made of ([`EditFields`], [`FieldsEditor`]).

use super::{Study, move_of, spot};
use crate::input::{Action, Spot, Spots};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Paragraph, Widget};

/// A position being set up on the Study screen (`e`): the game's fields, and for Chomp the bar
/// itself. Once its position is right, it gives a [`Study`] of it.
pub trait Editor: Send {
    /// The game and its size as set up so far, for the screen's title ("Chomp 7×8"), when the
    /// editor changes them; `None` keeps the study's title.
    fn title(&self) -> Option<String> {
        None
    }

    /// Its fields, top to bottom: (label, value as shown).
    fn fields(&self) -> Vec<(String, String)>;

    /// The field being changed (keys and typing go to it), if the fields take keys.
    fn selected(&self) -> Option<usize>;

    /// A key's action: choose a field, step its value, move the cursor, set a column.
    fn act(&mut self, action: Action);

    /// A character typed into the selected field (`None`: Backspace); whether it was taken.
    fn type_char(&mut self, c: Option<char>) -> bool;

    /// The mouse pressed on (`click`) or over a spot the editor drew.
    fn point(&mut self, spot: Spot, click: bool);

    /// Draws what is being set up in `area`, recording its clickable places in `spots`.
    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, spots: &mut Spots);

    /// What its keys do now (on the chosen field), a short line each, for the panel.
    fn hints(&self) -> Vec<String>;

    /// What is wrong with each field's value as typed (`None`: nothing), in the order of
    /// [`Editor::fields`]; empty when the fields cannot be wrong.
    fn problems(&self) -> Vec<Option<String>> {
        Vec::new()
    }

    /// A study of the position set up, or why it is not a position of the game (one line).
    fn study(&self) -> Result<Box<dyn Study>, String>;
}

/// One field of a coin game's editor.
#[derive(Debug, Clone)]
pub struct EditField {
    /// Its name ("Pile", "Takes").
    pub label: &'static str,
    /// Its text as typed.
    pub value: String,
    /// The characters it takes besides digits (a take set's `,- `; none for a number).
    pub also: &'static str,
    /// The values ←/→ go through (a take set's presets, as the menu's); empty for a number,
    /// which ←/→ step by one.
    pub presets: &'static [&'static str],
    /// What ←/→ and typing do on it, for the panel ("←→ presets, or type 1,3-5").
    pub hint: &'static str,
    /// What is wrong with a value as typed (one line), checked at every key so the field
    /// says so at once; `Ok` when the value is fine.
    pub check: fn(&str) -> Result<(), String>,
}

impl EditField {
    /// A field holding a whole number: digits only, ←/→ step it by one, `check` its value.
    pub fn number(
        label: &'static str,
        value: u64,
        check: fn(&str) -> Result<(), String>,
    ) -> EditField {
        EditField {
            label,
            value: value.to_string(),
            also: "",
            presets: &[],
            hint: "←→ ±1, or type a number",
            check,
        }
    }

    /// What is wrong with the value as typed, if anything.
    pub fn problem(&self) -> Option<String> {
        (self.check)(&self.value).err()
    }
}

/// Checks a whole number typed into a field: `Err` when it is not one.
pub fn whole_number(text: &str) -> Result<u64, String> {
    if text.is_empty() {
        return Err("type a number".into());
    }
    text.parse::<u64>().map_err(|_| {
        if text.chars().all(|c| c.is_ascii_digit()) {
            format!("at most {}", crate::units::group(u64::MAX))
        } else {
            "a whole number".into()
        }
    })
}

/// The fields of a coin game's editor, one chosen at a time: ↑/↓ choose, ←/→ step a number by
/// one (or go through a text field's presets), typing edits the chosen one (its first
/// character replaces the value), Backspace erases. Each field says at once what is wrong with
/// its value as typed. Each coin game's editor keeps one and reads its values.
#[derive(Debug, Clone)]
pub struct EditFields {
    /// The fields, top to bottom.
    pub fields: Vec<EditField>,
    /// The chosen field.
    pub selected: usize,
    /// Whether the chosen field is being typed (a character adds to it rather than replace).
    typing: bool,
    /// What is wrong with the fields together (Fibonacci Nim's largest take above its pile),
    /// once each is fine alone: the label of the field it is said under, and why.
    together: fn(&EditFields) -> Option<(&'static str, String)>,
}

impl EditFields {
    /// The fields, the first one chosen.
    pub fn new(fields: Vec<EditField>) -> EditFields {
        EditFields {
            fields,
            selected: 0,
            typing: false,
            together: |_| None,
        }
    }

    /// The fields, with `together` saying what is wrong with their values together (checked
    /// once every field is fine alone), and under which field to say it.
    #[must_use]
    pub fn checked_together(
        mut self,
        together: fn(&EditFields) -> Option<(&'static str, String)>,
    ) -> EditFields {
        self.together = together;
        self
    }

    /// What is wrong with the field at `at` as typed: its own check, then the check of the
    /// fields together when it is said under this field.
    pub fn problem(&self, at: usize) -> Option<String> {
        let field = self.fields.get(at)?;
        if let Some(problem) = field.problem() {
            return Some(problem);
        }
        if self.fields.iter().any(|f| f.problem().is_some()) {
            return None;
        }
        (self.together)(self)
            .filter(|(label, _)| *label == field.label)
            .map(|(_, problem)| problem)
    }

    /// The value of the field `label`.
    pub fn value(&self, label: &str) -> &str {
        self.fields
            .iter()
            .find(|f| f.label == label)
            .map_or("", |f| f.value.as_str())
    }

    /// The fields as the panel lists them.
    pub fn shown(&self) -> Vec<(String, String)> {
        self.fields
            .iter()
            .map(|f| (f.label.to_string(), f.value.clone()))
            .collect()
    }

    /// The first field whose value is wrong, as "Label: what is wrong".
    pub fn first_problem(&self) -> Option<String> {
        self.fields.iter().enumerate().find_map(|(at, f)| {
            self.problem(at)
                .map(|problem| format!("{}: {problem}", f.label.to_lowercase()))
        })
    }

    /// ↑/↓ choose a field; ←/→ step a number, or go through a field's presets.
    pub fn act(&mut self, action: Action) {
        let count = self.fields.len();
        match action {
            Action::Up => self.choose((self.selected + count - 1) % count.max(1)),
            Action::Down => self.choose((self.selected + 1) % count.max(1)),
            Action::Left | Action::Right => {
                let Some(field) = self.fields.get_mut(self.selected) else {
                    return;
                };
                let forward = action == Action::Right;
                if !field.presets.is_empty() {
                    let presets = field.presets;
                    let next = match presets.iter().position(|&p| p == field.value.trim()) {
                        Some(at) if forward => (at + 1) % presets.len(),
                        Some(at) => (at + presets.len() - 1) % presets.len(),
                        None if forward => 0,
                        None => presets.len() - 1,
                    };
                    field.value = presets[next].to_string();
                    self.typing = false;
                } else if let Ok(n) = field.value.trim().parse::<u64>() {
                    let next = if forward {
                        n.saturating_add(1)
                    } else {
                        n.saturating_sub(1)
                    };
                    field.value = next.to_string();
                    self.typing = false;
                }
            }
            _ => {}
        }
    }

    /// Chooses the field at `at`.
    pub fn choose(&mut self, at: usize) {
        if at < self.fields.len() && at != self.selected {
            self.selected = at;
            self.typing = false;
        }
    }

    /// Types `c` into the chosen field (`None`: Backspace); whether it was taken.
    pub fn type_char(&mut self, c: Option<char>) -> bool {
        let typing = self.typing;
        let Some(field) = self.fields.get_mut(self.selected) else {
            return false;
        };
        match c {
            Some(c) if c.is_ascii_digit() || field.also.contains(c) => {
                if !typing {
                    field.value.clear();
                }
                // A field holds a line, never a screenful.
                if field.value.chars().count() < 60 {
                    field.value.push(c);
                }
            }
            None => {
                field.value.pop();
            }
            Some(_) => return false,
        }
        self.typing = true;
        true
    }

    /// Draws the fields in `area`, the chosen one highlighted, each clickable (as [`spot`]
    /// of its index).
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, spots: &mut Spots) {
        /// The problem's lines start under the value: past the pointer and the label.
        const INDENT: u16 = 13;
        let mut y = area.y;
        for (at, field) in self.fields.iter().enumerate() {
            if y >= area.bottom() {
                break;
            }
            let row = Rect::new(area.x, y, area.width, 1);
            let chosen = at == self.selected;
            let style = if chosen { theme.selected } else { theme.text };
            let pointer = if chosen { '▸' } else { ' ' };
            let text = format!("{pointer} {:<10} {}", field.label, field.value);
            Paragraph::new(Span::styled(text, style)).render(row, buf);
            spots.add(row, spot(at));
            y += 1;
            // What is wrong with it, under its value, as it is typed.
            if let Some(problem) = self.problem(at) {
                // A column left blank before the border.
                let width = area.width.saturating_sub(INDENT + 1).max(12);
                for line in wrap(&format!("✗ {problem}"), usize::from(width)) {
                    if y >= area.bottom() {
                        break;
                    }
                    let under = Rect::new(area.x + INDENT, y, width, 1).intersection(area);
                    Paragraph::new(Span::styled(line, theme.bad)).render(under, buf);
                    y += 1;
                }
            }
            // A blank line between fields.
            y += 1;
        }
    }
}

/// `text` cut into lines of at most `width` characters, at spaces where it can.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            lines.push(line.chars().take(width).collect());
            line = rest;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// An editor that is only its fields (the coin games' and Nim's): the fields take the keys,
/// the mouse and the drawing, and `study` reads the position they describe.
pub struct FieldsEditor {
    fields: EditFields,
    study: fn(&EditFields) -> Result<Box<dyn Study>, String>,
}

impl FieldsEditor {
    /// An editor of `fields`, whose position `study` reads once every field is fine.
    pub fn new(
        fields: EditFields,
        study: fn(&EditFields) -> Result<Box<dyn Study>, String>,
    ) -> FieldsEditor {
        FieldsEditor { fields, study }
    }
}

impl Editor for FieldsEditor {
    fn fields(&self) -> Vec<(String, String)> {
        self.fields.shown()
    }

    fn selected(&self) -> Option<usize> {
        Some(self.fields.selected)
    }

    fn act(&mut self, action: Action) {
        self.fields.act(action);
    }

    fn type_char(&mut self, c: Option<char>) -> bool {
        self.fields.type_char(c)
    }

    fn point(&mut self, spot: Spot, _click: bool) {
        if let Some(at) = move_of(spot) {
            self.fields.choose(at);
        }
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme, spots: &mut Spots) {
        self.fields.render(area, buf, theme, spots);
    }

    fn hints(&self) -> Vec<String> {
        // Only what works on the chosen field.
        let hint = self
            .fields
            .fields
            .get(self.fields.selected)
            .map_or("", |f| f.hint);
        let first = if self.fields.fields.len() > 1 {
            format!("↑↓ field; {hint}")
        } else {
            hint.to_string()
        };
        vec![first, "Enter: study it, Esc: back".into()]
    }

    fn problems(&self) -> Vec<Option<String>> {
        (0..self.fields.fields.len())
            .map(|at| self.fields.problem(at))
            .collect()
    }

    fn study(&self) -> Result<Box<dyn Study>, String> {
        if let Some(problem) = self.fields.first_problem() {
            return Err(problem);
        }
        (self.study)(&self.fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_cuts_at_spaces_and_splits_words_too_long_for_a_line() {
        assert_eq!(
            wrap("✗ 0 is not a take: each take is 1 or more", 20),
            ["✗ 0 is not a take:", "each take is 1 or", "more"]
        );
        assert_eq!(wrap("abcdefgh ij", 4), ["abcd", "efgh", "ij"]);
        assert!(wrap("", 4).is_empty());
    }
}
