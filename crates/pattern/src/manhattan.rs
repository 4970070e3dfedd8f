//! IDA* with the Manhattan distance, and with linear conflicts added: the classic heuristics,
//! for `compare` to set beside the pattern databases. Any goal of any board.

use tilebase_core::Move;

use crate::grid::Grid;
use crate::solve::{Solution, SolveError, solvable};
use tilebase_core::MAX_CELLS;

/// The heuristic of a [`solve_classic`] search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Classic {
    /// The sum of the tiles' Manhattan distances from home.
    Manhattan,
    /// The Manhattan distance plus two moves for each tile that must leave its line to let
    /// another tile of the same line pass (Hansson, Mayer and Yung's linear conflicts).
    LinearConflict,
}

struct Search<'a> {
    grid: &'a Grid,
    heuristic: Classic,
    cells: [u8; MAX_CELLS],
    home: [u8; MAX_CELLS],
    path: Vec<Move>,
    nodes: u64,
    max_nodes: u64,
    next_bound: u32,
}

impl Search<'_> {
    fn manhattan(&self) -> u32 {
        let w = self.grid.width();
        (0..self.grid.cells())
            .filter(|&c| self.cells[c] != 0)
            .map(|c| {
                let h = usize::from(self.home[usize::from(self.cells[c])]);
                ((c / w).abs_diff(h / w) + (c % w).abs_diff(h % w)) as u32
            })
            .sum()
    }

    /// The tiles to take out of `line` (its cells, in order, with their homes' positions in
    /// the line when home is in the line) so that no two remaining tiles are in conflict.
    fn line_conflicts(positions: &[(usize, usize)]) -> u32 {
        // positions: (place now, place at home), for the tiles at home in this line.
        let mut rest: Vec<(usize, usize)> = positions.to_vec();
        let mut removed = 0;
        loop {
            let conflicts = |i: usize, rest: &[(usize, usize)]| {
                rest.iter()
                    .filter(|&&(p, g)| {
                        let (pi, gi) = rest[i];
                        (p < pi && g > gi) || (p > pi && g < gi)
                    })
                    .count()
            };
            let worst = (0..rest.len()).max_by_key(|&i| conflicts(i, &rest));
            match worst {
                Some(i) if conflicts(i, &rest) > 0 => {
                    rest.remove(i);
                    removed += 1;
                }
                _ => return removed,
            }
        }
    }

    fn linear_conflicts(&self) -> u32 {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut total = 0;
        for r in 0..h {
            let line: Vec<(usize, usize)> = (0..w)
                .filter_map(|c| {
                    let t = self.cells[r * w + c];
                    let home = usize::from(self.home[usize::from(t)]);
                    (t != 0 && home / w == r).then_some((c, home % w))
                })
                .collect();
            total += Self::line_conflicts(&line);
        }
        for c in 0..w {
            let line: Vec<(usize, usize)> = (0..h)
                .filter_map(|r| {
                    let t = self.cells[r * w + c];
                    let home = usize::from(self.home[usize::from(t)]);
                    (t != 0 && home % w == c).then_some((r, home / w))
                })
                .collect();
            total += Self::line_conflicts(&line);
        }
        2 * total
    }

    fn h(&self) -> u32 {
        match self.heuristic {
            Classic::Manhattan => self.manhattan(),
            Classic::LinearConflict => self.manhattan() + self.linear_conflicts(),
        }
    }

    fn dfs(&mut self, blank: usize, g: u32, bound: u32, back: Option<Move>) -> Option<bool> {
        let h = self.h();
        if g + h > bound {
            self.next_bound = self.next_bound.min(g + h);
            return Some(false);
        }
        if h == 0 {
            return Some(true);
        }
        for m in Move::ALL {
            if Some(m) == back {
                continue;
            }
            let Some(to) = self.grid.step(blank, m) else {
                continue;
            };
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                return None;
            }
            self.cells.swap(blank, to);
            self.path.push(m);
            let found = self.dfs(to, g + 1, bound, Some(m.opposite()));
            if found != Some(false) {
                return found;
            }
            self.path.pop();
            self.cells.swap(blank, to);
        }
        Some(false)
    }
}

/// An optimal solution of `cells` for `goal` on `grid` by IDA* with a classic heuristic,
/// generating at most `max_nodes` nodes. Both must hold each tile once.
pub fn solve_classic(
    grid: &Grid,
    goal: &[u8],
    cells: &[u8],
    heuristic: Classic,
    max_nodes: u64,
) -> Result<Solution, SolveError> {
    if !solvable(grid, goal, cells) {
        return Err(SolveError::Unsolvable);
    }
    let mut search = Search {
        grid,
        heuristic,
        cells: [0; MAX_CELLS],
        home: [0; MAX_CELLS],
        path: Vec::new(),
        nodes: 0,
        max_nodes,
        next_bound: u32::MAX,
    };
    search.cells[..cells.len()].copy_from_slice(cells);
    for (c, &t) in goal.iter().enumerate() {
        search.home[usize::from(t)] = c as u8;
    }
    let blank = cells.iter().position(|&t| t == 0).unwrap_or(0);
    let start_bound = search.h();
    let mut bound = start_bound;
    loop {
        search.next_bound = u32::MAX;
        match search.dfs(blank, 0, bound, None) {
            Some(true) => {
                return Ok(Solution {
                    moves: search.path,
                    nodes: search.nodes,
                    start_bound,
                });
            }
            Some(false) => bound = search.next_bound,
            None => {
                return Err(SolveError::Exceeded {
                    nodes: search.nodes,
                    bound,
                });
            }
        }
    }
}
