//! The produced engine specs are what the host wrote.

use super::*;
use crate::engine::{Opener, RaiseCap, Split, Step, Structure};

const H0: &str = include_str!("../../config/houses/h0-pot-limit-home.toml");
const H2: &str = include_str!("../../config/houses/h2-pats-no-limit.toml");
const H3: &str = include_str!("../../config/houses/h3-ocean-view.toml");
const H4: &str = include_str!("../../config/houses/h4-house-dealer-limit.toml");
const NIGHT: &str = include_str!("../../tests/data/rules/night.toml");

fn load(name: &str, text: &str) -> HouseRules {
    match load_str(name, text) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

fn index(r: &HouseRules, name: &str) -> usize {
    r.games.iter().position(|g| g.name == name).unwrap()
}

#[test]
fn h0_holdem_is_pot_limit_with_both_caps() {
    let r = load("h0", H0);
    // Units are 5¢: 25¢ = 5, $1 = 20, $2.50 = 50.
    let spec = r.game_spec(0, HandKind::Normal).unwrap();
    assert_eq!(spec.structure, Structure::PotLimit);
    assert_eq!(spec.min_bet, 5);
    assert_eq!(spec.options.max_bet_raise, Some(20));
    assert_eq!(spec.options.max_per_round, Some(50));
    assert_eq!(spec.split, Split::High);
    assert_eq!(
        r.forced_bets(0, HandKind::Normal).unwrap().blinds,
        vec![2, 5]
    );
}

#[test]
fn h0_full_kill_doubles_every_limit_and_the_blinds() {
    let r = load("h0", H0);
    let spec = r.game_spec(0, HandKind::Kill).unwrap();
    assert_eq!(spec.options.max_bet_raise, Some(40)); // "2x max bet ($2)"
    assert_eq!(spec.options.max_per_round, Some(100)); // "2x pot limit ($5)"
    let f = r.forced_bets(0, HandKind::Kill).unwrap();
    assert_eq!(f.blinds, vec![4, 10]); // "SB 20¢, BB 50¢"
    assert_eq!(f.kill, Some(10)); // "2x BB (50¢)"
}

#[test]
fn h0_bomb_orbit_doubles_and_deals_two_boards() {
    let r = load("h0", H0);
    let deck = index(&r, "Short deck");
    let f = r.forced_bets(deck, HandKind::Bomb).unwrap();
    assert_eq!((f.boards, f.bomb, f.ante), (2, Some(10), 10));
    assert!(r.forced_bets(index(&r, "Omaha"), HandKind::Bomb).is_none());
}

#[test]
fn h0_stud_brings_in_and_short_deck_opens_left_of_the_button() {
    let r = load("h0", H0);
    let stud = r.game_spec(2, HandKind::Normal).unwrap();
    assert!(matches!(stud.steps.get(1), Some(Step::Bet(b)) if b.opener == Opener::BringIn));
    assert!(stud
        .steps
        .iter()
        .all(|s| !matches!(s, Step::Bet(b) if b.open_pair)));
    assert_eq!(
        r.forced_bets(2, HandKind::Normal).unwrap().bring_in,
        Some(5)
    );
    let deck = r.forced_bets(3, HandKind::Normal).unwrap();
    assert!(deck.blinds.is_empty());
    assert_eq!(deck.ante, 5);
}

#[test]
fn h2_straddle_bomb_kill_and_options() {
    let r = load("h2", H2);
    let spec = r.game_spec(0, HandKind::Normal).unwrap();
    assert_eq!(spec.structure, Structure::NoLimit);
    assert_eq!(spec.min_bet, 1);
    assert!(spec.options.run_it_twice && spec.options.chop_blinds);
    assert!(!spec.options.suit_breaks_ties);
    let bomb = r.forced_bets(0, HandKind::Bomb).unwrap();
    assert!(bomb.skip_first_bet);
    assert_eq!(bomb.bomb, Some(4));
    assert_eq!(r.kill.as_ref().unwrap().pot_over, Some(80));
    assert_eq!(r.clock_seconds, Some(60));
    // Issue 33, H2 7.1 "and so on": no cap; 6.2 a straddle is the previous
    // bet; 4 the blinds keep rotating: a dead button.
    assert_eq!(
        r.straddle.as_ref().map(|s| s.max),
        Some(super::STRADDLE_NO_CAP)
    );
    assert!(spec.options.straddle_is_raise);
    assert_eq!(r.button.mode, super::ButtonMode::Dead);
}

#[test]
fn h3_stud_open_pair_fees_and_lowball_kill() {
    let r = load("h3", H3);
    let stud = r
        .game_spec(index(&r, "Seven-card stud 3-6"), HandKind::Normal)
        .unwrap();
    assert!(matches!(stud.steps.get(3), Some(Step::Bet(b)) if b.open_pair));
    assert_eq!(
        stud.options.raise_cap,
        Some(RaiseCap {
            raises: 3,
            lift_heads_up: false
        })
    );
    let razz = index(&r, "Razz 3-6");
    assert!(r
        .game_spec(razz, HandKind::Normal)
        .unwrap()
        .steps
        .iter()
        .all(|s| !matches!(s, Step::Bet(b) if b.open_pair)));
    let holdem = index(&r, "Hold'em 3-6");
    assert_eq!(r.fee_for(holdem, 6), Some(16)); // $4 in 25¢ units
    assert_eq!(r.fee_for(holdem, 7), Some(20));
    assert_eq!(r.fee_for(index(&r, "Hold'em spread 1-6"), 3), Some(12));
    let lowball = index(&r, "California lowball 3-6");
    assert!(
        !r.game_spec(lowball, HandKind::Normal)
            .unwrap()
            .options
            .check_raise
    );
    assert!(r.kill_for(lowball).is_some() && r.kill_for(holdem).is_none());
    assert_eq!(
        r.game_spec(lowball, HandKind::Kill).unwrap().structure,
        Structure::FixedLimit {
            small_bet: 24,
            big_bet: 48
        }
    );
}

#[test]
fn h4_limit_rules_fee_and_short_buy() {
    let r = load("h4", H4);
    let holdem = index(&r, "Hold'em 3 & 6");
    let spec = r.game_spec(holdem, HandKind::Normal).unwrap();
    assert_eq!(
        spec.structure,
        Structure::FixedLimit {
            small_bet: 6,
            big_bet: 12
        }
    );
    assert_eq!(
        spec.options.raise_cap,
        Some(RaiseCap {
            raises: 3,
            lift_heads_up: true
        })
    );
    assert_eq!(
        spec.options.limit_short_all_in,
        crate::engine::LimitShortAllIn::ActionOnly
    );
    assert!(spec.options.suit_breaks_ties);
    assert_eq!(r.fee_for(holdem, 4), Some(2));
    assert_eq!(r.fee_for(holdem, 5), Some(4));
    assert_eq!(r.short_buy_under(holdem), Some(30)); // 5 x $3
    assert_eq!(r.short_buy_under(index(&r, "Hold'em 10 & 20")), Some(200)); // 5 x $20
                                                                            // M2 must be reachable: the "Buy-In" column is no minimum, or no buy-in
                                                                            // could ever be short.
    for g in 0..r.games.len() {
        if let (Some(short), (min, _)) = (r.short_buy_under(g), r.buy_in(g)) {
            assert!(
                min.is_none_or(|m| m < short),
                "{}: a short buy is impossible",
                r.games[g].name
            );
        }
    }
    // "highest card showing begins the betting in all rounds": no bring-in.
    let stud = r
        .game_spec(index(&r, "7-card stud"), HandKind::Normal)
        .unwrap();
    assert!(stud
        .steps
        .iter()
        .all(|s| !matches!(s, Step::Bet(b) if b.opener == Opener::BringIn)));
    // B9: H4's low ball is draw poker that is played for low when passed out.
    let low = &r.games[index(&r, "Low ball")];
    assert!(matches!(low.steps.get(1), Some(Step::Bet(b)) if b.lowball_if_passed));
}

#[test]
fn default_is_plain_no_limit_holdem() {
    let r = load("default.toml", DEFAULT_TOML);
    let spec = r.game_spec(0, HandKind::Normal).unwrap();
    assert_eq!((spec.structure, spec.min_bet), (Structure::NoLimit, 2));
    assert_eq!(r.house.seats, 9);
    assert!(r.game_spec(1, HandKind::Normal).is_none());
    assert!(r.game_spec(0, HandKind::Kill).is_some());
}

#[test]
fn steps_override_replaces_the_catalog_sequence() {
    let text = DEFAULT_TOML.replace(
        "fold_when_checkable = true",
        "steps = [{ step = \"deal\", down = 2 }, { step = \"bet\", opener = \"blinds\" }]",
    );
    let r = load("x.toml", &text);
    assert_eq!(r.game_spec(0, HandKind::Normal).unwrap().steps.len(), 2);
}

#[test]
fn arbitrary_bytes_never_panic() {
    for text in [
        "",
        "[",
        "[[game]]\n[[game]]",
        "\u{feff}[house]",
        "a = 1.0e999",
        "[house]\nseats = -1",
    ] {
        assert!(load_str("x", text).is_err());
    }
}

/// The default file up to its `[hardware]`: a valid house with no wiring.
fn no_wiring() -> &'static str {
    DEFAULT_TOML
        .split("\n# The Pi's wiring")
        .next()
        .unwrap_or(DEFAULT_TOML)
}

