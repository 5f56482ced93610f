//! The `table` form: allocation, clauses and the 7.5 fill rules, including
//! partial writes when a clause fails half-way (gdl spec 3.12), and table
//! growth when a type arrives after its kind was closed (spec 3.14).

use crate::error::Error;
use crate::value::{Kind, Value};

use super::table_data::RowCols;
use super::{Interp, TableData};

/// A failed check ends the clause (spec 3.12 "skipping clause").
struct ClauseEnd;

/// A clause's column list, resolved once for all its rows.
struct Columns {
    /// The valid column indexes up to the first bad one.
    good: RowCols,
    /// The first invalid column, which ends the clause.
    bad: Option<Value>,
}

impl Interp {
    /// `(table NAME [add] CLAUSE…)`.
    pub(crate) fn table_form(&mut self, args: &[Value]) -> Result<(), Error> {
        let name = args.first().cloned().unwrap_or(Value::Nil);
        let Value::Sym(sym) = name else {
            self.warn(format!(
                "a table name must be a symbol, not `{}`",
                self.show(&name)
            ));
            return Ok(());
        };
        let tname = self.sym_name(sym);
        let tname = String::from_utf8_lossy(&tname);
        if tname.starts_with("zz-") {
            return Ok(());
        }
        let Some(&t) = self.defs.table_index.get(&*tname) else {
            let text =
                format!("there is no table named `{tname}`; check the spelling against the manual");
            self.focused(&args[0], |it| it.warn(text));
            return Ok(());
        };
        let mut clauses = &args[1..];
        if matches!(clauses.first(), Some(Value::Sym(s)) if *s == self.known.add) {
            clauses = &clauses[1..];
        } else {
            self.tables[t] = None;
        }
        self.allocate_table(t);
        let outer = self.part;
        for clause in clauses {
            self.focus(clause);
            // Clauses are borrowed from the form, not cloned: this loop runs
            // once per clause of every table form.
            let evaluated;
            let clause = match clause {
                Value::Sym(_) => {
                    let v = self.eval(clause)?;
                    if v.as_numeric().is_none() || !matches!(v, Value::Num(_)) {
                        self.warn(format!(
                            "table clause `{}` should be a number; the rest of the table form is skipped",
                            self.show(&v)
                        ));
                        return Ok(());
                    }
                    evaluated = v;
                    &evaluated
                }
                other => other,
            };
            match clause {
                Value::Num(v) => {
                    let def = &self.defs.tables[t];
                    if *v < def.lo || *v > def.hi {
                        self.warn(format!(
                            "table {tname} value {v} is outside {}..{}; the rest of the table form is skipped",
                            def.lo, def.hi
                        ));
                        return Ok(());
                    }
                    self.allocate_table(t);
                    if let Some(data) = &mut self.tables[t] {
                        data.fill(*v as i16);
                    }
                }
                Value::List(items) => {
                    let get = |i: usize| items.get(i).unwrap_or(&Value::Nil);
                    let i = self.eval(get(0))?;
                    let j = self.eval(get(1))?;
                    let v = self.eval(get(2))?;
                    if items.len() > 3 {
                        self.warn(format!(
                            "table `{tname}` clause `{}` has extra elements; they are ignored",
                            self.show(clause)
                        ));
                    }
                    let _ = self.fill(t, &i, &j, &v);
                }
                _ => {}
            }
        }
        self.part = outer;
        Ok(())
    }

    /// Allocates table `t` at the current type counts, closing its index kinds.
    fn allocate_table(&mut self, t: usize) {
        if self.tables[t].is_some() {
            return;
        }
        let def = &self.defs.tables[t];
        let (k1, k2) = (def.index1, def.index2);
        let (rows, cols) = (self.type_count(k1), self.type_count(k2));
        if rows == 0 || cols == 0 {
            let missing = if rows == 0 { k1 } else { k2 };
            self.warn_plain(format!(
                "table {} cannot be filled yet: no {} types are defined; declare the types first",
                def.name,
                missing.word()
            ));
            return;
        }
        self.tables[t] = Some(TableData::new(rows, cols, def.default as i16));
        self.closed[k1.index()] = true;
        self.closed[k2.index()] = true;
    }

    /// Grows every allocated table indexed by `kind` after a new type (spec 3.14, project).
    pub(crate) fn grow_for_new_type(&mut self, kind: Kind) {
        // A table is allocated only after its index kinds are closed (see
        // `allocate_table`), and nothing reopens a kind: while `kind` is
        // open no table needs growing. Once it is closed, only the tables
        // indexed by it are looked at, and growing one moves nothing
        // (`TableData::grow`), so a late type costs O(those tables).
        if self.closed[kind.index()] {
            for &t in &self.tables_by_kind[kind.index()] {
                let def = &self.defs.tables[t];
                let Some(data) = &mut self.tables[t] else {
                    continue;
                };
                let rows = data.rows + usize::from(def.index1 == kind);
                let cols = data.cols + usize::from(def.index2 == kind);
                data.grow(rows, cols, def.default as i16);
            }
        }
        if kind == Kind::Material {
            for u in &mut self.units {
                u.supply.push(0);
            }
        }
    }

