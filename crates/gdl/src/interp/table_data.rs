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
    /// Per row, the index of its first entry in `store`, or [`UNSET`].
    start: Vec<usize>,
    /// The materialised rows, `cols` entries each.
    store: Vec<i16>,
    /// Starts of rows in `store` that were un-materialised, for reuse.
    free: Vec<usize>,
}

impl TableData {
    pub fn new(rows: usize, cols: usize, default: i16) -> Self {
        TableData {
            rows,
            cols,
            uniform: vec![default; rows],
            start: vec![UNSET; rows],
            store: Vec::new(),
            free: Vec::new(),
        }
    }

    /// Row `i`'s entries if it is materialised.
    fn row_ref(&self, i: usize) -> Option<&[i16]> {
        match self.start.get(i) {
            Some(&s) if s != UNSET => Some(&self.store[s..s + self.cols]),
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

    /// Row `i`, materialised for writing (`None` if out of range). Runs
    /// once per entry written, so the common case (the row is there) is
    /// inlined and materialising is out of line.
    #[inline]
    fn row_mut(&mut self, i: usize) -> Option<&mut [i16]> {
        let s = match *self.start.get(i)? {
            UNSET => self.materialise(i),
            s => s,
        };
        self.store.get_mut(s..s + self.cols)
    }

    /// Gives row `i` (in range, not materialised) its entries, all its
    /// uniform value, and returns where they start in `store`.
    #[cold]
    #[inline(never)]
    fn materialise(&mut self, i: usize) -> usize {
        let cols = self.cols;
        let base = self.uniform[i];
        let s = match self.free.pop() {
            Some(s) => {
                self.store[s..s + cols].fill(base);
                s
            }
            None => {
                // Room for every row at the first one: a row slot is only
                // taken when no freed one is left, so the store never
                // holds more than `rows` rows and never reallocates (the
                // pages of rows never materialised are never touched).
                if self.store.capacity() == 0 {
                    self.store.reserve_exact(self.rows * cols);
                }
                let s = self.store.len();
                // Zero-extend, then fill: both compile to block writes,
                // where resizing with the base value wrote entry by entry.
                self.store.resize(s + cols, 0);
                self.store[s..].fill(base);
                s
            }
        };
        self.start[i] = s;
        s
    }

    /// Makes row `i` all `v` without materialising it, keeping any space
    /// it had for reuse.
    fn set_uniform(&mut self, i: usize, v: i16) {
        if let Some(slot) = self.start.get_mut(i) {
            if *slot != UNSET {
                self.free.push(*slot);
                *slot = UNSET;
            }
            self.uniform[i] = v;
        }
    }

    pub fn set(&mut self, i: usize, j: usize, v: i16) {
        if j >= self.cols || self.is_uniform(i, v) {
            return;
        }
        if let Some(row) = self.row_mut(i) {
            row[j] = v;
        }
    }

    /// Sets every entry to `v`.
    pub fn fill(&mut self, v: i16) {
        self.uniform.fill(v);
        self.start.fill(UNSET);
        self.store.clear();
        self.free.clear();
    }

    /// Sets row `i` at each column of `cols` to `v`. `whole` says that `cols`
    /// is every column in order (`0..self.cols`), which the caller knows once
    /// per clause; the row then becomes uniform and is not materialised.
    pub fn set_row(&mut self, i: usize, cols: &[usize], whole: bool, v: i16) {
        debug_assert_eq!(
            whole,
            cols.len() == self.cols && cols.iter().enumerate().all(|(k, &j)| k == j)
        );
        if whole {
            self.set_uniform(i, v);
            return;
        }
        if self.is_uniform(i, v) {
            return;
        }
        if let Some(row) = self.row_mut(i) {
            for &j in cols {
                if let Some(cell) = row.get_mut(j) {
                    *cell = v;
                }
            }
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
    use super::TableData;

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
        t.set_row(1, &[0, 1, 2, 3], true, 7);
        assert_eq!(t.row(1), vec![7; 4]);
        t.set(0, 3, 9);
        assert_eq!(t.row(0), vec![7, 7, 7, 9]);
        assert_eq!(t.row(2), vec![1, 7, 7, 7]);
        assert_eq!(t.store.len(), 8);
        t.set_row(1, &[1, 3], false, 2);
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
        t.set_row(1, &[0, 1], true, 5);
        t.set(1, 0, 5);
        assert_eq!(t.row(1), vec![5, 5]);
        assert_eq!(t.store.len(), 0);
        // A new column takes the default, so the row must now be written out.
        t.grow(3, 3, 0);
        assert_eq!(t.entries(), vec![0, 0, 0, 5, 5, 0, 0, 0, 0]);
        // A new row only: uniform rows keep their value unmaterialised.
        t.set_row(2, &[0, 1, 2], true, 4);
        t.grow(4, 3, 0);
        assert_eq!(t.row(2), vec![4; 3]);
        assert_eq!(t.row(3), vec![0; 3]);
        assert_eq!(t.store.len(), 3);
    }

    #[test]
    fn grow_keeps_entries_and_defaults_the_new_ones() {
        let mut t = TableData::new(2, 2, 4);
        t.set(1, 1, 8);
        t.grow(3, 3, 0);
        assert_eq!(t.entries(), vec![4, 4, 0, 4, 8, 0, 0, 0, 0]);
        t.set(2, 2, 6);
        assert_eq!(t.get(2, 2), 6);
        t.set_row(0, &[0, 1, 2], true, 0);
        assert_eq!(t.row(0), vec![0; 3]);
        t.set(0, 1, 5);
        assert_eq!(t.row(0), vec![0, 5, 0]);
    }
}
