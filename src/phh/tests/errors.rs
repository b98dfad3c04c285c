//! Refusals: every malformed history is an error naming the file, line
//! and column, never a panic.

use super::*;

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
