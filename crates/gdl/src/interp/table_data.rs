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
//!
//! A type declared after tables indexed by its kind were allocated grows
//! them (spec 3.14, project). Every entry it adds reads the table's default,
//! so growing only changes the table's logical size: the stored rows keep
//! their width, a row's uniform value covers the columns it had (`span`),
//! and whatever lies past a stored row reads the default. A row is widened
//! only when it is written again, and then every slot of the buffer at once,
//! with room to spare for the next types. Growing used to copy the whole
//! table: `awls-rules` followed by `opal-rules` declares 424 types late,
//! which grow tables 19,748 times, and the copies were 95% of reading it.

use std::sync::atomic::{AtomicU64, Ordering};

/// The state of one stored row.
///
/// Not materialised (`slot` is [`UNSET`]): its first `span` entries are
/// `uniform`, the rest read the table's default. Materialised: its entries
/// are slot `slot` of the table's store, and `span` and `uniform` are 0, so
/// that two rows are in the same state exactly when their `Row`s are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Row {
    slot: u32,
    span: u32,
    uniform: i16,
}

/// Marks a row that is not materialised.
const UNSET: u32 = u32::MAX;

impl Row {
    /// Not materialised: `v` over the first `span` columns.
    fn uniform(v: i16, span: usize) -> Row {
        Row {
            slot: UNSET,
            span: u32::try_from(span).unwrap_or(u32::MAX),
            uniform: v,
        }
    }

    /// Materialised in slot `k`.
    fn at(k: usize) -> Row {
        debug_assert!(k < UNSET as usize);
        Row {
            slot: k as u32,
            span: 0,
            uniform: 0,
        }
    }

    fn slot(self) -> Option<usize> {
        (self.slot != UNSET).then_some(self.slot as usize)
    }
}

