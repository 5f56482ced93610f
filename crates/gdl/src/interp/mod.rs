//! The interpreter: the game definition being built and the top-level forms
//! that build it (gdl spec 4), plus module loading (spec 5).
//!
//! One [`Interp`] is one run of the 7.5 reader. It owns every piece of state
//! that 7.5 keeps in globals (symbols, types, tables, modules, sides, units,
//! area), because the dump compares exactly that state. Each form family lives
//! in its own file; this file holds the state, the warning machinery and the
//! dispatch of spec 4.1.

mod area;
mod dispatch;
mod eval;
mod game_module;
mod layer;
mod loader;
mod misc;
mod side;
mod table;
mod table_data;
mod types;
mod unit;
mod validity;

use std::path::PathBuf;
use std::rc::Rc;

use crate::defaults::{kernel, KernelDefs, Slot};
use crate::error::{Error, ErrorKind, Location};
use crate::lexer::{LineCounters, MAX_TOKEN_LEN};
use crate::list::List;
use crate::print::{self, Naming};
use crate::value::{Kind, SymId, Symbols, Text, Value};

pub use area::{Area, World};

/// Indexes of a module's dumped string properties.
pub mod game_module_fields {
    pub use super::game_module::{
        BASE_GAME, BASE_MODULE, DEFAULT_BASE_MODULE, FILENAME, TITLE, VERSION,
    };
}
pub use game_module::{Module, Variant};
pub use side::Side;
pub use table_data::TableData;
pub use unit::Unit;

/// Resource limits; exceeding one is a clear fatal error (never a crash).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Longest string or symbol, in bytes (spec 2.9).
    pub max_token_len: usize,
    /// Deepest list nesting, and deepest evaluation recursion.
    pub max_depth: usize,
    /// Largest module file, in bytes.
    pub max_file_size: usize,
    /// Most evaluation steps in one run.
    pub max_steps: u64,
    /// Deepest chain of modules loading modules.
    pub max_include_depth: usize,
    /// Most cells in the area's layers (width × height).
    pub max_area_cells: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_token_len: MAX_TOKEN_LEN,
            max_depth: 1_000,
            max_file_size: 64 << 20,
            max_steps: 50_000_000,
            max_include_depth: 100,
            max_area_cells: 16 << 20,
        }
    }
}

/// How to find modules and how strict to be (spec 5.7, 5.8).
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub lib_dirs: Vec<PathBuf>,
    pub work_dir: Option<PathBuf>,
    pub strict: bool,
    pub limits: Limits,
    /// Files given in memory: a candidate path of the module search (spec
    /// 5.7) that equals one of these paths is read from here, before the
    /// disk. A caller uses it for modules it carries itself (built into a
    /// program, or received as text) under a folder of its choosing.
    pub memory: Vec<MemoryFile>,
}

/// A module file given in memory (see [`Options::memory`]).
#[derive(Clone, Debug)]
pub struct MemoryFile {
    pub path: PathBuf,
    pub bytes: std::sync::Arc<[u8]>,
}

/// One file that was read, kept for positions in diagnostics.
#[derive(Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    /// The file's bytes as read: kept in the buffer `read` filled rather
    /// than copied into an `Rc<[u8]>` (a copy of every module's text, and
    /// its pages faulted in, for nothing).
    pub bytes: Rc<Vec<u8>>,
}

/// A true position: file index and byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub file: usize,
    pub offset: usize,
}

/// Whether a diagnostic is a warning or a note (notes are not in the dump).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Warning,
    Note,
}

/// One warning as 7.5 records it, plus the true position for `check`.
#[derive(Clone, Debug)]
pub struct Warning {
    pub severity: Severity,
    /// 7.5's position prefix `module:S-E: ` (spec 6.4), if any.
    pub prefix: Option<Vec<u8>>,
    pub text: Vec<u8>,
    pub origin: Option<Origin>,
}

/// The top-level form being interpreted, for messages about its parts.
#[derive(Debug)]
pub(crate) struct CurrentForm {
    pub(crate) file: usize,
    /// The offset of its first byte, and the conditional-reading flag it
    /// was read with: what reading it again needs.
    pub(crate) start: usize,
    pub(crate) reading: bool,
    pub(crate) list: List,
    /// The offset of each value of its block, read again the first time a
    /// message needs one.
    pub(crate) offsets: Option<Vec<u32>>,
}

