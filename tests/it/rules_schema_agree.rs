//! Issue 25: the schema (`dealerd schema`, what an editor checks) and
//! `dealerd check` accept the same files, but for what a JSON Schema cannot
//! say. Files are GENERATED from the schema itself, with a fixed seed:
//!
//! - valid ones: a walk of the schema from its root, every required key and
//!   each optional one with some chance, each value drawn from what the
//!   schema allows there (an enum's names, an integer in its range, an
//!   amount, a list within its lengths, a table by its own schema, a tagged
//!   step by its tag). The schema must take every one of them; `check` must
//!   take it too or refuse it only for a reason in [`DELIBERATE`];
//! - mutated ones: the same walk, with exactly one value replaced by one the
//!   schema forbids there (a name off the enum, an integer past its range, a
//!   list too long or too short, an amount of 0, a float or one over the
//!   ceiling, a wrong type).
//!   The schema must refuse it, and `check` must refuse it with the schema's
//!   own words at the same line and column.
//!
//! `[[card]]`, `roster`, `[hardware]` and `[room]` are left out: cards and
//! the roster are names and UIDs checked against each other, and the wiring
//! and the room have schemas and readings of their own.

use serde_json::Value;
use toml::{Table, Value as Toml};

use dealerd::daemon::house_file;
use dealerd::rules;

/// Why `check` may refuse a file the schema takes: each is a rule about one
/// key against another (or against `house.unit`), which a JSON Schema
/// cannot state. Matched against the start or the body of the message.
pub const DELIBERATE: &[(&str, &str)] = &[
    (
        "is not a whole number of units",
        "an amount against house.unit",
    ),
    (
        "is over the most any amount may be",
        "the ceiling is counted in units of house.unit",
    ),
    (
        "is under the min buy-in",
        "minimum buy-in against the maximum",
    ),
    (
        "over the maximum buy-in",
        "a game's buy-in or a straddle against the maximum buy-in",
    ),
    (
        "is under the minimum buy-in",
        "a game's maximum against the house's minimum",
    ),
    (
        "is used twice",
        "a name unique across [[game]]s: uniqueItems compares whole items",
    ),
    (
        "no [[game]] is named",
        "a name in [kill]/[bomb] games against the [[game]] names",
    ),
    (
        "more than one game needs [rotation]",
        "the number of games against [rotation] mode",
    ),
    (
        "applies to",
        "a key that applies only to some structures or bases",
    ),
    (
        "cannot be dealt",
        "a base game that moves no money (fan-tan) is no game the table deals (issue 33)",
    ),
    (
        "needs structure",
        "structure is required or forbidden by the base game",
    ),
    (
        "remove structure",
        "structure is required or forbidden by the base game",
    ),
    (
        "has no betting rounds",
        "structure is required or forbidden by the base game",
    ),
    ("needs small_bet and big_bet", "keys the structure needs"),
    (
        "needs spread_min and spread_max",
        "keys the structure needs",
    ),
    ("so it needs min_bet", "min_bet when there are no blinds"),
    (
        "needs an ante",
        "an ante the base game or another key needs",
    ),
    ("needs life_stake", "a key the base game needs"),
    ("a bomb pot needs ante", "one of two keys"),
    ("give the bomb ante as", "one of two keys"),
    ("pot-over trigger needs pot_over", "a key a trigger needs"),
    ("pot_over is set but", "a key a trigger needs"),
    ("is under small_bet", "one amount against another"),
    ("is under spread_min", "one amount against another"),
    ("is under min_bet", "one amount against another"),
    ("is under max_bet_raise", "one amount against another"),
    ("blinds must not go down", "amounts in order"),
    ("denominations must go up", "amounts in order"),
    ("is above", "the bring-in against the bets"),
    ("steps must include", "a sequence's meaning"),
    ("repeat-if-drawn must go back", "a sequence's meaning"),
    ("opens with the bring-in", "a step against bring_in"),
    (
        "max_draw = ",
        "max_draw against the hole cards of the game's steps",
    ),
    (
        "low_qualifier needs split",
        "a key against the game's split",
    ),
    (
        "kill multiple",
        "a decimal between 1 and 4 (the schema has no decimal range)",
    ),
    (
        "a kill of",
        "the kill multiple against the stakes and house.unit",
    ),
    (
        "bomb pots need a flop game",
        "a game named in [bomb], or every game, against its base",
    ),
    (
        "no game here has blinds",
        "[straddle] against the games' blinds (issue 35)",
    ),
    (
        "are not under the",
        "forced bets against the buy-in (playable rules)",
    ),
    (
        "is not under the",
        "a bomb ante against the buy-in (playable rules)",
    ),
    (
        "is under the big blind",
        "a cap against the blinds (playable rules)",
    ),
    ("stakes go [small, big]", "amounts in order"),
    (
        "a rate with stakes needs structure",
        "one key another needs",
    ),
    (
        "the button pays is taken before the deal",
        "fee payer against fee timing",
    ),
    ("when_no_flop is only", "fee payer against fee timing"),
    (
        "has no flop: say when",
        "fee timing against the games' streets",
    ),
    (
        "must be a range within 1–10, fewest first",
        "two numbers in order",
    ),
    ("give one bomb schedule", "one of two keys"),
    ("is outside 1–", "button_seat against house.seats"),
    (
        "deals a bomb pot on every hand of an orbit",
        "the bomb mode against its schedule",
    ),
    ("no bring-in", "a stud key against the base game"),
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*: deterministic, and enough for choosing.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

struct Gen<'a> {
    root: &'a Value,
    rng: Rng,
    /// Replace the n-th value that can be made invalid (counted in walk order).
    mutate_at: Option<usize>,
    leaves: usize,
    /// What the mutation was, for messages.
    mutated: Option<String>,
    /// Redraw the n-th value of a base file from the schema (a valid value).
    redraw_at: Option<usize>,
}

