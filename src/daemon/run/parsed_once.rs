//! Issue 35: "a slower path (a second parse, a rebuild per client) is a
//! defect even when tests pass." The daemon parses the house file's text
//! once for each time it reads the file: a start (the wiring it claims, the
//! night, the room it publishes to), a reload (the check and the table), and
//! none at all for a host card's tap. Counted by `rules::PARSES`, on this
//! thread, over the daemon's own entry points.

use std::path::PathBuf;
use std::time::Duration;

use super::{open, Setup, Tuning};
use crate::daemon::session::{Input, RulesSource};
use crate::daemon::sim;
use crate::rules::PARSES;
use crate::ui::{Button, Press};

/// The default house's host card.
const HOST_CARD: [u8; 4] = [0x04, 0x00, 0x00, 0x00];

/// The default house (which has a host card) unlocking for `unlock`
/// seconds, with a `[room]`: every reader of the file has something to read.
fn house(unlock: u32) -> String {
    let text = crate::rules::DEFAULT_TOML.replacen(
        "host_unlock_seconds = 60",
        &format!("host_unlock_seconds = {unlock}"),
        1,
    );
    assert_ne!(text, crate::rules::DEFAULT_TOML, "the unlock was set");
    format!("{text}\n[room]\nbroker = \"mqtt://floor.local\"\ntable = \"t1\"\n")
}

/// What `f` gave, and the parses it made.
fn parses<T>(f: impl FnOnce() -> T) -> (T, usize) {
    PARSES.with(|n| n.set(0));
    let out = f();
    (out, PARSES.with(std::cell::Cell::get))
}

fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealerd-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn setup(dir: &std::path::Path, text: &str) -> Setup {
    Setup {
        rules: RulesSource::file(dir.join("house.toml"), text),
        state_dir: dir.to_path_buf(),
        tuning: Tuning::default(),
    }
}

/// `dealerd run`'s start, a new night and a resumed one: the wiring it
/// claims, the night's rules and the `[room]` it publishes to come from one
/// parse of the file (four before: the wiring, the new night's check, the
/// session, the room).
#[test]
fn a_start_of_run_parses_the_house_file_once_for_the_wiring_the_night_and_the_room() {
    let dir = state_dir("parsed-once-run");
    for night in ["new", "resumed"] {
        let setup = setup(&dir, &house(90));
        let ((stored, hw, room), n) = parses(|| {
            let (stored, hw) = open(&setup).expect("opens");
            let room = super::cli::room_of(&setup);
            (stored, hw, room)
        });
        assert_eq!(n, 1, "a {night} night's start parsed the file {n} times");
        assert_eq!(hw.host_unlock_seconds, 90);
        assert_eq!(room.expect("[room] was read").table, "t1");
        assert_eq!(stored.rules_in_force().text, setup.rules.text);
        drop(stored);
    }
    assert!(dir.join(super::JOURNAL).exists(), "the night was begun");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dealerd sim`'s start, with a journal to begin: one parse (two before:
/// the new night's check, then the session).
#[test]
fn a_start_of_sim_parses_the_house_file_once() {
    let dir = state_dir("parsed-once-sim");
    let opts = sim::Options {
        frames: None,
        demo_players: true,
        echo: false,
        storage: super::storage(&dir),
    };
    let rules = RulesSource::file(dir.join("house.toml"), house(90));
    let mut out = Vec::new();
    let (sim, n) = parses(|| sim::start(&rules, &mut out, &opts).map(drop));
    sim.expect("starts");
    assert_eq!(n, 1, "the simulator's start parsed the file {n} times");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A reload parses the new file once (twice before: the session's check,
/// then the table's own), a host card's tap parses nothing (once before,
/// for `[hardware] host_unlock_seconds`), and the unlock is the one of the
/// rules in force: the reloaded file's, then, the reload undone, the first
/// file's again, still with no parse.
#[test]
fn a_reload_parses_the_new_file_once_and_a_host_tap_parses_nothing() {
    let dir = state_dir("parsed-once-reload");
    let (mut stored, _) = open(&setup(&dir, &house(90))).expect("opens");
    let tap = Input::Tap(HOST_CARD.to_vec());
    let unlocked_for = |stored: &mut crate::daemon::store::Stored, at: u64, n: u64| {
        let at = Duration::from_secs(at);
        stored.tick(at + Duration::from_secs(n - 1));
        let before = stored.session().host_unlocked();
        stored.tick(at + Duration::from_secs(n + 1));
        before && !stored.session().host_unlocked()
    };

    let ((), n) = parses(|| stored.handle(tap.clone(), Duration::from_secs(10)));
    assert_eq!(n, 0, "a host tap parsed the file");
    assert!(unlocked_for(&mut stored, 10, 90), "the file's 90 s");

    let reloaded = RulesSource::file(dir.join("house.toml"), house(30));
    let ((), n) =
        parses(|| stored.handle(Input::Reload(reloaded.clone()), Duration::from_secs(200)));
    assert_eq!(n, 1, "a reload parsed the file {n} times");
    assert_eq!(
        stored.rules_in_force().text,
        reloaded.text,
        "it was applied"
    );
    let ((), n) = parses(|| stored.handle(tap.clone(), Duration::from_secs(300)));
    assert_eq!(n, 0, "a host tap after a reload parsed the file");
    assert!(
        unlocked_for(&mut stored, 300, 30),
        "the reloaded file's 30 s"
    );

    let ((), n) = parses(|| {
        stored.handle(tap.clone(), Duration::from_secs(400));
        let press = |button| {
            Input::Press(Press {
                button,
                long: false,
            })
        };
        // The first press acknowledges the "HOST LOCKED" of the last
        // unlock's end; the second asks to take the reload back, and OK
        // confirms it.
        stored.handle(press(Button::Undo), Duration::from_secs(401));
        stored.handle(press(Button::Undo), Duration::from_secs(402));
        stored.handle(press(Button::Ok), Duration::from_secs(403));
        stored.handle(tap.clone(), Duration::from_secs(500));
    });
    assert_eq!(n, 0, "an undone reload and a tap parsed the file");
    assert_eq!(
        stored.rules_in_force().text,
        house(90),
        "the reload was undone"
    );
    assert!(
        unlocked_for(&mut stored, 500, 90),
        "the first file's 90 s again"
    );
    drop(stored);
    std::fs::remove_dir_all(&dir).unwrap();
}
