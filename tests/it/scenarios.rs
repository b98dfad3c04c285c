//! Every `tests/scenarios/*.scn` plays through the table layer with its
//! expectations checked line by line (format: tests/scenarios/README.md).

use std::path::Path;

#[test]
fn every_scenario_plays_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/scenarios")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let name = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        match dealerd::table::script::run(&name, &text, root) {
            Ok(night) => {
                let t = night.table();
                // M5 holds at the end of every scenario.
                assert_eq!(
                    t.chips_on_table(),
                    t.ledger().money_in() - t.ledger().money_out(),
                    "{name}: ledger"
                );
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(files.len() >= 8, "scenario files: {}", files.len());
}
