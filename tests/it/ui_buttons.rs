//! B8 (H2 3.7, H4 #8): "a player who puts a single chip into the pot that is
//! larger than the bet to him is assumed to have called the bet unless he
//! announces raise". The buttons record it that way: check/call is one press
//! and records a call whatever chip went in; a raise is only recorded when
//! the dealer enters it.
//!
//! And the presses the panel takes for a raise are the ones the press count
//! in `tests/it/ui_presses.rs` prices.

use std::path::Path;

use dealerd::engine::{Action, Event};
use dealerd::table::{script, TableEvent};
use dealerd::ui::{Button, Press};
use dealerd::ui::{Controller, Intent, Mode};

/// The menu items that apply now: the menu lists every item the house has
/// (issue 32, fixed in place) and these are the ones `why_not` lets through.
fn now(table: &dealerd::table::Table, host: bool) -> Vec<dealerd::ui::MenuItem> {
    dealerd::ui::MenuItem::offered(table, host)
        .into_iter()
        .filter(|m| m.why_not(table, host).is_none())
        .collect()
}

/// Where `item` sits on the menu as listed.
fn menu_at(table: &dealerd::table::Table, item: dealerd::ui::MenuItem) -> usize {
    dealerd::ui::MenuItem::offered(table, false)
        .iter()
        .position(|&m| m == item)
        .expect("listed")
}

