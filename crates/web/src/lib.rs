//! The browser client of `orderly serve`: the lobby (games, creating one,
//! join links), playing a seat by clicking (the board is the host's SVG,
//! inserted inline so its `data-kind`/`data-id`/`data-owner` elements can be
//! clicked), live events, and the replay of any record.
//!
//! The client is plain ES modules and CSS in `assets/`, with no build step:
//! [`ASSETS`] embeds them in the binary with `include_bytes!`, and
//! [`serve`] says how to answer a request for one (`/` is `index.html`);
//! the host, the only crate that knows HTTP, builds the routes. Every response carries its
//! content type, `X-Content-Type-Options: nosniff`, `Cache-Control: no-cache`
//! and an `ETag` (a hash of the bytes, computed at compile time), so a
//! browser revalidates cheaply (`304`) and never runs a stale client after
//! the binary changes. `index.html` also carries a Content-Security-Policy
//! that allows only this origin.
//!
//! This crate knows no game, no API and no HTTP framework. The per-ruleset
//! parts of the client (each ruleset's controller, the ES module that turns
//! clicks into its orders, and its guide for players) come from the
//! rulesets' plug-ins; the host serves them at
//! `/rulesets/{name}/controller.js` and `/rulesets/{name}/guide.html`, and
//! `orders.js` loads a game's controller from there.

/// One file of the client.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// The URL path it is served at.
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
    /// The strong entity tag of `body`, quotes included.
    pub etag: &'static str,
}

const JS: &str = "text/javascript; charset=utf-8";

/// FNV-1a, 64 bits: a content hash for entity tags (not for security).
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// `"<16 hex digits>"`, built at compile time.
const fn etag_bytes(bytes: &[u8]) -> [u8; 18] {
    let hash = fnv1a(bytes);
    let digits = b"0123456789abcdef";
    let mut out = [b'"'; 18];
    let mut i = 0;
    while i < 16 {
        out[1 + i] = digits[((hash >> (60 - 4 * i)) & 0xf) as usize];
        i += 1;
    }
    out
}

macro_rules! asset {
    ($path:literal, $file:literal, $ct:expr) => {{
        const BODY: &[u8] = include_bytes!(concat!("../assets/", $file));
        const TAG: [u8; 18] = etag_bytes(BODY);
        Asset {
            path: $path,
            content_type: $ct,
            body: BODY,
            etag: match std::str::from_utf8(&TAG) {
                Ok(s) => s,
                Err(_) => panic!("entity tags are ASCII"),
            },
        }
    }};
}

/// Every file of the client, by the path it is served at.
pub const ASSETS: &[Asset] = &[
    asset!("/", "index.html", "text/html; charset=utf-8"),
    asset!("/app.css", "app.css", "text/css; charset=utf-8"),
    asset!("/favicon.svg", "favicon.svg", "image/svg+xml"),
    asset!("/app.js", "app.js", JS),
    asset!("/api.js", "api.js", JS),
    asset!("/dom.js", "dom.js", JS),
    asset!("/store.js", "store.js", JS),
    asset!("/board.js", "board.js", JS),
    asset!("/lobby.js", "lobby.js", JS),
    asset!("/play.js", "play.js", JS),
    asset!("/orders.js", "orders.js", JS),
    asset!("/stream.js", "stream.js", JS),
    asset!("/replay.js", "replay.js", JS),
    asset!("/table.js", "table.js", JS),
    asset!("/zoom.js", "zoom.js", JS),
];

/// The policy of the page: scripts, styles, images and requests from this
/// origin only; no inline script or style (the boards' SVG uses
/// presentation attributes, which the policy does not govern).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/// The asset served at `path`, if any.
pub fn asset(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}

/// The entity tag of `bytes` (quotes included), for files only known at
/// run time, such as the rulesets' controllers.
pub fn etag(bytes: &[u8]) -> String {
    String::from_utf8(etag_bytes(bytes).to_vec()).expect("entity tags are ASCII")
}

/// What to answer to a `GET` or `HEAD` of a file, independent of any HTTP
/// framework: the host turns it into its response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// 200, or 304 when the client's copy is current.
    pub status: u16,
    /// Header names (lower case) and values.
    pub headers: Vec<(&'static str, String)>,
    /// Empty for a 304.
    pub body: &'static [u8],
}

/// The answer for a file with this content type, body and entity tag, to
/// a request whose `If-None-Match` header is `if_none_match`. Every answer
/// carries the type, `Cache-Control: no-cache`, `nosniff` and the tag; the
/// page itself (`/`) also carries the Content-Security-Policy and a
/// referrer policy.
pub fn respond(
    path: &str,
    content_type: &'static str,
    body: &'static [u8],
    etag: &str,
    if_none_match: Option<&str>,
) -> Reply {
    let fresh = if_none_match.is_some_and(|v| {
        v.split(',')
            .any(|t| t.trim().trim_start_matches("W/") == etag || t.trim() == "*")
    });
    let mut headers = vec![
        ("content-type", content_type.to_string()),
        ("etag", etag.to_string()),
        ("cache-control", "no-cache".to_string()),
        ("x-content-type-options", "nosniff".to_string()),
    ];
    if path == "/" {
        headers.push((
            "content-security-policy",
            CONTENT_SECURITY_POLICY.to_string(),
        ));
        headers.push(("referrer-policy", "no-referrer".to_string()));
    }
    if fresh {
        Reply {
            status: 304,
            headers,
            body: &[],
        }
    } else {
        Reply {
            status: 200,
            headers,
            body,
        }
    }
}

/// [`respond`] for one of the client's own files.
pub fn serve(asset: &Asset, if_none_match: Option<&str>) -> Reply {
    respond(
        asset.path,
        asset.content_type,
        asset.body,
        asset.etag,
        if_none_match,
    )
}

/// The content type of JavaScript modules.
pub const JAVASCRIPT: &str = JS;
/// The content type of HTML (the rulesets' guides are fragments of it).
pub const HTML: &str = "text/html; charset=utf-8";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_tags_differ_with_content() {
        assert_ne!(etag_bytes(b"a"), etag_bytes(b"b"));
        assert_eq!(etag_bytes(b"").len(), 18);
        // The published FNV-1a 64 value of "a".
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn paths_are_unique() {
        for (i, a) in ASSETS.iter().enumerate() {
            assert!(
                ASSETS[i + 1..].iter().all(|b| b.path != a.path),
                "{} twice",
                a.path
            );
        }
    }
}
