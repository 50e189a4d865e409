//! The rules of Nim: positions (the piles), moves, their notation, and the piles text a person
//! types (`3,4,5`).

use crate::games::core::rules_of::PositionRules;
use crate::games::position::{
    self, NO_COINS, parse_take, pile_too_big, print_list, shown_number, split_move,
};
use crate::units::{count, group, shown};
use std::fmt;

/// The most piles a game has.
pub const MAX_PILES: usize = 8;

/// The most coins a pile holds: 10^18, so that every pile and every nim-sum fits a `u64` with
/// room to spare, and a pile is still short enough to type.
pub const MAX_PILE: u64 = 1_000_000_000_000_000_000;

/// A position: the coins left in each pile, in the order the game started with (a pile keeps
/// its number when it is emptied). Always 1 to [`MAX_PILES`] piles of at most [`MAX_PILE`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position(Vec<u64>);

/// A move: take `take` coins from pile `pile` (counted from 0 here, from 1 in the notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The pile, from 0.
    pub pile: usize,
    /// How many coins, at least 1.
    pub take: u64,
}

impl Position {
    /// A position in play: 1 to [`MAX_PILES`] piles of 0 to [`MAX_PILE`] coins.
    pub fn new(piles: &[u64]) -> Result<Position, String> {
        check_count(piles.len())?;
        if let Some(&pile) = piles.iter().find(|&&pile| pile > MAX_PILE) {
            return Err(pile_too_big(&pile.to_string()));
        }
        Ok(Position(piles.to_vec()))
    }

    /// The next position below `top` (piles of the same count, each at most `top`'s), counting
    /// in mixed radix with pile 1 lowest: the first pile below its top gains a coin and the piles
    /// before it empty. In place: the moves-left table's pass walks millions of positions
    /// without allocating one.
    pub(super) fn count_up(&mut self, top: &[u64]) {
        for (pile, &most) in self.0.iter_mut().zip(top) {
            if *pile < most {
                *pile += 1;
                return;
            }
            *pile = 0;
        }
    }

    /// Reads the piles a game starts with, written like `3,4,5`: 1 to [`MAX_PILES`] whole
    /// numbers of 1 to [`MAX_PILE`] separated by commas, spaces allowed around each, optionally
    /// in brackets as the JSON reply writes them. Anything else is refused with the reason in
    /// one line.
    pub fn parse(text: &str) -> Result<Position, String> {
        let gap = |place: &str| match place {
            "between two commas" => "an empty pile between two commas".to_string(),
            _ => format!("nothing {place}"),
        };
        let piles = position::parse_piles(text, EMPTY, gap, parse_pile)?;
        check_count(piles.len())?;
        Ok(Position(piles))
    }

    /// The coins in each pile.
    pub fn piles(&self) -> &[u64] {
        &self.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        mv.take >= 1 && self.0.get(mv.pile).is_some_and(|&pile| mv.take <= pile)
    }

    /// Every legal move, by pile and then by take. Lazy: a pile may hold 10^18 coins.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(pile, &coins)| (1..=coins).map(move |take| Move { pile, take }))
    }
}

/// Nim's rules: a move takes from one pile, written `2:3` (3 from pile 2); no coin left is
/// the game's end; the position string is `nim 3,4,5`.
impl PositionRules for Position {
    type Move = Move;

    fn play(&self, mv: Move) -> Result<Position, String> {
        let number = mv.pile + 1;
        let Some(&pile) = self.0.get(mv.pile) else {
            return Err(format!(
                "there is no pile {number}: this game has {}",
                count(self.0.len() as u64, "pile", "piles")
            ));
        };
        if mv.take == 0 {
            return Err(NO_COINS.into());
        }
        if pile == 0 {
            return Err(format!("pile {number} is empty"));
        }
        if mv.take > pile {
            return Err(format!(
                "pile {number} holds only {}, so {} cannot be taken from it",
                count(pile, "coin", "coins"),
                group(mv.take)
            ));
        }
        let mut piles = self.0.clone();
        piles[mv.pile] = pile - mv.take;
        Ok(Position(piles))
    }

    /// Whether every pile is empty: the player to move has lost, since the last coin is taken.
    fn is_over(&self) -> bool {
        self.0.iter().all(|&pile| pile == 0)
    }

    fn move_count(&self) -> Option<u64> {
        (self.0.iter()).try_fold(0u64, |sum, &pile| sum.checked_add(pile))
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(Position::moves(self))
    }

    fn read_move(text: &str) -> Result<Move, String> {
        Move::parse(text)
    }

