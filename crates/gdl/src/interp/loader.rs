//! Module loading: the search path, peeking at a module's first form, reading
//! a file form by form, base modules, includes and the default game
//! (gdl spec 5.1–5.5, 5.7–5.9).

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::error::{Error, ErrorKind};
use crate::lexer::{LexWarning, Lexer};
use crate::reader::{read_form, Form, ReadOutcome};
use crate::value::Value;

use super::game_module::{Module, BASE_MODULE, DEFAULT_BASE_MODULE, FILENAME};
use super::{Interp, SourceFile};

/// Where a module's file was found.
enum Found {
    /// Already in the file table, at this index.
    Read(usize),
    /// Opened, not read yet; its size as the open file gave it.
    Open(PathBuf, File, u64),
    /// Given in memory ([`super::Options::memory`]), at this index.
    Memory(usize),
    /// A regular file that cannot be opened or examined.
    Unreadable(PathBuf, io::Error),
}

/// The first `size` bytes of `file`, fewer if it ends before.
fn read_up_to(mut file: File, size: usize) -> io::Result<Vec<u8>> {
    let mut bytes = vec![0; size];
    let mut filled = 0;
    while filled < size {
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
}

/// A first form read by a peek, and what reading it did to the scanner.
#[derive(Debug)]
pub(crate) struct Peeked {
    file: usize,
    /// The conditional-reading flag it was read with.
    reading: bool,
    /// The offset just after it.
    end: usize,
    /// The LFs the two line counters counted while reading it.
    lfs: (u32, u32),
    warnings: Vec<LexWarning>,
    form: Form,
}

impl Interp {
    /// Finds a module by name, most recently created first (spec 5.1).
    pub fn find_module(&self, name: &[u8]) -> Option<usize> {
        (0..self.modules.len())
            .rev()
            .find(|&i| self.modules[i].name == name)
    }

    pub(crate) fn get_or_create_module(&mut self, name: &[u8]) -> usize {
        if let Some(m) = self.find_module(name) {
            return m;
        }
        self.modules.push(Module::new(name));
        self.modules.len() - 1
    }

    /// Adds `m` to `i`'s intrusive include list (spec 5.1).
    pub(crate) fn add_include(&mut self, i: usize, m: usize) {
        if self.modules[i].first_include.is_none() {
            let mut seen = 0;
            let mut cur = self.modules[m].next_include;
            while let Some(c) = cur {
                if self.modules[c].name == self.modules[i].name || seen > self.modules.len() {
                    return;
                }
                seen += 1;
                cur = self.modules[c].next_include;
            }
            self.modules[i].first_include = Some(m);
            self.modules[i].last_include = Some(m);
            return;
        }
        if self.include_chain(i).contains(&m) {
            return;
        }
        if let Some(last) = self.modules[i].last_include {
            self.modules[last].next_include = Some(m);
        }
        self.modules[i].last_include = Some(m);
    }

    /// `i`'s include list, stopping at a repeat (spec 5.1, project).
    pub fn include_chain(&self, i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut cur = self.modules[i].first_include;
        while let Some(c) = cur {
            if out.contains(&c) {
                break;
            }
            out.push(c);
            cur = self.modules[c].next_include;
        }
        out
    }

    /// The file of module `m` (spec 5.7): the first candidate path that is
    /// a regular file. A file already in the file table is found there; any
    /// other is found by opening it, and stays open for [`Interp::open_file`]
    /// (a `stat` per candidate and then an `open` of the one found were two
    /// lookups of the same path, a visible share of reading a small closure).
    fn find_file(&self, m: usize) -> Option<Found> {
        let module = &self.modules[m];
        let name = String::from_utf8_lossy(&module.name).into_owned();
        let mut candidates: Vec<PathBuf> = Vec::new();
        if let Some(f) = module.string(FILENAME) {
            let f = String::from_utf8_lossy(f).into_owned();
            candidates.push(PathBuf::from(&f));
            candidates.extend(self.options.lib_dirs.iter().map(|d| d.join(&f)));
        }
        if let Some(w) = &self.options.work_dir {
            candidates.push(w.join(format!("{name}.g")));
            candidates.push(w.join(&name));
        }
        candidates.extend(
            self.options
                .lib_dirs
                .iter()
                .map(|d| d.join(format!("{name}.g"))),
        );
        candidates.extend(self.options.lib_dirs.iter().map(|d| d.join(&name)));
        candidates.into_iter().find_map(|path| {
            if let Some(i) = self.files.iter().position(|f| f.path == path) {
                return Some(Found::Read(i));
            }
            if let Some(i) = self.options.memory.iter().position(|f| f.path == path) {
                return Some(Found::Memory(i));
            }
            match File::open(&path) {
                Ok(file) => match file.metadata() {
                    Ok(meta) if meta.is_file() => Some(Found::Open(path, file, meta.len())),
                    Ok(_) => None,
                    Err(e) => Some(Found::Unreadable(path, e)),
                },
                // A regular file that cannot be opened (no permission) is
                // still the module's file, and reading it is an error; a
                // path that is not there, or not reachable, is not.
                Err(e) if e.kind() != io::ErrorKind::NotFound && path.is_file() => {
                    Some(Found::Unreadable(path, e))
                }
                Err(_) => None,
            }
        })
    }

    /// Reads a found module file into the file table (once per path); the
    /// index of its entry.
    fn open_file(&mut self, found: Found) -> Result<usize, Error> {
        let cannot_read = |path: &Path, e: io::Error| {
            Error::new(
                ErrorKind::Io,
                format!("cannot read {}: {e}", path.display()),
            )
        };
        let limit = self.options.limits.max_file_size;
        let too_large = |path: &Path, len: u64| {
            Error::new(
                ErrorKind::FileTooLarge,
                format!(
                    "{} has {len} bytes, more than the limit of {limit}; split the module or raise Limits::max_file_size",
                    path.display(),
                ),
            )
        };
        let (path, file, size) = match found {
            Found::Read(i) => return Ok(i),
            Found::Memory(i) => {
                let given = &self.options.memory[i];
                if given.bytes.len() > limit {
                    return Err(too_large(&given.path, given.bytes.len() as u64));
                }
                let source = SourceFile {
                    path: given.path.clone(),
                    bytes: Rc::new(given.bytes.to_vec()),
                };
                self.files.push(source);
                return Ok(self.files.len() - 1);
            }
            Found::Unreadable(path, e) => return Err(cannot_read(&path, e)),
            Found::Open(path, file, size) => (path, file, size),
        };
        if size > limit as u64 {
            return Err(too_large(&path, size));
        }
        // The size from the open file is exact for a regular file: read
        // that much (one read, usually) and no last read to find the end.
        // A size of 0 may be a file that does not know its size: read it to
        // the end, one byte past the limit at most.
        let bytes = if size == 0 {
            let mut bytes = Vec::new();
            file.take(limit as u64 + 1)
                .read_to_end(&mut bytes)
                .map(|_| bytes)
        } else {
            read_up_to(file, size as usize)
        }
        .map_err(|e| cannot_read(&path, e))?;
        if bytes.len() > limit {
            return Err(too_large(&path, bytes.len() as u64));
        }
        self.files.push(SourceFile {
            path,
            bytes: Rc::new(bytes),
        });
        Ok(self.files.len() - 1)
    }

    fn lexer_for<'a>(&self, bytes: &'a Rc<Vec<u8>>, m: usize) -> Lexer<'a> {
        Lexer::for_file(bytes, self.modules[m].counters)
            .with_max_token_len(self.options.limits.max_token_len)
    }

    /// Moves the scanner's plain warnings into the warning list.
    fn drain_lexer(&mut self, lexer: &mut Lexer, m: usize, file: usize) {
        self.modules[m].counters = lexer.counters;
        for w in std::mem::take(&mut lexer.warnings) {
            let saved = self.origin;
            self.origin = Some(super::Origin {
                file,
                offset: w.offset,
            });
            self.warn_plain(w.message);
            self.origin = saved;
        }
    }

    fn missing_close_parens(&mut self, m: usize, unclosed: usize, file: usize, at: usize) {
        let c = self.modules[m].counters;
        let lines = if c.s == c.e {
            format!("(at line {}", c.s)
        } else {
            format!("(lines {} to {}", c.s, c.e)
        };
        let saved = self.origin;
        self.origin = Some(super::Origin { file, offset: at });
        for _ in 0..unclosed {
            self.warn_plain(format!(
                "missing a close paren at the end of the file, the unfinished form is dropped {lines})"
            ));
        }
        self.origin = saved;
    }

    /// Step 1 of spec 5.2: interpret only the first form, if it is `game-module`.
    fn peek(&mut self, m: usize) -> Result<(), Error> {
        let module = &self.modules[m];
        if module.open || module.loaded {
            return Ok(());
        }
        let Some(found) = self.find_file(m) else {
            return Ok(());
        };
        let file = self.open_file(found)?;
        let bytes = self.files[file].bytes.clone();
        let mut lexer = self.lexer_for(&bytes, m);
        let before = lexer.counters;
        let outcome = read_form(
            &mut lexer,
            &mut self.symbols,
            self.reading,
            self.options.limits.max_depth,
        );
        if let Ok(ReadOutcome::Form(form)) = &outcome {
            self.peeked.push(Peeked {
                file,
                reading: self.reading,
                end: lexer.offset(),
                lfs: (lexer.counters.s - before.s, lexer.counters.e - before.e),
                warnings: lexer.warnings.clone(),
                form: form.clone(),
            });
        }
        self.drain_lexer(&mut lexer, m, file);
        let outcome = outcome.map_err(|e| self.locate(e, file, 0))?;
        match outcome {
            ReadOutcome::Form(form) => {
                let items = form.value.items();
                if matches!(items.first(), Some(Value::Sym(s)) if self.symbols.name(*s) == b"game-module")
                {
                    let saved = self.origin;
                    self.origin = Some(super::Origin {
                        file,
                        offset: form.start,
                    });
                    let saved_form = self.form.take();
                    let saved_part = self.part.take();
                    self.form = super::CurrentForm::of(file, form.start, self.reading, &form.value);
                    self.flush_kind_lists();
                    let r = self.game_module_form(m, &items[1..], true);
                    self.origin = saved;
                    self.form = saved_form;
                    self.part = saved_part;
                    r.map_err(|e| self.locate(e, file, form.start))?;
                }
            }
            ReadOutcome::Eof {
                unclosed,
                form_start,
            } => self.missing_close_parens(m, unclosed, file, form_start.unwrap_or(bytes.len())),
        }
        Ok(())
    }

    /// Records that a module was not found: a note, or a fatal error in strict mode (spec 5.8).
    fn module_missing(&mut self, m: usize, how: &str, warn: bool) -> Result<(), Error> {
        let name = String::from_utf8_lossy(&self.modules[m].name).into_owned();
        if warn {
            self.warn_plain(format!(
                "module \"{name}\" was not found in the library directories; add a -L directory"
            ));
        }
        let text = format!("module \"{name}\" not found ({how})");
        if self.options.strict {
            return Err(self.fatal_here(ErrorKind::ModuleNotFound, text));
        }
        self.note(text);
        Ok(())
    }

    /// `load(M, warn)` (spec 5.2).
    pub(crate) fn load(&mut self, m: usize, warn: bool, how: &str) -> Result<(), Error> {
        if self.options.strict {
            let name = &self.modules[m].name;
            if name.iter().any(|&b| b == b'/' || b == b'\\') || name.windows(2).any(|w| w == b"..")
            {
                let text = format!(
                    "module name \"{}\" looks like a path; name modules, not files (strict mode)",
                    String::from_utf8_lossy(name)
                );
                return Err(self.fatal_here(ErrorKind::ModuleNotFound, text));
            }
        }
        if self.type_count(crate::value::Kind::Unit) == 0 {
            self.peek(m)?;
            if self.type_count(crate::value::Kind::Unit) == 0 {
                if let Some(d) = self.modules[m]
                    .string(DEFAULT_BASE_MODULE)
                    .map(<[u8]>::to_vec)
                {
                    let d = self.get_or_create_module(&d);
                    self.load(d, true, "default-base-module")?;
                }
            }
        }
        let name = String::from_utf8_lossy(&self.modules[m].name).into_owned();
        if self.modules[m].open {
            if warn {
                self.warn_plain(format!(
                    "module \"{name}\" includes itself; the inner load is ignored"
                ));
            }
            return Ok(());
        }
        if self.modules[m].loaded {
            if warn {
                self.warn_plain(format!(
                    "module \"{name}\" is already loaded; it is not read again"
                ));
            }
            return Ok(());
        }
        let Some(found) = self.find_file(m) else {
            return self.module_missing(m, how, warn);
        };
        if self.load_depth >= self.options.limits.max_include_depth {
            return Err(self.fatal_here(
                ErrorKind::IncludeTooDeep,
                format!(
                    "modules load each other more than {} levels deep; flatten the includes",
                    self.options.limits.max_include_depth
                ),
            ));
        }
        let file = self.open_file(found)?;
        let bytes = self.files[file].bytes.clone();
        if bytes.first() == Some(&b'X') {
            let f = self.modules[m].strings[FILENAME]
                .clone()
                .unwrap_or_default();
            let err = Error::kernel(format!(
                "\"{}\" is probably an obsolete Xconq file; in any case, it cannot be used.",
                String::from_utf8_lossy(&f)
            ));
            return Err(self.locate(err, file, 0));
        }
        self.load_depth += 1;
        self.modules[m].open = true;
        let saved_origin = self.origin;
        let saved_form = self.form.take();
        let saved_part = self.part.take();
        let result = self.read_file(m, file, &bytes);
        self.origin = saved_origin;
        self.form = saved_form;
        self.part = saved_part;
        self.load_depth -= 1;
        self.modules[m].open = false;
        self.modules[m].loaded = true;
        result
    }

    /// The peeked first form of `file`, if one was read in the reading state
    /// the full read starts in.
    fn take_peeked(&mut self, file: usize) -> Option<Peeked> {
        let at = self
            .peeked
            .iter()
            .position(|p| p.file == file && p.reading == self.reading)?;
        Some(self.peeked.swap_remove(at))
    }

    /// Step 4 of spec 5.2: read and interpret form by form.
    fn read_file(&mut self, m: usize, file: usize, bytes: &Rc<Vec<u8>>) -> Result<(), Error> {
        let mut lexer = self.lexer_for(bytes, m);
        let mut peeked = self.take_peeked(file);
        loop {
            lexer.counters = self.modules[m].counters;
            let outcome = match peeked.take() {
                // The first form again, as the peek read it: the same bytes
                // from the same state give the same form, warnings and line
                // counts (only the counters' starting values differ).
                Some(p) => {
                    lexer.resume_at(p.end);
                    lexer.counters.s += p.lfs.0;
                    lexer.counters.e += p.lfs.1;
                    lexer.warnings = p.warnings;
                    Ok(ReadOutcome::Form(p.form))
                }
                None => read_form(
                    &mut lexer,
                    &mut self.symbols,
                    self.reading,
                    self.options.limits.max_depth,
                ),
            };
            self.drain_lexer(&mut lexer, m, file);
            let outcome = outcome.map_err(|e| self.locate(e, file, lexer.offset()))?;
            match outcome {
                ReadOutcome::Eof {
                    unclosed,
                    form_start,
                } => {
                    // The warning points at the form left open.
                    let at = form_start.unwrap_or(bytes.len());
                    self.missing_close_parens(m, unclosed, file, at);
                    return Ok(());
                }
                ReadOutcome::Form(form) => {
                    self.origin = Some(super::Origin {
                        file,
                        offset: form.start,
                    });
                    self.form = super::CurrentForm::of(file, form.start, self.reading, &form.value);
                    self.part = None;
                    if form.stray_close {
                        let c = self.modules[m].counters;
                        self.warn_plain(format!(
                            "extra close paren at top level, read as nil (lines {} to {})",
                            c.s, c.e
                        ));
                    }
                    self.current_module = Some(m);
                    let result = self.interpret(&form.value);
                    // Let the form's block go as soon as the form does.
                    self.form = None;
                    result.map_err(|e| self.locate(e, file, form.start))?;
                }
            }
        }
    }

    /// Spec 5.3: load the base module named by `m`'s `game-module` form.
    pub(crate) fn load_base_module(&mut self, m: usize) -> Result<(), Error> {
        let Some(b) = self.modules[m].string(BASE_MODULE).map(<[u8]>::to_vec) else {
            return Ok(());
        };
        let base = match self.find_module(&b) {
            Some(base) => base,
            None => {
                let base = self.get_or_create_module(&b);
                if let Some(cur) = self.current_module {
                    self.add_include(cur, base);
                }
                base
            }
        };
        if !self.modules[base].loaded {
            self.load(base, false, "base-module")?;
        }
        Ok(())
    }

    /// `(include NAME SETTING…)` (spec 5.4, 5.6).
    pub(crate) fn include_form(&mut self, args: &[Value]) -> Result<(), Error> {
        let name = match args.first() {
            Some(Value::Str(s)) => s.to_vec(),
            Some(Value::Sym(s)) => self.symbols.name(*s).to_vec(),
            other => {
                let v = other.cloned().unwrap_or(Value::Nil);
                self.warn(format!(
                    "an included module's name must be a string or symbol, not `{}`",
                    self.show(&v)
                ));
                return Ok(());
            }
        };
        let m = self.get_or_create_module(&name);
        if let Some(cur) = self.current_module {
            self.add_include(cur, m);
        }
        // A module that is not found is told at its name.
        self.focused(&args[0], |it| it.load(m, false, "include"))?;
        if self.modules[m].loaded {
            self.apply_variants(m, &args[1..])?;
        }
        Ok(())
    }

    /// Loads the default game when types are needed (spec 5.5).
    pub(crate) fn load_default_game(&mut self) -> Result<(), Error> {
        let name = self
            .main_module
            .and_then(|m| self.modules[m].string(DEFAULT_BASE_MODULE))
            .map(<[u8]>::to_vec)
            .unwrap_or_else(|| b"standard".to_vec());
        let d = self.get_or_create_module(&name);
        if self.main_module.is_none() {
            self.main_module = Some(d);
        }
        if self.type_count(crate::value::Kind::Unit) == 0 {
            self.peek(d)?;
        }
        if let Some(e) = self.modules[d]
            .string(DEFAULT_BASE_MODULE)
            .map(<[u8]>::to_vec)
        {
            let e = self.get_or_create_module(&e);
            self.load(e, true, "default-base-module")?;
        }
        self.load(d, true, "default game")
    }

    /// Loads the main module from a file or a module name (spec 5.9).
    pub fn load_main(&mut self, target: &str) -> Result<(), Error> {
        self.get_or_create_module(b"spare module");
        let path = PathBuf::from(target);
        let name = if target.ends_with(".g") || path.is_file() {
            if self.options.work_dir.is_none() {
                self.options.work_dir = Some(path.parent().map(PathBuf::from).unwrap_or_default());
            }
            let file = path
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default();
            file.strip_suffix(".g").map(str::to_string).unwrap_or(file)
        } else {
            target.to_string()
        };
        let m = self.get_or_create_module(name.as_bytes());
        self.main_module = Some(m);
        let r = self.load(m, true, "main module");
        self.flush_kind_lists();
        r
    }

    /// Reads every form of `text` (the `eval` command): top-level forms such as
    /// `define` are interpreted, anything else is evaluated and its value
    /// returned. The text belongs to no module, so warnings have no prefix.
    pub fn eval_text(&mut self, text: &[u8]) -> Result<Vec<Value>, Error> {
        let mut lexer = Lexer::new(text, Default::default())
            .with_max_token_len(self.options.limits.max_token_len);
        let saved = self.current_module.take();
        let mut values = Vec::new();
        let result = loop {
            let outcome = read_form(
                &mut lexer,
                &mut self.symbols,
                true,
                self.options.limits.max_depth,
            );
            for w in std::mem::take(&mut lexer.warnings) {
                self.warn_plain(w.message);
            }
            match outcome {
                Err(e) => break Err(e),
                Ok(ReadOutcome::Eof { unclosed, .. }) => {
                    if unclosed > 0 {
                        self.warn_plain(format!(
                            "{unclosed} list(s) not closed at the end of the expression"
                        ));
                    }
                    break Ok(());
                }
                Ok(ReadOutcome::Form(form)) if self.is_top_level_form(&form.value) => {
                    if let Err(e) = self.interpret(&form.value) {
                        break Err(e);
                    }
                }
                Ok(ReadOutcome::Form(form)) => {
                    self.flush_kind_lists();
                    match self.eval(&form.value) {
                        Ok(v) => values.push(v),
                        Err(e) => break Err(e),
                    }
                }
            }
        };
        self.current_module = saved;
        self.flush_kind_lists();
        result.map(|()| values)
    }
}
