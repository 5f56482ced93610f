//! Integration tests of the xconq ruleset.
