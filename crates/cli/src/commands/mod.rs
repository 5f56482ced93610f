//! One module per subcommand of `orderly`.
