//! The registry's tests: the layering rules (`tidy`) and what every
//! registered plug-in must give (`plugins`).

mod plugins;
mod schemas;
mod tidy;
