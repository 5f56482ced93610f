//! A blocking client of the Orderly host's HTTP API, on `ureq`: requests
//! with kept-alive connections, the JSON error shape, and server-sent
//! events; plus [`bot`], a built-in bot playing one seat of a hosted game
//! as any outside program would.
//!
//! It knows the API, not the server: it does not depend on the host crate,
//! so a bot is a small program (`orderly bot --server`). Plain HTTP only;
//! a deployment puts TLS in a reverse proxy.
//!
//! The answer of a request is a [`Response`] whatever its status (a 4xx is
//! an answer, not an error): [`ClientError`] is for what kept an answer
//! from coming (no server, a cut connection, a timeout).

pub mod bot;
mod events;

use std::time::Duration;

use serde_json::Value;

pub use events::{Events, ServerEvent};

/// What kept a request from being answered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The server's address is not `http://HOST:PORT`.
    #[error("{url}: {why}")]
    Url { url: String, why: String },
    /// The request could not be made or answered.
    #[error("{method} {path}: {source}")]
    Http {
        method: String,
        path: String,
        #[source]
        source: Box<ureq::Error>,
    },
    /// The event stream was refused or broke.
    #[error("the event stream of game {game}: {why}")]
    Events { game: String, why: String },
    /// Nothing came within the time given.
    #[error("nothing arrived within {0:?}")]
    Timeout(Duration),
    /// A bot could not go on.
    #[error("{0}")]
    Bot(String),
}

/// For callers that speak `std::io` (a timeout stays a timeout).
impl From<ClientError> for std::io::Error {
    fn from(e: ClientError) -> std::io::Error {
        let kind = match e {
            ClientError::Timeout(_) => std::io::ErrorKind::TimedOut,
            _ => std::io::ErrorKind::Other,
        };
        std::io::Error::new(kind, e)
    }
}

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

/// The largest answer body read (a record of a long game is a few MB).
const MAX_BODY: u64 = 256 * 1024 * 1024;

/// A client of one server; its connections are kept alive and reused.
#[derive(Clone)]
pub struct Client {
    base: String,
    agent: ureq::Agent,
}

/// `http://host:port` of an `http://host:port[/]` URL.
pub fn parse_url(url: &str) -> Result<String, ClientError> {
    let bad = |why: &str| ClientError::Url {
        url: url.to_string(),
        why: why.to_string(),
    };
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| bad("only http:// URLs are supported"))?;
    let host = rest.trim_end_matches('/');
    if host.is_empty() || host.contains('/') {
        return Err(bad("give the server's root, http://HOST:PORT"));
    }
    Ok(format!("http://{host}"))
}

impl Client {
    /// A client of the server at `url` (`http://HOST:PORT`); each phase
    /// of a request (connecting, sending, waiting for the answer, reading
    /// it) times out after 30 s.
    pub fn new(url: &str) -> Result<Client, ClientError> {
        Client::with_timeout(url, Duration::from_secs(30))
    }

    /// A client whose requests give up when connecting, sending, waiting
    /// for the answer or reading it takes longer than `timeout`.
    pub fn with_timeout(url: &str, timeout: Duration) -> Result<Client, ClientError> {
        // Each phase of a request gets `timeout` rather than the request as
        // a whole: with an overall limit, ureq looks the host name up on a
        // thread of its own for every request, kept-alive connection or not
        // (a thread started and joined per order, the largest cost of a
        // client under load). A name lookup has no limit of ours.
        let phase = Some(timeout);
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_connect(phase)
            .timeout_send_request(phase)
            .timeout_send_body(phase)
            .timeout_recv_response(phase)
            .timeout_recv_body(phase)
            .max_idle_connections_per_host(4)
            .build()
            .new_agent();
        Ok(Client {
            base: parse_url(url)?,
            agent,
        })
    }

    /// The server's root, `http://HOST:PORT`.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Sends a request; `headers` are extra headers.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Result<Response, ClientError> {
        let fail = |source: ureq::Error| ClientError::Http {
            method: method.to_string(),
            path: path.chars().take(200).collect(),
            source: Box::new(source),
        };
        let mut builder = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        for (k, v) in headers {
            builder = builder.header(*k, *v);
        }
        let result = if body.is_empty() {
            builder
                .body(())
                .map_err(|e| fail(e.into()))
                .and_then(|r| self.agent.run(r).map_err(fail))
        } else {
            builder
                .body(body)
                .map_err(|e| fail(e.into()))
                .and_then(|r| self.agent.run(r).map_err(fail))
        };
        let mut answer = result?;
        let status = answer.status().as_u16();
        let headers = answer
            .headers()
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().to_ascii_lowercase(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect();
        let body = answer
            .body_mut()
            .with_config()
            .limit(MAX_BODY)
            .read_to_vec()
            .map_err(fail)?;
        Ok(Response {
            status,
            headers,
            body,
        })
    }

    /// `GET path`, with a seat's (or the admin's) token when given.
    pub fn get(&mut self, path: &str, token: Option<&str>) -> Result<Response, ClientError> {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> =
            auth.iter().map(|a| ("Authorization", a.as_str())).collect();
        self.request("GET", path, &headers, b"")
    }

    /// `POST path` with a body of `content_type`.
    pub fn post(
        &mut self,
        path: &str,
        token: Option<&str>,
        content_type: &str,
        body: &[u8],
    ) -> Result<Response, ClientError> {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut headers = vec![("Content-Type", content_type)];
        if let Some(a) = &auth {
            headers.push(("Authorization", a.as_str()));
        }
        self.request("POST", path, &headers, body)
    }

    /// `POST path` with a JSON body.
    pub fn post_json(
        &mut self,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Result<Response, ClientError> {
        self.post(path, token, "application/json", body.to_string().as_bytes())
    }

    /// Opens the game's event stream (as `token`'s seat, or a spectator);
    /// [`Events::next_event`] waits at most `timeout` for each event.
    pub fn events(
        &self,
        game: &str,
        token: Option<&str>,
        timeout: Duration,
    ) -> Result<Events, ClientError> {
        events::open(self, game, token, timeout)
    }
}
