//! The FT2 game profile (spec §2–§6): a typed model of every block and
//! field, built from the profile-independent syntax layer, with the
//! validation of spec §6.
//!
//! Reading is one pass that never stops at the first problem: the result is
//! always a model plus every diagnostic, and the caller decides whether a
//! file with errors is usable (the host never plays one).

pub mod assoc;
pub mod grammar;
pub mod json;
pub mod model;
pub mod names;
pub mod orders;
pub mod parse;
pub mod playtime;
pub mod synthetic;
pub mod validate;
pub mod values;
pub mod view;

pub use model::{Ft2Block, Ft2File, ModelField};
pub use names::BlockKind;
pub use values::Value;

use crate::diag::{Code, Diagnostic, Diagnostics, Pos};
use crate::syntax::{self, Limits, ReadError};
use std::collections::hash_map::RandomState;

/// A read FT2 file: the model and every diagnostic, sorted (spec §11.1).
#[derive(Clone, Debug)]
pub struct Ft2Read {
    pub file: Ft2File,
    pub diagnostics: Vec<Diagnostic>,
}

impl Ft2Read {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Reads and validates an FT2 file with the default limits.
pub fn read(input: &[u8]) -> Result<Ft2Read, ReadError> {
    read_with(input, &Limits::default())
}

/// Reads and validates an FT2 file.
///
/// A large file is read in pieces on all cores (see `pieces`): the pieces
/// are cut at separator lines, where the reader starts afresh, so each
/// piece's blocks, typed fields and diagnostics are exactly the ones a
/// reading of the whole file gives; association and order checks then run
/// on the whole. If a piece hits a limit (or the pieces together do), the
/// file is read again in one pass, so limit errors are reported exactly as
/// that pass reports them.
pub fn read_with(input: &[u8], limits: &Limits) -> Result<Ft2Read, ReadError> {
    let threads = rayon::current_num_threads();
    if input.len() >= PARALLEL_MIN_BYTES && threads > 1 {
        if let Some(read) = read_in_pieces(input, limits, threads * 4) {
            return read;
        }
    }
    read_sequential(input, limits)
}

/// Inputs below this size are read on one thread.
const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// The file read in one pass on this thread (what [`read_with`] gives, by
/// definition: the pieces are checked against it in the tests).
pub fn read_sequential(input: &[u8], limits: &Limits) -> Result<Ft2Read, ReadError> {
    let hasher = RandomState::new();
    let piece = read_piece(input, 0, limits, true, &hasher)?;
    whole_file(piece, limits, false)
}

/// What reading a piece of a file gives: its blocks, their diagnostics,
/// and what the whole-file checks need of each block, found while the
/// block was in the cache.
#[derive(Default)]
struct Piece {
    blocks: Vec<Ft2Block>,
    /// The reader's diagnostics, then the blocks'.
    diags: Diagnostics,
    /// How many of `diags` are the reader's (what its limit counts).
    syntax_diags: usize,
    /// The name keys of the named blocks (`block` is the index in `blocks`).
    keys: Vec<assoc::NameKey>,
    /// The W313s of the ships, which count unless the turn is 0.
    moves: Diagnostics,
}

impl Piece {
    /// Appends the piece that follows this one in the file.
    fn append(&mut self, mut next: Piece) {
        let base = self.blocks.len();
        self.blocks.append(&mut next.blocks);
        self.diags.0.append(&mut next.diags.0);
        self.syntax_diags += next.syntax_diags;
        self.keys.extend(next.keys.into_iter().map(|mut k| {
            k.block += base;
            k
        }));
        self.moves.0.append(&mut next.moves.0);
    }
}

/// Reads `input`, which follows `lines_before` lines of its file, typing
/// each block as the reader ends it (spec §2–§4, §6.2 per block): the
/// syntax fields of a block live only until it is typed. The reader's own
/// diagnostics come first, then the blocks', as if the syntax of the whole
/// piece had been read before its blocks were typed. `at_file_start`: the
/// piece starts the file (its first block must be the header). `hasher`
/// hashes the name keys (the same for every piece of a file).
fn read_piece(
    input: &[u8],
    lines_before: u32,
    limits: &Limits,
    at_file_start: bool,
    hasher: &RandomState,
) -> Result<Piece, ReadError> {
    let mut piece = Piece::default();
    let mut typed = Diagnostics::default();
    let mut d = syntax::read_blocks(
        input,
        lines_before,
        limits,
        &grammar::Ft2BlockRule,
        |fields| {
            let first = at_file_start && piece.blocks.is_empty();
            let block = build_block(fields, first, &mut typed);
            if let Some(key) = assoc::NameKey::of(piece.blocks.len(), &block, hasher) {
                piece.keys.push(key);
            }
            orders::move_warning(&block, &mut piece.moves);
            piece.blocks.push(block);
        },
    )?;
    piece.syntax_diags = d.0.len();
    d.0.append(&mut typed.0);
    piece.diags = d;
    Ok(piece)
}

/// Types one block (its syntax fields are taken out of `fields`).
/// `first`: the block is the first of the file.
fn build_block(fields: &mut Vec<syntax::Field>, first: bool, d: &mut Diagnostics) -> Ft2Block {
    let type_name = fields.first().map_or("", |f| f.name.as_ref());
    let is_header = BlockKind::from_name(type_name) == Some(BlockKind::Header);
    if first && !is_header {
        // §11.2: E201 at 1:1 alone; the first block is read as its type.
        d.push(
            Code::E201,
            Pos::new(1, 1),
            "the file does not start with `GZF-Version:`; add a header block first",
        );
    } else if !first && is_header {
        d.push(
            Code::E202,
            fields.first().map_or(Pos::default(), |f| f.pos),
            "GZF-Version is only allowed as the first field of the file",
        );
        // Kept as written and not checked further: one error is enough
        // for a block that should not be there.
        return validate::misplaced_header(fields);
    }
    validate::build_block(fields, d)
}

/// What is checked on the whole file once its blocks are built: the empty
/// file, association (§5), orders (§6.4) and the diagnostics limit; with
/// `parallel`, the parts that look at one block at a time run on every core.
fn whole_file(piece: Piece, limits: &Limits, parallel: bool) -> Result<Ft2Read, ReadError> {
    let Piece {
        blocks,
        diags: mut d,
        keys,
        moves,
        ..
    } = piece;
    note_empty(&blocks, &mut d);
    let mut file = Ft2File { blocks };
    assoc::associate(&mut file, &keys, &mut d);
    orders::check_orders(&file, moves, parallel, &mut d);
    let end = file.blocks.last().map_or(Pos::new(1, 1), |b| b.pos);
    syntax::check_diagnostics(&d, limits, end)?;
    Ok(Ft2Read {
        file,
        diagnostics: Diagnostics::sorted(d),
    })
}

/// E201 for a file without blocks.
fn note_empty(blocks: &[Ft2Block], d: &mut Diagnostics) {
    if blocks.is_empty() {
        d.push(
            Code::E201,
            Pos::new(1, 1),
            "empty file: a GZF file starts with a header block, `GZF-Version: 1.0`",
        );
    }
}

/// The file read in about `wanted` pieces on the rayon pool, whatever its
/// size; `None` when a limit was reached (the caller then reads it in one
/// pass), when the first piece holds no block, or when it has no place to
/// cut. Public for the tests that hold it to
/// [`read_sequential`].
#[doc(hidden)]
pub fn read_in_pieces(
    input: &[u8],
    limits: &Limits,
    wanted: usize,
) -> Option<Result<Ft2Read, ReadError>> {
    use rayon::prelude::*;
    if input.len() > limits.max_file_bytes {
        return None;
    }
    let cuts = pieces(input, wanted);
    if cuts.len() < 3 {
        return None;
    }
    // Lines before each piece: the line ends of the pieces before it.
    let spans: Vec<(usize, usize)> = cuts.windows(2).map(|w| (w[0], w[1])).collect();
    let line_ends: Vec<u32> = spans
        .par_iter()
        .map(|&(a, b)| count_line_ends(&input[a..b]))
        .collect();
    let mut before = Vec::with_capacity(spans.len());
    let mut sum: u64 = 0;
    for n in &line_ends {
        before.push(u32::try_from(sum).ok()?);
        sum += u64::from(*n);
    }
    let hasher = RandomState::new();
    let read: Vec<Option<Piece>> = spans
        .par_iter()
        .zip(before.par_iter())
        .enumerate()
        .map(|(k, (&(a, b), &lines))| read_piece(&input[a..b], lines, limits, k == 0, &hasher).ok())
        .collect();
    let mut whole = Piece::default();
    whole
        .blocks
        .reserve_exact(read.iter().flatten().map(|p| p.blocks.len()).sum());
    for (k, piece) in read.into_iter().enumerate() {
        let piece = piece?;
        if k == 0 && piece.blocks.is_empty() {
            // The file's first block (which must be the header) is in a
            // later piece, which was built as if it were not the first.
            return None;
        }
        whole.append(piece);
    }
    // The one-pass reader stops at these limits; let it say where.
    if whole.syntax_diags > limits.max_diagnostics || whole.blocks.len() > limits.max_blocks {
        return None;
    }
    Some(whole_file(whole, limits, true))
}

/// Where to cut `input` into about `wanted` pieces: offsets from 0 to
/// `input.len()`, each inner cut at the start of an empty line that follows
/// a line ended by LF (`\n\n`, or `\n\r\n` in CR LF files). There the
/// reader's state is its start state whatever came before (an empty line
/// ends any block and any continuation), and no CR LF pair is split.
#[inline(never)]
fn pieces(input: &[u8], wanted: usize) -> Vec<usize> {
    let mut cuts = vec![0];
    let step = input.len() / wanted.max(1);
    if step == 0 {
        cuts.push(input.len());
        return cuts;
    }
    let mut from = step;
    while from < input.len() {
        let Some(cut) = empty_line_at_or_after(input, from) else {
            break;
        };
        if cut > *cuts.last().unwrap() {
            cuts.push(cut);
        }
        from = cut + step;
    }
    cuts.push(input.len());
    cuts.dedup();
    cuts
}

/// The first offset `p >= from` with `input[p - 1] == b'\n'` where an empty
/// line starts (`input[p]` is LF, or CR followed by LF).
fn empty_line_at_or_after(input: &[u8], from: usize) -> Option<usize> {
    let mut i = from.max(1);
    while i < input.len() {
        let nl = i + input[i..].iter().position(|&b| b == b'\n')?;
        // `nl` ends a line; the line after it starts at nl + 1.
        let p = nl + 1;
        match input.get(p) {
            Some(b'\n') => return Some(p),
            Some(b'\r') if input.get(p + 1) == Some(&b'\n') => return Some(p),
            _ => i = p,
        }
    }
    None
}

/// Line ends in `bytes` as the reader counts them: LF, CR LF and a lone CR;
/// that is, each LF plus each CR not followed by an LF, counted eight bytes
/// at a time.
#[inline(never)]
fn count_line_ends(bytes: &[u8]) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `w` that equals `x` (exact, no carries
    // between bytes).
    let eq = |w: u64, x: u8| {
        let t = w ^ (ONES * u64::from(x));
        !(((t & LOW7) + LOW7) | t) & HIGHS
    };
    let mut count = 0u64;
    let mut last_was_cr = false;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        let (l, c) = (eq(w, b'\n'), eq(w, b'\r'));
        // LFs and CRs whose next byte (8 bits higher) is no LF; a CR in the
        // last byte counts here and is taken back if the next word starts
        // with an LF.
        count += u64::from((l | (c & !(l >> 8))).count_ones());
        count -= u64::from(last_was_cr & (l & 0x80 != 0));
        last_was_cr = c >> 63 != 0;
    }
    for &b in words.remainder() {
        match b {
            b'\n' => count += u64::from(!last_was_cr),
            b'\r' => count += 1,
            _ => {}
        }
        last_was_cr = b == b'\r';
    }
    count as u32
}

