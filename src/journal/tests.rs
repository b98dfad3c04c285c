use std::fs::OpenOptions;
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
    drop(j);
    let (_, back) = Journal::open(&path).expect("reopen");
    assert_eq!(back.len(), 3);
}

/// Issue 12: a complete line was written whole; dropping it would delete a
/// record (a newer dealerd's, a second writer's), so the start stops there.
#[test]
fn a_complete_last_line_that_cannot_be_read_stops_the_start_and_is_kept() {
    let cases: [&[u8]; 3] = [
        b"\0\0\0\0\n",
        br#"{"n":2,"event":{"type":"teleport","seat":0}}"#,
        br#"{"n":1,"event":{"type":"sit-out","seat":0}}"#,
    ];
    for (i, tail) in cases.into_iter().enumerate() {
        let path = tmp(&format!("complete-{i}"));
        written(&path, &[join(0, "Ann")]);
        let mut f = OpenOptions::new().append(true).open(&path).expect("open");
        f.write_all(tail).expect("tail");
        if !tail.ends_with(b"\n") {
            f.write_all(b"\n").expect("newline");
        }
        drop(f);
        let before = std::fs::read(&path).expect("read");
        let err = Journal::open(&path).expect_err("refused");
        assert!(
            matches!(err, JournalError::Corrupt { line: 3, .. }),
            "{i}: {err}"
        );
        let msg = err.to_string();
        assert!(msg.starts_with(&format!("{}:3: ", path.display())), "{msg}");
        assert!(msg.contains("left as it is"), "{msg}");
        assert_eq!(std::fs::read(&path).expect("read"), before, "{i}: touched");
    }
}

/// Issue 12: one writer at a time, for as long as it writes.
#[test]
fn a_second_writer_is_refused_while_the_first_lives() {
    let path = tmp("two-writers");
    let first = Journal::create(&path, Header::new("embedded default", "x")).expect("create");
    for second in [
        Journal::open(&path).map(|_| ()),
        Journal::start(&path).map(|_| ()),
        Journal::read(&path).map(|_| ()),
    ] {
        let err = second.expect_err("refused");
        assert!(matches!(err, JournalError::Locked { .. }), "{err}");
        assert!(err.to_string().contains("one writer at a time"), "{err}");
    }
    // A look from outside takes no lock.
    assert!(Journal::inspect(&path).is_ok());
    drop(first);
    let (mut again, _) = Journal::open(&path).expect("free once the first is gone");
    again.append(&join(0, "Ann")).expect("append");
}

/// Issue 12: what the screen refused must not come back on restart.
#[test]
fn a_failed_sync_is_cut_back_to_the_last_confirmed_record() {
    let path = tmp("sync-fails");
    written(&path, &[join(0, "Ann"), join(1, "Bob")]);
    let good = std::fs::read(&path).expect("read");
    let (mut j, _) = Journal::open(&path).expect("open");
    j.inject(Fault::SyncData);
    let err = j.append(&join(2, "Cat")).expect_err("sync failed");
    assert!(
        matches!(err, JournalError::NotWritten { n: 3, kept: 2, .. }),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).expect("read"), good);
    // The journal goes on from the last confirmed record.
    j.append(&join(3, "Dan")).expect("append");
    drop(j);
    let (_, back) = Journal::open(&path).expect("reopen");
    assert_eq!(back, vec![join(0, "Ann"), join(1, "Bob"), join(3, "Dan")]);

    // When even the cut fails, nothing more is written after the record
    // nobody confirmed.
    let (mut j, _) = Journal::open(&path).expect("open");
    j.inject(Fault::SyncDataAndCut);
    let err = j.append(&join(4, "Eve")).expect_err("sync failed");
    assert!(matches!(err, JournalError::NotCutBack { .. }), "{err}");
    assert!(err.to_string().contains("may replay"), "{err}");
    let err = j.append(&join(5, "Fay")).expect_err("stopped");
    assert!(matches!(err, JournalError::Stopped { n: 4, .. }), "{err}");
}