    /// Runs once per table entry written, so the check is kept small enough
    /// to inline and the warning is out of line.
    #[inline]
    fn check_index(&mut self, t: usize, which: u8, x: &Value) -> Result<usize, ClauseEnd> {
        let def = &self.defs.tables[t];
        let kind = if which == 1 { def.index1 } else { def.index2 };
        match x.as_type(kind) {
            Some(i) => Ok(i),
            None => self.bad_index(t, which, x),
        }
    }

    #[cold]
    #[inline(never)]
    fn bad_index(&mut self, t: usize, which: u8, x: &Value) -> Result<usize, ClauseEnd> {
        let def = &self.defs.tables[t];
        let kind = if which == 1 { def.index1 } else { def.index2 };
        self.warn(format!(
            "table {} index {which} `{}` is not a {} type; the rest of the clause is skipped",
            def.name,
            self.show(x),
            kind.word()
        ));
        Err(ClauseEnd)
    }

    /// Once per entry written, like `check_index`.
    #[inline]
    fn check_value(&mut self, t: usize, v: &Value) -> Result<i32, ClauseEnd> {
        let def = &self.defs.tables[t];
        match v.as_numeric() {
            Some(n) if n >= def.lo && n <= def.hi => Ok(n),
            _ => self.bad_value(t, v),
        }
    }

    #[cold]
    #[inline(never)]
    fn bad_value(&mut self, t: usize, v: &Value) -> Result<i32, ClauseEnd> {
        let def = &self.defs.tables[t];
        let Some(n) = v.as_numeric() else {
            self.warn(format!(
                "table {} value `{}` is not a number; the rest of the clause is skipped",
                def.name,
                self.show(v)
            ));
            return Err(ClauseEnd);
        };
        if n < def.lo || n > def.hi {
            self.warn(format!(
                "table {} value {n} is outside {}..{}; the rest of the clause is skipped",
                def.name, def.lo, def.hi
            ));
            return Err(ClauseEnd);
        }
        Ok(n)
    }

    fn check_lengths(&mut self, t: usize, a: &Value, b: &Value) -> Result<(), ClauseEnd> {
        let (x, y) = (a.items().len(), b.items().len());
        if x != y {
            self.warn(format!(
                "table `{}`: {x} indexes but {y} values; give one value per index",
                self.defs.tables[t].name
            ));
            return Err(ClauseEnd);
        }
        Ok(())
    }

    /// Stores `v` at (i, j) for every j of `cols`.
    fn store_row(&mut self, t: usize, i: usize, cols: &RowCols, v: i32) {
        if let Some(data) = &mut self.tables[t] {
            data.set_row(i, cols, v as i16);
        }
    }

    fn store(&mut self, t: usize, i: usize, j: usize, v: i32) {
        if let Some(data) = &mut self.tables[t] {
            data.set(i, j, v as i16);
        }
    }

    /// The valid column indexes of `j` up to the first bad one, whether they
    /// are every column of the table in order (so rows can be filled whole),
    /// and the bad one.
    fn column_indexes(&self, t: usize, j: &Value) -> Columns {
        let kind = self.defs.tables[t].index2;
        let cols = self.tables[t].as_ref().map_or(0, |d| d.cols);
        if cols > 0 && self.is_kind_list(kind, j, cols) {
            return Columns {
                good: RowCols::every(cols),
                bad: None,
            };
        }
        let mut good = Vec::with_capacity(j.items().len());
        let mut bad = None;
        for jx in j.items() {
            match jx.as_type(kind) {
                Some(i) => good.push(i),
                None => {
                    bad = Some(jx.clone());
                    break;
                }
            }
        }
        Columns {
            good: RowCols::new(good, cols),
            bad,
        }
    }

