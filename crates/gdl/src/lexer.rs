//! The byte-at-a-time scanner of GDL (gdl spec 2).
//!
//! It mirrors 7.5's reader closely, quirks included, because the dump must match
//! the kernel byte for byte: numbers with `.`/`%`/dice, `#` as a one-byte symbol,
//! the empty symbol after `|#`, and the two drifting line counters that 7.5
//! prints in warning prefixes (spec 6.4). Every token carries the byte offset of
//! its first byte so that diagnostics can point at the true line and column.

use std::borrow::Cow;
use std::rc::Rc;

use crate::error::{Error, ErrorKind};
use crate::value::Text;

/// Scanner results.
pub type LexResult<T> = Result<T, Error>;

/// Maximum length of a string or symbol, in bytes after escapes (spec 2.9).
pub const MAX_TOKEN_LEN: usize = 999;

/// What a token is. Names and strings borrow from the file when they contain
/// no escapes, so most tokens allocate nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind<'a> {
    Open,
    Close,
    Quote,
    Num(i32),
    Str(Cow<'a, [u8]>),
    /// A symbol. `special` marks the one-byte symbols `#`, `-` and `+` that 7.5
    /// returns before it looks at the conditional-reading flag (spec 2.12);
    /// `bare` is false for `|quoted|` symbols.
    Sym {
        name: Cow<'a, [u8]>,
        bare: bool,
        special: bool,
    },
    /// The bare token `nil`, which reads as the empty list.
    Nil,
    Eof,
}

/// A token and the offset of its first byte in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub kind: TokenKind<'a>,
    pub start: usize,
}

/// 7.5's two warning line counters (spec 6.4): `s` counts LFs between tokens,
/// `e` also counts comment LFs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCounters {
    pub s: u32,
    pub e: u32,
}

impl Default for LineCounters {
    fn default() -> Self {
        LineCounters { s: 1, e: 1 }
    }
}

/// A warning found while scanning; these carry no 7.5 position prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexWarning {
    pub message: String,
    pub offset: usize,
}

/// The scanner over one file's bytes.
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    pub counters: LineCounters,
    pub warnings: Vec<LexWarning>,
    max_token_len: usize,
    /// Set after a block comment: the next byte skips the comment check (spec 2.3).
    after_block_comment: bool,
    /// The shared buffer `src` is, when the caller has one: strings read
    /// without escapes are then ranges of it instead of copies.
    file: Option<Rc<Vec<u8>>>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn ends_bare_symbol(b: u8) -> bool {
    is_space(b) || matches!(b, b'(' | b')' | b';' | b'"' | b'\'' | b'`' | b'#')
}

/// Bytes that end the plain run of a bare symbol: its end, a backslash or
/// a NUL (both of which send the symbol to the byte loop).
static BARE_SYMBOL_STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c == b'\\'
            || c == 0
            || matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
            || matches!(c, b'(' | b')' | b';' | b'"' | b'\'' | b'`' | b'#');
        b += 1;
    }
    t
};

/// The index of the first byte of `run` that ends a bare symbol's plain run.
fn bare_symbol_stop(run: &[u8]) -> Option<usize> {
    run.iter().position(|&b| BARE_SYMBOL_STOPS[usize::from(b)])
}

