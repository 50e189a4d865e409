//! The Study screen: the studied game's board with every legal move marked by its outcome and
//! moves left, and beside it a panel with the position's outcome, the line explored and every
//! move, best first, with its winning replies.

use super::HitMap;
use super::dialogs::wrap_words;
use crate::app::Target;
use crate::app::review::Review;
use crate::app::size::REVIEW_ROWS;
use crate::app::size::study_panel_width;
use crate::app::study::StudyScreen;
use crate::games::panel::subject;
use crate::games::review::{Label, MoveWords, in_sentence};
use crate::games::setup::side_name;
use crate::games::study::{Study, mark, mark_style};
use crate::input::Spots;
use crate::theme::Theme;
use crate::units::{NO_BREAK, cut, cut_number, group};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect, Size};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use under::{Under, draw_graph};

/// The rows of the panel above the move list's heading: the title, the position, the outcome,
/// two for a note or the build's progress, and the line.
const HEAD_ROWS: u16 = 6;

mod under;

/// Draws the Study screen in `area`, recording its moves and list entries in `hits`.
pub fn render(
    screen: &StudyScreen,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let study = screen.study.as_ref();
    let panel_width = study_panel_width(area.width, study.board_width_whole());
    let [board_area, panel_area] =
        Layout::horizontal([Constraint::Min(1), Constraint::Length(panel_width)]).areas(area);
    let heading = if screen.review.is_some() {
        "Review"
    } else {
        "Study"
    };
    // The editor's size while a position is set up (`+` and `>` change it).
    let title = screen
        .editor
        .as_ref()
        .and_then(|editor| editor.title())
        .unwrap_or_else(|| study.title());
    // On a narrow board, the title cut with "…" after the heading; narrower, the heading
    // alone.
    let room = usize::from(board_area.width.saturating_sub(2));
    let full = format!(" {heading}: {title} ");
    let title = if Line::raw(full.as_str()).width() <= room {
        full
    } else if room >= heading.len() + 10 {
        cut(&full, room)
    } else {
        cut(&format!(" {heading} "), room)
    };
    let block = Block::bordered().title(title).title_style(theme.title);
    let inner = block.inner(board_area);
    let board_height = study.board_size().1;
    let spare = inner.height.saturating_sub(board_height);
    let (above, under) = above_and_under(screen, inner, spare, theme);
    let review_height = above.as_ref().map_or(0, |a| a.1);
    let legend_rows = under.legend;
    let [review_area, inner, why_area, graph_area, legend_area] = Layout::vertical([
        Constraint::Length(review_height),
        Constraint::Min(1),
        Constraint::Length(under.why_rows),
        Constraint::Length(under.graph + under.below),
        Constraint::Length(legend_rows),
    ])
    .areas(inner);
    // Where the whole why has no room under the board, the panel shows it above the moves
    // (in a review, where the review's rows stand above the board).
    let why_in_panel = under.why.is_empty() && screen.editor.is_none();
    let why: Vec<Line> = under.why.into_iter().map(Line::raw).collect();
    frame.render_widget(Paragraph::new(why), why_area);
    if let Some(review) = &screen.review {
        let area = graph_area.resize(Size::new(graph_area.width, under.graph));
        draw_graph(review, area, frame, hits, theme);
    }
    let review_above = above.is_some();
    let why_in_panel = why_in_panel && (screen.review.is_none() || review_above);
    if let Some((rows, _)) = above {
        frame.render_widget(Paragraph::new(rows), review_area);
    }
    let legend = legend(study, inner, theme);
    let block = if screen.editor.is_some() {
        block
    } else if legend_rows == 0 {
        let marks = legend.into_iter().next().unwrap_or_default();
        block.title_bottom(fitted(marks, inner.width))
    } else {
        let lines: Vec<Line> = legend
            .into_iter()
            .map(|line| fitted(line, legend_area.width))
            .collect();
        frame.render_widget(Paragraph::new(lines), legend_area);
        block
    };
    frame.render_widget(block, board_area);
    let mut spots = Spots::default();
    if let Some(editor) = &screen.editor {
        editor.render(inner, frame.buffer_mut(), theme, &mut spots);
    } else {
        study.render(inner, frame.buffer_mut(), theme, screen.chosen, &mut spots);
    }
    for (spot_area, spot) in spots.0 {
        hits.add(spot_area, Target::Spot(spot));
    }
    if screen.editor.is_some() {
        edit_panel(screen, frame, panel_area, theme);
    } else {
        panel(
            screen,
            !review_above,
            why_in_panel,
            frame,
            panel_area,
            hits,
            theme,
        );
    }
}

