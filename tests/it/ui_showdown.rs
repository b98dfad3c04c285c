//! The showdown asks only what decides a pot (issue 11). H2 5.4: the dealer
//! names the winner of each pot (P2); once every pot has one, OK pays and
//! the hands that win nothing are never ranked.

use dealerd::engine::Event;
use dealerd::table::{Night, TableEvent};
use dealerd::ui::{render, screens, Button, Controller, Intent, Mode, Press, View};

use crate::ui_screens::night;

fn press(c: &mut Controller, n: &Night, button: Button) -> Intent {
    c.press(
        n,
        Press {
            button,
            long: false,
        },
    )
}

fn frame(n: &Night, c: &Controller) -> render::Frame {
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(n), c).unwrap();
    f
}

fn assert_shows(f: &render::Frame, t: &str) {
    crate::night::assert_frame_shows(f, &[t]);
}

/// Cat all in for 40 under Ann's and Bob's 50, checked down.
const ALL_IN: &str = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\n\
    button Ann\ndeal\nAnn raise 50\nBob call\nCat allin\nflop\nBob check\nAnn check\n\
    turn\nBob check\nAnn check\nriver\nBob check\nAnn check\n";

/// Seat keys (issue 32): Ann is seat 1 (fold), Bob 2 (check/call), Cat 3
/// (bet/raise).
const ANN: Button = Button::Fold;
const BOB: Button = Button::CheckCall;
const CAT: Button = Button::BetRaise;

#[test]
fn p2_the_dealer_ranks_until_every_pot_has_a_winner_and_no_further() {
    let n = night(ALL_IN);
    let mut c = Controller::new();
    // Cat's key: the best hand. She takes the main pot but cannot win the
    // side pot: one more place, and nothing is paid.
    assert_eq!(press(&mut c, &n, CAT), Intent::None);
    let f = frame(&n, &c);
    assert_shows(&f, "2:Bob 1:Ann");
    // Bob's key names the side pot's winner: the side ends, the screen
    // shows what OK pays, and the key itself paid nothing.
    assert_eq!(press(&mut c, &n, BOB), Intent::None);
    let f = frame(&n, &c);
    assert_shows(&f, "OK pay");
    assert_shows(&f, "wins: Bob 20, Cat 120");
    // Undo takes Bob back; Ann's key instead would take the side pot.
    press(&mut c, &n, Button::Undo);
    press(&mut c, &n, ANN);
    assert_shows(&frame(&n, &c), "wins: Cat 120, Ann 20");
    press(&mut c, &n, Button::Undo);
    press(&mut c, &n, BOB);
    let Intent::Apply(e) = press(&mut c, &n, Button::Ok) else {
        panic!("OK pays: {:?}", c.mode);
    };
    let mut n = n.clone();
    n.apply(e).expect("the split is legal");
    let stacks: Vec<u64> = ["Ann", "Bob", "Cat"]
        .iter()
        .map(|w| {
            n.table()
                .seats()
                .iter()
                .flatten()
                .find(|p| &*p.name == *w)
                .map_or(0, |p| p.stack)
        })
        .collect();
    assert_eq!(stacks, [50, 70, 120]);
}

#[test]
fn p2_a_tie_is_still_entered_once_the_pot_is_decided() {
    let n = night(ALL_IN);
    let mut c = Controller::new();
    press(&mut c, &n, CAT);
    // Bob second decides the side pot and ends the side; held OK opens
    // his place again for a tie, and Ann's key joins it.
    assert_eq!(press(&mut c, &n, BOB), Intent::None);
    let held = Press {
        button: Button::Ok,
        long: true,
    };
    assert_eq!(c.press(&n, held), Intent::None);
    let Mode::Ranking(r) = &c.mode else {
        panic!("{:?}", c.mode)
    };
    assert!(r.open_tie, "{r:?}");
    assert_eq!(press(&mut c, &n, ANN), Intent::None);
    let f = frame(&n, &c);
    assert_shows(&f, "OK pay");
    for t in ["Bob 10", "Cat 120", "Ann 10"] {
        assert_shows(&f, t);
    }
    let Intent::Apply(TableEvent::Hand(Event::Showdown(results))) = press(&mut c, &n, Button::Ok)
    else {
        panic!("OK pays: {:?}", c.mode);
    };
    assert_eq!(results[0].high.len(), 2, "{results:?}");
    assert_eq!(results[0].high[1].len(), 2, "Bob and Ann tie: {results:?}");
}

#[test]
fn p5_run_it_twice_names_the_runs() {
    // The night house (H2 7.2) runs it twice when the players agree.
    let n = night(
        "rules tests/data/rules/night.toml\njoin 1 Ann 40\njoin 2 Bob 40\nbutton Ann\n\
         deal\nAnn allin\nBob call\nruntwice\n",
    );
    // Deal every street of both runs.
    let mut n = n;
    while n
        .table()
        .live_hand()
        .is_some_and(|h| matches!(h.state().phase(), dealerd::engine::Phase::Dealing(_)))
    {
        n.apply(dealerd::table::TableEvent::Hand(
            dealerd::engine::Event::Deal,
        ))
        .expect("deals");
    }
    let c = Controller::new();
    assert_shows(&frame(&n, &c), "RUN 1 BEST");
}
