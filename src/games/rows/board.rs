//! The rows-of-piles board of a game on the core: a row for each pile (and for each choice that
//! takes from several piles at once), the chosen row and take, by arrows, typed digits or the
//! pointer; Enter or a click plays the move they make.
//!
//! A game plugs in with [`RowsRules`] on top of its [`Rules`]: its piles, what a move may take
//! from each row, the move a row and a take make (and back), which piles a row takes from, and
//! its words. Nim is the first to use it.

use crate::games::core::board::{Board, Input};
use crate::games::core::play::Play;
use crate::games::core::rules::Rules;
use crate::games::typing::{self, TypedTake};
use crate::input::{
    ANALYSE, Action, Binding, COPY_POSITION, DIGITS, HELP, Key, LEAVE, LEFT_RIGHT, PAGES, REDO,
    RESTART, Spot, UNDO, UP_DOWN, bind, plain,
};
use crate::units::group;
use ratatui::crossterm::event::KeyCode;

/// The rules of a game played on rows of piles.
pub trait RowsRules: Rules {
    /// The keys of its game screen ([`keys`] makes them, with the words of its rows).
    const KEYS: &'static [Binding];

    /// The piles of `at`, one a row, in order.
    fn piles(&self, at: &Self::Position) -> Vec<u64>;

    /// The names of the rows after the piles', each of which takes the same from several piles
    /// at once (Wythoff's "both"); none by default.
    fn joint_rows(&self) -> &'static [&'static str] {
        &[]
    }

    /// The piles row `row` takes from: its own pile, or those of a joint row: by default
    /// every pile.
    fn takes_from(&self, at: &Self::Position, row: usize) -> Vec<usize> {
        let piles = self.piles(at).len();
        if row < piles {
            vec![row]
        } else {
            (0..piles).collect()
        }
    }

    /// The move taking `take` from row `row`.
    fn make(&self, row: usize, take: u64) -> Self::Move;

    /// The row a move takes from, and its take.
    fn row_of(&self, m: Self::Move) -> (usize, u64);

    /// The board's title for a game from `start` ("Nim"), which the frame follows with the
    /// start when it fits.
    fn title(&self) -> String;

    /// A move in the words of the move list and the review ("3 from pile 2").
    fn move_text(&self, m: Self::Move) -> String;

    /// Row `row` in a sentence ("pile 2", "both piles").
    fn row_name(&self, row: usize) -> String {
        format!("pile {}", row + 1)
    }

    /// The solver's line of the panel at `at`, with the hints on or off, and a line under it
    /// when it is too long for one; empty by default (the help names the strategy).
    fn solver_line(&self, _at: &Self::Position, _hints: bool) -> (String, Option<String>) {
        (String::new(), None)
    }

    /// How the game ended, for the review ("You took the last coin.").
    fn ending(&self, winner: &str) -> String {
        format!("{winner} took the last coin.")
    }
}

/// The keys that take the chosen coins.
const TAKE_KEYS: &[(Key, Action)] = &[
    (plain(KeyCode::Enter), Action::Select),
    (plain(KeyCode::Char(' ')), Action::Select),
];
/// The key that turns the hints on and off.
const HINT_KEYS: &[(Key, Action)] = &[(plain(KeyCode::Char('H')), Action::ToggleHints)];

/// The keys of a game on the rows board: `choose` says what ↑↓ choose ("choose the pile above
/// / below"), `bar` its word on the key bar ("pile").
pub const fn keys(choose: &'static str, bar: &'static str) -> [Binding; 13] {
    [
        bind("↑↓ kj", choose, Some(bar), UP_DOWN),
        bind(
            "←→ hl",
            "take one coin fewer / more",
            Some("choose"),
            LEFT_RIGHT,
        ),
        bind("0-9 ⌫", "type how many to take", Some("type"), DIGITS),
        bind(
            "Enter Space",
            "take the chosen coins",
            Some("take"),
            TAKE_KEYS,
        ),
        // Not on the bar, which the pile keys fill at 80 columns: the panel's Undo button and
        // the help say it.
        Binding { bar: None, ..UNDO },
        REDO,
        RESTART,
        PAGES,
        bind(
            "H",
            "hints: mark every winning take",
            Some("hints"),
            HINT_KEYS,
        ),
        ANALYSE,
        COPY_POSITION,
        HELP,
        LEAVE,
    ]
}

