//! Integration tests of the xconq ruleset: the real program's fixtures
//! (`../shared/corpus/xconq-play`), replayed draw by draw and action by
//! action. Tests that need `../shared` say so in one line and pass without it.

mod fixtures;
