//! Sides: the independent side, creating and finding sides, side symbols and
//! the side properties with their string quirk (gdl spec 4.9).

use crate::error::Error;
use crate::value::{Kind, Value};

use super::Interp;

/// The side strings in dump order (spec 6.3 record 11), with their property names.
pub const SIDE_STRINGS: [&str; 9] = [
    "name",
    "long-name",
    "short-name",
    "noun",
    "plural-noun",
    "adjective",
    "class",
    "color",
    "emblem-name",
];

/// How the uniqueness warning names each string (spec 4.9.1).
const SIDE_STRING_WORDS: [&str; 9] = [
    "name",
    "long name",
    "short name",
    "noun",
    "plural noun",
    "adjective",
    "class",
    "color",
    "emblem",
];

const EMBLEM_COLORS: [&str; 15] = [
    "blue",
    "red",
    "yellow",
    "green",
    "dark-orange",
    "deep-pink",
    "cyan",
    "purple",
    "tomato",
    "violet",
    "dodger-blue",
    "light-sea-green",
    "rosy-brown",
    "slate-blue",
    "firebrick",
];

const NAME: usize = 0;
const NOUN: usize = 3;
const PLURAL: usize = 4;
const ADJECTIVE: usize = 5;
const COLOR: usize = 7;
const EMBLEM: usize = 8;

/// Side properties that take a type-indexed list (spec 3.16).
const LIST_PROPS: [(&str, Kind); 4] = [
    ("start-with", Kind::Unit),
    ("tech", Kind::Unit),
    ("init-tech", Kind::Unit),
    ("treasury", Kind::Material),
];

/// Side properties that are read and have no effect on the dump.
const OTHER_PROPS: &[&str] = &[
    "unit-namers",
    "feature-namers",
    "names-locked",
    "units",
    "self-unit",
    "controlled-by",
    "trusts",
    "trades",
    "next-numbers",
    "action-priorities",
    "already-seen",
    "already-seen-independent",
    "doctrines",
    "doctrines-locked",
    "terrain-view",
    "terrain-view-dates",
    "aux-terrain-view",
    "aux-terrain-view-dates",
    "unit-views",
    "material-view",
    "material-view-dates",
    "temperature-view",
    "temperature-view-dates",
    "cloud-view",
    "cloud-bottom-view",
    "cloud-height-view",
    "cloud-view-dates",
    "wind-view",
    "wind-view-dates",
    "active",
    "ever-active",
    "priority",
    "status",
    "scores",
    "willing-to-draw",
    "finished-turn",
    "turn-time-used",
    "total-time-used",
    "timeouts",
    "timeouts-used",
    "advantage",
    "advantage-min",
    "advantage-max",
    "initial-center-at",
    "player",
    "instructions",
    "gain-counts",
    "loss-counts",
    "attack-stats",
    "hit-stats",
    "ai-data",
    "ui-data",
    "standing-order",
    "current-advance",
    "advance-goal",
    "advances-done",
    "could-act-with",
    "could-construct",
    "could-develop",
    "could-research",
];

/// A side (spec 4.9).
#[derive(Clone, Debug)]
pub struct Side {
    pub id: i32,
    pub strings: [Option<Vec<u8>>; 9],
    pub completed: bool,
}

impl Side {
    pub(crate) fn independent_empty() -> Self {
        Side {
            id: 0,
            strings: Default::default(),
            completed: false,
        }
    }
}

impl Interp {
    /// The side with an id, if any.
    pub fn side_index(&self, id: i32) -> Option<usize> {
        self.sides.iter().position(|s| s.id == id)
    }

    fn complete_independent(&mut self) -> Result<(), Error> {
        if self.sides[0].completed {
            return Ok(());
        }
        if self.type_count(Kind::Unit) == 0 {
            return Err(Error::kernel(
                "Unit types must be defined before defining sides!",
            ));
        }
        let strings = [
            Some("Independents"),
            None,
            None,
            Some("Independent"),
            Some("Independents"),
            Some("independent"),
            None,
            Some("black,black,white"),
            Some("none"),
        ];
        self.sides[0].strings = strings.map(|s| s.map(|s| s.as_bytes().to_vec()));
        self.sides[0].completed = true;
        Ok(())
    }

    fn create_side(&mut self) -> Result<usize, Error> {
        let max = self.global_int("sides-max");
        if self.sides.len() as i32 > max {
            return Err(Error::kernel(format!(
                "Cannot have more than {max} sides total!"
            )));
        }
        if self.type_count(Kind::Unit) == 0 {
            return Err(Error::kernel(
                "Unit types must be defined before defining sides!",
            ));
        }
        self.complete_independent()?;
        let k = self.sides.len();
        let mut side = Side::independent_empty();
        side.id = self.next_side_id;
        self.next_side_id += 1;
        side.completed = true;
        side.strings[EMBLEM] = EMBLEM_COLORS.get(k - 1).map(|c| c.as_bytes().to_vec());
        self.sides.push(side);
        Ok(k)
    }

