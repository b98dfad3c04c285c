//! Properties of the rules engine on random hands driven by random legal choices,
//! and on random junk events.

use std::sync::Arc;

use dealerd::engine::{
    Action, AnteMode, BoardResult, Chips, Declaration, DropWhen, Event, Forced, ForcedKind,
    GameSpec, Hand, HandSetup, HandState, LegalActions, LimitShortAllIn, NoRaise, Options, Phase,
    Pot, RaiseCap, RuleError, SeatState, Split, Step, Structure,
};
use dealerd::replay::{draw_game, flop_game, seven_stud};
use proptest::prelude::*;

/// Enough for the longest legal hand (10 players, capped limit rounds) with room to spare;
/// a hand that is still going after this many events does not terminate.
const MAX_EVENTS: usize = 2_000;

#[derive(Debug, Clone)]
struct Table {
    spec: GameSpec,
    setup: HandSetup,
}

impl Table {
    fn state(&self) -> HandState {
        HandState::new(Arc::new(self.spec.clone()), Arc::new(self.setup.clone()))
            .expect("the generator makes playable setups")
    }

    fn hand(&self) -> Hand {
        Hand::new(Arc::new(self.spec.clone()), Arc::new(self.setup.clone())).unwrap()
    }

    fn total(&self) -> u128 {
        self.setup.stacks.iter().map(|&s| s as u128).sum()
    }
}

#[derive(Debug, Clone, Copy)]
enum Game {
    Flop(Structure),
    Stud,
    Draw(Structure),
}

/// `huge`: stacks up to this (near `u64::MAX`); None: ordinary stacks.
fn stack(huge: Option<Chips>) -> BoxedStrategy<Chips> {
    if let Some(cap) = huge {
        prop_oneof![Just(cap), (cap - 1_000)..=cap, 0..=cap, 0u64..=10,].boxed()
    } else {
        // A quarter tiny (the all-in-for-less paths, and 0: a seat with nothing).
        prop_oneof![1 => 0u64..=6, 2 => 1u64..=300, 1 => 1u64..=50_000].boxed()
    }
}

fn options() -> impl Strategy<Value = Options> {
    (
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        prop::option::weighted(0.3, (1u8..=5, any::<bool>())),
        prop::option::weighted(0.15, 1u64..=500),
        prop::option::weighted(0.15, 1u64..=2_000),
        prop::option::weighted(0.3, 1u8..=6),
    )
        .prop_map(
            |(
                (check_raise, straddle_is_raise, fold_when_checkable, action_only),
                (chop_blinds, run_it_twice, suit_breaks_ties, checked_may_complete),
                cap,
                max_bet_raise,
                max_per_round,
                max_draw,
            )| Options {
                max_bet_raise,
                max_per_round,
                raise_cap: cap.map(|(raises, lift_heads_up)| RaiseCap {
                    raises,
                    lift_heads_up,
                }),
                limit_short_all_in: if action_only {
                    LimitShortAllIn::ActionOnly
                } else {
                    LimitShortAllIn::HalfBet
                },
                check_raise,
                straddle_is_raise,
                fold_when_checkable,
                chop_blinds,
                run_it_twice,
                suit_breaks_ties,
                checked_may_complete,
                max_draw,
                ..Options::default()
            },
        )
}

