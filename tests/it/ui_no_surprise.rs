//! Issue 32, the interaction half: no press surprises the dealer. Each test
//! plays, through the controller's presses, what a new dealer met, and fails
//! on the behaviour the issue reports.

use dealerd::engine::{Action, Event};
use dealerd::table::{Night, TableEvent};
use dealerd::ui::{Button, Controller, Intent, Mode, Press};

use crate::ui_screens::night;

pub(crate) fn tap(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

#[allow(dead_code)]
pub(crate) fn held(button: Button) -> Press {
    Press { button, long: true }
}

fn press(c: &mut Controller, n: &Night, p: Press) -> Intent {
    c.press(n, p)
}

/// "Amount shortcuts wrap. In amount entry, 'down' from the minimum goes
/// to all-in (`o + c` gives `RAISE TO all-in 200`)": check/call stops at
/// the minimum and bet/raise at the maximum.
#[test]
fn amount_shortcuts_stop_at_the_minimum_and_the_maximum() {
    let n =
        night("rules default\njoin 1 Ann 200\njoin 2 Bob 200\njoin 3 Cat 200\nbutton Ann\ndeal\n");
    let la = n
        .table()
        .live_hand()
        .and_then(|h| h.state().legal_actions())
        .expect("someone to act");
    let Ok((min, max)) = la.raise else {
        panic!("a raise is open: {la:?}")
    };
    let amount = |c: &Controller| match &c.mode {
        Mode::Entry(e) => e.amount,
        other => panic!("in entry, not {other:?}"),
    };
    let mut c = Controller::new();
    // "+" opens one chip above the minimum; "c" walks down to the minimum
    // and stays there, however often it is pressed.
    press(&mut c, &n, tap(Button::Plus));
    for _ in 0..3 {
        press(&mut c, &n, tap(Button::CheckCall));
        assert_eq!(amount(&c), min, "check/call stops at the minimum");
    }
    // Bet/raise walks up to the maximum and stays there.
    for _ in 0..6 {
        press(&mut c, &n, tap(Button::BetRaise));
    }
    assert_eq!(amount(&c), max, "bet/raise stops at the maximum");
    press(&mut c, &n, tap(Button::CheckCall));
    assert!(amount(&c) < max, "one step down from the maximum");
    assert_eq!(
        press(&mut c, &n, tap(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Act(
            la.seat,
            Action::BetRaiseTo(amount_before_ok(&n, min, max))
        )))
    );
}

/// The shortcut one check/call below the maximum: the pot, clamped.
fn amount_before_ok(n: &Night, min: u64, max: u64) -> u64 {
    let c = Controller::new();
    let e = c.entry_for(n.table()).expect("entry");
    let pot = e
        .presets()
        .iter()
        .find(|p| p.0 == dealerd::ui::Preset::Pot)
        .map_or(min, |p| p.1);
    pot.clamp(min, max)
}

fn frame(n: &Night, c: &Controller) -> dealerd::ui::render::Frame {
    let mut f = dealerd::ui::render::Frame::new();
    dealerd::ui::screens::draw(&mut f, &dealerd::ui::View::of(n), c).expect("draws");
    f
}

fn shows(n: &Night, c: &Controller, text: &str) -> bool {
    crate::night::shows(&frame(n, c), text)
}

/// Applies what a press asks for; gives back the intent.
fn go(c: &mut Controller, n: &mut Night, p: Press) -> Intent {
    let intent = c.press(&*n, p);
    match intent.clone() {
        Intent::Apply(e) => {
            n.apply(e).expect("applies");
        }
        Intent::ApplyAll(es) => es.into_iter().for_each(|e| {
            n.apply(e).expect("applies");
        }),
        _ => {}
    }
    intent
}

/// The side pots of side-pots.scn, checked down to the showdown.
fn side_pots_at_showdown() -> Night {
    let rest = "Dan call\nAnn call\nflop\nDan check\nAnn check\nturn\nDan check\nAnn check\nriver\nDan check\nAnn check\n";
    night(&format!("{}{rest}", crate::ui_screens::SIDE_POTS))
}

/// "With several pots, `OK pay` on the preselected name paid every pot":
/// nothing is preselected now, so OK before a winner is named pays
/// nothing; the seat's key names him and OK then pays what the screen
/// showed.
#[test]
fn p2_an_early_ok_at_a_side_pot_showdown_pays_nothing() {
    let n = side_pots_at_showdown();
    let mut c = Controller::new();
    let first = press(&mut c, &n, tap(Button::Ok));
    assert!(
        matches!(first, Intent::Tell(_)),
        "an OK before any winner is named: {first:?}"
    );
    // Dan (seat 4, minus) best: he is in every pot, so the key decides
    // them all, and still pays nothing until OK.
    assert_eq!(press(&mut c, &n, tap(Button::Minus)), Intent::None);
    assert!(shows(&n, &c, "OK pay"));
    assert!(matches!(
        press(&mut c, &n, tap(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Showdown(_)))
    ));
}

/// "Ranking a three-way all-in took 8 presses": now one key a place and
/// the OK that pays. Cat (seat 3) best takes the main pot, Bob (2) the
/// first side pot, Ann (1) the last.
#[test]
fn p2_a_three_way_all_in_is_ranked_in_a_press_a_place() {
    let n = side_pots_at_showdown();
    let mut c = Controller::new();
    let keys = [
        Button::BetRaise,
        Button::CheckCall,
        Button::Fold,
        Button::Ok,
    ];
    let mut last = Intent::None;
    for k in keys {
        last = press(&mut c, &n, tap(k));
    }
    assert!(
        matches!(last, Intent::Apply(TableEvent::Hand(Event::Showdown(_)))),
        "four presses pay three pots: {last:?}"
    );
}

/// P6 (H2 5.3: "the last aggressor on the river shows first, else the
/// first player clockwise from the button"): the showdown says who shows
/// first, from the engine, and lists the hands from there.
#[test]
fn p6_the_showdown_starts_on_the_hand_that_shows_first() {
    let n = night(
        "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\n\
         Ann call\nBob call\nCat check\nflop\nBob check\nCat check\nAnn check\n\
         turn\nBob check\nCat check\nAnn check\nriver\nBob check\nCat bet 10\nAnn call\nBob call\n",
    );
    let c = Controller::new();
    assert!(shows(&n, &c, "Cat shows first"), "Cat bet the river");
    assert!(
        shows(&n, &c, "3:Cat 1:Ann 2:Bob"),
        "from Cat round the table"
    );
}

/// "H4 draw passed out ... into NOW FOR LOW, and the showdown then said
/// SHOWDOWN HIGH": the side is named as the engine ranks it.
#[test]
fn b9_a_hand_played_for_low_is_ranked_low_at_the_showdown() {
    let mut n = night(
        "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 50\njoin 2 Bob 50\njoin 3 Cat 50\n\
         button Ann\ngame Low ball\ndeal\nBob check\nCat check\nAnn check\n",
    );
    let mut c = Controller::new();
    // Bob opens for low (one press in fixed limit), then everyone calls
    // or checks and stands pat to the showdown.
    let mut opened = false;
    for _ in 0..40 {
        let state = n.table().live_hand().map(|h| h.state().clone());
        match state.map(|s| s.phase()) {
            Some(dealerd::engine::Phase::Showdown) | None => break,
            Some(dealerd::engine::Phase::Exchanging(_) | dealerd::engine::Phase::Dealing(_)) => {
                go(&mut c, &mut n, tap(Button::Ok));
            }
            Some(_) if !opened => {
                opened = true;
                go(&mut c, &mut n, tap(Button::BetRaise));
            }
            Some(_) => {
                go(&mut c, &mut n, tap(Button::CheckCall));
            }
        }
    }
    let state = n.table().live_hand().expect("a hand").state();
    assert_eq!(state.phase(), dealerd::engine::Phase::Showdown);
    assert!(state.lowball());
    assert!(shows(&n, &c, "LOW"), "{:?}", c.mode);
    assert!(!shows(&n, &c, "HIGH"));
}

const TABLE: &str = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\n";

/// "A player's card menu is Top up / Sit out / Cash out below the maximum
/// stack and Sit out / Cash out at it, so the same 'tap, +, OK' sits one
/// player out and cashes another out": the items keep their places.
#[test]
fn a_players_card_menu_never_moves_and_cash_out_asks_once() {
    let max = night(TABLE).table().can_buy_in().1.expect("a maximum");
    // Ann below the maximum, Bob at it.
    let mut n = night(&format!(
        "rules default\njoin 1 Ann 100\njoin 2 Bob {max}\njoin 3 Cat 100\nbutton Ann\n"
    ));
    let _ = &mut n;
    for (name, seat) in [("Ann", 0), ("Bob", 1)] {
        let mut c = Controller::new();
        assert_eq!(c.player_card(&n, name), Intent::None);
        press(&mut c, &n, tap(Button::Plus));
        assert_eq!(
            press(&mut c, &n, tap(Button::Ok)),
            Intent::Apply(TableEvent::SitOut { seat }),
            "{name}: tap, +, OK sits out"
        );
    }
    // Cash out: the screen names who and how much, and one more OK pays.
    let mut c = Controller::new();
    c.player_card(&n, "Cat");
    press(&mut c, &n, tap(Button::Minus));
    assert_eq!(press(&mut c, &n, tap(Button::Ok)), Intent::None);
    assert!(shows(&n, &c, "Cash out Cat?"));
    assert!(shows(&n, &c, "100"));
    assert_eq!(
        press(&mut c, &n, tap(Button::Ok)),
        Intent::Apply(TableEvent::Leave { seat: 2 })
    );
    // Top up at the maximum stays where it is and says why not.
    let mut c = Controller::new();
    c.player_card(&n, "Bob");
    assert!(matches!(
        press(&mut c, &n, tap(Button::Ok)),
        Intent::Tell(_)
    ));
    assert!(matches!(c.mode, Mode::Dialog(_)), "still in the menu");
}

/// "The host and main menus reorder with the table's state and list items
/// that cannot apply (Move, Correct, Remove on an empty table)": the same
/// items in the same places, and those that cannot apply say why.
#[test]
fn the_host_and_main_menus_never_move() {
    use dealerd::ui::{HostItem, MenuItem};
    let empty = night("rules default\n");
    let seated = night(TABLE);
    let in_hand = night(&format!("{TABLE}deal\n"));
    assert_eq!(
        HostItem::offered(empty.table()),
        HostItem::offered(seated.table())
    );
    assert_eq!(
        HostItem::offered(empty.table()),
        HostItem::offered(in_hand.table())
    );
    assert_eq!(
        MenuItem::offered(seated.table(), false),
        MenuItem::offered(in_hand.table(), false)
    );
    assert_eq!(
        MenuItem::offered(seated.table(), true),
        MenuItem::offered(in_hand.table(), false)
    );
    // Remove on an empty table: the host is told, and stays in the menu.
    let at = HostItem::offered(empty.table())
        .iter()
        .position(|&h| h == HostItem::Remove)
        .expect("listed");
    let mut c = Controller::new();
    c.mode = Mode::Dialog(dealerd::ui::Dialog::HostMenu(at));
    let view = dealerd::ui::View::of(&empty).host_unlocked();
    assert_eq!(
        c.press(view, tap(Button::Ok)),
        Intent::Tell("nobody is seated".into())
    );
    // Misdeal between hands: listed, and says why not.
    let at = MenuItem::offered(seated.table(), false)
        .iter()
        .position(|&m| m == MenuItem::Misdeal)
        .expect("listed");
    let mut c = Controller::new();
    c.mode = Mode::Menu(at);
    assert!(matches!(
        press(&mut c, &seated, tap(Button::Ok)),
        Intent::Tell(_)
    ));
}

/// "With no buy-in range in the house, the buy-in dialog starts at one
/// unit (H1: $0.25 ...); H3 and H4 start at 600 in a 3-6 game": the usual
/// stack instead, 100 big blinds or 20 big bets, and `check` says the
/// range is missing.
#[test]
fn m1_the_buy_in_starts_at_the_houses_usual_stack() {
    for (house, game, want) in [
        ("h1-dealers-choice", None, None),
        ("h3-ocean-view", Some("Hold'em 3-6"), Some(120)),
    ] {
        // The shipped files now state a range (issue 33); the house as a
        // host would write it without one.
        let shipped = std::fs::read_to_string(format!(
            "{}/config/houses/{house}.toml",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("reads");
        let unranged: String = shipped
            .lines()
            .filter(|l| !l.starts_with("buy_in_min") && !l.starts_with("buy_in_max"))
            .map(|l| format!("{l}\n"))
            .collect();
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("{house}-no-range.toml"));
        std::fs::write(&path, unranged).expect("writes");
        let text = format!(
            "rules {}\njoin 1 Ann 100\n{}",
            path.display(),
            game.map(|g| format!("game {g}\n")).unwrap_or_default()
        );
        let n = night(&text);
        let t = n.table();
        let mut c = Controller::new();
        c.player_card(&n, "Zed");
        press(&mut c, &n, tap(Button::Ok));
        let Mode::Dialog(dealerd::ui::Dialog::Amount { amount, .. }) = c.mode else {
            panic!("{house}: the buy-in dialog: {:?}", c.mode)
        };
        let g = &t.rules().games[t.game()];
        let want = want
            .and_then(|w| dealerd::rules::Decimal::whole(w).in_units(&t.rules().house.unit))
            .unwrap_or_else(|| g.blinds.last().copied().unwrap_or(g.min_bet) * 100);
        let (lo, hi) = t.can_buy_in();
        if hi.is_none() {
            assert_eq!(amount, want.max(lo), "{house}");
        }
        assert!(amount > lo.max(1), "{house}: never one chip: {amount}");
        let rules = dealerd::rules::load_file(&path).expect("loads");
        if rules.money.buy_in_max.is_none() {
            assert!(
                format!("{rules}").contains("no maximum buy-in")
                    || format!("{rules}").contains("no buy-in range"),
                "{house}: check warns"
            );
        }
    }
}

/// "The README disagrees with the device in places": its key map is the one
/// the simulator prints under every frame (`keys::KEYS` and `COMMANDS`),
/// word for word.
#[test]
fn the_readme_key_map_is_the_one_the_simulator_prints() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let printed = format!(
        "```\n{}\n{}\n```",
        dealerd::daemon::keys::KEYS,
        dealerd::daemon::keys::COMMANDS
    );
    assert!(
        readme.contains(&printed),
        "README.md should hold the printed key map:\n{printed}"
    );
    // Known disagreements of the issue: gone.
    assert!(!readme.contains("sell\n  chips") && !readme.contains("sell chips"));
    assert!(!readme.contains("makes that chip smaller"));
    assert!(readme.contains("stop at the ends"));
}

/// "Anything that moves money out or ends something names who and how
/// much and asks once": ending the session says how many cash out and for
/// how much, and takes one more OK.
#[test]
fn ending_the_session_says_who_cashes_out_and_how_much() {
    use dealerd::ui::{Dialog, HostItem};
    let n = night(TABLE);
    let at = HostItem::offered(n.table())
        .iter()
        .position(|&h| h == HostItem::EndSession)
        .expect("listed");
    let mut c = Controller::new();
    c.mode = Mode::Dialog(Dialog::HostMenu(at));
    let view = || dealerd::ui::View::of(&n).host_unlocked();
    assert_eq!(c.press(view(), tap(Button::Ok)), Intent::None);
    let mut f = dealerd::ui::render::Frame::new();
    dealerd::ui::screens::draw(&mut f, &view(), &c).expect("draws");
    crate::night::assert_frame_shows(&f, &["3 cash out 300"]);
    assert_eq!(
        c.press(view(), tap(Button::Ok)),
        Intent::Apply(TableEvent::EndSession)
    );
}
