//! Issue 22, fewer presses: the deal and the showdown's payout need no
//! press of their own.
//!
//! - A player's action pressed while the table waits for a deal records the
//!   deal with it: the cards are out if someone acts on them. Undo then
//!   takes back the action alone; the deal stays, as it happened.
//! - When nobody can bet again (the players all in), one OK deals the rest.
//! - At the showdown the OK that names the last pot's winner pays, and the
//!   screen shows what it pays before the press (`ui_showdown.rs`).

use std::path::Path;

use dealerd::engine::{Action, Event, Phase};
use dealerd::table::{script, Night, TableEvent};
use dealerd::ui::{render, screens, Button, Controller, Intent, Mode, Press, Screen, View};

use crate::night::shows;

fn press(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

fn night(text: &str) -> Night {
    script::run("deals", text, Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn apply(night: &mut Night, intent: Intent) {
    match intent {
        Intent::Apply(e) => night.apply(e).map(drop).expect("taken"),
        Intent::ApplyAll(events) => {
            for e in events {
                night.apply(e).expect("taken");
            }
        }
        other => panic!("nothing to apply: {other:?}"),
    }
}

/// The preflop round closed: the flop is to be dealt; Bob acts first on it.
const FLOP_DUE: &str = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\n\
    button Ann\ndeal\nAnn call\nBob call\nCat check\n";

#[test]
fn a_check_pressed_on_the_flop_prompt_records_the_flop_and_the_check() {
    let mut n = night(FLOP_DUE);
    let state = n.table().live_hand().expect("a hand").state().clone();
    assert!(matches!(state.phase(), Phase::Dealing(_)));
    // The prompt names who acts first on the flop: pressing their action
    // is how the dealer says it is out.
    let c = Controller::new();
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(&n), &c).expect("drawn");
    assert!(
        shows(&f, "DEAL THE FLOP") && shows(&f, "OK, or Bob acts"),
        "{}",
        render::to_terminal(&f)
    );
    let mut c = Controller::new();
    let intent = c.press(&n, press(Button::CheckCall));
    let Intent::ApplyAll(events) = &intent else {
        panic!("{intent:?}")
    };
    assert_eq!(
        events.as_slice(),
        [
            TableEvent::Hand(Event::Deal),
            TableEvent::Hand(Event::Act(0, Action::CheckCall))
        ]
    );
    apply(&mut n, intent);
    let after = n.table().live_hand().expect("a hand").state().clone();
    assert!(
        matches!(after.phase(), Phase::Betting(_)),
        "{:?}",
        after.phase()
    );
    assert_eq!(after.to_act(), Some(1), "Cat is next");
    // Undo takes back Bob's check, not the flop.
    n.undo().expect("an undo");
    let back = n.table().live_hand().expect("a hand").state().clone();
    assert_eq!(back.phase(), after.phase(), "still the flop");
    assert_eq!(back.to_act(), Some(0), "Bob to act on the flop again");
}

#[test]
fn a_bet_on_the_flop_prompt_opens_entry_for_the_first_to_act_and_records_both() {
    let mut n = night(FLOP_DUE);
    let mut c = Controller::new();
    // Bet/raise opens amount entry on the dealt table; the deal goes in as
    // it opens, so the entry's seat is the one to act when OK confirms.
    let intent = c.press(&n, press(Button::BetRaise));
    assert_eq!(
        intent,
        Intent::ApplyAll(vec![TableEvent::Hand(Event::Deal)])
    );
    let Mode::Entry(e) = &c.mode else {
        panic!("{:?}", c.mode)
    };
    assert_eq!(e.seat, 0, "Bob bets");
    apply(&mut n, intent);
    let Intent::Apply(TableEvent::Hand(Event::Act(0, Action::BetRaiseTo(x)))) =
        c.press(&n, press(Button::Ok))
    else {
        panic!("{:?}", c.mode)
    };
    assert_eq!(x, 2, "the minimum bet, the big blind");
    // Fold and OK on the prompt: a fold records the deal and the fold; OK
    // records the deal alone.
    let n = night(FLOP_DUE);
    let mut c = Controller::new();
    assert_eq!(
        c.press(&n, press(Button::Fold)),
        Intent::ApplyAll(vec![
            TableEvent::Hand(Event::Deal),
            TableEvent::Hand(Event::Act(0, Action::Fold))
        ])
    );
    assert_eq!(
        Controller::new().press(&n, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Deal))
    );
}

#[test]
fn a_run_out_is_one_ok_and_a_street_with_betting_after_it_is_not() {
    // Cat all in and called: nobody can bet again, the rest is one OK.
    let text = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\n\
        button Ann\ndeal\nAnn raise 100\nBob fold\nCat call\n";
    let mut n = night(text);
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(&n), &Controller::new()).expect("drawn");
    assert!(
        shows(&f, "RUN IT OUT") && shows(&f, "OK, or key: best hand"),
        "{}",
        render::to_terminal(&f)
    );
    let intent = Controller::new().press(&n, press(Button::Ok));
    assert_eq!(
        intent,
        Intent::ApplyAll(vec![TableEvent::Hand(Event::Deal); 3])
    );
    apply(&mut n, intent);
    let state = n.table().live_hand().expect("a hand").state().clone();
    assert_eq!(state.phase(), Phase::Showdown);
    // Nobody is to act: the buttons are seat keys (issue 32). Seats 2, 4
    // and 5 cannot win (Bob folded, nobody sits at 4 or 5): told so, and
    // nothing is recorded.
    let n = night(text);
    for b in [Button::CheckCall, Button::Plus, Button::Minus] {
        assert!(
            matches!(Controller::new().press(&n, press(b)), Intent::Tell(_)),
            "{b:?}"
        );
    }
    // The river alone is one deal (nothing to run out): OK deals it.
    let n = night(&format!("{text}flop\nturn\n"));
    assert_eq!(
        Controller::new().press(&n, press(Button::Ok)),
        Intent::Apply(TableEvent::Hand(Event::Deal))
    );
}

