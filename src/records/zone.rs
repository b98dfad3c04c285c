//! The machine's time zone for the report's times: a TZif file (what
//! `/etc/localtime` and `/usr/share/zoneinfo/*` hold) read from bytes the
//! shell passes in, so this stays pure. Only what a time stamp needs: the
//! offset from UTC at an instant and its name ("CET", "+0530").

/// A time zone: its transitions, and the rule for instants after the last
/// (the file's POSIX footer).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Zone {
    /// (UTC instant it starts, offset east of UTC in seconds, name).
    transitions: Vec<(i64, i32, String)>,
    /// Before the first transition.
    initial: (i32, String),
    /// After the last transition.
    rule: Option<Rule>,
}

/// A POSIX TZ rule: standard time, and summer time between two dates.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    std: (i32, String),
    dst: Option<((i32, String), Change, Change)>,
}

/// `Mm.w.d/time`: day d (0 Sunday) of week w (5: the last) of month m,
/// at `time` seconds of local time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Change {
    month: u32,
    week: u32,
    weekday: u32,
    time: i64,
}

impl Zone {
    /// UTC.
    pub fn utc() -> Zone {
        Zone {
            initial: (0, "UTC".into()),
            ..Zone::default()
        }
    }

    /// A zone from a TZif file's bytes; `None` when they are not one.
    pub fn from_tzif(bytes: &[u8]) -> Option<Zone> {
        let (v1, version) = block(bytes, 4)?;
        let (data, size) = match version {
            // Version 2 and on repeat the data with 64-bit times after the
            // first block, then a POSIX rule for what comes after.
            b'2'..=b'9' => {
                let rest = bytes.get(v1..)?;
                let (len, _) = block(rest, 8)?;
                (rest.get(..len)?, 8)
            }
            _ => (bytes, 4),
        };
        let mut zone = parse_block(data, size)?;
        if size == 8 {
            let footer = bytes.get(v1 + data.len()..)?;
            let text = std::str::from_utf8(footer).ok()?;
            zone.rule = text.trim_matches('\n').lines().next().and_then(parse_rule);
        }
        Some(zone)
    }

    /// The offset east of UTC, in seconds, at `unix` and its name.
    pub fn at(&self, unix: i64) -> (i32, &str) {
        let i = self.transitions.iter().rposition(|(t, _, _)| *t <= unix);
        let last = i.map_or(self.transitions.is_empty(), |i| {
            i + 1 == self.transitions.len()
        });
        if let Some(rule) = self.rule.as_ref().filter(|_| last) {
            return rule.at(unix);
        }
        match i.and_then(|i| self.transitions.get(i)) {
            Some((_, off, name)) => (*off, name),
            None => (self.initial.0, &self.initial.1),
        }
    }

    /// `2026-11-23 23:58:30 +01:00 (CET)`: an RFC 3339 UTC stamp as the
    /// clock on the wall read it; the stamp as it is when it is not one.
    pub fn local(&self, rfc3339_utc: &str) -> String {
        let Some(unix) = parse_utc(rfc3339_utc) else {
            return rfc3339_utc.to_string();
        };
        let (off, name) = self.at(unix);
        let (y, mo, d, h, mi, s) = civil(unix + i64::from(off));
        let sign = if off < 0 { '-' } else { '+' };
        let a = off.unsigned_abs();
        let zone = format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60);
        let name = if name.is_empty() || name.starts_with(['+', '-']) {
            String::new()
        } else {
            format!(" ({name})")
        };
        format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} {zone}{name}")
    }
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 4)?;
    Some(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
}

/// The length of the header and data block at the start of `b` with
/// `size`-byte times, and the version byte.
fn block(b: &[u8], size: usize) -> Option<(usize, u8)> {
    if b.get(..4)? != b"TZif" {
        return None;
    }
    let n = |i: usize| be32(b, 20 + 4 * i).map(|v| v as usize);
    let (isut, isstd, leap, time, types, chars) = (n(0)?, n(1)?, n(2)?, n(3)?, n(4)?, n(5)?);
    let len = 44 + time * size + time + types * 6 + chars + leap * (size + 4) + isstd + isut;
    (len <= b.len()).then_some((len, b[4]))
}

