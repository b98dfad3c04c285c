//! The file's shape, checked against the rules' own JSON Schema (the one
//! `dealerd schema` prints and editors use), so that the two cannot disagree
//! on which keys, types, values and ranges a file may have: the schema is
//! the one source of the shape, and `check` reads it. Every problem of shape
//! is found in one pass, in file order, with the key's expected values or a
//! "did you mean" for a near miss (issue 25: serde stopped at the first).
//!
//! What JSON Schema cannot say (one key against another: a minimum buy-in
//! over the maximum, a name used twice, a game named in `[bomb]` that no
//! `[[game]]` has) is left to the meaning checks in `validate`.

use std::ops::Range;
use std::sync::OnceLock;

use schemars::generate::SchemaSettings;
use serde_json::Value;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::schema::RawRules;

/// Sections of the house file that other modules read with schemas of their
/// own (the wiring, the room): the rules let them be.
pub(crate) const OTHER_SECTIONS: [&str; 2] = ["hardware", "room"];

/// The rules' schema, made once.
pub(crate) fn rules_schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let schema = SchemaSettings::default()
            .into_generator()
            .root_schema_for::<RawRules>();
        serde_json::to_value(schema).unwrap_or(Value::Null)
    })
}

/// One problem of shape.
pub(crate) struct Problem {
    pub span: Range<usize>,
    pub message: String,
}

/// The problems of `doc`'s shape. Unknown keys are removed from `doc` (the
/// rest of the file still means what it says without them); any other
/// problem makes `fatal` true, and the file is not read further.
pub(crate) struct Shape<'s> {
    root: &'s Value,
    pub problems: Vec<Problem>,
    pub fatal: bool,
    /// `house.seats`, when the file gives a number: the range of a seat.
    seats: Option<i128>,
}

