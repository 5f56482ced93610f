//! The checks of a game's setup that every caller makes the same way,
//! before and after the ruleset sets the game up: the options given are
//! ones the ruleset takes, and the seats asked for are the seats it made.
//!
//! A ruleset reads the options it knows and never sees the others, so a
//! misspelt option (`side` for `sides`) would be a game played with the
//! defaults, and a player count the scenario fixes would be dropped
//! without a word. The host and the command line both call these, so a
//! game refused over HTTP is refused on the command line with the same
//! words.

use serde_json::{Map, Value};

use crate::dynamic::{DynRuleset, Game};
use crate::ruleset::{OptionSpec, SetupError};

/// The name of the local option that names folders of files to read.
pub const LIB_OPTION: &str = "lib";

/// Options only a caller on the game's own machine may give, whatever the
/// ruleset: they say where files are, not how the game is played. A host
/// refuses them (a client must not make the server read folders of its
/// choosing); the command line passes them on, and a ruleset that reads
/// no files ignores them.
pub const LOCAL_OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: LIB_OPTION,
    json_type: "string",
    description: "folders on this machine the ruleset reads files from (game modules): \
                  a path, or a list of them",
}];

/// Who gives a setup's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionsFrom {
    /// The command line, on the game's own machine: [`LOCAL_OPTIONS`] too.
    Local,
    /// A client of a host: only the ruleset's own options.
    Client,
}

/// Every option in `options` that `rules` does not take from `from`, as one
/// error each at `options.KEY` naming the options it takes.
pub fn check_options(
    rules: &dyn DynRuleset,
    options: &Map<String, Value>,
    from: OptionsFrom,
) -> Result<(), Vec<SetupError>> {
    let known: Vec<&str> = rules.options().iter().map(|o| o.name).collect();
    let local = |key: &str| LOCAL_OPTIONS.iter().any(|o| o.name == key);
    let errors: Vec<SetupError> = options
        .keys()
        .filter(|k| !known.contains(&k.as_str()))
        .filter(|k| from == OptionsFrom::Client || !local(k))
        .map(|k| {
            let takes = if known.is_empty() {
                format!("{} takes no options", rules.name())
            } else {
                format!("{} takes: {}", rules.name(), known.join(", "))
            };
            let message = if local(k) {
                format!("`{k}` names folders on the server, which a client may not choose; {takes}")
            } else {
                format!("unknown option `{k}`; {takes}")
            };
            SetupError::at(format!("options.{k}"), message)
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Fails unless `game` has `players` seats besides those its rules play:
/// a caller asked for that many players (a ruleset whose scenario fixes
/// the seats sets up its own number whatever was asked).
pub fn check_players(game: &dyn Game, players: usize) -> Result<(), SetupError> {
    let all = game.seats().len();
    let by_rules = game.rules_seats().len();
    let has = all.saturating_sub(by_rules);
    if has == players {
        return Ok(());
    }
    let by_rules = match by_rules {
        0 => String::new(),
        k => format!(" (and {k} played by the rules, which may be left out)"),
    };
    Err(SetupError::at(
        "seats",
        format!("this scenario has {has} player seats{by_rules}; {players} given"),
    ))
}
