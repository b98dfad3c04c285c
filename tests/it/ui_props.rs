//! No press sequence panics; amount entry never leaves `raise_range`, can
//! reach every amount the house chips can make, and prices each one at the
//! fewest presses that really confirm it.

use std::path::Path;

use dealerd::table::script;
use dealerd::ui::{render, screens, AmountEntry, Controller, EntryOutcome, Intent, View};
use dealerd::ui::{Button, Press};
use proptest::prelude::*;

fn entry(min: u64, span: u64, denoms: &[u64], current: u64, pot: u64) -> AmountEntry {
    AmountEntry::new(0, (min, min + span), denoms, current, pot)
}

/// The finest amount the chips can differ by (1 with no chips).
fn unit(denoms: &[u64]) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    denoms.iter().copied().fold(0, gcd).max(1)
}

/// Where a press sequence from the action screen ends: `Some(x)` if its
/// last press confirms `x`.
fn confirms(e: &AmountEntry, presses: &[Press]) -> Option<u64> {
    let (first, rest) = presses.split_first()?;
    let mut e = e.clone().opened_by(*first)?;
    let mut out = None;
    for (i, &p) in rest.iter().enumerate() {
        match e.press(p) {
            EntryOutcome::Confirm(x) if i + 1 == rest.len() => out = Some(x),
            EntryOutcome::Editing => {}
            _ => return None,
        }
    }
    out
}

const OK: Press = Press {
    button: Button::Ok,
    long: false,
};

fn all_presses() -> Vec<Press> {
    Button::ALL
        .iter()
        .flat_map(|&button| [false, true].map(|long| Press { button, long }))
        .collect()
}

fn press() -> impl Strategy<Value = Press> {
    (0usize..7, any::<bool>()).prop_map(|(i, long)| Press {
        button: Button::ALL[i],
        long,
    })
}

