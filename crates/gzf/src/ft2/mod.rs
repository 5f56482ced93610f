//! The FT2 game profile (spec §2–§6): a typed model of every block and
//! field, built from the profile-independent syntax layer, with the
//! validation of spec §6.
//!
//! Reading is one pass that never stops at the first problem: the result is
//! always a model plus every diagnostic, and the caller decides whether a
//! file with errors is usable (the host never plays one).

pub mod assoc;
pub mod grammar;
pub mod json;
pub mod model;
pub mod names;
pub mod orders;
pub mod parse;
pub mod playtime;
pub mod synthetic;
pub mod validate;
pub mod values;
pub mod view;

pub use model::{Ft2Block, Ft2File, ModelField};
pub use names::BlockKind;
pub use values::Value;

use crate::diag::{Code, Diagnostic, Diagnostics, Pos};
use crate::syntax::{self, Limits, ReadError};

/// A read FT2 file: the model and every diagnostic, sorted (spec §11.1).
#[derive(Clone, Debug)]
pub struct Ft2Read {
    pub file: Ft2File,
    pub diagnostics: Vec<Diagnostic>,
}

impl Ft2Read {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Reads and validates an FT2 file with the default limits.
pub fn read(input: &[u8]) -> Result<Ft2Read, ReadError> {
    read_with(input, &Limits::default())
}

/// Reads and validates an FT2 file.
pub fn read_with(input: &[u8], limits: &Limits) -> Result<Ft2Read, ReadError> {
    let (doc, mut d) = syntax::read(input, limits, &grammar::Ft2BlockRule)?;
    let mut file = Ft2File::default();
    if doc.blocks.is_empty() {
        d.push(
            Code::E201,
            Pos::new(1, 1),
            "empty file: a GZF file starts with a header block, `GZF-Version: 1.0`",
        );
    }
    for (i, block) in doc.blocks.into_iter().enumerate() {
        let is_header = BlockKind::from_name(block.type_name()) == Some(BlockKind::Header);
        if i == 0 && !is_header {
            // §11.2: E201 at 1:1 alone; the first block is read as its type.
            d.push(
                Code::E201,
                Pos::new(1, 1),
                "the file does not start with `GZF-Version:`; add a header block first",
            );
        } else if i > 0 && is_header {
            d.push(
                Code::E202,
                block.pos(),
                "GZF-Version is only allowed as the first field of the file",
            );
            // Kept as written and not checked further: one error is enough
            // for a block that should not be there.
            file.blocks.push(validate::misplaced_header(block));
            continue;
        }
        file.blocks.push(validate::build_block(block, &mut d));
    }
    assoc::associate(&mut file, &mut d);
    orders::check_orders(&file, &mut d);
    let end = file.blocks.last().map_or(Pos::new(1, 1), |b| b.pos);
    syntax::check_diagnostics(&d, limits, end)?;
    Ok(Ft2Read {
        file,
        diagnostics: Diagnostics::sorted(d),
    })
}
