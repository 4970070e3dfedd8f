//! Numbers and words in the programs' output.

/// `1234567` as `1,234,567`.
pub fn thousands(n: impl Into<u128>) -> String {
    let n: u128 = n.into();
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The plural ending for `n` things: `""` for one, `"s"` for any other number.
pub fn plural(n: impl Into<u64>) -> &'static str {
    if n.into() == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0u8), "0");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(181_440u64), "181,440");
        assert_eq!(thousands(239_500_800u64), "239,500,800");
        // 5x5's states: past 64 bits.
        assert_eq!(
            thousands(7_755_605_021_665_492_992_000_000u128),
            "7,755,605,021,665,492,992,000,000"
        );
    }

    #[test]
    fn one_is_singular() {
        assert_eq!(plural(1u8), "");
        assert_eq!(plural(0u8), "s");
        assert_eq!(plural(148u64), "s");
    }
}