impl CurrentForm {
    /// The form `value` read from `file` at `start`, if it is a list (only
    /// a list has parts).
    pub(crate) fn of(file: usize, start: usize, reading: bool, value: &Value) -> Option<Self> {
        match value {
            Value::List(list) => Some(CurrentForm {
                file,
                start,
                reading,
                list: list.clone(),
                offsets: None,
            }),
            _ => None,
        }
    }
}

/// A stored type property value.
#[derive(Clone, Debug)]
pub enum Prop {
    Int(i16),
    Str(Text),
    Obj(Value),
}

/// A unit, material, terrain or advance type: the properties set on it. The
/// others keep the kernel default (a unit type has 167 properties and a game
/// sets a handful, so storing only those keeps 274-type games small).
#[derive(Clone, Debug, Default)]
pub struct TypeDef {
    /// A bit per property index below 256: whether `values` holds it, so
    /// that setting a new property and reading an unset one need no scan.
    present: [u64; 4],
    values: Vec<(u16, Prop)>,
    /// The symbol the type was declared with, for messages: a type's
    /// `name` is empty while its declaration is read, and may be a display
    /// name unlike anything in the module's text.
    pub(crate) symbol: Option<crate::value::SymId>,
}

impl TypeDef {
    /// Whether property `p` may be in `values` (always true past the bitmap).
    fn maybe_present(&self, p: usize) -> bool {
        p >= 256 || self.present[p / 64] & (1 << (p % 64)) != 0
    }

    /// The value of property `p` if it was set.
    pub fn get(&self, p: usize) -> Option<&Prop> {
        if !self.maybe_present(p) {
            return None;
        }
        self.values
            .iter()
            .find(|(q, _)| usize::from(*q) == p)
            .map(|(_, v)| v)
    }

    pub fn set(&mut self, p: usize, value: Prop) {
        if self.maybe_present(p) {
            if let Some(slot) = self.values.iter_mut().find(|(q, _)| usize::from(*q) == p) {
                slot.1 = value;
                return;
            }
        }
        if p < 256 {
            self.present[p / 64] |= 1 << (p % 64);
        }
        // Most types set several properties: grow once, not at 1, 2, 4.
        if self.values.capacity() == 0 {
            self.values.reserve(8);
        }
        self.values.push((p as u16, value));
    }
}

/// A global variable's value; integers are 32-bit (spec 3.10).
#[derive(Clone, Debug)]
pub enum Global {
    Int(i32),
    Str(Option<Text>),
    Obj(Value),
}

/// A scorekeeper (spec 4.12).
#[derive(Clone, Debug, Default)]
pub struct Scorekeeper {
    pub id: i32,
    pub title: Option<Vec<u8>>,
    pub when: Value,
    pub applies_to: Value,
    pub known_to: Value,
    pub trigger: Value,
    pub body: Value,
    pub notes: Value,
    pub initial: i32,
}

/// Symbols the interpreter compares against, interned once.
#[derive(Debug)]
pub(crate) struct Known {
    pub quote: SymId,
    pub list: SymId,
    pub append: SymId,
    pub remove: SymId,
    pub remove_list: SymId,
    pub arith: [SymId; 4],
    pub compare: [SymId; 6],
    pub and: SymId,
    pub or: SymId,
    pub not: SymId,
    pub kind_lists: [SymId; 4],
    pub add: SymId,
    pub reset: SymId,
    /// Form-name symbols to their index in `dispatch::FORM_NAMES`.
    pub forms: crate::value::FnvMap<SymId, usize>,
}

/// What a property name is for a kind (see [`Interp::prop_of_sym`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PropName {
    /// The kind's property at this index.
    Index(usize),
    /// Not a property of the kind (and not starting with `zz-`).
    Unknown,
    /// A name starting with `zz-`, skipped by type declarations (spec 3.11)
    /// whether or not the kernel defines it.
    Ignored,
}

const PROP_NOT_LOOKED_UP: u32 = u32::MAX;
const PROP_UNKNOWN: u32 = u32::MAX - 1;
const PROP_ZZ: u32 = u32::MAX - 2;

