//! Bit-level operations on the table's words: single bits, ranges, and shifted runs.

/// Runs of at least this many words (1 MiB) are combined on both cores.
const PARALLEL_WORDS: usize = 1 << 17;

/// A table of `words` zero words, or `None` when the machine will not give that much memory
/// (then the caller refuses, instead of the program aborting).
#[allow(
    unsafe_code,
    reason = "a fallible zeroed allocation has no safe std API"
)]
pub(super) fn zeroed_table(words: usize) -> Option<Vec<u64>> {
    // `vec![0; words]` would abort the program when the allocation fails.
    let words = words.max(1);
    let layout = std::alloc::Layout::array::<u64>(words).ok()?;
    // SAFETY: the layout's size is not zero, as alloc_zeroed requires.
    #[expect(
        clippy::cast_ptr_alignment,
        reason = "the memory was allocated with the layout of u64s, so it is aligned for them"
    )]
    let start = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<u64>();
    if start.is_null() {
        return None;
    }
    // SAFETY: `start` points to `words` zeroed u64s (zero is a valid u64), allocated by the
    // global allocator with the layout of `words` u64s: what from_raw_parts needs for a Vec of
    // that length and capacity, which now owns the memory.
    #[expect(
        clippy::same_length_and_capacity,
        reason = "all `words` u64s are allocated and zeroed, so the whole capacity is initialised"
    )]
    let mut table = unsafe { Vec::from_raw_parts(start, words, words) };
    prefer_huge_pages(&mut table);
    Some(table)
}

