//! Amounts of money as written in the file: exact decimals, never floats.
//!
//! A TOML integer is whole currency units (`40` is 40 dollars); a TOML string
//! is a decimal (`"0.25"`). Floats are refused because 0.1 has no exact binary
//! value and a wrong chip count is worse than an error.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

use crate::engine::Chips;

/// The most decimal places an amount may have.
const MAX_SCALE: u32 = 6;

/// The most units any one amount in the file may be, and the most currency
/// any amount (`house.unit` itself too) may be: the second is a rule on the
/// value alone, which the schema states and an editor flags; the first
/// depends on `house.unit`, which only `check` can say. Far above any home
/// game, yet every derived
/// amount stays exact: a night may take 9 000 buy-ins of this size before the
/// table's ceiling ([`MAX_TABLE_UNITS`]), and a unit this large written out
/// (`Decimal::times`) still fits its `u128` with room to spare.
pub const MAX_AMOUNT_UNITS: Chips = 1_000_000_000_000;

/// The most chips the table's ledger may count over a night: 2^53 - 1, the
/// largest integer a JSON reader that parses numbers as doubles keeps exact,
/// so every total the daemon writes reads back as written. Checked where
/// chips come onto the table; every other sum (stacks, pots, fees) is a part
/// of this one.
pub const MAX_TABLE_UNITS: Chips = (1 << 53) - 1;

/// An exact non-negative decimal: `digits / 10^scale`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    digits: u128,
    scale: u32,
}

impl Decimal {
    pub fn parse(s: &str) -> Option<Decimal> {
        let s = s.trim();
        let (int, frac) = match s.split_once('.') {
            Some((i, f)) => (i, f),
            None => (s, ""),
        };
        let ok = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !ok(int) || !ok(frac) || (s.contains('.') && frac.is_empty()) {
            return None;
        }
        let scale = u32::try_from(frac.len()).ok().filter(|&n| n <= MAX_SCALE)?;
        let digits = format!("{int}{frac}").parse::<u128>().ok()?;
        if digits > u128::from(u64::MAX) {
            return None;
        }
        Some(Decimal { digits, scale })
    }

    pub fn whole(n: u64) -> Decimal {
        Decimal {
            digits: u128::from(n),
            scale: 0,
        }
    }

    pub fn is_zero(&self) -> bool {
        self.digits == 0
    }

    /// `self` and `other` over a common power of ten.
    fn aligned(&self, other: &Decimal) -> (u128, u128) {
        let scale = self.scale.max(other.scale);
        let up = |d: &Decimal| d.digits * 10u128.pow(scale - d.scale);
        (up(self), up(other))
    }

    /// How many `unit`s make this amount, if it is a whole number of them.
    pub fn in_units(&self, unit: &Decimal) -> Option<Chips> {
        self.whole_units(unit).and_then(|n| Chips::try_from(n).ok())
    }

    /// [`Decimal::in_units`] before it is narrowed to `Chips`, so that "too
    /// many" and "not whole" can be told apart.
    fn whole_units(&self, unit: &Decimal) -> Option<u128> {
        let (a, u) = self.aligned(unit);
        if u == 0 || a % u != 0 {
            return None;
        }
        Some(a / u)
    }

    /// This amount in units, or why it cannot be one.
    pub(crate) fn units(&self, unit: &Decimal) -> Result<Chips, Units> {
        if self.over_ceiling() {
            return Err(Units::OverCeiling);
        }
        match self.whole_units(unit) {
            None => Err(Units::NotWhole),
            Some(n) if n > u128::from(MAX_AMOUNT_UNITS) => Err(Units::TooMany),
            Some(n) => Chips::try_from(n).map_err(|_| Units::TooMany),
        }
    }

    /// Over [`MAX_AMOUNT_UNITS`] in the currency: refused whatever the unit.
    pub(crate) fn over_ceiling(&self) -> bool {
        self.digits > u128::from(MAX_AMOUNT_UNITS) * 10u128.pow(self.scale)
    }

