//! Small forms that need no file of their own: `define` and `set`, `world`,
//! doctrines, scorekeepers and image families (gdl spec 3.15, 4.7, 4.10,
//! 4.12, 4.15).

use crate::defaults::Slot;
use crate::error::Error;
use crate::value::{Kind, Value};

use super::{Global, Interp, Scorekeeper};

impl Interp {
    pub(crate) fn define_form(&mut self, form: &Value) -> Result<(), Error> {
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
            let text = format!(
                "`{}` already has a value, which is overwritten; use `set` to change a value on purpose",
                self.sym_str(*sym)
            );
            self.focused(&args[0], |it| it.warn(text));
        }
        self.bind_checked(*sym, v);
        Ok(())
    }

    pub(crate) fn set_form(&mut self, form: &Value) -> Result<(), Error> {
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

    pub(crate) fn world_form(&mut self, args: &[Value]) {
        let mut rest = args;
        if let Some(Value::Sym(_)) = rest.first() {
            rest = &rest[1..];
        }
        if let Some(Value::Num(n)) = rest.first() {
            self.set_circumference(*n);
            rest = &rest[1..];
        }
        let mut last = 0;
        let outer = self.part;
        for el in rest {
            self.focus(el);
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
        self.part = outer;
    }

    pub(crate) fn doctrine_form(&mut self, args: &[Value]) -> Result<(), Error> {
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
        self.part = outer;
        Ok(())
    }

    pub(crate) fn scorekeeper_form(&mut self, args: &[Value]) -> Result<(), Error> {
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
        self.part = outer;
        Ok(())
    }

    /// `(imf "NAME" CLAUSE…)` (spec 4.15): checked for its warnings, not stored.
    pub(crate) fn imf_form(&mut self, args: &[Value]) {
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
        let outer = self.part;
        for clause in &args[1..] {
            self.focus(clause);
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
        self.part = outer;
    }
}
