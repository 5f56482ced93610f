//! The rulesets this build knows. Adding a ruleset is one line here; nothing
//! else in the program names a ruleset. It is a crate of its own so that the
//! CLI and the host (which must not depend on the CLI) share the one list.

use std::sync::Arc;

use engine::{DynRuleset, Registered};

/// Every ruleset, by name.
pub fn rulesets() -> Vec<Box<dyn DynRuleset>> {
    vec![
        Box::new(Registered(Arc::new(ttrts::Ttrts))),
        Box::new(Registered(Arc::new(tae::Tae))),
        Box::new(Registered(Arc::new(fullthrust::FullThrust))),
    ]
}

/// A ruleset by name (case-insensitive), or an error listing the known ones.
pub fn find(name: &str) -> anyhow::Result<Box<dyn DynRuleset>> {
    let all = rulesets();
    let names: Vec<&str> = all.iter().map(|r| r.name()).collect();
    let wanted = names.iter().position(|n| n.eq_ignore_ascii_case(name));
    match wanted {
        Some(i) => Ok(all.into_iter().nth(i).expect("index from the same list")),
        None => anyhow::bail!("no ruleset `{name}`; this build has: {}", names.join(", ")),
    }
}
