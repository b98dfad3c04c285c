//! Issue 34: a box out of the package opens to its host. The house file the
//! package installs names no card; the first card tapped may become the
//! host card (a table event, so it is journaled, undone and carried to the
//! next night like any enrolled card); `dealerd check` warns of example
//! UIDs left in a file. The device itself is driven in
//! `pi_emulated::on_a_fresh_box_the_first_card_tapped_becomes_the_host_card`.

use std::sync::Arc;

use dealerd::rules;
use dealerd::table::{Night, TableEvent};
use dealerd::ui::render::Frame;
use dealerd::ui::{screens, Button, Controller, Dialog, Intent, Mode, Press, Screen, View};

use crate::common;

const HOST: &str = "04:5A:11:E0";

/// The house file the package installs (debian/build-deb): the default game
/// and wiring, without the simulator's made-up cards.
pub fn packaged_house_file() -> String {
    let text = dealerd::rules::DEFAULT_TOML;
    let cut = text
        .find("# ---- made-up cards for the simulator")
        .expect("config/default.toml marks its made-up cards");
    text[..cut].to_string()
}

fn fresh_box() -> Night {
    let rules = rules::load_str("house.toml", &packaged_house_file()).expect("the packaged file");
    Night::new(Arc::new(rules))
}

fn ok() -> Press {
    Press {
        button: Button::Ok,
        long: false,
    }
}

#[test]
fn the_packaged_house_file_has_no_cards_and_check_says_the_host_menu_is_open() {
    let text = packaged_house_file();
    assert!(!text.contains("[[card]]"), "{text}");
    let rules = rules::load_str("house.toml", &text).expect("loads");
    assert!(rules.cards.is_empty());
    let summary = rules.to_string();
    assert!(summary.contains("note: no host card yet"), "{summary}");
    assert!(!summary.contains("example UID"), "{summary}");
}

/// The simulator's file keeps its made-up cards; `dealerd check` names each
/// as an example, the host card with what it does to a real box.
#[test]
fn check_warns_of_example_uids_left_in_a_file() {
    let dir = common::fresh_dir("first-boot", "check");
    let path = dir.join("house.toml");
    std::fs::write(&path, rules::DEFAULT_TOML).expect("file");
    let out = common::dealerd()
        .arg("check")
        .arg(&path)
        .output()
        .expect("dealerd check");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "warning: card 04:00:00:00 (host) has an example UID, not a real card's: \
             nobody holds it, so the host menu stays locked"
        ),
        "{text}"
    );
    assert!(
        text.contains("warning: card 04:00:00:01 (Ann) has an example UID"),
        "{text}"
    );
    // A real card's UID is not an example.
    std::fs::write(
        &path,
        format!(
            "{}[[card]]\nuid = \"{HOST}\"\nhost = true\n",
            packaged_house_file()
        ),
    )
    .expect("file");
    let out = common::dealerd()
        .arg("check")
        .arg(&path)
        .output()
        .expect("check");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && !text.contains("warning"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The offer, through the controller: an unknown card on a box with no host
/// card opens "New host card?"; OK asks for the event; Undo goes to the
/// player's enrolling list instead. Once a host card exists, a new card goes
/// straight to that list.
#[test]
fn the_first_card_is_offered_as_the_host_card_then_cards_enroll_as_before() {
    let mut night = fresh_box();
    let uid = [0x04, 0x5A, 0x11, 0xE0];
    let mut c = Controller::new();
    // The session opens the host menu where there is no host card.
    let view = View::of(&night).host_unlocked();
    assert_eq!(c.unknown_card(&view, &uid), Intent::None);
    assert_eq!(c.mode, Mode::Dialog(Dialog::HostCard { uid: uid.to_vec() }));
    let undo = Press {
        button: Button::Undo,
        long: false,
    };
    assert_eq!(
        c.press(View::of(&night).host_unlocked(), undo),
        Intent::None
    );
    assert!(
        matches!(c.mode, Mode::Dialog(Dialog::Enroll { .. })),
        "{:?}",
        c.mode
    );

    let mut c = Controller::new();
    c.unknown_card(&View::of(&night).host_unlocked(), &uid);
    let intent = c.press(View::of(&night).host_unlocked(), ok());
    let want = TableEvent::EnrollHostCard { uid: HOST.into() };
    assert_eq!(intent, Intent::Apply(want.clone()));
    night.apply(want).expect("the table takes it");
    let table = night.table();
    assert!(table.has_host_card() && table.is_enrolled_host(&uid));
    assert_eq!(table.enrolled_name(&uid), None, "not a player's card");

    let mut c = Controller::new();
    c.unknown_card(&View::of(&night).host_unlocked(), &[4, 1, 2, 3]);
    assert!(
        matches!(c.mode, Mode::Dialog(Dialog::Enroll { .. })),
        "{:?}",
        c.mode
    );
}

/// One host card: a second is refused, so is a card the house already
/// knows, and so is one where the house file names a host card. Undo takes
/// the host card back, and the box is open again.
#[test]
fn the_table_takes_one_host_card_and_undo_takes_it_back() {
    let mut night = fresh_box();
    night
        .apply(TableEvent::EnrollCard {
            uid: "04:01:02:03".into(),
            name: "Guest 1".into(),
        })
        .expect("a player's card");
    let refused = night.apply(TableEvent::EnrollHostCard {
        uid: "04:01:02:03".into(),
    });
    assert!(refused.is_err(), "a known card became the host's");
    night
        .apply(TableEvent::EnrollHostCard { uid: HOST.into() })
        .expect("the host card");
    let again = night.apply(TableEvent::EnrollHostCard {
        uid: "04:09:09:09".into(),
    });
    assert_eq!(
        again.map(drop).map_err(|e| e.to_string()),
        Err("the house already has a host card".to_string())
    );
    assert!(night.undo().is_some());
    assert!(!night.table().has_host_card());

    let default = rules::load_str("default.toml", rules::DEFAULT_TOML).expect("default");
    let mut night = Night::new(Arc::new(default));
    assert!(night
        .apply(TableEvent::EnrollHostCard { uid: HOST.into() })
        .is_err());
}

/// The offer on the panel (pictured as `host-card`): the first card tapped
/// on a fresh box.
pub(crate) fn host_card() -> Frame {
    let night = fresh_box();
    let mut c = Controller::new();
    let view = View::of(&night).host_unlocked();
    c.unknown_card(&view, &[0x04, 0x5A, 0x11, 0xE0]);
    let screen = c.screen(&view);
    assert!(
        matches!(screen, Screen::Dialog(Dialog::HostCard { .. })),
        "{screen:?}"
    );
    let mut f = Frame::new();
    screens::draw(&mut f, &view, &c).expect("a frame takes any drawing");
    f
}