/// H2's run-out prompt after an all-in and a call, where the house runs
/// it twice.
pub(crate) fn run_out_twice() -> render::Frame {
    let n = night(RUN_TWICE);
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(&n), &Controller::new()).expect("drawn");
    f
}

const RUN_TWICE: &str = "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 40\njoin 2 Bob 40\n\
    join 3 Cat 20\nbutton Ann\ndeal\nAnn allin\nBob fold\nCat call\n";

/// S3 (H2 7.2: "Running it twice means dealing the remaining community
/// cards twice when all players are all-in"; "All involved players must
/// agree to this"): where the house runs it twice, the run-out prompt says
/// how ("hold OK: run it twice"), and a held OK records the agreement and
/// both boards dealt in one press; the hand is at the showdown with two
/// boards to rank. Bet/raise there is seat 3's key, as at every house
/// (issue 32): one board dealt. Where the house does not run it twice, a
/// held OK there opens the menu, as on every screen of the table.
#[test]
fn s3_held_ok_on_the_run_out_runs_it_twice_and_deals_both_boards() {
    use crate::ui_no_surprise::held;
    let mut n = night(RUN_TWICE);
    let f = crate::pictures::pictured("run-out-twice");
    assert!(
        shows(&f, "RUN IT OUT")
            && shows(&f, "OK, or key: best hand")
            && shows(&f, "hold OK: run it twice"),
        "{}",
        render::to_terminal(&f)
    );
    // Bet/raise is Cat's key: one board dealt.
    let intent = Controller::new().press(&n, press(Button::BetRaise));
    let Intent::ApplyAll(events) = &intent else {
        panic!("one press, the deals: {intent:?}");
    };
    assert!(events.iter().all(|e| *e == TableEvent::Hand(Event::Deal)));
    let intent = Controller::new().press(&n, held(Button::Ok));
    let Intent::ApplyAll(events) = &intent else {
        panic!("one press, several events: {intent:?}");
    };
    assert_eq!(events[0], TableEvent::Hand(Event::RunItTwice));
    assert!(events[1..]
        .iter()
        .all(|e| *e == TableEvent::Hand(Event::Deal)));
    apply(&mut n, intent);
    let state = n.table().live_hand().expect("a hand").state().clone();
    assert_eq!(state.phase(), Phase::Showdown);
    assert_eq!(state.boards(), 2);
    // The default house does not run it twice: bet/raise there is seat
    // 3's key (issue 32), one board dealt and Cat named, no second board;
    // a held OK opens the menu.
    let n = night(
        "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\n\
        button Ann\ndeal\nAnn raise 100\nBob fold\nCat call\n",
    );
    assert_eq!(
        Controller::new().press(&n, press(Button::BetRaise)),
        Intent::ApplyAll(vec![TableEvent::Hand(Event::Deal); 3])
    );
    let mut c = Controller::new();
    assert_eq!(c.press(&n, held(Button::Ok)), Intent::None);
    assert_eq!(c.mode, Mode::Menu(0));
}

