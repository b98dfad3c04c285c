//! P: pots and showdown: side pots, ties and odd chips, suits, hi-lo, who shows first.

use dealerd::engine::Action::{BetRaiseTo, CheckCall, Fold};
use dealerd::engine::{BoardResult, Chips, Event, ForcedKind, Phase, RuleError, Seat, Split};

use super::{blinds, fl, forced, nl, setup, T};

// ---- P: pots and showdown ----

#[test]
fn p1_side_pots_by_contribution_and_uncalled_bet_back() {
    let mut t = T::new(nl(2), blinds(&[50, 100, 200], 1, 2));
    t.act(2, BetRaiseTo(200))
        .act(0, CheckCall)
        .act(1, CheckCall);
    // 100 of seat 2's 200 was never matched: it goes back.
    assert_eq!(t.hand.state().stacks(), vec![0, 0, 100]);
    let pots = t.hand.state().pots();
    assert_eq!(
        (pots[0].amount, pots[0].eligible.clone()),
        (150, vec![0, 1, 2])
    );
    assert_eq!(
        (pots[1].amount, pots[1].eligible.clone()),
        (100, vec![1, 2])
    );
    t.deal()
        .deal()
        .deal()
        .showdown(vec![vec![0], vec![1], vec![2]]);
    assert_eq!(t.finals(), vec![150, 100, 100]);
}

#[test]
fn p1_folded_chips_stay_in_the_pots_they_paid_into() {
    let mut t = T::new(nl(2), blinds(&[100, 30, 100, 100], 1, 2));
    t.act(2, CheckCall)
        .act(3, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    t.act(0, BetRaiseTo(50))
        .act(1, CheckCall)
        .act(2, Fold)
        .act(3, CheckCall);
    assert_eq!(t.hand.state().pot(), 8 + 50 + 28 + 50);
    t.deal()
        .act(0, CheckCall)
        .act(3, CheckCall)
        .deal()
        .act(0, CheckCall)
        .act(3, CheckCall);
    t.showdown(vec![vec![1], vec![3], vec![0]]);
    // Main: 4 x 2 + 3 x 28 = 92 to seat 1; side: 2 x 22 = 44 to seat 3.
    assert_eq!(t.finals(), vec![48, 92, 98, 48 + 44]);
}

#[test]
fn p1_hand_ends_at_once_when_all_but_one_fold() {
    let mut t = T::new(nl(2), blinds(&[100; 3], 1, 2));
    t.act(2, BetRaiseTo(10)).act(0, Fold);
    assert_eq!(t.hand.state().phase(), Phase::Betting(1));
    t.act(1, Fold);
    assert_eq!(t.hand.state().phase(), Phase::Complete);
    assert_eq!(
        t.hand.state().stacks(),
        vec![99, 98, 98],
        "the raise beyond 2 came back"
    );
    assert_eq!(t.finals(), vec![99, 98, 103]);
}

#[test]
fn p2_ties_split_with_odd_chips_left_of_the_button() {
    let mut t = T::new(nl(2), blinds(&[100, 100, 101], 1, 2));
    t.act(2, BetRaiseTo(101))
        .act(0, CheckCall)
        .act(1, CheckCall);
    t.deal().deal().deal().showdown(vec![vec![2, 0, 1]]);
    // 300 three ways is even; the extra 1 of seat 2 came back uncalled.
    assert_eq!(t.finals(), vec![100, 100, 101]);
    let dead = vec![
        forced(0, ForcedKind::DeadPost, 1),
        forced(0, ForcedKind::Blind, 1),
        forced(1, ForcedKind::Blind, 2),
    ];
    let mut t = T::new(nl(2), setup(&[100; 4], dead));
    t.act(2, CheckCall)
        .act(3, Fold)
        .act(0, CheckCall)
        .act(1, CheckCall);
    t.deal()
        .act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall);
    t.deal()
        .act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall);
    t.deal()
        .act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall);
    t.showdown(vec![vec![2, 0]]);
    // Pot 7 between seats 0 and 2: the odd chip to seat 0, first left of the button.
    assert_eq!(t.finals(), vec![97 + 4, 98, 98 + 3, 100]);
}

#[test]
fn p3_suits_break_ties_so_no_tie_is_accepted() {
    let mut spec = nl(2);
    spec.options.suit_breaks_ties = true;
    let mut t = T::new(spec, blinds(&[100; 2], 1, 2));
    t.act(1, BetRaiseTo(100))
        .act(0, CheckCall)
        .deal()
        .deal()
        .deal();
    assert!(matches!(
        t.err(Event::Showdown(vec![BoardResult {
            high: vec![vec![0, 1]],
            low: vec![]
        }])),
        RuleError::TieNotAllowed
    ));
    t.showdown(vec![vec![1], vec![0]]);
    assert_eq!(t.finals(), vec![0, 200]);
}

