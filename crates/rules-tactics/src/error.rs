//! The crate's one error type: what cannot be read or set up, always with
//! where (a JSON path or a field) and what to do.

use thiserror::Error;

/// Why a record, a draws file or a game set-up cannot be used.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The record is not a valid game record (every problem has a JSON path).
    #[error("the record cannot be read:\n{0}")]
    Record(#[source] record::ReadError),
    /// The record is a valid game record, but not one these rules can play.
    #[error("not a Tactics record: {path}: {message}")]
    NotTactics { path: String, message: String },
    /// The draws file is not a `tactics-draws/1` file as spec §12.1 says.
    #[error("the draws file: {path}: {message}")]
    Draws { path: String, message: String },
    /// A file that is not JSON at all.
    #[error("{what} is not valid JSON (line {line}, column {column}): {source}")]
    Json {
        what: &'static str,
        line: usize,
        column: usize,
        #[source]
        source: serde_json::Error,
    },
    /// A game cannot be set up this way.
    #[error("{field}: {message}")]
    Setup { field: String, message: String },
}

impl Error {
    pub(crate) fn not_tactics(path: impl Into<String>, message: impl Into<String>) -> Error {
        Error::NotTactics {
            path: path.into(),
            message: message.into(),
        }
    }

    pub(crate) fn draws(path: impl Into<String>, message: impl Into<String>) -> Error {
        Error::Draws {
            path: path.into(),
            message: message.into(),
        }
    }

    pub(crate) fn json(what: &'static str, source: serde_json::Error) -> Error {
        Error::Json {
            what,
            line: source.line(),
            column: source.column(),
            source,
        }
    }
}
