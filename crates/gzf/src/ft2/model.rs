//! The FT2 model: every block of the file in order, each field typed by its
//! grammar, plus what association found (spec §5).
//!
//! The model keeps the order and the unknown material of the syntax layer
//! (spec §10: "keep two layers") and adds typed values on top. It is the one
//! thing the writer, the JSON form and a rules engine work from: a rules
//! engine reads typed values through [`super::view`] and changes them with
//! [`Ft2Block::set`], which puts a new field at its grammar position.

use super::grammar::{self, lookup};
use super::values::Value;
use super::BlockKind;
use crate::diag::Pos;
use crate::syntax::{Block, Document, Field, Fragment, Fragments, LineEnd};
use std::borrow::Cow;

/// One field of a block: known (typed) or unknown (kept as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelField {
    /// The name to write: canonical for known fields (`Armor` keeps its
    /// family), as read for unknown ones.
    pub name: Cow<'static, str>,
    /// Whether the block's grammar knows the field.
    pub known: bool,
    /// Column 1 of the field line (default for fields a program made).
    pub pos: Pos,
    /// The typed value of a known field that read without error.
    pub value: Option<Value>,
    /// The fragments as read, with positions; written as they are when
    /// there is no typed value (unknown fields, invalid values).
    pub raw: Fragments,
}

impl ModelField {
    /// A known field with a typed value, as a program makes it.
    pub fn typed(name: &str, value: Value) -> ModelField {
        ModelField {
            name: Cow::Owned(name.to_string()),
            known: true,
            pos: Pos::default(),
            value: Some(value),
            raw: Fragments::new(),
        }
    }

    /// The fragments the writer puts out.
    pub fn written_fragments(&self) -> Vec<String> {
        match &self.value {
            Some(v) => v.fragments(),
            None => self.raw.iter().map(|f| f.text.to_string()).collect(),
        }
    }

    /// The position of the value's first character.
    pub fn value_pos(&self) -> Pos {
        self.raw.first().map_or(self.pos, |f| f.pos)
    }
}

/// One block of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ft2Block {
    /// `None` for a block whose type the profile does not know (W302).
    pub kind: Option<BlockKind>,
    pub pos: Pos,
    pub fields: Vec<ModelField>,
    /// For System and Base-Sector blocks: the block index of the owner
    /// (spec §5.1): a Ship, a Base or a Base-Sector.
    pub owner: Option<usize>,
}

impl Ft2Block {
    /// A new known block with only its identifier field.
    pub fn new(kind: BlockKind, id: Value) -> Ft2Block {
        Ft2Block {
            kind: Some(kind),
            pos: Pos::default(),
            fields: vec![ModelField::typed(kind.name(), id)],
            owner: None,
        }
    }

    /// The first known field of that (canonical) name.
    #[inline]
    pub fn field(&self, name: &str) -> Option<&ModelField> {
        self.fields.iter().find(|f| f.known && f.name_is(name))
    }

    /// The typed value of a known field, if present and valid.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.field(name).and_then(|f| f.value.as_ref())
    }

    /// The identifier as free text (fragments joined with one space).
    pub fn id(&self) -> String {
        self.fields
            .first()
            .map(|f| f.written_fragments().join(" "))
            .unwrap_or_default()
    }

    /// Sets a known field's value: replaces the first occurrence in place,
    /// or inserts it at its grammar position (spec §1.8): before the first
    /// existing known field that comes later in the block's table.
    pub fn set(&mut self, name: &str, value: Value) {
        let Some(kind) = self.kind else {
            return;
        };
        if let Some(f) = self.fields.iter_mut().find(|f| f.known && f.name_is(name)) {
            f.value = Some(value);
            return;
        }
        let table = grammar::fields(kind);
        let rank = |n: &str| table.iter().position(|s| s.name.eq_ignore_ascii_case(n));
        let written = lookup(kind, name).map_or(name, |l| l.written);
        let Some(my_rank) = rank(written) else {
            return;
        };
        let at = self
            .fields
            .iter()
            .position(|f| f.known && rank(f.canonical()).is_some_and(|r| r > my_rank))
            .unwrap_or(self.fields.len());
        self.fields.insert(at, ModelField::typed(written, value));
    }

    /// Removes every known field of that name.
    pub fn remove(&mut self, name: &str) {
        self.fields.retain(|f| !(f.known && f.name_is(name)));
    }
}

impl ModelField {
    /// The canonical table name (`Armor` is `Armour`).
    pub fn canonical(&self) -> &str {
        if self.name == "Armor" {
            "Armour"
        } else {
            &self.name
        }
    }