    /// How many of this unit make one of the currency (100 for "0.01"),
    /// when a whole number of them does and the unit is under one.
    pub(crate) fn per_one(&self) -> Option<u64> {
        let one = 10u128.checked_pow(self.scale)?;
        (self.digits > 0 && self.digits < one && one % self.digits == 0)
            .then(|| u64::try_from(one / self.digits).ok())
            .flatten()
    }

    /// `units` of `self` written as a decimal (for summaries).
    pub fn times(&self, units: Chips) -> String {
        self.shown(units).to_string()
    }

    /// [`Decimal::times`] as a `Display`, so that a screen can write an
    /// amount into its line without a `String` of its own.
    pub fn shown(&self, units: Chips) -> Times {
        Times {
            digits: self.digits.saturating_mul(u128::from(units)),
            scale: self.scale,
        }
    }

    /// The ratio `digits / 10^scale`, for multiples such as a 1.5× kill.
    pub fn ratio(&self) -> (u64, u64) {
        let den = 10u64.pow(self.scale);
        (u64::try_from(self.digits).unwrap_or(u64::MAX), den)
    }
}

/// An amount as [`Decimal::times`] writes it: no trailing zeros in the
/// fraction, but never a single fraction digit (`2.50`, not `2.5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Times {
    digits: u128,
    scale: u32,
}

impl fmt::Display for Times {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_some() || f.precision().is_some() {
            // Padding needs the whole text first.
            return f.pad(&self.in_full());
        }
        self.write_to(f)
    }
}

impl Times {
    /// The text into `out`, digit by digit from a stack buffer: a screen
    /// writes several amounts a frame, and `write!` of a u128 through a
    /// formatter was most of the cost of each.
    pub fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        // The fraction in a u64: below 10^19. No scale past MAX_SCALE is
        // ever parsed, nor an amount past u64 units of a u64 unit.
        let one = 10u64.checked_pow(self.scale).map(u128::from);
        let (Some(one), Ok(int)) = (one, u64::try_from(self.digits / one.unwrap_or(1))) else {
            return out.write_str(&self.in_full());
        };
        let mut frac = u64::try_from(self.digits % one).unwrap_or(0);
        let mut places = self.scale as usize;
        while places > 0 && frac % 10 == 0 {
            frac /= 10;
            places -= 1;
        }
        // Right to left: a lone fraction digit's 0, the fraction, the
        // point, the whole part (20 + 1 + 19 + 1 bytes at most).
        let mut buf = [b'0'; 48];
        let mut at = buf.len();
        let mut put = |b: u8| {
            at = at.saturating_sub(1);
            if let Some(slot) = buf.get_mut(at) {
                *slot = b;
            }
        };
        if places == 1 {
            put(b'0');
        }
        for _ in 0..places {
            put(b'0' + (frac % 10) as u8);
            frac /= 10;
        }
        if places > 0 {
            put(b'.');
        }
        let mut int = int;
        loop {
            put(b'0' + (int % 10) as u8);
            int /= 10;
            if int == 0 {
                break;
            }
        }
        let text = buf.get(at..).unwrap_or(&[]);
        out.write_str(std::str::from_utf8(text).unwrap_or(""))
    }

    /// How many bytes [`Times::write_to`] writes, worked out without
    /// writing them: the settle-up text counts which players fit first.
    pub fn len(&self) -> usize {
        let one = 10u64.checked_pow(self.scale).map(u128::from);
        let (Some(one), Ok(int)) = (one, u64::try_from(self.digits / one.unwrap_or(1))) else {
            return self.in_full().len();
        };
        let mut frac = u64::try_from(self.digits % one).unwrap_or(0);
        let mut places = self.scale as usize;
        while places > 0 && frac % 10 == 0 {
            frac /= 10;
            places -= 1;
        }
        let whole = int.checked_ilog10().map_or(1, |d| d as usize + 1);
        match places {
            0 => whole,
            1 => whole + 3,
            _ => whole + 1 + places,
        }
    }

    /// Never: there is always at least one digit.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The same text through a `String`, for any scale.
    /// The amount in at most five characters where it is 1000 or more:
    /// "1.2k", "12.3k", "123k", "1.2M". Cut, never rounded up, so a
    /// shortened pot never reads as more than it holds; for a line that
    /// does not fit otherwise.
    pub fn compact(&self) -> Compact {
        Compact(*self)
    }

    fn in_full(&self) -> String {
        let s = format!("{:0>width$}", self.digits, width = self.scale as usize + 1);
        let (int, frac) = s.split_at(s.len() - self.scale as usize);
        let frac = frac.trim_end_matches('0');
        if frac.is_empty() {
            int.to_string()
        } else if frac.len() == 1 {
            format!("{int}.{frac}0")
        } else {
            format!("{int}.{frac}")
        }
    }
}

