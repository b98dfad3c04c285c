//! The session the simulator and the Pi share, on virtual time: the clock
//! (D3), card taps (players, the host, command cards), host dialogs and
//! rules reloads.

use std::time::Duration;

use dealerd::daemon::session::{Input, RulesSource};
use dealerd::daemon::store::{Storage, Stored};
use dealerd::engine::{Action, Event, Phase};
use dealerd::rules::parse_uid;
use dealerd::table::TableEvent;
use dealerd::ui::{Button, Press};
use dealerd::ui::{Dialog, Mode, Purpose, Screen};

const H2: &str = include_str!("../../config/houses/h2-pats-no-limit.toml");

/// H2 has bomb pots, so its bomb card too.
const BOMB_CARD: &str = r#"
[[card]]
uid = "04:00:00:10"
command = "bomb-next"
name = "bomb"
"#;

fn h2() -> String {
    format!(
        "{H2}\n{}\n{BOMB_CARD}\n{}",
        crate::common::HOST_AND_COMMAND_CARDS,
        crate::common::PLAYER_CARDS
    )
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

fn press(button: Button) -> Input {
    Input::Press(Press {
        button,
        long: false,
    })
}

fn long(button: Button) -> Input {
    Input::Press(Press { button, long: true })
}

fn tap(uid: &str) -> Input {
    Input::Tap(parse_uid(uid).expect("a uid"))
}

/// H2 with three players seated ($40 each) at time 0.
fn table() -> Stored {
    let mut s =
        Stored::open(&RulesSource::file("h2.toml", h2()), &Storage::default()).expect("opens");
    for (seat, name) in ["Cat", "Dan", "Eve"].iter().enumerate() {
        s.handle(
            Input::Table(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in: 160,
            }),
            Duration::ZERO,
        );
    }
    s
}

/// The table seat to act, if a betting round waits for one.
fn to_act(s: &Stored) -> Option<usize> {
    let hand = s.night().table().hand().filter(|h| !h.settled)?;
    let seat = hand.state().legal_actions()?.seat;
    hand.order.get(seat).copied()
}

fn folded(s: &Stored, table_seat: usize) -> bool {
    let hand = s.night().table().hand().expect("a hand");
    let hs = hand.hand_seat(table_seat).expect("dealt in");
    hand.state().seats()[hs].folded
}

#[test]
fn d3_the_clock_folds_the_seat_to_act_when_it_runs_out() {
    let mut s = table();
    s.handle(press(Button::Ok), secs(1.0));
    let seat = to_act(&s).expect("pre-flop action");
    s.handle(tap("04:00:00:13"), secs(10.0));
    assert_eq!(s.clock_left(), Some(60), "H2 9.20: 60 seconds");
    assert_eq!(s.controller().mode, Mode::Clock);
    s.tick(secs(69.5));
    assert_eq!(s.clock_left(), Some(1), "rounded up, as a countdown shows");
    assert!(!folded(&s, seat));
    assert_eq!(s.next_wake(), Some(secs(70.0)));
    s.tick(secs(70.0));
    assert!(folded(&s, seat), "time is up: the hand is folded");
    assert_eq!(s.clock_left(), None);
    let ack = s.ack().expect("the fold waits to be acknowledged");
    assert!(ack.text.contains("folds"), "{ack:?}");
    // Issue 10: the next press only acknowledges it; it records nothing.
    let events = s.night().events().len();
    s.handle(press(Button::CheckCall), secs(71.0));
    assert_eq!(
        s.night().events().len(),
        events,
        "the press was not an action"
    );
    assert_eq!(s.ack(), None);
    // The fold is an event of the night like any other: undo takes it back.
    s.handle(press(Button::Undo), secs(72.0));
    assert!(!folded(&s, seat));
}

#[test]
fn d3_the_clock_stops_when_the_player_acts() {
    let mut s = table();
    s.handle(press(Button::Ok), secs(1.0));
    let first = to_act(&s).expect("action");
    // From the menu this time: long OK, the first item is the clock.
    s.handle(long(Button::Ok), secs(2.0));
    s.handle(press(Button::Ok), secs(2.0));
    assert_eq!(s.clock_left(), Some(60));
    // The player calls under the big clock.
    s.handle(press(Button::CheckCall), secs(30.0));
    assert_eq!(s.controller().mode, Mode::Main);
    assert_ne!(to_act(&s), Some(first));
    assert_eq!(s.clock_left(), None, "the clock went with the action");
    s.tick(secs(200.0));
    let hand = s.night().table().hand().expect("a hand");
    assert!(hand.state().seats().iter().all(|p| !p.folded));
}