    /// `(side …)` and `(independent-units …)` (spec 4.9).
    pub(crate) fn side_form(&mut self, args: &[Value], independent: bool) -> Result<(), Error> {
        let mut rest = args;
        let mut found: Option<usize> = None;
        let mut ident: Option<i32> = None;
        let mut sym = None;
        if independent {
            self.complete_independent()?;
            found = Some(0);
        } else {
            match rest.first() {
                Some(Value::Num(n)) => {
                    ident = Some(*n);
                    rest = &rest[1..];
                }
                Some(Value::Sym(s)) => {
                    if let Some(Value::Num(n)) = self.symbols.value(*s) {
                        ident = Some(*n);
                        rest = &rest[1..];
                    }
                }
                Some(Value::Str(s)) => {
                    found = self.sides.iter().position(|side| {
                        [NAME, NOUN, PLURAL, ADJECTIVE]
                            .iter()
                            .any(|&k| side.strings[k].as_deref() == Some(&s[..]))
                    });
                    rest = &rest[1..];
                }
                _ => {}
            }
            if let Some(n) = ident {
                found = self.side_index(n);
            }
            if let Some(Value::Sym(s)) = rest.first() {
                sym = Some(*s);
                rest = &rest[1..];
            }
            match found {
                Some(0) => self.complete_independent()?,
                Some(_) => {}
                None => {
                    self.complete_independent()?;
                    let k = self.create_side()?;
                    if let Some(n) = ident {
                        self.sides[k].id = n;
                    }
                    found = Some(k);
                }
            }
        }
        let k = found.unwrap_or(0);
        if let Some(s) = sym {
            if self.symbols.is_bound(s) {
                self.warn(format!(
                    "`{}` already has a value, which is overwritten by the side",
                    self.sym_str(s)
                ));
            }
            self.bind_checked(s, Value::Num(self.sides[k].id));
        }
        let defaults = self.side_defaults.clone();
        self.side_props(k, &defaults)?;
        self.side_props(k, rest)?;
        let side = &mut self.sides[k];
        if let (Some(noun), None) = (&side.strings[NOUN], &side.strings[PLURAL]) {
            let mut plural = noun.clone();
            if !(noun.ends_with(b"h") || noun.ends_with(b"s") || noun.ends_with(b"se")) {
                plural.push(b's');
            }
            side.strings[PLURAL] = Some(plural);
        }
        Ok(())
    }

    fn side_props(&mut self, k: usize, props: &[Value]) -> Result<(), Error> {
        let mut last_string: Option<Vec<u8>> = None;
        let outer = self.part;
        for el in props {
            self.focus(el);
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding like `(name \"…\")`; the rest is skipped",
                    self.show(el)
                ));
                break;
            };
            let name = self.sym_str(*prop);
            let raw = el.items().get(1).cloned().unwrap_or(Value::Nil);
            let value = if let Value::Sym(_) = raw {
                self.eval(&raw)?
            } else {
                raw
            };
            if let Value::Str(s) = &value {
                last_string = Some(s.to_vec());
            }
            if let Some(i) = SIDE_STRINGS.iter().position(|p| *p == name) {
                self.sides[k].strings[i] = last_string.clone();
                if i != 6 {
                    self.check_side_string_unique(k, i);
                }
            } else if let Some(&(_, kind)) = LIST_PROPS.iter().find(|(p, _)| *p == name) {
                let mut arr = vec![0; self.type_count(kind)];
                let list = Value::list(el.items()[1..].to_vec());
                self.fill_type_list(kind, &list, &mut arr)?;
            } else if name == "default-doctrine" {
                if el.items().len() < 2 {
                    self.warn("`default-doctrine` needs a doctrine; give one");
                }
            } else if !OTHER_PROPS.contains(&name.as_str()) {
                let side = &self.sides[k];
                let label = side.strings[NAME]
                    .as_deref()
                    .map(String::from_utf8_lossy)
                    .unwrap_or_default();
                self.warn(format!(
                    "side s{} {label} has no property named `{name}`",
                    side.id
                ));
            }
        }
        self.part = outer;
        Ok(())
    }

    fn check_side_string_unique(&mut self, k: usize, i: usize) {
        let Some(s) = self.sides[k].strings[i].clone().filter(|s| !s.is_empty()) else {
            return;
        };
        let clash = self.sides.iter().enumerate().any(|(j, other)| {
            j != k
                && [NAME, NOUN, PLURAL, ADJECTIVE, COLOR]
                    .iter()
                    .any(|&f| other.strings[f].as_deref() == Some(&s[..]))
        });
        if clash {
            self.warn_plain(format!(
                "side {} `{}` is already used by another side; choose another",
                SIDE_STRING_WORDS[i],
                String::from_utf8_lossy(&s)
            ));
        }
    }
}
