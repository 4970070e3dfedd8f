//! The order of the large tiles, and what a vertical move does to it.
//!
//! Within a chunk (see [`super`]) the small tiles' places are fixed, and the rest of the index is
//! the Lehmer code of the order in which the large tiles stand: for each large tile, how many
//! larger ones stand before it. A vertical move either leaves that order alone (the tile that
//! moves is small, or passes no large tile) or takes the large tile at position `j` of the order
//! to position `i < j`, past the `j − i` large tiles between. Such a move is one fixed
//! permutation of the codes per pair `(i, j)`: tabulated here, for codes halved as the index
//! halves them, in both directions.

/// The factorial of `n`, for the small `n` of a chunk's large tiles.
const fn factorial(n: usize) -> usize {
    let mut f = 1;
    let mut k = 2;
    while k <= n {
        f *= k;
        k += 1;
    }
    f
}

/// The most tiles an order has.
const MAX_LEN: usize = 8;

/// The Lehmer code of `order`, a sequence of the tiles `1..=order.len()`: tile `t`'s digit counts
/// the larger tiles before it, with weight `(len − t)!`. Returns the code and its digit sum (the
/// number of inversions).
#[cfg(test)]
fn code(order: &[u8]) -> (usize, usize) {
    let len = order.len();
    let (mut code, mut digits) = (0, 0);
    for (at, &t) in order.iter().enumerate() {
        let larger_before = order[..at].iter().filter(|&&u| u > t).count();
        code += larger_before * factorial(len - usize::from(t));
        digits += larger_before;
    }
    (code, digits)
}

/// The sequence whose code is `code`.
#[cfg(test)]
fn order_of(len: usize, mut code: usize) -> [u8; MAX_LEN] {
    let mut digits = [0; MAX_LEN + 1];
    for t in (1..=len).rev() {
        let radix = len - t + 1;
        digits[t] = code % radix;
        code /= radix;
    }
    place(len, &digits)
}

/// The sequence whose digits are `digits` (tile `t`'s at `digits[t]`): tile `t`, from the
/// smallest, goes to the `d`-th place no smaller tile has taken, where `d` is its digit. The free
/// places are kept as a list of 4-bit numbers in one word, so taking one out is two shifts.
#[inline]
fn place(len: usize, digits: &[usize; MAX_LEN + 1]) -> [u8; MAX_LEN] {
    let mut free: u64 = 0x7654_3210;
    let mut order = [0u8; MAX_LEN];
    for (t, &d) in digits.iter().enumerate().take(len + 1).skip(1) {
        let at = (free >> (4 * d)) & 0xf;
        let below = free & ((1 << (4 * d)) - 1);
        free = below | ((free >> (4 * (d + 1))) << (4 * d));
        order[at as usize] = t as u8;
    }
    order
}

/// Every sequence of `len` tiles in the order of their codes, with the parity of its inversions
/// (of its digit sum). The digits count up like an odometer: no division, no decoding.
fn orders(len: usize) -> impl Iterator<Item = ([u8; MAX_LEN], usize)> {
    let mut digits = [0usize; MAX_LEN + 1];
    let mut sum = 0;
    (0..factorial(len)).map(move |code| {
        if code > 0 {
            // Tile `len`'s digit has radix 1 and stays 0; carry from tile `len − 1` upwards.
            // A code below `len!` never carries past tile 1.
            let mut t = len - 1;
            loop {
                digits[t] += 1;
                sum += 1;
                if digits[t] <= len - t {
                    break;
                }
                sum -= digits[t];
                digits[t] = 0;
                t -= 1;
            }
        }
        (place(len, &digits), sum & 1)
    })
}

/// The moves of the large tiles' order, tabulated on halved codes.
pub(crate) struct Sequences {
    /// Half the number of orders: the codes of one parity, `len!/2`.
    half: usize,
    /// The pairs `(i, j)`, `i < j`, in the order of the tables.
    pairs: Vec<(u8, u8)>,
    /// `forward[(p × 2 + q) × half + c]`: the halved code after pair `p`'s move, from the order
    /// of halved code `c` whose inversions have parity `q`.
    forward: Vec<u16>,
    /// `backward[(p × 2 + q) × half + c]`: the halved code before pair `p`'s move, for the order
    /// after it of halved code `c` and parity `q`.
    backward: Vec<u16>,
}

