//! Sealed bids: a small card game with secret hands, and the smallest
//! complete ruleset in Orderly.
//!
//! It exists for two reasons. It is the game the engine's contract tests
//! play (hidden hands, simultaneous orders, a seeded deck, an end), and it
//! is the example of adding a ruleset: this one crate plus one dependency
//! line in the registry (ARCHITECTURE.md lists the steps). It is a real,
//! playable game all the same.
//!
//! The rules. Each of 2 to 4 seats is dealt a secret hand of `cards`
//! (option, default 5) bid cards from one deck numbered 1 to `cards` x
//! seats, shuffled with the game's generator; the prizes 1 to `cards` are
//! shuffled into a face-down pile. Each turn the top prize is shown and
//! every seat bids one card from its hand, all at once. The highest bid
//! wins the prize's points; when two or more seats tie for the highest bid,
//! nobody does and the prize is lost. Bid cards are spent. When the pile is
//! empty the game ends; the most points wins, equal most is a draw. A seat
//! that sends no bid plays its lowest card.
//!
//! A seat sees its own hand, the other hands' sizes, the prize, the scores
//! and every bid of the turns before; never another seat's cards.

pub mod files;
pub mod picture;

use engine::record::{Action, ActionResult, UnitData};
use engine::{
    Bot, FileProtocol, GameRng, OrderIssue, Outcome, Ruleset, Seat, SeatInfo, Setup, SetupError,
    ViewFiles,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Map;

/// The seats' names.
pub const SEAT_NAMES: [&str; 4] = ["North", "East", "South", "West"];
/// The most cards a hand may be dealt.
pub const MAX_CARDS: u32 = 13;

/// The game.
#[derive(Debug, Clone, Copy, Default)]
pub struct SealedBids;

/// One turn's bids, shown to everyone once the turn is resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Round {
    /// The turn the bids were made in (from 0).
    pub turn: u64,
    /// The prize that was on show: its value in points.
    pub prize: u32,
    /// Each seat's bid (the card it played), in seat order.
    pub bids: Vec<u32>,
    /// The seat (from 0) that took the prize; `null` when the highest bids
    /// tied and nobody took it.
    pub winner: Option<usize>,
}

/// The whole game state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub turn: u64,
    /// Each seat's secret hand, ascending.
    pub hands: Vec<Vec<u32>>,
    /// The face-down prizes; the last one is the prize on show.
    pub pile: Vec<u32>,
    pub scores: Vec<u32>,
    pub rounds: Vec<Round>,
}

impl State {
    /// The prize on show, `None` once the pile is empty.
    pub fn prize(&self) -> Option<u32> {
        self.pile.last().copied()
    }
}

/// A seat's orders: the card it bids this turn, e.g. `{"bid": 4}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// The card to bid: one of the values in the seat's hand (`hands[0]`
    /// of its view). Absent or `null` plays the lowest card in hand.
    #[serde(default)]
    pub bid: Option<u32>,
}

/// What one seat (or a spectator, who sees every hand) may see. Each turn
/// every seat bids one card of its hand for the prize on show; the highest
/// single bid takes it, and every card bid is spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct View {
    /// The current turn, from 0.
    pub turn: u64,
    /// Whose view this is (seat from 0); `null` for a spectator.
    pub seat: Option<usize>,
    /// The prize on show, in points; `null` once the game is over.
    pub prize: Option<u32>,
    /// Prizes still face down under the one on show.
    pub pile_left: usize,
    /// The seat's own hand as one list of card values, ascending (for a
    /// spectator: every hand, in seat order).
    pub hands: Vec<Vec<u32>>,
    /// How many cards each seat holds, in seat order.
    pub hand_sizes: Vec<usize>,
    /// Each seat's points so far, in seat order.
    pub scores: Vec<u32>,
    /// The bids of every turn played so far, oldest first.
    pub rounds: Vec<Round>,
}

fn cards_option(setup: &Setup) -> Result<u32, SetupError> {
    match setup.options.get("cards") {
        None => Ok(5),
        Some(v) => v
            .as_u64()
            .filter(|n| (1..=u64::from(MAX_CARDS)).contains(n))
            .map(|n| n as u32)
            .ok_or_else(|| {
                SetupError::at(
                    "options.cards",
                    format!("give a whole number of cards per hand from 1 to {MAX_CARDS}, not {v}"),
                )
            }),
    }
}