    /// `nim 3,4,5`, its empty piles in their places (`nim 0,4,5`).
    fn print(&self) -> String {
        format!("nim {}", print_list(&self.0))
    }
}

impl Move {
    /// Reads a move written like `2:3` (take 3 coins from pile 2; spaces allowed around each
    /// number), as [`Move`]'s display writes it. Whether the pile holds that many is for
    /// [`Position::play`] to say.
    pub fn parse(text: &str) -> Result<Move, String> {
        let not_a_move = || {
            format!(
                "'{}' is not a Nim move: write it like 2:3 (take 3 coins from pile 2)",
                shown(text.trim())
            )
        };
        let (pile, take) = split_move(text, not_a_move)?;
        let number = match pile.parse::<usize>() {
            Ok(0) => return Err("there is no pile 0: piles are numbered from 1".into()),
            Ok(n) if n <= MAX_PILES => n,
            _ => {
                return Err(format!(
                    "there is no pile {}: a game has at most {MAX_PILES} piles",
                    shown_number(pile)
                ));
            }
        };
        Ok(Move {
            pile: number - 1,
            take: parse_take(take)?,
        })
    }
}

/// Why an empty piles text is refused.
const EMPTY: &str = "no piles given: write the piles like 3,4,5";

/// Refuses a count of piles outside 1 to [`MAX_PILES`].
fn check_count(count: usize) -> Result<(), String> {
    match count {
        0 => Err(EMPTY.into()),
        n if n > MAX_PILES => Err(format!(
            "{n} piles are too many: Nim is played here with 1 to {MAX_PILES} piles"
        )),
        _ => Ok(()),
    }
}

/// Reads one pile a game starts with, 1 to [`MAX_PILE`] coins.
fn parse_pile(item: &str) -> Result<u64, String> {
    const _: () = assert!(MAX_PILE == 1_000_000_000_000_000_000);
    position::parse_pile(item, 1, "each pile starts with at least 1 coin", "3,4,5")
}

impl fmt::Display for Position {
    /// `3,4,5`: the piles text [`Position::parse`] reads (when no pile is empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(u64::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

impl fmt::Display for Move {
    /// `2:3`: take 3 coins from pile 2, piles counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.pile + 1, self.take)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(text: &str) -> String {
        match Position::parse(text) {
            Ok(position) => panic!("{text:?} was read as {position}"),
            Err(reason) => reason,
        }
    }

    #[test]
    fn piles_are_read_with_spaces_and_brackets() {
        for text in ["3,4,5", " 3 , 4,5 ", "[3,4,5]", " [ 3, 4, 5 ] ", "03,4,005"] {
            assert_eq!(
                Position::parse(text).unwrap().piles(),
                &[3, 4, 5],
                "{text:?}"
            );
        }
        assert_eq!(Position::parse("7").unwrap().piles(), &[7]);
        let largest = Position::parse("1000000000000000000,1,1,1,1,1,1,1").unwrap();
        assert_eq!(largest.piles().len(), MAX_PILES);
        assert_eq!(largest.piles()[0], MAX_PILE);
    }

    #[test]
    fn every_refusal_says_why_in_one_line() {
        let cases = [
            ("", "no piles given: write the piles like 3,4,5"),
            ("  ", "no piles given: write the piles like 3,4,5"),
            ("[]", "no piles given: write the piles like 3,4,5"),
            ("3,,4", "an empty pile between two commas"),
            (",3", "nothing before the first comma"),
            ("3,4,", "nothing after the last comma"),
            (
                "0",
                "0 is not a pile: each pile starts with at least 1 coin",
            ),
            (
                "3,0,4",
                "0 is not a pile: each pile starts with at least 1 coin",
            ),
            (
                "-3",
                "-3 is not a pile: each pile starts with at least 1 coin",
            ),
            ("3 4", "'3 4' needs commas between its numbers"),
            (
                "x",
                "'x' is not a pile: write whole numbers of coins like 3,4,5",
            ),
            (
                "2.5",
                "'2.5' is not a pile: write whole numbers of coins like 3,4,5",
            ),
            (
                "+3",
                "'+3' is not a pile: write whole numbers of coins like 3,4,5",
            ),
            (
                "3;4",
                "'3;4' is not a pile: write whole numbers of coins like 3,4,5",
            ),
            (
                "1,2,3,4,5,6,7,8,9",
                "9 piles are too many: Nim is played here with 1 to 8 piles",
            ),
            (
                "1000000000000000001",
                "1000000000000000001 is too big: a pile holds at most 10^18 coins",
            ),
            (
                "18446744073709551616",
                "18446744073709551616 is too big: a pile holds at most 10^18 coins",
            ),
            (
                "123456789012345678901234567890",
                "12345678901234567890… (30 digits) is too big: a pile holds at most 10^18 coins",
            ),
            ("[3,4", "a '[' without its closing ']'"),
            ("3,4]", "a ']' without its opening '['"),
        ];
        for (text, reason) in cases {
            assert_eq!(refusal(text), reason, "{text:?}");
        }
        // Whatever is typed, the reason stays one short line.
        let long = format!("{}\n\t{}", "y".repeat(500), "z".repeat(500));
        let reason = refusal(&long);
        assert!(
            !reason.contains('\n') && reason.chars().count() < 100,
            "{reason:?}"
        );
    }

