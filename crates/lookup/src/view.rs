//! The table as the hot loops read it, and the damaged entries they can meet.

use tilebase_core::{Cursor, Move, MoveSet, Path as Moves, Step};

/// A damaged entry met on the fast path: small, so that results stay in registers; made into an
/// [`Error`] by [`Database::explain`] only when it happens.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fault {
    /// An entry above the header's maximum (`None`: past the end of the table).
    Entry { index: u32, value: Option<u8> },
    /// A state other than the goal at distance 0.
    ZeroNotGoal { index: u32 },
    /// A state at distance `d` with no neighbour at `d - 1`.
    NoMoveCloser { index: u32, d: u8 },
    /// A state at `d` with a neighbour at `nd`, neither `d - 1` nor `d + 1`.
    Gap {
        index: u32,
        d: u8,
        neighbour: u32,
        nd: u8,
    },
}

/// The table and what checking an entry needs, borrowed once per query: the hot loops read
/// through this rather than finding the table in the storage again at every step.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    table: &'a [u8],
    max: u8,
    goal_index: u32,
}

impl<'a> View<'a> {
    /// The view of `table`, whose largest distance is `max` and whose goal is at `goal_index`.
    #[inline]
    pub(crate) fn new(table: &'a [u8], max: u8, goal_index: u32) -> View<'a> {
        View {
            table,
            max,
            goal_index,
        }
    }

    pub(crate) fn descend(self, cursor: Cursor, d: u8) -> Result<Moves, Fault> {
        let path = Moves::with_capacity(usize::from(d));
        if d == 0 {
            return Ok(path);
        }
        // Reading every neighbour of the start once catches a damaged entry at the start, the
        // one place where a damaged table could otherwise give a legal but longer path.
        self.moves_closer(&cursor, d)?;
        let (mut cursor, mut d, mut path) = (cursor, d, path);
        loop {
            let Some((m, step)) = self.first_step_closer(&cursor, d) else {
                return Err(Fault::NoMoveCloser {
                    index: cursor.index(),
                    d,
                });
            };
            cursor.take(&step);
            path.push(m);
            d -= 1;
            if d == 0 {
                return Ok(path);
            }
        }
    }

    /// Whether `index` is the goal's.
    #[inline(always)]
    pub(crate) fn is_goal(self, index: u32) -> bool {
        index == self.goal_index
    }

    /// The table entry at `index`, refused if it is above the header's maximum.
    #[inline(always)]
    pub(crate) fn entry(self, index: u32) -> Result<u8, Fault> {
        // `from_bytes` checked the table's length against the board, so `get` only fails for
        // an index past every state: none is ever made, but the table is not trusted blindly.
        match self.table.get(index as usize) {
            Some(&d) if d <= self.max => Ok(d),
            other => Err(Fault::Entry {
                index,
                value: other.copied(),
            }),
        }
    }

    /// The distance of the state at `index`: its entry, refused if it is above the header's
    /// maximum, or 0 anywhere but at the goal.
    #[inline(always)]
    pub(crate) fn distance_at(self, index: u32) -> Result<u8, Fault> {
        let d = self.entry(index)?;
        if d == 0 && index != self.goal_index {
            return Err(Fault::ZeroNotGoal { index });
        }
        Ok(d)
    }

    /// Whether the state at `index`, a neighbour of a state at distance `d`, is at `d - 1`.
    #[inline(always)]
    fn is_closer(self, index: u32, d: u8) -> Result<bool, Fault> {
        let nd = self.entry(index)?;
        // Only the goal may be at 0; a damaged entry must not end a path early.
        Ok(nd + 1 == d && (nd != 0 || index == self.goal_index))
    }

    /// The first move in U, D, L, R order that brings a state at distance `d > 0` one closer,
    /// worked out, ready to take; `None` if no neighbour is one closer, which only a damaged
    /// table allows. A neighbour counts only if its entry is exactly `d - 1` (and, at 0, it is
    /// the goal), so a damaged entry is never followed. This is the innermost loop of every
    /// solution. The move that undoes the last one leads to `d + 1` and fails the test like any
    /// other: skipping it by name (a branch on the last move) measured no faster on fresh
    /// states, and slower on repeated ones.
    #[inline(always)]
    fn first_step_closer(self, cursor: &Cursor, d: u8) -> Option<(Move, Step)> {
        let wanted = d - 1;
        let closer = |m: Move| {
            cursor.step(m).filter(|step| {
                self.table.get(step.index as usize) == Some(&wanted)
                    && (wanted != 0 || step.index == self.goal_index)
            })
        };
        // Unrolled by hand: each try then works with a constant move.
        if let Some(step) = closer(Move::Up) {
            return Some((Move::Up, step));
        }
        if let Some(step) = closer(Move::Down) {
            return Some((Move::Down, step));
        }
        if let Some(step) = closer(Move::Left) {
            return Some((Move::Left, step));
        }
        closer(Move::Right).map(|step| (Move::Right, step))
    }

    /// Every move that brings a state at distance `d` one closer. Checks every neighbour on the
    /// way: each must be exactly one move closer or one move farther.
    pub(crate) fn moves_closer(self, cursor: &Cursor, d: u8) -> Result<MoveSet, Fault> {
        let mut set = MoveSet::EMPTY;
        for m in Move::ALL {
            let Some(next) = cursor.neighbour_index(m) else {
                continue;
            };
            if self.is_closer(next, d)? {
                set = set.with(m);
            } else {
                let nd = self.entry(next)?;
                if nd != d + 1 {
                    return Err(Fault::Gap {
                        index: cursor.index(),
                        d,
                        neighbour: next,
                        nd,
                    });
                }
            }
        }
        if set.is_empty() && d > 0 {
            return Err(Fault::NoMoveCloser {
                index: cursor.index(),
                d,
            });
        }
        Ok(set)
    }
}
