use super::*;

fn event(table: &str, n: u64) -> Vec<u8> {
    night_event(table, "00000000000000aa", n)
}

fn night_event(table: &str, night: &str, n: u64) -> Vec<u8> {
    format!(r#"{{"version":1,"table":"{table}","night":"{night}","n":{n},"record":{{"n":{n},"undo":true}}}}"#)
        .into_bytes()
}

#[test]
fn a_new_night_starts_the_records_again() {
    let mut f = Floor::default();
    for n in 1..=3 {
        f.message("dealerd/t1/events", &event("t1", n));
    }
    assert!(f.message(
        "dealerd/t1/events",
        &night_event("t1", "00000000000000bb", 1)
    ));
    let numbers: Vec<&u64> = f.tables["t1"].events.keys().collect();
    assert_eq!(numbers, [&1]);
    assert_eq!(f.tables["t1"].night.as_deref(), Some("00000000000000bb"));
}

#[test]
fn keeps_each_record_once_in_order() {
    let mut f = Floor::default();
    assert!(f.message("dealerd/t1/events", &event("t1", 2)));
    assert!(f.message("dealerd/t1/events", &event("t1", 1)));
    assert!(
        !f.message("dealerd/t1/events", &event("t1", 2)),
        "a QoS 1 repeat"
    );
    let json = f.json();
    let events = json["tables"]["t1"]["events"].as_array().unwrap();
    let numbers: Vec<u64> = events.iter().map(|e| e["n"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [1, 2]);
    assert_eq!(f.summary()["tables"]["t1"]["records"], 2);
    assert_eq!(f.summary()["tables"]["t1"]["last"], 2);
}

/// A state as the schema says, of table `table` playing `game`.
fn state(table: &str, game: &str, journal: Option<(&str, u64)>) -> Vec<u8> {
    let mut v = serde_json::json!({
        "version": 1, "table": table, "house": "Home", "currency": "USD", "unit": "1",
        "game": game, "stakes": "1/2",
        "seats": [{"seat": 1, "player": {"name": "Ann", "stack": 10, "status": "playing", "in_hand": false}},
                  {"seat": 2, "player": null}],
        "seats_open": 1, "hands": 0, "hand": null, "ended": false
    });
    if let Some((night, records)) = journal {
        v["journal"] = serde_json::json!({"night": night, "records": records});
    }
    serde_json::to_vec(&v).unwrap()
}

#[test]
fn follows_status_and_state_and_drops_what_it_cannot_read() {
    let mut f = Floor::default();
    assert!(f.message("dealerd/t1/status", b"online"));
    assert!(f.tables["t1"].online);
    assert!(f.message("dealerd/t1/status", b"offline"));
    assert!(!f.tables["t1"].online);
    assert!(f.message("dealerd/t1/state", &state("t1", "x", None)));
    assert!(
        !f.message("dealerd/t1/state", &state("t1", "x", None)),
        "no change"
    );
    let v2 = String::from_utf8(state("t1", "y", None))
        .unwrap()
        .replace("\"version\":1", "\"version\":2");
    assert!(
        !f.message("dealerd/t1/state", v2.as_bytes()),
        "unknown version"
    );
    // A state of the wrong shape never replaces the last good one (issue 23:
    // `"seats": null` blanked the page for every table).
    let bad = String::from_utf8(state("t1", "z", None))
        .unwrap()
        .replace("\"seats\":[", "\"seats\":null,\"x\":[");
    assert!(!f.message("dealerd/t1/state", bad.as_bytes()), "{bad}");
    assert!(!f.message("dealerd/t1/state", br#"{"version":1,"game":"x"}"#));
    assert!(
        !f.message("dealerd/t1/state", &state("t2", "w", None)),
        "another table's"
    );
    assert!(
        !f.message("dealerd/t1/events", &event("t2", 1)),
        "another table's event"
    );
    assert!(!f.message("dealerd/t1/events", b"{"));
    assert!(!f.message("other/t1/state", br#"{"version":1}"#));
    assert!(!f.message("dealerd/t1/state/extra", br#"{"version":1}"#));
    assert_eq!(f.tables.len(), 1);
    assert_eq!(f.tables["t1"].state.as_ref().unwrap()["game"], "x");
}

#[test]
fn table_ids_are_checked_and_capped_and_large_payloads_dropped() {
    let mut f = Floor::default();
    assert!(
        !f.message("dealerd/a.b/status", b"online"),
        "no table has a dot"
    );
    assert!(!f.message("dealerd/+/status", b"online"));
    for i in 0..MAX_TABLES {
        assert!(f.message(&format!("dealerd/t{i}/status"), b"online"));
    }
    assert!(!f.message("dealerd/one-more/status", b"online"));
    assert!(
        f.message("dealerd/t0/status", b"offline"),
        "a known table still counts"
    );
    assert_eq!(f.tables.len(), MAX_TABLES);
    let big = vec![b' '; MAX_PAYLOAD + 1];
    assert!(!f.message("dealerd/t1/events", &big));
    assert_eq!(f.refused, 4);
    assert_eq!(f.json()["refused"], 4);
}

#[test]
fn records_kept_per_table_are_bounded_oldest_first() {
    let mut f = Floor::default();
    let n = MAX_RECORDS as u64 + 10;
    for i in 1..=n {
        f.message("dealerd/t1/events", &event("t1", i));
    }
    let t = &f.tables["t1"];
    assert_eq!(t.events.len(), MAX_RECORDS);
    assert_eq!(t.first_kept, 11);
    assert_eq!(t.events.keys().next(), Some(&11));
    assert_eq!(t.missing(), None, "what was let go is not asked for");
    assert!(
        !f.message("dealerd/t1/events", &event("t1", 3)),
        "nor taken back"
    );
}

#[test]
fn a_gap_that_stands_still_is_asked_for_and_one_that_fills_is_not() {
    let mut f = Floor::default();
    let night = "00000000000000aa";
    f.message("dealerd/t1/state", &state("t1", "x", Some((night, 5))));
    f.message("dealerd/t1/events", &event("t1", 1));
    f.message("dealerd/t1/events", &event("t1", 2));
    assert_eq!(f.tables["t1"].missing(), Some(3));
    assert!(f.tick().is_empty(), "records may be on their way");
    let asks = f.tick();
    assert_eq!(asks.len(), 1);
    assert_eq!(asks[0].0, "dealerd/t1/replay");
    let req: ReplayRequest = serde_json::from_slice(&asks[0].1).unwrap();
    assert_eq!((req.night.as_str(), req.from), (night, 3));
    assert!(f.tick().is_empty(), "not again at once");
    // The answer arrives in part: the gap moved, so the wait starts again.
    f.message("dealerd/t1/events", &event("t1", 3));
    assert!(f.tick().is_empty());
    f.message("dealerd/t1/events", &event("t1", 4));
    f.message("dealerd/t1/events", &event("t1", 5));
    assert_eq!(f.tables["t1"].missing(), None);
    assert!(f.tick().is_empty() && f.tick().is_empty());
    // A hole below the last record is a gap too, with no state at all.
    let mut g = Floor::default();
    g.message("dealerd/t2/events", &event("t2", 2));
    assert_eq!(g.tables["t2"].missing(), Some(1));
}

#[test]
fn a_night_that_is_over_does_not_come_back() {
    let mut f = Floor::default();
    f.message(
        "dealerd/t1/events",
        &night_event("t1", "00000000000000aa", 4),
    );
    f.message(
        "dealerd/t1/state",
        &state("t1", "x", Some(("00000000000000bb", 1))),
    );
    assert_eq!(f.tables["t1"].night.as_deref(), Some("00000000000000bb"));
    assert!(f.tables["t1"].events.is_empty());
    assert!(
        !f.message(
            "dealerd/t1/events",
            &night_event("t1", "00000000000000aa", 5)
        ),
        "late"
    );
    assert!(!f.message(
        "dealerd/t1/state",
        &state("t1", "y", Some(("00000000000000aa", 9)))
    ));
    assert_eq!(f.tables["t1"].missing(), Some(1));
}

#[test]
fn the_json_says_when_the_broker_is_unreachable() {
    let mut f = Floor::default();
    assert_eq!(f.summary()["broker"], "unreachable");
    f.broker_up = true;
    assert_eq!(f.summary()["broker"], "connected");
    assert_eq!(f.json()["broker"], "connected");
}

#[test]
fn an_older_state_never_replaces_a_newer_one() {
    // Issue 36: after reconnects a redelivered state of nine hands before
    // replaced the newer one for 20 s. The journal head orders them.
    let mut f = Floor::default();
    let night = "00000000000000aa";
    assert!(f.message("dealerd/t1/state", &state("t1", "new", Some((night, 9)))));
    assert!(!f.message("dealerd/t1/state", &state("t1", "old", Some((night, 4)))));
    assert_eq!(f.tables["t1"].state.as_ref().unwrap()["game"], "new");
    assert_eq!(f.tables["t1"].head, 9);
    // The same head again is the same table (a retained copy): taken.
    assert!(!f.message("dealerd/t1/state", &state("t1", "new", Some((night, 9)))));
    assert!(f.message("dealerd/t1/state", &state("t1", "newer", Some((night, 10)))));
    assert_eq!(f.tables["t1"].state.as_ref().unwrap()["game"], "newer");
    // A new night starts from its own first record.
    let next = "00000000000000bb";
    assert!(f.message("dealerd/t1/state", &state("t1", "tonight", Some((next, 1)))));
    assert!(!f.message(
        "dealerd/t1/state",
        &state("t1", "last night", Some((night, 30)))
    ));
    assert_eq!(f.tables["t1"].state.as_ref().unwrap()["game"], "tonight");
}

#[test]
fn the_floor_says_when_it_last_heard_a_table_and_since_when_the_broker_is_lost() {
    let mut f = Floor {
        now: 1_000,
        ..Floor::default()
    };
    f.broker(true);
    f.message("dealerd/t1/status", b"online");
    let night = "00000000000000aa";
    f.now = 2_000;
    f.message("dealerd/t1/state", &state("t1", "x", Some((night, 5))));
    assert_eq!(f.tables["t1"].heard, Some(2_000));
    assert_eq!(f.tables["t1"].since, Some(1_000), "online since");
    // An older state is not news from the table.
    f.now = 3_000;
    f.message("dealerd/t1/state", &state("t1", "x", Some((night, 4))));
    assert_eq!(f.tables["t1"].heard, Some(2_000));
    // The broker is lost: the board says since when, and keeps each
    // table's last word apart from it.
    f.now = 4_000;
    assert!(f.broker(false));
    assert!(!f.broker(false), "still lost: not news, nor a new time");
    let board = f.summary();
    assert_eq!(board["broker"], "unreachable");
    assert_eq!(board["broker_lost"], 4_000);
    assert_eq!(board["tables"]["t1"]["online"], true);
    assert_eq!(board["tables"]["t1"]["heard"], 2_000);
    f.now = 5_000;
    assert!(f.broker(true));
    assert_eq!(f.summary()["broker_lost"], Value::Null);
    f.message("dealerd/t1/status", b"offline");
    assert_eq!(f.tables["t1"].since, Some(5_000), "offline since");
}

#[test]
fn each_change_is_one_update_of_the_tables_that_changed_and_no_records() {
    let mut f = Floor::default();
    f.message("dealerd/t1/status", b"online");
    f.message("dealerd/t2/status", b"online");
    let first = f.take_changes().expect("two tables came");
    assert_eq!(first["partial"], true);
    assert_eq!(first["tables"].as_object().unwrap().len(), 2);
    assert_eq!(f.take_changes(), None, "nothing since");
    f.message("dealerd/t2/events", &event("t2", 1));
    let update = f.take_changes().expect("t2's record");
    let tables = update["tables"].as_object().unwrap();
    assert_eq!(tables.keys().collect::<Vec<_>>(), ["t2"]);
    assert_eq!(tables["t2"]["records"], 1);
    assert!(tables["t2"].get("events").is_none(), "{update}");
    assert!(f.summary()["tables"]["t2"].get("events").is_none());
    assert!(f.json()["tables"]["t2"]["events"].is_array(), "the staff's");
    // A repeat is no change; the broker's link is.
    f.message("dealerd/t2/events", &event("t2", 1));
    assert_eq!(f.take_changes(), None);
    f.broker(true);
    let link = f.take_changes().expect("the link");
    assert_eq!(link["broker"], "connected");
    assert!(link["tables"].as_object().unwrap().is_empty());
}

#[test]
fn a_table_that_went_offline_with_the_broker_is_reconnecting_not_offline() {
    // Issue 36: "Broker stopped: every card offline though the tables kept
    // playing"; after a freeze "all offline for ~6 s".
    let mut f = Floor {
        now: 1_000,
        ..Floor::default()
    };
    f.broker(false);
    f.now = 1_500;
    f.broker(true);
    assert_eq!(f.outage, None, "a floor that starts has had no outage");
    f.message("dealerd/t1/status", b"online");
    f.message("dealerd/t2/status", b"online");
    f.message("dealerd/t2/status", b"offline");
    assert_eq!(f.summary()["tables"]["t2"]["status"], "offline");
    f.now = 50_000;
    // A stopping broker sends t1's will just before it goes.
    f.message("dealerd/t1/status", b"offline");
    f.now = 50_010;
    f.broker(false);
    assert_eq!(f.summary()["tables"]["t1"]["status"], "unknown");
    assert_eq!(f.summary()["tables"]["t2"]["status"], "unknown");
    f.now = 60_000;
    f.broker(true);
    let _ = f.take_changes();
    let board = f.summary();
    assert_eq!(board["tables"]["t1"]["status"], "reconnecting");
    assert_eq!(
        board["tables"]["t2"]["status"], "offline",
        "away before the outage"
    );
    f.message("dealerd/t1/status", b"online");
    assert_eq!(f.summary()["tables"]["t1"]["status"], "online");
    f.message("dealerd/t1/status", b"offline");
    f.now = 60_000 + RECONNECT_GRACE - 1;
    assert!(f.tick().is_empty());
    assert_eq!(f.summary()["tables"]["t1"]["status"], "reconnecting");
    let _ = f.take_changes();
    // The grace is over: the board is told, and t1 is offline.
    f.now = 60_000 + RECONNECT_GRACE;
    f.tick();
    let update = f.take_changes().expect("the word changed");
    assert_eq!(update["tables"]["t1"]["status"], "offline");
    assert!(f.outage.is_none());
}