    #[inline]
    fn name_is(&self, name: &str) -> bool {
        // Known fields hold canonical names and callers pass them: the
        // length and the exact test settle almost every call without case
        // folding. Only Armor/Armour (5 and 6 letters) match across lengths.
        let mine: &str = &self.name;
        if mine.len() != name.len() && mine.len() + name.len() != 11 {
            return false;
        }
        if mine == name {
            return true;
        }
        self.canonical().eq_ignore_ascii_case(name)
            || (name.eq_ignore_ascii_case("Armor") && self.canonical() == "Armour")
    }
}

/// A whole FT2 file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ft2File {
    pub blocks: Vec<Ft2Block>,
}

/// A large file's blocks are freed on every core: freeing the model of a
/// 10 MiB file is about a quarter of the time reading it took.
impl Drop for Ft2File {
    fn drop(&mut self) {
        use rayon::prelude::*;
        const PARALLEL_BLOCKS: usize = 1 << 14;
        if self.blocks.len() >= 2 * PARALLEL_BLOCKS && rayon::current_num_threads() > 1 {
            std::mem::take(&mut self.blocks)
                .into_par_iter()
                .with_min_len(PARALLEL_BLOCKS)
                .for_each(drop);
        }
    }
}

impl Ft2File {
    /// The syntax document in canonical form (spec §1.8).
    pub fn to_document(&self) -> Document {
        let blocks = self
            .blocks
            .iter()
            .map(|b| Block {
                fields: b
                    .fields
                    .iter()
                    .map(|f| {
                        let frags = f.written_fragments();
                        let frags = if frags.is_empty() {
                            vec![String::new()]
                        } else {
                            frags
                        };
                        Field {
                            name: f.name.clone(),
                            name_id: 0,
                            pos: Pos::default(),
                            fragments: frags
                                .into_iter()
                                .map(|t| Fragment::new(t, Pos::default()))
                                .collect(),
                        }
                    })
                    .collect(),
            })
            .collect();
        Document { blocks }
    }

    /// The canonical text of the file, every line ending in CR LF.
    pub fn to_canonical(&self) -> String {
        self.to_text(LineEnd::CrLf)
    }

    /// The canonical layout with a chosen line end (spec §1.1 allows LF as
    /// a writer option; CR LF is canonical): what `syntax::write` makes of
    /// [`Ft2File::to_document`], written directly (a test holds the two
    /// equal), so read fragments are not copied into a document first.
    pub fn to_text(&self, eol: LineEnd) -> String {
        use crate::syntax::{start_block, write_field};
        let mut out = String::new();
        let mut first = true;
        for b in self.blocks.iter().filter(|b| !b.fields.is_empty()) {
            start_block(&mut out, &mut first, eol);
            let width = b.fields.iter().map(|f| f.name.len()).max().unwrap_or(0);
            for f in &b.fields {
                match &f.value {
                    Some(v) => {
                        let frags = v.fragments();
                        write_field(
                            &mut out,
                            &f.name,
                            frags.iter().map(String::as_str),
                            width,
                            eol,
                        );
                    }
                    None => {
                        let frags = f.raw.iter().map(|fr| fr.text.as_str());
                        write_field(&mut out, &f.name, frags, width, eol);
                    }
                }
            }
        }
        out
    }

    /// Index of the first block of a kind.
    pub fn first(&self, kind: BlockKind) -> Option<usize> {
        self.blocks.iter().position(|b| b.kind == Some(kind))
    }

    /// The Scenario's `Turn`, if there is a valid one.
    pub fn turn(&self) -> Option<i64> {
        let s = self.first(BlockKind::Scenario)?;
        match self.blocks[s].get("Turn") {
            Some(Value::Int(t)) => Some(*t),
            _ => None,
        }
    }

    /// Indices of the blocks owned by `owner`, in file order.
    pub fn components(&self, owner: usize) -> impl Iterator<Item = usize> + '_ {
        self.blocks
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.owner == Some(owner))
            .map(|(i, _)| i)
    }

    /// Every block's components (block indices in file order), gathered in
    /// one pass: for walking many owners, where [`Ft2File::components`] per
    /// owner would scan the file once for each.
    pub fn all_components(&self) -> Vec<Vec<usize>> {
        let mut owned: Vec<Vec<usize>> = vec![Vec::new(); self.blocks.len()];
        for (s, b) in self.blocks.iter().enumerate() {
            if let Some(o) = b.owner.filter(|&o| o < owned.len()) {
                owned[o].push(s);
            }
        }
        owned
    }

    /// Inserts a block right after `owner`'s last component (or after the
    /// owner itself) and makes `owner` its owner; returns its index. Owner
    /// indices of later blocks are shifted to match.
    pub fn insert_component(&mut self, owner: usize, mut block: Ft2Block) -> usize {
        let at = self.components(owner).last().unwrap_or(owner) + 1;
        for b in &mut self.blocks {
            if let Some(o) = b.owner.as_mut() {
                if *o >= at {
                    *o += 1;
                }
            }
        }
        block.owner = Some(owner);
        self.blocks.insert(at, block);
        at
    }
}
