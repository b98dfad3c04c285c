//! Issue 25: the host's reference, docs/house-rules.md, is written from the
//! schema's own descriptions (`dealerd schema --reference`), so it says what
//! the editor's hover and `dealerd check` say; every key has a description
//! in a card room's words, with catalog ids only as cross-references.

use std::path::Path;

use serde_json::Value;

use dealerd::daemon::{house_file, house_reference};

fn schema() -> Value {
    serde_json::from_str(&house_file::json_schema()).unwrap()
}

/// Every key of every table in the schema, with its description (its
/// type's, where the key has none of its own), as `section key`.
fn every_key(root: &Value) -> Vec<(String, String)> {
    fn resolve<'a>(root: &'a Value, mut s: &'a Value) -> &'a Value {
        while let Some(name) = s["$ref"].as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
            s = &root["$defs"][name];
        }
        s
    }
    fn described<'a>(root: &'a Value, s: &'a Value) -> Option<&'a str> {
        if let Some(d) = s["description"].as_str() {
            return Some(d);
        }
        let s = resolve(root, s);
        if let Some(d) = s["description"].as_str() {
            return Some(d);
        }
        s["anyOf"].as_array()?.iter().find_map(|b| {
            let b = resolve(root, b);
            (b["type"] != "null")
                .then(|| b["description"].as_str())
                .flatten()
        })
    }
    let mut out = Vec::new();
    let mut tables: Vec<(String, &Value)> = vec![("".into(), root)];
    for (name, def) in root["$defs"].as_object().unwrap() {
        tables.push((name.clone(), def));
        for b in def["oneOf"].as_array().into_iter().flatten() {
            tables.push((name.clone(), b));
        }
    }
    for (name, t) in tables {
        for (key, prop) in t["properties"].as_object().into_iter().flatten() {
            // `step` is the tag that names a step; its values are the steps.
            if key == "step" {
                continue;
            }
            let d = described(root, prop).unwrap_or("");
            out.push((format!("{name} {key}"), d.to_string()));
        }
    }
    out
}

#[test]
fn the_reference_is_written_from_the_schema_and_committed() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/house-rules.md");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == house_reference::markdown(),
        "run `dealerd schema --reference > docs/house-rules.md`"
    );
}

#[test]
fn every_key_is_described_in_words_with_catalog_ids_only_as_cross_references() {
    let root = schema();
    let keys = every_key(&root);
    assert!(keys.len() > 120, "{}", keys.len());
    let code = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        w.len() >= 2
            && w.starts_with(|c: char| "BDFGMPST".contains(c))
            && w[1..].chars().all(|c| c.is_ascii_digit())
    };
    let mut bad = Vec::new();
    for (key, d) in &keys {
        let words: Vec<&str> = d.split_whitespace().collect();
        let plain = words.iter().filter(|w| !code(w)).count();
        if d.is_empty() {
            bad.push(format!("{key}: no description"));
        } else if words.first().is_some_and(|w| code(w)) {
            bad.push(format!("{key}: starts with a catalog id: {d}"));
        } else if plain < 4 {
            bad.push(format!("{key}: too short to explain: {d}"));
        }
        // A catalog id is a cross-reference: "(catalog: B2)".
        for (i, w) in words.iter().enumerate() {
            if code(w) && !words[..i].iter().any(|p| p.contains("catalog:")) {
                bad.push(format!(
                    "{key}: {w} outside a \"(catalog: ...)\" reference: {d}"
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_reference_names_every_key_with_its_type_default_and_an_example() {
    let md = house_reference::markdown();
    for (key, _) in every_key(&schema()) {
        let (table, name) = key.split_once(' ').unwrap();
        // A section is a heading; a key is a bold name in its list.
        let shown = if table.is_empty() {
            [
                format!("## `[{name}]`"),
                format!("## `[[{name}]]`"),
                format!("## `{name}`"),
            ]
            .iter()
            .any(|h| md.contains(h.as_str()))
        } else {
            md.contains(&format!("**`{name}`**"))
        };
        assert!(shown, "{key} is not in the reference");
    }
    // A key as the reference gives it: words, type, range, default, example.
    assert!(md.contains(
        "- **`seats`**: Seats at the table, 2 to 10 (catalog: T1).  \n  type: whole number · range: 2–10 · default: required · example: `seats = 9`"
    ), "{md}");
    assert!(md.contains("example: `every_orbit = true`"), "{md}");
}
