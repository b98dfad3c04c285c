//! The H1 home games' money mechanics (catalog G5–G9), one test or more per
//! id. G5–G7 are engine steps and events; G8 and G9 are table-layer state.

use std::sync::Arc;

use dealerd::engine::{
    Action, AnteMode, BoardResult, Chips, Declaration, Event, Forced, ForcedKind, GameSpec, Hand,
    HandSetup, Options, Phase, RuleError, Split, Structure,
};
use dealerd::rules::catalog;

use Action::{BetRaiseTo, CheckCall};

fn spec(base: &str, options: Options) -> GameSpec {
    let b = catalog::find(base).expect("catalog entry");
    GameSpec {
        structure: Structure::NoLimit,
        steps: b.steps(),
        min_bet: 2,
        split: b.split,
        antes: AnteMode::Dead,
        options,
    }
}

fn hand(spec: GameSpec, stacks: &[Chips], forced: Vec<Forced>) -> Hand {
    let setup = HandSetup {
        stacks: stacks.to_vec(),
        forced,
        bring_in: None,
        boards: 1,
        skip_first_bet: false,
        drop_at_flop: 0,
    };
    let mut h = Hand::new(Arc::new(spec), Arc::new(setup)).expect("setup");
    h.apply(Event::PostForced).expect("post");
    h.apply(Event::Deal).expect("deal");
    h
}

fn blinds() -> Vec<Forced> {
    vec![
        Forced {
            seat: 0,
            kind: ForcedKind::Blind,
            amount: 1,
        },
        Forced {
            seat: 1,
            kind: ForcedKind::Blind,
            amount: 2,
        },
    ]
}

fn antes(n: usize, amount: Chips) -> Vec<Forced> {
    (0..n)
        .map(|seat| Forced {
            seat,
            kind: ForcedKind::Ante,
            amount,
        })
        .collect()
}

fn ok(h: &mut Hand, events: &[Event]) {
    for e in events {
        if let Err(err) = h.apply(e.clone()) {
            panic!("{e:?}: {err} (phase {:?})", h.state().phase());
        }
    }
}

fn checks(seats: &[usize]) -> Vec<Event> {
    seats.iter().map(|&s| Event::Act(s, CheckCall)).collect()
}

fn total(h: &Hand) -> Chips {
    h.state().stacks().iter().sum::<Chips>() + h.state().pot()
}

fn two_step() -> Hand {
    let options = Options {
        draw_price: 1,
        ..Options::default()
    };
    let mut h = hand(spec("texas-2-step", options), &[100, 100, 100], blinds());
    // Pre-flop: the button calls, the small blind completes, the big blind checks.
    ok(&mut h, &checks(&[2, 0, 1]));
    ok(&mut h, &[Event::Deal]);
    ok(&mut h, &checks(&[0, 1, 2]));
    h
}

#[test]
fn g5_each_exchange_costs_one_two_three_times_the_lowest_stake_per_card() {
    let mut h = two_step();
    assert_eq!(h.state().pot(), 6);
    // After the flop round: 1x per card.
    ok(
        &mut h,
        &[Event::Draw(0, 2), Event::Draw(1, 0), Event::Draw(2, 1)],
    );
    assert_eq!(h.state().stacks(), vec![96, 98, 97]);
    assert_eq!(h.state().pot(), 9);
    ok(&mut h, &[Event::Deal]);
    ok(&mut h, &checks(&[0, 1, 2]));
    // After the turn round: 2x per card.
    ok(
        &mut h,
        &[Event::Draw(0, 1), Event::Draw(1, 0), Event::Draw(2, 0)],
    );
    assert_eq!(h.state().stacks()[0], 94);
    ok(&mut h, &[Event::Deal]);
    ok(&mut h, &checks(&[0, 1, 2]));
    // After the river round: 3x per card; someone drew, so a final round.
    ok(
        &mut h,
        &[Event::Draw(0, 0), Event::Draw(1, 2), Event::Draw(2, 0)],
    );
    assert_eq!(h.state().stacks()[1], 92);
    assert!(matches!(h.state().phase(), Phase::Betting(_)));
    ok(&mut h, &checks(&[0, 1, 2]));
    assert_eq!(h.state().phase(), Phase::Showdown);
    assert_eq!(total(&h), 300);
    // The draw money is dead money in the main pot: the winner takes it all.
    let win = BoardResult {
        high: vec![vec![2]],
        low: vec![],
    };
    ok(&mut h, &[Event::Showdown(vec![win])]);
    assert_eq!(h.state().final_stacks(), vec![94, 92, 97 + 17]);
}

