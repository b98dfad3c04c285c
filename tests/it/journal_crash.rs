//! Crash recovery: the real binary journals a scripted night, is killed with
//! SIGKILL at several points, and is restarted with the rest of the script.
//! The night it ends with must be the night of an uninterrupted run, and no
//! record the journal held before the kill may be lost.

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dealerd::daemon::sim;
use dealerd::journal::{night_from, Journal};
use dealerd::rules::HouseRules;
use dealerd::table::Night;

use crate::common;

/// Four players, three hands: limps, folds, raises, an undo, two showdowns.
const SCRIPT: &str = "\
:join 1 Ann 200
:join 2 Bob 200
:join 3 Cat 200
:join 4 Dan 200
o
c
f
c
c
o
c
c
bo
f
c
o
c
c
o
c
c
booo
o
bo
c
f
u
f
c
o
b++o
f
c
o
c
c
o
c
c
cooo
o
c
c
c
c
o
bo
f
f
f
";

fn rules() -> Arc<HouseRules> {
    Arc::new(sim::load_rules(None).expect("default rules"))
}

fn lines() -> Vec<&'static str> {
    SCRIPT.lines().collect()
}

fn opts(journal: Option<&Path>, echo: bool) -> sim::Options {
    sim::Options {
        echo,
        storage: dealerd::daemon::store::Storage {
            journal: journal.map(Path::to_path_buf),
            history: None,
            ledger: None,
        },
        ..sim::Options::default()
    }
}

fn run_in_process(input: &str, journal: Option<&Path>, echo: bool) -> (Night, Vec<u8>) {
    let mut out = Vec::new();
    let night = sim::run(
        &sim::rules_source(None).expect("default rules"),
        Cursor::new(input.to_string()),
        &mut out,
        &opts(journal, echo),
    )
    .expect("sim runs");
    (night, out)
}

/// Power lost in the middle of a write: part of a record, no newline.
fn tear(journal: &Path, part: &[u8]) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(journal)
        .expect("journal");
    f.write_all(part).expect("tear");
}

fn temp(name: &str) -> PathBuf {
    common::fresh_dir("crash", name)
}

/// Complete records in the journal file (lines after the header).
fn records_in(path: &Path) -> usize {
    std::fs::read(path)
        .map(|b| b.iter().filter(|&&c| c == b'\n').count().saturating_sub(1))
        .unwrap_or(0)
}

fn header_written(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| b.contains(&b'\n'))
}

fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Records the journal holds once the first `k` lines are processed.
fn expected_records(k: usize) -> usize {
    let dir = temp(&format!("expect-{k}"));
    let j = dir.join("j.jsonl");
    run_in_process(&script(&lines()[..k]), Some(&j), false);
    let n = records_in(&j);
    let _ = std::fs::remove_dir_all(dir);
    n
}

fn spawn(journal: &Path) -> Child {
    common::dealerd()
        .args(["sim", "--empty", "--quiet", "--journal"])
        .arg(journal)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dealerd starts")
}

/// Polls `done` until it holds, for at most a minute (qemu is slow).
fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn same_night(got: &Night, want: &Night, context: &str) {
    let (g, w) = (got.table(), want.table());
    assert_eq!(g.hands_dealt(), w.hands_dealt(), "{context}: hands dealt");
    assert_eq!(g.seats(), w.seats(), "{context}: seats and stacks");
    assert_eq!(g.ledger(), w.ledger(), "{context}: ledger");
    assert_eq!(got.events(), want.events(), "{context}: events");
}