fn press(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

#[test]
fn b8_an_oversized_chip_is_a_call_unless_a_raise_is_entered() {
    for rules in [
        "rules config/houses/h2-pats-no-limit.toml",
        "rules config/houses/h4-house-dealer-limit.toml\ngame Hold'em 1 & 2",
    ] {
        // 10: H4's 1 & 2 game takes at most its buy-in table's 10.
        let text =
            format!("{rules}\njoin 1 Ann 10\njoin 2 Bob 10\njoin 3 Cat 10\nbutton Ann\ndeal\n");
        let night = script::run("b8", &text, Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{e}"));
        let hand = night.table().hand().expect("a hand");
        let seat = hand.state().to_act().expect("someone to act");
        assert!(hand.state().to_call(seat) > 0, "facing a bet");
        // Ann pushes a $5 chip without a word: the dealer presses check/call.
        let mut ctl = Controller::new();
        let intent = ctl.press(&night, press(Button::CheckCall));
        assert_eq!(
            intent,
            Intent::Apply(TableEvent::Hand(Event::Act(seat, Action::CheckCall))),
            "{rules}: one press records the call"
        );
        // A raise needs the dealer to open the entry and confirm an amount
        // (in fixed limit, bet/raise records the one amount at once).
        let mut ctl = Controller::new();
        let fixed = hand.state().fixed_amount().is_some();
        let first = ctl.press(&night, press(Button::BetRaise));
        let raised = if fixed {
            first
        } else {
            assert_eq!(first, Intent::None);
            ctl.press(&night, press(Button::Ok))
        };
        match raised {
            Intent::Apply(TableEvent::Hand(Event::Act(s, Action::BetRaiseTo(_)))) => {
                assert_eq!(s, seat)
            }
            other => panic!("{rules}: a confirmed raise, not {other:?}"),
        }
    }
}

/// The controller presses exactly what `AmountEntry::action_path` prices:
/// every amount of the range, entered along its shortest path from the
/// action screen (plus and minus open entry there; held bet/raise is the
/// all-in, issue 32), ends in that raise.
#[test]
fn the_priced_paths_are_what_the_panel_does() {
    let text = "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ndeal\n";
    let night = script::run("paths", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"));
    let entry = Controller::new()
        .entry_for(night.table())
        .expect("the seat to act may raise");
    let (short, _) = entry.steps();
    let mut opened_by = std::collections::BTreeSet::new();
    for x in (entry.min..=entry.max).filter(|x| x % short == 0 || *x == entry.max) {
        let path = entry
            .action_path(x)
            .unwrap_or_else(|| panic!("{x} unreachable"));
        opened_by.insert(format!("{:?}", path[0]));
        let mut ctl = Controller::new();
        let (last, before) = path.split_last().expect("a path");
        for &p in before {
            assert_eq!(ctl.press(&night, p), Intent::None, "{x}: {path:?}");
        }
        assert_eq!(
            ctl.press(&night, *last),
            Intent::Apply(TableEvent::Hand(Event::Act(
                entry.seat,
                Action::BetRaiseTo(x)
            ))),
            "{x}: {path:?}"
        );
    }
    // Plus and minus open entry on the action screen, as priced.
    assert!(
        opened_by.iter().any(|p| p.contains("Plus")),
        "{opened_by:?}"
    );
    assert!(
        opened_by.iter().any(|p| p.contains("Minus")),
        "{opened_by:?}"
    );
}

/// Plus opens entry one step above the minimum; minus opens it on the pot
/// shortcut (issue 32: a pot-size bet in two presses, minus and OK), and
/// held minus a large chip below all-in; held check/call in entry makes
/// the step finer without moving.
#[test]
fn plus_opens_a_step_above_the_minimum_and_minus_on_the_pot() {
    let text = "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ndeal\n";
    let night = script::run("open", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"));
    let entry = Controller::new().entry_for(night.table()).expect("a raise");
    let (short, _) = entry.steps();
    let mut ctl = Controller::new();
    assert_eq!(ctl.press(&night, press(Button::Plus)), Intent::None);
    match &ctl.mode {
        Mode::Entry(e) => assert_eq!(e.amount, (entry.min + short).min(entry.max)),
        other => panic!("plus opens entry, not {other:?}"),
    }
    let mut ctl = Controller::new();
    assert_eq!(ctl.press(&night, press(Button::Minus)), Intent::None);
    let Mode::Entry(e) = &ctl.mode else {
        panic!("minus opens entry, not {:?}", ctl.mode)
    };
    let pot = entry.presets()[2];
    assert_eq!(pot.0, dealerd::ui::Preset::Pot);
    assert!(
        pot.1 < entry.max,
        "a pot under the stack: {pot:?} {}",
        entry.max
    );
    assert_eq!(
        (e.amount, e.preset_here().map(|p| e.label(p))),
        (pot.1, Some(entry.label(pot.0)))
    );
    // OK bets it: two presses.
    let mut bet = ctl.clone();
    assert_eq!(
        bet.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Act(
            entry.seat,
            Action::BetRaiseTo(pot.1)
        )))
    );
    // Held minus: all-in less a large chip, as held minus steps in entry.
    let held_minus = Press {
        button: Button::Minus,
        long: true,
    };
    let mut low = Controller::new();
    low.press(&night, held_minus);
    let Mode::Entry(m) = &low.mode else {
        panic!("held minus opens entry, not {:?}", low.mode)
    };
    let mut from_max = entry.clone().at_max();
    from_max.press(held_minus);
    assert!(m.amount < entry.max && m.amount > pot.1, "{}", m.amount);
    assert_eq!(m.amount, from_max.amount);
    let before = e.amount;
    let held = Press {
        button: Button::CheckCall,
        long: true,
    };
    assert_eq!(ctl.press(&night, held), Intent::None);
    let Mode::Entry(e) = &ctl.mode else {
        panic!("still in entry, not {:?}", ctl.mode)
    };
    assert_eq!(e.amount, before, "held check/call does not move the amount");
}

/// F4: the straddle menu offers only the seat the table says may straddle
/// next (H2: under the gun, then left of the last straddler); the ui asks
/// `Table::can_straddle` and never works the seat out itself.
#[test]
fn f4_the_straddle_menu_offers_only_the_seat_that_may_straddle() {
    let text = "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\njoin 4 Dan 20\njoin 5 Eve 20\nbutton Ann\n";
    let night = script::run("f4", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"));
    let at = dealerd::ui::MenuItem::offered(night.table(), false)
        .iter()
        .position(|&m| m == dealerd::ui::MenuItem::Straddle)
        .expect("a straddle item");
    let mut ctl = Controller::new();
    ctl.mode = Mode::Menu(at);
    assert_eq!(ctl.press(&night, press(Button::Ok)), Intent::None);
    // Bob and Cat post the blinds; Dan, seat 4, is under the gun.
    assert_eq!(ctl.mode, Mode::PickSeat(dealerd::ui::MenuItem::Straddle, 3));
    for b in [Button::Plus, Button::Minus, Button::Plus] {
        ctl.press(&night, press(b));
        assert_eq!(ctl.mode, Mode::PickSeat(dealerd::ui::MenuItem::Straddle, 3));
    }
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Straddle { seat: 3 })
    );
}

/// The menu lists only what the house offers (F4, S1, S2, S3, S4) and the
/// house's own clock (D3): H4 has no straddle, bomb, kill, run it twice or
/// chop; H2 has all but the kills it does not take by choice; H0's kills run
/// for an orbit the group chooses. Issue 22: and only what applies now:
/// between hands no misdeal, run it twice or chop (they are for a hand).
#[test]
fn d3_s2_the_menu_offers_only_what_the_house_has() {
    use dealerd::ui::MenuItem::*;
    let menu = |rules: &str| {
        let text = format!("rules {rules}\njoin 1 Ann 20\njoin 2 Bob 20\n");
        let night = script::run("menu", &text, Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{e}"));
        let items = now(night.table(), false);
        let clock = Clock.label(night.table());
        (items, clock)
    };
    let (h4, clock) = menu("config/houses/h4-house-dealer-limit.toml");
    // Before the first hand: H4's dealer's choice of game and the draw for the button.
    assert_eq!(h4, vec![Clock, Game, Button, Ledger, Seated, Host]);
    assert_eq!(clock, "Clock 60s");
    let (h2, clock) = menu("config/houses/h2-pats-no-limit.toml");
    assert_eq!(
        h2,
        // Heads-up nobody sits under the gun, so no straddle either.
        vec![Clock, Button, Ledger, Bomb, Seated, Host]
    );
    assert_eq!(clock, "Clock 60s");
    let (h0, _) = menu("config/houses/h0-pot-limit-home.toml");
    assert_eq!(
        h0,
        vec![Clock, Game, Button, Ledger, Bomb, KillOrbit, Seated, Host]
    );
    // A house with a longer clock says so on the menu.
    let text = format!("{}\n[clock]\nseconds = 90\n", dealerd::rules::DEFAULT_TOML);
    let rules = dealerd::rules::load_str("slow.toml", &text).expect("loads");
    let night = dealerd::table::Night::new(std::sync::Arc::new(rules));
    assert_eq!(Clock.label(night.table()), "Clock 90s");
}

/// S5, T6: before the first hand the dealer enters the draw for the button
/// and the dealer's choice of game from the menu, by presses only.
#[test]
fn s5_t6_the_dealer_picks_the_button_and_the_game_by_presses() {
    use dealerd::ui::MenuItem;
    let text = "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\n";
    let mut night = script::run("s5", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut ctl = Controller::new();
    let go = |night: &mut dealerd::table::Night, ctl: &mut Controller, b: Button| {
        let intent = ctl.press(&*night, press(b));
        if let Intent::Apply(e) = intent.clone() {
            night.apply(e).expect("applies");
        }
        intent
    };
    let at = |night: &dealerd::table::Night, item| {
        MenuItem::offered(night.table(), false)
            .iter()
            .position(|&m| m == item)
            .expect("offered")
    };
    // The draw for the button: Bob.
    ctl.mode = Mode::Menu(at(&night, MenuItem::Button));
    go(&mut night, &mut ctl, Button::Ok);
    assert_eq!(ctl.mode, Mode::PickSeat(MenuItem::Button, 0));
    go(&mut night, &mut ctl, Button::Plus);
    assert_eq!(
        go(&mut night, &mut ctl, Button::Ok),
        Intent::Apply(TableEvent::SetButton { seat: 1 })
    );
    assert_eq!(night.table().button(), Some(1));
    // The dealer's choice: two games down the list from the first.
    ctl.mode = Mode::Menu(at(&night, MenuItem::Game));
    go(&mut night, &mut ctl, Button::Ok);
    assert_eq!(ctl.mode, Mode::PickGame(0));
    go(&mut night, &mut ctl, Button::Plus);
    go(&mut night, &mut ctl, Button::Plus);
    go(&mut night, &mut ctl, Button::Ok);
    assert_eq!(night.table().game(), 2);
    let name = night.table().rules().games[2].name.clone();
    assert_eq!(name, "Draw");
    // OK deals it, from Bob's button.
    go(&mut night, &mut ctl, Button::Ok);
    let hand = night.table().hand().expect("dealt");
    assert_eq!((hand.game, hand.button), (2, 1));
    // Once a hand is dealt, the draw for the button is gone from the menu.
    assert!(!now(night.table(), false).contains(&MenuItem::Button));
    assert!(now(night.table(), true)
        .iter()
        .all(|&m| m != MenuItem::Game));
}

/// G6, G8, G9: the menu offers a wild card, the last Guts hand and a lost
/// life exactly when the table takes them, and picks from the players who
/// still hold lives.
#[test]
fn g6_g8_g9_home_game_events_are_on_the_menu_when_the_table_takes_them() {
    use dealerd::ui::MenuItem;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Cat\n";
    let offered = |extra: &str| {
        let night =
            script::run("home", &format!("{base}{extra}"), root).unwrap_or_else(|e| panic!("{e}"));
        (now(night.table(), false), night)
    };
    // Texas league, before any card is out: no wild card yet; after the flop, yes.
    let (items, _) = offered("game Texas league\ndeal\n");
    assert!(!items.contains(&MenuItem::WildCard), "{items:?}");
    let (items, night) = offered("game Texas league\ndeal\nCat call\nAnn call\nBob check\nflop\n");
    assert!(items.contains(&MenuItem::WildCard), "{items:?}");
    let mut ctl = Controller::new();
    ctl.mode = Mode::Menu(menu_at(night.table(), MenuItem::WildCard));
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::WildCard))
    );
    // Guts between hands: the last hand may be named; not in hold'em.
    let (items, _) = offered("game Guts\n");
    assert!(items.contains(&MenuItem::GutsFinal), "{items:?}");
    let (items, _) = offered("game Texas hold'em\n");
    assert!(!items.contains(&MenuItem::GutsFinal), "{items:?}");
    // A lives game: lose a life, from the players who have one.
    let (items, night) = offered("game Screw your neighbor\ndeal\n");
    assert!(items.contains(&MenuItem::LoseLife), "{items:?}");
    let mut ctl = Controller::new();
    ctl.mode = Mode::Menu(menu_at(night.table(), MenuItem::LoseLife));
    ctl.press(&night, press(Button::Ok));
    assert_eq!(ctl.mode, Mode::PickSeat(MenuItem::LoseLife, 0));
    ctl.press(&night, press(Button::Plus));
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::LoseLife { seat: 1 })
    );
}