/// A place on the rows the pointer can be over (what the view records, the board acts on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Coin `index` (from 0, the first coin on the left) of pile `pile`: a click takes it and
    /// every coin after it.
    Coin { pile: usize, index: u64 },
    /// A cell of the bar standing for a pile too large to draw as coins, by the index of the
    /// first coin it stands for: a click chooses the take from there on, a second click takes it.
    Bar { pile: usize, index: u64 },
    /// A row (a pile's, or a joint row's): a click chooses it.
    Row(usize),
}

/// A place as the app's pointer targets carry it: (which place, then its pile and coin).
impl From<Place> for Spot {
    fn from(place: Place) -> Spot {
        let (kind, at) = place.code();
        Spot(kind, at)
    }
}

impl Place {
    /// The place as two numbers (which place, then its pile and coin), as a [`Spot`] carries
    /// it; [`Place::from_code`] reads it back.
    pub fn code(self) -> (u64, u64) {
        // A pile number fits 3 bits and a coin index (below 10^18) 60, so one u64 holds both.
        let at = |pile: usize, index: u64| (pile as u64) << 60 | index;
        match self {
            Place::Coin { pile, index } => (0, at(pile, index)),
            Place::Bar { pile, index } => (1, at(pile, index)),
            Place::Row(pile) => (2, at(pile, 0)),
        }
    }

    /// The spot [`Place::code`] wrote, if `code` is one.
    pub fn from_code((kind, at): (u64, u64)) -> Option<Place> {
        let pile = usize::try_from(at >> 60).ok()?;
        let index = at & ((1 << 60) - 1);
        match kind {
            0 => Some(Place::Coin { pile, index }),
            1 => Some(Place::Bar { pile, index }),
            2 => Some(Place::Row(pile)),
            _ => None,
        }
    }
}

/// The rows board's choice: a row and a take from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowsBoard {
    /// The row the person is taking from (from 0: the piles', then the joint rows); one a move
    /// can take from while the game goes on.
    pub pile: usize,
    /// The take the person is about to make, whether chosen with ←/→, a pointer or typed
    /// digits (one state, so they never disagree). It is illegal only while typed; 0 means
    /// nothing is chosen.
    pub take: u64,
    /// Whether [`RowsBoard::take`] is being typed: a digit adds to it instead of replacing it.
    pub typing: bool,
}

/// The rows of `at`: its piles', then its joint rows.
fn row_count<R: RowsRules>(rules: &R, at: &R::Position) -> usize {
    rules.piles(at).len() + rules.joint_rows().len()
}

/// The most a move may take from row `row` at `at`: the fewest coins of the piles it takes
/// from (0 past the last row).
pub fn most<R: RowsRules>(rules: &R, at: &R::Position, row: usize) -> u64 {
    if row >= row_count(rules, at) {
        return 0;
    }
    let piles = rules.piles(at);
    let from = rules.takes_from(at, row);
    let coins = from.iter().map(|&p| piles.get(p).copied().unwrap_or(0));
    coins.min().unwrap_or(0)
}

/// Why the move `take` from `row` cannot be made at `at`, if it cannot.
fn choice_problem<R: RowsRules>(
    rules: &R,
    at: &R::Position,
    row: usize,
    take: u64,
) -> Option<String> {
    if take == 0 {
        return Some("Type how many coins to take, or choose with ←/→.".into());
    }
    (rules.play(at, rules.make(row, take)))
        .err()
        .map(|reason| format!("Not allowed: {reason}."))
}