fn with(extra: &str) -> HouseRules {
    load("x.toml", &format!("{}\n{extra}", no_wiring()))
}

#[test]
fn no_hardware_section_and_no_cards_is_a_house() {
    assert!(with("").cards.is_empty());
}

/// Issue 12: `[hardware]` shares the file but is not the rules' to read.
/// Rules with and without it are the same rules, even when the wiring is
/// wrong (that is refused where the wiring is read); a misspelt section
/// is still refused.
#[test]
fn the_hardware_table_is_accepted_unread() {
    let plain = with("");
    assert_eq!(load("default.toml", DEFAULT_TOML).house, plain.house);
    for wiring in [
        "[hardware]\n[hardware.buttons]\n",
        "[hardware]\noled_address = 0x27\nbogus = \"x\"\n[hardware.buttons]\nfold = \"GPIO5\"\n",
        "hardware = 5\n",
    ] {
        let text = format!("{wiring}{}", no_wiring());
        assert_eq!(load("x.toml", &text), plain, "{wiring}");
    }
    let err = load_str("x.toml", &format!("{}\n[hardwear]\n", no_wiring()))
        .expect_err("a misspelt section")
        .to_string();
    assert!(err.contains("unknown section [hardwear]"), "{err}");
}

#[test]
fn uids_are_read_in_every_spelling() {
    let ann = vec![0x04, 0xA2, 0x2B, 0x1C];
    for uid in ["04:A2:2B:1C", "04a22b1c", "04-a2-2b-1c", "04 A2 2B 1C"] {
        let r = with(&format!("[[card]]\nuid = \"{uid}\"\nplayer = \"Ann\"\n"));
        assert_eq!(r.cards.first().map(|c| &c.uid), Some(&ann), "{uid}");
    }
    let r = with(
        "[[card]]\nuid = \"04:11:22:33:44:55:66\"\nplayer = \"Bob\"\n\
         [[card]]\nuid = \"04112233445566778899\"\nplayer = \"Cat\"\n",
    );
    let lengths: Vec<usize> = r.cards.iter().map(|c| c.uid.len()).collect();
    assert_eq!(lengths, vec![7, 10]);
}