/// One run of the GDL reader: the game definition and everything said about it.
pub struct Interp {
    pub options: Options,
    pub defs: &'static KernelDefs,
    pub symbols: Symbols,
    pub(crate) known: Known,
    pub types: [Vec<TypeDef>; 4],
    /// Each kind's property defaults, in `kernel-defaults.txt` order.
    default_props: [Vec<Prop>; 4],
    pub closed: [bool; 4],
    /// Kinds whose `u*` (`m*`, `t*`, `a*`) list is behind their type count:
    /// see [`Interp::flush_kind_lists`].
    pub(crate) kind_lists_stale: [bool; 4],
    /// The lists [`Interp::bind_kind_list`] last built, per kind: a table
    /// clause recognises them by pointer (see `Interp::is_kind_list`).
    pub(crate) kind_list_values: [Option<crate::list::List>; 4],
    pub tables: Vec<Option<TableData>>,
    /// Per kind, the tables indexed by it (either index), so that a type
    /// declared late grows those and does not look at all 321.
    pub(crate) tables_by_kind: [Vec<usize>; 4],
    pub globals: Vec<Global>,
    pub modules: Vec<Module>,
    pub main_module: Option<usize>,
    pub current_module: Option<usize>,
    pub warnings: Vec<Warning>,
    pub prints: Vec<Vec<u8>>,
    pub sides: Vec<Side>,
    pub(crate) next_side_id: i32,
    pub(crate) side_defaults: Vec<Value>,
    pub units: Vec<Unit>,
    pub(crate) next_unit_id: i32,
    pub(crate) unit_defaults: unit::UnitDefaults,
    /// The last `unit-defaults` form, saved with unit specs (spec 4.14.3).
    pub(crate) unit_defaults_form: Value,
    /// Unit forms saved instead of creating units: (form, unit-defaults form).
    pub unit_specs: Vec<(Value, Value)>,
    pub scorekeepers: Vec<Scorekeeper>,
    pub namers: Vec<(SymId, Value)>,
    pub world: World,
    pub area: Area,
    pub reading: bool,
    pub files: Vec<SourceFile>,
    /// First forms read by a peek (spec 5.2 step 1), kept for the full read
    /// of the same file, which starts by reading them again.
    pub(crate) peeked: Vec<loader::Peeked>,
    pub(crate) origin: Option<Origin>,
    /// The top-level form being interpreted: messages about a part of it
    /// point at that part (see [`Interp::focus`]).
    pub(crate) form: Option<CurrentForm>,
    /// What messages are about now: the address of a value, which is a
    /// part of [`Interp::form`] if it lies in the form's block (checked when
    /// a message is made, so that focusing on each clause of a form is one
    /// store). Only its address is used; it is never read through.
    pub(crate) part: Option<*const Value>,
    steps: u64,
    depth: usize,
    pub(crate) load_depth: usize,
    /// Per kind, by symbol id: the property the symbol names (see
    /// [`Interp::prop_of_sym`]).
    prop_by_sym: [Vec<u32>; 4],
    /// Per kind, the index of the `name` property, and of `name-internal`
    /// for units (type declarations look them up for every type).
    pub(crate) name_props: [Option<usize>; 4],
    pub(crate) name_internal_prop: Option<usize>,
}

