//! The bundled scenarios, so a game or a tournament can start without a
//! file. `duel` is two small squadrons closing from opposite sides.

/// The bundled scenarios' names.
pub const NAMES: &[&str] = &["duel"];

/// A bundled scenario's FT2 text by name (case-insensitive).
pub fn bundled(name: &str) -> Option<&'static str> {
    if name.eq_ignore_ascii_case("duel") {
        Some(include_str!("../../../games/fullthrust/duel.gzf"))
    } else {
        None
    }
}
