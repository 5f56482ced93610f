//! Assembles tokens into top-level forms (gdl spec 2.7, 2.8, 2.12).
//!
//! Lists are built with an explicit stack, never by recursion, so that deeply
//! nested input cannot overflow the Rust stack. The reader knows the
//! conditional-reading flag because 7.5 applies it while reading atoms.

use std::cell::RefCell;

use crate::error::{Error, ErrorKind};
use crate::lexer::{Lexer, TokenKind};
use crate::list::FormBlock;
use crate::value::{Symbols, Value};

/// A top-level form and the offset of its first byte.
#[derive(Clone, Debug)]
pub struct Form {
    pub value: Value,
    pub start: usize,
    /// The form is a stray `)` at top level, read as nil (spec 2.7).
    pub stray_close: bool,
}

/// What reading one form gave.
#[derive(Debug)]
pub enum ReadOutcome {
    Form(Form),
    /// End of file; `unclosed` lists were open and the unfinished form,
    /// which starts at `form_start`, was dropped.
    Eof {
        unclosed: usize,
        form_start: Option<usize>,
    },
}

/// An open list (the index of its element buffer, counting open lists from
/// the outermost, and the offset of its `(`) or a quote (its offset)
/// waiting for its form.
enum Frame {
    List(usize, usize),
    Quote(usize),
}

/// Reads one top-level form. `reading` is the conditional-reading flag; `max_depth`
/// bounds list nesting.
pub fn read_form(
    lexer: &mut Lexer,
    symbols: &mut Symbols,
    reading: bool,
    max_depth: usize,
) -> Result<ReadOutcome, Error> {
    read_form_with::<false>(lexer, symbols, reading, max_depth, &mut Vec::new())
}

/// Reads one top-level form again, as [`read_form`] read it, for the offset
/// in its file of each value of its block, in the block's order (see
/// [`crate::list::List::block_index`]): messages about a part of a form
/// point at it through these. Only a message needs them, so the first read
/// keeps none (that was 7% of reading a big closure).
pub fn form_offsets(
    lexer: &mut Lexer,
    symbols: &mut Symbols,
    reading: bool,
    max_depth: usize,
) -> Vec<u32> {
    let mut offsets = Vec::new();
    let _ = read_form_with::<true>(lexer, symbols, reading, max_depth, &mut offsets);
    offsets
}

