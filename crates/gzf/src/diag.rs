//! Diagnostics: what the reader and the FT2 validator report about a file.
//!
//! A diagnostic is data, never a panic: the reader collects every one in a
//! single pass (spec §6.1) and the caller decides what to do. Codes are
//! stable (tests check codes and positions, not wording); the file path is
//! added only when printing, so the library never needs to know it.

use std::fmt;

/// Whether a diagnostic rejects the file (error) or only informs (warning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

macro_rules! codes {
    ($($name:ident),* $(,)?) => {
        /// The stable diagnostic codes of spec §6.2 and §6.3.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code { $($name),* }

        impl Code {
            /// The code as written in messages, e.g. `E205`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$name => stringify!($name)),* }
            }
        }
    };
}

codes!(
    E101, E102, E103, E104, E105, E201, E202, E203, E204, E205, E206, E207, E208, E209, E210, E211,
    E212, E213, W301, W302, W303, W304, W305, W306, W307, W308, W309, W310, W311, W312, W313, W314,
    W315, W316, W317,
);

impl Code {
    pub fn severity(self) -> Severity {
        if self.as_str().starts_with('E') {
            Severity::Error
        } else {
            Severity::Warning
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A 1-based line and column in the source (spec §0: a TAB is one column,
/// line ends are never counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl Pos {
    pub const fn new(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }

    /// The position `n` columns to the right on the same line.
    pub fn right(self, n: usize) -> Pos {
        Pos::new(self.line, self.col + n as u32)
    }
}

/// One finding about the input.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub code: Code,
    pub pos: Pos,
    pub message: String,
}

impl Diagnostic {
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "{}:{}: {}[{}]: {}",
            self.pos.line, self.pos.col, sev, self.code, self.message
        )
    }
}

/// Collects diagnostics in the order they are found; [`Diagnostics::sorted`]
/// gives the order `gzf check` prints (spec §11.1: line, column, code).
#[derive(Clone, Debug, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, code: Code, pos: Pos, message: impl Into<String>) {
        self.0.push(Diagnostic {
            code,
            pos,
            message: message.into(),
        });
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn sorted(mut self) -> Vec<Diagnostic> {
        self.0.sort_by_key(|d| (d.pos, d.code));
        self.0
    }
}
