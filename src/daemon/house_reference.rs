//! `docs/house-rules.md`, the host's reference for the house file, written
//! from the JSON Schema `dealerd schema` prints (issue 25): one source for
//! what a key means, its type, default and range, so the reference, the
//! editor's hover text and `dealerd check` cannot drift apart.
//! `dealerd schema --reference` prints it; a test holds the committed file
//! to it byte for byte.

use std::fmt::Write as _;

use serde_json::Value;

use super::house_examples::EXAMPLES;
use super::house_file;
use crate::rules::MAX_AMOUNT_UNITS;

/// Sections in the order a host writes them.
const ORDER: [&str; 16] = [
    "house", "game", "button", "money", "straddle", "bomb", "kill", "table", "showdown",
    "rotation", "fees", "clock", "card", "roster", "hardware", "room",
];

/// The reference, as Markdown.
pub fn markdown() -> String {
    let schema: Value = serde_json::from_str(&house_file::json_schema()).unwrap_or(Value::Null);
    let r = Reference { root: &schema };
    let mut out = String::new();
    // The ceiling is written from the constant `check` holds amounts to.
    out.push_str(&INTRO.replace("{MAX}", &MAX_AMOUNT_UNITS.to_string()));
    let props = schema["properties"].as_object();
    let required = names(&schema["required"]);
    let mut keys: Vec<&str> = props
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    keys.sort_by_key(|k| ORDER.iter().position(|o| o == k).unwrap_or(ORDER.len()));
    let _ = writeln!(
        out,
        "Sections: {}.\n",
        keys.iter()
            .map(|k| format!("[{}](#{})", header(&schema, k), anchor(&header(&schema, k))))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for key in keys {
        let prop = &schema["properties"][key];
        let title = header(&schema, key);
        let need = if required.contains(&key) {
            "required"
        } else {
            "optional"
        };
        let _ = writeln!(out, "## {title}\n");
        // The section's own description starts with its header: said once.
        let about = one_line(&r.description(prop));
        let about = about
            .strip_prefix(&format!("{title}: "))
            .map(|a| {
                let mut c = a.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            })
            .unwrap_or(about);
        let _ = writeln!(out, "*{need}.* {about}\n");
        let body = r.object(prop);
        match body {
            Some(obj) => r.keys(&mut out, obj, &title, key),
            None => {
                let line = r.line("", key, prop, required.contains(&key));
                let _ = writeln!(out, "{line}\n");
            }
        }
    }
    out
}

const INTRO: &str = "# The house file

<!-- Written by `dealerd schema --reference` from the same source as the
JSON Schema (`dealerd schema`); a test keeps this file in step. Edit the
descriptions in src/rules/schema.rs, not here. -->

A host describes the table in one TOML file: who the house is, the games it
deals, the stakes and the house's own rules. `dealerd check FILE` prints the
rules as understood, or every problem with its line and column. The daemon
reads `/etc/dealerd/house.toml`; `dealerd init` writes a commented starter
file for a common home game.

Amounts are money in the house currency, exact: a whole number (`40`) or a
decimal string (`\"0.25\"`), never a float, each a whole number of
`[house] unit`. No amount may be over {MAX} (a million million)
in the currency, nor over {MAX} units of `[house] unit`. A key
left out takes its default. Catalog ids (B2, S1, ...) point into the rules
catalog the tests are named by; they are cross-references, not
explanations.

Every example works as written in the starter file (`dealerd init`): put
it under its section's header, with the keys it is shown `with` in that
section's table (a game shown with a `name` is a game of its own);
`tests/it/rules_examples.rs` checks each one so.

An editor that reads the schema (see the README) flags what this page's
types and ranges say as you type. `dealerd check` says all of that in the
same words, and also what a schema cannot say, one key against another: an
amount that is not a whole number of `unit` or is over {MAX} of
them, a minimum buy-in over the maximum, blinds or a bomb ante the buy-in
cannot cover, a straddle over the maximum buy-in, a cap under the big
blind, a key that applies only to some structures or games, a game name
used twice or named in `[bomb]`/`[kill]` but not dealt, duplicate card
UIDs or names. `tests/it/rules_schema_agree.rs` generates files from the
schema (valid ones, and ones with one value the schema forbids; cards and
the roster aside) and holds the two to that list.

";

fn names(v: &Value) -> Vec<&str> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// How a section is written in the file: `[house]`, `[[game]]`, `roster`.
fn header(schema: &Value, key: &str) -> String {
    let p = &schema["properties"][key];
    let array = p["type"] == "array";
    match (array, key) {
        (_, "roster") => "`roster`".into(),
        (true, _) => format!("`[[{key}]]`"),
        _ => format!("`[{key}]`"),
    }
}

fn anchor(title: &str) -> String {
    title
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect::<String>()
        .to_ascii_lowercase()
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct Reference<'a> {
    root: &'a Value,
}

impl<'a> Reference<'a> {
    fn resolve(&self, mut s: &'a Value) -> &'a Value {
        for _ in 0..16 {
            let Some(name) = s["$ref"].as_str().and_then(|r| r.strip_prefix("#/$defs/")) else {
                break;
            };
            s = &self.root["$defs"][name];
        }
        s
    }

    /// Without its `null` branch: the value a key takes when it is written.
    fn written(&self, s: &'a Value) -> &'a Value {
        let s = self.resolve(s);
        if let Some(b) = s["anyOf"].as_array() {
            let live: Vec<&Value> = b.iter().filter(|x| x["type"] != "null").collect();
            if let [one] = live.as_slice() {
                return self.resolve(one);
            }
        }
        s
    }

    fn description(&self, s: &'a Value) -> String {
        s["description"]
            .as_str()
            .or_else(|| self.written(s)["description"].as_str())
            .unwrap_or("")
            .to_string()
    }

    /// The table a section or key holds (a list of tables: its item).
    fn object(&self, s: &'a Value) -> Option<&'a Value> {
        let w = self.written(s);
        let w = if w.get("items").is_some() {
            self.written(&w["items"])
        } else {
            w
        };
        w["properties"].is_object().then_some(w)
    }

    fn is_amount(&self, s: &Value) -> bool {
        std::ptr::eq(self.root["$defs"].get("Amount").unwrap_or(&Value::Null), s)
    }

    /// (type, range) in a host's words.
    fn kind(&self, s: &'a Value) -> (String, String) {
        let s = self.written(s);
        if self.is_amount(s) {
            // The whole-number branch's bounds are every amount's (the
            // string branch's pattern says the same).
            let most = s["oneOf"]
                .as_array()
                .into_iter()
                .flatten()
                .find_map(|b| b["maximum"].as_u64());
            let range = most.map_or_else(
                || "more than 0".into(),
                |m| format!("more than 0, at most {m}"),
            );
            return ("amount".into(), range);
        }
        let choices = self.choices(s);
        if !choices.is_empty() {
            let list = choices
                .iter()
                .map(|c| format!("`\"{c}\"`"))
                .collect::<Vec<_>>()
                .join(", ");
            return (format!("one of {list}"), String::new());
        }
        if s["oneOf"].is_array() || s["anyOf"].is_array() {
            return ("table".into(), "see below".into());
        }
        match type_of(s) {
            "integer" => {
                let lo = s["minimum"].as_i64();
                let hi = s["maximum"].as_i64();
                let range = match (lo, hi) {
                    (Some(lo), Some(hi)) => format!("{lo}–{hi}"),
                    (Some(lo), None) => format!("{lo} or more"),
                    (None, Some(hi)) => format!("at most {hi}"),
                    _ => "any".into(),
                };
                ("whole number".into(), range)
            }
            "boolean" => ("true or false".into(), "".into()),
            "string" => ("text".into(), "".into()),
            "array" => {
                let (item, item_range) = self.kind(&s["items"]);
                let len = match (s["minItems"].as_u64(), s["maxItems"].as_u64()) {
                    (Some(a), Some(b)) if a == b => format!("exactly {a}"),
                    (Some(a), Some(b)) => format!("{a}–{b} items"),
                    (Some(a), None) => format!("at least {a}"),
                    (None, Some(b)) => format!("at most {b}"),
                    _ => String::new(),
                };
                let unique = if s["uniqueItems"] == true {
                    ", each once"
                } else {
                    ""
                };
                let range = [len, item_range]
                    .into_iter()
                    .filter(|x| !x.is_empty())
                    .collect::<Vec<_>>()
                    .join("; each ");
                (format!("list of {item}"), format!("{range}{unique}"))
            }
            "object" => ("table".into(), "see below".into()),
            _ => ("value".into(), "".into()),
        }
    }

    fn choices(&self, s: &'a Value) -> Vec<&'a str> {
        if let Some(e) = s["enum"].as_array() {
            return e.iter().filter_map(Value::as_str).collect();
        }
        if let Some(c) = s["const"].as_str() {
            return vec![c];
        }
        let branches = s["oneOf"].as_array().or_else(|| s["anyOf"].as_array());
        let Some(b) = branches else { return vec![] };
        let live: Vec<&Value> = b
            .iter()
            .map(|x| self.resolve(x))
            .filter(|x| x["type"] != "null")
            .collect();
        let all: Vec<Vec<&str>> = live.iter().map(|x| self.choices(x)).collect();
        if !live.is_empty() && all.iter().all(|c| !c.is_empty()) {
            all.into_iter().flatten().collect()
        } else {
            vec![]
        }
    }

    /// The default, as written in TOML; else what the description says.
    fn default(&self, s: &'a Value, required: bool) -> String {
        if required {
            return "required".into();
        }
        if let Some(d) = s.get("default") {
            return format!("`{}`", toml_text(d));
        }
        let text = one_line(&self.description(s));
        for marker in [
            "Default: ",
            "Defaults: ",
            "Default ",
            "defaults to ",
            "Defaults to ",
        ] {
            if let Some(at) = text.find(marker) {
                let rest = &text[at + marker.len()..];
                let end = rest.find(['.', ';']).unwrap_or(rest.len());
                let end = rest.find(['.', ';', ':', '(']).unwrap_or(end).min(end);
                let d = rest[..end].trim().trim_end_matches(',');
                if !d.is_empty() {
                    return d.to_string();
                }
            }
        }
        "not set".into()
    }

    /// A short example line, with the keys it needs where it needs some
    /// (`tests/it/rules_examples.rs` checks each where it belongs).
    fn example(&self, path: &str, key: &str, s: &'a Value) -> String {
        if let Some((_, _, ex, needs)) =
            EXAMPLES.iter().find(|(p, k, _, _)| *p == path && *k == key)
        {
            let mut text = format!("`{ex}`");
            if !needs.is_empty() {
                // A whole game's keys, but for the one the example shows.
                let needs: Vec<String> = needs
                    .iter()
                    .filter(|n| n.split(' ').next() != Some(key))
                    .map(|n| format!("`{n}`"))
                    .collect();
                let _ = write!(text, " with {}", needs.join(", "));
            }
            return text;
        }
        format!("`{}`", self.plain_example(key, s))
    }

    fn plain_example(&self, key: &str, s: &'a Value) -> String {
        if let Some(d) = s
            .get("default")
            .filter(|d| !d.is_null() && d.as_array().is_none_or(|a| !a.is_empty()))
        {
            return format!("{key} = {}", toml_text(d));
        }
        format!("{key} = {}", self.sample(key, s))
    }

    fn sample(&self, key: &str, s: &'a Value) -> String {
        let w = self.written(s);
        if self.is_amount(w) {
            // Whole amounts: the starter's unit is 1.
            return if key.contains("buy_in") {
                "40".into()
            } else {
                "2".into()
            };
        }
        if let Some(c) = self.choices(w).first() {
            return format!("\"{c}\"");
        }
        match type_of(w) {
            "integer" => {
                let lo = w["minimum"].as_i64().unwrap_or(0);
                let hi = w["maximum"].as_i64().unwrap_or(lo + 10);
                lo.max(hi.min(2)).to_string()
            }
            "boolean" => "true".into(),
            "string" => format!(
                "\"{}\"",
                match key {
                    "uid" => "04:A2:2B:1C",
                    "currency" => "USD",
                    "player" | "roster" => "Ann",
                    "games" => "No-limit hold'em",
                    _ => "Friday game",
                }
            ),
            "array" => {
                let min = w["minItems"].as_u64().unwrap_or(1).max(1);
                let items: Vec<String> = (0..min).map(|_| self.sample(key, &w["items"])).collect();
                format!("[{}]", items.join(", "))
            }
            _ => "{ ... }".into(),
        }
    }

    fn line(&self, path: &str, key: &str, s: &'a Value, required: bool) -> String {
        let (ty, range) = self.kind(s);
        let mut facts = vec![format!("type: {ty}")];
        if !range.is_empty() && range != "see below" {
            facts.push(format!("range: {range}"));
        }
        facts.push(format!("default: {}", self.default(s, required)));
        if self.object(s).is_none() {
            facts.push(format!("example: {}", self.example(path, key, s)));
        }
        format!(
            "- **`{key}`**: {}  \n  {}",
            one_line(&self.description(s)),
            facts.join(" · ")
        )
    }

    /// The keys of a table, then the tables nested in it.
    /// `path`: the table's keys as a host writes them, `game.raise_cap`.
    fn keys(&self, out: &mut String, obj: &'a Value, title: &str, path: &str) {
        let required = names(&obj["required"]);
        let mut nested = Vec::new();
        for (key, prop) in obj["properties"].as_object().into_iter().flatten() {
            let _ = writeln!(
                out,
                "{}",
                self.line(path, key, prop, required.contains(&key.as_str()))
            );
            let w = self.written(prop);
            let item = if w.get("items").is_some() {
                self.written(&w["items"])
            } else {
                w
            };
            if item["properties"].is_object()
                || item["oneOf"].is_array()
                    && !self.is_amount(item)
                    && self.choices(item).is_empty()
            {
                nested.push((key.clone(), item));
            }
        }
        out.push('\n');
        for (key, inner) in nested {
            let _ = writeln!(out, "### {title} `{key}`\n");
            let d = one_line(&self.description(inner));
            if !d.is_empty() {
                let _ = writeln!(out, "{d}\n");
            }
            // A tagged table (`steps`): each kind is named by its tag.
            if let Some(b) = inner["oneOf"].as_array() {
                for x in b {
                    let x = self.resolve(x);
                    let tag = x["properties"]["step"]["const"].as_str().unwrap_or("");
                    let _ = writeln!(
                        out,
                        "- **`step = \"{tag}\"`**: {}",
                        one_line(&self.description(x))
                    );
                    let req = names(&x["required"]);
                    let fields = x["properties"].as_object().into_iter().flatten();
                    for (k, p) in fields.filter(|(k, _)| *k != "step") {
                        let line =
                            self.line(&format!("{path}.{key}"), k, p, req.contains(&k.as_str()));
                        let _ = writeln!(out, "  {}", line.replace("\n  ", "\n    "));
                    }
                }
                out.push('\n');
                continue;
            }
            self.keys(
                out,
                inner,
                &format!("{title} `{key}`"),
                &format!("{path}.{key}"),
            );
        }
    }
}

/// A schema's type, without `null` (an optional key's).
fn type_of(s: &Value) -> &str {
    match &s["type"] {
        Value::Array(t) => t
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or(""),
        t => t.as_str().unwrap_or(""),
    }
}

/// A JSON default as TOML writes it.
fn toml_text(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(toml_text).collect::<Vec<_>>().join(", ")
        ),
        Value::Null => "none".into(),
        other => other.to_string(),
    }
}
