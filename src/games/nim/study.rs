//! Nim studied ([`Study`]): the piles, each pile's takes as buttons marked with their outcome
//! and moves left, and the line explored. The moves-left table of every position below the
//! studied start, within [`NIM_BUDGET`] positions, is shared with the game it is opened from,
//! or built when the study opens (on the table thread unless it is small).

use super::answer::{answer, nim_sum};
use super::fields::PILES_PRESETS;
use super::moves_left::{NIM_BUDGET, NimMovesLeft, study, table_for};
use super::position;
use super::rules::{Move, Position};
use crate::games::request::{Request, SolverMessage, Waiting, arrived};
use crate::games::study::{
    Analysis, BuildProgress, EditField, EditFields, Editor, FieldsEditor, Study, StudyLine,
    StudyMove, TakeBoard, TakeRow, count_analysis, draw_takes, winning_alone,
};
use crate::input::Spots;
use crate::theme::Theme;
use crate::units::{count, cut_number, group};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use std::sync::Arc;

/// Piles being studied: the studied start, the line played from it, and the piles now
/// analysed.
pub struct NimStudy {
    /// The moves of the line from the studied start, and the piles after each.
    line: StudyLine<Move, Position>,
    /// The moves left of every position below the start, when within the budget and built.
    table: Option<Arc<NimMovesLeft>>,
    /// The table's build on the table thread, while the study waits for it.
    waiting: Option<Waiting>,
    /// The piles the awaited table is built below.
    waiting_top: Option<Position>,
    /// What the study needs from the solver threads, until the app takes it.
    requests: Vec<Request>,
    /// The legal moves now, in the analysis's order.
    moves: Vec<Move>,
    analysis: Analysis,
}

impl NimStudy {
    /// Studies the piles a game starting from `start` reaches after `moves` (in notation),
    /// with `shared` (the table of the game it is opened from) when it holds them; otherwise
    /// the table below them is built at once when small, else on the table thread (the study
    /// shows the outcomes meanwhile, and the moves left once it is built). `None` when a move
    /// is not legal.
    pub fn new(
        start: &Position,
        moves: &[String],
        shared: Option<Arc<NimMovesLeft>>,
    ) -> Option<NimStudy> {
        let mut position = start.clone();
        for text in moves {
            let mv = Move::parse(text).ok()?;
            position = position.play(mv).ok()?;
        }
        let (table, waiting) = match shared.filter(|t| t.covers(&position)) {
            Some(shared) => (Some(shared), None),
            None => table_for(&position),
        };
        let mut study = NimStudy {
            requests: waiting.iter().map(Waiting::request).collect(),
            table,
            waiting_top: waiting.as_ref().map(|_| position.clone()),
            waiting,
            line: StudyLine::new(position),
            moves: Vec::new(),
            analysis: Analysis::default(),
        };
        study.analyse();
        Some(study)
    }

    /// The studied start.
    pub fn start(&self) -> &Position {
        self.line.start()
    }

    /// The piles now.
    fn now(&self) -> &Position {
        self.line.now()
    }

    /// Plays `mv`, extending the line; `false` when it is not legal here.
    fn play_legal(&mut self, mv: Move) -> bool {
        if !self.line.play(mv, |position, mv| position.play(mv).ok()) {
            return false;
        }
        self.analyse();
        true
    }

    /// Makes sure the moves left of the piles now are known or coming: a position below the
    /// table the study has (or awaits) is answered by it; any other (a small position reached
    /// from a start too large for a table, or one above the table) gets its own table when
    /// within the budget, which answers every position after it in the line too.
    fn want_table(&mut self) {
        let now = self.now().clone();
        let held = |top: Option<&Position>| {
            top.is_some_and(|top| {
                let (piles, tops) = (now.piles(), top.piles());
                piles.len() == tops.len() && piles.iter().zip(tops).all(|(p, t)| p <= t)
            })
        };
        let covered = self.table.as_ref().is_some_and(|t| t.covers(&now));
        let coming = self.waiting.is_some() && held(self.waiting_top.as_ref());
        if covered || coming {
            return;
        }
        if NimMovesLeft::positions(&now).is_none_or(|count| count > NIM_BUDGET) {
            return;
        }
        let (table, waiting) = table_for(&now);
        if let Some(table) = table {
            self.table = Some(table);
        }
        if let Some(waiting) = waiting {
            // The build asked for last is the one wanted: an unsent older one goes.
            self.requests = vec![waiting.request()];
            self.waiting = Some(waiting);
            self.waiting_top = Some(now);
        }
    }

