//! The core's [`Rules`] of a game whose position plays its own moves (a list of piles, a pair
//! of them): the game writes on its position what only it knows, [`PositionRules`] (a move
//! played, the end, its notation read back, its position string) and [`PositionAnswer`] (its
//! one answer, the computer's moves), and [`RulesOf`] is its `Rules`, written once. (A one-pile game's are the
//! one-pile board's, from its `PileRules`: a blanket `Rules` for this trait would clash with it,
//! so the rules are this adapter type.)

use super::rules::{NoGrundy, Rules};
use crate::games::moves_left::PositionAnalysis;
use crate::games::review::Known;
use std::fmt::{Debug, Display};
use std::marker::PhantomData;

/// A position that knows its game's rules: the moves it allows and what they leave, when the
/// game is over, how a move is read back, and its position string.
pub trait PositionRules: Clone + PartialEq + Debug + Send + Sync + 'static {
    /// A move, written in the notation saved games and records keep by its `Display` (`2:3`),
    /// which [`PositionRules::read_move`] reads back.
    type Move: Copy + PartialEq + Debug + Display + Send + Sync + 'static;

    /// The position `mv` leaves, or why it is not legal here (one line, in the words of the
    /// position: "pile 1 holds only 3 coins, so 9 cannot be taken from it").
    fn play(&self, mv: Self::Move) -> Result<Self, String>;

    /// Whether the player to move has no move: the game is over, and that player lost.
    fn is_over(&self) -> bool;

    /// How many legal moves there are (`None` past `u64`).
    fn move_count(&self) -> Option<u64>;

    /// Every legal move, in the order a study lists them (lazy: there may be many).
    fn moves(&self) -> Box<dyn Iterator<Item = Self::Move> + '_>;

    /// A move read from its notation, or why `text` is not one, in the game's words.
    fn read_move(text: &str) -> Result<Self::Move, String>;

    /// The position string (`nim 3,4,5`), which the game's parser reads back.
    fn print(&self) -> String;
}

/// What a position's game knows of it at once: who wins, and the computer's moves.
pub trait PositionAnswer: PositionRules {
    /// What the game's one answer function proves: who wins, and every winning move.
    fn answer(&self) -> Known<Self::Move>;

    /// Why the position is won or lost, in the game's terms (see [`Rules::why`]); none by
    /// default.
    fn why(&self) -> Vec<String> {
        Vec::new()
    }

    /// The Grundy value of the position, within `budget` bytes of tables (see
    /// [`Rules::grundy`]); unknown by default.
    fn grundy(&self, _budget: u64) -> Result<u64, NoGrundy> {
        Err(NoGrundy::Unknown)
    }

    /// The computer's move without the moves left: a winning move, at random among them; from
    /// a lost position, one of those leaving the fewest winning replies. `None` once the game
    /// is over.
    fn best_move(&self, rng: &mut fastrand::Rng) -> Option<Self::Move>;

    /// A legal move at random, for a computer that slips; `casual`: the casual level, which
    /// still takes a win in one.
    fn random_move(&self, casual: bool, rng: &mut fastrand::Rng) -> Option<Self::Move>;
}

/// The rules of the game whose positions are `P`s, which play their own moves: a value with
/// nothing in it, as the position holds everything. Its moves-left table numbers `P`s
/// (`table::Numbered`, which the game implements on it).
pub struct RulesOf<P>(PhantomData<fn() -> P>);

impl<P> Clone for RulesOf<P> {
    fn clone(&self) -> RulesOf<P> {
        *self
    }
}

impl<P> Copy for RulesOf<P> {}

impl<P> Default for RulesOf<P> {
    fn default() -> RulesOf<P> {
        RulesOf(PhantomData)
    }
}

/// The position's own rules; a move's notation is its `Display`; the answer proves every
/// position; the computer plays by the position's moves (where a table covers a position,
/// the core's `Tabled` fights by it first).
impl<P: PositionAnswer> Rules for RulesOf<P> {
    type Position = P;
    type Move = P::Move;

    fn play(&self, at: &P, mv: P::Move) -> Result<P, String> {
        at.play(mv)
    }

    fn is_over(&self, at: &P) -> bool {
        at.is_over()
    }

    fn move_count(&self, at: &P) -> Option<u64> {
        at.move_count()
    }

    fn moves<'a>(&'a self, at: &'a P) -> Box<dyn Iterator<Item = P::Move> + 'a> {
        at.moves()
    }

    fn write_move(&self, mv: P::Move) -> String {
        mv.to_string()
    }

    fn read_move(&self, text: &str) -> Option<P::Move> {
        P::read_move(text).ok()
    }

    fn parse_move(&self, text: &str) -> Result<P::Move, String> {
        P::read_move(text)
    }

    fn print(&self, at: &P) -> String {
        at.print()
    }

    fn known(&self, at: &P) -> Option<Known<P::Move>> {
        Some(at.answer())
    }

    fn grundy(&self, at: &P, budget: u64) -> Result<u64, NoGrundy> {
        at.grundy(budget)
    }

    /// `None`: without a table no moves left are known (a game or a study holds its table
    /// with these rules, in the core's `Tabled`, which studies by it).
    fn study(&self, _: &P) -> Option<PositionAnalysis<P::Move>> {
        None
    }

    fn why(&self, at: &P) -> Vec<String> {
        at.why()
    }

    fn best_move(&self, at: &P, _: bool, rng: &mut fastrand::Rng) -> Option<P::Move> {
        at.best_move(rng)
    }

