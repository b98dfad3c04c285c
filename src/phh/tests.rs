use std::path::{Path, PathBuf};

use proptest::prelude::*;

use super::*;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

fn files_in(rel: &str, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data(rel))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

fn count_hands(files: &[PathBuf]) -> usize {
    files
        .iter()
        .map(|f| match parse_file(f) {
            Ok(hands) => hands.len(),
            Err(e) => panic!("{e}"),
        })
        .sum()
}

#[test]
fn parses_every_wsop_hand() {
    let files = files_in("phh/wsop2023", "phh");
    assert_eq!(files.len(), 97);
    assert_eq!(count_hands(&files), 97);
}

#[test]
fn parses_the_famous_hands() {
    let files = files_in("phh/famous", "phh");
    assert_eq!(count_hands(&files), 2);
}

#[test]
fn parses_every_generated_hand() {
    for variant in ["NT", "PT", "FT"] {
        let hands = parse_file(&data(&format!("generated/hands-{variant}.phhs"))).unwrap();
        assert_eq!(hands.len(), 200, "{variant}");
        for (i, hand) in hands.iter().enumerate() {
            assert_eq!(hand.number, i + 1);
            assert_eq!(hand.variant, variant);
            assert_eq!(
                hand.finishing_stacks.as_ref().map(Vec::len),
                Some(hand.players())
            );
        }
    }
}

/// The replay output names each player action by its text, so the parsed text must be
/// exactly what the expected output shows.
#[test]
fn action_texts_match_the_expected_replay_output() {
    for variant in ["NT", "PT", "FT"] {
        let hands = parse_file(&data(&format!("generated/hands-{variant}.phhs"))).unwrap();
        let jsonl =
            std::fs::read_to_string(data(&format!("generated/hands-{variant}.jsonl"))).unwrap();
        let mut checked = 0;
        for line in jsonl.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let Some(text) = v["action"].as_str() else {
                continue;
            };
            let hand = &hands[v["hand"].as_u64().unwrap() as usize - 1];
            let action = &hand.actions[v["step"].as_u64().unwrap() as usize];
            assert_eq!(action.text, text);
            assert!(action.kind.player().is_some(), "{text}");
            checked += 1;
        }
        assert!(checked > 1000, "{variant}: {checked}");
    }
}

#[test]
fn first_generated_no_limit_hand() {
    let hands = parse_file(&data("generated/hands-NT.phhs")).unwrap();
    let h = &hands[0];
    assert_eq!(h.number, 1);
    assert_eq!(h.variant, "NT");
    assert!(h.ante_trimming_status);
    assert_eq!(h.antes, vec![0, 0, 0]);
    assert_eq!(h.blinds_or_straddles, vec![3, 10, 0]);
    assert_eq!(h.min_bet, Some(10));
    assert_eq!(h.bring_in, None);
    assert_eq!(h.starting_stacks, vec![14, 27, 546]);
    assert_eq!(h.finishing_stacks, Some(vec![0, 61, 526]));
    assert_eq!(h.ranking, vec![vec![2], vec![1]]);
    assert!(h.ranking_low.is_empty());
    assert_eq!(h.actions.len(), 12);
    assert_eq!(
        h.actions[3],
        PhhAction {
            text: "p3 cbr 20".into(),
            kind: ActionKind::CompleteBetRaise { player: 3, to: 20 },
            line: 8,
            column: 60,
        }
    );
    assert_eq!(h.actions[0].kind, ActionKind::DealHole { player: 1 });
    assert_eq!(h.actions[7].kind, ActionKind::ShowMuck { player: 2 });
    assert_eq!(h.actions[9].kind, ActionKind::DealBoard);
}

#[test]
fn dwan_ivey() {
    let hands = parse_file(&data("phh/famous/dwan-ivey-2009.phh")).unwrap();
    let [h] = hands.as_slice() else {
        panic!("{hands:?}")
    };
    assert_eq!(h.number, 1);
    assert!(!h.ante_trimming_status);
    assert_eq!(h.antes, vec![500, 500, 500]);
    assert_eq!(h.starting_stacks, vec![1125600, 2000000, 553500]);
    assert_eq!(h.finishing_stacks, None);
    assert_eq!(h.ranking, vec![vec![3], vec![1]]);
    assert_eq!(
        h.actions[3],
        PhhAction {
            text: "p3 cbr 7000".into(),
            kind: ActionKind::CompleteBetRaise {
                player: 3,
                to: 7000
            },
            line: 12,
            column: 3,
        }
    );
    assert_eq!(h.actions[1].text, "d dh p2 ????");
    assert_eq!(h.actions.last().unwrap().kind, ActionKind::DealBoard);
}

