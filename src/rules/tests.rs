//! The produced engine specs are what the host wrote.

use super::*;
use crate::engine::{Opener, RaiseCap, Split, Step, Structure};

const H0: &str = include_str!("../../config/houses/h0-pot-limit-home.toml");
const H2: &str = include_str!("../../config/houses/h2-pats-no-limit.toml");
const H3: &str = include_str!("../../config/houses/h3-ocean-view.toml");
const H4: &str = include_str!("../../config/houses/h4-house-dealer-limit.toml");

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
    assert_eq!(r.straddle.as_ref().map(|s| s.max), Some(3));
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
    assert_eq!(r.buy_in(holdem), (Some(80), None));
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
