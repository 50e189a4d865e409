//! A game's own settings: the values it keeps (by key, as settings.json writes them) and the menu
//! lines that choose them. A leaf: it imports nothing of munch, so every game can use it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One setting's value, written in settings.json as a plain number, text or flag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Flag(bool),
    Number(u64),
    Text(String),
    /// Anything else a file holds (a newer munch's setting: a list, a fraction, …): no game's
    /// value, kept as it was so that it is written back unchanged.
    Other(serde_json::Value),
}

impl std::fmt::Display for Value {
    /// As settings.json writes it: `6`, `"1,3,4"`, `true`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Flag(flag) => write!(f, "{flag}"),
            Value::Number(n) => write!(f, "{n}"),
            Value::Text(text) => write!(f, "{text:?}"),
            Value::Other(other) => write!(f, "{other}"),
        }
    }
}

impl From<u64> for Value {
    fn from(n: u64) -> Value {
        Value::Number(n)
    }
}

impl From<u8> for Value {
    fn from(n: u8) -> Value {
        Value::Number(n.into())
    }
}

impl From<bool> for Value {
    fn from(flag: bool) -> Value {
        Value::Flag(flag)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.into())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

/// Every game's values by key ("rows", "set", …), each game under keys of its own, and the keys
/// of a newer munch, kept as they were.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Values(BTreeMap<String, Value>);

impl Values {
    /// The value under `key`, if there is one.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    /// The number under `key`; 0 when it is missing or not a number (settings are filled in and
    /// sanitized through the catalogue when read, so a game's own keys are always there).
    pub fn number(&self, key: &str) -> u64 {
        match self.0.get(key) {
            Some(Value::Number(n)) => *n,
            _ => 0,
        }
    }

    /// The number under `key` as a `u8`, saturating (see [`Values::number`]).
    pub fn small(&self, key: &str) -> u8 {
        u8::try_from(self.number(key)).unwrap_or(u8::MAX)
    }

    /// The text under `key`; empty when it is missing or not text.
    pub fn text(&self, key: &str) -> &str {
        match self.0.get(key) {
            Some(Value::Text(t)) => t,
            _ => "",
        }
    }

    /// The flag under `key`; `false` when it is missing or not a flag.
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.0.get(key), Some(Value::Flag(true)))
    }

    /// Sets the value under `key`.
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.0.insert(key.to_string(), value.into());
    }

    /// The same values with `key` set: `Values::default().with("rows", 9_u8)`.
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Values {
        self.set(key, value);
        self
    }

    /// Sets every value `other` holds, keeping the rest.
    pub fn extend(&mut self, other: Values) {
        self.0.extend(other.0);
    }

    /// Keeps only the keys `keep` says to.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &Value) -> bool) {
        self.0.retain(|k, v| keep(k, v));
    }
}

/// A limit of a typed number, and why it is there ("26 is the largest side").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub value: u64,
    pub reason: &'static str,
}

/// What a menu line holds and how it is edited.
#[derive(Debug, Clone, Copy)]
pub enum FieldKind {
    /// A whole number, typed with digits or stepped with ←/→, never past `most`; a step never
    /// goes below `least`. A typed value below `least` stays on the line (it is being typed);
    /// the note says why at once unless `quiet_below_least` leaves that to the problem line.
    Number {
        default: u64,
        least: Bound,
        most: Bound,
        quiet_below_least: bool,
    },
    /// Text typed with the characters `allowed` accepts (a digit first replaces the whole
    /// text), at most `max_chars` of them; ←/→ cycle through `presets`.
    Text {
        default: &'static str,
        allowed: fn(char) -> bool,
        max_chars: usize,
        too_long: &'static str,
        presets: &'static [&'static str],
    },
    /// Yes or no, switched by ←/→.
    Flag { default: bool },
}

/// One of a game's menu lines: the value under `key`, shown as `label`.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: FieldKind,
    /// Whether the line comes after the players and the level (an option) rather than right
    /// under the Game line (the game's size).
    pub after_level: bool,
    /// The key the value had in older files, where another game shared it (Fibonacci Nim's
    /// coins were the subtraction game's "pile"): read when the file lacks `key`.
    pub was: Option<&'static str>,
}

impl Field {
    /// The value a fresh settings file holds.
    pub fn default_value(&self) -> Value {
        match self.kind {
            FieldKind::Number { default, .. } => Value::Number(default),
            FieldKind::Text { default, .. } => Value::Text(default.into()),
            FieldKind::Flag { default } => Value::Flag(default),
        }
    }

    /// Whether `value` is of this field's kind.
    pub fn fits(&self, value: &Value) -> bool {
        matches!(
            (self.kind, value),
            (FieldKind::Number { .. }, Value::Number(_))
                | (FieldKind::Text { .. }, Value::Text(_))
                | (FieldKind::Flag { .. }, Value::Flag(_))
        )
    }

    /// What the field holds, for messages: "a number".
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            FieldKind::Number { .. } => "a number",
            FieldKind::Text { .. } => "text",
            FieldKind::Flag { .. } => "true or false",
        }
    }

    /// Whether the line's value is typed (rather than only stepped).
    pub fn is_typed(&self) -> bool {
        !matches!(self.kind, FieldKind::Flag { .. })
    }

    /// Whether typing `c` on this line edits it.
    pub fn takes_char(&self, c: char) -> bool {
        match self.kind {
            FieldKind::Number { .. } => c.is_ascii_digit(),
            FieldKind::Text { allowed, .. } => allowed(c),
            FieldKind::Flag { .. } => false,
        }
    }
}

/// Why a game's values cannot start a game, and the keys of the lines it concerns: the
/// highlighted line when it is one of them, else the first, is marked as the one to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub keys: &'static [&'static str],
    pub reason: String,
}
