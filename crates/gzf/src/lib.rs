//! Ground Zero Format (GZF) files, and the FT2 game profile for Full Thrust.
//!
//! Two layers, as the spec (`shared/specs/gzf-ft2.md` §10) asks:
//!
//! * [`syntax`] — the profile-independent GZF reader and writer: blocks,
//!   fields, folded lines, positions; lossless, so unknown material
//!   round-trips.
//! * [`ft2`] — the FT2 profile as a typed model with the validation of
//!   spec §6, a canonical writer and a JSON form.
//!
//! [`rules`] holds the pure arithmetic of the played rules (movement, beam
//! fire, damage and thresholds, spec §7) so a rules crate only wires it in.
//! Nothing here knows about games being played, dice sources or turns.

pub mod diag;
pub mod ft2;
pub mod render;
pub mod rules;
pub mod syntax;

pub use diag::{Code, Diagnostic, Pos, Severity};
