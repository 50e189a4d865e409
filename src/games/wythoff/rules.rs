//! The rules of Wythoff's game (Winning Ways, ch. 3): two piles of coins; a move takes any
//! number of coins from one pile, or the same number from both; whoever takes the last coin
//! wins. Positions, moves, their notation (`1:3`, `2:3`, `12:3`), the piles a person types
//! (`4,5`) and the position string (`wythoff 4,5`).

use crate::games::core::rules_of::PositionRules;
use crate::games::position::{self, NO_COINS, parse_take, pile_too_big, shown_number, split_move};
use crate::units::{count, shown};
use std::fmt;

/// The most coins a pile holds: 10^18, as Nim's, so every pile and every sum of two fits a
/// `u64` with room to spare.
pub const MAX_PILE: u64 = crate::solve::beatty::MAX;

/// The game's word in its position string.
pub const ID: &str = "wythoff";

/// A position: the coins in pile 1 and in pile 2, each at most [`MAX_PILE`]. Both empty is a
/// finished game (the player to move has lost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position([u64; 2]);

/// Which piles a move takes from; a row of the rows board each, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piles {
    /// Pile 1 alone (`1:k`).
    First,
    /// Pile 2 alone (`2:k`).
    Second,
    /// The same number from both (`12:k`).
    Both,
}

impl Piles {
    /// Every kind of move, in order: from pile 1, from pile 2, from both.
    pub const ALL: [Piles; 3] = [Piles::First, Piles::Second, Piles::Both];

    /// Where the coins come from, in words: "pile 1", "pile 2", "both piles".
    pub fn name(self) -> &'static str {
        match self {
            Piles::First => "pile 1",
            Piles::Second => "pile 2",
            Piles::Both => "both piles",
        }
    }
}

/// A move: take `take` coins from `piles` (from each of them when both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the coins come from.
    pub piles: Piles,
    /// How many coins (from each pile when both), at least 1.
    pub take: u64,
}

impl Position {
    /// The position with `first` and `second` coins, or why not (a pile past [`MAX_PILE`]).
    pub fn new(first: u64, second: u64) -> Result<Position, String> {
        match [first, second].into_iter().find(|&pile| pile > MAX_PILE) {
            Some(pile) => Err(pile_too_big(&pile.to_string())),
            None => Ok(Position([first, second])),
        }
    }

    /// Reads two piles written like `4,5`: whole numbers of 0 to [`MAX_PILE`] coins separated
    /// by a comma, spaces allowed around each, optionally in brackets as the JSON reply writes
    /// them (`[4,5]`). Anything else is refused with the reason in one line.
    pub fn parse(text: &str) -> Result<Position, String> {
        let gap = |place: &str| format!("nothing {place}: write the two piles like 4,5");
        match position::parse_piles(text, TWO_PILES, gap, parse_pile)?[..] {
            [first, second] => Ok(Position([first, second])),
            [_] => Err(format!("one pile given: {TWO_PILES_SHORT}")),
            ref piles => Err(format!("{} piles given: {TWO_PILES_SHORT}", piles.len())),
        }
    }

    /// Reads what follows `wythoff` in a position string (`4,5`; an empty pile keeps its
    /// place, `0,5`), or says why a game cannot start there.
    pub fn parse_body(body: &str) -> Result<Position, String> {
        if body.trim().is_empty() {
            return Err("a Wythoff position needs its two piles, like wythoff 4,5".into());
        }
        let position = Position::parse(body)?;
        if position.is_over() {
            return Err(position::finished("both piles are empty"));
        }
        Ok(position)
    }

