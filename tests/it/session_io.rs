//! Issue 12: the session is sans-IO, the way quinn-proto is. It reads no
//! file and writes none: journal records, hand histories, the ledger's
//! exports and reading the rules file are outputs the shell polls and
//! performs, and the shell's answer to an append decides what stands.
//! These tests drive a bare [`Session`] with no shell at all.

use std::path::PathBuf;
use std::time::Duration;

use dealerd::daemon::session::{Input, Keeps, Output, RulesSource, Session};
use dealerd::journal::Record;
use dealerd::rules::DEFAULT_TOML;
use dealerd::table::TableEvent;
use dealerd::ui::{Button, Press};

const ALL: Keeps = Keeps {
    journal: true,
    histories: true,
    ledger: true,
};

fn press(button: Button) -> Input {
    Input::Press(Press {
        button,
        long: false,
    })
}

fn join(seat: usize, name: &str) -> TableEvent {
    TableEvent::Join {
        seat,
        name: name.into(),
        buy_in: 200,
    }
}

/// Everything queued, each append answered as `answer` says.
fn drain(s: &mut Session, mut answer: impl FnMut(&Record) -> Result<(), String>) -> Vec<Output> {
    let mut out = Vec::new();
    while let Some(o) = s.poll_output() {
        if let Output::Append { record, .. } = &o {
            let a = answer(record);
            out.push(o.clone());
            s.appended(a);
        } else {
            out.push(o);
        }
    }
    out
}

fn ok(_: &Record) -> Result<(), String> {
    Ok(())
}

/// A night whose rules come from a file that does not exist: the session
/// must never try to read it.
fn session(keeps: Keeps) -> Session {
    let rules = RulesSource::file("/nonexistent/dealerd/house.toml", DEFAULT_TOML);
    let mut s = Session::new(&rules, keeps).expect("default rules");
    s.set_wall_clock(Some(1_795_474_710));
    s
}

fn seated(names: &[&str]) -> Session {
    let mut s = session(ALL);
    for (seat, name) in names.iter().enumerate() {
        s.handle(Input::Table(join(seat, name)), Duration::ZERO);
        drain(&mut s, ok);
    }
    s
}

#[test]
fn each_change_is_a_stamped_record_and_nothing_more_comes_out_until_it_is_answered() {
    let mut s = session(ALL);
    s.handle(Input::Table(join(0, "Ann")), Duration::from_secs(3));
    let first = s.poll_output();
    assert_eq!(
        first,
        Some(Output::Append {
            record: Record::Event(join(0, "Ann")),
            at: Some(1_795_474_713),
        })
    );
    // The ledger export waits behind the unanswered append.
    assert_eq!(s.poll_output(), None);
    s.appended(Ok(()));
    assert_eq!(s.poll_output(), Some(Output::Ledger));
    assert_eq!(s.poll_output(), None);
    assert_eq!(s.night().events().len(), 1);
}

#[test]
fn a_refused_append_takes_its_change_back_and_stops_the_session() {
    let mut s = seated(&["Ann", "Bob", "Cat"]);
    s.handle(press(Button::Ok), Duration::ZERO);
    let dealt = s.night().events().len();
    let out = drain(&mut s, |_| Err("disk full".into()));
    // Nothing after the refused record is done: no ledger export.
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(
        s.night().events().len(),
        dealt - 1,
        "the deal is taken back"
    );
    assert!(!s.night().table().in_hand());
    let why = s.failure().expect("stopped").to_string();
    assert!(why.contains("disk full"), "{why}");
    // Every later input is refused with the reason, and writes nothing.
    s.handle(press(Button::Ok), Duration::ZERO);
    assert_eq!(s.poll_output(), None);
    assert_eq!(s.message(), Some(why.as_str()));
}

#[test]
fn a_refused_undo_puts_the_event_back() {
    let mut s = seated(&["Ann", "Bob"]);
    let before = s.night().events().to_vec();
    // Undo names Bob's buy-in; OK takes it back (issue 22).
    s.handle(press(Button::Undo), Duration::ZERO);
    s.handle(press(Button::Ok), Duration::ZERO);
    assert_eq!(s.night().events().len(), 1);
    let out = drain(&mut s, |_| Err("I/O error".into()));
    assert_eq!(
        out,
        [Output::Append {
            record: Record::Undo,
            at: Some(1_795_474_710)
        }]
    );
    assert_eq!(s.night().events(), &before[..]);
    assert!(s.failure().is_some());
}