#[test]
fn g5_no_final_round_when_nobody_drew_at_the_last_exchange() {
    let mut h = two_step();
    ok(
        &mut h,
        &[Event::Draw(0, 0), Event::Draw(1, 0), Event::Draw(2, 0)],
    );
    ok(&mut h, &[Event::Deal]);
    ok(&mut h, &checks(&[0, 1, 2]));
    ok(
        &mut h,
        &[Event::Draw(0, 1), Event::Draw(1, 0), Event::Draw(2, 0)],
    );
    ok(&mut h, &[Event::Deal]);
    ok(&mut h, &checks(&[0, 1, 2]));
    ok(
        &mut h,
        &[Event::Draw(0, 0), Event::Draw(1, 0), Event::Draw(2, 0)],
    );
    // Someone drew at the turn exchange, but nobody at the last one.
    assert_eq!(h.state().phase(), Phase::Showdown);
}

#[test]
fn g5_a_draw_is_refused_beyond_the_hole_cards_or_the_stack() {
    let options = Options {
        draw_price: 1,
        ..Options::default()
    };
    let mut h = hand(spec("texas-2-step", options), &[100, 100, 4], blinds());
    ok(&mut h, &checks(&[2, 0, 1]));
    ok(&mut h, &[Event::Deal]);
    ok(&mut h, &checks(&[0, 1, 2]));
    assert!(matches!(
        h.apply(Event::Draw(0, 3)),
        Err(RuleError::DrawTooMany { most: 2, .. })
    ));
    ok(
        &mut h,
        &[Event::Draw(0, 0), Event::Draw(1, 0), Event::Draw(2, 2)],
    );
    ok(&mut h, &[Event::Deal]);
    ok(&mut h, &checks(&[0, 1]));
    // Seat 2 has nothing left: it is all in from the draw and has no decision.
    assert_eq!(h.state().stacks()[2], 0);
    assert!(matches!(
        h.apply(Event::Draw(2, 1)),
        Err(RuleError::OutOfTurn { .. })
    ));
    ok(&mut h, &[Event::Draw(0, 0), Event::Draw(1, 0)]);
    let before = h.state().clone();
    assert!(matches!(
        h.apply(Event::Draw(2, 1)),
        Err(RuleError::CannotPayDraw {
            price: 2,
            stack: 0,
            ..
        })
    ));
    assert_eq!(h.state().stacks(), before.stacks());
}

fn wild(stacks: &[Chips]) -> Hand {
    let options = Options {
        wild_card_charge: 1,
        fold_when_checkable: true,
        ..Options::default()
    };
    hand(spec("wild-card", options), stacks, blinds())
}

