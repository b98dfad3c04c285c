//! The simulator driven by a script, as hosts and tests use it headless.

use std::io::Cursor;

use dealerd::daemon::sim;

use crate::common;

fn run(script: &str, frames: Option<std::path::PathBuf>) -> dealerd::table::Night {
    let rules = sim::rules_source(None).expect("default rules");
    let opts = sim::Options {
        frames,
        demo_players: true,
        echo: false,
        ..sim::Options::default()
    };
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
    let opts = sim::Options {
        demo_players: true,
        echo: false,
        ..sim::Options::default()
    };
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
