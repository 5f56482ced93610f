//! List values: slices of shared, immutable blocks of values.
//!
//! A top-level form of a module holds dozens of lists (a `table` form can
//! hold thousands). Giving each its own reference-counted allocation made
//! `malloc` and `free` a seventh of a whole `orderly gdl check`. Here the
//! reader puts every list of one form into one block: a nested list is a
//! range of that block, and the handle stored inside the block for it is
//! *interior*: it holds no count, because the block it lives in is alive as
//! long as anything can see it. Handles outside a block (the form itself,
//! and every clone, including a clone of an interior handle) are counted,
//! like an `Rc`. Lists made by the evaluator get a block of their own.
//!
//! Soundness rests on three facts, each kept by this module alone:
//! - a block's values are written once, before any handle can read them, and
//!   never changed or moved afterwards (the module hands out only `&[Value]`)
//!   until the block is released; a released block (a few are kept per
//!   thread, emptied, so that the next forms need no allocation) is written
//!   again only for a new form, when no handle of its old one is left;
//! - an interior handle is only ever created inside a block's values, and
//!   can only leave it by `Clone`, which makes a counted handle: `List` is
//!   not `Copy`, and nothing gives `&mut` access to a block's values;
//! - a block is freed when its count falls to zero, and only counted handles
//!   change the count.
//!
//! Like `Rc`, a `List` is neither `Send` nor `Sync` (it holds a raw pointer).

use std::cell::{Cell, RefCell};
use std::fmt;
use std::ops::Deref;
use std::ptr::NonNull;

use crate::value::Value;

/// The shared allocation behind lists: a count of counted handles and the
/// values, written once.
struct Block {
    refs: Cell<usize>,
    values: Vec<Value>,
}

/// Freed blocks kept for the next forms (most forms are dropped as soon
/// as they are interpreted): at most this many, each with room for at most
/// [`SPARE_ROOM`] values.
const SPARE_BLOCKS: usize = 16;
const SPARE_ROOM: usize = 1024;

/// The spare blocks of this thread, emptied, their room kept.
struct Spares(Vec<NonNull<Block>>);

impl Drop for Spares {
    fn drop(&mut self) {
        for b in self.0.drain(..) {
            // SAFETY: a spare block has no handles; it came from `Box::leak`.
            drop(unsafe { Box::from_raw(b.as_ptr()) });
        }
    }
}

thread_local! {
    static SPARES: RefCell<Spares> = const { RefCell::new(Spares(Vec::new())) };
}

/// A block with no values and no handles: a spare one, or a new one.
fn new_block() -> NonNull<Block> {
    // `try_with`: a thread's own destructors may still make lists after its
    // spares are gone.
    SPARES
        .try_with(|s| s.borrow_mut().0.pop())
        .ok()
        .flatten()
        .unwrap_or_else(|| {
            NonNull::from(Box::leak(Box::new(Block {
                refs: Cell::new(0),
                values: Vec::new(),
            })))
        })
}

/// Drops a block's values and keeps the block as a spare, or frees it.
///
/// # Safety
/// No handle to `block` may be used afterwards (its count is zero, or it
/// never had a handle that read it).
unsafe fn release_block(block: NonNull<Block>) {
    // SAFETY (the caller's): nothing else reads the block now.
    let values = unsafe { &mut (*block.as_ptr()).values };
    // Dropping the values may release other blocks (and so use the spares);
    // no borrow of them is held here.
    values.clear();
    let keep = values.capacity() <= SPARE_ROOM
        && SPARES
            .try_with(|s| {
                let mut s = s.borrow_mut();
                let room = s.0.len() < SPARE_BLOCKS;
                if room {
                    s.0.push(block);
                }
                room
            })
            .unwrap_or(false);
    if !keep {
        // SAFETY: the block came from `Box::leak` and is not a spare.
        drop(unsafe { Box::from_raw(block.as_ptr()) });
    }
}

/// The top bit of [`List::len`]: the handle lives inside its block and is
/// not counted.
const INTERIOR: u32 = 1 << 31;

/// A non-empty list: `len` values of a block from `start`.
pub struct List {
    block: NonNull<Block>,
    start: u32,
    /// The length, with [`INTERIOR`] set for an uncounted handle.
    len: u32,
}

impl List {
    /// A list of its own block. `None` for no values (the empty list is nil).
    pub fn from_vec(values: Vec<Value>) -> Option<List> {
        if values.is_empty() {
            return None;
        }
        let len = length(values.len());
        let block = Box::new(Block {
            refs: Cell::new(1),
            values,
        });
        Some(List {
            block: NonNull::from(Box::leak(block)),
            start: 0,
            len,
        })
    }

    /// Whether two handles are the same values of the same block.
    pub fn ptr_eq(a: &List, b: &List) -> bool {
        a.block == b.block && a.start == b.start && a.len() == b.len()
    }

