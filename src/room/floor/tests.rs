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

#[test]
fn follows_status_and_state_and_drops_what_it_cannot_read() {
    let mut f = Floor::default();
    assert!(f.message("dealerd/t1/status", b"online"));
    assert!(f.tables["t1"].online);
    assert!(f.message("dealerd/t1/status", b"offline"));
    assert!(!f.tables["t1"].online);
    assert!(f.message("dealerd/t1/state", br#"{"version":1,"game":"x"}"#));
    assert!(
        !f.message("dealerd/t1/state", br#"{"version":1,"game":"x"}"#),
        "no change"
    );
    assert!(
        !f.message("dealerd/t1/state", br#"{"version":2,"game":"y"}"#),
        "unknown version"
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
