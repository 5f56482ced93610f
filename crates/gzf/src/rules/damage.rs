//! Damage and threshold arithmetic (spec §7.5).
