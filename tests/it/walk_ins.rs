//! Issue 22: a night from the box alone. Cards the house file does not
//! know are enrolled by the host, players without a card are seated and
//! sold chips from the host's menu, the roster of the house file names
//! them, and undo at the table asks before it takes back more than the
//! last action of the hand in progress. Everything here goes through the
//! controller's presses and taps; the daemon's own tests are in
//! `nights_daemon.rs`.

use std::path::Path;
use std::sync::Arc;

use dealerd::table::{script, Night, TableEvent};
use dealerd::ui::render::Frame;
use dealerd::ui::{
    screens, Button, Controller, Dialog, HostItem, Intent, Mode, Press, Screen, View,
};

fn press(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

fn night(script_text: &str) -> Night {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    script::run("walk-ins", script_text, root).unwrap_or_else(|e| panic!("{e}"))
}

/// The default house with a roster of two players who have no card.
pub(crate) fn roster_house() -> String {
    format!(
        "roster = [\"Zoe\", \"Yan\"]\n{}",
        dealerd::rules::DEFAULT_TOML
    )
}

fn roster_night(extra: &str) -> Night {
    let rules = dealerd::rules::load_str("roster.toml", &roster_house()).expect("roster house");
    let mut n = Night::new(Arc::new(rules));
    for line in extra.lines().filter(|l| !l.is_empty()) {
        let mut w = line.split(' ');
        let (seat, name, buy_in) = (w.next(), w.next(), w.next());
        let seat: usize = seat.and_then(|s| s.parse().ok()).expect("seat");
        n.apply(TableEvent::Join {
            seat: seat - 1,
            name: name.expect("name").into(),
            buy_in: buy_in.and_then(|b| b.parse().ok()).expect("buy-in"),
        })
        .expect("join");
    }
    n
}

/// Presses in order as the session would: what they ask for is applied,
/// and the events the table took come back.
fn presses(n: &mut Night, c: &mut Controller, host: bool, buttons: &[Button]) -> Vec<TableEvent> {
    let mut taken = Vec::new();
    for &b in buttons {
        let view = if host {
            View::of(n).host_unlocked()
        } else {
            View::of(n)
        };
        match c.press(view, press(b)) {
            Intent::Apply(e) => {
                n.apply(e.clone())
                    .unwrap_or_else(|err| panic!("{e:?}: {err}"));
                taken.push(e);
            }
            Intent::Undo => {
                n.undo().expect("something to undo");
            }
            _ => {}
        }
    }
    taken
}

fn host_item(n: &Night, item: HostItem) -> Controller {
    let items = HostItem::offered(n.table());
    let i = items.iter().position(|&h| h == item).expect("offered");
    let mut c = Controller::new();
    c.mode = Mode::Dialog(Dialog::HostMenu(i));
    c
}

#[test]
fn roster_names_are_checked_like_card_names() {
    let ok = dealerd::rules::load_str("r.toml", &roster_house()).expect("loads");
    assert_eq!(ok.roster, vec!["Zoe".to_string(), "Yan".to_string()]);
    let none = dealerd::rules::load_str("d.toml", dealerd::rules::DEFAULT_TOML).expect("loads");
    assert!(none.roster.is_empty());
    for (roster, says) in [
        ("[\"Zoe\", \"zoe\"]", "already on line"),
        ("[\"Ann\"]", "has a card on line"),
        ("[\"Maximilianus1\"]", "the screen shows 12"),
        ("[\"\"]", "is empty"),
    ] {
        let text = format!("roster = {roster}\n{}", dealerd::rules::DEFAULT_TOML);
        let err = dealerd::rules::load_str("bad.toml", &text).expect_err(roster);
        let err = err.to_string();
        assert!(err.contains(says), "{roster}: {err}");
        assert!(err.contains("bad.toml:1:"), "{roster}: located: {err}");
    }
}

#[test]
fn an_unknown_card_waits_for_the_host_then_enrolls_to_a_roster_name_or_a_guest() {
    let mut n = roster_night("1 Ann 100\n");
    let uid = [0x04, 0x00, 0x00, 0x99];
    let mut c = Controller::new();
    // Locked: it says how, and opens nothing.
    match c.unknown_card(&View::of(&n), &uid) {
        Intent::Tell(t) => assert!(t.contains("tap the host card"), "{t}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(c.mode, Mode::Main);
    // Unlocked: the roster's names, then the next guest.
    assert_eq!(
        c.unknown_card(&View::of(&n).host_unlocked(), &uid),
        Intent::None
    );
    assert_eq!(n.table().can_enroll(), vec!["Zoe", "Yan", "Guest 1"]);
    let taken = presses(&mut n, &mut c, true, &[Button::Plus, Button::Ok]);
    assert_eq!(
        taken,
        vec![TableEvent::EnrollCard {
            uid: "04:00:00:99".into(),
            name: "Yan".into()
        }]
    );
    assert_eq!(n.table().enrolled_name(&uid), Some("Yan"));
    // Yan has a card now: the next card is offered Zoe or Guest 1.
    assert_eq!(n.table().can_enroll(), vec!["Zoe", "Guest 1"]);
    // A card enrolled twice, or a name that has a card, is refused.
    let again = TableEvent::EnrollCard {
        uid: "04:00:00:99".into(),
        name: "Zoe".into(),
    };
    assert!(n.apply(again).is_err());
    let ann = TableEvent::EnrollCard {
        uid: "04:00:00:98".into(),
        name: "ann".into(),
    };
    assert!(n.apply(ann).is_err());
    // Undo takes the binding back, as any event.
    n.undo().expect("undo");
    assert_eq!(n.table().enrolled_name(&uid), None);
    assert!(TableEvent::EnrollCard {
        uid: String::new(),
        name: String::new()
    }
    .is_host_only());
}

#[test]
fn a_walk_in_without_a_card_is_seated_and_rebought_from_the_host_menu() {
    use Button::*;
    // H2 (no roster): the walk-in is Guest 1.
    let mut n = night(
        "rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 20\njoin 2 Bob 20\nbutton Ann\n",
    );
    let mut c = host_item(&n, HostItem::SeatPlayer);
    let taken = presses(&mut n, &mut c, true, &[Ok, Ok, Ok, Ok]);
    assert!(
        matches!(&taken[..], [TableEvent::Join { seat: 2, name, .. }] if name == "Guest 1"),
        "{taken:?}"
    );
    // Broke (the host's correction, money out of the game), then a rebuy
    // sold from the host menu.
    let mut c = host_item(&n, HostItem::SetStack);
    presses(
        &mut n,
        &mut c,
        true,
        &[Ok, Plus, Plus, Ok, CheckCall, Ok, Ok],
    );
    assert_eq!(n.table().player(2).map(|p| p.stack), Some(0));
    let mut c = host_item(&n, HostItem::Sell);
    let taken = presses(&mut n, &mut c, true, &[Ok, Plus, Plus, Ok, Ok]);
    assert!(
        matches!(&taken[..], [TableEvent::Rebuy { seat: 2, amount }] if *amount > 0),
        "{taken:?}"
    );
    // With chips, the same item sells a top-up (the house allows one up to
    // its maximum: Ann has 20 of a 100 maximum in H2).
    let mut c = host_item(&n, HostItem::Sell);
    let taken = presses(&mut n, &mut c, true, &[Ok, Ok, Ok]);
    assert!(
        matches!(&taken[..], [TableEvent::TopUp { seat: 0, .. }]),
        "{taken:?}"
    );
}

#[test]
fn every_shipped_house_seats_a_guest_from_the_host_menu() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("config/default.toml")];
    for dir in ["config/houses", "tests/data/rules"] {
        let mut more: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("a folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        more.sort();
        files.extend(more);
    }
    let mut tried = 0;
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        // Test houses that are meant not to load are not houses.
        let Ok(rules) = dealerd::rules::load_str(&file.display().to_string(), &text) else {
            continue;
        };
        let mut n = Night::new(Arc::new(rules));
        let mut c = host_item(&n, HostItem::SeatPlayer);
        let taken = presses(&mut n, &mut c, true, &[Button::Ok; 4]);
        assert!(
            matches!(&taken[..], [TableEvent::Join { name, .. }] if name == "Guest 1"),
            "{}: {taken:?}",
            file.display()
        );
        tried += 1;
    }
    assert!(tried >= 6, "only {tried} houses");
}

#[test]
fn undo_is_back_in_menus_and_asks_before_taking_back_a_seat() {
    use Button::*;
    // Issue 22: "O o u u under H1 leaves the game picker and then unseats
    // the last player who bought in".
    let mut n = night(
        "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\n",
    );
    let mut c = Controller::new();
    let hold = Press {
        button: Ok,
        long: true,
    };
    assert_eq!(c.press(View::of(&n), hold), Intent::None);
    // The game picker is the second item (the clock is first: issue 32).
    presses(&mut n, &mut c, false, &[Plus, Ok, Undo, Undo]);
    assert_eq!(
        n.table().seats().iter().flatten().count(),
        3,
        "nobody unseated"
    );
    match &c.mode {
        Mode::Dialog(Dialog::ConfirmUndo { what, .. }) => {
            assert!(what.starts_with("Cat buys in"), "it says what: {what}")
        }
        other => panic!("{other:?}"),
    }
    // Undo again is "no".
    presses(&mut n, &mut c, false, &[Undo]);
    assert_eq!(c.mode, Mode::Main);
    assert_eq!(n.table().seats().iter().flatten().count(), 3);
    // Undo, OK: taken back.
    presses(&mut n, &mut c, false, &[Undo, Ok]);
    assert_eq!(n.table().seats().iter().flatten().count(), 2);
}

#[test]
fn the_last_action_of_the_hand_goes_at_once_a_paid_pot_asks_first() {
    use Button::*;
    let mut n = night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\nbutton Ann\ndeal\n");
    let mut c = Controller::new();
    let acted = presses(&mut n, &mut c, false, &[CheckCall]);
    assert_eq!(acted.len(), 1);
    let before = n.events().len();
    presses(&mut n, &mut c, false, &[Undo]);
    assert_eq!(
        n.events().len(),
        before - 1,
        "an action in the hand: at once"
    );
    assert_eq!(c.mode, Mode::Main);
    // Ann folds: the pot is paid. Undo names it and waits.
    presses(&mut n, &mut c, false, &[Fold]);
    assert!(!n.table().in_hand());
    let paid = n.events().len();
    presses(&mut n, &mut c, false, &[Undo]);
    assert_eq!(n.events().len(), paid);
    assert!(matches!(c.mode, Mode::Dialog(Dialog::ConfirmUndo { .. })));
    // The table moved on meanwhile: OK takes nothing back.
    n.apply(TableEvent::SitOut { seat: 1 }).expect("sit out");
    let moved = n.events().len();
    match c.press(View::of(&n), press(Ok)) {
        Intent::Tell(t) => assert!(t.contains("nothing taken back"), "{t}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(n.events().len(), moved);
}

// ---- pictures ----

/// Held presses (`long`) and taps, as the host presses them; the intent of
/// the last, after applying what the others asked.
fn typed(n: &mut Night, c: &mut Controller, keys: &[(Button, bool)]) -> Intent {
    let mut last = Intent::None;
    for &(button, long) in keys {
        last = c.press(View::of(n).host_unlocked(), Press { button, long });
        if let Intent::Apply(e) = &last {
            n.apply(e.clone())
                .unwrap_or_else(|err| panic!("{e:?}: {err}"));
        }
    }
    last
}

/// "Kim": K is ten on from A (held plus: five at a time), OK; i is eight
/// on from a, OK; m is twelve on, and held OK keeps it and ends.
fn kim() -> Vec<(Button, bool)> {
    use Button::*;
    let mut keys = vec![(Plus, true), (Plus, true), (Ok, false)];
    keys.extend([
        (Plus, true),
        (Plus, false),
        (Plus, false),
        (Plus, false),
        (Ok, false),
    ]);
    keys.extend([
        (Plus, true),
        (Plus, true),
        (Plus, false),
        (Plus, false),
        (Ok, true),
    ]);
    keys
}

/// A walk-in the roster does not know is named on the device: the last
/// item of the card's list and of the host's seating list types a name a
/// letter at a time. The table checks it as it checks every name
/// (`Table::can_name`); undo takes a letter back, then goes back to the
/// list.
#[test]
fn a_walk_in_is_named_on_the_device_for_a_new_card_or_a_seat() {
    use Button::*;
    let mut n = roster_night("1 Ann 100\n");
    let uid = [0x04, 0x00, 0x00, 0x77];
    let mut c = Controller::new();
    c.unknown_card(&View::of(&n).host_unlocked(), &uid);
    // Zoe, Yan, Guest 1, then "Type a name...": minus wraps to it.
    typed(&mut n, &mut c, &[(Minus, false), (Ok, false)]);
    assert!(
        matches!(
            &c.mode,
            Mode::Dialog(Dialog::TypeName { card: Some(_), .. })
        ),
        "{:?}",
        c.mode
    );
    let last = typed(&mut n, &mut c, &kim());
    assert_eq!(
        last,
        Intent::Apply(TableEvent::EnrollCard {
            uid: "04:00:00:77".into(),
            name: "Kim".into()
        })
    );
    assert_eq!(n.table().enrolled_name(&uid), Some("Kim"));

    // Seating without a card: "Kim" has a card now, so the table refuses
    // the name and the dialog stays with what was typed.
    let mut c = host_item(&n, HostItem::SeatPlayer);
    typed(&mut n, &mut c, &[(Ok, false), (Minus, false), (Ok, false)]);
    match typed(&mut n, &mut c, &kim()) {
        Intent::Tell(t) => assert!(t.contains("Kim: that name already has a card"), "{t}"),
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(&c.mode, Mode::Dialog(Dialog::TypeName { card: None, typed, .. }) if typed == "Ki"),
        "{:?}",
        c.mode
    );
    // Undo takes "i" back; the held OK then ends on "Ko", typed as "K" and
    // the letter shown (o, fourteen on from a).
    typed(&mut n, &mut c, &[(Undo, false)]);
    assert!(
        matches!(&c.mode, Mode::Dialog(Dialog::TypeName { typed, .. }) if typed == "K"),
        "{:?}",
        c.mode
    );
    let o = [
        (Plus, true),
        (Plus, true),
        (Plus, false),
        (Plus, false),
        (Plus, false),
        (Plus, false),
    ];
    typed(&mut n, &mut c, &o);
    typed(&mut n, &mut c, &[(Ok, true)]);
    assert!(
        matches!(&c.mode, Mode::Dialog(Dialog::SeatFor { name, .. }) if name == "Ko"),
        "{:?}",
        c.mode
    );
    // The seat and the buy-in, as for any walk-in.
    let last = typed(&mut n, &mut c, &[(Ok, false), (Ok, false)]);
    assert!(
        matches!(&last, Intent::Apply(TableEvent::Join { name, .. }) if name == "Ko"),
        "{last:?}"
    );
    // Undo with nothing typed is back to the list; undo there, the host menu.
    let mut c = host_item(&n, HostItem::SeatPlayer);
    typed(
        &mut n,
        &mut c,
        &[(Ok, false), (Minus, false), (Ok, false), (Undo, false)],
    );
    assert!(
        matches!(c.mode, Mode::Dialog(Dialog::SeatName { .. })),
        "{:?}",
        c.mode
    );
    typed(&mut n, &mut c, &[(Undo, false)]);
    assert!(
        matches!(c.mode, Mode::Dialog(Dialog::HostMenu(_))),
        "{:?}",
        c.mode
    );
    // A name is at most 12 letters: the OK after the twelfth ends it.
    let mut c = host_item(&n, HostItem::SeatPlayer);
    typed(&mut n, &mut c, &[(Ok, false), (Minus, false), (Ok, false)]);
    typed(&mut n, &mut c, &[(Ok, false); 13]);
    assert!(
        matches!(&c.mode, Mode::Dialog(Dialog::SeatFor { name, .. }) if name == "Aaaaaaaaaaaa"),
        "{:?}",
        c.mode
    );
}

/// The host typing a new card's name: "Ki" typed, the m shown lit.
pub(crate) fn type_name() -> Frame {
    let mut n = roster_night("1 Ann 100\n");
    let mut c = Controller::new();
    c.unknown_card(&View::of(&n).host_unlocked(), &[4, 0, 0, 0x77]);
    let mut keys = vec![(Button::Minus, false), (Button::Ok, false)];
    keys.extend(kim());
    keys.pop();
    typed(&mut n, &mut c, &keys);
    drawn(&n, &c, true, |s| {
        matches!(s, Screen::Dialog(Dialog::TypeName { .. }))
    })
}

fn drawn(n: &Night, c: &Controller, host: bool, is: fn(&Screen) -> bool) -> Frame {
    let view = if host {
        View::of(n).host_unlocked()
    } else {
        View::of(n)
    };
    let screen = c.screen(&view);
    assert!(is(&screen), "another screen: {screen:?}");
    let mut f = Frame::new();
    screens::draw(&mut f, &view, c).expect("a frame takes any drawing");
    f
}

/// The host renaming a seated guest: "Ki" typed, the m shown lit.
pub(crate) fn rename() -> Frame {
    let mut n = roster_night("1 Ann 100\n2 Guest 100\n");
    let mut c = host_item(&n, HostItem::Rename);
    presses(&mut n, &mut c, true, &[Button::Ok, Button::Ok]);
    let mut keys = kim();
    keys.pop();
    typed(&mut n, &mut c, &keys);
    drawn(&n, &c, true, |s| {
        matches!(
            s,
            Screen::Dialog(Dialog::TypeName {
                rename: Some(1),
                ..
            })
        )
    })
}

/// A new card, the host unlocked: which name it is for.
pub(crate) fn enroll() -> Frame {
    let n = roster_night("1 Ann 100\n");
    let mut c = Controller::new();
    c.unknown_card(&View::of(&n).host_unlocked(), &[4, 0, 0, 0x99]);
    drawn(&n, &c, true, |s| {
        matches!(s, Screen::Dialog(Dialog::Enroll { .. }))
    })
}

/// Seating without a card: the roster's names, then a guest.
pub(crate) fn seat_name() -> Frame {
    let mut n = roster_night("1 Ann 100\n");
    let mut c = host_item(&n, HostItem::SeatPlayer);
    presses(&mut n, &mut c, true, &[Button::Ok]);
    drawn(&n, &c, true, |s| {
        matches!(s, Screen::Dialog(Dialog::SeatName { .. }))
    })
}

/// The host menu after the end of the night: the host card opens it on
/// the next night (issue 32: the items keep their places, the cursor
/// starts on the one that applies).
pub(crate) fn host_menu_ended() -> Frame {
    let mut n = night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\n");
    n.apply(TableEvent::EndSession).expect("end");
    let mut c = Controller::new();
    c.host_card(n.table());
    drawn(&n, &c, true, |s| {
        matches!(s, Screen::Dialog(Dialog::HostMenu(_)))
    })
}

/// One more OK starts the next night.
pub(crate) fn confirm_new_night() -> Frame {
    let mut n = night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\n");
    n.apply(TableEvent::EndSession).expect("end");
    let mut c = Controller::new();
    c.host_card(n.table());
    presses(&mut n, &mut c, true, &[Button::Ok]);
    drawn(&n, &c, true, |s| {
        matches!(s, Screen::Dialog(Dialog::ConfirmNewNight))
    })
}

/// Undo between hands: what it would take back, named first.
pub(crate) fn confirm_undo() -> Frame {
    let mut n = night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\n");
    let mut c = Controller::new();
    presses(&mut n, &mut c, false, &[Button::Undo]);
    drawn(&n, &c, false, |s| {
        matches!(s, Screen::Dialog(Dialog::ConfirmUndo { .. }))
    })
}

#[test]
fn a_scripts_output_has_the_keys_help_once() {
    use dealerd::daemon::{session::RulesSource, sim};
    let opts = sim::Options {
        frames: None,
        demo_players: true,
        echo: true,
        storage: Default::default(),
    };
    let mut out = Vec::new();
    let script = "o\nc\nc\n";
    sim::run(&RulesSource::embedded(), script.as_bytes(), &mut out, &opts).expect("runs");
    let text = String::from_utf8(out).expect("utf-8");
    assert!(text.matches('┌').count() >= 3, "{text}");
    assert_eq!(text.matches(sim::KEYS).count(), 1, "{text}");
}

/// Issue 22: a card enrolled "to the next 'Guest N', to be renamed later".
/// The host renames a seated guest on the device ("Rename a player": the
/// seat, then the name typed): the seat, the night's ledger and the card
/// take the new name, so the settle-up and `dealerd cards` say who played,
/// and the card still opens the player's menu. What may not be renamed is
/// refused with the reason, and a player whose card is in the house file is
/// not offered (the file's card would seat them under the old name again).
#[test]
fn a_guest_is_renamed_on_the_device_and_the_ledger_and_card_follow() {
    use Button::*;
    let mut n = roster_night("1 Ann 100\n");
    let uid = [0x04, 0x00, 0x00, 0x55];
    // The card enrolled as the next guest (after Zoe and Yan), seated, bought in.
    let mut c = Controller::new();
    assert_eq!(
        c.unknown_card(&View::of(&n).host_unlocked(), &uid),
        Intent::None
    );
    presses(&mut n, &mut c, true, &[Plus, Plus, Ok]);
    // As the session does: the card just enrolled goes on to its seat.
    assert_eq!(c.player_card(&n, "Guest 1"), Intent::None);
    presses(&mut n, &mut c, true, &[Ok, Ok]);
    let guest = n.table().player(1).expect("seated").name.to_string();
    assert_eq!(guest, "Guest 1");
    // Ann has a card in the house file: only the guest may be renamed.
    let mut c = host_item(&n, HostItem::Rename);
    presses(&mut n, &mut c, true, &[Ok]);
    assert_eq!(
        c.mode,
        Mode::Dialog(Dialog::HostPick {
            item: HostItem::Rename,
            seat: 1
        })
    );
    assert_eq!(presses(&mut n, &mut c, true, &[Plus]), vec![]);
    assert_eq!(
        c.mode,
        Mode::Dialog(Dialog::HostPick {
            item: HostItem::Rename,
            seat: 1
        }),
        "Ann is not in the list"
    );
    presses(&mut n, &mut c, true, &[Ok]);
    let frame = drawn(&n, &c, true, |s| {
        matches!(s, Screen::Dialog(Dialog::TypeName { .. }))
    });
    assert!(crate::night::shows(&frame, "Rename Guest 1"));
    // "Ann" is seated and has a card: refused, what was typed stays.
    // A is where the letters start; n is thirteen on from a.
    let n13 = [
        (Plus, true),
        (Plus, true),
        (Plus, false),
        (Plus, false),
        (Plus, false),
    ];
    let mut keys = vec![(Ok, false)];
    keys.extend(n13);
    keys.push((Ok, false));
    keys.extend(n13);
    keys.push((Ok, true));
    let said = typed(&mut n, &mut c, &keys);
    assert!(
        matches!(&said, Intent::Tell(t) if t.contains("Ann: that name already has a card")),
        "{said:?}"
    );
    // Back to nothing typed ("An" stays after the refusal), then "Kim".
    for _ in 0..2 {
        typed(&mut n, &mut c, &[(Undo, false)]);
    }
    let said = typed(&mut n, &mut c, &kim());
    assert_eq!(
        said,
        Intent::Apply(TableEvent::Rename {
            seat: 1,
            name: "Kim".into()
        })
    );
    let t = n.table();
    assert_eq!(&*t.player(1).expect("seated").name, "Kim");
    assert_eq!(t.enrolled_name(&uid), Some("Kim"), "the card follows");
    let names: Vec<String> = t.ledger().by_player().into_iter().map(|p| p.0).collect();
    assert!(
        names.contains(&"Kim".to_string()) && !names.contains(&guest),
        "{names:?}"
    );
    assert_eq!(
        t.describe(&TableEvent::Rename {
            seat: 1,
            name: "Lee".into()
        }),
        "Kim is now Lee"
    );
    // The guest's buy-in, booked before the rename, reads as Kim's; the
    // ledger's entries themselves are never rewritten.
    let buy_in = t
        .ledger()
        .entries()
        .iter()
        .position(|e| e.name.as_deref() == Some("Guest 1"))
        .expect("the guest's buy-in");
    assert_eq!(t.ledger().entry_name(buy_in), Some("Kim"));
    // Her card opens Kim's menu.
    let mut c = Controller::new();
    assert_eq!(c.player_card(&n, "Kim"), Intent::None);
    assert!(matches!(
        c.mode,
        Mode::Dialog(Dialog::PlayerMenu { seat: 1, .. })
    ));
    // Undo puts every name back (the host is asked first, as for any
    // event that is not the hand's last action).
    let mut back = n.clone();
    back.undo().expect("undo the rename");
    let t = back.table();
    assert_eq!(&*t.player(1).expect("seated").name, "Guest 1");
    assert_eq!(t.enrolled_name(&uid), Some("Guest 1"));
    assert_eq!(t.ledger().entry_name(buy_in), Some("Guest 1"));
    let names: Vec<String> = t.ledger().by_player().into_iter().map(|p| p.0).collect();
    assert!(
        names.contains(&guest) && !names.contains(&"Kim".to_string()),
        "{names:?}"
    );

    // The table's one rule: not during a hand, not a name that played tonight,
    // not a player with a card in the house file.
    let t = n.table();
    assert!(t.can_rename(1, "Ann").is_err());
    assert!(t
        .can_rename(0, "Al")
        .unwrap_err()
        .to_string()
        .contains("house file"));
    let mut left = roster_night("1 Ann 100\n2 Bo 100\n3 Cy 100\n");
    left.apply(TableEvent::Leave { seat: 1 })
        .expect("Bo leaves");
    let err = left.table().can_rename(2, "Bo").unwrap_err().to_string();
    assert!(err.contains("played tonight"), "{err}");
    left.apply(TableEvent::SetButton { seat: 0 })
        .expect("button");
    left.apply(TableEvent::NewHand).expect("a hand");
    assert!(
        left.table().can_rename(2, "Dee").is_err(),
        "not during a hand"
    );
    assert!(HostItem::Rename.why_not(left.table()).is_some());
}

/// A guest without a card who cashes out, and the next walk-in, are two
/// people: the next guest's name is a new one, so the settle-up does not
/// join their results under one "Guest 1".
#[test]
fn a_guest_who_left_does_not_give_his_name_to_the_next_walk_in() {
    let mut n = roster_night("1 Ann 100\n");
    n.apply(TableEvent::Join {
        seat: 1,
        name: "Guest 1".into(),
        buy_in: 100,
    })
    .expect("a guest");
    assert_eq!(n.table().next_guest(), "Guest 2");
    n.apply(TableEvent::Leave { seat: 1 })
        .expect("Guest 1 leaves");
    assert_eq!(n.table().next_guest(), "Guest 2", "not Guest 1 again");
    let names = n.table().can_seat_without_card();
    assert_eq!(names.last().map(String::as_str), Some("Guest 2"));
}
