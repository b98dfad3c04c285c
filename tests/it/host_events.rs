//! The host's table events: `Rules` (a reload), `MoveSeat`, `SetStack` and
//! `EndSession`. Each one's acceptance, each refusal with its message, undo
//! of each, and a journal of a night holding all four replayed from a file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use dealerd::engine::{Action, Event};
use dealerd::journal::{night_from, Header, Journal, Record};
use dealerd::rules::{self, HouseRules};
use dealerd::table::{EntryKind, Night, Status, TableError, TableEvent};

fn default_rules() -> Arc<HouseRules> {
    Arc::new(rules::load_str("config/default.toml", rules::DEFAULT_TOML).expect("default"))
}

fn house_text(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("config/houses/{name}.toml"));
    std::fs::read_to_string(path).expect("house file")
}

fn house(name: &str) -> Arc<HouseRules> {
    Arc::new(rules::load_str(name, &house_text(name)).expect("house rules"))
}

/// The default rules with blinds 2/4 and `seats` seats.
fn bigger_blinds(seats: u8) -> String {
    rules::DEFAULT_TOML
        .replace("seats = 9", &format!("seats = {seats}"))
        .replace("blinds = [1, 2]", "blinds = [2, 4]")
}

fn reload(text: &str) -> TableEvent {
    TableEvent::Rules {
        source: "new.toml".into(),
        text: text.into(),
    }
}

fn ok(night: &mut Night, event: TableEvent) {
    if let Err(e) = night.apply(event.clone()) {
        panic!("{event:?}: {e}");
    }
}

fn refused(night: &mut Night, event: TableEvent) -> TableError {
    let before = night.events().len();
    let ledger = night.table().ledger().clone();
    let err = night.apply(event).expect_err("refused");
    assert_eq!(night.events().len(), before);
    assert_eq!(night.table().ledger(), &ledger, "a refusal moved money");
    err
}

fn join(night: &mut Night, seat: usize, name: &str, buy_in: u64) {
    ok(
        night,
        TableEvent::Join {
            seat,
            name: name.into(),
            buy_in,
        },
    );
}

/// Ann, Bob and Cat in seats 1–3 with 100 each, the button on Ann.
fn three() -> Night {
    let mut night = Night::new(default_rules());
    for (seat, name) in ["Ann", "Bob", "Cat"].into_iter().enumerate() {
        join(&mut night, seat, name, 100);
    }
    ok(&mut night, TableEvent::SetButton { seat: 0 });
    night
}

/// Everyone folds to the big blind (or checks when folding is not offered).
fn fold_around(night: &mut Night) {
    while let Some(h) = night.table().hand().filter(|h| !h.settled) {
        let state = h.state();
        let event = match state.legal_actions() {
            Some(l) if l.fold => Event::Act(l.seat, Action::Fold),
            Some(l) => Event::Act(l.seat, Action::CheckCall),
            None => Event::Deal,
        };
        ok(night, TableEvent::Hand(event));
    }
}

fn m5_holds(night: &Night) {
    let t = night.table();
    assert_eq!(
        t.chips_on_table(),
        t.ledger().money_in() - t.ledger().money_out(),
        "M5"
    );
}

// ---------------------------------------------------------------- Rules