/// The entries of one allocated table, `rows × cols`, entry (i, j) in row i.
#[derive(Clone, Debug)]
pub struct TableData {
    pub rows: usize,
    pub cols: usize,
    /// What an entry added by growth reads: the table's default.
    default: i16,
    /// The stored rows' states. A clause that gives a whole row one value
    /// (`(u1 t* 3)`, a row of `(u* t* 3)`'s kind) makes it uniform instead
    /// of writing it out. Rows added by growth are stored (this vector
    /// lengthened) when one of them is first written; until then they
    /// read `default`.
    state: Vec<Row>,
    /// Entries per slot of `store`. Less than `cols` after growth (the
    /// missing entries read `default`); more when the slots were widened
    /// with room to spare (the entries past `cols` are `default`).
    width: usize,
    /// The materialised rows, in slots of `width` entries each. Rows with
    /// the same entries may share one slot.
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

/// A partial row write: rows in state `from` given `v` at the columns of
/// `cols` now read slot `to`. Valid until the table is changed other than
/// by `set_row` (every other change forgets it).
#[derive(Clone, Debug)]
struct LastWrite {
    from: Row,
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
            default,
            state: vec![Row::uniform(default, cols); rows],
            width: cols,
            store: Vec::new(),
            users: Vec::new(),
            free: Vec::new(),
            last: None,
        }
    }

    /// Row `i`'s stored entries if it is materialised: its first
    /// `min(width, cols)` entries (the rest read `default`).
    fn row_ref(&self, i: usize) -> Option<&[i16]> {
        let k = self.state.get(i)?.slot()?;
        let s = k * self.width;
        Some(&self.store[s..s + self.width.min(self.cols)])
    }

    /// Entry `j` (< `cols`) of a materialised row's stored entries.
    #[inline]
    fn entry(&self, row: &[i16], j: usize) -> i16 {
        row.get(j).copied().unwrap_or(self.default)
    }

    /// Whether a row in state `r` is not materialised and all `v`.
    #[inline]
    fn is_uniform(&self, r: Row, v: i16) -> bool {
        r.slot == UNSET && r.uniform == v && (r.span as usize >= self.cols || v == self.default)
    }

    /// Whether row `i` is in range, storing the rows added by growth if it
    /// is one of them (before it is written).
    #[inline]
    fn stored(&mut self, i: usize) -> bool {
        if i < self.state.len() {
            return true;
        }
        if i >= self.rows {
            return false;
        }
        self.store_rows();
        true
    }

    /// Lengthens `state` to `rows`: the rows added by growth since, all
    /// `default`.
    #[cold]
    #[inline(never)]
    fn store_rows(&mut self) {
        let fresh = Row::uniform(self.default, self.cols);
        self.state.resize(self.rows, fresh);
    }

    pub fn get(&self, i: usize, j: usize) -> i16 {
        if j >= self.cols {
            return 0;
        }
        match self.state.get(i) {
            Some(r) if r.slot == UNSET => {
                if j < r.span as usize {
                    r.uniform
                } else {
                    self.default
                }
            }
            Some(r) if j < self.width => self.store[r.slot as usize * self.width + j],
            Some(_) => self.default,
            None if i < self.rows => self.default,
            None => 0,
        }
    }

    /// The columns below `n` (and `cols`) where row `i`'s entries are
    /// positive, in order: a row at a time, for the design check's cycle
    /// search, which reads whole tables of a few hundred types squared.
    pub(crate) fn positive_columns(&self, i: usize, n: usize) -> Vec<usize> {
        let n = n.min(self.cols);
        // Entries `..k` are in `head` (or all `head_value`), the rest `default`.
        let (k, head): (usize, Option<&[i16]>) = match self.state.get(i) {
            _ if i >= self.rows => return Vec::new(),
            None => (0, None),
            Some(r) if r.slot == UNSET => {
                let k = (r.span as usize).min(n);
                let all = if r.uniform > 0 { 0..k } else { 0..0 };
                let rest = if self.default > 0 { k..n } else { n..n };
                return all.chain(rest).collect();
            }
            Some(_) => {
                let row = self.row_ref(i).unwrap_or_default();
                (row.len().min(n), Some(row))
            }
        };
        let mut out: Vec<usize> = (head.unwrap_or_default()[..k].iter().enumerate())
            .filter(|(_, &v)| v > 0)
            .map(|(j, _)| j)
            .collect();
        if self.default > 0 {
            out.extend(k..n);
        }
        out
    }

    /// Row `i`, materialised and not shared, for writing (`None` if out of
    /// range): its first `cols` entries. Runs once per entry written, so the
    /// common case (the row is there, wide enough and its own) is inlined
    /// and the rest is out of line.
    #[inline]
    fn row_mut(&mut self, i: usize) -> Option<&mut [i16]> {
        if self.width < self.cols {
            self.widen();
        }
        let k = match self.state.get(i)?.slot() {
            None => self.materialise(i),
            Some(k) if self.users[k] > 1 => self.unshare(i),
            Some(k) => k,
        };
        let s = k * self.width;
        self.store.get_mut(s..s + self.cols)
    }

    /// Makes every slot at least `cols` wide, after growth: once for all
    /// the types declared since the last write, and half as wide again as
    /// before so that writes between types declared one by one do not copy
    /// the buffer each time. New entries are `default`.
    #[cold]
    #[inline(never)]
    fn widen(&mut self) {
        let old = self.width;
        let new = self.cols.max(old + old / 2);
        self.last = None;
        if self.users.is_empty() {
            self.store.clear();
            self.width = self.cols;
            return;
        }
        let slots = self.users.len();
        let mut store = Vec::with_capacity(self.rows.max(slots) * new);
        for k in 0..slots {
            store.extend_from_slice(&self.store[k * old..(k + 1) * old]);
            store.resize((k + 1) * new, self.default);
        }
        self.store = store;
        self.width = new;
    }

    /// A slot with one user and unspecified entries: a freed one, or a new
    /// one at the end of `store`.
    fn new_slot(&mut self) -> usize {
        let width = self.width;
        if let Some(k) = self.free.pop() {
            self.users[k] = 1;
            return k;
        }
        // Room for every row at the first one: a slot is only added when
        // no freed one is left, and every other slot has a row, so the
        // store never holds more than `rows` slots and reallocates only
        // when the table grows (the pages of slots never used are never
        // touched).
        if self.store.capacity() == 0 {
            self.store.reserve_exact(self.rows * width);
        }
        let k = self.users.len();
        self.store.resize((k + 1) * width, 0);
        self.users.push(1);
        k
    }

    /// A row no longer uses slot `k`.
    #[inline(always)]
    fn release(&mut self, k: usize) {
        self.users[k] -= 1;
        if self.users[k] == 0 {
            self.free.push(k);
        }
    }

    /// Row `i` (in state `from`) now reads slot `to`, shared.
    #[inline(always)]
    fn share(&mut self, i: usize, from: Row, to: usize) {
        if let Some(k) = from.slot() {
            self.release(k);
        }
        self.users[to] += 1;
        self.state[i] = Row::at(to);
    }

    /// Gives row `i` (in range, not materialised) its entries, its uniform
    /// value over its span and the default after, and returns its slot.
    #[cold]
    #[inline(never)]
    fn materialise(&mut self, i: usize) -> usize {
        let k = self.new_slot();
        let r = self.state[i];
        let span = (r.span as usize).min(self.width);
        let slot = &mut self.store[k * self.width..(k + 1) * self.width];
        slot[..span].fill(r.uniform);
        slot[span..].fill(self.default);
        self.state[i] = Row::at(k);
        k
    }

    /// Gives row `i` (sharing its slot) a copy of its own.
    #[cold]
    #[inline(never)]
    fn unshare(&mut self, i: usize) -> usize {
        let old = self.state[i].slot as usize;
        let k = self.new_slot();
        let (from, width) = (old * self.width, self.width);
        self.store.copy_within(from..from + width, k * width);
        self.release(old);
        self.state[i] = Row::at(k);
        k
    }

    /// Makes row `i` all `v` without materialising it, keeping any space
    /// it had for reuse.
    fn set_uniform(&mut self, i: usize, v: i16) {
        self.last = None;
        if !self.stored(i) {
            return;
        }
        if let Some(k) = self.state[i].slot() {
            self.release(k);
        }
        self.state[i] = Row::uniform(v, self.cols);
    }

    pub fn set(&mut self, i: usize, j: usize, v: i16) {
        if j >= self.cols || !self.stored(i) || self.is_uniform(self.state[i], v) {
            return;
        }
        if self.row_ref(i).is_some_and(|row| self.entry(row, j) == v) {
            return;
        }
        self.last = None;
        if let Some(row) = self.row_mut(i) {
            row[j] = v;
        }
    }

    /// Sets every entry to `v`.
    pub fn fill(&mut self, v: i16) {
        self.store_rows();
        self.state.fill(Row::uniform(v, self.cols));
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
        if !self.stored(i) || cols.cols.is_empty() {
            return;
        }
        let from = self.state[i];
        if self.is_uniform(from, v) {
            return;
        }
        if let Some(last) = &self.last {
            if last.cols == cols.id && last.v == v && last.from == from {
                let to = last.to;
                if from.slot != to as u32 {
                    self.share(i, from, to);
                }
                return;
            }
        }
        if let Some(row) = self.row_ref(i) {
            if cols.cols.iter().all(|&j| self.entry(row, j) == v) {
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
            cols: cols.id,
            v,
            to: self.state[i].slot as usize,
        });
    }

    /// [`TableData::set_row`] for every row, in order.
    pub fn set_every_row(&mut self, cols: &RowCols, v: i16) {
        if cols.whole {
            self.fill(v);
            return;
        }
        self.store_rows();
        for i in 0..self.rows {
            // The common case inline: the row is in the state the last
            // write started from, and takes its result (see `set_row`).
            let from = self.state[i];
            if let Some(last) = &self.last {
                if last.cols == cols.id && last.v == v && last.from == from {
                    let to = last.to;
                    if from.slot != to as u32 {
                        self.share(i, from, to);
                    }
                    continue;
                }
            }
            self.set_row(i, cols, v);
        }
    }

    /// Grows to `rows × cols`, keeping entries at their (i, j) and giving new
    /// ones `default` (spec 3.14). With the table's own default and no
    /// dimension shrinking, as when a type is declared late, this only
    /// changes the table's size: nothing stored moves (see the module doc).
    pub fn grow(&mut self, rows: usize, cols: usize, default: i16) {
        if rows < self.rows || cols < self.cols || default != self.default {
            self.rebuild(rows, cols, default);
            return;
        }
        self.last = None;
        self.rows = rows;
        self.cols = cols;
    }

    /// [`TableData::grow`] in general: a new table with the old entries
    /// copied one by one.
    #[cold]
    fn rebuild(&mut self, rows: usize, cols: usize, default: i16) {
        let mut grown = TableData::new(rows, cols, default);
        for i in 0..self.rows.min(rows) {
            for j in 0..self.cols.min(cols) {
                grown.set(i, j, self.get(i, j));
            }
        }
        *self = grown;
    }

    /// Row `i`'s entries.
    pub fn row(&self, i: usize) -> Vec<i16> {
        if i >= self.rows {
            return vec![0; self.cols];
        }
        let mut out = match (self.row_ref(i), self.state.get(i)) {
            (Some(row), _) => row.to_vec(),
            (None, Some(r)) => vec![r.uniform; (r.span as usize).min(self.cols)],
            (None, None) => Vec::new(),
        };
        out.resize(self.cols, self.default);
        out
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
        // A new column takes the default; the row stays unmaterialised, its
        // value covering the columns it had.
        t.grow(3, 3, 0);
        assert_eq!(t.entries(), vec![0, 0, 0, 5, 5, 0, 0, 0, 0]);
        assert_eq!(t.store.len(), 0);
        // Writing the row's value at the new column makes it uniform again
        // only by a whole-row write; an entry write materialises it.
        t.set(1, 2, 5);
        assert_eq!(t.row(1), vec![5; 3]);
        assert_eq!(t.store.len(), 3);
        // A new row only: uniform rows keep their value unmaterialised.
        t.set_row(2, &RowCols::new(vec![0, 1, 2], t.cols), 4);
        t.grow(4, 3, 0);
        assert_eq!(t.row(2), vec![4; 3]);
        assert_eq!(t.row(3), vec![0; 3]);
        assert_eq!(t.store.len(), 3);
    }

    #[test]
    fn growth_moves_nothing_until_a_row_is_written() {
        let mut t = TableData::new(2, 2, 1);
        t.set(0, 1, 7);
        t.set(1, 0, 3);
        let stored = t.store.clone();
        for n in 3..10 {
            t.grow(n, n, 1);
        }
        // Nothing was copied or widened for the seven types.
        assert_eq!(t.store, stored);
        assert_eq!(t.get(0, 1), 7);
        assert_eq!(t.get(0, 8), 1);
        assert_eq!(t.get(8, 8), 1);
        assert_eq!(t.get(9, 0), 0, "out of range reads 0");
        // The next write widens every slot once, to 9 columns or more.
        t.set(1, 8, 4);
        assert!(t.width >= 9);
        assert_eq!(t.row(0), [1, 7, 1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(t.row(1), [3, 1, 1, 1, 1, 1, 1, 1, 4]);
        // One more type fits the room left by widening: no copy.
        let width = t.width;
        t.grow(10, 10, 1);
        if width >= 10 {
            let stored = t.store.clone();
            t.set(0, 9, 2);
            assert_eq!(t.store.len(), stored.len());
        } else {
            t.set(0, 9, 2);
        }
        assert_eq!(t.row(0), [1, 7, 1, 1, 1, 1, 1, 1, 1, 2]);
        assert_eq!(t.row(1), [3, 1, 1, 1, 1, 1, 1, 1, 4, 1]);
    }

    /// A dense table, as 7.5 keeps it, for the model tests below.
    struct Dense {
        rows: usize,
        cols: usize,
        e: Vec<i16>,
    }

    impl Dense {
        fn grow(&mut self, rows: usize, cols: usize, default: i16) {
            let mut e = vec![default; rows * cols];
            for i in 0..self.rows.min(rows) {
                for j in 0..self.cols.min(cols) {
                    e[i * cols + j] = self.e[i * self.cols + j];
                }
            }
            (self.rows, self.cols, self.e) = (rows, cols, e);
        }
    }

    proptest::proptest! {
        /// Any mix of writes and growth reads as a dense table would.
        #[test]
        fn growth_and_writes_agree_with_a_dense_table(
            default in -2i16..3,
            ops in proptest::collection::vec((0u8..6, 0usize..12, 0usize..12, -2i16..3), 0..80),
        ) {
            let mut t = TableData::new(2, 3, default);
            let mut d = Dense { rows: 2, cols: 3, e: vec![default; 6] };
            for (op, a, b, v) in ops {
                match op {
                    0 => {
                        t.set(a, b, v);
                        if a < d.rows && b < d.cols {
                            d.e[a * d.cols + b] = v;
                        }
                    }
                    1 => {
                        let (rows, cols) = (d.rows + a % 2, d.cols + b % 3);
                        t.grow(rows, cols, default);
                        d.grow(rows, cols, default);
                    }
                    2 => {
                        let cols: Vec<usize> = (0..d.cols).filter(|j| (b >> (j % 4)) & 1 == 1).collect();
                        let rc = RowCols::new(cols.clone(), d.cols);
                        for i in 0..d.rows {
                            if (i + a) % 3 != 0 {
                                t.set_row(i, &rc, v);
                                for &j in &cols {
                                    d.e[i * d.cols + j] = v;
                                }
                            }
                        }
                    }
                    3 => {
                        let cols: Vec<usize> = (0..d.cols).filter(|j| j % 2 == b % 2).collect();
                        let rc = RowCols::new(cols.clone(), d.cols);
                        t.set_every_row(&rc, v);
                        for i in 0..d.rows {
                            for &j in &cols {
                                d.e[i * d.cols + j] = v;
                            }
                        }
                    }
                    4 if a < d.rows => {
                        t.set_row(a, &RowCols::every(d.cols), v);
                        d.e[a * d.cols..(a + 1) * d.cols].fill(v);
                    }
                    5 if a % 5 == 0 => {
                        t.fill(v);
                        d.e.fill(v);
                    }
                    _ => {}
                }
                proptest::prop_assert_eq!((t.rows, t.cols), (d.rows, d.cols));
                proptest::prop_assert_eq!(&t.entries(), &d.e);
                for i in 0..d.rows + 1 {
                    for n in [d.cols.saturating_sub(1), d.cols, d.cols + 2] {
                        let positive: Vec<usize> =
                            (0..n.min(d.cols)).filter(|&j| t.get(i, j) > 0).collect();
                        proptest::prop_assert_eq!(t.positive_columns(i, n), positive);
                    }
                }
            }
        }
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
