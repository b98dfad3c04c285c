//! Issue 35: `dealerd check` as a host who is not a programmer meets it.
//! Each test is the file such a host writes (the shipped default with one
//! mistake) and the exact message they read.

use dealerd::rules::{self, DEFAULT_TOML};

/// The default house with `from` replaced by `to` (which must be there).
pub(crate) fn house(from: &str, to: &str) -> String {
    assert!(DEFAULT_TOML.contains(from), "{from}");
    DEFAULT_TOML.replacen(from, to, 1)
}

/// Every message `check` gives for `text`, in file order.
fn messages(text: &str) -> Vec<String> {
    match rules::load_str("h.toml", text) {
        Ok(_) => Vec::new(),
        Err(e) => e.diagnostics().iter().map(|d| d.message.clone()).collect(),
    }
}

#[test]
fn a_near_miss_of_a_key_suggests_the_nearest_spelling() {
    let text = house(
        "fold_when_checkable = true",
        "fold_when_checkable = true\nante_mod = \"dead\"",
    );
    let got = messages(&text);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("unknown key \"ante_mod\" in [[game]]; did you mean \"ante_mode\"?"),
        "{got:?}"
    );
}

#[test]
fn an_unknown_game_name_suggests_the_catalog_s() {
    for (written, meant) in [
        ("texas-holdem", "holdem"),
        ("Texas Hold'em", "holdem"),
        ("2-7 triple draw", "triple-draw-27"),
        ("omaha hi-lo", "omaha-hi-lo"),
    ] {
        let text = house("base = \"holdem\"", &format!("base = \"{written}\""));
        let got = messages(&text);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0].starts_with(&format!(
                "base = \"{written}\"; did you mean \"{meant}\"? expected one of: holdem, "
            )),
            "{got:?}"
        );
    }
}

#[test]
fn the_roster_after_a_section_says_it_must_come_first() {
    let text = format!("{DEFAULT_TOML}\nroster = [\"Ann\", \"Bob\"]\n");
    let got = messages(&text);
    assert_eq!(
        got,
        ["unknown key \"roster\" in [[card]]: roster belongs at the top of the file, before the \
          first [section] (a key under a section header is that section's): move it up"],
    );
}

#[test]
fn a_bomb_seat_is_placed_in_the_house_s_own_seats() {
    let text = format!("{DEFAULT_TOML}\n[bomb]\nbutton_seat = 12\nante = 1\n");
    assert_eq!(
        messages(&text),
        ["button_seat = 12 is outside 1–9 (the house's seats)"]
    );
    // Inside the largest house's seats, the meaning check places it.
    let text = format!("{DEFAULT_TOML}\n[bomb]\nbutton_seat = 10\nante = 1\n");
    assert_eq!(
        messages(&text),
        ["bomb button_seat = 10 is outside 1–9 (the house's seats)"]
    );
}

#[test]
fn an_amount_only_too_large_says_so() {
    let text = house("buy_in_max = 200", "buy_in_max = 9999999999999999999999");
    assert_eq!(
        messages(&text),
        [
            "buy_in_max = 9999999999999999999999 is over the most any amount may be: \
          1000000000000 (a million million)"
        ]
    );
}

/// An error in a value suppresses the checks that depend on it: a blind
/// refused is not also "going down".
#[test]
fn a_refused_blind_makes_no_follow_on_error() {
    let text = house("blinds = [1, 2]", "blinds = [1, \"2.5\"]");
    assert_eq!(
        messages(&text),
        ["blind 2.5 is not a whole number of units (house.unit = 1)"]
    );
    let text = house("blinds = [1, 2]", "blinds = [2500000000000, 5]");
    assert_eq!(
        messages(&text),
        ["blinds lists 2500000000000, which is over the most any amount may be: 1000000000000 (a million million)"]
    );
    // Over the ceiling in units of a small unit, though not in the currency.
    let text = house("blinds = [1, 2]", "blinds = [\"250000000000.01\", 5]").replacen(
        "unit = \"1\"",
        "unit = \"0.01\"",
        1,
    );
    assert_eq!(
        messages(&text),
        ["blind 250000000000.01 is over the most any amount may be: 10000000000 (1000000000000 units of 0.01)"]
    );
    // A blind that is read still orders the next.
    let text = house("blinds = [1, 2]", "blinds = [2, 1]");
    assert_eq!(
        messages(&text),
        ["blinds must not go down: 1 after 2 (small blind first; equal is fine)"]
    );
}

