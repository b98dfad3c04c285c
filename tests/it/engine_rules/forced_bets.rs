//! F: forced bets: blinds, antes, the stud bring-in, straddles and the kill blind.

use dealerd::engine::Action::{BetRaiseTo, CheckCall, Fold};
use dealerd::engine::{
    Action, AnteMode, Chips, Event, ForcedKind, NoRaise, Options, Phase, RuleError, Seat, Structure,
};
use dealerd::replay::flop_game;

use super::{blinds, fl, forced, game, nl, setup, stud, T};

// ---- F: forced bets ----

#[test]
fn f1_equal_blinds_small_blind_owes_nothing_and_may_check() {
    // H2: .25/.25 blinds, in units of 25c.
    let mut t = T::new(nl(1), blinds(&[40, 40, 40, 40], 1, 1));
    assert_eq!(t.to_act(), Some(2));
    t.act(2, CheckCall).act(3, CheckCall);
    assert_eq!(t.hand.state().to_call(0), 0);
    assert!(matches!(
        t.err(Event::Act(0, Fold)),
        RuleError::FoldWhenCheckable { seat: 0 }
    ));
    t.act(0, CheckCall);
    assert_eq!(t.to_act(), Some(1), "the big blind keeps the option");
    assert_eq!(t.range(1), Ok((2, 40)));
}

#[test]
fn f1_three_blinds_action_left_of_the_last() {
    let s = setup(
        &[100; 5],
        vec![
            forced(0, ForcedKind::Blind, 1),
            forced(1, ForcedKind::Blind, 2),
            forced(2, ForcedKind::Blind, 3),
        ],
    );
    let t = T::new(fl(3, 6), s);
    assert_eq!(t.to_act(), Some(3));
    assert_eq!(t.hand.state().to_call(3), 3);
    assert_eq!(t.range(3), Ok((6, 6)));
}

#[test]
fn f1_big_blind_option_to_raise_when_limped_to() {
    let mut t = T::new(nl(2), blinds(&[100, 100, 100], 1, 2));
    t.act(2, CheckCall).act(0, CheckCall);
    assert_eq!(t.to_act(), Some(1));
    assert_eq!(t.range(1), Ok((4, 100)));
    t.act(1, BetRaiseTo(10));
    assert_eq!(t.to_act(), Some(2));
}

#[test]
fn f1_short_big_blind_all_in_still_sets_the_full_blind_to_call() {
    // The big blind (seat 1) has 3 of his 10: all in. Seat 2 still calls 10,
    // the smallest raise is to 20, and the small blind completes to 10.
    let mut spec = nl(10);
    spec.options.short_blind_sets_bet = true;
    let mut t = T::new(spec, blinds(&[100, 3, 100], 5, 10));
    assert_eq!(t.to_act(), Some(2));
    assert_eq!(t.hand.state().to_call(2), 10);
    assert_eq!(t.range(2), Ok((20, 100)));
    t.act(2, CheckCall);
    assert_eq!(t.hand.state().to_call(0), 5);
    t.act(0, CheckCall);
    assert!(!matches!(t.hand.state().phase(), Phase::Betting(0)));
}

/// PHH's convention, which `dealerd replay` keeps: PokerKit 0.7.7, blinds
/// 10/25 with the big blind's 15 all in, has the next player call 15 and
/// raise to at least 40 (`checking_or_calling_amount`,
/// `min_completion_betting_or_raising_to_amount`).
#[test]
fn f1_without_the_house_option_a_short_big_blind_is_called_as_posted_as_pokerkit_does() {
    let mut t = T::new(nl(25), blinds(&[1000, 15, 1000], 10, 25));
    assert_eq!(t.to_act(), Some(2));
    assert_eq!(t.hand.state().to_call(2), 15);
    assert_eq!(t.range(2), Ok((40, 1000)));
    t.act(2, CheckCall);
    assert_eq!(t.hand.state().to_call(0), 5);
}

#[test]
fn f2_dead_antes_go_to_the_main_pot() {
    let s = setup(
        &[5, 100, 100],
        vec![
            forced(0, ForcedKind::Ante, 10),
            forced(1, ForcedKind::Ante, 10),
            forced(2, ForcedKind::Ante, 10),
        ],
    );
    let t = T::new(nl(10), s);
    let pots = t.hand.state().pots();
    assert_eq!(pots.len(), 1);
    assert_eq!(pots[0].amount, 25, "the short ante is all in for 5");
    assert_eq!(pots[0].eligible, vec![0, 1, 2]);
}

#[test]
fn f2_live_antes_are_matched_like_bets_when_all_in_for_less() {
    let mut spec = nl(10);
    spec.antes = AnteMode::Live;
    let s = setup(
        &[5, 100, 100],
        vec![
            forced(0, ForcedKind::Ante, 10),
            forced(1, ForcedKind::Ante, 10),
            forced(2, ForcedKind::Ante, 10),
        ],
    );
    let t = T::new(spec, s);
    let pots = t.hand.state().pots();
    assert_eq!(pots.len(), 2);
    assert_eq!(
        (pots[0].amount, pots[0].eligible.clone()),
        (15, vec![0, 1, 2])
    );
    assert_eq!((pots[1].amount, pots[1].eligible.clone()), (10, vec![1, 2]));
}

#[test]
fn f2_big_blind_ante_and_button_ante() {
    let mut s = blinds(&[100, 100, 100, 100], 1, 2);
    s.forced.push(forced(1, ForcedKind::Ante, 2)); // big-blind ante
    let t = T::new(nl(2), s.clone());
    assert_eq!(t.hand.state().pot(), 5);
    assert_eq!(t.hand.state().seats()[1].stack, 96);
    s.forced[2] = forced(3, ForcedKind::Ante, 4); // button ante
    let t = T::new(nl(2), s);
    assert_eq!(t.hand.state().seats()[3].stack, 96);
    assert_eq!(t.hand.state().seats()[3].bet, 0, "an ante is not a bet");
}

