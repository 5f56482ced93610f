//! Live events per game, for the server-sent-events endpoint: "turn
//! resolved", "awaiting you" (for one seat) and "game over". A broadcast
//! channel per game; a slow listener that falls behind loses old events
//! (the status endpoint always has the truth) rather than slowing the game.

use std::collections::HashMap;
use std::sync::Mutex;

use serde_json::Value;
use tokio::sync::broadcast;

/// Events kept for a slow listener before it starts losing them.
const BACKLOG: usize = 64;

#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// `turn_resolved`, `awaiting_you` or `game_over`.
    pub kind: &'static str,
    /// For `awaiting_you`: the seat awaited; only that seat hears it.
    pub seat: Option<usize>,
    pub data: Value,
}

#[derive(Default)]
pub struct Events {
    channels: Mutex<HashMap<String, broadcast::Sender<Event>>>,
}

impl Events {
    pub fn subscribe(&self, game: &str) -> broadcast::Receiver<Event> {
        let mut map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(game.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    /// Forgets a game's channel (after its last event); listeners still
    /// hear what was sent, then the end of the stream.
    pub fn close(&self, game: &str) {
        let mut map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(game);
    }

    pub fn publish(&self, game: &str, event: Event) {
        let mut map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = map.get(game) {
            if tx.send(event).is_err() {
                // Nobody listens any more: drop the channel.
                map.remove(game);
            }
        }
    }
}
