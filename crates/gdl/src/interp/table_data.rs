//! An allocated table's entries (gdl spec 3.12, 3.14).
//!
//! Many tables are allocated and then filled with their own default (or never
//! written), and the big ones are unit × unit. The entries are therefore only
//! materialised on the first write of a non-default value; until then the
//! table reads as all-default. This keeps reading large games cheap.

/// The entries of one allocated table, `rows × cols`, entry (i, j) at `i*cols + j`.
#[derive(Clone, Debug)]
pub struct TableData {
    pub rows: usize,
    pub cols: usize,
    /// The value of every entry while `cells` is empty: the table's default,
    /// or the value of the last clause that set the whole table.
    base: i16,
    /// Empty while every entry is `base`.
    cells: Vec<i16>,
}

impl TableData {
    pub fn new(rows: usize, cols: usize, default: i16) -> Self {
        TableData {
            rows,
            cols,
            base: default,
            cells: Vec::new(),
        }
    }

    pub fn get(&self, i: usize, j: usize) -> i16 {
        if i >= self.rows || j >= self.cols {
            return self.base;
        }
        self.cells
            .get(i * self.cols + j)
            .copied()
            .unwrap_or(self.base)
    }

    fn materialise(&mut self) -> &mut [i16] {
        if self.cells.is_empty() {
            self.cells = vec![self.base; self.rows * self.cols];
        }
        &mut self.cells
    }

    pub fn set(&mut self, i: usize, j: usize, v: i16) {
        if i >= self.rows || j >= self.cols || (self.cells.is_empty() && v == self.base) {
            return;
        }
        let cols = self.cols;
        self.materialise()[i * cols + j] = v;
    }

    /// Sets every entry to `v`.
    pub fn fill(&mut self, v: i16) {
        self.base = v;
        self.cells.clear();
    }

    /// Sets row `i` at each column of `cols` to `v`.
    pub fn set_row(&mut self, i: usize, cols: &[usize], v: i16) {
        if i >= self.rows || (self.cells.is_empty() && v == self.base) {
            return;
        }
        let width = self.cols;
        let row = &mut self.materialise()[i * width..(i + 1) * width];
        if cols.len() == row.len() && cols.iter().enumerate().all(|(k, &j)| k == j) {
            row.fill(v);
            return;
        }
        for &j in cols {
            if let Some(cell) = row.get_mut(j) {
                *cell = v;
            }
        }
    }

    /// Grows to `rows × cols`, keeping entries at their (i, j) and giving new
    /// ones `default` (spec 3.14).
    pub fn grow(&mut self, rows: usize, cols: usize, default: i16) {
        if !self.cells.is_empty() || self.base != default {
            let old = self.materialise().to_vec();
            let mut cells = vec![default; rows * cols];
            for i in 0..self.rows.min(rows) {
                for j in 0..self.cols.min(cols) {
                    cells[i * cols + j] = old[i * self.cols + j];
                }
            }
            self.cells = cells;
            self.base = default;
        }
        self.rows = rows;
        self.cols = cols;
    }

    /// Row `i`'s entries.
    pub fn row(&self, i: usize) -> Vec<i16> {
        (0..self.cols).map(|j| self.get(i, j)).collect()
    }

    /// All entries in order, first index outer.
    pub fn entries(&self) -> impl Iterator<Item = i16> + '_ {
        (0..self.rows * self.cols).map(|k| self.cells.get(k).copied().unwrap_or(self.base))
    }
}
