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