const SKIPPED: [&str; 4] = ["card", "roster", "hardware", "room"];

impl<'a> Gen<'a> {
    fn resolve(&self, mut s: &'a Value) -> &'a Value {
        while let Some(name) = s
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/$defs/"))
        {
            s = &self.root["$defs"][name];
        }
        s
    }

    /// Is this leaf the one to break?
    fn breaks(&mut self, key: &str, how: &str) -> bool {
        let n = self.leaves;
        self.leaves += 1;
        if self.mutate_at == Some(n) {
            self.mutated = Some(format!("{key}: {how}"));
            return true;
        }
        false
    }

    /// A base file's table with one value redrawn from the schema: the
    /// walk of [`Gen::table`], keeping every value the base has.
    fn based(&mut self, s: &'a Value, base: &Table, top: bool) -> Table {
        let s = self.resolve(s);
        let mut t = Table::new();
        for (key, b) in base {
            let prop = &s["properties"][key.as_str()];
            if (top && SKIPPED.contains(&key.as_str())) || prop.is_null() {
                t.insert(key.clone(), b.clone());
                continue;
            }
            if let Some(v) = self.based_value(prop, key, b) {
                t.insert(key.clone(), v);
            }
        }
        t
    }

    fn based_value(&mut self, s: &'a Value, key: &str, base: &Toml) -> Option<Toml> {
        let amount_def = &self.root["$defs"]["Amount"];
        let s = self.resolve(s);
        let leaf = std::ptr::eq(s, amount_def) || !matches!(base, Toml::Table(_) | Toml::Array(_));
        if leaf {
            let n = self.leaves;
            self.leaves += 1;
            return if self.redraw_at == Some(n) {
                self.mutated = Some(format!("{key} redrawn"));
                self.value(s, key)
            } else {
                Some(base.clone())
            };
        }
        if let Some(branches) = s.get("anyOf").or_else(|| s.get("oneOf")) {
            let live: Vec<&Value> = branches
                .as_array()?
                .iter()
                .map(|b| self.resolve(b))
                .filter(|b| b["type"] != "null")
                .collect();
            // A tagged table takes the branch of its tag; else the one branch.
            let tag = base.get("step").and_then(Toml::as_str);
            let b = live
                .iter()
                .find(|b| tag.is_some() && b["properties"]["step"]["const"].as_str() == tag)
                .or(live.first())?;
            return self.based_value(b, key, base);
        }
        match base {
            Toml::Array(items) => {
                let item = &s["items"];
                let out: Vec<Toml> = items
                    .iter()
                    .map(|x| self.based_value(item, key, x))
                    .collect::<Option<_>>()?;
                // A redrawn item the list already has (`uniqueItems`): the
                // base's list stands.
                let twice = out.iter().enumerate().any(|(i, x)| out[..i].contains(x));
                if s["uniqueItems"] == true && twice {
                    return Some(base.clone());
                }
                Some(Toml::Array(out))
            }
            Toml::Table(t) => Some(Toml::Table(self.based(s, t, false))),
            other => Some(other.clone()),
        }
    }

    fn table(&mut self, s: &'a Value, top: bool) -> Table {
        let s = self.resolve(s);
        let mut t = Table::new();
        let required: Vec<&str> = s["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let Some(props) = s["properties"].as_object() else {
            return t;
        };
        for (key, prop) in props {
            if top && SKIPPED.contains(&key.as_str()) {
                continue;
            }
            let p = if top { 60 } else { 25 };
            if required.contains(&key.as_str()) || self.rng.chance(p) {
                if let Some(v) = self.value(prop, key) {
                    t.insert(key.clone(), v);
                }
            }
        }
        t
    }

    fn value(&mut self, s: &'a Value, key: &str) -> Option<Toml> {
        let amount_def = &self.root["$defs"]["Amount"];
        let s = self.resolve(s);
        if std::ptr::eq(s, amount_def) {
            if self.breaks(key, "an amount of 0, a float or one over the ceiling") {
                // The ceiling (issue 35): the least over it, as a number
                // and as a decimal string, and one past what a u64 holds.
                let bad = [
                    Toml::Integer(0),
                    Toml::Float(1.5),
                    Toml::Integer(1_000_000_000_001),
                    Toml::String("1000000000000.000001".into()),
                    Toml::String("99999999999999999999999".into()),
                ];
                return Some(bad[self.rng.below(bad.len())].clone());
            }
            let pick = ["1", "2", "5", "10", "0.25", "0.50", "20", "100"];
            let a = pick[self.rng.below(pick.len())];
            return Some(match a.parse::<i64>() {
                Ok(n) if self.rng.chance(50) => Toml::Integer(n),
                _ => Toml::String(a.into()),
            });
        }
        if let Some(branches) = s.get("anyOf").or_else(|| s.get("oneOf")) {
            let live: Vec<&Value> = branches
                .as_array()?
                .iter()
                .map(|b| self.resolve(b))
                .filter(|b| b["type"] != "null")
                .collect();
            let b = live[self.rng.below(live.len())];
            return self.value(b, key);
        }
        let names: Vec<&str> = match (s.get("enum"), s.get("const")) {
            (Some(Value::Array(e)), _) => e.iter().filter_map(Value::as_str).collect(),
            (_, Some(Value::String(c))) => vec![c.as_str()],
            _ => vec![],
        };
        if !names.is_empty() {
            let v = names[self.rng.below(names.len())];
            // A tag (`step`) is left alone: its table would mean nothing.
            if s.get("const").is_none() && self.breaks(key, "a name off the list") {
                return Some(Toml::String(format!("{v}x")));
            }
            return Some(Toml::String(v.into()));
        }
        let ty = match &s["type"] {
            Value::String(t) => t.as_str(),
            Value::Array(a) => a
                .iter()
                .filter_map(Value::as_str)
                .find(|t| *t != "null")
                .unwrap_or("null"),
            _ => "null",
        };
        match ty {
            "integer" => {
                let lo = s["minimum"].as_i64().unwrap_or(0);
                let hi = s["maximum"].as_i64().unwrap_or(lo + 20).min(lo + 600);
                let bounded = s["maximum"].is_i64() || lo > 0;
                if bounded && self.breaks(key, "a number out of range") {
                    let out = if s["maximum"].is_i64() && s["maximum"].as_i64() < Some(255) {
                        hi + 1
                    } else {
                        lo - 1
                    };
                    return Some(Toml::Integer(out));
                }
                Some(Toml::Integer(
                    lo + self.rng.below((hi - lo + 1) as usize) as i64,
                ))
            }
            "boolean" => {
                if self.breaks(key, "a string for true or false") {
                    return Some(Toml::String("yes".into()));
                }
                Some(Toml::Boolean(self.rng.chance(50)))
            }
            "string" => {
                if self.breaks(key, "a number for a string") {
                    return Some(Toml::Integer(7));
                }
                Some(Toml::String(format!("{key}{}", self.rng.below(1000))))
            }
            "array" => {
                let min = s["minItems"].as_u64().unwrap_or(0) as usize;
                let max = s["maxItems"].as_u64().map_or(min + 2, |m| m as usize);
                let unique = s["uniqueItems"] == true;
                if (min > 0 || s["maxItems"].is_u64())
                    && self.breaks(key, "a list of the wrong length")
                {
                    let len = if min > 0 { 0 } else { max + 1 };
                    let mut items = Vec::new();
                    for _ in 0..len {
                        items.push(self.value(&s["items"], key)?);
                    }
                    return Some(Toml::Array(items));
                }
                let len = min + self.rng.below(max.min(min + 3) - min + 1);
                let mut items: Vec<Toml> = Vec::new();
                let mut tries = 0;
                while items.len() < len && tries < 50 {
                    tries += 1;
                    let v = self.value(&s["items"], key)?;
                    if !(unique && items.contains(&v)) {
                        items.push(v);
                    }
                }
                (items.len() >= min).then_some(Toml::Array(items))
            }
            "object" => Some(Toml::Table(self.table(s, false))),
            _ => None,
        }
    }
}

fn generate(
    schema: &Value,
    seed: u64,
    mutate_at: Option<usize>,
) -> (String, usize, Option<String>) {
    let mut g = Gen {
        root: schema,
        rng: Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
        mutate_at,
        leaves: 0,
        mutated: None,
        redraw_at: None,
    };
    let t = g.table(schema, true);
    let text = toml::to_string(&t).expect("a table writes as TOML");
    (text, g.leaves, g.mutated)
}

/// Every shipped house file and starter, as TOML tables.
fn bases() -> Vec<(String, Table)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["config", "config/houses", "config/starters"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            out.push((f.display().to_string(), toml::from_str(&text).unwrap()));
        }
    }
    out
}

