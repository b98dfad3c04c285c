//! Issue 25: rules that can be written but not played are refused, with the
//! numbers. Each case is the issue's $0.25/$0.50 game with one number a host
//! could mistype (M1 buy-ins, F1 blinds, F2 antes, S2 bomb antes, B2 caps,
//! F4 straddles).

use dealerd::daemon::house_file;
use dealerd::rules;

const GAME: &str = r#"[house]
name = "Friday"
currency = "USD"
unit = "0.25"
denominations = ["0.25", "1", "5"]
seats = 9

[[game]]
name = "NLHE"
base = "holdem"
structure = "no-limit"
blinds = ["0.25", "0.50"]

[money]
buy_in_min = 20
buy_in_max = 50

[straddle]
max = 2

[bomb]
mode = "single"
ante = 1
"#;

/// `line:column: message` of every error after `from` is replaced by `to`.
fn errors(from: &str, to: &str) -> Vec<String> {
    errors_all(&[(from, to)])
}

fn errors_all(changes: &[(&str, &str)]) -> Vec<String> {
    let mut text = GAME.to_string();
    for (from, to) in changes {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    match house_file::load_str("h.toml", &text) {
        Ok(_) => vec![],
        Err(e) => e
            .diagnostics()
            .iter()
            .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
            .collect(),
    }
}

#[test]
fn the_issue_game_as_meant_loads() {
    rules::load_str("h.toml", GAME).expect("the game as meant");
}

#[test]
fn f1_m1_blinds_that_are_the_whole_buy_in_are_refused() {
    // The issue: "blinds of 25/50 or 50/100 with a 20–50 buy-in (the sim then
    // deals both blinds all in)".
    assert_eq!(
        errors("blinds = [\"0.25\", \"0.50\"]", "blinds = [25, 50]"),
        [
            "12:10: the forced bets of \"NLHE\" (big blind 50) are not under the minimum buy-in 20: a player who buys in is all in before the cards are dealt",
            // F4: and the double straddle the house allows is out of reach.
            "19:7: a double straddle in \"NLHE\" is 200 (big blind 50, multiple 2, max 2), over the maximum buy-in 50: lower max or multiple",
        ]
    );
    assert_eq!(
        errors("blinds = [\"0.25\", \"0.50\"]", "blinds = [50, 100]"),
        [
            "12:10: the forced bets of \"NLHE\" (big blind 100) are not under the minimum buy-in 20: a player who buys in is all in before the cards are dealt",
            "19:7: a double straddle in \"NLHE\" is 400 (big blind 100, multiple 2, max 2), over the maximum buy-in 50: lower max or multiple",
        ]
    );
    // F2: the ante counts with the big blind; without a minimum, the maximum
    // is the least a player sits down with.
    assert_eq!(
        errors(
            "blinds = [\"0.25\", \"0.50\"]\n",
            "blinds = [5, 10]\nante = 10\n"
        ),
        ["12:10: the forced bets of \"NLHE\" (big blind 10 + ante 10 = 20) are not under the minimum buy-in 20: a player who buys in is all in before the cards are dealt"]
    );
    assert_eq!(
        errors("buy_in_min = 20\n", "").len(),
        0,
        "0.50 against a 50 maximum is fine"
    );
    assert_eq!(
        errors_all(&[
            ("buy_in_min = 20\n", ""),
            ("blinds = [\"0.25\", \"0.50\"]", "blinds = [25, 50]"),
            ("max = 2\n", "max = 1\n"),
        ]),
        [
            "12:10: the forced bets of \"NLHE\" (big blind 50) are not under the maximum buy-in 50: a player who buys in is all in before the cards are dealt",
            "18:7: a straddle in \"NLHE\" is 100 (big blind 50, multiple 2, max 1), over the maximum buy-in 50: lower max or multiple",
        ]
    );
}

#[test]
fn s2_a_bomb_ante_over_the_buy_in_is_refused() {
    // The issue: "a bomb ante of 100 in the same game".
    assert_eq!(
        errors("ante = 1\n", "ante = 100\n"),
        ["23:8: the bomb ante 100 in \"NLHE\" is not under the minimum buy-in 20: every player would be all in on the bomb pot"]
    );
    // In big blinds too (H0's way of writing it).
    assert_eq!(
        errors("ante = 1\n", "ante_big_blinds = 40\n"),
        ["23:19: the bomb ante 20 in \"NLHE\" is not under the minimum buy-in 20: every player would be all in on the bomb pot"]
    );
    assert!(errors("ante = 1\n", "ante = \"19.75\"\n").is_empty());
}

#[test]
fn b2_a_cap_under_the_big_blind_is_refused() {
    assert_eq!(
        errors(
            "blinds = [\"0.25\", \"0.50\"]\n",
            "blinds = [\"0.25\", \"0.50\"]\nmax_per_round = \"0.25\"\n"
        ),
        ["13:17: max_per_round 0.25 in \"NLHE\" is under the big blind 0.50: the big blind could not post it"]
    );
    assert_eq!(
        errors(
            "blinds = [\"0.25\", \"0.50\"]\n",
            "blinds = [\"0.25\", \"0.50\"]\nmin_bet = \"0.25\"\nmax_bet_raise = \"0.25\"\n"
        ),
        ["14:17: max_bet_raise 0.25 in \"NLHE\" is under the big blind 0.50: no raise could be made"]
    );
}

#[test]
fn f4_a_straddle_over_the_maximum_buy_in_is_refused() {
    // A multiple of 10 typed for 2: straddles of 5, 50, then 500.
    assert_eq!(
        errors("max = 2\n", "max = 3\nmultiple = 10\n"),
        ["19:7: a triple straddle in \"NLHE\" is 500 (big blind 0.50, multiple 10, max 3), over the maximum buy-in 50: lower max or multiple"]
    );
    assert_eq!(
        errors("max = 2\n", "max = 1\nmultiple = 10\n"),
        Vec::<String>::new(),
        "a single straddle of 5 is fine"
    );
    assert_eq!(
        errors("blinds = [\"0.25\", \"0.50\"]\n", "blinds = [2, 5]\n"),
        Vec::<String>::new()
    );
    assert_eq!(
        errors("max = 2\n", "max = 8\n"),
        ["19:7: straddle number 8 in \"NLHE\" is 128 (big blind 0.50, multiple 2, max 8), over the maximum buy-in 50: lower max or multiple"]
    );
}

#[test]
fn m1_a_games_minimum_over_the_houses_maximum_is_refused() {
    assert_eq!(
        errors(
            "blinds = [\"0.25\", \"0.50\"]\n",
            "blinds = [\"0.25\", \"0.50\"]\nbuy_in_min = 100\n"
        ),
        ["13:14: buy_in_min 100 of \"NLHE\" is over the maximum buy-in 50 in [money]"]
    );
    assert_eq!(
        errors(
            "blinds = [\"0.25\", \"0.50\"]\n",
            "blinds = [\"0.25\", \"0.50\"]\nbuy_in_max = 10\n"
        ),
        ["13:14: buy_in_max 10 of \"NLHE\" is under the minimum buy-in 20 in [money]"]
    );
}
