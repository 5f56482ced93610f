//! Value parsers: one field's fragments in, a typed [`Value`] and
//! diagnostics out (spec §3). Positions point at the offending token, on its
//! own physical line for folded values (spec §6.1).

use super::grammar::ValueKind;
use super::names::{self, match_defined};
use super::values::*;
use crate::diag::{Code, Diagnostics, Pos};
use crate::syntax::Field;
use std::borrow::Cow;

/// Splits a field's value into list items: runs of blanks, commas and line
/// breaks separate them (spec §3).
pub fn tokens(field: &Field) -> impl Iterator<Item = (&str, Pos)> {
    field.fragments.iter().flat_map(|frag| {
        let text = frag.text.as_str();
        text.split([' ', '\t', ','])
            .filter(|t| !t.is_empty())
            .map(move |t| {
                (
                    t,
                    frag.pos.right(t.as_ptr() as usize - text.as_ptr() as usize),
                )
            })
    })
}

/// Parses `field` as `kind`. `None` when the value is invalid (an error was
/// reported); warnings do not make it `None`.
pub fn parse(kind: ValueKind, field: &Field, d: &mut Diagnostics) -> Option<Value> {
    let name = field.name.as_str();
    let vpos = field.value_pos();
    let text: Cow<str> = if field.fragments.len() == 1 {
        Cow::Borrowed(&field.fragments[0].text)
    } else {
        Cow::Owned(field.unfolded().trim().to_string())
    };
    let text = text.as_ref();
    match kind {
        ValueKind::Text => Some(Value::Text(frags(field))),
        ValueKind::Entries => Some(Value::Text(frags(field))),
        ValueKind::Id => {
            if text.is_empty() {
                d.push(
                    Code::E211,
                    vpos,
                    format!("{name}: empty identifier; give the block a name"),
                );
                None
            } else {
                Some(Value::Text(frags(field)))
            }
        }
        ValueKind::GzfVersion => {
            if text != "1.0" && text != "1.1" {
                d.push(
                    Code::W312,
                    vpos,
                    format!("{name}: version {text:?} is not 1.0 or 1.1; read as 1.0"),
                );
            }
            Some(Value::Word(text.to_string()))
        }
        ValueKind::ProfileVersion => {
            if text != "1.1" {
                d.push(
                    Code::W312,
                    vpos,
                    format!("{name}: profile version {text:?} is not 1.1; read as 1.1"),
                );
            }
            Some(Value::Word(text.to_string()))
        }
        ValueKind::UniverseVersion => {
            if !is_version(text) {
                d.push(
                    Code::W312,
                    vpos,
                    format!("{name}: {text:?} is not a version (digits and points); kept as text"),
                );
            }
            Some(Value::Word(text.to_string()))
        }
        ValueKind::Profile => match match_defined(text, names::PROFILES) {
            Some((canon, _)) => Some(Value::Word(canon.to_string())),
            None => {
                d.push(
                    Code::E203,
                    vpos,
                    format!("Profile: unsupported profile {text:?}; this reader plays FT2"),
                );
                None
            }
        },
        ValueKind::Int => int(text, name, vpos, d).map(Value::Int),
        ValueKind::Decimal => decimal(field, d).map(Value::Decimal),
        ValueKind::Diameter => {
            let h = decimal(field, d)?;
            if h <= 0 {
                d.push(
                    Code::E209,
                    vpos,
                    format!("{name}: diameter must be more than 0.00"),
                );
                return None;
            }
            Some(Value::Decimal(h))
        }
        ValueKind::Clock => clock(text, name, vpos, d).map(Value::Clock),
        ValueKind::Arcs => arcs(field, d).map(Value::Arcs),
        ValueKind::Craft => boxes(field, 1, 6, d).map(Value::Boxes),
        ValueKind::Endurance => boxes(field, 3, 5, d).map(Value::Boxes),
        ValueKind::Track => track(field, d).map(Value::Track),
        ValueKind::Status => status(field, d).map(Value::Status),
        ValueKind::Move => move_order(field, d).map(Value::Move),
        ValueKind::Percent => percent(text, name, vpos, d).map(Value::Percent),
        ValueKind::Closed(list) => match match_defined(text, list) {
            Some((canon, respelled)) => {
                if respelled {
                    d.push(
                        Code::W304,
                        vpos,
                        format!("{name}: {text:?} read as {canon:?}; write it that way"),
                    );
                }
                Some(Value::Word(canon.to_string()))
            }
            None => {
                d.push(
                    Code::E206,
                    vpos,
                    format!("{name}: {text:?} is not one of: {}", list.join(", ")),
                );
                None
            }
        },
        ValueKind::Open(list) => Some(open(text, list, name, vpos, d)),
        // An empty system type is E211, reported for the whole block.
        ValueKind::SystemType if text.is_empty() => None,
        ValueKind::SystemType => Some(open(text, names::ALL_SYSTEM_TYPES, name, vpos, d)),
        ValueKind::Extent => extent(field, d),
    }
}

