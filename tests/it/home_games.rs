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
        steps: b.steps().into(),
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
        drop_when: Default::default(),
        kill_in_blind: false,
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
    // The draw money is in the pot: nobody is all in, so no side pot, and
    // the winner takes it all.
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

mod table_layer {
    use std::sync::Arc;

    use dealerd::rules::{self, HouseRules};
    use dealerd::table::{Table, TableError, TableEvent};

    fn h1() -> Table {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/config/houses/h1-dealers-choice.toml"
        );
        let rules: HouseRules = rules::load_file(std::path::Path::new(path)).expect("h1");
        let mut t = Table::new(Arc::new(rules));
        for (seat, name) in ["Ann", "Bob", "Cat"].iter().enumerate() {
            t.apply(&TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in: 80,
            })
            .expect("join");
        }
        t.apply(&TableEvent::SetButton { seat: 2 }).expect("button");
        t
    }

    fn play(t: &mut Table, game: &str) {
        let game = t
            .rules()
            .games
            .iter()
            .position(|g| g.name == game)
            .expect("game");
        t.apply(&TableEvent::ChooseGame { game }).expect("choose");
    }

    fn stacks(t: &Table) -> Vec<u64> {
        (0..3).map(|s| t.player(s).map_or(0, |p| p.stack)).collect()
    }

    fn conserved(t: &Table) {
        assert_eq!(
            t.chips_on_table(),
            t.ledger().money_in() - t.ledger().money_out()
        );
    }

    fn call(t: &mut Table, seat: usize, stays_in: bool) {
        t.apply(&TableEvent::GutsCall { seat, stays_in })
            .expect("call");
    }

    #[test]
    fn g8_guts_losers_match_the_pot_up_to_the_terrill_cap_and_it_carries_over() {
        let mut t = h1();
        play(&mut t, "Guts");
        // Units of 0.25: ante 1 each into the empty pot, cap 2 (0.50).
        t.apply(&TableEvent::NewHand).expect("deal");
        assert_eq!(t.guts().pot, 3);
        conserved(&t);
        call(&mut t, 0, true);
        call(&mut t, 1, true);
        call(&mut t, 2, true);
        t.apply(&TableEvent::GutsShowdown { best: vec![0] })
            .expect("best");
        // Ann takes 3; Bob and Cat each match min(3, cap 2).
        assert_eq!(stacks(&t), vec![82, 77, 77]);
        assert_eq!(t.guts().pot, 4);
        conserved(&t);
        // The carried pot holds the table to Guts until its final hand.
        assert!(matches!(
            t.apply(&TableEvent::ChooseGame { game: 0 }),
            Err(TableError::NotAllowed(_))
        ));
    }

    #[test]
    fn g8_a_tie_wins_nothing_and_the_final_hand_does_not_carry_over() {
        let mut t = h1();
        play(&mut t, "Guts");
        t.apply(&TableEvent::NewHand).expect("deal");
        for s in 0..3 {
            call(&mut t, s, true);
        }
        t.apply(&TableEvent::GutsShowdown { best: vec![0, 1] })
            .expect("tie");
        // Pot 3: everyone in matches min(3, 2): the pot is 9 and nobody won.
        assert_eq!(t.guts().pot, 9);
        assert_eq!(stacks(&t), vec![77, 77, 77]);
        t.apply(&TableEvent::GutsFinal).expect("final");
        t.apply(&TableEvent::NewHand).expect("deal");
        // Button on Ann now: Bob calls first.
        assert!(matches!(
            t.apply(&TableEvent::GutsCall {
                seat: 0,
                stays_in: true
            }),
            Err(TableError::Refused { .. })
        ));
        call(&mut t, 1, true);
        call(&mut t, 2, true);
        call(&mut t, 0, false);
        t.apply(&TableEvent::GutsShowdown { best: vec![2] })
            .expect("best");
        assert_eq!(t.guts().pot, 0);
        assert_eq!(stacks(&t), vec![77, 77, 86]);
        conserved(&t);
        t.apply(&TableEvent::ChooseGame { game: 0 }).expect("free");
    }

    #[test]
    fn g9_lives_are_staked_up_front_and_the_last_one_standing_takes_the_pot() {
        let mut t = h1();
        play(&mut t, "Liar's poker");
        t.apply(&TableEvent::NewHand).expect("deal");
        // Two markers at 0.25 (1 unit) each.
        assert_eq!(t.lives().map(|l| l.pot), Some(6));
        assert_eq!(stacks(&t), vec![78, 78, 78]);
        conserved(&t);
        assert!(matches!(
            t.apply(&TableEvent::NewHand),
            Err(TableError::HandInProgress)
        ));
        for seat in [0, 1, 0] {
            t.apply(&TableEvent::LoseLife { seat }).expect("lose");
        }
        assert!(t.lives().is_some());
        t.apply(&TableEvent::LoseLife { seat: 1 }).expect("lose");
        assert!(t.lives().is_none());
        assert_eq!(stacks(&t), vec![78, 78, 84]);
        conserved(&t);
    }

    /// G9, issue 33: H1 lists Fan tan, which moves no money; a listed game
    /// the table would refuse to deal is refused by `dealerd check` instead,
    /// naming its line, and H1's file no longer lists it.
    #[test]
    fn g9_fan_tan_listed_is_an_error_in_check() {
        let t = h1();
        assert!(t.rules().games.iter().all(|g| g.name != "Fan tan"));
        let text = "[house]\nname = \"H\"\ncurrency = \"USD\"\nunit = \"0.25\"\ndenominations = [\"0.25\"]\nseats = 8\n\n[[game]]\nname = \"Fan tan\"\nbase = \"fan-tan\"\n";
        let err = rules::load_str("h1.toml", text).unwrap_err().to_string();
        assert!(
            err.contains("h1.toml:10:8: game \"Fan tan\" cannot be dealt: Fan Tan moves no money"),
            "{err}"
        );
        let fan_tan = dealerd::rules::catalog::find("fan-tan").expect("entry");
        assert!(matches!(
            fan_tan.money,
            dealerd::rules::catalog::Money::None(_)
        ));
    }
}
