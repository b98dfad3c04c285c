//! docs/rules-coverage.md stays honest: every catalog id has a row, and every
//! test, scenario and house file a row names exists.

use std::fs;
use std::path::{Path, PathBuf};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The ids the catalog defines: `- T1 …` list items.
fn catalog_ids(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("- ") else {
            continue;
        };
        // "F5 Kill blind: see S1. F6 Bomb-pot antes: see S2. F7 …" defines three.
        for word in rest.split_whitespace() {
            let id = word.trim_end_matches(['.', ':', ',']);
            let mut c = id.chars();
            let letter = c.next().is_some_and(|l| "TFBSGPMD".contains(l));
            if letter
                && id.len() == 2
                && c.all(|d| d.is_ascii_digit())
                && !ids.contains(&id.to_string())
            {
                ids.push(id.to_string());
            }
        }
    }
    ids
}

/// Test names start with the id they prove (`b5_…`, `h0_…` for a house):
/// other snake-case words in the table are option names.
fn is_test_name(token: &str) -> bool {
    let b = token.as_bytes();
    b.len() > 4
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && b[2] == b'_'
        && token
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

#[test]
fn the_coverage_table_names_only_what_exists_and_every_id() {
    let root = Path::new(DIR);
    let catalog = fs::read_to_string(root.join("docs/rules-catalog.md")).unwrap();
    let table = fs::read_to_string(root.join("docs/rules-coverage.md")).unwrap();
    let mut sources = Vec::new();
    rust_files(&root.join("src"), &mut sources);
    rust_files(&root.join("tests"), &mut sources);
    let code: String = sources
        .iter()
        .map(|p| fs::read_to_string(p).unwrap_or_default())
        .collect();
    let mut problems = Vec::new();
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| ")).collect();
    for id in catalog_ids(&catalog) {
        if !rows.iter().any(|r| r.starts_with(&format!("| {id} |"))) {
            problems.push(format!("{id}: no row"));
        }
    }
    for row in &rows {
        let id = row.split('|').nth(1).unwrap_or("").trim();
        for (i, token) in row.split('`').enumerate() {
            if i % 2 == 0 {
                continue;
            }
            let exists = if token.ends_with(".scn") {
                root.join("tests/scenarios").join(token).exists()
            } else if token.ends_with(".toml") {
                root.join(token).exists()
            } else if is_test_name(token) {
                code.contains(&format!("fn {token}("))
            } else {
                true
            };
            if !exists {
                problems.push(format!("{id}: `{token}` does not exist"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(rows.len() > 40, "rows: {}", rows.len());
}