    /// The fill cases of spec 3.12.
    fn fill(&mut self, t: usize, i: &Value, j: &Value, v: &Value) -> Result<(), ClauseEnd> {
        fn nth(l: &Value, k: usize) -> &Value {
            l.items().get(k).unwrap_or(&Value::Nil)
        }
        if !i.is_listish() {
            let ii = self.check_index(t, 1, i)?;
            if !j.is_listish() {
                let jj = self.check_index(t, 2, j)?;
                let n = self.check_value(t, v)?;
                self.store(t, ii, jj, n);
                return Ok(());
            }
            if !v.is_listish() {
                // `(u1 t* V)` and the like: one row, one value, written as a
                // row (a whole one is not materialised). The first column is
                // checked before the value, as entry by entry.
                let cols = self.column_indexes(t, j);
                if cols.good.is_empty() {
                    if let Some(bad) = &cols.bad {
                        self.check_index(t, 2, bad)?;
                    }
                    return Ok(());
                }
                let n = self.check_value(t, v)?;
                self.store_row(t, ii, &cols.good, n);
                if let Some(bad) = &cols.bad {
                    self.check_index(t, 2, bad)?;
                }
                return Ok(());
            }
            if matches!(v, Value::List(_)) {
                self.check_lengths(t, j, v)?;
            }
            for (k, jx) in j.items().iter().enumerate() {
                let jj = self.check_index(t, 2, jx)?;
                let w = if v.is_listish() { nth(v, k) } else { v };
                let n = self.check_value(t, w)?;
                self.store(t, ii, jj, n);
            }
            return Ok(());
        }
        if matches!(v, Value::List(_)) {
            self.check_lengths(t, i, v)?;
        }
        if j.is_listish() && !v.is_listish() {
            // The common `(u* t* V)`: every row and column in order, one value.
            let def = &self.defs.tables[t];
            let whole = |l: &Value, kind: Kind, n: usize| {
                self.is_kind_list(kind, l, n)
                    || l.items().len() == n
                        && l.items()
                            .iter()
                            .enumerate()
                            .all(|(k, x)| x.as_type(kind) == Some(k))
            };
            if let Some(data) = &self.tables[t] {
                if whole(i, def.index1, data.rows) && whole(j, def.index2, data.cols) {
                    let n = self.check_value(t, v)?;
                    if let Some(data) = &mut self.tables[t] {
                        data.fill(n as i16);
                    }
                    return Ok(());
                }
            }
        }
        if !v.is_listish() {
            // Every row in order and one value (`(u* (a b) V)`, `(u* c V)`):
            // the checks below come out the same for every row, so they run
            // once and the rows are written in one loop. A bad column ends
            // the clause after the first row; the loop below does that.
            let rows = self.tables[t].as_ref().map_or(0, |d| d.rows);
            if rows > 0 && self.is_kind_list(self.defs.tables[t].index1, i, rows) {
                let cols = if j.is_listish() {
                    let n = self.check_value(t, v)?;
                    let cols = self.column_indexes(t, j);
                    cols.bad.is_none().then_some((cols.good, n))
                } else {
                    let jj = self.check_index(t, 2, j)?;
                    let n = self.check_value(t, v)?;
                    let width = self.tables[t].as_ref().map_or(0, |d| d.cols);
                    Some((RowCols::new(vec![jj], width), n))
                };
                if let Some((cols, n)) = cols {
                    if let Some(data) = &mut self.tables[t] {
                        data.set_every_row(&cols, n as i16);
                    }
                    return Ok(());
                }
            }
        }
        let mut columns: Option<Columns> = None;
        let mut one_column: Option<RowCols> = None;
        for (k, ix) in i.items().iter().enumerate() {
            let ii = self.check_index(t, 1, ix)?;
            let w = if v.is_listish() { nth(v, k) } else { v };
            if !j.is_listish() {
                let jj = self.check_index(t, 2, j)?;
                let n = self.check_value(t, w)?;
                // As a one-column row write, so that rows alike before
                // `(u* c V)` share their row after it (see `set_row`); `j`
                // is one type, so `jj` is the same for every row.
                let cols = self.tables[t].as_ref().map_or(0, |d| d.cols);
                let one = one_column.get_or_insert_with(|| RowCols::new(vec![jj], cols));
                self.store_row(t, ii, one, n);
            } else if !w.is_listish() {
                let n = self.check_value(t, w)?;
                // The hot path of `(u* u* V)`: resolve the column indexes once
                // per clause; the first bad one ends the clause anyway.
                let cols = match &columns {
                    Some(c) => c,
                    None => columns.insert(self.column_indexes(t, j)),
                };
                self.store_row(t, ii, &cols.good, n);
                if let Some(bad) = &cols.bad {
                    let bad = bad.clone();
                    self.check_index(t, 2, &bad)?;
                }
            } else {
                if matches!(w, Value::List(_)) {
                    self.check_lengths(t, j, w)?;
                }
                for (m, jx) in j.items().iter().enumerate() {
                    let jj = self.check_index(t, 2, jx)?;
                    let n = self.check_value(t, nth(w, m))?;
                    self.store(t, ii, jj, n);
                }
            }
        }
        Ok(())
    }
}
