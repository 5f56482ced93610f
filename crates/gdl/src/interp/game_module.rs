//! Modules as 7.5 records them: the `game-module` form with its string quirk,
//! variant definitions, and applying an included module's variants
//! (gdl spec 4.2, 4.2.1, 5.6, 5.6.1).

use crate::error::Error;
use crate::lexer::LineCounters;
use crate::value::Value;

use super::Interp;

/// The string properties of a module, in the order of [`STRING_PROPS`].
pub const STRING_PROPS: [&str; 9] = [
    "title",
    "picture-name",
    "base-module",
    "default-base-module",
    "base-game",
    "filename",
    "version",
    "original-module",
    "original-version",
];

pub const TITLE: usize = 0;
pub const BASE_MODULE: usize = 2;
pub const DEFAULT_BASE_MODULE: usize = 3;
pub const BASE_GAME: usize = 4;
pub const FILENAME: usize = 5;
pub const VERSION: usize = 6;

/// One variant of a module (spec 4.2.1).
#[derive(Clone, Debug)]
pub struct Variant {
    pub id: Value,
    pub name: Option<Vec<u8>>,
    pub help: Option<Vec<u8>>,
    /// The default as written.
    pub default: Value,
    /// The default after evaluation.
    pub default_value: Value,
    pub cases: Vec<Value>,
    pub used: bool,
    pub value: i32,
}

/// A module: its description, load state, counters and include links (spec 5.1).
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub name: Vec<u8>,
    pub loaded: bool,
    pub open: bool,
    pub strings: [Option<Vec<u8>>; 9],
    pub blurb: Value,
    pub instructions: Value,
    pub notes: Value,
    pub design_notes: Value,
    pub variants: Vec<Variant>,
    pub counters: LineCounters,
    pub first_include: Option<usize>,
    pub last_include: Option<usize>,
    pub next_include: Option<usize>,
}

impl Module {
    pub fn new(name: &[u8]) -> Self {
        Module {
            name: name.to_vec(),
            ..Default::default()
        }
    }

    /// A string property if it is set and not empty.
    pub fn string(&self, which: usize) -> Option<&[u8]> {
        self.strings[which].as_deref().filter(|s| !s.is_empty())
    }
}

const STANDARD_VARIANTS: [(&str, &str, &str); 6] = [
    (
        "world-seen",
        "World Seen",
        "If set, world's terrain will be seen at start of game.",
    ),
    (
        "see-all",
        "See All",
        "If set, everything in the game is seen all the time.",
    ),
    (
        "sequential",
        "Sequential Play",
        "If set, each side moves one at a time.",
    ),
    (
        "people",
        "People",
        "If set, cities have populations and can grow in size.",
    ),
    ("economy", "Economy", "If set, economy code is enabled."),
    (
        "supply",
        "Supply System",
        "If set, supply system code is enabled.",
    ),
];

/// The globals set by the six standard variants (spec 5.6.1).
const STANDARD_GLOBALS: [&str; 6] = [
    "terrain-seen",
    "see-all",
    "use-side-priority",
    "people",
    "economy",
    "supply",
];

impl Interp {
    /// `(game-module ["NAME"] (PROP VALUE)…)` for module `m` (spec 4.2).
    pub(crate) fn game_module_form(
        &mut self,
        m: usize,
        args: &[Value],
        peek: bool,
    ) -> Result<(), Error> {
        let mut props = args;
        if let Some(Value::Str(declared)) = args.first() {
            if **declared != *self.modules[m].name {
                let text = format!(
                    "module `{}` declares the name `{}`; the declared name is ignored, rename the file or fix the declaration",
                    String::from_utf8_lossy(&self.modules[m].name),
                    String::from_utf8_lossy(declared)
                );
                self.focused(&args[0], |it| it.warn(text));
            }
            props = &args[1..];
        }
        let mut last_string: Option<Vec<u8>> = None;
        let outer = self.part;
        for el in props {
            self.focus(el);
            let Some(Value::Sym(prop)) = el.head() else {
                self.warn(format!(
                    "`{}` should be a property binding like `(title \"…\")`; the remaining properties are skipped",
                    self.show(el)
                ));
                break;
            };
            let name = self.sym_str(*prop);
            let value = el.items().get(1).cloned().unwrap_or(Value::Nil);
            if let Some(i) = STRING_PROPS.iter().position(|p| *p == name) {
                // spec 4.2 quirk: non-string values reuse the last string seen.
                if let Value::Str(s) = &value {
                    last_string = Some(s.to_vec());
                }
                self.modules[m].strings[i] = last_string.clone();
                continue;
            }
            match name.as_str() {
                "blurb" => self.modules[m].blurb = value,
                "instructions" => self.modules[m].instructions = value,
                "notes" => self.modules[m].notes = value,
                "design-notes" => self.modules[m].design_notes = value,
                "variants" => {
                    let variants = self.parse_variants(&el.items()[1..])?;
                    self.modules[m].variants = variants;
                }
                "original-variants" => {
                    self.parse_variants(&el.items()[1..])?;
                }
                _ => self.warn(format!(
                    "the game-module form of `{}` has no property named `{name}`",
                    String::from_utf8_lossy(&self.modules[m].name)
                )),
            }
        }
        self.part = outer;
        if !peek {
            self.load_base_module(m)?;
        }
        Ok(())
    }

