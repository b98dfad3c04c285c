//! Issue 12, the journal and the restart: what a careless host, a second
//! process or an unlucky disk does to the files a night lives in, and what
//! the next start makes of it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use dealerd::daemon::session::{Input, Level, RulesSource};
use dealerd::daemon::store::Stored;
use dealerd::journal::{Fault, Header, Journal, Record};
use dealerd::rules::DEFAULT_TOML;
use dealerd::table::TableEvent;
use dealerd::ui::{Button, Press};

use crate::common;
use crate::common::storage;

/// Long enough for a loaded CI machine under qemu; a pass never waits it out.
const LIMIT: Duration = Duration::from_secs(60);

const BROKEN: &str = "[house]\nname = \"Broken\n";

fn temp(name: &str) -> PathBuf {
    crate::common::fresh_dir("restart", name)
}

fn press(button: Button) -> Input {
    Input::Press(Press {
        button,
        long: false,
    })
}

fn seat(s: &mut Stored, names: &[&str]) {
    for (seat, name) in names.iter().enumerate() {
        let join = TableEvent::Join {
            seat,
            name: name.to_string(),
            buy_in: 200,
        };
        s.handle(Input::Table(join), Duration::ZERO);
    }
    assert_eq!(
        s.night().events().len(),
        names.len(),
        "{:?}",
        s.take_notices()
    );
}

fn open(dir: &Path) -> Stored {
    Stored::open(
        &RulesSource::file("house.toml", DEFAULT_TOML),
        &storage(dir),
    )
    .expect("opens")
}