#[test]
fn d3_the_clock_needs_someone_to_act() {
    let mut s = table();
    s.handle(tap("04:00:00:13"), secs(1.0));
    assert_eq!(s.clock_left(), None);
    let msg = s.message().unwrap_or_default().to_string();
    assert!(msg.contains("clock"), "{msg}");
}

#[test]
fn t1_m1_a_player_card_seats_the_player_and_buys_in() {
    let mut s = table();
    s.handle(tap("04:00:00:01"), secs(1.0));
    assert_eq!(
        s.controller().mode,
        Mode::Dialog(Dialog::SeatFor {
            name: "Ann".into(),
            seat: 3
        }),
        "the first empty seat"
    );
    s.handle(press(Button::Plus), secs(2.0));
    s.handle(press(Button::Ok), secs(3.0));
    // The buy-in opens at H2's maximum, $40 (160 quarters); minus takes a
    // $1 chip off (a twentieth of the amount, in the house's chips).
    let Mode::Dialog(Dialog::Amount {
        purpose, amount, ..
    }) = s.controller().mode.clone()
    else {
        panic!("amount dialog, got {:?}", s.controller().mode);
    };
    assert_eq!(
        purpose,
        Purpose::Join {
            seat: 4,
            name: "Ann".into()
        }
    );
    assert_eq!(amount, 160);
    s.handle(press(Button::Minus), secs(4.0));
    s.handle(press(Button::Ok), secs(5.0));
    let ann = s.night().table().player(4).expect("Ann in seat 5");
    assert_eq!((&*ann.name, ann.stack), ("Ann", 156));
    // Her card again: her menu (top up, sit out, cash out); cash out.
    s.handle(tap("04:00:00:01"), secs(6.0));
    assert_eq!(
        s.controller().mode,
        Mode::Dialog(Dialog::PlayerMenu { seat: 4, item: 0 })
    );
    s.handle(press(Button::Minus), secs(7.0));
    s.handle(press(Button::Ok), secs(8.0));
    // Issue 32: the screen names who and how much; one more OK pays out.
    assert!(s.night().table().player(4).is_some(), "asks first");
    s.handle(press(Button::Ok), secs(8.5));
    assert!(s.night().table().player(4).is_none(), "cashed out");
    let ledger = s.night().table().ledger().by_player();
    assert!(
        ledger.contains(&("Ann".to_string(), 156, 156)),
        "{ledger:?}"
    );
}

#[test]
fn m1_a_buy_in_never_leaves_the_house_range() {
    let mut s = table();
    s.handle(tap("04:00:00:02"), secs(1.0));
    s.handle(press(Button::Ok), secs(1.0));
    for _ in 0..100 {
        s.handle(long(Button::Minus), secs(1.0));
    }
    let Mode::Dialog(Dialog::Amount { amount, .. }) = s.controller().mode.clone() else {
        panic!("amount dialog");
    };
    assert_eq!(amount, 40, "H2's $10 minimum");
    for _ in 0..100 {
        s.handle(press(Button::Plus), secs(1.0));
    }
    let Mode::Dialog(Dialog::Amount { amount, .. }) = s.controller().mode.clone() else {
        panic!("amount dialog");
    };
    assert_eq!(amount, 160, "H2's $40 maximum");
}

#[test]
fn an_unknown_card_is_named_by_its_uid() {
    let mut s = table();
    s.handle(tap("de:ad:be:ef"), secs(1.0));
    let msg = s.message().unwrap_or_default().to_string();
    assert!(msg.contains("DE:AD:BE:EF"), "{msg}");
    assert!(s
        .take_notices()
        .iter()
        .any(|n| n.text.contains("DE:AD:BE:EF")));
}

#[test]
fn s2_d2_command_cards_bomb_next_and_misdeal() {
    let mut s = table();
    s.handle(tap("04:00:00:10"), secs(1.0));
    assert_eq!(s.night().table().bombs_left(), 1, "S2: next hand is a bomb");
    s.handle(press(Button::Ok), secs(2.0));
    s.handle(tap("04:00:00:11"), secs(3.0));
    let hand = s.night().table().hand().expect("a hand");
    assert_eq!(hand.state().phase(), Phase::Voided, "D2: misdeal");
}