/// The offset of item `j` of the list the lexer is at (its `(` next),
/// reading only as far as that item: what [`form_offsets`] gives for an
/// item of a form's outermost list, without reading the rest of the form.
/// Most messages point at such an item (a type's or a table's name), and a
/// late type's warning in a big module used to read its whole declaration
/// again. `None` when the input does not start with a list that long.
pub fn item_offset(lexer: &mut Lexer, reading: bool, j: usize) -> Option<usize> {
    if lexer.next_token().ok()?.kind != TokenKind::Open {
        return None;
    }
    for k in 0..=j {
        let tok = lexer.next_token().ok()?;
        let mut kind = tok.kind;
        // `'x` reads as `(quote x)`, which starts at the quote (when
        // reading: in a skipped part a quote reads as nil by itself).
        while reading && kind == TokenKind::Quote {
            kind = lexer.next_token().ok()?.kind;
        }
        match kind {
            TokenKind::Close | TokenKind::Eof => return None,
            TokenKind::Open => {
                let mut depth = 1;
                while depth > 0 {
                    match lexer.next_token().ok()?.kind {
                        TokenKind::Open => depth += 1,
                        TokenKind::Close => depth -= 1,
                        TokenKind::Eof => return None,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        if k == j {
            return Some(tok.start);
        }
    }
    None
}

/// [`read_form`], and with `OFFSETS` the offsets of the block's values in
/// `offsets`.
fn read_form_with<const OFFSETS: bool>(
    lexer: &mut Lexer,
    symbols: &mut Symbols,
    reading: bool,
    max_depth: usize,
    offsets: &mut Vec<u32>,
) -> Result<ReadOutcome, Error> {
    // The frame and element buffers are kept from one form to the next: a
    // module is thousands of top-level forms, and growing fresh buffers for
    // each was a visible share of the allocation in a profile.
    thread_local! {
        static SCRATCH: RefCell<Scratch> = const { RefCell::new(Scratch { stack: Vec::new(), levels: Vec::new(), block: Vec::new(), level_offsets: Vec::new(), block_offsets: Vec::new() }) };
    }
    let mut scratch = SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let mut form = FormBlock::new();
    let outcome =
        read_form_in::<OFFSETS>(lexer, symbols, reading, max_depth, &mut scratch, &mut form);
    if OFFSETS {
        *offsets = std::mem::take(&mut scratch.block_offsets);
        scratch.level_offsets.iter_mut().for_each(Vec::clear);
    }
    let outcome = match outcome {
        Ok(ReadOutcome::Form(f)) => Ok(ReadOutcome::Form(Form {
            value: form.finish(&mut scratch.block, f.value),
            ..f
        })),
        other => {
            // Drop what an error or the end of the file left behind now, not
            // at the next form (interior list handles of an unfinished form
            // free nothing).
            scratch.stack.clear();
            scratch.levels.iter_mut().for_each(Vec::clear);
            scratch.block.clear();
            other
        }
    };
    SCRATCH.with(|s| *s.borrow_mut() = scratch);
    outcome
}

/// The buffers a read reuses from one form to the next.
#[derive(Default)]
struct Scratch {
    /// Open lists and quotes, innermost last.
    stack: Vec<Frame>,
    /// The elements of each open list, outermost first. The buffers stay
    /// allocated from form to form, and a closed list's elements are moved
    /// out of its buffer in one copy.
    levels: Vec<Vec<Value>>,
    /// The values of the lists closed so far, the form's block being built.
    block: Vec<Value>,
    /// For [`form_offsets`]: the offsets of the values in `levels` and
    /// `block`, alike.
    level_offsets: Vec<Vec<u32>>,
    block_offsets: Vec<u32>,
}

/// An offset as [`form_offsets`] gives it (`u32::MAX` if it does not fit).
fn offset32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

fn read_form_in<const OFFSETS: bool>(
    lexer: &mut Lexer,
    symbols: &mut Symbols,
    reading: bool,
    max_depth: usize,
    scratch: &mut Scratch,
    form: &mut FormBlock,
) -> Result<ReadOutcome, Error> {
    let Scratch {
        stack,
        levels,
        block,
        level_offsets,
        block_offsets,
    } = scratch;
    // The number of open lists.
    let mut open = 0;
    let mut form_start: Option<usize> = None;
    loop {
        let tok = lexer.next_token()?;
        let start = tok.start;
        // Where the item read begins, for `OFFSETS`: the token, or the `(`
        // of a list closed.
        let mut item_at = start;
        let mut item = match tok.kind {
            TokenKind::Eof => {
                if let Some(Frame::Quote(q)) = stack.last() {
                    return Err(Error::new(ErrorKind::DanglingQuote, "a quote at the end of the file quotes nothing; remove it or add the quoted form").at_offset(*q));
                }
                let unclosed = stack
                    .iter()
                    .filter(|f| matches!(f, Frame::List(..)))
                    .count();
                return Ok(ReadOutcome::Eof {
                    unclosed,
                    form_start,
                });
            }
            TokenKind::Open => {
                if stack.len() >= max_depth {
                    return Err(Error::new(
                        ErrorKind::TooDeep,
                        format!("lists nest more than {max_depth} levels deep; flatten the form"),
                    )
                    .at_offset(start));
                }
                form_start.get_or_insert(start);
                if levels.len() == open {
                    levels.push(Vec::new());
                }
                if OFFSETS && level_offsets.len() == open {
                    level_offsets.push(Vec::new());
                }
                stack.push(Frame::List(open, start));
                open += 1;
                continue;
            }
            TokenKind::Close => match stack.pop() {
                None => {
                    // spec 2.7: a stray `)` reads as nil; the caller warns.
                    return Ok(ReadOutcome::Form(Form {
                        value: Value::Nil,
                        start,
                        stray_close: true,
                    }));
                }
                Some(Frame::Quote(q)) => {
                    return Err(Error::new(ErrorKind::DanglingQuote, "a quote directly before `)` quotes nothing; remove it or add the quoted form").at_offset(q));
                }
                Some(Frame::List(level, at)) => {
                    open -= 1;
                    if OFFSETS {
                        // Mirrors `push_list`, which moves the items to
                        // the block (none for an empty list).
                        block_offsets.append(&mut level_offsets[level]);
                        item_at = at;
                    }
                    form.push_list(block, &mut levels[level])
                }
            },
            TokenKind::Quote => {
                if !reading {
                    Value::Nil
                } else {
                    if stack.len() >= max_depth {
                        return Err(Error::new(
                            ErrorKind::TooDeep,
                            format!(
                                "lists nest more than {max_depth} levels deep; flatten the form"
                            ),
                        )
                        .at_offset(start));
                    }
                    form_start.get_or_insert(start);
                    stack.push(Frame::Quote(start));
                    continue;
                }
            }
            TokenKind::Nil => Value::Nil,
            TokenKind::Num(n) => {
                if reading {
                    Value::Num(n)
                } else {
                    Value::Nil
                }
            }
            TokenKind::Str(s) => {
                if reading {
                    Value::Str(lexer.text(&s))
                } else {
                    Value::Nil
                }
            }
            TokenKind::Sym {
                name,
                bare,
                special,
            } => {
                // Outside a conditional's skipped part every symbol is
                // read; inside it only these survive (spec 2.12).
                let survives = || special || (bare && (*name == *b"else" || *name == *b"end-if"));
                if reading || survives() {
                    Value::Sym(symbols.intern(&name))
                } else {
                    Value::Nil
                }
            }
        };
        loop {
            match stack.last_mut() {
                None => {
                    return Ok(ReadOutcome::Form(Form {
                        value: item,
                        start: form_start.unwrap_or(start),
                        stray_close: false,
                    }))
                }
                Some(Frame::List(level, _)) => {
                    if OFFSETS {
                        level_offsets[*level].push(offset32(item_at));
                    }
                    levels[*level].push(item);
                    break;
                }
                Some(&mut Frame::Quote(q)) => {
                    stack.pop();
                    // `'x` reads as `(quote x)`, which starts at the quote.
                    if OFFSETS {
                        block_offsets.extend([offset32(q), offset32(item_at)]);
                        item_at = q;
                    }
                    let quote = Value::Sym(symbols.intern(b"quote"));
                    item = form.push_pair(block, [quote, item]);
                }
            }
        }
    }
}