#[test]
fn uid_errors_say_what_is_wrong() {
    assert_eq!(read_uid("04:A2:2G:1C"), Err(UidError::NotHex('G')));
    assert_eq!(read_uid("04A22B1"), Err(UidError::OddDigits(7)));
    assert_eq!(read_uid("04:A2:2B:1C:00"), Err(UidError::Length(5)));
    assert_eq!(read_uid(""), Err(UidError::Length(0)));
    assert_eq!(
        read_uid("04:A2:2B:1C").map(|u| uid_hex(&u)),
        Ok("04:A2:2B:1C".to_string())
    );
}

proptest::proptest! {
    #[test]
    fn any_uid_text_is_read_or_refused_without_panic(s in "\\PC{0,40}") {
        let _ = read_uid(&s);
    }

    #[test]
    fn uid_hex_reads_back(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..12)) {
        let back = read_uid(&uid_hex(&bytes));
        if matches!(bytes.len(), 4 | 7 | 10) {
            proptest::prop_assert_eq!(back, Ok(bytes));
        } else {
            proptest::prop_assert_eq!(back, Err(UidError::Length(bytes.len())));
        }
    }
}

#[test]
fn cards_are_found_by_uid_and_by_name_ignoring_case() {
    let r = load("default.toml", DEFAULT_TOML);
    let ann = r
        .card(&[0x04, 0, 0, 0x01])
        .map(|c| (c.name.as_str(), c.role));
    assert_eq!(ann, Some(("Ann", CardRole::Player)));
    assert_eq!(
        r.card_named("fAY").map(|c| c.uid.clone()),
        Some(vec![4, 0, 0, 6])
    );
    assert_eq!(r.card_named("HOST").map(|c| c.role), Some(CardRole::Host));
    assert!(r.card(&[0x04, 0, 0, 0x07]).is_none());
    assert!(r.card_named("Gus").is_none());
    // The night's house has bomb pots and run it twice, so all four commands.
    let r = load("night.toml", NIGHT);
    let commands: Vec<(&str, CardRole)> = ["bomb", "misdeal", "rit", "clock"]
        .into_iter()
        .filter_map(|n| r.card_named(n).map(|c| (n, c.role)))
        .collect();
    let expected: Vec<(&str, CardRole)> = ["bomb", "misdeal", "rit", "clock"]
        .into_iter()
        .zip(CardCommand::ALL.map(CardRole::Command))
        .collect();
    assert_eq!(commands, expected);
}

