//! The reader puts every list of a form in one shared block (`gdl::list`):
//! random trees read back as the same structure, and lists cloned out of a
//! form stay whole after the form and every other form are gone; reading a
//! form again gives the file offset of each of its values.

use std::rc::Rc;

use gdl::lexer::Lexer;
use gdl::reader::{form_offsets, read_form, ReadOutcome};
use gdl::value::{Symbols, Value};
use proptest::prelude::*;

/// What a form should read as.
#[derive(Clone, Debug)]
enum Tree {
    Num(i32),
    Str(String),
    Sym(String),
    /// A quoted tree, read as `(quote tree)`.
    Quote(Box<Tree>),
    /// A non-empty list (`()` reads as nil and is not generated).
    List(Vec<Tree>),
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        (0..1000i32).prop_map(Tree::Num),
        "[a-z]{0,12}".prop_map(Tree::Str),
        "[a-z][a-z0-9*-]{0,10}".prop_map(|s| Tree::Sym(s.replace("nil", "nix"))),
    ];
    leaf.prop_recursive(6, 80, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..8).prop_map(Tree::List),
            inner.prop_map(|t| Tree::Quote(Box::new(t))),
        ]
    })
}

fn text(t: &Tree, out: &mut String) {
    match t {
        Tree::Num(n) => out.push_str(&n.to_string()),
        Tree::Str(s) => out.push_str(&format!("\"{s}\"")),
        Tree::Sym(s) => out.push_str(s),
        Tree::Quote(t) => {
            out.push('\'');
            text(t, out);
        }
        Tree::List(items) => {
            out.push('(');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                text(item, out);
            }
            out.push(')');
        }
    }
}

/// Whether `v` is what `t` should read as.
fn same(v: &Value, t: &Tree, symbols: &Symbols) -> bool {
    match (v, t) {
        (Value::Num(a), Tree::Num(b)) => a == b,
        (Value::Str(a), Tree::Str(b)) => **a == *b.as_bytes(),
        (Value::Sym(a), Tree::Sym(b)) => symbols.name(*a) == b.as_bytes(),
        (Value::List(items), Tree::Quote(t)) => {
            items.len() == 2
                && matches!(items[0], Value::Sym(q) if symbols.name(q) == b"quote")
                && same(&items[1], t, symbols)
        }
        (Value::List(items), Tree::List(ts)) => {
            items.len() == ts.len() && items.iter().zip(ts).all(|(v, t)| same(v, t, symbols))
        }
        _ => false,
    }
}

