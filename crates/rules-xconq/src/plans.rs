//! The real AI's "stay put" decisions, read from a tier-2 fixture's saves.
//!
//! In 7.5 a unit that will not move is not refuelled or rearmed by its
//! neighbours unless it needs the material to survive (spec §10.5,
//! `will_not_move`). Besides immobile and inactive units, the kernel counts a
//! unit whose plan is asleep, or whose plan's main goal is to occupy the
//! transport it is in. Plans are the AI's, not rules (D6), so our state has
//! no plans; what it has is the decision itself, [`crate::state::Unit::hold`]
//! (a seat's "stay put", answer to §18.4 question 2). A tier-2 replay takes
//! the AI's decisions from the fixture like it takes its actions: after each
//! save made after the movement phase, the units the save shows holding get
//! `hold`, every other unit loses it, and the end phase and the next start
//! phase see exactly what the real kernel saw.
//!
//! The save is read with the GDL scanner; only unit forms are looked at: a
//! top-level list with a `(# ID)` child, its `(in TRANSPORT)` child and its
//! `(plan ...)` child with `(asleep true)` or `(goal SIDE TF occupy ID)`.

use std::path::Path;

use gdl::lexer::{Lexer, LineCounters, TokenKind};

use crate::error::Error;

/// An s-expression of the save, as much as this module needs.
#[derive(Debug)]
enum Sx {
    Atom(String),
    Num(i32),
    List(Vec<Sx>),
}

impl Sx {
    fn head(&self) -> Option<&str> {
        match self {
            Sx::List(items) => match items.first() {
                Some(Sx::Atom(a)) => Some(a),
                _ => None,
            },
            _ => None,
        }
    }

    fn items(&self) -> &[Sx] {
        match self {
            Sx::List(items) => items,
            _ => &[],
        }
    }

    /// The child list whose head is `name`.
    fn child(&self, name: &str) -> Option<&Sx> {
        self.items().iter().find(|c| c.head() == Some(name))
    }

    fn num(&self, i: usize) -> Option<i32> {
        match self.items().get(i) {
            Some(Sx::Num(n)) => Some(*n),
            _ => None,
        }
    }

    fn atom(&self, i: usize) -> Option<&str> {
        match self.items().get(i) {
            Some(Sx::Atom(a)) => Some(a),
            _ => None,
        }
    }
}

/// Reads the top-level forms of a save.
fn read_forms(path: &Path, src: &[u8]) -> Result<Vec<Sx>, Error> {
    let bad = |message: String| Error::Fixture {
        path: path.to_path_buf(),
        message,
    };
    let mut lexer = Lexer::new(src, LineCounters::default());
    let mut stack: Vec<Vec<Sx>> = vec![Vec::new()];
    // Where each open list began, to name an unclosed one.
    let mut opened: Vec<usize> = Vec::new();
    loop {
        let token = lexer.next_token().map_err(|e| bad(format!("{e}")))?;
        let item = match token.kind {
            TokenKind::Eof => break,
            TokenKind::Open => {
                stack.push(Vec::new());
                opened.push(token.start);
                continue;
            }
            TokenKind::Close => {
                opened.pop();
                let done = stack.pop().filter(|_| !stack.is_empty()).ok_or_else(|| {
                    let (line, col) = gdl::error::line_col(src, token.start);
                    bad(format!("unbalanced ')' at {line}:{col}"))
                })?;
                Sx::List(done)
            }
            TokenKind::Num(n) => Sx::Num(n),
            TokenKind::Sym { name, .. } => Sx::Atom(String::from_utf8_lossy(&name).into_owned()),
            TokenKind::Str(s) => Sx::Atom(String::from_utf8_lossy(&s).into_owned()),
            TokenKind::Nil => Sx::List(Vec::new()),
            TokenKind::Quote => continue,
        };
        stack
            .last_mut()
            .expect("the top level is never popped")
            .push(item);
    }
    if let Some(&start) = opened.last() {
        let (line, col) = gdl::error::line_col(src, start);
        return Err(bad(format!(
            "the list opened at {line}:{col} is not closed at the end of the file (a save cut short?)"
        )));
    }
    Ok(stack.pop().unwrap_or_default())
}

/// The ids of the units a save shows as staying put, in file order.
pub fn holding_units(path: &Path) -> Result<Vec<i32>, Error> {
    let src = std::fs::read(path).map_err(|error| Error::Io {
        path: path.to_path_buf(),
        error,
    })?;
    holding_units_in(path, &src)
}

/// [`holding_units`] of a save's text (`path` only names it in errors).
pub fn holding_units_in(path: &Path, src: &[u8]) -> Result<Vec<i32>, Error> {
    let mut out = Vec::new();
    for form in read_forms(path, src)? {
        let Some(id) = form.child("#").and_then(|c| c.num(1)) else {
            continue;
        };
        let Some(plan) = form.child("plan") else {
            continue;
        };
        let asleep = plan
            .child("asleep")
            .is_some_and(|a| a.atom(1) == Some("true") || a.num(1).is_some_and(|n| n != 0));
        let transport = form.child("in").and_then(|c| c.num(1));
        let occupies_transport = plan.child("goal").is_some_and(|g| {
            g.atom(3) == Some("occupy") && transport.is_some() && g.num(4) == transport
        });
        if asleep || occupies_transport {
            out.push(id);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAVE: &str = r#"(game-module "standard")
(unit-ids 40)
(town 14 19 2 (n "Hoboken") (# 13) (nb 6) (m 500 199)
  (acp 0)
  (plan Passive 17 (reserve true)))
(infantry 14 19 2 (# 33) (in 13) (nb 3) (m 6 5)
  (acp 0)
  (plan Defensive 8 (goal 2 1 occupy 13)))
(infantry 19 9 2 (# 15) (nb 1) (m 5 6)
  (plan Defensive 4 (goal 2 1 occupy 1)))
(armor 3 4 1 (# 21) (in 13) (m 9 4)
  (plan Offensive 11 (asleep true) (tasks (move-to 10 0 46 14 0 12 0))))
"#;

    #[test]
    fn occupying_its_own_transport_or_asleep_holds() {
        let held = holding_units_in(Path::new("t.xcq"), SAVE.as_bytes()).unwrap();
        // 15 wants to occupy unit 1 but is not in it: it still moves.
        assert_eq!(held, vec![33, 21]);
    }

    #[test]
    fn an_unbalanced_save_is_refused_with_its_position() {
        let err = holding_units_in(Path::new("t.xcq"), b"(a (b))\n)").unwrap_err();
        assert!(err.to_string().contains("2:1"), "{err}");
        let err = holding_units_in(Path::new("t.xcq"), b"(a)\n  (b (c)").unwrap_err();
        assert!(err.to_string().contains("2:3"), "{err}");
    }
}
