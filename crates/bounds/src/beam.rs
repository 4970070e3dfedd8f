//! A solution: beam search. Every layer holds the states one move deeper than the last; of their
//! children it keeps the `width` with the least heuristic (all of a layer are equally deep, so
//! that is the least estimated length), dropping repeats. The first layer to hold the goal
//! gives the solution; wider beams give shorter ones. Past 25 cells, near the goal, weighted A*
//! tries to finish from the best child (the endgame): its solution is kept while the beam goes
//! on, and the beam ends where its layers are as deep as the shortest solution known.
//!
//! A layer's states are kept packed with their heuristic's parts ([`Walker::pack`]): a child is
//! its parent unpacked and moved, never a state whose linear conflicts are counted afresh.

use rustc_hash::FxHashSet;
use tilebase_core::Move;

use crate::budget::Clock;
use crate::puzzle::Puzzle;
use crate::walker::Walker;
use crate::weighted::weighted;

/// A child of the layer: its heuristic, its parent and move, its hash.
#[derive(Clone, Copy)]
struct Child {
    h: u32,
    /// The parent's index times 4 plus the move.
    from: u32,
    hash: u64,
}

/// The heuristic under which weighted A* tries to finish, and the nodes each try may take.
const ENDGAME: u32 = 24;
const ENDGAME_NODES: u64 = 500_000;
/// The most tries a beam makes.
const ENDGAME_TRIES: usize = 4;
/// Boards of more cells than this try weighted A* near the goal.
const ENDGAME_FROM_CELLS: usize = 25;
/// Weighted A*'s weight on the heuristic, in tenths: five times the heuristic finished every
/// plateau measured on 7x7 within a few hundred thousand nodes; its detours are shortened after.
pub(crate) const ENDGAME_WEIGHT: u32 = 50;

/// A child not kept, in the beam's places of children in the next layer.
const NOT_KEPT: u32 = u32::MAX;

/// The hashes of states seen that a beam keeps at most (128 MB or so).
const FORGET_AFTER: usize = 1 << 23;

/// Repeats are looked for among the states of at least this many layers back: a state cannot
/// come back sooner than 12 moves (a cycle of the state graph turns a 2x2 block of tiles round
/// three times), and the move that undoes the last is never taken.
const SEEN_LAYERS_AT_LEAST: usize = 12;

/// The states a beam remembers for its repeats at about the least: a wide beam remembers
/// [`SEEN_LAYERS_AT_LEAST`] layers, a narrow one as many as make this many states, so that the
/// set stays within the processor's caches (each look-up into a set of millions was a cache
/// miss, a third of a wide beam's time: `solutions beam 35 6 65536` took 17.7 s, 14.7 s with
/// this window alone).
const SEEN_STATES: usize = 1 << 20;

/// The most states a beam holds: its back pointers take 4 bytes a state a layer, and the two
/// layers it works on ([`Walker::packed_len`]) 80 to 150 bytes a state.
pub(crate) const MAX_WIDTH: usize = 1 << 24;

/// The most memory a beam may take: some 6 million 7x7 states 290 moves deep, or 10 million
/// 6x6 states with their pattern databases' lookups 125 deep.
const MAX_BYTES: u64 = 8 << 30;

/// The most memory the beams of a batch may take together, a state on each core: a beam sized
/// to fill a long budget (600 s) on each of many cores would take more than a machine has.
const ALL_BEAMS_BYTES: u64 = 16 << 30;

/// The most memory one beam may take here: [`MAX_BYTES`], less where a beam on each core
/// would take more than [`ALL_BEAMS_BYTES`] together (8 GB each on two cores, 1 GB on 16), and
/// at most a quarter of the address space (1 GB in WebAssembly's 32 bits, where 8 GB would
/// wrap to nothing).
pub(crate) fn max_bytes() -> usize {
    static BYTES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *BYTES.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let bytes = MAX_BYTES
            .min(ALL_BEAMS_BYTES / cores.max(2) as u64)
            .min(usize::MAX as u64 / 4);
        usize::try_from(bytes).unwrap_or(usize::MAX)
    })
}

