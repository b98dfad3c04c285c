//! The ledger exports in the state directory, rewritten as the night goes:
//! `ledger/<night>.csv` and this night's line of `ledger/nights.csv`. Each
//! file is replaced whole (temporary file, fsync, rename), so a power cut
//! leaves the old file or the new one, never half of either.

use std::io;
use std::path::Path;

use super::csv::{first_field, ledger_csv, night_row, NIGHTS_HEADER};
use crate::journal::phh_writer::write_text;
use crate::table::Table;

/// Writes the night's ledger CSV and its line in `nights.csv`, keeping the
/// other nights' lines in their order (this night's goes last the first
/// time, then stays where it is). `night_id` names the file, so it must be
/// a plain name: no `/`, not empty, not starting with a dot.
pub fn write_exports(state_dir: &Path, night_id: &str, table: &Table) -> io::Result<()> {
    if night_id.is_empty()
        || night_id.starts_with('.')
        || night_id.contains(['/', '\\', '\0', '\n', '\r'])
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{night_id:?} is not a night id that can name a file"),
        ));
    }
    let dir = state_dir.join("ledger");
    std::fs::create_dir_all(&dir)?;
    write_text(&dir.join(format!("{night_id}.csv")), &ledger_csv(table))?;

    let nights = dir.join("nights.csv");
    let old = match std::fs::read_to_string(&nights) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    write_text(
        &nights,
        &replace_line(&old, night_id, &night_row(night_id, table)),
    )
}

/// `nights.csv` with the line of `night_id` replaced by `row` (or added).
/// The header is always this version's; other lines are kept as they are.
fn replace_line(old: &str, night_id: &str, row: &str) -> String {
    let mut out = format!("{NIGHTS_HEADER}\n");
    let mut placed = false;
    for line in old.lines().skip(1).filter(|l| !l.is_empty()) {
        if first_field(line) == night_id {
            if !placed {
                out.push_str(row);
                placed = true;
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    if !placed {
        out.push_str(row);
    }
    out
}

/// A night's id for file names: the time it began when the journal says
/// (`2026-11-23T22:58:30Z` gives `2026-11-23T22-58-30Z`, colons being
/// refused by the FAT of a USB stick), else the journal's file stem, the
/// first 8 digits of its rules hash and the night's number
/// ([`crate::journal::Header::night`]: `journal-1a2b3c4d-n7`), so that
/// nights on a Pi whose clock is not set yet keep a file each. A journal
/// from before night numbers has none (`journal-1a2b3c4d`).
///
/// `box_id` ([`crate::journal::Header::box_id`]) comes before the number
/// where the night has one (`journal-7f3a9c01-1a2b3c4d-n7`): night numbers
/// count on one box's disk, so two boxes' first nights would otherwise
/// share a name (issue 35).
pub fn night_id(
    started: Option<&str>,
    number: Option<u64>,
    box_id: Option<&str>,
    journal_file: &Path,
    rules_fnv64: &str,
) -> String {
    let safe = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .trim_start_matches('.')
            .to_string()
    };
    if let Some(started) = started.map(safe).filter(|s| !s.is_empty()) {
        return started;
    }
    let stem = journal_file
        .file_stem()
        .map(|s| safe(&s.to_string_lossy()))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "night".into());
    let hash: String = safe(rules_fnv64).chars().take(8).collect();
    let stem = match box_id.map(safe).filter(|b| !b.is_empty()) {
        Some(b) => format!("{stem}-{b}"),
        None => stem,
    };
    match number {
        Some(n) => format!("{stem}-{hash}-n{n}"),
        None => format!("{stem}-{hash}"),
    }
}

/// The number for a new night ([`crate::journal::Header::night`]): one
/// more than the highest `-n<number>` among the nights the state
/// directory `state_dir` has exported, in `ledger/nights.csv` or as a
/// `ledger/*.csv` file (either may have been deleted by hand), and 1 when
/// there are none. Counting what is on the disk, not the clock, keeps two
/// nights apart when the clock is unset.
pub fn next_night_number(state_dir: &Path) -> u64 {
    let dir = state_dir.join("ledger");
    let number = |id: &str| -> Option<u64> {
        let (_, n) = id.rsplit_once("-n")?;
        n.parse().ok()
    };
    let mut highest = 0u64;
    if let Ok(text) = std::fs::read_to_string(dir.join("nights.csv")) {
        for line in text.lines().skip(1) {
            highest = highest.max(number(&first_field(line)).unwrap_or(0));
        }
    }
    if let Ok(files) = std::fs::read_dir(&dir) {
        for f in files.flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            if let Some(id) = name.strip_suffix(".csv") {
                highest = highest.max(number(id).unwrap_or(0));
            }
        }
    }
    highest.saturating_add(1)
}