/// The index of the first byte of `hay` equal to `x`, `y` or `z`, eight
/// bytes at a time: strings (help texts, notes) are the longest runs the
/// scanner reads.
fn find_byte3(hay: &[u8], x: u8, y: u8, z: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // A high bit for each zero byte of `w`; the lowest one is always exact
    // (a borrow can only mark bytes above a true zero).
    let zeros = |w: u64| w.wrapping_sub(ONES) & !w & HIGHS;
    let (vx, vy, vz) = (
        ONES * u64::from(x),
        ONES * u64::from(y),
        ONES * u64::from(z),
    );
    let mut chunks = hay.chunks_exact(8);
    let mut at = 0;
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        let hits = zeros(w ^ vx) | zeros(w ^ vy) | zeros(w ^ vz);
        if hits != 0 {
            return Some(at + (hits.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == x || b == y || b == z)
        .map(|p| at + p)
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8], counters: LineCounters) -> Self {
        Lexer {
            src,
            pos: 0,
            counters,
            warnings: Vec::new(),
            max_token_len: MAX_TOKEN_LEN,
            after_block_comment: false,
            file: None,
        }
    }

    /// A scanner over a whole shared file buffer; see [`Lexer::text`].
    pub fn for_file(file: &'a Rc<Vec<u8>>, counters: LineCounters) -> Self {
        Lexer {
            file: Some(file.clone()),
            ..Lexer::new(file, counters)
        }
    }

    /// The value of a string token's bytes: a range of the file when they
    /// are in it (a string without escapes, scanned by a lexer made with
    /// [`Lexer::for_file`]), else a copy.
    pub fn text(&self, bytes: &[u8]) -> Text {
        if let Some(file) = &self.file {
            let offset = (bytes.as_ptr() as usize).wrapping_sub(file.as_ptr() as usize);
            if offset <= file.len() && bytes.len() <= file.len() - offset {
                return Text::in_file(file, offset, bytes.len());
            }
        }
        Text::new(bytes)
    }

    /// Sets the longest string or symbol accepted (a limit of the API).
    pub fn with_max_token_len(mut self, len: usize) -> Self {
        self.max_token_len = len;
        self
    }

    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Goes on from `pos` as if everything before it had been scanned and
    /// a token had just ended there (no block comment pending).
    pub fn resume_at(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
        self.after_block_comment = false;
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        Some(b)
    }

    fn warn(&mut self, offset: usize, message: String) {
        self.warnings.push(LexWarning { message, offset });
    }

    /// Reads the next token. Inlined into the reader's loop (its one
    /// caller), so a token is not returned through memory.
    #[inline(always)]
    pub fn next_token(&mut self) -> LexResult<Token<'a>> {
        loop {
            let start = self.pos;
            let after_comment = std::mem::take(&mut self.after_block_comment);
            let Some(b) = self.bump() else {
                if after_comment {
                    return Ok(self.empty_symbol(start));
                }
                return Ok(Token {
                    kind: TokenKind::Eof,
                    start,
                });
            };
            if is_space(b) {
                if b == b'\n' {
                    self.counters.s += 1;
                    self.counters.e += 1;
                }
                continue;
            }
            match b {
                b'#' if after_comment => {
                    // spec 2.3 quirk: an empty symbol, then `#` is read again.
                    self.pos -= 1;
                    return Ok(self.empty_symbol(start));
                }
                b';' => self.line_comment(),
                b'#' if self.peek() == Some(b'|') => {
                    self.pos += 1;
                    self.block_comment(start);
                }
                b'#' => {
                    return Ok(Token {
                        kind: TokenKind::Sym {
                            name: Cow::Borrowed(b"#"),
                            bare: true,
                            special: true,
                        },
                        start,
                    })
                }
                b'(' => return Ok(tok(TokenKind::Open, start)),
                b')' => return Ok(tok(TokenKind::Close, start)),
                b'\'' | b'`' => return Ok(tok(TokenKind::Quote, start)),
                b'"' => return self.string(start),
                b'|' => return self.quoted_symbol(start),
                b'-' | b'+' if self.peek().is_some_and(|n| is_space(n) || n == b')') => {
                    return Ok(Token {
                        kind: TokenKind::Sym {
                            name: Cow::Borrowed(if b == b'-' { b"-" } else { b"+" }),
                            bare: true,
                            special: true,
                        },
                        start,
                    });
                }
                b'0'..=b'9' | b'-' | b'+' | b'.' => return Ok(self.number(b, start)),
                _ => {
                    self.pos -= 1;
                    return self.bare_symbol(start);
                }
            }
        }
    }

    fn empty_symbol(&self, start: usize) -> Token<'a> {
        Token {
            kind: TokenKind::Sym {
                name: Cow::Borrowed(b""),
                bare: true,
                special: false,
            },
            start,
        }
    }

    fn line_comment(&mut self) {
        // One search for the end of the line rather than a `bump` per byte:
        // comments are a large share of module text.
        let rest = &self.src[self.pos..];
        self.pos += match rest.iter().position(|&b| b == b'\n') {
            Some(n) => n + 1,
            None => rest.len(),
        };
        self.counters.e += 1;
    }

    /// A nested `#|…|#` comment (spec 2.3); the opening `#|` is consumed.
    fn block_comment(&mut self, start: usize) {
        let mut depth = 1u32;
        loop {
            match self.bump() {
                None => {
                    self.warn(
                        start,
                        "block comment `#|` is not closed before the end of the file; add `|#`"
                            .into(),
                    );
                    break;
                }
                Some(b'\n') => self.counters.e += 1,
                Some(b'#') if self.peek() == Some(b'|') => {
                    self.pos += 1;
                    depth += 1;
                }
                Some(b'|') if self.peek() == Some(b'#') => {
                    self.pos += 1;
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Some(_) => {}
            }
        }
        self.after_block_comment = true;
    }

    /// One byte of string or symbol content after a backslash (spec 2.5).
    fn escape(&mut self) -> u8 {
        match self.bump() {
            None => 0xff,
            Some(b'0') => {
                let mut v: u32 = 0;
                while let Some(d @ b'0'..=b'9') = self.peek() {
                    self.pos += 1;
                    v = v.wrapping_mul(8).wrapping_add(u32::from(d - b'0'));
                }
                (v & 0xff) as u8
            }
            Some(b) => b,
        }
    }

    fn push_content(
        &mut self,
        buf: &mut Vec<u8>,
        b: u8,
        start: usize,
        what: &str,
    ) -> LexResult<()> {
        buf.push(b);
        if buf.len() > self.max_token_len {
            return Err(self.too_long(start, what));
        }
        Ok(())
    }

    fn too_long(&self, start: usize, what: &str) -> Error {
        Error::new(
            ErrorKind::TokenTooLong,
            format!(
                "{what} is longer than {} bytes; split it or shorten it",
                self.max_token_len
            ),
        )
        .at_offset(start)
    }

    /// The content of a string or `|symbol|` up to its unescaped `close`
    /// (consumed) or the end of the file, escapes applied and cut at a NUL
    /// (spec 2.5, 2.6). The usual token, with no backslash and no NUL before
    /// `close`, is found in one scan and borrowed; anything else takes the
    /// byte loop.
    fn delimited(&mut self, start: usize, close: u8, what: &str) -> LexResult<Cow<'a, [u8]>> {
        let src: &'a [u8] = self.src;
        let rest = &src[self.pos..];
        if let Some(n) = find_byte3(rest, close, b'\\', 0) {
            if rest[n] == close && n <= self.max_token_len {
                self.pos += n + 1;
                return Ok(Cow::Borrowed(&rest[..n]));
            }
        }
        let mut buf = Vec::new();
        loop {
            let b = match self.bump() {
                None => break,
                Some(b) if b == close => break,
                Some(b'\\') => self.escape(),
                Some(b) => b,
            };
            self.push_content(&mut buf, b, start, what)?;
        }
        cut_at_nul(&mut buf);
        Ok(Cow::Owned(buf))
    }

    fn string(&mut self, start: usize) -> LexResult<Token<'a>> {
        let content = self.delimited(start, b'"', "string")?;
        Ok(tok(TokenKind::Str(content), start))
    }

    fn quoted_symbol(&mut self, start: usize) -> LexResult<Token<'a>> {
        let name = self.delimited(start, b'|', "symbol")?;
        Ok(tok(
            TokenKind::Sym {
                name,
                bare: false,
                special: false,
            },
            start,
        ))
    }

    #[inline(always)]
    fn bare_symbol(&mut self, start: usize) -> LexResult<Token<'a>> {
        // The usual symbol: no backslash and no NUL before its end, found
        // in one scan; anything else takes the byte loop.
        let src: &'a [u8] = self.src;
        let from = self.pos;
        let len = bare_symbol_stop(&src[from..]).unwrap_or(src.len() - from);
        let buf: Cow<'a, [u8]> = match src.get(from + len) {
            Some(b'\\' | 0) => Cow::Owned(self.escaped_bare_symbol(start)?),
            _ if len > self.max_token_len => return Err(self.too_long(start, "symbol")),
            _ => {
                self.pos = from + len;
                Cow::Borrowed(&src[from..from + len])
            }
        };
        // The byte loop has cut the bytes at a NUL (a C string in 7.5), so
        // `nil` followed by a NUL reads as nil, as does `ni\l`.
        if *buf == *b"nil" {
            return Ok(tok(TokenKind::Nil, start));
        }
        Ok(tok(
            TokenKind::Sym {
                name: buf,
                bare: true,
                special: false,
            },
            start,
        ))
    }

    fn escaped_bare_symbol(&mut self, start: usize) -> LexResult<Vec<u8>> {
        let mut buf = Vec::new();
        while let Some(b) = self.peek() {
            if ends_bare_symbol(b) {
                break;
            }
            self.pos += 1;
            let b = if b == b'\\' { self.escape() } else { b };
            self.push_content(&mut buf, b, start, "symbol")?;
        }
        cut_at_nul(&mut buf);
        Ok(buf)
    }

    /// Numbers, decimals and dice specs (spec 2.4), with 7.5's exact state machine.
    #[inline(always)]
    fn number(&mut self, first: u8, start: usize) -> Token<'a> {
        let minus = first == b'-';
        let mut scale: i32 = if first == b'.' { 100 } else { 1 };
        let mut num: i32 = if first.is_ascii_digit() {
            i32::from(first - b'0')
        } else {
            0
        };
        let (mut ndice, mut dice) = (0i32, 0i32);
        let (mut indice, mut minus2, mut badneg) = (false, false, false);
        while let Some(b) = self.peek() {
            match b {
                b'0'..=b'9' => {
                    num = num.wrapping_mul(10).wrapping_add(i32::from(b - b'0'));
                    if scale > 1 {
                        scale /= 10;
                    }
                }
                b'd' => {
                    ndice = num;
                    num = 0;
                    indice = true;
                }
                b'+' | b'-' => {
                    if indice && minus && b == b'+' {
                        badneg = true;
                    }
                    if b == b'-' {
                        minus2 = true;
                    }
                    dice = num;
                    num = 0;
                    indice = false;
                }
                b'.' => scale = 100,
                b'%' => {
                    self.pos += 1;
                    break;
                }
                _ => break,
            }
            self.pos += 1;
        }
        if indice {
            dice = num;
            num = 0;
        }
        if minus && ndice == 0 {
            num = num.wrapping_neg();
        }
        if ndice > 0 {
            let value = self.dice_value(start, ndice, dice, num, minus, minus2, badneg);
            return tok(TokenKind::Num(value), start);
        }
        tok(TokenKind::Num(scale.wrapping_mul(num)), start)
    }

    #[allow(clippy::too_many_arguments)]
    fn dice_value(
        &mut self,
        start: usize,
        n: i32,
        s: i32,
        mut o: i32,
        minus: bool,
        minus2: bool,
        badneg: bool,
    ) -> i32 {
        let spec = format!("{n}d{s}{}{o}", if minus2 { '-' } else { '+' });
        if badneg && minus {
            self.warn(start, format!("dice spec {spec}: a negative number of dice cannot have a positive offset; use a `-` offset"));
        }
        if !(1..=8).contains(&n) {
            self.warn(
                start,
                format!("dice spec {spec}: {n} dice, but the count must be between 1 and 8"),
            );
        }
        if !(2..=17).contains(&s) {
            self.warn(
                start,
                format!(
                    "dice spec {spec}: dice with {s} sides, but the size must be between 2 and 17"
                ),
            );
        }
        if (minus || !minus2) && !(0..=127).contains(&o) {
            self.warn(
                start,
                format!("dice spec {spec}: offset {o} must be between 0 and 127"),
            );
        }
        if !minus && minus2 && !(1..=128).contains(&o) {
            self.warn(
                start,
                format!("dice spec {spec}: offset -{o} must be between -1 and -128"),
            );
        }
        if !minus && minus2 {
            o = o.wrapping_sub(1);
        }
        let neg = i32::from(minus || minus2);
        let raw = (neg << 15)
            | ((1 - neg) << 14)
            | (n.wrapping_sub(1).wrapping_shl(11))
            | (s.wrapping_sub(2).wrapping_shl(7))
            | (o & 0x7f);
        i32::from(raw as i16)
    }
}