/// Issue 12: a disk that filled while the header was written leaves a file
/// with no complete line; there is no night in it, so it starts over.
#[test]
fn a_file_with_no_complete_header_and_no_record_is_started_over() {
    for (i, content) in [&b""[..], br#"{"dealerd_journal":1,"ru"#]
        .into_iter()
        .enumerate()
    {
        let path = tmp(&format!("headless-{i}"));
        std::fs::write(&path, content).expect("write");
        let Start::New(blank) = Journal::start(&path).expect("starts") else {
            panic!("{i}: resumed a file with no header");
        };
        let mut j = blank
            .begin(Header::new("embedded default", "x"))
            .expect("header");
        let warning = j.recovered().expect("a warning").to_string();
        assert!(warning.contains("no complete header"), "{warning}");
        assert!(
            warning.contains(&format!("({} bytes)", content.len())),
            "{warning}"
        );
        j.append(&join(0, "Ann")).expect("append");
        drop(j);
        let (_, back) = Journal::open(&path).expect("reopen");
        assert_eq!(back, vec![join(0, "Ann")]);
    }
    // A complete first line that is no header is not a blank file.
    let path = tmp("not-a-header");
    std::fs::write(&path, b"hello\n").expect("write");
    assert!(matches!(
        Journal::start(&path),
        Err(JournalError::Header { .. })
    ));
    assert_eq!(std::fs::read(&path).expect("read"), b"hello\n");
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
    assert_eq!(j.header().rules(&path).expect("parses").house.seats, 6);
    let bad = Header::new("house.toml", "[house]\nseats = 1\n");
    let err = bad.rules(&path).expect_err("refused");
    let msg = err.to_string();
    assert!(msg.starts_with(&format!("{}:1: ", path.display())), "{msg}");
    assert!(msg.contains("are refused: rules_text:"), "{msg}");
}

#[test]
fn a_line_is_an_event_or_an_undo_and_says_which_it_is_not() {
    for (tail, why) in [
        (
            r#"{"n":2,"undo":true,"event":{"type":"new-hand"}}"#,
            "unknown field `undo`",
        ),
        (r#"{"n":2}"#, "missing field `undo`"),
        (r#"{"n":2,"undo":false}"#, "true or absent"),
        (r#"{"n":2,"event":{"type":"teleport"}}"#, "teleport"),
    ] {
        let path = tmp("kinds");
        written(&path, &[join(0, "Ann")]);
        let mut f = OpenOptions::new().append(true).open(&path).expect("open");
        f.write_all(format!("{tail}\n").as_bytes()).expect("line");
        drop(f);
        let err = Journal::open(&path).expect_err("refused").to_string();
        assert!(err.contains(why), "{tail}: {err}");
    }
}

/// The shell's wall-clock stamps ride along with the records, and a line
/// without one (every journal before stamps) still reads.
#[test]
fn stamps_are_kept_and_optional() {
    let path = tmp("stamps");
    let header = Header::new("embedded default", "x").started_at(Some(1_795_474_710));
    let mut j = Journal::create(&path, header).expect("create");
    j.append_at(&join(0, "Ann"), Some(1_795_474_711))
        .expect("append");
    j.append(&join(1, "Bob")).expect("append");
    j.append_at(&Record::Undo, Some(1_795_474_799))
        .expect("append");
    drop(j);
    let text = std::fs::read_to_string(&path).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains(r#""started":"2026-11-23T22:58:30Z""#),
        "{}",
        lines[0]
    );
    assert!(lines[1].ends_with(r#","at":1795474711}"#), "{}", lines[1]);
    assert!(!lines[2].contains("\"at\""), "{}", lines[2]);
    assert_eq!(lines[3], r#"{"n":3,"undo":true,"at":1795474799}"#);
    let (header, mut reader) = Journal::read(&path).expect("read");
    assert_eq!(header.started.as_deref(), Some("2026-11-23T22:58:30Z"));
    let mut stamps = Vec::new();
    while let Some(r) = reader.next() {
        r.expect("record");
        stamps.push(reader.at());
    }
    assert_eq!(stamps, [Some(1_795_474_711), None, Some(1_795_474_799)]);
}

/// The header says whether the clock was set when the night began; a
/// header without the field (every journal before it) reads as "unknown".
#[test]
fn the_header_records_whether_the_clock_was_set() {
    let path = tmp("clock-synced");
    let header = Header::new("embedded default", "x").clock_synced(Some(false));
    drop(Journal::create(&path, header).expect("create"));
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains(r#""clock_synced":false"#),
        "{text}"
    );
    let (header, _) = Journal::read(&path).expect("read");
    assert_eq!(header.clock_synced, Some(false));

    let old = text.replace(r#","clock_synced":false"#, "");
    assert_ne!(old, text);
    std::fs::write(&path, old).expect("write");
    let (header, _) = Journal::read(&path).expect("an old journal reads");
    assert_eq!(header.clock_synced, None);
    let _ = std::fs::remove_file(&path);

    // What timesyncd leaves in /run, under a fake root.
    let root = std::env::temp_dir().join(format!("dealerd-timesync-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(super::stamp::synced_under(&root), None);
    std::fs::create_dir_all(root.join("run/systemd/timesync")).unwrap();
    assert_eq!(super::stamp::synced_under(&root), Some(false));
    std::fs::write(root.join("run/systemd/timesync/synchronized"), "").unwrap();
    assert_eq!(super::stamp::synced_under(&root), Some(true));
    let _ = std::fs::remove_dir_all(&root);
}