#[test]
fn host_actions_need_the_host_card_and_lock_again() {
    let mut s = table();
    // The menu's last item is "Host...": without the card it is refused.
    s.handle(long(Button::Ok), secs(1.0));
    s.handle(press(Button::Minus), secs(1.0));
    s.handle(press(Button::Ok), secs(1.0));
    assert_eq!(s.controller().mode, Mode::Main);
    assert!(!s.host_unlocked());
    s.handle(tap("04:00:00:00"), secs(2.0));
    assert!(s.host_unlocked());
    assert_eq!(s.controller().mode, Mode::Dialog(Dialog::HostMenu(0)));
    // 60 s unlock by default; the screen warns for the last 10.
    assert_eq!(s.next_wake(), Some(secs(52.0)));
    s.tick(secs(52.0));
    assert_eq!(s.view().host, Some(10));
    assert!(crate::night::shows(&s.frame(), "host 10s"));
    assert_eq!(s.next_wake(), Some(secs(53.0)));
    s.tick(secs(62.0));
    assert!(!s.host_unlocked());
    // Issue 10: the dialog closes with a message, and the OK the host meant
    // for it does not deal a hand.
    assert!(matches!(
        s.controller().screen(&s.view()),
        Screen::Acknowledge(_)
    ));
    s.handle(press(Button::Ok), secs(63.0));
    assert_eq!(s.night().table().hands_dealt(), 0, "no hand was dealt");
    assert_eq!(s.controller().mode, Mode::Main, "the host menu closed");
}

/// The host card, then "correct a stack" (the host menu's second item) for
/// the first seat (Cat), one step down, not yet confirmed.
fn start_stack_correction(s: &mut Stored, at: f64) {
    s.handle(tap("04:00:00:00"), secs(at));
    for b in [Button::Plus, Button::Ok, Button::Ok, Button::Minus] {
        s.handle(press(b), secs(at));
    }
}

#[test]
fn the_host_corrects_a_stack_moves_a_player_and_ends_the_session() {
    let mut s = table();
    start_stack_correction(&mut s, 1.0);
    // OK the amount, then OK "money out" (issue 24: what the difference is).
    s.handle(press(Button::Ok), secs(1.0));
    s.handle(press(Button::Ok), secs(1.0));
    assert_eq!(s.night().table().player(0).map(|p| p.stack), Some(156));
    // Move a player: first item, Cat, to the first empty seat (seat 4).
    s.handle(tap("04:00:00:00"), secs(2.0));
    s.handle(press(Button::Ok), secs(2.0));
    s.handle(press(Button::Ok), secs(2.0));
    s.handle(press(Button::Ok), secs(2.0));
    assert_eq!(s.night().table().player(3).map(|p| &*p.name), Some("Cat"));
    // End the session: fifth item, then OK to confirm.
    s.handle(tap("04:00:00:00"), secs(3.0));
    for _ in 0..4 {
        s.handle(press(Button::Plus), secs(3.0));
    }
    s.handle(press(Button::Ok), secs(3.0));
    assert_eq!(s.controller().mode, Mode::Dialog(Dialog::ConfirmEnd));
    s.handle(press(Button::Ok), secs(3.0));
    let t = s.night().table();
    assert!(t.ended());
    assert!(t.seats().iter().all(Option::is_none), "everyone cashed out");
    assert_eq!(s.controller().mode, Mode::Ledger);
    // M5: what came in went out, less the $1 correction.
    assert_eq!(t.ledger().money_in() - t.ledger().money_out(), 0);
    // Once the host's unlock has run out, Undo cannot reopen the night: a
    // host action is only the host's to take back.
    s.tick(secs(100.0));
    assert!(!s.host_unlocked());
    for _ in 0..3 {
        s.handle(press(Button::Undo), secs(100.0));
    }
    assert!(s.night().table().ended(), "still ended");
    let msg = s.message().unwrap_or_default().to_string();
    assert!(msg.contains("only the host"), "{msg}");
    // The host, with the card, can.
    s.handle(tap("04:00:00:00"), secs(101.0));
    // Undo first backs out of the host menu the card opened, then names the
    // end of the night, and OK takes it back (issue 22).
    s.handle(press(Button::Undo), secs(101.0));
    s.handle(press(Button::Undo), secs(101.0));
    assert!(s.night().table().ended(), "not before OK");
    s.handle(press(Button::Ok), secs(101.0));
    assert!(s.host_unlocked());
    assert!(!s.night().table().ended(), "the host took the end back");
}

