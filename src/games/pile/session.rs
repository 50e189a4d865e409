//! The one-pile board: the take a person chooses (arrows, typed digits, the pointer on a coin
//! or the bar), over any one-pile game's rules ([`PileRules`], which it makes the core's
//! [`Rules`]), played by the core's generic session.

use super::player;
use crate::games::core::board::{Board, Input};
use crate::games::core::play::Play;
use crate::games::core::rules::{NoGrundy, Rules};
use crate::games::moves_left::PositionAnalysis;
use crate::games::pile::rules::{MESSAGE_TAKES, PilePosition, PileRules, Takes};
use crate::games::request::{Built, Progress, Waiting};
use crate::games::review::Known;
use crate::games::typing::{self, TypedTake};
use crate::input::{
    ANALYSE, Action, Binding, COPY_POSITION, DIGITS, ENTER_SPACE, HELP, LEAVE, LEFT_RIGHT, PAGES,
    REDO, RESTART, Spot, UNDO, UP_DOWN, bind, plain,
};
use crate::units::group;
use ratatui::crossterm::event::KeyCode;

/// A coin-pile game in progress (or just finished): a one-pile game's rules `R` on the core's
/// session, with the take being chosen on the one-pile board.
pub type PileSession<R> = Play<R, PileBoard>;

/// The computer's chosen take, shown flashing before it lands.
pub type PendingTake = crate::games::turns::Pending<u64>;

/// The take the person is about to make: what the panel shows and Enter confirms, whether it
/// was chosen with ←/→, a click or typed digits (one state, so they never disagree).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PileBoard {
    /// The take chosen; illegal only while typed; 0 means nothing is chosen.
    pub choice: u64,
    /// Whether [`PileBoard::choice`] is being typed: a digit adds to it instead of replacing it.
    pub typing: bool,
}

impl<R: PileRules> PileSession<R> {
    /// The game's name.
    pub fn title(&self) -> String {
        self.rules.title()
    }

    /// The position now.
    pub fn at(&self) -> PilePosition {
        self.position
    }

    /// The takes legal now.
    pub fn takes(&self) -> Takes {
        self.rules.takes(&self.position)
    }

    /// The largest legal take now (0 when there is none).
    pub fn limit(&self) -> u64 {
        self.takes().limit()
    }

    /// Whether taking `k` coins is legal now.
    pub fn is_legal(&self, k: u64) -> bool {
        self.takes().contains(k)
    }

    /// What the panel says is legal: "take 1, 3 or 4" / "take 1 to 6", in at most `width`
    /// characters where it can (see [`Takes::text`]).
    pub fn legal_text(&self, width: usize) -> String {
        self.takes().text(width)
    }

    /// Every winning take now, when known.
    pub fn winning_takes(&self) -> Option<Vec<u64>> {
        self.winning_moves()
    }

    /// The pile before take number `index` (from 0).
    pub fn pile_before(&self, index: usize) -> u64 {
        self.position_before(index).pile
    }
}

/// The core's rules of a one-pile game, written once from its [`PileRules`]: a take is legal
/// when [`PileRules::takes`] holds it, the game is over when no take is, a take is written as
/// its number, and the computer plays by [`player`].
impl<R: PileRules> Rules for R {
    type Position = PilePosition;
    type Move = u64;

    fn play(&self, at: &PilePosition, k: u64) -> Result<PilePosition, String> {
        self.takes(at).check(k)?;
        Ok(self.after(at, k))
    }

    fn is_over(&self, at: &PilePosition) -> bool {
        self.takes(at).limit() == 0
    }

    fn move_count(&self, at: &PilePosition) -> Option<u64> {
        Some(self.takes(at).count())
    }

    /// The takes, smallest first.
    fn moves<'a>(&'a self, at: &'a PilePosition) -> Box<dyn Iterator<Item = u64> + 'a> {
        match self.takes(at) {
            Takes::Listed(takes) => Box::new(takes.into_iter()),
            Takes::UpTo(limit) => Box::new(1..=limit),
        }
    }

    fn write_move(&self, k: u64) -> String {
        k.to_string()
    }

    fn read_move(&self, text: &str) -> Option<u64> {
        text.parse().ok()
    }

    fn print(&self, at: &PilePosition) -> String {
        self.position_string(at)
    }

    fn known(&self, at: &PilePosition) -> Option<Known<u64>> {
        self.winning_takes(at).map(|w| Known {
            wins: !w.is_empty(),
            winning_moves: w,
            complete: true,
        })
    }

    fn why(&self, at: &PilePosition) -> Vec<String> {
        PileRules::why(self, at)
    }

    fn grundy(&self, at: &PilePosition, budget: u64) -> Result<u64, NoGrundy> {
        PileRules::grundy(self, at, budget)
    }

    fn study(&self, at: &PilePosition) -> Option<PositionAnalysis<u64>> {
        self.takes_studied(at)
    }

    fn best_move(&self, at: &PilePosition, fight: bool, rng: &mut fastrand::Rng) -> Option<u64> {
        player::best_take(self, *at, fight, rng)
    }

    fn random_move(&self, at: &PilePosition, casual: bool, rng: &mut fastrand::Rng) -> Option<u64> {
        player::random_take(self, *at, casual, rng)
    }

    fn build(&mut self, moves_left: bool) -> Option<Waiting> {
        self.build_tables(moves_left)
    }

    fn take_built(&mut self, built: Built) {
        self.take_tables(built);
    }

    fn complete(&mut self, progress: Progress) -> Option<()> {
        self.complete_tables(progress)
    }
}

/// Why `choice` cannot be taken at `at`, if it cannot.
fn choice_problem(rules: &impl PileRules, at: PilePosition, choice: u64) -> Option<String> {
    match choice {
        0 => Some("Type how many coins to take, or choose with ←/→.".into()),
        k if !rules.takes(&at).contains(k) => Some(not_allowed(rules, at, k)),
        _ => None,
    }
}