impl<'s> Shape<'s> {
    pub fn check(doc: &mut Spanned<DeTable<'_>>) -> Shape<'static> {
        let root = rules_schema();
        let seats = match doc.get_ref().get("house").map(|h| h.get_ref()) {
            Some(DeValue::Table(h)) => match h.get("seats").map(|s| s.get_ref()) {
                Some(DeValue::Integer(i)) => i128::from_str_radix(i.as_str(), i.radix()).ok(),
                _ => None,
            },
            _ => None,
        };
        let mut shape = Shape {
            root,
            problems: Vec::new(),
            fatal: false,
            seats,
        };
        let span = doc.span();
        shape.table(doc.get_mut(), &span, root, None);
        shape
    }

    fn problem(&mut self, span: &Range<usize>, message: String) {
        // The cap on located problems is the caller's; this only bounds memory.
        if self.problems.len() < super::error::MAX_COLLECTED {
            self.problems.push(Problem {
                span: span.clone(),
                message,
            });
        }
    }

    fn fatal(&mut self, span: &Range<usize>, message: String) {
        self.fatal = true;
        self.problem(span, message);
    }

    /// `s` with every `$ref` followed.
    fn resolve(&self, mut s: &'s Value) -> &'s Value {
        for _ in 0..16 {
            let Some(name) = s
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
            else {
                break;
            };
            match self.root.get("$defs").and_then(|d| d.get(name)) {
                Some(next) => s = next,
                None => break,
            }
        }
        s
    }

    /// Whether `name` is a key of the file's top level that is no section
    /// (`roster`: a list of names, not of tables).
    fn top_level_key(&self, name: &str) -> bool {
        let Some(prop) = self.root.get("properties").and_then(|p| p.get(name)) else {
            return false;
        };
        let prop = self.resolve(prop);
        let items = prop.get("items").map(|i| self.resolve(i));
        let of_tables = |s: &Value| s.get("type").and_then(Value::as_str) == Some("object");
        !of_tables(prop) && !items.is_some_and(of_tables)
    }

    fn is_amount(&self, s: &Value) -> bool {
        self.root
            .get("$defs")
            .and_then(|d| d.get("Amount"))
            .is_some_and(|a| std::ptr::eq(a, s))
    }

    /// A table (`section` names it in messages; `None` is the top level).
    fn table(
        &mut self,
        t: &mut DeTable<'_>,
        span: &Range<usize>,
        schema: &'s Value,
        section: Option<&str>,
    ) {
        let s = self.resolve(schema);
        let props = s.get("properties").and_then(Value::as_object);
        let closed = s.get("additionalProperties") == Some(&Value::Bool(false));
        let mut known: Vec<&str> = props
            .map(|p| p.keys().map(String::as_str).collect())
            .unwrap_or_default();
        if section.is_none() {
            known.extend(OTHER_SECTIONS);
            known.sort_unstable();
        }
        let mut unknown: Vec<String> = Vec::new();
        for (key, value) in t.iter_mut() {
            let name = key.get_ref().as_ref();
            if section.is_none() && OTHER_SECTIONS.contains(&name) {
                continue;
            }
            match props.and_then(|p| p.get(name)) {
                Some(prop) => {
                    let here = match section {
                        None => Here::Top(name),
                        Some(sec) => Here::In(sec, name),
                    };
                    self.value(value, prop, &here);
                }
                None if closed => {
                    let message = match section {
                        None if value.get_ref().is_table() || value.get_ref().is_array() => {
                            format!("unknown section [{name}]{}", expected(name, &known, true))
                        }
                        None => format!(
                            "unknown key \"{name}\" at the top level{}",
                            expected(name, &known, false)
                        ),
                        // A top-level key written after a section header
                        // is that section's in TOML (issue 35: `roster`).
                        Some(sec) if self.top_level_key(name) => {
                            format!(
                                "unknown key \"{name}\" in {sec}: {name} belongs at the top of the \
                                 file, before the first [section] (a key under a section header is \
                                 that section's): move it up"
                            )
                        }
                        Some(sec) => format!(
                            "unknown key \"{name}\" in {sec}{}",
                            expected(name, &known, false)
                        ),
                    };
                    self.problem(&key.span(), message);
                    unknown.push(name.to_string());
                }
                None => {}
            }
        }
        // Without them, the rest of the file still reads as written.
        for u in &unknown {
            t.remove(u.as_str());
        }
        let required = s.get("required").and_then(Value::as_array);
        for r in required.into_iter().flatten().filter_map(Value::as_str) {
            if t.keys().any(|k| k.get_ref().as_ref() == r) {
                continue;
            }
            let array = props
                .and_then(|p| p.get(r))
                .map(|p| self.resolve(p))
                .and_then(|p| p.get("type"))
                == Some(&Value::String("array".into()));
            let (at, message) = match section {
                None if array => (0..0, format!("missing [[{r}]]: at least one is required")),
                None => (0..0, format!("missing section [{r}]")),
                Some(sec) => (span.clone(), format!("missing key \"{r}\" in {sec}")),
            };
            self.fatal(&at, message);
        }
    }

    fn value(&mut self, v: &mut Spanned<DeValue<'_>>, schema: &'s Value, here: &Here) {
        let s = self.resolve(schema);
        let span = v.span();
        if self.is_amount(s) {
            match amount(v.get_ref()) {
                Err(why) => self.fatal(&span, why),
                Ok(Read::Taken) => {}
                // Every amount in the file is money that must exist.
                Ok(Read::Zero) => {
                    self.problem(&span, format!("{} must be more than 0", here.key()))
                }
                // An amount still read lets the meaning checks go on: they
                // count it as refused, so nothing is compared with it.
                Ok(Read::Over { readable: true }) => {
                    self.problem(&span, over_the_most(here, v.get_ref()));
                }
                Ok(Read::Over { readable: false }) => {
                    self.fatal(&span, over_the_most(here, v.get_ref()));
                }
            }
            return;
        }
        if let Some(branches) = s.get("anyOf").or_else(|| s.get("oneOf")) {
            let branches: Vec<&'s Value> = branches
                .as_array()
                .into_iter()
                .flatten()
                .map(|b| self.resolve(b))
                .filter(|b| b.get("type").and_then(Value::as_str) != Some("null"))
                .collect();
            return self.branches(v, &branches, here);
        }
        if let Some(found) = type_mismatch(v.get_ref(), s) {
            let message = format!("{} must be {}, not {found}", here.key(), self.describe(s));
            return self.fatal(&span, message);
        }
        let choices = enum_values(s);
        if !choices.is_empty() {
            if let Some(x) = v.get_ref().as_str() {
                if !choices.contains(&x) {
                    let message = format!(
                        "{}{}",
                        here.key_is(v.get_ref()),
                        expected(x, &choices, false)
                    );
                    self.fatal(&span, message);
                }
            }
            return;
        }
        match v.get_mut() {
            DeValue::Integer(i) => {
                let n = i128::from_str_radix(i.as_str(), i.radix()).unwrap_or(i128::MAX);
                let lo = s.get("minimum").and_then(Value::as_i64).map(i128::from);
                let hi = s.get("maximum").and_then(Value::as_i64).map(i128::from);
                if lo.is_some_and(|lo| n < lo) || hi.is_some_and(|hi| n > hi) {
                    let range = range_text(lo, hi);
                    let message = format!("{} = {n} is outside {range}", here.key());
                    // A seat is placed in the house's own range, not the
                    // schema's largest house's (issue 35).
                    let seat = s
                        .get("description")
                        .and_then(Value::as_str)
                        .is_some_and(|d| d.contains("the house's seats"));
                    let message = match self.seats {
                        Some(seats) if seat => {
                            format!(
                                "{} = {n} is outside 1–{seats} (the house's seats)",
                                here.key()
                            )
                        }
                        _ => message,
                    };
                    // A number the key's type still holds is read on, so
                    // the meaning checks after it are still made.
                    if fits(n, s) {
                        self.problem(&span, message);
                    } else {
                        self.fatal(&span, message);
                    }
                }
            }
            DeValue::Array(items) => {
                let len = items.len() as u64;
                let min = s.get("minItems").and_then(Value::as_u64);
                let max = s.get("maxItems").and_then(Value::as_u64);
                if min.is_some_and(|m| len < m) || max.is_some_and(|m| len > m) {
                    let message = match (min, max) {
                        (Some(a), Some(b)) if a == b => {
                            format!("{} must list exactly {a}, not {len}", here.key())
                        }
                        _ => format!(
                            "{} lists {len}; it must list {}",
                            here.key(),
                            range_text(min.map(i128::from), max.map(i128::from))
                        ),
                    };
                    // A list of any length still reads: not fatal.
                    self.problem(&span, message);
                }
                if let Some(item) = s.get("items") {
                    let inner = here.item();
                    for x in items.iter_mut() {
                        self.value(x, item, &inner);
                    }
                }
                if s.get("uniqueItems") == Some(&Value::Bool(true)) {
                    let texts: Vec<String> = items.iter().map(|x| plain(x.get_ref())).collect();
                    for (i, x) in items.iter().enumerate() {
                        if texts[..i].contains(&texts[i]) {
                            let message = format!("{} lists {} twice", here.key(), texts[i]);
                            self.problem(&x.span(), message);
                        }
                    }
                }
            }
            DeValue::Table(t) => {
                let section = here.section();
                self.table(t, &span, s, Some(&section));
            }
            _ => {}
        }
    }

    /// `anyOf`/`oneOf`: string choices, a table tagged by one key (`step`),
    /// or a value that must match one of the branches.
    fn branches(&mut self, v: &mut Spanned<DeValue<'_>>, branches: &[&'s Value], here: &Here) {
        let span = v.span();
        if let [one] = branches {
            return self.value(v, one, here);
        }
        // String choices: each branch a `const`, or an `enum` of those
        // without a description of their own.
        let consts: Vec<&str> = branches.iter().flat_map(|b| enum_values(b)).collect();
        if branches.iter().all(|b| !enum_values(b).is_empty()) {
            let ok = v.get_ref().as_str().is_some_and(|x| consts.contains(&x));
            if !ok {
                let word = v.get_ref().as_str().unwrap_or_default();
                let message = format!(
                    "{}{}",
                    here.key_is(v.get_ref()),
                    expected(word, &consts, false)
                );
                self.fatal(&span, message);
            }
            return;
        }
        if let Some(tag) = tag_key(branches) {
            let DeValue::Table(t) = v.get_mut() else {
                let message = format!("{} must be a table with {tag} = ...", here.key());
                return self.fatal(&span, message);
            };
            let values: Vec<&str> = branches.iter().filter_map(|b| tag_of(b, tag)).collect();
            let given = t
                .iter()
                .find(|(k, _)| k.get_ref().as_ref() == tag)
                .map(|(_, x)| (x.get_ref().as_str().map(str::to_string), x.span()));
            match given {
                Some((Some(x), _)) if values.contains(&x.as_str()) => {
                    let branch = branches
                        .iter()
                        .find(|b| tag_of(b, tag) == Some(x.as_str()))
                        .copied();
                    if let Some(b) = branch {
                        let section = here.section();
                        self.table(t, &span, b, Some(&section));
                    }
                }
                Some((x, at)) => {
                    let x = x.unwrap_or_default();
                    let message = format!("{tag} = \"{x}\"{}", expected(&x, &values, false));
                    self.fatal(&at, message);
                }
                None => {
                    let message =
                        format!("{} needs {tag} = one of: {}", here.key(), values.join(", "));
                    self.fatal(&span, message);
                }
            }
            return;
        }
        // Otherwise: the first branch that takes the value, silently.
        for b in branches {
            let mut trial = Shape {
                root: self.root,
                problems: Vec::new(),
                fatal: false,
                seats: self.seats,
            };
            let mut copy = v.clone();
            trial.value(&mut copy, b, here);
            if trial.problems.is_empty() {
                return;
            }
        }
        let expected: Vec<String> = branches.iter().map(|b| self.describe(b)).collect();
        let message = format!("{} must be {}", here.key(), expected.join(" or "));
        self.fatal(&span, message);
    }

    /// What a value of schema `s` is, in a host's words.
    pub(crate) fn describe(&self, s: &'s Value) -> String {
        let s = self.resolve(s);
        if self.is_amount(s) {
            return "an amount (a whole number such as 40, or a decimal string such as \"0.25\")"
                .into();
        }
        let choices = enum_values(s);
        if !choices.is_empty() {
            return format!("one of: {}", choices.join(", "));
        }
        if let Some(b) = s.get("anyOf").or_else(|| s.get("oneOf")) {
            let parts: Vec<&Value> = b
                .as_array()
                .into_iter()
                .flatten()
                .filter(|b| b.get("type").and_then(Value::as_str) != Some("null"))
                .collect();
            let consts: Vec<&str> = parts
                .iter()
                .flat_map(|p| enum_values(self.resolve(p)))
                .collect();
            if !parts.is_empty()
                && parts
                    .iter()
                    .all(|p| !enum_values(self.resolve(p)).is_empty())
            {
                return format!("one of: {}", consts.join(", "));
            }
            if let [one] = parts.as_slice() {
                return self.describe(one);
            }
            return "a table".into();
        }
        let ty = match s.get("type") {
            Some(Value::Array(types)) => types
                .iter()
                .filter_map(Value::as_str)
                .find(|t| *t != "null"),
            t => t.and_then(Value::as_str),
        };
        match ty {
            Some("integer") => {
                let lo = s.get("minimum").and_then(Value::as_i64).map(i128::from);
                let hi = s.get("maximum").and_then(Value::as_i64).map(i128::from);
                format!("a whole number {}", range_text(lo, hi))
            }
            Some("boolean") => "true or false".into(),
            Some("string") => "a string".into(),
            Some("array") => match s.get("items") {
                Some(i) => format!("a list of {}", plural(&self.describe(i))),
                None => "a list".into(),
            },
            Some("object") => "a table".into(),
            _ => "a value".into(),
        }
    }
}

/// Where a value is, for messages.
enum Here<'a> {
    Top(&'a str),
    In(&'a str, &'a str),
    /// An item of a list: the list's key, and the header its tables have.
    Item(String, String),
}

impl Here<'_> {
    fn key(&self) -> String {
        match self {
            Here::Top(k) | Here::In(_, k) => (*k).to_string(),
            Here::Item(list, _) => format!("each of {list}"),
        }
    }

