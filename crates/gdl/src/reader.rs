//! Assembles tokens into top-level forms (gdl spec 2.7, 2.8, 2.12).
//!
//! Lists are built with an explicit stack, never by recursion, so that deeply
//! nested input cannot overflow the Rust stack. The reader knows the
//! conditional-reading flag because 7.5 applies it while reading atoms.

use std::cell::RefCell;

use crate::error::{Error, ErrorKind};
use crate::lexer::{Lexer, TokenKind};
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
    /// End of file; `unclosed` lists were open and the unfinished form was dropped.
    Eof {
        unclosed: usize,
    },
}

/// An open list (the index of its first element in the shared element stack)
/// or a quote waiting for its form.
enum Frame {
    List(usize),
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
    // The frame and element buffers are kept from one form to the next: a
    // module is thousands of top-level forms, and growing fresh buffers for
    // each was a visible share of the allocation in a profile.
    thread_local! {
        static SCRATCH: RefCell<(Vec<Frame>, Vec<Value>)> = const { RefCell::new((Vec::new(), Vec::new())) };
    }
    let (mut stack, mut elems) = SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let outcome = read_form_in(lexer, symbols, reading, max_depth, &mut stack, &mut elems);
    // Drop what an error left behind now, not at the next form.
    stack.clear();
    elems.clear();
    SCRATCH.with(|s| *s.borrow_mut() = (stack, elems));
    outcome
}

fn read_form_in(
    lexer: &mut Lexer,
    symbols: &mut Symbols,
    reading: bool,
    max_depth: usize,
    // Open lists and quotes, innermost last.
    stack: &mut Vec<Frame>,
    // Elements of all open lists, innermost last: one buffer instead of a
    // growing vector per list.
    elems: &mut Vec<Value>,
) -> Result<ReadOutcome, Error> {
    let mut form_start: Option<usize> = None;
    loop {
        let tok = lexer.next_token()?;
        let start = tok.start;
        let mut item = match tok.kind {
            TokenKind::Eof => {
                if let Some(Frame::Quote(q)) = stack.last() {
                    return Err(Error::new(ErrorKind::DanglingQuote, "a quote at the end of the file quotes nothing; remove it or add the quoted form").at_offset(*q));
                }
                let unclosed = stack
                    .iter()
                    .filter(|f| matches!(f, Frame::List(..)))
                    .count();
                return Ok(ReadOutcome::Eof { unclosed });
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
                stack.push(Frame::List(elems.len()));
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
                Some(Frame::List(from)) => Value::list_from(elems.drain(from..)),
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
                    Value::str(&s)
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
                Some(Frame::List(_)) => {
                    elems.push(item);
                    break;
                }
                Some(Frame::Quote(_)) => {
                    stack.pop();
                    let quote = Value::Sym(symbols.intern(b"quote"));
                    item = Value::list(vec![quote, item]);
                }
            }
        }
    }
}
