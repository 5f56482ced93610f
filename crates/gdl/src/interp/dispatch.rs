//! The dispatch of top-level forms (gdl spec 4.1): which forms exist, the
//! useless-form warning, and the forms small enough to handle inline
//! (`undefine`, `namer`, `include`, `if`/`else`/`end-if`, `print`).

use crate::error::Error;
use crate::print;
use crate::value::{Kind, Value};

use super::Interp;

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
        // Reading a form's parts narrows the position of messages to each
        // part in turn (`focus`); whatever a form leaves, the next one
        // starts from its own position.
        let outer = self.part;
        // An error with no position of its own (the kernel's fatal
        // messages) is placed where the form was being read when it came:
        // the part of the form in focus then, else the form.
        let result = self.interpret_form(form).map_err(|e| self.place_error(e));
        self.part = outer;
        result
    }

    fn interpret_form(&mut self, form: &Value) -> Result<(), Error> {
        let from = self.current_module;
        let Some(Value::Sym(head)) = form.head() else {
            return self.useless(form, from);
        };
        let head = *head;
        let args = &form.items()[1..];
        let name = self.known.forms.get(&head).map_or("", |&i| FORM_NAMES[i]);
        if !matches!(
            name,
            "unit-type" | "material-type" | "terrain-type" | "advance-type"
        ) {
            self.flush_kind_lists();
        }
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
}