#[test]
fn a_bad_rules_file_keeps_the_old_rules_and_says_where() {
    let mut s = table();
    let bad = h2().replace("seats = 8", "seats = 80");
    s.handle(Input::Reload(RulesSource::file("h2.toml", bad)), secs(1.0));
    let msg = s.message().unwrap_or_default().to_string();
    assert!(msg.contains("h2.toml:") && msg.contains("seats"), "{msg}");
    assert_eq!(s.night().rules().house.seats, 8);
    assert!(s
        .take_notices()
        .iter()
        .any(|n| n.text.contains("rules not reloaded")));
}

#[test]
fn new_rules_wait_for_the_hand_to_end() {
    let mut s = table();
    s.handle(press(Button::Ok), secs(1.0));
    let renamed = h2().replace("H2 Pat's home game", "Pat's, reloaded");
    s.handle(
        Input::Reload(RulesSource::file("h2.toml", renamed)),
        secs(2.0),
    );
    assert_eq!(s.night().rules().house.name, "H2 Pat's home game");
    // A misdeal ends the hand (D2); the rules land.
    s.handle(tap("04:00:00:11"), secs(3.0));
    assert!(!s.night().table().in_hand(), "{:?}", s.controller());
    assert_eq!(s.night().rules().house.name, "Pat's, reloaded");
    // A reload is an event, the host's: the dealer's Undo does not take it
    // back (issue 10), the host's does.
    // (Undo names it first and OK confirms, issue 22.)
    s.handle(press(Button::Undo), secs(4.0));
    s.handle(press(Button::Ok), secs(4.0));
    assert_eq!(s.night().rules().house.name, "Pat's, reloaded");
    s.handle(tap("04:00:00:00"), secs(5.0));
    s.handle(press(Button::Undo), secs(5.0));
    s.handle(press(Button::Undo), secs(5.0));
    s.handle(press(Button::Ok), secs(5.0));
    assert_eq!(s.night().rules().house.name, "H2 Pat's home game");
}

