//! Numbers as people read them.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