/// Why an amount is not a count of units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Units {
    NotWhole,
    /// Over [`MAX_AMOUNT_UNITS`] units of the house's unit.
    TooMany,
    /// Over [`MAX_AMOUNT_UNITS`] in the currency, whatever the unit.
    OverCeiling,
}

/// The ceiling in the currency as every message says it: the figure in
/// full, as the file would write it, and in words, since thirteen digits
/// are not read at a glance.
pub(crate) fn the_most() -> String {
    format!("the most any amount may be: {MAX_AMOUNT_UNITS} (a million million)")
}

/// [`Times::compact`].
#[derive(Debug, Clone, Copy)]
pub struct Compact(Times);

impl fmt::Display for Compact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let one = 10u128.checked_pow(self.0.scale).unwrap_or(u128::MAX);
        let int = self.0.digits / one;
        if int < 1000 {
            return self.0.write_to(f);
        }
        let (mut unit, mut suffix) = (1000u128, 'k');
        for next in ['M', 'B', 'T'] {
            if int / unit < 1000 {
                break;
            }
            unit = unit.saturating_mul(1000);
            suffix = next;
        }
        let whole = int / unit;
        let tenth = int % unit * 10 / unit;
        if whole < 100 && tenth > 0 {
            write!(f, "{whole}.{tenth}{suffix}")
        } else {
            write!(f, "{whole}{suffix}")
        }
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = format!("{:0>width$}", self.digits, width = self.scale as usize + 1);
        let (int, frac) = s.split_at(s.len() - self.scale as usize);
        if frac.is_empty() {
            write!(f, "{int}")
        } else {
            write!(f, "{int}.{frac}")
        }
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(DecimalVisitor)
    }
}

struct DecimalVisitor;

const EXPECTED: &str = "an amount: a whole number (40) or a decimal string (\"0.25\")";