#[test]
fn a_complete_record_a_restart_cannot_read_stops_it_and_the_file_is_kept() {
    let dir = temp("complete");
    let journal = dir.join("journal.jsonl");
    seat(&mut open(&dir), &["Ann", "Bob"]);
    // A record from a newer dealerd: complete, fsynced, not a power cut's.
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&journal)
        .expect("journal");
    f.write_all(b"{\"n\":3,\"event\":{\"type\":\"from-the-future\"}}\n")
        .expect("append");
    drop(f);
    let before = std::fs::read(&journal).expect("read");
    let err = match Stored::open(
        &RulesSource::file("house.toml", DEFAULT_TOML),
        &storage(&dir),
    ) {
        Ok(_) => panic!("a record was dropped"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.starts_with(&format!("{}:4: ", journal.display())),
        "{err}"
    );
    assert_eq!(std::fs::read(&journal).expect("read"), before);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_second_writer_is_refused_with_a_message() {
    let dir = temp("two-writers");
    let journal = dir.join("journal.jsonl");
    let mut first = open(&dir);
    seat(&mut first, &["Ann"]);
    let err = match Stored::open(
        &RulesSource::file("house.toml", DEFAULT_TOML),
        &storage(&dir),
    ) {
        Ok(_) => panic!("two writers on one journal"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("in use by another dealerd"), "{err}");

    // `dealerd sim --journal` on the same file, from another process.
    let out = common::dealerd()
        .args(["sim", "--empty", "--quiet", "--journal"])
        .arg(&journal)
        .stdin(Stdio::null())
        .output()
        .expect("dealerd runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("in use by another dealerd"), "{stderr}");

    // The first writer goes on, alone in the file.
    first.handle(
        Input::Table(TableEvent::Join {
            seat: 2,
            name: "Cat".into(),
            buy_in: 200,
        }),
        Duration::ZERO,
    );
    assert!(first.failure().is_none());
    drop(first);
    let (_, records) = Journal::inspect(&journal).expect("reads");
    assert_eq!(records.len(), 2, "{records:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_refused_fsync_does_not_come_back_on_restart() {
    let dir = temp("fsync");
    let mut s = open(&dir);
    seat(&mut s, &["Ann", "Bob", "Cat", "Dan"]);
    assert!(s.inject_journal_fault(Fault::SyncData));
    s.handle(press(Button::Ok), Duration::ZERO);
    assert!(s.failure().is_some(), "the deal was confirmed");
    assert!(s.message().is_some_and(|m| m.contains("not written")));
    assert_eq!(s.night().events().len(), 4);
    assert!(s
        .take_notices()
        .iter()
        .any(|n| n.level == Level::Error && n.text.contains("record 5 not written")));
    drop(s);

    let mut s = open(&dir);
    assert_eq!(s.night().events().len(), 4, "the refused deal came back");
    assert!(!s.night().table().in_hand());
    s.handle(press(Button::Ok), Duration::ZERO);
    assert!(s.night().table().in_hand(), "{:?}", s.message());
    drop(s);
    let (_, records) = Journal::inspect(&dir.join("journal.jsonl")).expect("reads");
    assert_eq!(records.len(), 5);
    assert_eq!(records[4], Record::Event(TableEvent::NewHand));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_empty_journal_is_started_over_with_a_warning() {
    for (i, content) in [&b""[..], b"{\"dealerd_journal\":1,\"rules\":\"ho"]
        .into_iter()
        .enumerate()
    {
        let dir = temp(&format!("empty-{i}"));
        std::fs::write(dir.join("journal.jsonl"), content).expect("write");
        let mut s = open(&dir);
        let notices = s.take_notices();
        assert!(
            notices
                .iter()
                .any(|n| n.level == Level::Warn && n.text.contains("no complete header")),
            "{notices:?}"
        );
        seat(&mut s, &["Ann"]);
        drop(s);
        assert_eq!(open(&dir).night().events().len(), 1);
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Deal, and three folds: the big blind wins the first hand.
fn play_a_hand(s: &mut Stored) {
    for b in [Button::Ok, Button::Fold, Button::Fold, Button::Fold] {
        s.handle(press(b), Duration::ZERO);
    }
    assert!(!s.night().table().in_hand(), "{:?}", s.message());
}

#[test]
fn hand_histories_are_the_journals_after_undo_and_after_a_restart() {
    let dir = temp("histories");
    let hands = dir.join("hands");
    let first = hands.join("hand-0001.phh");
    let mut s = open(&dir);
    seat(&mut s, &["Ann", "Bob", "Cat", "Dan"]);
    play_a_hand(&mut s);
    let text = std::fs::read_to_string(&first).expect("the first hand's history");
    assert_eq!(Ok(text.clone()), s.history());

    // Undo takes the end of the hand back (named first, then OK): its
    // history goes with it.
    s.handle(press(Button::Undo), Duration::ZERO);
    s.handle(press(Button::Ok), Duration::ZERO);
    assert!(s.night().table().in_hand());
    assert!(!first.exists(), "a history of a hand that is not over");
    s.handle(press(Button::Fold), Duration::ZERO);
    assert_eq!(std::fs::read_to_string(&first).ok(), Some(text.clone()));
    drop(s);

    // What a crash or a full disk leaves: a short file, a history of a hand
    // whose end the journal never confirmed, a temporary file.
    std::fs::write(&first, "").expect("truncate");
    std::fs::write(hands.join("hand-0002.phh"), "stale").expect("stale");
    std::fs::write(hands.join("hand-0002.phh.tmp"), "half").expect("tmp");
    let mut s = open(&dir);
    assert_eq!(std::fs::read_to_string(&first).ok(), Some(text));
    assert!(!hands.join("hand-0002.phh").exists());
    assert!(!hands.join("hand-0002.phh.tmp").exists());
    let notices = s.take_notices();
    assert!(
        notices
            .iter()
            .any(|n| n.level == Level::Warn && n.text.contains("rebuilt from the journal")),
        "{notices:?}"
    );
    // A restart on histories that match changes nothing and says nothing.
    drop(s);
    let mut s = open(&dir);
    let notices = s.take_notices();
    assert!(
        notices.iter().all(|n| n.level == Level::Info),
        "{notices:?}"
    );

    // Out of undo's reach, a history that is missing is written again.
    for _ in 0..40 {
        play_a_hand(&mut s);
    }
    drop(s);
    let second = hands.join("hand-0002.phh");
    let text = std::fs::read_to_string(&second).expect("the second hand's history");
    std::fs::remove_file(&second).expect("remove");
    drop(open(&dir));
    assert_eq!(std::fs::read_to_string(&second).ok(), Some(text));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_rules_file_that_went_bad_while_the_table_was_down_is_refused_and_the_night_goes_on() {
    let dir = temp("bad-rules");
    seat(&mut open(&dir), &["Ann", "Bob", "Cat"]);
    let mut s = match Stored::open(&RulesSource::file("house.toml", BROKEN), &storage(&dir)) {
        Ok(s) => s,
        Err(e) => panic!("the start failed: {e}"),
    };
    assert_eq!(s.night().events().len(), 3);
    assert_eq!(s.rules().house.name, "Home game");
    let message = s.message().expect("the error on the screen").to_string();
    assert!(
        message.contains("rules not reloaded: house.toml:2:"),
        "{message}"
    );
    assert!(
        s.take_notices()
            .iter()
            .any(|n| n.level == Level::Error && n.text == message),
        "the error in the log"
    );
    // A new night under a bad file has no rules to go on under.
    let fresh = temp("bad-rules-fresh");
    assert!(Stored::open(&RulesSource::file("house.toml", BROKEN), &storage(&fresh)).is_err());
    assert!(!fresh.join("journal.jsonl").exists());
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(fresh);
}

#[test]
fn bad_rules_in_a_journal_header_are_located_in_the_journal() {
    let dir = temp("bad-header");
    let journal = dir.join("journal.jsonl");
    drop(Journal::create(&journal, Header::new("house.toml", BROKEN)).expect("create"));
    let err = match Stored::open(
        &RulesSource::file("house.toml", DEFAULT_TOML),
        &storage(&dir),
    ) {
        Ok(_) => panic!("resumed under rules that do not parse"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.starts_with(&format!("{}:1: ", journal.display())),
        "{err}"
    );
    assert!(!err.starts_with("house.toml"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `dealerd run` on the fake devices, its log read a line at a time.
struct Logged {
    child: std::process::Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Logged {
    fn start(config: &Path, state: &Path) -> Logged {
        let mut child = common::run_fake(config, state)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("dealerd runs");
        let pipe = child.stderr.take().expect("stderr");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Logged {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// The first log line from here on that holds `needle`.
    fn wait_for(&mut self, needle: &str) -> String {
        loop {
            match self.lines.recv_timeout(LIMIT) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(needle) {
                        return line;
                    }
                }
                Err(e) => panic!("no {needle:?} in the log ({e}): {:#?}", self.seen),
            }
        }
    }

    /// SIGTERM, and a clean exit.
    fn stop(mut self) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("pid");
        // SAFETY: kill(2) on our own child's pid; no memory is involved.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let status = self.child.wait().expect("exit");
        assert!(status.success(), "{status}");
    }
}

/// A night with Ann and Bob seated in `dir`'s state directory, journaled
/// under the default rules as `dir/house.toml` (which is not written):
/// the rules file and the state directory `dealerd run` is given. The
/// emulated Pi's test resumes the same night (`pi_emulated`).
pub(crate) fn night_to_resume(dir: &Path) -> (PathBuf, PathBuf) {
    let config = dir.join("house.toml");
    let state = dir.join("state");
    std::fs::create_dir_all(&state).expect("state");
    let source = config.display().to_string();
    let store = dealerd::daemon::run::storage(&state);
    let mut s =
        Stored::open(&RulesSource::file(source.as_str(), DEFAULT_TOML), &store).expect("opens");
    seat(&mut s, &["Ann", "Bob"]);
    (config, state)
}

/// The whole command: `dealerd run` used to exit on a bad file, and systemd
/// restarted it forever with a dark screen.
#[test]
fn dealerd_run_goes_on_when_its_rules_file_went_bad_while_it_was_down() {
    let dir = temp("run-bad-rules");
    let (config, state) = night_to_resume(&dir);
    let source = config.display().to_string();
    std::fs::write(&config, BROKEN).expect("bad config");

    let mut run = Logged::start(&config, &state);
    let refused = run.wait_for("rules not reloaded");
    assert!(refused.contains("ERROR"), "{refused}");
    assert!(refused.contains(&format!("{source}:2:")), "{refused}");
    run.wait_for("dealerd running");
    run.stop();
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 12: a rules file gone missing while the daemon was down (a moved
/// file, a card pulled) no longer stops a night that can resume: it goes on
/// under the journal's rules and says why the file was not read.
#[test]
fn dealerd_run_goes_on_when_its_rules_file_cannot_be_read() {
    let dir = temp("run-missing-rules");
    let (config, state) = night_to_resume(&dir);
    let source = config.display().to_string();
    // Never written: the path the journal names does not exist.
    assert!(!config.exists());

    let mut run = Logged::start(&config, &state);
    let refused = run.wait_for("rules not reloaded");
    assert!(refused.contains("ERROR"), "{refused}");
    assert!(refused.contains(&source), "{refused}");
    run.wait_for("dealerd running");
    run.stop();
    // The night is still the one the journal holds.
    let store = dealerd::daemon::run::storage(&state);
    let s =
        Stored::open(&RulesSource::file(source.as_str(), DEFAULT_TOML), &store).expect("resumes");
    assert_eq!(s.night().table().seats().iter().flatten().count(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 34: a file refused before it is parsed (over the 256 KiB cap, or
/// not UTF-8) at a restart no longer darkens a table that has a journal:
/// the night goes on under the journal's rules and the log says why, as
/// for a syntax error or a missing file.
#[test]
fn dealerd_run_goes_on_when_its_rules_file_is_oversized_or_not_utf8() {
    let big = format!(
        "{DEFAULT_TOML}\n# padding\n{}",
        "#".repeat(dealerd::rules::MAX_FILE_BYTES)
    );
    let not_utf8 = [DEFAULT_TOML.as_bytes(), b"\n# \xff\n"].concat();
    for (name, bytes, why) in [
        (
            "run-oversized-rules",
            big.into_bytes(),
            "a house file may be at most 262144 bytes",
        ),
        ("run-not-utf8-rules", not_utf8, "is not UTF-8"),
    ] {
        let dir = temp(name);
        let (config, state) = night_to_resume(&dir);
        std::fs::write(&config, bytes).expect("the file");
        let mut run = Logged::start(&config, &state);
        let refused = run.wait_for("rules not reloaded");
        assert!(refused.contains("ERROR"), "{refused}");
        assert!(refused.contains(why), "{refused}");
        run.wait_for("dealerd running");
        run.stop();
        let store = dealerd::daemon::run::storage(&state);
        let source = config.display().to_string();
        let s = Stored::open(&RulesSource::file(source.as_str(), DEFAULT_TOML), &store)
            .expect("resumes");
        assert_eq!(s.night().table().seats().iter().flatten().count(), 2);
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// With no night to resume, an unreadable rules file is still an error:
/// there are no other rules to deal under.
#[test]
fn dealerd_run_with_no_night_and_no_rules_file_says_so() {
    let dir = temp("run-no-rules");
    let out = common::run_fake(&dir.join("house.toml"), &dir.join("state"))
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("house.toml"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Outside systemd nothing sets a umask for the ledger: the journal is the
/// owner's alone, and so is a state directory `dealerd run` creates.
#[test]
fn the_journal_and_a_new_state_directory_are_the_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp("modes");
    let state = dir.join("state");
    let setup = dealerd::daemon::run::Setup {
        rules: RulesSource::embedded(),
        state_dir: state.clone(),
        tuning: dealerd::daemon::run::Tuning::default(),
    };
    let (session, _) = dealerd::daemon::run::open(&setup).expect("opens");
    let mode = |p: &Path| std::fs::metadata(p).expect("metadata").permissions().mode() & 0o777;
    assert_eq!(mode(&state), 0o700);
    assert_eq!(mode(&state.join("journal.jsonl")), 0o600);
    drop(session);
    let _ = std::fs::remove_dir_all(dir);
}
