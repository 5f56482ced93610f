//! The rulesets this build knows now live in the `orderly-registry` crate
//! (the host needs the same list and must not depend on the CLI); this module
//! only re-exports them so the subcommands keep saying `registry::find`.

pub use ::registry::find;