#[test]
fn a_night_killed_at_any_point_resumes_to_the_same_table() {
    let lines = lines();
    let (want, _) = run_in_process(SCRIPT, None, false);
    assert_eq!(want.table().hands_dealt(), 3);

    // Kill points: before any input, then every few lines that journal a
    // record, so the child's progress is observable in the file.
    let counts: Vec<usize> = (0..=lines.len()).map(expected_records).collect();
    let mut points = vec![0];
    let mut last = 0;
    for k in 1..=lines.len() {
        if counts[k] > counts[k - 1] && k - last >= 6 {
            points.push(k);
            last = k;
        }
    }
    assert!(points.len() >= 7, "{points:?}");
    eprintln!("kill points (lines of input before SIGKILL): {points:?}");

    for (i, &k) in points.iter().enumerate() {
        let dir = temp(&format!("kill-{k}"));
        let j = dir.join("night.jsonl");
        let mut child = spawn(&j);
        {
            let stdin = child.stdin.as_mut().expect("stdin");
            stdin
                .write_all(script(&lines[..k]).as_bytes())
                .expect("write input");
            stdin.flush().expect("flush");
        }
        wait_for("the header", || header_written(&j));
        wait_for(&format!("{} records after {k} lines", counts[k]), || {
            records_in(&j) >= counts[k]
        });
        let confirmed = records_in(&j);
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        let after = records_in(&j);
        assert!(
            after >= confirmed,
            "kill after line {k}: {confirmed} records before the kill, {after} after"
        );
        assert_eq!(after, counts[k], "kill after line {k}");

        // Every other point also loses power in the middle of a write.
        let torn = i % 2 == 1;
        if torn {
            tear(&j, br#"{"n":999,"event":{"type":"hand","act":[0,"#);
        }

        let mut child = spawn(&j);
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(script(&lines[k..]).as_bytes())
            .expect("write the rest");
        let out = child.wait_with_output().expect("restart runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "restart after line {k}: {stderr}");
        assert_eq!(torn, stderr.contains("torn last line"), "{stderr}");

        let (_, records) = Journal::open(&j).expect("journal reads");
        let got = night_from(rules(), &records).expect("journal replays");
        same_night(&got, &want, &format!("killed after line {k}"));
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn the_frame_after_a_restart_is_the_frame_before_it() {
    let lines = lines();
    for k in [4, 13, 22, 27, 40] {
        let dir = temp(&format!("frame-{k}"));
        let j = dir.join("night.jsonl");
        // What the last press recorded is on the screen for a few seconds
        // only, and is not part of the night: a restart draws the frame as
        // it stands once that note has gone.
        let first = format!("{}:wait 10\n", script(&lines[..k]));
        let (before, out1) = run_in_process(&first, Some(&j), true);
        let (after, out2) = run_in_process("", Some(&j), true);
        assert!(!out2.is_empty());
        assert!(
            out1.ends_with(&out2),
            "after line {k}, the restart draws another frame"
        );
        same_night(&after, &before, &format!("restart after line {k}"));
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A small xorshift: the kill points are random, and the seed is printed so
/// that a failure can be run again (`DEALERD_CRASH_SEED`).
struct Rng(u64);

impl Rng {
    fn from_env() -> Rng {
        let seed = std::env::var("DEALERD_CRASH_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                let t = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64);
                t ^ u64::from(std::process::id()) << 32
            });
        eprintln!("kill seed: DEALERD_CRASH_SEED={seed}");
        Rng(seed | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// Issue 12: SIGKILL while the night is being played, not between inputs:
/// the child has the whole script and is killed once a random number of
/// records is on disk, in the middle of whatever it is doing (half the
/// time the power goes too, tearing a line). What survives is a prefix of
/// the uninterrupted night's records, and the next start takes it up.
/// `DEALERD_CRASH_KILLS=N` kills N times instead of 4.
#[test]
fn a_night_killed_at_random_moments_keeps_a_prefix_and_starts_again() {
    let dir = temp("random-full");
    let full = dir.join("night.jsonl");
    run_in_process(SCRIPT, Some(&full), false);
    let (_, want) = Journal::open(&full).expect("the full night");
    let kills = std::env::var("DEALERD_CRASH_KILLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let mut rng = Rng::from_env();
    for i in 0..kills {
        let at = rng.below(want.len() as u64 + 1) as usize;
        let torn = rng.below(2) == 1;
        let j = dir.join(format!("kill-{i}.jsonl"));
        let mut child = spawn(&j);
        // Stdin stays open: the child is still running when it is killed.
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(SCRIPT.as_bytes()).expect("write input");
        stdin.flush().expect("flush");
        wait_for("the header", || header_written(&j));
        wait_for(&format!("{at} records"), || records_in(&j) >= at);
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        drop(stdin);
        if torn {
            tear(&j, br#"{"n":999,"event":{"type":"hand","ac"#);
        }

        let mut child = spawn(&j);
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(b":quit\n")
            .expect("quit");
        let out = child.wait_with_output().expect("restart runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let context = format!("kill {i} at {at} records, torn {torn}");
        assert!(out.status.success(), "{context}: {stderr}");
        assert_eq!(
            torn,
            stderr.contains("torn last line"),
            "{context}: {stderr}"
        );
        let (_, got) = Journal::open(&j).expect("journal reads");
        assert!(got.len() >= at, "{context}: {} records left", got.len());
        assert_eq!(got[..], want[..got.len()], "{context}: not a prefix");
        night_from(rules(), &got).expect("the prefix replays");
    }
    let _ = std::fs::remove_dir_all(dir);
}