#[test]
fn a_command_card_is_named_by_its_command_unless_named() {
    let r = with("[table]\nrun_it_twice = true\n[[card]]\nuid = \"04:00:00:10\"\ncommand = \"run-it-twice\"\n[[card]]\nuid = \"04:00:00:11\"\nhost = true\n");
    let names: Vec<&str> = r.cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["run-it-twice", "host"]);
    let long = "x".repeat(MAX_NAME_CHARS);
    assert_eq!(
        with(&format!(
            "[[card]]\nuid = \"04:00:00:01\"\nplayer = \"{long}\"\n"
        ))
        .cards[0]
            .name,
        long
    );
}

/// Issue 10: a command card the house could never honour is a located error,
/// not a card refused at the table.
#[test]
fn a_command_card_for_a_rule_the_house_lacks_is_an_error() {
    let card = "[[card]]\nuid = \"04:00:00:10\"\ncommand = \"bomb-next\"\n";
    let text = format!("{}\n{card}", no_wiring());
    let err = load_str("x.toml", &text)
        .expect_err("no [bomb]")
        .to_string();
    let line = text.lines().position(|l| l.contains("bomb-next")).unwrap() + 1;
    assert!(err.contains(&format!("x.toml:{line}:")), "{err}");
    assert!(err.contains("no [bomb] section"), "{err}");
    let card = card.replace("bomb-next", "run-it-twice");
    let err = load_str("x.toml", &format!("{}\n{card}", no_wiring()))
        .expect_err("no run it twice")
        .to_string();
    assert!(
        err.contains("set run_it_twice = true under [table]"),
        "{err}"
    );
}

#[test]
fn check_prints_every_card_and_not_the_wiring() {
    let text = load("default.toml", DEFAULT_TOML).to_string();
    for line in [
        "card 04:00:00:00: host \"host\"",
        "card 04:00:00:11: command misdeal \"misdeal\"",
        "card 04:00:00:06: player \"Fay\"",
    ] {
        assert!(text.lines().any(|l| l == line), "{line}\n---\n{text}");
    }
    assert!(!text.contains("GPIO"), "{text}");
    assert!(with("").to_string().lines().any(|l| l == "cards: none"));
}

#[test]
fn b5_h4_games_let_a_checked_player_complete_and_the_default_does_not() {
    let r = load("h4", H4);
    for (i, g) in r.games.iter().enumerate() {
        let spec = r.game_spec(i, HandKind::Normal).unwrap();
        assert!(spec.options.checked_may_complete, "{}", g.name);
    }
    let d = load("default.toml", DEFAULT_TOML);
    assert!(!d.games[0].options.checked_may_complete);
    let bad = DEFAULT_TOML.replace("fold_when_checkable = true", "checked_may_complete = true");
    let e = load_str("x.toml", &bad).unwrap_err().to_string();
    assert!(
        e.contains("checked_may_complete applies to fixed-limit games only"),
        "{e}"
    );
}

#[test]
fn g4_draw_maximum_h4_four_h3_five_and_checked() {
    let r = load("h4", H4);
    for name in ["Draw", "Low ball"] {
        assert_eq!(r.games[index(&r, name)].options.max_draw, Some(4), "{name}");
    }
    assert_eq!(r.games[index(&r, "5-card stud")].options.max_draw, None);
    let r = load("h3", H3);
    for name in ["Draw 3-6", "California lowball 3-6"] {
        assert_eq!(r.games[index(&r, name)].options.max_draw, Some(5), "{name}");
    }
    let not_draw = DEFAULT_TOML.replace("fold_when_checkable = true", "max_draw = 4");
    let e = load_str("x.toml", &not_draw).unwrap_err().to_string();
    assert!(e.contains("max_draw applies to draw games only"), "{e}");
    let too_many = H3.replace("max_draw = 5 ", "max_draw = 6 ");
    let e = load_str("x.toml", &too_many).unwrap_err().to_string();
    assert!(e.contains("max_draw = 6 is outside 1–5"), "{e}");
}

