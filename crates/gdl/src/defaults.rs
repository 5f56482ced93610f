//! The kernel's built-in definitions: type properties, tables and globals
//! (gdl spec 3.11, 4.4, 4.6), read from `kernel-defaults.txt`.
//!
//! The list is the 7.5 kernel's own data (names, ranges, defaults, and the order
//! the dump uses). It is not retyped here: `build.rs` finds the shared copy
//! beside the project and the crate embeds it, so the two can never drift
//! apart; a build without it has an empty list ([`available`] is false).

use std::sync::OnceLock;

use crate::value::{FnvMap as HashMap, Kind};

const KERNEL_DEFAULTS: &str = include_str!(concat!(env!("OUT_DIR"), "/kernel-defaults.txt"));

/// True when this build has the kernel's definitions (see `build.rs`).
pub fn available() -> bool {
    !KERNEL_DEFAULTS.trim().is_empty()
}

/// How a property or global is valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    Int {
        lo: i32,
        default: i32,
        hi: i32,
    },
    Str {
        default: Option<Vec<u8>>,
    },
    /// A Lisp value, stored as read.
    Obj,
}

/// One type property or global.
#[derive(Clone, Debug)]
pub struct Def {
    pub name: &'static str,
    pub slot: Slot,
}

/// One table of the kernel (`tdefn`).
#[derive(Clone, Debug)]
pub struct TableDef {
    pub name: &'static str,
    pub index1: Kind,
    pub index2: Kind,
    pub dice: bool,
    pub lo: i32,
    pub default: i32,
    pub hi: i32,
}

/// Everything `kernel-defaults.txt` defines, with name lookups.
#[derive(Debug)]
pub struct KernelDefs {
    /// Properties per kind, in dump order.
    pub props: [Vec<Def>; 4],
    pub prop_index: [HashMap<&'static str, usize>; 4],
    pub tables: Vec<TableDef>,
    pub table_index: HashMap<&'static str, usize>,
    pub globals: Vec<Def>,
    pub global_index: HashMap<&'static str, usize>,
}

/// The kernel definitions, parsed once.
pub fn kernel() -> &'static KernelDefs {
    static DEFS: OnceLock<KernelDefs> = OnceLock::new();
    DEFS.get_or_init(|| parse(KERNEL_DEFAULTS))
}

fn kind_of(word: &str) -> Kind {
    match word {
        "unit" | "u" => Kind::Unit,
        "material" | "m" => Kind::Material,
        "terrain" | "t" => Kind::Terrain,
        _ => Kind::Advance,
    }
}

/// Splits a line into words, keeping a double-quoted word (with spaces) whole,
/// quotes included.
fn words(line: &'static str) -> Vec<&'static str> {
    let mut out = Vec::with_capacity(8);
    let mut rest = line.trim();
    while !rest.is_empty() {
        let end = if let Some(r) = rest.strip_prefix('"') {
            r.find('"').map_or(rest.len(), |e| e + 2)
        } else {
            rest.find(' ').unwrap_or(rest.len())
        };
        out.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    out
}

fn string_default(word: &str) -> Option<Vec<u8>> {
    word.strip_prefix('"')
        .and_then(|w| w.strip_suffix('"'))
        .map(|w| w.as_bytes().to_vec())
}

fn num(word: Option<&&str>) -> i32 {
    word.and_then(|w| w.parse().ok()).unwrap_or(0)
}

fn parse(text: &'static str) -> KernelDefs {
    let mut props: [Vec<Def>; 4] = Default::default();
    let mut tables = Vec::new();
    let mut globals = Vec::new();
    for line in text.lines() {
        let w = words(line);
        let Some(&tag) = w.first() else { continue };
        let name = w.get(1).copied().unwrap_or("");
        let how = w.get(2).copied().unwrap_or("");
        match tag {
            "udefault" | "mdefault" | "tdefault" | "adefault" => {
                let slot = match how {
                    "int" => Slot::Int {
                        lo: num(w.get(3)),
                        default: num(w.get(4)),
                        hi: num(w.get(5)),
                    },
                    "str" => Slot::Str {
                        default: w.get(3).and_then(|s| string_default(s)),
                    },
                    _ => Slot::Obj,
                };
                props[kind_of(&tag[..1]).index()].push(Def { name, slot });
            }
            "tdefn" => tables.push(TableDef {
                name,
                index1: kind_of(how),
                index2: kind_of(w.get(3).copied().unwrap_or("")),
                dice: w.get(4).is_some_and(|s| *s == "dice1"),
                lo: num(w.get(5)),
                default: num(w.get(6)),
                hi: num(w.get(7)),
            }),
            "vdefn" => {
                let slot = match how {
                    "int" => Slot::Int {
                        lo: num(w.get(5)),
                        default: num(w.get(3)),
                        hi: num(w.get(6)),
                    },
                    "str" => Slot::Str {
                        default: w.get(4).and_then(|s| string_default(s)),
                    },
                    _ => Slot::Obj,
                };
                globals.push(Def { name, slot });
            }
            _ => {}
        }
    }
    let index = |defs: &Vec<Def>| defs.iter().enumerate().map(|(i, d)| (d.name, i)).collect();
    KernelDefs {
        prop_index: [
            index(&props[0]),
            index(&props[1]),
            index(&props[2]),
            index(&props[3]),
        ],
        props,
        table_index: tables
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name, i))
            .collect(),
        tables,
        global_index: index(&globals),
        globals,
    }
}
