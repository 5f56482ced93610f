//! List values: arcs (§3.5), check boxes (§3.6), damage tracks (§3.7),
//! statuses (§3.8), move orders (§3.9) and the Scenario's `Extent` (§4.1).
//! Each item is reported at its own position.

use super::decimal::{read_decimal, DecimalRead};
use super::tokens;
use crate::diag::{Code, Diagnostics, Pos};
use crate::ft2::values::*;
use crate::syntax::Field;

pub(super) fn arcs(field: &Field, d: &mut Diagnostics) -> Option<Vec<Arc>> {
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

pub(super) fn boxes(
    field: &Field,
    min: usize,
    max: usize,
    d: &mut Diagnostics,
) -> Option<Vec<bool>> {
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

pub(super) fn track(field: &Field, d: &mut Diagnostics) -> Option<DamageTrack> {
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
            // The items on this fragment's line, split as `tokens` splits.
            f.text
                .split([' ', '\t', ','])
                .filter(|t| !t.is_empty())
                .count() as u32
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

pub(super) fn status(field: &Field, d: &mut Diagnostics) -> Option<Status> {
    let name = &field.name;
    let mut s = Status::default();
    let mut ok = true;
    let mut any = false;
    for (tok, pos) in tokens(field) {
        any = true;
        // (group, word as it reads) — groups: 0 activity, 1 launch, 2 damage.
        const WORDS: [(usize, &str); 7] = [
            (0, "Active"),
            (0, "Inactive"),
            (1, "Launched"),
            (1, "Docked"),
            (2, "Damaged"),
            (2, "Repaired"),
            (2, "Destroyed"),
        ];
        let found = WORDS.iter().find(|(_, w)| w.eq_ignore_ascii_case(tok));
        let (group, canon): (usize, &str) = match found {
            Some(&word) => word,
            None => {
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

/// Why a token is not a move element (spec §3.9); its message says what to
/// write instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadMoveElement {
    #[error("{token:?} is too large")]
    TooLarge { token: String },
    #[error("{token:?} is the rulebook form; write {suggestion}")]
    RulebookForm { token: String, suggestion: String },
    #[error("{token:?} is not a move element; use +n or -n to change speed, nS or nP to turn")]
    NotAMove { token: String },
}

/// Reads one move element (spec §3.9), or says what is wrong with it.
pub fn move_element(tok: &str) -> Result<MoveElement, BadMoveElement> {
    let b = tok.as_bytes();
    let digits_ok = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    let number = |s: &str| -> Result<u32, BadMoveElement> {
        let t = s.trim_start_matches('0');
        if t.len() > 6 {
            Err(BadMoveElement::TooLarge {
                token: tok.to_string(),
            })
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
        (Some(c @ (b'P' | b'p' | b'S' | b's')), _) if digits_ok(&tok[1..]) => {
            Err(BadMoveElement::RulebookForm {
                token: tok.to_string(),
                suggestion: format!("{}{}", &tok[1..], (*c as char).to_ascii_uppercase()),
            })
        }
        _ => Err(BadMoveElement::NotAMove {
            token: tok.to_string(),
        }),
    }
}

pub(super) fn move_order(field: &Field, d: &mut Diagnostics) -> Option<Vec<MoveElement>> {
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
pub(super) fn extent(field: &Field, d: &mut Diagnostics) -> Option<Value> {
    let toks: Vec<(&str, Pos)> = tokens(field).collect();
    if toks.is_empty() {
        return Some(Value::Text(TextList::new()));
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
    Some(Value::Text(
        nums.iter()
            .map(|&h| crate::syntax::Text::from(decimal_text(h)))
            .collect(),
    ))
}
