//! Makes the registry's list of plug-ins from its own Cargo.toml: every
//! dependency on a crate under `../rules-*` is a ruleset, in the order the
//! manifest lists them, so adding a ruleset is its crate plus its one
//! dependency line there (see `src/lib.rs`). The list is written to
//! OUT_DIR as `plugins.rs`: `vec![ttrts::plugin(), ...]`, each crate named
//! by its library name.

use std::path::{Path, PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let manifest = manifest_dir.join("Cargo.toml");
    println!("cargo:rerun-if-changed=Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("the registry's Cargo.toml");
    let mut entries = Vec::new();
    let mut in_deps = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if !in_deps || line.starts_with('#') || !line.contains("path = \"../rules-") {
            continue;
        }
        let path = line
            .split("path = \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| {
                panic!(
                    "Cargo.toml:{}: a ruleset line needs `path = \"...\"`",
                    i + 1
                )
            });
        let crate_dir = manifest_dir.join(path);
        println!(
            "cargo:rerun-if-changed={}",
            crate_dir.join("Cargo.toml").display()
        );
        entries.push(lib_name(&crate_dir));
    }
    let list: Vec<String> = entries
        .iter()
        .map(|lib| format!("{lib}::plugin()"))
        .collect();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("plugins.rs");
    std::fs::write(out, format!("vec![{}]\n", list.join(", "))).expect("OUT_DIR is writable");
}

/// The library name of the crate in `dir`: its `[lib] name`, else its
/// package name with `-` as `_`.
fn lib_name(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join("Cargo.toml"))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.join("Cargo.toml").display()));
    let mut section = "";
    let mut package = None;
    let mut lib = None;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            section = if line == "[lib]" {
                "lib"
            } else if line == "[package]" {
                "package"
            } else {
                ""
            };
            continue;
        }
        if let Some(value) = line.strip_prefix("name") {
            let name = value
                .trim_start()
                .trim_start_matches('=')
                .trim()
                .trim_matches('"');
            match section {
                "lib" => lib = Some(name.to_string()),
                "package" => package = Some(name.replace('-', "_")),
                _ => {}
            }
        }
    }
    lib.or(package)
        .unwrap_or_else(|| panic!("{}: no package name", dir.display()))
}
