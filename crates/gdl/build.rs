//! Finds the Xconq 7.5 kernel's definition list (`kernel-defaults.txt`, the
//! property, table and global definitions the reader must know), parses it
//! and hands it to the crate as Rust tables in OUT_DIR (`kernel_defs.rs`), so
//! that no process parses it at start-up.
//!
//! The list is the kernel's own data and lives in the shared corpus beside
//! the project (`../shared/corpus/xconq-oracle/`); it is not copied into the
//! repository. `ORDERLY_XCONQ_KERNEL_DEFAULTS` may name another copy. When
//! neither is there the crate still builds (so the rest of Orderly does), and
//! `gdl::defaults::available()` is false: the `orderly gdl` commands then say
//! what is missing instead of reading modules wrongly.
//!
//! The line format: `udefault NAME int LO DEFAULT HI`, `udefault NAME str
//! "DEFAULT"`, `udefault NAME obj …` (and `m`, `t`, `a` for the other kinds);
//! `tdefn NAME KIND1 KIND2 dice1|- LO DEFAULT HI`; `vdefn NAME int DEFAULT
//! _ LO HI`, `vdefn NAME str _ "DEFAULT"`, `vdefn NAME obj …`. Other lines are
//! ignored; a missing or unreadable number reads as 0.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=ORDERLY_XCONQ_KERNEL_DEFAULTS");
    println!("cargo:rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let source = std::env::var_os("ORDERLY_XCONQ_KERNEL_DEFAULTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            manifest.join("../../../shared/corpus/xconq-oracle/kernel-defaults.txt")
        });
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("kernel_defs.rs");
    println!("cargo:rerun-if-changed={}", source.display());
    let text = match std::fs::read(&source) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            println!(
                "cargo:warning=no Xconq kernel definitions at {} ({e}): `orderly gdl` will be unavailable",
                source.display()
            );
            String::new()
        }
    };
    std::fs::write(&out, generate(&text)).expect("OUT_DIR is writable");
}

/// Splits a line into words, keeping a double-quoted word (with spaces)
/// whole, quotes included.
fn words(line: &str) -> Vec<&str> {
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

fn num(word: Option<&&str>) -> i32 {
    word.and_then(|w| w.parse().ok()).unwrap_or(0)
}

/// The Rust expression of a string default: `Some(b"…")` or `None`.
fn string_default(word: Option<&&str>) -> String {
    match word
        .and_then(|w| w.strip_prefix('"'))
        .and_then(|w| w.strip_suffix('"'))
    {
        Some(w) => {
            let mut lit = String::from("Some(b\"");
            for &b in w.as_bytes() {
                if (b.is_ascii_graphic() && b != b'"' && b != b'\\') || b == b' ' {
                    lit.push(char::from(b));
                } else {
                    let _ = write!(lit, "\\x{b:02x}");
                }
            }
            lit.push_str("\".as_slice())");
            lit
        }
        None => "None".into(),
    }
}

fn kind_of(word: &str) -> &'static str {
    match word {
        "unit" | "u" => "Kind::Unit",
        "material" | "m" => "Kind::Material",
        "terrain" | "t" => "Kind::Terrain",
        _ => "Kind::Advance",
    }
}

fn def(name: &str, slot: String) -> String {
    format!("    Def {{ name: {name:?}, slot: {slot} }},\n")
}

/// The generated source: `AVAILABLE`, `PROPS` (per kind), `TABLES`, `GLOBALS`.
fn generate(text: &str) -> String {
    let mut props: [String; 4] = Default::default();
    let mut tables = String::new();
    let mut globals = String::new();
    for line in text.lines() {
        let w = words(line);
        let Some(&tag) = w.first() else { continue };
        let name = w.get(1).copied().unwrap_or("");
        let how = w.get(2).copied().unwrap_or("");
        match tag {
            "udefault" | "mdefault" | "tdefault" | "adefault" => {
                let slot = match how {
                    "int" => format!(
                        "Slot::Int {{ lo: {}, default: {}, hi: {} }}",
                        num(w.get(3)),
                        num(w.get(4)),
                        num(w.get(5))
                    ),
                    "str" => format!("Slot::Str {{ default: {} }}", string_default(w.get(3))),
                    _ => "Slot::Obj".into(),
                };
                let k = match &tag[..1] {
                    "u" => 0,
                    "m" => 1,
                    "t" => 2,
                    _ => 3,
                };
                props[k].push_str(&def(name, slot));
            }
            "tdefn" => {
                let _ = writeln!(
                    tables,
                    "    TableDef {{ name: {name:?}, index1: {}, index2: {}, dice: {}, lo: {}, default: {}, hi: {} }},",
                    kind_of(how),
                    kind_of(w.get(3).copied().unwrap_or("")),
                    w.get(4).is_some_and(|s| *s == "dice1"),
                    num(w.get(5)),
                    num(w.get(6)),
                    num(w.get(7)),
                );
            }
            "vdefn" => {
                let slot = match how {
                    "int" => format!(
                        "Slot::Int {{ lo: {}, default: {}, hi: {} }}",
                        num(w.get(5)),
                        num(w.get(3)),
                        num(w.get(6))
                    ),
                    "str" => format!("Slot::Str {{ default: {} }}", string_default(w.get(4))),
                    _ => "Slot::Obj".into(),
                };
                globals.push_str(&def(name, slot));
            }
            _ => {}
        }
    }
    let mut out = String::from("// Generated by build.rs from kernel-defaults.txt.\n");
    let _ = writeln!(out, "const AVAILABLE: bool = {};", !text.trim().is_empty());
    out.push_str("static PROPS: [&[Def]; 4] = [\n");
    for p in &props {
        let _ = writeln!(out, "&[\n{p}],");
    }
    out.push_str("];\n");
    let _ = writeln!(out, "static TABLES: &[TableDef] = &[\n{tables}];");
    let _ = writeln!(out, "static GLOBALS: &[Def] = &[\n{globals}];");
    out
}
