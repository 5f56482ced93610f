//! The arithmetic of the Full Thrust rules the host plays (spec §7), as pure
//! functions on the typed values of the FT2 model.
//!
//! No engine, no dice source, no turn sequencing: a rules crate wires these
//! into its own turn loop. They live here because the validator needs the
//! movement arithmetic for W313 and because every worked example of spec §8
//! can then be tested next to the format it belongs to.

pub mod damage;
pub mod fire;
pub mod geometry;
pub mod movement;