#[cfg(test)]
mod tests {
    use super::count_line_ends;

    #[test]
    fn line_ends_are_counted_as_the_reader_counts_lines() {
        let cases: &[&[u8]] = &[
            b"",
            b"a",
            b"\n",
            b"\r",
            b"\r\n",
            b"\n\r",
            b"abcdefg\r\nabcdefgh\r\n",
            b"abcdefg\r",
            b"abcdefg\r\n",
            b"abcdefgh\r\n\r\r\n\n\rx",
            b"\r\r\r\r\r\r\r\r\n\n\n\n\n\n\n\n\r",
            b"\x80\x8d\x8a\x0d\x0a\xff\x7f\x0b\x0c\x0e\x0d\x0d\x0a\x00\x01",
        ];
        let long: Vec<u8> = (0..5000u32)
            .map(|i| b"\r\n\rab\n\n\r"[(i * 7 % 11 % 8) as usize])
            .collect();
        let cases: Vec<&[u8]> = cases.iter().copied().chain([&long[..]]).collect();
        for &c in &cases {
            for from in 0..=c.len().min(40) {
                let bytes = &c[from..];
                let mut want = 0;
                let mut i = 0;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                            want += 1;
                            i += 1;
                        }
                        b'\r' | b'\n' => want += 1,
                        _ => {}
                    }
                    i += 1;
                }
                assert_eq!(count_line_ends(bytes), want, "{bytes:?}");
            }
        }
    }
}
