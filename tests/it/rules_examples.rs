//! Issue 35: every example in docs/house-rules.md works as a host would use
//! it. Each is put where the reference shows it, under its section's header
//! (a `[[game]]` key in the house's game, a `[hardware.buttons]` key in that
//! table), into the shipped `config/default.toml`, together with the keys the
//! reference shows it needs; `dealerd check`'s own reading must take the file.

use std::path::Path;

use toml::{Table, Value};

use dealerd::daemon::{house_file, house_reference};

/// One documented example: where it goes, and its lines of TOML (the
/// example first, then the keys the reference says it needs).
#[derive(Debug)]
struct Example {
    section: Vec<String>,
    key: String,
    lines: Vec<String>,
}

/// The code spans of a line's `example: ...` (and its `needs ...`).
fn spans(after: &str) -> Vec<String> {
    after
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// `[house]` -> house; `[[game]]` -> game; `roster` -> (top level).
fn section_path(heading: &str) -> Vec<String> {
    heading
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|s| {
            let s = s.trim_matches(|c| c == '[' || c == ']');
            s.split('.').map(str::to_string).collect::<Vec<_>>()
        })
        .filter(|s| s != "roster")
        .collect()
}

fn examples(md: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut section = Vec::new();
    let mut key = String::new();
    for line in md.lines() {
        if let Some(h) = line
            .strip_prefix("## ")
            .or_else(|| line.strip_prefix("### "))
        {
            section = section_path(h);
        }
        if let Some(k) = line.trim_start().strip_prefix("- **`") {
            key = k.split('`').next().unwrap_or("").to_string();
        }
        if let Some((_, after)) = line.split_once("example: ") {
            out.push(Example {
                section: section.clone(),
                key: key.clone(),
                lines: spans(after),
            });
        }
    }
    out
}

/// `t[key]`, made a table if absent; a list of tables (`[[game]]`, `rates`)
/// gives its first.
fn child<'a>(t: &'a mut Table, key: &str) -> &'a mut Table {
    let v = t
        .entry(key.to_string())
        .or_insert_with(|| Value::Table(Table::new()));
    if let Value::Array(items) = v {
        if items.is_empty() {
            items.push(Value::Table(Table::new()));
        }
        return items[0].as_table_mut().expect("a list of tables");
    }
    v.as_table_mut().expect("a table")
}

fn parse(line: &str) -> Result<Table, String> {
    toml::from_str(line).map_err(|e| format!("not TOML: {line}: {e}"))
}

/// The starter house with the example where it belongs: the keys it needs
/// in its section's table (`[[card]]`: a new card; `[[game]]` with a `name`:
/// a game of its own, in place of the starter's), then the example in its
/// own table, or in the section when it writes that table whole (`steps`).
fn placed(base: &Table, ex: &Example) -> Result<String, String> {
    let mut doc = base.clone();
    let (example, needs) = ex.lines.split_first().ok_or("no example")?;
    let mut needed = Table::new();
    for n in needs {
        needed.extend(parse(n)?);
    }
    let example = parse(example)?;
    let section: &mut Table = match ex.section.first().map(String::as_str) {
        None => &mut doc,
        Some("card") => {
            let cards = doc
                .entry("card")
                .or_insert_with(|| Value::Array(vec![]))
                .as_array_mut()
                .ok_or("card is a list")?;
            cards.push(Value::Table(Table::new()));
            cards
                .last_mut()
                .and_then(Value::as_table_mut)
                .ok_or("a card")?
        }
        Some("game") if needed.contains_key("name") => {
            let games = doc
                .get_mut("game")
                .and_then(Value::as_array_mut)
                .ok_or("games")?;
            games[0] = Value::Table(Table::new());
            games[0].as_table_mut().ok_or("a game")?
        }
        Some(s) => child(&mut doc, s),
    };
    section.extend(needed);
    let mut at = section;
    for sub in ex.section.iter().skip(1) {
        if example.contains_key(sub.as_str()) {
            break;
        }
        at = child(at, sub);
    }
    at.extend(example);
    Ok(toml::to_string(&doc).expect("a table writes as TOML"))
}

#[test]
fn every_example_in_the_reference_passes_check_where_it_belongs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base: Table =
        toml::from_str(&std::fs::read_to_string(root.join("config/default.toml")).unwrap())
            .unwrap();
    let md = house_reference::markdown();
    let all = examples(&md);
    assert!(all.len() > 130, "{}", all.len());
    let mut bad = Vec::new();
    for ex in &all {
        let text = match placed(&base, ex) {
            Ok(t) => t,
            Err(e) => {
                bad.push(format!("[{}] {}: {e}", ex.section.join("."), ex.key));
                continue;
            }
        };
        if let Err(e) = house_file::load_str("house.toml", &text) {
            bad.push(format!(
                "[{}] {} `{}`: {}",
                ex.section.join("."),
                ex.key,
                ex.lines.join("` `"),
                e.to_string().replace('\n', " | ")
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {}:\n{}",
        bad.len(),
        all.len(),
        bad.join("\n")
    );
}