    /// `key = value`, as written.
    fn key_is(&self, v: &DeValue<'_>) -> String {
        format!("{} = {}", self.key(), shown(v))
    }

    fn item(&self) -> Here<'static> {
        let section = match self {
            Here::Top(k) => format!("[[{k}]]"),
            Here::In(sec, k) => format!("{sec} {k}"),
            Here::Item(_, sec) => sec.clone(),
        };
        Here::Item(self.key(), section)
    }

    /// The header a table here is named by in messages.
    fn section(&self) -> String {
        match self {
            Here::Top(k) => format!("[{k}]"),
            Here::In(sec, k) => format!("{sec} {k}"),
            Here::Item(_, sec) => sec.clone(),
        }
    }
}

/// A TOML value as written, for messages.
fn shown(v: &DeValue<'_>) -> String {
    match v {
        DeValue::String(s) => format!("\"{s}\""),
        DeValue::Integer(i) if i.radix() == 10 => i.as_str().to_string(),
        DeValue::Integer(i) => i128::from_str_radix(i.as_str(), i.radix())
            .map_or_else(|_| i.as_str().to_string(), |n| n.to_string()),
        DeValue::Float(f) => f.as_str().to_string(),
        DeValue::Boolean(b) => b.to_string(),
        DeValue::Datetime(d) => d.to_string(),
        DeValue::Array(_) => "[...]".into(),
        DeValue::Table(_) => "{...}".into(),
    }
}

