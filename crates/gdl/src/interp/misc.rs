//! The dispatch of top-level forms (gdl spec 4.1) and the small forms that need
//! no file of their own: variables, `world`, doctrines, players, scorekeepers,
//! namers, image families, history records, `print` and conditional reading.

use crate::defaults::Slot;
use crate::error::Error;
use crate::print;
use crate::value::{Kind, Value};

use super::{Global, Interp, Scorekeeper};

/// The names of top-level forms (spec 4.1); any other head is a unit form or useless.
pub const FORM_NAMES: [&str; 29] = [
    "game-module",
    "unit-type",
    "material-type",
    "terrain-type",
    "advance-type",
    "table",
    "define",
    "set",
    "undefine",
    "add",
    "world",
    "area",
    "side",
    "side-defaults",
    "doctrine",
    "independent-units",
    "player",
    "scorekeeper",
    "evt",
    "exu",
    "unit",
    "unit-defaults",
    "namer",
    "imf",
    "include",
    "if",
    "else",
    "end-if",
    "print",
];

impl Interp {
    /// Is this form a top-level form by name (not an expression)?
    pub fn is_top_level_form(&self, form: &Value) -> bool {
        matches!(form.head(), Some(Value::Sym(s)) if self.known.forms.contains_key(s))
    }

    /// Interprets one top-level form (spec 4.1).
    pub fn interpret(&mut self, form: &Value) -> Result<(), Error> {
        let from = self.current_module;
        let Some(Value::Sym(head)) = form.head() else {
            return self.useless(form, from);
        };
        let head = *head;
        let args = &form.items()[1..];
        let name = self.known.forms.get(&head).map_or("", |&i| FORM_NAMES[i]);
        match name {
            "game-module" => match self.current_module {
                Some(m) => self.game_module_form(m, args, false),
                None => Ok(()),
            },
            "unit-type" => self.declare_type(Kind::Unit, args),
            "material-type" => self.declare_type(Kind::Material, args),
            "terrain-type" => self.declare_type(Kind::Terrain, args),
            "advance-type" => self.declare_type(Kind::Advance, args),
            "table" => self.table_form(args),
            "define" => self.define_form(form),
            "set" => self.set_form(form),
            "undefine" => {
                match args.first() {
                    Some(Value::Sym(s)) => self.symbols.get_mut(*s).value = None,
                    _ => self.warn_plain("`undefine` needs a symbol to unbind"),
                }
                Ok(())
            }
            "add" => self.add_form(form),
            "world" => {
                self.world_form(args);
                Ok(())
            }
            "area" => self.area_form(args),
            "side" => self.side_form(args, false),
            "independent-units" => self.side_form(args, true),
            "side-defaults" => {
                self.side_defaults = args.to_vec();
                Ok(())
            }
            "doctrine" => self.doctrine_form(args),
            "player" => Ok(()),
            "scorekeeper" => self.scorekeeper_form(args),
            "evt" | "exu" => Ok(()),
            "unit" => {
                if self.type_count(Kind::Unit) == 0 {
                    self.load_default_game()?;
                }
                let head = args.first().cloned().unwrap_or(Value::Nil);
                self.unit_form(form, &head, &args[args.len().min(1)..])
            }
            "unit-defaults" => self.unit_defaults_form(form, args),
            "namer" => {
                if let Some(Value::Sym(s)) = args.first() {
                    let method = args.get(1).cloned().unwrap_or(Value::Nil);
                    self.namers.push((*s, method));
                    let namer = Value::Namer(self.namers.len() as u32 - 1);
                    self.bind_checked(*s, namer);
                }
                Ok(())
            }
            "imf" => {
                self.imf_form(args);
                Ok(())
            }
            "include" => self.include_form(args),
            "if" => {
                let test = self.eval(args.first().unwrap_or(&Value::Nil))?;
                self.reading = matches!(test, Value::Num(1));
                Ok(())
            }
            "else" => {
                self.reading = !self.reading;
                Ok(())
            }
            "end-if" => {
                self.reading = true;
                Ok(())
            }
            "print" => {
                let x = args.first().cloned().unwrap_or(Value::Nil);
                let mut text = Vec::new();
                print::kernel(&mut text, &x, self);
                if let Value::Sym(s) = x {
                    self.append_table_contents(&mut text, s);
                    match self.symbols.value(s).cloned() {
                        Some(v) => {
                            text.extend_from_slice(b" -> ");
                            print::kernel(&mut text, &v, self);
                        }
                        None => text.extend_from_slice(b" <unbound>"),
                    }
                }
                self.prints.push(text);
                Ok(())
            }
            _ => {
                if self.type_count(Kind::Unit) == 0 {
                    self.load_default_game()?;
                }
                if self.names_unit_type(head).is_some() {
                    return self.unit_form(form, &Value::Sym(head), args);
                }
                self.useless(form, from)
            }
        }
    }

