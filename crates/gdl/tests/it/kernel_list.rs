//! The repository's kernel definition list (`data/kernel-definitions.tsv`,
//! compiled into `gdl::defaults`) against the list the real 7.5 kernel wrote
//! (`../shared/corpus/xconq-oracle/kernel-defaults.txt`): the same
//! definitions, in the same order, with the same kinds, bounds and defaults.
//! The shared list is parsed here on its own terms, independently of
//! `build.rs`.

use gdl::defaults::{kernel, Slot};
use gdl::value::Kind;

/// Splits a line into words, a double-quoted word (spaces and all) kept
/// whole with its quotes.
fn words(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let end = match rest.strip_prefix('"') {
            Some(r) => r.find('"').map_or(rest.len(), |e| e + 2),
            None => rest.find(' ').unwrap_or(rest.len()),
        };
        out.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    out
}

fn num(w: &[&str], i: usize) -> i32 {
    w.get(i).and_then(|s| s.parse().ok()).unwrap_or(0)
}

fn text(w: &[&str], i: usize) -> Option<Vec<u8>> {
    let s = w.get(i)?.strip_prefix('"')?.strip_suffix('"')?;
    Some(s.bytes().collect())
}

fn slot_of(how: &str, w: &[&str], int_at: [usize; 3], text_at: usize) -> String {
    match how {
        "int" => format!(
            "int {} {} {}",
            num(w, int_at[0]),
            num(w, int_at[1]),
            num(w, int_at[2])
        ),
        "str" => format!("text {:?}", text(w, text_at)),
        _ => "lisp".into(),
    }
}

fn ours(slot: &Slot) -> String {
    match slot {
        Slot::Int { lo, default, hi } => format!("int {lo} {default} {hi}"),
        Slot::Str { default } => format!("text {:?}", default.map(<[u8]>::to_vec)),
        Slot::Obj => "lisp".into(),
    }
}

fn kind(word: &str) -> Kind {
    match word {
        "unit" | "u" => Kind::Unit,
        "material" | "m" => Kind::Material,
        "terrain" | "t" => Kind::Terrain,
        _ => Kind::Advance,
    }
}

#[test]
fn the_repository_list_is_the_kernels_list() {
    let dir = testkit::require_shared!("corpus/xconq-oracle/kernel-defaults.txt");
    let bytes = std::fs::read(dir).unwrap();
    let list: String = bytes.iter().map(|&b| char::from(b)).collect();
    let mut props: [Vec<String>; 4] = Default::default();
    let mut tables = Vec::new();
    let mut globals = Vec::new();
    for line in list.lines() {
        let w = words(line);
        let (Some(&tag), Some(&name)) = (w.first(), w.get(1)) else {
            continue;
        };
        let how = w.get(2).copied().unwrap_or("");
        match tag {
            "udefault" | "mdefault" | "tdefault" | "adefault" => {
                let k = kind(&tag[..1]).index();
                props[k].push(format!("{name} {}", slot_of(how, &w, [3, 4, 5], 3)));
            }
            "tdefn" => tables.push(format!(
                "{name} {:?} {:?} {} {} {} {}",
                kind(how),
                kind(w.get(3).copied().unwrap_or("")),
                w.get(4) == Some(&"dice1"),
                num(&w, 5),
                num(&w, 6),
                num(&w, 7)
            )),
            "vdefn" => globals.push(format!("{name} {}", slot_of(how, &w, [5, 3, 6], 4))),
            _ => {}
        }
    }
    let k = kernel();
    for (i, theirs) in props.iter().enumerate() {
        let ours: Vec<String> = k.props[i]
            .iter()
            .map(|d| format!("{} {}", d.name, ours(&d.slot)))
            .collect();
        assert_eq!(&ours, theirs, "properties of kind {i}");
    }
    let our_tables: Vec<String> = k
        .tables
        .iter()
        .map(|t| {
            format!(
                "{} {:?} {:?} {} {} {} {}",
                t.name, t.index1, t.index2, t.dice, t.lo, t.default, t.hi
            )
        })
        .collect();
    assert_eq!(our_tables, tables);
    let our_globals: Vec<String> = k
        .globals
        .iter()
        .map(|d| format!("{} {}", d.name, ours(&d.slot)))
        .collect();
    assert_eq!(our_globals, globals);
}
