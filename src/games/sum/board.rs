//! The sum's board: its parts side by side, each in a box of its own drawn in its game's
//! look, and under them the chosen part's moves, one chosen. ←/→ (or a digit, or a click on a
//! box) choose the part, ↑/↓ the move; Enter, Space or a click on a move plays it.

use super::rules::{SumMove, SumPosition, SumRules};
use crate::games::core::board::{Board, Input};
use crate::input::{
    ANALYSE, Action, Binding, COPY_POSITION, DIGITS, ENTER_SPACE, HELP, Key, LEAVE, LEFT_RIGHT,
    PAGES, REDO, RESTART, Spot, UNDO, UP_DOWN, bind, plain,
};
use ratatui::crossterm::event::KeyCode;

/// The key that turns the hints on and off.
const HINT_KEYS: &[(Key, Action)] = &[(plain(KeyCode::Char('H')), Action::ToggleHints)];

/// The keys of a sum's game screen.
pub const KEYS: &[Binding] = &[
    bind(
        "←→ hl",
        "choose the part before / after",
        Some("part"),
        LEFT_RIGHT,
    ),
    bind(
        "↑↓ kj",
        "choose the move before / after",
        Some("move"),
        UP_DOWN,
    ),
    bind("1-9", "choose part 1 to 9", None, DIGITS),
    bind(
        "Enter Space",
        "play the chosen move",
        Some("play"),
        ENTER_SPACE,
    ),
    Binding { bar: None, ..UNDO },
    REDO,
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning move",
        Some("hints"),
        HINT_KEYS,
    ),
    ANALYSE,
    COPY_POSITION,
    HELP,
    LEAVE,
];

/// A place on the sum's board the pointer can be over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Part `part`'s box (from 0): a click chooses the part.
    Part(usize),
    /// Move `index` (in its part's order) of the chosen part `part`: the pointer over it
    /// chooses it, a click plays it.
    Move { part: usize, index: usize },
}

impl From<Place> for Spot {
    fn from(place: Place) -> Spot {
        match place {
            Place::Part(part) => Spot(0, part as u64),
            Place::Move { part, index } => Spot(1, (part as u64) << 32 | index as u64),
        }
    }
}

impl Place {
    /// The place a [`Spot`] the view recorded stands for.
    pub fn from_spot(Spot(kind, at): Spot) -> Option<Place> {
        let part = usize::try_from(at >> 32).ok()?;
        match kind {
            0 => Some(Place::Part(usize::try_from(at).ok()?)),
            1 => Some(Place::Move {
                part,
                index: usize::try_from(at & 0xffff_ffff).ok()?,
            }),
            _ => None,
        }
    }
}

/// The board's choice: a part, and a move of it (by its place in the part's moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SumBoard {
    /// The chosen part (from 0), one with a move while the game goes on.
    pub part: usize,
    /// The chosen move's place in the part's moves.
    pub index: usize,
}

impl SumBoard {
    /// The chosen move, where the chosen part has it.
    pub fn chosen(&self, at: &SumPosition) -> Option<SumMove> {
        let part = at.parts().get(self.part)?;
        let moves = part.moves();
        let notation = moves.get(self.index)?;
        Some(SumMove::new(self.part, notation))
    }

    /// Chooses the next part with a move after the chosen one (`forward`) or before it,
    /// wrapping round; the chosen move is the part's first.
    fn step_part(&mut self, at: &SumPosition, forward: bool) {
        let count = at.parts().len();
        for step in 1..=count {
            let part = if forward {
                (self.part + step) % count
            } else {
                (self.part + count - step % count) % count
            };
            if !at.parts()[part].moves().is_empty() {
                (self.part, self.index) = (part, 0);
                return;
            }
        }
    }

    /// Chooses part `part` where it has a move; why not, in a note.
    fn choose_part(&mut self, at: &SumPosition, part: usize) -> Input<SumMove> {
        match at.parts().get(part) {
            None => Input::Note(Some(format!(
                "There is no part {}: the sum has {}.",
                part + 1,
                at.parts().len()
            ))),
            Some(p) if p.moves().is_empty() => {
                Input::Note(Some(format!("Part {} has no move left.", part + 1)))
            }
            Some(_) => {
                if self.part != part {
                    (self.part, self.index) = (part, 0);
                }
                Input::Note(None)
            }
        }
    }
}

impl Board<SumRules> for SumBoard {
    fn new(rules: &SumRules, at: &SumPosition) -> SumBoard {
        let mut board = SumBoard { part: 0, index: 0 };
        board.settle(rules, at);
        board
    }

    fn act(&mut self, _rules: &SumRules, at: &SumPosition, action: Action) -> Input<SumMove> {
        let moves = at.parts().get(self.part).map_or(0, |p| p.moves().len());
        match action {
            Action::Left | Action::Right => {
                self.step_part(at, action == Action::Right);
                Input::Note(None)
            }
            Action::Up => {
                self.index = self.index.saturating_sub(1);
                Input::Note(None)
            }
            Action::Down => {
                self.index = (self.index + 1).min(moves.saturating_sub(1));
                Input::Note(None)
            }
            Action::Digit(0) => Input::Note(Some("Parts are numbered from 1.".into())),
            Action::Digit(d) => self.choose_part(at, usize::from(d) - 1),
            Action::Select => match self.chosen(at) {
                Some(m) => Input::Play(m),
                None => Input::Note(Some("No part has a move left.".into())),
            },
            _ => Input::Nothing,
        }
    }

    fn point(
        &mut self,
        _rules: &SumRules,
        at: &SumPosition,
        spot: Spot,
        click: bool,
    ) -> Input<SumMove> {
        match Place::from_spot(spot) {
            Some(Place::Part(part)) if click => self.choose_part(at, part),
            Some(Place::Move { part, index }) if part == self.part => {
                let moves = at.parts().get(part).map_or(0, |p| p.moves().len());
                if index >= moves {
                    return Input::Nothing;
                }
                self.index = index;
                match self.chosen(at) {
                    Some(m) if click => Input::Play(m),
                    _ => Input::Note(None),
                }
            }
            _ => Input::Nothing,
        }
    }

    /// A part with no move left is left for the next with one; the move stays in range.
    fn settle(&mut self, _rules: &SumRules, at: &SumPosition) {
        let count = at.parts().len();
        if self.part >= count || at.parts()[self.part].moves().is_empty() {
            self.part = self.part.min(count.saturating_sub(1));
            self.step_part(at, true);
        }
        let moves = at.parts().get(self.part).map_or(0, |p| p.moves().len());
        self.index = self.index.min(moves.saturating_sub(1));
    }

    fn refused(
        &mut self,
        _rules: &SumRules,
        _at: &SumPosition,
        m: SumMove,
        reason: String,
    ) -> String {
        format!("{} is not allowed: {reason}.", m.write())
    }

    fn keys() -> &'static [Binding] {
        KEYS
    }

    fn view_size(rules: &SumRules, start: &SumPosition) -> (u16, u16) {
        super::boxes::size(rules, start)
    }
}
