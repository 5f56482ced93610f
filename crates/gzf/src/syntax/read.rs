//! The GZF reader: bytes in, blocks and diagnostics out (spec §1.1–§1.3).
//!
//! Broken input is data: every line the reader cannot use becomes a
//! diagnostic and reading goes on, so one pass reports everything. Only the
//! resource limits of [`Limits`] stop it, because they protect the caller
//! rather than describe the file.

use super::{Block, Document, Field, Fragment};
use crate::diag::{Code, Diagnostics, Pos};
use std::borrow::Cow;

/// Resource limits of the reader. They are part of the API: going past one
/// is a [`ReadError`] with a position, never a panic or an abort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest input accepted, in bytes.
    pub max_file_bytes: usize,
    /// Longest physical line accepted, in bytes (line end excluded).
    pub max_line_bytes: usize,
    /// Most blocks accepted in one file.
    pub max_blocks: usize,
    /// Most diagnostics collected before giving up (a binary file would
    /// otherwise make one E101 per byte).
    pub max_diagnostics: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_file_bytes: 256 << 20,
            max_line_bytes: 64 << 10,
            max_blocks: 4_000_000,
            max_diagnostics: 100_000,
        }
    }
}

/// Which limit was exceeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    FileTooLarge { bytes: usize, limit: usize },
    LineTooLong { bytes: usize, limit: usize },
    TooManyBlocks { limit: usize },
    TooManyDiagnostics { limit: usize },
}

/// The reader gave up because a [`Limits`] value was exceeded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}:{}: {}", pos.line, pos.col, describe(kind))]
pub struct ReadError {
    pub kind: ReadErrorKind,
    pub pos: Pos,
}

fn describe(kind: &ReadErrorKind) -> String {
    match kind {
        ReadErrorKind::FileTooLarge { bytes, limit } => format!(
            "file is {bytes} bytes, more than the limit of {limit}; split it or raise Limits::max_file_bytes"
        ),
        ReadErrorKind::LineTooLong { bytes, limit } => format!(
            "line is {bytes} bytes, more than the limit of {limit}; fold the value over continuation lines or raise Limits::max_line_bytes"
        ),
        ReadErrorKind::TooManyBlocks { limit } => format!(
            "more than {limit} blocks; split the file or raise Limits::max_blocks"
        ),
        ReadErrorKind::TooManyDiagnostics { limit } => format!(
            "more than {limit} problems; is this a GZF file? (raise Limits::max_diagnostics to see them all)"
        ),
    }
}

/// The profile's say in where blocks start (spec §1.3): a field line whose
/// name is a block type, and not a field of the block being read, starts a
/// new block even without a separator line.
pub trait BlockRule {
    /// `block_type` is the first field name of the block being read.
    fn starts_block(&self, block_type: &str, field_name: &str) -> bool;

    /// A static copy of a field name written exactly so, if the profile
    /// knows it: lets the reader skip one allocation per field. Purely an
    /// optimisation; names are kept exactly as written either way.
    fn intern(&self, _field_name: &str) -> Option<&'static str> {
        None
    }
}

/// Blocks end only at separator lines: plain GZF with no profile.
pub struct NoBlockRule;

impl BlockRule for NoBlockRule {
    fn starts_block(&self, _: &str, _: &str) -> bool {
        false
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Reads a GZF file. Returns the blocks that could be read and every
/// diagnostic of spec §1 (E101–E105, W304 for a blank before a colon, W305).
pub fn read(
    input: &[u8],
    limits: &Limits,
    rule: &dyn BlockRule,
) -> Result<(Document, Diagnostics), ReadError> {
    if input.len() > limits.max_file_bytes {
        return Err(ReadError {
            kind: ReadErrorKind::FileTooLarge {
                bytes: input.len(),
                limit: limits.max_file_bytes,
            },
            pos: Pos::new(1, 1),
        });
    }
    let mut diags = Diagnostics::default();
    let mut body = input;
    // §11.3: a byte-order mark is one E101 at 1:1 and is then skipped.
    if body.starts_with(&[0xEF, 0xBB, 0xBF]) {
        diags.push(
            Code::E101,
            Pos::new(1, 1),
            "UTF-8 byte-order mark: GZF is 7-bit ASCII; save the file as plain ASCII",
        );
        body = &body[3..];
    }
    let mut reader = Reader {
        doc: Document::default(),
        diags,
        in_block: false,
        can_continue: false,
        limits,
        rule,
    };
    let mut line_no: u32 = 0;
    let mut start = 0;
    let n = body.len();
    while start < n {
        // One pass finds the line end and whether every byte is clean
        // (printable ASCII or TAB), so clean lines are not scanned twice.
        let mut end = start;
        let mut clean = true;
        while end < n {
            let b = body[end];
            if b == b'\n' || b == b'\r' {
                break;
            }
            clean &= (0x20..0x7F).contains(&b) || b == b'\t';
            end += 1;
        }
        line_no += 1;
        reader.line(&body[start..end], clean, line_no)?;
        check_diagnostics(&reader.diags, limits, Pos::new(line_no, 1))?;
        // CR LF is one line end; lone CR and lone LF are line ends too.
        start = if end < n && body[end] == b'\r' && end + 1 < n && body[end + 1] == b'\n' {
            end + 2
        } else {
            end + 1
        };
    }
    Ok((reader.doc, reader.diags))
}

/// Gives up when more than `limits.max_diagnostics` have been collected.
pub fn check_diagnostics(diags: &Diagnostics, limits: &Limits, pos: Pos) -> Result<(), ReadError> {
    if diags.0.len() > limits.max_diagnostics {
        return Err(ReadError {
            kind: ReadErrorKind::TooManyDiagnostics {
                limit: limits.max_diagnostics,
            },
            pos,
        });
    }
    Ok(())
}

struct Reader<'a> {
    doc: Document,
    diags: Diagnostics,
    /// A block is open (no separator since its last field).
    in_block: bool,
    /// The previous line was a field or continuation that a continuation
    /// line may extend (§11.4: not after a rejected line).
    can_continue: bool,
    limits: &'a Limits,
    rule: &'a dyn BlockRule,
}

impl Reader<'_> {
    fn line(&mut self, raw: &[u8], clean: bool, line: u32) -> Result<(), ReadError> {
        if raw.len() > self.limits.max_line_bytes {
            return Err(ReadError {
                kind: ReadErrorKind::LineTooLong {
                    bytes: raw.len(),
                    limit: self.limits.max_line_bytes,
                },
                pos: Pos::new(line, 1),
            });
        }
        let text = self.checked_text(raw, clean, line);
        let bytes = text.as_bytes();
        let first_other = bytes.iter().position(|&b| !is_blank(b));
        let Some(first_other) = first_other else {
            if !bytes.is_empty() {
                self.diags.push(
                    Code::W305,
                    Pos::new(line, 1),
                    "line of only spaces or TABs read as a block separator; make it empty",
                );
            }
            self.in_block = false;
            self.can_continue = false;
            return Ok(());
        };
        if first_other > 0 {
            self.continuation(&text, first_other, line);
            return Ok(());
        }
        self.field_line(&text, line)
    }