/// S2 (H2 7.4: "A bomb pot occurs when all players agree to skip the
/// pre-flop betting round and go directly to the flop. Every player
/// contributes a predetermined amount to the pot before the flop is
/// dealt."): once everyone agrees there is nothing left to choose, so
/// check/call between hands calls the bomb pot and deals it in one press;
/// the hand waits for the flop. Undo takes back the deal alone, then asks
/// before the bomb pot.
#[test]
fn s2_check_call_between_hands_deals_a_bomb_pot_in_one_press() {
    let mut n = night(
        "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 40\njoin 2 Bob 40\n\
         join 3 Cat 40\nbutton Ann\n",
    );
    let intent = Controller::new().press(&n, press(Button::CheckCall));
    assert_eq!(
        intent,
        Intent::ApplyAll(vec![TableEvent::BombNext, TableEvent::NewHand])
    );
    apply(&mut n, intent);
    let state = n.table().live_hand().expect("a hand").state().clone();
    assert!(state.forced_of(dealerd::engine::ForcedKind::Bomb).count() == 3);
    assert!(
        matches!(state.phase(), Phase::Dealing(_)),
        "{:?}",
        state.phase()
    );
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(&n), &Controller::new()).expect("drawn");
    assert!(shows(&f, "DEAL THE FLOP"), "{}", render::to_terminal(&f));
    // Undo: the deal goes at once (a hand's event), the bomb pot asks first.
    assert_eq!(
        Controller::new().press(&n, press(Button::Undo)),
        Intent::Undo
    );
    n.undo().expect("the deal");
    let c = &mut Controller::new();
    assert_eq!(c.press(&n, press(Button::Undo)), Intent::None);
    assert!(
        matches!(c.mode, Mode::Dialog(_)),
        "asks first: {:?}",
        c.mode
    );
}

#[test]
fn who_won_stays_on_the_screen_after_the_payout_even_with_no_next_hand() {
    // Heads-up all in: Ann wins everything, and no next hand can be dealt.
    let text = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\nbutton Ann\ndeal\n\
        Ann raise 100\nBob call\nflop\nturn\nriver\nshowdown Ann\n";
    let n = night(text);
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(&n), &Controller::new()).expect("drawn");
    assert!(
        shows(&f, "NEXT HAND") && shows(&f, "won Ann 200"),
        "{}",
        render::to_terminal(&f)
    );
    // With a next hand to deal, the same line, until that deal.
    let text = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\n\
        deal\nAnn fold\nBob call\nCat check\nflop\nBob check\nCat check\nturn\nBob check\n\
        Cat check\nriver\nBob check\nCat check\nshowdown Cat > Bob\n";
    let mut n = night(text);
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(&n), &Controller::new()).expect("drawn");
    assert!(shows(&f, "won Cat 4"), "{}", render::to_terminal(&f));
    n.apply(TableEvent::NewHand).expect("the next deal");
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(&n), &Controller::new()).expect("drawn");
    assert!(!shows(&f, "won"), "{}", render::to_terminal(&f));
}

/// The screen now: what the dealer is asked, as the table says it.
fn exchange(n: &Night, c: &Controller) -> Option<(bool, usize)> {
    match c.screen(&View::of(n)) {
        dealerd::ui::Screen::Exchange { declare, choices } => Some((declare, choices)),
        _ => None,
    }
}

