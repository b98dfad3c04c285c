//! G: game sequences: pineapple discards, declarations, stud openers, draws.

use dealerd::engine::Action::{BetRaiseTo, CheckCall, Fold};
use dealerd::engine::{
    Action, BoardResult, Declaration, Event, ForcedKind, Opener, Options, Phase, RuleError, Seat,
    Split, Step, Structure,
};
use dealerd::replay::{flop_game, seven_stud};

use super::{blinds, forced, game, nl, setup, stud, T};

// ---- G: game sequences ----

#[test]
fn g1_crazy_pineapple_discards_after_the_flop_in_order() {
    let mut steps = flop_game(3);
    steps.insert(4, Step::Discard);
    let mut t = T::new(game(Structure::NoLimit, 2, steps), blinds(&[100; 3], 1, 2));
    t.act(2, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Exchanging(4));
    assert_eq!(t.to_act(), Some(0));
    assert!(matches!(
        t.err(Event::Draw(1, 1)),
        RuleError::OutOfTurn {
            seat: 1,
            to_act: Some(0)
        }
    ));
    assert!(matches!(t.err(Event::Deal), RuleError::Unexpected { .. }));
    t.ev(Event::Draw(0, 1))
        .ev(Event::Draw(1, 1))
        .ev(Event::Draw(2, 1));
    assert_eq!(t.hand.state().phase(), Phase::Dealing(5));
}

#[test]
fn g2_declare_both_must_win_both_ways() {
    let mut steps = flop_game(2);
    steps.push(Step::Declare);
    let mut spec = nl(2);
    spec.steps = steps.into();
    spec.split = Split::Declare;
    let mut t = T::new(spec, blinds(&[100; 3], 1, 2));
    t.act(2, CheckCall).act(0, CheckCall).act(1, CheckCall);
    for _ in 0..3 {
        t.deal()
            .act(0, CheckCall)
            .act(1, CheckCall)
            .act(2, CheckCall);
    }
    t.ev(Event::Declare(0, Declaration::Both));
    t.ev(Event::Declare(1, Declaration::Low));
    t.ev(Event::Declare(2, Declaration::High));
    // Seat 0 has the best high but not the best low: it gets nothing.
    t.ev(Event::Showdown(vec![BoardResult {
        high: vec![vec![0], vec![2], vec![1]],
        low: vec![vec![1], vec![0], vec![2]],
    }]));
    assert_eq!(t.finals(), vec![98, 98 + 3, 98 + 3]);
}

#[test]
fn g3_stud_dealer_names_each_opener_and_order_follows() {
    let mut t = stud(10, 20, 40, 4, None);
    t.ev(Event::NameOpener(3));
    t.act(3, Action::BringIn)
        .act(0, CheckCall)
        .act(1, Fold)
        .act(2, CheckCall)
        .deal();
    assert!(t.hand.state().awaiting_opener());
    assert!(matches!(
        t.err(Event::NameOpener(1)),
        RuleError::NotInHand { seat: 1 }
    ));
    t.ev(Event::NameOpener(2));
    assert_eq!(t.to_act(), Some(2));
    t.act(2, CheckCall);
    assert_eq!(
        t.to_act(),
        Some(3),
        "clockwise from the opener, folded seats skipped"
    );
    assert_eq!(t.hand.state().last_opener(), Some(2));
}

#[test]
fn g4_draw_game_two_rounds_around_one_draw() {
    let steps = dealerd::replay::draw_game(1, usize::MAX);
    let mut t = T::new(game(Structure::NoLimit, 2, steps), blinds(&[100; 3], 1, 2));
    t.act(2, CheckCall).act(0, CheckCall).act(1, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Exchanging(2));
    t.ev(Event::Draw(0, 3))
        .ev(Event::Draw(1, 0))
        .ev(Event::Draw(2, 5));
    assert_eq!(
        t.to_act(),
        Some(0),
        "second round starts left of the button"
    );
    t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Showdown);
}

// ---- issue 9 ----

fn draw_spec(max_draw: Option<u8>) -> T {
    let steps = dealerd::replay::draw_game(1, usize::MAX);
    let mut spec = game(Structure::NoLimit, 2, steps);
    spec.options.max_draw = max_draw;
    let mut t = T::new(spec, blinds(&[100; 3], 1, 2));
    t.act(2, CheckCall).act(0, CheckCall).act(1, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Exchanging(2));
    t
}

