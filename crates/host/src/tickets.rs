//! Event-stream tickets: a seat token never travels in a URL.
//!
//! A program that can set headers reads `/events` with `Authorization:
//! Bearer <token>`. A client that cannot (a browser's `EventSource`) first
//! trades its token, in a header, for a ticket (`POST
//! /api/games/{id}/events/ticket`) and opens `/events?ticket=...`. A ticket
//! names one game and one seat, is good for [`TICKET_LIFETIME`] and opens one
//! stream: a URL that ends up in a log is worthless by the time anyone reads
//! it, and never lets anyone give orders. Tickets live in the server's
//! memory only (a restart or another server behind the same database does
//! not know them; the client asks for a new one, as it does after any
//! dropped connection).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a ticket may wait before it opens a stream.
pub const TICKET_LIFETIME: Duration = Duration::from_secs(60);

/// Most tickets waiting at once; beyond it the oldest are dropped.
const MOST_WAITING: usize = 10_000;

struct Waiting {
    game: String,
    seat: usize,
    made: Instant,
}

/// The tickets given and not yet used.
#[derive(Default)]
pub struct Tickets {
    waiting: Mutex<HashMap<String, Waiting>>,
}

impl Tickets {
    /// A new ticket for `seat` of `game`.
    pub fn issue(&self, game: &str, seat: usize) -> String {
        let ticket = crate::auth::new_token();
        let now = Instant::now();
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        waiting.retain(|_, w| now.duration_since(w.made) < TICKET_LIFETIME);
        if waiting.len() >= MOST_WAITING {
            if let Some(oldest) = waiting
                .iter()
                .min_by_key(|(_, w)| w.made)
                .map(|(k, _)| k.clone())
            {
                waiting.remove(&oldest);
            }
        }
        waiting.insert(
            ticket.clone(),
            Waiting {
                game: game.to_string(),
                seat,
                made: now,
            },
        );
        ticket
    }

    /// The seat a ticket was given for, if it is for `game`, unused and
    /// fresh; it is used up either way.
    pub fn redeem(&self, game: &str, ticket: &str) -> Option<usize> {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        let w = waiting.remove(ticket)?;
        (w.game == game && w.made.elapsed() < TICKET_LIFETIME).then_some(w.seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_opens_one_stream_of_its_own_game() {
        let t = Tickets::default();
        let a = t.issue("g1", 1);
        assert_eq!(t.redeem("g1", &a), Some(1));
        assert_eq!(t.redeem("g1", &a), None, "used up");
        let b = t.issue("g1", 0);
        assert_eq!(t.redeem("g2", &b), None, "another game's");
        assert_eq!(t.redeem("g1", &b), None, "a wrong try uses it up");
        assert_eq!(t.redeem("g1", "made-up"), None);
    }
}