/// G4 (H3 draw poker): "Any player may draw up to five cards." Issue 22: a
/// draw of one, two or three cards is one press of fold, check/call or
/// bet/raise (the keypad's 1, 2 and 3); pat is OK on the 0 the screen opens
/// with; four and five are still reached with minus or plus, then OK. Each
/// press records the count under the seat to act, and nothing else.
#[test]
fn g4_a_draw_of_one_two_or_three_cards_is_one_press_and_pat_is_ok() {
    let mut n = night(
        "rules config/houses/h3-ocean-view.toml\njoin 1 Ann 100\njoin 2 Bob 100\n\
         join 3 Cat 100\njoin 4 Dan 100\njoin 5 Eve 100\njoin 6 Fay 100\ngame Draw 3-6\n\
         button Ann\ndeal\nDan call\nEve call\nFay call\nAnn call\nBob call\nCat check\n",
    );
    let mut c = Controller::new();
    assert_eq!(exchange(&n, &c), Some((false, 6)), "draws of 0 to 5");
    // Bob first, then Cat, Dan, Eve, Fay, Ann: each count's presses.
    let counts: [(&[Button], u8); 6] = [
        (&[Button::Fold], 1),
        (&[Button::CheckCall], 2),
        (&[Button::BetRaise], 3),
        (&[Button::Ok], 0),
        (&[Button::Minus, Button::Minus, Button::Ok], 4),
        (&[Button::Minus, Button::Ok], 5),
    ];
    for (presses, cards) in counts {
        let seat = n.table().live_hand().and_then(|h| h.state().to_act());
        let seat = seat.expect("someone draws");
        let (last, before) = presses.split_last().expect("a press");
        for &b in before {
            assert_eq!(c.press(&n, press(b)), Intent::None, "{b:?} only moves");
        }
        let intent = c.press(&n, press(*last));
        assert_eq!(
            intent,
            Intent::Apply(TableEvent::Hand(Event::Draw(seat, cards))),
            "{presses:?}"
        );
        apply(&mut n, intent);
    }
    assert_eq!(exchange(&n, &c), None, "the draw is over");
}

/// Where the step allows fewer cards, a button beyond them is no draw: H1's
/// Texas 2-step (G5) exchanges at most the two cards held, so bet/raise
/// (three) does nothing and check/call takes two; the screen says what the
/// count costs. On a declaration (G2,
/// "players declare high/low/both"), the same three buttons are high, low
/// and both, left to right.
#[test]
fn g5_g2_a_button_beyond_the_draw_does_nothing_and_declarations_are_one_press() {
    let n = night(
        "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\n\
         join 3 Cat 20\nbutton Cat\ngame Texas 2-step\ndeal\nCat call\nAnn call\n\
         Bob check\nflop\nAnn check\nBob check\nCat check\n",
    );
    let mut c = Controller::new();
    assert_eq!(exchange(&n, &c), Some((false, 3)), "draws of 0 to 2");
    // "each player may pay the lowest stake for each card he/she wishes to
    // exchange": the screen says what the count on it costs.
    for (said, then) in [
        ("pays 0", Button::Plus),
        ("pays 0.25", Button::Plus),
        ("pays 0.50", Button::Plus),
    ] {
        let mut f = render::Frame::new();
        screens::draw(&mut f, &View::of(&n), &c).expect("drawn");
        assert!(shows(&f, said), "{said}:\n{}", render::to_terminal(&f));
        assert_eq!(c.press(&n, press(then)), Intent::None);
    }
    assert_eq!(c.press(&n, press(Button::BetRaise)), Intent::None);
    // Ann (seat 1, index 0) is left of Cat's button: she draws first.
    let ann = 0;
    assert_eq!(
        n.table().live_hand().and_then(|h| h.state().to_act()),
        Some(ann)
    );
    let intent = c.press(&n, press(Button::CheckCall));
    assert_eq!(
        intent,
        Intent::Apply(TableEvent::Hand(Event::Draw(ann, 2))),
        "Ann takes two"
    );

    let checks = "Ann check\nBob check\nCat check\n";
    let mut n = night(&format!(
        "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\n\
         join 3 Cat 20\nbutton Cat\ngame Omaha high-low declare\ndeal\nCat call\nAnn call\n\
         Bob check\nflop\n{checks}turn\n{checks}river\n{checks}"
    ));
    let mut c = Controller::new();
    assert_eq!(exchange(&n, &c), Some((true, 3)));
    use dealerd::engine::Declaration::{Both, High, Low};
    for (b, said) in [
        (Button::Fold, High),
        (Button::CheckCall, Low),
        (Button::BetRaise, Both),
    ] {
        let seat = n.table().live_hand().and_then(|h| h.state().to_act());
        let intent = c.press(&n, press(b));
        assert_eq!(
            intent,
            Intent::Apply(TableEvent::Hand(Event::Declare(
                seat.expect("a seat"),
                said
            )))
        );
        apply(&mut n, intent);
    }
    assert_eq!(exchange(&n, &c), None, "everyone has declared");
}

