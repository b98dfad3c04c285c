//! Unix seconds as a UTC calendar date and time of day, for the journal's
//! stamps and PHH's `year`, `month`, `day` and `time`: the engine has no
//! clock and the crate no date library, and this is all they need.

/// (year, month 1–12, day 1–31) of the day `days` after 1970-01-01.
///
/// Howard Hinnant's `civil_from_days`: eras of 400 years (146,097 days)
/// starting on 1 March, so the leap day is the last day of its year.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], from March
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    // Both are in range by construction: 1..=31 and 1..=12.
    (year, month as u32, day as u32)
}

/// The UTC date and `HH:MM:SS` of a unix time.
pub fn utc(seconds: u64) -> ((i64, u32, u32), (u32, u32, u32)) {
    let days = (seconds / 86_400) as i64;
    let secs = (seconds % 86_400) as u32;
    (
        civil_from_days(days),
        (secs / 3600, secs % 3600 / 60, secs % 60),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        // 2000 was a leap year (divisible by 400), 1900 and 2100 are not.
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
        assert_eq!(civil_from_days(47_540), (2100, 2, 28));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        assert_eq!(civil_from_days(-25_508), (1900, 3, 1));
        // `date -u -d @1700000000`: Tue Nov 14 22:13:20 UTC 2023.
        assert_eq!(utc(1_700_000_000), ((2023, 11, 14), (22, 13, 20)));
        // The 32-bit rollover: 2038-01-19 03:14:08.
        assert_eq!(utc(1 << 31), ((2038, 1, 19), (3, 14, 8)));
        assert_eq!(utc(86_399), ((1970, 1, 1), (23, 59, 59)));
    }

    #[test]
    fn every_day_follows_the_one_before() {
        // Four centuries from 1900: each day is the next day of the last.
        let mut last = civil_from_days(-25_567);
        assert_eq!(last, (1900, 1, 1));
        for d in -25_566..(-25_567 + 146_097) {
            let (y, m, day) = civil_from_days(d);
            let next_day = (last.0, last.1, last.2 + 1);
            let next_month = (last.0, last.1 + 1, 1);
            let next_year = (last.0 + 1, 1, 1);
            assert!(
                [next_day, next_month, next_year].contains(&(y, m, day)),
                "{last:?} then {:?}",
                (y, m, day)
            );
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            let len = [
                31,
                if leap { 29 } else { 28 },
                31,
                30,
                31,
                30,
                31,
                31,
                30,
                31,
                30,
                31,
            ];
            assert!(day <= len[m as usize - 1]);
            last = (y, m, day);
        }
        assert_eq!(last, (2299, 12, 31));
    }
}
