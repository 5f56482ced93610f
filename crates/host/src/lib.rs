//! The host behind `orderly serve`: any number of games of any registered
//! ruleset, played over an HTTP API, kept in a database that loses nothing.
//!
//! Layers, bottom up: [`storage`] (the trait) and its backends [`sqlite`]
//! (the default: one file, one process) and [`postgres`] (one database that
//! several `orderly serve` processes share) keep games durably; [`slot`] is one game in memory, rebuildable from
//! storage; [`host`] holds every game and does the work (create, orders,
//! resolve); [`scheduler`] resolves turns whose deadline passed; [`events`]
//! fans out live events; [`files`] is the other front door, seats played
//! by files in folders the server watches; `table` takes resignations and
//! draw offers over HTTP; [`api`] and [`openapi`] are the
//! HTTP face, `assets` serves the browser client's files (the web crate's
//! and each ruleset's controller and guide), [`edge`] puts the framework's
//! own errors in its shape and reads each request's body before routing; [`server`] runs it all. The other side, a client
//! of the API and a bot playing a seat through it, is the `orderly-client`
//! crate, which does not depend on this one. Only this crate knows HTTP
//! serving and databases; it names no ruleset (they come from the registry).
//!
//! Each process keeps its games in memory (a [`slot`] per game, behind its
//! own lock) in front of storage. With SQLite that memory is the truth
//! between writes. With PostgreSQL the database is: every write is
//! conditional on the game's step (and a resolution on the step's stored
//! orders), a process whose copy is behind gets a conflict, reads the game
//! again and retries or answers 409, and `LISTEN/NOTIFY` ([`host::Host::follow`])
//! keeps the copies fresh, loads games created elsewhere and carries the
//! live events of turns other processes resolved.

pub mod api;
mod assets;
pub mod auth;
pub mod boards;
pub mod edge;
pub mod error;
pub mod events;
pub mod files;
pub mod host;
pub mod openapi;
mod playing;
pub mod policy;
#[cfg(feature = "postgres")]
pub mod postgres;
pub mod public;
pub mod scheduler;
pub mod server;
pub mod slot;
pub mod sqlite;
pub mod storage;
mod table;
pub mod tickets;

pub use error::{ErrorKind, HostError};
pub use server::{Background, Config};
