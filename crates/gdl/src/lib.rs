//! Reads Xconq 7.5 game modules (GDL) exactly the way the 7.5 kernel does.
//!
//! The crate knows nothing of games being played: it turns module files into
//! a game definition (types, tables, globals, sides, units, area, …) and a list
//! of warnings, and it can print that definition in the oracle dump format used
//! to compare it with 7.5 (see `../shared/specs/gdl.md`, "gdl spec" in comments).
//!
//! Layers, bottom up: [`lexer`] scans bytes into tokens, [`reader`] builds
//! forms, [`interp`] evaluates and interprets them and loads modules, [`dump`]
//! prints the result and [`diagnostic`] renders warnings and errors for people.
//! Forms are made of [`value::Value`]s: strings are ranges of their module
//! file where they can be ([`value::Text`]), and the lists of a form share
//! one block ([`list`], the crate's one `unsafe` module). A warning about
//! a part of a form (a clause, a value) points at that part: the form is
//! read again for the offsets of its parts the first time one is needed
//! ([`reader::form_offsets`]), so reading keeps no positions inside forms.

pub mod defaults;
pub mod diagnostic;
pub mod dump;
pub mod error;
pub mod game_values;
pub mod interp;
pub mod lexer;
pub mod list;
pub mod print;
pub mod reader;
pub mod value;

pub use error::{Error, ErrorKind, Location};
pub use interp::{Interp, Limits, MemoryFile, Options};

/// The result of reading a main module: the interpreter state, and the fatal
/// error that stopped reading, if any.
pub struct Loaded {
    pub interp: Interp,
    pub fatal: Option<Error>,
}

/// Loads `target` (a `.g` file or a module name) as the main module.
pub fn load(target: &str, options: Options) -> Loaded {
    let mut interp = Interp::new(options);
    let fatal = interp.load_main(target).err();
    Loaded { interp, fatal }
}

/// Runs `f` on a thread with a large stack: evaluation recurses as deeply as
/// the module's expressions nest (bounded by [`Limits::max_depth`]).
pub fn with_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(f)
        .expect("spawning the reader thread")
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e))
}
