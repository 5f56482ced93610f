//! One module per subcommand of `orderly`.
pub mod gzf;
