//! How much memory munch may spend on an outcome table: the `--memory` budget, its default, and
//! what the process and the machine hold now.

/// The default of `--memory`, as the command line shows it: the one default the game, `munch
/// solve` and the tests use.
pub const DEFAULT_MEMORY: &str = "2G";

/// [`DEFAULT_MEMORY`] in bytes.
pub fn default_memory() -> u64 {
    parse_memory(DEFAULT_MEMORY).expect("the default is a valid size")
}

/// Reads a memory size as `--memory`'s help says it: a whole number of bytes (`1000000`), or a
/// whole number with K, M, G or T after it, which count powers of 1024 (`512M`, `2G`); the
/// letter may be small, and a `B` or `iB` may follow it (`2GB`, `18GiB` are 2G and 18G).
/// Nothing else: no fraction (`0.5G`), no space (`2 G`), no larger unit (`1P`).
///
/// # Errors
/// Why the text is no size, or is 0 bytes, or too large to count, for the command line to
/// print on one line.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    const NOT_A_SIZE: &str = "not a memory size: write a whole number of bytes, or one with K, M, G or T after it, such as 512M or 2G";
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (number, unit) = text.split_at(digits);
    if number.is_empty() {
        return Err(NOT_A_SIZE.into());
    }
    let mut letters = unit.chars();
    let shift = match letters.next().map(|c| c.to_ascii_uppercase()) {
        None | Some('B') if unit.len() <= 1 => 0,
        Some('K') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        _ => return Err(NOT_A_SIZE.into()),
    };
    let rest = letters.as_str();
    if shift > 0
        && !(rest.is_empty() || rest.eq_ignore_ascii_case("B") || rest.eq_ignore_ascii_case("iB"))
    {
        return Err(NOT_A_SIZE.into());
    }
    let too_large = || "not a memory size: too large a number to count in bytes".to_string();
    let bytes = number
        .parse::<u64>()
        .map_err(|_| too_large())?
        .checked_mul(1 << shift)
        .ok_or_else(too_large)?;
    if bytes == 0 {
        return Err("the memory budget must be more than 0 bytes".into());
    }
    Ok(bytes)
}

/// The memory one table may take, with its build's buffers (see
/// [`crate::solve::OutcomeTable::bytes_for`]): `--memory` is for the whole process, so what
/// munch already holds (its resident memory now) is taken off; and never more than the machine
/// has available now (`MemAvailable` on Linux), so that a generous `--memory` ends in a refusal
/// or the closed forms rather than in the kernel's out-of-memory killer half-way through a build.
pub fn table_budget(requested: u64) -> u64 {
    let budget = requested.saturating_sub(resident_memory().unwrap_or(0));
    available_memory().map_or(budget, |free| budget.min(free))
}

/// The memory this process holds now (`VmRSS` on Linux), where the system says so.
pub fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The memory the kernel says it can give without swapping, where it says so.
fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_count_powers_of_1024_and_zero_is_refused() {
        assert_eq!(parse_memory("512M"), Ok(512 << 20));
        assert_eq!(parse_memory("18GiB"), Ok(18 << 30));
        assert_eq!(parse_memory("1000000"), Ok(1_000_000));
        assert_eq!(default_memory(), 2 << 30, "2G is 2 GiB");
        let zero = parse_memory("0").expect_err("no budget at all");
        assert!(zero.contains("more than 0 bytes"), "{zero}");
        let word = parse_memory("lots").expect_err("no size");
        assert!(word.contains("such as 512M"), "{word}");
        for bad in ["1X", "-2G", "", "G"] {
            let why = parse_memory(bad).expect_err(bad);
            assert!(why.starts_with("not a memory size: "), "{bad}: {why}");
            assert!(!why.contains("digit"), "Rust's words, not ours: {why}");
        }
    }

    /// What the help says is read, and only that: a whole number, alone or with K, M, G or T
    /// (a B or iB after the letter, and a small letter, mean the same).
    #[test]
    fn a_size_is_a_whole_number_with_k_m_g_or_t_as_the_help_says() {
        for (text, bytes) in [
            ("2G", 2u64 << 30),
            ("2g", 2 << 30),
            ("2GB", 2 << 30),
            ("2gib", 2 << 30),
            ("3K", 3 << 10),
            ("1T", 1 << 40),
            ("64MiB", 64 << 20),
            ("4096B", 4096),
            ("16777215T", 16_777_215 << 40),
        ] {
            assert_eq!(parse_memory(text), Ok(bytes), "{text}");
        }
        for bad in [
            "0.5G", "1.5", "1P", "1E", "2 G", " 2G", "2G ", "2Gi", "2GBB", "2iB", "G2", "2KM",
            "+2G", "1e9", "２G",
        ] {
            let why = parse_memory(bad).expect_err(bad);
            assert!(why.ends_with("such as 512M or 2G"), "{bad}: {why}");
            assert!(!why.contains('\n'), "one line: {why}");
        }
        for huge in ["16777216T", "99999999999999999999", "18446744073709551616"] {
            let why = parse_memory(huge).expect_err(huge);
            assert!(
                why.starts_with("not a memory size: too large"),
                "{huge}: {why}"
            );
        }
        assert!(
            parse_memory("0G")
                .expect_err("0G")
                .contains("more than 0 bytes")
        );
    }
}