#[test]
fn rules_reload_between_hands_deals_the_next_hand_under_the_new_rules() {
    let mut night = three();
    ok(&mut night, TableEvent::NewHand);
    fold_around(&mut night);
    ok(&mut night, reload(&bigger_blinds(9)));
    assert_eq!(night.table().rules().games[0].blinds, vec![2, 4]);
    assert_eq!(night.rules().games[0].blinds, vec![2, 4]);
    assert_eq!(night.initial_rules().games[0].blinds, vec![1, 2]);
    ok(&mut night, TableEvent::NewHand);
    let posts: u64 = night
        .table()
        .hand()
        .expect("hand")
        .state()
        .seats()
        .iter()
        .map(|s| s.committed)
        .sum();
    assert_eq!(posts, 6, "blinds 2 and 4");
    m5_holds(&night);

    let json = serde_json::to_string(&reload("x")).expect("json");
    assert_eq!(json, r#"{"type":"rules","source":"new.toml","text":"x"}"#);
}

#[test]
fn rules_a_bad_text_is_refused_with_every_diagnostic_located() {
    let mut night = three();
    let bad = rules::DEFAULT_TOML
        .replace("seats = 9", "seats = 42")
        .replace("buy_in_min = 40", "buy_in_min = 400");
    let err = refused(&mut night, reload(&bad));
    assert!(matches!(err, TableError::Rules(_)), "{err:?}");
    let msg = err.to_string();
    let lines: Vec<&str> = msg.lines().collect();
    assert_eq!(lines.len(), 2, "{msg}");
    assert!(
        lines[0].starts_with("new.toml:12:9: seats = 42 is outside 2–10"),
        "{msg}"
    );
    assert!(
        lines[1].starts_with("new.toml:23:14: max buy-in 200 is under the min buy-in 400"),
        "{msg}"
    );
    assert_eq!(night.rules().house.seats, 9);
}

#[test]
fn rules_are_refused_during_a_hand() {
    let mut night = three();
    ok(&mut night, TableEvent::NewHand);
    let err = refused(&mut night, reload(&bigger_blinds(9)));
    assert_eq!(err, TableError::HandInProgress);
    assert_eq!(
        err.to_string(),
        "not during a hand: finish or void the hand first"
    );
}

fn h1_night() -> Night {
    let mut night = Night::new(house("h1-dealers-choice"));
    for (seat, name) in ["Ann", "Bob", "Cat"].into_iter().enumerate() {
        join(&mut night, seat, name, 80);
    }
    ok(&mut night, TableEvent::SetButton { seat: 2 });
    night
}

fn choose(night: &mut Night, game: &str) {
    let game = night
        .rules()
        .games
        .iter()
        .position(|g| g.name == game)
        .expect("game");
    ok(night, TableEvent::ChooseGame { game });
}

#[test]
fn g8_rules_and_the_end_of_the_night_wait_for_a_carried_guts_pot() {
    let mut night = h1_night();
    choose(&mut night, "Guts");
    ok(&mut night, TableEvent::NewHand);
    for seat in 0..3 {
        ok(
            &mut night,
            TableEvent::GutsCall {
                seat,
                stays_in: false,
            },
        );
    }
    ok(&mut night, TableEvent::GutsShowdown { best: vec![] });
    assert!(night.table().guts().pot > 0 && !night.table().in_hand());
    let err = refused(&mut night, reload(rules::DEFAULT_TOML));
    assert_eq!(
        err.to_string(),
        "the Guts pot carries over: play its final hand before changing the rules (G8)"
    );
    let err = refused(&mut night, TableEvent::EndSession);
    assert_eq!(
        err.to_string(),
        "the Guts pot carries over: play its final hand before ending the night (G8)"
    );
}

#[test]
fn g9_rules_and_the_end_of_the_night_wait_for_a_lives_game() {
    let mut night = h1_night();
    choose(&mut night, "Liar's poker");
    ok(&mut night, TableEvent::NewHand);
    let err = refused(&mut night, reload(rules::DEFAULT_TOML));
    assert_eq!(
        err.to_string(),
        "a lives game is being played: finish it before changing the rules (G9)"
    );
    let err = refused(&mut night, TableEvent::EndSession);
    assert_eq!(
        err.to_string(),
        "a lives game is being played: finish it before ending the night (G9)"
    );
}

#[test]
fn t1_t2_t6_fewer_seats_are_refused_while_a_vanishing_seat_is_taken_then_resize() {
    let mut night = three();
    join(&mut night, 8, "Dan", 100);
    ok(&mut night, TableEvent::SetButton { seat: 8 });
    ok(&mut night, TableEvent::NewHand);
    fold_around(&mut night);
    let err = refused(&mut night, reload(&bigger_blinds(6)));
    assert_eq!(err, TableError::SeatGone { seat: 8, seats: 6 });
    assert_eq!(
        err.to_string(),
        "seat 9 is taken and the new rules have only 6 seats: move or cash out the player first"
    );
    ok(&mut night, TableEvent::Leave { seat: 8 });
    ok(&mut night, reload(&bigger_blinds(6)));
    assert_eq!(night.table().seats().len(), 6);
    // T2: the button was on seat 9, past the new end; it moves on to seat 1.
    ok(&mut night, TableEvent::NewHand);
    assert_eq!(night.table().hand().expect("hand").button, 0);
    fold_around(&mut night);
    m5_holds(&night);
    // T6: a button the draw fixed on a seat that is gone does not stay on
    // the new last seat; it moves on to seat 1.
    let mut night = three();
    join(&mut night, 5, "Dan", 100);
    join(&mut night, 8, "Eve", 100);
    ok(&mut night, TableEvent::SetButton { seat: 8 });
    ok(&mut night, TableEvent::Leave { seat: 8 });
    ok(&mut night, reload(&bigger_blinds(6)));
    ok(&mut night, TableEvent::NewHand);
    assert_eq!(night.table().hand().expect("hand").button, 0);
    fold_around(&mut night);
    // More seats: the new ones are there to sit in.
    ok(&mut night, reload(rules::DEFAULT_TOML));
    assert_eq!(night.table().seats().len(), 9);
    join(&mut night, 8, "Eve", 100);
}

#[test]
fn rules_without_the_current_game_reset_it_to_the_first() {
    let mut night = Night::new(house("h3-ocean-view"));
    let last = night.rules().games.len() - 1;
    assert!(last > 0);
    ok(&mut night, TableEvent::ChooseGame { game: last });
    ok(&mut night, reload(rules::DEFAULT_TOML));
    assert_eq!(night.table().game(), 0);
    // A game index still in range is kept.
    let mut night = Night::new(house("h3-ocean-view"));
    ok(&mut night, TableEvent::ChooseGame { game: 1 });
    ok(&mut night, reload(&house_text("h0-pot-limit-home")));
    assert_eq!(night.table().game(), 1);
}

#[test]
fn d5_undo_of_a_reload_gives_the_rules_in_force_on_each_side_of_it() {
    let mut night = three();
    // A hand before the reload, so a checkpoint holds the old rules.
    ok(&mut night, TableEvent::NewHand);
    fold_around(&mut night);
    let before = night.events().len();
    ok(&mut night, reload(&bigger_blinds(7)));
    // And one after, so a checkpoint holds the new rules.
    ok(&mut night, TableEvent::NewHand);
    let first = night
        .table()
        .hand()
        .and_then(|h| h.state().to_act())
        .expect("someone to act");
    ok(
        &mut night,
        TableEvent::Hand(Event::Act(first, Action::Fold)),
    );
    let new_rules = Arc::clone(night.rules());
    assert_eq!(new_rules.house.seats, 7);

    // Undo after the reload (refolded from the checkpoint under new rules).
    night.undo().expect("undo the fold");
    assert_eq!(night.rules(), &new_rules);
    night.undo().expect("undo the deal");
    assert_eq!(night.rules(), &new_rules);
    assert_eq!(night.table().seats().len(), 7);
    // Undo the reload itself (refolded from the old-rules checkpoint).
    assert!(matches!(night.undo(), Some(TableEvent::Rules { .. })));
    assert_eq!(night.events().len(), before);
    assert_eq!(night.rules(), night.initial_rules());
    assert_eq!(night.table().seats().len(), 9);
    assert_eq!(night.rules().games[0].blinds, vec![1, 2]);
    // All the way back: from the start, under the initial rules.
    while night.undo().is_some() {}
    assert_eq!(night.rules(), night.initial_rules());
}

#[test]
fn d5_undo_of_a_reload_refolded_from_the_start() {
    // No hand dealt, so no checkpoint: undo refolds from `Table::new`.
    let mut night = three();
    ok(&mut night, reload(&bigger_blinds(9)));
    join(&mut night, 5, "Dan", 100);
    night.undo().expect("undo the join");
    assert_eq!(night.rules().games[0].blinds, vec![2, 4]);
    night.undo().expect("undo the reload");
    assert_eq!(night.rules().games[0].blinds, vec![1, 2]);
}

// ---------------------------------------------------------------- MoveSeat

#[test]
fn t5_a_move_takes_the_stack_status_and_missed_blinds_along() {
    let mut night = three();
    join(&mut night, 3, "Dan", 100);
    ok(&mut night, TableEvent::SitOut { seat: 3 });
    for _ in 0..3 {
        ok(&mut night, TableEvent::NewHand);
        fold_around(&mut night);
    }
    let dan = night.table().player(3).expect("Dan").clone();
    assert_eq!(dan.status, Status::SittingOut);
    assert!(dan.missed_big && dan.missed_small, "{dan:?}");
    let ledger = night.table().ledger().clone();
    ok(&mut night, TableEvent::MoveSeat { from: 3, to: 6 });
    assert!(night.table().player(3).is_none());
    assert_eq!(night.table().player(6), Some(&dan));
    assert_eq!(night.table().ledger(), &ledger);
    m5_holds(&night);
    // D5: undo puts Dan back.
    night.undo().expect("undo");
    assert_eq!(night.table().player(3), Some(&dan));
    assert!(night.table().player(6).is_none());
}

#[test]
fn a_move_is_refused_during_a_hand_from_an_empty_seat_or_to_a_taken_one() {
    let mut night = three();
    let cases = [
        (TableEvent::MoveSeat { from: 4, to: 5 }, "seat 5 is empty"),
        (TableEvent::MoveSeat { from: 0, to: 1 }, "seat 2 is taken"),
        (TableEvent::MoveSeat { from: 0, to: 0 }, "seat 1 is taken"),
        (
            TableEvent::MoveSeat { from: 0, to: 9 },
            "seat 10 does not exist (the table has 9)",
        ),
        (
            TableEvent::MoveSeat { from: 11, to: 4 },
            "seat 12 does not exist (the table has 9)",
        ),
    ];
    for (event, msg) in cases {
        assert_eq!(refused(&mut night, event).to_string(), msg);
    }
    ok(&mut night, TableEvent::NewHand);
    let err = refused(&mut night, TableEvent::MoveSeat { from: 0, to: 5 });
    assert_eq!(err, TableError::HandInProgress);
}

#[test]
fn s1_a_leg_moves_with_its_player() {
    let mut night = Night::new(house("h0-pot-limit-home"));
    let buy_in = night.rules().buy_in(0).0.expect("H0 buy-in");
    for (seat, name) in ["Ann", "Bob", "Cat", "Dan"].into_iter().enumerate() {
        join(&mut night, seat, name, buy_in);
    }
    ok(&mut night, TableEvent::SetButton { seat: 0 });
    ok(&mut night, TableEvent::StartKillOrbit);
    ok(&mut night, TableEvent::NewHand);
    fold_around(&mut night);
    // Everyone folded to Cat's big blind: a walk is a leg.
    assert_eq!(night.table().kill().leg(), Some(2));
    ok(&mut night, TableEvent::MoveSeat { from: 2, to: 7 });
    assert_eq!(night.table().kill().leg(), Some(7));
}

// ---------------------------------------------------------------- SetStack

#[test]
fn m5_a_stack_correction_is_booked_in_and_out_so_the_night_balances() {
    let mut night = three();
    ok(&mut night, TableEvent::NewHand);
    fold_around(&mut night);
    // Cat took Bob's small blind: say the pot went to Bob by mistake.
    let (bob, cat) = (99, 101);
    assert_eq!(night.table().player(1).expect("Bob").stack, bob);
    assert_eq!(night.table().player(2).expect("Cat").stack, cat);
    ok(&mut night, TableEvent::SetStack { seat: 2, stack: 90 });
    ok(
        &mut night,
        TableEvent::SetStack {
            seat: 1,
            stack: 112,
        },
    );
    m5_holds(&night);
    let l = night.table().ledger();
    let kinds: Vec<(EntryKind, u64)> = l.entries()[3..]
        .iter()
        .map(|e| (e.kind, e.amount))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (EntryKind::CorrectionOut, 11),
            (EntryKind::CorrectionIn, 13)
        ]
    );
    assert_eq!(l.corrections_out(), 11);
    assert_eq!(l.corrections_in(), 13);
    assert_eq!(l.money_in(), 300 + 13);
    assert_eq!(l.money_out(), 11);
    // by_player: in on the brought side, out on the taken-away side.
    assert_eq!(
        l.by_player(),
        vec![
            ("Ann".to_string(), 100, 0),
            ("Bob".to_string(), 113, 0),
            ("Cat".to_string(), 100, 11),
        ]
    );
    // D5: undo takes the correction back out of the ledger.
    night.undo().expect("undo");
    assert_eq!(night.table().ledger().corrections_in(), 0);
    assert_eq!(night.table().player(1).expect("Bob").stack, bob);
    m5_holds(&night);
}

