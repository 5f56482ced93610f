//! Names for synthesised worlds (spec §18.2, D20): the module's namers (the
//! `random` and `grammar` forms of GDL's `namer`) and its `side-library`.
//!
//! Everything here is read out of the loaded module once, at setup, into
//! plain owned data ([`Namers`], [`LibraryEntry`]), so that naming runs
//! after the reader is gone and draws only from the generator it is handed
//! (`GameRng`, D5: never the kernel's `rs`). The forms are GDL's:
//!
//! * `(random "A" "B" …)`: one of the strings. Synthesis draws them without
//!   repetition (a country does not get two towns called Herat) until the
//!   list runs out.
//! * `(grammar ROOT DEPTH (SYMBOL EXPR)…)`: EXPR is a string (itself), a
//!   symbol (its rule, expanded while the depth lasts, else its own name),
//!   `(or [W] EXPR [W] EXPR …)` (one alternative, by weight, default 1),
//!   `(capitalize EXPR)`, or any other list (its parts one after another).
//!   The result's first letter is upper-cased, as 7.5 does.

use std::collections::{BTreeMap, BTreeSet};

use engine::GameRng;
use gdl::value::{Kind, Value};
use gdl::Interp;
use serde::{Deserialize, Serialize};

use crate::setup::latin1;

/// One grammar expression.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    Text(String),
    /// A rule's name (or plain text when no rule has it).
    Symbol(String),
    /// Weighted alternatives.
    Or(Vec<(u32, Expr)>),
    Capitalize(Box<Expr>),
    Seq(Vec<Expr>),
}

/// A namer's method.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Namer {
    Random(Vec<String>),
    Grammar {
        root: String,
        depth: u32,
        rules: BTreeMap<String, Expr>,
    },
}

/// Every namer of the module, by name, and what each has handed out.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Namers {
    pub namers: BTreeMap<String, Namer>,
    /// Per `random` namer, the names already given (drawn without
    /// repetition until the list is used up).
    #[serde(skip)]
    used: BTreeMap<String, BTreeSet<usize>>,
}

/// One entry of the module's `side-library`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LibraryEntry {
    pub weight: u32,
    pub name: Option<String>,
    pub noun: Option<String>,
    pub plural_noun: Option<String>,
    pub adjective: Option<String>,
    /// `(unit-namers ((TYPES…) NAMER)…)`: unit type index → namer name.
    pub unit_namers: Vec<(usize, String)>,
}

fn sym_name(interp: &Interp, v: &Value) -> Option<String> {
    v.as_sym()
        .map(|s| String::from_utf8_lossy(interp.symbols.name(s)).into_owned())
}

fn text(interp: &Interp, v: &Value) -> Option<String> {
    match v {
        Value::Str(_) => v.as_str().map(latin1),
        Value::Sym(_) => sym_name(interp, v),
        _ => None,
    }
}

fn expr(interp: &Interp, v: &Value) -> Expr {
    match v {
        Value::Str(_) => Expr::Text(v.as_str().map(latin1).unwrap_or_default()),
        Value::Sym(_) => Expr::Symbol(sym_name(interp, v).unwrap_or_default()),
        Value::Num(n) => Expr::Text(n.to_string()),
        Value::List(_) => {
            let items = v.items();
            let head = items.first().and_then(|h| sym_name(interp, h));
            match head.as_deref() {
                Some("or") => {
                    let mut alts = Vec::new();
                    let mut weight = 1u32;
                    for item in &items[1..] {
                        if let Value::Num(n) = item {
                            weight = (*n).max(0) as u32;
                        } else {
                            alts.push((weight, expr(interp, item)));
                            weight = 1;
                        }
                    }
                    Expr::Or(alts)
                }
                Some("capitalize") => Expr::Capitalize(Box::new(Expr::Seq(
                    items[1..].iter().map(|x| expr(interp, x)).collect(),
                ))),
                _ => Expr::Seq(items.iter().map(|x| expr(interp, x)).collect()),
            }
        }
        _ => Expr::Text(String::new()),
    }
}

