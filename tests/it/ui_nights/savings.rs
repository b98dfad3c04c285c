//! Issue 32, presses: each saving the realistic night measures, proved
//! through presses on the controller, with what stays confirmed.

use dealerd::engine::{Action, Event};
use dealerd::ui::{render, screens};

use super::*;
use crate::ui_screens::night;

fn frame(n: &Night, c: &Controller) -> render::Frame {
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(n), c).expect("drawn");
    f
}

/// Held bet/raise on the action screen records the player's whole stack
/// in one press, as a call is one press: no entry, no OK.
#[test]
fn held_bet_raise_puts_the_whole_stack_in_with_one_press() {
    let n =
        night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\nbutton Ann\ndeal\n");
    let state = n.table().live_hand().expect("a hand").state();
    let seat = state.to_act().expect("someone to act");
    let whole = state.seats()[seat].stack + state.seats()[seat].bet;
    let mut c = Controller::new();
    let held = Press {
        button: Button::BetRaise,
        long: true,
    };
    assert_eq!(
        c.press(&n, held),
        Intent::Apply(TableEvent::Hand(Event::Act(
            seat,
            Action::BetRaiseTo(whole)
        )))
    );
    assert_eq!(c.mode, Mode::Main);
    // A tap still opens entry on the minimum, for OK.
    let mut c = Controller::new();
    assert_eq!(c.press(&n, tap(Button::BetRaise)), Intent::None);
    assert!(matches!(c.mode, Mode::Entry(_)), "{:?}", c.mode);
}

/// Where the most a player may put in is not his stack (H0's pot limit and
/// $1 cap), held bet/raise opens entry on that maximum, named, and only OK
/// records it: a pot or a cap is never taken for an all-in unseen.
#[test]
fn held_bet_raise_under_a_pot_limit_or_cap_still_asks_for_ok() {
    let n = night(
        "rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ndeal\n",
    );
    let mut c = Controller::new();
    let held = Press {
        button: Button::BetRaise,
        long: true,
    };
    assert_eq!(c.press(&n, held), Intent::None);
    let Mode::Entry(e) = &c.mode else {
        panic!("held opens entry at a pot limit, not {:?}", c.mode)
    };
    assert_eq!(e.amount, e.max);
    assert_ne!(e.max_is, dealerd::ui::MaxIs::AllIn);
    let max = e.max;
    let Intent::Apply(TableEvent::Hand(Event::Act(_, Action::BetRaiseTo(x)))) =
        c.press(&n, tap(Button::Ok))
    else {
        panic!("OK records the maximum")
    };
    assert_eq!(x, max);
}

/// Cat is all in for 40 under Ann's and Bob's 50; on the flop Bob bets and
/// Ann folds, so the side pot has Bob alone left in it.
const ONE_LEFT: &str = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\n\
    button Ann\ndeal\nAnn raise 50\nBob call\nCat allin\nflop\nBob bet 10\nAnn fold\n\
    turn\nriver\n";

/// A pot with a single contender left needs no press: naming the main
/// pot's winner places Bob, alone in the side pot, and the screen shows
/// the payout for the OK that pays. Undo takes both places back.
#[test]
fn p2_a_pot_with_one_contender_left_needs_no_press() {
    let n = night(ONE_LEFT);
    let mut c = Controller::new();
    // Cat (seat 3, bet/raise) has the best hand: she takes the main pot.
    assert_eq!(c.press(&n, tap(Button::BetRaise)), Intent::None);
    let f = frame(&n, &c);
    crate::night::assert_frame_shows(&f, &["OK pay"]);
    let Mode::Ranking(r) = &c.mode else {
        panic!("still ranking: {:?}", c.mode)
    };
    assert!(r.complete(), "one key decides both pots: {r:?}");
    // Undo takes back the key and the place it forced.
    assert_eq!(c.press(&n, tap(Button::Undo)), Intent::None);
    let Mode::Ranking(r) = &c.mode else {
        panic!("still ranking: {:?}", c.mode)
    };
    assert!(r.done.is_empty() && r.groups.is_empty(), "{r:?}");
    // Named again, OK pays what was shown: Cat the main pot, Bob the side.
    c.press(&n, tap(Button::BetRaise));
    let Intent::Apply(e) = c.press(&n, tap(Button::Ok)) else {
        panic!("OK pays: {:?}", c.mode);
    };
    let mut n = n.clone();
    n.apply(e).expect("the payout is legal");
    let stacks: Vec<u64> = (0..3)
        .map(|s| n.table().player(s).map_or(0, |p| p.stack))
        .collect();
    assert_eq!(stacks, [50, 70, 120]);
}