/// G8 (H1 Guts) by presses: OK deals, call is "in" and fold "out" for each
/// player in turn from the button's left, then OK names the best "in" hand;
/// the night ends exactly where the script's `in`/`out`/`guts` lines end it.
#[test]
fn g8_guts_is_played_from_the_buttons() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Cat\ngame Guts\n";
    let by_script = script::run(
        "guts",
        &format!("{base}deal\nin Ann\nin Bob\nout Cat\nguts Bob\n"),
        root,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut night = script::run("guts", base, root).unwrap_or_else(|e| panic!("{e}"));
    let mut ctl = Controller::new();
    for b in [
        Button::Ok,
        Button::CheckCall,
        Button::CheckCall,
        Button::Fold,
    ] {
        if let Intent::Apply(e) = ctl.press(&night, press(b)) {
            night.apply(e).expect("applies");
        }
    }
    // Everyone has called: the frame asks for the best hand among Ann and Bob.
    let mut frame = dealerd::ui::Frame::new();
    dealerd::ui::screens::draw(&mut frame, &(&night).into(), &ctl).unwrap();
    assert!(crate::night::shows(&frame, "BEST HAND?"), "{frame:?}");
    assert!(crate::night::shows(&frame, "Ann"), "{frame:?}");
    ctl.press(&night, press(Button::Plus));
    match ctl.press(&night, press(Button::Ok)) {
        Intent::Apply(e) => {
            assert_eq!(e, TableEvent::GutsShowdown { best: vec![1] });
            night.apply(e).expect("applies");
        }
        other => panic!("{other:?}"),
    }
    let stacks = |n: &dealerd::table::Night| -> Vec<u64> {
        n.table()
            .seats()
            .iter()
            .flatten()
            .map(|p| p.stack)
            .collect()
    };
    assert_eq!(stacks(&night), stacks(&by_script));
    assert_eq!(night.table().guts().pot, by_script.table().guts().pot);
}