    /// 7.5's kernel printer appends an allocated table's rows after a symbol
    /// that names it (spec 6.5; not in the oracle).
    fn append_table_contents(&self, text: &mut Vec<u8>, sym: crate::value::SymId) {
        let name = String::from_utf8_lossy(self.symbols.name(sym)).into_owned();
        let Some(&t) = self.defs.table_index.get(name.as_str()) else {
            return;
        };
        let Some(data) = &self.tables[t] else { return };
        let dice = self.defs.tables[t].dice;
        text.extend_from_slice(b"\n(");
        for i in 0..data.rows {
            text.extend_from_slice(b"\n\t(");
            for v in data.row(i) {
                text.push(b' ');
                let shown = match crate::game_values::decode_dice(v) {
                    crate::game_values::Dice::Roll {
                        count,
                        sides,
                        offset,
                    } if dice => match offset {
                        0 => format!("{count}d{sides}"),
                        o if o > 0 => format!("{count}d{sides}+{o}"),
                        o => format!("{count}d{sides}{o}"),
                    },
                    _ => v.to_string(),
                };
                text.extend_from_slice(shown.as_bytes());
            }
            text.push(b')');
        }
        text.extend_from_slice(b")\n");
    }

    /// The useless-form warning, prefixed by the module the form was read from.
    fn useless(&mut self, form: &Value, from: Option<usize>) -> Result<(), Error> {
        if self.reading {
            let mut text = self.prefix_of(from).unwrap_or_default();
            text.extend_from_slice(b"this form does nothing and is ignored: ");
            text.extend(print::message(form, self));
            text.truncate(254);
            let cut = self.prefix_of(from).map_or(0, |p| p.len());
            let body = text.split_off(cut);
            let prefix = if cut > 0 { Some(text) } else { None };
            self.push_warning(prefix, body, super::Severity::Warning);
        }
        Ok(())
    }

    fn define_form(&mut self, form: &Value) -> Result<(), Error> {
        let args = &form.items()[1..];
        let v = self.eval(args.get(1).unwrap_or(&Value::Nil))?;
        let Some(Value::Sym(sym)) = args.first() else {
            self.warn(format!(
                "`{}`: the variable must be a symbol",
                self.show(form)
            ));
            return Ok(());
        };
        if self.symbols.is_bound(*sym) {
            self.warn(format!(
                "`{}` already has a value, which is overwritten; use `set` to change a value on purpose",
                self.sym_str(*sym)
            ));
        }
        self.bind_checked(*sym, v);
        Ok(())
    }

    fn set_form(&mut self, form: &Value) -> Result<(), Error> {
        let args = &form.items()[1..];
        let v = self.eval(args.get(1).unwrap_or(&Value::Nil))?;
        let Some(Value::Sym(sym)) = args.first() else {
            self.warn(format!(
                "`{}`: the variable must be a symbol",
                self.show(form)
            ));
            return Ok(());
        };
        let name = self.sym_str(*sym);
        if let Some(&g) = self.defs.global_index.get(name.as_str()) {
            match &self.defs.globals[g].slot {
                Slot::Int { lo, hi, .. } => {
                    let (lo, hi) = (*lo, *hi);
                    let Some(n) = v.as_numeric() else {
                        self.warn(format!(
                            "global `{name}` needs a number, not `{}`",
                            self.show(&v)
                        ));
                        return Ok(());
                    };
                    if n < lo || n > hi {
                        self.warn(format!("global `{name}` is set to {n}, outside {lo}..{hi}"));
                    }
                    self.globals[g] = Global::Int(n);
                }
                Slot::Str { .. } => {
                    let Value::Str(s) = v else {
                        self.warn(format!(
                            "global `{name}` needs a string, not `{}`",
                            self.show(&v)
                        ));
                        return Ok(());
                    };
                    self.globals[g] = Global::Str(Some(s));
                }
                Slot::Obj => self.globals[g] = Global::Obj(v),
            }
        } else if self.symbols.is_bound(*sym) {
            self.bind_checked(*sym, v);
        } else {
            self.warn(format!(
                "there is no global named `{name}`; use `define` for a new variable"
            ));
        }
        Ok(())
    }

    /// Reads a `(PROP VALUE)` list's number, reusing the last one for non-numbers
    /// (spec 4.7; 0 when there was none, project).
    pub(crate) fn literal_number(value: Option<&Value>, last: &mut i32) -> i32 {
        if let Some(Value::Num(n)) = value {
            *last = *n;
        }
        *last
    }