/// Everyone is all in: Ann for 50, Bob calls, Cat for 40.
const RUN_OUT: &str = "rules default\njoin 1 Ann 50\njoin 2 Bob 100\njoin 3 Cat 40\n\
    button Ann\ndeal\nAnn allin\nBob call\nCat allin\n";

/// The run-out prompt where a seat key names the best hand (pictured).
pub(crate) fn run_out_keys() -> render::Frame {
    frame(&night(RUN_OUT), &Controller::new())
}

/// On a run-out the best hand's seat key deals the rest and names it, one
/// press where a run-out OK and the key were two; a seat that cannot win
/// is told and nothing is recorded; the payout still waits for OK.
#[test]
fn a_run_out_and_the_best_hand_are_one_key() {
    let n = night(RUN_OUT);
    crate::night::assert_frame_shows(&frame(&n, &Controller::new()), &["RUN IT OUT"]);
    crate::night::assert_frame_shows(&frame(&n, &Controller::new()), &["OK, or key: best hand"]);
    // Seat 4 (minus) is nobody: told, nothing recorded.
    let mut c = Controller::new();
    assert!(matches!(c.press(&n, tap(Button::Minus)), Intent::Tell(_)));
    assert_eq!(c.mode, Mode::Main);
    // Cat's key (seat 3, bet/raise): the flop, turn and river, and Cat
    // takes the main pot; the side pot is Ann's or Bob's, still to name.
    let intent = c.press(&n, tap(Button::BetRaise));
    assert_eq!(
        intent,
        Intent::ApplyAll(vec![TableEvent::Hand(Event::Deal); 3])
    );
    let mut n = n.clone();
    let Intent::ApplyAll(events) = intent else {
        unreachable!()
    };
    for e in events {
        n.apply(e).expect("the run-out deals");
    }
    let Mode::Ranking(r) = &c.mode else {
        panic!("the showdown opens ranked: {:?}", c.mode)
    };
    assert_eq!(r.groups.len(), 1);
    assert_eq!(r.table_seat(r.groups[0][0]), 2, "Cat, seat 3");
    assert!(!r.complete());
    // Ann's key names the side pot; the key pays nothing, OK pays.
    assert_eq!(c.press(&n, tap(Button::Fold)), Intent::None);
    crate::night::assert_frame_shows(&frame(&n, &c), &["OK pay"]);
    let Intent::Apply(e) = c.press(&n, tap(Button::Ok)) else {
        panic!("OK pays: {:?}", c.mode)
    };
    n.apply(e).expect("the payout is legal");
    let stacks: Vec<u64> = (0..3)
        .map(|s| n.table().player(s).map_or(0, |p| p.stack))
        .collect();
    assert_eq!(stacks, [20, 50, 120]);
}

/// The last card with nobody to act is the same: the best hand's key deals
/// the river and names it.
#[test]
fn the_last_card_and_the_best_hand_are_one_key() {
    let n = night(&format!("{RUN_OUT}flop\nturn\n"));
    crate::night::assert_frame_shows(&frame(&n, &Controller::new()), &["OK, or key: best hand"]);
    let mut c = Controller::new();
    assert_eq!(
        c.press(&n, tap(Button::BetRaise)),
        Intent::ApplyAll(vec![TableEvent::Hand(Event::Deal)])
    );
    assert!(matches!(c.mode, Mode::Ranking(_)), "{:?}", c.mode);
}

