//! One study for every game on the core ([`Studied`]): the Study screen's line, the analysis of
//! the position shown (from the rules' study where moves left are known, else the winning moves
//! its answer names), the tables it waits for, and its board drawn by the board's kind
//! ([`StudyBoard`]). A game gives its words and its editor ([`StudyRules`]).

use super::rules::Rules;
use crate::games::moves_left::Proven;
use crate::games::request::{JudgedMoves, Request, SolverMessage, Task, Waiting, arrived};
use crate::games::review::MoveWords;
use crate::games::session::Leftover;
use crate::games::study::{
    Analysis, BuildProgress, Editor, Study, StudyLine, StudyMove, count_analysis, winning_alone,
};
use crate::input::Spots;
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::marker::PhantomData;

/// What a game on the core adds to its rules for the Study screen.
pub trait StudyRules: Rules {
    /// The game's name over the screen ("Wythoff's game").
    fn title(&self) -> String;

    /// The position for people ("piles 4,5").
    fn describe(&self, at: &Self::Position) -> String;

    /// Makes sure what analyses `at` is known or coming: a build task for the table thread
    /// when the rules neither hold nor await what covers `at` (a table built at once needs
    /// none). The default asks nothing.
    fn want(&mut self, _at: &Self::Position) -> Option<Waiting> {
        None
    }

    /// Whether the build [`StudyRules::want`] asked for at `asked` analyses `at` too, so that
    /// while it is coming a position of the line it covers asks for none of its own. The
    /// default: it analyses no other position.
    fn answers(&self, _asked: &Self::Position, _at: &Self::Position) -> bool {
        false
    }

    /// Why the analysis of `at` lacks its moves left, when it does and no build is coming
    /// ("moves left: more than 4,194,304 positions below these piles").
    fn missing(&self, _at: &Self::Position) -> Option<String> {
        None
    }

    /// What the game's answer proves of `at` and of each of its moves where [`Rules::study`]
    /// knows nothing (no table covers it: every move listed, `?` where nothing proves it),
    /// with a note for the panel (what proves it, what is missing); `came_from`: the position
    /// before and the move that made this one, on the line. `None` (the default): the winning
    /// moves the answer names are listed alone.
    fn proven(
        &self,
        _at: &Self::Position,
        _came_from: Option<(&Self::Position, Self::Move)>,
    ) -> Option<(Proven<Self::Move>, Option<String>)> {
        None
    }

    /// A move in the words of the board it is studied on, where they are not the game's
    /// (`Game::move_words`); `None` by default.
    fn move_words(&self, _m: Self::Move) -> Option<MoveWords> {
        None
    }

    /// An editor on `at`, to set up another position of the game (whose study it gives).
    fn editor(&self, at: &Self::Position) -> Box<dyn Editor>;

    /// An editor on `at` whose choice starts on `chosen`, the move highlighted on the board
    /// (Chomp's cursor starts on it); by default [`StudyRules::editor`].
    fn editor_on(&self, at: &Self::Position, chosen: Option<Self::Move>) -> Box<dyn Editor> {
        let _ = chosen;
        self.editor(at)
    }

    /// The tables the rules hold, for the game the study was opened from when it closes
    /// (see `Session::adopt`); none by default.
    fn leftover(&self) -> Option<Leftover> {
        None
    }

    /// The judging of a game played from `start` by `moves` with what the rules hold, as a
    /// task for the solver threads, when they know more than a replay of the game would
    /// (Chomp's tables, once they arrive); `None` by default.
    fn judging(
        &self,
        _start: &Self::Position,
        _moves: Vec<Self::Move>,
    ) -> Option<Task<JudgedMoves>> {
        None
    }

    /// Whether what will judge more of a game is on its way (tables building, which
    /// [`StudyRules::judging`] then judges with); `false` by default.
    fn judges_later(&self) -> bool {
        false
    }

    /// Why the moves of a game cannot be judged here, when nothing can judge them (a table
    /// over the memory budget); `None` by default.
    fn unjudgeable(&self) -> Option<String> {
        None
    }
}

