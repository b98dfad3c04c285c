//! D: dealer support: misdeals, out-of-turn actions, undo, and the
//! queries and refusals the screen shows.

use dealerd::engine::Action::{BetRaiseTo, CheckCall, Fold};
use dealerd::engine::{
    Chips, DealStep, Event, LimitShortAllIn, NoRaise, Phase, RuleError, Seat, Step,
};
use dealerd::replay::flop_game;

use super::{blinds, h4_game, nl, T};

// ---- D: dealer support ----

#[test]
fn d2_misdeal_returns_every_chip() {
    let mut t = T::new(nl(2), blinds(&[100, 50, 100], 1, 2));
    t.act(2, BetRaiseTo(30))
        .act(0, CheckCall)
        .ev(Event::Misdeal);
    assert_eq!(t.hand.state().phase(), Phase::Voided);
    assert_eq!(t.finals(), vec![100, 50, 100]);
    assert_eq!(t.hand.state().pot(), 0);
    assert!(matches!(t.err(Event::Misdeal), RuleError::HandOver));
}

#[test]
fn d4_out_of_turn_is_refused_and_names_who_is_to_act() {
    let t = T::new(nl(2), blinds(&[100; 3], 1, 2));
    let e = t.err(Event::Act(0, CheckCall));
    assert_eq!(
        e,
        RuleError::OutOfTurn {
            seat: 0,
            to_act: Some(2)
        }
    );
    assert_eq!(e.to_string(), "out of turn: p3 is to act");
    assert_eq!(t.to_act(), Some(2));
}

#[test]
fn d5_undo_any_event_back_to_the_start_of_the_hand() {
    let mut t = T::new(nl(2), blinds(&[100; 3], 1, 2));
    let start = t.hand.state().stacks();
    t.act(2, BetRaiseTo(10))
        .act(0, CheckCall)
        .act(1, Fold)
        .deal();
    assert_eq!(t.hand.undo(), Some(Event::Deal));
    assert_eq!(t.hand.undo(), Some(Event::Act(1, Fold)));
    assert_eq!(t.to_act(), Some(1));
    t.act(1, CheckCall);
    while t.hand.undo().is_some() {}
    assert_eq!(t.hand.state().phase(), Phase::Posting);
    assert_eq!(
        t.hand.state().stacks(),
        start.iter().map(|_| 100).collect::<Vec<_>>()
    );
    assert_eq!(t.hand.undo(), None);
}

#[test]
fn d1_queries_for_the_screen() {
    let mut t = T::new(nl(2), blinds(&[100; 3], 1, 2));
    let legal = t.hand.state().legal_actions().expect("someone to act");
    assert_eq!(legal.seat, 2);
    assert_eq!(legal.call, Some(2));
    assert!(legal.fold && !legal.check);
    assert_eq!(legal.raise, Ok((4, 100)));
    t.act(2, CheckCall);
    let street = t.hand.state().street();
    assert_eq!((street.round, street.of), (1, 4));
    assert_eq!(t.hand.state().current_bet(), 2);
}

#[test]
fn deal_step_has_its_card_counts() {
    // The street sequence is data: hold'em deals 2 down, then 3, 1, 1 on the board.
    let boards: Vec<DealStep> = flop_game(2)
        .into_iter()
        .filter_map(|s| match s {
            Step::Deal(d) => Some(d),
            _ => None,
        })
        .collect();
    assert_eq!(boards.iter().map(|d| d.board).sum::<u8>(), 5);
    assert_eq!(boards[0].hole_down, 2);
}

// ---- issue 9 ----

#[test]
fn d1_refusals_describe_money_and_seats() {
    // $5/$10 with a unit of 0.50: engine units read as dollars, seats by name.
    let money = |c: Chips| format!("${}", c as f64 / 2.0);
    let names = ["Ann", "Bob", "Cat"];
    let seat = |s: Seat| names.get(s).map_or("?".to_string(), |n| n.to_string());
    let mut t = h4_game(LimitShortAllIn::ActionOnly, [500, 500, 500]);
    t.act(0, BetRaiseTo(10));
    let e = t.err(Event::Act(1, BetRaiseTo(30)));
    assert_eq!(e.to_string(), "raise must be to 20..20");
    assert_eq!(e.describe(&money, &seat), "raise must be to $10");
    let e = t.err(Event::Act(0, CheckCall));
    assert_eq!(e.describe(&money, &seat), "out of turn: Bob is to act");
    let cases = [
        (
            RuleError::AmountOutOfRange {
                seat: 0,
                amount: 3,
                min: 4,
                max: 200,
            },
            "raise must be to at least $2 and at most $100",
        ),
        (
            RuleError::CannotRaise {
                seat: 0,
                amount: 30,
                why: NoRaise::NotReopened,
            },
            "cannot raise to $15: the betting was not reopened by a full raise",
        ),
        (
            RuleError::BringInRequired {
                seat: 0,
                bring_in: 1,
            },
            "must post the bring-in of $0.5 or complete",
        ),
        (RuleError::NotInHand { seat: 2 }, "Cat is not in the hand"),
        (
            RuleError::RankedNotInHand { seat: 1 },
            "showdown ranks Bob who is not in the hand",
        ),
        (
            RuleError::RankedTwice { seat: 0 },
            "showdown ranks Ann twice",
        ),
        (
            RuleError::PotUnranked { pot: 1, amount: 40 },
            "showdown: no ranked hand among the players of side pot 1 ($20)",
        ),
        (
            RuleError::CannotPayDraw {
                seat: 0,
                price: 6,
                stack: 4,
            },
            "cannot pay $3 to draw: the stack is $2",
        ),
        (
            RuleError::OutOfTurn {
                seat: 0,
                to_act: None,
            },
            "out of turn: no player is to act now",
        ),
        (
            RuleError::DrawTooMany {
                seat: 0,
                cards: 5,
                most: 4,
            },
            "cannot draw 5 card(s): at most 4",
        ),
        (RuleError::HandOver, "the hand is over"),
    ];
    for (e, want) in cases {
        assert_eq!(e.describe(&money, &seat), want, "{e:?}");
    }
}
