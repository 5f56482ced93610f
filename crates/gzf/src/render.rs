//! Compiler-style rendering of diagnostics (spec §6.1): `file:line:col:`
//! header, then the source line and a caret under the column.
//!
//! Rendering lives in the library, not the CLI, so every tool that prints
//! GZF diagnostics prints them the same way.

use crate::diag::Diagnostic;
use crate::syntax;

/// Where each physical line of `body` starts and ends (line end excluded),
/// as the reader counts them: CR LF, LF and lone CR end lines.
fn line_spans(body: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    while start < body.len() {
        let end = syntax::line_end(body, start);
        spans.push((start, end));
        start = syntax::next_line(body, end);
    }
    spans
}

/// One line as printed: bad bytes as `?`, one column each, like the reader
/// counts them.
fn shown_line(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| if syntax::is_bad(b) { '?' } else { b as char })
        .collect()
}

fn strip_bom(input: &[u8]) -> &[u8] {
    input.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(input)
}

/// The physical lines of `input` as the reader counts them (CR LF, LF and
/// lone CR end lines; a leading byte-order mark is skipped, spec §11.3).
pub fn source_lines(input: &[u8]) -> Vec<String> {
    let body = strip_bom(input);
    line_spans(body)
        .into_iter()
        .map(|(s, e)| shown_line(&body[s..e]))
        .collect()
}

/// Renders diagnostics for `path`, with source excerpts from `input`.
/// Only the lines that are shown are copied, so a large file with a few
/// diagnostics costs one scan for line ends.
pub fn render(path: &str, input: &[u8], diagnostics: &[Diagnostic]) -> String {
    if diagnostics.is_empty() {
        return String::new();
    }
    let body = strip_bom(input);
    let spans = line_spans(body);
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&format!("{path}:{d}\n"));
        let Some(&(start, end)) = spans.get((d.pos.line as usize).wrapping_sub(1)) else {
            continue;
        };
        let number = d.pos.line.to_string();
        let pad = " ".repeat(number.len());
        // A TAB is one column; print it as a space so the caret lines up.
        let shown = shown_line(&body[start..end]).replace('\t', " ");
        let caret_at = (d.pos.col as usize).saturating_sub(1).min(shown.len());
        out.push_str(&format!(
            "{pad} |\n{number} | {shown}\n{pad} | {}^\n",
            " ".repeat(caret_at)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Code, Pos};

    #[test]
    fn caret_under_the_column() {
        let d = Diagnostic {
            code: Code::E209,
            pos: Pos::new(2, 9),
            message: "Course: \"13\" is not a clock value (1-12)".into(),
        };
        let text = render("f.gzf", b"Ship: X\r\nCourse: 13\r\n", &[d]);
        assert_eq!(
            text,
            "f.gzf:2:9: error[E209]: Course: \"13\" is not a clock value (1-12)\n  |\n2 | Course: 13\n  |         ^\n"
        );
    }

    #[test]
    fn lines_split_like_the_reader() {
        assert_eq!(source_lines(b"a\r\nb\rc\nd"), ["a", "b", "c", "d"]);
        assert_eq!(source_lines(b"\xEF\xBB\xBFa\n"), ["a"]);
    }
}