impl Interp {
    pub fn new(options: Options) -> Self {
        let mut symbols = Symbols::default();
        let mut s = |n: &str| symbols.intern(n.as_bytes());
        let known = Known {
            quote: s("quote"),
            list: s("list"),
            append: s("append"),
            remove: s("remove"),
            remove_list: s("remove-list"),
            arith: [s("+"), s("-"), s("*"), s("/")],
            compare: [s("="), s("/="), s("<"), s("<="), s(">"), s(">=")],
            and: s("and"),
            or: s("or"),
            not: s("not"),
            kind_lists: [s("u*"), s("m*"), s("t*"), s("a*")],
            add: s("add"),
            reset: s("reset"),
            forms: dispatch::FORM_NAMES
                .iter()
                .enumerate()
                .map(|(i, n)| (s(n), i))
                .collect(),
        };
        let defs = kernel();
        let mut interp = Interp {
            options,
            defs,
            symbols,
            known,
            types: Default::default(),
            default_props: Kind::ALL.map(|k| {
                defs.props[k.index()]
                    .iter()
                    .map(|d| match &d.slot {
                        Slot::Int { default, .. } => Prop::Int(*default as i16),
                        Slot::Str { default } => {
                            Prop::Str(Text::new(default.as_deref().unwrap_or(b"")))
                        }
                        Slot::Obj => Prop::Obj(Value::Nil),
                    })
                    .collect()
            }),
            closed: [false; 4],
            kind_lists_stale: [false; 4],
            kind_list_values: Default::default(),
            tables: vec![None; defs.tables.len()],
            tables_by_kind: Kind::ALL.map(|k| {
                (defs.tables.iter().enumerate())
                    .filter(|(_, d)| d.index1 == k || d.index2 == k)
                    .map(|(t, _)| t)
                    .collect()
            }),
            globals: Vec::new(),
            modules: Vec::new(),
            main_module: None,
            current_module: None,
            warnings: Vec::new(),
            prints: Vec::new(),
            sides: vec![Side::independent_empty()],
            next_side_id: 1,
            side_defaults: Vec::new(),
            units: Vec::new(),
            next_unit_id: 1,
            unit_defaults: unit::UnitDefaults::default(),
            unit_defaults_form: Value::Nil,
            unit_specs: Vec::new(),
            scorekeepers: Vec::new(),
            namers: Vec::new(),
            world: World::default(),
            area: Area::default(),
            reading: true,
            files: Vec::new(),
            peeked: Vec::new(),
            origin: None,
            form: None,
            part: None,
            steps: 0,
            depth: 0,
            load_depth: 0,
            prop_by_sym: Default::default(),
            name_props: Kind::ALL.map(|k| defs.prop_index[k.index()].get("name").copied()),
            name_internal_prop: defs.prop_index[Kind::Unit.index()]
                .get("name-internal")
                .copied(),
        };
        interp.init_constants();
        interp.init_globals();
        interp
    }

    fn init_constants(&mut self) {
        let numbers: [(&str, i32); 21] = [
            ("false", 0),
            ("true", 1),
            ("non-unit", -1),
            ("non-material", -1),
            ("non-terrain", -1),
            ("non-advance", -1),
            ("cell", 0),
            ("border", 1),
            ("connection", 2),
            ("coating", 3),
            ("river-x", 10),
            ("valley-x", 11),
            ("road-x", 12),
            ("over-nothing", 0),
            ("over-own", 1),
            ("over-border", 2),
            ("over-all", 3),
            ("win", 1),
            ("lose", -1),
            ("draw", 0),
            ("usual", 0),
        ];
        for (name, n) in numbers {
            let id = self.symbols.intern(name.as_bytes());
            let value = if name == "usual" {
                Value::Sym(id)
            } else {
                Value::Num(n)
            };
            let sym = self.symbols.get_mut(id);
            sym.value = Some(value);
            sym.constant = true;
        }
        for name in ["and", "or", "not", "reset"] {
            let id = self.symbols.intern(name.as_bytes());
            let sym = self.symbols.get_mut(id);
            sym.value = Some(Value::Sym(id));
            sym.constant = true;
        }
    }

    fn init_globals(&mut self) {
        let synthesis = b"make-fractal-percentile-terrain make-rivers make-countries make-independent-units make-initial-materials name-units-randomly name-geographical-features make-roads make-weather";
        let methods: Vec<Value> = synthesis
            .split(|&b| b == b' ')
            .map(|n| Value::Sym(self.symbols.intern(n)))
            .collect();
        self.globals = self
            .defs
            .globals
            .iter()
            .map(|d| match &d.slot {
                Slot::Int { default, .. } => Global::Int(*default),
                Slot::Str { default } => Global::Str(default.as_deref().map(Text::new)),
                Slot::Obj if d.name == "synthesis-methods" => {
                    Global::Obj(Value::list(methods.clone()))
                }
                Slot::Obj => Global::Obj(Value::Nil),
            })
            .collect();
    }

    /// Counts one evaluation step against the limit.
    pub(crate) fn step(&mut self) -> Result<(), Error> {
        self.steps += 1;
        if self.steps > self.options.limits.max_steps {
            return Err(Error::new(
                ErrorKind::TooManySteps,
                format!(
                    "evaluation took more than {} steps; simplify the module",
                    self.options.limits.max_steps
                ),
            ));
        }
        Ok(())
    }