/// The widest beam of `puzzle`, for solutions of up to `depth` moves, within [`max_bytes`] and
/// [`MAX_WIDTH`]: each state takes its packed walker in the two layers worked on, its back
/// pointer in every layer, and its children being sorted (at most three, each 16 bytes and 8
/// more to order and place it).
pub(crate) fn widest(puzzle: &Puzzle, depth: usize) -> usize {
    let depth = depth.min(deepest(puzzle.cells()));
    let per_state = 2 * Walker::packed_len(puzzle) + 4 * depth + 3 * (16 + 8);
    (max_bytes() / per_state).min(MAX_WIDTH)
}

/// The deepest a beam on a board of `cells` goes: a narrow beam can wander in circles, and no
/// solution it finds would be worth having this deep (a random state of 10x10 is about 500
/// moves from its goal).
fn deepest(cells: usize) -> usize {
    20 * cells + 100
}

/// A solution from `cells` shorter than `shorter_than` moves found by a beam of `width` states,
/// or `None` when there was none by the time the budget ran out (or the beam, with every state
/// a dead end, emptied: it never does on a board with a cycle). The beam stops as soon as its
/// layers are as deep as the shortest solution known, its own endgame's included.
pub(crate) fn beam(
    puzzle: &Puzzle,
    cells: &[u8],
    width: usize,
    shorter_than: usize,
    clock: &mut Clock<'_>,
) -> Option<Vec<Move>> {
    let n = cells.len();
    let width = width.clamp(1, MAX_WIDTH);
    if puzzle.goal() == cells {
        return Some(Vec::new());
    }
    // The layer: each state's walker packed (its cells first), and the move that made it.
    let record = Walker::packed_len(puzzle);
    let mut layer: Vec<u8> = Vec::with_capacity(record);
    // One walker, each state unpacked into it in turn.
    let mut walker = Walker::new(puzzle, cells);
    walker.pack(&mut layer);
    let mut spare = walker.clone();
    let mut last: Vec<Option<Move>> = vec![None];
    // Each layer's back pointers, `from` of the children kept.
    let mut back: Vec<Vec<u32>> = Vec::new();
    let mut children: Vec<Child> = Vec::new();
    // The states kept by the layers since the window's start, and by the window before it.
    let mut seen = FxHashSet::default();
    let mut seen_before: FxHashSet<u64> = FxHashSet::default();
    let window = (SEEN_STATES / width).max(SEEN_LAYERS_AT_LEAST);
    let mut counts: Vec<u32> = Vec::new();
    let mut slots: Vec<u32> = Vec::new();
    // The layer before, its memory reused for the next.
    let mut spare_layer: Vec<u8> = Vec::new();
    let mut tried = FxHashSet::default();
    let deepest = deepest(n);
    // The shortest solution found by the endgame's weighted A* so far: the beam goes on (a
    // wide one usually finds a shorter way), and stops where it could find none shorter.
    let mut finished: Option<Vec<Move>> = None;
    loop {
        // The children of this layer are `back.len() + 1` moves deep.
        let limit = finished
            .as_ref()
            .map_or(shorter_than, Vec::len)
            .min(deepest);
        if back.len() + 1 >= limit {
            return finished;
        }
        children.clear();
        for (i, (state, &came)) in layer.chunks_exact(record).zip(&last).enumerate() {
            walker.unpack(state);
            for m in Move::ALL {
                if came == Some(m.opposite()) {
                    continue;
                }
                let Some(to) = walker.target(m) else { continue };
                if !clock.tick() {
                    return finished;
                }
                let undo = walker.apply(to);
                let child = Child {
                    h: walker.h(),
                    from: (i * 4 + m as usize) as u32,
                    hash: walker.hash(),
                };
                walker.undo(undo);
                if child.h == 0 {
                    return Some(path(&back, child.from));
                }
                children.push(child);
            }
        }
        if children.is_empty() {
            return finished;
        }
        // The least heuristics first: count each value, then take values in order. Children
        // of equal value stay in their parents' order, the better parents first.
        let least = children.iter().map(|c| c.h).min().unwrap_or(0);
        counts.clear();
        for c in &children {
            let i = (c.h - least) as usize;
            if i >= counts.len() {
                counts.resize(i + 1, 0);
            }
            counts[i] += 1;
        }
        let mut start = Vec::with_capacity(counts.len());
        let mut sum = 0u32;
        for &k in &counts {
            start.push(sum);
            sum += k;
        }
        let mut sorted = vec![0u32; children.len()];
        for (j, c) in children.iter().enumerate() {
            let slot = &mut start[(c.h - least) as usize];
            sorted[*slot as usize] = j as u32;
            *slot += 1;
        }
        // Near the goal the heuristic misleads most (a few tiles out of place can need a long
        // detour, and a beam kept to the least heuristic never takes it): weighted A*, which
        // remembers every state, tries to finish from the most promising child.
        // (On boards of up to 25 cells the beams alone do better: the plateaus are small, and a
        // wide beam crosses them.)
        if least <= ENDGAME
            && n > ENDGAME_FROM_CELLS
            && tried.len() < ENDGAME_TRIES
            && let Some(&j) = sorted
                .iter()
                .find(|&&j| !tried.contains(&children[j as usize].hash))
        {
            let child = children[j as usize];
            tried.insert(child.hash);
            child_walker(&mut walker, &layer, record, child.from);
            let cells = walker.cells();
            if let Some(rest) = weighted(puzzle, cells, ENDGAME_WEIGHT, ENDGAME_NODES, clock) {
                let mut moves = path(&back, child.from);
                moves.extend(rest);
                if moves.len() < limit {
                    finished = Some(moves);
                }
            }
        }
        // Repeats are dropped across layers too, those of the last `window` to `2 × window`
        // layers: a narrow beam would otherwise circle a plateau of the heuristic for ever.
        // The set is also forgotten past a bound on its memory; a beam that wide hardly circles.
        if back.len().is_multiple_of(window) {
            std::mem::swap(&mut seen, &mut seen_before);
            seen.clear();
        }
        if seen.len() > FORGET_AFTER {
            seen.clear();
        }
        let mut next_last = Vec::with_capacity(width.min(sorted.len()));
        let mut pointers = Vec::with_capacity(width.min(sorted.len()));
        // The children kept, the first `width` in order of value with repeats dropped: each
        // child's place in the next layer, `NOT_KEPT` for the others.
        slots.clear();
        slots.resize(children.len(), NOT_KEPT);
        for &j in &sorted {
            if pointers.len() == width {
                break;
            }
            let child = children[j as usize];
            if seen_before.contains(&child.hash) || !seen.insert(child.hash) {
                continue;
            }
            slots[j as usize] = pointers.len() as u32;
            next_last.push(Some(Move::ALL[(child.from % 4) as usize]));
            pointers.push(child.from);
        }
        // They are made in the order of their parents, each written to its place: each parent's
        // record is read in order, not at random (the records of a wide layer are megabytes,
        // and taken in order of value a read missed the caches each time: a fourth of a
        // beam's time). Each is made in one walker while the one before it is packed from
        // the other: packing reads the cells in wide loads, which stall when they overlap the
        // narrow stores that have just made the child.
        let mut next = std::mem::take(&mut spare_layer);
        next.clear();
        next.resize(pointers.len() * record, 0);
        let (mut making, mut made) = (&mut walker, &mut spare);
        let mut pending = None;
        for (child, &slot) in children.iter().zip(&slots) {
            if slot == NOT_KEPT {
                continue;
            }
            child_walker(making, &layer, record, child.from);
            if let Some(at) = pending {
                made.pack_into(&mut next[at..at + record]);
            }
            std::mem::swap(&mut making, &mut made);
            pending = Some(slot as usize * record);
        }
        if let Some(at) = pending {
            made.pack_into(&mut next[at..at + record]);
        }
        back.push(pointers);
        spare_layer = std::mem::replace(&mut layer, next);
        last = next_last;
    }
}

