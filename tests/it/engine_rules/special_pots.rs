//! S: special pots: bomb pots, running it twice, chopping the blinds.

use dealerd::engine::Action::{BetRaiseTo, CheckCall, Fold};
use dealerd::engine::{BoardResult, Event, Forced, ForcedKind, Options, Phase, RuleError, Seat};

use super::{blinds, forced, nl, setup, T};

// ---- S: special pots ----

#[test]
fn s2_bomb_pot_skips_preflop_betting_and_starts_left_of_dealer() {
    // H2: everyone puts in an agreed amount; betting starts on the flop.
    let bombs = (0..4).map(|s| forced(s, ForcedKind::Bomb, 10)).collect();
    let mut s = setup(&[100; 4], bombs);
    s.skip_first_bet = true;
    let mut t = T::new(nl(2), s);
    assert_eq!(
        t.hand.state().phase(),
        Phase::Dealing(2),
        "no pre-flop round"
    );
    t.deal();
    assert_eq!(t.to_act(), Some(0));
    assert_eq!(t.hand.state().pot(), 40);
}

#[test]
fn s2_p5_double_board_bomb_pot_each_board_wins_half() {
    // H0: everyone antes, two boards, each board takes half; the odd chip to board 1.
    let mut bombs: Vec<Forced> = (0..3).map(|s| forced(s, ForcedKind::Bomb, 10)).collect();
    bombs.push(forced(0, ForcedKind::DeadPost, 1));
    let mut s = setup(&[100; 3], bombs);
    s.boards = 2;
    s.skip_first_bet = true;
    let mut t = T::new(nl(2), s);
    t.deal();
    for _ in 0..3 {
        t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
        if t.hand.state().phase() != Phase::Showdown {
            t.deal();
        }
    }
    assert_eq!(t.hand.state().phase(), Phase::Showdown);
    let one = |s: Seat| BoardResult {
        high: vec![vec![s]],
        low: vec![],
    };
    assert!(matches!(
        t.err(Event::Showdown(vec![one(1)])),
        RuleError::BoardCount {
            expected: 2,
            got: 1
        }
    ));
    t.ev(Event::Showdown(vec![one(1), one(2)]));
    // Seat 0's dead post is in the pot: nobody is all in, so no side pot.
    assert_eq!(t.finals(), vec![89, 90 + 16, 90 + 15]);
}

fn all_in_preflop(opts: Options) -> T {
    let mut spec = nl(2);
    spec.options = opts;
    let mut t = T::new(spec, blinds(&[100, 100, 100], 1, 2));
    t.act(2, BetRaiseTo(100)).act(0, CheckCall).act(1, Fold);
    t
}

#[test]
fn s3_run_it_twice_each_run_wins_half_of_every_pot() {
    let opts = Options {
        run_it_twice: true,
        ..Options::default()
    };
    let mut t = all_in_preflop(opts);
    assert_eq!(t.hand.state().phase(), Phase::Dealing(2));
    t.ev(Event::RunItTwice);
    assert!(matches!(
        t.err(Event::RunItTwice),
        RuleError::NoRunItTwice { .. }
    ));
    t.deal().deal().deal();
    let r = |s: Seat| BoardResult {
        high: vec![vec![s]],
        low: vec![],
    };
    t.ev(Event::Showdown(vec![r(0), r(2)]));
    // Pot 202: 101 per run.
    assert_eq!(t.finals(), vec![101, 98, 101]);
}

#[test]
fn s3_run_it_twice_only_when_the_house_allows_and_betting_is_over() {
    let t = all_in_preflop(Options::default());
    assert!(matches!(
        t.err(Event::RunItTwice),
        RuleError::NoRunItTwice { .. }
    ));
    let opts = Options {
        run_it_twice: true,
        ..Options::default()
    };
    let mut spec = nl(2);
    spec.options = opts;
    let t = T::new(spec, blinds(&[100, 100, 100], 1, 2));
    assert!(matches!(
        t.err(Event::RunItTwice),
        RuleError::NoRunItTwice { .. }
    ));
}

#[test]
fn s4_chop_the_blinds_when_everyone_folds_to_them() {
    let mut spec = nl(2);
    spec.options.chop_blinds = true;
    let mut t = T::new(spec.clone(), blinds(&[100; 4], 1, 2));
    t.act(2, Fold).act(3, Fold).ev(Event::Chop);
    assert_eq!(t.hand.state().phase(), Phase::Complete);
    assert_eq!(t.finals(), vec![100; 4]);
    // Not after the small blind acts, and not when the house does not allow it.
    let mut t = T::new(spec, blinds(&[100; 4], 1, 2));
    t.act(2, Fold).act(3, Fold).act(0, CheckCall);
    assert!(matches!(t.err(Event::Chop), RuleError::NoChop { .. }));
    let mut t = T::new(nl(2), blinds(&[100; 4], 1, 2));
    t.act(2, Fold).act(3, Fold);
    assert!(matches!(t.err(Event::Chop), RuleError::NoChop { .. }));
}