fn namer(interp: &Interp, method: &Value) -> Option<Namer> {
    let items = method.items();
    match items.first().and_then(|h| sym_name(interp, h)).as_deref() {
        Some("random") => Some(Namer::Random(
            items[1..].iter().filter_map(|v| text(interp, v)).collect(),
        )),
        Some("grammar") => {
            let root = items.get(1).and_then(|v| sym_name(interp, v))?;
            let mut k = 2;
            let mut depth = 5;
            if let Some(Value::Num(n)) = items.get(2) {
                depth = (*n).max(1) as u32;
                k = 3;
            }
            let rules = items[k.min(items.len())..]
                .iter()
                .filter_map(|rule| {
                    let r = rule.items();
                    let name = r.first().and_then(|h| sym_name(interp, h))?;
                    let body = match r.len() {
                        0 | 1 => Expr::Text(String::new()),
                        2 => expr(interp, &r[1]),
                        _ => Expr::Seq(r[1..].iter().map(|x| expr(interp, x)).collect()),
                    };
                    Some((name, body))
                })
                .collect();
            Some(Namer::Grammar { root, depth, rules })
        }
        _ => None,
    }
}

/// The unit types a type list names (symbols by internal name, or types).
fn unit_types(interp: &Interp, unit_names: &[String], v: &Value) -> Vec<usize> {
    match v {
        Value::Type(Kind::Unit, i) => vec![usize::from(*i)],
        Value::Sym(_) => sym_name(interp, v)
            .and_then(|n| unit_names.iter().position(|u| *u == n))
            .into_iter()
            .collect(),
        Value::List(_) => v
            .items()
            .iter()
            .flat_map(|x| unit_types(interp, unit_names, x))
            .collect(),
        _ => Vec::new(),
    }
}

impl Namers {
    /// Every namer the module defines.
    pub fn read(interp: &Interp) -> Namers {
        let namers = interp
            .namers
            .iter()
            .filter_map(|(sym, method)| {
                let name = String::from_utf8_lossy(interp.symbols.name(*sym)).into_owned();
                namer(interp, method).map(|n| (name, n))
            })
            .collect();
        Namers {
            namers,
            used: BTreeMap::new(),
        }
    }