fn table(huge: Option<Chips>) -> impl Strategy<Value = Table> {
    let blind = if let Some(cap) = huge {
        prop_oneof![1u64..=50, 1..=cap].boxed()
    } else {
        (1u64..=50).boxed()
    };
    (
        prop::collection::vec(stack(huge), 2..=10),
        (blind, 0u64..=100, 0u64..=100, 0u8..3, any::<bool>()),
        (any::<bool>(), 0u8..10, 0u8..3, 1u64..=100),
        options(),
        (prop::option::weighted(0.3, 1u64..=50), 0u8..3),
    )
        .prop_map(
            |(
                stacks,
                (bb, sb_pct, ante_pct, ante_kind, live),
                (straddle, game, split, mb),
                o,
                (drop, drop_when),
            )| {
                let n = stacks.len();
                let sb = bb / 100 * sb_pct + bb % 100 * sb_pct / 100;
                let ante = (bb / 100 * ante_pct + bb % 100 * ante_pct / 100).max(1);
                let structure = |k: u8| match k {
                    0 => Structure::NoLimit,
                    1 => Structure::PotLimit,
                    2 => Structure::FixedLimit {
                        small_bet: bb,
                        big_bet: bb.saturating_mul(2),
                    },
                    _ => Structure::SpreadLimit {
                        min: bb,
                        max: bb.saturating_mul(5),
                    },
                };
                let game = match game {
                    0..=7 => Game::Flop(structure(game % 4)),
                    8 => Game::Stud,
                    _ => Game::Draw(structure(game % 3)),
                };
                let (structure, steps) = match game {
                    Game::Flop(s) => (s, flop_game(2)),
                    Game::Draw(s) => (s, draw_game(3, 2)),
                    Game::Stud => (structure(2), seven_stud()),
                };
                // PHH order: the last seat is the button; heads-up the button posts the small blind.
                let (sb_seat, bb_seat) = if n == 2 { (1, 0) } else { (0, 1) };
                let mut forced = Vec::new();
                let post = |seat, kind, amount| Forced { seat, kind, amount };
                match ante_kind {
                    1 => forced.extend((0..n).map(|s| post(s, ForcedKind::Ante, ante))),
                    2 if !matches!(game, Game::Stud) => {
                        forced.push(post(bb_seat, ForcedKind::Ante, bb))
                    }
                    _ => {}
                }
                let mut bring_in = None;
                if let Game::Stud = game {
                    bring_in = Some(sb.max(1));
                } else {
                    if sb > 0 {
                        forced.push(post(sb_seat, ForcedKind::Blind, sb));
                    }
                    forced.push(post(bb_seat, ForcedKind::Blind, bb));
                    if straddle && n >= 3 {
                        forced.push(post(2, ForcedKind::Straddle, bb.saturating_mul(2)));
                    }
                }
                Table {
                    spec: GameSpec {
                        structure,
                        steps: steps.into(),
                        min_bet: mb.min(bb).max(1),
                        split: [Split::High, Split::HiLo, Split::Declare][split as usize],
                        antes: if live { AnteMode::Live } else { AnteMode::Dead },
                        options: o,
                    },
                    setup: HandSetup {
                        stacks,
                        forced,
                        bring_in,
                        boards: 1,
                        skip_first_bet: false,
                        drop_at_flop: drop.unwrap_or(0),
                        drop_when: [DropWhen::Flop, DropWhen::Start, DropWhen::FirstRoundEnd]
                            [usize::from(drop_when)],
                        kill_in_blind: false,
                    },
                }
            },
        )
}

/// What a rejected event must leave unchanged, and what undo must restore.
#[derive(Debug, PartialEq)]
struct Snap {
    seats: Vec<SeatState>,
    stacks: Vec<Chips>,
    pot: Chips,
    pots: Vec<Pot>,
    phase: Phase,
    to_act: Option<usize>,
    legal: Option<LegalActions>,
    payouts: Option<Vec<Chips>>,
    boards: u8,
}

fn snap(st: &HandState) -> Snap {
    Snap {
        seats: st.seats().to_vec(),
        stacks: st.stacks(),
        pot: st.pot(),
        pots: st.pots(),
        phase: st.phase(),
        to_act: st.to_act(),
        legal: st.legal_actions(),
        payouts: st.payouts().map(<[Chips]>::to_vec),
        boards: st.boards(),
    }
}

fn live(st: &HandState) -> Vec<usize> {
    (0..st.seats().len())
        .filter(|&s| !st.seats()[s].folded)
        .collect()
}

