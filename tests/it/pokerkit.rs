//! Issue 13: dealerd's hand histories read by another program. PokerKit
//! 0.7.7 (pinned, in a venv under the target dir, kept across runs) loads
//! every `.phh` of a generated night per house and replays it with cards
//! dealt to reproduce the dealer's ranking (tests/pokerkit/check.py); its
//! final stacks must equal `finishing_stacks`. Skipped, saying so, only when
//! PyPI cannot be reached to install PokerKit.

use std::net::{TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::phh_coverage::seed;
use crate::phh_nights::{houses, night};

const POKERKIT: &str = "pokerkit==0.7.7";

/// The first hands of each coverage night: PokerKit takes about 15 ms a file.
const HANDS: usize = 100;

fn pypi_reachable() -> bool {
    let Ok(addrs) = ("pypi.org", 443).to_socket_addrs() else {
        return false;
    };
    addrs
        .into_iter()
        .any(|a| TcpStream::connect_timeout(&a, Duration::from_secs(5)).is_ok())
}

/// The venv's python, installing PokerKit the first time; `None` when PyPI
/// cannot be reached. The venv is made `--without-pip` and the wheel put in
/// by `tests/pokerkit/install.py` with the standard library alone, so a
/// Debian python3 without python3-venv (no ensurepip) does as well.
fn python() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pokerkit-0.7.7-venv");
    let python = dir.join("bin/python");
    let marker = dir.join("installed");
    if std::fs::read_to_string(&marker).is_ok_and(|m| m == POKERKIT) {
        return Some(python);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let venv = Command::new("python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| {
            panic!("python3 (3.11 or newer) runs the PokerKit check; on Debian, apt-get install python3: {e}")
        });
    assert!(
        venv.status.success(),
        "python3 -m venv: {}",
        String::from_utf8_lossy(&venv.stderr)
    );
    let installer = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pokerkit/install.py");
    let (name, version) = POKERKIT.split_once("==").expect("pinned");
    let install = Command::new(&python)
        .arg(&installer)
        .args([name, version])
        .output()
        .expect("the venv's python runs");
    if !install.status.success() {
        if !pypi_reachable() {
            println!("SKIPPED: PyPI cannot be reached, so {POKERKIT} cannot be installed");
            return None;
        }
        panic!(
            "installing {POKERKIT}: {}",
            String::from_utf8_lossy(&install.stderr)
        );
    }
    std::fs::write(&marker, POKERKIT).expect("marker");
    Some(python)
}

#[test]
fn pokerkit_replays_the_histories_to_the_same_stacks() {
    let Some(python) = python() else {
        return;
    };
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pokerkit-phh");
    let _ = std::fs::remove_dir_all(&root);
    for (i, (name, text)) in houses().iter().enumerate() {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).expect("dir");
        for (hand, t) in night(name, text, HANDS, seed(i)).written {
            std::fs::write(dir.join(format!("hand-{hand:04}.phh")), t).expect("write");
        }
    }
    let summary = root.join("summary.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pokerkit/check.py");
    let out = Command::new(&python)
        .args(["-W", "ignore::UserWarning"])
        .arg(&script)
        .arg(&root)
        .arg(&summary)
        .output()
        .expect("the check runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary).expect("summary")).expect("json");
    // The check must have replayed hands, not only explained why not.
    let equal = |house: &str| summary[house]["counts"]["equal"].as_u64().unwrap_or(0);
    for house in ["default", "h2", "night"] {
        assert!(
            equal(house) > 0,
            "{house}: PokerKit replayed none\n{stdout}"
        );
    }
}
