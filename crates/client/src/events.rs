//! Server-sent events of one game. The stream is read on a thread of its
//! own that hands each event over a channel, so waiting for the next one
//! can time out without breaking the stream (a read timeout of the
//! connection would end it).

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

use crate::{Client, ClientError};

/// One server-sent event.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerEvent {
    pub kind: String,
    pub data: Value,
}

/// A game's stream of events.
pub struct Events {
    game: String,
    rx: mpsc::Receiver<Result<ServerEvent, String>>,
    timeout: Duration,
}

pub(crate) fn open(
    client: &Client,
    game: &str,
    token: Option<&str>,
    timeout: Duration,
) -> Result<Events, ClientError> {
    let fail = |why: String| ClientError::Events {
        game: game.to_string(),
        why,
    };
    // A stream of its own: no overall time limit, the server's keep-alive
    // comments (every 15 s) show it is alive.
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(10)))
        .build()
        .new_agent();
    let mut request = agent
        .get(format!("{}/api/games/{game}/events", client.base()))
        .header("Accept", "text/event-stream");
    if let Some(t) = token {
        request = request.header("Authorization", format!("Bearer {t}"));
    }
    let answer = request.call().map_err(|e| fail(e.to_string()))?;
    if answer.status() != 200 {
        return Err(fail(format!("the server answered {}", answer.status())));
    }
    let reader = BufReader::new(answer.into_body().into_reader());
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name(format!("events-{game}"))
        .spawn(move || read_events(reader, tx))
        .map_err(|e| fail(e.to_string()))?;
    Ok(Events {
        game: game.to_string(),
        rx,
        timeout,
    })
}

/// Reads events until the stream ends or nobody listens any more.
fn read_events(mut body: impl BufRead, tx: mpsc::Sender<Result<ServerEvent, String>>) {
    let mut kind = String::new();
    let mut data = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        match body.read_line(&mut line) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) => {
                let _ = tx.send(Err(e.to_string()));
                return;
            }
        }
        let l = line.trim_end_matches(['\r', '\n']);
        if l.is_empty() {
            if kind.is_empty() && data.is_empty() {
                continue;
            }
            let d = std::mem::take(&mut data);
            let data = serde_json::from_str(&d).unwrap_or(Value::String(d));
            let event = ServerEvent {
                kind: std::mem::take(&mut kind),
                data,
            };
            if tx.send(Ok(event)).is_err() {
                return;
            }
        } else if let Some(v) = l.strip_prefix("event:") {
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

impl Events {
    /// The next event; `Ok(None)` once the server ended the stream;
    /// [`ClientError::Timeout`] when none came in time (the stream goes on).
    pub fn next_event(&mut self) -> Result<Option<ServerEvent>, ClientError> {
        match self.rx.recv_timeout(self.timeout) {
            Ok(Ok(event)) => Ok(Some(event)),
            Ok(Err(why)) => Err(ClientError::Events {
                game: self.game.clone(),
                why,
            }),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(ClientError::Timeout(self.timeout)),
            Err(mpsc::RecvTimeoutError::Disconnected) => Ok(None),
        }
    }
}
