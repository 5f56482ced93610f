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
    let eol = eol.as_str();
    let mut out = String::new();
    let mut first = true;
    for block in doc.blocks.iter().filter(|b| !b.fields.is_empty()) {
        if !first {
            out.push_str(eol);
        }
        first = false;
        let width = block.fields.iter().map(|f| f.name.len()).max().unwrap_or(0);
        for field in &block.fields {
            out.push_str(&field.name);
            out.push(':');
            let mut frags = field.fragments.iter();
            if let Some(head) = frags.next() {
                if !head.text.is_empty() {
                    push_spaces(&mut out, width - field.name.len() + 2);
                    out.push_str(&head.text);
                }
            }
            out.push_str(eol);
            for frag in frags.filter(|f| !f.text.is_empty()) {
                push_spaces(&mut out, width + 3);
                out.push_str(&frag.text);
                out.push_str(eol);
            }
        }
    }
    out
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}
