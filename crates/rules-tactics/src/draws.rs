//! The one seam for randomness (spec §10): every number the rules draw goes
//! through [`Draws`], labelled with its use. A new game draws from the
//! game's [`GameRng`] as a 53-bit fraction (spec §15); a re-run draws from
//! the engine's draws file (spec §12.1), which checks that each draw is asked
//! for the use the file names and that none is missing or left over.

use engine::GameRng;
use serde_json::Value;

use crate::action::Input;
use crate::error::Error;

/// What a draw is for (the `use` labels of spec §10; normative in draws files).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Use {
    FirstTeam,
    Hit,
    DeathblowCry,
    DeathblowTaunt,
    TeamScore,
    HealTarget,
    CounterTeam,
    CounterTarget,
    NewPlayerTeam,
}

impl Use {
    pub fn as_str(self) -> &'static str {
        match self {
            Use::FirstTeam => "firstTeam",
            Use::Hit => "hit",
            Use::DeathblowCry => "deathblowCry",
            Use::DeathblowTaunt => "deathblowTaunt",
            Use::TeamScore => "teamScore",
            Use::HealTarget => "healTarget",
            Use::CounterTeam => "counterTeam",
            Use::CounterTarget => "counterTarget",
            Use::NewPlayerTeam => "newPlayerTeam",
        }
    }
}

/// One draw asked for: its use and the labels that help find a divergence
/// (they are not inputs, spec §12.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draw {
    pub what: Use,
    /// The turn index at the time.
    pub turn: usize,
    /// The victim of a `hit` draw.
    pub unit: Option<u32>,
    /// The attacker of a `hit` draw.
    pub attacker: Option<u32>,
    /// The team a `teamScore` draw scores.
    pub team: Option<usize>,
}

impl Draw {
    pub fn new(what: Use, turn: usize) -> Draw {
        Draw {
            what,
            turn,
            unit: None,
            attacker: None,
            team: None,
        }
    }
}

/// A source of uniform numbers in `[0, 1)` for the rules.
pub trait Draws {
    /// The next number, for `draw`'s use.
    fn draw(&mut self, draw: Draw) -> f64;
}

/// Draws from a game's generator: `(a >> 5) · 2²⁶ + (b >> 6)` over 2⁵³ for
/// two 32-bit words `a`, `b` (spec §15), so every value is a double in [0, 1).
pub struct RngDraws<'a> {
    rng: &'a mut GameRng,
    /// How many numbers were drawn.
    pub count: usize,
}

impl<'a> RngDraws<'a> {
    pub fn new(rng: &'a mut GameRng) -> RngDraws<'a> {
        RngDraws { rng, count: 0 }
    }
}

/// The 53-bit fraction of two 32-bit words (spec §15).
pub fn fraction(a: u32, b: u32) -> f64 {
    let high = f64::from(a >> 5);
    let low = f64::from(b >> 6);
    (high * 67_108_864.0 + low) / 9_007_199_254_740_992.0
}

impl Draws for RngDraws<'_> {
    fn draw(&mut self, _draw: Draw) -> f64 {
        self.count += 1;
        let a = self.rng.next_u32();
        let b = self.rng.next_u32();
        fraction(a, b)
    }
}

/// A draws file (`tactics-draws/1`, spec §12.1): the numbers and their uses.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawsFile {
    /// The record the file belongs to, as the file names it.
    pub record: Option<String>,
    /// `engine` (the engine's own draws) or `recovered`.
    pub source: Option<String>,
    pub draws: Vec<FileDraw>,
    /// The batches of inputs the players sent, with the turn each was sent
    /// in (engine files only; informational, spec §12.1).
    pub inputs: Vec<(usize, Vec<Input>)>,
}

/// One entry of a draws file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileDraw {
    pub value: f64,
    /// The use label as written (compared with what the rules ask for).
    pub what: String,
    /// The turn label, if any (help only).
    pub turn: Option<u64>,
}

/// The format name a draws file must carry.
pub const FORMAT: &str = "tactics-draws/1";

/// Most draws a file may hold: far beyond any game (a long Chaos game draws
/// a few hundred), small enough that a broken file cannot exhaust memory.
pub const MAX_DRAWS: usize = 1_000_000;