/// Shuffles `cards` in place (Fisher–Yates over the game's generator).
fn shuffle(cards: &mut [u32], rng: &mut GameRng) {
    for i in (1..cards.len()).rev() {
        let j = rng.index(i + 1);
        cards.swap(i, j);
    }
}

impl SealedBids {
    /// The card `seat` plays for `orders` (its lowest card when none).
    fn card_of(state: &State, seat: usize, orders: Option<&Orders>) -> u32 {
        orders
            .and_then(|o| o.bid)
            .filter(|c| state.hands[seat].contains(c))
            .unwrap_or_else(|| state.hands[seat][0])
    }
}

impl Ruleset for SealedBids {
    type State = State;
    type Orders = Orders;
    type View = View;

    const NAME: &'static str = "sealedbids";
    const VERSION: &'static str = "1";

    fn setup(&self, setup: &Setup, rng: &mut GameRng) -> Result<State, SetupError> {
        if !setup.scenario.is_empty() && setup.scenario != self.default_scenario() {
            return Err(SetupError::at(
                "scenario",
                format!(
                    "sealed bids has one table, `{}`, not `{}`",
                    self.default_scenario(),
                    setup.scenario
                ),
            ));
        }
        let seats = match setup.seats.len() {
            0 => 2,
            n @ 2..=4 => n,
            n => {
                return Err(SetupError::at(
                    "seats",
                    format!("sealed bids is played by 2 to 4 seats, not {n}"),
                ))
            }
        };
        let cards = cards_option(setup)?;
        let mut deck: Vec<u32> = (1..=cards * seats as u32).collect();
        shuffle(&mut deck, rng);
        let hands = deck
            .chunks(cards as usize)
            .map(|hand| {
                let mut hand = hand.to_vec();
                hand.sort_unstable();
                hand
            })
            .collect();
        let mut pile: Vec<u32> = (1..=cards).collect();
        shuffle(&mut pile, rng);
        Ok(State {
            turn: 1,
            hands,
            pile,
            scores: vec![0; seats],
            rounds: Vec::new(),
        })
    }

    fn seats(&self, state: &State) -> Vec<SeatInfo> {
        (0..state.hands.len())
            .map(|s| SeatInfo {
                name: SEAT_NAMES[s].into(),
                extra: Map::new(),
            })
            .collect()
    }

    fn turn(&self, state: &State) -> u64 {
        state.turn
    }

    fn title(&self, _state: &State) -> String {
        "Sealed bids".into()
    }

    fn awaiting(&self, state: &State) -> Vec<Seat> {
        if state.prize().is_none() {
            return Vec::new();
        }
        (0..state.hands.len()).map(Seat).collect()
    }

