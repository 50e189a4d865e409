//! Numbers as people read them, typed text quoted in error lines, and text cut to fit a width.

use ratatui::text::Line;

/// A count with thousands separators: 184,756.
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A count and its noun, singular for one: "1 move", "2 moves", "2,429 coins".
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

/// Alternatives as a phrase: "e5", "b2 or c3", "1, 3 or 4"; past `shown` items, the first
/// `shown` and "…and N more". Items that hold a comma themselves (thousands: 2,429) are
/// separated by " · " instead, so a comma never means two things in one list.
pub fn one_of(items: &[String], shown: usize) -> String {
    let shown = shown.max(1);
    let sep = sep_of(&items[..shown.min(items.len())]);
    match items {
        [] => String::new(),
        [only] => only.clone(),
        _ if items.len() > shown => format!(
            "{} …and {} more",
            items[..shown].join(sep),
            items.len() - shown
        ),
        [init @ .., last] => format!("{} or {last}", init.join(sep)),
    }
}

/// Numbers as alternatives, grouped by thousands: "1, 3 or 4", "2 · 23 or 2,429".
pub fn numbers_one_of(numbers: &[u64], shown: usize) -> String {
    let items: Vec<String> = numbers.iter().map(|&n| group(n)).collect();
    one_of(&items, shown)
}

/// Ascending numbers as alternatives, runs of three or more written as one range:
/// "1 or 2,000–4,096", "1–3, 5 or 7". When the whole phrase is longer than `width` characters,
/// the first items that fit and "…and N more" (N counting numbers, not items).
pub fn runs_one_of(numbers: &[u64], width: usize) -> String {
    // Each item's text and how many numbers it stands for.
    let mut items: Vec<(String, usize)> = Vec::new();
    let mut at = 0;
    while at < numbers.len() {
        let mut end = at;
        while end + 1 < numbers.len() && numbers[end + 1] == numbers[end].saturating_add(1) {
            end += 1;
        }
        if end - at >= 2 {
            items.push((
                format!("{}–{}", group(numbers[at]), group(numbers[end])),
                end - at + 1,
            ));
        } else {
            items.extend(numbers[at..=end].iter().map(|&n| (group(n), 1)));
        }
        at = end + 1;
    }
    let texts: Vec<String> = items.iter().map(|(text, _)| text.clone()).collect();
    let whole = one_of(&texts, usize::MAX);
    if whole.chars().count() <= width || texts.len() < 2 {
        return whole;
    }
    // The most items whose phrase fits (one at least), counting the numbers left out.
    let mut best = None;
    for shown in 1..texts.len() {
        let left_out: usize = items[shown..].iter().map(|(_, n)| n).sum();
        let phrase = format!(
            "{} …and {} more",
            texts[..shown].join(sep_of(&texts[..shown])),
            group(left_out as u64)
        );
        if phrase.chars().count() > width && best.is_some() {
            break;
        }
        best = Some(phrase);
    }
    best.unwrap_or(whole)
}

/// The separator [`one_of`] puts between `items`.
fn sep_of(items: &[String]) -> &'static str {
    if items.iter().any(|item| item.contains(',')) {
        " · "
    } else {
        ", "
    }
}

/// A count short enough for the side panel: exact up to a million, then in millions, billions
/// or trillions with one decimal (9,075,135,300 reads 9.1 billion).
pub fn short_count(n: u64) -> String {
    const NAMES: [(f64, &str); 3] = [(1e12, "trillion"), (1e9, "billion"), (1e6, "million")];
    NAMES
        .iter()
        .find(|&&(size, _)| n as f64 >= size)
        .map_or_else(
            || group(n),
            |&(size, name)| format!("{:.1} {name}", n as f64 / size),
        )
}

/// A byte count in the largest unit that keeps it readable.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// A no-break space: text broken into rows keeps the words either side of it on one row, and
/// the screen shows it as a space.
pub const NO_BREAK: char = '\u{a0}';