/// A random ranking of the live seats: shuffled, cut into tied groups, some left out.
fn ranking(st: &HandState, mut c: u64) -> Vec<Vec<usize>> {
    let mut seats = live(st);
    for i in (1..seats.len()).rev() {
        seats.swap(i, (c % (i as u64 + 1)) as usize);
        c = c.rotate_left(7) ^ 0x9e37_79b9_7f4a_7c15;
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    for s in seats {
        c = c.rotate_left(5) ^ 0x2545_f491_4f6c_dd1d;
        match c % 8 {
            0 => {} // holds nothing that can win
            1 | 2 if !out.is_empty() => out.last_mut().unwrap().push(s),
            _ => out.push(vec![s]),
        }
    }
    out
}

/// Every live seat in its own group, in both halves: a showdown that must be accepted.
fn strict_showdown(st: &HandState) -> Event {
    let all: Vec<Vec<usize>> = live(st).into_iter().map(|s| vec![s]).collect();
    Event::Showdown(vec![
        BoardResult {
            high: all.clone(),
            low: all,
        };
        st.boards() as usize
    ])
}

/// A legal next event chosen by `c`, or None when the hand is over.
fn pick(st: &HandState, c: u64) -> Option<Event> {
    let hi_bits = c >> 8;
    Some(match st.phase() {
        Phase::Posting => Event::PostForced,
        Phase::Dealing(_) => Event::Deal,
        Phase::Betting(_) if st.awaiting_opener() => {
            let l = live(st);
            Event::NameOpener(l[(hi_bits % l.len() as u64) as usize])
        }
        Phase::Betting(_) => {
            let la = st
                .legal_actions()
                .expect("a betting round with an opener has a seat to act");
            let mut opts = Vec::new();
            if la.fold {
                opts.push(Action::Fold);
            }
            if la.bring_in.is_some() {
                opts.push(Action::BringIn);
            } else {
                opts.push(Action::CheckCall);
                // Calls twice as likely as folds, so hands reach later streets.
                opts.push(Action::CheckCall);
            }
            if let Ok((lo, hi)) = la.raise {
                opts.push(Action::BetRaiseTo(lo));
                opts.push(Action::BetRaiseTo(hi));
                opts.push(Action::BetRaiseTo(in_range(lo, hi, hi_bits)));
            }
            // c == 0 picks the passive option, so a hand played with zeros ends.
            let i = if la.fold && c == 0 { 1 } else { 0 };
            Event::Act(
                la.seat,
                opts[(c.wrapping_add(i) % opts.len() as u64) as usize],
            )
        }
        Phase::Exchanging(i) => {
            let seat = st.to_act().expect("an exchange has a seat to act");
            match st.spec().steps[i] {
                Step::Declare => Event::Declare(
                    seat,
                    [Declaration::High, Declaration::Low, Declaration::Both][(c % 3) as usize],
                ),
                // G4: at most the house's maximum, and the five cards held.
                _ => {
                    let most = st.spec().options.max_draw.unwrap_or(5).min(5);
                    Event::Draw(seat, (c % (u64::from(most) + 1)) as u8)
                }
            }
        }
        Phase::Showdown => {
            let results = (0..st.boards())
                .map(|b| BoardResult {
                    high: ranking(st, c.rotate_left(b as u32 * 13)),
                    low: if c & 1 == 0 {
                        Vec::new()
                    } else {
                        ranking(st, !c)
                    },
                })
                .collect();
            Event::Showdown(results)
        }
        Phase::Complete | Phase::Voided => return None,
    })
}

fn in_range(lo: Chips, hi: Chips, r: u64) -> Chips {
    match (hi - lo).checked_add(1) {
        Some(width) => lo + r % width,
        None => r,
    }
}

fn assert_conserved(t: &Table, st: &HandState, after: &Event) {
    // M3: the house's drop has left the table.
    let held: u128 = st.stacks().iter().map(|&s| s as u128).sum::<u128>()
        + st.pot() as u128
        + st.dropped() as u128;
    assert_eq!(held, t.total(), "chips not conserved after {after:?}");
    // P1/D1: the pots in the middle and the bets in front are the whole pot.
    if st.dropped() == 0 {
        let settled: Chips = st.settled_pots().iter().map(|p| p.amount).sum();
        assert_eq!(settled + st.bets_total(), st.pot(), "after {after:?}");
    }
}

/// The raise range's edges: inside accepted, outside refused with the range, state untouched.
fn check_ranges(st: &HandState, c: u64) {
    if !matches!(st.phase(), Phase::Betting(_)) || st.awaiting_opener() {
        return;
    }
    let seat = st.to_act().unwrap();
    let before = snap(st);
    let bet = |x| Event::Act(seat, Action::BetRaiseTo(x));
    let refused = |x: Chips| {
        let mut cl = st.clone();
        let e = cl.apply_mut(&bet(x)).unwrap_err();
        assert_eq!(snap(&cl), before, "refused {x} changed the state");
        e
    };
    match st.raise_range(seat) {
        Ok((lo, hi)) => {
            assert!(lo <= hi && hi > st.current_bet(), "{lo}..{hi}");
            let mut inside = vec![lo, hi, in_range(lo, hi, c)];
            if hi - lo <= 16 {
                inside.extend(lo..=hi);
            }
            for x in inside {
                if let Err(e) = st.apply(&bet(x)) {
                    panic!("raise to {x} in {lo}..{hi} refused: {e}");
                }
            }
            let mut outside = Vec::new();
            if lo > 0 {
                outside.push(lo - 1);
                outside.push(c % lo);
            }
            if hi < Chips::MAX {
                outside.push(hi + 1);
                outside.push(hi + 1 + c % (Chips::MAX - hi));
            }
            for x in outside {
                let want = RuleError::AmountOutOfRange {
                    seat,
                    amount: x,
                    min: lo,
                    max: hi,
                };
                assert_eq!(refused(x), want);
            }
        }
        Err(why) => {
            for x in [
                0,
                st.current_bet(),
                st.current_bet().saturating_add(1),
                c,
                Chips::MAX,
            ] {
                let want = RuleError::CannotRaise {
                    seat,
                    amount: x,
                    why,
                };
                assert_eq!(refused(x), want);
            }
        }
    }
}

/// Plays `t` to the end with `choices` (then calls), checking every property on the way.
fn drive(t: &Table, choices: &[u64]) -> HandState {
    let mut st = t.state();
    for i in 0..MAX_EVENTS {
        let c = choices.get(i).copied().unwrap_or(0);
        check_ranges(&st, c.rotate_left(17));
        let Some(ev) = pick(&st, c) else {
            return st;
        };
        let ev = match st.apply(&ev) {
            Ok(next) => {
                st = next;
                ev
            }
            // A random ranking may leave a pot unranked or tie where suits break ties.
            Err(_) if matches!(ev, Event::Showdown(_)) => {
                let ev = strict_showdown(&st);
                st.apply_mut(&ev)
                    .unwrap_or_else(|e| panic!("{ev:?} refused: {e}"));
                ev
            }
            Err(e) => panic!("legal {ev:?} refused: {e}"),
        };
        assert_conserved(t, &st, &ev);
    }
    panic!("no end after {MAX_EVENTS} events");
}

/// Anything at all: the driver's legal choice, or a random event.
#[derive(Debug, Clone)]
enum Input {
    Legal(u64),
    Any(Event),
}

fn seat() -> impl Strategy<Value = usize> {
    prop_oneof![8 => 0usize..12, 1 => Just(200usize), 1 => Just(usize::MAX)]
}

fn amount() -> impl Strategy<Value = Chips> {
    prop_oneof![
        0u64..=200,
        any::<u64>(),
        Just(u64::MAX),
        Just(u64::MAX - 1),
        Just(u64::MAX / 2 + 1)
    ]
}

fn board_result() -> impl Strategy<Value = BoardResult> {
    let side = || prop::collection::vec(prop::collection::vec(seat(), 0..4), 0..5);
    (side(), side()).prop_map(|(high, low)| BoardResult { high, low })
}

fn event() -> impl Strategy<Value = Event> {
    let action = prop_oneof![
        Just(Action::Fold),
        Just(Action::CheckCall),
        Just(Action::BringIn),
        amount().prop_map(Action::BetRaiseTo),
    ];
    let decl = prop_oneof![
        Just(Declaration::High),
        Just(Declaration::Low),
        Just(Declaration::Both)
    ];
    prop_oneof![
        1 => Just(Event::PostForced),
        1 => Just(Event::Deal),
        1 => seat().prop_map(Event::NameOpener),
        4 => (seat(), action).prop_map(|(s, a)| Event::Act(s, a)),
        1 => (seat(), any::<u8>()).prop_map(|(s, n)| Event::Draw(s, n)),
        1 => (seat(), decl).prop_map(|(s, d)| Event::Declare(s, d)),
        1 => Just(Event::OpenPair),
        1 => Just(Event::RunItTwice),
        1 => seat().prop_map(Event::Show),
        1 => prop::collection::vec(board_result(), 0..3).prop_map(Event::Showdown),
        1 => Just(Event::Chop),
        1 => Just(Event::Misdeal),
    ]
}

fn inputs() -> impl Strategy<Value = Vec<Input>> {
    prop::collection::vec(
        prop_oneof![
            3 => any::<u64>().prop_map(Input::Legal),
            2 => event().prop_map(Input::Any),
        ],
        0..120,
    )
}

/// Feeds `inputs` to a hand; a refused event must change nothing. Gives the events applied.
fn feed(t: &Table, inputs: &[Input], check_chips: bool) -> Vec<Event> {
    let mut st = t.state();
    let mut applied = Vec::new();
    for input in inputs {
        let ev = match input {
            Input::Legal(c) => match pick(&st, *c) {
                Some(ev) => ev,
                None => continue,
            },
            Input::Any(ev) => ev.clone(),
        };
        let before = check_chips.then(|| snap(&st));
        match st.apply_mut(&ev) {
            Ok(()) => applied.push(ev.clone()),
            Err(e) => {
                if let Some(before) = before {
                    assert_eq!(snap(&st), before, "refused {ev:?} ({e}) changed the state");
                }
            }
        }
        if check_chips {
            assert_conserved(t, &st, &ev);
            if st.phase() == Phase::Voided {
                assert_eq!(st.stacks(), t.setup.stacks);
            }
        }
    }
    applied
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        // Integration tests have no lib.rs beside them to persist failures next to.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn driven_hands_conserve_chips_and_respect_ranges(
        t in table(None),
        choices in prop::collection::vec(any::<u64>(), 0..200),
    ) {
        let st = drive(&t, &choices);
        let fin: u128 = st.final_stacks().iter().map(|&s| s as u128).sum();
        match st.phase() {
            Phase::Complete => {
                prop_assert_eq!(fin + st.dropped() as u128, t.total(), "M3: the drop left the table");
                let paid: Chips = st.payouts().unwrap().iter().sum();
                prop_assert_eq!(paid, st.pot());
            }
            other => prop_assert!(false, "ended in {:?}", other),
        }
    }

    #[test]
    fn random_events_never_panic_and_conserve_chips(t in table(None), inputs in inputs()) {
        feed(&t, &inputs, true);
    }

    #[test]
    fn undo_restores_every_earlier_state(t in table(None), inputs in inputs(), k in any::<u64>()) {
        let events = feed(&t, &inputs, false);
        let mut hand = t.hand();
        prop_assert!(hand.undo().is_none());
        let mut snaps = vec![snap(hand.state())];
        for ev in &events {
            hand.apply(ev.clone()).unwrap();
            snaps.push(snap(hand.state()));
        }
        prop_assert_eq!(hand.events(), &events[..]);
        // Undo then the same event again: the same state.
        if !events.is_empty() {
            let at = (k % events.len() as u64) as usize;
            let mut h = Hand::replay(
                Arc::new(t.spec.clone()),
                Arc::new(t.setup.clone()),
                events[..=at].iter().cloned(),
            )
            .unwrap();
            prop_assert_eq!(&snap(h.state()), &snaps[at + 1]);
            let ev = h.undo().unwrap();
            prop_assert_eq!(&ev, &events[at]);
            prop_assert_eq!(&snap(h.state()), &snaps[at]);
            h.apply(ev).unwrap();
            prop_assert_eq!(&snap(h.state()), &snaps[at + 1]);
        }
        for i in (0..events.len()).rev() {
            prop_assert_eq!(hand.undo(), Some(events[i].clone()));
            prop_assert_eq!(&snap(hand.state()), &snaps[i]);
        }
        prop_assert!(hand.undo().is_none());
        let init = t.state();
        prop_assert_eq!(hand.state().stacks(), init.stacks());
        prop_assert_eq!(hand.state().pot(), init.pot());
        prop_assert_eq!(hand.state().phase(), Phase::Posting);
    }
}

