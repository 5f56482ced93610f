//! A built-in bot playing one seat of a hosted game over HTTP, as any
//! outside program would: it reads the seat's view as the ruleset's native
//! files, has the bot answer, and posts the orders file. It waits with the
//! event stream (falling back to asking again when the stream is quiet).

use std::time::{Duration, Instant};

use engine::Seat;
use serde_json::Value;

use crate::{Client, ClientError};

/// How a bot's game ended.
#[derive(Debug, Clone)]
pub struct Played {
    pub seat: usize,
    /// Turns this bot sent orders for.
    pub orders_sent: u64,
    /// The outcome, as the status reports it.
    pub outcome: Value,
}

fn err(msg: impl Into<String>) -> ClientError {
    ClientError::Bot(msg.into())
}

/// Plays `token`'s seat of `game` with bot `name` until the game is over;
/// gives up after `idle` without progress.
pub fn play(
    server: &str,
    game: &str,
    token: &str,
    name: &str,
    idle: Duration,
) -> Result<Played, ClientError> {
    let mut client = Client::new(server)?;
    let status = client.get(&format!("/api/games/{game}"), None)?;
    if status.status != 200 {
        return Err(err(format!(
            "game {game}: {}",
            String::from_utf8_lossy(&status.body)
        )));
    }
    let ruleset = status.json()["ruleset"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let rules = registry::find(&ruleset).map_err(|e| err(e.to_string()))?;
    if !rules.bot_names().contains(&name) {
        return Err(err(format!(
            "no bot `{name}` for {ruleset}; there are: {}",
            rules.bot_names().join(", ")
        )));
    }
    let mut events = client
        .events(game, Some(token), Duration::from_secs(2))
        .ok();
    let mut answered: Option<u64> = None;
    let mut orders_sent = 0;
    let mut last_progress = Instant::now();
    loop {
        let st = client.get(&format!("/api/games/{game}"), None)?.json();
        if st["finished"] == Value::Bool(true) {
            let view = client
                .get(&format!("/api/games/{game}/view"), Some(token))?
                .json();
            return Ok(Played {
                seat: view["seat"].as_u64().unwrap_or(0) as usize,
                orders_sent,
                outcome: st["outcome"].clone(),
            });
        }
        let step = st["step"].as_u64().unwrap_or(0);
        if answered != Some(step) {
            let v = client.get(&format!("/api/games/{game}/view?format=files"), Some(token))?;
            if v.status != 200 {
                return Err(err(format!(
                    "view: {} {}",
                    v.status,
                    String::from_utf8_lossy(&v.body)
                )));
            }
            let v = v.json();
            let seat = v["seat"]
                .as_u64()
                .ok_or_else(|| err("the view names no seat"))? as usize;
            let awaited = st["missing"]
                .as_array()
                .is_some_and(|m| m.iter().any(|s| s.as_u64() == Some(seat as u64)));
            if awaited && v["step"].as_u64() == Some(step) {
                let file = &v["files"][0];
                let (vname, vtext) = (
                    file["name"].as_str().unwrap_or_default(),
                    file["contents"].as_str().unwrap_or_default(),
                );
                let (_, text) = rules
                    .bot_answer(name, Seat(seat), vname, vtext, step)
                    .map_err(|e| err(e.message))?;
                let turn = v["turn"].as_u64().unwrap_or(0);
                let r = client.post(
                    &format!("/api/games/{game}/orders?turn={turn}"),
                    Some(token),
                    "text/plain",
                    text.as_bytes(),
                )?;
                match r.status {
                    202 => {
                        orders_sent += 1;
                        answered = Some(step);
                        last_progress = Instant::now();
                    }
                    // The turn moved on meanwhile: look again.
                    409 => {}
                    s => {
                        return Err(err(format!(
                            "orders refused ({s}): {}",
                            String::from_utf8_lossy(&r.body)
                        )))
                    }
                }
                continue;
            }
        }
        if last_progress.elapsed() > idle {
            return Err(err(format!(
                "no progress in {} s; giving up",
                idle.as_secs()
            )));
        }
        // Wait for something to happen.
        match events.as_mut().map(|e| e.next_event()) {
            Some(Ok(Some(_))) => last_progress = Instant::now(),
            Some(Err(ClientError::Timeout(_))) => {}
            _ => {
                // The stream ended or failed: reopen it, and do not spin.
                std::thread::sleep(Duration::from_millis(50));
                events = client
                    .events(game, Some(token), Duration::from_secs(2))
                    .ok();
            }
        }
    }
}