/// A value for comparing items (`uniqueItems`).
fn plain(v: &DeValue<'_>) -> String {
    shown(v)
}

fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "a whole number",
        DeValue::Float(_) => "a number with a decimal point",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// `Some(what v is)` when `v` is not of `s`'s type.
fn type_mismatch(v: &DeValue<'_>, s: &Value) -> Option<&'static str> {
    let types: Vec<&str> = match s.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    let ok = types.iter().any(|t| {
        matches!(
            (*t, v),
            ("string", DeValue::String(_))
                | ("integer" | "number", DeValue::Integer(_))
                | ("number", DeValue::Float(_))
                | ("boolean", DeValue::Boolean(_))
                | ("array", DeValue::Array(_))
                | ("object", DeValue::Table(_))
        )
    });
    (!ok).then(|| type_name(v))
}

fn enum_values(s: &Value) -> Vec<&str> {
    if let Some(c) = s.get("const").and_then(Value::as_str) {
        return vec![c];
    }
    s.get("enum")
        .and_then(Value::as_array)
        .map(|e| e.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The key every branch fixes with a `const` (`step` in `steps`).
fn tag_key<'v>(branches: &[&'v Value]) -> Option<&'v str> {
    let first = branches.first()?.get("properties")?.as_object()?;
    first
        .iter()
        .find(|(k, _)| branches.iter().all(|b| tag_of(b, k).is_some()))
        .map(|(k, _)| k.as_str())
}

