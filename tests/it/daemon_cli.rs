//! `dealerd run --devices fake` as systemd runs it: readiness and watchdog
//! pings on a notify socket the test owns, SIGHUP reloads, SIGTERM stops.
//! The daemon's datagrams are the sync points: nothing here sleeps.

use std::io::{BufRead, BufReader};
use std::os::unix::net::UnixDatagram;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common;

/// Long enough for a loaded CI machine under qemu; a pass never waits it out.
const LIMIT: Duration = Duration::from_secs(60);

fn temp(name: &str) -> PathBuf {
    crate::common::fresh_dir("cli", name)
}

/// The default rules under another house name, to tell rules apart.
fn rules_named(name: &str) -> String {
    let text =
        dealerd::rules::DEFAULT_TOML.replace("name = \"Home game\"", &format!("name = \"{name}\""));
    assert!(text.contains(name));
    text
}

struct Daemon {
    child: Child,
    notify: UnixDatagram,
    stderr: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Daemon {
    fn start(dir: &Path, config: &Path, env: &[(&str, &str)]) -> Daemon {
        let sock = dir.join("notify.sock");
        let notify = UnixDatagram::bind(&sock).expect("notify socket");
        notify.set_read_timeout(Some(LIMIT)).expect("timeout");
        let mut cmd = common::run_fake(config, &dir.join("state"));
        cmd.env("NOTIFY_SOCKET", &sock)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("dealerd runs");
        let pipe = child.stderr.take().expect("stderr");
        let (tx, stderr) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Daemon {
            child,
            notify,
            stderr,
            seen: Vec::new(),
        }
    }

    /// The next datagram that starts with `prefix`.
    fn notified(&mut self, prefix: &str) -> String {
        let mut buf = [0u8; 4096];
        loop {
            let len = match self.notify.recv(&mut buf) {
                Ok(len) => len,
                Err(e) => panic!(
                    "no {prefix} on the notify socket ({e}); log: {:#?}",
                    self.log()
                ),
            };
            let msg = String::from_utf8_lossy(&buf[..len]).into_owned();
            if msg.starts_with(prefix) {
                return msg;
            }
        }
    }

    /// The next stderr line containing `needle`.
    fn logged(&mut self, needle: &str) -> String {
        loop {
            match self.stderr.recv_timeout(LIMIT) {
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

    fn log(&mut self) -> Vec<String> {
        self.seen.extend(self.stderr.try_iter());
        self.seen.clone()
    }

    fn signal(&self, sig: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("pid");
        // SAFETY: kill(2) on our own child's pid; no memory is involved.
        assert_eq!(unsafe { libc::kill(pid, sig) }, 0, "kill");
    }

    fn is_running(&mut self) -> bool {
        self.child.try_wait().expect("wait").is_none()
    }

    /// SIGTERM: STOPPING=1, then a clean exit.
    fn stop(mut self) {
        self.signal(libc::SIGTERM);
        self.notified("STOPPING=1");
        let status = self.child.wait().expect("exit");
        assert!(status.success(), "{status}; log: {:#?}", self.log());
    }
}

#[test]
fn ready_then_watchdog_pings_then_stopping_on_sigterm() {
    let dir = temp("ready");
    let config = dir.join("house.toml");
    std::fs::write(&config, rules_named("Ready house")).expect("config");
    // 200 ms: a ping at least every 100 ms.
    let env = [("WATCHDOG_USEC", "200000"), ("JOURNAL_STREAM", "8:4242")];
    let mut d = Daemon::start(&dir, &config, &env);
    d.notified("READY=1");
    d.notified("WATCHDOG=1");
    d.notified("WATCHDOG=1");
    // Under journald: a syslog priority for journald to file, no timestamp
    // (journald stamps lines itself).
    let line = d.logged("dealerd running");
    assert!(line.starts_with("<6>"), "{line}");
    assert!(!line[3..].starts_with(char::is_numeric), "{line}");
    assert!(dir.join("state").join("journal.jsonl").exists());
    d.stop();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sighup_with_a_bad_file_keeps_the_old_rules_then_a_good_one_is_put_in_force() {
    let dir = temp("sighup-bad");
    let config = dir.join("house.toml");
    std::fs::write(&config, rules_named("Old house")).expect("config");
    let mut d = Daemon::start(&dir, &config, &[]);
    assert!(d.notified("STATUS=").contains("Old house"));
    d.notified("READY=1");

    std::fs::write(&config, "[house]\nname = \"Broken\n").expect("bad config");
    d.signal(libc::SIGHUP);
    // Each reload answers with the rules in force.
    let status = d.notified("STATUS=");
    assert!(status.contains("Old house"), "{status}");
    let line = d.logged("rules not reloaded");
    assert!(line.contains("ERROR"), "{line}");
    let located = format!("{}:2:", config.display());
    let at = line.find(&located).map(|i| &line[i + located.len()..]);
    let col: String = at
        .unwrap_or("")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert!(!col.is_empty(), "file:line:col in {line}");
    assert!(d.is_running());

    // A second bad reload is no worse than the first.
    d.signal(libc::SIGHUP);
    assert!(d.notified("STATUS=").contains("Old house"));
    assert!(d.is_running());

    // Fixed: nobody is in a hand, so the new rules apply at once.
    std::fs::write(&config, rules_named("New house")).expect("good config");
    d.signal(libc::SIGHUP);
    let status = d.notified("STATUS=");
    assert!(
        status.contains("New house"),
        "{status}; log: {:#?}",
        d.log()
    );
    d.logged("rules reloaded (New house)");
    d.stop();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bad_config_at_start_is_fatal_in_one_line() {
    let dir = temp("bad-start");
    let config = dir.join("house.toml");
    std::fs::write(&config, "[house]\nname = \"Broken\n").expect("config");
    let out = common::run_fake(&config, &dir.join("state"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&format!("{}:2:", config.display())), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unusable_state_dir_is_fatal_in_one_line() {
    let dir = temp("bad-state");
    let config = dir.join("house.toml");
    std::fs::write(&config, rules_named("Home")).expect("config");
    // A file where the directory should be.
    let state = dir.join("state");
    std::fs::write(&state, "not a directory").expect("file");
    let out = common::run_fake(&config, &state).output().expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("state directory"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}