    /// Enters one level of recursion, bounded by the depth limit.
    pub(crate) fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > self.options.limits.max_depth {
            self.depth -= 1;
            return Err(Error::new(
                ErrorKind::TooDeep,
                format!(
                    "evaluation nests more than {} levels deep; simplify the expression",
                    self.options.limits.max_depth
                ),
            ));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ----- warnings (spec 6.4) -----

    fn prefix_of(&self, module: Option<usize>) -> Option<Vec<u8>> {
        let m = &self.modules[module?];
        let LineCounters { s, e } = m.counters;
        use std::io::Write as _;
        // Once per warning: written in place, not through `format!`.
        let mut p = Vec::with_capacity(m.name.len() + 24);
        p.extend_from_slice(&m.name);
        let _ = if s == e {
            write!(p, ":{s}: ")
        } else {
            write!(p, ":{s}-{e}: ")
        };
        Some(p)
    }

    /// Makes `at` what messages are about: when it is a part of the
    /// top-level form being interpreted (a clause, a value), a warning then
    /// points at it, not at the form's first byte. Loops over a form's parts
    /// save `part` first and put it back after.
    pub(crate) fn focus(&mut self, at: &Value) {
        self.part = Some(at);
    }

    /// Runs `f` with messages about `at` if it is a part of the form being
    /// interpreted (else about what they were about).
    pub(crate) fn focused<R>(&mut self, at: &Value, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.part;
        if self
            .form
            .as_ref()
            .is_some_and(|form| form.list.block_index(at).is_some())
        {
            self.focus(at);
        }
        let result = f(self);
        self.part = saved;
        result
    }

    /// Where a message made now points: the focused part of the form being
    /// interpreted, else [`Interp::origin`].
    fn message_origin(&mut self) -> Option<Origin> {
        let mut origin = self.origin?;
        let (Some(part), Some(form)) = (self.part, &mut self.form) else {
            return Some(origin);
        };
        let Some(index) = form.list.block_index(part) else {
            return Some(origin);
        };
        if form.file != origin.file {
            return Some(origin);
        }
        let offsets = match &form.offsets {
            Some(offsets) => offsets,
            None => {
                let bytes = self.files[form.file].bytes.clone();
                let mut lexer = crate::lexer::Lexer::for_file(&bytes, LineCounters::default())
                    .with_max_token_len(self.options.limits.max_token_len);
                let (start, reading) = (form.start, form.reading);
                let max_depth = self.options.limits.max_depth;
                // The offsets of all the form's values, read again.
                let reread = |lexer: &mut crate::lexer::Lexer<'_>, symbols: &mut Symbols| {
                    lexer.resume_at(start);
                    crate::reader::form_offsets(lexer, symbols, reading, max_depth)
                };
                // An item of the outermost list: read only as far as it
                // (debug builds check it against reading the whole form).
                if let Some(j) = form.list.item_of_block_index(index) {
                    lexer.resume_at(start);
                    if let Some(offset) = crate::reader::item_offset(&mut lexer, reading, j) {
                        debug_assert_eq!(
                            reread(&mut lexer, &mut self.symbols).get(index),
                            Some(&(offset as u32))
                        );
                        origin.offset = offset;
                        return Some(origin);
                    }
                }
                // Else read the form again for its offsets, the first time
                // a message about one of its parts needs them.
                form.offsets.insert(reread(&mut lexer, &mut self.symbols))
            }
        };
        if let Some(&offset) = offsets.get(index).filter(|&&o| o != u32::MAX) {
            origin.offset = offset as usize;
        }
        Some(origin)
    }

    /// `err` located where a message made now would point, if it has no
    /// position yet.
    pub(crate) fn place_error(&mut self, err: Error) -> Error {
        if err.location.is_some() || err.offset.is_some() {
            return err;
        }
        match self.message_origin() {
            Some(o) => self.locate(err, o.file, o.offset),
            None => err,
        }
    }

    /// A read warning: prefixed with the current module's counters.
    pub(crate) fn warn(&mut self, text: impl Into<Vec<u8>>) {
        let prefix = self.prefix_of(self.current_module);
        self.push_warning(prefix, text.into(), Severity::Warning);
    }