#[test]
fn g3_h3_stud_all_in_needs_at_least_the_ante_to_be_dealt() {
    // H3: "In order to play all-in at the start of a hand, a player must have
    // at least the ante." The ante is 50¢: 2 units of 25¢.
    let r = load("h3", H3);
    for name in ["Seven-card stud 3-6", "Stud hi-lo 3-6", "Razz 3-6"] {
        let g = index(&r, name);
        assert!(r.games[g].all_in_needs_ante, "{name}");
        assert_eq!(r.games[g].ante, 2);
        assert!(!r.may_be_dealt(g, 1), "{name}: under the ante");
        assert!(r.may_be_dealt(g, 2), "{name}: exactly the ante, all in");
        assert!(!r.may_be_dealt(g, 0));
    }
    let holdem = index(&r, "Hold'em 3-6");
    assert!(!r.games[holdem].all_in_needs_ante);
    assert!(r.may_be_dealt(holdem, 1));
    assert!(!r.may_be_dealt(holdem, 0));
    assert!(!r.may_be_dealt(r.games.len(), 100));
    // H4's stud antes too, but the house says nothing: anyone with chips plays.
    let h4 = load("h4", H4);
    assert!(h4.may_be_dealt(index(&h4, "7-card stud"), 1));
    let no_ante = DEFAULT_TOML.replace("fold_when_checkable = true", "all_in_needs_ante = true");
    let e = load_str("x.toml", &no_ante).unwrap_err().to_string();
    assert!(e.contains("all_in_needs_ante needs an ante"), "{e}");
}

#[test]
fn g3_h0_seventh_street_opens_with_sixths_opener() {
    let r = load("h0", H0);
    let stud = index(&r, "Seven-card stud");
    let steps = r.game_spec(stud, HandKind::Normal).unwrap().steps;
    let openers: Vec<Opener> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Bet(b) => Some(b.opener),
            _ => None,
        })
        .collect();
    assert_eq!(
        openers,
        vec![
            Opener::BringIn,
            Opener::Named,
            Opener::Named,
            Opener::Named,
            Opener::PreviousOpener
        ]
    );
    let h3 = load("h3", H3);
    let s = h3
        .game_spec(index(&h3, "Seven-card stud 3-6"), HandKind::Normal)
        .unwrap();
    assert!(matches!(s.steps.last(), Some(Step::Bet(b)) if b.opener == Opener::Named));
    let holdem = DEFAULT_TOML.replace(
        "fold_when_checkable = true",
        "last_round_previous_opener = true",
    );
    let e = load_str("x.toml", &holdem).unwrap_err().to_string();
    assert!(
        e.contains("last_round_previous_opener applies to stud games only"),
        "{e}"
    );
}

/// toml 1 says only "duplicate key": the message names the key and where it is.
#[test]
fn a_duplicate_key_or_section_is_named() {
    let err = |text: &str| load_str("x.toml", text).unwrap_err().to_string();
    assert_eq!(
        err("version = 1\nversion = 2\n"),
        "x.toml:2:1: duplicate key \"version\" at the top level"
    );
    assert_eq!(
        err("[house]\nname = \"a\"\n\n[house] # again\n"),
        "x.toml:4:2: duplicate section [house]"
    );
    assert_eq!(
        err("[house]\nname = \"a\"\n\"name\" = \"b\"\n"),
        "x.toml:3:1: duplicate key \"name\" in table \"house\""
    );
}

/// Issue 25: columns are counted once, not from the line's start for every
/// error. 80,000 places on one line that is not ASCII (where a column is not
/// the byte offset) cost one pass over the line, not 80,000.
#[test]
fn locating_many_places_on_one_line_scans_it_once() {
    let line = format!("x = [{}] # café", vec!["1"; 80_000].join(","));
    let loc = super::Locator::new("f", &line);
    let mut last = 0;
    for i in 0..80_000 {
        let (l, column) = loc.line_col(5 + 2 * i);
        assert_eq!(l, 1);
        assert!(column > last);
        last = column;
    }
    assert_eq!(last, 5 + 2 * 79_999 + 1);
    assert!(loc.scanned.get() <= line.len(), "{}", loc.scanned.get());
    // An ASCII line is not scanned at all.
    let ascii = vec!["1"; 80_000].join(",");
    let loc = super::Locator::new("f", &ascii);
    assert_eq!(loc.line_col(2 * 79_999), (1, 2 * 79_999 + 1));
    assert_eq!(loc.scanned.get(), 0);
}