fn tag_of<'v>(b: &'v Value, tag: &str) -> Option<&'v str> {
    b.get("properties")?.get(tag)?.get("const")?.as_str()
}

/// What [`amount`] read.
enum Read {
    Taken,
    Zero,
    /// Over [`super::amount::the_most`]; `readable` when the value is still
    /// a [`super::Decimal`], so the rest of the file can be read on.
    Over {
        readable: bool,
    },
}

/// An amount as [`super::Decimal`] reads it, written as the schema's
/// pattern says (no spaces around it), and whether it is 0 or over the
/// ceiling (the schema's `minimum`, `maximum` and pattern).
fn amount(v: &DeValue<'_>) -> Result<Read, String> {
    let bad = || "expected an amount: a whole number (40) or a decimal string (\"0.25\")";
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let ceiling = i128::from(super::MAX_AMOUNT_UNITS);
    match v {
        DeValue::Integer(i) => match i128::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) if n < 0 => Err(format!("amount {n} is negative")),
            Ok(0) => Ok(Read::Zero),
            Ok(n) if n > ceiling => Ok(Read::Over {
                readable: n <= i128::from(u64::MAX),
            }),
            Ok(_) => Ok(Read::Taken),
            // Past even an i128: a number only too large is said to be that,
            // not "not an amount" (issue 35).
            Err(_) if digits(i.as_str()) => Ok(Read::Over { readable: false }),
            Err(_) => Err(bad().into()),
        },
        DeValue::Float(f) => Err(format!(
            "amount {} is a float; write it as a string, e.g. \"{}\", so it stays exact",
            f.as_str(),
            f.as_str()
        )),
        DeValue::String(s) if s.trim() == s.as_ref() => match super::Decimal::parse(s) {
            Some(d) if d.is_zero() => Ok(Read::Zero),
            Some(d) if d.over_ceiling() => Ok(Read::Over { readable: true }),
            Some(_) => Ok(Read::Taken),
            // Written as a decimal, yet not read: only its size stops it.
            None if s
                .split_once('.')
                .map_or(digits(s), |(w, f)| digits(w) && digits(f) && f.len() <= 6) =>
            {
                Ok(Read::Over { readable: false })
            }
            None => Err(not_an_amount(s)),
        },
        DeValue::String(s) => Err(not_an_amount(s)),
        _ => Err(bad().into()),
    }
}

fn not_an_amount(s: &str) -> String {
    format!("\"{s}\" is not an amount; expected a decimal such as \"0.25\" or \"40\" (at most 6 decimals)")
}

/// An amount over the ceiling, named by its key (or its list) and written
/// as the file has it.
fn over_the_most(here: &Here, v: &DeValue<'_>) -> String {
    let most = super::amount::the_most();
    match here {
        Here::Item(list, _) => format!("{list} lists {}, which is over {most}", shown(v)),
        _ => format!("{} is over {most}", here.key_is(v)),
    }
}

