//! Decimal numbers (spec §3.3, §11.17): float and efloat forms read
//! exactly into hundredths of an MU, on the digit string, so rounding is
//! exact and half away from zero.

use crate::diag::{Code, Diagnostics};
use crate::ft2::values::decimal_text;
use crate::syntax::Field;

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
    // The digits are read in place (integer part, then fraction).
    let digits = || int_digits.bytes().chain(frac_digits.bytes());
    let decimals = frac_digits.len() as i64 - exponent;
    let tolerated = if has_exp {
        decimals > 2
    } else {
        !point || frac_digits.len() > 2 || int_digits.len() > 6
    };
    let zeros = digits().take_while(|&c| c == b'0').count();
    let sig_len = int_digits.len() + frac_digits.len() - zeros;
    if sig_len == 0 {
        return DecimalRead::Ok(0, tolerated);
    }
    // The first `n` significant digits as a number (n < 17 below, so it
    // cannot overflow).
    let leading = |n: usize| {
        digits()
            .skip(zeros)
            .take(n)
            .fold(0i64, |acc, c| acc * 10 + i64::from(c - b'0'))
    };
    let k = sig_len as i64;
    // sig × 10^(−decimals) >= 10^13  <=>  k − 1 − decimals >= 13.
    if k - 1 - decimals >= 13 {
        return DecimalRead::Range;
    }
    let shift = 2 - decimals;
    let h: i64 = if shift >= 0 {
        leading(sig_len) * 10i64.pow(shift as u32)
    } else {
        let drop = (-shift) as usize;
        let (kept, first_dropped) = if drop > sig_len {
            (0, b'0')
        } else {
            let first_dropped = digits().nth(zeros + sig_len - drop).unwrap_or(b'0');
            (leading(sig_len - drop), first_dropped)
        };
        kept + i64::from(first_dropped >= b'5')
    };
    if h >= 1_000_000_000_000_000 {
        return DecimalRead::Range;
    }
    DecimalRead::Ok(if neg { -h } else { h }, tolerated)
}

pub(super) fn decimal(field: &Field, d: &mut Diagnostics) -> Option<i64> {
    let name = &field.name;
    let pos = field.value_pos();
    let unfolded;
    let text = match field.fragments.as_slice() {
        [one] => one.text.trim(),
        _ => {
            unfolded = field.unfolded();
            unfolded.trim()
        }
    };
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

#[cfg(test)]
mod tests {
    use super::{read_decimal, DecimalRead};

    fn hundredths(text: &str) -> i64 {
        match read_decimal(text) {
            DecimalRead::Ok(h, _) => h,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn digits_are_read_in_place_and_rounded_half_away_from_zero() {
        for (text, want) in [
            ("0.005", 1),
            ("0.0049", 0),
            ("1.995", 200),
            ("-1.995", -200),
            ("000.125", 13),
            ("0.00", 0),
            ("79.10", 7910),
            ("12.3e2", 123_000),
            ("1.5e-3", 0),
            ("5.0e-3", 1),
            ("9.99999e5", 99_999_900),
            ("123456789012.34", 12_345_678_901_234),
        ] {
            assert_eq!(hundredths(text), want, "{text}");
        }
        assert_eq!(read_decimal("1.0e13"), DecimalRead::Range);
        assert_eq!(read_decimal("x"), DecimalRead::Syntax);
    }
}