impl Visitor<'_> for DecimalVisitor {
    type Value = Decimal;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTED)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Decimal, E> {
        u64::try_from(v)
            .map(Decimal::whole)
            .map_err(|_| E::custom(format!("amount {v} is negative")))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Decimal, E> {
        Ok(Decimal::whole(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Decimal, E> {
        Err(E::custom(format!(
            "amount {v} is a float; write it as a string, e.g. \"{v}\", so it stays exact"
        )))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Decimal, E> {
        Decimal::parse(v).ok_or_else(|| {
            E::custom(format!(
                "\"{v}\" is not an amount; expected a decimal such as \"0.25\" or \"40\" (at most {MAX_SCALE} decimals)"
            ))
        })
    }
}

/// The schema's amount string: what [`Decimal::parse`] reads (no spaces
/// around it), more than 0 and not over [`the_most`].
pub(crate) const AMOUNT_PATTERN: &str = "^(?:0*(?:[1-9][0-9]{0,11}(?:\\.[0-9]{1,6})?|1000000000000(?:\\.0{1,6})?)|0+\\.(?:[1-9][0-9]{0,5}|0[1-9][0-9]{0,4}|00[1-9][0-9]{0,3}|000[1-9][0-9]{0,2}|0000[1-9][0-9]?|00000[1-9]))$";

impl JsonSchema for Decimal {
    fn schema_name() -> Cow<'static, str> {
        "Amount".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": format!(
                "Money in the house currency, more than 0 and at most {MAX_AMOUNT_UNITS} (a million million): a whole number (40) or an exact decimal string (\"0.25\", at most {MAX_SCALE} decimals). Floats are refused."
            ),
            "oneOf": [
                { "type": "integer", "minimum": 1, "maximum": MAX_AMOUNT_UNITS },
                // No lookahead (editors' regex engines differ). Any leading
                // zeros, then: 1 to 12 digits from a non-zero one, with a
                // fraction or not; the ceiling itself, with only zeros
                // after its point; or 0 with a fraction that is not all
                // zeros (one of its six places is the first non-zero).
                { "type": "string", "pattern": AMOUNT_PATTERN }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_amounts_are_cut_never_rounded_up() {
        let cents = Decimal::parse("0.01").unwrap();
        let one = Decimal::whole(1);
        let c = |d: &Decimal, units: Chips| d.shown(units).compact().to_string();
        assert_eq!(c(&one, 999), "999");
        assert_eq!(c(&cents, 99_950), "999.50");
        assert_eq!(c(&one, 1000), "1k");
        assert_eq!(c(&one, 1299), "1.2k");
        assert_eq!(c(&one, 12_399), "12.3k");
        assert_eq!(c(&one, 123_999), "123k");
        assert_eq!(c(&one, 999_999), "999k");
        assert_eq!(c(&one, 1_250_000), "1.2M");
        assert_eq!(c(&cents, 123_456_789), "1.2M");
        assert_eq!(c(&one, 7_000_000_000), "7B");
        assert_eq!(c(&one, u64::MAX), "18446744T");
    }

    #[test]
    fn parses_exactly() {
        let unit = Decimal::parse("0.05").unwrap();
        assert_eq!(Decimal::parse("0.25").unwrap().in_units(&unit), Some(5));
        assert_eq!(Decimal::parse("2.50").unwrap().in_units(&unit), Some(50));
        assert_eq!(Decimal::whole(20).in_units(&unit), Some(400));
        assert_eq!(Decimal::parse("0.07").unwrap().in_units(&unit), None);
        assert_eq!(unit.times(5), "0.25");
        assert_eq!(unit.times(40), "2");
        assert_eq!(unit.times(50), "2.50");
        for bad in [
            "",
            ".5",
            "1.",
            "-1",
            "1e3",
            "0.1234567",
            "1,5",
            "99999999999999999999999",
        ] {
            assert_eq!(Decimal::parse(bad), None, "{bad}");
        }
    }

    /// The written amount is the one the `String` way wrote, at every scale
    /// and for amounts with and without trailing zeros, padded or not.
    #[test]
    fn shown_is_written_in_full() {
        for unit in [
            "1", "0.5", "0.25", "0.05", "0.001", "0.000125", "7", "1.000001",
        ] {
            let unit = Decimal::parse(unit).unwrap();
            for units in [
                0,
                1,
                2,
                3,
                4,
                5,
                9,
                10,
                40,
                50,
                99,
                100,
                101,
                1234,
                99_999,
                u64::MAX,
            ] {
                let t = unit.shown(units);
                assert_eq!(t.to_string(), t.in_full(), "{unit} x {units}");
                assert_eq!(t.len(), t.in_full().len(), "{unit} x {units}");
                assert_eq!(format!("{t:>12}"), format!("{:>12}", t.in_full()));
            }
        }
        for (digits, scale) in [
            (12_300, 40),
            (u128::MAX, 0),
            (u128::MAX, 19),
            (u128::MAX, 20),
            (u128::from(u64::MAX) * 1000, 3),
        ] {
            let t = Times { digits, scale };
            assert_eq!(t.to_string(), t.in_full(), "{digits} {scale}");
            assert_eq!(t.len(), t.in_full().len(), "{digits} {scale}");
        }
    }
}