#[test]
fn yockey_arieh_draws() {
    let hands = parse_file(&data("phh/famous/yockey-arieh-2019.phh")).unwrap();
    let h = &hands[0];
    assert_eq!(h.variant, "F2L3D");
    assert_eq!((h.small_bet, h.big_bet), (Some(150000), Some(300000)));
    assert_eq!(h.actions[9].kind, ActionKind::Draw { player: 1 });
    assert_eq!(h.actions[10].kind, ActionKind::Draw { player: 4 });
}

#[test]
fn stud_hand_has_bring_in_and_default_blinds() {
    let path = data("phh/wsop2023/test_2023_43_5.test_10_00_34_43.phh");
    let h = &parse_file(&path).unwrap()[0];
    assert_eq!(h.variant, "F7S");
    assert_eq!(h.bring_in, Some(50000));
    assert_eq!(h.blinds_or_straddles, vec![0; 5]);
    assert_eq!(h.actions[5].kind, ActionKind::BringIn { player: 2 });
}

#[test]
fn defaults_comments_and_ignored_fields() {
    let text = "\
variant = 'PO'
author = 'someone'
meta.source = 'a dotted key makes a table of its own'
date = 1979-05-27T07:32:00Z
starting_stacks = [100, 200]
actions = ['d dh p1 ????????', 'p1 cc # limps', \"p2 sm\"]
_ranking_low = [[2, 1]]
";
    let hands = parse_str("x.phh", text, false).unwrap();
    let h = &hands[0];
    assert_eq!(h.antes, vec![0, 0]);
    assert_eq!(h.blinds_or_straddles, vec![0, 0]);
    assert_eq!((h.min_bet, h.small_bet, h.big_bet), (None, None, None));
    assert_eq!(h.actions[1].text, "p1 cc");
    assert_eq!(h.actions[1].kind, ActionKind::CheckCall { player: 1 });
    assert_eq!(h.actions[2].kind, ActionKind::ShowMuck { player: 2 });
    assert_eq!(h.ranking_low, vec![vec![2, 1]]);
    assert!(h.ranking.is_empty());
}

#[test]
fn hands_come_in_numeric_order() {
    let mut text = String::new();
    for n in (1..=11).rev() {
        text += &format!("[{n}]\nvariant = 'NT'\nstarting_stacks = [{n}, 1]\nactions = []\n\n");
    }
    let hands = parse_str("x.phhs", &text, true).unwrap();
    let numbers: Vec<usize> = hands.iter().map(|h| h.number).collect();
    assert_eq!(numbers, (1..=11).collect::<Vec<_>>());
    assert_eq!(hands[9].starting_stacks, vec![10, 1]);
}

const ONE: &str = "variant = 'NT'\nstarting_stacks = [100, 200, 300]\n";

/// The message for `text` (a `.phh` unless it starts with a table header).
fn error(text: &str) -> String {
    let multi = text.starts_with('[');
    let name = if multi { "hands.phhs" } else { "x.phh" };
    match parse_str(name, text, multi) {
        Ok(h) => panic!("parsed: {h:?}"),
        Err(e) => e.to_string(),
    }
}

fn action_error(action: &str) -> String {
    error(&format!("{ONE}actions = [\n  'd db', {action:?},\n]\n"))
}

#[test]
fn error_amount_missing_in_a_phhs() {
    let hand = "variant = 'NT'\nstarting_stacks = [1, 2, 3]\nactions = []\n";
    let hand3 =
        "starting_stacks = [1, 2, 3]\nactions = ['p1 cc',\n    'p3 cbr x']\nvariant = 'NT'\n";
    let text = format!("[1]\n{hand}[2]\n{hand}[3]\n{hand3}");
    assert_eq!(
        error(&text),
        r#"hands.phhs:12:5: hand 3: action "p3 cbr x": expected an amount after "cbr""#
    );
}

#[test]
fn error_amounts_in_actions() {
    assert_eq!(
        action_error("p1 cbr"),
        r#"x.phh:4:11: action "p1 cbr": expected an amount after "cbr""#
    );
    assert_eq!(
        action_error("p1 cbr 2.5"),
        r#"x.phh:4:11: action "p1 cbr 2.5": expected an amount after "cbr", found "2.5": amounts must be whole chips"#
    );
    assert_eq!(
        action_error("p1 cbr -50"),
        r#"x.phh:4:11: action "p1 cbr -50": expected an amount after "cbr", found "-50": amounts must not be negative"#
    );
    assert_eq!(
        action_error("p1 cbr 99999999999999999999"),
        r#"x.phh:4:11: action "p1 cbr 99999999999999999999": amount 99999999999999999999 is too large (at most 18446744073709551615)"#
    );
}

#[test]
fn error_players_in_actions() {
    assert_eq!(
        action_error("p0 f"),
        r#"x.phh:4:11: action "p0 f": there is no player p0: players are numbered from p1"#
    );
    assert_eq!(
        action_error("d dh p4 AcKd # comment"),
        r#"x.phh:4:11: action "d dh p4 AcKd": there is no player p4: the hand has 3 players, p1 to p3"#
    );
    assert_eq!(
        action_error("player1 f"),
        r#"x.phh:4:11: action "player1 f": expected a player such as "p1", found "player1""#
    );
}

#[test]
fn error_action_shapes() {
    assert_eq!(
        action_error("p1 raise 20"),
        r#"x.phh:4:11: action "p1 raise 20": expected "f", "cc", "cbr", "pb", "sm" or "sd" after "p1", found "raise""#
    );
    assert_eq!(
        action_error("p2 f now"),
        r#"x.phh:4:11: action "p2 f now": expected the end of the action after "f", found "now""#
    );
    assert_eq!(
        action_error("d dh p1 Ac1d"),
        r#"x.phh:4:11: action "d dh p1 Ac1d": expected cards such as "AcKd" (or "????" when unknown), found "Ac1d""#
    );
    assert_eq!(
        action_error("  # nothing"),
        r#"x.phh:4:11: action "": expected an action such as "p1 cc" or "d db Jc3d5c", found nothing"#
    );
    assert_eq!(
        action_error("x p1"),
        r#"x.phh:4:11: action "x p1": expected "d" or a player such as "p1" at the start, found "x""#
    );
    assert_eq!(
        error(&format!("{ONE}actions = ['p1 cc', 7]\n")),
        r#"x.phh:3:21: `actions`: expected an action string such as "p1 cc", found an integer"#
    );
}

#[test]
fn error_cannot_read() {
    let err = parse_file(Path::new("no/such/x.phh"))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("no/such/x.phh: cannot read: "), "{err}");
}