/// The board's take being typed, with what the rows say of it.
struct Typing<'a, R: RowsRules> {
    board: &'a mut RowsBoard,
    rules: &'a R,
    at: &'a R::Position,
    message: Option<String>,
}

impl<R: RowsRules> TypedTake for Typing<'_, R> {
    fn typed(&mut self) -> (&mut u64, &mut bool) {
        (&mut self.board.take, &mut self.board.typing)
    }

    fn choice_problem(&self) -> Option<String> {
        choice_problem(self.rules, self.at, self.board.pile, self.board.take)
    }

    fn too_large(&self) -> String {
        "No pile is that large.".into()
    }

    fn set_message(&mut self, message: Option<String>) {
        self.message = message;
    }
}

impl RowsBoard {
    /// The move chosen.
    pub fn chosen<R: RowsRules>(&self, rules: &R) -> R::Move {
        rules.make(self.pile, self.take)
    }

    /// Chooses `m` (a pointer over a coin); only a legal move is chosen.
    fn choose<R: RowsRules>(&mut self, rules: &R, at: &R::Position, m: R::Move) -> Input<R::Move> {
        if rules.play(at, m).is_err() {
            return Input::Nothing;
        }
        let (row, take) = rules.row_of(m);
        (self.pile, self.take, self.typing) = (row, take, false);
        Input::Note(None)
    }

    /// Moves the chosen row to the next (`down`) or previous one a move can take from, if there
    /// is one; the take is kept, or cut to what the new row allows.
    fn step_row<R: RowsRules>(&mut self, rules: &R, at: &R::Position, down: bool) {
        let open = |row: &usize| most(rules, at, *row) > 0;
        let next = if down {
            (self.pile + 1..row_count(rules, at)).find(open)
        } else {
            (0..self.pile).rev().find(open)
        };
        if let Some(row) = next {
            self.pile = row;
            self.take = self.take.clamp(1, most(rules, at, row));
        }
    }
}

impl<R: RowsRules> Play<R, RowsBoard> {
    /// The move the person has chosen.
    pub fn chosen(&self) -> R::Move {
        self.board.chosen(&self.rules)
    }

    /// Whether the person's choice is a legal move now.
    pub fn choice_is_legal(&self) -> bool {
        self.rules.play(&self.position, self.chosen()).is_ok()
    }
}

impl<R: RowsRules> Board<R> for RowsBoard {
    fn new(rules: &R, at: &R::Position) -> RowsBoard {
        let mut board = RowsBoard {
            pile: 0,
            take: 1,
            typing: false,
        };
        board.settle(rules, at);
        board
    }

    /// ↑/↓ choose the row, ←/→ or digits the take, Enter takes.
    fn act(&mut self, rules: &R, at: &R::Position, action: Action) -> Input<R::Move> {
        match action {
            Action::Up | Action::Down => {
                self.typing = false;
                self.step_row(rules, at, action == Action::Down);
                Input::Note(None)
            }
            Action::Left | Action::Right => {
                self.typing = false;
                let most = most(rules, at, self.pile).max(1);
                self.take = match action {
                    Action::Left => self.take.saturating_sub(1),
                    _ => self.take.saturating_add(1),
                }
                .clamp(1, most);
                Input::Note(None)
            }
            Action::Digit(_) | Action::Erase => {
                let mut typing = Typing {
                    board: self,
                    rules,
                    at,
                    message: None,
                };
                typing::type_take(&mut typing, action);
                Input::Note(typing.message)
            }
            Action::Select => Input::Play(self.chosen(rules)),
            _ => Input::Nothing,
        }
    }