#[test]
fn m5_a_stack_set_to_nothing_busts_and_chips_found_deal_back_in() {
    let mut night = three();
    ok(&mut night, TableEvent::SetStack { seat: 0, stack: 0 });
    assert_eq!(night.table().player(0).expect("Ann").status, Status::Busted);
    ok(&mut night, TableEvent::SetStack { seat: 0, stack: 50 });
    assert_eq!(
        night.table().player(0).expect("Ann").status,
        Status::Playing
    );
    m5_holds(&night);
    // A sitting-out player stays out.
    ok(&mut night, TableEvent::SitOut { seat: 1 });
    ok(&mut night, TableEvent::SetStack { seat: 1, stack: 60 });
    assert_eq!(
        night.table().player(1).expect("Bob").status,
        Status::SittingOut
    );
}

#[test]
fn a_stack_correction_is_refused_during_a_hand_on_an_empty_seat_or_without_a_change() {
    let mut night = three();
    let err = refused(
        &mut night,
        TableEvent::SetStack {
            seat: 0,
            stack: 100,
        },
    );
    assert_eq!(
        err.to_string(),
        "seat 1: the stack is already that: nothing to correct"
    );
    let err = refused(&mut night, TableEvent::SetStack { seat: 5, stack: 10 });
    assert_eq!(err.to_string(), "seat 6 is empty");
    ok(&mut night, TableEvent::NewHand);
    let err = refused(&mut night, TableEvent::SetStack { seat: 0, stack: 10 });
    assert_eq!(err, TableError::HandInProgress);
}

