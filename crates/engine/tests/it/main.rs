//! The engine's contract, tested on its own with the toy ruleset (sealed
//! bids: secret hands, simultaneous orders, a seeded deal): what `Match`,
//! the object-safe layer and `verify` promise every ruleset, whatever its
//! rules.

mod contract;
mod table;
