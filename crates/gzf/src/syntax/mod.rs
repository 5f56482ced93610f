//! The lossless syntax layer of GZF (spec §1): a file is blocks, a block is
//! an ordered list of fields, a field is a name and an ordered list of
//! fragments (the text on the field line, then one per continuation line),
//! each with its position.
//!
//! This layer knows nothing of any game profile. It is shaped as plain
//! ordered vectors, never maps, because repeated and unknown fields must
//! survive a round trip in place (spec §1.5, §1.6). The one piece of profile
//! knowledge the reader needs — which field names start a new block without
//! a blank line (§1.3) — comes in through [`BlockRule`].
//!
//! Reading is zero-copy: the reader keeps the whole file as one shared
//! buffer ([`Text`] is a span of it), so a field costs no allocation of its
//! own; a field with one fragment (the common case) does not even allocate
//! its fragment list ([`Fragments`]).

mod read;
mod text;
mod write;

pub use read::{
    check_diagnostics, read, BlockRule, Interned, Limits, NoBlockRule, ReadError, ReadErrorKind,
};
pub(crate) use read::{is_bad, line_end, next_line, read_blocks};
pub use text::{Fragments, SmallList, Text};
pub(crate) use write::{start_block, write_field};
pub use write::{write, LineEnd};

use crate::diag::Pos;
use std::borrow::Cow;

/// One piece of a field's value: the trimmed text of one physical line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fragment {
    pub text: Text,
    /// Where the text starts (for an empty value: just after the colon).
    pub pos: Pos,
}

impl Fragment {
    pub fn new(text: impl Into<Text>, pos: Pos) -> Fragment {
        Fragment {
            text: text.into(),
            pos,
        }
    }
}

/// One `Name: value` field, possibly folded over several lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The name as written (blanks before the colon removed).
    pub name: Cow<'static, str>,
    /// The profile's number for the name, from the reader's
    /// [`BlockRule::intern`] (0: none, as for a field a program made).
    pub name_id: u16,
    /// Column 1 of the field line.
    pub pos: Pos,
    /// Never empty for a field that was read; the first fragment may be "".
    pub fragments: Fragments,
}

impl Field {
    /// A field made by a program rather than read: one fragment, no position.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Field {
        Field {
            name: Cow::Owned(name.into()),
            name_id: 0,
            pos: Pos::default(),
            fragments: Fragments::one(Fragment::new(value.into(), Pos::default())),
        }
    }

    /// The unfolded value: fragments joined with one space (spec §1.2).
    pub fn unfolded(&self) -> String {
        let mut out = String::new();
        for (i, f) in self.fragments.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&f.text);
        }
        out
    }

    /// The position of the start of the value.
    pub fn value_pos(&self) -> Pos {
        self.fragments.first().map_or(self.pos, |f| f.pos)
    }
}

/// A block: the first field names its type and holds its identifier.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Block {
    pub fields: Vec<Field>,
}

impl Block {
    /// The block's type name as written (its first field's name).
    pub fn type_name(&self) -> &str {
        self.fields.first().map_or("", |f| f.name.as_ref())
    }

    /// Line 1 column 1 of the block's first field.
    pub fn pos(&self) -> Pos {
        self.fields.first().map_or(Pos::default(), |f| f.pos)
    }
}

/// A whole file as a sequence of blocks.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Document {
    pub blocks: Vec<Block>,
}
