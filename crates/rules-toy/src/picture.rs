//! The sealed-bids table as SVG: the prize on show, the seat's own cards
//! (each one pickable: `data-kind="card"`, `data-id` its number), the other
//! hands face down, the scores and the last turn's bids.

use engine::record::{Action, GameRecord};
use render::svg::{esc, num, seat_colour, Svg};
use render::{Highlight, RenderError};
use serde_json::Value;

use crate::{View, SEAT_NAMES};

const CARD_W: f64 = 14.0;
const CARD_H: f64 = 20.0;

/// A table read from a view.
#[derive(Debug, Clone)]
pub struct Table {
    view: View,
}

impl Table {
    pub fn from_view(view: &Value) -> Result<Table, RenderError> {
        let view: View = serde_json::from_value(view.clone())
            .map_err(|e| RenderError::input(format!("not a sealed-bids view: {e}")))?;
        Ok(Table { view })
    }

    fn card(svg: &mut Svg, x: f64, y: f64, face: Option<u32>, attrs: &str) {
        let fill = if face.is_some() { "#fffdf5" } else { "#8a9bb0" };
        svg.put(format_args!(
            "<g {attrs}><rect x=\"{}\" y=\"{}\" width=\"{CARD_W}\" height=\"{CARD_H}\" rx=\"2\" fill=\"{fill}\" stroke=\"#333\" stroke-width=\"0.5\"/>",
            num(x),
            num(y)
        ));
        if let Some(n) = face {
            svg.text(
                x + CARD_W / 2.0,
                y + CARD_H / 2.0 + 2.5,
                "text-anchor=\"middle\" font-size=\"7\" fill=\"#222\"",
                &n.to_string(),
            );
        }
        svg.raw("</g>");
    }

    fn draw(&self, highlight: Option<&Highlight>) -> String {
        let v = &self.view;
        let seats = v.hand_sizes.len().max(1);
        let width = 20.0 + 16.0 * (v.hand_sizes.iter().copied().max().unwrap_or(0) as f64 + 4.0);
        let height = 40.0 + 26.0 * seats as f64;
        let label = format!("Sealed bids, turn {}", v.turn);
        let mut svg = Svg::new(
            "sealedbids",
            (0.0, 0.0, width, height + render::foot(highlight)),
            &label,
        );
        svg.text(4.0, 8.0, "font-size=\"6\" fill=\"#222\"", &label);
        let prize = v
            .prize
            .map_or("the pile is empty".to_string(), |p| format!("prize {p}"));
        svg.text(
            4.0,
            16.0,
            "class=\"prize\" font-size=\"5\" fill=\"#222\"",
            &prize,
        );
        Self::card(
            &mut svg,
            width - CARD_W - 4.0,
            3.0,
            v.prize,
            "class=\"prize-card\"",
        );
        for s in 0..v.hand_sizes.len() {
            let y = 30.0 + 26.0 * s as f64;
            let own = match v.seat {
                Some(me) if me == s => v.hands.first(),
                Some(_) => None,
                None => v.hands.get(s),
            };
            svg.text(
                4.0,
                y - 2.0,
                &format!("font-size=\"5\" fill=\"{}\"", seat_colour(s)),
                &format!(
                    "{} ({s}): {} points",
                    SEAT_NAMES[s % SEAT_NAMES.len()],
                    v.scores.get(s).copied().unwrap_or(0)
                ),
            );
            for i in 0..v.hand_sizes[s] {
                let x = 4.0 + 16.0 * i as f64;
                match own.and_then(|h| h.get(i)) {
                    Some(&n) => Self::card(
                        &mut svg,
                        x,
                        y,
                        Some(n),
                        &format!("data-kind=\"card\" data-id=\"{n}\" data-owner=\"{s}\""),
                    ),
                    None => Self::card(&mut svg, x, y, None, "class=\"face-down\""),
                }
            }
        }
        if let Some(last) = v.rounds.last() {
            let bids: Vec<String> = last.bids.iter().map(u32::to_string).collect();
            let who = last.winner.map_or("nobody".to_string(), |w| {
                SEAT_NAMES[w % SEAT_NAMES.len()].to_string()
            });
            svg.text(
                4.0,
                height - 4.0,
                "font-size=\"4\" fill=\"#444\"",
                &esc(&format!(
                    "last turn: prize {} to {who} (bids {})",
                    last.prize,
                    bids.join(", ")
                )),
            );
        }
        if let Some(hl) = highlight {
            render::draw_caption(&mut svg, width, height, &hl.caption);
        }
        svg.finish()
    }
}

/// How the table is drawn: the ruleset's entry in the registry carries it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Drawing;

impl render::Drawing for Drawing {
    fn board(&self, view: &Value) -> Result<Box<dyn render::Board>, RenderError> {
        Ok(Box::new(Table::from_view(view)?))
    }

    fn caption(&self, record: &GameRecord, action: &Action) -> Option<String> {
        let seat = |t: Option<u64>| {
            t.and_then(|t| record.teams.get(t as usize))
                .and_then(|t| t.as_ref())
                .and_then(|t| t.name.clone())
        };
        match action.action_type.as_str() {
            "bid" => Some(format!(
                "{} bids {}",
                seat(action.team_id)?,
                action.extra.get("card")?
            )),
            "prize" => Some(match seat(action.team_id) {
                Some(w) => format!("{w} takes prize {}", action.extra.get("prize")?),
                None => format!(
                    "the highest bids tie: prize {} is lost",
                    action.extra.get("prize")?
                ),
            }),
            _ => None,
        }
    }
}

impl render::Board for Table {
    fn apply(&mut self, action: &Action, path: &str) -> Result<(), RenderError> {
        if action.action_type == "prize" {
            let score = action
                .results
                .iter()
                .flatten()
                .find_map(|r| r.changes.as_ref()?.get("score")?.as_u64());
            if let (Some(t), Some(score)) = (action.team_id, score) {
                let slot = self.view.scores.get_mut(t as usize).ok_or_else(|| {
                    RenderError::input(format!("{path}.teamId: no seat {t} at this table"))
                })?;
                *slot = score as u32;
            }
        }
        Ok(())
    }

    fn position(&self, _id: u64) -> Option<(f64, f64)> {
        None
    }

    fn svg(&self, highlight: Option<&Highlight>) -> String {
        self.draw(highlight)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
