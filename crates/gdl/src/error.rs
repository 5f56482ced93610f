//! Fatal errors of reading a module: the library's one error type.
//!
//! Warnings are data (see `diagnostic`); an [`Error`] stops reading. It keeps the
//! byte offset where it arose until the loader, which knows the file, turns that
//! into a true `file:line:col` [`Location`].

use std::fmt;

/// Which fatal condition stopped reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// One of 7.5's own fatal errors (`init_error`), reproduced with its text.
    Kernel,
    /// A string or symbol reached the token length limit (spec 2.9).
    TokenTooLong,
    /// A quote with nothing after it (spec 2.8).
    DanglingQuote,
    /// Lists or expressions nested deeper than the configured limit.
    TooDeep,
    /// A file larger than the configured limit.
    FileTooLarge,
    /// More evaluation steps than the configured limit.
    TooManySteps,
    /// Modules included more deeply than the configured limit.
    IncludeTooDeep,
    /// An area with more cells than the configured limit.
    AreaTooLarge,
    /// A situation where 7.5 crashes or corrupts memory (spec 7).
    Crash,
    /// A module that could not be found, in strict mode (spec 5.8).
    ModuleNotFound,
    /// A file that exists but could not be read.
    Io,
}

/// A true source position: 1-based line and column (bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// What a fatal error says: what went wrong, where, and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorDetails {
    pub kind: ErrorKind,
    pub message: String,
    /// Byte offset in the file being read, until the loader resolves it.
    pub offset: Option<usize>,
    pub location: Option<Location>,
}

/// A fatal error. Boxed so that the `Result`s of the evaluator, which pass
/// through many frames on every step, stay one word wide; its fields are read
/// through `Deref` (`err.kind`, `err.message`, `err.location`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(Box<ErrorDetails>);

impl std::ops::Deref for Error {
    type Target = ErrorDetails;

    fn deref(&self) -> &ErrorDetails {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut ErrorDetails {
        &mut self.0
    }
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error(Box::new(ErrorDetails {
            kind,
            message: message.into(),
            offset: None,
            location: None,
        }))
    }

    /// 7.5's own fatal error with its exact text (spec 7).
    pub fn kernel(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Kernel, message)
    }

    pub fn at_offset(mut self, offset: usize) -> Self {
        if self.offset.is_none() && self.location.is_none() {
            self.offset = Some(offset);
        }
        self
    }

    /// The text of the dump's `fatal-error` line (spec 6.1): 7.5's errors raw,
    /// the project's own errors prefixed with their true position.
    pub fn dump_text(&self) -> String {
        match (&self.kind, &self.location) {
            (ErrorKind::Kernel, _) | (_, None) => self.message.clone(),
            (_, Some(loc)) => format!("{loc}: {}", self.message),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "{loc}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// Converts a byte offset into a 1-based line and column (spec 7).
pub fn line_col(src: &[u8], offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let before = &src[..offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let col = 1 + before.iter().rev().take_while(|&&b| b != b'\n').count();
    (line, col)
}
