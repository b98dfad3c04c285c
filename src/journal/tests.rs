use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use super::*;
use crate::engine::{Action, Event};

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealerd-journal-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("night.jsonl")
}

fn rules() -> Arc<HouseRules> {
    Arc::new(crate::daemon::sim::load_rules(None).expect("default rules"))
}

fn join(seat: usize, name: &str) -> Record {
    Record::Event(TableEvent::Join {
        seat,
        name: name.into(),
        buy_in: 200,
    })
}

fn written(path: &Path, records: &[Record]) {
    let mut j = Journal::create(path, Header::new("embedded default", "x")).expect("create");
    for r in records {
        j.append(r).expect("append");
    }
}

#[test]
fn records_read_back_in_order() {
    let path = tmp("roundtrip");
    let records = vec![join(0, "Ann"), join(1, "Bob"), Record::Undo, join(2, "Cat")];
    written(&path, &records);
    let (j, back) = Journal::open(&path).expect("open");
    assert_eq!(back, records);
    assert_eq!(j.len(), 4);
    assert!(j.recovered().is_none());
    assert_eq!(j.header().rules, "embedded default");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(
        text.lines().nth(3) == Some(r#"{"n":3,"undo":true}"#),
        "{text}"
    );
    // Create never overwrites.
    assert!(matches!(
        Journal::create(&path, Header::new("a", "b")),
        Err(JournalError::Exists { .. })
    ));
}

#[test]
fn a_torn_last_line_is_dropped_and_the_file_truncated() {
    let path = tmp("torn");
    written(&path, &[join(0, "Ann"), join(1, "Bob")]);
    let good = std::fs::metadata(&path).expect("meta").len();
    let mut f = OpenOptions::new().append(true).open(&path).expect("open");
    f.write_all(br#"{"n":3,"event":{"type":"jo"#).expect("tear");
    drop(f);
    let (mut j, back) = Journal::open(&path).expect("open repairs");
    assert_eq!(back.len(), 2);
    let warning = j.recovered().expect("a warning");
    assert!(
        warning.contains(":4:") && warning.contains("torn"),
        "{warning}"
    );
    assert_eq!(std::fs::metadata(&path).expect("meta").len(), good);
    // Appending goes on after the last good line.
    j.append(&join(2, "Cat")).expect("append");
    let (_, back) = Journal::open(&path).expect("reopen");
    assert_eq!(back.len(), 3);
}

#[test]
fn a_broken_but_complete_last_line_is_dropped() {
    let path = tmp("zeros");
    written(&path, &[join(0, "Ann")]);
    let mut f = OpenOptions::new().append(true).open(&path).expect("open");
    f.write_all(b"\0\0\0\0\n").expect("garbage");
    drop(f);
    let (j, back) = Journal::open(&path).expect("open repairs");
    assert_eq!(back, vec![join(0, "Ann")]);
    assert!(j.recovered().expect("warning").contains(":3:"));
}

#[test]
fn corruption_in_the_middle_is_refused_with_its_line() {
    let path = tmp("middle");
    written(&path, &[join(0, "Ann"), join(1, "Bob"), join(2, "Cat")]);
    let text = std::fs::read_to_string(&path).expect("read");
    let broken = text.replacen(r#""name":"Bob""#, r#""name":"Bob"#, 1);
    std::fs::write(&path, broken).expect("write");
    let err = Journal::open(&path).expect_err("refused");
    assert!(
        matches!(err, JournalError::Corrupt { line: 3, .. }),
        "{err}"
    );
    let msg = err.to_string();
    assert!(msg.starts_with(&format!("{}:3:", path.display())), "{msg}");
    // Nothing was truncated.
    assert!(std::fs::read_to_string(&path)
        .expect("read")
        .contains("Cat"));
}

#[test]
fn a_missing_or_repeated_record_number_is_corruption() {
    let path = tmp("numbers");
    written(&path, &[join(0, "Ann"), join(1, "Bob"), join(2, "Cat")]);
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(&path, text.replacen(r#"{"n":2,"#, r#"{"n":7,"#, 1)).expect("write");
    let err = Journal::open(&path).expect_err("refused");
    assert!(
        matches!(err, JournalError::Corrupt { line: 3, .. }),
        "{err}"
    );
}

#[test]
fn undo_records_replay_as_pops() {
    let hand = |e| Record::Event(TableEvent::Hand(e));
    let records = vec![
        join(0, "Ann"),
        join(1, "Bob"),
        join(2, "Cat"),
        // Blinds in, cards out: the hole cards are dealt with the new hand.
        Record::Event(TableEvent::NewHand),
        hand(Event::Act(2, Action::Fold)),
        Record::Undo,
        hand(Event::Act(2, Action::CheckCall)),
        join(3, "Dan"),
        Record::Undo,
    ];
    let night = night_from(rules(), &records).expect("replays");
    let events = night.events();
    assert_eq!(events.len(), 5);
    assert_eq!(
        events.last(),
        Some(&TableEvent::Hand(Event::Act(2, Action::CheckCall)))
    );
    assert!(night.table().player(3).is_none());
    let state = night.table().hand().expect("hand").state();
    assert!(state.seats().iter().all(|s| !s.folded));

    // Through a file too.
    let path = tmp("undo");
    written(&path, &records);
    let (_, back) = Journal::open(&path).expect("open");
    let again = night_from(rules(), &back).expect("replays");
    assert_eq!(again.events(), night.events());

    let err = night_from(rules(), &[Record::Undo]).expect_err("nothing to undo");
    assert!(err.to_string().starts_with("record 1:"), "{err}");
}

#[test]
fn the_header_keeps_the_rules_text_the_night_started_under() {
    let path = tmp("header-rules");
    let text = crate::rules::DEFAULT_TOML.replace("seats = 9", "seats = 6");
    Journal::create(&path, Header::new("house.toml", &text)).expect("create");
    // The file on disk may change; the journal still has the text.
    let (j, _) = Journal::open(&path).expect("open");
    assert_eq!(j.header().rules_text, text);
    assert_eq!(
        j.header().rules_fnv64,
        format!("{:016x}", fnv64(text.as_bytes()))
    );
    assert_eq!(j.header().rules().expect("parses").house.seats, 6);
    let bad = Header::new("house.toml", "[house]\nseats = 1\n");
    let err = bad.rules().expect_err("refused");
    assert!(err.to_string().starts_with("house.toml:"), "{err}");
}