    fn analyse(&mut self) {
        count_analysis();
        self.want_table();
        if let Some(studied) = study(self.now(), self.table.as_deref()) {
            self.moves = studied.moves.iter().map(|m| m.mv).collect();
            self.analysis = Analysis::of(&studied, ToString::to_string);
            if let Some(waiting) = &self.waiting {
                self.analysis.progress = Some(BuildProgress::of(waiting));
            } else if self.table.is_none() {
                self.analysis.note = Some(format!(
                    "moves left: more than {} positions below these piles",
                    group(NIM_BUDGET)
                ));
            }
        } else {
            // Too many to list: the nim-sum still names the winning moves, listed alone.
            let winning = answer(self.now()).winning_moves;
            self.analysis = Analysis {
                wins: Some(nim_sum(self.now()) != 0),
                note: Some(winning_alone("moves", winning.len())),
                moves: winning
                    .iter()
                    .map(|mv| StudyMove::winning(mv.to_string()))
                    .collect(),
                ..Analysis::default()
            };
            self.moves = winning;
        }
    }
}

impl Study for NimStudy {
    fn find(&self, notation: &str) -> Option<usize> {
        let mv = Move::parse(notation).ok()?;
        self.moves.iter().position(|&m| m == mv)
    }

    fn title(&self) -> String {
        "Nim".to_string()
    }

    fn describe(&self) -> String {
        format!("piles {}", self.now())
    }

    fn position(&self) -> String {
        super::position::print(self.now())
    }

    fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    fn play(&mut self, index: usize) {
        if let Some(&mv) = self.moves.get(index) {
            self.play_legal(mv);
        }
    }

    fn play_move(&mut self, notation: &str) -> bool {
        // By the rules, listed or not (too many moves to list).
        Move::parse(notation).is_ok_and(|mv| self.play_legal(mv))
    }

    fn take_back(&mut self) -> bool {
        if !self.line.take_back() {
            return false;
        }
        self.analyse();
        true
    }

    fn lay_line(&mut self, moves: &[String]) -> usize {
        self.line.lay(
            moves.iter().map(|text| Move::parse(text).ok()),
            |position, mv| position.play(mv).ok(),
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
            .map(ToString::to_string)
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
        let header = vec![Line::styled(format!("Piles {}", self.now()), theme.title)];
        let rows: Vec<TakeRow> = self
            .now()
            .piles()
            .iter()
            .enumerate()
            .map(|(pile, &coins)| TakeRow {
                // A huge count too long for the board loses its middle ("1,000,…,000").
                label: {
                    let name = format!("Pile {}: ", pile + 1);
                    let room = usize::from(area.width).saturating_sub(name.len());
                    name + &cut_number(&count(coins, "coin", "coins"), room)
                },
                moves: self
                    .moves
                    .iter()
                    .enumerate()
                    .filter(|(_, mv)| mv.pile == pile)
                    .map(|(at, mv)| (at, mv.take))
                    .collect(),
            })
            .collect();
        let board = TakeBoard { header, rows };
        draw_takes(board, area, buf, theme, &self.analysis, chosen, spots);
    }

    fn board_size(&self) -> (u16, u16) {
        (28, 8)
    }

    fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// The table's build reports progress, then the table: the moves left fill in.
    fn on_solver(&mut self, message: SolverMessage) {
        if let Some(built) = arrived(&mut self.waiting, message) {
            self.table = built.downcast::<NimMovesLeft>().ok();
            self.analyse();
        } else {
            self.analysis.follow(self.waiting.as_ref());
        }
    }

    fn editor(&self, _chosen: Option<usize>) -> Box<dyn Editor> {
        Box::new(FieldsEditor::new(
            EditFields::new(vec![EditField {
                label: "Piles",
                // Empty piles keep their places, as in the position string, so that the
                // piles keep their numbers.
                value: self.now().to_string(),
                also: ", ",
                presets: &PILES_PRESETS,
                hint: "←→ presets, or type 3,4,5",
                check: |text| edited(text).map(|_| ()),
            }]),
            study_fields,
        ))
    }
}

/// The position the editor's fields describe, studied; or why they describe none.
fn study_fields(fields: &EditFields) -> Result<Box<dyn Study>, String> {
    let position = edited(fields.value("Piles")).map_err(|e| format!("piles: {e}"))?;
    let study = NimStudy::new(&position, &[], None).ok_or("not a Nim position")?;
    Ok(Box::new(study))
}

/// The piles the editor's field describes, read as the position string reads them: an empty
/// pile keeps its place (`0,4,5`), but not every pile may be empty (the game is over there).
/// A new game's piles, on the menu, each start with a coin at least; a studied position may
/// be one reached in play.
fn edited(text: &str) -> Result<Position, String> {
    if text.trim().is_empty() {
        return Err("no piles given: write the piles like 3,4,5".into());
    }
    position::parse(text)
}
