//! The rulesets this build knows: the one list of plug-ins.
//!
//! Adding a ruleset is one crate (its rules, files, board drawing, browser
//! controller, guide and bots, handed over by its `plugin()` function as a
//! [`Plugin`]) plus one line: its dependency line in this crate's
//! `Cargo.toml`, under "The rulesets". `build.rs` turns those lines into
//! [`plugins`], in the order they are listed. Nothing else in the program names a ruleset: the host, the
//! web client, the renderer, tournaments and the command line work through
//! this list (a tidy test in this crate fails when one of them names a
//! ruleset crate). It is a crate of its own so that the CLI and the host
//! (which must not depend on the CLI) share the one list.

use std::sync::Arc;

pub use plugin::{Client, Command, Plugin, Rerun, Rerunning};

/// Every ruleset, in the order people see them listed.
pub fn plugins() -> Vec<Plugin> {
    include!(concat!(env!("OUT_DIR"), "/plugins.rs"))
}

/// Every ruleset's rules, object-safe.
pub fn rulesets() -> Vec<Arc<dyn engine::DynRuleset>> {
    plugins().into_iter().map(|p| p.rules).collect()
}

/// The plug-in of a ruleset by name or alias (case-insensitive), or an
/// error listing the known ones.
pub fn plugin(name: &str) -> Result<Plugin, UnknownRuleset> {
    let all = plugins();
    match all.iter().position(|p| p.answers_to(name)) {
        Some(i) => Ok(all.into_iter().nth(i).expect("index from the same list")),
        None => Err(UnknownRuleset {
            name: name.to_string(),
            known: all.iter().map(|p| p.name()).collect(),
        }),
    }
}

/// A ruleset's rules by name or alias (case-insensitive).
pub fn find(name: &str) -> Result<Arc<dyn engine::DynRuleset>, UnknownRuleset> {
    plugin(name).map(|p| p.rules)
}

/// No ruleset of that name in this build.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no ruleset `{name}`; this build has: {}", known.join(", "))]
pub struct UnknownRuleset {
    pub name: String,
    pub known: Vec<&'static str>,
}
