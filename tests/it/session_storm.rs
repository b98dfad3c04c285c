//! Issue 12's storm, kept in the suite: random presses (short and long),
//! card taps, waits, rules reloads (good and broken), joins, leaves and
//! restarts on a journaled [`Stored`] at every shipped house. After every
//! step the chips balance (M5), nothing stopped the journal, and the journal
//! file folds back to the night the session holds.
//!
//! Bounded for CI; `DEALERD_STORM_CASES=N` runs N nights (of up to 1,000
//! steps each) instead.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::common::storage;
use dealerd::daemon::session::{Input, RulesSource};
use dealerd::daemon::store::{Storage, Stored};
use dealerd::journal::{night_from, Journal};
use dealerd::rules::{self, parse_uid};
use dealerd::table::TableEvent;
use dealerd::ui::{Button, Press};
use proptest::prelude::*;

/// The UIDs a tap picks from; the last is no card at all.
const UIDS: [&str; 10] = [
    "04:00:00:00",
    "04:00:00:11",
    "04:00:00:13",
    "04:00:00:01",
    "04:00:00:02",
    "04:00:00:03",
    "04:00:00:04",
    "04:00:00:05",
    "04:00:00:06",
    "DE:AD:BE:EF",
];

/// (source, text) of every shipped house, with the cards; the default first
/// (it has them already).
fn houses() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![("default.toml".to_string(), rules::DEFAULT_TOML.to_string())];
    for h in [
        "h0-pot-limit-home",
        "h1-dealers-choice",
        "h2-pats-no-limit",
        "h3-ocean-view",
        "h4-house-dealer-limit",
    ] {
        let path = root.join(format!("config/houses/{h}.toml"));
        let text = std::fs::read_to_string(&path).expect("house file");
        out.push((
            path.display().to_string(),
            format!(
                "{text}\n{}\n{}",
                crate::common::HOST_AND_COMMAND_CARDS,
                crate::common::PLAYER_CARDS
            ),
        ));
    }
    out
}

#[derive(Debug, Clone)]
enum Step {
    Press(usize, bool),
    Tap(usize),
    Wait(u64),
    /// A shipped house by index, or a broken file past them.
    Reload(usize),
    Join(usize, u64),
    Leave(usize),
    /// The process dies between two inputs and starts again.
    Restart,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        // OK and check/call most, so that hands are dealt and played out.
        12 => prop::bool::weighted(0.05).prop_map(|l| Step::Press(5, l)),
        10 => prop::bool::weighted(0.05).prop_map(|l| Step::Press(1, l)),
        12 => (0..Button::ALL.len(), prop::bool::weighted(0.1)).prop_map(|(b, l)| Step::Press(b, l)),
        4 => (0..UIDS.len()).prop_map(Step::Tap),
        2 => (0..120u64).prop_map(Step::Wait),
        2 => (0..7usize).prop_map(Step::Reload),
        3 => (0..10usize, 0..400u64).prop_map(|(s, a)| Step::Join(s, a)),
        1 => (0..10usize).prop_map(Step::Leave),
        1 => Just(Step::Restart),
    ]
}

thread_local! {
    /// Hands dealt and rules reloads taken over the cases on this thread,
    /// so a run is known to have played poker.
    static PLAYED: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
}

fn temp() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    crate::common::fresh_dir("storm", &n.to_string())
}

fn cases() -> (u32, usize) {
    match std::env::var("DEALERD_STORM_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        Some(n) => (n, 1_000),
        None => (24, 150),
    }
}