/// Issue 32: held check/call on the action screen opens entry on the
/// keypad, so a typed amount is that press, the digits and OK (it was
/// bet/raise, held OK, the digits and OK). Where there is no amount to
/// type it is a call, as a tap: facing an all-in he cannot raise over, and
/// at a fixed limit.
#[test]
fn held_check_call_types_a_bet_and_calls_where_there_is_nothing_to_type() {
    let held = Press {
        button: Button::CheckCall,
        long: true,
    };
    // Default, 1/2: Ann, on the button, acts first; she raises to 37.
    let n =
        night("rules default\njoin 1 Ann 180\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\n");
    let mut c = Controller::new();
    assert_eq!(c.press(&n, held), Intent::None);
    let Mode::Entry(e) = &c.mode else {
        panic!("held check/call opens entry, not {:?}", c.mode)
    };
    assert_eq!(e.keypad.map(|k| k.digits), Some(0), "on the keypad");
    // 3 is bet/raise, 7 held check/call: "37", and OK records it.
    c.press(&n, tap(Button::BetRaise));
    c.press(&n, held);
    let Intent::Apply(TableEvent::Hand(Event::Act(_, Action::BetRaiseTo(37)))) =
        c.press(&n, tap(Button::Ok))
    else {
        panic!("OK records the 37 typed: {:?}", c.mode)
    };
    // Bob has 40 behind Ann's all-in of 200: he may call or fold only. At
    // H3's 3-6 limit the only amount needs no typing. Held, each a call.
    for text in [
        "rules default\njoin 1 Ann 200\njoin 2 Bob 40\njoin 3 Cat 100\nbutton Ann\ndeal\nAnn allin\n",
        "rules config/houses/h3-ocean-view.toml\njoin 1 Ann 200\njoin 2 Bob 200\njoin 3 Cat 200\nbutton Ann\ndeal\n",
    ] {
        let n = night(text);
        let seat = n
            .table()
            .live_hand()
            .and_then(|h| h.state().to_act())
            .expect("to act");
        assert_eq!(
            Controller::new().press(&n, held),
            Intent::Apply(TableEvent::Hand(Event::Act(seat, Action::CheckCall))),
            "{text}"
        );
    }
}

/// Issue 32 ("labels say cap, pot, max or all-in for exactly what they
/// are"): a shortcut rounded to the chips a player pushes says it is near
/// (`~pot`: a player who said "pot" must not be recorded for 1450 when the
/// pot raise is 1457), and where the exact pot raise is the most he may
/// put in (pot limit) the pot shortcut is that maximum to the unit, never a
/// second "pot" a chip under it.
#[test]
fn a_rounded_shortcut_says_near_and_a_pot_limit_pot_is_exact() {
    use dealerd::ui::{AmountEntry, MaxIs, Preset};
    let chips = [1, 5, 25, 100];
    let at = |e: &AmountEntry, p: Preset| {
        let x = e.presets().iter().find(|q| q.0 == p).expect("listed").1;
        (e.label(p), x)
    };
    // To 358, 1099 in the pot after the call: half pot 907, pot 1457,
    // pushed in 25s as 900 and 1450.
    let e = AmountEntry::new(0, (716, 2191), &chips, 358, 1099);
    assert_eq!(at(&e, Preset::HalfPot), ("~1/2 pot", 900));
    assert_eq!(at(&e, Preset::Pot), ("~pot", 1450));
    // To 100, 400 in the pot: 300 and 500 are chips already: no "~".
    let e = AmountEntry::new(0, (200, 2000), &chips, 100, 400);
    assert_eq!(at(&e, Preset::HalfPot), ("1/2 pot", 300));
    assert_eq!(at(&e, Preset::Pot), ("pot", 500));
    // H0's pot limit (10c/25c; chips 10c, 25c, $1) without its caps ($1 a
    // bet, $2.50 a round), so the pot binds as a house without them would
    // have it: three see a flop of $2.55, Bob bets each amount, and Cat's
    // pot shortcut is her maximum, named pot. For some of those maxima the
    // chips round down, where "pot" was shown under the pot.
    let h0 = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("config/houses/h0-pot-limit-home.toml"),
    )
    .expect("H0");
    let uncapped: String = h0
        .lines()
        .filter(|l| !l.starts_with("max_bet_raise") && !l.starts_with("max_per_round"))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pot-limit-uncapped");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    std::fs::write(dir.join("pl.toml"), uncapped).expect("the house written");
    let mut rounded_down = 0;
    for bet in (5..=51).map(|units| units * 5) {
        let text = format!(
            "rules pl.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ndeal\n\
             Ann raise 0.85\nBob call\nCat call\nflop\nBob bet {}.{:02}\n",
            bet / 100,
            bet % 100
        );
        let n =
            dealerd::table::script::run("pl.scn", &text, &dir).unwrap_or_else(|e| panic!("{e}"));
        let e = Controller::new()
            .entry_for(n.table())
            .expect("Cat may raise");
        assert_eq!(e.max_is, MaxIs::Pot, "Bob bet {bet}c");
        assert_eq!(at(&e, Preset::Pot), ("pot", e.max), "Bob bet {bet}c");
        assert_eq!(at(&e, Preset::Max), ("pot", e.max), "Bob bet {bet}c");
        // The chips in units of 5c: 2, 5, 20.
        if super::pushed(e.max, &[2, 5, 20]) < e.max {
            rounded_down += 1;
        }
    }
    assert!(
        rounded_down > 0,
        "no pot-limit maximum the chips round down"
    );
}
