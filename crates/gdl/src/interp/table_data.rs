//! An allocated table's entries (gdl spec 3.12, 3.14).
//!
//! 7.5 keeps every table dense, but most tables of a large game are sparse:
//! `opal-rules` allocates 88 tables with 3.7 million entries, of which only a
//! fifth differ from the default. Each row therefore starts as one uniform
//! value (the default, or the value of the last clause that set the whole
//! table or the whole row) and is materialised only when some of its
//! entries are written with another value. Reading a big game then touches
//! far less memory.
//!
//! Materialised rows live one after another in a single buffer per table
//! rather than in an allocation each: a big game materialises thousands of
//! rows, and a zeroed allocation per row was a visible share of the profile.
//! Rows that a clause leaves alike share one slot of that buffer (copy on
//! write): in `spec` (274 unit types) the rows that differ from their
//! uniform value fill 3.4 MB, but only 0.4 MB of them are distinct, and
//! writing them out was most of the process's page faults.

use std::sync::atomic::{AtomicU64, Ordering};

/// Marks a row that is not materialised (all its entries are its `uniform`).
const UNSET: usize = usize::MAX;

/// The entries of one allocated table, `rows × cols`, entry (i, j) in row i.
#[derive(Clone, Debug)]
pub struct TableData {
    pub rows: usize,
    pub cols: usize,
    /// Per row, the value of every entry while the row is not materialised.
    /// A clause that gives a whole row one value (`(u1 t* 3)`, a row of
    /// `(u* t* 3)`'s kind) sets this instead of writing the row out.
    uniform: Vec<i16>,
    /// Per row, its slot in `store` (entries `k * cols` onwards), or [`UNSET`].
    /// Rows with the same entries may share one slot of `store`.
    start: Vec<usize>,
    /// The materialised rows, in slots of `cols` entries each.
    store: Vec<i16>,
    /// Per slot of `store`, how many rows point to it (0: free).
    users: Vec<u32>,
    /// Slots that no row points to any more, for reuse.
    free: Vec<usize>,
    /// The last partial row write, so the next row in the same state can
    /// share its result: see [`TableData::set_row`].
    last: Option<LastWrite>,
}

/// The columns one clause writes in each of its rows, for
/// [`TableData::set_row`]. Each value made is told apart from every other
/// by an id, so a table can tell that consecutive row writes come from the
/// same clause without comparing the column lists.
#[derive(Debug)]
pub struct RowCols {
    cols: Vec<usize>,
    /// `cols` is every column of the table in order.
    whole: bool,
    id: u64,
}

impl RowCols {
    /// Columns `cols` of a table with `table_cols` columns.
    pub fn new(cols: Vec<usize>, table_cols: usize) -> Self {
        let whole = !cols.is_empty()
            && cols.len() == table_cols
            && cols.iter().enumerate().all(|(k, &c)| k == c);
        RowCols {
            cols,
            whole,
            id: Self::next_id(),
        }
    }

    /// Every column of a table, in order (the list is not spelled out:
    /// such a write makes the row uniform).
    pub fn every(table_cols: usize) -> Self {
        debug_assert!(table_cols > 0);
        RowCols {
            cols: Vec::new(),
            whole: true,
            id: Self::next_id(),
        }
    }

    fn next_id() -> u64 {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        NEXT.fetch_add(1, Ordering::Relaxed)
    }

    /// No columns at all.
    pub fn is_empty(&self) -> bool {
        !self.whole && self.cols.is_empty()
    }
}

/// A partial row write: rows in state (`from`, `from_uniform`) given `v` at
/// the columns of `cols` now read slot `to`. Valid until the table is changed other than
/// by `set_row` (every other change forgets it).
#[derive(Clone, Debug)]
struct LastWrite {
    from: usize,
    from_uniform: i16,
    /// The [`RowCols`] id.
    cols: u64,
    v: i16,
    to: usize,
}

impl TableData {
    pub fn new(rows: usize, cols: usize, default: i16) -> Self {
        TableData {
            rows,
            cols,
            uniform: vec![default; rows],
            start: vec![UNSET; rows],
            store: Vec::new(),
            users: Vec::new(),
            free: Vec::new(),
            last: None,
        }
    }

    /// Row `i`'s entries if it is materialised.
    fn row_ref(&self, i: usize) -> Option<&[i16]> {
        match self.start.get(i) {
            Some(&k) if k != UNSET => {
                let s = k * self.cols;
                Some(&self.store[s..s + self.cols])
            }
            _ => None,
        }
    }