    /// The coins in pile 1 and pile 2.
    pub fn piles(self) -> [u64; 2] {
        self.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(self, mv: Move) -> bool {
        mv.take >= 1 && mv.take <= self.most(mv.piles)
    }

    /// The most coins a move may take from `piles`.
    pub fn most(self, piles: Piles) -> u64 {
        let [first, second] = self.0;
        match piles {
            Piles::First => first,
            Piles::Second => second,
            Piles::Both => first.min(second),
        }
    }

    /// The position after `mv`, which must be legal.
    pub(crate) fn after(self, mv: Move) -> Position {
        let [first, second] = self.0;
        Position(match mv.piles {
            Piles::First => [first - mv.take, second],
            Piles::Second => [first, second - mv.take],
            Piles::Both => [first - mv.take, second - mv.take],
        })
    }

    /// Every legal move: from pile 1, then pile 2, then both, each by take. Lazy: a pile may
    /// hold 10^18 coins.
    pub fn moves(self) -> impl Iterator<Item = Move> {
        (Piles::ALL.into_iter())
            .flat_map(move |piles| (1..=self.most(piles)).map(move |take| Move { piles, take }))
    }
}

/// Wythoff's rules: a move takes from pile 1, pile 2 or both, written `1:3`, `2:3`, `12:3`; no
/// coin left is the game's end; the position string is `wythoff 4,5`.
impl PositionRules for Position {
    type Move = Move;

    fn play(&self, mv: Move) -> Result<Position, String> {
        if mv.take == 0 {
            return Err(NO_COINS.into());
        }
        let [first, second] = self.0;
        // The pile that limits the take: the smaller one when taking from both.
        let (number, coins) = match mv.piles {
            Piles::First => ("pile 1", first),
            Piles::Both if first <= second => ("pile 1", first),
            Piles::Second | Piles::Both => ("pile 2", second),
        };
        if coins == 0 {
            return Err(format!("{number} is empty"));
        }
        if mv.take > coins {
            let from = if mv.piles == Piles::Both {
                "both"
            } else {
                "it"
            };
            return Err(format!(
                "{number} holds only {}, so {} cannot be taken from {from}",
                count(coins, "coin", "coins"),
                mv.take
            ));
        }
        Ok(self.after(mv))
    }

    /// Whether both piles are empty: the player to move has lost, the last coin is taken.
    fn is_over(&self) -> bool {
        self.0 == [0, 0]
    }

    /// How many legal moves there are: a take from pile 1, from pile 2, or from both.
    fn move_count(&self) -> Option<u64> {
        let [first, second] = self.0;
        Some(first + second + first.min(second))
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(Position::moves(*self))
    }

    fn read_move(text: &str) -> Result<Move, String> {
        Move::parse(text)
    }

    /// `wythoff 4,5`, which [`Position::parse_body`] reads back after the game's word.
    fn print(&self) -> String {
        format!("{ID} {self}")
    }
}

impl Move {
    /// Reads a move written like `1:3` (take 3 from pile 1), `2:3` (from pile 2) or `12:3` (3
    /// from each pile), spaces allowed around each part, as [`Move`]'s display writes it.
    /// Whether the piles hold that many is for [`Position::play`] to say.
    pub fn parse(text: &str) -> Result<Move, String> {
        let not_a_move = || {
            format!(
                "'{}' is not a Wythoff move: write it like 1:3, 2:3 or 12:3 (take 3 from pile 1, pile 2 or both)",
                shown(text.trim())
            )
        };
        let (piles, take) = split_move(text, not_a_move)?;
        let piles = match piles {
            "1" => Piles::First,
            "2" => Piles::Second,
            "12" => Piles::Both,
            _ => {
                return Err(format!(
                    "'{}' names no piles: write 1, 2 or 12 (both) before the colon",
                    shown_number(piles)
                ));
            }
        };
        let take = parse_take(take)?;
        Ok(Move { piles, take })
    }
}

/// Why a piles text with no piles is refused.
const TWO_PILES: &str = "no piles given: write the two piles like 4,5";

/// What a piles text must hold.
const TWO_PILES_SHORT: &str = "Wythoff's game has two, write them like 4,5";

/// Reads one pile, 0 to [`MAX_PILE`] coins.
fn parse_pile(item: &str) -> Result<u64, String> {
    const _: () = assert!(MAX_PILE == 1_000_000_000_000_000_000);
    position::parse_pile(item, 0, "a pile holds 0 coins or more", "4,5")
}

impl fmt::Display for Position {
    /// `4,5`: the piles text [`Position::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0[0], self.0[1])
    }
}