    fn world_form(&mut self, args: &[Value]) {
        let mut rest = args;
        if let Some(Value::Sym(_)) = rest.first() {
            rest = &rest[1..];
        }
        if let Some(Value::Num(n)) = rest.first() {
            self.set_circumference(*n);
            rest = &rest[1..];
        }
        let mut last = 0;
        for el in rest {
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding like `(circumference 360)`; the rest is skipped",
                    self.show(el)
                ));
                break;
            };
            let name = self.sym_str(*prop);
            let n = Self::literal_number(el.items().get(1), &mut last);
            match name.as_str() {
                "circumference" => self.set_circumference(n),
                "day-length" => self.world.day_length = n,
                "year-length" => self.world.year_length = n,
                "axial-tilt" => self.world.axial_tilt = n,
                "daylight-fraction" | "twilight-fraction" => {}
                _ => self.warn(format!("the world form has no property named `{name}`")),
            }
        }
    }

    fn doctrine_form(&mut self, args: &[Value]) -> Result<(), Error> {
        let mut rest = args;
        if let Some(Value::Sym(s)) = rest.first() {
            let own = Value::str(self.symbols.name(*s));
            self.bind_checked(*s, own);
            rest = &rest[1..];
        } else if let Some(v) = rest.first() {
            if !matches!(v, Value::List(_)) {
                rest = &rest[1..];
            }
        }
        for el in rest {
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding; the rest is skipped",
                    self.show(el)
                ));
                break;
            };
            let name = self.sym_str(*prop);
            match name.as_str() {
                "resupply-percent" | "rearm-percent" | "repair-percent" | "locked" => {}
                "construction-run" => {
                    let mut runs = vec![0; self.type_count(Kind::Unit)];
                    let list = Value::list(el.items()[1..].to_vec());
                    self.fill_type_list(Kind::Unit, &list, &mut runs)?;
                }
                _ => self.warn(format!("the doctrine form has no property named `{name}`")),
            }
        }
        Ok(())
    }

    fn scorekeeper_form(&mut self, args: &[Value]) -> Result<(), Error> {
        let mut rest = args;
        let mut ident = 0;
        if let Some(Value::Num(n)) = rest.first() {
            ident = *n;
            rest = &rest[1..];
        } else if let Some(v) = rest.first() {
            if !matches!(v, Value::List(_)) {
                rest = &rest[1..];
            }
        }
        let k = match self
            .scorekeepers
            .iter()
            .position(|s| ident > 0 && s.id == ident)
        {
            Some(k) => k,
            None => {
                let id = self.scorekeepers.len() as i32 + 1;
                self.scorekeepers.push(Scorekeeper {
                    id: if ident > 0 { ident } else { id },
                    ..Default::default()
                });
                self.scorekeepers.len() - 1
            }
        };
        for el in rest {
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding; the rest is skipped",
                    self.show(el)
                ));
                break;
            };
            let name = self.sym_str(*prop);
            let value = el.items().get(1).cloned().unwrap_or(Value::Nil);
            let sk = &mut self.scorekeepers[k];
            match name.as_str() {
                "title" => {
                    let s = self.string_of(&value);
                    self.scorekeepers[k].title = Some(s);
                }
                "when" => sk.when = value,
                "applies-to" => sk.applies_to = value,
                "known-to" => sk.known_to = value,
                "trigger" => sk.trigger = value,
                "do" => sk.body = value,
                "notes" => sk.notes = value,
                "initial-score" => {
                    let n = self.number_of(&value);
                    self.scorekeepers[k].initial = n;
                }
                "triggered" => {
                    self.number_of(&value);
                }
                "keep-score" => {
                    let v = match &value {
                        Value::Sym(s) => self.symbols.value(*s).cloned().unwrap_or(value.clone()),
                        _ => value.clone(),
                    };
                    self.number_of(&v);
                }
                _ => self.warn(format!(
                    "the scorekeeper form has no property named `{name}`"
                )),
            }
        }
        Ok(())
    }

    /// `(imf "NAME" CLAUSE…)` (spec 4.15): checked for its warnings, not stored.
    fn imf_form(&mut self, args: &[Value]) {
        let Some(Value::Str(name)) = args.first() else {
            self.warn_plain("an image family name must be a string");
            return;
        };
        let valid = !name.is_empty()
            && name[0].is_ascii_alphanumeric()
            && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-');
        if !valid {
            self.warn_plain(format!(
                "\"{}\" is not a valid image family name: use letters, digits and `-`",
                String::from_utf8_lossy(name)
            ));
        }
        for clause in &args[1..] {
            match clause.head() {
                Some(Value::List(_)) => {}
                Some(Value::Sym(s)) if self.symbols.name(*s) == b"notes" => {
                    self.warn(format!(
                        "`{}`: extra junk after the property value",
                        self.show(clause)
                    ));
                }
                Some(Value::Sym(_)) => {
                    self.warn(format!(
                        "`{}` is not an image family property",
                        self.show(clause)
                    ));
                }
                Some(_) => {
                    self.warn(format!(
                        "`{}` is neither an image nor an image family property",
                        self.show(clause)
                    ));
                }
                None => self.warn(format!(
                    "`{}` is not a valid image family clause",
                    self.show(clause)
                )),
            }
        }
    }
}
