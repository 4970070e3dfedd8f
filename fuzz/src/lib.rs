//! What the fuzz targets share: a cache of their own for the small tables some of them answer
//! from, the boards they pick among, values shaped into those of a file that opens, and the
//! checks every answer must pass (a legal path that ends at the goal) and every refusal (one
//! line).
#![forbid(unsafe_code)]

use std::sync::Once;

use tilebase_answer::{Answers, Board, Metric, Move, Position, Question, Slide, read_pdb};

/// Makes a folder of the temporary directory this process's cache, once: the targets that need
/// answers build their tables there (milliseconds each for boards of up to 10 cells, a second
/// or two for 3x5's 5-5-4 patterns), never in the user's cache.
pub fn private_cache() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        tilebase_answer::use_cache_dir(std::env::temp_dir().join("tilebase-fuzz-cache"));
    });
}

/// The boards whose full tables take at most milliseconds to build: 2x2 to 5x2.
pub fn small_boards() -> Vec<Board> {
    Board::with_tables().filter(|b| b.cells() <= 10).collect()
}

/// Every board: those with a full table, then those answered by search.
pub fn every_board() -> Vec<Board> {
    Board::with_tables().chain(Board::with_patterns()).collect()
}

/// One of `items`, chosen by `byte`.
pub fn pick<T: Copy>(items: &[T], byte: u8) -> T {
    items[usize::from(byte) % items.len()]
}

/// The metric a byte names: its low bit.
pub fn metric(byte: u8) -> Metric {
    if byte & 1 == 0 {
        Metric::Single
    } else {
        Metric::Multi
    }
}

/// The answers to `board`'s default goal in `metric`, from the private cache (built there on
/// first use): a full table for a board of up to 10 cells, and for a board answered by search
/// the patterns of 5, 5 and 4 tiles (3x5 and 5x3: under a second to build, where the default
/// 7-7 takes a minute under the fuzzer's instrumentation).
pub fn small_answers(board: Board, metric: Metric) -> Answers {
    private_cache();
    let pdb = (!board.has_table()).then(|| read_pdb("5-5-4").expect("a partition"));
    let question = Question::new(Position::default_goal(board), metric, pdb)
        .expect("a board of up to 10 cells in either metric, or of 15 cells in stm");
    Answers::open(&question).expect("a small table builds in the private cache")
}

/// A permutation of `0..n` shuffled by `bytes` (each byte a swap, Fisher-Yates, cycling).
pub fn shuffled(n: usize, bytes: &[u8]) -> Vec<u8> {
    let mut cells: Vec<u8> = (0..n as u8).collect();
    if bytes.is_empty() {
        return cells;
    }
    for i in (1..n).rev() {
        let j = usize::from(bytes[i % bytes.len()]) % (i + 1);
        cells.swap(i, j);
    }
    cells
}

/// Whether `moves` (the blank's), played from `start`, are each legal and end at `goal`.
pub fn leads_to(start: &Position, moves: &[Move], goal: &Position) -> bool {
    let mut at = *start;
    for &m in moves {
        match at.slide(m) {
            Some(next) => at = next,
            None => return false,
        }
    }
    at == *goal
}

/// Where a slide of the blank leads, if it stays on the board.
pub fn slid(at: &Position, slide: Slide) -> Option<Position> {
    let mut at = *at;
    for _ in 0..slide.cells {
        at = at.slide(slide.direction)?;
    }
    Some(at)
}

/// Makes `values` those of a file the readers open: 0 at `zero` alone (taken modulo the length)
/// and, for a full table (`dense`), every value from 1 to the maximum present, the maximum
/// below 200. Without this, bytes from the fuzzer almost never hold one 0 among thousands.
pub fn openable(values: &mut [u8], zero: usize, dense: bool) {
    if values.is_empty() {
        return;
    }
    let zero = zero % values.len();
    let mut rank = [0u8; 256];
    if dense {
        let mut present = [false; 256];
        for (i, &v) in values.iter().enumerate() {
            // The value at `zero` becomes 0: counted, it could leave its rank unused.
            present[usize::from(v % 200)] |= i != zero;
        }
        let mut next = 0;
        for v in 0..256 {
            if present[v] {
                next += 1;
                rank[v] = next;
            }
        }
    }
    for (i, v) in values.iter_mut().enumerate() {
        *v = match (i == zero, dense) {
            (true, _) => 0,
            (false, true) => rank[usize::from(*v % 200)],
            (false, false) => (*v).max(1),
        };
    }
}

/// Asserts that `message` is what a refusal must be: one line, not empty.
pub fn one_line(message: &str) {
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "{message:?}"
    );
}