    fn check(
        &self,
        state: &State,
        seat: Seat,
        orders: &Orders,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        let Some(hand) = state.hands.get(seat.0) else {
            return Err(vec![OrderIssue::general(format!(
                "there is no {seat} in this game"
            ))]);
        };
        match orders.bid {
            None => Ok(vec![OrderIssue::at_field(
                "bid",
                format!("no bid: your lowest card, {}, will be played", hand[0]),
            )]),
            Some(card) if hand.contains(&card) => Ok(Vec::new()),
            Some(card) => Err(vec![OrderIssue::at_field(
                "bid",
                format!(
                    "you hold no {card}; bid one of your cards: {}",
                    hand.iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )]),
        }
    }

    fn resolve(
        &self,
        state: &mut State,
        orders: &[(Seat, Orders)],
        _rng: &mut GameRng,
        log: Option<&mut Vec<Action>>,
    ) {
        let Some(prize) = state.pile.pop() else {
            return;
        };
        let bids: Vec<u32> = (0..state.hands.len())
            .map(|s| {
                let given = orders.iter().find(|(seat, _)| seat.0 == s).map(|(_, o)| o);
                Self::card_of(state, s, given)
            })
            .collect();
        let best = bids.iter().copied().max().unwrap_or(0);
        let at_best: Vec<usize> = (0..bids.len()).filter(|&s| bids[s] == best).collect();
        let winner = (at_best.len() == 1).then(|| at_best[0]);
        for (s, card) in bids.iter().enumerate() {
            state.hands[s].retain(|c| c != card);
        }
        if let Some(w) = winner {
            state.scores[w] += prize;
        }
        if let Some(log) = log {
            for (s, card) in bids.iter().enumerate() {
                log.push(Action::new("bid", None, Some(s as u64)).with("card", *card));
            }
            let mut award = Action::new("prize", None, winner.map(|w| w as u64))
                .with("prize", prize)
                .with("bids", bids.clone());
            if let Some(w) = winner {
                let mut changes = Map::new();
                changes.insert("score".into(), state.scores[w].into());
                award.results = Some(vec![ActionResult {
                    unit: None,
                    changes: Some(changes.into()),
                    results: None,
                    extra: Map::new().into(),
                }]);
            }
            log.push(award);
        }
        state.rounds.push(Round {
            turn: state.turn,
            prize,
            bids,
            winner,
        });
        state.turn += 1;
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        if state.prize().is_some() {
            return None;
        }
        let best = state.scores.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..state.scores.len())
            .filter(|&s| state.scores[s] == best)
            .collect();
        let scores = Some(state.scores.iter().map(|&s| i64::from(s)).collect());
        Some(match leaders.as_slice() {
            [w] => Outcome {
                winner: Some(Seat(*w)),
                reason: format!("{} took the most points, {best}", SEAT_NAMES[*w]),
                scores,
            },
            _ => Outcome {
                winner: None,
                reason: format!("{} seats share the most points, {best}", leaders.len()),
                scores,
            },
        })
    }

    fn view(&self, state: &State, seat: Option<Seat>) -> View {
        let hands = match seat {
            Some(s) => vec![state.hands.get(s.0).cloned().unwrap_or_default()],
            None => state.hands.clone(),
        };
        View {
            turn: state.turn,
            seat: seat.map(|s| s.0),
            prize: state.prize(),
            pile_left: state.pile.len().saturating_sub(1),
            hands,
            hand_sizes: state.hands.iter().map(Vec::len).collect(),
            scores: state.scores.clone(),
            rounds: state.rounds.clone(),
        }
    }

    /// No units on a table of cards: the scores are the record's snapshot.
    fn units(&self, state: &State) -> Vec<Vec<UnitData>> {
        vec![Vec::new(); state.hands.len()]
    }

    fn default_orders(&self, _state: &State, _seat: Seat) -> Orders {
        Orders { bid: None }
    }

    fn bot_names(&self) -> &'static [&'static str] {
        &["greedy", "random"]
    }

    fn default_scenario(&self) -> &'static str {
        "table"
    }

    fn options(&self) -> &'static [engine::OptionSpec] {
        &[engine::OptionSpec {
            name: "cards",
            json_type: "integer",
            description: "cards in each hand, 1 to 13; default 5",
        }]
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(Random)),
            _ => None,
        }
    }
}

/// Bids high for prizes above the middle and throws its lowest card at the
/// rest.
struct Greedy;

impl Bot<SealedBids> for Greedy {
    fn orders(&mut self, _: &SealedBids, view: &View, _: Seat, _: &mut GameRng) -> Orders {
        let (Some(hand), Some(prize)) = (view.hands.first(), view.prize) else {
            return Orders::default();
        };
        let top = (view.pile_left + 1 + view.rounds.len()) as u32;
        let bid = if prize * 2 > top {
            hand.last()
        } else {
            hand.first()
        };
        Orders { bid: bid.copied() }
    }
}

/// Bids any card.
struct Random;

impl Bot<SealedBids> for Random {
    fn orders(&mut self, _: &SealedBids, view: &View, _: Seat, rng: &mut GameRng) -> Orders {
        let hand = view.hands.first().map(Vec::as_slice).unwrap_or_default();
        if hand.is_empty() {
            return Orders::default();
        }
        Orders {
            bid: Some(hand[rng.index(hand.len())]),
        }
    }
}

impl FileProtocol for SealedBids {
    fn view_files(&self, state: &State, seat: Option<Seat>) -> Vec<(String, String)> {
        let name = files::view_file_name(state.turn, seat);
        vec![(name, files::write_view(&self.view(state, seat)))]
    }