/// Names a host might type that the screen or the ledger would get wrong:
/// empty, a line break, the same name in another case, a spreadsheet
/// formula.
#[test]
fn names_that_would_mislead_are_refused() {
    let roster = |names: &str| format!("roster = [{names}]\n{DEFAULT_TOML}");
    assert_eq!(messages(&roster("\"\"")), ["roster name is empty"]);
    assert_eq!(
        messages(&roster("\"Ann\\nBob\"")),
        ["roster name \"Ann\nBob\" has \"\\n\", which the screen cannot draw (ASCII only)"]
    );
    assert_eq!(
        messages(&roster("\"Zoe\", \"ZOE\"")),
        ["roster name \"ZOE\" is already on line 1 (names are case-insensitive)"]
    );
    assert_eq!(
        messages(&roster("\"=SUM(A1)\"")),
        ["roster name \"=SUM(A1)\" starts with \"=\", which a spreadsheet opening the ledger would read as a formula"]
    );
}

/// A command card for a feature the house lacks says what the card does,
/// what the house lacks, and what to do.
#[test]
fn a_command_card_for_a_missing_feature_says_what_to_do() {
    let card = |command: &str| {
        format!("{DEFAULT_TOML}\n[[card]]\nuid = \"04:A2:2B:1C\"\ncommand = \"{command}\"\n")
    };
    assert_eq!(
        messages(&card("bomb-next")),
        ["the card command = \"bomb-next\" calls a bomb pot, but the house has no [bomb] section: add [bomb] with its ante, or remove this card"]
    );
    assert_eq!(
        messages(&card("run-it-twice")),
        ["the card command = \"run-it-twice\" runs the board twice, but the house does not run it twice: set run_it_twice = true under [table], or remove this card"]
    );
}

/// The summary's warning lines (`dealerd check` prints the summary).
fn warnings(text: &str) -> Vec<String> {
    let rules = rules::load_str("h.toml", text).unwrap_or_else(|e| panic!("{e}"));
    rules
        .to_string()
        .lines()
        .filter(|l| l.starts_with("warning: game"))
        .map(str::to_string)
        .collect()
}

/// Dollars written where cents were meant: a unit of 0.01 with blinds of
/// 100/200 and a buy-in of 10,000 to 30,000 is a $200 big blind.
#[test]
fn amounts_in_the_currency_that_look_like_cents_are_warned_of() {
    let text = house("unit = \"1\"", "unit = \"0.01\"")
        .replacen("blinds = [1, 2]", "blinds = [100, 200]", 1)
        .replacen("buy_in_min = 40", "buy_in_min = 10000", 1)
        .replacen("buy_in_max = 200", "buy_in_max = 30000", 1);
    assert_eq!(
        warnings(&text),
        ["warning: game \"No-limit hold'em\": blinds 100/200 are USD, not units of 0.01: if you \
          meant 100/200 units, write blinds = [\"1\", \"2\"]"]
    );
    // The shipped default (a unit of 1) is not warned of.
    assert!(warnings(DEFAULT_TOML).is_empty());
}

#[test]
fn a_buy_in_of_thousands_of_big_blinds_is_warned_of() {
    let text = house("buy_in_max = 200", "buy_in_max = 5000");
    assert_eq!(
        warnings(&text),
        [
            "warning: game \"No-limit hold'em\": the largest buy-in, USD 5000, is 2500 big blinds \
          (the big blind is USD 2); most houses allow 100 to 200"
        ]
    );
}

/// Every message `dealerd check` prints for `text` (the rules, the wiring
/// and the room read it), located, in the order printed.
pub(crate) fn checked(text: &str) -> Vec<String> {
    match dealerd::daemon::house_file::load_str("h.toml", text) {
        Ok(_) => Vec::new(),
        Err(e) => e.diagnostics().iter().map(ToString::to_string).collect(),
    }
}