#[test]
fn error_invalid_toml() {
    assert_eq!(
        error("variant = 'NT'\nstarting_stacks = [1, 2\nactions = []\n"),
        "x.phh:3:1: invalid TOML: missing comma between array elements, expected `,`"
    );
    assert_eq!(
        error("variant = 'NT'\nvariant = 'PT'\n"),
        "x.phh:2:1: invalid TOML: duplicate key `variant` in document root"
    );
    assert_eq!(
        error("[1]\nvariant = 'NT'\n[2] # ]\nx = 1\n  x = 2\n"),
        "hands.phhs:5:3: invalid TOML: duplicate key `x` in table [2]"
    );
    assert_eq!(
        error("[1]\nvariant = 'NT'\n\n[ 1 ] # again\n"),
        "hands.phhs:4:3: invalid TOML: duplicate table [ 1 ]"
    );
    assert_eq!(
        error("x = 9223372036854775808\n"),
        "x.phh:1:5: invalid TOML: integer number overflowed"
    );
    assert_eq!(
        error("x = -1e400\n"),
        "x.phh:1:5: invalid TOML: floating-point number overflowed"
    );
}

/// Only a float too large is an error: TOML's own infinities and NaNs are values.
#[test]
fn infinities_and_nans_are_floats() {
    for (text, want) in [
        ("x = -inf\n", f64::NEG_INFINITY),
        ("x = +inf\n", f64::INFINITY),
    ] {
        let x = super::raw::parse(text).map(|n| n.value);
        assert_eq!(
            x,
            Ok(super::raw::Raw::Table(vec![(
                "x".to_owned(),
                super::raw::Node {
                    span: Some(4..text.len() - 1),
                    value: super::raw::Raw::Float(want),
                },
            )]))
        );
    }
    let nan = super::raw::parse("x = nan\n").map(|n| n.value);
    assert!(
        matches!(&nan, Ok(super::raw::Raw::Table(t))
            if matches!(t.as_slice(), [(_, n)] if matches!(n.value, super::raw::Raw::Float(x) if x.is_nan()))),
        "{nan:?}"
    );
    assert_eq!(
        error("x = 1e309\n"),
        "x.phh:1:5: invalid TOML: floating-point number overflowed"
    );
}

