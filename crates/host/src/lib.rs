//! The host behind `orderly serve`: any number of games of any registered
//! ruleset, played over an HTTP API, kept in a database that loses nothing.
//!
//! Layers, bottom up: [`storage`] (the trait) and [`sqlite`] (its backend)
//! keep games durably; [`slot`] is one game in memory, rebuildable from
//! storage; [`host`] holds every game and does the work (create, orders,
//! resolve); [`scheduler`] resolves turns whose deadline passed; [`events`]
//! fans out live events; [`api`] and [`openapi`] are the HTTP face;
//! [`server`] runs it all. [`client`] and [`bot`] are the other side: a
//! small HTTP client and a bot that plays a seat through the API. Only this
//! crate knows HTTP and databases; it names no ruleset (they come from the
//! registry).

pub mod api;
pub mod auth;
pub mod bot;
pub mod client;
pub mod error;
pub mod events;
pub mod host;
pub mod openapi;
pub mod policy;
pub mod postgres;
pub mod public;
pub mod scheduler;
pub mod server;
pub mod slot;
pub mod sqlite;
pub mod storage;

pub use error::{ErrorKind, HostError};
pub use server::{Background, Config};
