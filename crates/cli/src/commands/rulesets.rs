//! `orderly rulesets`, and a ruleset's name as a command: `orderly ttrts
//! demo`, `orderly ttrts Chess`, `orderly xconq replay ...`.
//!
//! `orderly NAME VERB ARGS` is `orderly VERB NAME ARGS` for the generic
//! commands (play, demo, replay, bot, tournament, maps); a ruleset's own
//! commands (its plug-in's `command`) come next; anything else is `orderly
//! play NAME ARGS` (so `orderly ttrts Chess` plays the Chess map by files).
//! The command line knows no ruleset: the names come from the registry.

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::bail;

/// The generic commands a ruleset's name may come before.
const VERBS: [&str; 6] = ["play", "demo", "replay", "bot", "tournament", "maps"];

/// Lists the rulesets: name, aliases, bots, scenarios.
pub fn list() -> anyhow::Result<ExitCode> {
    for p in registry::plugins() {
        let r = &p.rules;
        let aliases = if p.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", p.aliases.join(", "))
        };
        println!("{}{aliases}: version {}", r.name(), r.version());
        println!("  bots: {}", r.bot_names().join(", "));
        println!(
            "  maps/scenarios: {} (default {})",
            r.scenarios().join(", "),
            r.default_scenario()
        );
        if let Some(c) = p.command {
            println!("  its own commands: {} ({})", c.names.join(", "), c.about);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `orderly NAME ARGS...` (`args[0]` is NAME).
pub fn run(args: Vec<OsString>) -> anyhow::Result<ExitCode> {
    let name = args[0].to_string_lossy().into_owned();
    let Ok(plugin) = registry::plugin(&name) else {
        let names: Vec<&str> = registry::plugins().iter().map(|p| p.name()).collect();
        bail!(
            "`{name}` is neither a command nor a ruleset; see `orderly --help` (rulesets: {})",
            names.join(", ")
        );
    };
    let verb = args.get(1).map(|a| a.to_string_lossy().into_owned());
    if let Some(c) = plugin.command {
        if verb.as_deref().is_some_and(|v| c.names.contains(&v)) {
            return (c.run)(args).map_err(|e| anyhow::anyhow!(e));
        }
    }
    let mut line: Vec<OsString> = vec!["orderly".into()];
    match verb.as_deref() {
        Some("replay") => {
            line.extend(["replay".into(), "--ruleset".into(), name.into()]);
            line.extend(args.into_iter().skip(2));
        }
        Some(v) if VERBS.contains(&v) => {
            line.extend([v.into(), name.into()]);
            line.extend(args.into_iter().skip(2));
        }
        Some("--help" | "-h" | "help") => {
            println!(
                "orderly {name} COMMAND ...: the same as `orderly COMMAND {name} ...` for {}",
                VERBS.join(", ")
            );
            println!("orderly {name} [SCENARIO] [OPTIONS]: the same as `orderly play {name} ...`");
            if let Some(c) = plugin.command {
                println!("its own commands: {} ({})", c.names.join(", "), c.about);
            }
            return Ok(ExitCode::SUCCESS);
        }
        _ => {
            line.extend(["play".into(), name.into()]);
            line.extend(args.into_iter().skip(1));
        }
    }
    crate::run_line(line)
}
