//! A one-pile game studied ([`Study`]), under the rules of whichever one-pile game it is: the
//! pile, its takes as buttons marked with their outcome and moves left, and the line explored.

use crate::games::moves_left::MAX_LISTED_MOVES;
use crate::games::pile::rules::{PilePosition, PileRules, Takes};
use crate::games::request::{Request, SolverMessage, Waiting, arrived};
use crate::games::study::{
    Analysis, BuildProgress, Editor, Study, StudyLine, StudyMove, TakeBoard, TakeRow,
    count_analysis, draw_takes, winning_alone,
};
use crate::input::Spots;
use crate::theme::Theme;
use crate::units::{count, group};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// What makes the editor of a one-pile game's position (its game's fields).
pub type MakeEditor = Box<dyn Fn(PilePosition) -> Box<dyn Editor> + Send>;

/// A pile being studied: the studied start, the line played from it, and the position now
/// analysed.
pub struct PileStudy<R> {
    rules: R,
    make_editor: MakeEditor,
    /// The takes of the line from the studied start, and the position after each.
    line: StudyLine<u64, PilePosition>,
    /// The legal takes now, in the analysis's order.
    takes: Vec<u64>,
    analysis: Analysis,
    /// The build of the rules' tables on the table thread, while the study waits for it.
    waiting: Option<Waiting>,
    /// What the study needs from the solver threads, until the app takes it.
    requests: Vec<Request>,
}

impl<R: PileRules> PileStudy<R> {
    /// Studies the position a game of `rules` reaches from `start` after the takes `moves`
    /// (in notation); `None` when one is not a legal take.
    pub fn from_position(
        rules: R,
        make_editor: MakeEditor,
        start: PilePosition,
        moves: &[String],
    ) -> Option<PileStudy<R>> {
        let mut at = start;
        for text in moves {
            let k: u64 = text.parse().ok()?;
            at = rules.play(&at, k).ok()?;
        }
        Some(PileStudy::studying(rules, make_editor, at))
    }

    /// Studies the position `at` of `rules`; what the rules still lack is asked for on the
    /// table thread, and the analysis fills in once it is built.
    pub fn studying(mut rules: R, make_editor: MakeEditor, at: PilePosition) -> PileStudy<R> {
        let waiting = rules.build(true);
        let mut study = PileStudy {
            requests: waiting.iter().map(Waiting::request).collect(),
            waiting,
            rules,
            make_editor,
            line: StudyLine::new(at),
            takes: Vec::new(),
            analysis: Analysis::default(),
        };
        study.analyse();
        study
    }

    /// The studied start.
    pub fn start(&self) -> PilePosition {
        *self.line.start()
    }

    /// The position now.
    pub fn at(&self) -> PilePosition {
        *self.line.now()
    }

    /// Takes `k` coins (a legal take), extending the line.
    fn take(&mut self, k: u64) {
        let rules = &self.rules;
        self.line.play(k, |at, k| rules.play(at, k).ok());
        self.analyse();
    }

    /// Analyses the position now: the game's study where its moves left reach, else the
    /// outcomes alone (when the takes are few enough to list).
    fn analyse(&mut self) {
        count_analysis();
        self.analyse_now();
        if let Some(waiting) = &self.waiting {
            self.analysis.progress = Some(BuildProgress::of(waiting));
            self.analysis.note = None;
        }
    }