proptest! {
    #[test]
    fn entry_stays_in_range(
        min in 1u64..10_000,
        span in 0u64..1_000_000,
        denoms in proptest::collection::vec(0u64..5_000, 0..6),
        current in 0u64..10_000,
        pot in 0u64..2_000_000,
        opening in press(),
        presses in proptest::collection::vec(press(), 0..60),
    ) {
        let max = min + span;
        let fresh = entry(min, span, &denoms, current, pot);
        prop_assert_eq!(fresh.amount, min);
        for &(_, x) in fresh.presets() {
            prop_assert!((min..=max).contains(&x));
        }
        // However entry was opened (plus and minus open it with a step).
        let Some(mut e) = fresh.opened_by(opening) else {
            return Ok(());
        };
        prop_assert!((min..=max).contains(&e.amount));
        for p in presses {
            let (short, long) = e.steps();
            prop_assert!(short > 0 && long > 0);
            match e.press(p) {
                EntryOutcome::Confirm(x) => prop_assert!((min..=max).contains(&x)),
                EntryOutcome::Editing | EntryOutcome::Cancel => {}
            }
            prop_assert!((min..=max).contains(&e.amount));
        }
    }

    /// Every amount a stack of the house chips can make (a multiple of
    /// their common divisor) is enterable, and so are the minimum and the
    /// all-in, whatever they are; the path `path_to` gives confirms it.
    #[test]
    fn every_chip_amount_is_reachable(
        min in 1u64..500,
        span in 0u64..300,
        denoms in proptest::collection::vec(0u64..60, 0..4),
        current in 0u64..500,
        pot in 0u64..5_000,
    ) {
        let e = entry(min, span, &denoms, current, pot);
        let u = unit(&denoms);
        let max = min + span;
        for x in (min..=max).filter(|&x| x % u == 0 || x == min || x == max) {
            let path = e.path_to(x);
            prop_assert!(path.is_some(), "{} unreachable in {}..{}", x, min, max);
            let path = path.unwrap_or_default();
            prop_assert_eq!(confirms(&e, &path), Some(x));
            prop_assert_eq!(e.presses_to(x), u32::try_from(path.len()).ok());
        }
        prop_assert_eq!(e.presses_to(max + 1), None);
        prop_assert_eq!(e.presses_to(min - 1), None);
    }

    /// `presses_to` is the fewest: no sequence of up to four presses (open,
    /// two in entry, OK) confirms an amount that it prices higher.
    #[test]
    fn presses_to_is_the_fewest(
        min in 1u64..2_000,
        span in 0u64..20_000,
        denoms in proptest::collection::vec(0u64..3_000, 0..4),
        current in 0u64..2_000,
        pot in 0u64..50_000,
    ) {
        let e = entry(min, span, &denoms, current, pot);
        let all = all_presses();
        let mut priced = std::collections::HashMap::new();
        for &a in &all {
            for &b in &all {
                for &c in &all {
                    let seqs = [vec![a, OK], vec![a, b, OK], vec![a, b, c, OK]];
                    for s in seqs {
                        if let Some(x) = confirms(&e, &s) {
                            let n = *priced.entry(x).or_insert_with(|| e.presses_to(x));
                            prop_assert!(
                                n.is_some_and(|n| n as usize <= s.len()),
                                "{:?} confirms {} in {} presses, priced {:?}", s, x, s.len(), n
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn random_presses_never_panic(presses in proptest::collection::vec(press(), 0..200)) {
        let text = "rules default\njoin 1 Ann 100\njoin 2 Bob 60\njoin 3 Cat 40\nbutton Ann\n";
        let mut night = script::run("p.scn", text, Path::new(".")).unwrap();
        let mut c = Controller::new();
        for p in presses {
            let mut said = None;
            match c.press(&night, p) {
                Intent::Apply(e) => {
                    if let Err(err) = night.apply(e) {
                        said = Some(err.to_string());
                    }
                }
                Intent::ApplyAll(events) => {
                    for e in events {
                        if let Err(err) = night.apply(e) {
                            said = Some(err.to_string());
                            break;
                        }
                    }
                }
                Intent::Undo => {
                    night.undo();
                }
                Intent::Tell(text) => said = Some(text),
                Intent::None
                | Intent::StartClock
                | Intent::ReloadRules
                | Intent::LockHost
                | Intent::NewNight
                | Intent::Acknowledge => {}
            }
            let mut f = render::Frame::new();
            let view = View::of(&night).with_clock(30);
            let view = match &said {
                Some(m) => view.with_message(m),
                None => view,
            };
            screens::draw(&mut f, &view, &c).unwrap();
            prop_assert_eq!(night.table().chips_on_table(),
                night.table().ledger().money_in() - night.table().ledger().money_out());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The host's side too (issue 22): with the host card tapped, an
    /// unknown card's dialog, the host menu, seating without a card, a
    /// rename and a name typed a letter at a time, under any presses (held
    /// ones too):
    /// no panic, every frame drawn, the books balanced, and every name the
    /// table took is one its name rule allows.
    #[test]
    fn random_host_presses_never_panic(
        presses in proptest::collection::vec(press(), 0..200),
        uid in any::<[u8; 4]>(),
        start in 0u8..4,
    ) {
        let text = "rules default\njoin 1 Ann 100\njoin 2 Bob 60\nbutton Ann\n";
        let mut night = script::run("h.scn", text, Path::new(".")).unwrap();
        let mut c = Controller::new();
        let uid = [&[0x08], &uid[..]].concat();
        let _ = c.unknown_card(&View::of(&night).host_unlocked(), &uid);
        // A quarter of the runs start typing a card's name, a quarter a
        // player's to seat, a quarter Bob's new name.
        let card = (start == 1).then(|| uid.clone());
        let rename = (start == 3).then_some(1);
        if start > 0 {
            c.mode = dealerd::ui::Mode::Dialog(dealerd::ui::Dialog::TypeName {
                card,
                rename,
                typed: String::new(),
                letter: 0,
            });
        }
        for p in presses {
            let view = View::of(&night).host_unlocked();
            let events = match c.press(view, p) {
                Intent::Apply(e) => vec![e],
                Intent::ApplyAll(events) => events,
                Intent::Undo => {
                    night.undo();
                    Vec::new()
                }
                _ => Vec::new(),
            };
            for e in events {
                let name = match &e {
                    dealerd::table::TableEvent::EnrollCard { name, .. }
                    | dealerd::table::TableEvent::Rename { name, .. }
                    | dealerd::table::TableEvent::Join { name, .. } => Some(name.clone()),
                    _ => None,
                };
                if night.apply(e).is_ok() {
                    if let Some(name) = name {
                        prop_assert!(!name.is_empty() && name.len() <= 12 && name.trim() == name);
                    }
                }
            }
            let mut f = render::Frame::new();
            screens::draw(&mut f, &View::of(&night).host_unlocked(), &c).unwrap();
            prop_assert_eq!(night.table().chips_on_table(),
                night.table().ledger().money_in() - night.table().ledger().money_out());
        }
    }
}