/// Issue 35: three syntax errors took three runs, and came 6:1, then 8:8,
/// then 2:20. Now one run says every one, in file order, each once: an
/// unclosed string, an unclosed `[[game]` header, an unclosed array (said
/// on its own line, not on every line after it that it swallowed) and a
/// doubled value.
#[test]
fn every_syntax_error_is_said_in_one_run_in_file_order() {
    let text = "[house]\n\
                name = \"Pat's game\n\
                currency = \"USD\"\n\
                unit = \"1\"\n\
                seats = 9\n\
                \n\
                [[game]\n\
                name = \"No-limit hold'em\"\n\
                base = \"holdem\"\n\
                structure = \"no-limit\"\n\
                blinds = [1, 2\n\
                fold_when_checkable = true\n\
                \n\
                [money]\n\
                buy_in_min = 40\n\
                buy_in_max = 200 200\n";
    assert_eq!(
        checked(text),
        [
            "h.toml:2:19: invalid basic string, expected '\"'",
            "h.toml:7:8: unclosed array table, expected \"]\"",
            "h.toml:11:15: unclosed array, expected \"]\"",
            "h.toml:16:14: string values must be quoted, expected literal string",
        ]
    );
    // A bad line inside a multi-line array is that line's, and the lines
    // after the array are read again.
    let text = format!("{DEFAULT_TOML}\n[bomb]\nante = [1,\n 2 3]\nevery = = 1\n");
    let n = DEFAULT_TOML.lines().count();
    assert_eq!(
        checked(&text),
        [
            format!(
                "h.toml:{}:2: string values must be quoted, expected literal string",
                n + 4
            ),
            format!("h.toml:{}:9: extra \"=\", expected nothing", n + 5),
        ]
    );
    // An unclosed `"""` string is said where it opens, once.
    assert_eq!(
        checked("[house]\nname = \"\"\"Pat's\nseats = 9\n"),
        ["h.toml:2:1: invalid multi-line basic string, expected '\"'"]
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Whatever is broken where: no panic, the errors in file order, each
    /// on a line of the file.
    #[test]
    fn syntax_errors_never_panic_and_come_in_file_order(
        cuts in proptest::collection::vec(
            (0usize..4000, proptest::sample::select(vec!["[", "\"", "=", "\"\"\"", "{", "]", "\n[[x", "é", "'"])),
            1..6,
        )
    ) {
        let mut text = DEFAULT_TOML.to_string();
        for (at, s) in cuts {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.insert_str(at, s);
        }
        let lines = text.lines().count().max(1);
        if let Err(e) = dealerd::daemon::house_file::load_str("h.toml", &text) {
            let d = e.diagnostics();
            proptest::prop_assert!(!d.is_empty());
            proptest::prop_assert!(d.windows(2).all(|w| (w[0].line, w[0].column) <= (w[1].line, w[1].column)), "{d:?}");
            proptest::prop_assert!(d.iter().all(|d| d.line >= 1 && d.line <= lines + 1), "{d:?}");
        }
    }
}

/// Issue 35: an error in a value suppresses the checks that depend on it.
/// A huge blind, chip or buy-in, or one not in whole units, is said once:
/// never also "must not go down", "must go up" or "under the min buy-in"
/// against the stand-in of a value already refused.
#[test]
fn a_refused_amount_is_compared_with_nothing() {
    let quarters = |from: &str, to: &str| {
        house(from, to)
            .replacen("unit = \"1\"", "unit = \"0.25\"", 1)
            .replacen(
                "denominations = [\"1\", \"5\", \"25\", \"100\"]",
                "denominations = [\"0.25\", \"1\", \"5\"]",
                1,
            )
    };
    // Over the ceiling in quarters (250000000000 of the currency), not in
    // the currency: the rule on house.unit.
    let over = |what: &str| {
        format!(
            "{what} 300000000000 is over the most any amount may be: 250000000000 \
             (1000000000000 units of 0.25)"
        )
    };
    let huge_blind = quarters("blinds = [1, 2]", "blinds = [300000000000, \"0.50\"]");
    assert_eq!(messages(&huge_blind), [over("blind")]);
    let huge_chip = quarters("blinds = [1, 2]", "blinds = [1, 2]\n").replacen(
        "[\"0.25\", \"1\", \"5\"]",
        "[\"0.25\", 300000000000, \"0.50\"]",
        1,
    );
    assert_eq!(messages(&huge_chip), [over("denomination")]);
    let huge_min = quarters("buy_in_min = 40", "buy_in_min = 300000000000");
    assert_eq!(messages(&huge_min), [over("buy_in_min")]);
    let odd_max = quarters("buy_in_max = 200", "buy_in_max = \"0.10\"");
    assert_eq!(
        messages(&odd_max),
        ["buy_in_max 0.10 is not a whole number of units (house.unit = 0.25)"]
    );
    // Two values read are still ordered.
    let low_max = quarters("buy_in_max = 200", "buy_in_max = 20");
    assert_eq!(
        messages(&low_max),
        ["max buy-in 20 is under the min buy-in 40"]
    );
}

/// A stud-only house a host writes from a hold'em house's file.
const STUD_NIGHT: &str = "[house]
name = \"Stud night\"
currency = \"USD\"
unit = \"1\"
denominations = [\"1\", \"5\", \"25\"]
seats = 8

[[game]]
name = \"7-card stud\"
base = \"seven-card-stud\"
structure = \"fixed-limit\"
small_bet = 3
big_bet = 6
ante = 1

[money]
buy_in_min = 40
buy_in_max = 200

[straddle]
allowed = true
kinds = [\"utg\"]

[bomb]
enabled = true
mode = \"orbit\"
ante = 2

[kill]
enabled = true
triggers = [\"two-wins\"]
multiple = 2
";

/// Issue 35: a stud-only house with straddles, bomb pots and kills was
/// taken, and its summary said "bomb: orbit on every game" and "straddle:
/// utg", which can never happen: no stud game has a blind to straddle or a
/// flop to bomb. Both are refused at their section. A kill is kept: it
/// doubles the limits of any game, and H0's rule book kills its stud game
/// too ("Full kill doubles all limits", h0's [kill] names no game).
#[test]
fn a_stud_only_house_refuses_straddles_and_bomb_pots() {
    assert_eq!(
        checked(STUD_NIGHT),
        [
            "h.toml:20:1: [straddle]: a straddle is a raise of the blinds, and no game here has \
             blinds (\"7-card stud\" is seven-card-stud): remove [straddle], or set allowed = false",
            "h.toml:24:1: [bomb]: bomb pots need a flop game, and no game here has a flop \
             (\"7-card stud\" is seven-card-stud): remove [bomb], or set enabled = false",
        ]
    );
    // Without them, the kill is read and said.
    let end = STUD_NIGHT.find("[straddle]").unwrap_or(0);
    let text = format!(
        "{}{}",
        &STUD_NIGHT[..end],
        &STUD_NIGHT[STUD_NIGHT.find("[kill]").unwrap_or(0)..]
    );
    let rules = rules::load_str("h.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    assert!(rules
        .to_string()
        .contains("kill: 2x on every game, triggered by two-wins"));
    // In a house with a flop game too, an unlisted bomb is dealt in it
    // alone, and the summary says so.
    let mixed = format!(
        "{}\n[[game]]\nname = \"Hold'em\"\nbase = \"holdem\"\nstructure = \"no-limit\"\nblinds = [1, 2]\n\n[rotation]\nmode = \"dealers-choice\"\n",
        STUD_NIGHT.replace("[straddle]\nallowed = true", "[straddle]\nallowed = false")
    );
    let rules = rules::load_str("h.toml", &mixed).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        rules
            .to_string()
            .contains("bomb: orbit on every game with a flop, ante 2"),
        "{rules}"
    );
    assert!(rules.bomb_for(0).is_none());
    assert!(rules.bomb_for(1).is_some());
}

/// Issue 35: a game's name is what the dealer picks on the panel. Empty,
/// with a line break, or the same as another but for case, it is refused.
#[test]
fn game_names_the_panel_would_get_wrong_are_refused() {
    let named = |name: &str| house("name = \"No-limit hold'em\"", &format!("name = {name}"));
    assert_eq!(checked(&named("\"\"")), ["h.toml:15:8: game name is empty"]);
    assert_eq!(
        checked(&named("\"NL\\nHE\"")),
        ["h.toml:15:8: game name \"NL\\nHE\" has \"\\n\", which the screen cannot draw (ASCII only)"]
    );
    let twice = format!(
        "{}\n[rotation]\nmode = \"fixed\"\n\n[[game]]\nname = \"NO-LIMIT HOLD'EM\"\nbase = \"holdem\"\nstructure = \"no-limit\"\nblinds = [1, 2]\n",
        DEFAULT_TOML
    );
    let line = DEFAULT_TOML.lines().count() + 6;
    assert_eq!(
        checked(&twice),
        [format!(
            "h.toml:{line}:8: game name \"NO-LIMIT HOLD'EM\" is used twice: \"No-limit hold'em\" differs only by case"
        )]
    );
    // Card and roster names: refused as before (names_that_would_mislead_are_refused).
    assert_eq!(
        checked(&house("player = \"Bob\"", "player = \"ANN\"")),
        ["h.toml:78:10: card name \"ANN\" is already used on line 74 (names are case-insensitive)"]
    );
}

/// Issue 35: the house's name is on the screen, the ledger and the records:
/// empty or with a line break, it is refused where it is written.
#[test]
fn a_house_name_the_screen_cannot_draw_is_refused() {
    let named = |name: &str| house("name = \"Home game\"", &format!("name = {name}"));
    assert_eq!(checked(&named("\"\"")), ["h.toml:8:8: house name is empty"]);
    assert_eq!(
        checked(&named("\"Home\\ngame\"")),
        ["h.toml:8:8: house name \"Home\\ngame\" has \"\\n\", which the screen cannot draw (ASCII only)"]
    );
}
