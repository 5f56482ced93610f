//! Sealed bids' text files, for play by files.
//!
//! The view a seat receives, `View_S_Turn_N.txt`:
//!
//! ```text
//! turn 3
//! prize 4
//! left 2
//! hand 2 7 9
//! sizes 3 3
//! scores 5 0
//! round 1 prize 5 bids 8 6 winner 0
//! round 2 prize 1 bids 1 1 winner -
//! ```
//!
//! (`prize -` once the game is over; a spectator's view has one `hand` line
//! per seat.) The orders a seat writes, `Bid_S_Turn_N.txt`: the line
//! `bid N`, then the line `END`; a file without `END` is still being
//! written. `bid -` or no bid line plays the lowest card.

use engine::{OrderIssue, Seat};

use crate::{Orders, Round, View};

/// The view file of `seat` (`None`: the spectator's) at `turn`.
pub fn view_file_name(turn: u64, seat: Option<Seat>) -> String {
    match seat {
        Some(s) => format!("View_{}_Turn_{turn}.txt", s.0),
        None => format!("Table_Turn_{turn}.txt"),
    }
}

/// The orders file of `seat` at `turn`.
pub fn orders_file_name(turn: u64, seat: Seat) -> String {
    format!("Bid_{}_Turn_{turn}.txt", seat.0)
}

fn list(values: impl IntoIterator<Item = impl ToString>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn opt(value: Option<impl ToString>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// The view as its file.
pub fn write_view(view: &View) -> String {
    let mut out = format!(
        "turn {}\nprize {}\nleft {}\n",
        view.turn,
        opt(view.prize),
        view.pile_left
    );
    for hand in &view.hands {
        out.push_str(&format!("hand {}\n", list(hand)).replace("hand \n", "hand\n"));
    }
    out.push_str(&format!(
        "sizes {}\nscores {}\n",
        list(&view.hand_sizes),
        list(&view.scores)
    ));
    for r in &view.rounds {
        out.push_str(&format!(
            "round {} prize {} bids {} winner {}\n",
            r.turn,
            r.prize,
            list(&r.bids),
            opt(r.winner)
        ));
    }
    out
}

/// What is wrong with a file, and on which line (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    pub line: usize,
    pub message: String,
}

fn numbers<T: std::str::FromStr>(words: &[&str], line: usize) -> Result<Vec<T>, FileError> {
    words
        .iter()
        .map(|w| {
            w.parse().map_err(|_| FileError {
                line,
                message: format!("`{w}` is not a number"),
            })
        })
        .collect()
}

fn maybe<T: std::str::FromStr>(word: Option<&&str>, line: usize) -> Result<Option<T>, FileError> {
    match word {
        Some(&"-") => Ok(None),
        Some(w) => numbers(&[w], line).map(|mut v| v.pop()),
        None => Err(FileError {
            line,
            message: "a value is missing".into(),
        }),
    }
}

/// Reads a view file (as [`write_view`] writes it).
pub fn read_view(text: &str) -> Result<View, FileError> {
    let mut view = View {
        turn: 0,
        seat: None,
        prize: None,
        pile_left: 0,
        hands: Vec::new(),
        hand_sizes: Vec::new(),
        scores: Vec::new(),
        rounds: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&key, rest)) = words.split_first() else {
            continue;
        };
        match key {
            "turn" => view.turn = maybe(rest.first(), n)?.unwrap_or(0),
            "prize" => view.prize = maybe(rest.first(), n)?,
            "left" => view.pile_left = maybe(rest.first(), n)?.unwrap_or(0),
            "hand" => view.hands.push(numbers(rest, n)?),
            "sizes" => view.hand_sizes = numbers(rest, n)?,
            "scores" => view.scores = numbers(rest, n)?,
            "round" => {
                let bad = || FileError {
                    line: n,
                    message: "a round line reads `round T prize P bids B... winner W`".into(),
                };
                let at = |word: &str| rest.iter().position(|w| *w == word).ok_or_else(bad);
                let (prize, bids, winner) = (at("prize")?, at("bids")?, at("winner")?);
                if !(prize == 1 && bids == 3 && winner > bids) {
                    return Err(bad());
                }
                view.rounds.push(Round {
                    turn: maybe(rest.first(), n)?.ok_or_else(bad)?,
                    prize: maybe(rest.get(2), n)?.ok_or_else(bad)?,
                    bids: numbers(&rest[bids + 1..winner], n)?,
                    winner: maybe(rest.get(winner + 1), n)?,
                });
            }
            other => {
                return Err(FileError {
                    line: n,
                    message: format!("`{other}` does not start a line of a view file"),
                })
            }
        }
    }
    Ok(view)
}

/// The orders as their file.
pub fn write_orders(orders: &Orders) -> String {
    format!("bid {}\nEND\n", opt(orders.bid))
}

/// Reads an orders file: `Ok(None)` until its `END` line is there.
pub fn read_orders(text: &[u8]) -> Result<Option<Orders>, Vec<OrderIssue>> {
    let text = std::str::from_utf8(text)
        .map_err(|_| vec![OrderIssue::general("the orders file is not UTF-8 text")])?;
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    if !lines.contains(&"END") {
        return Ok(None);
    }
    let mut orders = Orders::default();
    let mut issues = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            [] => {}
            ["END"] => break,
            ["bid", card] => match maybe::<u32>(Some(card), i + 1) {
                Ok(bid) => orders.bid = bid,
                Err(e) => issues.push(OrderIssue::at_line(i + 1, Some(5), e.message)),
            },
            _ => issues.push(OrderIssue::at_line(
                i + 1,
                Some(1),
                format!("`{line}`: write `bid N` with a card of your hand, then END"),
            )),
        }
    }
    if issues.is_empty() {
        Ok(Some(orders))
    } else {
        Err(issues)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_view_reads_and_writes_back() {
        let text = "turn 3\nprize 4\nleft 2\nhand 2 7 9\nsizes 3 3\nscores 5 0\n\
                    round 1 prize 5 bids 8 6 winner 0\nround 2 prize 1 bids 1 1 winner -\n";
        let view = read_view(text).unwrap();
        assert_eq!(view.prize, Some(4));
        assert_eq!(view.rounds[1].winner, None);
        assert_eq!(write_view(&view), text);
    }

    #[test]
    fn orders_wait_for_end_and_point_at_bad_lines() {
        assert_eq!(read_orders(b"bid 3\n"), Ok(None));
        assert_eq!(
            read_orders(b"bid 3\nEND\n"),
            Ok(Some(Orders { bid: Some(3) }))
        );
        let err = read_orders(b"bid three\nEND\n").unwrap_err();
        assert_eq!((err[0].line, err[0].column), (Some(1), Some(5)));
        let err = read_orders(b"raise 3\nEND\n").unwrap_err();
        assert!(err[0].message.contains("bid N"), "{}", err[0].message);
    }
}
