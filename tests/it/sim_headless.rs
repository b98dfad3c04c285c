//! The simulator driven by a script, as hosts and tests use it headless.

use std::io::Cursor;

use dealerd::daemon::sim;

use crate::common;

/// The demo table (four players), frames not printed.
fn demo(frames: Option<std::path::PathBuf>) -> sim::Options {
    sim::Options {
        frames,
        demo_players: true,
        echo: false,
        ..sim::Options::default()
    }
}

fn run(script: &str, frames: Option<std::path::PathBuf>) -> dealerd::table::Night {
    let rules = sim::rules_source(None).expect("default rules");
    let opts = demo(frames);
    let mut out = Vec::new();
    sim::run(&rules, Cursor::new(script), &mut out, &opts).expect("sim runs")
}

#[test]
fn a_scripted_hand_plays_through_the_buttons() {
    // OK deals; the first to act raises to the minimum (b, OK), everyone
    // folds to the raise.
    let night = run("o\nbo\nf\nf\nf\n", None);
    let t = night.table();
    assert_eq!(t.hands_dealt(), 1);
    let hand = t.hand().expect("a hand");
    assert!(hand.settled, "the hand is over");
    assert_eq!(
        t.chips_on_table(),
        t.ledger().money_in() - t.ledger().money_out()
    );
    // Somebody won the blinds: the stacks are no longer all equal.
    let stacks: Vec<u64> = t.seats().iter().flatten().map(|p| p.stack).collect();
    assert!(stacks.windows(2).any(|w| w[0] != w[1]), "{stacks:?}");
}

#[test]
fn undo_and_commands_and_frames() {
    let dir = std::env::temp_dir().join(format!("dealerd-sim-{}", std::process::id()));
    let night = run(
        ":join 5 Eve 200\no\nf\nu\n:leave Nobody\n:quit\nf\n",
        Some(dir.clone()),
    );
    let t = night.table();
    assert!(t.seats().iter().flatten().any(|p| &*p.name == "Eve"));
    // The fold was undone, and input after :quit is not read.
    let hand = t.hand().expect("a hand");
    assert!(hand.state().seats().iter().all(|s| !s.folded));
    let pngs = std::fs::read_dir(&dir).expect("frames").count();
    assert_eq!(pngs, 6, "one frame at start and one per line up to :quit");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_command_line_reports_a_bad_config_without_a_backtrace() {
    let out = common::dealerd()
        .args(["sim", "--config", "/nonexistent/house.toml"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/house.toml"), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
}

/// P1, D1 through `dealerd sim`: blinds in and nobody all in, the screen's
/// pot line is one pot (bets in front are bets), never "main … s1 …".
#[test]
fn p1_d1_the_sim_pot_line_shows_no_side_pot_until_someone_is_all_in() {
    use crate::night::shows;
    let rules = sim::rules_source(None).expect("default rules");
    let opts = demo(None);
    let mut out = Vec::new();
    let mut s = sim::start(&rules, &mut out, &opts).expect("starts");
    assert!(s.line("o"), "deals");
    let blinds: u64 = {
        let t = s.session().night().table();
        let state = t.hand().expect("a hand").state();
        assert!(state.settled_pots().iter().all(|p| p.amount == 0));
        state.bets_total()
    };
    let frame = s.frame().expect("a frame");
    assert!(shows(&frame, &format!("pot {blinds}")), "{frame:?}");
    assert!(!shows(&frame, "s1"), "{frame:?}");
}

/// What the simulator prints (frames off) for a script on the demo table.
fn printed(script: &str) -> String {
    let rules = sim::rules_source(None).expect("default rules");
    let opts = demo(None);
    let mut out = Vec::new();
    sim::run(&rules, Cursor::new(script), &mut out, &opts).expect("sim runs");
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn a_key_that_is_no_button_is_said_so_with_the_key_map_pointed_at() {
    let out = printed("ox\n");
    assert_eq!(out, "x: no button on that key; see the key map\n");
    // The OK before it was pressed all the same: the hand is dealt.
    let night = run("ox\n", None);
    assert_eq!(night.table().hands_dealt(), 1);
}

#[test]
fn a_press_that_changes_nothing_is_said_so_and_one_that_does_is_not() {
    // Between hands only OK deals (and O opens the menu): fold and minus
    // do nothing there, and the frame stays as it was.
    assert_eq!(
        printed("f-\n"),
        "(f does nothing here)\n(- does nothing here)\n"
    );
    // Deal, then the first to act folds: both change the table.
    assert_eq!(printed("o\nf\n"), "");
    // A refusal on the screen (the embedded rules have no file to reload)
    // is cleared by the next press: that press changed the screen, so only
    // the one after it does nothing.
    let out = printed(":reload\nf\nf\n");
    assert_eq!(out, "(f does nothing here)\n", "{out}");
}

#[test]
fn a_press_said_to_do_nothing_leaves_the_frame_and_the_night_as_they_were() {
    let rules = sim::rules_source(None).expect("default rules");
    let opts = demo(None);
    let mut out = Vec::new();
    let mut s = sim::start(&rules, &mut out, &opts).expect("starts");
    for line in ["f", "o", "b", "-", "u", "O", "f"] {
        let before = (
            s.frame().expect("frame"),
            s.session().night().events().len(),
        );
        s.line(line);
        let after = (
            s.frame().expect("frame"),
            s.session().night().events().len(),
        );
        if s.session().press_changed_nothing() {
            assert_eq!(before, after, "{line}");
        }
    }
    drop(s);
    let out = String::from_utf8(out).expect("UTF-8");
    assert!(out.contains("(f does nothing here)"), "{out}");
}

/// Everything `dealerd sim` prints, frames, key map, its messages and the
/// table's notices, fits an 80-column terminal, even with long input.
#[test]
fn the_sim_fits_an_80_column_terminal() {
    let dir = common::fresh_dir("sim", "columns");
    let script = dir.join("keys.sim");
    let long = "x".repeat(120);
    let text = format!(
        "o\nbo\nf\nzq\n:tap Somebody With A Name Far Too Long For Any Table In This House {long}\n\
         :reload /nonexistent/{long}/house.toml\n:wait {long}\n:join 9 Zed {long}\n\
         :leave {long}\n:dance\n:reload\nu\nf f\n"
    );
    std::fs::write(&script, text).expect("script");
    let out = common::dealerd()
        .args(["sim", "--script"])
        .arg(&script)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    // The run printed frames, the key map and messages (else this proves
    // little), and a notice went to stderr.
    assert!(
        stdout.contains('┌') && stdout.contains("f fold"),
        "{stdout}"
    );
    assert!(stdout.contains("no button on that key"), "{stdout}");
    assert!(stdout.contains("neither a card UID"), "{stdout}");
    assert!(!stderr.is_empty());
    for line in stdout.lines().chain(stderr.lines()) {
        assert!(
            line.chars().count() <= 80,
            "{} wide: {line}",
            line.chars().count()
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