#[test]
fn g6_every_live_player_pays_per_exposed_wild_card() {
    let mut h = wild(&[100, 100, 100]);
    // No common card yet: no charge.
    assert!(matches!(
        h.apply(Event::WildCard),
        Err(RuleError::NoWildCard { .. })
    ));
    ok(&mut h, &[Event::Act(2, Action::Fold)]);
    ok(&mut h, &checks(&[0, 1]));
    ok(&mut h, &[Event::Deal]);
    // Two wild cards on the flop: the two live players pay twice; the folded button does not.
    ok(&mut h, &[Event::WildCard, Event::WildCard]);
    assert_eq!(h.state().stacks(), vec![96, 96, 100]);
    assert_eq!(h.state().pot(), 8);
    ok(&mut h, &[Event::Act(0, BetRaiseTo(4))]);
    // Once someone has acted, the charge is late.
    assert!(matches!(
        h.apply(Event::WildCard),
        Err(RuleError::NoWildCard { .. })
    ));
    assert_eq!(total(&h), 300);
}

#[test]
fn g6_a_charge_that_puts_a_player_all_in_restarts_the_untouched_round() {
    let mut h = wild(&[100, 100, 3]);
    ok(&mut h, &checks(&[2, 0, 1]));
    ok(&mut h, &[Event::Deal, Event::WildCard]);
    assert_eq!(h.state().stacks(), vec![97, 97, 0]);
    ok(&mut h, &checks(&[0, 1]));
    assert!(matches!(h.state().phase(), Phase::Dealing(_)));
    assert_eq!(total(&h), 203);
}

#[test]
fn g6_games_without_a_charge_refuse_it() {
    let mut h = hand(spec("holdem", Options::default()), &[100, 100], blinds());
    ok(&mut h, &checks(&[0, 1]));
    ok(&mut h, &[Event::Deal]);
    assert!(matches!(
        h.apply(Event::WildCard),
        Err(RuleError::NoWildCard {
            why: "this game has no wild-card charge"
        })
    ));
}

#[test]
fn g7_take_a_card_and_bet_rounds_repeat_until_nobody_takes_a_card() {
    let mut h = hand(
        spec("seven-twenty-seven", Options::default()),
        &[50, 50, 50],
        antes(3, 1),
    );
    // Round 1: the lead is seat 0; one card at most.
    assert_eq!(h.state().to_act(), Some(0));
    assert!(matches!(
        h.apply(Event::Draw(0, 2)),
        Err(RuleError::DrawTooMany { most: 1, .. })
    ));
    ok(
        &mut h,
        &[Event::Draw(0, 1), Event::Draw(1, 0), Event::Draw(2, 1)],
    );
    assert_eq!(h.state().to_act(), Some(0));
    ok(&mut h, &[Event::Act(0, BetRaiseTo(2))]);
    ok(&mut h, &checks(&[1, 2]));
    // Round 2: the lead moves to seat 1, for the cards and the betting.
    assert_eq!(h.state().to_act(), Some(1));
    ok(
        &mut h,
        &[Event::Draw(1, 1), Event::Draw(2, 0), Event::Draw(0, 0)],
    );
    assert_eq!(h.state().to_act(), Some(1));
    ok(&mut h, &checks(&[1, 2, 0]));
    // Round 3: nobody takes a card; the final betting round, then declare.
    assert_eq!(h.state().to_act(), Some(2));
    ok(
        &mut h,
        &[Event::Draw(2, 0), Event::Draw(0, 0), Event::Draw(1, 0)],
    );
    ok(&mut h, &checks(&[2, 0, 1]));
    assert!(matches!(h.state().phase(), Phase::Exchanging(_)));
    ok(
        &mut h,
        &[
            Event::Declare(0, Declaration::High),
            Event::Declare(1, Declaration::Low),
            Event::Declare(2, Declaration::Low),
        ],
    );
    // High = closest to 27, low = closest to 7; seats 1 and 2 tie at 7.
    let result = BoardResult {
        high: vec![vec![0]],
        low: vec![vec![1, 2]],
    };
    ok(&mut h, &[Event::Showdown(vec![result])]);
    // Pot 3 + 6 = 9: 5 to the 27 side (the odd chip to high), 2 each to the 7s.
    assert_eq!(h.state().payouts(), Some(&[5, 2, 2][..]));
    assert_eq!(h.state().spec().split, Split::Declare);
}
