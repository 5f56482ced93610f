//! The kernel's built-in definitions: type properties, tables and globals
//! (gdl spec 3.11, 4.4, 4.6).
//!
//! The list is a table of facts about the 7.5 kernel (names, ranges, defaults,
//! and the order the dump uses), kept in the repository as
//! `data/kernel-definitions.tsv`; `build.rs` turns it into static tables at
//! build time, so no process parses it at start-up. A test holds it equal to
//! the shared corpus's `kernel-defaults.txt` (the kernel's own list) whenever
//! the corpus is beside the project.

use std::sync::OnceLock;

use crate::value::{FnvMap as HashMap, Kind};

include!(concat!(env!("OUT_DIR"), "/kernel_defs.rs"));

/// How a property or global is valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    Int {
        lo: i32,
        default: i32,
        hi: i32,
    },
    Str {
        default: Option<&'static [u8]>,
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

/// Everything the kernel defines, with name lookups.
#[derive(Debug)]
pub struct KernelDefs {
    /// Properties per kind, in dump order.
    pub props: [&'static [Def]; 4],
    pub prop_index: [HashMap<&'static str, usize>; 4],
    pub tables: &'static [TableDef],
    pub table_index: HashMap<&'static str, usize>,
    pub globals: &'static [Def],
    pub global_index: HashMap<&'static str, usize>,
}

/// The kernel definitions with their name indexes, built once.
pub fn kernel() -> &'static KernelDefs {
    static DEFS: OnceLock<KernelDefs> = OnceLock::new();
    DEFS.get_or_init(|| {
        let index = |defs: &[Def]| defs.iter().enumerate().map(|(i, d)| (d.name, i)).collect();
        KernelDefs {
            props: PROPS,
            prop_index: [
                index(PROPS[0]),
                index(PROPS[1]),
                index(PROPS[2]),
                index(PROPS[3]),
            ],
            tables: TABLES,
            table_index: TABLES
                .iter()
                .enumerate()
                .map(|(i, t)| (t.name, i))
                .collect(),
            globals: GLOBALS,
            global_index: index(GLOBALS),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spot checks of the generated tables against lines of the kernel's
    /// list (the whole list is compared in `tests/it/kernel_list.rs`).
    #[test]
    fn generated_tables_match_the_kernel_list() {
        let k = kernel();
        let acp_max = &k.props[Kind::Unit.index()][k.prop_index[0]["acp-max"]];
        assert_eq!(
            acp_max.slot,
            Slot::Int {
                lo: -1,
                default: -1,
                hi: 32767
            }
        );
        let effect = &k.props[Kind::Unit.index()][k.prop_index[0]["acp-damage-effect"]];
        assert_eq!(effect.slot, Slot::Obj);
        let color = &k.props[0][k.prop_index[0]["construction-border-color"]];
        assert_eq!(
            color.slot,
            Slot::Str {
                default: Some(b"SandyBrown")
            }
        );
        let char_ = &k.props[0][k.prop_index[0]["char"]];
        assert_eq!(char_.slot, Slot::Str { default: Some(b"") });
        let damage = &k.tables[k.table_index["accident-damage"]];
        assert_eq!(
            (damage.index1, damage.index2, damage.dice),
            (Kind::Unit, Kind::Terrain, true)
        );
        assert_eq!((damage.lo, damage.default, damage.hi), (-32768, 0, 32767));
        let adv = &k.globals[k.global_index["advantage-default"]];
        assert_eq!(
            adv.slot,
            Slot::Int {
                lo: 1,
                default: 1,
                hi: 100
            }
        );
        let cursor = &k.globals[k.global_index["attack-cursor"]];
        assert_eq!(
            cursor.slot,
            Slot::Str {
                default: Some(b"cursor-sword")
            }
        );
        assert_eq!(k.props.iter().map(|p| p.len()).sum::<usize>(), 221);
        assert_eq!(k.tables.len(), 321);
        assert_eq!(k.globals.len(), 115);
        for (i, t) in k.tables.iter().enumerate() {
            assert_eq!(k.table_index[t.name], i);
        }
    }
}
