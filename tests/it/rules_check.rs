//! Issue 25: `dealerd check` reports every problem it can in one run, in
//! file order, each at its line and column, with the key's expected values
//! or a "did you mean" for a near miss.

use dealerd::daemon::house_file;
use dealerd::rules;

/// 1-based line and column of `needle` in `text`.
fn place(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).expect("in the text");
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    (line, column)
}

/// The issue's new host: a $0.25/$0.50 no-limit game with four mistakes.
const FOUR_MISTAKES: &str = r#"
[house]
name = "Friday"
currency = "USD"
unit = "0.25"
denominations = ["0.25", "1", "5"]
seats = 9

[[game]]
name = "NLHE"
base = "holdem"
structure = "no-limt"
blinds = ["0.25", "0.50"]
fold_when_checkabel = true

[money]
buy_in_min = 20
buy_in_max = 50
top_up = "to-maximum"

[stradle]
allowed = true
"#;

#[test]
fn four_mistakes_are_reported_in_one_run_in_file_order() {
    let err = house_file::load_str("h.toml", FOUR_MISTAKES).expect_err("four mistakes");
    let d = err.diagnostics();
    let got: Vec<(usize, usize, &str)> = d
        .iter()
        .map(|e| (e.line, e.column, e.message.as_str()))
        .collect();
    let at = |needle: &str, skip: usize| {
        let (l, c) = place(FOUR_MISTAKES, needle);
        (l, c + skip)
    };
    let want = [
        (
            at("\"no-limt\"", 0),
            "structure = \"no-limt\"; did you mean \"no-limit\"? expected one of: no-limit, pot-limit, fixed-limit, spread-limit",
        ),
        (at("fold_when_checkabel", 0), "unknown key \"fold_when_checkabel\" in [[game]]; did you mean \"fold_when_checkable\"?"),
        (at("\"to-maximum\"", 0), "top_up = \"to-maximum\"; did you mean \"to-max\"?"),
        (at("stradle", 0), "unknown section [stradle]; did you mean [straddle]?"),
    ];
    assert_eq!(got.len(), want.len(), "{err}");
    for ((l, c, m), ((wl, wc), wm)) in got.iter().zip(want) {
        assert_eq!((*l, *c), (wl, wc), "{m}");
        assert!(m.starts_with(wm), "{m}\n  wanted it to start with: {wm}");
    }
    // The one reading `check` does is the rules' own.
    let rules_only = rules::load_str("h.toml", FOUR_MISTAKES).expect_err("four");
    assert_eq!(rules_only.diagnostics(), d);
}

#[test]
fn an_unknown_key_does_not_hide_the_meaning_errors_after_it() {
    // A typo of a key is set aside; the rest of the file is still checked.
    let text = FOUR_MISTAKES
        .replace("\"no-limt\"", "\"no-limit\"")
        .replace("top_up = \"to-maximum\"\n", "")
        .replace("[stradle]\nallowed = true\n", "")
        .replace("buy_in_max = 50", "buy_in_max = 10");
    let err = house_file::load_str("h.toml", &text).expect_err("two");
    let messages: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages.len(), 2, "{err}");
    assert!(messages[0].starts_with("unknown key \"fold_when_checkabel\""));
    assert_eq!(messages[1], "max buy-in 10 is under the min buy-in 20");
}

#[test]
fn a_wrong_type_names_what_the_key_wants() {
    let text = FOUR_MISTAKES
        .replace("\"no-limt\"", "\"no-limit\"")
        .replace("fold_when_checkabel", "fold_when_checkable")
        .replace("top_up = \"to-maximum\"\n", "")
        .replace("[stradle]\nallowed = true\n", "")
        .replace("seats = 9", "seats = \"nine\"")
        .replace(
            "fold_when_checkable = true",
            "fold_when_checkable = \"yes\"",
        );
    let err = rules::load_str("h.toml", &text).expect_err("two");
    let messages: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages.len(), 2, "{err}");
    assert!(
        messages[0].starts_with("seats must be a whole number"),
        "{err}"
    );
    assert!(messages[0].ends_with(", not a string"), "{err}");
    assert_eq!(
        messages[1],
        "fold_when_checkable must be true or false, not a string"
    );
}

/// Issue 25: "`[straddle] allowed = true` alone" is a straddle under the
/// gun, twice the big blind, one of them (F4).
#[test]
fn f4_a_straddle_section_alone_has_the_common_defaults() {
    let text = format!("{}\n[straddle]\nallowed = true\n", rules::DEFAULT_TOML);
    let r = rules::load_str("h.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let s = r.straddle.expect("allowed");
    assert_eq!(s.kinds, vec![rules::StraddleKind::Utg]);
    assert_eq!((s.multiple, s.max), (2, 1));
    // And a kill with only its section: full kill on two wins (S1).
    let text = format!("{}\n[kill]\n", rules::DEFAULT_TOML);
    let r = rules::load_str("h.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let k = r.kill.expect("on");
    assert_eq!(k.triggers, vec![rules::KillTrigger::TwoWins]);
    assert_eq!(k.scale(10), 20);
}
