//! Typing an amount: the way to any amount in a few presses, where the
//! chip steps and shortcuts of [`super::amount`] would take many.
//!
//! Digits go in from the right, as on a card terminal: `3`, `7`, `2`, `5`
//! reads 0.03, 0.37, 3.72, 37.25 in a house that writes cents. The five
//! buttons of the left row are the digits 1 to 5 pressed short and 6 to 0
//! held, in their order on the panel (fold, check/call, bet/raise, minus,
//! plus), and the screen shows that map while typing. Undo takes the last
//! digit back. So any amount of up to five digits is the press that opens
//! the dialog, a held OK, the digits and OK: at most eight (issue 22, "any
//! legal amount reachable in at most 8 presses"); a bet or raise is one
//! press fewer, since held check/call opens entry on the keypad (issue 32).

use crate::engine::Chips;
use crate::rules::Decimal;
use crate::ui::{Button, Press};

/// The digit buttons, in panel order: short 1 to 5, held 6 to 9 and 0.
const DIGIT_BUTTONS: [Button; 5] = [
    Button::Fold,
    Button::CheckCall,
    Button::BetRaise,
    Button::Minus,
    Button::Plus,
];

/// The map as the screen shows it (25 characters of the small font).
pub const KEY_MAP: &str = "F1 C2 B3 -4 +5 held:6-9,0";

/// What a press while typing asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyOutcome {
    /// Still typing.
    Typing,
    /// OK: take what is typed.
    Done,
    /// Undo with nothing typed: back to the steps.
    Leave,
}

/// The number typed so far, in the last decimal place the house writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keypad {
    /// The digits typed, as a number of the last place (cents in a house
    /// that writes 0.25).
    pub typed: u64,
    /// Digits typed so far (a typed 0 after nothing still counts).
    pub digits: u8,
    /// One chip unit in the last place (25 for a unit of 0.25).
    per_unit: u64,
    /// Places after the point.
    pub scale: u32,
}

/// More digits than this cannot be an amount on a table (u64 units).
const MAX_DIGITS: u8 = 18;

impl Keypad {
    pub fn new(per_unit: u64, scale: u32) -> Keypad {
        Keypad {
            typed: 0,
            digits: 0,
            per_unit: per_unit.max(1),
            scale,
        }
    }

    /// The keypad for a house whose chip unit is `unit` of its currency.
    pub fn for_unit(unit: &Decimal) -> Keypad {
        let (digits, den) = unit.ratio();
        Keypad::new(digits, den.checked_ilog10().unwrap_or(0))
    }

    /// One chip unit in the last place.
    pub fn per_unit(&self) -> u64 {
        self.per_unit
    }

    /// The digit a press types, if it is a digit button.
    pub fn digit(press: Press) -> Option<u8> {
        let i = DIGIT_BUTTONS.iter().position(|&b| b == press.button)?;
        let d = u8::try_from(i + 1).ok()?;
        Some(if press.long { (d + 5) % 10 } else { d })
    }

    /// The press that types `digit`.
    pub fn press_for(digit: u8) -> Option<Press> {
        let (i, long) = match digit {
            1..=5 => (usize::from(digit) - 1, false),
            6..=9 => (usize::from(digit) - 6, true),
            0 => (4, true),
            _ => return None,
        };
        Some(Press {
            button: *DIGIT_BUTTONS.get(i)?,
            long,
        })
    }

    pub fn press(&mut self, press: Press) -> KeyOutcome {
        if let Some(d) = Self::digit(press) {
            if self.digits < MAX_DIGITS {
                self.typed = self.typed * 10 + u64::from(d);
                self.digits += 1;
            }
            return KeyOutcome::Typing;
        }
        match press.button {
            Button::Ok => KeyOutcome::Done,
            Button::Undo if self.digits == 0 => KeyOutcome::Leave,
            Button::Undo => {
                self.typed /= 10;
                self.digits -= 1;
                KeyOutcome::Typing
            }
            _ => KeyOutcome::Typing,
        }
    }

    /// What is typed, in chip units; `None` when it is not a whole number
    /// of them (3.10 in a house whose smallest amount is 0.25).
    pub fn units(&self) -> Option<Chips> {
        self.typed
            .is_multiple_of(self.per_unit)
            .then(|| self.typed / self.per_unit)
    }

    /// The digits that type `units` chip units, most significant first.
    pub fn presses_for(&self, units: Chips) -> Vec<Press> {
        let typed = units.saturating_mul(self.per_unit);
        typed
            .to_string()
            .bytes()
            .filter_map(|b| Self::press_for(b.wrapping_sub(b'0')))
            .collect()
    }

    /// The typed amount as the house writes it, with every place shown
    /// (`37.20`, not `37.2`: the dealer watches digits arrive).
    pub fn shown(&self) -> String {
        let one = 10u64.saturating_pow(self.scale);
        let whole = self.typed / one;
        if self.scale == 0 {
            return whole.to_string();
        }
        let frac = self.typed % one;
        format!("{whole}.{frac:0w$}", w = self.scale as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_has_one_press_and_back() {
        for d in 0..10u8 {
            let p = Keypad::press_for(d).unwrap();
            assert_eq!(Keypad::digit(p), Some(d), "{p:?}");
        }
        let ok = Press {
            button: Button::Ok,
            long: false,
        };
        assert_eq!(Keypad::digit(ok), None);
    }

    #[test]
    fn digits_come_in_from_the_right_and_undo_takes_one_back() {
        let mut k = Keypad::new(25, 2);
        for p in k.presses_for(149) {
            assert_eq!(k.press(p), KeyOutcome::Typing);
        }
        assert_eq!(k.shown(), "37.25");
        assert_eq!(k.units(), Some(149));
        let undo = Press {
            button: Button::Undo,
            long: false,
        };
        assert_eq!(k.press(undo), KeyOutcome::Typing);
        assert_eq!(k.shown(), "3.72");
        assert_eq!(k.units(), None, "3.72 is no number of quarters");
        for _ in 0..3 {
            k.press(undo);
        }
        assert_eq!(k.press(undo), KeyOutcome::Leave);
    }
}