    /// The pointer over (`click` false) or clicking (`click` true) a [`Place`], as the view
    /// last drew it. A batch of events can change the piles before a click drawn on the old
    /// ones arrives, so a spot past a pile's coins does nothing.
    fn point(&mut self, rules: &R, at: &R::Position, spot: Spot, click: bool) -> Input<R::Move> {
        let piles = rules.piles(at);
        let left = |pile: usize, index: u64| {
            let coins = piles.get(pile).copied().unwrap_or(0);
            let take = coins.checked_sub(index).filter(|&k| k > 0)?;
            Some(rules.make(pile, take))
        };
        match Place::from_code((spot.0, spot.1)) {
            Some(Place::Coin { pile, index }) => match left(pile, index) {
                Some(m) if click => Input::Play(m),
                Some(m) => self.choose(rules, at, m),
                None => Input::Nothing,
            },
            Some(Place::Bar { pile, index }) if click => match left(pile, index) {
                Some(m) if self.chosen(rules) == m => Input::Play(m),
                Some(m) => self.choose(rules, at, m),
                None => Input::Nothing,
            },
            Some(Place::Row(row)) if click && most(rules, at, row) > 0 => {
                self.pile = row;
                self.typing = false;
                self.take = self.take.clamp(1, most(rules, at, row));
                Input::Note(None)
            }
            _ => Input::Nothing,
        }
    }

    /// Keeps the choice on a row a move can take from, with a take it allows: the same row
    /// when it still can (the take cut to it), else the first that can.
    fn settle(&mut self, rules: &R, at: &R::Position) {
        self.typing = false;
        if most(rules, at, self.pile) == 0
            && let Some(row) = (0..row_count(rules, at)).find(|&row| most(rules, at, row) > 0)
        {
            self.pile = row;
        }
        self.take = self.take.clamp(1, most(rules, at, self.pile).max(1));
    }

    /// Nothing chosen asks for a take; an illegal move says why, and the next digit starts a
    /// fresh number (the refused one stays shown).
    fn refused(&mut self, rules: &R, at: &R::Position, m: R::Move, reason: String) -> String {
        let (row, take) = rules.row_of(m);
        if take == 0 {
            return choice_problem(rules, at, row, take).unwrap_or_default();
        }
        self.typing = false;
        format!("Nothing taken: {reason}.")
    }

    fn keys() -> &'static [Binding] {
        R::KEYS
    }

    /// What the piles now need ([`Board::view_size`] of them): the view draws only what is
    /// left, so piles that started huge and are small now fit where a game of small piles does.
    fn view_size_at(rules: &R, _: &R::Position, at: &R::Position) -> (u16, u16) {
        Self::view_size(rules, at)
    }

    /// Room for every row with its count written out, as the view draws them (the largest
    /// pile's count decides the width).
    fn view_size(rules: &R, start: &R::Position) -> (u16, u16) {
        let piles = rules.piles(start);
        let widest = piles.iter().map(|&coins| group(coins).len()).max();
        let widest = u16::try_from(widest.unwrap_or(1)).unwrap_or(u16::MAX);
        let rows = u16::try_from(row_count(rules, start)).unwrap_or(u16::MAX);
        (
            (VIEW_WIDTH_PAST_COUNT + label_width(rules) + widest).max(VIEW_MIN_WIDTH),
            VIEW_HEIGHT_PAST_ROWS + rows,
        )
    }
}

/// The columns left of a row's coins: the chosen-row mark, the row's label and two spaces
/// (`▸ 1  `, `▸ both  `).
pub fn label_width<R: RowsRules>(rules: &R) -> u16 {
    let joint = rules.joint_rows().iter().map(|name| name.chars().count());
    let widest = joint.max().unwrap_or(0).max(1);
    2 + u16::try_from(widest).unwrap_or(u16::MAX) + 2
}

/// The columns the view needs beside each row's label, coins or bar: its border, at least one
/// bar cell and the space before the count.
const VIEW_WIDTH_PAST_COUNT: u16 = 2 + 1 + 1;
/// The narrowest the view gets, as the one-pile games' view: room for its heading ("Now: take
/// 1 to 5 from pile 3") whatever the piles.
const VIEW_MIN_WIDTH: u16 = 30;
/// The rows the view needs besides one a row: its border, the heading's two lines and the
/// blank line under them.
const VIEW_HEIGHT_PAST_ROWS: u16 = 2 + 2 + 1;
