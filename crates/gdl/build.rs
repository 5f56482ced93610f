//! Turns the Xconq 7.5 kernel's definition list (`data/kernel-definitions.tsv`:
//! the property, table and global definitions the reader must know, with their
//! kinds, bounds and defaults) into Rust tables in OUT_DIR (`kernel_defs.rs`), so
//! that no process parses it at start-up.
//!
//! The list is a table of facts about the 7.5 kernel kept in the repository in
//! the project's own format (its header says the line format). A malformed line
//! fails the build with the line's number and what is wrong: the list is ours,
//! so a mistake in it is a bug to fix, not input to tolerate.

use std::fmt::Write as _;
use std::path::PathBuf;

const SOURCE: &str = "data/kernel-definitions.tsv";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={SOURCE}");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let text = std::fs::read_to_string(manifest.join(SOURCE))
        .unwrap_or_else(|e| panic!("{SOURCE}: cannot be read: {e}"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("kernel_defs.rs");
    match generate(&text) {
        Ok(source) => std::fs::write(&out, source).expect("OUT_DIR is writable"),
        Err((line, message)) => panic!("{SOURCE}:{line}: {message}"),
    }
}

fn int(field: Option<&str>, what: &str) -> Result<i32, String> {
    let text = field.ok_or_else(|| format!("the {what} is missing"))?;
    text.parse()
        .map_err(|_| format!("the {what} `{text}` is not a 32-bit integer"))
}

/// The Rust expression of a text default: `Some(b"…")` for a JSON string
/// (only `\"`, `\\` and `\uXXXX` below 256 are escapes), `None` for `-`.
fn text_default(field: Option<&str>) -> Result<String, String> {
    let field = field.ok_or("the default is missing")?;
    if field == "-" {
        return Ok("None".into());
    }
    let inner = field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .ok_or_else(|| format!("the default `{field}` is neither a quoted string nor -"))?;
    let mut bytes = Vec::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        let c = if c == '\\' {
            match chars.next() {
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| format!("bad escape `\\u{hex}`"))?
                }
                Some(c @ ('"' | '\\')) => c,
                other => return Err(format!("unknown escape `\\{}`", other.unwrap_or(' '))),
            }
        } else {
            c
        };
        let byte =
            u8::try_from(u32::from(c)).map_err(|_| format!("`{c}` is not a Latin-1 character"))?;
        bytes.push(byte);
    }
    let mut lit = String::from("Some(b\"");
    for b in bytes {
        if (b.is_ascii_graphic() && b != b'"' && b != b'\\') || b == b' ' {
            lit.push(char::from(b));
        } else {
            let _ = write!(lit, "\\x{b:02x}");
        }
    }
    lit.push_str("\".as_slice())");
    Ok(lit)
}

fn kind(field: Option<&str>) -> Result<(&'static str, usize), String> {
    match field {
        Some("unit") => Ok(("Kind::Unit", 0)),
        Some("material") => Ok(("Kind::Material", 1)),
        Some("terrain") => Ok(("Kind::Terrain", 2)),
        Some("advance") => Ok(("Kind::Advance", 3)),
        other => Err(format!(
            "`{}` is not a kind (unit, material, terrain, advance)",
            other.unwrap_or("")
        )),
    }
}

/// The slot of a property or global from its value-kind field onwards.
fn slot(fields: &[&str]) -> Result<String, String> {
    match fields.first().copied() {
        Some("int") => Ok(format!(
            "Slot::Int {{ lo: {}, default: {}, hi: {} }}",
            int(fields.get(1).copied(), "low bound")?,
            int(fields.get(2).copied(), "default")?,
            int(fields.get(3).copied(), "high bound")?
        )),
        Some("text") => Ok(format!(
            "Slot::Str {{ default: {} }}",
            text_default(fields.get(1).copied())?
        )),
        Some("lisp") => Ok("Slot::Obj".into()),
        other => Err(format!(
            "`{}` is not a value kind (int, text, lisp)",
            other.unwrap_or("")
        )),
    }
}

fn def(name: &str, slot: String) -> String {
    format!("    Def {{ name: {name:?}, slot: {slot} }},\n")
}

/// The generated source: `PROPS` (per kind), `TABLES`, `GLOBALS`; or the
/// 1-based number of the first bad line and what is wrong with it.
fn generate(text: &str) -> Result<String, (usize, String)> {
    let mut props: [String; 4] = Default::default();
    let mut tables = String::new();
    let mut globals = String::new();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let name = |at: usize| -> Result<&str, String> {
            f.get(at)
                .copied()
                .filter(|n| !n.is_empty())
                .ok_or_else(|| "the name is missing".to_string())
        };
        let mut row = || -> Result<(), String> {
            match f[0] {
                "property" => {
                    let (_, k) = kind(f.get(1).copied())?;
                    props[k].push_str(&def(name(2)?, slot(&f[3.min(f.len())..])?));
                }
                "table" => {
                    let (index1, _) = kind(f.get(1).copied())?;
                    let (index2, _) = kind(f.get(2).copied())?;
                    let dice = match f.get(4).copied() {
                        Some("dice") => true,
                        Some("int") => false,
                        other => {
                            return Err(format!(
                                "`{}` is not a table value kind (int, dice)",
                                other.unwrap_or("")
                            ))
                        }
                    };
                    let _ = writeln!(
                        tables,
                        "    TableDef {{ name: {:?}, index1: {index1}, index2: {index2}, dice: {dice}, lo: {}, default: {}, hi: {} }},",
                        name(3)?,
                        int(f.get(5).copied(), "low bound")?,
                        int(f.get(6).copied(), "default")?,
                        int(f.get(7).copied(), "high bound")?,
                    );
                }
                "global" => globals.push_str(&def(name(1)?, slot(&f[2.min(f.len())..])?)),
                other => {
                    return Err(format!(
                        "`{other}` does not start a definition (property, table, global)"
                    ))
                }
            }
            Ok(())
        };
        row().map_err(|m| (i + 1, m))?;
    }
    let mut out = String::from("// Generated by build.rs from data/kernel-definitions.tsv.\n");
    out.push_str("static PROPS: [&[Def]; 4] = [\n");
    for p in &props {
        let _ = writeln!(out, "&[\n{p}],");
    }
    out.push_str("];\n");
    let _ = writeln!(out, "static TABLES: &[TableDef] = &[\n{tables}];");
    let _ = writeln!(out, "static GLOBALS: &[Def] = &[\n{globals}];");
    Ok(out)
}
