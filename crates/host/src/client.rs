//! A small blocking HTTP/1.1 client for the host's own API over plain HTTP:
//! what `orderly bot --server`, the tests and the load generator speak. It
//! keeps its connection alive between requests and reads server-sent events.
//! Deliberately tiny (no TLS, no redirects): a real deployment puts TLS in a
//! reverse proxy, and the host's clients are its own programs.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// An answer.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    /// Header names lower-cased, in the order received.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// The first header of that (lower-case) name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

/// A connection to one server.
pub struct Client {
    addr: String,
    timeout: Duration,
    conn: Option<BufReader<TcpStream>>,
}

fn bad(msg: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg.into())
}

/// `host:port` of an `http://host:port[/]` URL.
pub fn parse_url(url: &str) -> io::Result<String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| bad(format!("{url}: only http:// URLs are supported")))?;
    let host = rest.trim_end_matches('/');
    if host.is_empty() || host.contains('/') {
        return Err(bad(format!(
            "{url}: give the server's root, http://HOST:PORT"
        )));
    }
    Ok(host.to_string())
}

impl Client {
    pub fn new(url: &str) -> io::Result<Client> {
        Ok(Client {
            addr: parse_url(url)?,
            timeout: Duration::from_secs(30),
            conn: None,
        })
    }

    fn connect(&self) -> io::Result<BufReader<TcpStream>> {
        let s = TcpStream::connect(&self.addr)?;
        s.set_nodelay(true)?;
        s.set_read_timeout(Some(self.timeout))?;
        s.set_write_timeout(Some(self.timeout))?;
        Ok(BufReader::new(s))
    }

    /// Sends a request; `headers` are extra headers. Retries once on a fresh
    /// connection when a kept-alive one turns out closed.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> io::Result<Response> {
        let reused = self.conn.is_some();
        match self.try_request(method, path, headers, body) {
            Ok(r) => Ok(r),
            Err(_) if reused => {
                self.conn = None;
                self.try_request(method, path, headers, body)
            }
            Err(e) => Err(e),
        }
    }

    fn try_request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> io::Result<Response> {
        if self.conn.is_none() {
            self.conn = Some(self.connect()?);
        }
        let conn = self.conn.as_mut().expect("connected above");
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        let stream = conn.get_mut();
        let sent = stream
            .write_all(req.as_bytes())
            .and_then(|_| stream.write_all(body));
        if let Err(e) = sent {
            self.conn = None;
            return Err(e);
        }
        let result = read_response(conn);
        match &result {
            Ok((_, keep)) if *keep => {}
            _ => self.conn = None,
        }
        result.map(|(r, _)| r)
    }

    pub fn get(&mut self, path: &str, token: Option<&str>) -> io::Result<Response> {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> =
            auth.iter().map(|a| ("Authorization", a.as_str())).collect();
        self.request("GET", path, &headers, b"")
    }

    pub fn post(
        &mut self,
        path: &str,
        token: Option<&str>,
        content_type: &str,
        body: &[u8],
    ) -> io::Result<Response> {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut headers = vec![("Content-Type", content_type)];
        if let Some(a) = &auth {
            headers.push(("Authorization", a.as_str()));
        }
        self.request("POST", path, &headers, body)
    }

    pub fn post_json(
        &mut self,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> io::Result<Response> {
        self.post(path, token, "application/json", body.to_string().as_bytes())
    }

    /// Opens the game's event stream; reads time out after `timeout`.
    pub fn events(&self, game: &str, token: Option<&str>, timeout: Duration) -> io::Result<Events> {
        let mut conn = self.connect()?;
        conn.get_ref().set_read_timeout(Some(timeout))?;
        let auth = token
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        let req = format!(
            "GET /api/games/{game}/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n{auth}\r\n",
            self.addr
        );
        conn.get_mut().write_all(req.as_bytes())?;
        let (status, headers) = read_head(&mut conn)?;
        if status != 200 {
            return Err(bad(format!("the event stream answered {status}")));
        }
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body: Box<dyn BufRead + Send> = if chunked {
            Box::new(BufReader::new(Chunked {
                inner: conn,
                left: 0,
                done: false,
            }))
        } else {
            Box::new(conn)
        };
        Ok(Events { body })
    }
}

