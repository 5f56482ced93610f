//! The GZF writer: the canonical layout of spec §1.8.
//!
//! Layout only: one empty line between blocks, values aligned per block at
//! column L + 4 (L = longest field name), continuation fragments one per
//! line aligned with the values. What the names and values say is the
//! profile's business; the FT2 layer hands this writer canonical text.

use super::Document;

/// The line end the writer uses. CR LF is canonical (spec §1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LineEnd {
    #[default]
    CrLf,
    Lf,
}

impl LineEnd {
    fn as_str(self) -> &'static str {
        match self {
            LineEnd::CrLf => "\r\n",
            LineEnd::Lf => "\n",
        }
    }
}

/// Writes the document in canonical layout. Empty blocks are skipped, and
/// so are empty continuation fragments (a line of blanks would read back as
/// a separator).
pub fn write(doc: &Document, eol: LineEnd) -> String {
    let mut out = String::new();
    let mut first = true;
    for block in doc.blocks.iter().filter(|b| !b.fields.is_empty()) {
        start_block(&mut out, &mut first, eol);
        let width = block.fields.iter().map(|f| f.name.len()).max().unwrap_or(0);
        for field in &block.fields {
            let frags = field.fragments.iter().map(|f| f.text.as_str());
            write_field(&mut out, &field.name, frags, width, eol);
        }
    }
    out
}

/// Starts a block: the empty line before every block but the first.
pub(crate) fn start_block(out: &mut String, first: &mut bool, eol: LineEnd) {
    if !*first {
        out.push_str(eol.as_str());
    }
    *first = false;
}

/// Writes one field of a block whose longest name is `width` long: the
/// name, the first fragment aligned at column `width + 4`, the others one
/// per line below it (empty ones skipped).
pub(crate) fn write_field<'a>(
    out: &mut String,
    name: &str,
    fragments: impl IntoIterator<Item = &'a str>,
    width: usize,
    eol: LineEnd,
) {
    let eol = eol.as_str();
    out.push_str(name);
    out.push(':');
    let mut frags = fragments.into_iter();
    if let Some(head) = frags.next() {
        if !head.is_empty() {
            push_spaces(out, width.saturating_sub(name.len()) + 2);
            out.push_str(head);
        }
    }
    out.push_str(eol);
    for frag in frags.filter(|f| !f.is_empty()) {
        push_spaces(out, width + 3);
        out.push_str(frag);
        out.push_str(eol);
    }
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}