/// Showing a hand: offered once the betting is over, from the players still
/// in (`Table::can_show`), and recorded for the chosen player's hand seat.
#[test]
fn a_player_shows_from_the_menu_once_the_betting_is_over() {
    use dealerd::ui::MenuItem;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\n";
    let night = script::run("show", base, root).unwrap_or_else(|e| panic!("{e}"));
    assert!(!now(night.table(), false).contains(&MenuItem::Show));
    let text = format!(
        "{base}Ann fold\nBob call\nCat check\nflop\nBob check\nCat check\nturn\nBob check\nCat check\nriver\nBob check\nCat check\n"
    );
    let night = script::run("show", &text, root).unwrap_or_else(|e| panic!("{e}"));
    let items = now(night.table(), false);
    assert_eq!(
        night.table().can_show(),
        vec![1, 2],
        "Bob and Cat, not Ann who folded"
    );
    let mut ctl = Controller::new();
    assert!(items.contains(&MenuItem::Show));
    ctl.mode = Mode::Menu(menu_at(night.table(), MenuItem::Show));
    ctl.press(&night, press(Button::Ok));
    assert_eq!(ctl.mode, Mode::PickSeat(MenuItem::Show, 1));
    ctl.press(&night, press(Button::Plus));
    let hs = night.table().hand().unwrap().hand_seat(2).unwrap();
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Show(hs)))
    );
}

