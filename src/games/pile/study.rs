//! The one-pile board on the Study screen (the core's [`StudyBoard`]): the pile, its takes as
//! buttons marked with their outcome and moves left (`−3 W7`), and where the rules' study does
//! not reach the pile, each take's outcome from the answer of the pile it leaves; and the
//! study's words and tables of every one-pile game ([`StudyRules`]), written once.

use super::rules::{PilePosition, PileRules};
use super::session::PileBoard;
use crate::games::core::rules::Rules;
use crate::games::core::study::{StudyBoard, StudyRules};
use crate::games::moves_left::MAX_LISTED_MOVES;
use crate::games::request::Waiting;
use crate::games::study::{
    Analysis, Editor, StudyMove, TakeBoard, TakeRow, draw_takes, winning_alone,
};
use crate::input::Spots;
use crate::theme::Theme;
use crate::units::{count, group};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// A pile position for people, as the Study screen names it: "pile 21".
pub fn describe(at: &PilePosition) -> String {
    format!("pile {}", group(at.pile))
}

/// The Study screen's words, the tables it waits for, and the game's editor.
impl<R: PileRules> StudyRules for R {
    fn title(&self) -> String {
        PileRules::title(self)
    }

    fn describe(&self, at: &PilePosition) -> String {
        describe(at)
    }

    /// The tables the rules lack (the moves left with them), asked for once.
    fn want(&mut self, _at: &PilePosition) -> Option<Waiting> {
        self.build(true)
    }

    /// The tables asked for cover every pile the study reaches.
    fn answers(&self, _asked: &PilePosition, _at: &PilePosition) -> bool {
        true
    }

    fn editor(&self, at: &PilePosition) -> Box<dyn Editor> {
        PileRules::editor(self, at)
    }
}

impl<R: PileRules> StudyBoard<R> for PileBoard {
    fn render(
        rules: &R,
        at: &PilePosition,
        takes: &[u64],
        analysis: &Analysis,
        chosen: Option<usize>,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        spots: &mut Spots,
    ) {
        let header = vec![
            Line::styled(count(at.pile, "coin", "coins"), theme.title),
            Line::raw(rules.takes(at).text(usize::from(area.width))),
        ];
        let rows = vec![TakeRow {
            label: "Takes".into(),
            moves: takes.iter().copied().enumerate().collect(),
        }];
        let board = TakeBoard { header, rows };
        draw_takes(board, area, buf, theme, analysis, chosen, spots);
    }

    fn size(_: &R, _: &PilePosition) -> (u16, u16) {
        (28, 8)
    }

    /// A take as the take buttons write it: `−3`.
    fn notation(_: &R, k: u64) -> String {
        format!("−{}", group(k))
    }

    /// Past the moves left, the outcomes alone: each take's from the answer of the pile it
    /// leaves, when the takes are few enough to list; else the winning takes the answer names
    /// (Zeckendorf, the period), listed alone.
    fn unstudied(rules: &R, at: &PilePosition) -> (Vec<u64>, Analysis) {
        let winning_takes = |at: &PilePosition| rules.known(at).map(|k| k.winning_moves);
        let notation = |k: u64| <PileBoard as StudyBoard<R>>::notation(rules, k);
        let takes = rules.takes(at).listed();
        let mut analysis = Analysis {
            wins: winning_takes(at).map(|w| !w.is_empty()),
            ..Analysis::default()
        };
        let moves: Option<Vec<StudyMove>> = takes.as_ref().and_then(|takes| {
            (takes.iter())
                .map(|&k| {
                    let after = rules.play(at, k).ok()?;
                    let replies = winning_takes(&after)?.len();
                    Some(StudyMove {
                        notation: notation(k),
                        wins: Some(replies == 0),
                        moves_left: None,
                        winning_replies: Some(replies),
                    })
                })
                .collect()
        });
        let listed = match (takes, moves) {
            (Some(takes), Some(moves)) => {
                // The moves left are out of reach: the panel's "Moves left" line says so,
                // once, with no note to say it again.
                analysis.moves = moves;
                takes
            }
            (Some(_), None) => {
                analysis.note = Some("outcomes: out of reach at this pile".into());
                Vec::new()
            }
            // Too many to list: the answer still names the winning takes, listed alone.
            (None, _) => {
                if let Some(winning) = winning_takes(at) {
                    analysis.note = Some(winning_alone("takes", winning.len()));
                    analysis.moves = winning
                        .iter()
                        .map(|&k| StudyMove::winning(notation(k)))
                        .collect();
                    winning
                } else {
                    analysis.note = Some(format!(
                        "too many takes to list (at most {})",
                        group(MAX_LISTED_MOVES)
                    ));
                    Vec::new()
                }
            }
        };
        (listed, analysis)
    }
}