/// Asks Linux to back a big table with 2 MiB pages. The build touches every page of the table,
/// and with 4 KiB pages the page faults alone took a sixth of an 18×18 build.
#[cfg(target_os = "linux")]
#[allow(unsafe_code, reason = "madvise is a libc call")]
pub(super) fn prefer_huge_pages<T>(words: &mut [T]) {
    const PAGE: usize = 4096;
    let start = words.as_mut_ptr() as usize;
    let first = start.next_multiple_of(PAGE);
    let end = (start + std::mem::size_of_val(words)) / PAGE * PAGE;
    if end > first {
        // SAFETY: the range lies inside memory this slice owns, and MADV_HUGEPAGE changes only
        // how the kernel backs it, never its contents. A failure leaves the small pages.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
pub(super) fn prefer_huge_pages<T>(_words: &mut [T]) {}

/// How [`combine`] merges a source run into a destination run.
#[derive(Clone, Copy)]
pub(super) enum Combine {
    /// `to |= from`
    Or,
    /// `to = !to | from`
    NotOr,
    /// `to = from`
    Copy,
}

impl Combine {
    fn merge(self, to: u64, from: u64) -> u64 {
        match self {
            Combine::Or => to | from,
            Combine::NotOr => !to | from,
            Combine::Copy => from,
        }
    }
}

/// Merges the `len` bits from bit `from` into the bits from bit `to`, word by word. The source
/// run must end before the destination run starts.
pub(super) fn combine(won: &mut [u64], to: u64, from: u64, len: u64, how: Combine) {
    debug_assert!(from + len <= to);
    if len <= 64 {
        // Most runs are short (the deep regions of small blocks): one read, one or two writes.
        let bits = read_bits(won, from);
        let head = (64 - to % 64).min(len);
        merge_partial(won, to, bits, head, how);
        merge_partial(won, to + head, bits >> (head % 64), len - head, how);
        return;
    }
    // The destination's whole words, in one pass over two slices: every source bit they read
    // lies before the first of them.
    let head = ((64 - to % 64) % 64).min(len);
    let words = ((len - head) / 64) as usize;
    if words > 0 {
        let first = ((to + head) / 64) as usize;
        let (shift, start) = ((from + head) % 64, ((from + head) / 64) as usize);
        let (before, after) = won.split_at_mut(first);
        // With a shift, word `k` of the run takes bits from source words `k` and `k + 1`.
        let sources = &before[start..start + words + usize::from(shift != 0)];
        let targets = &mut after[..words];
        if words < PARALLEL_WORDS {
            merge_words(targets, sources, shift, how);
        } else {
            // Long runs are split between the two cores: each writes its own half of the
            // destination, and both only read the source, which lies before it.
            let half = words / 2;
            let (low, high) = targets.split_at_mut(half);
            std::thread::scope(|scope| {
                scope.spawn(|| merge_words(high, &sources[half..], shift, how));
                merge_words(low, sources, shift, how);
            });
        }
    }
    // The partial words at either end.
    let bits = read_bits(won, from);
    merge_partial(won, to, bits, head, how);
    let body = head + words as u64 * 64;
    let bits = read_bits(won, from + body);
    merge_partial(won, to + body, bits, len - body, how);
}

/// [`combine`] from one table into another: merges the `len` bits of `src` from bit `from`
/// into the bits of `dst` from bit `to`.
pub(super) fn combine_between(
    dst: &mut [u64],
    to: u64,
    src: &[u64],
    from: u64,
    len: u64,
    how: Combine,
) {
    if len == 0 {
        return;
    }
    // The partial word at the start of the destination.
    let head = ((64 - to % 64) % 64).min(len);
    merge_partial(dst, to, read_bits(src, from), head, how);
    // Whole destination words, as long as the source has a word after each one they read.
    let (shift, start) = ((from + head) % 64, ((from + head) / 64) as usize);
    let readable = src.len().saturating_sub(start + usize::from(shift != 0));
    let words = (((len - head) / 64) as usize).min(readable);
    let first = ((to + head) / 64) as usize;
    merge_words(
        &mut dst[first..first + words],
        &src[start.min(src.len())..],
        shift,
        how,
    );
    // The rest, a word at a time.
    let mut done = head + words as u64 * 64;
    while done < len {
        let n = (len - done).min(64);
        merge_partial(dst, to + done, read_bits(src, from + done), n, how);
        done += n;
    }
}

/// Merges the low `n` bits of `bits` (at most the rest of the word) into `dst` from bit `to`.
fn merge_partial(dst: &mut [u64], to: u64, bits: u64, n: u64, how: Combine) {
    if n == 0 {
        return;
    }
    let shift = to % 64;
    let mask = (!0u64 >> (64 - n)) << shift;
    let word = &mut dst[(to / 64) as usize];
    *word = (*word & !mask) | (how.merge(*word, bits << shift) & mask);
}

/// `targets[k] = merge(targets[k], the 64 source bits from bit 64·k + shift)`.
fn merge_words(targets: &mut [u64], sources: &[u64], shift: u64, how: Combine) {
    if shift == 0 {
        for (t, &s) in targets.iter_mut().zip(sources) {
            *t = how.merge(*t, s);
        }
    } else {
        for (t, pair) in targets.iter_mut().zip(sources.windows(2)) {
            *t = how.merge(*t, (pair[0] >> shift) | (pair[1] << (64 - shift)));
        }
    }
}

/// The 64 bits from bit `at` on (zeros past the end).
fn read_bits(won: &[u64], at: u64) -> u64 {
    let (word, shift) = ((at / 64) as usize, at % 64);
    let low = won[word] >> shift;
    if shift == 0 {
        return low;
    }
    low | won.get(word + 1).map_or(0, |w| w << (64 - shift))
}

pub(super) fn is_set(won: &[u64], bit: u64) -> bool {
    won[(bit / 64) as usize] >> (bit % 64) & 1 == 1
}

/// Sets bit `bit`.
pub(super) fn set(won: &mut [u64], bit: u64) {
    won[(bit / 64) as usize] |= 1 << (bit % 64);
}

/// Sets every bit from `first` to `last`, both included.
pub(super) fn fill(won: &mut [u64], first: u64, last: u64) {
    let (w0, w1) = ((first / 64) as usize, (last / 64) as usize);
    let head = !0u64 << (first % 64);
    let tail = !0u64 >> (63 - last % 64);
    if w0 == w1 {
        won[w0] |= head & tail;
        return;
    }
    won[w0] |= head;
    won[w0 + 1..w1].fill(!0);
    won[w1] |= tail;
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY_WAY: [Combine; 3] = [Combine::Or, Combine::NotOr, Combine::Copy];

    /// Bit `bit` of a destination, one bit at a time: `before` it held, merged `how` with the
    /// `len` bits of `src` from bit `from` if it lies in the run from `to`.
    fn expected(
        before: &[u64],
        src: &[u64],
        (to, from, len): (u64, u64, u64),
        how: Combine,
        bit: u64,
    ) -> bool {
        let old = is_set(before, bit);
        if !(to..to + len).contains(&bit) {
            return old;
        }
        let source = is_set(src, bit - to + from);
        match how {
            Combine::Or => old | source,
            Combine::NotOr => !old | source,
            Combine::Copy => source,
        }
    }

    /// Combines `len` bits from `from` to `to` every way and checks every bit of the result.
    fn assert_combines(before: &[u64], to: u64, from: u64, len: u64) {
        for how in EVERY_WAY {
            let mut won = before.to_vec();
            combine(&mut won, to, from, len, how);
            for bit in 0..before.len() as u64 * 64 {
                let want = expected(before, before, (to, from, len), how, bit);
                assert_eq!(is_set(&won, bit), want, "{from}+{len} -> {to}: bit {bit}");
            }
        }
    }

    #[test]
    fn combine_merges_shifted_runs_bit_for_bit() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..2000 {
            let before: Vec<u64> = (0..8).map(|_| rng.u64(..)).collect();
            let len = rng.u64(0..200);
            let from = rng.u64(0..=512 - len);
            let Some(room) = (512 - len).checked_sub(from + len) else {
                continue;
            };
            let to = from + len + rng.u64(0..=room);
            assert_combines(&before, to, from, len);
        }
    }

    #[test]
    fn combine_splits_long_runs_between_cores_bit_for_bit() {
        let mut rng = fastrand::Rng::with_seed(11);
        let before: Vec<u64> = (0..3 * PARALLEL_WORDS).map(|_| rng.u64(..)).collect();
        let len = (PARALLEL_WORDS as u64 + 777) * 64 + 13;
        for (from, gap) in [(5, 100), (64, 64), (0, 3)] {
            assert_combines(&before, from + len + gap, from, len);
        }
    }

    #[test]
    fn combine_between_merges_runs_of_two_tables_bit_for_bit() {
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..3000 {
            let src: Vec<u64> = (0..rng.usize(1..6)).map(|_| rng.u64(..)).collect();
            let before: Vec<u64> = (0..6).map(|_| rng.u64(..)).collect();
            let len = rng.u64(0..=(src.len() as u64 * 64).min(200));
            let from = rng.u64(0..=src.len() as u64 * 64 - len);
            let to = rng.u64(0..=384 - len);
            for how in EVERY_WAY {
                let mut dst = before.clone();
                combine_between(&mut dst, to, &src, from, len, how);
                for bit in 0..384 {
                    let want = expected(&before, &src, (to, from, len), how, bit);
                    assert_eq!(is_set(&dst, bit), want, "{from}+{len} -> {to}: bit {bit}");
                }
            }
        }
    }

    #[test]
    fn fill_sets_exactly_the_range() {
        for (first, last) in [(0, 0), (3, 70), (64, 127), (5, 200), (63, 64)] {
            let mut won = vec![0u64; 4];
            fill(&mut won, first, last);
            for bit in 0..256u64 {
                let set = won[(bit / 64) as usize] >> (bit % 64) & 1 == 1;
                assert_eq!(
                    set,
                    (first..=last).contains(&bit),
                    "{first}..={last}: bit {bit}"
                );
            }
        }
    }
}
