//! Lines of a stream, read in large blocks: no copy and no allocation per line, and memory that
//! stays flat however many lines come (it grows only to hold the longest line).

use std::io::{self, Read};

/// The reader's starting block size.
const BLOCK: usize = 1 << 16;

/// Splits a stream into lines.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    /// The unread bytes are `buf[start..end]`.
    start: usize,
    end: usize,
    eof: bool,
}

impl<R: Read> Lines<R> {
    /// Lines of `reader`.
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: vec![0; BLOCK],
            start: 0,
            end: 0,
            eof: false,
        }
    }

    /// The next line, without its `\n` or `\r\n`; `None` at the end. A last line without a
    /// terminator is still a line.
    #[inline]
    pub fn next_line(&mut self) -> io::Result<Option<&[u8]>> {
        let Some((end, next)) = self.next_range()? else {
            return Ok(None);
        };
        let start = std::mem::replace(&mut self.start, next);
        Ok(Some(strip_cr(&self.buf[start..end])))
    }

    /// The line [`Lines::next_line`] will give next, left unread.
    pub fn peek_line(&mut self) -> io::Result<Option<&[u8]>> {
        let Some((end, _)) = self.next_range()? else {
            return Ok(None);
        };
        Ok(Some(strip_cr(&self.buf[self.start..end])))
    }

    /// Where the next line ends and the one after it starts, reading as needed; `None` at the
    /// end.
    #[inline]
    fn next_range(&mut self) -> io::Result<Option<(usize, usize)>> {
        loop {
            if let Some(len) = find_newline(&self.buf[self.start..self.end]) {
                return Ok(Some((self.start + len, self.start + len + 1)));
            }
            if self.eof {
                return Ok((self.start != self.end).then_some((self.end, self.end)));
            }
            self.refill()?;
        }
    }

    /// Moves the unread bytes to the front, grows the buffer if a line fills it, and reads.
    fn refill(&mut self) -> io::Result<()> {
        self.buf.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
        if self.end == self.buf.len() {
            self.buf.resize(self.buf.len() * 2, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// Where the first `\n` in `bytes` is. A batch's lines are usually a dozen bytes, shorter than
/// what memchr's setup costs, so the first 16 bytes are searched 8 at a time in a register, and
/// memchr searches the rest.
#[inline]
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    let mut words = bytes.chunks_exact(8);
    for k in 0..2 {
        let Some(chunk) = words.next() else { break };
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ (ONES * u64::from(b'\n'));
        // A high bit for each byte of `x` that is zero; a borrow can set more only above the
        // first, so the lowest is exact.
        let zeros = x.wrapping_sub(ONES) & !x & HIGHS;
        if zeros != 0 {
            return Some(k * 8 + zeros.trailing_zeros() as usize / 8);
        }
    }
    let searched = (bytes.len() / 8).min(2) * 8;
    memchr::memchr(b'\n', &bytes[searched..]).map(|at| searched + at)
}

fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Vec<u8>> {
        let mut lines = Lines::new(input);
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            out.push(line.to_vec());
        }
        out
    }

    /// Every place of a newline in the first 40 bytes, after every byte value before it: found
    /// where memchr finds it.
    #[test]
    fn newlines_are_found_where_memchr_finds_them() {
        for len in 0..40 {
            for at in 0..=len {
                for filler in [0u8, b'0', b'\r', 0x0b, 0x09, 0x8a, 0xff, b'\n' + 0x80] {
                    let mut bytes = vec![filler; len];
                    if at < len {
                        bytes[at] = b'\n';
                    }
                    assert_eq!(
                        find_newline(&bytes),
                        memchr::memchr(b'\n', &bytes),
                        "{len} {at} {filler}"
                    );
                }
            }
        }
    }

    #[test]
    fn splits_on_newlines_and_strips_carriage_returns() {
        assert_eq!(
            all(b"a\nb\r\n\nc"),
            [b"a".to_vec(), b"b".to_vec(), vec![], b"c".to_vec()]
        );
        assert_eq!(all(b""), Vec::<Vec<u8>>::new());
        assert_eq!(all(b"\n"), [Vec::<u8>::new()]);
    }

    #[test]
    fn a_peeked_line_is_still_the_next() {
        let long = vec![b'5'; 2 * BLOCK];
        let mut input = long.clone();
        input.extend_from_slice(b"\r\nlast");
        let mut lines = Lines::new(&input[..]);
        assert_eq!(lines.peek_line().unwrap(), Some(&long[..]));
        assert_eq!(lines.peek_line().unwrap(), Some(&long[..]));
        assert_eq!(lines.next_line().unwrap(), Some(&long[..]));
        assert_eq!(lines.peek_line().unwrap(), Some(&b"last"[..]));
        assert_eq!(lines.next_line().unwrap(), Some(&b"last"[..]));
        assert_eq!(lines.peek_line().unwrap(), None);
        assert_eq!(lines.next_line().unwrap(), None);
    }

    #[test]
    fn lines_longer_than_a_block_and_across_blocks() {
        let long = vec![b'7'; 3 * BLOCK + 5];
        let mut input = long.clone();
        input.push(b'\n');
        for i in 0..20_000u32 {
            input.extend_from_slice(format!("{i}\n").as_bytes());
        }
        let lines = all(&input);
        assert_eq!(lines.len(), 20_001);
        assert_eq!(lines[0], long);
        assert_eq!(lines[20_000], b"19999");
    }
}