    /// The values from `from` on, sharing this list's block; `None` when
    /// nothing is left. Panics if `from` is past the end, like slicing.
    pub fn tail(&self, from: usize) -> Option<List> {
        let len = self.len();
        assert!(from <= len, "list tail {from} past the end {len}");
        if from == len {
            return None;
        }
        self.add_ref();
        Some(List {
            block: self.block,
            start: self.start + from as u32,
            len: (len - from) as u32,
        })
    }

    /// The index of the value at `value` among the values of this list's
    /// block, if it is one of them: for a form's block, any part of the
    /// form, asked of the form (or of any list of it) by address. The index
    /// is the value's place in the order the reader builds a block (see
    /// [`crate::reader::form_offsets`]). Only the address is compared: it
    /// need not point at a live value.
    pub fn block_index(&self, value: *const Value) -> Option<usize> {
        let values = &self.block().values;
        let size = std::mem::size_of::<Value>();
        let from_base = (value as usize).checked_sub(values.as_ptr() as usize)?;
        let index = from_base / size;
        (from_base % size == 0 && index < values.len()).then_some(index)
    }

    /// The place among this list's own items of value `index` of its block
    /// (as [`List::block_index`] gives it), if it is one of them.
    pub fn item_of_block_index(&self, index: usize) -> Option<usize> {
        let start = self.start as usize;
        let len = (self.len & !INTERIOR) as usize;
        (start..start + len).contains(&index).then(|| index - start)
    }

    fn block(&self) -> &Block {
        // SAFETY: a counted handle keeps its block alive; an interior one
        // lives inside its block's values, which are borrowed for as long
        // as `self` is (module doc).
        unsafe { self.block.as_ref() }
    }

    fn add_ref(&self) {
        let refs = &self.block().refs;
        refs.set(refs.get() + 1);
    }

    fn counted(&self) -> bool {
        self.len & INTERIOR == 0
    }
}

/// A list length as stored in a handle: below [`INTERIOR`].
fn length(n: usize) -> u32 {
    assert!(n < INTERIOR as usize, "a list of {n} values is too long");
    n as u32
}

impl Deref for List {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        let start = self.start as usize;
        let len = (self.len & !INTERIOR) as usize;
        &self.block().values[start..start + len]
    }
}

impl Clone for List {
    fn clone(&self) -> List {
        self.add_ref();
        List {
            block: self.block,
            start: self.start,
            len: self.len & !INTERIOR,
        }
    }
}

impl Drop for List {
    fn drop(&mut self) {
        if !self.counted() {
            return;
        }
        let refs = &self.block().refs;
        let left = refs.get() - 1;
        refs.set(left);
        if left == 0 {
            // SAFETY: the last counted handle is going; interior handles are
            // inside the block and go with it.
            unsafe { release_block(self.block) };
        }
    }
}

impl fmt::Debug for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Builds the lists of one form into one block: each list closed is moved
/// into the block and replaced, in its parent, by an interior handle.
pub struct FormBlock {
    /// Allocated at the first list, with no values until [`FormBlock::finish`].
    block: Option<NonNull<Block>>,
}

impl FormBlock {
    pub fn new() -> FormBlock {
        FormBlock { block: None }
    }

    /// Moves `items` (left empty) to the end of `values`, the block's values
    /// being built, and gives the interior handle of them, or nil for no
    /// items.
    pub fn push_list(&mut self, values: &mut Vec<Value>, items: &mut Vec<Value>) -> Value {
        if items.is_empty() {
            return Value::Nil;
        }
        let start = values.len();
        values.append(items);
        self.handle(start, values.len())
    }

    /// [`FormBlock::push_list`] for a list of two values.
    pub fn push_pair(&mut self, values: &mut Vec<Value>, pair: [Value; 2]) -> Value {
        let start = values.len();
        values.extend(pair);
        self.handle(start, values.len())
    }

    /// The interior handle of `values[start..end]`.
    fn handle(&mut self, start: usize, end: usize) -> Value {
        let block = *self.block.get_or_insert_with(new_block);
        Value::List(List {
            block,
            start: length(start),
            len: length(end - start) | INTERIOR,
        })
    }

    /// Gives the block its `values` (left empty, keeping their capacity)
    /// and returns `root` as a counted value. `root` must be the last value
    /// [`FormBlock::push_list`] gave, or not a list.
    pub fn finish(mut self, values: &mut Vec<Value>, root: Value) -> Value {
        let Some(block) = self.block.take() else {
            return root;
        };
        // SAFETY: no handle has read the block yet (interior handles exist
        // only in `values` and `root`), so it can be written; from here on
        // it is only read.
        unsafe {
            let b = &mut *block.as_ptr();
            // A spare block's room is used if it fits without much waste
            // (the block may live as long as the game definition).
            let room = b.values.capacity();
            if room < values.len() || room > 2 * values.len() + 64 {
                b.values = Vec::with_capacity(values.len());
            }
            b.values.append(values);
            b.refs.set(1);
        }
        match root {
            Value::List(mut list) => {
                debug_assert!(list.block == block && !list.counted());
                list.len &= !INTERIOR;
                Value::List(list)
            }
            other => {
                // No handle counts the block: free it (only reachable if a
                // caller broke the contract above).
                // SAFETY: refs was just set to one for this drop.
                drop(List {
                    block,
                    start: 0,
                    len: 0,
                });
                other
            }
        }
    }
}