/// Tables made by dotted keys have no span of their own in toml 0.8, which made
/// `toml::Spanned` fail on them; toml 1 gives them their first key's, and what is in them
/// keeps its own place.
#[test]
fn error_in_a_dotted_key_table_names_its_place() {
    let dotted = "1.variant = 'NT'\n1.starting_stacks = [1, 2]\n1.antes = [0, 'x']\n";
    assert_eq!(
        parse_str("hands.phhs", &format!("{dotted}1.actions = []\n"), true)
            .unwrap_err()
            .to_string(),
        "hands.phhs:3:15: hand 1: `antes`: expected a whole number of chips, found a string"
    );
    assert_eq!(
        parse_str("hands.phhs", dotted.replace("'x'", "0").as_str(), true)
            .unwrap_err()
            .to_string(),
        "hands.phhs:1:1: hand 1: missing `actions`: expected an array of action strings"
    );
    let nested = "variant = 'NT'\nstarting_stacks = [1, 2]\nactions = []\nmeta.a.b = [1, 2.5]\n";
    let Ok(super::raw::Node {
        value: super::raw::Raw::Table(root),
        ..
    }) = super::raw::parse(nested)
    else {
        panic!("{nested}");
    };
    let meta = root.iter().find(|(k, _)| k == "meta").map(|(_, v)| v);
    let Some(super::raw::Node {
        span: Some(meta_span),
        value: super::raw::Raw::Table(a),
    }) = meta
    else {
        panic!("{meta:?}");
    };
    assert_eq!(&nested[meta_span.clone()], "meta");
    let b = a.first().and_then(|(_, a)| match &a.value {
        super::raw::Raw::Table(b) => b.first(),
        _ => None,
    });
    let Some((key, b)) = b else { panic!("{a:?}") };
    assert_eq!(key, "b");
    assert_eq!(b.span.clone().map(|s| &nested[s]), Some("[1, 2.5]"));
}

/// The TOML parser's depth limit is what keeps the recursive value tree off the end of the stack.
#[test]
fn error_deep_nesting_is_invalid_toml_not_a_crash() {
    let text = format!("x = {}{}\n", "[".repeat(5000), "]".repeat(5000));
    let err = error(&text);
    assert!(
        err.starts_with("x.phh:1:") && err.contains(": invalid TOML: "),
        "{err}"
    );
}

#[test]
fn error_missing_fields() {
    assert_eq!(
        error("variant = 'NT'\nactions = []\n"),
        "x.phh: missing `starting_stacks`: expected an array of chip counts, one per player"
    );
    assert_eq!(
        error("[1]\nvariant = 'NT'\nactions = []\n"),
        "hands.phhs:1:1: hand 1: missing `starting_stacks`: expected an array of chip counts, one per player"
    );
    assert_eq!(
        error("starting_stacks = [1, 2]\nactions = []\n"),
        r#"x.phh: missing `variant`: expected a game code such as "NT""#
    );
    assert_eq!(
        error(ONE),
        "x.phh: missing `actions`: expected an array of action strings"
    );
}