fn not_allowed(rules: &impl PileRules, at: PilePosition, k: u64) -> String {
    format!(
        "Taking {} is not allowed: {}.",
        group(k),
        rules.takes(&at).text(MESSAGE_TAKES)
    )
}

/// The board's take being typed, with what the rules say of it.
struct Typing<'a, R> {
    board: &'a mut PileBoard,
    rules: &'a R,
    at: PilePosition,
    message: Option<String>,
}

impl<R: PileRules> TypedTake for Typing<'_, R> {
    fn typed(&mut self) -> (&mut u64, &mut bool) {
        (&mut self.board.choice, &mut self.board.typing)
    }

    fn choice_problem(&self) -> Option<String> {
        choice_problem(self.rules, self.at, self.board.choice)
    }

    fn too_large(&self) -> String {
        format!(
            "No pile is that large: {}.",
            self.rules.takes(&self.at).text(MESSAGE_TAKES)
        )
    }

    fn set_message(&mut self, message: Option<String>) {
        self.message = message;
    }
}

impl PileBoard {
    /// Chooses `k` directly (a pointer over a coin) when it is legal.
    fn set_choice(&mut self, rules: &impl PileRules, at: PilePosition, k: u64) -> Input<u64> {
        if rules.takes(&at).contains(k) {
            self.choice = k;
            self.typing = false;
            Input::Note(None)
        } else {
            Input::Nothing
        }
    }
}

impl<R: PileRules> Board<R> for PileBoard {
    fn new(rules: &R, &at: &PilePosition) -> PileBoard {
        PileBoard {
            choice: rules.takes(&at).smallest(),
            typing: false,
        }
    }

    /// ←/→ step to the next legal take (↑/↓ by ten where the takes are a range), digits type
    /// one, Enter takes it.
    fn act(&mut self, rules: &R, &at: &PilePosition, action: Action) -> Input<u64> {
        match action {
            Action::Left | Action::Right | Action::Up | Action::Down => {
                self.typing = false;
                let delta = match action {
                    Action::Left => -1,
                    Action::Right => 1,
                    Action::Up => 10,
                    _ => -10,
                };
                self.choice = rules.takes(&at).step(self.choice, delta);
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
            Action::Select => Input::Play(self.choice),
            _ => Input::Nothing,
        }
    }

    /// A coin takes it and every coin after it (the pointer over it chooses that take); a
    /// place on the bar chooses the legal take nearest to it, and takes it when it was chosen.
    fn point(
        &mut self,
        rules: &R,
        &at: &PilePosition,
        Spot(kind, index): Spot,
        click: bool,
    ) -> Input<u64> {
        if kind == 0 {
            // Coins are hit where the last frame drew them; a batch of events can shrink the
            // pile before a click drawn on the old pile arrives.
            let Some(take) = at.pile.checked_sub(index).filter(|&k| k > 0) else {
                return Input::Nothing;
            };
            if click {
                Input::Play(take)
            } else {
                self.set_choice(rules, at, take)
            }
        } else if click && let Some(take) = rules.takes(&at).nearest(at.pile.saturating_sub(index))
        {
            if self.choice == take {
                Input::Play(take)
            } else {
                self.set_choice(rules, at, take)
            }
        } else {
            Input::Nothing
        }
    }

    fn settle(&mut self, rules: &R, &at: &PilePosition) {
        self.typing = false;
        let takes = rules.takes(&at);
        if !takes.contains(self.choice) {
            self.choice = takes.smallest();
        }
    }

    /// Nothing chosen asks for a take; an illegal one says what is legal, and the next digit
    /// starts a fresh number (the refused one stays shown).
    fn refused(&mut self, rules: &R, &at: &PilePosition, k: u64, _: String) -> String {
        if k == 0 {
            return choice_problem(rules, at, k).unwrap_or_default();
        }
        self.typing = false;
        format!("Nothing taken. {}", not_allowed(rules, at, k))
    }

    fn keys() -> &'static [Binding] {
        KEYS
    }

    fn view_size(_: &R, _: &PilePosition) -> (u16, u16) {
        (PILE_MIN_WIDTH, 0)
    }
}

/// Keys while a coin-pile game is on.
pub const KEYS: &[Binding] = &[
    bind(
        "←→ hl",
        "take one coin fewer / more (the next legal take)",
        Some("choose"),
        LEFT_RIGHT,
    ),
    bind(
        "↑↓ kj",
        "ten more / fewer in Fibonacci Nim, else the next take",
        None,
        UP_DOWN,
    ),
    bind("0-9 ⌫", "type how many to take", Some("type"), DIGITS),
    bind(
        "Enter Space",
        "take the chosen coins",
        Some("take"),
        ENTER_SPACE,
    ),
    UNDO,
    REDO,
    RESTART,
    PAGES,
    bind(
        "H",
        "hints: mark every winning take",
        Some("hints"),
        &[(plain(KeyCode::Char('H')), Action::ToggleHints)],
    ),
    ANALYSE,
    COPY_POSITION,
    HELP,
    LEAVE,
];

/// The narrowest pile area.
pub const PILE_MIN_WIDTH: u16 = 30;

/// The spot of a coin drawn at `index` (from the first coin of the pile); pointing at it
/// chooses the take from it on.
pub fn coin(index: u64) -> Spot {
    Spot(0, index)
}

/// The spot of a place on the bar standing for a pile too large to draw, from its first coin
/// `index`: a click chooses the take from there (or the nearest legal one), and a click on the
/// take already chosen takes it.
pub fn bar(index: u64) -> Spot {
    Spot(1, index)
}
