//! The engine against the rules catalog, one test (or more) per id. Each test
//! names its catalog id; docs/rules-coverage.md maps ids to these tests.

use std::sync::Arc;

use dealerd::engine::{
    Action, AnteMode, BetStep, BoardResult, Chips, DealStep, Declaration, DropWhen, Event, Forced,
    ForcedKind, GameSpec, Hand, HandSetup, LimitShortAllIn, NoRaise, Opener, Options, Phase,
    RaiseCap, RuleError, Seat, Split, Step, Structure,
};
use dealerd::replay::{flop_game, seven_stud};

use Action::{BetRaiseTo, CheckCall, Fold};

fn game(structure: Structure, min_bet: Chips, steps: Vec<Step>) -> GameSpec {
    GameSpec {
        structure,
        steps: steps.into(),
        min_bet,
        split: Split::High,
        antes: AnteMode::Dead,
        options: Options::default(),
    }
}

fn nl(min_bet: Chips) -> GameSpec {
    game(Structure::NoLimit, min_bet, flop_game(2))
}

fn fl(small_bet: Chips, big_bet: Chips) -> GameSpec {
    game(
        Structure::FixedLimit { small_bet, big_bet },
        0,
        flop_game(2),
    )
}

fn forced(seat: Seat, kind: ForcedKind, amount: Chips) -> Forced {
    Forced { seat, kind, amount }
}

/// Blinds as dealt: heads-up the button (seat 1) posts the small blind.
fn blinds(stacks: &[Chips], sb: Chips, bb: Chips) -> HandSetup {
    let (s, b) = if stacks.len() == 2 { (1, 0) } else { (0, 1) };
    setup(
        stacks,
        vec![
            forced(s, ForcedKind::Blind, sb),
            forced(b, ForcedKind::Blind, bb),
        ],
    )
}

fn setup(stacks: &[Chips], forced: Vec<Forced>) -> HandSetup {
    HandSetup {
        stacks: stacks.to_vec(),
        forced,
        bring_in: None,
        boards: 1,
        skip_first_bet: false,
        drop_at_flop: 0,
        drop_when: Default::default(),
        kill_in_blind: false,
    }
}

/// A hand with its forced bets posted and the first cards dealt.
struct T {
    hand: Hand,
}

impl T {
    fn new(spec: GameSpec, setup: HandSetup) -> T {
        let mut hand = Hand::new(Arc::new(spec), Arc::new(setup)).expect("valid setup");
        hand.apply(Event::PostForced).expect("post");
        hand.apply(Event::Deal).expect("deal");
        T { hand }
    }
    fn ev(&mut self, e: Event) -> &mut Self {
        if let Err(err) = self.hand.apply(e.clone()) {
            panic!("{e:?} refused: {err}");
        }
        self
    }
    fn act(&mut self, seat: Seat, a: Action) -> &mut Self {
        self.ev(Event::Act(seat, a))
    }
    fn deal(&mut self) -> &mut Self {
        self.ev(Event::Deal)
    }
    fn err(&self, e: Event) -> RuleError {
        self.hand.state().apply(&e).expect_err("should be refused")
    }
    fn to_act(&self) -> Option<Seat> {
        self.hand.state().to_act()
    }
    fn range(&self, seat: Seat) -> Result<(Chips, Chips), NoRaise> {
        self.hand.state().raise_range(seat)
    }
    fn showdown(&mut self, high: Vec<Vec<Seat>>) -> &mut Self {
        self.ev(Event::Showdown(vec![BoardResult { high, low: vec![] }]))
    }
    fn finals(&self) -> Vec<Chips> {
        self.hand.state().final_stacks()
    }
}

// ---- T: seats and the button ----

#[test]
fn t3_heads_up_button_posts_small_blind_acts_first_preflop_last_after() {
    let mut t = T::new(nl(2), blinds(&[100, 100], 1, 2));
    assert_eq!(
        t.hand.state().seats()[1].bet,
        1,
        "the button posts the small blind"
    );
    assert_eq!(t.to_act(), Some(1), "the button acts first pre-flop");
    assert_eq!(t.hand.state().to_call(1), 1);
    t.act(1, CheckCall);
    assert_eq!(t.to_act(), Some(0), "the big blind has the option");
    t.act(0, CheckCall).deal();
    assert_eq!(t.to_act(), Some(0), "after the flop the button acts last");
    t.act(0, CheckCall);
    assert_eq!(t.to_act(), Some(1));
}

#[test]
fn t1_two_to_ten_players() {
    for n in 2..=10 {
        let stacks = vec![100; n];
        let t = T::new(nl(2), blinds(&stacks, 1, 2));
        assert!(t.to_act().is_some(), "{n} players");
    }
    let spec = Arc::new(nl(2));
    for n in [0, 1, 11] {
        let s = Arc::new(blinds(&vec![100; n.max(2)][..n.max(2)], 1, 2));
        let s = Arc::new(HandSetup {
            stacks: vec![100; n],
            ..(*s).clone()
        });
        assert!(Hand::new(spec.clone(), s).is_err(), "{n} players refused");
    }
}

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

fn stud(bring_in: Chips, small: Chips, big: Chips, players: usize, cap: Option<u8>) -> T {
    let mut spec = game(
        Structure::FixedLimit {
            small_bet: small,
            big_bet: big,
        },
        0,
        seven_stud(),
    );
    spec.options.raise_cap = cap.map(|raises| RaiseCap {
        raises,
        lift_heads_up: false,
    });
    let antes = (0..players)
        .map(|s| forced(s, ForcedKind::Ante, 5))
        .collect();
    let mut s = setup(&vec![1000; players], antes);
    s.bring_in = Some(bring_in);
    T::new(spec, s)
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
        Ok((12, 1000)),
        "a straddle of 4 over 4 sets the raise at 4"
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

/// $5/$10 limit hold'em, three players, to the turn with the given stacks left.
fn h4_game(rule: LimitShortAllIn, stacks: [Chips; 3]) -> T {
    let mut spec = fl(5, 10);
    spec.options.limit_short_all_in = rule;
    to_the_turn(spec, stacks)
}

/// Everyone calls the blinds and checks the flop, leaving `stacks`.
fn to_the_turn(spec: GameSpec, stacks: [Chips; 3]) -> T {
    let mut t = T::new(spec, blinds(&stacks.map(|s| s + 10), 5, 10));
    t.act(2, CheckCall)
        .act(0, CheckCall)
        .act(1, CheckCall)
        .deal();
    t.act(0, CheckCall)
        .act(1, CheckCall)
        .act(2, CheckCall)
        .deal();
    t
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

fn h4_low_ball() -> T {
    let mut steps = dealerd::replay::draw_game(1, usize::MAX);
    if let Step::Bet(b) = &mut steps[1] {
        b.opener = Opener::LeftOfButton;
        b.lowball_if_passed = true;
    }
    let antes = (0..3).map(|s| forced(s, ForcedKind::Ante, 1)).collect();
    T::new(fl(3, 6), setup(&[50; 3], antes)).with_steps(steps)
}

impl T {
    /// The same hand with other steps (the setup is kept).
    fn with_steps(self, steps: Vec<Step>) -> T {
        let state = self.hand.state();
        let mut spec = state.spec().clone();
        spec.steps = steps.into();
        T::new(spec, state.setup().clone())
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
