//! Units: unit type lookup, typed unit forms and `unit`, and `unit-defaults`
//! (gdl spec 4.14).

use crate::error::{Error, ErrorKind};
use crate::value::{Kind, SymId, Value};

use super::{Interp, Prop};

/// A unit as read (spec 4.14.2).
#[derive(Clone, Debug)]
pub struct Unit {
    pub id: i32,
    pub utype: usize,
    pub prevx: i32,
    pub prevy: i32,
    pub z: i32,
    pub side: i32,
    pub origside: i32,
    pub name: Option<Vec<u8>>,
    pub number: i32,
    pub hp: i32,
    pub cp: i32,
    pub cxp: i32,
    pub transport: i32,
    pub image_name: Option<Vec<u8>>,
    pub supply: Vec<i32>,
    pub on_map: bool,
    pub transport_ref: Option<Value>,
}

/// The `unit-defaults` state (spec 4.14.3).
#[derive(Clone, Debug)]
pub(crate) struct UnitDefaults {
    pub dx: i32,
    pub dy: i32,
    pub side: i32,
    pub origside: i32,
    pub cp: i32,
    pub hp: i32,
    pub cxp: i32,
}

impl Default for UnitDefaults {
    fn default() -> Self {
        UnitDefaults {
            dx: 0,
            dy: 0,
            side: -1,
            origside: -1,
            cp: -1,
            hp: -1,
            cxp: -1,
        }
    }
}

/// Unit properties read and not dumped; the second list may take several elements.
const IGNORED: &[&str] = &[
    "mo",
    "acp",
    "acp0",
    "am",
    "size",
    "reach",
    "usedcells",
    "maxcells",
    "curadv",
    "popul",
    "cpstash",
    "creation-id",
    "point-value",
    "disappear",
    "priority",
    "sym",
];
const IGNORED_MULTI: &[&str] = &[
    "trk", "tp", "opinions", "a", "plan", "prod", "appear", "sides",
];

fn num_or_zero(v: Option<&Value>) -> i32 {
    match v {
        Some(Value::Num(n)) => *n,
        _ => 0,
    }
}

impl Interp {
    /// Spec 4.14.1: the unit type a symbol names, if any.
    pub(crate) fn names_unit_type(&self, sym: SymId) -> Option<usize> {
        if let Some(i) = self.symbols.value(sym).and_then(|v| v.as_type(Kind::Unit)) {
            return Some(i);
        }
        let name = self.symbols.name(sym);
        let n = self.type_count(Kind::Unit);
        for prop in ["name", "short-name", "long-name"] {
            // Look the property up once, not once per type: this runs for
            // every unit form of a scenario.
            let Some(p) = self.prop_index(Kind::Unit, prop) else {
                continue;
            };
            if let Some(i) = (0..n).find(|&i| {
                matches!(self.type_prop(Kind::Unit, i, p), Prop::Str(s) if !s.is_empty() && **s == *name)
            }) {
                return Some(i);
            }
        }
        None
    }

    /// 7.5's unit designator, used in messages.
    pub(crate) fn unit_label(&self, u: usize) -> String {
        let unit = &self.units[u];
        format!(
            "s{} {} {} ({},{})",
            unit.side,
            String::from_utf8_lossy(self.type_str(Kind::Unit, unit.utype, "name-internal")),
            unit.id,
            unit.prevx,
            unit.prevy
        )
    }

