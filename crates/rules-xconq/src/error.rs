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
    #[error("module \"{module}\"{} was not found; looked in {}. Name a folder that holds it: `-L DIR` (orderly xconq ...), `--option lib=DIR` (a game), or ORDERLY_XCONQ_LIB=DIR (folders separated as in PATH). The Xconq 7.5 library is ../shared/corpus/xconq/lib beside the project; the modules built into this program are {}", needed_by.as_ref().map(|m| format!(" (needed by {m})")).unwrap_or_default(), searched_text(searched), crate::library::BUILT_IN_GAMES.join(", "))]
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
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
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