// ---------------------------------------------------------------- EndSession

#[test]
fn m5_t1_the_end_of_the_night_cashes_everyone_out_and_takes_nothing_more() {
    let mut night = three();
    ok(&mut night, TableEvent::NewHand);
    fold_around(&mut night);
    let stacks: Vec<u64> = (0..3)
        .map(|s| night.table().player(s).expect("seated").stack)
        .collect();
    ok(&mut night, TableEvent::EndSession);
    let t = night.table();
    assert!(t.ended());
    assert!(t.seats().iter().all(Option::is_none));
    let outs: Vec<u64> = t
        .ledger()
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::CashOut)
        .map(|e| e.amount)
        .collect();
    assert_eq!(outs, stacks);
    assert_eq!(t.ledger().money_in(), t.ledger().money_out());
    m5_holds(&night);

    let after = [
        TableEvent::Join {
            seat: 0,
            name: "Ann".into(),
            buy_in: 100,
        },
        TableEvent::NewHand,
        TableEvent::EndSession,
        reload(rules::DEFAULT_TOML),
        TableEvent::SetButton { seat: 0 },
    ];
    for event in after {
        let err = refused(&mut night, event);
        assert_eq!(err, TableError::SessionEnded);
        assert_eq!(err.to_string(), "the session has ended");
    }

    // D5: an undo is still taken, and reopens the night.
    assert_eq!(night.undo(), Some(TableEvent::EndSession));
    assert!(!night.table().ended());
    assert_eq!(night.table().player(0).expect("Ann").stack, stacks[0]);
    ok(&mut night, TableEvent::NewHand);
}