/// A base file with its `k`-th value redrawn from the schema.
fn redrawn(schema: &Value, base: &Table, seed: u64, k: usize) -> (String, usize, Option<String>) {
    let mut g = Gen {
        root: schema,
        rng: Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
        mutate_at: None,
        leaves: 0,
        mutated: None,
        redraw_at: Some(k),
    };
    let t = g.based(schema, base, true);
    (
        toml::to_string(&t).expect("a table writes as TOML"),
        g.leaves,
        g.mutated,
    )
}

fn schema() -> Value {
    serde_json::from_str(&house_file::json_schema()).expect("the schema is JSON")
}

/// 1 when `check` takes `text`; 0 when it refuses it, each refusal counted
/// under its deliberate reason (a refusal for any other reason fails).
fn checked(
    text: &str,
    refused: &mut std::collections::BTreeMap<&'static str, usize>,
    what: &str,
) -> usize {
    let Err(e) = house_file::load_str("g.toml", text) else {
        return 1;
    };
    for d in e.diagnostics() {
        let Some((why, _)) = DELIBERATE.iter().find(|(m, _)| d.message.contains(m)) else {
            panic!(
                "{what}: check refuses what the schema takes, for no deliberate reason:\n{d}\n--- file:\n{text}"
            );
        };
        *refused.entry(why).or_default() += 1;
    }
    0
}

