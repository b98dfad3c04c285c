//! B: betting: no limit, pot limit, fixed and spread limit, caps,
//! short all-ins, check-raise, the passed-out draw hand.

use dealerd::engine::Action::{BetRaiseTo, CheckCall, Fold};
use dealerd::engine::{
    Action, BetStep, Chips, Event, LimitShortAllIn, NoRaise, Opener, Phase, RaiseCap, RuleError,
    Step, Structure,
};
use dealerd::replay::{flop_game, seven_stud};

use super::{blinds, fl, game, h4_game, h4_low_ball, nl, setup, to_the_turn, T};

// ---- B: betting ----

#[test]
fn b1_no_limit_min_bet_is_big_blind_min_raise_is_last_raise() {
    let mut t = T::new(nl(2), blinds(&[100, 100, 100], 1, 2));
    t.act(2, BetRaiseTo(6)); // a raise of 4
    assert_eq!(t.range(0), Ok((10, 100)));
    assert!(matches!(
        t.err(Event::Act(0, BetRaiseTo(9))),
        RuleError::AmountOutOfRange {
            min: 10,
            max: 100,
            amount: 9,
            seat: 0
        }
    ));
    assert_eq!(
        t.err(Event::Act(0, BetRaiseTo(101))).to_string(),
        "raise must be to 10..100"
    );
    t.act(0, CheckCall).act(1, CheckCall).deal();
    assert_eq!(t.range(0), Ok((2, 94)), "the smallest bet is the big blind");
}