    #[test]
    fn positions_in_play_may_hold_empty_piles_but_not_too_many_or_too_large() {
        assert_eq!(Position::new(&[0, 4, 0]).unwrap().to_string(), "0,4,0");
        assert!(Position::new(&[0, 0]).unwrap().is_over());
        assert!(!Position::new(&[0, 1]).unwrap().is_over());
        assert!(Position::new(&[]).is_err());
        assert!(Position::new(&[1; 9]).is_err());
        assert!(Position::new(&[MAX_PILE]).is_ok());
        assert!(Position::new(&[MAX_PILE + 1]).is_err());
    }

    #[test]
    fn moves_take_from_one_pile() {
        let start = Position::parse("3,4,5").unwrap();
        let after = start.play(Move { pile: 1, take: 4 }).unwrap();
        assert_eq!(after.piles(), &[3, 0, 5]);
        assert_eq!(
            after.play(Move { pile: 1, take: 1 }).unwrap_err(),
            "pile 2 is empty"
        );
        assert_eq!(
            start.play(Move { pile: 2, take: 6 }).unwrap_err(),
            "pile 3 holds only 5 coins, so 6 cannot be taken from it"
        );
        assert_eq!(
            start.play(Move { pile: 3, take: 1 }).unwrap_err(),
            "there is no pile 4: this game has 3 piles"
        );
        assert_eq!(
            start.play(Move { pile: 0, take: 0 }).unwrap_err(),
            "a move takes at least 1 coin"
        );
        assert!(start.is_legal(Move { pile: 2, take: 5 }));
        assert!(!start.is_legal(Move { pile: 2, take: 6 }));
        assert!(!start.is_legal(Move { pile: 0, take: 0 }));
        assert!(!start.is_legal(Move { pile: 3, take: 1 }));
        let moves: Vec<String> = Position::new(&[2, 0, 1])
            .unwrap()
            .moves()
            .map(|mv| mv.to_string())
            .collect();
        assert_eq!(moves, ["1:1", "1:2", "3:1"]);
    }

    #[test]
    fn move_notation_round_trips_and_refuses_with_reasons() {
        for mv in [
            Move { pile: 0, take: 1 },
            Move {
                pile: 7,
                take: MAX_PILE,
            },
            Move { pile: 2, take: 40 },
        ] {
            assert_eq!(Move::parse(&mv.to_string()), Ok(mv));
        }
        assert_eq!(Move::parse(" 2 : 3 "), Ok(Move { pile: 1, take: 3 }));
        let cases = [
            (
                "23",
                "'23' is not a Nim move: write it like 2:3 (take 3 coins from pile 2)",
            ),
            (
                "",
                "'' is not a Nim move: write it like 2:3 (take 3 coins from pile 2)",
            ),
            (
                "a:3",
                "'a:3' is not a Nim move: write it like 2:3 (take 3 coins from pile 2)",
            ),
            (
                "2:",
                "'2:' is not a Nim move: write it like 2:3 (take 3 coins from pile 2)",
            ),
            (
                "2:3:4",
                "'2:3:4' is not a Nim move: write it like 2:3 (take 3 coins from pile 2)",
            ),
            ("0:3", "there is no pile 0: piles are numbered from 1"),
            ("9:3", "there is no pile 9: a game has at most 8 piles"),
            ("2:0", "a move takes at least 1 coin"),
            (
                "2:1000000000000000001",
                "1000000000000000001 is too big: a pile holds at most 10^18 coins",
            ),
        ];
        for (text, reason) in cases {
            assert_eq!(Move::parse(text), Err(reason.to_string()), "{text:?}");
        }
    }
}