    /// Whether row `i` is in range, not materialised, and all `v`.
    fn is_uniform(&self, i: usize, v: i16) -> bool {
        self.start.get(i) == Some(&UNSET) && self.uniform[i] == v
    }

    pub fn get(&self, i: usize, j: usize) -> i16 {
        match self.row_ref(i) {
            Some(row) => row.get(j).copied().unwrap_or(0),
            None if j < self.cols => self.uniform.get(i).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// Row `i`, materialised and not shared, for writing (`None` if out of
    /// range). Runs once per entry written, so the common case (the row is
    /// there and its own) is inlined and the rest is out of line.
    #[inline]
    fn row_mut(&mut self, i: usize) -> Option<&mut [i16]> {
        let k = match *self.start.get(i)? {
            UNSET => self.materialise(i),
            k if self.users[k] > 1 => self.unshare(i),
            k => k,
        };
        let s = k * self.cols;
        self.store.get_mut(s..s + self.cols)
    }

    /// A slot with one user and unspecified entries: a freed one, or a new
    /// one at the end of `store`.
    fn new_slot(&mut self) -> usize {
        let cols = self.cols;
        if let Some(k) = self.free.pop() {
            self.users[k] = 1;
            return k;
        }
        // Room for every row at the first one: a slot is only added when
        // no freed one is left, and every other slot has a row, so the
        // store never holds more than `rows` slots and never reallocates
        // (the pages of slots never used are never touched).
        if self.store.capacity() == 0 {
            self.store.reserve_exact(self.rows * cols);
        }
        let k = self.users.len();
        self.store.resize((k + 1) * cols, 0);
        self.users.push(1);
        k
    }

    /// A row no longer uses slot `k`.
    fn release(&mut self, k: usize) {
        self.users[k] -= 1;
        if self.users[k] == 0 {
            self.free.push(k);
        }
    }

    /// Gives row `i` (in range, not materialised) its entries, all its
    /// uniform value, and returns its slot.
    #[cold]
    #[inline(never)]
    fn materialise(&mut self, i: usize) -> usize {
        let k = self.new_slot();
        let base = self.uniform[i];
        let s = k * self.cols;
        self.store[s..s + self.cols].fill(base);
        self.start[i] = k;
        k
    }

    /// Gives row `i` (sharing its slot) a copy of its own.
    #[cold]
    #[inline(never)]
    fn unshare(&mut self, i: usize) -> usize {
        let old = self.start[i];
        let k = self.new_slot();
        let (from, cols) = (old * self.cols, self.cols);
        self.store.copy_within(from..from + cols, k * cols);
        self.release(old);
        self.start[i] = k;
        k
    }

    /// Makes row `i` all `v` without materialising it, keeping any space
    /// it had for reuse.
    fn set_uniform(&mut self, i: usize, v: i16) {
        self.last = None;
        if i >= self.rows {
            return;
        }
        let s = self.start[i];
        if s != UNSET {
            self.release(s);
            self.start[i] = UNSET;
        }
        self.uniform[i] = v;
    }

    pub fn set(&mut self, i: usize, j: usize, v: i16) {
        if j >= self.cols || self.is_uniform(i, v) {
            return;
        }
        if self.row_ref(i).is_some_and(|row| row[j] == v) {
            return;
        }
        self.last = None;
        if let Some(row) = self.row_mut(i) {
            row[j] = v;
        }
    }

    /// Sets every entry to `v`.
    pub fn fill(&mut self, v: i16) {
        self.uniform.fill(v);
        self.start.fill(UNSET);
        self.store.clear();
        self.users.clear();
        self.free.clear();
        self.last = None;
    }

    /// Sets row `i` at each column of `cols` to `v`; a row given one value
    /// at every column becomes uniform and is not materialised.
    ///
    /// A clause such as `(u* (sea lake) 0)` writes the same columns of many
    /// rows that were all alike before, so they are all alike after: a row
    /// in the state the previous write (of the same `cols`) started from
    /// takes that write's result slot instead of a copy of its own (copy on
    /// write: a shared row gets its own slot when it is next changed).
    pub fn set_row(&mut self, i: usize, cols: &RowCols, v: i16) {
        debug_assert!(cols.cols.iter().all(|&j| j < self.cols));
        if cols.whole {
            self.set_uniform(i, v);
            return;
        }
        if i >= self.rows || self.is_uniform(i, v) || cols.cols.is_empty() {
            return;
        }
        let (from, from_uniform) = (self.start[i], self.uniform[i]);
        if let Some(last) = &self.last {
            if last.cols == cols.id
                && last.v == v
                && last.from == from
                && (from != UNSET || last.from_uniform == from_uniform)
            {
                let to = last.to;
                if from != to {
                    if from != UNSET {
                        self.release(from);
                    }
                    self.users[to] += 1;
                    self.start[i] = to;
                }
                return;
            }
        }
        if let Some(row) = self.row_ref(i) {
            if cols
                .cols
                .iter()
                .all(|&j| row.get(j).is_none_or(|&c| c == v))
            {
                return;
            }
        }
        let Some(row) = self.row_mut(i) else { return };
        for &j in &cols.cols {
            if let Some(cell) = row.get_mut(j) {
                *cell = v;
            }
        }
        self.last = Some(LastWrite {
            from,
            from_uniform,
            cols: cols.id,
            v,
            to: self.start[i],
        });
    }

    /// [`TableData::set_row`] for every row, in order.
    pub fn set_every_row(&mut self, cols: &RowCols, v: i16) {
        if cols.whole {
            self.fill(v);
            return;
        }
        for i in 0..self.rows {
            // The common case inline: the row is in the state the last
            // write started from, and takes its result (see `set_row`).
            if let Some(last) = &self.last {
                let (from, to) = (self.start[i], last.to);
                if last.cols == cols.id
                    && last.v == v
                    && last.from == from
                    && from != to
                    && (from != UNSET || last.from_uniform == self.uniform[i])
                {
                    if from != UNSET {
                        self.release(from);
                    }
                    self.users[to] += 1;
                    self.start[i] = to;
                    continue;
                }
            }
            self.set_row(i, cols, v);
        }
    }

    /// Grows to `rows × cols`, keeping entries at their (i, j) and giving new
    /// ones `default` (spec 3.14). A uniform row stays uniform when it gains
    /// no columns or its value is `default`.
    pub fn grow(&mut self, rows: usize, cols: usize, default: i16) {
        let mut grown = TableData::new(rows, cols, default);
        let n = self.cols.min(cols);
        for i in 0..self.rows.min(rows) {
            match self.row_ref(i) {
                None if cols <= self.cols || self.uniform[i] == default => {
                    grown.uniform[i] = self.uniform[i];
                }
                None => {
                    grown.uniform[i] = self.uniform[i];
                    if let Some(to) = grown.row_mut(i) {
                        to[n..].fill(default);
                    }
                }
                Some(row) => {
                    if let Some(to) = grown.row_mut(i) {
                        to[..n].copy_from_slice(&row[..n]);
                    }
                }
            }
        }
        *self = grown;
    }

    /// Row `i`'s entries.
    pub fn row(&self, i: usize) -> Vec<i16> {
        match self.row_ref(i) {
            Some(row) => row.to_vec(),
            None => vec![self.uniform.get(i).copied().unwrap_or(0); self.cols],
        }
    }

    /// All entries in order, first index outer.
    pub fn entries(&self) -> Vec<i16> {
        (0..self.rows).flat_map(|i| self.row(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{RowCols, TableData};

    #[test]
    fn rows_materialise_unset_and_reuse_space() {
        let mut t = TableData::new(3, 4, 7);
        assert_eq!(t.entries(), vec![7; 12]);
        t.set(1, 2, 5);
        t.set(2, 0, 1);
        assert_eq!(t.get(1, 2), 5);
        assert_eq!(t.row(2), vec![1, 7, 7, 7]);
        // A whole-row write of the base value un-materialises the row; the
        // next row materialised reuses its space with fresh base values.
        t.set_row(1, &RowCols::new(vec![0, 1, 2, 3], t.cols), 7);
        assert_eq!(t.row(1), vec![7; 4]);
        t.set(0, 3, 9);
        assert_eq!(t.row(0), vec![7, 7, 7, 9]);
        assert_eq!(t.row(2), vec![1, 7, 7, 7]);
        assert_eq!(t.store.len(), 8);
        t.set_row(1, &RowCols::new(vec![1, 3], t.cols), 2);
        assert_eq!(t.row(1), vec![7, 2, 7, 2]);
        t.fill(3);
        assert_eq!(t.entries(), vec![3; 12]);
        // Out-of-range writes are ignored.
        t.set(5, 0, 1);
        t.set(0, 9, 1);
        assert_eq!(t.entries(), vec![3; 12]);
    }

    #[test]
    fn whole_row_writes_stay_uniform_through_growth() {
        let mut t = TableData::new(3, 2, 0);
        t.set_row(1, &RowCols::new(vec![0, 1], t.cols), 5);
        t.set(1, 0, 5);
        assert_eq!(t.row(1), vec![5, 5]);
        assert_eq!(t.store.len(), 0);
        // A new column takes the default, so the row must now be written out.
        t.grow(3, 3, 0);
        assert_eq!(t.entries(), vec![0, 0, 0, 5, 5, 0, 0, 0, 0]);
        // A new row only: uniform rows keep their value unmaterialised.
        t.set_row(2, &RowCols::new(vec![0, 1, 2], t.cols), 4);
        t.grow(4, 3, 0);
        assert_eq!(t.row(2), vec![4; 3]);
        assert_eq!(t.row(3), vec![0; 3]);
        assert_eq!(t.store.len(), 3);
    }

    #[test]
    fn rows_alike_share_a_slot_until_one_changes() {
        let mut t = TableData::new(4, 3, 0);
        let mid = RowCols::new(vec![1], t.cols);
        for i in 0..4 {
            t.set_row(i, &mid, 5);
        }
        assert_eq!(t.entries(), [0, 5, 0].repeat(4));
        assert_eq!(t.store.len(), 3);
        // Writing one shared row gives it a copy; the others keep theirs.
        t.set(2, 0, 7);
        assert_eq!(t.store.len(), 6);
        assert_eq!(t.row(2), vec![7, 5, 0]);
        assert_eq!(t.row(1), vec![0, 5, 0]);
        // A later clause: rows 0, 1 and 3 are alike again and share again,
        // row 2 is changed on its own.
        let last = RowCols::new(vec![2], t.cols);
        for i in 0..4 {
            t.set_row(i, &last, 1);
        }
        assert_eq!(t.row(0), vec![0, 5, 1]);
        assert_eq!(t.row(1), vec![0, 5, 1]);
        assert_eq!(t.row(2), vec![7, 5, 1]);
        assert_eq!(t.row(3), vec![0, 5, 1]);
        // The same columns and value again change nothing.
        let again = RowCols::new(vec![2], t.cols);
        t.set_row(3, &again, 1);
        assert_eq!(t.row(3), vec![0, 5, 1]);
        // Un-materialising a shared row leaves the others as they were.
        t.set_row(0, &RowCols::new(vec![0, 1, 2], t.cols), 0);
        assert_eq!(t.entries(), vec![0, 0, 0, 0, 5, 1, 7, 5, 1, 0, 5, 1]);
        // Freed slots are reused: nothing grows past one slot per row.
        for i in 0..4 {
            t.set(i, 0, i as i16 + 10);
        }
        assert!(t.store.len() <= 12);
        assert_eq!(t.entries(), vec![10, 0, 0, 11, 5, 1, 12, 5, 1, 13, 5, 1]);
    }

    #[test]
    fn every_row_writes_match_row_by_row_ones() {
        let mut a = TableData::new(5, 4, 0);
        let mut b = TableData::new(5, 4, 0);
        a.set(2, 3, 9);
        b.set(2, 3, 9);
        for (cols, v) in [
            (vec![1], 5),
            (vec![0, 2], 6),
            (vec![1], 5),
            (vec![0, 1, 2, 3], 1),
        ] {
            let cols = RowCols::new(cols, 4);
            a.set_every_row(&cols, v);
            for i in 0..5 {
                b.set_row(i, &cols, v);
            }
            assert_eq!(a.entries(), b.entries());
        }
        a.set_every_row(&RowCols::new(vec![3], 4), 2);
        assert_eq!(a.entries(), [1, 1, 1, 2].repeat(5));
        // Five rows alike use one slot.
        assert_eq!(a.users.iter().filter(|&&n| n > 0).count(), 1);
    }

    #[test]
    fn grow_keeps_entries_and_defaults_the_new_ones() {
        let mut t = TableData::new(2, 2, 4);
        t.set(1, 1, 8);
        t.grow(3, 3, 0);
        assert_eq!(t.entries(), vec![4, 4, 0, 4, 8, 0, 0, 0, 0]);
        t.set(2, 2, 6);
        assert_eq!(t.get(2, 2), 6);
        t.set_row(0, &RowCols::new(vec![0, 1, 2], t.cols), 0);
        assert_eq!(t.row(0), vec![0; 3]);
        t.set(0, 1, 5);
        assert_eq!(t.row(0), vec![0, 5, 0]);
    }
}