    /// A plain warning: no prefix, cut to 254 bytes.
    pub(crate) fn warn_plain(&mut self, text: impl Into<Vec<u8>>) {
        let mut text = text.into();
        text.truncate(254);
        self.push_warning(None, text, Severity::Warning);
    }

    /// A note for `check` only; never part of the dump (spec 5.8).
    pub(crate) fn note(&mut self, text: impl Into<Vec<u8>>) {
        self.push_warning(None, text.into(), Severity::Note);
    }

    fn push_warning(&mut self, prefix: Option<Vec<u8>>, text: Vec<u8>, severity: Severity) {
        let origin = self.message_origin();
        self.warnings.push(Warning {
            severity,
            prefix,
            text,
            origin,
        });
    }

    /// The message printer's text for a value (spec 6.5).
    pub(crate) fn show(&self, value: &Value) -> String {
        String::from_utf8_lossy(&print::message(value, self)).into_owned()
    }

    /// A symbol's name, shared rather than copied. Holding it does not borrow
    /// `self`, and `String::from_utf8_lossy` over it copies nothing for the
    /// usual UTF-8 names: the per-binding paths (type and unit properties)
    /// used to allocate a `String` for every property name they read.
    pub(crate) fn sym_name(&self, id: SymId) -> Text {
        self.symbols.shared_name(id)
    }

    pub(crate) fn sym_str(&self, id: SymId) -> String {
        String::from_utf8_lossy(self.symbols.name(id)).into_owned()
    }

    /// Resolves an error's offset to a true location in `file`.
    pub(crate) fn locate(&self, mut err: Error, file: usize, fallback: usize) -> Error {
        if err.location.is_some() {
            return err;
        }
        let offset = err.offset.unwrap_or(fallback);
        let f = &self.files[file];
        let (line, col) = crate::error::line_col(&f.bytes, offset);
        err.location = Some(Location {
            file: f.path.display().to_string(),
            line,
            col,
        });
        err
    }

    /// A fatal error at the form being interpreted, or the part of it in
    /// focus (for the project's own errors).
    pub(crate) fn fatal_here(&mut self, kind: ErrorKind, message: String) -> Error {
        self.place_error(Error::new(kind, message))
    }

    // ----- type helpers -----

    pub fn type_count(&self, kind: Kind) -> usize {
        self.types[kind.index()].len()
    }

    /// Property `p` (an index into the kind's properties) of a type.
    pub fn type_prop(&self, kind: Kind, index: usize, p: usize) -> &Prop {
        self.types[kind.index()][index]
            .get(p)
            .unwrap_or(&self.default_props[kind.index()][p])
    }

    pub(crate) fn prop_index(&self, kind: Kind, name: &str) -> Option<usize> {
        self.defs.prop_index[kind.index()].get(name).copied()
    }

    /// [`Interp::prop_index`] by the symbol that names the property, looked
    /// up by name once per symbol and kind: a big game binds properties
    /// thousands of times, from a few dozen names.
    pub(crate) fn prop_of_sym(&mut self, kind: Kind, sym: SymId) -> PropName {
        let cache = &mut self.prop_by_sym[kind.index()];
        let at = sym as usize;
        if cache.len() <= at {
            cache.resize(self.symbols.len().max(at + 1), PROP_NOT_LOOKED_UP);
        }
        let code = cache[at];
        let code = if code == PROP_NOT_LOOKED_UP {
            let name = self.symbols.name(sym);
            // `zz-` names are skipped even where the kernel defines them
            // (spec 3.11), so they are decided before the lookup.
            let code = if name.starts_with(b"zz-") {
                PROP_ZZ
            } else {
                match std::str::from_utf8(name)
                    .ok()
                    .and_then(|n| self.defs.prop_index[kind.index()].get(n))
                {
                    Some(&p) => p as u32,
                    None => PROP_UNKNOWN,
                }
            };
            self.prop_by_sym[kind.index()][at] = code;
            code
        } else {
            code
        };
        match code {
            PROP_ZZ => PropName::Ignored,
            PROP_UNKNOWN => PropName::Unknown,
            p => PropName::Index(p as usize),
        }
    }

