//! Wall-clock stamps in a journal. The engine has no clock: the shell reads
//! it and the journal keeps what it read, so a report or a hand history can
//! say when something happened without the fold ever depending on it.

/// A civil date and time in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Civil {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
}

impl Civil {
    /// Seconds since 1970-01-01T00:00:00Z, in UTC.
    pub fn from_unix(secs: u64) -> Civil {
        let ((year, month, day), (hour, minute, second)) = super::civil::utc(secs);
        Civil {
            year,
            month,
            day,
            hour,
            minute,
            second,
        }
    }

    /// `2026-11-23T22:58:30Z`.
    pub fn rfc3339(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// The system's clock, in unix seconds, or `None` while it reads before
/// [`EARLIEST`]: a Pi has no battery clock, and until network time sets it
/// it reads 1970. No stamp is better than one fifty years early.
pub fn now() -> Option<u64> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_secs())
        .filter(|&s| s >= EARLIEST)
}

/// Whether the system clock has been set from network time, as
/// systemd-timesyncd says (it touches `/run/systemd/timesync/synchronized`
/// on its first sync); `None` where timesyncd does not run, so nobody says.
pub fn synced() -> Option<bool> {
    synced_under(std::path::Path::new("/"))
}

/// [`synced`] with `/` at `root` (tests).
pub fn synced_under(root: &std::path::Path) -> Option<bool> {
    let dir = root.join("run/systemd/timesync");
    dir.is_dir().then(|| dir.join("synchronized").exists())
}

/// 2020-01-01: any clock before this has not been set.
pub const EARLIEST: u64 = 1_577_836_800;

#[cfg(test)]
mod tests {
    use super::Civil;

    #[test]
    fn known_dates_convert() {
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (1_577_836_800, "2020-01-01T00:00:00Z"),
            (1_795_474_710, "2026-11-23T22:58:30Z"),
            (4_107_542_399, "2100-02-28T23:59:59Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
        ];
        for (secs, text) in cases {
            assert_eq!(Civil::from_unix(secs).rfc3339(), text, "{secs}");
        }
    }
}
