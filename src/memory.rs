//! How much memory munch may spend on an outcome table: the `--memory` budget, its default, and
//! what the process and the machine hold now.

/// The default of `--memory`, as the command line shows it: the one default the game, `munch
/// solve` and the tests use.
pub const DEFAULT_MEMORY: &str = "2G";

/// [`DEFAULT_MEMORY`] in bytes.
pub fn default_memory() -> u64 {
    parse_memory(DEFAULT_MEMORY).expect("the default is a valid size")
}

/// Reads a memory size such as `18G`, `512MiB` or `1000000` (K, M, G, T count powers of 1024).
///
/// # Errors
/// Why the text is no size, or is 0 bytes, for the command line to print.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    match parse_size::Config::new().with_binary().parse_size(text) {
        Ok(0) => Err("the memory budget must be more than 0 bytes".into()),
        Ok(bytes) => Ok(bytes),
        Err(_) => Err(
            "not a memory size: write a whole number of bytes, or one with K, M, G or T after it, such as 512M or 2G"
                .into(),
        ),
    }
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
}