    /// Builds a variant list (spec 4.2.1).
    fn parse_variants(&mut self, specs: &[Value]) -> Result<Vec<Variant>, Error> {
        let mut out: Vec<Variant> = Vec::new();
        for (n, spec) in specs.iter().enumerate() {
            let mut v = Variant {
                id: Value::Nil,
                name: None,
                help: None,
                default: Value::Nil,
                default_value: Value::Nil,
                cases: Vec::new(),
                used: false,
                value: 0,
            };
            match spec {
                Value::Sym(_) => v.id = spec.clone(),
                Value::List(items) => {
                    let mut k = 0;
                    if let Some(Value::Str(s)) = items.first() {
                        v.name = Some(s.to_vec());
                        k = 1;
                    }
                    let Some(Value::Sym(id)) = items.get(k) else {
                        self.warn(format!("variant #{n} has no id symbol; it is ignored"));
                        continue;
                    };
                    v.id = Value::Sym(*id);
                    k += 1;
                    if let Some(Value::Str(s)) = items.get(k) {
                        v.help = Some(s.to_vec());
                        k += 1;
                    }
                    let id_name = self.sym_str(*id);
                    if let Some(d) = items.get(k) {
                        if !matches!(d, Value::List(_))
                            || id_name == "world-size"
                            || id_name == "real-time"
                        {
                            v.default = d.clone();
                            k += 1;
                        }
                    }
                    v.cases = items[k.min(items.len())..].to_vec();
                }
                _ => {
                    self.warn(format!(
                        "variant #{n} is neither a symbol nor a list; it is ignored"
                    ));
                    continue;
                }
            }
            if v.name.is_none() {
                v.name = v.id.as_sym().map(|s| self.symbols.name(s).to_vec());
            }
            out.push(v);
        }
        for (id, name, help) in STANDARD_VARIANTS {
            let Some(v) = out.iter_mut().find(|v| {
                v.id.as_sym()
                    .is_some_and(|s| self.symbols.name(s) == id.as_bytes())
            }) else {
                continue;
            };
            if v.name.as_deref() == Some(id.as_bytes()) {
                v.name = Some(name.as_bytes().to_vec());
            }
            if v.help.is_none() {
                v.help = Some(help.as_bytes().to_vec());
            }
        }
        for v in &mut out {
            if v.help.is_none() {
                v.help = Some(b"(No help is available.)".to_vec());
            }
        }
        for v in &mut out {
            let d = self.eval(&v.default)?;
            if let Value::Num(n) = d {
                v.value = n;
            }
            v.default_value = d;
        }
        Ok(out)
    }

    /// Applies included module `m`'s variants with the include's settings (spec 5.6).
    pub(crate) fn apply_variants(&mut self, m: usize, settings: &[Value]) -> Result<(), Error> {
        if self.modules[m].variants.is_empty() {
            return Ok(());
        }
        let mut applied = false;
        for setting in settings {
            if !setting.is_listish() {
                return Err(self.car_of_non_list(setting));
            }
            let id = setting.items().first().cloned().unwrap_or(Value::Nil);
            let data = setting.items().get(1..).unwrap_or(&[]).to_vec();
            let matching: Vec<usize> = (0..self.modules[m].variants.len())
                .filter(|&i| self.modules[m].variants[i].id.equal(&id))
                .collect();
            if matching.is_empty() {
                self.warn(format!(
                    "`{}` is not a variant of module `{}`",
                    self.show(&id),
                    String::from_utf8_lossy(&self.modules[m].name)
                ));
            }
            for i in matching {
                self.apply_variant(m, i, &data)?;
                applied = true;
            }
        }
        for i in 0..self.modules[m].variants.len() {
            if !self.modules[m].variants[i].used {
                self.apply_variant(m, i, &[])?;
                applied = true;
            }
        }
        if applied {
            self.validity_check()?;
        }
        Ok(())
    }

    /// Applies one variant with data (spec 5.6.1).
    fn apply_variant(&mut self, m: usize, i: usize, data: &[Value]) -> Result<(), Error> {
        let v = self.modules[m].variants[i].clone();
        let id = v.id.as_sym().map(|s| self.sym_str(s)).unwrap_or_default();
        let value = match data.first() {
            Some(d) => {
                let e = self.eval(d)?;
                self.number_of(&e)
            }
            None => v.value,
        };
        if let Some(k) = STANDARD_VARIANTS.iter().position(|(sid, _, _)| *sid == id) {
            self.modules[m].variants[i].value = value;
            self.set_global_int(STANDARD_GLOBALS[k], value);
        } else if id == "world-size" || id == "real-time" {
            let defaults = if id == "world-size" {
                [60, 30, 360]
            } else {
                [0, 0, 0]
            };
            let mut nums = [0i32; 3];
            for (k, n) in nums.iter_mut().enumerate() {
                *n = match data.get(k) {
                    Some(d) => {
                        let e = self.eval(d)?;
                        self.number_of(&e)
                    }
                    None => v
                        .default_value
                        .items()
                        .get(k)
                        .and_then(Value::as_numeric)
                        .unwrap_or(defaults[k]),
                };
            }
            if id == "world-size" {
                if nums[0] > 0 && nums[1] > 0 {
                    self.set_area_shape(nums[0], nums[1])?;
                }
                self.set_circumference(nums[2]);
            } else {
                for (n, g) in nums.iter().zip([
                    "real-time-for-game",
                    "real-time-per-side",
                    "real-time-per-turn",
                ]) {
                    if *n > 0 {
                        self.set_global_int(g, *n);
                    }
                }
            }
        } else {
            self.modules[m].variants[i].value = value;
            for case in &v.cases {
                let Some(test) = case.items().first() else {
                    continue;
                };
                let t = self.eval(test)?;
                if matches!(t, Value::Num(n) if n == value) {
                    for form in &case.items()[1..] {
                        self.current_module = Some(m);
                        self.interpret(form)?;
                    }
                }
            }
        }
        self.modules[m].variants[i].used = true;
        Ok(())
    }
}
