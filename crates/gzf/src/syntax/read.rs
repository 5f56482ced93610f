//! The GZF reader: bytes in, blocks and diagnostics out (spec §1.1–§1.3).
//!
//! Broken input is data: every line the reader cannot use becomes a
//! diagnostic and reading goes on, so one pass reports everything. Only the
//! resource limits of [`Limits`] stop it, because they protect the caller
//! rather than describe the file.
//!
//! The file is read into one shared buffer (bad bytes replaced by `?` so
//! that it is text and every offset is a column), lines are found with a
//! word-at-a-time scan, and every fragment is a [`Text`] span of the buffer:
//! no per-field copies.

use super::{Block, Document, Field, Fragment, Fragments, Text};
use crate::diag::{Code, Diagnostics, Pos};
use std::borrow::Cow;
use std::sync::Arc;

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

    /// [`BlockRule::starts_block`] given each name with the id
    /// [`BlockRule::intern`] gave it, which a profile may use to answer
    /// without comparing names. It must give the same answer.
    fn starts_block_interned(&self, block_type: (&str, u16), field_name: (&str, u16)) -> bool {
        self.starts_block(block_type.0, field_name.0)
    }

    /// What the profile knows of a field name: a static copy of it when it
    /// is written exactly so (the reader then skips one allocation per
    /// field) and the profile's number for it, kept in [`Field::name_id`]
    /// so that the profile need not look the name up again. Purely an
    /// optimisation; names are kept exactly as written either way.
    fn intern(&self, _field_name: &str) -> Interned {
        Interned::default()
    }
}

/// What [`BlockRule::intern`] knows of a field name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Interned {
    /// The name, if the profile knows it spelled exactly so.
    pub name: Option<&'static str>,
    /// The profile's number for the name; 0 when it gives none.
    pub id: u16,
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

/// How many blanks `bytes` starts with; runs of spaces (values are often
/// aligned with many) are skipped eight at a time.
fn lead_blanks(bytes: &[u8]) -> usize {
    let mut i = 0;
    while let Some(chunk) = bytes.get(i..i + 8) {
        if chunk != b"        " {
            break;
        }
        i += 8;
    }
    i + bytes[i..]
        .iter()
        .position(|&b| !is_blank(b))
        .unwrap_or(bytes.len() - i)
}