/// Presses check/call (and applies it) until the screen asks for an
/// exchange: the betting before a take round or a discard, called round.
fn call_to_the_exchange(n: &mut Night) {
    for _ in 0..12 {
        let mut c = Controller::new();
        if matches!(c.screen(&View::of(&*n)), Screen::Exchange { .. }) {
            return;
        }
        let intent = c.press(&*n, press(Button::CheckCall));
        apply(n, intent);
    }
    panic!("no exchange after twelve calls");
}

/// The seats still to exchange this round, the next first.
fn still_to_exchange(n: &Night) -> Vec<usize> {
    n.table()
        .live_hand()
        .map_or_else(Vec::new, |h| h.state().to_exchange().to_vec())
}

/// H1, four players, `game` dealt and called round to its first exchange.
fn h1_four_at_the_exchange(game: &str) -> Night {
    let mut n = night(&format!(
        "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\n\
         join 3 Cat 20\njoin 4 Dan 20\nbutton Dan\ngame {game}\ndeal\n"
    ));
    call_to_the_exchange(&mut n);
    n
}

/// 7/27's first take round after the first player took a card (F).
fn took_one_at_7_27() -> Night {
    let mut n = h1_four_at_the_exchange("7/27");
    assert_eq!(still_to_exchange(&n).len(), 4, "four to take or stand");
    let intent = Controller::new().press(&n, press(Button::Fold));
    apply(&mut n, intent);
    n
}

fn drawn(n: &Night) -> render::Frame {
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(n), &Controller::new()).expect("drawn");
    f
}

/// Issue 32: the take round's screen offers the rest standing.
pub(crate) fn take_rest_stand() -> render::Frame {
    drawn(&took_one_at_7_27())
}

/// Issue 32: the pineapple discard's screen offers everyone discarding.
pub(crate) fn discard_everyone() -> render::Frame {
    drawn(&h1_four_at_the_exchange("Pineapple"))
}

/// G7 (H1 7/27: "Each round, each player starting with the lead has the
/// opportunity to take one additional card. The lead then starts a round
/// of betting. This continues until nobody takes an additional card."):
/// once those who take are recorded, check/call records that every seat
/// still to choose stands, in one press and one event, and one undo takes
/// it back whole. The screen says so before the press.
#[test]
fn g7_h1_7_27_check_call_records_that_the_rest_stand_and_one_undo_takes_it_back() {
    let mut n = took_one_at_7_27();
    let rest = still_to_exchange(&n);
    assert_eq!(rest.len(), 3);
    let f = drawn(&n);
    assert!(shows(&f, "C:3 left stand"), "{}", render::to_terminal(&f));
    let before = n.events().len();
    let intent = Controller::new().press(&n, press(Button::CheckCall));
    assert_eq!(
        intent,
        Intent::Apply(TableEvent::Hand(Event::ExchangeRest(0)))
    );
    apply(&mut n, intent);
    assert_eq!(n.events().len(), before + 1, "one event for the three");
    // As if each had stood in turn: the lead's round of betting follows
    // (someone took a card), with the same pot and the same seat to act.
    let mut one_by_one = took_one_at_7_27();
    for &s in &rest {
        one_by_one
            .apply(TableEvent::Hand(Event::Draw(s, 0)))
            .expect("stands");
    }
    let (a, b) = (
        n.table().live_hand().expect("a hand").state(),
        one_by_one.table().live_hand().expect("a hand").state(),
    );
    assert!(matches!(a.phase(), Phase::Betting(_)), "{:?}", a.phase());
    assert_eq!(
        (a.phase(), a.to_act(), a.pot()),
        (b.phase(), b.to_act(), b.pot())
    );
    // One undo, taken at once (a hand's event), and the three are to
    // choose again.
    assert_eq!(
        Controller::new().press(&n, press(Button::Undo)),
        Intent::Undo
    );
    assert_eq!(n.undo(), Some(TableEvent::Hand(Event::ExchangeRest(0))));
    assert_eq!(still_to_exchange(&n), rest);
    // The last seat to choose has its own keys: no "left" press.
    for _ in 0..2 {
        let intent = Controller::new().press(&n, press(Button::Ok));
        apply(&mut n, intent);
    }
    assert_eq!(n.table().can_exchange_rest(), None);
    assert!(!shows(&drawn(&n), "left stand"));
    assert_eq!(
        Controller::new().press(&n, press(Button::CheckCall)),
        Intent::None
    );
}

