//! Regions: the connected components of occupied systems (tae spec 5,
//! decision 6).
//!
//! Regions have no identity of their own; they are recomputed from the board
//! whenever a rule needs them, so no incremental labelling can go wrong.
//! One extra case is built in: a Move is judged with the moving leader
//! lifted off the board (tae spec 7.4), so the computation can treat one
//! system as empty without copying the board.

use crate::board::{Board, Cell, Kind, Leader, Pos};

/// A label per system: the region it belongs to, or `None`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    labels: Vec<Option<u32>>,
    count: u32,
    /// The leaders standing in each region, in board order; kept because
    /// nearly every rule asks which leaders a region holds.
    leaders: Vec<Vec<(Pos, Leader)>>,
}

impl Regions {
    /// The regions of `board`, with `lifted` (if any) counted as empty.
    pub fn of(board: &Board, lifted: Option<Pos>) -> Regions {
        let lifted = lifted.map(|p| board.index(p));
        let occupied = |i: usize| Some(i) != lifted && board.cells[i].is_occupied();
        let mut labels = vec![None; board.cells.len()];
        let mut count = 0;
        let mut stack = vec![];
        for start in 0..board.cells.len() {
            if labels[start].is_some() || !occupied(start) {
                continue;
            }
            labels[start] = Some(count);
            stack.push(start);
            while let Some(i) = stack.pop() {
                for q in board.neighbours(board.pos(i)) {
                    let j = board.index(q);
                    if labels[j].is_none() && occupied(j) {
                        labels[j] = Some(count);
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        let mut leaders = vec![vec![]; count as usize];
        for (i, cell) in board.cells.iter().enumerate() {
            if let (Some(r), Cell::Leader(l)) = (labels[i], cell) {
                leaders[r as usize].push((board.pos(i), *l));
            }
        }
        Regions {
            labels,
            count,
            leaders,
        }
    }

    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// The region of a system, if it is occupied.
    pub fn label(&self, board: &Board, p: Pos) -> Option<u32> {
        self.labels[board.index(p)]
    }

    /// The distinct regions `p` borders, in the order first met.
    pub fn bordered(&self, board: &Board, p: Pos) -> Vec<u32> {
        let mut out = Vec::with_capacity(4);
        for q in board.neighbours(p) {
            if let Some(r) = self.labels[board.index(q)] {
                if !out.contains(&r) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// The systems of region `r`, in board order.
    pub fn systems(&self, board: &Board, r: u32) -> Vec<Pos> {
        self.labels
            .iter()
            .enumerate()
            .filter(|(_, l)| **l == Some(r))
            .map(|(i, _)| board.pos(i))
            .collect()
    }

    /// The leaders standing in region `r`, in board order.
    pub fn leaders(&self, r: u32) -> &[(Pos, Leader)] {
        &self.leaders[r as usize]
    }

    /// Whether region `r` holds at least one leader.
    pub fn holds_leader(&self, r: u32) -> bool {
        !self.leaders[r as usize].is_empty()
    }

    /// The leaders of type `kind` in region `r`.
    pub fn leaders_of(&self, r: u32, kind: Kind) -> Vec<Leader> {
        self.leaders[r as usize]
            .iter()
            .map(|(_, l)| *l)
            .filter(|l| l.kind == kind)
            .collect()
    }

    /// The leader-holding regions among those `p` borders.
    pub fn bordered_kingdoms(&self, board: &Board, p: Pos) -> Vec<u32> {
        self.bordered(board, p)
            .into_iter()
            .filter(|&r| self.holds_leader(r))
            .collect()
    }

    /// Every region as a sorted list of systems, sorted: for comparing with
    /// an independent computation in tests.
    pub fn components(&self, board: &Board) -> Vec<Vec<Pos>> {
        let mut out: Vec<Vec<Pos>> = (0..self.count).map(|r| self.systems(board, r)).collect();
        for c in &mut out {
            c.sort();
        }
        out.sort();
        out
    }
}

/// The systems reachable from `from` stepping between occupied neighbours
/// without entering `avoid`: one side of an external conflict (tae spec
/// 10.5). `from` itself is included.
pub fn side(board: &Board, from: Pos, avoid: Pos) -> Vec<Pos> {
    let mut seen = vec![false; board.cells.len()];
    let mut out = vec![];
    let mut stack = vec![from];
    seen[board.index(from)] = true;
    seen[board.index(avoid)] = true;
    while let Some(p) = stack.pop() {
        out.push(p);
        for q in board.neighbours(p) {
            let j = board.index(q);
            if !seen[j] && board.cells[j].is_occupied() {
                seen[j] = true;
                stack.push(q);
            }
        }
    }
    out.sort();
    out
}