/// Every list value inside `v` (itself included), cloned, with its tree.
fn clone_lists(v: &Value, t: &Tree, out: &mut Vec<(Value, Tree)>) {
    match (v, t) {
        (Value::List(items), Tree::Quote(inner)) => {
            out.push((v.clone(), t.clone()));
            clone_lists(&items[1], inner, out);
        }
        (Value::List(items), Tree::List(ts)) => {
            out.push((v.clone(), t.clone()));
            for (v, t) in items.iter().zip(ts) {
                clone_lists(v, t, out);
            }
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn forms_read_as_their_trees_and_cloned_lists_outlive_them(
        trees in prop::collection::vec(tree(), 1..6)
    ) {
        let mut source = String::new();
        for t in &trees {
            text(t, &mut source);
            source.push('\n');
        }
        let file = Rc::new(source.into_bytes());
        let mut symbols = Symbols::default();
        let mut lexer = Lexer::for_file(&file, Default::default());
        let mut forms = Vec::new();
        while let Ok(ReadOutcome::Form(form)) = read_form(&mut lexer, &mut symbols, true, 100) {
            forms.push(form.value);
        }
        drop(lexer);
        prop_assert_eq!(forms.len(), trees.len());
        let mut kept = Vec::new();
        for (v, t) in forms.iter().zip(&trees) {
            prop_assert!(same(v, t, &symbols), "{:?} read as {:?}", t, v);
            clone_lists(v, t, &mut kept);
        }
        // Drop every form, then check what was cloned out of them.
        drop(forms);
        for (v, t) in &kept {
            prop_assert!(same(v, t, &symbols));
        }
        drop(kept);
        // Nothing but the test holds the file any more.
        prop_assert_eq!(Rc::strong_count(&file), 1);
    }
}

/// Every value inside the list `v` (recursively), by reference.
fn parts<'v>(v: &'v Value, out: &mut Vec<&'v Value>) {
    for item in v.items() {
        out.push(item);
        parts(item, out);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn each_part_of_a_form_reads_again_from_its_offset(
        trees in prop::collection::vec(tree(), 1..5),
        gaps in prop::collection::vec(prop_oneof![Just(" "), Just("\n  "), Just(" ; note\n"), Just("\t")], 1..40)
    ) {
        let mut source = String::new();
        for (k, t) in trees.iter().enumerate() {
            let mut one = String::new();
            text(t, &mut one);
            // Vary the blanks between tokens (never inside strings: the
            // trees' strings hold no spaces).
            let mut g = k;
            for c in one.chars() {
                source.push(c);
                if c == ' ' {
                    source.push_str(gaps[g % gaps.len()]);
                    g += 1;
                }
            }
            source.push('\n');
        }
        let file = Rc::new(source.into_bytes());
        let mut symbols = Symbols::default();
        let mut lexer = Lexer::for_file(&file, Default::default());
        while let Ok(ReadOutcome::Form(form)) = read_form(&mut lexer, &mut symbols, true, 100) {
            let Value::List(list) = &form.value else { continue };
            let mut again = Lexer::for_file(&file, Default::default());
            again.resume_at(form.start);
            let offsets = form_offsets(&mut again, &mut symbols, true, 100);
            let mut all = Vec::new();
            parts(&form.value, &mut all);
            for part in all {
                let index = list.block_index(part).expect("a part of the form is in its block");
                let at = offsets[index] as usize;
                let mut there = Lexer::for_file(&file, Default::default());
                there.resume_at(at);
                let Ok(ReadOutcome::Form(read)) = read_form(&mut there, &mut symbols, true, 100) else {
                    panic!("nothing reads at {at}");
                };
                // The `quote` of a quoted form is where its quote mark is.
                let quote_head = matches!(read.value.head(), Some(Value::Sym(q)) if symbols.name(*q) == b"quote")
                    && read.value.head().is_some_and(|h| h.equal(part));
                prop_assert!(read.value.equal(part) || quote_head, "at {} read {:?}, not {:?}", at, read.value, part);
            }
            let elsewhere = Value::Num(1);
            prop_assert_eq!(list.block_index(&elsewhere), None);
        }
    }
}

#[test]
fn a_form_cut_short_by_an_error_leaves_the_next_read_whole() {
    let file = Rc::new(b"(a (b \"s\") 'c) (d (e ' ) f) (g (h \"t\"))".to_vec());
    let mut symbols = Symbols::default();
    let mut lexer = Lexer::for_file(&file, Default::default());
    let first = read_form(&mut lexer, &mut symbols, true, 100);
    assert!(matches!(first, Ok(ReadOutcome::Form(_))));
    // `'` directly before `)` is an error in the middle of a form.
    assert!(read_form(&mut lexer, &mut symbols, true, 100).is_err());
    let mut rest = Vec::new();
    while let Ok(ReadOutcome::Form(form)) = read_form(&mut lexer, &mut symbols, true, 100) {
        rest.push(form.value);
    }
    let g = rest.last().expect("the last form reads");
    let tree = Tree::List(vec![
        Tree::Sym("g".into()),
        Tree::List(vec![Tree::Sym("h".into()), Tree::Str("t".into())]),
    ]);
    assert!(same(g, &tree, &symbols));
    drop((first, rest, lexer));
    assert_eq!(Rc::strong_count(&file), 1);
}