    /// The line as a string, with E101/E102 for each bad byte; bad bytes
    /// become `?` so that positions of what follows stay right.
    fn checked_text<'t>(&mut self, raw: &'t [u8], clean: bool, line: u32) -> Cow<'t, str> {
        if clean {
            // Fast path: every byte is printable ASCII or TAB.
            if let Ok(text) = std::str::from_utf8(raw) {
                return Cow::Borrowed(text);
            }
        }
        let mut out = String::with_capacity(raw.len());
        for (i, &b) in raw.iter().enumerate() {
            let pos = Pos::new(line, i as u32 + 1);
            if b >= 0x80 {
                self.diags.push(
                    Code::E101,
                    pos,
                    format!("byte 0x{b:02X} is not 7-bit ASCII; GZF files are plain ASCII"),
                );
                out.push('?');
            } else if (b < 0x20 && b != b'\t') || b == 0x7F {
                self.diags.push(
                    Code::E102,
                    pos,
                    format!("control character 0x{b:02X}; only TAB and line ends are allowed"),
                );
                out.push('?');
            } else {
                out.push(b as char);
            }
        }
        Cow::Owned(out)
    }

    fn continuation(&mut self, text: &str, first_other: usize, line: u32) {
        let field = if self.can_continue {
            self.doc.blocks.last_mut().and_then(|b| b.fields.last_mut())
        } else {
            None
        };
        match field {
            Some(field) => {
                let value = text.trim_end_matches([' ', '\t']);
                field.fragments.push(Fragment::new(
                    &value[first_other..],
                    Pos::new(line, first_other as u32 + 1),
                ));
            }
            // After a rejected line (§11.4) the continuation belongs to that
            // line and is dropped with it: no second diagnostic.
            None if self.in_block => {}
            None => self.diags.push(
                Code::E105,
                Pos::new(line, 1),
                "continuation line (starts with a blank) with no field to continue; remove the leading blanks or put it after a field",
            ),
        }
    }

    fn field_line(&mut self, text: &str, line: u32) -> Result<(), ReadError> {
        let Some(colon) = text.find(':') else {
            self.can_continue = false;
            self.diags.push(
                Code::E103,
                Pos::new(line, 1),
                "line has no colon: expected `Name: value`, a continuation starting with a blank, or an empty line",
            );
            return Ok(());
        };
        let raw_name = &text[..colon];
        let name = raw_name.trim_end_matches([' ', '\t']);
        if name.is_empty() || name.contains([' ', '\t']) {
            self.can_continue = false;
            self.diags.push(
                Code::E104,
                Pos::new(line, 1),
                format!("invalid field name {raw_name:?}: a name is one or more printable characters without blanks; use hyphens (`Fighter-Type`)"),
            );
            return Ok(());
        }
        if name.len() != raw_name.len() {
            self.diags.push(
                Code::W304,
                Pos::new(line, 1),
                format!("blank between field name {name:?} and its colon; write `{name}:`"),
            );
        }
        let rest = &text[colon + 1..];
        let lead = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let value = rest[lead..].trim_end_matches([' ', '\t']);
        let value_col = if value.is_empty() {
            colon + 2
        } else {
            colon + 1 + lead + 1
        };
        let field = Field {
            name: match self.rule.intern(name) {
                Some(known) => Cow::Borrowed(known),
                None => Cow::Owned(name.to_string()),
            },
            pos: Pos::new(line, 1),
            fragments: vec![Fragment::new(value, Pos::new(line, value_col as u32))],
        };
        let new_block = match self.doc.blocks.last() {
            Some(block) if self.in_block => self.rule.starts_block(block.type_name(), name),
            _ => true,
        };
        if new_block {
            if self.doc.blocks.len() >= self.limits.max_blocks {
                return Err(ReadError {
                    kind: ReadErrorKind::TooManyBlocks {
                        limit: self.limits.max_blocks,
                    },
                    pos: Pos::new(line, 1),
                });
            }
            // Most blocks have a handful of fields: one allocation, not four.
            self.doc.blocks.push(Block {
                fields: Vec::with_capacity(8),
            });
        }
        if let Some(block) = self.doc.blocks.last_mut() {
            block.fields.push(field);
        }
        self.in_block = true;
        self.can_continue = true;
        Ok(())
    }
}