/// Status and lower-cased headers.
fn read_head(r: &mut impl BufRead) -> io::Result<(u16, Vec<(String, String)>)> {
    let mut line = String::new();
    if r.read_line(&mut line)? == 0 {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "connection closed",
        ));
    }
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad(format!("bad status line {line:?}")))?;
    let mut headers = vec![];
    loop {
        line.clear();
        if r.read_line(&mut line)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "connection closed",
            ));
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    Ok((status, headers))
}

/// A whole response and whether the connection may be reused.
fn read_response(r: &mut BufReader<TcpStream>) -> io::Result<(Response, bool)> {
    let (status, headers) = read_head(r)?;
    let mut resp = Response {
        status,
        headers,
        body: vec![],
    };
    let close = resp
        .header("connection")
        .is_some_and(|v| v.eq_ignore_ascii_case("close"));
    if let Some(len) = resp.header("content-length") {
        let len: usize = len.parse().map_err(|_| bad("bad content-length"))?;
        resp.body.resize(len, 0);
        r.read_exact(&mut resp.body)?;
        Ok((resp, !close))
    } else if resp
        .header("transfer-encoding")
        .is_some_and(|v| v.contains("chunked"))
    {
        let mut body = vec![];
        let mut c = Chunked {
            inner: r,
            left: 0,
            done: false,
        };
        c.read_to_end(&mut body)?;
        resp.body = body;
        Ok((resp, !close))
    } else {
        r.read_to_end(&mut resp.body)?;
        Ok((resp, false))
    }
}

/// Reads a chunked body.
struct Chunked<R> {
    inner: R,
    left: usize,
    done: bool,
}

impl<R: BufRead> Read for Chunked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            let mut line = String::new();
            self.inner.read_line(&mut line)?;
            let size = line.trim().split(';').next().unwrap_or("");
            self.left = usize::from_str_radix(size, 16).map_err(|_| bad("bad chunk size"))?;
            if self.left == 0 {
                // Trailers end with an empty line.
                loop {
                    line.clear();
                    if self.inner.read_line(&mut line)? == 0 || line.trim().is_empty() {
                        break;
                    }
                }
                self.done = true;
                return Ok(0);
            }
        }
        let n = buf.len().min(self.left);
        let got = self.inner.read(&mut buf[..n])?;
        if got == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "chunk cut short",
            ));
        }
        self.left -= got;
        if self.left == 0 {
            let mut crlf = [0u8; 2];
            self.inner.read_exact(&mut crlf)?;
        }
        Ok(got)
    }
}

/// One server-sent event.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerEvent {
    pub kind: String,
    pub data: Value,
}

/// A stream of server-sent events.
pub struct Events {
    body: Box<dyn BufRead + Send>,
}

impl Events {
    /// The next event; `Ok(None)` when the server ended the stream; an error
    /// of kind `WouldBlock`/`TimedOut` when nothing came in time.
    pub fn next_event(&mut self) -> io::Result<Option<ServerEvent>> {
        let mut kind = String::new();
        let mut data = String::new();
        let mut line = String::new();
        loop {
            line.clear();
            if self.body.read_line(&mut line)? == 0 {
                return Ok(None);
            }
            let l = line.trim_end_matches(['\r', '\n']);
            if l.is_empty() {
                if kind.is_empty() && data.is_empty() {
                    continue;
                }
                let data = serde_json::from_str(&data).unwrap_or(Value::String(data));
                return Ok(Some(ServerEvent { kind, data }));
            }
            if let Some(v) = l.strip_prefix("event:") {
                kind = v.trim().to_string();
            } else if let Some(v) = l.strip_prefix("data:") {
                if !data.is_empty() {
                    data.push('\n');
                }
                data.push_str(v.strip_prefix(' ').unwrap_or(v));
            }
            // Comments (keep-alives) and other fields are skipped.
        }
    }
}
