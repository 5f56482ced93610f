//! The Xconq 7.5 random generator (spec §4.1) and its draw trace.
//!
//! One state `rs` serves everything the kernel draws; it is kept in the game
//! state (D5) and never seeded from anything but the game's seed, so that a
//! replay against the real program is bit-exact. The trace records every draw
//! (site, m, state before, result) when switched on, so that a replay can be
//! compared draw by draw with a fixture's `trace.tsv.xz` (spec §18.1 step 1).

use serde::{Deserialize, Serialize};

/// The modulus of the linear congruential generator.
const MODULUS: i64 = 134_456;

/// One draw, as the trace records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draw {
    /// Which rule drew (a short name such as `search`, `see-chance`).
    pub site: &'static str,
    pub m: i32,
    /// The generator state before the draw.
    pub before: i32,
    pub result: i32,
}

/// The generator: state `rs` in 0..134455, plus an optional trace.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Xrandom {
    pub rs: i32,
    /// Every draw since tracing was switched on (not game state).
    #[serde(skip)]
    pub trace: Option<Vec<Draw>>,
}

impl PartialEq for Xrandom {
    fn eq(&self, other: &Self) -> bool {
        self.rs == other.rs
    }
}

impl Xrandom {
    /// `init_xrandom`: `rs = |seed| mod 100000`.
    pub fn seeded(seed: i64) -> Self {
        Xrandom {
            rs: (seed.unsigned_abs() % 100_000) as i32,
            trace: None,
        }
    }

    /// `xrandom(m)` for m ≥ 1; 0 for a smaller m (the kernel never asks).
    pub fn xrandom(&mut self, site: &'static str, m: i32) -> i32 {
        let before = self.rs;
        self.rs = ((8121 * i64::from(self.rs) + 28411) % MODULUS) as i32;
        let result = if m <= 0 {
            0
        } else {
            (i64::from(m) * i64::from(self.rs) / MODULUS) as i32
        };
        if let Some(trace) = &mut self.trace {
            trace.push(Draw {
                site,
                m,
                before,
                result,
            });
        }
        result
    }

    /// `probability(p)`: no draw when p ≤ 0 or p ≥ 100.
    pub fn probability(&mut self, site: &'static str, p: i32) -> bool {
        if p <= 0 {
            return false;
        }
        if p >= 100 {
            return true;
        }
        self.xrandom(site, 100) < p
    }

    /// `flip_coin()`: `xrandom(257) mod 2`.
    pub fn flip_coin(&mut self, site: &'static str) -> bool {
        self.xrandom(site, 257) % 2 != 0
    }

    /// `random_dir()`.
    pub fn random_dir(&mut self, site: &'static str) -> usize {
        self.xrandom(site, 6) as usize
    }

    /// `prob_fraction(n)`: n/100 plus one with chance n mod 100; draws only
    /// when n mod 100 is not 0.
    pub fn prob_fraction(&mut self, site: &'static str, n: i32) -> i32 {
        n / 100 + i32::from(self.probability(site, n % 100))
    }

    /// A "chance out of 10000" test: always draws (spec §4.1).
    pub fn chance10000(&mut self, site: &'static str, c: i32) -> bool {
        self.xrandom(site, 10_000) < c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_draws_of_seed_3_are_the_fixtures() {
        // intro-scripted-s3's trace: XR 257 3 100, then XR 6 52774 4.
        let mut r = Xrandom::seeded(3);
        assert_eq!(r.xrandom("t", 257), 100);
        assert_eq!(r.rs, 52774);
        assert_eq!(r.xrandom("t", 6), 4);
        assert_eq!(r.rs, 94793);
    }

    #[test]
    fn probability_and_fractions_draw_only_when_needed() {
        let mut r = Xrandom::seeded(11);
        let rs = r.rs;
        assert!(!r.probability("t", 0));
        assert!(r.probability("t", 100));
        assert_eq!(r.prob_fraction("t", 300), 3);
        assert_eq!(r.rs, rs, "no draw so far");
        let f = r.prob_fraction("t", 250);
        assert!(f == 2 || f == 3);
        assert_ne!(r.rs, rs);
        assert_eq!(Xrandom::seeded(-123_456).rs, 23_456);
    }

    #[test]
    fn the_trace_records_state_before_and_result() {
        let mut r = Xrandom::seeded(3);
        r.trace = Some(Vec::new());
        r.flip_coin("coin");
        let t = r.trace.unwrap();
        assert_eq!(
            t,
            vec![Draw {
                site: "coin",
                m: 257,
                before: 3,
                result: 100
            }]
        );
    }
}
