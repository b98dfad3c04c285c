//! Issue 22, "Screens that cannot be misread": the maximum is called all-in
//! only when it is the whole stack; a low-ball hand passed out says what
//! happens next and is never called a misdeal; each pot at the showdown
//! names who can win it; the button and the blinds are on the screen during
//! the hand.

use dealerd::ui::render::Frame;
use dealerd::ui::{screens, Button, Controller, Mode, Preset, Press, View};

use crate::night::shows;
use crate::ui_screens::{night, SIDE_POTS};

fn tap(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

fn drawn(n: &dealerd::table::Night, c: &Controller) -> Frame {
    let mut f = Frame::new();
    screens::draw(&mut f, &View::of(n), c).expect("draws");
    f
}

/// Bet/raise three times from the minimum is the maximum in every hand;
/// its name on the screen says what it is.
fn at_max(script: &str) -> (String, Frame) {
    let n = night(script);
    let mut c = Controller::new();
    for _ in 0..4 {
        c.press(&n, tap(Button::BetRaise));
    }
    let Mode::Entry(e) = &c.mode else {
        panic!("not in entry: {:?}", c.mode);
    };
    assert_eq!(e.amount, e.max, "the fourth shortcut is the maximum");
    assert_eq!(e.preset_here(), Some(Preset::Max));
    (e.label(Preset::Max).to_string(), drawn(&n, &c))
}

/// B1, B2: no-limit's maximum is the stack (all-in); pot-limit's is the pot
/// while the stack is bigger.
#[test]
fn b1_b2_the_maximum_is_all_in_only_when_it_is_the_whole_stack() {
    let (label, f) =
        at_max("rules default\njoin 1 Ann 200\njoin 2 Bob 200\njoin 3 Cat 200\nbutton Ann\ndeal\n");
    assert_eq!(label, "all-in");
    assert!(shows(&f, "all-in"));
    let (label, f) = at_max("rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ngame Hold'em\ndeal\n");
    assert_eq!(label, "pot");
    assert!(shows(&f, "pot"));
    assert!(!shows(&f, "all-in"), "a pot-limit maximum called all-in");
}

/// B9 (H4 low ball): "If, however, openers do not happen to be dealt and
/// everyone has passed, the game is continued on the basis of the low hand
/// wins ... Should all players pass, a new deal is dealt". Passed out once
/// the screen says NOW FOR LOW; twice, RE-DEAL, never MISDEAL.
#[test]
fn b9_low_ball_passed_out_says_now_for_low_then_re_deal() {
    let base = "rules config/houses/h4-house-dealer-limit.toml\njoin 1 Ann 50\njoin 2 Bob 50\njoin 3 Cat 50\nbutton Ann\ngame Low ball\ndeal\nBob check\nCat check\nAnn check\n";
    let n = night(base);
    let f = drawn(&n, &Controller::new());
    assert!(shows(&f, "NOW FOR LOW"), "passed out once");
    assert!(!shows(&f, "MISDEAL"));
    let n = night(&format!("{base}Bob check\nCat check\nAnn check\n"));
    assert!(!n.table().in_hand(), "passed out twice ends the hand");
    let f = drawn(&n, &Controller::new());
    assert!(shows(&f, "RE-DEAL"), "passed out twice is a new deal");
    assert!(!shows(&f, "MISDEAL"), "passed out twice is no misdeal");
}

/// P1: at the showdown, before any winner is named, each pot says who can
/// win it: Cat's all-in is the main pot's only.
#[test]
fn p1_each_pot_at_the_showdown_names_who_can_win_it() {
    let rest = "Dan call\nAnn call\nflop\nDan check\nAnn check\nturn\nDan check\nAnn check\nriver\nDan check\nAnn check\n";
    let n = night(&format!("{SIDE_POTS}{rest}"));
    let state = n.table().live_hand().expect("a hand").state();
    assert_eq!(state.phase(), dealerd::engine::Phase::Showdown);
    let pots = state.settled_pots();
    assert_eq!(pots.len(), 2, "{pots:?}");
    let hand = n.table().live_hand().expect("a hand");
    let names = |p: &dealerd::engine::Pot| {
        p.eligible
            .iter()
            .map(|&s| {
                n.table()
                    .player(hand.order[s])
                    .expect("seated")
                    .name
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (main, side) = (names(&pots[0]), names(&pots[1]));
    assert_eq!(
        main, "Bob Cat Dan Ann",
        "the hand's order, from the small blind"
    );
    assert_eq!(
        side, "Bob Dan Ann",
        "Cat, all in for less, is in no side pot"
    );
    let c = Controller::new();
    let f = drawn(&n, &c);
    assert!(shows(&f, "SHOWDOWN"));
    assert!(
        shows(&f, &format!("main 160: {main}")),
        "the main pot is everyone's"
    );
    assert!(
        shows(&f, &format!("s1 180: {side}")),
        "the side pot names its three"
    );
}

/// Issue 22: the button and the blinds are on the action screen.
#[test]
fn the_button_and_the_blinds_are_on_the_action_screen() {
    let n =
        night("rules default\njoin 1 Ann 200\njoin 2 Bob 200\njoin 3 Cat 200\nbutton Ann\ndeal\n");
    let f = drawn(&n, &Controller::new());
    assert!(shows(&f, "D Ann SB Bob BB Cat"));
}