    fn create_unit(&mut self, t: usize) -> Option<usize> {
        let type_max = self.type_int(Kind::Unit, t, "type-in-game-max");
        let all_max = self.global_int("units-in-game-max");
        // Counting the units of a type walks every unit, so only do it when
        // the type has a limit (the default, -1, has none).
        let type_full =
            type_max >= 0 && self.units.iter().filter(|u| u.utype == t).count() as i32 >= type_max;
        if type_full || (all_max >= 0 && self.units.len() as i32 >= all_max) {
            self.warn("no more units of this type can be created (type-in-game-max or units-in-game-max); the form is skipped");
            return None;
        }
        let id = self.next_unit_id;
        self.next_unit_id = self.next_unit_id.wrapping_add(1);
        self.units.push(Unit {
            id,
            utype: t,
            prevx: -1,
            prevy: -1,
            z: 0,
            side: 0,
            origside: 0,
            name: None,
            number: 0,
            hp: self.type_int(Kind::Unit, t, "hp-max"),
            cp: self.type_int(Kind::Unit, t, "cp"),
            cxp: 0,
            transport: -1,
            image_name: None,
            supply: vec![0; self.type_count(Kind::Material)],
            on_map: false,
            transport_ref: None,
        });
        self.closed[Kind::Material.index()] = true;
        Some(self.units.len() - 1)
    }