/// Random inputs on a hand with huge stacks: no panic, and no chip lost to wrapping.
fn huge(t: &Table, inputs: &[Input]) {
    // Refusing a table whose chips do not fit in `Chips` would be a fine answer too.
    let Ok(mut st) = HandState::new(Arc::new(t.spec.clone()), Arc::new(t.setup.clone())) else {
        return;
    };
    for input in inputs {
        let ev = match input {
            Input::Legal(c) => match pick(&st, *c) {
                Some(ev) => ev,
                None => continue,
            },
            Input::Any(ev) => ev.clone(),
        };
        let _ = st.apply_mut(&ev);
        let _ = (st.pots(), st.legal_actions(), st.final_stacks());
        assert_conserved(t, &st, &ev);
    }
}

proptest! {
    #![proptest_config(config())]

    /// Ten stacks of up to a tenth of `u64::MAX`: every chip sum fits in a u64.
    #[test]
    fn huge_stacks_whose_total_fits_never_panic(
        t in table(Some(u64::MAX / 10)),
        inputs in inputs(),
    ) {
        huge(&t, &inputs);
    }

    /// Stacks of up to `u64::MAX` each: the table holds more chips than a u64.
    #[test]
    fn max_stacks_never_panic(t in table(Some(u64::MAX)), inputs in inputs()) {
        huge(&t, &inputs);
    }
}

