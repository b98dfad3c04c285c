//! The engine against the rules catalog, one test (or more) per id. Each test
//! names its catalog id; docs/rules-coverage.md maps ids to these tests.

use std::sync::Arc;

use dealerd::engine::Action::CheckCall;
use dealerd::engine::{
    Action, AnteMode, BoardResult, Chips, Event, Forced, ForcedKind, GameSpec, Hand, HandSetup,
    LimitShortAllIn, NoRaise, Opener, Options, RaiseCap, RuleError, Seat, Split, Step, Structure,
};
use dealerd::replay::{flop_game, seven_stud};

mod betting;
mod dealer;
mod drop;
mod forced_bets;
mod games;
mod pots;
mod seats;
mod special_pots;

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
