//! Compiler-style rendering of warnings and errors: `file:line:col`, the
//! source line, and a caret under the column (the `check` command's output).
//!
//! 7.5's drifting line counters are for the dump only (gdl spec 6.4); here every
//! position is the true one, computed from byte offsets.

use std::fmt::Write as _;

use crate::error::{line_col, Error};
use crate::interp::{Interp, Severity, Warning};

/// Renders one source excerpt with a caret; `line` and `col` are those of
/// `offset` (the caller has them already). The line is shown as
/// `String::from_utf8_lossy` would give it, tabs as spaces and CRs left
/// out, written straight into `out` (a big game's check shows hundreds).
fn excerpt(out: &mut String, src: &[u8], offset: usize, (line, col): (usize, usize)) {
    let offset = offset.min(src.len());
    let start = memchr::memrchr(b'\n', &src[..offset]).map_or(0, |i| i + 1);
    let end = memchr::memchr(b'\n', &src[offset..]).map_or(src.len(), |i| offset + i);
    let gutter = line.checked_ilog10().unwrap_or(0) as usize + 1;
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
    pad(out, gutter);
    out.push_str(" |\n");
    let _ = write!(out, "{line} | ");
    for chunk in src[start..end].utf8_chunks() {
        let mut valid = chunk.valid();
        while let Some(i) = valid.find(['\t', '\r']) {
            out.push_str(&valid[..i]);
            if valid.as_bytes()[i] == b'\t' {
                out.push(' ');
            }
            valid = &valid[i + 1..];
        }
        out.push_str(valid);
        if !chunk.invalid().is_empty() {
            out.push(char::REPLACEMENT_CHARACTER);
        }
    }
    out.push('\n');
    pad(out, gutter);
    out.push_str(" | ");
    pad(out, col.saturating_sub(1));
    out.push_str("^\n");
}

/// A warning or note with its true position, if it has one.
pub fn render_warning(interp: &Interp, w: &Warning) -> String {
    render_warnings(interp, [w])
}

/// [`render_warning`] for many warnings, one after the other. Each file's
/// line starts are found once, however many warnings point into it (a big
/// game's check has dozens, each of which used to count the lines of its
/// file up to its offset).
pub fn render_warnings<'w>(
    interp: &Interp,
    warnings: impl IntoIterator<Item = &'w Warning>,
) -> String {
    let mut lfs: Vec<Option<Vec<usize>>> = vec![None; interp.files.len()];
    let mut out = String::new();
    for w in warnings {
        let level = match w.severity {
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        let text = String::from_utf8_lossy(&w.text);
        match w.origin {
            Some(o) => {
                let f = &interp.files[o.file];
                let ends = lfs[o.file].get_or_insert_with(|| lf_offsets(&f.bytes));
                let (line, col) = line_col_in(ends, o.offset.min(f.bytes.len()));
                let _ = writeln!(out, "{}:{line}:{col}: {level}: {text}", f.path.display());
                excerpt(&mut out, &f.bytes, o.offset, (line, col));
            }
            None => out.push_str(&format!("{level}: {text}\n")),
        }
    }
    out
}

/// The offsets of a text's LFs.
fn lf_offsets(src: &[u8]) -> Vec<usize> {
    // A vector search: a module that warns once pays for indexing its
    // whole file (opal-rules is 270 kB).
    memchr::memchr_iter(b'\n', src).collect()
}

/// [`line_col`] of `offset` from the text's LF offsets: the LFs before
/// `offset` give the line, the last of them the column.
fn line_col_in(lfs: &[usize], offset: usize) -> (usize, usize) {
    let before = lfs.partition_point(|&e| e < offset);
    let line_start = if before == 0 { 0 } else { lfs[before - 1] + 1 };
    (before + 1, offset - line_start + 1)
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

#[cfg(test)]
mod tests {
    use super::{excerpt, lf_offsets, line_col_in};
    use crate::error::line_col;

    /// The excerpt as it was first written, through `from_utf8_lossy`,
    /// `replace` and `format!`.
    fn plain_excerpt(src: &[u8], offset: usize, (line, col): (usize, usize)) -> String {
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
        format!(
            "{:gutter$} |\n{line} | {text}\n{:gutter$} | {:>col$}\n",
            "", "", "^"
        )
    }

    #[test]
    fn excerpts_are_the_plain_ones() {
        let texts: [&[u8]; 6] = [
            b"",
            b"(unit-type a)\n\t(b\r\n c)\n",
            b"x\xff\xfey\tz\r\r\n\xe2\x82\n\xe2\x82\xac!",
            b"\n\n\n\n\n\n\n\n\n\n\n(ten)",
            b"\r\t\t\r",
            "caf\u{e9} \u{1F600}\tend".as_bytes(),
        ];
        for text in texts {
            for offset in 0..=text.len() + 1 {
                for (line, col) in [(1, 1), (9, 4), (10, 1), (123, 17), (1, 0)] {
                    let mut out = String::from("before\n");
                    excerpt(&mut out, text, offset, (line, col));
                    let expected = format!("before\n{}", plain_excerpt(text, offset, (line, col)));
                    assert_eq!(out, expected, "{text:?} at {offset}, {line}:{col}");
                }
            }
        }
    }

    #[test]
    fn indexed_positions_are_the_counted_ones() {
        for text in [&b""[..], b"\n", b"a", b"ab\ncd\r\n\n\nef", b"\n\nx\n"] {
            let lfs = lf_offsets(text);
            for offset in 0..=text.len() {
                assert_eq!(
                    line_col_in(&lfs, offset),
                    line_col(text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }
}