/// [`bytes`] for text broken into rows: the number and its unit on one row ("31.3 GiB").
pub fn bytes_unbroken(n: u64) -> String {
    bytes(n).replace(' ', &NO_BREAK.to_string())
}

/// `text` in at most `width` columns: whole, or cut with "…" at the end to show it was cut.
pub fn cut(text: &str, width: usize) -> String {
    if Line::raw(text).width() <= width {
        return text.to_string();
    }
    let mut kept = String::new();
    for c in text.chars() {
        if Line::raw(format!("{kept}{c}…")).width() > width {
            break;
        }
        kept.push(c);
    }
    // No "……" or "1,…" where the cut meets the text's own ellipsis or a separator.
    kept.trim_end_matches(['…', ',', ' ']).to_string() + "…"
}

/// `text` in at most `width` columns, where it is a move in words ("999,999,999,999,900,006
/// from pile 1"): its first number gives up the groups in its middle for "…", keeping its first
/// and last ("999,…,006 from pile 1"), then all of itself ("… from pile 1"), so that the words
/// after it (which pile) stay whole; where even that is too long, cut at the end as [`cut`].
pub fn cut_number(text: &str, width: usize) -> String {
    let fits = |text: &str| Line::raw(text).width() <= width;
    if fits(text) {
        return text.to_string();
    }
    let Some(start) = text.find(|c: char| c.is_ascii_digit()) else {
        return cut(text, width);
    };
    let run = text[start..]
        .find(|c: char| !c.is_ascii_digit() && c != ',')
        .map_or(text.len(), |end| start + end);
    // A comma after the number is the text's own ("3, 4"), not a separator.
    let end = start + text[start..run].trim_end_matches(',').len();
    let (head, number, tail) = (&text[..start], &text[start..end], &text[end..]);
    let groups: Vec<&str> = number.split(',').collect();
    let last = groups.last().copied().unwrap_or_default();
    (1..groups.len().saturating_sub(1))
        .rev()
        .map(|kept| format!("{head}{},…,{last}{tail}", groups[..kept].join(",")))
        .chain([format!("{head}…{tail}")])
        .find(|shorter| fits(shorter))
        .unwrap_or_else(|| cut(text, width))
}

/// Typed text as an error message quotes it: at most 20 characters (then …), control
/// characters escaped, so that the message stays one short line whatever was typed.
pub fn shown(text: &str) -> String {
    shown_up_to(text, 20)
}

/// The most characters of a bad value a message quotes (see [`quoted`] and [`brief`]).
pub const QUOTED_CHARS: usize = 40;

/// A value read from a file or the command line as a message quotes it: at most
/// [`QUOTED_CHARS`] characters (then …), control characters escaped, however long it was.
pub fn brief(text: &str) -> String {
    shown_up_to(text, QUOTED_CHARS)
}

/// [`brief`] in double quotes, escaped as Rust writes a string: `"godlike"`, `"aaaa…"`.
pub fn quoted(text: &str) -> String {
    let kept: String = text.chars().take(QUOTED_CHARS).collect();
    let mut out = format!("{kept:?}");
    if text.chars().nth(QUOTED_CHARS).is_some() {
        out.insert(out.len() - 1, '…');
    }
    out
}

/// A message from a parser, each value it quotes (between `` ` `` or `"`) cut to
/// [`QUOTED_CHARS`] characters with "…": serde's "unknown variant `…`" quotes the value whole.
pub fn quotes_cut(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = rest[open..].chars().next().unwrap_or('"');
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        let (inside, tail) = match after.find(quote) {
            Some(close) => (&after[..close], &after[close..]),
            None => (after, ""),
        };
        out.push_str(&inside.chars().take(QUOTED_CHARS).collect::<String>());
        if inside.chars().nth(QUOTED_CHARS).is_some() {
            out.push('…');
        }
        match tail.strip_prefix(quote) {
            Some(tail) => {
                out.push(quote);
                rest = tail;
            }
            None => rest = tail,
        }
    }
    out.push_str(rest);
    out
}