/// The schema's `Amount` as an editor applies it: the whole-number
/// branch's `minimum` and `maximum`, and the string branch's pattern.
fn schema_takes_amount(literal: &toml::Value) -> bool {
    use schemars::{JsonSchema, SchemaGenerator};
    let schema = Decimal::json_schema(&mut SchemaGenerator::default());
    let branches = schema.as_value()["oneOf"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let of = |ty: &str| {
        branches
            .iter()
            .find(|b| b["type"] == ty)
            .cloned()
            .unwrap_or_default()
    };
    match literal {
        toml::Value::Integer(n) => {
            let int = of("integer");
            int["minimum"].as_i64().is_some_and(|lo| *n >= lo)
                && int["maximum"].as_i64().is_some_and(|hi| *n <= hi)
        }
        toml::Value::String(s) => {
            let pattern = of("string")["pattern"].as_str().unwrap_or("").to_string();
            regex::Regex::new(&pattern).expect("a regex").is_match(s)
        }
        _ => false,
    }
}

/// Whether `check`'s own code (the shape check, the schema's words) takes
/// `literal` as the shipped default's `buy_in_max`.
fn check_takes_amount(literal: &str) -> bool {
    let text = DEFAULT_TOML.replacen("buy_in_max = 200", &format!("buy_in_max = {literal}"), 1);
    assert_ne!(text, DEFAULT_TOML);
    shape_problems("h.toml", &text).is_empty()
}

/// Issue 35: the ceiling on every amount (1000000000000 in the currency)
/// is the schema's too, at its edges: the ceiling itself with only zeros
/// after its point, the least over it, leading zeros, 13 digits.
#[test]
fn the_schema_s_amount_ceiling_is_check_s_at_its_edges() {
    let edges = [
        ("1000000000000", true),
        ("\"1000000000000\"", true),
        ("\"1000000000000.000000\"", true),
        ("\"1000000000000.0\"", true),
        ("\"0001000000000000\"", true),
        ("\"999999999999.999999\"", true),
        ("999999999999", true),
        ("\"0.000001\"", true),
        ("1000000000001", false),
        ("\"1000000000001\"", false),
        ("\"1000000000000.000001\"", false),
        ("\"1000000000000.5\"", false),
        ("\"1000000000000.0000000\"", false),
        ("\"00010000000000000\"", false),
        ("\"9999999999999\"", false),
        ("\"99999999999999999.5\"", false),
        ("\"99999999999999999999999\"", false),
        ("9223372036854775807", false),
        ("0", false),
        ("\"0.000000\"", false),
    ];
    for (literal, takes) in edges {
        let value: toml::Value = toml::from_str::<toml::Table>(&format!("v = {literal}"))
            .map(|t| t["v"].clone())
            .expect(literal);
        assert_eq!(schema_takes_amount(&value), takes, "the schema, {literal}");
        assert_eq!(check_takes_amount(literal), takes, "check, {literal}");
    }
}

proptest::proptest! {
    /// The schema's amount pattern takes exactly the strings `check`
    /// takes, over strings made of what matters to either: digits, the
    /// point, runs of zeros, the ceiling's own digits, a space, a sign.
    #[test]
    fn the_schema_s_amount_string_is_what_check_takes(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "0", "1", "5", "9", ".", "000", "000000", "999999", "1000000000000",
            "999999999999", "100000", " ", "-", "e",
        ]), 1..7),
    ) {
        let s = parts.concat();
        let value = toml::Value::String(s.clone());
        proptest::prop_assert_eq!(
            schema_takes_amount(&value),
            check_takes_amount(&value.to_string()),
            "{:?}", s
        );
    }

    /// The whole-number branch's bounds are `check`'s, over every u64 and
    /// the numbers around the ceiling.
    #[test]
    fn the_schema_s_amount_number_is_what_check_takes(
        n in proptest::prop_oneof![
            proptest::num::i64::ANY,
            (MAX_AMOUNT_UNITS as i64 - 3)..(MAX_AMOUNT_UNITS as i64 + 3),
            -2i64..3,
        ],
    ) {
        proptest::prop_assert_eq!(
            schema_takes_amount(&toml::Value::Integer(n)),
            check_takes_amount(&n.to_string()),
            "{}", n
        );
    }
}