/// One storm step at `now`.
fn run(s: &mut Stored, step: &Step, now: &mut Duration, dir: &Path) {
    let input = match *step {
        Step::Press(b, long) => Input::Press(Press {
            button: Button::ALL[b],
            long,
        }),
        Step::Tap(i) => Input::Tap(parse_uid(UIDS[i]).expect("uid")),
        Step::Wait(secs) => {
            *now += Duration::from_secs(secs);
            s.tick(*now);
            return;
        }
        Step::Reload(i) => match houses().get(i) {
            Some((source, text)) => Input::Reload(RulesSource::file(source, text)),
            None => Input::Reload(RulesSource::file("broken.toml", "[house]\nseats = 1\n")),
        },
        Step::Join(seat, amount) => {
            // Mostly within the house's bounds, so that hands get dealt.
            let (lo, hi) = s.night().rules().buy_in(s.night().table().game());
            let (lo, hi) = (lo.unwrap_or(1), hi.unwrap_or(400).max(lo.unwrap_or(1)));
            let buy_in = if amount % 10 == 0 {
                amount
            } else {
                lo + amount % (hi - lo + 1)
            };
            Input::Table(TableEvent::Join {
                seat,
                name: format!("P{seat}x{amount}"),
                buy_in,
            })
        }
        Step::Leave(seat) => Input::Table(TableEvent::Leave { seat }),
        Step::Restart => {
            let before = s.night().clone();
            // The rules file reads as the last reload left it (a file
            // changed while the table was down is a reload of its own).
            let rules = s.rules_in_force();
            // The old process is gone, and its lock with it, before the new
            // one starts.
            *s = placeholder();
            *s = Stored::open(&rules, &storage(dir)).expect("restarts");
            let after = s.night();
            assert_eq!(
                after.table().seats(),
                before.table().seats(),
                "restart: seats"
            );
            assert_eq!(
                after.table().ledger(),
                before.table().ledger(),
                "restart: ledger"
            );
            assert_eq!(after.events(), before.events(), "restart: events");
            return;
        }
    };
    s.handle(input, *now);
}

/// A session without a journal, held for the instant between the old
/// process and the new one.
fn placeholder() -> Stored {
    Stored::open(&RulesSource::embedded(), &Storage::default()).expect("default")
}

/// The journal on disk, folded from its first record, is the session's night.
fn refolds(s: &Stored, journal: &Path) -> Result<(), TestCaseError> {
    let (header, records) =
        Journal::inspect(journal).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let rules = header
        .rules(journal)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let night =
        night_from(Arc::new(rules), &records).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let (got, want) = (night.table(), s.night().table());
    prop_assert_eq!(got.seats(), want.seats());
    prop_assert_eq!(got.ledger(), want.ledger());
    prop_assert_eq!(got.hands_dealt(), want.hands_dealt());
    prop_assert_eq!(night.events(), s.night().events());
    prop_assert_eq!(night.rules(), s.night().rules());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases().0,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_storm_at_every_house_balances_and_its_journal_refolds_after_every_step(
        house in 0..6usize,
        steps in proptest::collection::vec(step(), 1..cases().1),
    ) {
        let houses = houses();
        let house = &houses[house];
        let dir = temp();
        let journal = dir.join("journal.jsonl");
        let mut s = Stored::open(&RulesSource::file(house.0.as_str(), &house.1), &storage(&dir)).expect("opens");
        let mut now = Duration::ZERO;
        // Three players sit down first, so that most nights deal hands.
        let seated = (0..3).map(|seat| Step::Join(seat, 7 + seat as u64));
        for step in &seated.chain(steps.iter().cloned()).collect::<Vec<_>>() {
            run(&mut s, step, &mut now, &dir);
            let t = s.night().table();
            prop_assert_eq!(
                t.chips_on_table(),
                t.ledger().money_in() - t.ledger().money_out(),
                "after {:?}", step
            );
            prop_assert!(s.failure().is_none(), "{:?}", s.failure());
            refolds(&s, &journal)?;
        }
        let reloads = s.night().events().iter().filter(|e| matches!(e, TableEvent::Rules { .. })).count();
        let dealt = s.night().table().hands_dealt();
        PLAYED.with(|p| {
            let (h, r) = p.get();
            p.set((h + dealt, r + reloads as u64));
        });
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_storm_deals_hands_and_reloads_rules() {
    PLAYED.with(|p| p.set((0, 0)));
    a_storm_at_every_house_balances_and_its_journal_refolds_after_every_step();
    let (hands, reloads) = PLAYED.with(std::cell::Cell::get);
    eprintln!("storm: {hands} hands dealt, {reloads} reloads kept");
    assert!(hands > 20, "the storm dealt only {hands} hands");
    assert!(reloads > 3, "the storm kept only {reloads} reloads");
}
