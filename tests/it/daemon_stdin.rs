//! `dealerd run --devices fake` driven from stdin and seen on stdout, as a
//! host tries the real daemon on a laptop: presses go through the fake
//! buttons' inbox, taps through the fake MFRC522 and the real reader code,
//! and every frame the fake panel takes comes out as text. Each wait is for
//! something the daemon prints; the time limit only turns a hang into a
//! failure.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdout, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use dealerd::daemon::term;
use dealerd::ui::render::{to_terminal, Frame};

use crate::common;
use crate::night::shows;

/// Long enough for a loaded CI machine under qemu; a pass never waits it out.
const LIMIT: Duration = Duration::from_secs(60);

enum Printed {
    Frame(Box<Frame>),
    Line(String),
}

/// stdout as frames (the boxes read back) and the lines between them.
fn printed(stdout: ChildStdout) -> mpsc::Receiver<Printed> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut boxed: Option<String> = None;
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let out = match (&mut boxed, line.chars().next()) {
                (None, Some('┌')) => {
                    boxed = Some(String::new());
                    continue;
                }
                (Some(b), Some('│')) => {
                    b.push_str(&line);
                    b.push('\n');
                    continue;
                }
                (Some(_), Some('└')) => match term::unboxed(&boxed.take().unwrap_or_default()) {
                    Ok(frame) => Printed::Frame(Box::new(frame)),
                    Err(e) => Printed::Line(format!("not a frame: {e}")),
                },
                _ => Printed::Line(line),
            };
            if tx.send(out).is_err() {
                return;
            }
        }
    });
    rx
}

#[test]
fn stdin_deals_a_hand_on_the_fake_devices_and_stdout_shows_it() {
    let dir = common::fresh_dir("stdin", "deal");
    let config = dir.join("house.toml");
    // The default house: it has Ann's and Bob's cards.
    std::fs::write(&config, dealerd::rules::DEFAULT_TOML).expect("config");
    let state = dir.join("state");
    let mut child = common::run_fake(&config, &state)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dealerd runs");
    let out = printed(child.stdout.take().expect("stdout"));
    let log = child.stderr.take().expect("stderr");
    let log = std::thread::spawn(move || {
        let lines = BufReader::new(log).lines().map_while(Result::ok);
        lines.collect::<Vec<String>>()
    });

    // Bad input first: each is answered and changes nothing. Then Ann and
    // Bob tap in and take the offered seat and buy-in (OK, OK), and OK
    // deals. Ann taps twice: the second is a tap of its own only once the
    // reader has seen her card away (it opens her menu, which Bob's card
    // then replaces). Everything is sent at once and stdin closed: a tap
    // holds the keys after it until the reader has read the card, and EOF
    // does not stop the daemon.
    let keys = "xq\n:tap nobody\n:tap 04:11:22:33:44:55:66\n:wait 5\n\
                :tap Ann\no\no\n:tap Ann\n:tap Bob\no\no\no\n";
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(keys.as_bytes()).expect("keys");
    drop(stdin);

    let mut lines = Vec::new();
    let mut last = None;
    let dealt = loop {
        match out.recv_timeout(LIMIT) {
            Ok(Printed::Frame(f)) if shows(&f, "PRE") && shows(&f, "Ann") => break f,
            Ok(Printed::Frame(f)) => last = Some(f),
            Ok(Printed::Line(l)) => lines.push(l),
            Err(e) => {
                let _ = child.kill();
                panic!(
                    "no dealt hand on stdout ({e}); lines: {lines:#?}\nlast frame:\n{}\nlog: {:#?}",
                    last.as_deref().map(to_terminal).unwrap_or_default(),
                    log.join()
                );
            }
        }
    };
    assert!(shows(&dealt, "Ann"));
    let said = lines.join("\n");
    for answer in [
        "x: no button on that key",
        "q: no button on that key",
        "nobody: neither a card UID",
        "4-byte UIDs only",
        "the other commands are the simulator's",
    ] {
        assert!(said.contains(answer), "{answer:?} in {said}");
    }
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{said}");
    assert!(child.try_wait().expect("wait").is_none(), "EOF stopped it");

    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    // SAFETY: kill(2) on our own child's pid; no memory is involved.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = child.wait().expect("exit");
    let log = log.join().expect("log");
    assert!(status.success(), "{status}; log: {log:#?}");
    let ann = log.iter().filter(|l| l.contains("card 04:00:00:01 (Ann)"));
    assert_eq!(ann.count(), 2, "{log:#?}");
    let journal = std::fs::read_to_string(state.join("journal.jsonl")).expect("journal");
    let events: Vec<&str> = journal.lines().skip(1).collect();
    assert_eq!(events.len(), 3, "{journal}");
    assert!(
        events[0].contains(r#""type":"join","seat":0,"name":"Ann""#),
        "{journal}"
    );
    assert!(
        events[1].contains(r#""type":"join","seat":1,"name":"Bob""#),
        "{journal}"
    );
    assert!(events[2].contains(r#""type":"new-hand""#), "{journal}");
    let _ = std::fs::remove_dir_all(dir);
}
