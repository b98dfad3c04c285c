//! Issue 35: "The schema is looser than check on ... huge amounts; an editor
//! using it flags none." No amount anywhere in the house file, `[house]
//! unit` too, may be over 1000000000000 (a million million) in the
//! currency. That is a rule on the value alone: the schema states it (the
//! whole-number branch's `maximum`, the string branch's pattern), so an
//! editor flags it as it is typed, and `dealerd check` says it where it is
//! written, with the key, the figure as written and the bound. The other
//! ceiling, 1000000000000 units of `house.unit`, depends on the unit, which
//! no JSON Schema value can say: it stays `check`'s alone.

use serde_json::Value;

use dealerd::daemon::house_file;
use dealerd::rules;

// The shipped default with one mistake, and every message `dealerd check`
// prints for a file, located: as issue 35's host tests write them.
use super::rules_host::{checked, house};

/// How every message says the ceiling.
const MOST: &str = "the most any amount may be: 1000000000000 (a million million)";

/// `h.toml:line:column` of `value` within the first `line` of `text` that
/// it is written in (a value is located where it starts).
fn at(text: &str, line: &str, value: &str) -> String {
    let start = text.find(line).unwrap_or_else(|| panic!("{line}"));
    let start = start + line.find(value).unwrap_or_else(|| panic!("{value}"));
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let column = start - before.rfind('\n').map_or(0, |n| n + 1) + 1;
    format!("h.toml:{line}:{column}")
}

#[test]
fn a_huge_buy_in_is_refused_where_it_is_written_with_the_bound() {
    for literal in [
        "9999999999999999999999",
        "\"99999999999999999.5\"",
        "1000000000001",
        "\"1000000000000.000001\"",
        "18446744073709551615",
    ] {
        let line = format!("buy_in_max = {literal}");
        let text = house("buy_in_max = 200", &line);
        assert_eq!(
            checked(&text),
            [format!(
                "{}: buy_in_max = {literal} is over {MOST}",
                at(&text, &line, literal)
            )],
        );
    }
    // At the ceiling, in every way it may be written, is taken.
    for literal in [
        "1000000000000",
        "\"1000000000000\"",
        "\"1000000000000.000000\"",
        "\"0001000000000000\"",
    ] {
        let text = house("buy_in_max = 200", &format!("buy_in_max = {literal}"));
        assert_eq!(checked(&text), Vec::<String>::new(), "{literal}");
    }
}

/// The ceiling holds wherever an amount is written: the unit, a chip in a
/// list, a blind, an ante, a bomb pot's ante.
#[test]
fn every_place_an_amount_is_written_has_the_ceiling() {
    // (what the default has, what the host writes, the figure, the message)
    let cases = [
        (
            "unit = \"1\"",
            "unit = \"2000000000000\"",
            "\"2000000000000\"",
            format!("unit = \"2000000000000\" is over {MOST}"),
        ),
        (
            "denominations = [\"1\", \"5\", \"25\", \"100\"]",
            "denominations = [\"1\", \"5\", 3000000000000]",
            "3000000000000",
            format!("denominations lists 3000000000000, which is over {MOST}"),
        ),
        (
            "blinds = [1, 2]",
            "blinds = [1, \"4000000000000.50\"]",
            "\"4000000000000.50\"",
            format!("blinds lists \"4000000000000.50\", which is over {MOST}"),
        ),
        (
            "blinds = [1, 2]",
            "blinds = [1, 2]\nante = 5000000000000",
            "5000000000000",
            format!("ante = 5000000000000 is over {MOST}"),
        ),
        (
            "[money]",
            "[bomb]\nante = 6000000000000\n\n[money]",
            "6000000000000",
            format!("ante = 6000000000000 is over {MOST}"),
        ),
    ];
    for (from, to, figure, message) in cases {
        let text = house(from, to);
        assert_eq!(
            checked(&text),
            [format!("{}: {message}", at(&text, to, figure))],
            "{to}"
        );
    }
}