/// T4, T5 from a player's card menu: a new player chooses a way in from those
/// the table offers them (H3: "dealt right in, ... take the big blind in
/// position, or ... post the amount of the big blind if he is directly in
/// front of the button"), and a player back from a break may sit in waiting
/// for the big blind.
#[test]
fn t4_t5_a_player_card_chooses_the_way_in_and_sitting_in_to_wait() {
    use dealerd::table::EntryChoice;
    use dealerd::ui::Dialog;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = "rules config/houses/h3-ocean-view.toml\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ngame Hold'em 3-6\ndeal\nAnn fold\nBob fold\njoin 5 Eve 100\nsitout Cat\n";
    let night = script::run("entry", base, root).unwrap_or_else(|e| panic!("{e}"));
    let t = night.table();
    assert_eq!(
        t.can_enter(4),
        vec![
            EntryChoice::DealIn,
            EntryChoice::WaitForBigBlind,
            EntryChoice::PostBeforeButton
        ]
    );
    assert!(t.can_enter(0).is_empty(), "Ann is no new player");
    use dealerd::ui::PlayerItem;
    let at = |seat: usize, item: PlayerItem| {
        PlayerItem::offered(night.table(), seat)
            .iter()
            .position(|&i| i == item)
    };
    let way_in = at(4, PlayerItem::WayIn).expect("Eve, new, has a way in");
    let mut ctl = Controller::new();
    ctl.mode = Mode::Dialog(Dialog::PlayerMenu {
        seat: 4,
        item: way_in,
    });
    assert_eq!(ctl.press(&night, press(Button::Ok)), Intent::None);
    assert_eq!(ctl.mode, Mode::Dialog(Dialog::WayIn { seat: 4, item: 0 }));
    // The third of H3's three ways in.
    ctl.press(&night, press(Button::Plus));
    ctl.press(&night, press(Button::Plus));
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::NewPlayerEntry {
            seat: 4,
            entry: EntryChoice::PostBeforeButton
        })
    );
    // Ann is no new player: her menu's "Way in" says so when chosen
    // (issue 32: the item keeps its place; issue 22 hid it).
    assert_eq!(
        PlayerItem::WayIn.why_not(night.table(), 0).as_deref(),
        Some("not a new player")
    );
    // Cat sits back in to wait for the big blind.
    let wait = at(2, PlayerItem::SitInWait).expect("Cat, sitting out, may wait");
    ctl.mode = Mode::Dialog(Dialog::PlayerMenu {
        seat: 2,
        item: wait,
    });
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::SitIn {
            seat: 2,
            wait_for_big_blind: true
        })
    );
}

/// G4 on the device: the draw count goes round 0..=the most the engine
/// allows (H4: "replacement cards up to four"), not a fixed 0..5.
#[test]
fn g4_the_draw_count_stops_at_the_house_maximum() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ngame Draw\ndeal\nBob check\nCat check\nAnn check\n";
    let night = script::run("g4", text, root).unwrap_or_else(|e| panic!("{e}"));
    let state = night.table().live_hand().expect("a hand").state();
    assert_eq!(state.max_draw(), Some(4));
    let seat = state.to_act().expect("a drawer");
    let mut ctl = Controller::new();
    // Five presses of plus from 0 come back round to 0: the counts are 0..=4.
    for _ in 0..5 {
        ctl.press(&night, press(Button::Plus));
    }
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Draw(seat, 0)))
    );
    for _ in 0..4 {
        ctl.press(&night, press(Button::Plus));
    }
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Draw(seat, 4)))
    );
}