#[test]
fn files_generated_from_the_schema_are_taken_by_check_but_for_the_deliberate_cases() {
    let schema = schema();
    let mut taken = 0;
    let mut refused = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..400 {
        let (text, _, _) = generate(&schema, seed, None);
        let shape = rules::shape_problems("g.toml", &text);
        assert!(
            shape.is_empty(),
            "seed {seed}: the generator made a file the schema refuses:\n{text}\n{shape:?}"
        );
        taken += checked(&text, &mut refused, &format!("seed {seed}"));
    }
    // A walk from nothing seldom makes a file whose keys agree with each
    // other: the shipped files, each with one value redrawn from the
    // schema, make files check takes, and files it refuses for one rule.
    for (seed, (name, base)) in bases().iter().cycle().take(600).enumerate() {
        let seed = seed as u64;
        let (_, leaves, _) = redrawn(&schema, base, seed, usize::MAX);
        let k = (seed as usize * 31 + 7) % leaves.max(1);
        let (text, _, what) = redrawn(&schema, base, seed, k);
        let what = what.unwrap_or_default();
        let shape = rules::shape_problems("g.toml", &text);
        assert!(
            shape.is_empty(),
            "{name}, {what}: the schema refuses it:\n{shape:?}"
        );
        taken += checked(&text, &mut refused, &format!("{name}, {what}"));
    }
    assert!(
        taken >= 100,
        "only {taken} generated files loaded: {refused:?}"
    );
    assert!(refused.len() >= 10, "{refused:?}");
}

#[test]
fn a_file_generated_with_one_value_the_schema_forbids_is_refused_by_both_in_the_same_words() {
    let schema = schema();
    let mut mutants = 0;
    for seed in 0..200 {
        let (_, leaves, _) = generate(&schema, seed, None);
        for k in [
            seed as usize % leaves.max(1),
            (seed as usize * 7 + 3) % leaves.max(1),
        ] {
            let (text, _, what) = generate(&schema, seed, Some(k));
            let Some(what) = what else { continue };
            mutants += 1;
            let shape = rules::shape_problems("m.toml", &text);
            assert!(
                !shape.is_empty(),
                "seed {seed}, {what}: the schema takes it:\n{text}"
            );
            let err = house_file::load_str("m.toml", &text)
                .expect_err(&format!("seed {seed}, {what}: check takes it:\n{text}"));
            for p in &shape {
                assert!(
                    err.diagnostics().contains(p),
                    "seed {seed}, {what}: check does not say what the schema says: {p}\ncheck: {err}\n{text}"
                );
            }
        }
    }
    assert!(mutants >= 300, "{mutants}");
}
