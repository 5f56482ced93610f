//! The crate's one error type.

use std::path::PathBuf;

/// Why a game or a replay could not be set up.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The module could not be read (a fatal GDL error, with its position).
    #[error("cannot load module {module}: {message}")]
    Module { module: String, message: String },
    /// A module the game needs is in none of the library's folders.
    #[error("module \"{module}\"{} was not found; looked in {}. Name a folder that holds it: `-L DIR` on any command that plays, re-runs or checks a game (or `--option lib=DIR`), or ORDERLY_XCONQ_LIB=DIR (folders separated as in PATH), which is also how the operator of a server gives it its modules. The Xconq 7.5 library is ../shared/corpus/xconq/lib beside the project; the modules built into this program are {}", needed_by.as_ref().map(|m| format!(" (needed by {m})")).unwrap_or_default(), searched_text(searched), crate::library::BUILT_IN_GAMES.join(", "))]
    ModuleNotFound {
        module: String,
        needed_by: Option<String>,
        searched: Vec<PathBuf>,
    },
    /// A re-run reads other files than the game was played with.
    #[error("{message}; point at the module library the game was played with: ORDERLY_XCONQ_LIB=DIR works for every command, including `orderly record replay`")]
    SourcesDiffer { message: String },
    /// The module uses a setting the kernel subset does not play (D3).
    #[error("{location}: module {module} uses {setting}, which is not supported yet: {why}")]
    Unsupported {
        module: String,
        setting: String,
        location: String,
        why: String,
    },
    /// A game option is malformed or out of range (`field` names it).
    #[error("options.{field}: {message}")]
    BadOption { field: String, message: String },
    /// The world could not be made with these settings (D20).
    #[error("{message}")]
    World { message: String },
    /// A file could not be read or written. (The system's error is part
    /// of the message, not a `source()`: a caller printing the chain would
    /// say it twice.)
    #[error("{path}: {error}")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A fixture or start file is malformed.
    #[error("{path}: {message}")]
    Fixture { path: PathBuf, message: String },
}

fn searched_text(dirs: &[PathBuf]) -> String {
    let names: Vec<String> = dirs
        .iter()
        .map(|d| {
            if d == std::path::Path::new(crate::library::BUILT_IN_DIR) {
                "the built-in modules".to_string()
            } else {
                d.display().to_string()
            }
        })
        .collect();
    names.join(", ")
}

impl Error {
    /// A module that places no world of its own and names no synthesis:
    /// what a playable module has, and the command that tells what it
    /// lacks. One message wherever a game or a replay loads a module.
    pub fn no_world(module: &str) -> Error {
        Error::World {
            message: format!(
                "module {module} gives no world and none can be made from it: a playable module places its own terrain and units, or names a world synthesis (e.g. make-fractal-percentile-terrain) with its settings; `orderly xconq support -L LIB {module}` says what it lacks"
            ),
        }
    }

    /// A synthesised world (D20) with no room for `sides` countries.
    pub fn no_room(settings: &crate::synth::Settings, sides: usize) -> Error {
        Error::World {
            message: format!(
                "a {}x{} world has no room for {sides} countries, even with their separation (country-separation-min {}) relaxed; use fewer sides (options.sides) or a larger world (options.world-size)",
                settings.width, settings.height, settings.separation_min
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Error;

    /// The one message a game's setup and a fixture replay give (they
    /// reach it only for a module that names a synthesis and gives it
    /// nothing to work from).
    #[test]
    fn a_module_with_no_world_is_told_what_a_playable_one_has() {
        let m = Error::no_world("bare").to_string();
        for part in [
            "module bare gives no world",
            "places its own terrain and units",
            "`orderly xconq support -L LIB bare`",
        ] {
            assert!(m.contains(part), "{part:?} not in: {m}");
        }
    }
}