fn parse_block(b: &[u8], size: usize) -> Option<Zone> {
    let n = |i: usize| be32(b, 20 + 4 * i).map(|v| v as usize);
    let (time, types, chars) = (n(3)?, n(4)?, n(5)?);
    let times = 44;
    let idx = times + time * size;
    let info = idx + time;
    let names = info + types * 6;
    let ttinfo = |i: usize| -> Option<(i32, String)> {
        let at = info + 6 * i;
        let off = be32(b, at)? as i32;
        let name_at = names + *b.get(at + 5)? as usize;
        let raw = b.get(name_at..names + chars)?;
        let end = raw.iter().position(|&c| c == 0).unwrap_or(raw.len());
        Some((off, String::from_utf8_lossy(&raw[..end]).into_owned()))
    };
    let mut transitions = Vec::with_capacity(time);
    for i in 0..time {
        let t = if size == 8 {
            let s = b.get(times + 8 * i..times + 8 * i + 8)?;
            i64::from_be_bytes([s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]])
        } else {
            i64::from(be32(b, times + 4 * i)? as i32)
        };
        let (off, name) = ttinfo(*b.get(idx + i)? as usize)?;
        transitions.push((t, off, name));
    }
    Some(Zone {
        transitions,
        initial: ttinfo(0)?,
        rule: None,
    })
}

/// `CET-1CEST,M3.5.0,M10.5.0/3`, `<+0530>-5:30`, `UTC0`.
fn parse_rule(s: &str) -> Option<Rule> {
    let mut rest = s;
    let std_name = name(&mut rest)?;
    let std_off = -offset(&mut rest)?;
    let std = (std_off, std_name);
    if rest.is_empty() {
        return Some(Rule { std, dst: None });
    }
    let dst_name = name(&mut rest)?;
    let dst_off = if rest.starts_with(',') {
        std_off + 3600
    } else {
        -offset(&mut rest)?
    };
    let mut parts = rest.strip_prefix(',')?.split(',');
    let start = change(parts.next()?)?;
    let end = change(parts.next()?)?;
    Some(Rule {
        std,
        dst: Some(((dst_off, dst_name), start, end)),
    })
}

fn name(rest: &mut &str) -> Option<String> {
    if let Some(r) = rest.strip_prefix('<') {
        let end = r.find('>')?;
        let out = r[..end].to_string();
        *rest = &r[end + 1..];
        return Some(out);
    }
    let end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let out = rest[..end].to_string();
    *rest = &rest[end..];
    (!out.is_empty()).then_some(out)
}

/// `[+-]hh[:mm[:ss]]`, in seconds.
fn offset(rest: &mut &str) -> Option<i32> {
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '+' | '-' | ':')))
        .unwrap_or(rest.len());
    let text = &rest[..end];
    *rest = &rest[end..];
    let (sign, digits) = match text.strip_prefix('-') {
        Some(d) => (-1, d),
        None => (1, text.trim_start_matches('+')),
    };
    let mut secs = 0i32;
    let mut unit = 3600;
    for part in digits.split(':') {
        secs += part.parse::<i32>().ok()? * unit;
        unit /= 60;
    }
    Some(sign * secs)
}

fn change(s: &str) -> Option<Change> {
    let (date, time) = match s.split_once('/') {
        Some((d, t)) => (d, i64::from(offset(&mut &*t)?)),
        None => (s, 7200),
    };
    let mut f = date.strip_prefix('M')?.split('.');
    let mut next = || f.next()?.parse::<u32>().ok();
    Some(Change {
        month: next()?,
        week: next()?,
        weekday: next()?,
        time,
    })
}

impl Rule {
    fn at(&self, unix: i64) -> (i32, &str) {
        let std = (self.std.0, self.std.1.as_str());
        let Some(((dst_off, dst_name), start, end)) = &self.dst else {
            return std;
        };
        let (year, ..) = civil(unix + i64::from(self.std.0));
        // The changes in UTC: the start in standard time, the end in summer.
        let on = start.local(year) - i64::from(self.std.0);
        let off = end.local(year) - i64::from(*dst_off);
        let summer = if on < off {
            unix >= on && unix < off
        } else {
            // Southern hemisphere: summer spans the new year.
            unix >= on || unix < off
        };
        if summer {
            (*dst_off, dst_name.as_str())
        } else {
            std
        }
    }
}

impl Change {
    /// The change in `year`, in seconds of local time since 1970.
    fn local(&self, year: i64) -> i64 {
        let first = days_from_civil(year, self.month, 1);
        // 1970-01-01 was a Thursday (4).
        let wd = (first + 4).rem_euclid(7) as u32;
        let mut day = 1 + (self.weekday + 7 - wd) % 7 + 7 * (self.week.max(1) - 1);
        let in_month = days_in_month(year, self.month);
        while day > in_month {
            day -= 7;
        }
        (first + i64::from(day) - 1) * 86_400 + self.time
    }
}

