//! The next night in the same state directory. The ended night's journal
//! moves, whole, to `nights/<night>/journal.jsonl` with its records beside
//! it (`hands/`, `ledger.csv`, `report.txt`), where `dealerd report` reads
//! it as it reads any journal; then a new journal starts under the same
//! rules with an empty table. Nothing is deleted: files are renamed or
//! copied, and a name already taken gets a suffix rather than a
//! replacement.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{SessionError, Stored};
use crate::daemon::session::{Level, Notice, Origin, RulesSource};
use crate::journal::Header;
use crate::records::{self, Report};

/// Where archived nights go under the state directory.
pub const NIGHTS: &str = "nights";

/// The first of `base`, `base-2`, `base-3`... that names nothing yet.
fn free(dir: &Path, base: &str) -> PathBuf {
    (1..)
        .map(|n| match n {
            1 => dir.join(base),
            n => dir.join(format!("{base}-{n}")),
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(base))
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SessionError + '_ {
    move |e| SessionError::Write {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

impl Stored {
    /// Archives the ended night and starts the next one (see the module).
    /// A failure before the journal has moved leaves the night as it was,
    /// with the reason on the screen and in the log.
    pub(super) fn new_night(&mut self, now: Duration) {
        if let Err(e) = self.archive_and_start(now) {
            let text = format!("new night not started: {e}");
            self.notices.push(Notice {
                level: Level::Error,
                text: text.clone(),
            });
            self.session.tell(text);
        }
    }

    fn archive_and_start(&mut self, now: Duration) -> Result<(), SessionError> {
        let cards = self.session.night().table().enrolled().to_vec();
        let (rules, reread) = next_rules(self.session.rules_in_force());
        let wall = self.session.wall_now();
        let storage = self.storage.clone();
        let mut archived = None;
        if let (Some(journal), Some(path)) = (self.journal.as_ref(), storage.journal.as_ref()) {
            let header = journal.header();
            let id = records::night_id(
                header.started.as_deref(),
                header.night,
                header.box_id.as_deref(),
                path,
                &header.rules_fnv64,
            );
            let state = path.parent().unwrap_or(Path::new("."));
            let nights = state.join(NIGHTS);
            std::fs::create_dir_all(&nights).map_err(io_err(&nights))?;
            let dir = free(&nights, &id);
            std::fs::create_dir(&dir).map_err(io_err(&dir))?;
            // The journal last: until it moves, the night is where it was.
            self.journal = None;
            let moved = dir.join("journal.jsonl");
            if let Err(e) = std::fs::rename(path, &moved) {
                // Take the night back, under its lock, as it stood.
                let back = Stored::open_at(&rules, &storage, wall)?;
                *self = back;
                return Err(io_err(path)(e));
            }
            archived = Some((dir, id, state.to_path_buf()));
        }
        let mut warnings: Vec<String> = reread.iter().cloned().collect();
        if let Some((dir, id, state)) = &archived {
            if let Some(hands) = storage.history.as_ref().filter(|h| h.exists()) {
                if let Err(e) = std::fs::rename(hands, dir.join("hands")) {
                    warnings.push(format!("{}: not archived: {e}", hands.display()));
                }
            }
            let csv = state.join("ledger").join(format!("{id}.csv"));
            if let Err(e) = std::fs::copy(&csv, dir.join("ledger.csv")) {
                warnings.push(format!("{}: not archived: {e}", csv.display()));
            }
            let journal = dir.join("journal.jsonl");
            match Report::from_journal(&journal) {
                Ok(report) => {
                    let out = dir.join("report.txt");
                    if let Err(e) = crate::journal::phh_writer::write_text(&out, &report.text()) {
                        warnings.push(format!("{}: not written: {e}", out.display()));
                    }
                }
                Err(e) => warnings.push(format!("report not written: {e}")),
            }
        }
        // The new night's id must not be the archived one's (a night that
        // ended within the second it began, or restarted in it): its start
        // is the first second that names no ledger yet.
        // Without a clock the night's number alone keeps the ids apart:
        // it is read once, as `Stored::open_at` will give it to the header.
        let ledger = storage.ledger.as_ref().map(|d| d.join("ledger"));
        let number = storage.ledger.as_deref().map(records::next_night_number);
        let box_id = storage.ledger.as_deref().and_then(records::box_id);
        let journal = storage
            .journal
            .clone()
            .unwrap_or_else(|| PathBuf::from("sim"));
        let taken = |at: Option<u64>| {
            let header = Header::new(&rules.name(), &rules.text).started_at(at);
            let id = records::night_id(
                header.started.as_deref(),
                number,
                box_id.as_deref(),
                &journal,
                &header.rules_fnv64,
            );
            ledger
                .as_ref()
                .is_some_and(|l| l.join(format!("{id}.csv")).exists())
        };
        let mut start = wall;
        // Only a clock's second can move on; with none, nothing to try.
        for _ in 0..600 {
            if start.is_none() || !taken(start) {
                break;
            }
            start = start.map(|s| s + 1);
        }
        let mut next = Stored::open_at(&rules, &storage, start)?;
        // The session's clock runs from the shell's start, as this one's did.
        next.session
            .set_wall_clock(start.map(|s| s.saturating_sub(now.as_secs())));
        next.session.tick(now);
        next.session.carry_cards(&cards);
        let mut notices = std::mem::take(&mut self.notices);
        notices.extend(warnings.into_iter().map(|text| Notice {
            level: Level::Warn,
            text,
        }));
        if let Some((dir, _, _)) = &archived {
            notices.push(Notice {
                level: Level::Info,
                text: format!("night archived in {}", dir.display()),
            });
        }
        notices.append(&mut next.notices);
        next.notices = notices;
        *self = next;
        self.perform(now);
        self.session.note_new_night();
        // A rules file that broke since is said on the panel too: the host
        // is at the box, not at the log.
        if let Some(why) = reread {
            self.session.tell(why);
        }
        Ok(())
    }
}

/// The rules the next night opens with: the rules file as it reads now, so
/// a house file edited since the last night's start (or its last reload)
/// takes effect with the next night, as a host expects of "the same rules
/// file". A file that no longer reads or loads leaves the rules in force,
/// with a warning saying why.
fn next_rules(in_force: RulesSource) -> (RulesSource, Option<String>) {
    let Origin::File(path) = &in_force.origin else {
        return (in_force, None);
    };
    match super::read_rules(path) {
        Ok(fresh) => match fresh.load() {
            Ok(_) => (fresh, None),
            Err(e) => (
                in_force,
                Some(format!("the new night keeps the last rules: {e}")),
            ),
        },
        Err(e) => (
            in_force,
            Some(format!("the new night keeps the last rules: {e}")),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::next_rules;
    use crate::daemon::session::RulesSource;

    #[test]
    fn the_next_night_reads_the_rules_file_again_or_keeps_the_last_rules_and_says_why() {
        let dir = std::env::temp_dir().join(format!("dealerd-next-rules-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("house.toml");
        let last = RulesSource::file(&path, crate::rules::DEFAULT_TOML);
        // Edited since: the edit is taken.
        let edited = format!("# edited\n{}", crate::rules::DEFAULT_TOML);
        std::fs::write(&path, &edited).expect("write");
        let (rules, why) = next_rules(last.clone());
        assert_eq!((rules.text.as_str(), why), (edited.as_str(), None));
        // Broken since: the last rules stay; the warning names file, line, column.
        std::fs::write(&path, "[house\n").expect("write");
        let (rules, why) = next_rules(last.clone());
        assert_eq!(rules.text, last.text);
        let why = why.expect("a warning");
        assert!(
            why.contains("keeps the last rules") && why.contains("house.toml:1:7"),
            "{why}"
        );
        // Gone: the same.
        std::fs::remove_file(&path).expect("rm");
        let (rules, why) = next_rules(last.clone());
        assert_eq!(rules.text, last.text);
        assert!(why.is_some());
        // The embedded default has no file to read.
        let (rules, why) = next_rules(RulesSource::embedded());
        assert_eq!(
            (rules.text.as_str(), why),
            (crate::rules::DEFAULT_TOML, None)
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
