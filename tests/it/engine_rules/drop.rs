//! M3: the drop, taken at the flop, at the start or after the first round.

use dealerd::engine::Action::{BetRaiseTo, CheckCall, Fold};
use dealerd::engine::{Chips, DropWhen, Event, HandSetup, Phase, RuleError};

use super::{blinds, fl, h4_low_ball, T};

#[test]
fn m3_drop_is_taken_from_the_pot_when_the_flop_is_dealt_no_flop_no_drop() {
    // H3: "The fee collection will be taken by the dealer immediately prior to the flop."
    let mut s = blinds(&[100; 3], 1, 2);
    s.drop_at_flop = 3;
    let mut t = T::new(fl(2, 4), s.clone());
    t.act(2, CheckCall).act(0, CheckCall).act(1, CheckCall);
    assert_eq!(t.hand.state().pot(), 6);
    t.deal();
    assert_eq!(t.hand.state().pot(), 3);
    assert_eq!(t.hand.state().dropped(), 3);
    check_down_and_give_seat_1_the_pot(&mut t);
    let mut t = T::new(fl(2, 4), s);
    t.act(2, BetRaiseTo(4)).act(0, Fold).act(1, Fold);
    assert_eq!(t.finals(), vec![99, 98, 103], "no flop, no drop");
}

// ---- issue 9 ----

fn dropped_hand(when: DropWhen) -> T {
    let mut s = blinds(&[100; 3], 1, 2);
    s.drop_at_flop = 3;
    s.drop_when = when;
    T::new(fl(2, 4), s)
}

#[test]
fn m3_drop_when_flop_is_the_default_and_old_journals_read() {
    let t = dropped_hand(DropWhen::Flop);
    let json = serde_json::to_string(t.hand.state().setup()).unwrap();
    assert!(json.contains("\"drop_at_flop\":3"), "{json}");
    // A journal written before `drop_when` existed reads as Flop.
    let old = json.replace(",\"drop_when\":\"flop\"", "");
    assert!(!old.contains("drop_when"), "{old}");
    let back: HandSetup = serde_json::from_str(&old).unwrap();
    assert_eq!(back.drop_when, DropWhen::Flop);
    assert_eq!(&back, t.hand.state().setup());
    let mut t = dropped_hand(DropWhen::Flop);
    t.act(2, CheckCall).act(0, CheckCall).act(1, CheckCall);
    assert_eq!(t.hand.state().dropped(), 0, "not before the flop");
    t.deal();
    assert_eq!(t.hand.state().dropped(), 3);
}

#[test]
fn m3_drop_when_start_is_taken_once_the_forced_bets_are_posted() {
    let mut t = dropped_hand(DropWhen::Start);
    assert_eq!(t.hand.state().dropped(), 3);
    assert_eq!(t.hand.state().pot(), 0, "blinds 1 + 2, less the drop");
    // A hand won at once still pays it.
    t.act(2, BetRaiseTo(4)).act(0, Fold).act(1, Fold);
    assert_eq!(t.finals(), vec![99, 98, 100]);
    assert_eq!(t.finals().iter().sum::<Chips>() + 3, 300);
    // The blinds cannot chop what the house has taken.
    let mut s = blinds(&[100; 3], 1, 2);
    s.drop_at_flop = 1;
    s.drop_when = DropWhen::Start;
    let mut spec = fl(2, 4);
    spec.options.chop_blinds = true;
    let mut t = T::new(spec, s);
    t.act(2, Fold);
    assert!(matches!(t.err(Event::Chop), RuleError::NoChop { .. }));
    // What the house took does not come back as an uncalled bet.
    let mut s = blinds(&[100; 2], 1, 2);
    s.drop_at_flop = 3;
    s.drop_when = DropWhen::Start;
    let mut t = T::new(fl(2, 4), s);
    t.act(1, Fold);
    assert_eq!(t.finals(), vec![98, 99]);
    // Never more than the pot.
    let mut s = blinds(&[100; 3], 1, 2);
    s.drop_at_flop = 10;
    s.drop_when = DropWhen::Start;
    let t = T::new(fl(2, 4), s);
    assert_eq!(t.hand.state().dropped(), 3);
}

#[test]
fn m3_drop_when_first_round_ends_and_the_hand_goes_on() {
    let mut t = dropped_hand(DropWhen::FirstRoundEnd);
    t.act(2, CheckCall).act(0, CheckCall);
    assert_eq!(t.hand.state().dropped(), 0);
    t.act(1, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Dealing(2));
    assert_eq!(t.hand.state().dropped(), 3);
    assert_eq!(t.hand.state().pot(), 3);
    t.deal();
    assert_eq!(t.hand.state().dropped(), 3, "taken once");
    check_down_and_give_seat_1_the_pot(&mut t);
    // A hand won in the first round pays none.
    let mut t = dropped_hand(DropWhen::FirstRoundEnd);
    t.act(2, BetRaiseTo(4)).act(0, Fold).act(1, Fold);
    assert_eq!(t.finals(), vec![99, 98, 103]);
    // A first round with nobody to act (all in on the blinds) still closes.
    let mut s = blinds(&[2, 1], 1, 2);
    s.drop_at_flop = 2;
    s.drop_when = DropWhen::FirstRoundEnd;
    let t = T::new(fl(2, 4), s);
    assert_eq!(t.hand.state().phase(), Phase::Dealing(2));
    assert_eq!(t.hand.state().dropped(), 2);
    // B9 lowball: the passed-out round played again is still the first round.
    let mut t = h4_low_ball();
    let state = t.hand.state();
    let mut setup = state.setup().clone();
    setup.drop_at_flop = 2;
    setup.drop_when = DropWhen::FirstRoundEnd;
    t = T::new(state.spec().clone(), setup);
    t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
    assert!(t.hand.state().lowball());
    assert_eq!(t.hand.state().dropped(), 0, "passed out: not gone on yet");
    t.act(0, BetRaiseTo(3)).act(1, CheckCall).act(2, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Exchanging(2));
    assert_eq!(t.hand.state().dropped(), 2);
}

/// Three players check the last three rounds; seat 1 wins, the others lost
/// their 2 of blinds and calls (the drop tests).
fn check_down_and_give_seat_1_the_pot(t: &mut T) {
    for _ in 0..3 {
        t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
        if t.hand.state().phase() != Phase::Showdown {
            t.deal();
        }
    }
    t.showdown(vec![vec![1]]);
    assert_eq!(t.finals(), vec![98, 101, 98]);
}
