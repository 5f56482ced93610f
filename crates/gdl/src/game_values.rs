//! How the game later reads two kinds of stored values: interpolation lists
//! (gdl spec 3.8) and 16-bit dice specs (spec 3.9). Reading stores both as
//! they are; these functions give them meaning for callers and tests.

use crate::value::Value;

/// The result of looking a value up in an interpolation list (spec 3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interpolated {
    Below,
    Above,
    Value(i32),
}

/// Looks `v` up in a list of `(x y)` pairs with ascending `x` (spec 3.8).
/// Pairs that are not two numbers count as `(0 0)`.
pub fn interpolate(list: &Value, v: i32) -> Interpolated {
    let pair = |p: &Value| -> (i32, i32) {
        let items = p.items();
        let n = |i: usize| items.get(i).and_then(Value::as_numeric).unwrap_or(0);
        (n(0), n(1))
    };
    let pairs: Vec<(i32, i32)> = list.items().iter().map(pair).collect();
    match pairs.as_slice() {
        [] => Interpolated::Below,
        [(x, y)] => match v.cmp(x) {
            std::cmp::Ordering::Equal => Interpolated::Value(*y),
            std::cmp::Ordering::Less => Interpolated::Below,
            std::cmp::Ordering::Greater => Interpolated::Above,
        },
        _ => {
            for w in pairs.windows(2) {
                let ((x1, y1), (x2, y2)) = (w[0], w[1]);
                if v < x1 {
                    return Interpolated::Below;
                }
                if v <= x2 {
                    if v == x1 {
                        return Interpolated::Value(y1);
                    }
                    if v == x2 {
                        return Interpolated::Value(y2);
                    }
                    let num = i64::from(y2 - y1) * i64::from(v - x1);
                    let den = i64::from(x2 - x1).max(1);
                    return Interpolated::Value(y1.wrapping_add((num / den) as i32));
                }
            }
            Interpolated::Above
        }
    }
}

/// A decoded 16-bit dice value (spec 3.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice {
    /// Top bits `00` or `11`: a plain integer.
    Plain(i32),
    /// `count`d`sides`+`offset`; a "negative" spec (top bits `10`) as read by
    /// dice type 1 has the offset −(bits 0–6) − 1.
    Roll { count: i32, sides: i32, offset: i32 },
}

/// Decodes a stored dice value as dice type 1 (spec 3.9).
pub fn decode_dice(raw: i16) -> Dice {
    let bits = raw as u16;
    let count = i32::from((bits >> 11) & 7) + 1;
    let sides = i32::from((bits >> 7) & 15) + 2;
    let low = i32::from(bits & 0x7f);
    match bits >> 14 {
        0b01 => Dice::Roll {
            count,
            sides,
            offset: low,
        },
        0b10 => Dice::Roll {
            count,
            sides,
            offset: -low - 1,
        },
        _ => Dice::Plain(i32::from(raw)),
    }
}