#[test]
fn error_field_values() {
    assert_eq!(
        error(&format!("{ONE}antes = [1, 2]\nactions = []\n")),
        "x.phh:3:9: `antes`: expected one entry per player (3, as in `starting_stacks`), found 2"
    );
    assert_eq!(
        error(&format!("{ONE}antes = [1, 2.5, 1]\nactions = []\n")),
        "x.phh:3:13: `antes`: expected a whole number of chips, found 2.5: amounts must be whole chips"
    );
    assert_eq!(
        error("variant = 'NT'\nstarting_stacks = [100, -1]\nactions = []\n"),
        "x.phh:2:25: `starting_stacks`: expected a whole number of chips, found -1: amounts must not be negative"
    );
    assert_eq!(
        error("variant = 'NT'\nstarting_stacks = [100]\nactions = []\n"),
        "x.phh:2:19: `starting_stacks`: expected at least 2 players, found 1"
    );
    assert_eq!(
        error(&format!("{ONE}min_bet = '2'\nactions = []\n")),
        "x.phh:3:11: `min_bet`: expected a whole number of chips, found a string"
    );
    assert_eq!(
        error(&format!("{ONE}ante_trimming_status = 1\nactions = []\n")),
        "x.phh:3:24: `ante_trimming_status`: expected true or false, found an integer"
    );
    assert_eq!(
        error("variant = ''\nstarting_stacks = [1, 2]\nactions = []\n"),
        r#"x.phh:1:11: `variant`: expected a game code such as "NT", found an empty string"#
    );
}

#[test]
fn error_rankings() {
    assert_eq!(
        error(&format!("{ONE}actions = []\n_ranking = [[2], [1, 4]]\n")),
        "x.phh:4:22: `_ranking`: there is no player 4: the hand has 3 players, 1 to 3"
    );
    assert_eq!(
        error(&format!("{ONE}actions = []\n_ranking_low = [[2], [2]]\n")),
        "x.phh:4:23: `_ranking_low`: player 2 is listed twice"
    );
    assert_eq!(
        error(&format!("{ONE}actions = []\n_ranking = [2, 1]\n")),
        "x.phh:4:13: `_ranking`: expected groups of player numbers such as [[2], [1, 3]], found an integer"
    );
}

#[test]
fn error_hand_tables() {
    let hand = "variant = 'NT'\nstarting_stacks = [1, 2]\nactions = []\n";
    assert_eq!(
        error(&format!("[1]\n{hand}[3]\n{hand}")),
        "hands.phhs:5:1: hand tables must be numbered [1], [2], … without gaps: found [3] where [2] was expected"
    );
    assert_eq!(
        error(&format!("[1]\n{hand}[01]\n{hand}")),
        "hands.phhs:5:1: hand [1] is given twice"
    );
    assert_eq!(
        parse_str("hands.phhs", hand, true).unwrap_err().to_string(),
        "hands.phhs:1:11: expected hand tables [1], [2], …, found the key `variant`"
    );
    assert_eq!(
        parse_str("hands.phhs", "# nothing here\n", true)
            .unwrap_err()
            .to_string(),
        "hands.phhs: no hands: expected hand tables [1], [2], …"
    );
}