/// An error in a value suppresses the checks that depend on it: a huge
/// blind is not also "going down", a huge buy-in is not "under the min
/// buy-in", a huge unit measures no amount ("not a whole number of
/// units"). The rest of the file is still checked, in the same run.
#[test]
fn a_huge_amount_makes_no_follow_on_error_and_the_rest_is_still_checked() {
    let text = house("blinds = [1, 2]", "blinds = [5000000000000, 1]")
        .replacen("buy_in_min = 40", "buy_in_min = \"3000000000000\"", 1)
        .replacen("buy_in_max = 200", "buy_in_max = 2000000000000", 1)
        .replacen("seats = 9", "seats = 12", 1)
        + "\n[[card]]\nuid = \"04:A2:2B:99\"\ncommand = \"bomb-next\"\n";
    assert_eq!(
        checked(&text),
        [
            format!(
                "{}: seats = 12 is outside 2–10",
                at(&text, "seats = 12", "12")
            ),
            format!(
                "{}: blinds lists 5000000000000, which is over {MOST}",
                at(&text, "blinds = [5000000000000", "5000000000000")
            ),
            format!(
                "{}: buy_in_min = \"3000000000000\" is over {MOST}",
                at(&text, "buy_in_min = \"", "\"")
            ),
            format!(
                "{}: buy_in_max = 2000000000000 is over {MOST}",
                at(&text, "buy_in_max = 2", "2")
            ),
            format!(
                "{}: the card command = \"bomb-next\" calls a bomb pot, but the house has no \
                 [bomb] section: add [bomb] with its ante, or remove this card",
                at(&text, "99\"\ncommand = \"bomb-next\"", "\"b")
            ),
        ]
    );
    let text = house("unit = \"1\"", "unit = 2000000000000");
    assert_eq!(
        checked(&text),
        [format!(
            "{}: unit = 2000000000000 is over {MOST}",
            at(&text, "unit = 2", "2")
        )]
    );
}

/// The ceiling in units of `house.unit` is the cross-field rule: a schema
/// takes the value, `check` refuses it, in the unit's terms.
#[test]
fn the_ceiling_in_units_stays_check_s_alone() {
    let text = house("unit = \"1\"", "unit = \"0.000001\"").replacen(
        "buy_in_max = 200",
        "buy_in_max = 2000000",
        1,
    );
    assert!(rules::shape_problems("h.toml", &text).is_empty());
    assert_eq!(
        checked(&text),
        [format!(
            "{}: buy_in_max 2000000 is over the most any amount may be: 1000000 \
             (1000000000000 units of 0.000001)",
            at(&text, "buy_in_max = 2", "2")
        )]
    );
}

/// `buy_in_max`'s schema as `dealerd schema` prints it, `$ref`s and the
/// optional key's null branch followed: the `Amount`.
fn amount_schema(root: &Value) -> Value {
    let mut s = &root["properties"]["money"];
    for _ in 0..8 {
        if let Some(r) = s["$ref"].as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
            s = &root["$defs"][r];
        } else if let Some(b) = s["anyOf"].as_array() {
            s = b.iter().find(|b| b["type"] != "null").unwrap_or(s);
        } else if s["properties"]["buy_in_max"].is_object() {
            s = &s["properties"]["buy_in_max"];
        } else {
            break;
        }
    }
    s.clone()
}

/// An editor's verdict on a TOML literal: the whole-number branch's bounds
/// or the string branch's pattern, read by a regex engine.
fn editor_takes(amount: &Value, literal: &str) -> bool {
    let branch = |ty: &str| {
        amount["oneOf"]
            .as_array()
            .and_then(|b| b.iter().find(|b| b["type"] == ty))
            .cloned()
            .unwrap_or_default()
    };
    match literal.strip_prefix('"').and_then(|l| l.strip_suffix('"')) {
        Some(s) => {
            let pattern = branch("string")["pattern"]
                .as_str()
                .unwrap_or("")
                .to_string();
            regex::Regex::new(&pattern).expect("a regex").is_match(s)
        }
        None => {
            let n: i128 = literal.parse().unwrap_or(i128::MAX);
            let int = branch("integer");
            int["minimum"]
                .as_i64()
                .is_some_and(|lo| n >= i128::from(lo))
                && int["maximum"]
                    .as_i64()
                    .is_some_and(|hi| n <= i128::from(hi))
        }
    }
}

/// The file a host writes, with the buy-in they type: `dealerd check` and
/// an editor with `dealerd schema` agree on every one, at the ceiling's
/// edges, and the schema's description says the bound.
#[test]
fn check_and_the_editor_agree_on_a_huge_buy_in() {
    let root: Value = serde_json::from_str(&house_file::json_schema()).unwrap();
    let amount = amount_schema(&root);
    assert!(
        amount["description"]
            .as_str()
            .is_some_and(|d| d.contains("at most 1000000000000")),
        "{amount}"
    );
    for (literal, taken) in [
        ("200", true),
        ("999999999999", true),
        ("1000000000000", true),
        ("\"1000000000000.000000\"", true),
        ("\"00001000000000000.0\"", true),
        ("\"999999999999.000\"", true),
        ("1000000000001", false),
        ("\"1000000000001\"", false),
        ("\"1000000000000.000001\"", false),
        ("\"1000000000000.1\"", false),
        ("\"1234567890123\"", false),
        ("\"99999999999999999.5\"", false),
        ("9999999999999999999999", false),
        ("\"9999999999999999999999\"", false),
    ] {
        let text = house("buy_in_max = 200", &format!("buy_in_max = {literal}"));
        assert_eq!(checked(&text).is_empty(), taken, "check, {literal}");
        assert_eq!(editor_takes(&amount, literal), taken, "editor, {literal}");
    }
}
