//! A *part*: one game of a sum, at one position, with its rules erased, so that a sum holds
//! any games side by side. Written once here for every game on the core ([`Component`], from
//! its [`Entry`]); a game gives nothing more for it.
//!
//! A sum is played in the normal-play convention (the player with no move in any part loses),
//! so a game whose last move loses (Chomp: who eats the poison loses) is played in a sum
//! without that move: a bar down to its poison has no move left.

use super::entry::{Entry, Position};
use super::rules::{NoGrundy, Rules};
use crate::games::position::FINISHED;
use crate::games::review::MoveWords;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};

/// One game of a sum at one position, whatever the game.
pub trait Part: Send + Sync {
    /// The game's id (`chomp`), the first word of its position string.
    fn game(&self) -> &'static str;

    /// The position string (`chomp 3x4 3,3,2,0`), which [`read_part`] reads back.
    fn print(&self) -> String;

    /// Every move in the sum's convention, in the game's notation and in the order its study
    /// lists them: every legal move but the one that ends a game whose last move loses.
    fn moves(&self) -> Vec<String>;

    /// How many moves [`Part::moves`] lists (`None` past `u64`), without listing them.
    fn move_count(&self) -> Option<u64>;

    /// The part `notation` leaves, or why it is not a move here (one line).
    fn play(&self, notation: &str) -> Result<Box<dyn Part>, String>;

    /// The Grundy value of the position (see [`Rules::grundy`]), with tables of at most
    /// `budget` bytes; remembered, so that asking again costs a lookup.
    fn grundy(&self, budget: u64) -> Result<u64, NoGrundy>;

    /// A move in the game's own words (its move list's), `None` when `notation` is not one.
    fn move_words(&self, notation: &str) -> Option<MoveWords>;

    /// Why the part's Grundy values are out of reach with tables of at most `budget` bytes,
    /// found without building a table (asked with no memory at all, a game refuses a table
    /// saying what it needs); `None` where they are within reach.
    fn beyond(&self, budget: u64) -> Option<String>;

    /// The position drawn small in text, in its game's look (see [`Entry::sketch`]).
    fn sketch(&self) -> Vec<String>;
}

/// A part of the game `E` plays: its rules (shared by every position the part reaches), its
/// position, and the Grundy values found so far, by position string.
pub struct Component<E: Entry + 'static> {
    entry: &'static E,
    rules: E::Rules,
    at: Position<E>,
    grundy: Arc<Mutex<FxHashMap<String, u64>>>,
}

impl<E: Entry + 'static> Component<E> {
    /// The part `body` (a position string without the game's id) names, or why it names none.
    pub fn read(entry: &'static E, body: &str) -> Result<Component<E>, String> {
        let (rules, at) = entry.begin(&entry.read_start(body)?, None);
        Ok(Component {
            entry,
            rules,
            at,
            grundy: Arc::default(),
        })
    }

    /// Whether `mv` is a move in the sum's convention: any move, unless it ends a game whose
    /// last move loses.
    fn allowed(&self, mv: <E::Rules as Rules>::Move) -> bool {
        !self.rules.last_move_loses()
            || (self.rules.play(&self.at, mv)).is_ok_and(|after| !self.rules.is_over(&after))
    }
}

