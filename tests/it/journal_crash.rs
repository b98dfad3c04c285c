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
ooo
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
ooo
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
        storage: dealerd::daemon::session::Storage {
            journal: journal.map(Path::to_path_buf),
            history: None,
        },
        ..sim::Options::default()
    }
}

fn run_in_process(input: &str, journal: Option<&Path>, echo: bool) -> (Night, Vec<u8>) {
    let mut out = Vec::new();
    let night = sim::run(
        &sim::RulesFile::load(None).expect("default rules"),
        Cursor::new(input.to_string()),
        &mut out,
        &opts(journal, echo),
    )
    .expect("sim runs");
    (night, out)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealerd-crash-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
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
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(&j)
                .expect("journal");
            f.write_all(br#"{"n":999,"event":{"type":"hand","act":[0,"#)
                .expect("tear");
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
        let (before, out1) = run_in_process(&script(&lines[..k]), Some(&j), true);
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