#[test]
fn a_hand_that_ends_queues_its_history_and_an_undone_end_removes_it() {
    let mut s = seated(&["Ann", "Bob", "Cat"]);
    for b in [Button::Ok, Button::Fold] {
        s.handle(press(b), Duration::ZERO);
        drain(&mut s, ok);
    }
    s.handle(press(Button::Fold), Duration::ZERO);
    let out = drain(&mut s, ok);
    let expected = s.history();
    // Dated by the wall clock the shell gave, when the hand was dealt.
    let text = expected.clone().expect("PHH says a hand folded round");
    for line in [
        "hand = 1\n",
        "year = 2026\nmonth = 11\nday = 23\n",
        "time = 22:58:30\n",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    assert!(
        out.contains(&Output::History {
            hand: 1,
            text: expected
        }),
        "{out:?}"
    );
    // The paid pot is named first; OK takes it back (issue 22).
    s.handle(press(Button::Undo), Duration::ZERO);
    s.handle(press(Button::Ok), Duration::ZERO);
    let out = drain(&mut s, ok);
    assert!(out.contains(&Output::RemoveHistory { hand: 1 }), "{out:?}");
}

#[test]
fn outputs_the_shell_does_not_keep_are_never_queued() {
    let mut s = session(Keeps::default());
    s.handle(Input::Table(join(0, "Ann")), Duration::ZERO);
    s.handle(Input::Table(join(1, "Bob")), Duration::ZERO);
    assert_eq!(s.poll_output(), None);
    assert_eq!(s.night().events().len(), 2);
}

/// The session asks for its rules file; the shell reads it. Today's text
/// of `sim --config config/default.toml` then `:reload` said the embedded
/// default had no file.
#[test]
fn a_reload_asks_the_shell_to_read_the_rules_file_and_takes_its_answer() {
    let mut s = seated(&["Ann", "Bob"]);
    s.handle(Input::ReloadFile, Duration::ZERO);
    assert_eq!(
        s.poll_output(),
        Some(Output::ReadRules(PathBuf::from(
            "/nonexistent/dealerd/house.toml"
        )))
    );
    assert_eq!(s.message(), None, "nothing said before the shell answers");
    s.handle(
        Input::RulesUnreadable("house.toml: permission denied".into()),
        Duration::ZERO,
    );
    assert_eq!(
        s.message(),
        Some("rules not reloaded: house.toml: permission denied")
    );
    // The file as the shell read it: applied as a `rules` event, journaled.
    let changed = DEFAULT_TOML.replacen("name = \"Home game\"", "name = \"Reloaded\"", 1);
    let source = RulesSource::file("/nonexistent/dealerd/house.toml", changed.clone());
    s.handle(Input::Reload(source), Duration::ZERO);
    assert_eq!(s.rules().house.name, "Reloaded");
    let out = drain(&mut s, ok);
    assert!(
        matches!(&out[0], Output::Append { record: Record::Event(TableEvent::Rules { text, .. }), .. } if *text == changed),
        "{out:?}"
    );
    // The embedded default has nothing to read, and says so.
    let mut embedded = Session::new(&RulesSource::embedded(), ALL).expect("default");
    embedded.handle(Input::ReloadFile, Duration::ZERO);
    assert_eq!(embedded.poll_output(), None);
    assert_eq!(
        embedded.message(),
        Some("the embedded default rules have no file to reload")
    );
}

/// Opening with `config/default.toml` names the file, so a reload reads it:
/// the file path and the embedded default are told apart by origin, not by
/// a sentinel name.
#[test]
fn the_default_config_read_from_its_file_reloads_from_that_file() {
    let rules = RulesSource::file("config/default.toml", DEFAULT_TOML);
    let mut s = Session::new(&rules, ALL).expect("default");
    s.handle(Input::ReloadFile, Duration::ZERO);
    assert_eq!(
        s.poll_output(),
        Some(Output::ReadRules(PathBuf::from("config/default.toml")))
    );
}

/// The session's source touches no file, clock or device: everything it
/// needs comes in as a parameter and everything it does goes out as an
/// [`Output`].
#[test]
fn the_session_source_does_no_io() {
    let sources = [
        include_str!("../../src/daemon/session/mod.rs"),
        include_str!("../../src/daemon/session/cards.rs"),
        include_str!("../../src/daemon/session/clock.rs"),
        include_str!("../../src/daemon/session/records.rs"),
        include_str!("../../src/daemon/session/reload.rs"),
        include_str!("../../src/daemon/session/rules_source.rs"),
    ];
    // Every file of the module is read: a new one must be added here.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/daemon/session");
    let files = std::fs::read_dir(&dir)
        .expect("the session's folder")
        .count();
    assert_eq!(
        files,
        sources.len(),
        "a file of {} is not checked",
        dir.display()
    );
    for forbidden in [
        "std::fs",
        "File::",
        "SystemTime",
        "Instant::now",
        "read_text",
        "Journal",
        "tokio",
    ] {
        for text in sources {
            assert!(!text.contains(forbidden), "the session uses {forbidden}");
        }
    }
}