#[test]
fn g4_h4_draw_replaces_up_to_four_cards() {
    // H4: "the dealer deals that many replacement cards up to four".
    let mut t = draw_spec(Some(4));
    let e = t.err(Event::Draw(0, 5));
    assert_eq!(
        e,
        RuleError::DrawTooMany {
            seat: 0,
            cards: 5,
            most: 4
        }
    );
    assert_eq!(e.to_string(), "cannot draw 5 card(s): at most 4");
    t.ev(Event::Draw(0, 4))
        .ev(Event::Draw(1, 0))
        .ev(Event::Draw(2, 1));
    assert_eq!(t.to_act(), Some(0));
}

#[test]
fn g4_h3_draw_up_to_five_and_never_more_than_the_hole_cards() {
    // H3: "Any player may draw up to five cards."
    let mut t = draw_spec(Some(5));
    assert!(matches!(
        t.err(Event::Draw(0, 6)),
        RuleError::DrawTooMany { most: 5, .. }
    ));
    t.ev(Event::Draw(0, 5));
    // No house maximum: still never more than the five cards held.
    let mut t = draw_spec(None);
    assert!(matches!(
        t.err(Event::Draw(0, 6)),
        RuleError::DrawTooMany { most: 5, .. }
    ));
    t.ev(Event::Draw(0, 5));
    // A maximum above the hole cards is capped by them.
    let t = draw_spec(Some(9));
    assert!(matches!(
        t.err(Event::Draw(0, 6)),
        RuleError::DrawTooMany { most: 5, .. }
    ));
}

/// Seven-card stud with the last round opened by the previous round's opener.
fn stud_previous_opener(players: usize) -> T {
    let mut steps = seven_stud();
    if let Some(Step::Bet(b)) = steps.last_mut() {
        b.opener = Opener::PreviousOpener;
    }
    let mut spec = game(Structure::PotLimit, 20, steps);
    spec.options = Options::default();
    let antes = (0..players)
        .map(|s| forced(s, ForcedKind::Ante, 2))
        .collect();
    let mut s = setup(&vec![1000; players], antes);
    s.bring_in = Some(5);
    let mut t = T::new(spec, s);
    t.ev(Event::NameOpener(0));
    t.act(0, Action::BringIn);
    for seat in 1..players {
        t.act(seat, CheckCall);
    }
    t
}

impl T {
    /// The dealer deals, names `opener`, and everyone from there checks.
    fn checked_street(&mut self, opener: Seat, live: &[Seat]) -> &mut Self {
        self.deal().ev(Event::NameOpener(opener));
        let at = live.iter().position(|&s| s == opener).expect("live opener");
        for k in 0..live.len() {
            self.act(live[(at + k) % live.len()], CheckCall);
        }
        self
    }
}

#[test]
fn g3_h0_seventh_street_first_bettor_on_sixth_acts_first() {
    // H0: "7th Street (1d): Deal 1 down, first bettor on 6th acts first".
    let mut t = stud_previous_opener(4);
    t.checked_street(3, &[0, 1, 2, 3])
        .checked_street(1, &[0, 1, 2, 3])
        .checked_street(2, &[0, 1, 2, 3]);
    t.deal();
    assert!(!t.hand.state().awaiting_opener(), "the dealer names no one");
    assert_eq!(t.to_act(), Some(2));
    assert!(matches!(
        t.err(Event::NameOpener(0)),
        RuleError::Unexpected { .. }
    ));
    assert_eq!(t.hand.state().last_opener(), Some(2));
    // The 6th-street opener folded on 6th: the next live seat clockwise.
    let mut t = stud_previous_opener(4);
    t.checked_street(3, &[0, 1, 2, 3])
        .checked_street(1, &[0, 1, 2, 3])
        .deal()
        .ev(Event::NameOpener(2));
    t.act(2, CheckCall)
        .act(3, BetRaiseTo(20))
        .act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, Fold)
        .deal();
    assert_eq!(
        t.to_act(),
        Some(3),
        "2 folded: the next live seat clockwise"
    );
}