/// G1 (H1 Pineapple: "3 cards down instead of 2. Each player must discard
/// one before the first 3 table cards are flipped."): check/call on the
/// discard records that everyone still to discard did, one card each, in
/// one press and one event; one undo takes it back whole.
#[test]
fn g1_h1_pineapple_check_call_records_that_everyone_discarded_and_one_undo_takes_it_back() {
    let mut n = h1_four_at_the_exchange("Pineapple");
    let all = still_to_exchange(&n);
    assert_eq!(all.len(), 4, "everyone still in discards");
    let f = drawn(&n);
    assert!(
        shows(&f, "C:4 left discard 1"),
        "{}",
        render::to_terminal(&f)
    );
    let before = n.events().len();
    let intent = Controller::new().press(&n, press(Button::CheckCall));
    assert_eq!(
        intent,
        Intent::Apply(TableEvent::Hand(Event::ExchangeRest(1)))
    );
    apply(&mut n, intent);
    assert_eq!(n.events().len(), before + 1, "one event for the four");
    let state = n.table().live_hand().expect("a hand").state();
    assert!(still_to_exchange(&n).is_empty());
    assert!(
        matches!(state.phase(), Phase::Dealing(_)),
        "the flop is next: {:?}",
        state.phase()
    );
    assert_eq!(
        Controller::new().press(&n, press(Button::Undo)),
        Intent::Undo
    );
    assert_eq!(n.undo(), Some(TableEvent::Hand(Event::ExchangeRest(1))));
    assert_eq!(still_to_exchange(&n), all);
    // The engine takes it only where it is offered: no count but the one.
    assert!(n.verify(&TableEvent::Hand(Event::ExchangeRest(0))).is_err());
    // The hand's history says each seat's discard, as if pressed one by
    // one: the same text either way.
    let mut one_by_one = n.clone();
    n.apply(TableEvent::Hand(Event::ExchangeRest(1)))
        .expect("taken");
    for &s in &all {
        one_by_one
            .apply(TableEvent::Hand(Event::Draw(s, 1)))
            .expect("discards");
    }
    let phh = |n: &mut Night| {
        for _ in 0..12 {
            if n.table().hand().is_some_and(|h| h.state().is_over()) {
                break;
            }
            // The flop, a bet, and the others fold to it.
            let state = n.table().live_hand().expect("a hand").state();
            let e = match state.legal_actions() {
                Some(la) if la.fold => Event::Act(la.seat, Action::Fold),
                Some(la) => Event::Act(la.seat, Action::BetRaiseTo(la.raise.expect("a bet").0)),
                None => Event::Deal,
            };
            n.apply(TableEvent::Hand(e)).expect("taken");
        }
        dealerd::journal::phh_writer::to_phh(n.table()).expect("written")
    };
    let text = phh(&mut n);
    assert_eq!(text, phh(&mut one_by_one));
    assert_eq!(text.matches(" sd ??").count(), 4, "{text}");
}
