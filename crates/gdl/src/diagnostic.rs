//! Compiler-style rendering of warnings and errors: `file:line:col`, the
//! source line, and a caret under the column (the `check` command's output).
//!
//! 7.5's drifting line counters are for the dump only (gdl spec 6.4); here every
//! position is the true one, computed from byte offsets.

use crate::error::{line_col, Error};
use crate::interp::{Interp, Severity, Warning};

/// Renders one source excerpt with a caret; `line` and `col` are those of
/// `offset` (the caller has them already).
fn excerpt(out: &mut String, src: &[u8], offset: usize, (line, col): (usize, usize)) {
    let offset = offset.min(src.len());
    let start = src[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = src[offset..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(src.len(), |i| offset + i);
    let text = String::from_utf8_lossy(&src[start..end])
        .replace('\t', " ")
        .replace('\r', "");
    let gutter = line.to_string().len();
    out.push_str(&format!(
        "{:gutter$} |\n{line} | {text}\n{:gutter$} | {:>col$}\n",
        "", "", "^"
    ));
}

/// A warning or note with its true position, if it has one.
pub fn render_warning(interp: &Interp, w: &Warning) -> String {
    let level = match w.severity {
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let text = String::from_utf8_lossy(&w.text);
    let mut out = String::new();
    match w.origin {
        Some(o) => {
            let f = &interp.files[o.file];
            let (line, col) = line_col(&f.bytes, o.offset);
            out.push_str(&format!(
                "{}:{line}:{col}: {level}: {text}\n",
                f.path.display()
            ));
            excerpt(&mut out, &f.bytes, o.offset, (line, col));
        }
        None => out.push_str(&format!("{level}: {text}\n")),
    }
    out
}

/// A fatal error with its position and excerpt.
pub fn render_error(interp: &Interp, e: &Error) -> String {
    let mut out = String::new();
    match &e.location {
        Some(loc) => {
            out.push_str(&format!("{loc}: error: {}\n", e.message));
            if let Some(f) = interp
                .files
                .iter()
                .find(|f| f.path.display().to_string() == loc.file)
            {
                let offset = offset_of(&f.bytes, loc.line, loc.col);
                excerpt(&mut out, &f.bytes, offset, line_col(&f.bytes, offset));
            }
        }
        None => out.push_str(&format!("error: {}\n", e.message)),
    }
    out
}

fn offset_of(src: &[u8], line: usize, col: usize) -> usize {
    let mut l = 1;
    for (i, &b) in src.iter().enumerate() {
        if l == line {
            return (i + col - 1).min(src.len());
        }
        if b == b'\n' {
            l += 1;
        }
    }
    src.len()
}