impl fmt::Display for Move {
    /// `1:3`, `2:3`, `12:3`: the piles (1, 2, or 12 for both), then the take.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piles = match self.piles {
            Piles::First => "1",
            Piles::Second => "2",
            Piles::Both => "12",
        };
        write!(f, "{piles}:{}", self.take)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(first: u64, second: u64) -> Position {
        Position::new(first, second).unwrap()
    }

    #[test]
    fn piles_are_read_with_spaces_brackets_and_empty_piles() {
        for text in ["4,5", " 4 , 5 ", "[4,5]", " [ 4, 5 ] ", "04,005"] {
            assert_eq!(Position::parse(text), Ok(position(4, 5)), "{text:?}");
        }
        assert_eq!(Position::parse("0,7"), Ok(position(0, 7)));
        assert_eq!(Position::parse("0,0"), Ok(position(0, 0)));
        let largest = Position::parse("1000000000000000000,1000000000000000000").unwrap();
        assert_eq!(largest.piles(), [MAX_PILE; 2]);
        assert!(Position::new(MAX_PILE + 1, 0).is_err());
        assert!(Position::new(0, MAX_PILE + 1).is_err());
    }

    #[test]
    fn every_refusal_of_piles_says_why_in_one_line() {
        let cases = [
            ("", "no piles given: write the two piles like 4,5"),
            ("[]", "no piles given: write the two piles like 4,5"),
            (
                "4",
                "one pile given: Wythoff's game has two, write them like 4,5",
            ),
            (
                "1,2,3",
                "3 piles given: Wythoff's game has two, write them like 4,5",
            ),
            (
                ",5",
                "nothing before the first comma: write the two piles like 4,5",
            ),
            (
                "4,",
                "nothing after the last comma: write the two piles like 4,5",
            ),
            (
                "4,,5",
                "nothing between two commas: write the two piles like 4,5",
            ),
            ("-3,4", "-3 is not a pile: a pile holds 0 coins or more"),
            ("4 5", "'4 5' needs a comma between its numbers"),
            (
                "x,5",
                "'x' is not a pile: write whole numbers of coins like 4,5",
            ),
            (
                "2.5,1",
                "'2.5' is not a pile: write whole numbers of coins like 4,5",
            ),
            (
                "1000000000000000001,1",
                "1000000000000000001 is too big: a pile holds at most 10^18 coins",
            ),
            (
                "1,18446744073709551616",
                "18446744073709551616 is too big: a pile holds at most 10^18 coins",
            ),
            (
                "123456789012345678901234567890,1",
                "12345678901234567890… (30 digits) is too big: a pile holds at most 10^18 coins",
            ),
            ("[4,5", "a '[' without its closing ']'"),
            ("4,5]", "a ']' without its opening '['"),
        ];
        for (text, reason) in cases {
            assert_eq!(Position::parse(text), Err(reason.to_string()), "{text:?}");
        }
        let long = format!("{}\n\t{},1", "y".repeat(500), "z".repeat(500));
        let reason = Position::parse(&long).unwrap_err();
        assert!(
            !reason.contains('\n') && reason.chars().count() < 100,
            "{reason:?}"
        );
    }

    /// A position string read as the catalogue reads Wythoff's: its word, in any case, then
    /// what follows it.
    fn from_string(text: &str) -> Result<Position, String> {
        let (word, body) = crate::games::position::split_game(text)?;
        assert!(word.eq_ignore_ascii_case(ID), "{word}");
        Position::parse_body(body)
    }

    #[test]
    fn the_position_string_round_trips_and_refuses_with_reasons() {
        for piles in [[4, 5], [0, 7], [3, 0], [MAX_PILE, 1]] {
            let start = position(piles[0], piles[1]);
            let text = start.print();
            assert_eq!(from_string(&text), Ok(start), "{text}");
        }
        assert_eq!(position(4, 5).print(), "wythoff 4,5");
        assert_eq!(from_string("  Wythoff   4 , 5 "), Ok(position(4, 5)));
        let refusals = [
            (
                "wythoff 0,0",
                "both piles are empty: the game is over there, so there is nothing to play",
            ),
            (
                "wythoff",
                "a Wythoff position needs its two piles, like wythoff 4,5",
            ),
            (
                "wythoff 4",
                "one pile given: Wythoff's game has two, write them like 4,5",
            ),
        ];
        for (text, reason) in refusals {
            assert_eq!(from_string(text), Err(reason.to_string()), "{text}");
        }
    }

    #[test]
    fn moves_take_from_one_pile_or_the_same_from_both() {
        let start = position(4, 5);
        let both = Move {
            piles: Piles::Both,
            take: 3,
        };
        assert_eq!(start.play(both), Ok(position(1, 2)));
        let first = Move {
            piles: Piles::First,
            take: 4,
        };
        assert_eq!(start.play(first), Ok(position(0, 5)));
        let second = Move {
            piles: Piles::Second,
            take: 5,
        };
        assert_eq!(start.play(second), Ok(position(4, 0)));
        let refusals = [
            (position(0, 5), Piles::First, 1, "pile 1 is empty"),
            (position(0, 5), Piles::Both, 1, "pile 1 is empty"),
            (position(5, 0), Piles::Both, 1, "pile 2 is empty"),
            (
                position(4, 5),
                Piles::Both,
                5,
                "pile 1 holds only 4 coins, so 5 cannot be taken from both",
            ),
            (
                position(4, 1),
                Piles::Both,
                2,
                "pile 2 holds only 1 coin, so 2 cannot be taken from both",
            ),
            (
                position(4, 5),
                Piles::Second,
                6,
                "pile 2 holds only 5 coins, so 6 cannot be taken from it",
            ),
            (
                position(4, 5),
                Piles::First,
                0,
                "a move takes at least 1 coin",
            ),
        ];
        for (at, piles, take, reason) in refusals {
            let mv = Move { piles, take };
            assert_eq!(at.play(mv), Err(reason.to_string()), "{at} {mv}");
            assert!(!at.is_legal(mv), "{at} {mv}");
        }
        let moves: Vec<String> = position(2, 1).moves().map(|mv| mv.to_string()).collect();
        assert_eq!(moves, ["1:1", "1:2", "2:1", "12:1"]);
        assert_eq!(position(2, 1).move_count(), Some(4));
        assert_eq!(position(0, 0).moves().count(), 0);
        assert!(position(0, 0).is_over() && !position(0, 1).is_over());
        for mv in position(3, 4).moves() {
            assert!(position(3, 4).is_legal(mv), "{mv}");
            assert!(position(3, 4).play(mv).is_ok(), "{mv}");
        }
        assert_eq!(
            Some(position(3, 4).moves().count() as u64),
            position(3, 4).move_count()
        );
    }

    #[test]
    fn move_notation_round_trips_and_refuses_with_reasons() {
        for mv in [
            Move {
                piles: Piles::First,
                take: 1,
            },
            Move {
                piles: Piles::Second,
                take: MAX_PILE,
            },
            Move {
                piles: Piles::Both,
                take: 40,
            },
        ] {
            assert_eq!(Move::parse(&mv.to_string()), Ok(mv));
        }
        assert_eq!(
            Move::parse(" 12 : 3 "),
            Ok(Move {
                piles: Piles::Both,
                take: 3
            })
        );
        let form = "is not a Wythoff move: write it like 1:3, 2:3 or 12:3 (take 3 from pile 1, pile 2 or both)";
        let cases = [
            ("13", format!("'13' {form}")),
            ("", format!("'' {form}")),
            ("a:3", format!("'a:3' {form}")),
            ("1:", format!("'1:' {form}")),
            ("1:-2", format!("'1:-2' {form}")),
            (
                "3:1",
                "'3' names no piles: write 1, 2 or 12 (both) before the colon".to_string(),
            ),
            (
                "21:1",
                "'21' names no piles: write 1, 2 or 12 (both) before the colon".to_string(),
            ),
            ("1:0", "a move takes at least 1 coin".to_string()),
            (
                "2:1000000000000000001",
                "1000000000000000001 is too big: a pile holds at most 10^18 coins".to_string(),
            ),
        ];
        for (text, reason) in cases {
            assert_eq!(Move::parse(text), Err(reason), "{text:?}");
        }
        let long = format!("1:{}", "9".repeat(400));
        let reason = Move::parse(&long).unwrap_err();
        assert!(
            !reason.contains('\n') && reason.chars().count() < 100,
            "{reason:?}"
        );
    }
}
