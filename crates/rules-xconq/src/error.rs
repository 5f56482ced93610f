//! The crate's one error type.

use std::path::PathBuf;

/// Why a game or a replay could not be set up.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The module could not be read (a fatal GDL error, with its position).
    #[error("cannot load module {module}: {message}")]
    Module { module: String, message: String },
    /// The module uses a setting the kernel subset does not play (D3).
    #[error("{location}: module {module} uses {setting}, which is not supported yet: {why}")]
    Unsupported {
        module: String,
        setting: String,
        location: String,
        why: String,
    },
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