/// The moves the list keeps in view under a review's rows in the panel, where it can.
const PANEL_REVIEW_MOVES: u16 = 3;
/// The rows a review keeps in the panel however short it is: its summary, the move and its
/// label.
const PANEL_REVIEW_ROWS: u16 = 4;

/// The narrowest board area that shows a review's rows above the board: narrower, they are
/// in the panel.
const REVIEW_WIDTH: u16 = 30;

/// A review's rows above the board, with their height, and what stands under the board: the
/// board's `inner` area leaves `spare` rows past its least height.
fn above_and_under(
    screen: &StudyScreen,
    inner: Rect,
    spare: u16,
    theme: &Theme,
) -> (Option<(Vec<Line<'static>>, u16)>, Under) {
    // A review's rows go above the board where what they must show (the summary, the move,
    // what would have won, a note) fits there with a blank row under it, in at most half the
    // height, leaving a row for the legend where it can; else in the panel, above the list of
    // moves: a board the game screen holds is reviewed on a screen as large.
    // `given`: the rows a long refutation gives up to the mistake's "Why: …" (see below).
    let above_giving = |given: usize| {
        screen
            .review
            .as_ref()
            .filter(|_| inner.width >= REVIEW_WIDTH)
            .and_then(|review| {
                let note = screen.note.as_deref();
                let must = must_rows(screen, review, note, inner.width);
                let at_most = (inner.height / 2).max(REVIEW_ROWS);
                [spare.saturating_sub(1), spare]
                    .into_iter()
                    .map(|room| room.min(at_most))
                    .find(|&room| room >= REVIEW_ROWS && usize::from(room) > must)
                    .map(|room| {
                        let all = review_rows(screen, review, note, inner.width, u16::MAX, theme);
                        let cap = u16::try_from(all.len() - given).unwrap_or(u16::MAX);
                        let rows = (room - 1).min(cap);
                        let rows = review_rows(screen, review, note, inner.width, rows, theme);
                        let height = u16::try_from(rows.len() + 1)
                            .unwrap_or(u16::MAX)
                            .clamp(REVIEW_ROWS, room);
                        (rows, height)
                    })
            })
    };
    let height_of = |above: &Option<(Vec<Line>, u16)>| above.as_ref().map_or(0, |a| a.1);
    let mut above = above_giving(0);
    let mut under = Under::fit(screen, inner, height_of(&above), spare, theme);
    // Why a mistake lost the win takes its rows from a long refutation's (which keeps a row)
    // where the review's graph would otherwise have none under the board.
    let given = (screen.review.as_ref()).map_or(0, |r| given_to_why(screen, r, inner.width));
    if under.graph == 0 && given > 0 {
        let giving = above_giving(given);
        let then = Under::fit(screen, inner, height_of(&giving), spare, theme);
        if then.graph > 0 {
            (above, under) = (giving, then);
        }
    }
    (above, under)
}

/// `line` in at most `width` columns: whole, or its text cut with "…" (in its first span's
/// style).
fn fitted(line: Line<'static>, width: u16) -> Line<'static> {
    if line.width() <= usize::from(width) {
        return line;
    }
    let style = line
        .spans
        .first()
        .map(|span| span.style)
        .unwrap_or_default();
    Line::styled(cut(&line.to_string(), usize::from(width)), style)
}

/// The panel while a position is set up: its fields (one that is wrong marked ✗: the board
/// says why under it), why it is not a position (after Enter tried), and the editor's keys.
fn edit_panel(screen: &StudyScreen, frame: &mut Frame, area: Rect, theme: &Theme) {
    let Some(editor) = &screen.editor else {
        return;
    };
    let block = Block::bordered().title(" Edit ").title_style(theme.title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let mut lines = vec![
        Line::styled("Set up a position", theme.title),
        Line::raw(""),
    ];
    let problems = editor.problems();
    // What is wrong with a field is said once, under it on the board, not here again.
    for (at, (label, value)) in editor.fields().into_iter().enumerate() {
        let style = if editor.selected() == Some(at) {
            theme.selected
        } else {
            theme.text
        };
        let mark = if matches!(problems.get(at), Some(Some(_))) {
            " ✗"
        } else {
            ""
        };
        lines.push(Line::styled(
            cut(&format!("{label}: {value}{mark}"), width),
            style,
        ));
    }
    lines.push(Line::raw(""));
    if let Some(problem) = &screen.edit_problem {
        // Enter was refused: a field marked ✗ already says why.
        let text = if problems.iter().any(Option::is_some) {
            "Fix the field marked ✗ first.".to_string()
        } else {
            problem.clone()
        };
        lines.push(Line::styled(text, theme.bad));
        lines.push(Line::raw(""));
    }
    for hint in editor.hints() {
        lines.push(Line::styled(hint, theme.dim));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
}

/// What a review shows above the board, in rows of at most `width` columns broken between
/// words: the summary, then the move on show with its label (and for a mistake what would have
/// won and the refuting line), then the note (where `w` wrote the record, a line each part).
/// At most `room` rows: the note is kept whole, and the review's last row shown ends with "…"
/// when more of it did not fit.
fn review_rows(
    screen: &StudyScreen,
    review: &Review,
    note: Option<&str>,
    width: u16,
    room: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let label_style = match review.label() {
        Some(Label::Mistake { .. }) => theme.bad,
        Some(Label::Best | Label::KeptWin) => theme.good,
        _ => Style::default(),
    };
    let said = review
        .summary
        .iter()
        .map(|line| (line.clone(), theme.title))
        .chain(
            review_lines(screen, review)
                .into_iter()
                .enumerate()
                .map(|(at, line)| {
                    let style = if at == 0 {
                        label_style
                    } else {
                        Style::default()
                    };
                    (line, style)
                }),
        );
    let wrapped = |texts: Vec<(String, Style)>| -> Vec<(String, Style)> {
        texts
            .into_iter()
            .flat_map(|(text, style)| {
                wrap_words(&text, width)
                    .into_iter()
                    .map(move |row| (row, style))
            })
            .collect()
    };
    let mut rows = wrapped(said.collect());
    let noted = wrapped(
        note.into_iter()
            .flat_map(str::lines)
            .map(|line| (line.to_string(), theme.title))
            .collect(),
    );
    let room = usize::from(room);
    let keep = room.saturating_sub(noted.len());
    // The rows that must show whole (see `must_rows`), the note aside.
    let must = must_rows(
        screen,
        review,
        None,
        u16::try_from(width).unwrap_or(u16::MAX),
    );
    if rows.len() > keep {
        rows.truncate(keep);
        if let Some((last, _)) = rows.last_mut() {
            let ended = format!("{last} …");
            if keep > must {
                *last = goes_on(last, width);
            } else if Line::raw(ended.as_str()).width() <= width {
                // A row that must show whole keeps its words: "…" only where it fits after.
                *last = ended;
            }
        }
    }
    rows.extend(noted);
    rows.truncate(room);
    rows.into_iter()
        .map(|(text, style)| Line::styled(text, style))
        .collect()
}

/// The rows of `width` columns a mistake's refutation gives up to its "Why: …": as many as
/// the why takes, while the refutation keeps a row.
fn given_to_why(screen: &StudyScreen, review: &Review, width: u16) -> usize {
    let rows = |prefix: &str| {
        (review_lines(screen, review).iter())
            .filter(|line| line.starts_with(prefix))
            .map(|line| wrap_words(line, usize::from(width)).len())
            .sum::<usize>()
    };
    rows("Why: ").min(rows("Refuted by").saturating_sub(1))
}

/// How many rows of `width` columns a review must show whole: its summary, the move with its
/// label and what would have won (all but why and the refuting line), and the note.
fn must_rows(screen: &StudyScreen, review: &Review, note: Option<&str>, width: u16) -> usize {
    let width = usize::from(width);
    let lines = review_lines(screen, review);
    review
        .summary
        .iter()
        .chain(
            // Why a mistake lost the win is said where there is room, as the refutation is.
            lines
                .iter()
                .take_while(|line| !line.starts_with("Why: ") && !line.starts_with("Refuted by")),
        )
        .map(String::as_str)
        .chain(note.into_iter().flat_map(str::lines))
        .map(|line| wrap_words(line, width).len())
        .sum()
}

/// `row` ending with " …" (what follows it is not shown) in at most `width` columns: its last
/// words give way to the "…", so that no word is cut, and in a list (a refuting line) no item:
/// the row ends after its last comma when it has one.
fn goes_on(row: &str, width: usize) -> String {
    let mut words: Vec<&str> = row.split(' ').collect();
    loop {
        if let Some(item_end) = words.iter().rposition(|w| w.ends_with(',')) {
            words.truncate(item_end + 1);
        }
        let text = format!("{} …", words.join(" "));
        if Line::raw(text.as_str()).width() <= width || words.len() <= 1 {
            return cut(&text, width);
        }
        words.pop();
    }
}

/// The panel: the position, its outcome and moves left, the line, then the moves best first;
/// with `review_here` (no room above the board), the review's rows above the moves.
fn panel(
    screen: &StudyScreen,
    review_here: bool,
    why_here: bool,
    frame: &mut Frame,
    area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let study = screen.study.as_ref();
    let analysis = study.analysis();
    let block = Block::bordered().title(" Study ").title_style(theme.title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let [head_area, list_area] =
        Layout::vertical([Constraint::Length(HEAD_ROWS), Constraint::Min(1)]).areas(inner);
    let list_area = match screen.review.as_ref().filter(|_| review_here) {
        Some(review) => {
            // Room for the list's heading, its columns and a few moves (one, where the
            // review's rows it must show whole need more); the rest for the review, and a
            // blank row under it where that leaves the moves enough.
            let must = u16::try_from(must_rows(
                screen,
                review,
                screen.note.as_deref(),
                list_area.width,
            ))
            .unwrap_or(u16::MAX);
            let room = list_area
                .height
                .saturating_sub(2 + PANEL_REVIEW_MOVES)
                .max(must.min(list_area.height.saturating_sub(3)))
                .max(PANEL_REVIEW_ROWS.min(list_area.height));
            let rows = review_rows(
                screen,
                review,
                screen.note.as_deref(),
                list_area.width,
                room,
                theme,
            );
            let used = u16::try_from(rows.len()).unwrap_or(u16::MAX).min(room);
            let gap = u16::from(list_area.height > used + 2 + PANEL_REVIEW_MOVES);
            let [review_area, _, list] = Layout::vertical([
                Constraint::Length(used),
                Constraint::Length(gap),
                Constraint::Min(1),
            ])
            .areas(list_area);
            frame.render_widget(Paragraph::new(rows), review_area);
            list
        }
        None if why_here => under::why_above_list(screen, frame, list_area),
        None => list_area,
    };
    let [top_area, note_area, line_area] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(head_area);

    frame.render_widget(Paragraph::new(top_lines(screen, width, theme)), top_area);

    if screen.choosing_side {
        let question = vec![
            Line::styled("Play it: 1 you move first,", theme.title),
            Line::styled("2 you move second, Esc back", theme.title),
        ];
        frame.render_widget(Paragraph::new(question), note_area);
    } else if let Some(progress) = analysis.progress {
        // What is being built, by name: the outcomes first, then the moves left.
        super::progress(
            progress.label,
            progress.ratio(),
            theme.title,
            Rect::new(note_area.x, note_area.y, note_area.width, 1),
            frame.buffer_mut(),
        );
    } else if let Some(note) = &analysis.note {
        // Broken between words into the note's rows; past them, the last row ends with "…".
        let mut rows = wrap_words(note, width);
        let room = usize::from(note_area.height);
        if rows.len() > room {
            rows.truncate(room);
            if let Some(last) = rows.last_mut() {
                *last = goes_on(last, width);
            }
        }
        let rows: Vec<Line> = rows
            .into_iter()
            .map(|row| Line::styled(row.replace(NO_BREAK, " "), theme.bad))
            .collect();
        frame.render_widget(Paragraph::new(rows), note_area);
    } else if let Some(note) = screen.note.as_ref().filter(|_| screen.review.is_none()) {
        // A review shows its note above the board.
        frame.render_widget(
            Paragraph::new(Line::styled(note.clone(), theme.title)).wrap(Wrap { trim: true }),
            note_area,
        );
    } else if screen.review.is_none() {
        // The review's keys are its own.
        let hint = "p: play from here · y: copy it";
        frame.render_widget(Paragraph::new(Line::styled(hint, theme.dim)), note_area);
    }

    let line_text = line_text(screen, width);
    frame.render_widget(Paragraph::new(Line::raw(line_text)), line_area);
    move_list(screen, frame, list_area, hits, theme);
}

/// The lines under the board that say what its marks mean: `W7`/`L7` with their moves left;
/// the letters alone where the board shows no numbers (`area` too narrow, or no move with its
/// moves left).
fn legend(study: &dyn Study, area: Rect, theme: &Theme) -> Vec<Line<'static>> {
    // Where no mark has its moves left (out of reach, or not built yet) the legend speaks of
    // none; where a move's outcome is proven but not its moves left (a letter alone beside
    // marks with numbers, or beside the poison's `L0`), it says so.
    let moves = &study.analysis().moves;
    let numbered = moves.iter().any(|m| m.moves_left.is_some());
    let unnumbered = moves
        .iter()
        .any(|m| m.wins.is_some() && m.moves_left.is_none());
    let marks = if !numbered || unnumbered {
        let mut spans = vec![
            Span::styled("W", theme.good),
            Span::styled(" wins, ", theme.dim),
            Span::styled("L", theme.bad),
            Span::styled(" loses", theme.dim),
        ];
        if numbered {
            spans.push(Span::styled("; moves left not known", theme.dim));
        }
        Line::from(spans)
    } else if study.marks_shortened(area) {
        Line::from(vec![
            Span::styled("W", theme.good),
            Span::styled(" wins, ", theme.dim),
            Span::styled("L", theme.bad),
            Span::styled(" loses; the list has the moves left", theme.dim),
        ])
    } else {
        Line::from(vec![
            Span::styled("W7", theme.good),
            Span::styled(" wins, ", theme.dim),
            Span::styled("L7", theme.bad),
            Span::styled(" loses; 7 moves left after it", theme.dim),
        ])
    };
    vec![
        marks,
        Line::styled("replies: winning moves it leaves the opponent", theme.dim),
    ]
}

/// The panel's first lines: the position, its outcome (at a game's end, how it ended) and its
/// moves left.
fn top_lines(screen: &StudyScreen, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let study = screen.study.as_ref();
    let analysis = study.analysis();
    let outcome_style = match analysis.wins {
        Some(true) => theme.good,
        Some(false) => theme.bad,
        None => theme.dim,
    };
    // Unknown while its table is built (the gauge below), else out of reach.
    let moves_left = analysis.moves_left.map_or_else(
        || {
            if analysis.progress.is_some() {
                "building…".to_string()
            } else {
                "out of reach".to_string()
            }
        },
        group,
    );
    // The position's string, which `y` copies; a finished game's too (`nim 0,0,0`), which
    // `munch play --position` refuses saying the game is over there.
    let position = study.position();
    let outcome = match &screen.review {
        // At a review's end: who won the game.
        Some(review) if review.played().is_none() => Line::styled(
            cut(
                &format!("Game over: {} won.", in_sentence(review.record.winner())),
                width,
            ),
            theme.title,
        ),
        _ if analysis.is_over() => Line::styled(
            cut(&format!("Game over: {}.", analysis.outcome()), width),
            theme.title,
        ),
        _ => standing(screen, outcome_style),
    };
    vec![
        Line::styled(cut(&position, width), theme.dim),
        outcome,
        Line::raw(cut(&format!("Moves left: {moves_left}"), width)),
    ]
}

/// Who is winning the position shown, in words a learner reads at once: "Side to move is
/// winning" on the Study screen; in a review, by the name of the side to move ("You are
/// losing", "Computer is winning"); "Who is winning: not known yet" while a table is built.
fn standing(screen: &StudyScreen, style: Style) -> Line<'static> {
    let analysis = screen.study.analysis();
    let word = match analysis.wins {
        Some(true) => "winning",
        Some(false) => "losing",
        None if analysis.progress.is_some() => {
            return Line::from(vec![
                Span::raw("Who is winning: "),
                Span::styled("not known yet", style),
            ]);
        }
        None => {
            return Line::from(vec![
                Span::raw("Who is winning: "),
                Span::styled("not known", style),
            ]);
        }
    };
    let subject = match &screen.review {
        Some(review) => subject(side_name(review.record.settings.players, review.at % 2)),
        None => "Side to move is ".to_string(),
    };
    Line::from(vec![Span::raw(subject), Span::styled(word, style)])
}

/// The panel's line row: the line explored; in a review, the game's moves before the board's
/// position, in the words of its move list.
fn line_text(screen: &StudyScreen, width: usize) -> String {
    // No more moves than the row has columns are worded: a long line costs its last moves.
    if let Some(review) = &screen.review {
        let before = review.before();
        let played: Vec<String> = before[before.len().saturating_sub(width)..]
            .iter()
            .map(|m| move_words(screen, m).listed)
            .collect();
        return if played.is_empty() {
            // Enter steps along the game: its start is on show.
            "Played: none yet (the start)".to_string()
        } else {
            last_that_fit("Played: ", &played, ", ", width)
        };
    }
    let line = screen.study.line_tail(width);
    if line.is_empty() {
        return "Line: none yet (Enter plays)".to_string();
    }
    // In the game's words; in their short form when the whole line does not fit.
    let words: Vec<MoveWords> = line.iter().map(|m| move_words(screen, m)).collect();
    let listed: Vec<String> = words.iter().map(|w| w.listed.clone()).collect();
    let all = format!("Line: {}", listed.join(", "));
    if Line::raw(all.as_str()).width() <= width {
        return all;
    }
    let short: Vec<String> = words.into_iter().map(|w| w.short).collect();
    last_that_fit("Line: ", &short, ", ", width)
}

/// A move of the study in its game's words ([`MoveWords`]), as the game's move list and the
/// review write it; a move the game does not word (a coin game's `−3`) as the study wrote it.
fn move_words(screen: &StudyScreen, notation: &str) -> MoveWords {
    (screen.study.move_words(notation))
        .or_else(|| screen.kind.game().move_words(notation))
        .unwrap_or_else(|| MoveWords::plain(notation))
}

/// The review's lines, its moves in the words of the study's board.
fn review_lines(screen: &StudyScreen, review: &Review) -> Vec<String> {
    review.lines_with(&|notation| move_words(screen, notation))
}

/// The list of moves, best first: a heading, the columns' names, then a row a move, each
/// clickable; it shows the rows from [`StudyScreen::top`].
fn move_list(
    screen: &StudyScreen,
    frame: &mut Frame,
    list_area: Rect,
    hits: &mut HitMap,
    theme: &Theme,
) {
    let analysis = screen.study.analysis();
    let width = usize::from(list_area.width);
    hits.add(list_area, Target::MoveList);
    let order = screen.order();
    let rows = usize::from(list_area.height.saturating_sub(2));
    let last_top = order.len().saturating_sub(rows);
    // The chosen move is always in view, whatever the list's height was when it was chosen.
    let mut start = screen.top.min(last_top);
    if let Some(row) = screen.chosen_row() {
        start = start.clamp((row + 1).saturating_sub(rows.max(1)), row);
    }
    let end = (start + rows).min(order.len());
    let title = "Moves, best first";
    let earlier = (start > 0).then(|| format!(" ↑{}", group(start as u64)));
    let later = (end < order.len()).then(|| format!(" ↓{}", group((order.len() - end) as u64)));
    let out_of_view: String = earlier.into_iter().chain(later).collect();
    let heading = vec![
        Span::styled(title, theme.title),
        Span::styled(
            cut(&out_of_view, width.saturating_sub(title.len())),
            theme.dim,
        ),
    ];
    let mut lines = vec![Line::from(heading)];
    // The columns as wide as their widest entry shown.
    let shown = &order[start..end];
    let move_heading = screen.study.move_heading();
    let mark_width = shown
        .iter()
        .map(|&at| mark(&analysis.moves[at]).chars().count())
        .chain([6])
        .max()
        .unwrap_or(6);
    // Each move in its game's words: in full where every row shown has room for them beside
    // the result and the replies (the columns a space apart rather than two if that makes the
    // room), else in their short form ("3 from 2").
    let words: Vec<MoveWords> = shown
        .iter()
        .map(|&at| move_words(screen, &analysis.moves[at].notation))
        .collect();
    let widest = |texts: &mut dyn Iterator<Item = &String>| {
        texts
            .map(|text| text.chars().count())
            .chain([move_heading.chars().count()])
            .max()
            .unwrap_or(4)
    };
    let full_width = widest(&mut words.iter().map(|w| &w.listed));
    let fits = |move_width: usize, gap: usize| {
        2 + move_width + gap + mark_width + gap + "replies".len() <= width
    };
    let (full, gap) = match (fits(full_width, 2), fits(full_width, 1)) {
        (true, _) => (true, 2),
        (false, true) => (true, 1),
        (false, false) => (false, 2),
    };
    let gap_text = " ".repeat(gap);
    // The room the result and the replies leave the moves, so that those stay whole.
    let room = width.saturating_sub(2 + gap + mark_width + gap + "replies".len());
    let texts: Vec<String> = words.into_iter().map(|w| listed(w, full, room)).collect();
    let move_width = widest(&mut texts.iter()).min(room.max(move_heading.chars().count()));
    // The replies' heading in words where the panel has room (a wide screen).
    let replies = if 2 + move_width + gap + mark_width + gap + 15 <= width {
        "winning replies"
    } else {
        "replies"
    };
    let replies_width = replies.chars().count();
    match (order.is_empty(), analysis.progress, &analysis.note) {
        // A table being built: the moves come with it.
        (true, Some(_), _) => lines.push(Line::styled("The moves come with the table.", theme.dim)),
        (true, None, None) => lines.push(Line::styled("No legal move.", theme.dim)),
        (true, None, Some(_)) => lines.push(Line::styled("The moves are not listed.", theme.dim)),
        (false, _, _) => lines.push(Line::styled(
            format!(
                "  {:<move_width$}{gap_text}{:>mark_width$}{gap_text}{replies}",
                move_heading, "result"
            ),
            theme.dim,
        )),
    }
    for (row, (&at, words)) in shown.iter().zip(&texts).enumerate() {
        let m = &analysis.moves[at];
        let chosen = screen.chosen == Some(at);
        let pointer = if chosen { "▸ " } else { "  " };
        let text = format!(
            "{pointer}{words:<move_width$}{gap_text}{:>mark_width$}{gap_text}{:>replies_width$}",
            mark(m),
            m.winning_replies
                .map_or_else(|| "?".to_string(), |r| r.to_string())
        );
        let style: Style = mark_style(theme, m, chosen);
        lines.push(Line::styled(cut(&text, width), style));
        let y = list_area.y + 2 + u16::try_from(row).unwrap_or(u16::MAX);
        hits.add(
            Rect::new(list_area.x, y, list_area.width, 1).intersection(list_area),
            Target::StudyEntry(at),
        );
    }
    frame.render_widget(Paragraph::new(lines), list_area);
    hits.viewport.study_rows = u16::try_from(rows).unwrap_or(u16::MAX);
}

/// A move as the list shows it: in full, or in its short form, which where it is still longer
/// than `room` (a huge take) loses its number's middle, never its pile: "999,…,006 from 1".
fn listed(words: MoveWords, full: bool, room: usize) -> String {
    if full {
        words.listed
    } else {
        cut_number(&words.short, room)
    }
}

/// `lead` and as many of the last `items` as fit in `width` columns, joined by `gap`, with "…"
/// before them when the first were left out: "Played: …, 1 from pile 3, 1 from pile 2".
fn last_that_fit(lead: &str, items: &[String], gap: &str, width: usize) -> String {
    let all = format!("{lead}{}", items.join(gap));
    if Line::raw(all.as_str()).width() <= width {
        return all;
    }
    // The last item at least, cut with "…" where even it does not fit.
    let mut shown = 1;
    for kept in 2..=items.len() {
        let tail = items[items.len() - kept..].join(gap);
        if Line::raw(format!("{lead}…{gap}{tail}")).width() > width {
            break;
        }
        shown = kept;
    }
    // A last item too long alone (a huge pile's take) loses its number's middle, not its end.
    let lead = if shown >= items.len() {
        lead.to_string()
    } else {
        format!("{lead}…{gap}")
    };
    let tail = items[items.len() - shown..].join(gap);
    let room = width.saturating_sub(Line::raw(lead.as_str()).width());
    cut(&format!("{lead}{}", cut_number(&tail, room)), width)
}
