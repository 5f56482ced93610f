//! The evaluator (gdl spec 3.3–3.7): symbols, special operators, list
//! functions, arithmetic with 7.5's list broadcasting, comparisons, and the
//! number/string conversions that forms use.
//!
//! The 7.5 arithmetic rules are reproduced literally, including the quirks the
//! spec tabulates (`(+ 1 (1 2 3))` is `(2 6)`), by building the same
//! intermediate expressions 7.5 builds and evaluating them.

use crate::error::Error;
use crate::list::List;
use crate::value::{Kind, SymId, Value};

use super::Interp;

#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Interp {
    /// `eval(x)` of spec 3.3.
    pub fn eval(&mut self, x: &Value) -> Result<Value, Error> {
        self.step()?;
        match x {
            Value::Sym(id) => Ok(self.eval_symbol(*id, x)),
            Value::List(items) => {
                self.enter()?;
                // Arithmetic recurses once per list element (spec 3.4); grow the
                // stack on the heap rather than overflow it.
                let result = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.eval_list(items));
                self.leave();
                result
            }
            other => Ok(other.clone()),
        }
    }

    /// The value of symbol `id`; `x` is where it was read, for a warning.
    fn eval_symbol(&mut self, id: SymId, x: &Value) -> Value {
        if let Some(v) = self.symbols.value(id) {
            return v.clone();
        }
        if let Some(k) = self.known.kind_lists.iter().position(|&s| s == id) {
            return self.bind_kind_list(Kind::ALL[k]);
        }
        let text = format!(
            "`{}` has no value, so it stands for itself; define it or check its spelling",
            self.sym_str(id)
        );
        self.focused(x, |it| it.warn_plain(text));
        Value::Sym(id)
    }

    /// Rebinds the kind lists that type declarations have left behind.
    ///
    /// Every type declaration extends its kind's list (spec 3.2), but a
    /// game declares its types in a run of forms (`spec` has 274 unit types)
    /// and nothing reads the list in between, so rebuilding it after each
    /// one made a list per type, quadratic in the type count. A declaration
    /// now only marks the list stale, and it is rebuilt before anything
    /// could read it: before any other form, before a property value that
    /// names a kind list, and at the end of a load or `eval`.
    pub(crate) fn flush_kind_lists(&mut self) {
        if self.kind_lists_stale == [false; 4] {
            return;
        }
        for kind in Kind::ALL {
            if std::mem::take(&mut self.kind_lists_stale[kind.index()]) {
                self.bind_kind_list(kind);
            }
        }
    }

    /// Whether evaluating `v` could read a kind list (`v` names one).
    pub(crate) fn mentions_kind_list(&self, v: &Value) -> bool {
        match v {
            Value::Sym(s) => self.known.kind_lists.contains(s),
            Value::List(items) => items.iter().any(|x| self.mentions_kind_list(x)),
            _ => false,
        }
    }

    /// Binds `u*` (`m*`, `t*`, `a*`) to the list of all types of the kind (spec 3.2).
    pub(crate) fn bind_kind_list(&mut self, kind: Kind) -> Value {
        // Runs after every type declaration, so build the list in place
        // (one allocation) rather than through a Vec that is then copied.
        let list =
            Value::list_from((0..self.type_count(kind)).map(|i| Value::Type(kind, i as u16)));
        self.kind_list_values[kind.index()] = match &list {
            Value::List(items) => Some(items.clone()),
            _ => None,
        };
        let id = self.known.kind_lists[kind.index()];
        self.symbols.get_mut(id).value = Some(list.clone());
        list
    }

    /// Whether `v` is a list built by [`Interp::bind_kind_list`] for `kind`
    /// with `n` types, so every type of the kind in order, without looking
    /// at its elements (`u*` in a table clause of a game with hundreds of
    /// types). Another list, even an equal one, answers false.
    pub(crate) fn is_kind_list(&self, kind: Kind, v: &Value, n: usize) -> bool {
        match (v, &self.kind_list_values[kind.index()]) {
            (Value::List(a), Some(b)) => List::ptr_eq(a, b) && a.len() == n,
            _ => false,
        }
    }

    fn eval_list(&mut self, items: &List) -> Result<Value, Error> {
        if let Value::Sym(head) = items[0] {
            if !self.symbols.is_bound(head) {
                if let Some(v) = self.special(head, &items[1..])? {
                    return Ok(v);
                }
            }
        }
        // A list of self-evaluating atoms evaluates to an equal list: share it.
        if items.iter().all(|v| {
            matches!(
                v,
                Value::Num(_) | Value::Str(_) | Value::Type(..) | Value::Namer(_) | Value::Nil
            )
        }) {
            return Ok(Value::List(items.clone()));
        }
        let mut out = Vec::with_capacity(items.len());
        for item in items.iter() {
            out.push(self.eval(item)?);
        }
        Ok(Value::list(out))
    }

    /// Special operators; `None` when `head` names none of them.
    fn special(&mut self, head: SymId, args: &[Value]) -> Result<Option<Value>, Error> {
        let k = &self.known;
        let v = if head == k.quote {
            args.first().cloned().unwrap_or(Value::Nil)
        } else if head == k.list {
            let mut out = Vec::with_capacity(args.len());
            for a in args {
                out.push(self.eval(a)?);
            }
            Value::list(out)
        } else if head == k.append {
            let mut out = Vec::new();
            for a in args {
                match self.eval(a)? {
                    Value::Nil => {}
                    Value::List(items) => out.extend(items.iter().cloned()),
                    atom => out.push(atom),
                }
            }
            Value::list(out)
        } else if head == k.remove {
            let e = self.eval(args.first().unwrap_or(&Value::Nil))?;
            let l = self.eval(args.get(1).unwrap_or(&Value::Nil))?;
            Value::list(l.items().iter().filter(|x| !x.equal(&e)).cloned().collect())
        } else if head == k.remove_list {
            let r = self.eval(args.first().unwrap_or(&Value::Nil))?;
            let l = self.eval(args.get(1).unwrap_or(&Value::Nil))?;
            if r.is_nil() {
                l
            } else if l.is_nil() {
                Value::Nil
            } else if !r.is_listish() {
                self.warn_plain(
                    "`remove-list` needs a list of things to remove; wrap the value in a list",
                );
                Value::Nil
            } else {
                let r = r.items();
                Value::list(
                    l.items()
                        .iter()
                        .filter(|x| !r.iter().any(|y| y.equal(x)))
                        .cloned()
                        .collect(),
                )
            }
        } else if let Some(i) = k.arith.iter().position(|&s| s == head) {
            let op = [Op::Add, Op::Sub, Op::Mul, Op::Div][i];
            self.arith(head, op, args)?
        } else if let Some(i) = k.compare.iter().position(|&s| s == head) {
            self.compare(i, args)?
        } else if head == k.not {
            if args.is_empty() {
                Value::Num(1)
            } else {
                Value::Nil
            }
        } else if head == k.and {
            let mut last = Value::Num(1);
            for a in args {
                if self.eval(a)?.is_nil() {
                    return Ok(Some(Value::Nil));
                }
                last = a.clone();
            }
            last
        } else if head == k.or {
            for a in args {
                let v = self.eval(a)?;
                if !v.is_nil() {
                    return Ok(Some(v));
                }
            }
            Value::Nil
        } else {
            return Ok(None);
        };
        Ok(Some(v))
    }

    /// Evaluates the expression `(op args…)` built from parts (spec 3.4's recursion).
    fn eval_op(&mut self, op_sym: SymId, args: Vec<Value>) -> Result<Value, Error> {
        let mut items = Vec::with_capacity(args.len() + 1);
        items.push(Value::Sym(op_sym));
        items.extend(args);
        self.eval(&Value::list(items))
    }

    /// 7.5's arithmetic (spec 3.4), step by step.
    fn arith(&mut self, op_sym: SymId, op: Op, args: &[Value]) -> Result<Value, Error> {
        let mut first: Option<Value> = None;
        let mut acc: Option<Value> = None;
        let mut len = 0usize;
        let mut operated = false;
        for a in args {
            if a.is_nil() {
                continue;
            }
            let mut a = a.clone();
            if matches!(a, Value::Sym(_)) || matches!(a.head(), Some(Value::Sym(_))) {
                a = self.eval(&a)?;
            }
            match &a {
                Value::Num(_) => {}
                Value::List(items) => {
                    if len == 0 {
                        len = items.len();
                    } else if items.len() != len {
                        self.warn_plain("arithmetic on lists of different lengths; make the lists the same length");
                        return Ok(Value::Nil);
                    }
                }
                _ => {
                    self.warn_plain(format!(
                        "arithmetic needs numbers or lists of numbers, not `{}`",
                        self.show(&a)
                    ));
                    return Ok(Value::Nil);
                }
            }
            let Some(f) = &first else {
                first = Some(a);
                continue;
            };
            operated = true;
            if acc.is_none() {
                if let Value::Num(_) = f {
                    acc = Some(f.clone());
                }
            }
            acc = Some(match (&acc, &a) {
                (Some(Value::Num(x)), Value::Num(y)) => match apply(op, *x, *y) {
                    Some(n) => Value::Num(n),
                    None => {
                        self.warn_plain("division by zero in an arithmetic expression");
                        return Ok(Value::Nil);
                    }
                },
                (Some(Value::Num(x)), Value::List(items)) => {
                    let x = Value::Num(*x);
                    let t = self.eval_op(op_sym, vec![x.clone(), items[0].clone()])?;
                    if items.len() > 1 {
                        let mut rest = vec![x];
                        rest.extend(items[1..].iter().cloned());
                        let r = self.eval_op(op_sym, rest)?;
                        Value::list(vec![t, r])
                    } else {
                        Value::list(vec![t])
                    }
                }
                _ => {
                    let l = match &acc {
                        Some(v) => v.clone(),
                        None => f.clone(),
                    };
                    let l = l.items();
                    let (second, rest_a) = match &a {
                        Value::List(items) => (
                            items[0].clone(),
                            items.tail(1).map_or(Value::Nil, Value::List),
                        ),
                        n => (n.clone(), n.clone()),
                    };
                    let t = self.eval_op(op_sym, vec![l[0].clone(), second])?;
                    if l.len() > 1 {
                        let r = self.eval_op(op_sym, vec![Value::list(l[1..].to_vec()), rest_a])?;
                        let mut out = vec![t];
                        match r {
                            Value::Nil => {}
                            Value::List(items) => out.extend(items.iter().cloned()),
                            atom => out.push(atom),
                        }
                        Value::list(out)
                    } else {
                        Value::list(vec![t])
                    }
                }
            });
        }
        if operated {
            return Ok(acc.unwrap_or(Value::Nil));
        }
        match (first, op) {
            (None, Op::Add) => Ok(Value::Num(0)),
            (None, Op::Mul) => Ok(Value::Num(1)),
            (Some(x), Op::Add) => Ok(x),
            (Some(x), Op::Sub) => self.eval_op(op_sym, vec![Value::Num(0), x]),
            _ => {
                self.warn_plain("too few operands in an arithmetic expression; give at least two");
                Ok(Value::Nil)
            }
        }
    }

    /// Comparisons (spec 3.5).
    fn compare(&mut self, which: usize, args: &[Value]) -> Result<Value, Error> {
        let mut prev: Option<i32> = None;
        for a in args {
            if a.is_nil() {
                continue;
            }
            let mut a = a.clone();
            if let Value::Sym(id) = a {
                if let Some(v) = self.symbols.value(id) {
                    a = v.clone();
                }
            }
            if a.is_nil() {
                continue;
            }
            if let Value::List(_) = a {
                a = self.eval(&a)?;
            }
            if a.is_nil() {
                continue;
            }
            let Value::Num(n) = a else {
                self.warn_plain(format!(
                    "a comparison needs numbers, not `{}`",
                    self.show(&a)
                ));
                return Ok(Value::Nil);
            };
            if let Some(p) = prev {
                let ok = match which {
                    0 => p == n,
                    1 => p != n,
                    2 => p < n,
                    3 => p <= n,
                    4 => p > n,
                    _ => p >= n,
                };
                if !ok {
                    return Ok(Value::Nil);
                }
            }
            prev = Some(n);
        }
        Ok(if prev.is_some() {
            Value::Num(1)
        } else {
            Value::Nil
        })
    }

    /// *to-number* (spec 3.7).
    pub(crate) fn number_of(&mut self, v: &Value) -> i32 {
        match v.as_numeric() {
            Some(n) => n,
            None => {
                self.warn_plain(format!(
                    "expected a number here, not `{}`; using 0",
                    self.show(v)
                ));
                0
            }
        }
    }

    /// *to-string* (spec 3.7).
    pub(crate) fn string_of(&mut self, v: &Value) -> Vec<u8> {
        match v {
            Value::Str(s) => s.to_vec(),
            Value::Sym(id) => self.symbols.name(*id).to_vec(),
            _ => {
                self.warn_plain(format!(
                    "expected a string or symbol here, not `{}`; using \"\"",
                    self.show(v)
                ));
                Vec::new()
            }
        }
    }

    /// Is the value a list headed by the unbound symbol `quote`?
    pub(crate) fn is_quoted_form(&self, v: &Value) -> bool {
        matches!(v.head(), Some(Value::Sym(q)) if *q == self.known.quote && !self.symbols.is_bound(*q))
    }
}

fn apply(op: Op, x: i32, y: i32) -> Option<i32> {
    Some(match op {
        Op::Add => x.wrapping_add(y),
        Op::Sub => x.wrapping_sub(y),
        Op::Mul => x.wrapping_mul(y),
        Op::Div => {
            if y == 0 {
                return None;
            }
            x.wrapping_div(y)
        }
    })
}