fn tok(kind: TokenKind<'_>, start: usize) -> Token<'_> {
    Token { kind, start }
}

fn cut_at_nul(buf: &mut Vec<u8>) {
    if let Some(i) = buf.iter().position(|&b| b == 0) {
        buf.truncate(i);
    }
}

#[cfg(test)]
mod tests {
    use super::{bare_symbol_stop, ends_bare_symbol, find_byte3};

    #[test]
    fn find_byte3_finds_the_first_of_its_bytes_at_any_position() {
        for len in 0..40 {
            for at in 0..=len {
                let mut hay = vec![b'a'; len];
                // A 0x80-ish neighbour and 0x01 bytes test the borrow trick.
                for (k, b) in hay.iter_mut().enumerate() {
                    *b = [b'a', 0x81, 0x01, 0xff, b'"' + 1][k % 5];
                }
                if at < len {
                    hay[at] = b'"';
                    if at + 1 < len {
                        hay[at + 1] = b'\\';
                    }
                }
                let want = (at < len).then_some(at);
                assert_eq!(
                    find_byte3(&hay, b'"', b'\\', b'"'),
                    want,
                    "len {len} at {at}"
                );
                // The same byte found as the third of the set.
                assert_eq!(find_byte3(&hay, b'|', b'\\', b'"'), want);
                let naive = hay.iter().position(|&b| b == 0);
                assert_eq!(find_byte3(&hay, 0, 0, 0), naive);
            }
        }
        assert_eq!(find_byte3(b"ab\0cd\0", 0, 0, 0), Some(2));
    }

    #[test]
    fn bare_symbol_stops_are_the_ends_backslash_and_nul() {
        for b in 0..=255u8 {
            let want = (b == b'\\' || b == 0 || ends_bare_symbol(b)).then_some(0);
            assert_eq!(bare_symbol_stop(&[b]), want, "byte {b}");
        }
    }
}
