//! The layering that ARCHITECTURE.md states, held as tests (as
//! rust-analyzer's tidy tests do): a ruleset is one crate plus one line in
//! the registry, so
//!
//! * no generic crate (every crate but the rulesets and the registry) names
//!   a ruleset crate: not in its `Cargo.toml`, not as a path in its Rust
//!   files. The one exception is the toy ruleset (`rules-toy`), which the
//!   generic crates' own tests may play: it exists for that;
//! * no ruleset crate depends on the host, the web client, the command
//!   line, tournaments or the registry;
//! * the registry lists every ruleset crate of the workspace.

use std::path::{Path, PathBuf};

/// A crate of the workspace.
struct Crate {
    dir: PathBuf,
    package: String,
    lib: String,
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The value of `key = "..."` on a line of a TOML section.
fn value_of(line: &str, key: &str) -> Option<String> {
    let rest = line
        .trim()
        .strip_prefix(key)?
        .trim_start()
        .strip_prefix('=')?;
    Some(rest.trim().trim_matches('"').to_string())
}

fn crates() -> Vec<Crate> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(workspace().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(toml) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let mut section = String::new();
        let (mut package, mut lib) = (None, None);
        for line in toml.lines() {
            if line.starts_with('[') {
                section = line.trim().to_string();
            } else if let Some(name) = value_of(line, "name") {
                match section.as_str() {
                    "[package]" => package = Some(name),
                    "[lib]" => lib = Some(name),
                    _ => {}
                }
            }
        }
        let package = package.expect("every crate has a package name");
        let lib = lib.unwrap_or_else(|| package.replace('-', "_"));
        out.push(Crate { dir, package, lib });
    }
    out.sort_by(|a, b| a.dir.cmp(&b.dir));
    out
}

fn is_ruleset(c: &Crate) -> bool {
    c.dir
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("rules-"))
}

fn is_toy(c: &Crate) -> bool {
    c.dir.ends_with("rules-toy")
}

/// The dependency names in each section of a Cargo.toml, with line numbers.
fn dependencies(toml: &str) -> Vec<(String, usize, String)> {
    let mut section = String::new();
    let mut out = Vec::new();
    for (i, line) in toml.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            section = t.to_string();
            continue;
        }
        if section.contains("dependencies") && !t.starts_with('#') {
            if let Some(name) = t.split(['=', ' ', '.']).next().filter(|n| !n.is_empty()) {
                out.push((section.clone(), i + 1, name.to_string()));
            }
        }
    }
    out
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let path = e.unwrap().path();
        if path.is_dir() {
            if !path.ends_with("target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Whether `line` uses `lib` as a crate path: `lib::`, `use lib;`, `use lib as`.
fn names_crate(line: &str, lib: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find(lib) {
        let at = from + i;
        let before = at.checked_sub(1).map(|j| bytes[j]);
        let after = &code[at + lib.len()..];
        let starts_word = before
            .is_none_or(|b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b':' || b == b'"'));
        if starts_word
            && (after.starts_with("::")
                || (code.trim_start().starts_with("use ")
                    && (after.starts_with(';') || after.starts_with(" as "))))
        {
            return true;
        }
        from = at + lib.len();
    }
    false
}

#[test]
fn generic_crates_name_no_ruleset_crate() {
    let all = crates();
    let rulesets: Vec<&Crate> = all.iter().filter(|c| is_ruleset(c)).collect();
    assert!(rulesets.len() >= 4, "the rulesets are found");
    let mut problems = Vec::new();
    for c in all
        .iter()
        .filter(|c| !is_ruleset(c) && !c.dir.ends_with("registry"))
    {
        let toml = std::fs::read_to_string(c.dir.join("Cargo.toml")).unwrap();
        for (section, line, name) in dependencies(&toml) {
            for r in &rulesets {
                let allowed = is_toy(r) && section == "[dev-dependencies]";
                if name == r.package && !allowed {
                    problems.push(format!(
                        "{}/Cargo.toml:{line}: {} depends on the ruleset crate {name} ({section}); take rulesets from the registry",
                        c.dir.display(),
                        c.package
                    ));
                }
            }
        }
        let mut files = Vec::new();
        rust_files(&c.dir, &mut files);
        for f in files {
            let in_tests = f.components().any(|p| {
                matches!(
                    p.as_os_str().to_str(),
                    Some("tests" | "benches" | "examples")
                )
            });
            let text = std::fs::read_to_string(&f).unwrap();
            for (i, line) in text.lines().enumerate() {
                for r in &rulesets {
                    if names_crate(line, &r.lib) && !(is_toy(r) && in_tests) {
                        problems.push(format!(
                            "{}:{}: names the ruleset crate `{}`: {}",
                            f.display(),
                            i + 1,
                            r.lib,
                            line.trim()
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn ruleset_crates_do_not_depend_on_the_layers_above_them() {
    let above = [
        "orderly-host",
        "orderly-web",
        "orderly-cli",
        "orderly-tournament",
        "orderly-registry",
        "orderly-client",
    ];
    let mut problems = Vec::new();
    for c in crates().iter().filter(|c| is_ruleset(c)) {
        let toml = std::fs::read_to_string(c.dir.join("Cargo.toml")).unwrap();
        for (section, line, name) in dependencies(&toml) {
            if above.contains(&name.as_str()) {
                problems.push(format!(
                    "{}/Cargo.toml:{line}: the ruleset {} depends on {name} ({section})",
                    c.dir.display(),
                    c.package
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_registry_lists_every_ruleset_crate() {
    let listed: Vec<&str> = registry::plugins().iter().map(|p| p.name()).collect();
    let toml = std::fs::read_to_string(workspace().join("crates/registry/Cargo.toml")).unwrap();
    for c in crates().iter().filter(|c| is_ruleset(c)) {
        assert!(
            toml.lines()
                .any(|l| l.trim_start().starts_with(&format!("{} ", c.package))),
            "{} is a ruleset crate the registry's Cargo.toml does not list",
            c.package
        );
    }
    assert_eq!(
        listed.len(),
        crates().iter().filter(|c| is_ruleset(c)).count()
    );
}

#[test]
fn the_tidy_check_sees_crate_paths_and_nothing_else() {
    assert!(names_crate("use ttrts::maps;", "ttrts"));
    assert!(names_crate("    let r = ttrts::Ttrts;", "ttrts"));
    assert!(names_crate("use tae;", "tae"));
    assert!(!names_crate("registry::find(\"ttrts\")", "ttrts"));
    assert!(!names_crate("// see ttrts::maps", "ttrts"));
    assert!(!names_crate("use crate::tae::Board;", "tae"));
    assert!(!names_crate("let x = metae::y;", "tae"));
}
