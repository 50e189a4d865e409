//! The game-over review: every move that threw a won position away, and what would have won.

/// A move that turned a won position into a lost one for the side that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake<M> {
    /// The move's number, from 0 (the first player made the even-numbered ones).
    pub index: usize,
    pub played: M,
    /// Moves that would have kept the win, in the solver's order (empty only when the source
    /// knew the outcome but not the moves).
    pub winners: Vec<M>,
    /// Whether `winners` is proven to hold every winning move (the square bar's `b2` alone is
    /// not), so that "…and N more" may be said.
    pub every_winner: bool,
}

/// One move of a game with what is known before it and whether the position it left is won
/// for the side to move next (see [`mistakes`]).
pub type Step<M> = (M, Option<Known<M>>, Option<bool>);

/// What is known about a position before a move: the winning moves when it is won.
pub struct Known<M> {
    pub wins: bool,
    pub winning_moves: Vec<M>,
    pub complete: bool,
}

/// The mistakes along a game. For each move, `before` says what is known of the position it
/// was made from and `after_wins` whether the position it left is won for the side to move
/// next (`None`: not known). A move is named only when both are known, so the review never
/// says anything the solver has not proven.
pub fn mistakes<M: Copy>(moves: impl IntoIterator<Item = Step<M>>) -> Vec<Mistake<M>> {
    moves
        .into_iter()
        .enumerate()
        .filter_map(|(index, (played, before, after_wins))| {
            let before = before.filter(|k| k.wins)?;
            after_wins.filter(|&w| w).map(|_| Mistake {
                index,
                played,
                winners: before.winning_moves,
                every_winner: before.complete,
            })
        })
        .collect()
}

/// How many moves [`mistakes`] cannot judge: the outcome before the move is unknown, or it
/// was won and the outcome after is unknown.
pub fn unjudged<M>(moves: &[Step<M>]) -> usize {
    moves
        .iter()
        .filter(|(_, before, after_wins)| match before {
            None => true,
            Some(known) => known.wins && after_wins.is_none(),
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[expect(
        clippy::unnecessary_wraps,
        reason = "stands in for the solver's answer, which is an Option"
    )]
    fn won(moves: &[u8]) -> Option<Known<u8>> {
        Some(Known {
            wins: true,
            winning_moves: moves.to_vec(),
            complete: true,
        })
    }

    #[test]
    fn only_proven_throwaways_are_named() {
        let lost = Some(Known {
            wins: false,
            winning_moves: vec![],
            complete: true,
        });
        let found = mistakes([
            (1, won(&[2]), Some(true)),     // won, and left a won position: a mistake
            (2, lost, Some(true)),          // lost already: no mistake
            (3, won(&[4]), None),           // the outcome after is unknown: nothing said
            (4, None, Some(true)),          // the outcome before is unknown: nothing said
            (5, won(&[6, 7]), Some(false)), // kept the win
            (8, won(&[9, 10]), Some(true)),
        ]);
        assert_eq!(
            found
                .iter()
                .map(|m| (m.index, m.played))
                .collect::<Vec<_>>(),
            vec![(0, 1), (5, 8)]
        );
        assert_eq!(found[1].winners, vec![9, 10]);
    }

    #[test]
    fn a_move_is_unjudged_while_what_decides_it_is_unknown() {
        let lost = || {
            Some(Known {
                wins: false,
                winning_moves: vec![],
                complete: true,
            })
        };
        let steps = [
            (1, won(&[2]), Some(true)), // judged: a mistake
            (2, lost(), None),          // judged: lost already, whatever follows
            (3, won(&[4]), None),       // won before, unknown after
            (4, None, Some(false)),     // unknown before
        ];
        assert_eq!(unjudged(&steps), 2);
        assert_eq!(unjudged(&steps[..2]), 0);
    }
}