/// The index of the first colon, space or TAB of `bytes`, eight bytes at a
/// time: on a well-formed field line it is the colon that ends the name.
fn colon_or_blank(bytes: &[u8]) -> Option<usize> {
    // A high bit for each zero byte of `w`; the lowest one is always exact.
    let zeros = |w: u64| w.wrapping_sub(ONES) & !w & HIGHS;
    let mut i = 0;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let hit = zeros(w ^ (ONES * u64::from(b':')))
            | zeros(w ^ (ONES * u64::from(b' ')))
            | zeros(w ^ (ONES * u64::from(b'\t')));
        if hit != 0 {
            return Some(i + (hit.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes[i..]
        .iter()
        .position(|&b| b == b':' || is_blank(b))
        .map(|p| i + p)
}

/// The length of `bytes` without its trailing blanks.
fn trimmed_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(0, |i| i + 1)
}

/// A byte GZF never allows inside a line: not 7-bit ASCII (E101) or a
/// control character other than TAB (E102). CR and LF end lines.
pub(crate) fn is_bad(b: u8) -> bool {
    b >= 0x7F || (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r')
}

/// The file as one shared text buffer, and whether any byte had to be
/// replaced (then the caller reports each, line by line).
fn source_text(body: &[u8]) -> (Arc<str>, bool) {
    // Branch-free per chunk so that the compiler can vectorise the test.
    let dirty = body
        .chunks(64)
        .any(|c| c.iter().fold(false, |acc, &b| acc | is_bad(b)));
    if !dirty {
        if let Ok(text) = std::str::from_utf8(body) {
            return (Arc::from(text), false);
        }
    }
    let text: String = body
        .iter()
        .map(|&b| if is_bad(b) { '?' } else { b as char })
        .collect();
    (Arc::from(text), true)
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Where the line after the one ending at `end` starts: CR LF is one line
/// end; lone CR and lone LF are line ends too.
pub(crate) fn next_line(bytes: &[u8], end: usize) -> usize {
    if end + 1 < bytes.len() && bytes[end] == b'\r' && bytes[end + 1] == b'\n' {
        end + 2
    } else {
        end + 1
    }
}

/// Index of the first CR or LF at or after `from`, or `bytes.len()`.
pub(crate) fn line_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        // A byte of `w ^ x` is zero exactly where `w` has byte `x`; the
        // lowest flagged byte is always a true match.
        let lf = w ^ (ONES * u64::from(b'\n'));
        let cr = w ^ (ONES * u64::from(b'\r'));
        let hit = (lf.wrapping_sub(ONES) & !lf | cr.wrapping_sub(ONES) & !cr) & HIGHS;
        if hit != 0 {
            return i + (hit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && bytes[i] != b'\n' && bytes[i] != b'\r' {
        i += 1;
    }
    i
}

/// Reads a GZF file. Returns the blocks that could be read and every
/// diagnostic of spec §1 (E101–E105, W304 for a blank before a colon, W305).
pub fn read(
    input: &[u8],
    limits: &Limits,
    rule: &dyn BlockRule,
) -> Result<(Document, Diagnostics), ReadError> {
    let mut doc = Document::default();
    let d = read_blocks(input, 0, limits, rule, |fields| {
        // At its exact size; the reader keeps its buffer for the next block.
        let mut exact = Vec::with_capacity(fields.len());
        exact.append(fields);
        doc.blocks.push(Block { fields: exact });
    })?;
    Ok((doc, d))
}

/// [`read`] of a piece of a file that follows `lines_before` lines (so
/// every position is the file's), handing each block to `sink` as soon as
/// it ends instead of collecting a [`Document`]. The fields are in a buffer
/// the reader reuses for every block: `sink` takes them out (draining it)
/// or they are dropped. Returns the reader's own diagnostics.
///
/// A piece must start where the reader's state is the file's start state:
/// at the start of the file, or at an empty line (a separator) — see
/// `ft2::read_with`.
pub(crate) fn read_blocks(
    input: &[u8],
    lines_before: u32,
    limits: &Limits,
    rule: &dyn BlockRule,
    sink: impl FnMut(&mut Vec<Field>),
) -> Result<Diagnostics, ReadError> {
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
    let (src, dirty) = source_text(body);
    let mut reader = Reader {
        sink,
        blocks: 0,
        diags,
        in_block: false,
        can_continue: false,
        limits,
        rule,
        src: &src,
        current: Vec::with_capacity(32),
    };
    let bytes = src.as_bytes();
    let mut line_no: u32 = lines_before;
    let mut start = 0;
    let n = bytes.len();
    while start < n {
        let end = line_end(bytes, start);
        line_no += 1;
        // The length first: a huge line of bad bytes must not make one
        // diagnostic per byte before it is refused.
        reader.check_length(start, end, line_no)?;
        let raw = &body[start..end];
        if dirty && raw != &bytes[start..end] {
            reader.bad_bytes(raw, line_no);
        }
        reader.line(start, end, line_no)?;
        check_diagnostics(&reader.diags, limits, Pos::new(line_no, 1))?;
        start = next_line(bytes, end);
    }
    reader.end_block();
    Ok(reader.diags)
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

struct Reader<'a, S> {
    /// Where each block goes when it ends.
    sink: S,
    /// Blocks ended so far.
    blocks: usize,
    diags: Diagnostics,
    /// A block is open (no separator since its last field).
    in_block: bool,
    /// The previous line was a field or continuation that a continuation
    /// line may extend (§11.4: not after a rejected line).
    can_continue: bool,
    limits: &'a Limits,
    rule: &'a dyn BlockRule,
    /// The whole file (after any byte-order mark), bad bytes as `?`.
    src: &'a Arc<str>,
    /// The fields of the block being read: one buffer reused for every
    /// block, handed to the sink when the block ends.
    current: Vec<Field>,
}

impl<'a, S: FnMut(&mut Vec<Field>)> Reader<'a, S> {
    /// E101/E102 for each bad byte of a line (they read as `?`, so that
    /// positions of what follows stay right).
    fn bad_bytes(&mut self, raw: &[u8], line: u32) {
        for (i, &b) in raw.iter().enumerate() {
            if self.diags.0.len() > self.limits.max_diagnostics {
                // `check_diagnostics` gives up after this line.
                return;
            }
            let pos = Pos::new(line, i as u32 + 1);
            if b >= 0x80 {
                self.diags.push(
                    Code::E101,
                    pos,
                    format!("byte 0x{b:02X} is not 7-bit ASCII; GZF files are plain ASCII"),
                );
            } else if is_bad(b) {
                self.diags.push(
                    Code::E102,
                    pos,
                    format!("control character 0x{b:02X}; only TAB and line ends are allowed"),
                );
            }
        }
    }

    /// Hands the block being read, if any, to the sink.
    fn end_block(&mut self) {
        if !self.current.is_empty() {
            self.blocks += 1;
            (self.sink)(&mut self.current);
            self.current.clear();
        }
    }

    /// A fragment of the buffer: bytes `start..end` of the file.
    fn text(&self, start: usize, end: usize) -> Text {
        Text::span(self.src, start..end)
    }

    /// Refuses a line longer than `limits.max_line_bytes`.
    fn check_length(&self, start: usize, end: usize, line: u32) -> Result<(), ReadError> {
        if end - start > self.limits.max_line_bytes {
            return Err(ReadError {
                kind: ReadErrorKind::LineTooLong {
                    bytes: end - start,
                    limit: self.limits.max_line_bytes,
                },
                pos: Pos::new(line, 1),
            });
        }
        Ok(())
    }

    /// Reads line `line`, bytes `start..end` of the buffer (line end
    /// excluded; its length already checked).
    fn line(&mut self, start: usize, end: usize, line: u32) -> Result<(), ReadError> {
        let src: &'a str = self.src;
        let text = &src[start..end];
        let bytes = text.as_bytes();
        let first_other = lead_blanks(bytes);
        if first_other == bytes.len() {
            if !bytes.is_empty() {
                self.diags.push(
                    Code::W305,
                    Pos::new(line, 1),
                    "line of only spaces or TABs read as a block separator; make it empty",
                );
            }
            self.in_block = false;
            self.can_continue = false;
            self.end_block();
            return Ok(());
        }
        if first_other > 0 {
            self.continuation(text, start, first_other, line);
            return Ok(());
        }
        self.field_line(text, start, line)
    }

    fn continuation(&mut self, text: &str, start: usize, first_other: usize, line: u32) {
        if self.can_continue {
            let frag = Fragment {
                text: self.text(start + first_other, start + trimmed_len(text.as_bytes())),
                pos: Pos::new(line, first_other as u32 + 1),
            };
            if let Some(field) = self.current.last_mut() {
                field.fragments.push(frag);
                return;
            }
        }
        // After a rejected line (§11.4) the continuation belongs to that
        // line and is dropped with it: no second diagnostic.
        if !self.in_block {
            self.diags.push(
                Code::E105,
                Pos::new(line, 1),
                "continuation line (starts with a blank) with no field to continue; remove the leading blanks or put it after a field",
            );
        }
    }

    fn field_line(&mut self, text: &str, start: usize, line: u32) -> Result<(), ReadError> {
        let bytes = text.as_bytes();
        // The common case first: the name runs up to the colon.
        let first_stop = colon_or_blank(bytes);
        let colon = match first_stop {
            Some(at) if bytes[at] == b':' => Some(at),
            Some(at) => bytes[at..].iter().position(|&b| b == b':').map(|p| at + p),
            None => None,
        };
        let Some(colon) = colon else {
            self.can_continue = false;
            self.diags.push(
                Code::E103,
                Pos::new(line, 1),
                "line has no colon: expected `Name: value`, a continuation starting with a blank, or an empty line",
            );
            return Ok(());
        };
        let raw_name = &text[..colon];
        // Without a blank before the colon the name is all of it.
        let plain = first_stop == Some(colon);
        let name = if plain {
            raw_name
        } else {
            &raw_name[..trimmed_len(raw_name.as_bytes())]
        };
        if name.is_empty() || (!plain && name.bytes().any(is_blank)) {
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
        let rest = &bytes[colon + 1..];
        let lead = lead_blanks(rest);
        let value = &rest[lead..trimmed_len(rest).max(lead)];
        let value_col = if value.is_empty() {
            colon + 2
        } else {
            colon + 1 + lead + 1
        };
        let value_start = start + colon + 1 + lead;
        let interned = self.rule.intern(name);
        let field = Field {
            name: match interned.name {
                Some(known) => Cow::Borrowed(known),
                None => Cow::Owned(name.to_string()),
            },
            name_id: interned.id,
            pos: Pos::new(line, 1),
            fragments: Fragments::one(Fragment {
                text: self.text(value_start, value_start + value.len()),
                pos: Pos::new(line, value_col as u32),
            }),
        };
        let new_block = match self.current.first() {
            Some(first) if self.in_block => self
                .rule
                .starts_block_interned((&first.name, first.name_id), (name, interned.id)),
            _ => true,
        };
        if new_block {
            self.end_block();
            if self.blocks >= self.limits.max_blocks {
                return Err(ReadError {
                    kind: ReadErrorKind::TooManyBlocks {
                        limit: self.limits.max_blocks,
                    },
                    pos: Pos::new(line, 1),
                });
            }
        }
        self.current.push(field);
        self.in_block = true;
        self.can_continue = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{colon_or_blank, lead_blanks, line_end};

    /// The word-at-a-time scans against their byte-at-a-time definitions,
    /// from every start offset of each case.
    #[test]
    fn word_scans_agree_with_byte_scans() {
        let cases: &[&[u8]] = &[
            b"",
            b"a",
            b":",
            b" ",
            b"\n",
            b"\r\n",
            b"abcdefg\n",
            b"abcdefgh\r\n",
            b"abcdefghijklmnop",
            b"abcdefghijklmno\rx",
            b"\x8a\x8d\x0a",
            b"x\x0b\x0c\x0e\x1a\x2a\x8a\x8d\x8e\r",
            b"Position-X:     -4420.81",
            b"Hull-Class\t: x",
            b"Bad Name: x",
            b"                 x",
            b"        \t        y",
            b"abcdefgh:",
            b"\x80\xba\xa0:\x3a ",
        ];
        for &c in cases {
            for from in 0..=c.len() {
                let bytes = &c[from..];
                let end = (from..c.len())
                    .find(|&i| c[i] == b'\n' || c[i] == b'\r')
                    .unwrap_or(c.len());
                assert_eq!(line_end(c, from), end, "{c:?} from {from}");
                let colon = bytes
                    .iter()
                    .position(|&b| b == b':' || b == b' ' || b == b'\t');
                assert_eq!(colon_or_blank(bytes), colon, "{bytes:?}");
                let blanks = bytes
                    .iter()
                    .position(|&b| b != b' ' && b != b'\t')
                    .unwrap_or(bytes.len());
                assert_eq!(lead_blanks(bytes), blanks, "{bytes:?}");
            }
        }
    }
}
