//! Issue 22, "Screens that cannot be misread": the maximum is called all-in
//! only when it is the whole stack; a low-ball hand passed out says what
//! happens next and is never called a misdeal; each pot at the showdown
//! names who can win it; the button and the blinds are on the screen during
//! the hand. Legible on the panel: a decimal point that reads as one (the
//! X11 fonts' period is a small cross reaching below the baseline, so
//! "0.50" read as "0,50"; `ui::fonts` draws a square dot, tested there);
//! the held step of the amount entry never cut off; the stack's label kept
//! beside stud's bring-in; 7/27's rounds named by the card offers so far.

use dealerd::table::Night;
use dealerd::ui::render::{self, Frame};
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

/// H1's three players, Cat on the button, at the dealer's choice. They buy
/// in for 20 (H1's file takes 10 to 20) and are then set to `stacks`.
fn h1(stacks: &str, game: &str, then: &str) -> Night {
    let mut script = String::from("rules config/houses/h1-dealers-choice.toml\n");
    for (seat, name) in ["Ann", "Bob", "Cat"].iter().enumerate() {
        script.push_str(&format!("join {} {name} 20\n", seat + 1));
        if stacks != "20" {
            script.push_str(&format!("correct {name} {stacks} money\n"));
        }
    }
    night(&format!("{script}button Cat\ngame {game}\ndeal\n{then}"))
}

/// H0's seven-card stud (ante 10c, bring-in 25c): the dealer named Ann to
/// bring it in; her line says "bring-in 0.25" and her stack, labelled.
/// (H1's Wild kingdom, once stud here, is Omaha: issue 33.)
pub(crate) fn stud_bring_in() -> Frame {
    drawn(
        &night("rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Cat\ngame Seven-card stud\ndeal\nopener Ann\n"),
        &Controller::new(),
    )
}

/// Texas league (blinds 25c/50c, no limit) with deep stacks: the raise
/// entered with bet/raise, its hint longer than its line.
pub(crate) fn amount_entry_cents() -> Frame {
    let n = h1("1499.75", "Texas league", "");
    let mut c = Controller::new();
    c.press(&n, tap(Button::BetRaise));
    assert!(matches!(c.mode, Mode::Entry(_)), "{:?}", c.mode);
    drawn(&n, &c)
}

/// "bring-in 0.25" and "stk 19.90" are 23 characters, two more than the
/// line holds in its font: the pair takes the smaller one, label kept.
#[test]
fn f3_a_stud_bring_in_keeps_the_stack_label() {
    let f = crate::pictures::pictured("stud-bring-in");
    let text = render::to_terminal(&f);
    assert!(shows(&f, "bring-in 0.25"), "{text}");
    assert!(shows(&f, "stk 19.90"), "{text}");
}

#[test]
fn the_held_step_is_never_cut_off_and_the_range_gives_way_first() {
    // Too long whole: the single step goes first, then the minimum, then
    // the maximum; the held step stays.
    for (min, max, step, held, line) in [
        ("1", "25", "0.25", "1", "1-25 step 0.25 hold 1"),
        ("0.75", "149.75", "0.25", "5", "0.75-149.75 hold 5"),
        (
            "10,000.25",
            "149,999.75",
            "0.25",
            "5",
            "max 149,999.75 hold 5",
        ),
        ("1", "123,456,789,012,345.75", "0.25", "100", "hold 100"),
    ] {
        assert_eq!(screens::entry_hint(min, max, step, held), line);
    }
    for (min, max, step, held) in [
        ("1", "25", "0.25", "1"),
        ("0.75", "149.75", "0.25", "5"),
        ("1,000", "1,234,567", "100", "1,000"),
    ] {
        let line = screens::entry_hint(min, max, step, held);
        assert!(line.len() <= 25, "{line}");
        assert!(line.contains(&format!("hold {held}")), "{line}");
    }
    // On the panel: Texas league's entry, the held step whole.
    let f = crate::pictures::pictured("amount-entry-cents");
    let text = render::to_terminal(&f);
    // Whole, "1-1499.75 step 0.25 hold 1" is 26 characters.
    assert!(shows(&f, "1-1499.75 hold 1"), "{text}");
}

/// G7, from H1: "take-a-card and bet rounds repeat until nobody takes a
/// card". Each round is named by the offers so far; the screen said "3RD"
/// for every one.
#[test]
fn g7_each_round_of_seven_twenty_seven_is_named_for_the_card_offers_so_far() {
    let draws = "draw Ann 1\ndraw Bob 0\ndraw Cat 1\n";
    let first = h1("20", "7/27", draws);
    let state = first.table().live_hand().expect("a hand").state().clone();
    assert_eq!(screens::street_name(&state), "HIT 1");
    let again = "Ann bet 0.25\nBob call\nCat call\ndraw Bob 1\ndraw Cat 0\ndraw Ann 0\n";
    let second = h1("20", "7/27", &format!("{draws}{again}"));
    let state = second.table().live_hand().expect("a hand").state().clone();
    assert_eq!(screens::street_name(&state), "HIT 2");
    let f = drawn(&second, &Controller::new());
    assert!(shows(&f, "HIT 2"), "{}", render::to_terminal(&f));
}
