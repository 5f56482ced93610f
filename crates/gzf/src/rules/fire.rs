//! Beam fire arithmetic (spec §7.4).