/// Makes `walker` the child `from` (parent index times 4 plus move) of `layer`, whose
/// walkers are packed in records of `record` bytes: its parent unpacked and moved, its
/// heuristic not made afresh.
#[inline]
fn child_walker(walker: &mut Walker<'_>, layer: &[u8], record: usize, from: u32) {
    let parent = (from / 4) as usize * record;
    walker.unpack(&layer[parent..parent + record]);
    if let Some(to) = walker.target(Move::ALL[(from % 4) as usize]) {
        walker.apply(to);
    }
}

/// The moves to the child `from` of the last layer, following the back pointers.
fn path(back: &[Vec<u32>], mut from: u32) -> Vec<Move> {
    let mut moves = Vec::with_capacity(back.len() + 1);
    moves.push(Move::ALL[(from % 4) as usize]);
    for layer in back.iter().rev() {
        from = layer[(from / 4) as usize];
        moves.push(Move::ALL[(from % 4) as usize]);
    }
    moves.reverse();
    moves
}

/// A beam's solution alone, for measuring (`examples/`).
#[doc(hidden)]
pub fn beam_solution(puzzle: &Puzzle, cells: &[u8], width: usize) -> Option<Vec<Move>> {
    let mut clock = Clock::start(crate::Budget::UNLIMITED, None);
    beam(puzzle, cells, width, usize::MAX, &mut clock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use tilebase_core::Board;

    #[test]
    fn a_beam_finds_a_legal_solution() {
        let board: Board = "6x6".parse().unwrap();
        let puzzle = Puzzle::ordered(board);
        let mut cells = board.ordered_cells();
        let mut blank = 35;
        let mut seed = 11u64;
        for _ in 0..200 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = Move::ALL[(seed >> 33) as usize % 4];
            let to = puzzle.step(blank, m);
            if to != crate::puzzle::NONE {
                cells.swap(blank, usize::from(to));
                blank = usize::from(to);
            }
        }
        for width in [16, 100, 1000] {
            let mut clock = Clock::start(Budget::UNLIMITED, None);
            let path = beam(&puzzle, &cells, width, usize::MAX, &mut clock).unwrap();
            assert_eq!(
                puzzle.replay(&cells, &path).unwrap(),
                puzzle.goal(),
                "width {width}"
            );
            assert!(path.len() as u32 >= puzzle.heuristic(&cells).unwrap());
        }
    }

    #[test]
    fn a_beam_finds_nothing_as_long_as_the_best_known() {
        let board: Board = "7x7".parse().unwrap();
        let puzzle = Puzzle::ordered(board);
        let mut cells = board.ordered_cells();
        // Three moves: the blank up, left, down (the goal's blank is the last cell).
        for (a, b) in [(48, 41), (41, 40), (40, 47)] {
            cells.swap(a, b);
        }
        let mut clock = Clock::start(Budget::UNLIMITED, None);
        assert_eq!(beam(&puzzle, &cells, 64, 3, &mut clock), None);
        let path = beam(&puzzle, &cells, 64, 4, &mut clock).unwrap();
        assert_eq!(path.len(), 3);
        assert_eq!(puzzle.replay(&cells, &path).unwrap(), puzzle.goal());
    }

    #[test]
    fn a_beam_goes_on_past_its_endgame() {
        // DeepCubeA's first 35-puzzle states: the endgame's weighted A* (five times the
        // heuristic) finds a way first; the beam, going on, finds shorter ones.
        let board: Board = "6x6".parse().unwrap();
        let puzzle = Puzzle::ordered(board);
        for state in &tilebase_testdata::deepcubea35()[..2] {
            let mut clock = Clock::start(Budget::UNLIMITED, None);
            let path = beam(&puzzle, &state.cells, 4096, usize::MAX, &mut clock).unwrap();
            assert_eq!(puzzle.replay(&state.cells, &path).unwrap(), puzzle.goal());
            // Measured: 138 and 149 moves (DeepCubeA's 122 and 133); 186 and 189 when the
            // endgame ended the beam.
            assert!(path.len() < 160, "{} moves", path.len());
        }
    }
}