/// This box's id, from the file `box-id` in the state directory: made
/// once, on a new box's first night, from the kernel's random bytes, so
/// that every box's nights and hand histories name their box. `None` when
/// the file can neither be read nor made (a read-only disk): the names
/// are then as before.
pub fn box_id(state_dir: &Path) -> Option<String> {
    let path = state_dir.join("box-id");
    let valid =
        |s: &str| !s.is_empty() && s.len() <= 32 && s.bytes().all(|b| b.is_ascii_alphanumeric());
    if let Ok(text) = std::fs::read_to_string(&path) {
        let id = text.trim();
        if valid(id) {
            return Some(id.to_string());
        }
    }
    let mut bytes = [0u8; 4];
    {
        use std::io::Read as _;
        std::fs::File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut bytes))
            .ok()?;
    }
    let id: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::create_dir_all(state_dir).ok()?;
    crate::journal::phh_writer::write_text(&path, &format!("{id}\n")).ok()?;
    Some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nights_line_is_replaced_in_place_and_others_kept() {
        let old = format!("{NIGHTS_HEADER}\na,1\nb,2\nc,3\n");
        assert_eq!(
            replace_line(&old, "b", "b,9\n"),
            format!("{NIGHTS_HEADER}\na,1\nb,9\nc,3\n")
        );
        assert_eq!(
            replace_line(&old, "d", "d,4\n"),
            format!("{NIGHTS_HEADER}\na,1\nb,2\nc,3\nd,4\n")
        );
        assert_eq!(
            replace_line("", "a", "a,1\n"),
            format!("{NIGHTS_HEADER}\na,1\n")
        );
    }

    #[test]
    fn night_ids_are_plain_file_names() {
        let j = Path::new("/var/lib/dealerd/journal.jsonl");
        assert_eq!(
            night_id(Some("2026-11-23T22:58:30Z"), Some(3), None, j, "ffff"),
            "2026-11-23T22-58-30Z"
        );
        assert_eq!(
            night_id(None, None, None, j, "1a2b3c4d5e6f7a8b"),
            "journal-1a2b3c4d"
        );
        assert_eq!(
            night_id(None, Some(7), None, j, "1a2b3c4d5e6f7a8b"),
            "journal-1a2b3c4d-n7"
        );
        // Issue 35: two boxes' seventh nights are apart.
        assert_eq!(
            night_id(None, Some(7), Some("7f3a9c01"), j, "1a2b3c4d5e6f7a8b"),
            "journal-7f3a9c01-1a2b3c4d-n7"
        );
        assert_eq!(night_id(Some("../x"), None, None, j, "ab"), "-x");
        assert_eq!(
            night_id(Some(""), None, None, Path::new("/"), "ab"),
            "night-ab"
        );
    }

    #[test]
    fn night_numbers_count_the_nights_on_the_disk_not_the_clock() {
        let dir = std::env::temp_dir().join(format!("dealerd-nn-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(next_night_number(&dir), 1, "no ledger directory yet");
        std::fs::create_dir_all(dir.join("ledger")).expect("mkdir");
        let nights = format!("{NIGHTS_HEADER}\njournal-ab-n2,H\n2026-11-23T22-58-30Z,H\n");
        std::fs::write(dir.join("ledger/nights.csv"), nights).expect("write");
        assert_eq!(next_night_number(&dir), 3);
        // A night's CSV whose line was deleted from nights.csv still counts.
        std::fs::write(dir.join("ledger/journal-ab-n5.csv"), "").expect("write");
        assert_eq!(next_night_number(&dir), 6);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