fn leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// (year, month, day, hour, minute, second) of seconds since 1970.
fn civil(t: i64) -> (i64, u32, u32, u32, u32, u32) {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400) as u32;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d, secs / 3600, secs / 60 % 60, secs % 60)
}

/// Seconds since 1970 of `2026-11-23T22:58:30Z`.
fn parse_utc(s: &str) -> Option<i64> {
    let s = s.strip_suffix('Z')?;
    let (date, time) = s.split_once('T')?;
    let mut d = date.split('-').map(|p| p.parse::<i64>().ok());
    let (y, mo, da) = (d.next()??, d.next()??, d.next()??);
    let mut t = time.split(':').map(|p| p.parse::<i64>().ok());
    let (h, mi, se) = (t.next()??, t.next()??, t.next()??);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&da) || h > 23 || mi > 59 || se > 60 {
        return None;
    }
    Some(days_from_civil(y, mo as u32, da as u32) * 86_400 + h * 3600 + mi * 60 + se)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A v2 TZif file of one transition into CET, then the EU rule.
    fn paris() -> Vec<u8> {
        let mut b = Vec::new();
        let header = |b: &mut Vec<u8>, time: u32, types: u32, chars: u32| {
            b.extend_from_slice(b"TZif2");
            b.extend_from_slice(&[0; 15]);
            for n in [0, 0, 0, time, types, chars] {
                b.extend_from_slice(&u32::to_be_bytes(n));
            }
        };
        let names = b"LMT\0CET\0";
        // v1 block: no transitions, one type.
        header(&mut b, 0, 1, 4);
        b.extend_from_slice(&561i32.to_be_bytes());
        b.extend_from_slice(&[0, 0]);
        b.extend_from_slice(b"LMT\0");
        // v2 block: CET from 1911-03-11.
        header(&mut b, 1, 2, names.len() as u32);
        b.extend_from_slice(&(-1_855_958_901i64).to_be_bytes());
        b.push(1);
        b.extend_from_slice(&561i32.to_be_bytes());
        b.extend_from_slice(&[0, 0]);
        b.extend_from_slice(&3600i32.to_be_bytes());
        b.extend_from_slice(&[0, 4]);
        b.extend_from_slice(names);
        b.extend_from_slice(b"\nCET-1CEST,M3.5.0,M10.5.0/3\n");
        b
    }

    #[test]
    fn summer_and_winter_follow_the_rule() {
        let z = Zone::from_tzif(&paris()).expect("a zone");
        assert_eq!(
            z.local("2026-11-23T22:58:30Z"),
            "2026-11-23 23:58:30 +01:00 (CET)"
        );
        assert_eq!(
            z.local("2026-07-01T12:00:00Z"),
            "2026-07-01 14:00:00 +02:00 (CEST)"
        );
        // The last Sunday of March 2026 is the 29th: 01:00 UTC.
        assert_eq!(z.at(1_774_745_999).0, 3600);
        assert_eq!(z.at(1_774_746_000).0, 7200);
        // The last Sunday of October 2026 is the 25th: 01:00 UTC.
        assert_eq!(z.at(1_792_889_999).0, 7200);
        assert_eq!(z.at(1_792_890_000).0, 3600);
        assert_eq!(z.at(-2_000_000_000), (561, "LMT"));
    }

    #[test]
    fn utc_and_fixed_offsets() {
        assert_eq!(
            Zone::utc().local("2026-11-23T22:58:30Z"),
            "2026-11-23 22:58:30 +00:00 (UTC)"
        );
        let india = Rule {
            std: (19_800, "+0530".into()),
            dst: None,
        };
        assert_eq!(parse_rule("<+0530>-5:30"), Some(india));
        assert_eq!(parse_rule("EST5").map(|r| r.std.0), Some(-18_000));
        assert_eq!(Zone::utc().local("not a time"), "not a time");
        assert!(Zone::from_tzif(b"nope").is_none());
        assert!(Zone::from_tzif(&paris()[..50]).is_none());
    }

    #[test]
    fn the_southern_summer_spans_the_new_year() {
        let r = parse_rule("AEST-10AEDT,M10.1.0,M4.1.0/3").expect("Sydney");
        assert_eq!(r.at(1_798_761_600).0, 39_600, "2027-01-01: summer");
        assert_eq!(r.at(1_782_864_000).0, 36_000, "2026-07-01: winter");
    }
}