    fn random_move(&self, at: &P, casual: bool, rng: &mut fastrand::Rng) -> Option<P::Move> {
        at.random_move(casual, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pile from which each side takes 1 or 2 coins, the last coin winning: lost exactly at
    /// multiples of 3. Its moves are written `-1`, `-2`.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Pile(u8);

    /// A take of 1 or 2.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Take(u8);

    impl Display for Take {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "-{}", self.0)
        }
    }

    impl PositionRules for Pile {
        type Move = Take;

        fn play(&self, Take(k): Take) -> Result<Pile, String> {
            match self.0.checked_sub(k) {
                Some(left) if (1..=2).contains(&k) => Ok(Pile(left)),
                _ => Err(format!("{k} cannot be taken from {}", self.0)),
            }
        }

        fn is_over(&self) -> bool {
            self.0 == 0
        }

        fn move_count(&self) -> Option<u64> {
            Some(u64::from(self.0.min(2)))
        }

        fn moves(&self) -> Box<dyn Iterator<Item = Take> + '_> {
            Box::new((1..=self.0.min(2)).map(Take))
        }

        fn read_move(text: &str) -> Result<Take, String> {
            let take = text.strip_prefix('-').and_then(|k| k.parse().ok());
            take.map(Take)
                .ok_or_else(|| format!("{text} is no take: write -1 or -2"))
        }

        fn print(&self) -> String {
            format!("pile {}", self.0)
        }
    }

    impl PositionAnswer for Pile {
        fn answer(&self) -> Known<Take> {
            let winning: Vec<Take> = (!self.0.is_multiple_of(3))
                .then_some(Take(self.0 % 3))
                .into_iter()
                .collect();
            Known {
                wins: !winning.is_empty(),
                winning_moves: winning,
                complete: true,
            }
        }

        fn best_move(&self, _: &mut fastrand::Rng) -> Option<Take> {
            let winning = self.answer().winning_moves;
            winning.first().copied().or((self.0 > 0).then_some(Take(1)))
        }

        fn random_move(&self, _: bool, rng: &mut fastrand::Rng) -> Option<Take> {
            (self.0 > 0).then(|| Take(rng.u8(1..=self.0.min(2))))
        }
    }

    impl super::super::solve::PilesReply for Pile {
        type Moved = u8;

        fn pile_counts(&self) -> Vec<u64> {
            vec![self.0.into()]
        }

        fn moved(&self, Take(k): Take) -> u8 {
            k
        }

        fn said(&self) -> super::super::solve::Said<'static> {
            super::super::solve::Said {
                head: format!("Pile {}", self.0),
                note: " (take 1 or 2)".into(),
                over: "it is empty",
                lost: " (a multiple of 3)".into(),
            }
        }

        fn take_words(Take(k): Take) -> String {
            format!("take {k}")
        }
    }

    /// A game of piles whose position plays itself gives only its piles and words to
    /// `munch solve`'s reply.
    #[test]
    fn the_reply_of_a_position_of_piles_is_the_cores() {
        use super::super::solve::reply;
        let rules = RulesOf::<Pile>::default();
        assert_eq!(
            reply(&rules, "toy", &Pile(5), true, None),
            r#"{"game":"toy","piles":[5],"outcome":"win","winning_moves":[2]}"#
        );
        assert_eq!(
            reply(&rules, "toy", &Pile(5), false, None),
            "Pile 5 (take 1 or 2): the player to move wins, with 1 winning move:\n  -2  take 2 → 3\n"
        );
        assert_eq!(
            reply(&rules, "toy", &Pile(6), false, None),
            "Pile 6 (take 1 or 2): the player to move loses against perfect play (a multiple of 3).\n"
        );
    }

    #[test]
    fn the_rules_of_a_position_are_its_own() {
        let rules = RulesOf::<Pile>::default();
        let mut rng = fastrand::Rng::with_seed(3);
        assert_eq!(rules.play(&Pile(4), Take(1)), Ok(Pile(3)));
        assert_eq!(
            rules.play(&Pile(1), Take(2)),
            Err("2 cannot be taken from 1".to_string())
        );
        assert!(rules.is_over(&Pile(0)) && !rules.is_over(&Pile(1)));
        assert_eq!(rules.move_count(&Pile(7)), Some(2));
        // A move's notation is its Display, read back by the position's reader, whose
        // refusal the check of a saved game gives.
        assert_eq!(rules.write_move(Take(2)), "-2");
        assert_eq!(rules.read_move("-2"), Some(Take(2)));
        assert_eq!(rules.read_move("2"), None);
        assert_eq!(
            rules.parse_move("x"),
            Err("x is no take: write -1 or -2".to_string())
        );
        assert_eq!(rules.print(&Pile(5)), "pile 5");
        let known = rules.known(&Pile(5)).expect("the answer proves every pile");
        assert!(known.wins && known.complete);
        assert_eq!(known.winning_moves, [Take(2)]);
        assert!(!rules.known(&Pile(6)).unwrap().wins);
        assert!(
            rules.study(&Pile(5)).is_none(),
            "no moves left without a table"
        );
        assert_eq!(rules.best_move(&Pile(5), true, &mut rng), Some(Take(2)));
        assert_eq!(rules.best_move(&Pile(0), true, &mut rng), None);
        for _ in 0..20 {
            let mv = rules.random_move(&Pile(1), false, &mut rng);
            assert_eq!(mv, Some(Take(1)), "the only legal take");
        }
    }
}
