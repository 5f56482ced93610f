//! The browser client of `orderly serve`: the lobby (games, creating one,
//! join links), playing a seat by clicking (the board is the host's SVG,
//! inserted inline so its `data-kind`/`data-id`/`data-owner` elements can be
//! clicked), live events, and the replay of any record.
//!
//! The client is plain ES modules and CSS in `assets/`, with no build step:
//! [`ASSETS`] embeds them in the binary with `include_bytes!`, and
//! [`router`] serves them (`/` is `index.html`). Every response carries its
//! content type, `X-Content-Type-Options: nosniff`, `Cache-Control: no-cache`
//! and an `ETag` (a hash of the bytes, computed at compile time), so a
//! browser revalidates cheaply (`304`) and never runs a stale client after
//! the binary changes. `index.html` also carries a Content-Security-Policy
//! that allows only this origin.
//!
//! This crate knows no game and no API: the host mounts [`router`] beside
//! its `/api` routes.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

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
    asset!("/replay.js", "replay.js", JS),
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

fn serve(asset: &'static Asset, headers: &HeaderMap) -> Response {
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == asset.etag || t.trim() == "*")
        });
    let mut resp = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static(asset.content_type),
            )],
            asset.body,
        )
            .into_response()
    };
    let h = resp.headers_mut();
    h.insert(header::ETAG, HeaderValue::from_static(asset.etag));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if asset.path == "/" {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
        h.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        );
    }
    resp
}

/// The client's routes (`GET` and `HEAD` of every asset), for any router
/// state; the host merges them beside its API.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new();
    for a in ASSETS {
        router = router.route(
            a.path,
            get(move |headers: HeaderMap| async move { serve(a, &headers) }),
        );
    }
    router
}

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
