//! Scalar values: integers (§3.2), clock courses (§3.4), percentages
//! (§3.10).

use crate::diag::{Code, Diagnostics, Pos};

/// An integer >= 0 (spec §3.2: every integer field of FT2 is non-negative).
pub(super) fn int(text: &str, name: &str, pos: Pos, d: &mut Diagnostics) -> Option<i64> {
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

pub(super) fn clock(text: &str, name: &str, pos: Pos, d: &mut Diagnostics) -> Option<u8> {
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

pub(super) fn percent(text: &str, name: &str, pos: Pos, d: &mut Diagnostics) -> Option<i64> {
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
