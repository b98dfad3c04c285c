//! Amounts as a spreadsheet reads them: the currency's decimal, exact, with
//! as many places as the house's unit has (two at least once it has any),
//! so a column of 0.25 chips reads 12.50, 1.00, -0.75 and sums to the cent.

use crate::engine::Chips;
use crate::rules::Decimal;

/// Writes chip counts in the house's money.
#[derive(Debug, Clone, Copy)]
pub struct Money {
    /// The unit as `digits / den`, `den` a power of ten.
    digits: u128,
    den: u128,
    places: usize,
}

impl Money {
    pub fn new(unit: &Decimal) -> Money {
        let (digits, den) = unit.ratio();
        let scale = den.checked_ilog10().unwrap_or(0) as usize;
        Money {
            digits: u128::from(digits),
            den: u128::from(den.max(1)),
            places: if scale == 1 { 2 } else { scale },
        }
    }

    /// `units` chips in the currency, e.g. "12.50".
    pub fn units(&self, units: Chips) -> String {
        self.signed(i128::from(units))
    }

    /// A result or a correction: "-0.75", "12.50" (no plus sign, which a
    /// spreadsheet would take for a formula's start).
    pub fn signed(&self, units: i128) -> String {
        let sign = if units < 0 { "-" } else { "" };
        // At most 2^53 units of a unit under 2^64: the product fits a u128.
        let value = units.unsigned_abs().saturating_mul(self.digits);
        let int = value / self.den;
        let frac = value % self.den;
        if self.places == 0 {
            return format!("{sign}{int}");
        }
        let scale = self.den.checked_ilog10().unwrap_or(0) as usize;
        let mut frac = format!("{frac:0>scale$}");
        while frac.len() < self.places {
            frac.push('0');
        }
        format!("{sign}{int}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(unit: &str) -> Money {
        Money::new(&Decimal::parse(unit).expect("a unit"))
    }

    #[test]
    fn places_follow_the_unit() {
        assert_eq!(money("0.25").units(50), "12.50");
        assert_eq!(money("0.25").units(4), "1.00");
        assert_eq!(money("0.25").signed(-3), "-0.75");
        assert_eq!(money("1").units(40), "40");
        assert_eq!(money("0.5").units(3), "1.50");
        assert_eq!(money("0.001").signed(-1), "-0.001");
        assert_eq!(money("0.05").units(0), "0.00");
    }

    #[test]
    fn the_largest_night_is_exact() {
        let max = crate::rules::MAX_TABLE_UNITS;
        assert_eq!(money("0.01").units(max), "90071992547409.91");
    }
}