#[test]
fn the_end_of_the_night_is_refused_during_a_hand() {
    let mut night = three();
    ok(&mut night, TableEvent::NewHand);
    let err = refused(&mut night, TableEvent::EndSession);
    assert_eq!(err, TableError::HandInProgress);
    assert!(!night.table().ended());
}

// ---------------------------------------------------------------- The journal

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealerd-host-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("night.jsonl")
}

/// Applies a record to the night and keeps it.
fn record(night: &mut Night, records: &mut Vec<Record>, r: Record) {
    match &r {
        Record::Event(e) => ok(night, e.clone()),
        Record::Undo => {
            night.undo().expect("undo");
        }
    }
    records.push(r);
}

#[test]
fn m5_a_journal_with_the_host_events_replays_to_the_same_night() {
    let mut night = three();
    let mut records: Vec<Record> = night.events().iter().cloned().map(Record::Event).collect();
    let dealt = night.events().len();
    ok(&mut night, TableEvent::NewHand);
    fold_around(&mut night);
    records.extend(night.events()[dealt..].iter().cloned().map(Record::Event));
    for r in [
        Record::Event(reload(&bigger_blinds(8))),
        Record::Event(TableEvent::MoveSeat { from: 2, to: 7 }),
        Record::Event(TableEvent::SetStack { seat: 7, stack: 95 }),
        Record::Event(TableEvent::SetStack { seat: 0, stack: 1 }),
        Record::Undo,
        Record::Event(TableEvent::NewHand),
        Record::Undo,
        Record::Event(TableEvent::EndSession),
    ] {
        record(&mut night, &mut records, r);
    }

    let path = tmp("replay");
    let mut j = Journal::create(
        &path,
        Header::new("config/default.toml", rules::DEFAULT_TOML),
    )
    .expect("create");
    for r in &records {
        j.append(r).expect("append");
    }
    drop(j);
    let (j, back) = Journal::open(&path).expect("open");
    assert_eq!(back, records);
    // The night resumes under the rules in the header, whatever is on disk.
    assert_eq!(j.header().rules_text, rules::DEFAULT_TOML);
    let initial = Arc::new(j.header().rules(&path).expect("header rules"));
    assert_eq!(&initial, night.initial_rules());
    let again = night_from(initial, &back).expect("replays");
    assert_eq!(again.events(), night.events());
    assert_eq!(again.table().ledger(), night.table().ledger());
    assert_eq!(again.rules(), night.rules());
    assert_eq!(again.rules().house.seats, 8);
    assert!(again.table().ended());
    let line = std::fs::read_to_string(&path).expect("read");
    assert!(
        line.contains(r#"{"type":"set-stack","seat":7,"stack":95}"#),
        "{line}"
    );
    assert!(
        line.contains(r#"{"type":"move-seat","from":2,"to":7}"#),
        "{line}"
    );
    assert!(line.contains(r#"{"type":"end-session"}"#), "{line}");
}

/// Issue 12: the text is the journal's first line now, whatever old.toml says.
#[test]
fn a_header_with_bad_rules_text_says_where() {
    let header = Header::new("old.toml", "[house]\nseats = 1\n");
    let err = header
        .rules(std::path::Path::new("night.jsonl"))
        .expect_err("bad");
    let msg = err.to_string();
    assert!(msg.starts_with("night.jsonl:1: "), "{msg}");
    assert!(msg.contains("kept from old.toml"), "{msg}");
}
