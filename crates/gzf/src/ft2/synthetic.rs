//! A generator of large, valid FT2 files for benchmarks and whole-process
//! timings (BENCHMARKS.md). Deterministic, so figures are comparable.
//!
//! It lives in the library (not in a bench) so that the `cargo bench`
//! target and the `gen_ft2` example that feeds `orderly gzf check` time
//! exactly the same kind of input.

use std::fmt::Write;

/// A valid FT2 file of at least `target_bytes` bytes: a header, a
/// scenario, two fleets, then ships with their systems, with a fighter
/// group and a terrain object every few ships. Names are unique.
pub fn synthetic_file(target_bytes: usize) -> String {
    let mut s = String::with_capacity(target_bytes + 4096);
    s.push_str("GZF-Version:  1.0\r\nProfile:      FT2\r\n\r\n");
    s.push_str("Scenario:  Synthetic\r\nTurn:      3\r\nLow-X:     -5000.00\r\nLow-Y:     -5000.00\r\nHigh-X:    5000.00\r\nHigh-Y:    5000.00\r\n\r\n");
    s.push_str("Fleet:    Blue\r\nAdmiral:  B. Admiral\r\nMorale:   90%\r\n\r\n");
    s.push_str("Fleet:    Red\r\nAdmiral:  R. Admiral\r\nMorale:   75%\r\n");
    let mut n: u64 = 0;
    while s.len() < target_bytes {
        n += 1;
        let fleet = if n.is_multiple_of(2) { "Blue" } else { "Red" };
        let x = (n * 7919 % 900_000) as i64 - 450_000;
        let y = (n * 104_729 % 900_000) as i64 - 450_000;
        let _ = write!(
            s,
            "\r\nShip:           SS Synthetic {n}\r\nClass:          Light Cruiser\r\nHull-Class:     Cruiser\r\nHull-Type:      Military\r\nFleet:          {fleet}\r\nCourse:         {}\r\nVelocity:       {}\r\nPosition-X:     {}.{:02}\r\nPosition-Y:     {}.{:02}\r\nMove:           1S +2\r\nThrust-Rating:  6\r\nDamage-Track:   --OO OOOO OOOO\r\nLog:            Turn 1: launched from the yards\r\n                Turn 2: engaged the enemy\r\n",
            n % 12 + 1,
            n % 20,
            x / 100,
            x.unsigned_abs() % 100,
            y / 100,
            y.unsigned_abs() % 100,
        );
        s.push_str("\r\nSystem:      A Battery\r\nFiring-Arc:  F P S\r\nOrders:      Fire at SS Synthetic 1\r\n");
        s.push_str(
            "\r\nSystem:      B Battery\r\nFiring-Arc:  F P A\r\nStatus:      Active Damaged\r\n",
        );
        s.push_str("\r\nSystem:  FireCon\r\n\r\nSystem:  Screen Generator\r\n");
        if n.is_multiple_of(8) {
            let _ = write!(
                s,
                "\r\nFighter-Group:  Wing {n}\r\nCraft:          O O O O - -\r\nPosition-X:     1.50\r\nPosition-Y:     -2.25\r\nCourse:         11\r\nVelocity:       12\r\nFighter-Type:   Heavy Attack\r\nEndurance:      O O -\r\nCarrier:        SS Synthetic {n}\r\n"
            );
        }
        if n.is_multiple_of(16) {
            let _ = write!(
                s,
                "\r\nTerrain:     Rock {n}\r\nType:        Asteroid\r\nPosition-X:  {}.00\r\nPosition-Y:  12.50\r\nDiameter:    3.00\r\n",
                n % 1000
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn synthetic_file_is_valid_and_canonical() {
        let text = super::synthetic_file(20_000);
        assert!(text.len() >= 20_000);
        let read = crate::ft2::read(text.as_bytes()).unwrap();
        assert!(read.diagnostics.is_empty(), "{:?}", &read.diagnostics[..1]);
        assert_eq!(read.file.to_canonical(), text);
    }
}