fn frags(field: &Field) -> Vec<String> {
    field.fragments.iter().map(|f| f.text.clone()).collect()
}

fn is_version(text: &str) -> bool {
    !text.is_empty()
        && text
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

fn open(text: &str, list: &[&'static str], name: &str, pos: Pos, d: &mut Diagnostics) -> Value {
    match match_defined(text, list) {
        Some((canon, respelled)) => {
            if respelled {
                d.push(
                    Code::W304,
                    pos,
                    format!("{name}: {text:?} read as {canon:?}; write it that way"),
                );
            }
            Value::Word(canon.to_string())
        }
        None => {
            d.push(
                Code::W303,
                pos,
                format!("{name}: {text:?} is user-defined (kept, not played); check the spelling if you meant a defined value"),
            );
            Value::Word(text.to_string())
        }
    }
}

/// An integer >= 0 (spec §3.2: every integer field of FT2 is non-negative).
fn int(text: &str, name: &str, pos: Pos, d: &mut Diagnostics) -> Option<i64> {
    let (neg, digits) = match text.as_bytes().first() {
        Some(b'+') => (false, &text[1..]),
        Some(b'-') => (true, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        d.push(
            Code::E205,
            pos,
            format!("{name}: {text:?} is not an integer (digits with an optional sign)"),
        );
        return None;
    }
    let trimmed = digits.trim_start_matches('0');
    let value: Option<i64> = if trimmed.is_empty() {
        Some(0)
    } else if trimmed.len() > 15 {
        None
    } else {
        trimmed.parse().ok()
    };
    match value {
        Some(v) if !neg || v == 0 => Some(v),
        _ => {
            d.push(
                Code::E209,
                pos,
                format!("{name}: {text:?} is out of range (0 to 999999999999999)"),
            );
            None
        }
    }
}

fn clock(text: &str, name: &str, pos: Pos, d: &mut Diagnostics) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        d.push(
            Code::E205,
            pos,
            format!("{name}: {text:?} is not a clock value (1-12)"),
        );
        return None;
    }
    let v: u8 = text.parse().unwrap_or(0);
    if !(1..=12).contains(&v) {
        d.push(
            Code::E209,
            pos,
            format!("{name}: {text:?} is not a clock value (1-12)"),
        );
        return None;
    }
    Some(v)
}

fn percent(text: &str, name: &str, pos: Pos, d: &mut Diagnostics) -> Option<i64> {
    let Some(number) = text.strip_suffix('%') else {
        d.push(
            Code::E205,
            pos,
            format!("{name}: {text:?} is not a percentage; write it like `60%`"),
        );
        return None;
    };
    let number = number.trim_end_matches([' ', '\t']);
    let (neg, digits) = match number.as_bytes().first() {
        Some(b'+') => (false, &number[1..]),
        Some(b'-') => (true, &number[1..]),
        _ => (false, number),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        d.push(
            Code::E205,
            pos,
            format!("{name}: {text:?} is not a percentage; write it like `60%`"),
        );
        return None;
    }
    let v = digits.trim_start_matches('0');
    let value: i64 = if v.len() > 4 {
        1000
    } else {
        v.parse().unwrap_or(0)
    };
    if (neg && value != 0) || value > 100 {
        d.push(
            Code::E209,
            pos,
            format!("{name}: {text:?} is out of range (0% to 100%)"),
        );
        return None;
    }
    Some(value)
}

/// Outcome of reading a decimal number (spec §3.3, §11.17).
#[derive(Debug, PartialEq, Eq)]
pub enum DecimalRead {
    /// Hundredths, and whether the form was tolerated (W304).
    Ok(i64, bool),
    /// Not a decimal number (E205).
    Syntax,
    /// Magnitude of 10^13 or more (E209).
    Range,
}

/// Reads a float or efloat into hundredths, rounding half away from zero.
pub fn read_decimal(text: &str) -> DecimalRead {
    let b = text.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = &text[int_start..i];
    let mut frac_digits = "";
    let point = i < b.len() && b[i] == b'.';
    if point {
        i += 1;
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = &text[s..i];
    }
    if int_digits.is_empty() && frac_digits.is_empty() {
        return DecimalRead::Syntax;
    }
    let mut exponent: i64 = 0;
    let has_exp = i < b.len() && (b[i] == b'e' || b[i] == b'E');
    if has_exp {
        // efloat: digits, a point, digits, e, optional sign, digits.
        if !point || int_digits.is_empty() {
            return DecimalRead::Syntax;
        }
        i += 1;
        let eneg = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let e = &text[s..i];
        if e.is_empty() {
            return DecimalRead::Syntax;
        }
        let e = e.trim_start_matches('0');
        exponent = if e.len() > 6 {
            1_000_000
        } else {
            e.parse().unwrap_or(0)
        };
        if eneg {
            exponent = -exponent;
        }
    }
    if i != b.len() {
        return DecimalRead::Syntax;
    }
    // value = digits × 10^(exponent − frac_len); hundredths shift by 2.
    let mut digits = String::with_capacity(int_digits.len() + frac_digits.len());
    digits.push_str(int_digits);
    digits.push_str(frac_digits);
    let decimals = frac_digits.len() as i64 - exponent;
    let tolerated = if has_exp {
        decimals > 2
    } else {
        !point || frac_digits.len() > 2 || int_digits.len() > 6
    };
    let sig = digits.trim_start_matches('0');
    if sig.is_empty() {
        return DecimalRead::Ok(0, tolerated);
    }
    let k = sig.len() as i64;
    // sig × 10^(−decimals) >= 10^13  <=>  k − 1 − decimals >= 13.
    if k - 1 - decimals >= 13 {
        return DecimalRead::Range;
    }
    let shift = 2 - decimals;
    let h: i64 = if shift >= 0 {
        let base: i64 = sig.parse().unwrap_or(0);
        base * 10i64.pow(shift as u32)
    } else {
        let drop = (-shift) as usize;
        let (kept, first_dropped) = if drop > sig.len() {
            (0, b'0')
        } else {
            let kept = &sig[..sig.len() - drop];
            (kept.parse().unwrap_or(0), sig.as_bytes()[sig.len() - drop])
        };
        kept + i64::from(first_dropped >= b'5')
    };
    if h >= 1_000_000_000_000_000 {
        return DecimalRead::Range;
    }
    DecimalRead::Ok(if neg { -h } else { h }, tolerated)
}

fn decimal(field: &Field, d: &mut Diagnostics) -> Option<i64> {
    let name = &field.name;
    let pos = field.value_pos();
    let text = field.unfolded();
    let text = text.trim();
    match read_decimal(text) {
        DecimalRead::Ok(h, tolerated) => {
            if tolerated {
                d.push(
                    Code::W304,
                    pos,
                    format!(
                        "{name}: {text:?} read as {}; write it that way",
                        decimal_text(h)
                    ),
                );
            }
            Some(h)
        }
        DecimalRead::Syntax => {
            d.push(
                Code::E205,
                pos,
                format!("{name}: {text:?} is not a decimal number (like 79.10 or 1.25e7)"),
            );
            None
        }
        DecimalRead::Range => {
            d.push(
                Code::E209,
                pos,
                format!("{name}: {text:?} is out of range (magnitude below 1e13)"),
            );
            None
        }
    }
}

fn arcs(field: &Field, d: &mut Diagnostics) -> Option<Vec<Arc>> {
    let name = &field.name;
    let mut out: Vec<Arc> = Vec::new();
    let mut ok = true;
    for (tok, pos) in tokens(field) {
        let arc = if tok.len() == 1 {
            tok.chars().next().and_then(Arc::from_letter)
        } else {
            None
        };
        match arc {
            Some(a) if out.contains(&a) => d.push(
                Code::W306,
                pos,
                format!("{name}: arc {tok} given twice (counted once)"),
            ),
            Some(a) => out.push(a),
            None => {
                ok = false;
                d.push(
                    Code::E205,
                    pos,
                    format!("{name}: {tok:?} is not an arc; use F, P, S or A separated by spaces"),
                );
            }
        }
    }
    if out.is_empty() && ok {
        d.push(
            Code::E205,
            field.value_pos(),
            format!("{name}: no arc given; list one or more of F, P, S, A"),
        );
        return None;
    }
    ok.then_some(out)
}

/// Reads one box character: `Some(true)` checked, `Some(false)` open.
fn box_char(c: u8) -> Option<bool> {
    match c {
        b'-' => Some(true),
        b'O' | b'o' | b'0' => Some(false),
        _ => None,
    }
}

/// Walks the box characters of a field, reporting bad characters (E205)
/// and the first digit zero (W304, §11.8). Calls `each(token_index, box)`.
fn walk_boxes(field: &Field, d: &mut Diagnostics, mut each: impl FnMut(usize, bool)) -> bool {
    let name = &field.name;
    let mut ok = true;
    let mut zero_reported = false;
    for (t, (tok, pos)) in tokens(field).enumerate() {
        for (i, c) in tok.bytes().enumerate() {
            match box_char(c) {
                Some(b) => {
                    if c == b'0' && !zero_reported {
                        zero_reported = true;
                        d.push(
                            Code::W304,
                            pos.right(i),
                            format!("{name}: digit 0 read as the letter O; write O"),
                        );
                    }
                    each(t, b);
                }
                None => {
                    ok = false;
                    d.push(
                        Code::E205,
                        pos.right(i),
                        format!(
                            "{name}: {:?} is not a check box; use O (open) or - (checked)",
                            c as char
                        ),
                    );
                }
            }
        }
    }
    ok
}

fn boxes(field: &Field, min: usize, max: usize, d: &mut Diagnostics) -> Option<Vec<bool>> {
    let mut out = Vec::new();
    if !walk_boxes(field, d, |_, b| out.push(b)) {
        return None;
    }
    if out.len() < min || out.len() > max {
        d.push(
            Code::E209,
            field.value_pos(),
            format!(
                "{}: {} boxes; expected {min} to {max}",
                field.name,
                out.len()
            ),
        );
        return None;
    }
    Some(out)
}

fn track(field: &Field, d: &mut Diagnostics) -> Option<DamageTrack> {
    let mut rows: Vec<u32> = Vec::new();
    let mut checked = 0u32;
    let mut seen_open = false;
    let mut disorder = false;
    let mut last_token = usize::MAX;
    let ok = walk_boxes(field, d, |t, b| {
        if t != last_token {
            rows.push(0);
            last_token = t;
        }
        if let Some(r) = rows.last_mut() {
            *r += 1;
        }
        if b {
            checked += 1;
            disorder |= seen_open;
        } else {
            seen_open = true;
        }
    });
    if !ok {
        return None;
    }
    if rows.is_empty() {
        d.push(
            Code::E205,
            field.value_pos(),
            format!("{}: empty damage track; write rows of O and -", field.name),
        );
        return None;
    }
    if disorder {
        d.push(
            Code::W311,
            field.value_pos(),
            format!(
                "{}: an open box comes before a checked one; damage fills from the left, so the track is read as {checked} points lost",
                field.name
            ),
        );
    }
    let mut line_rows: Vec<u32> = field
        .fragments
        .iter()
        .map(|f| {
            let one = Field {
                name: String::new(),
                pos: f.pos,
                fragments: vec![f.clone()],
            };
            tokens(&one).count() as u32
        })
        .filter(|&n| n > 0)
        .collect();
    if line_rows.is_empty() {
        line_rows.push(rows.len() as u32);
    }
    Some(DamageTrack {
        rows,
        checked,
        line_rows,
    })
}

fn status(field: &Field, d: &mut Diagnostics) -> Option<Status> {
    let name = &field.name;
    let mut s = Status::default();
    let mut ok = true;
    let mut any = false;
    for (tok, pos) in tokens(field) {
        any = true;
        let w = tok.to_ascii_lowercase();
        // (group, word as it reads) — groups: 0 activity, 1 launch, 2 damage.
        let (group, canon): (usize, &str) = match w.as_str() {
            "active" => (0, "Active"),
            "inactive" => (0, "Inactive"),
            "launched" => (1, "Launched"),
            "docked" => (1, "Docked"),
            "damaged" => (2, "Damaged"),
            "repaired" => (2, "Repaired"),
            "destroyed" => (2, "Destroyed"),
            _ => {
                ok = false;
                d.push(
                    Code::E205,
                    pos,
                    format!("{name}: {tok:?} is not a status word (Active, Inactive, Launched, Docked, Damaged, Repaired, Destroyed)"),
                );
                continue;
            }
        };
        let current = match group {
            0 => s.activity.map(|a| format!("{a:?}")),
            1 => s.launch.map(|a| format!("{a:?}")),
            _ => s.damage.map(|a| format!("{a:?}")),
        };
        match current {
            Some(c) if c == canon => {
                d.push(
                    Code::W306,
                    pos,
                    format!("{name}: {canon} given twice (meaningless)"),
                );
                continue;
            }
            Some(c) => {
                ok = false;
                d.push(
                    Code::E210,
                    pos,
                    format!("{name}: {canon} contradicts {c}; keep one of them"),
                );
                continue;
            }
            None => {}
        }
        match canon {
            "Active" => s.activity = Some(Activity::Active),
            "Inactive" => s.activity = Some(Activity::Inactive),
            "Launched" => s.launch = Some(Launch::Launched),
            "Docked" => s.launch = Some(Launch::Docked),
            "Damaged" => s.damage = Some(DamageStatus::Damaged),
            "Repaired" => s.damage = Some(DamageStatus::Repaired),
            _ => s.damage = Some(DamageStatus::Destroyed),
        }
    }
    if !any {
        d.push(
            Code::E205,
            field.value_pos(),
            format!("{name}: empty status; give at least one status word"),
        );
        return None;
    }
    ok.then_some(s)
}

/// Reads one move element (spec §3.9), or says what is wrong with it.
pub fn move_element(tok: &str) -> Result<MoveElement, String> {
    let b = tok.as_bytes();
    let digits_ok = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    let number = |s: &str| -> Result<u32, String> {
        let t = s.trim_start_matches('0');
        if t.len() > 6 {
            Err(format!("{tok:?} is too large"))
        } else {
            Ok(t.parse().unwrap_or(0))
        }
    };
    match (b.first(), b.last()) {
        (Some(b'+' | b'-'), _) if digits_ok(&tok[1..]) => {
            let n = i64::from(number(&tok[1..])?);
            Ok(MoveElement::Accelerate(if b[0] == b'-' { -n } else { n }))
        }
        (_, Some(b'S' | b's')) if digits_ok(&tok[..tok.len() - 1]) => {
            Ok(MoveElement::Starboard(number(&tok[..tok.len() - 1])?))
        }
        (_, Some(b'P' | b'p')) if digits_ok(&tok[..tok.len() - 1]) => {
            Ok(MoveElement::Port(number(&tok[..tok.len() - 1])?))
        }
        (Some(c @ (b'P' | b'p' | b'S' | b's')), _) if digits_ok(&tok[1..]) => Err(format!(
            "{tok:?} is the rulebook form; write {}{}",
            &tok[1..],
            (*c as char).to_ascii_uppercase()
        )),
        _ => Err(format!(
            "{tok:?} is not a move element; use +n or -n to change speed, nS or nP to turn"
        )),
    }
}

fn move_order(field: &Field, d: &mut Diagnostics) -> Option<Vec<MoveElement>> {
    let mut out = Vec::new();
    let mut ok = true;
    for (tok, pos) in tokens(field) {
        match move_element(tok) {
            Ok(e) => out.push(e),
            Err(msg) => {
                ok = false;
                d.push(Code::E205, pos, format!("{}: {msg}", field.name));
            }
        }
    }
    ok.then_some(out)
}

/// The tolerated `Extent` of §4.1: empty (dropped) or four numbers (W304).
/// Returns the four bounds as a `Value::Text` of canonical decimals, which
/// the validator turns into bound fields.
fn extent(field: &Field, d: &mut Diagnostics) -> Option<Value> {
    let toks: Vec<(&str, Pos)> = tokens(field).collect();
    if toks.is_empty() {
        return Some(Value::Text(Vec::new()));
    }
    let nums: Vec<i64> = toks
        .iter()
        .filter_map(|(t, _)| match read_decimal(t) {
            DecimalRead::Ok(h, _) => Some(h),
            _ => None,
        })
        .collect();
    if toks.len() != 4 || nums.len() != 4 {
        d.push(
            Code::E205,
            field.value_pos(),
            "Extent: expected four numbers (low-x low-y high-x high-y); better, write Low-X, Low-Y, High-X and High-Y fields",
        );
        return None;
    }
    d.push(
        Code::W304,
        field.value_pos(),
        "Extent with four numbers read as Low-X, Low-Y, High-X, High-Y; write those fields instead",
    );
    Some(Value::Text(nums.iter().map(|&h| decimal_text(h)).collect()))
}
