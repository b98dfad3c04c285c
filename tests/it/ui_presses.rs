//! Presses per recorded action over the WSOP 2023 NT and PO hands: each
//! hand is replayed through the engine and every player action is priced
//! with the button map (fold 1, check/call 1, bet/raise: the fewest presses
//! of `AmountEntry::path_to`, a breadth-first search over the real press
//! handling, opening and OK included). Each path is replayed through
//! `opened_by`/`press` and must confirm the recorded amount, so the figure
//! is what a dealer pressing optimally would press, not an estimate.
//!
//! PHH hands carry no chip set, so each hand's chips come from its big
//! blind through `series_denominations` (1-5-25 series from BB/10 to 25 BB).

use std::sync::Arc;

use dealerd::engine::{Action, Event, HandState};
use dealerd::phh::{self, ActionKind};
use dealerd::replay::{setup_for, spec_for};
use dealerd::ui::{series_denominations, AmountEntry, EntryOutcome};
use dealerd::ui::{Button, Press};

#[derive(Default, Debug)]
struct Tally {
    actions: u64,
    presses: u64,
    folds: u64,
    calls: u64,
    raises: u64,
    raise_presses: u64,
    worst: u32,
    /// Bets and raises by their price in presses.
    histogram: std::collections::BTreeMap<u32, u64>,
}

fn price(state: &HandState, seat: usize, to: u64, denoms: &[u64]) -> u32 {
    let entry = AmountEntry::open(state, denoms).expect("a recorded raise has a range");
    assert_eq!(entry.seat, seat);
    let path = entry
        .path_to(to)
        .unwrap_or_else(|| panic!("cannot enter {to} in {}..{}", entry.min, entry.max));
    // The count must be a sequence the panel really accepts.
    let (first, rest) = path.split_first().expect("a path has presses");
    let mut e = entry.clone().opened_by(*first).expect("opens entry");
    let mut outcome = EntryOutcome::Editing;
    for &p in rest {
        assert_eq!(outcome, EntryOutcome::Editing);
        outcome = e.press(p);
    }
    assert_eq!(outcome, EntryOutcome::Confirm(to));
    if std::env::var_os("DEALERD_PRESSES").is_some() {
        let keys: String = path.iter().map(|p| key(*p)).collect();
        eprintln!(
            "raise {}..{} to {to}: {} {keys} {:?}",
            entry.min,
            entry.max,
            path.len(),
            entry.presets()
        );
    }
    u32::try_from(path.len()).expect("a short path")
}

/// The simulator's key for a press (`dealerd sim`): capitals are held.
fn key(p: Press) -> char {
    let c = match p.button {
        Button::Fold => 'f',
        Button::CheckCall => 'c',
        Button::BetRaise => 'b',
        Button::Minus => '-',
        Button::Plus => '+',
        Button::Ok => 'o',
        Button::Undo => 'u',
    };
    match (p.long, c) {
        (true, '-') => '_',
        (true, '+') => '=',
        (true, c) => c.to_ascii_uppercase(),
        (false, c) => c,
    }
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
                    ActionKind::Fold { player } => {
                        t.folds += 1;
                        (player - 1, Action::Fold, 1)
                    }
                    ActionKind::CheckCall { player } => {
                        t.calls += 1;
                        (player - 1, Action::CheckCall, 1)
                    }
                    ActionKind::CompleteBetRaise { player, to } => {
                        let c = price(&state, player - 1, to, &denoms);
                        t.raises += 1;
                        t.raise_presses += u64::from(c);
                        *t.histogram.entry(c).or_default() += 1;
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
        "NT+PO: {} actions, {} presses, {per_action:.3} per action",
        t.actions, t.presses
    );
    println!(
        "  folds {} ({} presses), checks/calls {} ({} presses), bets/raises {} ({} presses, {per_raise:.2} each, worst {})",
        t.folds, t.folds, t.calls, t.calls, t.raises, t.raise_presses, t.worst
    );
    println!("  bets/raises by presses: {:?}", t.histogram);
    assert!(t.actions > 100, "{t:?}");
    assert_eq!(t.folds + t.calls + t.raises, t.actions);
    // Measured 1.44 (206 presses / 143 actions). Folds and calls are one
    // press each and a bet at least two (open, OK), so the floor is
    // (108 + 2 * 35) / 143 = 1.24; the rest is the amounts.
    assert!(per_action < 1.5, "{per_action} presses per action: {t:?}");
}