fn hi_lo_hand() -> T {
    let mut spec = fl(10, 20);
    spec.split = Split::HiLo;
    let mut t = T::new(spec, blinds(&[100; 3], 5, 10));
    t.ev(Event::Act(2, CheckCall))
        .act(0, CheckCall)
        .act(1, CheckCall);
    for _ in 0..3 {
        t.deal()
            .act(0, CheckCall)
            .act(1, CheckCall)
            .act(2, CheckCall);
    }
    t
}

#[test]
fn p4_hi_lo_halves_odd_chip_to_high_no_low_means_scoop() {
    let mut t = hi_lo_hand();
    let mut t2 = hi_lo_hand();
    t.ev(Event::Showdown(vec![BoardResult {
        high: vec![vec![0], vec![1], vec![2]],
        low: vec![vec![1, 2]],
    }]));
    // Pot 30: high 15 to seat 0; low 15 split 8/7 between seats 1 and 2.
    assert_eq!(t.finals(), vec![90 + 15, 90 + 8, 90 + 7]);
    t2.showdown(vec![vec![2], vec![0]]);
    assert_eq!(
        t2.finals(),
        vec![90, 90, 120],
        "no qualifying low: high scoops"
    );
}

#[test]
fn p6_last_river_aggressor_shows_first_else_left_of_button() {
    let mut t = T::new(nl(2), blinds(&[100; 3], 1, 2));
    t.act(2, CheckCall).act(0, CheckCall).act(1, CheckCall);
    for _ in 0..2 {
        t.deal()
            .act(0, CheckCall)
            .act(1, CheckCall)
            .act(2, CheckCall);
    }
    let mut checked = t.hand.clone();
    t.deal()
        .act(0, CheckCall)
        .act(1, BetRaiseTo(10))
        .act(2, CheckCall)
        .act(0, CheckCall);
    assert_eq!(t.hand.state().first_to_show(), Some(1));
    checked.apply(Event::Deal).expect("river");
    for s in 0..3 {
        checked.apply(Event::Act(s, CheckCall)).expect("check");
    }
    assert_eq!(checked.state().first_to_show(), Some(0));
}

// ---- issue 9 ----

#[test]
fn p1_d1_bets_in_front_are_not_side_pots() {
    // With blinds 1/2 and nobody all in there is one pot, not "main 2 s1 1".
    let mut t = T::new(nl(2), blinds(&[100; 3], 1, 2));
    let s = t.hand.state();
    assert_eq!(s.pots().len(), 2, "the showdown view splits by level");
    assert!(s.settled_pots().is_empty(), "nothing in the middle yet");
    assert_eq!(s.bets(), vec![1, 2, 0]);
    assert_eq!(s.bets_total(), 3);
    assert_eq!(s.pot(), 3);
    t.act(2, BetRaiseTo(10)).act(0, CheckCall).act(1, CheckCall);
    let s = t.hand.state();
    assert_eq!(s.bets(), vec![0; 3]);
    assert_eq!(s.settled_pots(), s.pots());
    assert_eq!(s.settled_pots().len(), 1);
    assert_eq!(s.settled_pots()[0].amount, 30);
    // A side pot exists once a player is all in and the round is over.
    let mut t = T::new(nl(2), blinds(&[100, 40, 100], 1, 2));
    t.act(2, BetRaiseTo(20))
        .act(0, CheckCall)
        .act(1, BetRaiseTo(40));
    let s = t.hand.state();
    assert!(s.settled_pots().is_empty(), "the all-in is still a bet");
    assert_eq!(s.bets(), vec![20, 40, 20]);
    t.act(2, CheckCall).act(0, CheckCall).deal();
    t.act(0, BetRaiseTo(10));
    let s = t.hand.state();
    let settled = s.settled_pots();
    assert_eq!(settled.len(), 1, "everyone matched the all-in: one pot");
    assert_eq!(
        (settled[0].amount, settled[0].eligible.clone()),
        (120, vec![0, 1, 2])
    );
    assert_eq!(s.bets(), vec![10, 0, 0]);
    assert_eq!(
        s.pots().len(),
        2,
        "the bet would make a side pot at showdown"
    );
    // An all-in in an earlier round below the others' level: a settled side pot.
    let mut t = T::new(nl(2), blinds(&[100, 30, 100], 1, 2));
    t.act(2, BetRaiseTo(40))
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    t.act(0, BetRaiseTo(10));
    let s = t.hand.state();
    let settled: Vec<(Chips, Vec<Seat>)> = s
        .settled_pots()
        .into_iter()
        .map(|p| (p.amount, p.eligible))
        .collect();
    assert_eq!(settled, vec![(90, vec![0, 1, 2]), (20, vec![0, 2])]);
    assert_eq!(s.bets_total(), 10);
    assert_eq!(s.pot(), 120);
}
