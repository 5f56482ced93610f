//! An allocated table's entries (gdl spec 3.12, 3.14).
//!
//! 7.5 keeps every table dense, but most tables of a large game are sparse:
//! `opal-rules` allocates 88 tables with 3.7 million entries, of which only a
//! fifth differ from the default. A table therefore starts as one uniform
//! value (its default, or the value of the last clause that set the whole
//! table) and materialises a row only when an entry of that row is written
//! with another value. Reading a big game then touches far less memory.

/// The entries of one allocated table, `rows × cols`, entry (i, j) in row i.
#[derive(Clone, Debug)]
pub struct TableData {
    pub rows: usize,
    pub cols: usize,
    /// The value of every entry of a row that is not materialised.
    base: i16,
    cells: Vec<Option<Box<[i16]>>>,
}

impl TableData {
    pub fn new(rows: usize, cols: usize, default: i16) -> Self {
        TableData {
            rows,
            cols,
            base: default,
            cells: vec![None; rows],
        }
    }

    pub fn get(&self, i: usize, j: usize) -> i16 {
        match self.cells.get(i) {
            Some(Some(row)) => row.get(j).copied().unwrap_or(self.base),
            _ => self.base,
        }
    }

    /// Row `i`, materialised for writing (`None` if out of range).
    fn row_mut(&mut self, i: usize) -> Option<&mut [i16]> {
        let (base, cols) = (self.base, self.cols);
        let slot = self.cells.get_mut(i)?;
        Some(slot.get_or_insert_with(|| vec![base; cols].into_boxed_slice()))
    }

    pub fn set(&mut self, i: usize, j: usize, v: i16) {
        if j >= self.cols || (v == self.base && matches!(self.cells.get(i), Some(None))) {
            return;
        }
        if let Some(row) = self.row_mut(i) {
            row[j] = v;
        }
    }

    /// Sets every entry to `v`.
    pub fn fill(&mut self, v: i16) {
        self.base = v;
        self.cells.iter_mut().for_each(|r| *r = None);
    }

    /// Sets row `i` at each column of `cols` to `v`. `whole` says that `cols`
    /// is every column in order (`0..self.cols`), which the caller knows once
    /// per clause; the row is then filled in one go.
    pub fn set_row(&mut self, i: usize, cols: &[usize], whole: bool, v: i16) {
        debug_assert_eq!(
            whole,
            cols.len() == self.cols && cols.iter().enumerate().all(|(k, &j)| k == j)
        );
        if v == self.base {
            // Only a write of the base value can un-materialise a row.
            if whole {
                if let Some(slot) = self.cells.get_mut(i) {
                    *slot = None;
                }
                return;
            }
            if matches!(self.cells.get(i), Some(None)) {
                return;
            }
        }
        if let Some(row) = self.row_mut(i) {
            if whole {
                row.fill(v);
            } else {
                for &j in cols {
                    if let Some(cell) = row.get_mut(j) {
                        *cell = v;
                    }
                }
            }
        }
    }

    /// Grows to `rows × cols`, keeping entries at their (i, j) and giving new
    /// ones `default` (spec 3.14).
    pub fn grow(&mut self, rows: usize, cols: usize, default: i16) {
        let old: Vec<Vec<i16>> = (0..self.rows).map(|i| self.row(i)).collect();
        self.cells = (0..rows)
            .map(|i| {
                let mut row = vec![default; cols];
                if let Some(o) = old.get(i) {
                    let n = o.len().min(cols);
                    row[..n].copy_from_slice(&o[..n]);
                }
                Some(row.into_boxed_slice())
            })
            .collect();
        self.rows = rows;
        self.cols = cols;
        self.base = default;
    }

    /// Row `i`'s entries.
    pub fn row(&self, i: usize) -> Vec<i16> {
        match self.cells.get(i) {
            Some(Some(row)) => row.to_vec(),
            _ => vec![self.base; self.cols],
        }
    }

    /// All entries in order, first index outer.
    pub fn entries(&self) -> Vec<i16> {
        (0..self.rows).flat_map(|i| self.row(i)).collect()
    }
}