/// A command-line parser's line with the value it quotes first (`invalid value '…' for
/// '--rows <ROWS>'`, `unrecognized subcommand '…'`) cut to [`QUOTED_CHARS`] characters with
/// "…": the value ends at the first `'` followed by a space, a colon or the end of the line.
pub fn first_quote_cut(line: &str) -> String {
    let Some(open) = line.find('\'') else {
        return line.to_string();
    };
    let value = &line[open + 1..];
    let close = value
        .match_indices('\'')
        .map(|(at, _)| at)
        .find(|&at| matches!(value[at + 1..].chars().next(), None | Some(' ' | ':')))
        .unwrap_or(value.len());
    format!(
        "{}{}{}",
        &line[..=open],
        brief(&value[..close]),
        &value[close..]
    )
}

/// At most `most` characters of `text` (then …), control characters escaped.
fn shown_up_to(text: &str, most: usize) -> String {
    let mut out: String = text
        .chars()
        .take(most)
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    if text.chars().nth(most).is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_cut_to_fit_keeps_its_words_and_loses_its_numbers_middle() {
        let mv = "999,999,999,999,900,006 from pile 1";
        assert_eq!(cut_number(mv, 40), mv);
        assert_eq!(cut_number(mv, 33), "999,999,999,999,…,006 from pile 1");
        assert_eq!(cut_number(mv, 21), "999,…,006 from pile 1");
        assert_eq!(cut_number(mv, 20), "… from pile 1");
        assert_eq!(cut_number("999,999,999,999,900,006 from 1", 12), "… from 1");
        assert_eq!(cut_number("99,999 from 2", 12), "… from 2");
        assert_eq!(cut_number("took 1,000,000", 12), "took 1,…,000");
        // Where even "…" and the words do not fit, the end goes.
        assert_eq!(cut_number(mv, 8), "999,999…");
        assert_eq!(cut_number("no number here", 8), "no numb…");
        for width in 0..40 {
            assert!(
                Line::raw(cut_number(mv, width)).width() <= width.max(1),
                "{width}"
            );
        }
    }

    #[test]
    fn numbers_read_well() {
        assert_eq!(group(184_756), "184,756");
        assert_eq!(group(7), "7");
        assert_eq!(group(1_000), "1,000");
        assert_eq!(short_count(184_756), "184,756");
        assert_eq!(short_count(601_080_390), "601.1 million");
        assert_eq!(short_count(9_075_135_300), "9.1 billion");
        assert_eq!(short_count(137_846_528_820), "137.8 billion");
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(2 << 30), "2.0 GiB");
    }

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "move", "moves"), "1 move");
        assert_eq!(count(2, "move", "moves"), "2 moves");
        assert_eq!(count(0, "coin", "coins"), "0 coins");
        assert_eq!(count(2_429, "coin", "coins"), "2,429 coins");
    }

    #[test]
    fn runs_are_written_as_ranges_and_a_long_list_is_cut_to_its_width() {
        let wide: Vec<u64> = std::iter::once(1).chain(2_000..=4_096).collect();
        assert_eq!(runs_one_of(&wide, 80), "1 or 2,000–4,096");
        assert_eq!(runs_one_of(&[1, 2, 3, 5, 7], 80), "1–3, 5 or 7");
        assert_eq!(
            runs_one_of(&[1, 3, 4], 80),
            "1, 3 or 4",
            "a run of two is two"
        );
        // Every other number: no run, so the phrase is cut to fit, counting the numbers left.
        let odd: Vec<u64> = (0..2_000).map(|n| 2 * n + 1).collect();
        let cut = runs_one_of(&odd, 30);
        assert!(cut.chars().count() <= 30, "{cut}");
        assert!(cut.starts_with("1, 3, 5"), "{cut}");
        let shown = cut.split(" …").next().unwrap().split(", ").count();
        assert!(
            cut.ends_with(&format!("…and {} more", group((2_000 - shown) as u64))),
            "{cut}"
        );
        // One item too long for the width is still said.
        assert_eq!(runs_one_of(&wide, 3), "1 …and 2,097 more");
        assert_eq!(runs_one_of(&[], 10), "");
    }

    #[test]
    fn lists_never_use_a_comma_for_two_things() {
        assert_eq!(numbers_one_of(&[4], 3), "4");
        assert_eq!(numbers_one_of(&[1, 3], 3), "1 or 3");
        assert_eq!(numbers_one_of(&[1, 3, 4], 3), "1, 3 or 4");
        assert_eq!(numbers_one_of(&[2, 23, 2_429], 3), "2 · 23 or 2,429");
        assert_eq!(numbers_one_of(&[1, 2, 3, 4, 5], 3), "1, 2, 3 …and 2 more");
        // Only the numbers shown decide: here none has a thousands comma.
        assert_eq!(
            numbers_one_of(&[2, 7, 41, 9_999], 3),
            "2, 7, 41 …and 1 more"
        );
        assert_eq!(
            numbers_one_of(&[1_000, 2_000, 3_000, 4_000], 3),
            "1,000 · 2,000 · 3,000 …and 1 more"
        );
        let squares = ["b2".to_string(), "c3".to_string()];
        assert_eq!(one_of(&squares, 3), "b2 or c3");
        assert_eq!(one_of(&[], 3), "");
    }

    #[test]
    fn a_bad_value_is_quoted_short_whatever_its_length() {
        assert_eq!(quoted("godlike"), r#""godlike""#);
        assert_eq!(quoted("a\"b"), r#""a\"b""#);
        let huge = "x".repeat(900_000);
        let q = quoted(&huge);
        assert_eq!(q, format!("\"{}…\"", "x".repeat(QUOTED_CHARS)));
        assert_eq!(brief(&huge), format!("{}…", "x".repeat(QUOTED_CHARS)));
        assert_eq!(brief("a\nb"), "a\\nb");
        assert_eq!(
            quoted(&"é".repeat(QUOTED_CHARS)),
            format!("\"{}\"", "é".repeat(40))
        );
    }

    #[test]
    fn a_parser_message_quotes_its_values_short() {
        let long = "g".repeat(900_000);
        let message = format!("unknown variant `{long}`, expected `Perfect` or `Strong`");
        assert_eq!(
            quotes_cut(&message),
            format!(
                "unknown variant `{}…`, expected `Perfect` or `Strong`",
                &long[..40]
            )
        );
        let open = format!("invalid type: string \"{long}");
        assert_eq!(
            quotes_cut(&open),
            format!("invalid type: string \"{}…", &long[..40])
        );
        assert_eq!(quotes_cut("no quotes"), "no quotes");
    }

    #[test]
    fn a_command_line_value_is_quoted_short() {
        let long = "9".repeat(100_000);
        assert_eq!(
            first_quote_cut(&format!(
                "invalid value '{long}' for '--rows <ROWS>': too large"
            )),
            format!(
                "invalid value '{}…' for '--rows <ROWS>': too large",
                &long[..40]
            )
        );
        assert_eq!(
            first_quote_cut(&format!("unrecognized subcommand '{long}'")),
            format!("unrecognized subcommand '{}…'", &long[..40])
        );
        assert_eq!(
            first_quote_cut("unexpected argument '--junk' found"),
            "unexpected argument '--junk' found"
        );
        assert_eq!(first_quote_cut("it's 'x"), "it's 'x");
        assert_eq!(first_quote_cut("no quote"), "no quote");
    }

    #[test]
    fn a_cut_text_ends_in_an_ellipsis() {
        assert_eq!(
            cut("Subtraction game {1,3,5,…,21}", 40),
            "Subtraction game {1,3,5,…,21}"
        );
        assert_eq!(
            cut("Subtraction game {1,3,5,…,21}", 26),
            "Subtraction game {1,3,5…"
        );
        assert_eq!(
            cut("Subtraction game {1,3,5,…,21}", 22),
            "Subtraction game {1,3…"
        );
        assert_eq!(cut("abc", 1), "…");
        assert_eq!(cut("abc", 0), "…");
    }
}
