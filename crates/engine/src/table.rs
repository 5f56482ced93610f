//! What players decide at the table besides their orders: resigning, and
//! agreeing a draw. Every ruleset gets both without code of its own.
//!
//! Why here and not in each ruleset: a resignation or an agreed draw ends a
//! game whatever its rules say, so it sits beside the rules, in the match.
//! [`Table`] is the match's memory of it: saved with the match, written into
//! the record (`table` beside `outcome`), and re-applied by
//! [`crate::verify`], so a record of a resigned game re-runs to the same
//! winner.
//!
//! The rules of the table:
//! * a seat may resign at any time while the game runs; from then on it is
//!   not asked for orders (the rules still get its default orders, so a
//!   ruleset never meets a missing seat). When one seat is left, it wins;
//!   when none is (a game of one seat), the game ends without a winner;
//! * a seat still playing may offer a draw, and withdraw its offer; when
//!   every seat still playing has offered, the game ends in a draw. Offers
//!   lapse when the turn is resolved, as an offer is made "for this move",
//!   and when a seat declines them.

use serde::{Deserialize, Serialize};

use crate::ruleset::{OrderIssue, Outcome, Seat, SeatInfo};

/// A seat's decision at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableAct {
    /// Give the game up.
    Resign,
    /// Offer a draw, or accept one offered.
    OfferDraw,
    /// Take one's own draw offer back.
    WithdrawDraw,
    /// Turn down the draw the other seats offer: their offers lapse.
    DeclineDraw,
}

/// One resignation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resignation {
    pub seat: Seat,
    /// The turn during which the seat resigned.
    pub turn: u64,
}

/// The match's memory of the table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Seats that resigned, in the order they did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resigned: Vec<Resignation>,
    /// Seats offering a draw on the current turn, ascending.
    #[serde(default, skip_serializing_if = "Vec::is_empty", rename = "drawOffers")]
    pub draw_offers: Vec<Seat>,
    /// The turn on which every seat still playing agreed a draw.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        rename = "drawAgreed"
    )]
    pub draw_agreed: Option<u64>,
}

impl Table {
    /// Whether nothing was decided at the table.
    pub fn is_empty(&self) -> bool {
        self.resigned.is_empty() && self.draw_offers.is_empty() && self.draw_agreed.is_none()
    }

    pub fn has_resigned(&self, seat: Seat) -> bool {
        self.resigned.iter().any(|r| r.seat == seat)
    }

    /// The seats of a game of `seats` seats that have not resigned.
    pub fn playing(&self, seats: usize) -> Vec<Seat> {
        (0..seats)
            .map(Seat)
            .filter(|&s| !self.has_resigned(s))
            .collect()
    }

    /// Applies `act` by `seat` on turn `turn` of a game with these seats.
    /// Refused (nothing changes) when it makes no sense: an unknown seat, a
    /// seat that resigned, a withdrawal without an offer.
    pub fn apply(
        &mut self,
        seats: &[SeatInfo],
        seat: Seat,
        act: TableAct,
        turn: u64,
    ) -> Result<(), OrderIssue> {
        if seat.0 >= seats.len() {
            return Err(OrderIssue::general(format!(
                "{seat} is not at this table; it has seats 0 to {}",
                seats.len().saturating_sub(1)
            )));
        }
        if self.has_resigned(seat) {
            return Err(OrderIssue::general(format!(
                "{} has resigned and takes no further part",
                name(seats, seat)
            )));
        }
        match act {
            TableAct::Resign => {
                self.resigned.push(Resignation { seat, turn });
                self.draw_offers.retain(|&s| s != seat);
            }
            TableAct::OfferDraw => {
                if !self.draw_offers.contains(&seat) {
                    self.draw_offers.push(seat);
                    self.draw_offers.sort();
                }
            }
            TableAct::WithdrawDraw => {
                if !self.draw_offers.contains(&seat) {
                    return Err(OrderIssue::general(format!(
                        "{} has no draw offer to withdraw",
                        name(seats, seat)
                    )));
                }
                self.draw_offers.retain(|&s| s != seat);
            }
            TableAct::DeclineDraw => {
                if !self.draw_offers.iter().any(|&s| s != seat) {
                    return Err(OrderIssue::general(format!(
                        "no other seat offers {} a draw; there is nothing to decline",
                        name(seats, seat)
                    )));
                }
                self.draw_offers.clear();
            }
        }
        let playing = self.playing(seats.len());
        if self.draw_agreed.is_none()
            && playing.len() > 1
            && playing.iter().all(|s| self.draw_offers.contains(s))
        {
            self.draw_agreed = Some(turn);
        }
        Ok(())
    }

    /// Offers lapse when a turn is resolved.
    pub fn turn_resolved(&mut self) {
        self.draw_offers.clear();
    }

    /// Whether the table has ended the game or taken a seat out of it
    /// (what the record keeps; standing offers are not kept there).
    pub fn is_decisive(&self) -> bool {
        !self.resigned.is_empty() || self.draw_agreed.is_some()
    }

    /// What the record keeps: resignations and an agreed draw.
    pub fn for_record(&self) -> Table {
        Table {
            resigned: self.resigned.clone(),
            draw_offers: Vec::new(),
            draw_agreed: self.draw_agreed,
        }
    }

    /// The act in words: "Red resigns", "Blue offers a draw".
    pub fn describe(seats: &[SeatInfo], seat: Seat, act: TableAct) -> String {
        let who = name(seats, seat);
        match act {
            TableAct::Resign => format!("{who} resigns"),
            TableAct::OfferDraw => format!("{who} offers a draw"),
            TableAct::WithdrawDraw => format!("{who} withdraws the draw offer"),
            TableAct::DeclineDraw => format!("{who} declines the draw"),
        }
    }

    /// How the table ended the game, if it did.
    pub fn outcome(&self, seats: &[SeatInfo]) -> Option<Outcome> {
        if self.draw_agreed.is_some() {
            let playing = self.playing(seats.len());
            return Some(Outcome {
                winner: None,
                reason: format!("drawn by agreement of {}", names(seats, &playing)),
                scores: None,
            });
        }
        if self.resigned.is_empty() {
            return None;
        }
        let gone: Vec<Seat> = self.resigned.iter().map(|r| r.seat).collect();
        let reason = format!("{} resigned", names(seats, &gone));
        match self.playing(seats.len()).as_slice() {
            [winner] => Some(Outcome {
                winner: Some(*winner),
                reason,
                scores: None,
            }),
            [] => Some(Outcome {
                winner: None,
                reason,
                scores: None,
            }),
            _ => None,
        }
    }
}

fn name(seats: &[SeatInfo], seat: Seat) -> String {
    seats
        .get(seat.0)
        .map_or_else(|| seat.to_string(), |s| s.name.clone())
}

/// "Red", "Red and Blue", "Red, Green and Blue".
fn names(seats: &[SeatInfo], list: &[Seat]) -> String {
    let all: Vec<String> = list.iter().map(|&s| name(seats, s)).collect();
    match all.as_slice() {
        [] => "nobody".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
