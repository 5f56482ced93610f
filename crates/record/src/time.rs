//! Timestamps in the record's DateTime form (`2019-04-05T17:03:12.345Z`, spec
//! 1.1). The crate reads no clock: callers pass the time, so records built in
//! tests and replays are reproducible.

/// Formats milliseconds since the Unix epoch as ISO 8601 UTC with milliseconds.
pub fn iso8601_from_unix_millis(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let millis = ms.rem_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The current time in the record's form.
pub fn now_iso8601() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    iso8601_from_unix_millis(ms)
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// True when `s` has the simplified extended ISO 8601 form JavaScript's
/// `toISOString` writes (`YYYY-MM-DDTHH:MM:SS.sssZ`).
pub fn is_iso8601(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 24 {
        return false;
    }
    b.iter().enumerate().all(|(i, &c)| match i {
        4 | 7 => c == b'-',
        10 => c == b'T',
        13 | 16 => c == b':',
        19 => c == b'.',
        23 => c == b'Z',
        _ => c.is_ascii_digit(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(iso8601_from_unix_millis(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            iso8601_from_unix_millis(1_554_483_792_345),
            "2019-04-05T17:03:12.345Z"
        );
        assert_eq!(
            iso8601_from_unix_millis(951_782_400_000),
            "2000-02-29T00:00:00.000Z"
        );
    }

    #[test]
    fn recognises_the_form() {
        assert!(is_iso8601("2019-04-05T17:03:12.345Z"));
        assert!(!is_iso8601("2019-04-05 17:03:12"));
        assert!(is_iso8601(&now_iso8601()));
    }
}