#[test]
fn b1_short_all_in_does_not_reopen_betting_to_those_who_acted() {
    let mut t = T::new(nl(2), blinds(&[200, 27, 200], 1, 2));
    t.act(2, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    // Flop: 6 in the pot; seat 1 has 25 left.
    t.act(0, BetRaiseTo(20)).act(1, BetRaiseTo(25)); // all in, 5 more: short
    assert_eq!(
        t.range(2),
        Ok((45, 198)),
        "seat 2 has not acted: a full raise over 25"
    );
    t.act(2, CheckCall);
    assert_eq!(t.to_act(), Some(0));
    assert_eq!(t.range(0), Err(NoRaise::NotReopened));
    assert!(matches!(
        t.err(Event::Act(0, BetRaiseTo(50))),
        RuleError::CannotRaise {
            why: NoRaise::NotReopened,
            ..
        }
    ));
}

#[test]
fn b1_cumulative_short_all_ins_reopen_once_they_make_a_full_raise() {
    // TDA 47: 100 bet, all in to 150, all in to 210: 110 more than seat 0 faced.
    let mut t = T::new(nl(100), blinds(&[1000, 250, 310, 1000], 50, 100));
    t.act(2, CheckCall)
        .act(3, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    t.act(0, BetRaiseTo(100))
        .act(1, BetRaiseTo(150))
        .act(2, BetRaiseTo(210));
    t.act(3, CheckCall);
    assert_eq!(t.range(0), Ok((310, 900)));
    // With one short all-in only (60 over 150), seat 0 could not have raised.
    let mut t = T::new(nl(100), blinds(&[1000, 250, 1000, 1000], 50, 100));
    t.act(2, CheckCall)
        .act(3, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    t.act(0, BetRaiseTo(100))
        .act(1, BetRaiseTo(150))
        .act(2, CheckCall)
        .act(3, CheckCall);
    assert_eq!(t.range(0), Err(NoRaise::NotReopened));
}

#[test]
fn b1_nobody_may_raise_when_nobody_else_has_chips() {
    let mut t = T::new(nl(2), blinds(&[50, 100, 300], 1, 2));
    t.act(2, BetRaiseTo(10))
        .act(0, BetRaiseTo(50))
        .act(1, BetRaiseTo(100));
    assert_eq!(t.range(2), Err(NoRaise::NobodyToCall));
    assert!(t.hand.state().legal_actions().expect("to act").call == Some(90));
}

#[test]
fn b2_pot_limit_maximum_is_the_pot_after_the_call() {
    let mut t = T::new(
        game(Structure::PotLimit, 2, flop_game(2)),
        blinds(&[1000; 3], 1, 2),
    );
    assert_eq!(t.range(2), Ok((4, 7)), "2 + pot 3 + call 2");
    t.act(2, BetRaiseTo(7));
    assert_eq!(t.range(0), Ok((12, 23)), "7 + pot 10 + call 6");
}

#[test]
fn b2_h0_caps_max_single_raise_and_max_per_round() {
    // H0: pot-limit, blinds 10c/25c, $1 max bet/raise, $2.50 per player per round.
    let mut spec = game(Structure::PotLimit, 25, flop_game(2));
    spec.options.max_bet_raise = Some(100);
    spec.options.max_per_round = Some(250);
    let mut t = T::new(spec, blinds(&[2000; 6], 10, 25));
    assert_eq!(t.range(2), Ok((50, 85)), "pot-limit binds first");
    t.act(2, BetRaiseTo(85));
    assert_eq!(t.range(3), Ok((145, 185)), "at most $1 more than the bet");
    t.act(3, BetRaiseTo(185));
    assert_eq!(t.range(4), Ok((250, 250)), "at most $2.50 in the round");
    t.act(4, BetRaiseTo(250));
    assert_eq!(t.range(5), Err(NoRaise::RoundCap));
}

#[test]
fn b3_fixed_limit_small_then_big_bets() {
    let mut t = T::new(fl(10, 20), blinds(&[1000; 3], 5, 10));
    assert_eq!(t.range(2), Ok((20, 20)));
    t.act(2, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    assert_eq!(t.range(0), Ok((10, 10)), "flop: small bet");
    t.act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall)
        .deal();
    assert_eq!(t.range(0), Ok((20, 20)), "turn: big bet");
    t.act(0, BetRaiseTo(20));
    assert_eq!(t.range(1), Ok((40, 40)));
}

#[test]
fn b3_stud_open_pair_allows_the_big_bet_on_fourth_street() {
    let mut steps = seven_stud();
    steps[3] = Step::Bet(BetStep {
        lowball_if_passed: false,
        opener: Opener::Named,
        big: false,
        open_pair: true,
        if_drawn: false,
    });
    let mut spec = game(
        Structure::FixedLimit {
            small_bet: 20,
            big_bet: 40,
        },
        0,
        steps,
    );
    spec.options.raise_cap = None;
    let mut s = setup(&[1000; 3], vec![]);
    s.bring_in = Some(10);
    let mut t = T::new(spec, s);
    t.ev(Event::NameOpener(0));
    t.act(0, Action::BringIn)
        .act(1, CheckCall)
        .act(2, CheckCall)
        .deal();
    t.ev(Event::NameOpener(2));
    assert_eq!(t.range(2), Ok((20, 20)));
    t.ev(Event::OpenPair);
    assert_eq!(t.range(2), Ok((20, 40)));
    t.act(2, BetRaiseTo(40));
    assert_eq!(
        t.range(0),
        Ok((80, 80)),
        "after the big bet, raises are big"
    );
    assert!(matches!(t.err(Event::OpenPair), RuleError::NoOpenPair));
}

#[test]
fn b4_a_bet_and_three_raises_lifted_heads_up() {
    let mut spec = fl(10, 20);
    spec.options.raise_cap = Some(RaiseCap {
        raises: 3,
        lift_heads_up: true,
    });
    let mut t = T::new(spec.clone(), blinds(&[1000; 4], 5, 10));
    t.act(2, BetRaiseTo(20))
        .act(3, BetRaiseTo(30))
        .act(0, BetRaiseTo(40));
    assert_eq!(
        t.range(1),
        Err(NoRaise::CapReached),
        "the big blind is the bet"
    );
    let mut t = T::new(spec, blinds(&[1000; 2], 5, 10));
    t.act(1, BetRaiseTo(20))
        .act(0, BetRaiseTo(30))
        .act(1, BetRaiseTo(40));
    assert_eq!(t.range(0), Ok((50, 50)), "no cap heads-up (H4 #3)");
}

#[test]
fn b4_contract_cap_holds_heads_up() {
    let mut spec = fl(10, 20);
    spec.options.raise_cap = Some(RaiseCap {
        raises: 4,
        lift_heads_up: false,
    });
    let mut t = T::new(spec, blinds(&[1000; 2], 5, 10));
    t.act(1, BetRaiseTo(20))
        .act(0, BetRaiseTo(30))
        .act(1, BetRaiseTo(40))
        .act(0, BetRaiseTo(50));
    assert_eq!(t.range(1), Err(NoRaise::CapReached));
}

#[test]
fn b5_h4_example_1_eight_dollars_is_action_only() {
    // "On the last card, the first player bets $10. The next player goes all-in
    // for $18. The next player may call ... $18 or raise the initial bet of $10 to $20."
    let mut t = h4_game(LimitShortAllIn::ActionOnly, [500, 18, 500]);
    t.act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall)
        .deal();
    t.act(0, BetRaiseTo(10)).act(1, BetRaiseTo(18));
    assert_eq!(t.hand.state().to_call(2), 18);
    assert_eq!(t.range(2), Ok((20, 20)));
    assert!(matches!(
        t.err(Event::Act(2, BetRaiseTo(28))),
        RuleError::AmountOutOfRange {
            min: 20,
            max: 20,
            ..
        }
    ));
    t.act(2, CheckCall);
    assert_eq!(t.range(0), Err(NoRaise::NotReopened), "$8 is action only");
}

#[test]
fn b5_h4_example_2_a_bet_must_be_completed_before_it_can_be_raised() {
    // "On fourth street, if the final player goes all-in for $6, the next player
    // may either call the bet or complete the bet to $10. He may NOT call the $6
    // and raise the $10."
    let mut t = h4_game(LimitShortAllIn::ActionOnly, [6, 500, 500]);
    assert_eq!(t.range(0), Ok((6, 6)), "only the all-in for less");
    t.act(0, BetRaiseTo(6));
    assert_eq!(t.hand.state().to_call(1), 6);
    assert_eq!(t.range(1), Ok((10, 10)));
    assert!(t
        .hand
        .state()
        .apply(&Event::Act(1, BetRaiseTo(16)))
        .is_err());
    t.act(1, BetRaiseTo(10));
    assert_eq!(t.range(2), Ok((20, 20)));
}

#[test]
fn b5_tda_47b_half_bet_rule_is_the_alternative() {
    // The same two situations under the 50% rule: $8 and $6 are at least half
    // of $10, so they count as full and the next raise is $10 above them.
    let mut t = h4_game(LimitShortAllIn::HalfBet, [500, 18, 500]);
    t.act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall)
        .deal();
    t.act(0, BetRaiseTo(10)).act(1, BetRaiseTo(18));
    assert_eq!(t.range(2), Ok((28, 28)));
    t.act(2, CheckCall);
    assert_eq!(t.range(0), Ok((28, 28)), "a full raise reopens");
    let mut t = h4_game(LimitShortAllIn::HalfBet, [6, 500, 500]);
    t.act(0, BetRaiseTo(6));
    assert_eq!(t.range(1), Ok((16, 16)));
    // Less than half is action only under both rules.
    let mut t = h4_game(LimitShortAllIn::HalfBet, [4, 500, 500]);
    t.act(0, BetRaiseTo(4));
    assert_eq!(t.range(1), Ok((10, 10)));
}

#[test]
fn b6_spread_limit_any_amount_in_the_spread_raise_at_least_the_last() {
    let spec = game(Structure::SpreadLimit { min: 2, max: 10 }, 0, flop_game(2));
    let mut t = T::new(spec, blinds(&[1000; 3], 1, 2));
    assert_eq!(t.range(2), Ok((4, 12)));
    t.act(2, BetRaiseTo(8));
    assert_eq!(t.range(0), Ok((14, 18)));
}

#[test]
fn b7_check_raise_allowed_or_forbidden() {
    for allowed in [true, false] {
        let mut spec = fl(10, 20);
        spec.options.check_raise = allowed;
        let mut t = T::new(spec, blinds(&[1000; 3], 5, 10));
        t.act(2, CheckCall)
            .act(0, CheckCall)
            .act(1, CheckCall)
            .deal();
        t.act(0, CheckCall).act(1, BetRaiseTo(10)).act(2, CheckCall);
        let expected = if allowed {
            Ok((20, 20))
        } else {
            Err(NoRaise::CheckRaise)
        };
        assert_eq!(t.range(0), expected, "check-raise allowed: {allowed}");
    }
}

#[test]
fn b9_nobody_opens_the_hand_goes_on_for_low_then_is_redealt() {
    // H4: "If ... everyone has passed, the game is continued on the basis of
    // the low hand wins ... Should all players pass, a new deal is dealt."
    let mut t = h4_low_ball();
    assert_eq!(t.to_act(), Some(0), "left of the button opens");
    t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
    assert!(t.hand.state().lowball(), "passed out: now for low");
    assert_eq!(t.hand.state().phase(), Phase::Betting(1));
    assert_eq!(t.to_act(), Some(0));
    t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
    assert_eq!(
        t.hand.state().phase(),
        Phase::Voided,
        "passed out again: re-deal"
    );
    assert_eq!(t.finals(), vec![50; 3]);
    // Opened the second time: the hand goes on to the draw, for low.
    let mut t = h4_low_ball();
    t.act(0, CheckCall).act(1, CheckCall).act(2, CheckCall);
    t.act(0, CheckCall)
        .act(1, BetRaiseTo(3))
        .act(2, CheckCall)
        .act(0, Fold);
    assert_eq!(t.hand.state().phase(), Phase::Exchanging(2));
    assert!(t.hand.state().lowball());
    // Opened the first time: no lowball.
    let mut t = h4_low_ball();
    t.act(0, BetRaiseTo(3)).act(1, CheckCall).act(2, CheckCall);
    assert!(!t.hand.state().lowball());
    assert_eq!(t.hand.state().phase(), Phase::Exchanging(2));
}

// ---- issue 9 ----

/// `h4_game` with `checked_may_complete` set as given.
fn h4_checked(may_complete: bool, stacks: [Chips; 3]) -> T {
    let mut spec = fl(5, 10);
    spec.options.limit_short_all_in = LimitShortAllIn::ActionOnly;
    spec.options.checked_may_complete = may_complete;
    to_the_turn(spec, stacks)
}

#[test]
fn b5_h4_literal_a_player_who_checked_may_complete_the_short_all_in() {
    // H4 #7: "In a $5 and $10 game, on fourth street, if the final player goes
    // all-in for $6, the next player may either call the bet or complete the
    // bet to $10. He may NOT call the $6 and raise the $10." Read literally:
    // the next player after the final one has already checked.
    let mut t = h4_checked(true, [500, 500, 6]);
    t.act(0, CheckCall).act(1, CheckCall).act(2, BetRaiseTo(6));
    assert_eq!(t.to_act(), Some(0));
    assert_eq!(t.hand.state().to_call(0), 6);
    assert_eq!(t.range(0), Ok((10, 10)), "complete to $10, no more");
    assert!(matches!(
        t.err(Event::Act(0, BetRaiseTo(16))),
        RuleError::AmountOutOfRange {
            min: 10,
            max: 10,
            ..
        }
    ));
    t.act(0, BetRaiseTo(10));
    // The completion is a full bet: the other checker may raise it.
    assert_eq!(t.range(1), Ok((20, 20)));
    t.act(1, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Dealing(6));
    // Or he only calls the $6: the next checker may still complete.
    let mut t = h4_checked(true, [500, 500, 6]);
    t.act(0, CheckCall).act(1, CheckCall).act(2, BetRaiseTo(6));
    t.act(0, CheckCall);
    assert_eq!(t.range(1), Ok((10, 10)));
    t.act(1, BetRaiseTo(10));
    assert_eq!(
        t.range(0),
        Ok((20, 20)),
        "a full bet reopens for the caller"
    );
}

#[test]
fn b5_roberts_rules_default_a_short_all_in_does_not_reopen_for_a_checker() {
    // Robert's Rules: an all-in for less than a full bet does not reopen the
    // betting for a player who has acted: having checked, he may only call.
    let mut t = h4_checked(false, [500, 500, 6]);
    t.act(0, CheckCall).act(1, CheckCall).act(2, BetRaiseTo(6));
    assert_eq!(t.range(0), Err(NoRaise::NotReopened));
    assert!(matches!(
        t.err(Event::Act(0, BetRaiseTo(10))),
        RuleError::CannotRaise {
            why: NoRaise::NotReopened,
            ..
        }
    ));
    t.act(0, CheckCall).act(1, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Dealing(6));
    // With check-raise forbidden (B7), completing after a check is refused too.
    let mut spec = fl(5, 10);
    spec.options.limit_short_all_in = LimitShortAllIn::ActionOnly;
    spec.options.checked_may_complete = true;
    spec.options.check_raise = false;
    let mut t = to_the_turn(spec, [500, 500, 6]);
    t.act(0, CheckCall).act(1, CheckCall).act(2, BetRaiseTo(6));
    assert_eq!(t.range(0), Err(NoRaise::CheckRaise));
}

#[test]
fn b5_checked_may_complete_does_not_reopen_a_raise_for_less() {
    // Only an incomplete *opening* bet: after a full $10 bet, an all-in for
    // $18 is action only, even for a player who checked before and called.
    let mut t = h4_checked(true, [500, 18, 500]);
    t.act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall)
        .deal();
    t.act(0, CheckCall).act(1, CheckCall).act(2, BetRaiseTo(10));
    t.act(0, CheckCall).act(1, BetRaiseTo(18));
    assert_eq!(t.range(2), Err(NoRaise::NotReopened));
    assert_eq!(t.range(0), Err(NoRaise::NotReopened));
}
