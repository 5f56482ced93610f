//! The three ways 7.5 prints values (gdl spec 6.2, 6.5): the dump's `lisp()`
//! with `qstr`/`sym` quoting, the message printer used inside warning texts (with
//! its 255-byte budget), and the kernel printer used by `print` records.

use crate::value::{Kind, SymId, Value};

/// What a printer needs to know about names it does not own.
pub trait Naming {
    fn sym_name(&self, id: SymId) -> &[u8];
    /// A type's name as the dump shows it (`name-internal` for units, else `name`).
    fn type_name(&self, kind: Kind, index: u16) -> &[u8];
    fn namer_sym(&self, namer: u32) -> SymId;
}

/// The dump's quoted string (spec 6.2 qstr).
pub fn qstr(out: &mut Vec<u8>, bytes: &[u8]) {
    out.push(b'"');
    for &b in bytes {
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x20..=0x7e => out.push(b),
            _ => hex_escape(out, b),
        }
    }
    out.push(b'"');
}

fn hex_escape(out: &mut Vec<u8>, b: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.extend_from_slice(b"\\x");
    out.push(HEX[usize::from(b >> 4)]);
    out.push(HEX[usize::from(b & 15)]);
}

/// `<null>` or the quoted string (spec 6.2 nstr).
pub fn nstr(out: &mut Vec<u8>, bytes: Option<&[u8]>) {
    match bytes {
        None => out.extend_from_slice(b"<null>"),
        Some(b) => qstr(out, b),
    }
}

/// A symbol or type name, bare or in `|…|` (spec 6.2 sym).
pub fn sym(out: &mut Vec<u8>, name: &[u8]) {
    let needs_bars = name.is_empty()
        || name[0].is_ascii_digit()
        || name.iter().any(|&b| {
            matches!(b, b' ' | b'(' | b')' | b'#' | b'"' | b';' | b'|')
                || !(0x21..=0x7e).contains(&b)
        });
    if !needs_bars {
        out.extend_from_slice(name);
        return;
    }
    out.push(b'|');
    for &b in name {
        if (0x20..=0x7e).contains(&b) {
            out.push(b);
        } else {
            hex_escape(out, b);
        }
    }
    out.push(b'|');
}

/// The dump's Lisp printer (spec 6.2 lisp).
pub fn lisp(out: &mut Vec<u8>, value: &Value, names: &dyn Naming) {
    match value {
        Value::Nil => out.extend_from_slice(b"()"),
        Value::Num(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::Str(s) => qstr(out, s),
        Value::Sym(id) => sym(out, names.sym_name(*id)),
        Value::List(items) => {
            out.push(b'(');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                lisp(out, item, names);
            }
            out.push(b')');
        }
        Value::Type(kind, i) => {
            out.push(b'<');
            out.push(kind.letter() as u8);
            out.push(b':');
            sym(out, names.type_name(*kind, *i));
            out.push(b'>');
        }
        Value::Namer(n) => {
            out.extend_from_slice(b"<ptr:");
            sym(out, names.sym_name(names.namer_sym(*n)));
            out.push(b'>');
        }
    }
}

/// `lisp()` into a fresh buffer.
pub fn lisp_string(value: &Value, names: &dyn Naming) -> Vec<u8> {
    let mut out = Vec::new();
    lisp(&mut out, value, names);
    out
}

const ELLIPSIS: &[u8] = b" ... ";

/// The message printer used inside warnings (spec 6.5), with 7.5's budget.
pub fn message(value: &Value, names: &dyn Naming) -> Vec<u8> {
    show(value, 255, names)
}

fn show(value: &Value, max: i64, names: &dyn Naming) -> Vec<u8> {
    if max < 10 {
        return ELLIPSIS.to_vec();
    }
    match value {
        Value::Nil => b"nil".to_vec(),
        Value::Num(n) => n.to_string().into_bytes(),
        Value::Str(s) => {
            if s.len() as i64 + 2 > max {
                return ELLIPSIS.to_vec();
            }
            let mut out = Vec::with_capacity(s.len() + 2);
            out.push(b'"');
            out.extend_from_slice(s);
            out.push(b'"');
            out
        }
        Value::Sym(id) => {
            let name = names.sym_name(*id);
            if name.len() as i64 > max {
                ELLIPSIS.to_vec()
            } else {
                name.to_vec()
            }
        }
        Value::Type(kind, i) => format!("{}#{i}", kind.letter()).into_bytes(),
        Value::Namer(n) => {
            let mut out = names.sym_name(names.namer_sym(*n)).to_vec();
            out.extend_from_slice(b" #|0x0|#");
            out
        }
        Value::List(items) => {
            let mut out = vec![b'('];
            out.extend(show(&items[0], max - 1, names));
            let m = max - out.len() as i64;
            let mut buf: Vec<u8> = Vec::new();
            for item in &items[1..] {
                let room = m - buf.len() as i64;
                if room < 10 {
                    buf = ELLIPSIS.to_vec();
                    break;
                }
                buf.push(b' ');
                buf.extend(show(item, room, names));
            }
            out.extend(buf);
            out.push(b')');
            out
        }
    }
}

/// The kernel printer used by `print` records (spec 6.5).
pub fn kernel(out: &mut Vec<u8>, value: &Value, names: &dyn Naming) {
    match value {
        Value::Nil => out.extend_from_slice(b"nil"),
        Value::Num(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::Str(s) => {
            out.push(b'"');
            for &b in s.iter() {
                if b == b'"' {
                    out.push(b'\\');
                }
                out.push(b);
            }
            out.push(b'"');
        }
        Value::Sym(id) => {
            let name = names.sym_name(*id);
            let bars = name.first().is_some_and(u8::is_ascii_digit)
                || name.iter().any(|b| b" ()#\";|".contains(b));
            if bars {
                out.push(b'|');
            }
            out.extend_from_slice(name);
            if bars {
                out.push(b'|');
            }
        }
        Value::List(items) => {
            out.push(b'(');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                kernel(out, item, names);
            }
            out.push(b')');
        }
        Value::Type(kind, i) => out.extend_from_slice(format!("{}#{i}", kind.letter()).as_bytes()),
        Value::Namer(n) => {
            out.extend_from_slice(names.sym_name(names.namer_sym(*n)));
            out.extend_from_slice(b" #|0x0|#");
        }
    }
}
