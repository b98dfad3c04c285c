//! Issue 22 on `dealerd run --devices fake`, through presses and card taps
//! only: a walk-in seated and rebought without a card, a card enrolled that
//! survives a restart and is printed by `dealerd cards`, and two nights in
//! one state directory, both reported.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common;

/// Long enough for a loaded CI machine under qemu; a pass never waits it out.
const LIMIT: Duration = Duration::from_secs(90);

fn journal(state: &Path) -> String {
    std::fs::read_to_string(state.join("journal.jsonl")).unwrap_or_default()
}

/// Runs the daemon on `keys` until `done` holds of the state directory,
/// then stops it (SIGTERM) and gives back its log.
fn drive(config: &Path, state: &Path, keys: &str, done: impl Fn(&Path) -> bool) -> String {
    let log = state.with_extension(format!("log{}", keys.len()));
    let mut child = common::run_fake(config, state)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("log file"))
        .spawn()
        .expect("dealerd runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(keys.as_bytes()).expect("keys");
    drop(stdin);
    let start = Instant::now();
    while !done(state) {
        if start.elapsed() > LIMIT || child.try_wait().expect("wait").is_some() {
            let _ = child.kill();
            panic!(
                "not done; journal:\n{}\nlog:\n{}",
                journal(state),
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    // SAFETY: kill(2) on our own child's pid; no memory is involved.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = child.wait().expect("exit");
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success(), "{status}; log: {text}");
    text
}

/// What `dealerd cards` prints for the state directory, which must bind
/// `uid` to `player` as a house file's `[[card]]`.
fn cards_printing(state: &Path, uid: &str, player: &str) -> String {
    let out = common::dealerd()
        .arg("cards")
        .arg(state)
        .output()
        .expect("dealerd cards");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let card = format!("[[card]]\nuid = \"{uid}\"\nplayer = \"{player}\"\n");
    assert!(text.contains(&card), "{text}");
    text
}

fn house(dir: &Path, text: &str) -> PathBuf {
    let config = dir.join("house.toml");
    std::fs::write(&config, text).expect("config");
    config
}

#[test]
fn a_walk_in_is_seated_and_rebought_without_a_card() {
    let dir = common::fresh_dir("nights", "walk-in");
    // H2, whose file has no [[card]]: the host card is added for the test
    // as a house would add theirs.
    let h2 = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("config/houses/h2-pats-no-limit.toml"),
    )
    .expect("h2");
    let config = house(
        &dir,
        &format!("{h2}\n[[card]]\nuid = \"04:00:00:00\"\nhost = true\n"),
    );
    let state = dir.join("state");
    // The host card opens the host menu. "Seat a player" is after the five
    // items a host knows (+ five times), then OK on "Guest 1", OK on the
    // first empty seat, OK on the buy-in. A second walk-in the same way
    // (Guest 2). Then, host menu: "Correct a stack" (+ once), the first
    // seat, C for none left, OK on "money in/out": Guest 1 is broke. Then
    // "Buy-in/rebuy" (- three times from the top, past Lock and New night:
    // the host menu never moves, issue 32), the first seat, OK: a rebuy.
    let keys = ":tap host\n+++++\no\no\no\no\n\
                :tap host\n+++++\no\no\no\no\n\
                :tap host\n+\no\no\nc\no\no\n\
                :tap host\n---\no\no\no\n";
    drive(&config, &state, keys, |s| journal(s).contains("\"rebuy\""));
    let j = journal(&state);
    let events: Vec<&str> = j.lines().skip(1).collect();
    assert!(
        events[0].contains(r#""type":"join","seat":0,"name":"Guest 1""#),
        "{j}"
    );
    assert!(
        events[1].contains(r#""type":"join","seat":1,"name":"Guest 2""#),
        "{j}"
    );
    assert!(
        events[2].contains(r#""type":"set-stack","seat":0,"stack":0"#),
        "{j}"
    );
    assert!(events[3].contains(r#""type":"rebuy","seat":0"#), "{j}");
    assert_eq!(events.len(), 4, "{j}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_card_enrolled_on_the_device_survives_a_restart_and_is_printed() {
    let dir = common::fresh_dir("nights", "enroll");
    let config = house(&dir, &crate::walk_ins::roster_house());
    let state = dir.join("state");
    // Locked, the new card is refused with how to enroll it. The host card,
    // then the new card: enrol it to Zoe (the roster's first), and her seat
    // and buy-in follow (OK, OK).
    let keys = ":tap 04:00:00:99\n:tap host\n:tap 04:00:00:99\no\no\no\n";
    let log = drive(&config, &state, keys, |s| {
        journal(s).contains(r#""type":"join","seat":0,"name":"Zoe""#)
    });
    assert!(log.contains("unknown card 04:00:00:99"), "{log}");
    let j = journal(&state);
    assert!(
        j.contains(r#""type":"enroll-card","uid":"04:00:00:99","name":"Zoe""#),
        "{j}"
    );
    // A restart: her card is hers, and opens her menu (sit out: OK on the
    // first item, since at the maximum buy-in she has no top-up to offer).
    // Zoe's card: her menu's second item, Sit out (issue 32: "Top up", at
    // the maximum, keeps its place above it).
    let keys = ":tap 04:00:00:99\n+\no\n";
    let log = drive(&config, &state, keys, |s| {
        journal(s).contains("\"sit-out\"")
    });
    assert!(log.contains("card 04:00:00:99 (Zoe)"), "{log}");
    let text = cards_printing(&state, "04:00:00:99", "Zoe");
    // What it prints is a house file's [[card]]: the file takes it.
    let both = format!(
        "{}\n{text}",
        crate::walk_ins::roster_house().replace("\"Zoe\", ", "")
    );
    dealerd::rules::load_str("with-cards.toml", &both).expect("the printed cards load");
    let _ = std::fs::remove_dir_all(dir);
}

/// H2's file as shipped, with no [[card]] at all: without a host card
/// there is no lock, so the host menu opens from the menu (`O`, minus to
/// its last item, "Host...") and an unknown card is offered for enrolling
/// at once; otherwise walk-ins, new cards and the end of the night would be
/// out of reach. `dealerd check` says the menu is open.
#[test]
fn a_house_with_no_host_card_seats_walk_ins_and_enrolls_cards_from_the_buttons() {
    let dir = common::fresh_dir("nights", "no-host");
    let h2 = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("config/houses/h2-pats-no-limit.toml"),
    )
    .expect("h2");
    let config = house(&dir, &h2);
    let state = dir.join("state");
    // Menu, "Host..." (last), OK; "Seat a player" (the sixth of the host's
    // list, which never moves: issue 32), OK; "Guest 1", the first seat,
    // the buy-in. Then a new card: Guest 2, the seat, the buy-in.
    // (A new card on a box with no host card is offered as the host card
    // first, issue 34: Undo enrolls it for a player.)
    let keys = "O\n-\no\n+\n+\n+\n+\n+\no\no\no\no\n:tap 04:00:00:42\nu\no\no\no\n";
    drive(&config, &state, keys, |s| {
        journal(s).contains(r#""type":"join","seat":1,"name":"Guest 2""#)
    });
    let j = journal(&state);
    for want in [
        r#""type":"join","seat":0,"name":"Guest 1""#,
        r#""type":"enroll-card","uid":"04:00:00:42","name":"Guest 2""#,
    ] {
        assert!(j.contains(want), "{want}\n{j}");
    }
    let out = common::dealerd()
        .arg("check")
        .arg(&config)
        .output()
        .expect("dealerd check");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        text.contains("note: no host card yet: the host menu is open to anyone at the buttons"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A walk-in the roster does not know gets a new card with his own name,
/// typed on the buttons: the list's last item, then K (held plus twice,
/// OK), i (held plus, plus three times, OK), m (held plus twice, plus
/// twice, held OK to end), then his seat and buy-in.
#[test]
fn a_name_typed_on_the_device_enrolls_a_card_and_seats_its_player() {
    let dir = common::fresh_dir("nights", "typed");
    let config = house(&dir, &crate::walk_ins::roster_house());
    let state = dir.join("state");
    let keys = ":tap host\n:tap 04:00:00:55\n-\no\n==o\n=+++o\n==++O\no\no\n";
    drive(&config, &state, keys, |s| {
        journal(s).contains(r#""type":"join","seat":0,"name":"Kim""#)
    });
    let j = journal(&state);
    assert!(
        j.contains(r#""type":"enroll-card","uid":"04:00:00:55","name":"Kim""#),
        "{j}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A card enrolled "as 'Guest N' to be renamed later" (issue 22), renamed
/// on the buttons: the new card to Guest 1 (the roster's two, then the
/// guest), seat and buy-in; then the host menu's "Rename a player" (minus
/// four times from the top: past Lock, New night and Buy-in/rebuy), the guest's seat,
/// and "Kim" typed. The journal has the rename, and `dealerd cards` prints
/// the card under the name he really has.
#[test]
fn a_guest_renamed_on_the_device_is_printed_under_the_new_name() {
    let dir = common::fresh_dir("nights", "rename");
    let config = house(&dir, &crate::walk_ins::roster_house());
    let state = dir.join("state");
    let keys = ":tap host\n:tap 04:00:00:66\n++\no\no\no\n\
                :tap host\n----\no\no\n==o\n=+++o\n==++O\n";
    drive(&config, &state, keys, |s| {
        journal(s).contains(r#""type":"rename","seat":0,"name":"Kim""#)
    });
    let j = journal(&state);
    assert!(
        j.contains(r#""type":"enroll-card","uid":"04:00:00:66","name":"Guest 1""#),
        "{j}"
    );
    cards_printing(&state, "04:00:00:66", "Kim");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn two_nights_in_one_state_directory_are_both_reported() {
    let dir = common::fresh_dir("nights", "two");
    let config = house(&dir, dealerd::rules::DEFAULT_TOML);
    let state = dir.join("state");
    // Night one: Ann and Bob by card, a new card enrolled as Guest 1, then
    // the host ends the session (+ four times, OK, OK).
    let keys = ":tap Ann\no\no\n:tap Bob\no\no\n:tap host\n:tap 04:00:00:77\no\no\no\n\
                :tap host\n++++\no\no\n";
    drive(&config, &state, keys, |s| {
        journal(s).contains("\"end-session\"")
    });
    // Between the nights the host edits the house file: the next night
    // opens with the file as it reads then.
    let edited = dealerd::rules::DEFAULT_TOML.replacen(
        "[house]\n",
        "[house]\n# edited for the second night\n",
        1,
    );
    assert_ne!(
        edited,
        dealerd::rules::DEFAULT_TOML,
        "the default has [house]"
    );
    std::fs::write(&config, &edited).expect("the edit");
    // A restart finds the night ended. The host starts the next (OK on
    // "New night", OK to confirm); Ann and the enrolled guest sit down.
    let keys = ":tap Ann\n:tap host\no\no\n:tap Ann\no\no\n:tap 04:00:00:77\no\no\n";
    drive(&config, &state, keys, |s| {
        let j = journal(s);
        j.contains(r#""name":"Ann""#) && j.contains(r#""type":"join","seat":1,"name":"Guest 1""#)
    });
    let nights: Vec<PathBuf> = std::fs::read_dir(state.join("nights"))
        .expect("nights archived")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(nights.len(), 1, "{nights:?}");
    let old = &nights[0];
    for kept in ["journal.jsonl", "ledger.csv", "report.txt", "hands"] {
        assert!(old.join(kept).exists(), "{kept} in {}", old.display());
    }
    let report = |journal: &Path| {
        let out = common::dealerd()
            .arg("report")
            .arg(journal)
            .output()
            .expect("dealerd report");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // The archived night keeps the rules it was played under; the new one
    // has the edit.
    assert!(!journal(old).contains("edited for the second night"));
    assert!(journal(&state).contains("edited for the second night"));
    let first = report(&old.join("journal.jsonl"));
    let second = report(&state.join("journal.jsonl"));
    assert!(first.contains("Bob") && first.contains("Ann"), "{first}");
    assert!(
        second.contains("Ann") && !second.contains("Bob"),
        "{second}"
    );
    assert!(second.contains("Guest 1"), "{second}");
    // Both nights have their line in nights.csv.
    let csv = std::fs::read_to_string(state.join("ledger/nights.csv")).expect("nights.csv");
    assert_eq!(csv.lines().count(), 3, "{csv}");
    let _ = std::fs::remove_dir_all(dir);
}
