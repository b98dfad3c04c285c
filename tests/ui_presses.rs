//! Presses per recorded action over the WSOP 2023 NT and PO hands: each
//! hand is replayed through the engine and every player action is priced
//! with the button map (fold 1, check/call 1, bet/raise: the fewest presses
//! of `AmountEntry::presses_to`, opening and OK included).
//!
//! PHH hands carry no chip set, so each hand's chips come from its big
//! blind through `series_denominations` (1-5-25 series from BB/10 to 25 BB).

use std::sync::Arc;

use dealerd::engine::{Action, Event, HandState};
use dealerd::phh::{self, ActionKind};
use dealerd::replay::{setup_for, spec_for};
use dealerd::ui::{series_denominations, AmountEntry};

#[derive(Default, Debug)]
struct Tally {
    actions: u64,
    presses: u64,
    raises: u64,
    raise_presses: u64,
    worst: u32,
}

fn price(state: &HandState, seat: usize, to: u64, denoms: &[u64]) -> u32 {
    let entry = AmountEntry::open(state, denoms).expect("a recorded raise has a range");
    assert_eq!(entry.seat, seat);
    entry
        .presses_to(to)
        .inspect(|c| {
            if std::env::var_os("DEALERD_PRESSES").is_some() {
                eprintln!(
                    "raise {}..{} to {to}: {c} {:?}",
                    entry.min,
                    entry.max,
                    entry.presets()
                );
            }
        })
        .unwrap_or_else(|| panic!("cannot enter {to} in {}..{}", entry.min, entry.max))
}

fn tally() -> Tally {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/phh/wsop2023");
    let mut t = Tally::default();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        for hand in phh::parse_file(&path).unwrap() {
            if hand.variant != "NT" && hand.variant != "PO" {
                continue;
            }
            let bb = hand.blinds_or_straddles.iter().copied().max().unwrap_or(1);
            let denoms = series_denominations(bb);
            let spec = spec_for(&hand).unwrap();
            let mut state = HandState::new(Arc::new(spec), Arc::new(setup_for(&hand))).unwrap();
            state.apply_mut(&Event::PostForced).unwrap();
            let mut dealt = false;
            for a in &hand.actions {
                let (seat, action, cost) = match a.kind {
                    ActionKind::DealHole { .. } => {
                        if !dealt {
                            state.apply_mut(&Event::Deal).unwrap();
                            dealt = true;
                        }
                        continue;
                    }
                    ActionKind::DealBoard => {
                        state.apply_mut(&Event::Deal).unwrap();
                        continue;
                    }
                    ActionKind::ShowMuck { player } => {
                        state.apply_mut(&Event::Show(player - 1)).unwrap();
                        continue;
                    }
                    ActionKind::Fold { player } => (player - 1, Action::Fold, 1),
                    ActionKind::CheckCall { player } => (player - 1, Action::CheckCall, 1),
                    ActionKind::CompleteBetRaise { player, to } => {
                        let c = price(&state, player - 1, to, &denoms);
                        t.raises += 1;
                        t.raise_presses += u64::from(c);
                        (player - 1, Action::BetRaiseTo(to), c)
                    }
                    ActionKind::BringIn { .. } | ActionKind::Draw { .. } => {
                        panic!("not in NT/PO")
                    }
                };
                t.actions += 1;
                t.presses += u64::from(cost);
                t.worst = t.worst.max(cost);
                state.apply_mut(&Event::Act(seat, action)).unwrap();
            }
        }
    }
    t
}

#[test]
fn presses_per_recorded_action() {
    let t = tally();
    let per_action = t.presses as f64 / t.actions as f64;
    let per_raise = t.raise_presses as f64 / t.raises.max(1) as f64;
    println!(
        "NT+PO: {} actions, {} presses, {per_action:.3} per action; {} bets/raises at {per_raise:.2} each; worst {}",
        t.actions, t.presses, t.raises, t.worst
    );
    assert!(t.actions > 100, "{t:?}");
    // Measured 1.94 (277 presses / 143 actions). The target of 1.5 is NOT
    // met: it needs about 3 presses per bet against 4.8 now. The bound keeps
    // the design from getting worse; tightening it needs better shortcuts.
    assert!(per_action < 2.0, "{per_action} presses per action: {t:?}");
}