    /// A type's property as bytes (string properties).
    pub fn type_str(&self, kind: Kind, index: usize, prop: &str) -> &[u8] {
        let Some(p) = self.prop_index(kind, prop) else {
            return b"";
        };
        match self.type_prop(kind, index, p) {
            Prop::Str(s) => s,
            _ => b"",
        }
    }

    pub fn type_int(&self, kind: Kind, index: usize, prop: &str) -> i32 {
        let Some(p) = self.prop_index(kind, prop) else {
            return 0;
        };
        match self.type_prop(kind, index, p) {
            Prop::Int(n) => i32::from(*n),
            _ => 0,
        }
    }

    /// The global's integer value (0 for non-integers).
    pub fn global_int(&self, name: &str) -> i32 {
        match self.defs.global_index.get(name).map(|&i| &self.globals[i]) {
            Some(Global::Int(n)) => *n,
            _ => 0,
        }
    }

    pub(crate) fn set_global_int(&mut self, name: &str, value: i32) {
        if let Some(&i) = self.defs.global_index.get(name) {
            self.globals[i] = Global::Int(value);
        }
    }

    /// The index of the kernel table called `name` (for [`Interp::table_value`]).
    pub fn table_index(&self, name: &str) -> Option<usize> {
        self.defs.table_index.get(name).copied()
    }

    /// Table `table` (an index from [`Interp::table_index`]) at row `i`,
    /// column `j`, as the game uses it: the module's entry if the module
    /// allocated the table, else the kernel default (gdl spec 3.12). Game
    /// engines read tables only through this, so that the way entries are
    /// stored may change; out-of-range indexes read the default.
    pub fn table_value(&self, table: usize, i: usize, j: usize) -> i32 {
        let Some(def) = self.defs.tables.get(table) else {
            return 0;
        };
        match self.tables.get(table).and_then(Option::as_ref) {
            Some(data) if i < data.rows && j < data.cols => i32::from(data.get(i, j)),
            _ => def.default,
        }
    }

    /// Whether the module allocated table `table` (wrote any entry of it).
    pub fn table_is_set(&self, table: usize) -> bool {
        self.tables.get(table).is_some_and(Option::is_some)
    }

    /// A type's object property (an interpolation list, a type list…), or
    /// nil when it is unset or not an object property.
    pub fn type_obj(&self, kind: Kind, index: usize, prop: &str) -> Value {
        let Some(p) = self.prop_index(kind, prop) else {
            return Value::Nil;
        };
        match self.type_prop(kind, index, p) {
            Prop::Obj(v) => v.clone(),
            _ => Value::Nil,
        }
    }

    pub fn global_value(&self, name: &str) -> Value {
        match self.defs.global_index.get(name).map(|&i| &self.globals[i]) {
            Some(Global::Obj(v)) => v.clone(),
            _ => Value::Nil,
        }
    }
}

impl Naming for Interp {
    fn sym_name(&self, id: SymId) -> &[u8] {
        self.symbols.name(id)
    }

    fn type_name(&self, kind: Kind, index: u16) -> &[u8] {
        let prop = if kind == Kind::Unit {
            "name-internal"
        } else {
            "name"
        };
        self.type_str(kind, usize::from(index), prop)
    }

    fn namer_sym(&self, namer: u32) -> SymId {
        self.namers[namer as usize].0
    }
}

#[cfg(test)]
mod type_def_tests {
    use super::{Prop, TypeDef};

    #[test]
    fn set_and_get_agree_for_every_property_index() {
        let mut t = TypeDef::default();
        let indexes = [0, 1, 63, 64, 65, 127, 128, 200, 255, 256, 300, 1000];
        for &p in &indexes {
            assert!(t.get(p).is_none());
            t.set(p, Prop::Int(p as i16));
        }
        // Setting again replaces, never duplicates.
        for &p in &indexes {
            t.set(p, Prop::Int(-(p as i16)));
        }
        assert_eq!(t.values.len(), indexes.len());
        for &p in &indexes {
            assert!(matches!(t.get(p), Some(Prop::Int(n)) if i32::from(*n) == -(p as i32)));
        }
        for p in [2, 62, 66, 254, 257, 999] {
            assert!(t.get(p).is_none(), "{p} was never set");
        }
    }
}
