//! S2, issue 25: "a bomb pot every orbit" and "a bomb pot when the button
//! reaches seat N", each one line in the house file, dealt by the table
//! with nobody calling them (scenarios: tests/scenarios/s2-bomb-*.scn).

use std::path::Path;

use dealerd::daemon::house_file;
use dealerd::rules::{self, BombSchedule, HandKind};
use dealerd::table::{script, TableEvent};

const ORBIT: &str = include_str!("../data/rules/bomb-every-orbit.toml");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The kind of hand the next deal would be, as the between-hands screen
/// previews it.
fn next_kind(script_text: &str) -> HandKind {
    let night = script::run("t.scn", script_text, root()).expect("plays");
    let next = night
        .table()
        .preview(&TableEvent::NewHand)
        .expect("the next hand deals");
    next.hand().expect("a hand").kind
}

const THREE_HANDS: &str = "rules tests/data/rules/bomb-every-orbit.toml
join 1 Ann 50
join 2 Bob 50
join 3 Cat 50
button Ann
deal
Ann fold
Bob fold
deal
Bob fold
Cat fold
deal
Cat fold
Ann fold
";

#[test]
fn s2_every_orbit_is_one_line_and_the_table_proposes_the_bomb_when_the_button_comes_round() {
    let r = rules::load_str("o.toml", ORBIT).expect("loads");
    assert_eq!(
        r.bomb.as_ref().map(|b| b.schedule),
        Some(BombSchedule::EveryOrbit)
    );
    assert!(
        r.to_string().contains("; dealt once an orbit"),
        "check says so: {r}"
    );
    // Two hands in, the button is not yet round: a normal hand.
    let two = THREE_HANDS.rsplit_once("deal\n").unwrap().0;
    assert_eq!(next_kind(two), HandKind::Normal);
    // Three hands in, it is: the preview (what the dealer sees between
    // hands) is already the bomb pot.
    assert_eq!(next_kind(THREE_HANDS), HandKind::Bomb);
    // Without the schedule, the same night deals no bomb by itself.
    let called = ORBIT.replace("\nevery_orbit = true\n", "\n");
    let dir = crate::common::fresh_dir("bomb-schedule", "called");
    std::fs::write(dir.join("called.toml"), &called).unwrap();
    let text = THREE_HANDS.replace(
        "rules tests/data/rules/bomb-every-orbit.toml",
        &format!("rules {}", dir.join("called.toml").display()),
    );
    assert_eq!(next_kind(&text), HandKind::Normal);
}

#[test]
fn s2_a_schedule_that_cannot_be_kept_is_refused() {
    let both = ORBIT.replace(
        "\nevery_orbit = true",
        "\nevery_orbit = true\nbutton_seat = 1",
    );
    let err = house_file::load_str("b.toml", &both).expect_err("two schedules");
    assert_eq!(
        err.to_string(),
        "b.toml:23:15: give one bomb schedule: every_orbit = true or button_seat = <seat>, not both"
    );
    // Seat 7 at a four-seat table.
    let far = ORBIT.replace("\nevery_orbit = true", "\nbutton_seat = 7");
    let err = house_file::load_str("b.toml", &far).expect_err("no seat 7");
    assert_eq!(
        err.to_string(),
        "b.toml:23:15: bomb button_seat = 7 is outside 1–4 (the house's seats)"
    );
    // H0's "Play for full orbit" (mode = "orbit") once an orbit would be
    // bombs for ever.
    let always = ORBIT.replace("[bomb]\n", "[bomb]\nmode = \"orbit\"\n");
    let err = house_file::load_str("b.toml", &always).expect_err("always bombs");
    assert_eq!(
        err.to_string(),
        "b.toml:21:8: mode = \"orbit\" deals a bomb pot on every hand of an orbit; a scheduled bomb pot (every_orbit, button_seat) needs mode = \"single\""
    );
    // Seat 11 at no table: still the house's range, not the largest
    // house's (issue 35: "outside 1–10" at a 9-seat table misled).
    let none = ORBIT.replace("\nevery_orbit = true", "\nbutton_seat = 11");
    let err = house_file::load_str("b.toml", &none).expect_err("no seat 11");
    assert_eq!(
        err.to_string(),
        "b.toml:23:15: button_seat = 11 is outside 1–4 (the house's seats)"
    );
}