/// How a kind of board draws a studied position: every legal move marked (`W7`, `L12`), the
/// chosen one highlighted, each move's place recorded as `study::spot` writes it.
pub trait StudyBoard<R: Rules> {
    /// Draws `at` in `area`; `moves` are the analysis's moves, in its order.
    #[expect(
        clippy::too_many_arguments,
        reason = "what the Study screen hands a board"
    )]
    fn render(
        rules: &R,
        at: &R::Position,
        moves: &[R::Move],
        analysis: &Analysis,
        chosen: Option<usize>,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        spots: &mut Spots,
    );

    /// The smallest area the board needs for `at`: (columns, rows).
    fn size(rules: &R, at: &R::Position) -> (u16, u16);

    /// Whether the board drawn in `area` shows its marks' letters alone (`W`, `L`), some mark
    /// with its moves left being wider than its place: the list then has the numbers.
    fn marks_shortened(_rules: &R, _at: &R::Position, _analysis: &Analysis, _area: Rect) -> bool {
        false
    }

    /// The board's width for `at` at its natural size, every mark whole (a wider screen gives
    /// the panel the room left over); by default its smallest, [`StudyBoard::size`].
    fn width_whole(rules: &R, at: &R::Position) -> u16 {
        Self::size(rules, at).0
    }

    /// A move as the Study screen writes it, in its list and its line: the rules' notation
    /// (which the game's move words then say) by default.
    fn notation(rules: &R, m: R::Move) -> String {
        rules.write_move(m)
    }

    /// The analysis of `at` where neither the rules' study nor what their answer proves
    /// ([`StudyRules::proven`]) lists its moves, and its moves in the analysis's order: by
    /// default the winning moves the answer names, listed alone (too many moves to list).
    fn unstudied(rules: &R, at: &R::Position) -> (Vec<R::Move>, Analysis) {
        let known = rules.known(at);
        let winning = known.as_ref().map(|k| k.winning_moves.clone());
        let winning = winning.unwrap_or_default();
        let analysis = Analysis {
            wins: known.map(|k| k.wins),
            note: Some(winning_alone("moves", winning.len())),
            moves: (winning.iter())
                .map(|&m| StudyMove::winning(Self::notation(rules, m)))
                .collect(),
            ..Analysis::default()
        };
        (winning, analysis)
    }
}

/// A position of a game on the core, studied on the board `B`.
pub struct Studied<R: Rules, B> {
    rules: R,
    /// The moves of the line from the studied start, and the position after each.
    line: StudyLine<R::Move, R::Position>,
    /// The legal moves now, in the analysis's order.
    moves: Vec<R::Move>,
    analysis: Analysis,
    /// The build the study waits for on the table thread.
    waiting: Option<Waiting>,
    /// The position the build was asked for at.
    asked: Option<R::Position>,
    /// What the study needs from the solver threads, until the app takes it.
    requests: Vec<Request>,
    board: PhantomData<fn() -> B>,
}

impl<R: StudyRules, B: StudyBoard<R>> Studied<R, B> {
    /// Studies `at` with `rules` (sharing the tables of a game it is opened from, where the
    /// game gave them).
    pub fn new(rules: R, at: R::Position) -> Studied<R, B> {
        let mut study = Studied {
            rules,
            line: StudyLine::new(at),
            moves: Vec::new(),
            analysis: Analysis::default(),
            waiting: None,
            asked: None,
            requests: Vec::new(),
            board: PhantomData,
        };
        study.analyse();
        study
    }

    /// The position reached from `start` by `moves` (in notation), studied; `None` when a
    /// move is not legal.
    pub fn after(rules: R, start: R::Position, moves: &[String]) -> Option<Studied<R, B>> {
        let mut at = start;
        for text in moves {
            at = rules.play(&at, rules.read_move(text)?).ok()?;
        }
        Some(Studied::new(rules, at))
    }

    /// The rules studied with.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The position shown.
    pub fn now(&self) -> &R::Position {
        self.line.now()
    }

    fn play_legal(&mut self, m: R::Move) -> bool {
        let rules = &self.rules;
        if !self.line.play(m, |at, m| rules.play(at, m).ok()) {
            return false;
        }
        self.analyse();
        true
    }