#[test]
fn f2_ante_only_game_action_starts_left_of_the_dealer() {
    // H0 Short Deck: 25c antes, no blinds, action left of the dealer.
    let antes = (0..4).map(|s| forced(s, ForcedKind::Ante, 25)).collect();
    let mut t = T::new(
        game(Structure::PotLimit, 25, flop_game(2)),
        setup(&[2000; 4], antes),
    );
    assert_eq!(t.to_act(), Some(0));
    assert_eq!(t.hand.state().to_call(0), 0);
    // Pot-limit bet into 100 of antes: 25..100.
    assert_eq!(t.range(0), Ok((25, 100)));
    t.act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall)
        .act(3, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Dealing(2));
}

#[test]
fn f3_bring_in_is_posted_or_completed_and_completion_is_the_bet() {
    let mut t = stud(10, 20, 40, 3, Some(3));
    assert!(t.hand.state().awaiting_opener());
    assert_eq!(t.to_act(), None);
    t.ev(Event::NameOpener(1));
    let legal = t.hand.state().legal_actions().expect("seat 1 to act");
    assert_eq!(legal.bring_in, Some(10));
    assert_eq!(legal.raise, Ok((20, 20)), "completing to the small bet");
    assert!(matches!(
        t.err(Event::Act(1, Fold)),
        RuleError::BringInRequired { .. }
    ));
    t.act(1, Action::BringIn);
    assert_eq!(t.to_act(), Some(2));
    assert_eq!(t.hand.state().to_call(2), 10);
    assert_eq!(t.range(2), Ok((20, 20)));
    t.act(2, BetRaiseTo(20)); // the completion is the bet (B4: not a raise)
    assert_eq!(t.range(0), Ok((40, 40)));
    t.act(0, BetRaiseTo(40))
        .act(1, BetRaiseTo(60))
        .act(2, BetRaiseTo(80));
    assert_eq!(
        t.range(0),
        Err(NoRaise::CapReached),
        "a bet and three raises"
    );
}

#[test]
fn f3_bring_in_round_ends_when_everyone_calls_the_bring_in() {
    let mut t = stud(10, 20, 40, 3, None);
    t.ev(Event::NameOpener(2));
    t.act(2, Action::BringIn)
        .act(0, CheckCall)
        .act(1, CheckCall);
    assert_eq!(t.hand.state().phase(), Phase::Dealing(2));
    assert_eq!(t.hand.state().pot(), 15 + 30);
}

fn straddled(kinds: &[(Seat, ForcedKind, Chips)], players: usize, opts: Options) -> T {
    let mut s = blinds(&vec![1000; players], 1, 2);
    s.forced.extend(
        kinds
            .iter()
            .map(|&(seat, kind, amount)| forced(seat, kind, amount)),
    );
    let mut spec = nl(2);
    spec.options = opts;
    T::new(spec, s)
}

#[test]
fn f4_utg_straddle_acts_last_preflop() {
    let mut t = straddled(&[(2, ForcedKind::Straddle, 4)], 5, Options::default());
    assert_eq!(t.to_act(), Some(3));
    assert_eq!(
        t.range(3),
        Ok((6, 1000)),
        "WSOP: min raise is the big blind over the straddle"
    );
    t.act(3, CheckCall)
        .act(4, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall);
    assert_eq!(t.to_act(), Some(2), "the straddler acts last");
    assert_eq!(t.range(2), Ok((6, 1000)));
}

#[test]
fn f4_double_straddle_and_straddle_as_raise_option() {
    let kinds = [(2, ForcedKind::Straddle, 4), (3, ForcedKind::Straddle, 8)];
    let t = straddled(&kinds, 6, Options::default());
    assert_eq!(t.to_act(), Some(4));
    assert_eq!(t.range(4), Ok((10, 1000)));
    let opts = Options {
        straddle_is_raise: true,
        ..Options::default()
    };
    let t = straddled(&kinds, 6, opts);
    assert_eq!(
        t.range(4),
        Ok((16, 1000)),
        "H2 6.2: the double straddle of 8 is the previous bet, so the raise is 8 more"
    );
    let single = straddled(&kinds[..1], 5, opts);
    assert_eq!(
        single.range(3),
        Ok((8, 1000)),
        "over a straddle of 4 the minimum raise is to 8, not 6"
    );
}

#[test]
fn f4_button_straddle_acts_last() {
    let mut t = straddled(&[(4, ForcedKind::ButtonStraddle, 4)], 5, Options::default());
    assert_eq!(t.to_act(), Some(2), "action starts left of the big blind");
    t.act(2, CheckCall).act(3, CheckCall).act(0, CheckCall);
    assert_eq!(t.to_act(), Some(1));
    t.act(1, CheckCall);
    assert_eq!(t.to_act(), Some(4), "the button straddler acts last");
}

#[test]
fn f5_kill_blind_poster_acts_in_normal_turn() {
    let mut t = straddled(&[(3, ForcedKind::Kill, 4)], 5, Options::default());
    assert_eq!(t.to_act(), Some(2), "not moved by the kill");
    assert_eq!(t.hand.state().to_call(2), 4);
    t.act(2, CheckCall);
    assert_eq!(t.to_act(), Some(3), "the killer acts in turn");
    assert_eq!(t.hand.state().to_call(3), 0);
    t.act(3, CheckCall).act(4, CheckCall).act(0, CheckCall);
    assert_eq!(t.to_act(), Some(1));
    t.act(1, CheckCall);
    assert_eq!(t.hand.state().pot(), 20);
}