impl DrawsFile {
    /// Reads a draws file's text; every problem names a JSON path.
    pub fn parse(text: &str) -> Result<DrawsFile, Error> {
        let v: Value = serde_json::from_str(text).map_err(|e| Error::json("the draws file", e))?;
        let Value::Object(top) = v else {
            return Err(Error::draws("$", "must be a JSON object"));
        };
        match top.get("format").and_then(Value::as_str) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(Error::draws(
                    "$.format",
                    format!("is `{other}`; this build reads `{FORMAT}` (tactics spec §12.1)"),
                ))
            }
            None => {
                return Err(Error::draws(
                    "$.format",
                    format!("missing; a draws file says `\"format\": \"{FORMAT}\"`"),
                ))
            }
        }
        let text_field = |k: &str| top.get(k).and_then(Value::as_str).map(str::to_string);
        let Some(list) = top.get("draws").and_then(Value::as_array) else {
            return Err(Error::draws("$.draws", "missing or not an array"));
        };
        if list.len() > MAX_DRAWS {
            return Err(Error::draws(
                "$.draws",
                format!("{} draws is more than the {MAX_DRAWS} accepted", list.len()),
            ));
        }
        let mut draws = Vec::with_capacity(list.len());
        for (i, d) in list.iter().enumerate() {
            let path = format!("$.draws[{i}]");
            let value = d
                .get("value")
                .and_then(Value::as_f64)
                .filter(|v| (0.0..1.0).contains(v))
                .ok_or_else(|| {
                    Error::draws(format!("{path}.value"), "must be a number in [0, 1)")
                })?;
            let what = d
                .get("use")
                .and_then(Value::as_str)
                .ok_or_else(|| Error::draws(format!("{path}.use"), "must be a use label"))?
                .to_string();
            draws.push(FileDraw {
                value,
                what,
                turn: d.get("turn").and_then(Value::as_u64),
            });
        }
        let mut inputs = vec![];
        for (i, batch) in top
            .get("inputs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let path = format!("$.inputs[{i}]");
            let turn = batch
                .get("turn")
                .and_then(Value::as_u64)
                .ok_or_else(|| Error::draws(format!("{path}.turn"), "must be a turn number"))?;
            let list = batch
                .get("actions")
                .and_then(Value::as_array)
                .ok_or_else(|| {
                    Error::draws(format!("{path}.actions"), "must be a list of inputs")
                })?;
            let sent = list
                .iter()
                .enumerate()
                .map(|(j, a)| {
                    serde_json::from_value::<Input>(a.clone()).map_err(|e| {
                        Error::draws(format!("{path}.actions[{j}]"), format!("not an input: {e}"))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            inputs.push((turn as usize, sent));
        }
        Ok(DrawsFile {
            record: text_field("record"),
            source: text_field("source"),
            draws,
            inputs,
        })
    }
}

/// What went wrong with a draws file during a re-run: the first problem only.
#[derive(Debug, Clone, PartialEq)]
pub enum DrawProblem {
    /// The rules asked draw `index` for another use than the file names.
    WrongUse {
        index: usize,
        file: String,
        asked: Draw,
    },
    /// The rules asked for more draws than the file has.
    TooMany { index: usize, asked: Draw },
}

/// Draws from a draws file, checking each use (spec §12.4).
pub struct FileDraws<'a> {
    file: &'a DrawsFile,
    /// How many draws the rules took.
    pub used: usize,
    /// The first problem, with the turn it happened in.
    pub problem: Option<DrawProblem>,
}

impl<'a> FileDraws<'a> {
    pub fn new(file: &'a DrawsFile) -> FileDraws<'a> {
        FileDraws {
            file,
            used: 0,
            problem: None,
        }
    }
}

impl Draws for FileDraws<'_> {
    fn draw(&mut self, draw: Draw) -> f64 {
        let index = self.used;
        self.used += 1;
        match self.file.draws.get(index) {
            Some(d) => {
                if d.what != draw.what.as_str() && self.problem.is_none() {
                    self.problem = Some(DrawProblem::WrongUse {
                        index,
                        file: d.what.clone(),
                        asked: draw,
                    });
                }
                d.value
            }
            None => {
                if self.problem.is_none() {
                    self.problem = Some(DrawProblem::TooMany { index, asked: draw });
                }
                // Any number will do: the re-run already failed.
                0.0
            }
        }
    }
}

/// A fixed list of numbers, for tests and for bots that look ahead.
pub struct ListDraws {
    pub values: Vec<f64>,
    pub next: usize,
}

impl Draws for ListDraws {
    fn draw(&mut self, _draw: Draw) -> f64 {
        let v = self.values.get(self.next).copied().unwrap_or(0.0);
        self.next += 1;
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_stay_below_one() {
        assert_eq!(fraction(0, 0), 0.0);
        assert!(fraction(u32::MAX, u32::MAX) < 1.0);
        assert_eq!(fraction(1 << 31, 0), 0.5);
    }

    #[test]
    fn a_draws_file_is_checked_with_paths() {
        let e = DrawsFile::parse(r#"{"format":"x","draws":[]}"#).unwrap_err();
        assert!(e.to_string().contains("$.format"), "{e}");
        let e = DrawsFile::parse(
            r#"{"format":"tactics-draws/1","draws":[{"value":0.5,"use":"hit"},{"value":1.5,"use":"hit"}]}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("$.draws[1].value"), "{e}");
    }

    #[test]
    fn a_wrong_use_and_a_missing_draw_are_reported_once() {
        let file = DrawsFile::parse(
            r#"{"format":"tactics-draws/1","draws":[{"value":0.25,"use":"hit"}]}"#,
        )
        .unwrap();
        let mut d = FileDraws::new(&file);
        assert_eq!(d.draw(Draw::new(Use::TeamScore, 3)), 0.25);
        d.draw(Draw::new(Use::Hit, 3));
        assert_eq!(d.used, 2);
        assert!(matches!(
            d.problem,
            Some(DrawProblem::WrongUse { index: 0, .. })
        ));
    }
}