/// Issue 10 (G3, F3): where the house leaves the opener to the dealer, the
/// screen proposes one (the last street's opener) and OK takes it; plus
/// and minus go round the others.
#[test]
fn g3_the_named_opener_starts_on_the_last_streets_opener() {
    let text = "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 20\njoin 3 Bob 20\njoin 5 Cat 20\ngame 7-card stud\nbutton Ann\ndeal\nopener Cat\nCat check\nAnn check\nBob check\nstreet\n";
    let night = script::run("g3", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"));
    let hand = night.table().live_hand().expect("a hand");
    let cat = hand.hand_seat(4).expect("Cat is dealt in");
    let state = hand.state();
    assert!(state.awaiting_opener(), "H4 names every street's opener");
    assert_eq!(state.suggested_opener(), Some(cat));
    let mut ctl = Controller::new();
    let view = dealerd::ui::View::of(&night);
    assert_eq!(ctl.screen(&view), dealerd::ui::Screen::Opener(Some(cat)));
    assert_eq!(
        ctl.clone().press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::NameOpener(cat)))
    );
    assert_eq!(ctl.press(&night, press(Button::Plus)), Intent::None);
    let next = (cat + 1) % state.seats().len();
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::NameOpener(next)))
    );
}

/// Issue 11: "in fixed limit, when min equals max, one press records the
/// bet" (B3); held, bet/raise still opens entry.
#[test]
fn fixed_limit_bets_take_one_press() {
    let text = "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\ngame Hold'em 1 & 2\nbutton Ann\ndeal\n";
    let night = script::run("b3", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"));
    let la = night
        .table()
        .live_hand()
        .and_then(|h| h.state().legal_actions())
        .expect("someone to act");
    let Ok((min, max)) = la.raise else {
        panic!("a raise is open: {la:?}")
    };
    assert_eq!(min, max, "fixed limit: one amount");
    let mut ctl = Controller::new();
    assert_eq!(
        ctl.press(&night, press(Button::BetRaise)),
        Intent::Apply(TableEvent::Hand(Event::Act(
            la.seat,
            Action::BetRaiseTo(min)
        )))
    );
    let held = Press {
        button: Button::BetRaise,
        long: true,
    };
    assert_eq!(ctl.press(&night, held), Intent::None);
    assert!(matches!(ctl.mode, Mode::Entry(_)));
}

/// Issue 11: "a shortcut to the minimum and the maximum in the buy-in and
/// stack dialogs": check/call goes to the table's minimum, bet/raise to its
/// maximum (M1, `Table::can_buy_in`).
#[test]
fn m1_the_buy_in_dialog_jumps_to_the_minimum_and_the_maximum() {
    use dealerd::ui::{Dialog, Purpose};
    let night = script::run(
        "m1",
        "rules default\njoin 1 Ann 100\n",
        Path::new(env!("CARGO_MANIFEST_DIR")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (min, max) = night.table().can_buy_in();
    let max = max.expect("the default has a maximum");
    let purpose = Purpose::Join {
        seat: 1,
        name: "Bob".into(),
    };
    let mut ctl = Controller::new();
    ctl.mode = Mode::Dialog(Dialog::amount(purpose.clone(), 100));
    let amount = |ctl: &Controller| match &ctl.mode {
        Mode::Dialog(Dialog::Amount { amount, .. }) => *amount,
        other => panic!("{other:?}"),
    };
    ctl.press(&night, press(Button::CheckCall));
    assert_eq!(amount(&ctl), min);
    ctl.press(&night, press(Button::BetRaise));
    assert_eq!(amount(&ctl), max);
    assert_eq!(
        ctl.press(&night, press(Button::Ok)),
        Intent::Apply(purpose.event(max))
    );
}

/// Issue 32, "labels that say exactly what a figure is": a half-pot or
/// pot raise over a short stack is his whole stack, so its shortcut reads
/// "all-in", not "1/2 pot" or "pot" (minus lands on it now, issue 32); a
/// pot raise under the stack still reads "pot".
#[test]
fn a_pot_shortcut_held_to_a_short_stack_says_all_in() {
    use dealerd::ui::{AmountEntry, Preset};
    // To call 2 into 20 after the call, 10 behind: ½ pot would be to 12.
    let short = AmountEntry::new(0, (4, 10), &[1], 2, 20);
    for p in [Preset::HalfPot, Preset::Pot, Preset::Max] {
        assert_eq!(short.label(p), "all-in", "{p:?}: {:?}", short.presets());
    }
    let minus = short
        .clone()
        .opened_by(press(Button::Minus))
        .expect("entry");
    assert_eq!(
        (minus.amount, minus.preset_here().map(|p| minus.label(p))),
        (10, Some("all-in"))
    );
    // Deep: the pot raise is to 22 of 100, and says so.
    let deep = AmountEntry::new(0, (4, 100), &[1], 2, 20);
    assert_eq!((deep.presets()[2].1, deep.label(Preset::Pot)), (22, "pot"));
    assert_eq!(deep.label(Preset::HalfPot), "1/2 pot");
}