impl<E: Entry + 'static> Part for Component<E> {
    fn game(&self) -> &'static str {
        self.entry.text().id
    }

    fn print(&self) -> String {
        self.rules.print(&self.at)
    }

    fn moves(&self) -> Vec<String> {
        (self.rules.moves(&self.at))
            .filter(|&mv| self.allowed(mv))
            .map(|mv| self.rules.write_move(mv))
            .collect()
    }

    /// A game whose last move loses has its moves counted one by one (Chomp's are a bar's
    /// squares, few).
    fn move_count(&self) -> Option<u64> {
        if self.rules.last_move_loses() {
            Some(self.moves().len() as u64)
        } else {
            self.rules.move_count(&self.at)
        }
    }

    fn play(&self, notation: &str) -> Result<Box<dyn Part>, String> {
        let mv = self.rules.parse_move(notation)?;
        if !self.allowed(mv) {
            return Err(format!(
                "{notation} would end {} in its own rules, which a sum never plays",
                self.entry.text().label
            ));
        }
        Ok(Box::new(Component {
            entry: self.entry,
            rules: self.rules.clone(),
            at: self.rules.play(&self.at, mv)?,
            grundy: Arc::clone(&self.grundy),
        }))
    }

    fn grundy(&self, budget: u64) -> Result<u64, NoGrundy> {
        let key = self.print();
        let known = self.grundy.lock().map(|values| values.get(&key).copied());
        if let Ok(Some(value)) = known {
            return Ok(value);
        }
        let value = self.rules.grundy(&self.at, budget)?;
        if let Ok(mut values) = self.grundy.lock() {
            values.insert(key, value);
        }
        Ok(value)
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        self.entry.move_words(notation)
    }

    fn sketch(&self) -> Vec<String> {
        self.entry.sketch(&self.rules, &self.at)
    }

    fn beyond(&self, budget: u64) -> Option<String> {
        match self.rules.grundy(&self.at, 0) {
            Ok(_) => None,
            Err(NoGrundy::OverBudget { needs, .. }) if needs <= budget => None,
            Err(NoGrundy::OverBudget { needs, .. }) => Some(format!(
                "its Grundy values need a table of {}, more than the {} a sum's part may take",
                crate::units::bytes(needs),
                crate::units::bytes(budget)
            )),
            Err(why) => Some(why.to_string()),
        }
    }
}

/// A part whose game is over in its own rules (`nim 0,0`): its game's parser refuses it as a
/// start, but a sum reaches it, and its position string must read back. No move, Grundy
/// value 0.
pub struct Spent {
    game: &'static str,
    text: String,
}

impl Part for Spent {
    fn game(&self) -> &'static str {
        self.game
    }

    fn print(&self) -> String {
        self.text.clone()
    }

    fn moves(&self) -> Vec<String> {
        Vec::new()
    }

    fn move_count(&self) -> Option<u64> {
        Some(0)
    }

    fn play(&self, notation: &str) -> Result<Box<dyn Part>, String> {
        Err(format!("{notation}: {} is over", self.text))
    }

    fn grundy(&self, _budget: u64) -> Result<u64, NoGrundy> {
        Ok(0)
    }

    fn move_words(&self, _notation: &str) -> Option<MoveWords> {
        None
    }

    fn sketch(&self) -> Vec<String> {
        vec!["(over)".to_string()]
    }

    fn beyond(&self, _budget: u64) -> Option<String> {
        None
    }
}

/// The part of game `E` that `body` names: a position of it, or one where its game is over
/// (which its parser refuses, its reason ending in [`FINISHED`]); or why `body` names none.
pub fn read_part<E: Entry + 'static>(
    entry: &'static E,
    body: &str,
) -> Result<Box<dyn Part>, String> {
    match Component::read(entry, body) {
        Ok(part) => Ok(Box::new(part)),
        Err(why) if why.ends_with(FINISHED) => Ok(Box::new(Spent {
            game: entry.text().id,
            text: format!("{} {}", entry.text().id, body.trim()),
        })),
        Err(why) => Err(why),
    }
}

/// The most coins a sketch draws in a row, and the most rows of them.
const SKETCH_ROW: u64 = 10;
const SKETCH_ROWS: u64 = 4;

/// `coins` coins drawn in rows of ten (a pile too large for four rows is written as a
/// number): a part's sketch of a pile.
pub fn coin_rows(coins: u64) -> Vec<String> {
    if coins > SKETCH_ROW * SKETCH_ROWS {
        return vec![format!("● × {}", crate::units::group(coins))];
    }
    if coins == 0 {
        return vec!["(empty)".to_string()];
    }
    (0..coins.div_ceil(SKETCH_ROW))
        .map(|row| {
            let here = (coins - row * SKETCH_ROW).min(SKETCH_ROW);
            vec!["●"; here as usize].join(" ")
        })
        .collect()
}