const DWAN_IVEY: &str = include_str!("../../tests/data/phh/famous/dwan-ivey-2009.phh");

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let len = DWAN_IVEY.chars().count();
    prop_oneof![
        (0..len, 1..20usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (0..=len, "[\\[\\]{}'\"#=,.0-9a-z \n-]{1,8}|\\PC{1,4}")
            .prop_map(|(at, s)| Edit::Insert(at, s)),
        (0..len, any::<char>()).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

fn apply(edits: &[Edit]) -> String {
    let mut chars: Vec<char> = DWAN_IVEY.chars().collect();
    for e in edits {
        match e {
            Edit::Delete(at, n) => {
                let at = (*at).min(chars.len());
                let end = (at + n).min(chars.len());
                chars.drain(at..end);
            }
            Edit::Insert(at, s) => {
                let at = (*at).min(chars.len());
                chars.splice(at..at, s.chars());
            }
            Edit::Replace(at, c) => {
                if let Some(slot) = chars.get_mut(*at) {
                    *slot = *c;
                }
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #[test]
    fn never_panics_on_arbitrary_text(text in "\\PC*", multi in any::<bool>()) {
        let _ = parse_str("x.phh", &text, multi);
    }

    #[test]
    fn never_panics_on_toml_like_text(
        text in "(\\[[0-9]{1,2}\\]\n|[a-z_]{1,8} = (\\[[0-9, .'pcbrfd-]*\\]|'[^'\n]*'|-?[0-9.]+|true)\n){0,12}",
        multi in any::<bool>(),
    ) {
        let _ = parse_str("x.phhs", &text, multi);
    }

    #[test]
    fn never_panics_on_a_mutated_hand(edits in proptest::collection::vec(edit(), 1..4)) {
        let text = apply(&edits);
        if let Err(e) = parse_str("x.phh", &text, false) {
            // Every message starts with the file's name.
            prop_assert!(e.to_string().starts_with("x.phh"));
        }
        let _ = parse_str("x.phhs", &text, true);
    }
}

#[test]
fn the_unmutated_hand_parses() {
    assert!(parse_str("x.phh", &apply(&[]), false).is_ok());
}

/// Where the fast reader answers, `toml` gives the same tree, spans and all.
fn same_as_toml(text: &str) -> bool {
    let Some(fast) = super::fast::parse(text) else {
        return false;
    };
    let slow = super::raw::parse(text)
        .unwrap_or_else(|e| panic!("the fast reader took what toml refuses: {e:?}\n{text}"));
    assert_eq!(fast, slow, "{text}");
    true
}

/// Every `.phh` and `.phhs` under tests/data: (text, is it a `.phhs`).
fn test_files() -> Vec<(String, bool)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut dirs = vec![root];
    let mut out = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("test data") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "phh" || e == "phhs") {
                let text = std::fs::read_to_string(&path).expect("text");
                out.push((text, path.extension().is_some_and(|e| e == "phhs")));
            }
        }
    }
    assert!(out.len() > 100, "{} files", out.len());
    out
}

#[test]
fn the_fast_reader_reads_every_test_file_as_toml_does() {
    let files = test_files();
    let fast = files.iter().filter(|(text, _)| same_as_toml(text)).count();
    // The generated vectors and the real hands alike take the fast path.
    assert_eq!(
        fast,
        files.len(),
        "{fast} of {} files read fast",
        files.len()
    );
}

#[test]
fn the_fast_reader_leaves_the_rest_to_toml() {
    for text in [
        "x = 1.5\n",
        "x = 1_000\n",
        "x = +1\n",
        "x = 01\n",
        "a.b = 1\n",
        "\"q\" = 1\n",
        "x = { a = 1 }\n",
        "x = 1979-05-27\n",
        "x = '''a'''\n",
        "x = \"\"\"a\"\"\"\n",
        "x = \"\\u00e9\"\n",
        "x = 1\nx = 2\n",
        "[1]\n[1]\n",
        "[[1]]\n",
        "x = 1 y = 2\n",
        "x = [1, 2\n",
        "x = tru\n",
        "x = 12abc\n",
        "x = \"a\u{1}\"\n",
        "x = 1\r\ry = 2\n",
    ] {
        assert!(super::fast::parse(text).is_none(), "{text:?}");
    }
}

proptest! {
    /// TOML-like text built from the pieces PHH files use, right and wrong:
    /// the fast reader never disagrees with `toml`.
    #[test]
    fn the_fast_reader_never_disagrees_with_toml(
        pieces in proptest::collection::vec(prop_oneof![
            Just("[1]\n"), Just("[2]\n"), Just("[ 3 ]\n"), Just("[1]"), Just("\n"), Just("\r\n"),
            Just("# note\n"), Just("  "), Just("\t"), Just("variant = 'NT'\n"),
            Just("antes = [0, 0]\n"), Just("x = -5"), Just("y = true\n"), Just("z = false # c\n"),
            Just("a = [\n  'p1 f',\n  \"p2 cc\", # c\n]\n"), Just("s = \"q\\\"\\n\"\n"),
            Just("n = 9223372036854775808\n"), Just("n = -0\n"), Just("e = []\n"),
            Just("w = [[1], [2, [3]]]\n"), Just("b = 'x' 'y'\n"), Just("="), Just(","),
            Just("'"), Just("\""), Just("["), Just("]"), Just("k"), Just("é = 1\n"),
        ], 0..12)
    ) {
        let text: String = pieces.concat();
        if super::fast::parse(&text).is_some() {
            prop_assert!(same_as_toml(&text));
        }
    }
}

/// Where the direct reader answers, the tree path gives the same hands.
fn same_as_tree(text: &str, multi: bool) -> bool {
    let Some(direct) = super::direct::parse(text, multi) else {
        return false;
    };
    match super::parse_tree("x.phhs", text, multi) {
        Ok(tree) => assert_eq!(direct, tree, "{text}"),
        Err(e) => panic!("the direct reader took what the tree path refuses: {e}\n{text}"),
    }
    true
}

#[test]
fn the_direct_reader_reads_every_test_file_as_the_tree_path_does() {
    let files = test_files();
    let direct = files
        .iter()
        .filter(|(text, multi)| same_as_tree(text, *multi))
        .count();
    assert_eq!(
        direct,
        files.len(),
        "{direct} of {} files read directly",
        files.len()
    );
}

#[test]
fn the_direct_reader_leaves_the_rest_to_the_tree_path() {
    let hand = "variant = 'NT'\nstarting_stacks = [1, 2]\nactions = []\n";
    // Valid, but the tree path's to sort or to read.
    for (text, multi) in [
        (format!("[2]\n{hand}[1]\n{hand}"), true),
        (format!("{hand}a.b = 1\n"), false),
        (format!("{hand}date = 1979-05-27\n"), false),
    ] {
        assert!(super::direct::parse(&text, multi).is_none(), "{text:?}");
        assert!(parse_str("x.phhs", &text, multi).is_ok(), "{text:?}");
    }
    for (text, multi) in [
        (format!("[1]\n{hand}[01]\n{hand}"), true),
        (format!("[1]\n{hand}[3]\n{hand}"), true),
        (format!("x = 1\n[1]\n{hand}"), true),
        (format!("[1]\n{hand}"), false),
        ("# nothing\n".into(), true),
        (hand.replace("'NT'", "' '"), false),
        (hand.replace("[1, 2]", "[1]"), false),
        (hand.replace("[1, 2]", "[1, -2]"), false),
        (hand.replace("[]", "['p3 f']"), false),
        (hand.replace("[]", "['p1 cbr 2.5']"), false),
        (hand.replace("[]", "[7]"), false),
        (format!("{hand}antes = [1]\n"), false),
        (format!("{hand}finishing_stacks = [1, 2, 3]\n"), false),
        (format!("{hand}min_bet = '2'\n"), false),
        (format!("{hand}min_bet = 2.5\n"), false),
        (format!("{hand}ante_trimming_status = 1\n"), false),
        (format!("{hand}_ranking = [[1], [1]]\n"), false),
        (format!("{hand}_ranking = [[3]]\n"), false),
        (format!("{hand}_ranking_low = [[0]]\n"), false),
        (format!("{hand}_ranking = [1]\n"), false),
        (format!("{hand}variant = 'PT'\n"), false),
        (format!("{hand}x = 1\nx = 2\n"), false),
        ("variant = 'NT'\nactions = []\n".into(), false),
        ("variant = 'NT'\nstarting_stacks = [1, 2]\n".into(), false),
    ] {
        assert!(super::direct::parse(&text, multi).is_none(), "{text:?}");
        assert!(parse_str("x.phhs", &text, multi).is_err(), "{text:?}");
    }
}

/// Lines and columns by the direct reader's walk, in characters, across
/// hands, comments and multi-byte text.
#[test]
fn the_direct_reader_places_actions_as_the_tree_path_does() {
    let text = "[1]\n# é è\nvariant = 'NT' # ü\nstarting_stacks = [1, 2]\nactions = ['p1 f # é', \"p2 f\",\n  'p1 cc',\n'p2 cc'   ,  'd db']\n\n[2]\nvariant = 'NT'\nstarting_stacks = [1, 2]\nactions = [\n# ö\n  'p1 f', # é\n\t'p2 f']\r\n";
    assert!(same_as_tree(text, true));
    let h = parse_str("x.phhs", text, true).unwrap();
    let at: Vec<_> = h[0].actions.iter().map(|a| (a.line, a.column)).collect();
    assert_eq!(at, [(5, 12), (5, 24), (6, 3), (7, 1), (7, 14)]);
    let at: Vec<_> = h[1].actions.iter().map(|a| (a.line, a.column)).collect();
    assert_eq!(at, [(14, 3), (15, 2)]);
}

proptest! {
    /// A real hand, mutated: wherever the direct reader answers, the tree path
    /// gives the same hands.
    #[test]
    fn the_direct_reader_never_disagrees_on_a_mutated_hand(
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let text = apply(&edits);
        same_as_tree(&text, false);
        same_as_tree(&format!("[1]\n{text}\n[2]\n{text}"), true);
    }

    /// Hands built from PHH's fields, right and wrong, in any order.
    #[test]
    fn the_direct_reader_never_disagrees_with_the_tree_path(
        pieces in proptest::collection::vec(prop_oneof![
            Just("[1]\n"), Just("[2]\n"), Just("[ 3 ]\n"), Just("\n"), Just("\r\n"), Just("# é\n"),
            Just("variant = 'NT'\n"), Just("variant = \"F\\\"T\"\n"), Just("variant = ''\n"),
            Just("starting_stacks = [100, 200]\n"), Just("starting_stacks = [1, 2, 3,]\n"),
            Just("antes = [0, 0]\n"), Just("antes = [1, -1]\n"), Just("blinds_or_straddles = [1, 2]\n"),
            Just("finishing_stacks = [0, 300]\n"), Just("min_bet = 2\n"), Just("small_bet = -0\n"),
            Just("big_bet = 9223372036854775807\n"), Just("bring_in = 1.5\n"),
            Just("ante_trimming_status = true\n"), Just("ante_trimming_status = 'no'\n"),
            Just("actions = ['d dh p1 AcKd', \"p2 cbr 20 # é\",\n  'p1 f', # c\n]\n"),
            Just("actions = ['p3 cc']\n"), Just("actions = []\n"), Just("actions = [\"p1\\tcc\"]\n"),
            Just("_ranking = [[2], [1]]\n"), Just("_ranking = [[1, 2]]\n"), Just("_ranking_low = [[2, 2]]\n"),
            Just("_ranking = [[]]\n"), Just("author = 'é'\n"), Just("event = [[1], 'x']\n"),
            Just("x = 1"), Just("="), Just(","), Just("'"), Just("["), Just("]"), Just(" "),
        ], 0..16),
        multi in any::<bool>(),
    ) {
        let text: String = pieces.concat();
        same_as_tree(&text, multi);
    }
}

proptest! {
    /// The ASCII word splitter of actions splits as `split_whitespace` does.
    #[test]
    fn ascii_words_are_split_whitespace(text in "[ \\t\\n\\x0b\\x0c\\rpdbc1-9#x]{0,24}") {
        let words: Vec<&str> = super::action::AsciiWords(&text).collect();
        prop_assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }
}

#[test]
fn action_texts_short_and_long() {
    for text in [
        "",
        "p1 f",
        "d dh p1 AcKdQhJsTc9c8",
        "d dh p1 AcKdQhJsTc9c8c",
        "é è ü ö à ç ñ ß ø å æ",
    ] {
        let t = ActionText::from(text);
        assert_eq!(t, text);
        assert_eq!(t.as_str(), text);
        assert_eq!(format!("{t} {t:?}"), format!("{text} {text:?}"));
        assert_eq!(t.clone(), ActionText::from(text.to_string()));
    }
    assert_ne!(ActionText::from("p1 f"), ActionText::from("p1 cc"));
}

#[test]
fn the_fast_reader_reads_integers_to_their_limits_as_toml_does() {
    for text in [
        "n = 9223372036854775807\n",
        "n = -9223372036854775808\n",
        "n = -0\n",
        "n = 0\n",
        "n = -12\n",
    ] {
        assert!(same_as_toml(text), "{text:?}");
    }
    for text in [
        "n = 9223372036854775808\n",
        "n = -9223372036854775809\n",
        "n = 99999999999999999999\n",
        "n = -\n",
        "n = -01\n",
    ] {
        assert!(super::fast::parse(text).is_none(), "{text:?}");
    }
}

/// Issue 13: spans come from toml's public API, not serde_spanned's private names.
#[test]
fn no_private_serde_names_in_the_source() {
    let needle = concat!("$", "__");
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut read = 0;
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(!text.contains(needle), "{}", path.display());
                read += 1;
            }
        }
    }
    assert!(read > 50, "{read} files");
}