    /// The analysis from what the rules know now.
    fn analyse_now(&mut self) {
        let at = self.at();
        if let Some(study) = self.rules.study(&at) {
            self.takes = study.moves.iter().map(|m| m.mv).collect();
            self.analysis = Analysis::of(&study, |k| format!("−{}", group(*k)));
            return;
        }
        let takes = match self.rules.takes(&at) {
            Takes::Listed(takes) => Some(takes),
            Takes::UpTo(limit) if limit <= MAX_LISTED_MOVES => Some((1..=limit).collect()),
            Takes::UpTo(_) => None,
        };
        let wins = self.winning_takes(at).map(|w| !w.is_empty());
        let mut analysis = Analysis {
            wins,
            ..Analysis::default()
        };
        let moves: Option<Vec<StudyMove>> = takes.as_ref().and_then(|takes| {
            takes
                .iter()
                .map(|&k| {
                    let after = self.rules.play(&at, k).ok()?;
                    let replies = self.winning_takes(after)?.len();
                    Some(StudyMove {
                        notation: format!("−{}", group(k)),
                        wins: Some(replies == 0),
                        moves_left: None,
                        winning_replies: Some(replies),
                    })
                })
                .collect()
        });
        match (takes, moves) {
            (Some(takes), Some(moves)) => {
                self.takes = takes;
                // The moves left are out of reach: the panel's "Moves left" line says so,
                // once, with no note to say it again.
                analysis.moves = moves;
            }
            (Some(_), None) => {
                self.takes = Vec::new();
                analysis.note = Some("outcomes: out of reach at this pile".into());
            }
            // Too many to list: the answer still names the winning takes (Zeckendorf, the
            // period), and the list holds those alone.
            (None, _) => {
                if let Some(winning) = self.winning_takes(at) {
                    analysis.note = Some(winning_alone("takes", winning.len()));
                    analysis.moves = winning
                        .iter()
                        .map(|k| StudyMove::winning(format!("−{}", group(*k))))
                        .collect();
                    self.takes = winning;
                } else {
                    self.takes = Vec::new();
                    analysis.note = Some(format!(
                        "too many takes to list (at most {})",
                        group(MAX_LISTED_MOVES)
                    ));
                }
            }
        }
        self.analysis = analysis;
    }

    /// Every winning take at `at`, where the rules' answer knows them.
    fn winning_takes(&self, at: PilePosition) -> Option<Vec<u64>> {
        self.rules.known(&at).map(|k| k.winning_moves)
    }
}

impl<R: PileRules> Study for PileStudy<R> {
    fn title(&self) -> String {
        self.rules.title()
    }

    fn find(&self, notation: &str) -> Option<usize> {
        let k: u64 = notation.parse().ok()?;
        self.takes.iter().position(|&take| take == k)
    }

    fn describe(&self) -> String {
        format!("pile {}", group(self.at().pile))
    }

    fn position(&self) -> String {
        self.rules.print(&self.at())
    }

    fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    fn play(&mut self, index: usize) {
        let Some(&k) = self.takes.get(index) else {
            return;
        };
        self.take(k);
    }

    fn play_move(&mut self, notation: &str) -> bool {
        // By the rules' takes, listed or not (too many to list, or outcomes out of reach).
        let Ok(k) = notation.parse::<u64>() else {
            return false;
        };
        if self.rules.play(&self.at(), k).is_err() {
            return false;
        }
        self.take(k);
        true
    }

    fn take_back(&mut self) -> bool {
        if !self.line.take_back() {
            return false;
        }
        self.analyse();
        true
    }

    fn lay_line(&mut self, moves: &[String]) -> usize {
        let rules = &self.rules;
        self.line.lay(
            moves.iter().map(|text| text.parse::<u64>().ok()),
            |at, k| rules.play(at, k).ok(),
        )
    }

    fn go_to(&mut self, at: usize) -> usize {
        let shown = self.line.go_to(at);
        self.analyse();
        shown
    }

    fn line_len(&self) -> usize {
        self.line.len()
    }

    fn line_tail(&self, count: usize) -> Vec<String> {
        self.line
            .tail(count)
            .iter()
            .map(|k| format!("−{}", group(*k)))
            .collect()
    }

    fn render(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        chosen: Option<usize>,
        spots: &mut Spots,
    ) {
        let header = vec![
            Line::styled(count(self.at().pile, "coin", "coins"), theme.title),
            Line::raw(self.rules.takes(&self.at()).text(usize::from(area.width))),
        ];
        let rows = vec![TakeRow {
            label: "Takes".into(),
            moves: self
                .takes
                .iter()
                .enumerate()
                .map(|(at, &k)| (at, k))
                .collect(),
        }];
        let board = TakeBoard { header, rows };
        draw_takes(board, area, buf, theme, &self.analysis, chosen, spots);
    }

    fn board_size(&self) -> (u16, u16) {
        (28, 8)
    }

    fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// The build of the rules' tables reports progress, then the tables: the analysis fills
    /// in.
    fn on_solver(&mut self, message: SolverMessage) {
        if let Some(built) = arrived(&mut self.waiting, message) {
            self.rules.take_built(built);
            self.analyse();
        } else {
            self.analysis.follow(self.waiting.as_ref());
        }
    }

    fn editor(&self, _chosen: Option<usize>) -> Box<dyn Editor> {
        (self.make_editor)(self.at())
    }
}
