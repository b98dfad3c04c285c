//! No press sequence panics, and amount entry never leaves `raise_range`.

use std::path::Path;

use dealerd::hw::buttons::{Button, Press};
use dealerd::table::script;
use dealerd::ui::{render, screens, AmountEntry, Controller, EntryOutcome, Intent};
use proptest::prelude::*;

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
        presses in proptest::collection::vec(press(), 0..60),
    ) {
        let max = min + span;
        let mut e = AmountEntry::new(0, (min, max), &denoms, current, pot);
        prop_assert_eq!(e.amount, min);
        for p in presses {
            match e.press(p) {
                EntryOutcome::Confirm(x) => prop_assert!((min..=max).contains(&x)),
                EntryOutcome::Editing | EntryOutcome::Cancel => {}
            }
            prop_assert!((min..=max).contains(&e.amount));
        }
    }

    #[test]
    fn random_presses_never_panic(presses in proptest::collection::vec(press(), 0..200)) {
        let text = "rules default\njoin 1 Ann 100\njoin 2 Bob 60\njoin 3 Cat 40\nbutton Ann\n";
        let mut night = script::run("p.scn", text, Path::new(".")).unwrap();
        let mut c = Controller::new();
        for p in presses {
            match c.press(&night, p) {
                Intent::Apply(e) => {
                    if let Err(err) = night.apply(e) {
                        c.refused(&err);
                    }
                }
                Intent::Undo => {
                    night.undo();
                }
                Intent::None | Intent::StartClock | Intent::ReloadRules | Intent::LockHost => {}
            }
            let mut f = render::Frame::new();
            screens::draw(&mut f, night.table(), &c, Some(30)).unwrap();
            prop_assert_eq!(night.table().chips_on_table(),
                night.table().ledger().money_in() - night.table().ledger().money_out());
        }
    }
}
