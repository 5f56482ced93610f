//! Writing a seat's view file (`docs/tae-files.md` section 2) and the
//! board picture shown to people. The file carries the whole [`View`], so
//! `parse_view(write_view(v))` gives `v` back: a bot reading files sees
//! exactly what a bot handed the view in memory sees.

use std::fmt::Write;

use crate::board::{Board, Cell, Colony, Pos, Terrain};
use crate::files::{END, VIEW_HEADER};
use crate::pieces::Score;
use crate::state::{Cause, Conflict, Phase};
use crate::view::View;

/// The character of a system in view files and pictures.
pub(crate) fn system_char(board: &Board, p: Pos) -> char {
    match board.cell(p) {
        Cell::Empty => match board.terrain(p) {
            Terrain::Inhabitable => '.',
            Terrain::Uninhabitable => 'M',
        },
        Cell::Destroyed => match board.terrain(p) {
            Terrain::Inhabitable => '#',
            Terrain::Uninhabitable => 'X',
        },
        Cell::Colony(c) if c.artifact => 'A',
        Cell::Colony(c) => c.kind.colony_letter(),
        Cell::Leader(l) => char::from(b'0' + l.owner as u8),
    }
}

/// The board's rows, top row first, one character a system.
fn board_rows(board: &Board) -> Vec<String> {
    (0..board.height)
        .rev()
        .map(|y| {
            (0..board.width)
                .map(|x| system_char(board, Pos::new(x, y)))
                .collect()
        })
        .collect()
}

fn cause_text(cause: &Cause) -> String {
    match cause {
        Cause::Internal => "internal".into(),
        Cause::External { uniting } => format!("external {} {}", uniting.x, uniting.y),
    }
}

fn conflict_text(c: &Conflict) -> String {
    format!(
        "cause {} leader {} attacker {} defender {}",
        cause_text(&c.cause),
        c.leader.name(),
        c.attacker,
        c.defender
    )
}

fn score_text(s: &Score) -> String {
    format!(
        "money {} technology {} people {} raw {} artifacts {}",
        s.points[0], s.points[1], s.points[2], s.points[3], s.artifacts
    )
}

/// Writes a view file (format: `docs/tae-files.md`).
pub fn write_view(v: &View) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{VIEW_HEADER}");
    let _ = writeln!(out, "title {}", v.title);
    let _ = writeln!(out, "turn {}", v.turn);
    match v.seat {
        Some(s) => {
            let _ = writeln!(out, "seat {s}");
        }
        None => out.push_str("seat spectator\n"),
    }
    let _ = writeln!(out, "players {}", v.players.len());
    let _ = writeln!(out, "first {}", v.first);
    let order: Vec<String> = v.order.iter().map(usize::to_string).collect();
    let _ = writeln!(out, "order {}", order.join(" "));
    let _ = writeln!(out, "artifacts {}", v.artifacts);
    let _ = writeln!(out, "pool {}", v.pool);
    let _ = writeln!(out, "board {} {}", v.board.width, v.board.height);
    for row in board_rows(&v.board) {
        let _ = writeln!(out, "{row}");
    }
    for p in v.board.positions() {
        match v.board.cell(p) {
            Cell::Colony(Colony {
                id: Some(id),
                placed_by: Some(seat),
                ..
            }) => {
                let _ = writeln!(out, "colony {} {} id {id} seat {seat}", p.x, p.y);
            }
            Cell::Leader(l) => {
                let _ = writeln!(
                    out,
                    "leader {} {} at {} {}",
                    l.owner,
                    l.kind.name(),
                    p.x,
                    p.y
                );
            }
            _ => {}
        }
    }
    for (s, p) in v.players.iter().enumerate() {
        let bombers: Vec<String> = p.bombers.iter().map(u64::to_string).collect();
        let _ = writeln!(
            out,
            "player {s} hand {} bombers {} {}",
            p.hand,
            if bombers.is_empty() {
                "none".to_string()
            } else {
                bombers.join(",")
            },
            score_text(&p.score)
        );
    }
    for c in &v.hand {
        let _ = writeln!(out, "colonist {} {}", c.id, c.kind.name());
    }
    match &v.phase {
        Phase::Normal => out.push_str("phase normal\n"),
        Phase::Combat(c) => {
            let _ = writeln!(
                out,
                "phase combat {} fought {} reinforce {} attacker at {} {} strength {} defender at {} {} strength {}",
                conflict_text(&c.conflict),
                if c.external { "external" } else { "internal" },
                c.reinforcement.name(),
                c.attacker_at.x,
                c.attacker_at.y,
                c.attacker_strength,
                c.defender_at.x,
                c.defender_at.y,
                c.defender_strength
            );
        }
        Phase::Over(t) => {
            match t.winner {
                Some(w) => {
                    let _ = writeln!(out, "phase over winner {w}");
                }
                None => out.push_str("phase over winner shared\n"),
            }
            let _ = writeln!(out, "reason {}", t.reason);
            for r in &t.rows {
                let _ = writeln!(
                    out,
                    "final {} place {} score {} values {} {} {} {} {}",
                    r.seat,
                    r.place,
                    r.final_score,
                    r.values[0],
                    r.values[1],
                    r.values[2],
                    r.values[3],
                    score_text(&r.score)
                );
            }
        }
    }
    for c in &v.queue {
        let _ = writeln!(out, "queue {}", conflict_text(c));
    }
    for e in &v.events {
        let _ = writeln!(out, "event {e}");
    }
    out.push_str(END);
    out.push('\n');
    out
}

/// A picture of the board with the scores, for people watching.
pub fn board_picture(v: &View) -> String {
    let mut out = String::new();
    for row in board_rows(&v.board) {
        let _ = writeln!(out, "{row}");
    }
    let _ = writeln!(
        out,
        "artifacts on the board: {}, pool: {}",
        v.artifacts, v.pool
    );
    // Standings as if the game ended now (tae spec 13): who leads.
    let scores: Vec<Score> = v.players.iter().map(|p| p.score).collect();
    let standing = crate::scoring::final_table(&scores, "");
    for (s, p) in v.players.iter().enumerate() {
        let row = &standing.rows[s];
        let _ = writeln!(
            out,
            "seat {s}: {}; weakest after wildcards {}, place {}",
            score_text(&p.score),
            row.final_score,
            row.place
        );
    }
    match standing.winner {
        Some(w) if !matches!(v.phase, Phase::Over(_)) => {
            let _ = writeln!(out, "leading: seat {w}");
        }
        _ => {}
    }
    match &v.phase {
        Phase::Normal => {
            let _ = writeln!(out, "next: a normal turn, seat {} first", v.first);
        }
        Phase::Combat(c) => {
            let _ = writeln!(
                out,
                "next: a combat turn, seat {} ({}) against seat {} ({}), reinforce with {}",
                c.conflict.attacker,
                c.attacker_strength,
                c.conflict.defender,
                c.defender_strength,
                c.reinforcement.name()
            );
        }
        Phase::Over(t) => {
            let _ = writeln!(out, "the game is over: {}", t.reason);
        }
    }
    out
}