impl Sequences {
    /// The tables for orders of `len` tiles (at least 2) and moves that pass at most `span`
    /// tiles.
    pub fn new(len: usize, span: usize) -> Sequences {
        assert!((2..=MAX_LEN).contains(&len), "{len} large tiles");
        let count = factorial(len);
        let half = count / 2;
        let pairs: Vec<(u8, u8)> = (0..len)
            .flat_map(|i| (i + 1..len.min(i + span + 1)).map(move |j| (i as u8, j as u8)))
            .collect();
        let mut forward = vec![0u16; pairs.len() * 2 * half];
        let mut backward = vec![0u16; pairs.len() * 2 * half];
        // Tile t's weight in the code, (len − t)!.
        let weights: [usize; MAX_LEN + 1] =
            std::array::from_fn(|t| factorial(len.saturating_sub(t)));
        let weight = |t: u8| weights[usize::from(t)];
        for (full, (order, q)) in orders(len).enumerate() {
            for (p, &(i, j)) in pairs.iter().enumerate() {
                // The tile at j passes those at i..j towards the start: a larger one no longer
                // stands before it, and it now stands before each smaller one.
                let mover = order[usize::from(j)];
                let mut after = full;
                for &other in &order[usize::from(i)..usize::from(j)] {
                    if other > mover {
                        after -= weight(mover);
                    } else {
                        after += weight(other);
                    }
                }
                let q_after = q ^ usize::from(j - i) & 1;
                forward[(p * 2 + q) * half + full / 2] = (after / 2) as u16;
                backward[(p * 2 + q_after) * half + after / 2] = (full / 2) as u16;
            }
        }
        Sequences {
            half,
            pairs,
            forward,
            backward,
        }
    }

    /// The number of halved codes.
    pub fn half(&self) -> usize {
        self.half
    }

    /// The table number of the move taking the tile at position `j` to position `i`.
    pub fn pair(&self, i: usize, j: usize) -> u16 {
        self.pairs
            .iter()
            .position(|&p| p == (i as u8, j as u8))
            .expect("a pair within the span") as u16
    }

    /// The forward map of pair `p` on orders of parity `q`.
    #[inline]
    pub fn forward(&self, p: u16, q: u8) -> &[u16] {
        let at = (usize::from(p) * 2 + usize::from(q & 1)) * self.half;
        &self.forward[at..at + self.half]
    }

    /// The backward map of pair `p`, from orders of parity `q` after the move.
    #[inline]
    pub fn backward(&self, p: u16, q: u8) -> &[u16] {
        let at = (usize::from(p) * 2 + usize::from(q & 1)) * self.half;
        &self.backward[at..at + self.half]
    }

    /// How a move of pair `p` changes the parity of the inversions: one per tile passed.
    #[inline]
    pub fn parity_change(&self, p: u16) -> u8 {
        let (i, j) = self.pairs[usize::from(p)];
        (j - i) & 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_orders_are_inverse() {
        for len in 1..=MAX_LEN {
            let mut count = 0;
            for (full, (order, q)) in orders(len).enumerate() {
                assert_eq!(order, order_of(len, full));
                let (code, inversions) = code(&order[..len]);
                assert_eq!((code, inversions & 1), (full, q));
                count += 1;
            }
            assert_eq!(count, factorial(len));
        }
    }

    /// Every table entry against the move made on the order itself; forward and backward are
    /// inverse.
    #[test]
    fn tables_are_the_moves() {
        for len in 2..=6 {
            let s = Sequences::new(len, 3);
            for full in 0..factorial(len) {
                let order = order_of(len, full)[..len].to_vec();
                let q = (code(&order).1 & 1) as u8;
                for (p, &(i, j)) in s.pairs.iter().enumerate() {
                    let mut moved = order.clone();
                    let tile = moved.remove(usize::from(j));
                    moved.insert(usize::from(i), tile);
                    let after = code(&moved).0;
                    let p = p as u16;
                    assert_eq!(usize::from(s.forward(p, q)[full / 2]), after / 2);
                    let q_after = q ^ s.parity_change(p);
                    assert_eq!(usize::from(s.backward(p, q_after)[after / 2]), full / 2);
                }
            }
        }
    }
}
