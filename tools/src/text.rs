//! Numbers and words in the programs' output.

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
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
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(181_440), "181,440");
        assert_eq!(thousands(239_500_800), "239,500,800");
    }

    #[test]
    fn one_is_singular() {
        assert_eq!(plural(1u8), "");
        assert_eq!(plural(0u8), "s");
        assert_eq!(plural(148u64), "s");
    }
}