    /// A typed unit form or `(unit HEAD …)` (spec 4.14.2).
    pub(crate) fn unit_form(
        &mut self,
        form: &Value,
        head: &Value,
        args: &[Value],
    ) -> Result<(), Error> {
        if self.global_int("create-units-from-specs") == 0 {
            return self.save_unit_spec(form, head);
        }
        let u = match head {
            Value::Sym(s) => match self.names_unit_type(*s) {
                Some(t) => match self.create_unit(t) {
                    Some(u) => u,
                    None => return Ok(()),
                },
                None => {
                    self.warn(format!(
                        "\"{}\" is not a unit type; the unit form is skipped",
                        self.sym_str(*s)
                    ));
                    return Ok(());
                }
            },
            Value::Str(name) => match self
                .units
                .iter()
                .rposition(|u| u.name.as_deref() == Some(&name[..]))
            {
                Some(u) => u,
                None => {
                    self.warn(format!(
                        "there is no unit named \"{}\"; the form is skipped",
                        String::from_utf8_lossy(name)
                    ));
                    return Ok(());
                }
            },
            Value::Num(n) => match self.units.iter().rposition(|u| u.number == *n) {
                Some(u) => u,
                None => {
                    self.warn(format!(
                        "there is no unit numbered {n}; the form is skipped"
                    ));
                    return Ok(());
                }
            },
            other => {
                return Err(self.fatal_here(
                    ErrorKind::Crash,
                    format!(
                        "a unit form must start with a unit type, name or number, not `{}`",
                        self.show(other)
                    ),
                ))
            }
        };
        let d = self.unit_defaults.clone();
        let mut side_num = (d.side >= 0).then_some(d.side);
        let mut orig_num = (d.origside >= 0).then_some(d.origside);
        {
            let unit = &mut self.units[u];
            if d.cp >= 0 {
                unit.cp = d.cp;
            }
            if d.hp >= 0 {
                unit.hp = d.hp;
            }
            if d.cxp >= 0 {
                unit.cxp = d.cxp;
            }
        }
        let t = self.units[u].utype;
        let storage = self.defs.table_index.get("unit-storage-x").copied();
        let initial = self.defs.table_index.get("unit-initial-supply").copied();
        for m in 0..self.type_count(Kind::Material) {
            let value = |table: Option<usize>| table.map_or(0, |k| self.table_value(k, t, m));
            let s = value(storage).min(value(initial));
            if let Some(slot) = self.units[u].supply.get_mut(m) {
                *slot = s;
            }
        }
        let mut rest = args;
        if let Some(Value::Num(x)) = rest.first() {
            self.units[u].prevx = x.wrapping_add(d.dx).wrapping_sub(self.area.x0);
            rest = &rest[1..];
            if let Some(Value::Num(y)) = rest.first() {
                self.units[u].prevy = y.wrapping_add(d.dy).wrapping_sub(self.area.y0);
                rest = &rest[1..];
            }
        }
        if let Some(s) = rest.first() {
            if !matches!(s, Value::List(_)) {
                let v = self.eval(s)?;
                side_num = Some(self.focused(s, |it| it.number_of(&v)));
                rest = &rest[1..];
            }
        }
        let mut requested = 0;
        let outer = self.part;
        for el in rest {
            self.focus(el);
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding like `(n \"name\")`; the form ends here",
                    self.show(el)
                ));
                return Ok(());
            };
            let name = self.sym_name(*prop);
            let name = String::from_utf8_lossy(&name);
            let parts = &el.items()[1..];
            let value = parts.first().cloned().unwrap_or(Value::Nil);
            let multi = IGNORED_MULTI.contains(&&*name) || name == "m" || name == "@";
            if !multi && parts.len() > 1 {
                self.warn(format!(
                    "the `{name}` property of {} has extra elements; they are ignored",
                    self.unit_label(u)
                ));
            }
            match &*name {
                "n" => self.units[u].name = Some(self.string_of(&value)),
                "image-name" => self.units[u].image_name = Some(self.string_of(&value)),
                "#" => requested = num_or_zero(Some(&value)),
                "s" | "os" => {
                    let n = match value {
                        Value::Num(n) => n,
                        other => {
                            let v = self.eval(&other)?;
                            self.number_of(&v)
                        }
                    };
                    if name == "s" {
                        side_num = Some(n);
                    } else {
                        orig_num = Some(n);
                    }
                }
                "@" => {
                    let y = match parts.get(1) {
                        Some(Value::Num(y)) => *y,
                        other => {
                            let v = other.cloned().unwrap_or(Value::Nil);
                            self.warn(format!(
                                "unit position `{}` is not a number; using 0",
                                self.show(&v)
                            ));
                            0
                        }
                    };
                    let x = num_or_zero(Some(&value));
                    let unit = &mut self.units[u];
                    unit.prevx = x.wrapping_add(d.dx).wrapping_sub(self.area.x0);
                    unit.prevy = y.wrapping_add(d.dy).wrapping_sub(self.area.y0);
                }
                "nb" => self.units[u].number = num_or_zero(Some(&value)),
                "cp" => self.units[u].cp = num_or_zero(Some(&value)),
                "hp" => self.units[u].hp = num_or_zero(Some(&value)),
                "cxp" => self.units[u].cxp = num_or_zero(Some(&value)),
                "z" => self.units[u].z = num_or_zero(Some(&value)),
                "m" => {
                    let mut supply = self.units[u].supply.clone();
                    self.fill_type_list(Kind::Material, &Value::list(parts.to_vec()), &mut supply)?;
                    self.units[u].supply = supply;
                }
                "in" => self.units[u].transport_ref = Some(value),
                _ if IGNORED.contains(&&*name) || IGNORED_MULTI.contains(&&*name) => {}
                _ => self.warn(format!(
                    "unit {} has no property named `{name}`",
                    self.unit_label(u)
                )),
            }
        }
        self.part = outer;
        if requested > 0 {
            if let Some(other) = self
                .units
                .iter()
                .position(|o| o.id == requested && o.hp > 0)
            {
                if other != u {
                    return Err(Error::kernel(format!(
                        "Id {requested} already in use by {}",
                        self.unit_label(other)
                    )));
                }
            }
            self.units[u].id = requested;
            self.next_unit_id = self.next_unit_id.max(requested.wrapping_add(1));
        }
        if let Some(n) = side_num.filter(|n| *n >= 0) {
            self.units[u].side = self.existing_side(n)?;
        }
        let orig = match orig_num.filter(|n| *n >= 0) {
            Some(n) => self.existing_side(n)?,
            None => self.units[u].side,
        };
        self.units[u].origside = orig;
        Ok(())
    }

    /// With `create-units-from-specs` 0, unit forms are saved, not run (spec 4.14.2).
    fn save_unit_spec(&mut self, form: &Value, head: &Value) -> Result<(), Error> {
        let spec_prop =
            |spec: &Value, prop: &[u8], symbols: &crate::value::Symbols| -> Option<Value> {
                spec.items().iter().find_map(|el| match el.head() {
                    Some(Value::Sym(s)) if symbols.name(*s) == prop => el.items().get(1).cloned(),
                    _ => None,
                })
            };
        match head {
            Value::Sym(s) => {
                if self.names_unit_type(*s).is_none() {
                    self.warn(format!(
                        "\"{}\" is not a unit type; the unit form is skipped",
                        self.sym_str(*s)
                    ));
                    return Ok(());
                }
                self.unit_specs
                    .push((form.clone(), self.unit_defaults_form.clone()));
            }
            Value::Str(name) => {
                let found = self.unit_specs.iter().any(|(f, _)| {
                    matches!(spec_prop(f, b"n", &self.symbols), Some(Value::Str(n)) if n == *name)
                });
                if !found {
                    self.warn(format!(
                        "there is no saved unit spec named \"{}\"; the form is skipped",
                        String::from_utf8_lossy(name)
                    ));
                }
            }
            Value::Num(n) => {
                let found = self.unit_specs.iter().any(|(f, _)| {
                    matches!(spec_prop(f, b"nb", &self.symbols), Some(Value::Num(k)) if k == *n)
                });
                if !found {
                    self.warn(format!(
                        "there is no saved unit spec numbered {n}; the form is skipped"
                    ));
                }
            }
            other => {
                return Err(self.fatal_here(
                    ErrorKind::Crash,
                    format!(
                        "a unit form must start with a unit type, name or number, not `{}`",
                        self.show(other)
                    ),
                ))
            }
        }
        Ok(())
    }

    fn existing_side(&mut self, n: i32) -> Result<i32, Error> {
        match self.side_index(n) {
            Some(_) => Ok(n),
            None => Err(self.fatal_here(
                ErrorKind::Crash,
                format!("unit refers to side {n}, which does not exist; declare the side first"),
            )),
        }
    }

    /// `(unit-defaults [reset] (PROP VALUE)…)` (spec 4.14.3).
    pub(crate) fn unit_defaults_form(&mut self, form: &Value, args: &[Value]) -> Result<(), Error> {
        self.unit_defaults_form = form.clone();
        let mut rest = args;
        if matches!(rest.first(), Some(Value::Sym(s)) if *s == self.known.reset) {
            self.unit_defaults = UnitDefaults::default();
            rest = &rest[1..];
        }
        let outer = self.part;
        for el in rest {
            self.focus(el);
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding; the rest is skipped",
                    self.show(el)
                ));
                break;
            };
            let name = self.sym_name(*prop);
            let name = String::from_utf8_lossy(&name);
            let parts = &el.items()[1..];
            let value = parts.first().cloned().unwrap_or(Value::Nil);
            if name != "@" && name != "tp" && parts.len() > 1 {
                self.warn(format!(
                    "the default `{name}` property has extra elements; they are ignored"
                ));
            }
            match &*name {
                "@" => {
                    self.unit_defaults.dx = num_or_zero(Some(&value));
                    self.unit_defaults.dy = num_or_zero(parts.get(1));
                }
                "s" | "os" => {
                    let n = match value {
                        Value::Num(n) => n,
                        other => {
                            let v = self.eval(&other)?;
                            self.number_of(&v)
                        }
                    };
                    if name == "s" {
                        self.unit_defaults.side = n;
                    } else {
                        self.unit_defaults.origside = n;
                    }
                }
                "cp" => self.unit_defaults.cp = num_or_zero(Some(&value)),
                "hp" => self.unit_defaults.hp = num_or_zero(Some(&value)),
                "cxp" => self.unit_defaults.cxp = num_or_zero(Some(&value)),
                "z" | "in" => {}
                "tp" => {
                    self.closed[Kind::Unit.index()] = true;
                    let mut tp = vec![0; self.type_count(Kind::Unit)];
                    self.fill_type_list(Kind::Unit, &Value::list(parts.to_vec()), &mut tp)?;
                }
                _ => self.warn(format!(
                    "the unit-defaults form has no property named `{name}`"
                )),
            }
        }
        self.part = outer;
        Ok(())
    }
}
