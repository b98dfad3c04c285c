//! Shared by the benchmarks (a folder, so cargo does not take it for one).

#![allow(dead_code)]

use std::time::Duration;

use dealerd::daemon::session::{Input, RulesSource};
use dealerd::daemon::store::{Storage, Stored};
use dealerd::table::TableEvent;
use dealerd::ui::{Button, Press};

/// A short press of `button`.
pub fn press(button: Button) -> Input {
    Input::Press(Press {
        button,
        long: false,
    })
}

/// The embedded default, four players, a hand dealt and waiting for action.
pub fn dealt_session() -> Stored {
    let mut s = Stored::open(&RulesSource::embedded(), &Storage::default()).expect("default rules");
    for (seat, name) in ["Ann", "Bob", "Cat", "Dan"].iter().enumerate() {
        s.handle(
            Input::Table(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in: 200,
            }),
            Duration::ZERO,
        );
    }
    s.handle(press(Button::Ok), Duration::ZERO);
    s
}