/// Whether `n` fits the Rust type the schema's `format` names (a `u8`
/// holds 300 no more than serde does).
fn fits(n: i128, s: &Value) -> bool {
    let (lo, hi): (i128, i128) = match s.get("format").and_then(Value::as_str) {
        Some("uint8") => (0, u8::MAX.into()),
        Some("uint16") => (0, u16::MAX.into()),
        Some("uint32") => (0, u32::MAX.into()),
        Some("uint64" | "uint") => (0, u64::MAX.into()),
        Some("int8") => (i8::MIN.into(), i8::MAX.into()),
        Some("int16") => (i16::MIN.into(), i16::MAX.into()),
        Some("int32") => (i32::MIN.into(), i32::MAX.into()),
        Some("int64" | "int") => (i64::MIN.into(), i64::MAX.into()),
        _ => return false,
    };
    (lo..=hi).contains(&n)
}

fn range_text(lo: Option<i128>, hi: Option<i128>) -> String {
    match (lo, hi) {
        (Some(lo), Some(hi)) => format!("{lo}–{hi}"),
        (Some(lo), None) => format!("{lo} or more"),
        (None, Some(hi)) => format!("at most {hi}"),
        (None, None) => "any".into(),
    }
}

fn plural(one: &str) -> String {
    for (a, many) in [
        ("an amount", "amounts"),
        ("a whole number", "whole numbers"),
        ("a string", "strings"),
        ("a table", "tables"),
        ("a list", "lists"),
    ] {
        if let Some(rest) = one.strip_prefix(a) {
            return format!("{many}{rest}");
        }
    }
    format!("values, each {one}")
}

/// `; did you mean "x"? expected one of: ...`, or without the question
/// when nothing in `known` is near `word`.
fn expected(word: &str, known: &[&str], section: bool) -> String {
    let near = did_you_mean(word, known, section);
    let list = known.join(", ");
    if near.is_empty() {
        format!("; expected one of: {list}")
    } else {
        format!("; {near} expected one of: {list}")
    }
}

/// `did you mean "x"?` for the nearest of `known`, if it is near.
pub(crate) fn did_you_mean(word: &str, known: &[&str], section: bool) -> String {
    let norm = |s: &str| s.to_ascii_lowercase().replace('_', "-");
    let w = norm(word);
    let best = known
        .iter()
        .map(|k| {
            let k2 = norm(k);
            // "to-maximum" for "to-max": a word spelt out in full is near.
            let prefix = w.len().min(k2.len()) >= 3 && (w.starts_with(&k2) || k2.starts_with(&w));
            let d = distance(&w, &k2);
            // Of two prefixes ("ante" and "ante-mode" for "ante_mod"), the
            // nearer in spelling.
            (if prefix { 1 } else { d }, d, *k)
        })
        .min_by_key(|(d, full, _)| (*d, *full))
        .map(|(d, _, k)| (d, k))
        .filter(|(d, _)| *d <= (w.chars().count() / 3).max(1))
        .or_else(|| same_words(word, known).map(|k| (0, k)));
    match best {
        Some((_, k)) => {
            if section {
                format!("did you mean [{k}]?")
            } else {
                format!("did you mean \"{k}\"?")
            }
        }
        _ => String::new(),
    }
}

/// The name of `known` whose words are all in `word`, in any order and
/// spelling of separators, the most words first: "texas-holdem" is
/// "holdem", "2-7 triple draw" is "triple-draw-27", "Hold'em" is "holdem".
fn same_words<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    // Words of letters, and the digits run together ("2-7" is "27").
    let words = |s: &str| {
        let s = s.to_ascii_lowercase().replace(['\'', '\u{2019}'], "");
        let letters: Vec<String> = s
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        let digits: String = s.chars().filter(char::is_ascii_digit).collect();
        (letters, digits)
    };
    if word.len() > 64 {
        return None;
    }
    let (w, wd) = words(word);
    known
        .iter()
        .filter_map(|k| {
            let (kw, kd) = words(k);
            let inside = !kw.is_empty() && kd == wd && kw.iter().all(|x| w.contains(x));
            inside.then_some((kw.len(), *k))
        })
        .max_by_key(|(n, _)| *n)
        .map(|(_, k)| k)
}

/// Levenshtein distance, for near misses of short words; a long word (a
/// hostile file's) is never near.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len() > 64 || b.len() > 64 {
        return usize::MAX;
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}
