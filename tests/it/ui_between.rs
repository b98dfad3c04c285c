//! Between hands the screen says everything the dealer collects before the
//! cards go out (issue 11), and every screen says what the last press
//! recorded.

use std::time::Duration;

use dealerd::daemon::session::{Input, RulesSource, NOTE_SECS};
use dealerd::daemon::store::{Storage, Stored};
use dealerd::table::TableEvent;
use dealerd::ui::{render, screens, Button, Press};

use crate::night::shows;

fn between(text: &str) -> render::Frame {
    let n = crate::ui_screens::night(text);
    let mut f = render::Frame::new();
    screens::between(&mut f, n.table()).unwrap();
    f
}

use crate::night::assert_frame_shows as assert_shows;

/// H4: "A $1.00 ante will be placed into the pot before play begins, except
/// for Texas Hold-em." and "Before the cards are dealt and the ante is
/// placed, the person with the button ... pays for that game."
pub(crate) fn h4_stud() -> render::Frame {
    between(
        "rules config/houses/h4-house-dealer-limit.toml\n\
         join 1 Ann 40\njoin 2 Bob 40\njoin 3 Cat 40\njoin 4 Dan 40\njoin 5 Eve 40\n\
         game 7-card stud\nbutton Ann\n",
    )
}

#[test]
fn m3_f2_between_hands_names_the_antes_and_the_buttons_fee() {
    let f = crate::pictures::pictured("between-antes-fee");
    // Five players: the $2 fee (H4's table for 5-10 players), from the
    // player on the button (the draw gave it to Ann).
    // No "no blinds": the antes say what goes in, in the line it took.
    assert_shows(&f, &["ante 1 each", "fee 2 Ann"]);
    assert!(!shows(&f, "no blinds"));
    // Hold'em has no ante; its fee is still the button's.
    let f = between(
        "rules config/houses/h4-house-dealer-limit.toml\n\
         join 1 Ann 40\njoin 2 Bob 40\njoin 3 Cat 40\n\
         game Hold'em 1 & 2\nbutton Ann\n",
    );
    assert_shows(&f, &["fee 1 Ann"]);
    assert!(!shows(&f, "ante"), "{}", render::to_terminal(&f));
}

#[test]
fn m3_a_drop_from_the_pot_says_when_it_is_taken() {
    // H3: "The fee collection will be taken by the dealer immediately prior
    // to the flop."
    let f = between(
        "rules config/houses/h3-ocean-view.toml\n\
         join 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\n",
    );
    assert_shows(&f, &["at flop"]);
}

fn press(button: Button) -> Input {
    Input::Press(Press {
        button,
        long: false,
    })
}

#[test]
fn the_screen_says_what_each_press_recorded_and_what_undo_took_back() {
    let mut s = Stored::open(&RulesSource::embedded(), &Storage::default()).expect("opens");
    for (seat, name) in ["Ann", "Bob", "Cat"].iter().enumerate() {
        s.handle(
            Input::Table(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in: 100,
            }),
            Duration::ZERO,
        );
    }
    let at = |secs: u64| Duration::from_secs(secs);
    s.handle(press(Button::Ok), at(1));
    assert_shows(&s.frame(), &["hand 1 dealt"]);
    // The first to act calls the big blind: the confirmation names them.
    let who = s.night().table().live_hand().and_then(|h| {
        let seat = h.state().to_act()?;
        Some(s.night().table().player(h.order[seat])?.name.to_string())
    });
    let who = who.expect("someone to act");
    s.handle(press(Button::CheckCall), at(2));
    assert_shows(&s.frame(), &[&format!("{who} calls 2")]);
    s.handle(press(Button::Undo), at(3));
    assert_shows(&s.frame(), &[&format!("undo: {who} calls 2")]);
    // It goes by itself: a note never lingers over what follows.
    s.tick(at(3 + NOTE_SECS));
    assert!(!shows(&s.frame(), &format!("undo: {who}")));
    // Two folds end the hand: who won, between hands until the next deal
    // (issue 22): the big blind's uncalled half goes back, so the pot won
    // is 2.
    s.handle(press(Button::Fold), at(10));
    s.handle(press(Button::Fold), at(11));
    let f = s.frame();
    assert!(
        ["Ann", "Bob", "Cat"]
            .iter()
            .any(|w| shows(&f, &format!("won {w} 2"))),
        "{}",
        render::to_terminal(&f)
    );
}

/// Issue 32 (the dealer's-choice pick): where the house lists more than ten
/// games (H1's fifteen), a held plus or minus between hands walks five at
/// a time, so any game is at most three presses away, not seven, and the
/// hint says so; a tap walks one. Where the list is short (H4's nine) a
/// held press walks one, as a tap.
#[test]
fn s5_a_held_plus_or_minus_walks_a_long_dealers_choice_five_games() {
    use dealerd::ui::{Controller, Intent};
    let held = |button| Press { button, long: true };
    let tap = |button| Press {
        button,
        long: false,
    };
    let choose = |game| Intent::Apply(TableEvent::ChooseGame { game });
    let h1 = crate::ui_screens::night(
        "rules config/houses/h1-dealers-choice.toml\n\
         join 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\n",
    );
    let n = h1.rules().games.len();
    assert_eq!((n, h1.table().game()), (15, 0));
    let mut c = Controller::new();
    assert_eq!(c.press(&h1, held(Button::Plus)), choose(5));
    assert_eq!(c.press(&h1, held(Button::Minus)), choose(10));
    assert_eq!(c.press(&h1, tap(Button::Plus)), choose(1));
    assert_eq!(c.press(&h1, tap(Button::Minus)), choose(14));
    let mut f = render::Frame::new();
    screens::between(&mut f, h1.table()).unwrap();
    assert!(shows(&f, "+-game (held:5)"), "{}", render::to_terminal(&f));
    let h4 = crate::ui_screens::night(
        "rules config/houses/h4-house-dealer-limit.toml\n\
         join 1 Ann 40\njoin 2 Bob 40\njoin 3 Cat 40\nbutton Ann\n",
    );
    let g = h4.table().game();
    let n = h4.rules().games.len();
    assert_eq!(n, 9);
    let mut c = Controller::new();
    assert_eq!(c.press(&h4, held(Button::Plus)), choose((g + 1) % n));
    let mut f = render::Frame::new();
    screens::between(&mut f, h4.table()).unwrap();
    assert!(
        shows(&f, "+-game") && !shows(&f, "held:5"),
        "{}",
        render::to_terminal(&f)
    );
}
