//! Tokens: seat tokens and game ids are random (from the operating system's
//! generator), and only a token's SHA-256 is ever stored, so a leaked
//! database does not let anyone play a seat.

use sha2::{Digest, Sha256};

/// A fresh random token: 32 bytes as 64 lower-case hex digits.
pub fn new_token() -> String {
    random_hex(32)
}

/// A fresh game id: 8 random bytes as hex (ids are public; they only need to
/// be unique).
pub fn new_game_id() -> String {
    random_hex(8)
}

/// Whether `id` could be a game id: a short plain word (letters, digits,
/// `-`, `_`). Anything else is no game, and never names a folder.
pub fn is_game_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system's random generator works");
    hex(&buf)
}

/// The stored form of a token.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Compares two hashes without stopping at the first difference, so timing
/// tells nothing about how close a guess was.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// The token of an `Authorization: Bearer <token>` header value. The
/// scheme's name is case-insensitive and followed by one or more spaces
/// (RFC 9110 11.4, 11.6.2).
pub fn bearer(header: &str) -> Option<&str> {
    let header = header.trim_start_matches([' ', '\t']);
    let (scheme, rest) = header.split_once([' ', '\t'])?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    let t = rest.trim();
    (!t.is_empty() && !t.contains([' ', '\t'])).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashes_stable() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), hash_token(&b));
        assert!(same_hash(&hash_token(&a), &hash_token(&a)));
        assert!(!same_hash(&hash_token(&a), &hash_token(&b)));
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn bearer_parsing() {
        assert_eq!(bearer("Bearer xyz"), Some("xyz"));
        assert_eq!(bearer("bearer xyz"), Some("xyz"));
        assert_eq!(bearer("BEARER   xyz "), Some("xyz"));
        assert_eq!(bearer("Bearer "), None);
        assert_eq!(bearer("Bearer"), None);
        assert_eq!(bearer("Bearerxyz"), None);
        assert_eq!(bearer("Bearer x y"), None);
        assert_eq!(bearer("Basic xyz"), None);
    }
}