    fn analyse(&mut self) {
        count_analysis();
        let now = self.line.now().clone();
        let asked = self.asked.as_ref().filter(|_| self.waiting.is_some());
        let coming = asked.is_some_and(|asked| self.rules.answers(asked, &now));
        if !coming && let Some(waiting) = self.rules.want(&now) {
            // The build asked for last is the one wanted: an unsent older one goes.
            self.requests = vec![waiting.request()];
            self.waiting = Some(waiting);
            self.asked = Some(now.clone());
        }
        let rules = &self.rules;
        // A finished position waits for no build.
        let gauge = (self.waiting.as_ref()).filter(|_| !rules.is_over(&now));
        if let Some(studied) = rules.study(&now) {
            self.moves = studied.moves.iter().map(|m| m.mv).collect();
            self.analysis = Analysis::of(&studied, |&m| B::notation(rules, m));
            if let Some(waiting) = gauge {
                self.analysis.progress = Some(BuildProgress::of(waiting));
            } else if self.waiting.is_none() && studied.moves_left.is_none() {
                self.analysis.note = rules.missing(&now);
            }
        } else if let Some((proven, note)) = rules.proven(&now, self.line.came_from()) {
            // No table covers it: every move listed, as far as the answer proves it.
            self.moves = proven.moves.iter().map(|m| m.mv).collect();
            self.analysis = Analysis::proven(&proven, |&m| B::notation(rules, m));
            self.analysis.note = note;
            self.analysis.progress = gauge.map(BuildProgress::of);
        } else {
            (self.moves, self.analysis) = B::unstudied(rules, &now);
            // While a build is on its way, its gauge stands where the board's note would.
            if let Some(waiting) = gauge {
                self.analysis.progress = Some(BuildProgress::of(waiting));
                self.analysis.note = None;
            }
        }
    }
}

impl<R: StudyRules, B: StudyBoard<R> + 'static> Study for Studied<R, B> {
    fn title(&self) -> String {
        self.rules.title()
    }

    fn describe(&self) -> String {
        self.rules.describe(self.now())
    }

    fn position(&self) -> String {
        self.rules.print(self.now())
    }

    fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    fn play(&mut self, index: usize) {
        if let Some(&m) = self.moves.get(index) {
            self.play_legal(m);
        }
    }

    fn find(&self, notation: &str) -> Option<usize> {
        let m = self.rules.read_move(notation)?;
        self.moves.iter().position(|&listed| listed == m)
    }

    /// By the rules, listed or not (too many moves to list).
    fn play_move(&mut self, notation: &str) -> bool {
        (self.rules.read_move(notation)).is_some_and(|m| self.play_legal(m))
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
        self.line
            .lay(moves.iter().map(|text| rules.read_move(text)), |at, m| {
                rules.play(at, m).ok()
            })
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
        let tail = self.line.tail(count).iter();
        tail.map(|&m| B::notation(&self.rules, m)).collect()
    }

    fn render(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        chosen: Option<usize>,
        spots: &mut Spots,
    ) {
        let (rules, at) = (&self.rules, self.now());
        B::render(
            rules,
            at,
            &self.moves,
            &self.analysis,
            chosen,
            area,
            buf,
            theme,
            spots,
        );
    }

    fn board_size(&self) -> (u16, u16) {
        B::size(&self.rules, self.line.start())
    }

    fn marks_shortened(&self, area: Rect) -> bool {
        B::marks_shortened(&self.rules, self.now(), &self.analysis, area)
    }

    fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// The build reports progress, what it made on the way (the outcomes fill in), then what
    /// it built: the moves left fill in.
    fn on_solver(&mut self, message: SolverMessage) {
        if let SolverMessage::Made { made, .. } = &message {
            let Some(waiting) = &mut self.waiting else {
                return;
            };
            if let Some(phase) = self.rules.take_made(made) {
                (waiting.label, waiting.done, waiting.total) = (phase, 0, 0);
                self.analyse();
            }
        } else if let Some(built) = arrived(&mut self.waiting, message) {
            self.rules.take_built(built);
            self.analyse();
        } else {
            self.analysis.follow(self.waiting.as_ref());
        }
    }

    fn editor(&self, chosen: Option<usize>) -> Box<dyn Editor> {
        let chosen = chosen.and_then(|at| self.moves.get(at).copied());
        self.rules.editor_on(self.now(), chosen)
    }

    fn tables(&self) -> Option<Leftover> {
        self.rules.leftover()
    }

    fn judging(&self, moves: &[String]) -> Option<Task<JudgedMoves>> {
        let rules = &self.rules;
        let moves = moves.iter().map(|text| rules.read_move(text));
        let moves = moves.collect::<Option<Vec<R::Move>>>()?;
        rules.judging(self.line.start(), moves)
    }

    fn judges_later(&self) -> bool {
        self.rules.judges_later()
    }

    fn unjudgeable(&self) -> Option<String> {
        self.rules.unjudgeable()
    }

    fn board_width_whole(&self) -> u16 {
        B::width_whole(&self.rules, self.line.start())
    }

    fn move_words(&self, notation: &str) -> Option<MoveWords> {
        self.rules.move_words(self.rules.read_move(notation)?)
    }

    fn why(&self) -> Vec<String> {
        self.rules.why(self.now())
    }
}
