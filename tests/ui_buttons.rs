//! B8 (H2 3.7, H4 #8): "a player who puts a single chip into the pot that is
//! larger than the bet to him is assumed to have called the bet unless he
//! announces raise". The buttons record it that way: check/call is one press
//! and records a call whatever chip went in; a raise is only recorded when
//! the dealer enters it.

use std::path::Path;

use dealerd::engine::{Action, Event};
use dealerd::hw::buttons::{Button, Press};
use dealerd::table::{script, TableEvent};
use dealerd::ui::{Controller, Intent};

fn press(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

#[test]
fn b8_an_oversized_chip_is_a_call_unless_a_raise_is_entered() {
    for rules in [
        "rules config/houses/h2-pats-no-limit.toml",
        "rules config/houses/h4-house-dealer-limit.toml\ngame Hold'em 1 & 2",
    ] {
        let text =
            format!("{rules}\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ndeal\n");
        let night = script::run("b8", &text, Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{e}"));
        let hand = night.table().hand().expect("a hand");
        let seat = hand.state().to_act().expect("someone to act");
        assert!(hand.state().to_call(seat) > 0, "facing a bet");
        // Ann pushes a $5 chip without a word: the dealer presses check/call.
        let mut ctl = Controller::new();
        let intent = ctl.press(&night, press(Button::CheckCall));
        assert_eq!(
            intent,
            Intent::Apply(TableEvent::Hand(Event::Act(seat, Action::CheckCall))),
            "{rules}: one press records the call"
        );
        // A raise needs the dealer to open the entry and confirm an amount.
        let mut ctl = Controller::new();
        assert_eq!(ctl.press(&night, press(Button::BetRaise)), Intent::None);
        match ctl.press(&night, press(Button::Ok)) {
            Intent::Apply(TableEvent::Hand(Event::Act(s, Action::BetRaiseTo(_)))) => {
                assert_eq!(s, seat)
            }
            other => panic!("{rules}: a confirmed raise, not {other:?}"),
        }
    }
}