impl Default for FormBlock {
    fn default() -> Self {
        FormBlock::new()
    }
}

impl Drop for FormBlock {
    /// A form abandoned on an error: release the block, still empty; the
    /// values being built (the caller's) hold only interior handles of it,
    /// which are never read and free nothing.
    fn drop(&mut self) {
        if let Some(block) = self.block.take() {
            // SAFETY: not finished, so no handle has read it.
            unsafe { release_block(block) };
        }
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::{FormBlock, List};
    use crate::value::{Text, Value};

    /// A string value and a probe of how many handles share its bytes, to
    /// see when a block's values are dropped.
    fn probe() -> (Value, Rc<Vec<u8>>) {
        let bytes = Rc::new(b"probe".to_vec());
        (Value::Str(Text::in_file(&bytes, 0, 5)), bytes)
    }

    /// Reads `((probe 1) 2)` the way the reader does: inner list first.
    fn form(probe: Value) -> Value {
        let mut values = Vec::new();
        let mut form = FormBlock::new();
        let inner = form.push_list(&mut values, &mut vec![probe, Value::Num(1)]);
        let outer = form.push_list(&mut values, &mut vec![inner, Value::Num(2)]);
        let root = form.finish(&mut values, outer);
        assert!(values.is_empty());
        root
    }

    #[test]
    fn a_form_block_lives_while_any_handle_to_it_does() {
        let (p, bytes) = probe();
        let root = form(p);
        assert_eq!(Rc::strong_count(&bytes), 2);
        // Clone the interior handle of the inner list out of the block.
        let inner = root.items()[0].clone();
        assert!(matches!(inner.items()[1], Value::Num(1)));
        drop(root);
        // The inner list still reads, so the block is still there.
        assert_eq!(inner.items()[0].as_str(), Some(&b"probe"[..]));
        assert_eq!(Rc::strong_count(&bytes), 2);
        drop(inner);
        assert_eq!(
            Rc::strong_count(&bytes),
            1,
            "the block's values were dropped once"
        );
    }

    #[test]
    fn clones_tails_and_equality_share_the_block() {
        let (p, bytes) = probe();
        let root = form(p);
        let Value::List(list) = &root else {
            panic!("a list")
        };
        let again = list.clone();
        assert!(List::ptr_eq(list, &again));
        let tail = list.tail(1).expect("one value left");
        assert_eq!(tail.len(), 1);
        assert!(matches!(tail[0], Value::Num(2)));
        assert!(list.tail(2).is_none());
        assert!(!List::ptr_eq(list, &tail));
        let copy = Value::list(vec![root.items()[0].clone(), Value::Num(2)]);
        assert!(copy.equal(&root) && root.equal(&copy));
        drop((root, again, copy));
        assert_eq!(Rc::strong_count(&bytes), 2, "the tail keeps the block");
        drop(tail);
        assert_eq!(Rc::strong_count(&bytes), 1);
    }

    #[test]
    fn an_abandoned_form_frees_nothing_twice() {
        let (p, bytes) = probe();
        let mut values = Vec::new();
        let mut form = FormBlock::new();
        let inner = form.push_list(&mut values, &mut vec![p]);
        let mut open = vec![inner];
        // An error: the form is dropped before it is finished, then the
        // buffers that still hold interior handles.
        drop(form);
        open.clear();
        values.clear();
        assert_eq!(Rc::strong_count(&bytes), 1);
    }

    #[test]
    fn released_blocks_serve_later_forms_and_live_ones_are_left_alone() {
        let (p, bytes) = probe();
        let first = form(p);
        let first_block = match &first {
            Value::List(l) => l.block,
            _ => panic!("a list"),
        };
        drop(first);
        assert_eq!(
            Rc::strong_count(&bytes),
            1,
            "released with its values dropped"
        );
        // The next form is built in the released block.
        let (p, _) = probe();
        let second = form(p);
        let Value::List(l) = &second else {
            panic!("a list")
        };
        assert_eq!(l.block, first_block);
        // A list kept from it keeps the block out of the spares.
        let kept = second.items()[0].clone();
        drop(second);
        let (p, _) = probe();
        let third = form(p);
        let Value::List(l) = &third else {
            panic!("a list")
        };
        assert_ne!(l.block, first_block);
        assert_eq!(kept.items()[0].as_str(), Some(&b"probe"[..]));
        assert!(matches!(kept.items()[1], Value::Num(1)));
    }

    #[test]
    fn empty_lists_are_nil_and_forms_without_lists_need_no_block() {
        let mut values = Vec::new();
        let mut form = FormBlock::new();
        assert!(form.push_list(&mut values, &mut Vec::new()).is_nil());
        assert!(matches!(
            form.finish(&mut values, Value::Num(3)),
            Value::Num(3)
        ));
        assert!(Value::list(Vec::new()).is_nil());
    }
}