    /// A name from the namer called `name`, or `None` when the module has
    /// no such namer (the kernel's built-in `junky` is applied at
    /// completion, §8.14) or a `random` list is used up.
    pub fn name(&mut self, name: &str, rng: &mut GameRng) -> Option<String> {
        match self.namers.get(name)? {
            Namer::Random(list) => {
                let used = self.used.entry(name.to_string()).or_default();
                let free: Vec<usize> = (0..list.len()).filter(|i| !used.contains(i)).collect();
                let &pick = rng.choose(&free)?;
                used.insert(pick);
                Some(list[pick].clone())
            }
            Namer::Grammar { root, depth, rules } => {
                let mut out = String::new();
                expand(
                    &Expr::Symbol(root.clone()),
                    rules,
                    *depth + 1,
                    rng,
                    &mut out,
                );
                let out = capitalize(out.trim());
                (!out.is_empty()).then_some(out)
            }
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn expand(
    e: &Expr,
    rules: &BTreeMap<String, Expr>,
    depth: u32,
    rng: &mut GameRng,
    out: &mut String,
) {
    match e {
        Expr::Text(t) => out.push_str(t),
        Expr::Symbol(s) => match rules.get(s) {
            Some(body) if depth > 0 => expand(body, rules, depth - 1, rng, out),
            Some(_) => {}
            None => out.push_str(s),
        },
        Expr::Or(alts) => {
            let total: u32 = alts.iter().map(|a| a.0).sum();
            if total == 0 {
                return;
            }
            let mut roll = rng.below(total);
            for (w, alt) in alts {
                if roll < *w {
                    expand(alt, rules, depth, rng, out);
                    return;
                }
                roll -= w;
            }
        }
        Expr::Capitalize(inner) => {
            let mut part = String::new();
            expand(inner, rules, depth, rng, &mut part);
            out.push_str(&capitalize(&part));
        }
        Expr::Seq(parts) => {
            for p in parts {
                expand(p, rules, depth, rng, out);
            }
        }
    }
}

/// The module's `side-library` (entries with a weight of 0 are dropped).
pub fn side_library(interp: &Interp, unit_names: &[String]) -> Vec<LibraryEntry> {
    let lib = interp.global_value("side-library");
    lib.items()
        .iter()
        .filter_map(|entry| {
            let items = entry.items();
            let (weight, props) = match items.first() {
                Some(Value::Num(n)) => ((*n).max(0) as u32, &items[1..]),
                _ => (1, items),
            };
            let mut e = LibraryEntry {
                weight,
                name: None,
                noun: None,
                plural_noun: None,
                adjective: None,
                unit_namers: Vec::new(),
            };
            for p in props {
                let pi = p.items();
                let Some(key) = pi.first().and_then(|h| sym_name(interp, h)) else {
                    continue;
                };
                let value = pi.get(1);
                match key.as_str() {
                    "name" => e.name = value.and_then(|v| text(interp, v)),
                    "noun" => e.noun = value.and_then(|v| text(interp, v)),
                    "plural-noun" => e.plural_noun = value.and_then(|v| text(interp, v)),
                    "adjective" => e.adjective = value.and_then(|v| text(interp, v)),
                    "unit-namers" => {
                        for clause in &pi[1..] {
                            let c = clause.items();
                            let (Some(types), Some(namer)) = (c.first(), c.get(1)) else {
                                continue;
                            };
                            let Some(namer) = sym_name(interp, namer) else {
                                continue;
                            };
                            for u in unit_types(interp, unit_names, types) {
                                e.unit_namers.push((u, namer.clone()));
                            }
                        }
                    }
                    _ => {}
                }
            }
            (e.weight > 0 && e.noun.is_some()).then_some(e)
        })
        .collect()
}

/// Picks `n` entries by weight, without repetition (fewer when the
/// library is shorter).
pub fn pick_entries(lib: &[LibraryEntry], n: usize, rng: &mut GameRng) -> Vec<LibraryEntry> {
    let mut left: Vec<&LibraryEntry> = lib.iter().collect();
    let mut out = Vec::new();
    while out.len() < n && !left.is_empty() {
        let total: u32 = left.iter().map(|e| e.weight).sum();
        let mut roll = rng.below(total.max(1));
        let mut at = left.len() - 1;
        for (i, e) in left.iter().enumerate() {
            if roll < e.weight {
                at = i;
                break;
            }
            roll -= e.weight;
        }
        out.push(left.remove(at).clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grammar() -> Namer {
        let mut rules = BTreeMap::new();
        rules.insert(
            "root".to_string(),
            Expr::Or(vec![
                (
                    3,
                    Expr::Seq(vec![Expr::Symbol("syl".into()), Expr::Text("ville".into())]),
                ),
                (
                    1,
                    Expr::Seq(vec![
                        Expr::Text("bad ".into()),
                        Expr::Capitalize(Box::new(Expr::Symbol("syl".into()))),
                    ]),
                ),
            ]),
        );
        rules.insert(
            "syl".to_string(),
            Expr::Or(vec![
                (1, Expr::Text("ka".into())),
                (1, Expr::Text("lo".into())),
            ]),
        );
        Namer::Grammar {
            root: "root".into(),
            depth: 4,
            rules,
        }
    }

    #[test]
    fn a_grammar_makes_capitalised_names_from_its_rules() {
        let mut n = Namers::default();
        n.namers.insert("g".into(), grammar());
        let mut rng = GameRng::from_seed(5);
        for _ in 0..50 {
            let name = n.name("g", &mut rng).expect("a name");
            assert!(
                ["Kaville", "Loville", "Bad Ka", "Bad Lo"].contains(&name.as_str()),
                "{name}"
            );
        }
    }

    #[test]
    fn a_random_namer_gives_each_name_once_then_none() {
        let mut n = Namers::default();
        n.namers
            .insert("r".into(), Namer::Random(vec!["A".into(), "B".into()]));
        let mut rng = GameRng::from_seed(1);
        let mut got = vec![
            n.name("r", &mut rng).unwrap(),
            n.name("r", &mut rng).unwrap(),
        ];
        got.sort();
        assert_eq!(got, ["A", "B"]);
        assert_eq!(n.name("r", &mut rng), None);
        assert_eq!(n.name("nothing", &mut rng), None);
    }

    #[test]
    fn entries_are_picked_without_repetition() {
        let e = |noun: &str, weight| LibraryEntry {
            weight,
            name: None,
            noun: Some(noun.into()),
            plural_noun: None,
            adjective: None,
            unit_namers: Vec::new(),
        };
        let lib = vec![e("A", 1), e("B", 50), e("C", 1)];
        let mut rng = GameRng::from_seed(9);
        let got = pick_entries(&lib, 5, &mut rng);
        let mut nouns: Vec<_> = got.iter().map(|e| e.noun.clone().unwrap()).collect();
        nouns.sort();
        assert_eq!(nouns, ["A", "B", "C"]);
    }
}