/// The smallest case of the overflow above: heads-up, both stacks `u64::MAX`, all in.
#[test]
fn max_stacks_are_refused_rather_than_overflowing() {
    let spec = GameSpec {
        structure: Structure::NoLimit,
        steps: flop_game(2).into(),
        min_bet: 2,
        split: Split::High,
        antes: AnteMode::Dead,
        options: Options::default(),
    };
    let blind = |seat, amount| Forced {
        seat,
        kind: ForcedKind::Blind,
        amount,
    };
    let setup = HandSetup {
        stacks: vec![u64::MAX, u64::MAX],
        forced: vec![blind(1, 1), blind(0, 2)],
        bring_in: None,
        boards: 1,
        skip_first_bet: false,
        drop_at_flop: 0,
        drop_when: Default::default(),
        kill_in_blind: false,
    };
    // Two stacks of u64::MAX cannot be counted: the hand is refused up front,
    // so no sum of chips can overflow later.
    assert_eq!(
        HandState::new(Arc::new(spec), Arc::new(setup)).err(),
        Some(dealerd::engine::SetupError::TooManyChips)
    );
}

/// Pot-limit with stacks whose total fits in a u64: the pot-sized raise can still pass
/// u64::MAX before it is capped at the raiser's stack.
#[test]
fn pot_limit_maximum_near_u64_max() {
    let spec = GameSpec {
        structure: Structure::PotLimit,
        steps: flop_game(2).into(),
        min_bet: 2,
        split: Split::High,
        antes: AnteMode::Dead,
        options: Options::default(),
    };
    let blind = |seat, amount| Forced {
        seat,
        kind: ForcedKind::Blind,
        amount,
    };
    let setup = HandSetup {
        stacks: vec![u64::MAX / 2, u64::MAX / 2],
        forced: vec![blind(1, 1), blind(0, 2)],
        bring_in: None,
        boards: 1,
        skip_first_bet: false,
        drop_at_flop: 0,
        drop_when: Default::default(),
        kill_in_blind: false,
    };
    let t = Table { spec, setup };
    let mut st = t.state();
    st.apply_mut(&Event::PostForced).unwrap();
    st.apply_mut(&Event::Deal).unwrap();
    // Raise the pot each time, 10 short of all in when the pot reaches the stack: the
    // last pot-sized raise (in u128) is past u64::MAX before the cap at the stack.
    for _ in 0..200 {
        let Some(seat) = st.to_act() else { break };
        let s = &st.seats()[seat];
        let all_in = (s.bet + s.stack) as u128;
        let current = st.current_bet() as u128;
        let pot_raise = current + st.pot() as u128 + (current - s.bet as u128);
        let (lo, hi) = match st.raise_range(seat) {
            Ok(r) => r,
            Err(why) => {
                assert_ne!(why, NoRaise::RoundCap, "p{} at {current}", seat + 1);
                break;
            }
        };
        assert_eq!(hi as u128, pot_raise.min(all_in), "p{}", seat + 1);
        let to = if hi as u128 == all_in && hi - 10 >= lo {
            hi - 10
        } else {
            hi
        };
        let ev = Event::Act(seat, Action::BetRaiseTo(to));
        st.apply_mut(&ev).unwrap();
        assert_conserved(&t, &st, &ev);
    }
}
