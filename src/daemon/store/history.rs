//! The hand histories (PHH) in the session folder are derived from the
//! journal: hand N's file is there exactly when hand N is over in the night
//! and PHH can say it, with the text the night gives. Live, the session says
//! which to write or remove; at a restart the replay rebuilds any that differ.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::SessionError;
use crate::daemon::session::{hand_over, history_text, DealtTimes, HistoryNames, Level, Notice};
use crate::journal::{self, phh_writer, Journal, JournalError, Reader};
use crate::rules::HouseRules;
use crate::table::{Night, Replay, UNDO_HANDS};

fn history_path(dir: &Path, hand: u64) -> PathBuf {
    dir.join(format!("hand-{hand:04}.phh"))
}

/// The hand number of a history file's name.
fn history_number(name: &str) -> Option<u64> {
    name.strip_prefix("hand-")?
        .strip_suffix(".phh")?
        .parse()
        .ok()
}

/// Hand `hand`'s end was undone: its file goes.
pub fn remove(dir: &Path, hand: u64) -> Vec<Notice> {
    let path = history_path(dir, hand);
    let (level, text) = match std::fs::remove_file(&path) {
        Ok(()) => (
            Level::Info,
            format!("{}: removed, the hand's end was undone", path.display()),
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => (
            Level::Warn,
            format!("{}: cannot remove: {e}", path.display()),
        ),
    };
    vec![Notice { level, text }]
}

/// How a restart's replay checks a history against the journal.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Live: write what the hand says.
    Live,
    /// A hand undo can still reach, or the last: the file is read and
    /// compared (a crash between the journal and the history, an undone end).
    Content,
    /// A hand out of undo's reach: its file was renamed into place whole
    /// when the hand ended and nothing can change it since, so one that
    /// is there is taken as written; only a missing one is written. Reading
    /// every history of a long night from an SD card would hold up the
    /// start for seconds.
    Presence,
}

/// Makes hand `hand`'s file say `text` (or, if PHH cannot say the hand,
/// makes it absent), writing only what differs. During a restart's replay
/// only a change on disk is worth a notice.
pub fn settle(
    dir: &Path,
    hand: u64,
    text: Result<String, String>,
    check: Check,
    present: &BTreeSet<u64>,
) -> Vec<Notice> {
    let rebuilding = check != Check::Live;
    if check == Check::Presence && text.is_ok() && present.contains(&hand) {
        return Vec::new();
    }
    let path = history_path(dir, hand);
    let on_disk = match check {
        Check::Presence if !present.contains(&hand) => None,
        _ => std::fs::read_to_string(&path).ok(),
    };
    let mut notices = Vec::new();
    let mut say = |level, text| notices.push(Notice { level, text });
    match text {
        Ok(text) if on_disk.as_deref() == Some(text.as_str()) => {}
        Ok(text) => match phh_writer::write_text(&path, &text) {
            Ok(()) if rebuilding => say(
                Level::Warn,
                format!("{}: rebuilt from the journal", path.display()),
            ),
            Ok(()) => {}
            Err(e) => say(
                Level::Warn,
                format!("{}: cannot write: {e}", path.display()),
            ),
        },
        Err(_) => {
            if on_disk.is_some() {
                match std::fs::remove_file(&path) {
                    Ok(()) => say(
                        Level::Warn,
                        format!("{}: removed, PHH cannot say this hand", path.display()),
                    ),
                    Err(e) => say(
                        Level::Warn,
                        format!("{}: cannot remove: {e}", path.display()),
                    ),
                }
            }
        }
    }
    notices
}

/// The hand numbers of the histories in the folder.
fn histories_in(dir: &Path) -> BTreeSet<u64> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeSet::new();
    };
    entries
        .flatten()
        .filter_map(|e| history_number(&e.file_name().to_string_lossy()))
        .collect()
}

/// After a restart's replay: histories of hands the night has not finished
/// (an end undone, or a crash between the two writes) and half-written
/// temporary files go.
fn prune_histories(dir: &Path, night: &Night) -> Vec<Notice> {
    let (dealt, over) = hand_over(night);
    let last_over = if over { dealt } else { dealt.saturating_sub(1) };
    let mut notices = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return notices;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let stale =
            name.ends_with(".phh.tmp") || history_number(&name).is_some_and(|n| n > last_over);
        if !stale {
            continue;
        }
        let path = entry.path();
        let text = match std::fs::remove_file(&path) {
            Ok(()) => (
                Level::Warn,
                format!(
                    "{}: removed, the journal has no such hand over",
                    path.display()
                ),
            ),
            Err(e) => (
                Level::Warn,
                format!("{}: cannot remove: {e}", path.display()),
            ),
        };
        notices.push(Notice {
            level: text.0,
            text: text.1,
        });
    }
    notices
}

/// Replays a journal being opened. With a history folder the night is
/// folded record by record, as it was played, so every hand's end is there
/// to rebuild its history from; without one, the faster [`Replay`].
pub fn resume(
    path: &Path,
    rules: Arc<HouseRules>,
    mut records: Reader,
    history: Option<&Path>,
    names: &HistoryNames,
    notices: &mut Vec<Notice>,
) -> Result<(Night, Journal, DealtTimes), SessionError> {
    let located = |e| match e {
        JournalError::Replay { n, reason } => JournalError::Replay {
            n,
            reason: format!("{}: {reason}", path.display()),
        },
        e => e,
    };
    let mut dealt = DealtTimes::default();
    let night = match history {
        None => {
            let mut replay = Replay::new(rules);
            for record in records.by_ref() {
                let (n, record) = record?;
                journal::fold(&mut replay, n, record).map_err(located)?;
            }
            journal::finish(replay).map_err(located)?
        }
        Some(dir) => {
            let mut night = Night::new(rules);
            // Each hand's text as the journal ends it; settled on disk once
            // no undo can reach the hand any more, so an end undone and
            // played again later in the journal writes nothing twice.
            let mut ended: BTreeMap<u64, Result<String, String>> = BTreeMap::new();
            let present = histories_in(dir);
            let reach = UNDO_HANDS as u64 + 1;
            while let Some(record) = records.next() {
                let (n, record) = record?;
                let before = hand_over(&night);
                journal::apply(&mut night, n, record).map_err(located)?;
                let after = hand_over(&night);
                if after == before {
                    continue;
                }
                dealt.note(before, after, records.at());
                if before.1 && !after.1 && after.0 == before.0 {
                    ended.remove(&before.0);
                }
                if after.1 {
                    ended.insert(after.0, history_text(&night, &dealt, names));
                }
                while let Some(entry) = ended.first_entry() {
                    if *entry.key() + reach >= after.0 {
                        break;
                    }
                    let (hand, text) = entry.remove_entry();
                    notices.extend(settle(dir, hand, text, Check::Presence, &present));
                }
            }
            for (hand, text) in ended {
                notices.extend(settle(dir, hand, text, Check::Content, &present));
            }
            notices.extend(prune_histories(dir, &night));
            night
        }
    };
    let journal = records.finish()?;
    if let Some(warning) = journal.recovered() {
        notices.push(Notice {
            level: Level::Warn,
            text: warning.to_string(),
        });
    }
    notices.push(Notice {
        level: Level::Info,
        text: format!(
            "{}: resumed after {} records, {} hands",
            path.display(),
            journal.len(),
            night.table().hands_dealt()
        ),
    });
    Ok((night, journal, dealt))
}
