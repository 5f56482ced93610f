//! The kernel's game-design check as it runs during reading, after an included
//! module's variants (gdl spec 5.6.2): closing the kinds, cycle checks, unit
//! placement and the fatal design errors.

use crate::error::Error;
use crate::value::{Kind, Value};

use super::{Global, Interp};

const SYNTHESIS_METHODS: [&str; 13] = [
    "make-fractal-percentile-terrain",
    "make-random-terrain",
    "make-earthlike-terrain",
    "make-maze-terrain",
    "make-rivers",
    "make-countries",
    "make-independent-units",
    "make-initial-materials",
    "name-units-randomly",
    "name-geographical-features",
    "make-roads",
    "make-weather",
    "make-random-date",
];

impl Interp {
    /// The first type (by index) that lies on a cycle of the relation
    /// "entry (i, j) of table `name` is positive".
    fn first_on_cycle(&self, name: &str) -> Option<usize> {
        let t = *self.defs.table_index.get(name)?;
        let data = self.tables[t].as_ref()?;
        let n = data.rows.min(data.cols);
        // The edges out of each type, read from the table once rather than
        // once per search that reaches the type.
        let edges: Vec<Vec<usize>> = (0..n).map(|i| data.positive_columns(i, n)).collect();
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        (0..n).find(|&start| {
            seen.fill(false);
            stack.clear();
            stack.extend_from_slice(&edges[start]);
            while let Some(k) = stack.pop() {
                if k == start {
                    return true;
                }
                if !std::mem::replace(&mut seen[k], true) {
                    stack.extend_from_slice(&edges[k]);
                }
            }
            false
        })
    }

    /// Spec 5.6.2, in order.
    pub(crate) fn validity_check(&mut self) -> Result<(), Error> {
        self.closed = [true; 4];
        if self.type_count(Kind::Advance) > 0 {
            if let Some(a) = self.first_on_cycle("advance-needed-to-research") {
                let name =
                    String::from_utf8_lossy(self.type_str(Kind::Advance, a, "name")).into_owned();
                self.warn_plain(format!("advance {name} needs itself to be researched (a cycle in advance-needed-to-research)"));
            }
        }
        self.place_units();
        if self.type_count(Kind::Unit) == 0 {
            return Err(Error::kernel("no unit types have been defined"));
        }
        if let Some(u) = self.first_on_cycle("complete-occs-on-completion") {
            let name = String::from_utf8_lossy(self.type_str(Kind::Unit, u, "name")).into_owned();
            return Err(Error::kernel(format!(
                "Cycle detected in occs-on-completion graph. {name} is an ancestor of itself"
            )));
        }
        if self.type_count(Kind::Terrain) == 0 {
            return Err(Error::kernel("no terrain types have been defined"));
        }
        let (smin, smax) = (
            self.global_int("country-separation-min"),
            self.global_int("country-separation-max"),
        );
        if smin >= 0 && smax >= 0 && smin > smax {
            self.warn_plain(format!(
                "country separation {smin} to {smax}: the minimum is above the maximum"
            ));
        }
        if let Some(&g) = self.defs.global_index.get("synthesis-methods") {
            if let Global::Obj(methods) = self.globals[g].clone() {
                for m in methods.items() {
                    let ok = matches!(m, Value::Sym(s) if SYNTHESIS_METHODS.iter().any(|n| n.as_bytes() == self.symbols.name(*s)));
                    if !ok {
                        self.warn_plain(format!(
                            "`{}` is not a synthesis method; it is ignored",
                            self.show(m)
                        ));
                    }
                }
            }
        }
        let nt = self.type_count(Kind::Terrain);
        for i in 0..nt {
            for j in i + 1..nt {
                if self.type_str(Kind::Terrain, i, "name")
                    == self.type_str(Kind::Terrain, j, "name")
                {
                    self.warn_plain(format!(
                        "terrain types {i} and {j} are both named \"{}\"",
                        String::from_utf8_lossy(self.type_str(Kind::Terrain, i, "name"))
                    ));
                }
            }
        }
        for u in 0..self.type_count(Kind::Unit) {
            if self.type_int(Kind::Unit, u, "available") != 1 {
                return Err(Error::kernel(format!(
                    "unit type {u} must always be available"
                )));
            }
            if self.type_int(Kind::Unit, u, "cp") < 0 {
                return Err(Error::kernel(format!("unit type {u} has nonpositive cp")));
            }
            if self.type_int(Kind::Unit, u, "hp-max") <= 0 {
                return Err(Error::kernel(format!("unit type {u} has nonpositive hp")));
            }
            if self.type_int(Kind::Unit, u, "wrecked-type") == u as i32 {
                return Err(Error::kernel(format!("unit type {u} wrecks to same type.")));
            }
        }
        if nt > 0 && (0..nt).all(|t| self.type_int(Kind::Terrain, t, "subtype") != 0) {
            return Err(Error::kernel("no terrain type has been allowed for cells"));
        }
        Ok(())
    }

    /// Placing units (spec 5.6.2), most recently created first.
    fn place_units(&mut self) {
        for u in (0..self.units.len()).rev() {
            if self.units[u].hp <= 0 {
                continue;
            }
            if let Some(r) = self.units[u].transport_ref.clone() {
                self.place_in_transport(u, r);
                continue;
            }
            if self.units[u].on_map {
                continue;
            }
            let (x, y) = (self.units[u].prevx, self.units[u].prevy);
            if self.area.well_inside(x, y) {
                let unit = &mut self.units[u];
                unit.on_map = true;
                unit.prevx = -1;
                unit.prevy = -1;
            } else if (x, y) == (-1, -1) {
            } else if self.units[u].cp >= 0 {
                if self.area.full_width == 0 {
                    let label = self.unit_label(u);
                    self.warn_plain(format!(
                        "{label} is outside the area and is left there; move it inside"
                    ));
                }
                self.units[u].cp = -1;
            }
        }
    }

    fn place_in_transport(&mut self, u: usize, r: Value) {
        let r = match &r {
            Value::Sym(s) => self.symbols.value(*s).cloned().unwrap_or(r),
            _ => r,
        };
        let found = match &r {
            Value::Num(id) => self.units.iter().position(|o| o.id == *id && o.hp > 0),
            Value::Str(name) => self
                .units
                .iter()
                .position(|o| o.name.as_deref() == Some(&name[..])),
            _ => None,
        };
        match found {
            Some(t) => self.units[u].transport = self.units[t].id,
            None => {
                let label = self.unit_label(u);
                self.warn_plain(format!(
                    "transport `{}` of {label} was not found",
                    self.show(&r)
                ));
            }
        }
    }
}
