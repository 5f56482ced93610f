//! The host's one error type. Every failure the API can report is a
//! [`HostError`]: a kind (which becomes the HTTP status), a message and the
//! details (field or line, reason) a client needs to fix its request.

use engine::OrderIssue;
use serde::Serialize;

/// What went wrong, broadly; decides the HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Malformed request: bad JSON, unknown fields, bad values (400).
    BadRequest,
    /// Orders that the rules reject (422).
    Rejected,
    /// No token, or a token that is not valid for this game (401).
    Unauthorized,
    /// A valid token that may not do this (403).
    Forbidden,
    /// No such game (404).
    NotFound,
    /// The game moved on (another turn, or over) (409).
    Conflict,
    /// The body is larger than allowed (413).
    TooLarge,
    /// The database failed; nothing was acknowledged (500/503).
    Storage,
}

/// Where a problem is and what it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Detail {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// What is wrong and what to do, in words for people.
    pub reason: String,
    /// The ruleset's code for it, for programs (`wrong_terrain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

impl Detail {
    pub fn field(field: impl Into<String>, reason: impl Into<String>) -> Detail {
        Detail {
            field: Some(field.into()),
            line: None,
            column: None,
            reason: reason.into(),
            code: None,
        }
    }
}

impl From<&OrderIssue> for Detail {
    fn from(i: &OrderIssue) -> Detail {
        Detail {
            field: i.field.clone(),
            line: i.line,
            column: i.column,
            reason: i.message.clone(),
            code: i.code.clone(),
        }
    }
}

/// A failure of the host, with everything the client is told.
#[derive(Debug, Clone)]
pub struct HostError {
    pub kind: ErrorKind,
    pub message: String,
    pub details: Vec<Detail>,
}

impl HostError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> HostError {
        HostError {
            kind,
            message: message.into(),
            details: vec![],
        }
    }

    pub fn with_details(mut self, details: Vec<Detail>) -> HostError {
        self.details = details;
        self
    }

    pub fn bad_request(message: impl Into<String>) -> HostError {
        HostError::new(ErrorKind::BadRequest, message)
    }

    pub fn storage(message: impl Into<String>) -> HostError {
        HostError::new(ErrorKind::Storage, message)
    }
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)?;
        for d in &self.details {
            write!(f, "; ")?;
            if let Some(field) = &d.field {
                write!(f, "{field}: ")?;
            }
            if let Some(line) = d.line {
                write!(f, "line {line}: ")?;
            }
            write!(f, "{}", d.reason)?;
        }
        Ok(())
    }
}

impl std::error::Error for HostError {}
