//! The answers the HTTP framework gives on its own, in the host's one error
//! shape (`{"error": ..., "details": [...]}`, `api.rs`), so that a client
//! never meets an empty or plain-text error.
//!
//! Two places make such answers:
//!
//! * axum, inside the router: 405 for a method a route does not take,
//!   rejections of extractors (a path that is not UTF-8 once decoded, a
//!   body over the limit) and the web client's own 404s. [`json_errors`]
//!   rewrites every error response that is not JSON yet, keeping its status
//!   and headers (`Allow` on a 405).
//! * hyper, after a route answered without reading the request's body (a
//!   405, a 404, a missing token): it drains what has already arrived and,
//!   if the rest is still on its way, closes the connection without a word,
//!   so a client that reuses it is cut off. [`read_body_first`] reads every
//!   body (within the body limit) before any route runs, so the connection
//!   always stays usable; a body over the limit is answered 413 with
//!   `connection: close`.
//! * hyper, before any route runs, when a request is not HTTP it can read:
//!   an address over 64 KiB (414), headers too large (431), a malformed
//!   request (400). It writes a bodiless response and closes the
//!   connection. [`Listener`] wraps every connection so that such a
//!   response is replaced on its way out by the same status with a JSON
//!   body. Only a response head with `content-length: 0` and a 4xx/5xx
//!   status is touched: every error the host itself answers has a body.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::{Body, HttpBody};
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::error::{Detail, ErrorKind, HostError};

/// The largest plain-text error body taken over as the error's message.
const MAX_TEXT: usize = 4096;

/// The error's message for a status the framework answered on its own.
fn message(status: StatusCode) -> String {
    match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            "this address does not take that method (see the Allow header)".into()
        }
        StatusCode::NOT_FOUND => "no such endpoint".into(),
        StatusCode::URI_TOO_LONG => "the request's address is too long".into(),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "the request's headers are too large".into(),
        StatusCode::BAD_REQUEST => "the request is not valid HTTP/1.1".into(),
        StatusCode::PAYLOAD_TOO_LARGE => "the request body is too large".into(),
        s => s
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_string(),
    }
}

fn error_body(status: StatusCode, text: Option<String>) -> String {
    let error = match text {
        Some(t) if !t.trim().is_empty() => t.trim().to_string(),
        _ => message(status),
    };
    json!({"error": error, "details": []}).to_string()
}

/// Turns an error response of the framework (not JSON) into the host's
/// error shape; anything else passes unchanged.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("application/json"));
    if status.as_u16() < 400 || is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_TEXT)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok());
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, Body::from(error_body(status, text)))
}

/// Reads the request's whole body, at most `limit` bytes, before the
/// router sees the request (module doc: an early answer must not leave
/// part of a body unread). A body over the limit is answered here.
pub async fn read_body_first(limit: usize, request: Request, next: Next) -> Response {
    if request.body().size_hint().exact() == Some(0) {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    match axum::body::to_bytes(body, limit).await {
        Ok(bytes) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(e) => {
            let too_large = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
            let error = if too_large {
                HostError::new(ErrorKind::TooLarge, "the request body is too large").with_details(
                    vec![Detail::field(
                        "body",
                        format!(
                            "this server takes bodies of at most {limit} bytes (its \
                             operator sets that with `orderly serve --body-limit`): send less"
                        ),
                    )],
                )
            } else {
                HostError::bad_request(format!("the request body cannot be read: {e}"))
            };
            let mut response = error.into_response();
            // The rest of the body is unread: the connection cannot go on.
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            response
        }
    }
}

/// A TCP listener whose connections answer hyper's own errors in the
/// host's error shape (and send small writes at once: `TCP_NODELAY`).
pub struct Listener(pub TcpListener);

impl axum::serve::Listener for Listener {
    type Io = Connection;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Connection, std::net::SocketAddr) {
        loop {
            match self.0.accept().await {
                Ok((stream, addr)) => {
                    let _ = stream.set_nodelay(true);
                    return (
                        Connection {
                            inner: stream,
                            pending: Vec::new(),
                        },
                        addr,
                    );
                }
                // Out of file descriptors and the like: wait, do not spin.
                Err(e) => {
                    tracing::warn!("accepting a connection failed: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<std::net::SocketAddr> {
        self.0.local_addr()
    }
}

/// One connection; see the module doc.
pub struct Connection {
    inner: TcpStream,
    /// A replacement response still to be written.
    pending: Vec<u8>,
}

/// The JSON answer replacing `head`, when it is a bodiless 4xx/5xx head
/// written by hyper itself.
fn replacement(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    if !text.ends_with("\r\n\r\n") {
        return None;
    }
    let rest = text.strip_prefix("HTTP/1.1 ")?;
    let code: u16 = rest.get(..3)?.parse().ok()?;
    if code < 400 {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if !lower.contains("\r\ncontent-length: 0\r\n") || lower.contains("\r\ncontent-type:") {
        return None;
    }
    let status = StatusCode::from_u16(code).ok()?;
    let body = error_body(status, None);
    Some(
        format!(
            "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            status.as_u16(),
            status.canonical_reason().unwrap_or(""),
            body.len()
        )
        .into_bytes(),
    )
}

impl Connection {
    /// Writes what is left of a replacement; ready when nothing is.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            match Pin::new(&mut self.inner).poll_write(cx, &self.pending) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    self.pending.drain(..n);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        match this.drain(cx) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
            Poll::Pending => return Poll::Pending,
        }
        if let Some(answer) = replacement(buf) {
            this.pending = answer;
            // The whole head counts as written; the answer goes out with
            // the flush that follows (or the next write).
            let _ = this.drain(cx);
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match this.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.inner).poll_flush(cx),
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match this.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.inner).poll_shutdown(cx),
            other => other,
        }
    }

    fn is_write_vectored(&self) -> bool {
        // One buffer per write, so a response head is seen whole.
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_bodiless_error_heads_are_replaced() {
        let head = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let r = String::from_utf8(replacement(head).unwrap()).unwrap();
        assert!(r.starts_with("HTTP/1.1 414 URI Too Long\r\ncontent-type: application/json\r\n"));
        assert!(r.ends_with("{\"error\":\"the request's address is too long\",\"details\":[]}"));
        assert!(replacement(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(replacement(b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(replacement(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n").is_none());
        assert!(replacement(b"{\"error\": 1}").is_none());
    }
}