#[test]
fn a_resumed_night_keeps_its_reloaded_rules() {
    let dir = std::env::temp_dir().join(format!("dealerd-session-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let storage = Storage {
        journal: Some(dir.join("journal.jsonl")),
        history: None,
        ledger: None,
    };
    let renamed = h2().replace("H2 Pat's home game", "Pat's, reloaded");
    {
        let mut s = Stored::open(&RulesSource::file("h2.toml", h2()), &storage).expect("opens");
        s.handle(
            Input::Reload(RulesSource::file("h2.toml", renamed.clone())),
            secs(1.0),
        );
        assert_eq!(s.night().rules().house.name, "Pat's, reloaded");
    }
    // Restarted with the file as it now reads: nothing to reload.
    let s = Stored::open(&RulesSource::file("h2.toml", &renamed), &storage).expect("resumes");
    assert_eq!(s.night().rules().house.name, "Pat's, reloaded");
    assert_eq!(s.night().events().len(), 1);
    // One writer at a time.
    drop(s);
    // Restarted with the original file: the journal's rules, then a reload.
    let s = Stored::open(&RulesSource::file("h2.toml", h2()), &storage).expect("resumes");
    assert_eq!(s.night().rules().house.name, "H2 Pat's home game");
    assert_eq!(s.night().events().len(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn d3_a_longer_house_clock_counts_from_its_own_length() {
    let text = h2().replace("seconds = 60", "seconds = 120");
    let mut s =
        Stored::open(&RulesSource::file("h2.toml", &text), &Storage::default()).expect("opens");
    for (seat, name) in ["Cat", "Dan", "Eve"].iter().enumerate() {
        s.handle(
            Input::Table(TableEvent::Join {
                seat,
                name: name.to_string(),
                buy_in: 160,
            }),
            Duration::ZERO,
        );
    }
    s.handle(press(Button::Ok), secs(1.0));
    s.handle(tap("04:00:00:13"), secs(1.0));
    assert_eq!(s.clock_left(), Some(120));
    let at_start = s.frame();
    s.tick(secs(60.0));
    assert_eq!(s.clock_left(), Some(61));
    // 2:00 and 1:01 are different pictures (a clock cut at 60 s showed 1:00 twice).
    assert_ne!(at_start, s.frame());
    s.tick(secs(121.0));
    assert_eq!(s.clock_left(), None, "ran out at 120 s, not 60");
}

/// Issue 10: "Opening amount entry means the player has acted: the clock
/// stops there (and goes on if the entry is cancelled), and stays visible
/// during entry." (D3)
#[test]
fn d3_amount_entry_stops_the_clock_and_a_cancel_lets_it_run_on() {
    let mut s = table();
    s.handle(press(Button::Ok), secs(1.0));
    let seat = to_act(&s).expect("pre-flop action");
    s.handle(tap("04:00:00:13"), secs(10.0));
    assert_eq!(s.clock_left(), Some(60));
    // 50 s in, the dealer opens entry for the raise the player announced.
    s.handle(press(Button::BetRaise), secs(60.0));
    assert!(matches!(s.controller().screen(&s.view()), Screen::Entry(_)));
    assert_eq!(s.view().clock.map(|c| (c.left, c.paused)), Some((10, true)));
    assert!(
        crate::night::shows(&s.frame(), "10s"),
        "the clock stays visible"
    );
    assert_eq!(s.next_wake(), None, "a waiting clock wakes nobody");
    // Long past the minute: nothing is folded, the entry is still open.
    s.tick(secs(200.0));
    assert!(!folded(&s, seat));
    assert!(matches!(s.controller().mode, Mode::Entry(_)));
    // Cancelled: the clock goes on from 10 s.
    s.handle(press(Button::Fold), secs(200.0));
    assert_eq!(s.controller().mode, Mode::Main);
    assert!(!folded(&s, seat), "leaving entry is not a fold");
    assert_eq!(
        s.view().clock.map(|c| (c.left, c.paused)),
        Some((10, false))
    );
    s.tick(secs(209.5));
    assert!(!folded(&s, seat));
    s.tick(secs(210.0));
    assert!(folded(&s, seat), "the ten seconds left ran out");
}

/// Issue 10: the raise entered for the player on the clock is recorded for
/// that player, however long the entry took; the clock goes with it.
#[test]
fn d3_a_raise_entered_under_the_clock_is_the_clocked_players() {
    let mut s = table();
    s.handle(press(Button::Ok), secs(1.0));
    let seat = to_act(&s).expect("pre-flop action");
    s.handle(tap("04:00:00:13"), secs(10.0));
    s.handle(press(Button::BetRaise), secs(69.0));
    s.tick(secs(75.0));
    s.handle(press(Button::Ok), secs(80.0));
    let hand = s.night().table().live_hand().expect("a hand");
    let hs = hand.hand_seat(seat).expect("dealt in");
    assert!(!hand.state().seats()[hs].folded);
    assert!(
        matches!(
            s.night().events().last(),
            Some(TableEvent::Hand(Event::Act(h, Action::BetRaiseTo(_)))) if *h == hs
        ),
        "the raise is the clocked player's: {:?}",
        s.night().events().last()
    );
    assert_eq!(s.clock_left(), None, "the clock went with the action");
    assert_ne!(to_act(&s), Some(seat));
}

/// Issue 10: after a time-up fold, no press meant for one player lands on
/// another: a raise half-entered from the menu is not carried over.
#[test]
fn d3_after_a_time_up_fold_the_next_presses_only_acknowledge() {
    let mut s = table();
    s.handle(press(Button::Ok), secs(1.0));
    let first = to_act(&s).expect("action");
    s.handle(tap("04:00:00:13"), secs(2.0));
    // The dealer wanders into the menu while the clock runs.
    s.handle(long(Button::Ok), secs(30.0));
    s.tick(secs(62.0));
    assert!(folded(&s, first));
    let frame = s.frame();
    assert!(crate::night::shows(&frame, "TIME"), "{frame:?}");
    let events = s.night().events().len();
    // The OK the dealer meant for the menu only acknowledges.
    s.handle(press(Button::Ok), secs(63.0));
    assert_eq!(s.night().events().len(), events);
    assert_eq!(s.controller().mode, Mode::Main, "the menu is gone too");
    // A card tapped before the acknowledgement waits for it.
    let mut s2 = table();
    s2.handle(press(Button::Ok), secs(1.0));
    s2.handle(tap("04:00:00:13"), secs(2.0));
    s2.tick(secs(62.0));
    s2.handle(tap("04:00:00:10"), secs(63.0));
    assert_eq!(s2.night().table().bombs_left(), 0, "the bomb card waited");
    assert!(s2.ack().is_some());
}

/// Issue 10: "The unlock extends while the host keeps pressing."
#[test]
fn the_host_unlock_extends_while_the_host_presses() {
    let mut s = table();
    s.handle(tap("04:00:00:00"), secs(0.0));
    for t in [30.0, 60.0, 90.0, 115.0] {
        s.handle(press(Button::Plus), secs(t));
    }
    s.tick(secs(170.0));
    assert!(s.host_unlocked(), "60 s from the last press");
    assert!(matches!(
        s.controller().mode,
        Mode::Dialog(Dialog::HostMenu(_))
    ));
    s.tick(secs(175.0));
    assert!(!s.host_unlocked());
}

/// Issue 10: "when it ends mid-dialog the dialog closes with a message and
/// the next OK does nothing it was not meant to."
#[test]
fn a_host_correction_left_open_closes_when_the_unlock_ends() {
    let mut s = table();
    start_stack_correction(&mut s, 0.0);
    assert!(matches!(
        s.controller().mode,
        Mode::Dialog(Dialog::Amount {
            purpose: Purpose::SetStack { .. },
            ..
        })
    ));
    s.tick(secs(61.0));
    let frame = s.frame();
    assert!(crate::night::shows(&frame, "HOST LOCKED"), "{frame:?}");
    let events = s.night().events().len();
    s.handle(press(Button::Ok), secs(62.0));
    assert_eq!(s.night().events().len(), events, "no correction, no hand");
    assert_eq!(s.night().table().player(0).map(|p| p.stack), Some(160));
    s.handle(press(Button::Ok), secs(63.0));
    assert_eq!(s.night().table().hands_dealt(), 1, "now OK deals, as shown");
}

/// Issue 10: "A host card that flickers at the edge of the reader must not
/// reopen the menu and lose the dialog in progress."
#[test]
fn a_flickering_host_card_keeps_the_dialog_in_progress() {
    let mut s = table();
    start_stack_correction(&mut s, 0.0);
    let open = s.controller().mode.clone();
    for t in [1.1, 1.2, 1.3] {
        s.handle(tap("04:00:00:00"), secs(t));
    }
    assert_eq!(s.controller().mode, open, "the correction is still open");
    // OK the amount, then OK "money out" (issue 24: what the difference is).
    s.handle(press(Button::Ok), secs(2.0));
    s.handle(press(Button::Ok), secs(2.0));
    assert_eq!(s.night().table().player(0).map(|p| p.stack), Some(156));
    // On the table's own screen the card opens the host menu again.
    s.handle(tap("04:00:00:00"), secs(3.0));
    assert_eq!(s.controller().mode, Mode::Dialog(Dialog::HostMenu(0)));
}

/// Each press's record is said in the log as a dealer would say it, and so
/// is what undo took back and who took a pot nobody showed down for.
#[test]
fn the_log_says_what_each_press_recorded() {
    let mut s = table();
    s.handle(press(Button::Ok), secs(1.0));
    let _ = s.take_notices();
    let first = to_act(&s).expect("action");
    let name = s
        .night()
        .table()
        .player(first)
        .expect("seated")
        .name
        .clone();
    s.handle(press(Button::Fold), secs(2.0));
    s.handle(press(Button::Undo), secs(3.0));
    s.handle(press(Button::BetRaise), secs(4.0));
    s.handle(press(Button::Ok), secs(4.0));
    let said: Vec<String> = s.take_notices().into_iter().map(|n| n.text).collect();
    assert_eq!(said[0], format!("{name} folds"));
    assert_eq!(said[1], format!("undo: {name} folds"));
    assert!(
        said[2].starts_with(&format!("{name} raises to ")),
        "{said:?}"
    );
    // Everyone else folds: the last fold says who won the pot.
    s.handle(press(Button::Fold), secs(5.0));
    s.handle(press(Button::Fold), secs(6.0));
    let said: Vec<String> = s.take_notices().into_iter().map(|n| n.text).collect();
    let last = said
        .iter()
        .rev()
        .find(|t| t.contains(" folds"))
        .expect("a fold");
    assert!(last.contains(&format!(": {name} wins ")), "{said:?}");
}

/// Issue 12: the default's own file is a file like any other; only the
/// default compiled in has no file to reload (the name used to tell them
/// apart, and `config/default.toml` was taken for the embedded one).
#[test]
fn the_default_rules_read_from_their_file_reload_from_it() {
    let path = std::path::Path::new("config/default.toml");
    let rules = dealerd::daemon::store::read_rules(path).expect("the file");
    let mut s = Stored::open(&rules, &Storage::default()).expect("opens");
    s.handle(Input::ReloadFile, secs(1.0));
    assert_eq!(s.message(), Some("rules unchanged"));
    assert_eq!(s.rules_in_force(), rules);

    let mut s = Stored::open(&RulesSource::embedded(), &Storage::default()).expect("opens");
    s.handle(Input::ReloadFile, secs(1.0));
    assert_eq!(
        s.message(),
        Some("the embedded default rules have no file to reload")
    );
}

/// H1 with Ann, Bob and Cat seated, the button on Cat, and `game` chosen;
/// the night and its hand histories kept in `dir`.
fn h1_playing(dir: &std::path::Path, game: &str) -> Stored {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/config/houses/h1-dealers-choice.toml"
    );
    let text = std::fs::read_to_string(path).expect("h1");
    let store = crate::common::storage(dir);
    let mut s = Stored::open(&RulesSource::file("h1.toml", text), &store).expect("opens");
    for (seat, name) in ["Ann", "Bob", "Cat"].iter().enumerate() {
        let join = TableEvent::Join {
            seat,
            name: name.to_string(),
            buy_in: 80,
        };
        s.handle(Input::Table(join), Duration::ZERO);
    }
    s.handle(
        Input::Table(TableEvent::SetButton { seat: 2 }),
        Duration::ZERO,
    );
    choose(&mut s, game);
    s
}

fn choose(s: &mut Stored, game: &str) {
    let rules = s.night().rules();
    let game = rules.games.iter().position(|g| g.name == game);
    let game = game.expect("the game");
    s.handle(
        Input::Table(TableEvent::ChooseGame { game }),
        Duration::ZERO,
    );
}

/// Issue 35: the log's lines say what each press did and nothing more.
/// A hand's result belongs to the press that ended it, not to the deal of
/// the next (a Guts hand used to be logged "hand 2 dealt: Bob wins 1.50"),
/// and a Guts hand has no history because PHH has no form for it, said
/// once it is over, not "a misdeal" as it is dealt.
#[test]
fn g8_the_log_gives_a_result_to_its_own_hand_and_a_guts_hand_no_misdeal() {
    let dir = crate::common::fresh_dir("session", "guts-log");
    let mut s = h1_playing(&dir, "Texas hold'em");
    s.handle(press(Button::Ok), secs(1.0));
    s.handle(press(Button::Fold), secs(2.0));
    s.handle(press(Button::Fold), secs(3.0));
    let said: Vec<String> = s.take_notices().into_iter().map(|n| n.text).collect();
    assert!(
        said.last()
            .is_some_and(|l| l.contains(" folds: ") && l.contains(" wins ")),
        "{said:?}"
    );
    assert!(!s.night().table().in_hand(), "{said:?}");

    choose(&mut s, "Guts");
    s.handle(press(Button::Ok), secs(4.0));
    let said: Vec<String> = s.take_notices().into_iter().map(|n| n.text).collect();
    assert!(s.night().table().guts().round.is_some(), "{said:?}");
    assert!(said.iter().any(|l| l == "hand 2 dealt"), "{said:?}");
    assert!(!said.iter().any(|l| l.contains("wins")), "{said:?}");
    assert!(!said.iter().any(|l| l.contains("hand history")), "{said:?}");

    // Everyone calls out: the hand is over, and the log says why it has no
    // history, once.
    while let Some(seat) = s.night().table().guts_to_call() {
        let call = TableEvent::GutsCall {
            seat,
            stays_in: false,
        };
        s.handle(Input::Table(call), secs(5.0));
    }
    s.handle(
        Input::Table(TableEvent::GutsShowdown { best: vec![] }),
        secs(6.0),
    );
    assert!(!s.night().table().in_hand());
    let said: Vec<String> = s.take_notices().into_iter().map(|n| n.text).collect();
    let why: Vec<&String> = said.iter().filter(|l| l.contains("hand history")).collect();
    assert_eq!(
        why,
        ["hand 2: no hand history: PHH has no form for a Guts or lives hand"],
        "{said:?}"
    );
    // Hand 1's history is hand 1's alone: none was written for hand 2.
    assert!(dir.join("hands").read_dir().expect("hands").count() == 1);
    drop(s);
    let _ = std::fs::remove_dir_all(dir);
}