    fn orders_file_name(&self, state: &State, seat: Seat) -> String {
        files::orders_file_name(state.turn, seat)
    }

    fn parse_orders(
        &self,
        _state: &State,
        _seat: Seat,
        text: &[u8],
    ) -> Result<Option<Orders>, Vec<OrderIssue>> {
        files::read_orders(text)
    }

    fn orders_text(&self, orders: &Orders) -> String {
        files::write_orders(orders)
    }

    fn board_text(&self, state: &State) -> String {
        files::write_view(&self.view(state, None))
    }

    fn orders_help(&self) -> &'static str {
        "the line `bid N` with a card of your hand, then the line END"
    }
}

impl ViewFiles for SealedBids {
    fn parse_view(&self, name: &str, text: &str) -> Result<View, SetupError> {
        files::read_view(text).map_err(|e| SetupError::at(format!("{name}:{}", e.line), e.message))
    }

    fn orders_file_for_view(&self, view: &View, seat: Seat) -> String {
        files::orders_file_name(view.turn, seat)
    }
}

/// Sealed bids' entry in the registry: the rules, how the table is drawn,
/// the browser controller and the guide for players.
pub fn plugin() -> plugin::Plugin {
    plugin::Plugin {
        rules: std::sync::Arc::new(engine::Registered(std::sync::Arc::new(SealedBids))),
        aliases: &["toy"],
        drawing: std::sync::Arc::new(picture::Drawing),
        client: plugin::Client {
            controller: include_str!("../web/controller.js"),
            guide: include_str!("../web/guide.html"),
        },
        describe: None,
        targets: None,
        command: None,
        rerun: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(seed: u64) -> State {
        let setup = Setup {
            seed,
            ..Setup::default()
        };
        SealedBids
            .setup(&setup, &mut GameRng::from_seed(seed))
            .unwrap()
    }

    #[test]
    fn the_deal_gives_every_card_once() {
        let s = start(3);
        let mut all: Vec<u32> = s.hands.concat();
        all.sort_unstable();
        assert_eq!(all, (1..=10).collect::<Vec<_>>());
        let mut pile = s.pile.clone();
        pile.sort_unstable();
        assert_eq!(pile, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn the_highest_bid_takes_the_prize_and_a_tie_loses_it() {
        let mut s = start(1);
        s.hands = vec![vec![1, 4], vec![2, 4]];
        s.pile = vec![2, 5];
        let bid = |c| Orders { bid: Some(c) };
        SealedBids.resolve(
            &mut s,
            &[(Seat(0), bid(4)), (Seat(1), bid(2))],
            &mut GameRng::from_seed(0),
            None,
        );
        assert_eq!(s.scores, vec![5, 0]);
        SealedBids.resolve(
            &mut s,
            &[(Seat(0), bid(1)), (Seat(1), bid(4))],
            &mut GameRng::from_seed(0),
            None,
        );
        assert_eq!(s.scores, vec![5, 2]);
        assert_eq!(SealedBids.outcome(&s).unwrap().winner, Some(Seat(0)));
        let mut t = start(1);
        t.hands = vec![vec![3], vec![3]];
        t.pile = vec![4];
        SealedBids.resolve(&mut t, &[], &mut GameRng::from_seed(0), None);
        assert_eq!(t.scores, vec![0, 0]);
        assert_eq!(t.rounds[0].winner, None);
        assert_eq!(SealedBids.outcome(&t).unwrap().winner, None);
    }

    #[test]
    fn a_seat_sees_its_own_hand_only() {
        let s = start(9);
        let v = SealedBids.view(&s, Some(Seat(1)));
        assert_eq!(v.hands, vec![s.hands[1].clone()]);
        assert_eq!(v.hand_sizes, vec![5, 5]);
        assert_eq!(SealedBids.view(&s, None).hands, s.hands);
    }

    #[test]
    fn a_card_not_in_hand_is_refused_with_the_cards_held() {
        let s = start(2);
        let missing = (1..=10).find(|c| !s.hands[0].contains(c)).unwrap();
        let err = SealedBids
            .check(&s, Seat(0), &Orders { bid: Some(missing) })
            .unwrap_err();
        assert!(err[0].message.contains("you hold no"), "{}", err[0].message);
    }
}
