//! Type declarations, their properties, the `add` form, and type-indexed value
//! lists (gdl spec 3.11, 3.13, 3.14, 3.16).

use crate::defaults::Slot;
use crate::error::Error;
use crate::value::{Kind, Text, Value};

use super::{Interp, Prop, PropName, TypeDef};

/// What setting one property gave.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PropOutcome {
    Set,
    Unknown,
    BadValue,
}

fn kind_phrase(kind: Kind) -> &'static str {
    match kind {
        Kind::Unit => "unit type",
        Kind::Material => "material type",
        Kind::Terrain => "terrain type",
        Kind::Advance => "advance type",
    }
}

impl Interp {
    /// `(unit-type SYM (PROP VALUE)…)` and its three siblings (spec 3.11).
    pub(crate) fn declare_type(&mut self, kind: Kind, args: &[Value]) -> Result<(), Error> {
        let Some(&Value::Sym(sym)) = args.first() else {
            let what = args.first().cloned().unwrap_or(Value::Nil);
            self.warn(format!(
                "a {}'s name must be a symbol, not `{}`",
                kind_phrase(kind),
                self.show(&what)
            ));
            return Ok(());
        };
        if self.closed[kind.index()] {
            let text = format!(
                "{} `{}` is declared after a table indexed by {} types was filled; declare all types first",
                kind_phrase(kind),
                self.sym_str(sym),
                kind.word()
            );
            self.focused(&args[0], |it| it.warn(text));
        }
        self.types[kind.index()].push(TypeDef {
            symbol: Some(sym),
            ..TypeDef::default()
        });
        let index = self.types[kind.index()].len() - 1;
        self.grow_for_new_type(kind);
        let object = Value::Type(kind, index as u16);
        self.bind_checked(sym, object.clone());
        let outer = self.part;
        for el in &args[1..] {
            self.focus(el);
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding like `(name value)`; the rest of the declaration is skipped",
                    self.show(el)
                ));
                break;
            };
            let p = match self.prop_of_sym(kind, *prop) {
                PropName::Ignored => continue,
                PropName::Index(p) => Some(p),
                PropName::Unknown => None,
            };
            let value = el.items().get(1).cloned().unwrap_or(Value::Nil);
            if self.mentions_kind_list(&value) {
                self.flush_kind_lists();
            }
            let name = match p {
                Some(p) => std::borrow::Cow::Borrowed(self.defs.props[kind.index()][p].name),
                None => String::from_utf8_lossy(self.symbols.name(*prop))
                    .into_owned()
                    .into(),
            };
            let outcome = self.set_type_prop_at(kind, index, p, &name, &value)?;
            if outcome == PropOutcome::BadValue && kind != Kind::Unit {
                break;
            }
        }
        self.part = outer;
        self.finish_type_names(kind, index, sym);
        self.kind_lists_stale[kind.index()] = true;
        Ok(())
    }

    /// Step 5 of spec 3.11: default names and the unit alias symbol.
    fn finish_type_names(&mut self, kind: Kind, index: usize, sym: crate::value::SymId) {
        let sym_name: Text = self.sym_name(sym);
        let name_p = self.name_props[kind.index()].unwrap_or(0);
        let is_empty = |p: &Prop| matches!(p, Prop::Str(s) if s.is_empty());
        if kind == Kind::Unit {
            let internal_p = self.name_internal_prop.unwrap_or(0);
            if is_empty(self.type_prop(kind, index, internal_p)) {
                self.types[0][index].set(internal_p, Prop::Str(sym_name));
            }
            let internal = self.type_prop(kind, index, internal_p).clone();
            if is_empty(self.type_prop(kind, index, name_p)) {
                self.types[0][index].set(name_p, internal.clone());
            }
            if let (Prop::Str(name), Prop::Str(internal)) =
                (self.type_prop(kind, index, name_p), &internal)
            {
                if name != internal {
                    let alias = self.symbols.intern(&name.clone());
                    self.bind_checked(alias, Value::Type(kind, index as u16));
                }
            }
        } else if is_empty(self.type_prop(kind, index, name_p)) {
            self.types[kind.index()][index].set(name_p, Prop::Str(sym_name));
        }
    }

    /// The name used for a type in messages: the symbol it was declared
    /// with (what the module's author wrote), else its `name`.
    fn type_message_name(&self, kind: Kind, index: usize) -> String {
        match self.types[kind.index()][index].symbol {
            Some(sym) => self.sym_str(sym),
            None => String::from_utf8_lossy(self.type_str(kind, index, "name")).into_owned(),
        }
    }

    /// Sets one property (spec 3.11.1): `p` is its index as
    /// [`Interp::prop_index`] gives it for `prop` (`None` if the kind has no
    /// such property; forms look it up once for all their types). `value` is
    /// evaluated for integer and string properties and stored as given for
    /// Lisp ones.
    fn set_type_prop_at(
        &mut self,
        kind: Kind,
        index: usize,
        p: Option<usize>,
        prop: &str,
        value: &Value,
    ) -> Result<PropOutcome, Error> {
        let Some(p) = p else {
            self.warn(format!(
                "{} `{}` has no property named `{prop}`; check the spelling against the manual",
                kind_phrase(kind),
                self.type_message_name(kind, index)
            ));
            return Ok(PropOutcome::Unknown);
        };
        let slot = &self.defs.props[kind.index()][p].slot;
        match slot {
            Slot::Int { lo, hi, .. } => {
                let (lo, hi) = (*lo, *hi);
                let v = self.eval(value)?;
                let Some(n) = v.as_numeric() else {
                    self.warn(format!(
                        "{} `{}` property `{prop}` needs a number, not `{}`",
                        kind_phrase(kind),
                        self.type_message_name(kind, index),
                        self.show(&v)
                    ));
                    return Ok(PropOutcome::BadValue);
                };
                if n < lo || n > hi {
                    self.warn(format!(
                        "{} `{}` property `{prop}` is {n}, outside {lo}..{hi}; it is stored as a 16-bit value",
                        kind_phrase(kind),
                        self.type_message_name(kind, index)
                    ));
                }
                self.types[kind.index()][index].set(p, Prop::Int(n as i16));
            }
            Slot::Str { .. } => {
                let v = self.eval(value)?;
                let Value::Str(s) = v else {
                    self.warn(format!(
                        "{} `{}` property `{prop}` needs a string, not `{}`",
                        kind_phrase(kind),
                        self.type_message_name(kind, index),
                        self.show(&v)
                    ));
                    return Ok(PropOutcome::BadValue);
                };
                self.types[kind.index()][index].set(p, Prop::Str(s));
            }
            Slot::Obj => self.types[kind.index()][index].set(p, Prop::Obj(value.clone())),
        }
        Ok(PropOutcome::Set)
    }

    /// `(add TYPES PROP VALUE)` (spec 3.13).
    pub(crate) fn add_form(&mut self, form: &Value) -> Result<(), Error> {
        let args = &form.items()[1..];
        let types = self.eval(args.first().unwrap_or(&Value::Nil))?;
        let Some(Value::Sym(prop)) = args.get(1) else {
            self.warn(format!(
                "`{}` needs a property name after the types",
                self.show(form)
            ));
            return Ok(());
        };
        let Some(raw) = args.get(2) else {
            self.warn(format!(
                "`{}` gives no value for the property",
                self.show(form)
            ));
            return Ok(());
        };
        let quoted = self.is_quoted_form(raw);
        let values = if quoted { raw.clone() } else { self.eval(raw)? };
        if args.len() > 3 {
            self.warn(format!(
                "`{}` has extra elements after the value; they are ignored",
                self.show(form)
            ));
        }
        let kind = match &types {
            Value::Type(k, _) => *k,
            Value::List(items) => match items[0] {
                Value::Type(k, _) => k,
                _ => return self.no_types_to_add(form),
            },
            _ => return self.no_types_to_add(form),
        };
        let prop_at = &args[1];
        let prop = self.sym_name(*prop);
        let prop = String::from_utf8_lossy(&prop);
        // Messages about setting the property point at its name when the
        // kind has no such property, else at the value.
        let p = self.prop_index(kind, &prop);
        self.focus(if p.is_some() { raw } else { prop_at });
        let skip_zz = kind != Kind::Unit && prop.starts_with("zz-");
        if let Value::Type(_, i) = types {
            if !skip_zz {
                self.set_type_prop_at(kind, usize::from(i), p, &prop, &values)?;
            }
            return Ok(());
        }
        let targets = types.items().to_vec();
        let paired = matches!(values, Value::List(_)) && !quoted;
        if paired && values.items().len() != targets.len() {
            self.warn(format!(
                "{} types but {} values for property `{prop}`; give one value per type",
                targets.len(),
                values.items().len()
            ));
            return Ok(());
        }
        let shared = if quoted {
            self.eval(&values)?
        } else {
            values.clone()
        };
        for (k, t) in targets.iter().enumerate() {
            let Some(i) = t.as_type(kind) else {
                let text = format!("`{}` is not a {} type", self.show(t), kind.word());
                self.focused(&args[0], |it| it.warn(text));
                break;
            };
            if skip_zz {
                continue;
            }
            let v = if paired { &values.items()[k] } else { &shared };
            let outcome = self.set_type_prop_at(kind, i, p, &prop, v)?;
            if outcome == PropOutcome::Unknown && kind == Kind::Unit {
                break;
            }
        }
        Ok(())
    }

    fn no_types_to_add(&mut self, form: &Value) -> Result<(), Error> {
        let text = format!(
            "`{}` names no types to add the property to",
            self.show(form)
        );
        match form.items().get(1) {
            Some(types) => self.focused(types, |it| it.warn(text)),
            None => self.warn(text),
        }
        Ok(())
    }

    /// Fills an array over the types of `kind` from a list (spec 3.16).
    pub(crate) fn fill_type_list(
        &mut self,
        kind: Kind,
        list: &Value,
        out: &mut [i32],
    ) -> Result<(), Error> {
        let n = out.len();
        let mut p = 0usize;
        for e in list.items() {
            match e {
                Value::Num(x) => {
                    if p < n {
                        out[p] = *x;
                        p += 1;
                    } else {
                        self.warn_plain(
                            "too many numbers in list: there are fewer types than numbers",
                        );
                    }
                }
                Value::List(items) => {
                    let t = self.eval(&items[0])?;
                    let v = self.eval(items.get(1).unwrap_or(&Value::Nil))?;
                    if let Some(i) = t.as_type(kind) {
                        if i < n {
                            out[i] = self.number_of(&v);
                        }
                        p = i + 1;
                        continue;
                    }
                    if !t.is_listish() {
                        return Err(self.car_of_non_list(&t));
                    }
                    let ts = t.items().to_vec();
                    let pairs: Vec<(Value, Value)> = match &v {
                        Value::List(vs) => ts.iter().cloned().zip(vs.iter().cloned()).collect(),
                        _ => ts.iter().map(|x| (x.clone(), v.clone())).collect(),
                    };
                    for (x, val) in pairs {
                        let Some(i) = x.as_type(kind) else {
                            self.warn(format!("`{}` is not a {} type", self.show(&x), kind.word()));
                            break;
                        };
                        if i < n {
                            out[i] = self.number_of(&val);
                        }
                        p = i + 1;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Binds a symbol unless it is constant (spec 3.2).
    pub(crate) fn bind_checked(&mut self, sym: crate::value::SymId, value: Value) {
        if self.symbols.get(sym).constant {
            self.warn_plain(format!(
                "`{}` is a constant and cannot be changed; use another name",
                self.sym_str(sym)
            ));
            return;
        }
        self.symbols.get_mut(sym).value = Some(value);
    }

    /// A `car of non-list` crash of 7.5, as the project's fatal error.
    pub(crate) fn car_of_non_list(&self, v: &Value) -> Error {
        Error::kernel(format!("car of non-list `{}'", self.show(v)))
    }
}
