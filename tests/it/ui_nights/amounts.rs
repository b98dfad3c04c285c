//! Issue 22's amounts: any legal amount in a few presses at every house.

use super::*;

/// Issue 22: any legal amount in at most eight presses, in bet entry at
/// every shipped house's chips (every amount of a 0..=max buy-in range,
/// typed), and through the buy-in dialog on the controller.
#[test]
fn any_amount_is_at_most_eight_presses_at_every_house() {
    use dealerd::ui::{AmountEntry, Dialog, EntryOutcome, Purpose};
    for house in HOUSES {
        let run = Run::new(house);
        let table = run.night.table();
        let house_rules = &table.rules().house;
        let (min, max) = table.can_buy_in();
        let max = max.unwrap_or(min.saturating_mul(100));
        let entry = AmountEntry::new(0, (min, max * 3), &house_rules.denominations, 0, min)
            .with_unit(&house_rules.unit);
        for x in (min..=max * 3).step_by(1) {
            let path = entry
                .path_to(x)
                .unwrap_or_else(|| panic!("{house}: {x} unreachable"));
            assert!(path.len() <= 8, "{house}: {x} takes {} presses", path.len());
            let (first, rest) = path.split_first().expect("presses");
            let mut e = entry.clone().opened_by(*first).expect("opens");
            let mut last = EntryOutcome::Editing;
            for &p in rest {
                last = e.press(p);
            }
            assert_eq!(last, EntryOutcome::Confirm(x), "{house}: {path:?}");
        }
        // The buy-in dialog: held OK, the digits, OK; every legal buy-in.
        let (bmin, bmax) = table.can_buy_in();
        let bmax = bmax.unwrap_or(bmin.saturating_mul(100));
        let purpose = Purpose::Join {
            seat: 5,
            name: "Fay".into(),
        };
        let pad = dealerd::ui::keypad::Keypad::for_unit(&house_rules.unit);
        for x in bmin..=bmax {
            let mut ctl = Controller::new();
            ctl.mode = Mode::Dialog(Dialog::amount(purpose.clone(), bmin));
            let presses: Vec<Press> = std::iter::once(Press {
                button: Button::Ok,
                long: true,
            })
            .chain(pad.presses_for(x))
            .chain(std::iter::once(tap(Button::Ok)))
            .collect();
            assert!(
                presses.len() <= 8,
                "{house}: buy-in {x} takes {}",
                presses.len()
            );
            let mut last = Intent::None;
            for p in presses {
                last = ctl.press(&run.night, p);
            }
            assert_eq!(last, Intent::Apply(purpose.event(x)), "{house}: buy-in {x}");
        }
    }
}

/// Held plus and minus on the action screen already mean something (README,
/// "The simulator"; the button map in `ui`): entry opens at the minimum and
/// takes one held step up (the largest house chip not above the amount), or
/// at the all-in and takes one down, and only OK records it. The night's
/// fewest-presses search uses them (H2's hand 22 raises to 22 units, the
/// minimum 18 and a $1 chip, with held plus and OK: `DEALERD_PRESSES=hands`), so
/// giving them another meaning is a change a dealer would meet, not a free
/// key; this test fails if that happens unseen.
#[test]
fn held_plus_and_minus_open_entry_a_big_chip_off_min_and_all_in() {
    use crate::ui_screens::night;
    use dealerd::engine::{Action, Event};
    // Default chips 1, 5, 25, 100; blinds 1/2. Ann, on the button, acts
    // first: a raise to 4 at least, 180 at most.
    let n =
        night("rules default\njoin 1 Ann 180\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\n");
    let held = |button| Press { button, long: true };
    for (button, opened) in [(Button::Plus, 4 + 1), (Button::Minus, 180 - 100)] {
        let mut c = Controller::new();
        assert_eq!(c.press(&n, held(button)), Intent::None, "{button:?}");
        let Mode::Entry(e) = &c.mode else {
            panic!("held {button:?} opens entry, not {:?}", c.mode)
        };
        assert_eq!((e.min, e.max, e.amount), (4, 180, opened), "{button:?}");
        let Intent::Apply(TableEvent::Hand(Event::Act(_, Action::BetRaiseTo(x)))) =
            c.press(&n, tap(Button::Ok))
        else {
            panic!("OK records the amount held {button:?} opened on")
        };
        assert_eq!(x, opened);
    }
}
